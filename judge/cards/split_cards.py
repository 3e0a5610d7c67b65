# Split-cards in card text (FaB CR 9.2: two names, typeboxes and textboxes; 8.3.38 meld).
"""A split-card's printed text → the scenario format's ``sides`` (docs/scenario-format.md, ``[cards.X.sides.NAME]``).

CR 9.2.1: a split-card has two names, two typeboxes and two textboxes. Each side is compiled on its own, as a
card with that side's name, type line and paragraphs; the card keeps the properties of both sides wherever it
is not on the stack (9.2.2), and on the stack only the declared side (9.2.3) or, melded, both (8.3.38c).
``Meld`` (the card's first paragraph) is the keyword the engine plays (8.3.38).

The card data holds one cost per card: the first side's (its Shock halves cost 0 on one card and 2 on another).
The second side's cost is not in it, so the ``//`` stays not understood and a scenario naming the card writes
that side's cost (``[cards.X.sides.NAME] cost = N``, judge.cards.scenario); nothing is guessed.
A side whose text is not fully understood makes the card not understood, paragraph by paragraph, as any card.
"""

from __future__ import annotations

import copy

SEPARATOR = "//"


def is_split(record, paras: list[str]) -> bool:
    """Is the record a split-card printed with its two textboxes (``NAME // NAME``, a ``//`` paragraph)?"""
    return SEPARATOR in record.name and paras.count(SEPARATOR) == 1 and record.type_text.count(SEPARATOR) == 1


def compile_split(record, paras: list[str], compile_one, out) -> None:
    """Fill ``out`` (a :class:`judge.cards.compiler.Compiled`) with the card's ``meld`` keyword and its ``sides``:
    each side compiled by ``compile_one(side_record)``, its name, types, subtypes, supertypes, keywords, abilities
    and target (what that side's resolution abilities target)."""
    i = paras.index(SEPARATOR)
    halves = [paras[:i], paras[i + 1:]]
    names = [n.strip() for n in record.name.split(SEPARATOR)]
    lines = [t.strip() for t in record.type_text.split(SEPARATOR)]
    if halves[0] and halves[0][0].strip().strip("*").strip().lower() == "meld":
        out.keywords.append("meld")
        out.understood.append(halves[0][0])
        halves[0] = halves[0][1:]
    sides = {}
    for name, line, half in zip(names, lines, halves):
        side_record = copy.copy(record)
        side_record.name, side_record.type_text, side_record.text = name, line, "\n\n".join(half)
        side_record.keywords = ""   # the data's keyword column is the whole card's: each side reads its own text
        compiled = compile_one(side_record)
        out.understood.extend(compiled.understood)
        out.not_understood.extend(compiled.not_understood)
        types, subtypes, supertypes = side_record.type_parts()
        side = {"types": types, "subtypes": subtypes, "supertypes": [s for s in supertypes if s.isalpha()]}
        if compiled.keywords:
            side["keywords"] = list(compiled.keywords)
        if compiled.abilities:
            side["abilities"] = compiled.abilities
        for key, value in compiled.fields.items():
            if key != "target":
                # a side's own "play this as though it were an instant", …: the format has no such side key
                out.not_understood.extend(p for p in half if p not in out.not_understood)
                continue
            side["target"] = value
        sides[name] = side
    # 9.2.1: the data's one cost is the first side's; the second side's own cost is not in it, so the card is not
    # fully compiled: a scenario names the card with that side's cost written (sides.NAME.cost = N)
    if record.cost.isdigit():
        sides[names[0]]["cost"] = int(record.cost)
    out.not_understood.append(SEPARATOR)
    out.fields["sides"] = sides
