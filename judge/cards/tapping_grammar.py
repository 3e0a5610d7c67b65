"""Card-text grammar of tapping and untapping (FaB CR 2026-02 1.12.4g-h, 8.5.55, 8.5.56; 1.14.4 as a cost):
``{t}`` before an activated ability's colon, ``{t} a cog you control`` as a cost or an effect, ``{u} all cogs you
control``, ``{t} target ally``.

Only permanents the engine puts in the arena are tapped: a hero (``{t} your hero``, ``{t} them``, ``target hero
or ally``) is not a card there, so those shapes stay not understood (:class:`~judge.cards.phrases.NotUnderstood`).
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# the permanents a tap or untap names by their subtype ("a cog you control", "all guns you control")
SINGULAR = {"cog": "cog", "ally": "ally", "gun": "gun", "bow": "bow", "item": "item", "aura": "aura"}
PLURAL = {"cogs": "cog", "allies": "ally", "guns": "gun", "bows": "bow", "items": "item", "auras": "aura"}
_SINGULAR = re.compile(r"(?:a|an) (\w+) you control")
_ALL = re.compile(r"all (\w+) you control")


def _yours(noun: str, plural: bool) -> dict:
    """The selector of the permanents of one subtype its controller controls."""
    subtype = (PLURAL if plural else SINGULAR).get(noun)
    if subtype is None:
        raise g.NotUnderstood(noun)
    return {"subtypes": [subtype], "controller": "you"}


def cost(part: str, ctx) -> dict | None:
    """A tap effect-cost (1.12.4g, 1.14.4): ``{t}`` (this permanent) or ``{t} a cog you control``; None for
    another phrase. ``{t}`` of a card that is not a permanent in the arena (a hero, a card played from hand) is
    not understood."""
    p = part.strip().lower()
    if p == "{t}":
        if ctx.resolves or ctx.types & {"hero", "demi-hero"}:
            raise g.NotUnderstood(part)
        return {"do": "tap"}
    if p.startswith("{t} "):
        m = _SINGULAR.fullmatch(p[4:])
        if not m:
            raise g.NotUnderstood(part)
        return {"do": "tap", "what": _yours(m.group(1), False), "amount": 1}
    return None


def effect(low: str, frame) -> list[dict] | None:
    """``{t}|{u} a NOUN you control`` (one, chosen as the effect is generated, 1.8.6), ``{u} all NOUNs you
    control``, ``{t}|{u} target ally`` (8.5.55, 8.5.56); None when the sentence is no tap or untap."""
    m = re.fullmatch(r"\{(t|u)\} (.+)", low)
    if not m:
        return None
    do = "tap" if m.group(1) == "t" else "untap"
    rest = m.group(2)
    one = _SINGULAR.fullmatch(rest)
    if one:
        return [{"do": do, "what": _yours(one.group(1), False), "amount": 1}]
    every = _ALL.fullmatch(rest)
    if every:
        return [{"do": do, "what": _yours(every.group(1), True)}]
    if rest == "target ally":
        spec, to = g.target_word(rest, frame.ctx)
        frame.declare(spec)
        return [{"do": do, "what": to}]
    raise g.NotUnderstood(low)
