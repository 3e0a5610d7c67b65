"""The Flesh and Blood keyword and effect-primitive tables against the format docs, the schema and the CR: the
docs list exactly the keywords and primitives the engine plays, with every field, and every rule the tables
name is in the CR."""

import re

import pytest

from judge.engine.fab import keywords, primitives, schema
from judge.rulebook.formats import numbered

from conftest import ROOT, corpus_file

DOC = (ROOT / "docs" / "scenario-format.md").read_text()


@pytest.fixture(scope="module")
def full_cr():
    path = corpus_file("fab", "en-fab-cr-2.10.1.txt")
    return numbered.parse([(str(path), path.read_bytes())], game="fab", version="2.10.1")


def _table_after(heading: str) -> list[list[str]]:
    """The rows (cells) of the first Markdown table after ``heading``."""
    start = DOC.index(heading)
    rows, seen = [], False
    for line in DOC[start:].splitlines()[1:]:
        if line.startswith("|"):
            seen = True
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if not set(cells[0]) <= set("-: "):
                rows.append(cells)
        elif seen:
            break
    return rows[1:]   # without the header row


def _doc_primitives() -> dict[str, str]:
    out = {}
    for cells in _table_after("### Effect primitives"):
        for name in re.findall(r"`([a-z-]+)`", cells[0]):
            out[name] = cells[1]
    return out


def test_docs_list_exactly_the_primitives_of_the_table():
    assert set(_doc_primitives()) == set(primitives.PRIMITIVES)


def test_docs_name_every_field_of_each_primitive():
    docs = _doc_primitives()
    missing = {name: sorted(f for f in p.fields if not re.search(rf"`{f}\b", docs[name]))
               for name, p in primitives.PRIMITIVES.items()}
    # the token handle is an internal name for the facts, not something a card says
    missing["create-token"] = [f for f in missing["create-token"] if f != "handle"]
    assert {k: v for k, v in missing.items() if v} == {}


def test_schema_reads_the_primitive_table():
    assert schema.EFFECTS == {name: set(p.fields) for name, p in primitives.PRIMITIVES.items()}
    assert all(callable(p.handler) for p in primitives.PRIMITIVE_ROWS)


def test_docs_list_exactly_the_keywords_of_the_table():
    listed = set()
    for cells in _table_after("Keywords with rules the engine applies itself"):
        for name in cells[0].split(","):
            listed.add(re.sub(r"\s+N$", "", name.strip()))
    assert listed == set(keywords.KEYWORDS)


def test_docs_give_each_keyword_its_rule():
    for cells in _table_after("Keywords with rules the engine applies itself"):
        for name in cells[0].split(","):
            row = keywords.KEYWORDS[re.sub(r"\s+N$", "", name.strip())]
            # a rule only a later version defines is written with that version: "8.3.41 (2026-02)"
            since = f"{row.rule.rule} ({row.rule.since})" if row.rule.since else row.rule
            assert since in cells[2], (row.name, cells[2])


def test_valued_keywords_are_written_with_n_in_the_docs():
    for cells in _table_after("Keywords with rules the engine applies itself"):
        for name in cells[0].split(","):
            name = name.strip()
            bare = re.sub(r"\s+N$", "", name)
            assert keywords.KEYWORDS[bare].valued == name.endswith(" N"), name


def test_every_hook_a_keyword_names_is_documented_and_used():
    doc = keywords.__doc__
    keywords_src = (ROOT / "judge" / "engine" / "fab" / "keywords.py").read_text()
    engine = "".join(p.read_text() for p in (ROOT / "judge" / "engine" / "fab").glob("*.py") if p.name != "keywords.py")
    for row in keywords.KEYWORD_ROWS:
        for hook in row.hooks:
            assert f"``{hook}``" in doc, hook
            if hook not in ("card-pool", "label", "nothing", "split"):
                assert f'with_hook("{hook}")' in engine or f'with_hook("{hook}")' in keywords_src, hook


def test_played_and_refused_keywords_do_not_overlap():
    assert not set(keywords.KEYWORDS) & set(keywords.NOT_PLAYED)
    for name in ("ambush", "modular", "pairs", "universal", "heave", "channel"):
        words, rule = keywords.refusal(name)
        assert rule == keywords.NOT_PLAYED[name] and "not modelled" in words


def test_docs_list_exactly_the_conditions_of_the_schema():
    listed = set()
    for cells in _table_after("A condition (`while`, `if`) is a table"):
        listed |= set(re.findall(r"`([a-z_]+)(?: = [^`]*)?`", cells[0]))
    assert listed == set(schema.CONDITIONS)


@pytest.fixture(scope="module")
def later_cr():
    path = corpus_file("fab", "en-fab-cr-2026-02.txt")
    return numbered.parse([(str(path), path.read_bytes())], game="fab", version="2026-02")


def _book_of(rule, full_cr, later_cr):
    """The document a table's rule is checked in: CR 2.10.1, or the later version a ``since`` entry names."""
    return (later_cr, rule.rule) if getattr(rule, "since", None) == "2026-02" else (full_cr, rule)


def test_table_rules_exist_in_the_cr(full_cr, later_cr):
    rules = [k.rule for k in keywords.KEYWORD_ROWS] + list(keywords.NOT_PLAYED.values())
    rules += [r for p in primitives.PRIMITIVE_ROWS for r in p.rules]
    assert [r for r in rules if (lambda book, rid: rid not in book.rules)(*_book_of(r, full_cr, later_cr))] == []


def test_keyword_rules_are_the_keywords_headings(full_cr, later_cr):
    """Each keyword's rule is the rule whose heading is that keyword's name (8.3.N Go again …)."""
    for name, rule in [(k.name, k.rule) for k in keywords.KEYWORD_ROWS] + list(keywords.NOT_PLAYED.items()):
        book, rule = _book_of(rule, full_cr, later_cr)
        by_id = book.rules
        text = (by_id[rule].title or by_id[rule].text or "").lower()
        assert name.split()[-1] in text, (name, rule, text[:60])   # "ice fusion" → 8.3.17 Fusion
