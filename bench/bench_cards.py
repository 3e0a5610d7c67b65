"""Real card data: what loading it costs, that a rule lookup does not pay for it, and what naming cards
costs a scenario (issue 17: ten named cards resolve in at most 2x the time of the same cards hand-typed).

    python bench/bench_cards.py [--rounds 200]

Prints: the card data's load time (read + index; cards are parsed on demand), the compile time of the whole
pool, whether ``judge rule`` imports the card package, and per-resolution times (load the TOML, build,
play, compare) of one scenario naming ten real cards against the same scenario with every property and
ability typed by hand (written from the same data into a temporary file), each over fresh Scenario objects.
"""

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge import scenarios as sc  # noqa: E402
from judge.cards import data as cd  # noqa: E402
from judge.cards.view import toml_value  # noqa: E402

TEN = ["Snatch (red)", "Head Jab (red)", "Leg Tap (red)", "Lunging Press (blue)", "Sigil of Solace (red)",
       "Zap (red)", "Ironrot Plate", "Nullrune Hood", "Unmovable (red)", "Potion of Strength (blue)"]
ZONES = {"Ironrot Plate": "equipment", "Nullrune Hood": "equipment", "Potion of Strength (blue)": "arena",
         "Sigil of Solace (red)": "deck"}
OWNERS = {"Ironrot Plate": "bob", "Nullrune Hood": "bob", "Unmovable (red)": "bob"}

HEAD = """[scenario]
title = "Ten real cards"
question = "Snatch attacks with nine other real cards on the board; what happens?"
game = "fab"
rules = "2.10.1"

[players.alice]
hero = "Attacker"
resources = 3

[players.bob]
hero = "Defender"
resources = 3

"""
ACTIONS = """
[[actions]]
player = "alice"
play = "c0"

[[actions]]
player = "bob"
defend = ["c6"]

[[actions]]
player = "alice"
play = "c3"
at = "reaction"
target = "c0"

[expect]
hit = true
"""


def named() -> str:
    out = [HEAD]
    for i, name in enumerate(TEN):
        out.append(f'[cards.c{i}]\ncard = "{name}"\nowner = "{OWNERS.get(name, "alice")}"\n'
                   f'zone = "{ZONES.get(name, "hand")}"\n')
    return "\n".join(out) + ACTIONS


def typed() -> str:
    from judge.cards.compiler import compile_card
    from judge.cards.scenario import properties

    data = cd.load()
    out = [HEAD]
    for i, name in enumerate(TEN):
        rec = cd.find_one(data, name)
        props, _ = properties(rec, compile_card(rec, data))
        props.update(owner=OWNERS.get(name, "alice"), zone=ZONES.get(name, "hand"))
        abilities = props.pop("abilities", [])
        out.append(f"[cards.c{i}]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in props.items()))
        for ab in abilities:
            out.append(f"[[cards.c{i}.abilities]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in ab.items()))
    return "\n".join(out) + ACTIONS


def per_resolution(path: Path, rounds: int) -> float:
    t = time.perf_counter()
    for _ in range(rounds):
        s = sc.load(path)
        out = sc.play(s)
        assert out.passed, out.mismatches
    return (time.perf_counter() - t) / rounds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    args = ap.parse_args()

    code = ("import sys; from judge.__main__ import main; main(['rule', '7.5.5b']); "
            "sys.stderr.write(str('judge.cards' in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    print(f"judge rule 7.5.5b imports the card package: {r.stderr.strip()}")

    times = []
    for _ in range(20):
        t = time.perf_counter()
        cd.parse_compact(cd.EMBEDDED.read_text(encoding="utf-8"), str(cd.EMBEDDED))
        times.append(time.perf_counter() - t)
    print(f"card data load (read + index, {cd.EMBEDDED.stat().st_size:,} bytes): {min(times) * 1000:.1f} ms "
          f"(best of 20)")

    from judge.cards.compiler import compile_card

    data = cd.load()
    t = time.perf_counter()
    full = sum(compile_card(r, data).fully for r in data.records if r.text.strip())
    print(f"compile the whole pool: {time.perf_counter() - t:.2f} s ({full} cards fully compiled)")

    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp) / "named.toml", Path(tmp) / "typed.toml"
        a.write_text(named(), encoding="utf-8")
        b.write_text(typed(), encoding="utf-8")
        per_resolution(a, 3), per_resolution(b, 3)   # warm up: card data loaded, cards compiled once
        t_named = per_resolution(a, args.rounds)
        t_typed = per_resolution(b, args.rounds)
    print(f"resolve, ten named cards: {t_named * 1000:.2f} ms; hand-typed: {t_typed * 1000:.2f} ms; "
          f"ratio {t_named / t_typed:.2f} (goal <= 2)")


if __name__ == "__main__":
    main()
