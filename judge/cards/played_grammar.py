# FaB CR 8.5.4 destroy, 1.8.3/1.8.4 optional and conditional effects, 6.6 triggered abilities, 1.2.1 control: shapes
# of the text of played cards (actions, attacks, instants, reactions, auras).
"""Card-text grammar of played cards' sentences that compose the existing pieces: a permanent its controller
chooses and destroys (``destroy an aura you control``, 8.5.4, 1.8.6), a condition on the permanents its controller
controls (``if you control a NAME``, ``if you control 2 or more auras``), a trigger on two events of the
card (``When this attacks or hits, …``: one ability per event, each the same).

:mod:`judge.cards.grammar` calls the hooks here (``effect``, ``condition``, ``paragraph``): each returns None when
the phrase is not one of its shapes and raises :class:`~judge.cards.phrases.NotUnderstood` when it is one of them
but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# ---------------------------------------------------------------------------------------------------------
# effect sentences
# ---------------------------------------------------------------------------------------------------------


def effect(low: str, frame) -> list[dict] | None:
    """An effect sentence of one of this module's shapes (``low``: lower case) → effect tables."""
    for reader in (_destroy_yours,):
        got = reader(low, frame)
        if got is not None:
            return got
    return None


def _destroy_yours(low: str, frame) -> list[dict] | None:
    """``destroy an? PERMANENT you control`` (8.5.4): one object its controller controls that fits, chosen as the
    effect is generated (1.8.6, not targeted); "If you do" after it reads whether one was destroyed (1.8.4a)."""
    m = re.fullmatch(r"destroy an? (.+?) you control", low)
    if not m:
        return None
    spec = dict(g.permanent_noun(m.group(1), frame.ctx), controller="you")
    frame.optional_before = True        # "If you do, …" reads this effect: met only when one was destroyed
    return [{"do": "destroy", "what": spec, "amount": 1}]


# ---------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------


def condition(p: str, ctx) -> dict | None:
    """``you control an? PERMANENT`` → ``{you_control = SELECTOR}``; ``you control N or more PERMANENTS`` → a
    count of them at least N (a card name of the data, ``aura``, ``item``, ``ally``: 1.3.3)."""
    m = re.fullmatch(r"you control an? (.+)", p)
    if m and not m.group(1).endswith("chain link"):
        return {"you_control": g.permanent_noun(m.group(1), ctx)}
    m = re.fullmatch(rf"you control {g.NUM} or more (.+)", p)
    if m and not m.group(2).endswith("chain links"):
        if not m.group(2).endswith("s"):
            raise g.NotUnderstood(p)
        return {"at_least": {"count": "you-control", "of": g.permanent_noun(m.group(2), ctx),
                             "n": g.number(m.group(1))}}
    return None


# ---------------------------------------------------------------------------------------------------------
# paragraphs
# ---------------------------------------------------------------------------------------------------------


def paragraph(text: str, ctx) -> g.Reading | None:
    """A whole paragraph of one of this module's shapes, or None."""
    for reader in (_attacks_or_hits,):
        got = reader(text, ctx)
        if got is not None:
            return got
    return None


def _attacks_or_hits(text: str, ctx) -> g.Reading | None:
    """``When this attacks or hits, EFFECTS`` (6.6.5): the same triggered ability on each of the two events —
    read as ``When this attacks, EFFECTS`` and ``When this hits, EFFECTS``."""
    m = re.fullmatch(r"(when|whenever) this attacks or hits, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    reading = g.Reading()
    for event in ("attacks", "hits"):
        got = ctx.trigger(f"{m.group(1)} this {event}, {m.group(2)}")
        if got is None or got.fields:
            raise g.NotUnderstood(text)
        reading.abilities += got.abilities
        reading.keywords += [k for k in got.keywords if k not in reading.keywords]
    return reading
