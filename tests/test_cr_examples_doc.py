"""docs/cr-examples.md classes every Example: paragraph of the full FaB CR 2.10.1 outside chapters 5 and 7, and
every scenario it names exists and encodes that example (``example_of``)."""

import re
from collections import Counter

from judge import scenarios as sc

from conftest import ROOT, corpus_file

DOC = (ROOT / "docs" / "cr-examples.md").read_text()
ROWS = [line for line in DOC.splitlines() if re.match(r"^\| \d", line)]
SCENARIOS = ROOT / "scenarios" / "fab"


def _rule(row: str) -> str:
    return row.split("|")[1].split()[0]


def test_every_example_outside_chapters_5_and_7_has_a_row():
    text = corpus_file("fab", "en-fab-cr-2.10.1.txt").read_text(encoding="utf-8")
    rule, examples = None, Counter()
    for line in text.splitlines():
        m = re.match(r"^(\d+(?:\.\d+)+[a-z]?) ", line)
        if m:
            rule = m.group(1)
        elif line.startswith("Example:") and rule.split(".")[0] not in ("5", "7"):
            examples[rule] += 1
    assert Counter(_rule(r) for r in ROWS) == examples


def test_each_row_is_classed_and_says_why():
    for row in ROWS:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", row.strip().strip("|"))]
        assert cells[2] in ("scenario", "definitional", "not modelled"), row
        assert cells[3], f"{cells[0]}: no scenario or reason"


def test_named_scenarios_encode_their_example_and_all_are_listed():
    named = {m.group(1): _rule(r) for r in ROWS for m in [re.search(r"\(\.\./scenarios/fab/([^)]+)\)", r)] if m}
    for name, rule in named.items():
        assert sc.load(SCENARIOS / name).example_of == rule
    outside = {p.name for p in SCENARIOS.glob("*.toml")
               if (sc.load(p).example_of or "5").split(".")[0] not in ("5", "7")}
    assert outside == set(named)
