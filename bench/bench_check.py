"""`judge resolve --check scenarios --quiet` as a user runs it (a new process, byte-code present), against
`python -c pass` in the same loop: with every file played (``JUDGE_NO_JUDGED_CACHE=1``), and with the
judgements kept by an earlier run (the store's cache, as on a second run over an unchanged suite). Goal
(issue 19): ≤ 0.6 s wall on 2 cores.

    python bench/bench_check.py [-n 7] [TARGET]

Prints the median wall and CPU time (user + sys of the process and its workers) of each, and the ratios.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd, env):
    """(wall, CPU) seconds of one run of ``cmd``, its forked workers included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(map(str, cmd))} failed: {proc.stderr.decode()[-500:]}")
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=7)
    ap.add_argument("target", nargs="?", default="scenarios")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-check-"))
    env = {**os.environ, "JUDGE_HOME": str(tmp / "home"), "JUDGE_CACHE_DIR": str(tmp / "cache")}
    check = [sys.executable, "-m", "judge", "resolve", "--check", args.target, "--quiet"]
    runs = {"python -c pass": ([sys.executable, "-c", "pass"], env),
            "every file played": (check, {**env, "JUDGE_NO_JUDGED_CACHE": "1"}),
            "judgements kept": (check, env)}
    timed(check, env)          # warms the parse caches and keeps the judgements
    got = {name: [] for name in runs}
    for _ in range(args.n):   # in turn, so that each sees the same machine
        for name, (cmd, e) in runs.items():
            got[name].append(timed(cmd, e))
    base_wall = statistics.median(w for w, _ in got["python -c pass"])
    base_cpu = statistics.median(c for _, c in got["python -c pass"])
    print(f"judge resolve --check {args.target} --quiet, median of {args.n}:")
    for name, times in got.items():
        wall, cpu = statistics.median(w for w, _ in times), statistics.median(c for _, c in times)
        print(f"  {name:18} {wall:6.3f} s wall ({wall / base_wall:5.1f}x), {cpu:6.3f} s CPU ({cpu / base_cpu:5.1f}x)")
    wall = statistics.median(w for w, _ in got["judgements kept"])
    print(f"  goal ≤ 0.6 s wall with the judgements kept: {'ok' if wall <= 0.6 else 'MISSED'}")


if __name__ == "__main__":
    main()
