# Audit of key citations (issue 13): answers whose key rules miss the rule defining a term the sentence uses.
"""List every answer sentence of the scenarios whose key citations include no rule that defines a term the
sentence uses (the rulebook's ``defines`` edges: its terms), i.e. candidates where the engine cites only the
step while the deciding fact is a keyword or defined term. A listing for a person to review, not a verdict:
many terms are incidental ("power", "chain link").

    .venv/bin/python scripts/audit_key_citations.py scenarios [--json]
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re

from judge import scenarios as sc
from judge.engine.citations import _mask, _maskable, _under
from judge.scenarios.runner import _names


def audit(root: pathlib.Path):
    """(file, sentence, key citations, term, the term's rules) for each term a sentence uses whose rules are
    neither among its key citations nor above or below one of them."""
    books = sc.Rulebooks()
    patterns: dict = {}
    for path in sorted(root.rglob("*.toml")):
        scenario = sc.load(path)
        book = books(scenario)
        outcome = sc.play(scenario, book)
        if id(book) not in patterns:
            patterns[id(book)] = [(name, term.rules, re.compile(rf"(?<![\w-]){re.escape(name)}(?:s|es|d)?(?![\w-])", re.I))
                                  for name, term in book.terms.items() if len(name) > 3]
        names = _maskable(_names(scenario))
        for i, (text, _cites) in enumerate(outcome.summary):
            keys = outcome.key_cites(i)
            plain = _mask(text, names)
            for name, rules, pattern in patterns[id(book)]:
                if pattern.search(plain) and not any(k == r or _under(k, r) or _under(r, k) for k in keys for r in rules):
                    yield str(path), text, keys, name, list(rules)


def main():
    """Print the listing: per term, how many sentences miss its rule; ``--json`` prints every row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = list(audit(args.root))
    if args.json:
        print(json.dumps([dict(zip(("file", "sentence", "keys", "term", "rules"), r)) for r in rows], indent=1))
        return
    count = collections.Counter((r[3], tuple(r[4])) for r in rows)
    print(f"{len(rows)} sentence/term pairs in {len({r[0] for r in rows})} scenarios")
    for (term, rules), n in count.most_common():
        print(f"{n:5d}  {term}  ({', '.join(rules)})")


if __name__ == "__main__":
    main()
