"""Parse and graph timings of the real documents (no cache): goal ≤ 0.5 s for Magic's CR 2026-01-16.

    python bench/bench_parse.py
"""

import statistics
import time
from pathlib import Path

from judge.rulebook import graph
from judge.rulebook.formats import numbered
from judge.rulebook.model import Rulebook

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DOCS = [("fab", CORPORA / "fab" / "en-fab-cr-2.10.1.txt"), ("mtg", CORPORA / "mtg" / "MagicCompRules-2026-01-16.txt")]


def best_of(fn, n=5):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def main():
    import marshal

    for game, path in DOCS:
        if not path.exists():
            print(f"{path} absent; skipped")
            continue
        data = path.read_bytes()
        t_parse, book = best_of(lambda: numbered.parse([(str(path), data)], game=game))
        t_graph, g = best_of(lambda: graph.build(book))
        blob = marshal.dumps(book.to_data())
        t_cache, _ = best_of(lambda: Rulebook.from_data(marshal.loads(blob)))
        print(f"{path.name}: {len(book):,} rules, {g.number_of_edges():,} edges; parse {t_parse * 1000:.0f} ms, "
              f"graph {t_graph * 1000:.0f} ms, parse+graph {(t_parse + t_graph) * 1000:.0f} ms (goal <= 500 ms "
              f"for Magic); load from cache {t_cache * 1000:.1f} ms")


if __name__ == "__main__":
    main()
