"""Site benchmark: build the rules site of the full FaB CR 2.10.1 plus the rulings of every scenario in
scenarios/ (goal ≤ 1 s), or of the suite copied ``--copies K`` times (14 copies: about 10,000 rulings; goal
≤ 5 s and peak memory < 300 MiB).

Imports the CR (from ../shared/corpora, or uses the embedded seeds when absent) into a temporary store,
loads it once (warming the parse cache, as a user's second run would be), then times the whole build in
process: judging every scenario through its engine (the first run; later runs read the judgements kept in
the store's cache, as a user's second run does), planning and writing every page, swapping the folder in.
Prints the median of N runs and the parts (the first build renders every page; later ones put the pages
kept by the one before in place, :mod:`judge.docs.pagecache`), then the same build as a user runs it (the
``judge site`` command in a new process: start-up and loading the parsed CR included), with every page
rendered and with the pages kept, against ``python -c pass`` run in turn.

    python bench/bench_site.py [-n 5] [--copies 14]

The peak memory printed is the largest resident size of this process or of any worker it forked. CPU times
are printed beside wall times (on a shared machine the CPU times are the figures to compare).
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CR = ROOT.parent / "shared" / "corpora" / "fab" / "en-fab-cr-2.10.1.txt"
sys.path.insert(0, str(ROOT))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--copies", type=int, default=1, help="judge the scenario folders copied this many times")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-site-"))
    os.environ["JUDGE_HOME"] = str(tmp / "home")
    os.environ["JUDGE_CACHE_DIR"] = str(tmp / "cache")
    from judge.docs import rulings as rulings_mod
    from judge.docs import site as site_mod
    from judge.rulebook import store

    if CR.exists():
        store.import_document(str(CR), "fab", "2.10.1")
        book = store.load(store.resolve("fab-2.10.1"))
    else:
        print(f"{CR} not found: using the embedded seeds")
        book = store.load(store.resolve(None, "fab"))
    targets = [str(p) for p in sorted((ROOT / "scenarios").iterdir()) if p.is_dir() and any(p.rglob("*.toml"))]
    if args.copies > 1:
        copies = tmp / "scenarios"
        for k in range(args.copies):
            for target in targets:
                shutil.copytree(target, copies / f"copy{k:02d}" / Path(target).name)
        targets = [str(copies)]
    totals, judging, writing, cpu_judging, cpu_writing, cpu_workers = [], [], [], [], [], []
    files = count = failed = 0

    def workers_cpu():
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    for _ in range(args.n):
        t0, c0 = time.perf_counter(), time.process_time()
        rulings, failures = rulings_mod.judge_scenarios(targets) if targets else ([], [])
        t1, c1, w1 = time.perf_counter(), time.process_time(), workers_cpu()
        books = [book] + list({r.book.name: r.book for r in rulings if r.book.name != book.name}.values())
        files = site_mod.build(tmp / "site", books, rulings)
        t2, c2, w2 = time.perf_counter(), time.process_time(), workers_cpu()
        totals.append(t2 - t0)
        judging.append(t1 - t0)
        writing.append(t2 - t1)
        cpu_judging.append(c1 - c0)
        cpu_writing.append(c2 - c1)
        cpu_workers.append(w2 - w1)
        count, failed = len(rulings), len(failures)
    print(f"site: {book.describe()} + {count} rulings ({failed} not published), {files} files")
    print(f"  judge scenarios  {statistics.median(judging) * 1000:7.0f} ms wall, "
          f"{statistics.median(cpu_judging) * 1000:7.0f} ms CPU (the first run, with no judgement kept yet: "
          f"{judging[0] * 1000:.0f} ms wall, {cpu_judging[0] * 1000:.0f} ms CPU)")
    print(f"  write pages      {statistics.median(writing) * 1000:7.0f} ms wall, "
          f"{statistics.median(cpu_writing) * 1000:7.0f} ms CPU here + "
          f"{statistics.median(cpu_workers) * 1000:.0f} ms CPU in the page workers (the first run, rendering "
          f"every page: {writing[0] * 1000:.0f} ms wall, {cpu_writing[0] * 1000:.0f} + {cpu_workers[0] * 1000:.0f} ms CPU)")
    total = statistics.median(totals)
    goal = 1 if args.copies == 1 else 5
    print(f"  total (median of {args.n}) {total:.2f} s   goal ≤ {goal} s: {'ok' if total <= goal else 'MISSED'}")
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(f"  peak memory {peak / 1024:.0f} MiB (this process or a worker)")
    if CR.exists() and targets:
        _commands(tmp, targets, runs=3 if args.copies == 1 else 1)


def _whole(cmd, env) -> tuple[float, float, float]:
    """Run ``cmd`` to its end: wall seconds, CPU seconds (user + system, its worker processes included) and
    peak resident MiB (the largest of the process and its workers), from the kernel's accounting."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, used = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed with exit code {proc.returncode}")
    return wall, used.ru_utime + used.ru_stime, used.ru_maxrss / 1024


def _commands(tmp: Path, targets: list[str], runs: int) -> None:
    """The ``judge site`` command as a user runs it, in a new process, against ``python -c pass`` in turn:
    with every page rendered (the first run after a change of the code or a document: the page cache off,
    the judgements kept), and again with the pages kept by the run before (the page cache on)."""
    cmd = [sys.executable, "-m", "judge", "site", "-o", str(tmp / "cli-site"), "--rules", "fab-2.10.1"]
    for target in targets:
        cmd += ["--scenarios", target]
    rendered = dict(os.environ, JUDGE_NO_PAGE_CACHE="1")
    _whole(cmd, dict(os.environ))                      # judgements and pages kept, as a user's second run
    rows = {"python -c pass": [], "every page rendered": [], "pages kept": []}
    for _ in range(runs):
        rows["python -c pass"].append(_whole([sys.executable, "-c", "pass"], dict(os.environ)))
        rows["every page rendered"].append(_whole(cmd, rendered))
        rows["pages kept"].append(_whole(cmd, dict(os.environ)))
    base = statistics.median(r[0] for r in rows["python -c pass"])
    print(f"  the command in a new process (judge site -o OUT --rules fab-2.10.1 --scenarios …), median of {runs}:")
    for label, got in rows.items():
        wall, cpu, peak = (statistics.median(r[k] for r in got) for k in range(3))
        print(f"    {label:<20} {wall:6.2f} s wall ({wall / base:5.1f}× python -c pass), {cpu:6.2f} s CPU, "
              f"peak {peak:4.0f} MiB")

if __name__ == "__main__":
    main()
