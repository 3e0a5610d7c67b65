"""Parse and graph timings of the real documents (no cache): goal ≤ 0.5 s for Magic's CR 2026-01-16.

Each figure is the median of 5 runs in this process; "parse+graph" times the two together, in wall time
and in CPU time (which other work on a busy machine does not inflate).

    python bench/bench_parse.py
"""

import statistics
import time
from pathlib import Path

from judge.rulebook import graph
from judge.rulebook.formats import glossary, gitbook, numbered
from judge.rulebook.model import Rulebook

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DOCS = [("fab", CORPORA / "fab" / "en-fab-cr-2.10.1.txt"), ("mtg", CORPORA / "mtg" / "MagicCompRules-2026-01-16.txt"),
        ("ga", CORPORA / "grand-archive" / "gitbook-rules"),
        ("mc", CORPORA / "marvel-champions" / "rules-reference.html")]


def parser(game, path):
    """A no-argument function parsing the document from memory (folders: from disk, as the store does)."""
    if game == "ga":
        return lambda: gitbook.parse([str(path)], game=game, format="gitbook")
    data = path.read_bytes()
    if game == "mc":
        return lambda: glossary.parse([(str(path), data)], game=game, format="glossary-html")
    return lambda: numbered.parse([(str(path), data)], game=game)


def best_of(fn, n=5, clock=time.perf_counter):
    times = []
    for _ in range(n):
        t = clock()
        result = fn()
        times.append(clock() - t)
    return statistics.median(times), result


def main():
    import marshal

    for game, path in DOCS:
        if not path.exists():
            print(f"{path} absent; skipped")
            continue
        parse = parser(game, path)
        t_parse, book = best_of(parse)
        t_graph, g = best_of(lambda: graph.build(book))
        t_both, _ = best_of(lambda: graph.build(parse()))
        cpu_both, _ = best_of(lambda: graph.build(parse()), clock=time.process_time)   # a busy machine adds none
        blob = marshal.dumps(book.to_data())
        t_cache, _ = best_of(lambda: Rulebook.from_data(marshal.loads(blob)))
        goal = "  (goal <= 500 ms)" if game == "mtg" else ""
        print(f"{path.name}: {len(book):,} rules, {g.number_of_edges():,} edges; parse {t_parse * 1000:.0f} ms, "
              f"graph {t_graph * 1000:.0f} ms, parse+graph {t_both * 1000:.0f} ms "
              f"(CPU {cpu_both * 1000:.0f} ms){goal}; "
              f"load from cache {t_cache * 1000:.1f} ms")


if __name__ == "__main__":
    main()
