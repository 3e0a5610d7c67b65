#!/usr/bin/env python3
"""Build judge/cards/fab-cards.tsv, the embedded card data, from the-fab-cube's card.csv.

Usage: scripts/build_card_data.py [CARD_CSV] [--commit SHA]

The default input is ../shared/corpora/fab/card.csv (the-fab-cube/flesh-and-blood-cards, csvs/english/,
commit d18a40af). The same parser and writer serve ``judge cards import``.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cards.data import EMBEDDED, dump, parse_csv  # noqa: E402
from judge.rulebook.store import write_atomic  # noqa: E402

SOURCE = "the-fab-cube/flesh-and-blood-cards csvs/english/card.csv"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="?", default=str(ROOT.parent / "shared" / "corpora" / "fab" / "card.csv"))
    ap.add_argument("--commit", default="d18a40af", help="the-fab-cube commit the file comes from")
    args = ap.parse_args()
    records = parse_csv(args.csv)
    text = dump(records, source=SOURCE, commit=args.commit, version=args.commit)
    write_atomic(EMBEDDED, text.encode("utf-8"))
    print(f"wrote {EMBEDDED.relative_to(ROOT)}: {len(records):,} cards, {len(text.encode()):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
