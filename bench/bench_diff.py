"""Time of ``judge diff`` on Magic's two Comprehensive Rules releases: goal ≤ 2 s for the diff itself.

    python bench/bench_diff.py

Prints the parse of both documents, the diff alone (parse excluded) and the two together (parse
included), each the median of several runs, with the diff's counts; then the whole command as a user
runs it (``judge diff 2025-11-14 2026-01-16 --game mtg`` in a new process, both releases imported): the
first run after the imports and the later runs; then a stress case that real releases never reach: the new release with every rule renumbered and
every text edited, so that all of it goes through the fuzzy pairing.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_parse import best_of as median_of   # median time of n runs, and the last result

from judge.rulebook.diff import diff
from judge.rulebook.formats import numbered
from judge.rulebook.model import Rule, Rulebook

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
OLD = CORPORA / "mtg" / "MagicCompRules-2025-11-14.txt"
NEW = CORPORA / "mtg" / "MagicCompRules-2026-01-16.txt"
GOAL = 2.0


def main():
    if not (OLD.exists() and NEW.exists()):
        print(f"{OLD.parent} absent; skipped")
        return
    data = [(path, path.read_bytes()) for path in (OLD, NEW)]

    def parse_both():
        return [numbered.parse([(str(p), b)], game="mtg", version=p.stem.split("-", 1)[1]) for p, b in data]

    t_parse, (old, new) = median_of(parse_both)
    t_diff, result = median_of(lambda: diff(old, new))
    t_words, _ = median_of(lambda: diff(old, new).to_dict())
    t_all, _ = median_of(lambda: diff(*parse_both()))
    counts = result.counts()
    print(f"{OLD.name} ({len(old):,} rules) → {NEW.name} ({len(new):,} rules): "
          f"{counts['added']} added, {counts['removed']} removed, {counts['reworded']} reworded, "
          f"{counts['renumbered']} renumbered")
    print(f"parse both {t_parse * 1000:.0f} ms; diff (parse excluded) {t_diff * 1000:.0f} ms "
          f"(goal <= {GOAL * 1000:.0f} ms){'' if t_diff <= GOAL else '  OVER GOAL'}; "
          f"with every word diff and the JSON data {t_words * 1000:.0f} ms; parse + diff {t_all * 1000:.0f} ms")
    first, later = time_command()
    print(f"judge diff (new process, text output): first run after the imports {first * 1000:.0f} ms, "
          f"later runs {later * 1000:.0f} ms (median of 5) (goal <= {GOAL * 1000:.0f} ms)"
          f"{'' if max(first, later) <= GOAL else '  OVER GOAL'}")
    shifted = {}
    for rule in new:
        copy = Rule.from_tuple(rule.to_tuple())
        copy.id = rule.id + "z"
        if copy.text:
            copy.text += " (edited)"
        shifted[copy.id] = copy
    stress = Rulebook("stress", "mtg", "", "stress", "numbered", rules=shifted)
    t_stress, result = median_of(lambda: diff(old, stress), n=3)
    print(f"stress, every rule renumbered and edited: diff {t_stress * 1000:.0f} ms, "
          f"{result.counts()['renumbered']:,} renumbered")


def time_command():
    """Wall time of ``judge diff`` in a new process: the first run after importing both releases into a
    fresh store, and the median of five later runs."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-diff-"))
    env = dict(os.environ, JUDGE_HOME=str(tmp / "home"), JUDGE_CACHE_DIR=str(tmp / "cache"))
    judge = [sys.executable, "-m", "judge"]
    for path in (OLD, NEW):
        subprocess.run(judge + ["rules", "import", str(path), "--game", "mtg", "--version",
                                path.stem.split("-", 1)[1]], env=env, check=True, capture_output=True)
    cmd = judge + ["diff", "2025-11-14", "2026-01-16", "--game", "mtg"]
    times = []
    for _ in range(6):
        t = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return times[0], statistics.median(times[1:])


if __name__ == "__main__":
    main()
