#!/usr/bin/env python3
"""Draw the hand-checked sample of real cards for the compiler's expectation set (issue 17).

Usage: scripts/sample_cards.py [--seed 17] [--count 150] [-o tests/data/card-expectations.toml]

How cards are drawn: every printed card (one name and pitch) of the embedded card data
(judge/cards/fab-cards.tsv) whose text is not empty, sorted by (name, pitch), then
``random.Random(seed).sample(pool, count)``, written in the order drawn. The same data and seed always
give the same cards.

The output is a skeleton to fill in by hand from the printed text (NOT from the compiler's output):

    [[card]]
    name = "…"
    pitch = 1                  # absent for cards without pitch
    compiled = true            # false: the engine cannot play the whole text ("not fully compiled")
    keywords = ["go again"]    # the card's keyword list in the scenario format
    abilities = [ … ]          # the [[cards.X.abilities]] tables, in printed order (docs/scenario-format.md)
    target = "hero"            # only if the card has one: the card keys a scenario would write beside `card`
                               # (target, playable_as_instant), as keys of the entry, not comments — they are compared
                               # exactly like keywords and abilities; a triggered ability's target stays in its table

tests/test_card_expectations.py compares every tests/data/card-expectations*.toml exactly.
"""

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.cards.data import EMBEDDED, parse_compact  # noqa: E402
from judge.cards.view import toml_value  # noqa: E402


def draw(seed: int, count: int):
    """The sampled records, in the order drawn."""
    data = parse_compact(EMBEDDED.read_text(encoding="utf-8"), str(EMBEDDED))
    pool = sorted((r for r in data.records if r.text.strip()), key=lambda r: (r.name, r.pitch))
    return random.Random(seed).sample(pool, count)


def skeleton(records, seed: int) -> str:
    """The TOML skeleton for the sample."""
    out = [f"# Hand-checked expectations: {len(records)} cards drawn by scripts/sample_cards.py --seed {seed}",
           "# Fill in compiled / keywords / abilities from the printed text.", ""]
    for r in records:
        out.append("[[card]]")
        out.append(f"name = {toml_value(r.name)}")
        if r.pitch:
            out.append(f"pitch = {r.pitch}")
        out.append(f"# {r.type_text}")
        for line in r.text.split("\n"):
            out.append(f"#   {line}" if line else "#")
        out += ["compiled = false   # TODO", "keywords = []", "abilities = []", ""]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("-o", "--output", help="write here instead of stdout")
    args = ap.parse_args()
    text = skeleton(draw(args.seed, args.count), args.seed)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    else:
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
