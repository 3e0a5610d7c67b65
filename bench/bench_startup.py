"""Start-up benchmark: cold `judge rule` and `judge search` against `python -c pass`.

Imports the full FaB CR 2.10.1 (from ../shared/corpora, or the embedded seeds when absent) into a
temporary store, warms the parse cache once, then times each command as a fresh process, N times, and
prints medians and ratios. Goals: rule ≤ 1.3× (≤ 1.5× with the Magic CR), search ≤ 1.8× the bare
interpreter. Byte-code should be present, as in a user's install (python -m compileall judge).

    python bench/bench_startup.py [-n 30]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CR = ROOT.parent / "shared" / "corpora" / "fab" / "en-fab-cr-2.10.1.txt"
MTG = ROOT.parent / "shared" / "corpora" / "mtg" / "MagicCompRules-2026-01-16.txt"


def judge_exe() -> list[str]:
    exe = shutil.which("judge", path=str(Path(sys.executable).parent)) or shutil.which("judge")
    return [exe] if exe else [sys.executable, "-m", "judge"]


def timed(cmds, env, n):
    """Median wall time of each command as a fresh process. The commands take turns (a, b, c, a, b, c, …)
    so that a busy machine slows them all alike and the ratios stay fair."""
    import resource

    def cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    times = [[] for _ in cmds]
    cpus = [[] for _ in cmds]
    for _ in range(n):
        for k, cmd in enumerate(cmds):
            t, c = time.perf_counter(), cpu()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[k].append(time.perf_counter() - t)
            cpus[k].append(cpu() - c)
    return [(statistics.median(ts), statistics.median(cs)) for ts, cs in zip(times, cpus)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=30)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    env = dict(os.environ, JUDGE_HOME=str(tmp / "home"), JUDGE_CACHE_DIR=str(tmp / "cache"))
    judge = judge_exe()
    try:
        if CR.exists():
            subprocess.run(judge + ["rules", "import", str(CR), "--game", "fab", "--version", "2.10.1"], env=env,
                           check=True, stdout=subprocess.DEVNULL)
            doc = "full FaB CR 2.10.1 (imported)"
        else:
            doc = "embedded seeds (../shared/corpora absent)"
        subprocess.run(judge + ["rule", "7.5.5b"], env=env, check=True, stdout=subprocess.DEVNULL)  # warm caches
        subprocess.run(judge + ["search", "go again"], env=env, check=True, stdout=subprocess.DEVNULL)
        cmds = [("python -c pass", [sys.executable, "-c", "pass"], ""),
                ("judge rule 7.5.5b", judge + ["rule", "7.5.5b"], "1.3x"),
                ('judge search "go again"', judge + ["search", "go again"], "1.8x")]
        if MTG.exists():
            subprocess.run(judge + ["rules", "import", str(MTG), "--game", "mtg", "--version", "2026-01-16"], env=env,
                           check=True, stdout=subprocess.DEVNULL)
            subprocess.run(judge + ["rule", "702.19c", "--game", "mtg"], env=env, check=True, stdout=subprocess.DEVNULL)
            cmds.append(("judge rule 702.19c (MTG)", judge + ["rule", "702.19c", "--game", "mtg"], "1.5x"))
        results = timed([c for _l, c, _g in cmds], env, args.n)
        base = results[0]
        print(f"document: {doc}; {args.n} runs each, median wall time (and CPU time of the process)")
        for (label, _cmd, goal), (wall, cpu) in zip(cmds, results):
            print(f"{label:<26}{wall * 1000:7.1f} ms  {wall / base[0]:4.2f}x   (CPU {cpu * 1000:5.1f} ms  "
                  f"{cpu / base[1]:4.2f}x)" + (f"   goal <= {goal}" if goal else ""))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
