"""The compiler against hand-written expectations: every ``tests/data/card-expectations*.toml``.

Each ``[[card]]`` names a printed card (``name``, ``pitch``) and says what a person reading the printed
text expects (``scripts/sample_cards.py`` draws the random sample and explains the format):
``compiled = false`` — the engine cannot play the whole text; ``compiled = true`` with ``keywords``,
``abilities`` (and card keys such as ``target``) — exactly the scenario tables.

A card the compiler claims fully compiled must match exactly (0 wrong compilations). A card the person
could compile but the compiler does not is a coverage miss (refusing is never wrong), not a failure — unless
the file says ``strict = true`` at its top (the author's regression set does).
"""

import tomllib
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("card-expectations*.toml"))
CARD_KEYS = ("target", "playable_as_instant")


def _entries():
    for f in FILES:
        with open(f, "rb") as fh:
            doc = tomllib.load(fh)
        for i, entry in enumerate(doc.get("card", []), 1):
            entry = dict(entry, _strict=bool(doc.get("strict")))
            yield pytest.param(f.name, i, entry, id=f"{f.stem}:{entry.get('name')}:{entry.get('pitch', '')}")


def _compile(entry):
    from judge.cards import data as cd
    from judge.cards.compiler import compile_card

    record = cd.find_one(cd.load("embedded"), entry["name"], entry.get("pitch"))
    return compile_card(record)


def _expected(entry) -> dict:
    out = {"keywords": sorted(entry.get("keywords", [])), "abilities": entry.get("abilities", [])}
    out.update({k: entry[k] for k in CARD_KEYS if k in entry})
    return out


def _got(compiled) -> dict:
    out = {"keywords": sorted(compiled.keywords), "abilities": compiled.abilities}
    out.update({k: compiled.fields[k] for k in CARD_KEYS if k in compiled.fields})
    return out


@pytest.mark.parametrize("file,index,entry", list(_entries()))
def test_no_wrong_compilation(file, index, entry):
    assert "compiled" in entry, f"{file} card {index} ({entry.get('name')}): say compiled = true or false"
    compiled = _compile(entry)
    if not compiled.fully:
        # refused: never a wrong ruling; a file with strict = true also fails on a card it expects compiled
        assert not (entry["_strict"] and entry["compiled"]), f"{entry['name']}: not compiled: {compiled.not_understood}"
        return
    assert entry["compiled"], (f"{entry['name']}: compiled, but the expectation says the engine cannot play the "
                               f"whole text: {compiled.to_dict()}")
    assert _got(compiled) == _expected(entry)

