# Card text → "Whenever this banishes …" triggers (FaB CR 2.10.1 8.5.1 banish, 6.6 triggered abilities, 1.7.1a).
"""``Whenever this banishes a red card, draw a card and gain 1{h}.``: a triggered ability on a banish event whose
source is this object — its own effects banished the card (1.7.1a: the source of a triggered-layer's ability is
the card) — and whose card fits the noun (``red card``, ``attack action card``, ``'non-attack' action card``;
costs_grammar.card_noun). Other nouns ("a reaction or instant card") and added conditions ("and this has banished
another card with the same name") are not understood."""

from __future__ import annotations

import re

from judge.cards import phrases as g


def paragraph(text: str, ctx) -> g.Reading | None:
    """The trigger this module reads, or None when ``text`` is not a "Whenever this banishes …" paragraph."""
    m = re.fullmatch(r"whenever this banishes an? ([^,]+?), (.+?)\.?", text, re.IGNORECASE)
    if not m:
        return None
    from judge.cards.choices_grammar import and_split
    from judge.cards.costs_grammar import card_noun

    if ctx.resolves and not ctx.is_attack:
        raise g.NotUnderstood(text)     # a card that resolves and leaves: nothing of it is left to banish
    noun = card_noun(m.group(1), ctx)   # raises NotUnderstood for a noun it does not read
    frame = g.Frame(ctx, "trigger")
    frame.event = "banished"
    effects = [e for clause in and_split(m.group(2)) for e in ctx.effects(clause, frame)]
    ability = {"kind": "trigger", "on": "banished", "of": "any", "if": {"by_this": True, "card": noun},
               "effects": effects}
    return g._finish(frame, g.Reading(), ability)
