# Heave (FaB CR 8.3.18): the keyword written out as the hidden triggered ability it means.
"""``Heave N`` → the ability it means (8.3.18): "While this is in your hand and you have an empty arsenal zone, at
the beginning of your end phase, you may pay N{r} and put this face-up into your arsenal. If you do, create N
Seismic Surge tokens." — a trigger on the end phase, functional in hand (5.4.7a), with the ``pay`` primitive, the
move and the tokens (read from the card data's token, 8.5.2). The engine's keyword table does not play heave
itself: the compiler spells out what it means, so a scenario plays it as any triggered ability.

The player's choice not to heave is the card's ``decline = true`` (an optional effect, 1.8.3a); the hidden
nature of the ability (5.4.7b: not triggering keeps the card private) changes nothing the engine reports.
"""

from __future__ import annotations

import re

from judge.cards.phrases import NotUnderstood, Reading, _token

TOKEN = "Seismic Surge"     # the token 8.3.18 names (defined by 8.6.2), read from the card data like any token


def paragraph(text: str, ctx) -> Reading | None:
    """The ``Heave N`` paragraph of a card in a hand (a deck-card); None for another paragraph."""
    m = re.fullmatch(r"\**heave (\d+)\**\.?", text.strip().lower())
    if not m:
        return None
    n = int(m.group(1))
    if n < 1 or not ctx.types & {"action", "attack reaction", "defense reaction", "instant", "block"}:
        raise NotUnderstood(text)
    token = dict(_token(TOKEN, ctx))
    token.update(count=n, **{"if": {"if_you_do": True}})
    return Reading(abilities=[{
        "kind": "trigger", "on": "end-phase", "name": "Heave", "while": {"in": "hand"},
        "if": {"your_turn": True, "at_most": {"count": "in-arsenal", "n": 0}},
        "effects": [{"do": "pay", "amount": n, "may": True},
                    {"do": "put", "what": "self", "to": "arsenal", "if": {"if_you_do": True}},
                    token]}])
