"""Flesh and Blood engine throughput: scenario resolutions per second in one process (goal >= 2,000/s).

Every scenario in scenarios/fab is loaded once (TOML, timed separately), then played again and again for a
few seconds of this process's CPU time (the machine is shared: wall time would count other people's work);
each play is a full resolution (validate, play every action, report, compare with [expect]).
The goal is stated over the seed scenarios (the CR examples, ``example_of``); the figure for the whole
folder, with its longer combined-mechanics scenarios, is printed too. Any folder works (scenarios/ga, …).

    python bench/bench_engine.py [--seconds 3] [DIR]
"""

import argparse
import time
from pathlib import Path

from judge import scenarios as sc
from judge.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
GOAL = 2000


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(ROOT / "scenarios" / "fab"))
    ap.add_argument("--seconds", type=float, default=3.0, help="how long to keep playing (default 3)")
    args = ap.parse_args()
    paths = sc.find_scenarios(args.folder)
    if not paths:
        raise SystemExit(f"no scenarios in {args.folder}")

    # load (read + TOML + top-level checks), each file once
    t = time.perf_counter()
    scenarios = [sc.load(p) for p in paths]
    t_load = time.perf_counter() - t
    rounds = 20
    t = time.perf_counter()
    for _ in range(rounds):
        for p in paths:
            sc.load(p)
    t_load_rep = (time.perf_counter() - t) / (rounds * len(paths))

    t = time.perf_counter()
    books = sc.Rulebooks()
    pairs = [(s, books(s)) for s in scenarios]
    t_book = time.perf_counter() - t

    # warm up, and make sure every scenario still passes when played again; a file judged under a rules
    # version the store does not hold, using a mechanism only that version defines, is left out (said below)
    failed, unjudged, playable = [], [], []
    for s, b in pairs:
        try:
            outcome = sc.play(s, b)
        except ScenarioError as err:
            if getattr(err, "since", None) is None:
                raise
            unjudged.append(s.path)
            continue
        playable.append((s, b))
        if not outcome.passed:
            failed.append(s.path)
    pairs = playable
    scenarios = [s for s, _ in pairs]
    plays = 0
    per_file = {s.path: 0.0 for s in scenarios}
    clock = time.process_time   # CPU time of this process
    start = clock()
    deadline = start + args.seconds
    while clock() < deadline:
        for s, b in pairs:
            t0 = clock()
            sc.play(s, b)
            per_file[s.path] += clock() - t0
            plays += 1
    elapsed = clock() - start
    rate = plays / elapsed
    loops = plays / len(pairs)

    print(f"{len(paths)} scenarios in {args.folder}")
    print(f"load (read + TOML + checks): first pass {t_load * 1000:.1f} ms in all, "
          f"{t_load_rep * 1e6:.0f} µs per file when repeated")
    print(f"rulebook load: {t_book * 1000:.1f} ms for {len(books._loaded) or 1} document(s)")
    print(f"resolutions: {plays:,} in {elapsed:.2f} s of CPU = {rate:,.0f} per second "
          f"({1e6 / rate:.0f} µs each; goal >= {GOAL:,}/s: {'met' if rate >= GOAL else 'NOT met'})")
    examples = [s.path for s in scenarios if s.example_of]
    if examples and len(examples) < len(scenarios):
        # the goal is stated over the seed scenarios: those that encode a CR Example: paragraph
        t_ex = sum(per_file[f] for f in examples) / loops
        ex_rate = len(examples) / t_ex
        print(f"  of which the {len(examples)} seed-example scenarios (example_of): {ex_rate:,.0f} per second "
              f"({1e6 / ex_rate:.0f} µs each; goal >= {GOAL:,}/s: {'met' if ex_rate >= GOAL else 'NOT met'})")
        others = [f for f in per_file if f not in set(examples)]
        o_rate = len(others) / (sum(per_file[f] for f in others) / loops)
        print(f"  and the other {len(others)} (combined mechanics, longer): {o_rate:,.0f} per second")
    slowest = sorted(per_file.items(), key=lambda kv: -kv[1])[:3]
    print("slowest: " + ", ".join(f"{Path(f).name} {v / loops * 1e6:.0f} µs" for f, v in slowest))
    if unjudged:
        print(f"{len(unjudged)} scenario(s) not played: they name a rules version this store does not hold "
              f"(judge rules import FILE --game fab --version V): " + ", ".join(sorted({Path(f).parent.name for f in unjudged})))
    if failed:
        print(f"{len(failed)} scenario(s) do not pass: " + ", ".join(Path(f).name for f in failed))


if __name__ == "__main__":
    main()
