# FaB CR 1.15 counters, 8.5.14 put (counter), 8.5.16 remove (counter), 6.6.5c state-triggers: the card text of
# permanents that keep counters on themselves (items and weapons that are loaded, used up and destroyed).
"""Card-text grammar for permanents and their own counters: ``When this has no steam counters on it, destroy
it`` (a state-trigger, 6.6.5c), ``If there are no steam counters on this, put a steam counter on it`` and
``If this has no steam counters, destroy it`` (conditional effects, 1.8.4), conditions on the counters on the
card itself.

:mod:`judge.cards.grammar` calls :func:`effect`, :func:`condition` and :func:`paragraph`: each returns None when
the text is not one of its shapes and raises :class:`~judge.cards.phrases.NotUnderstood` when it is one of them
but not captured whole. "It" in these sentences is the card itself: the sentence names no other object.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g
from judge.cards.costs_grammar import COUNTER_KINDS

_KIND = "(" + "|".join(COUNTER_KINDS) + ")"
_NONE_ON_THIS = rf"(?:there are no {_KIND} counters on this|(?:this|it) has no {_KIND} counters(?: on it)?)"


def _none_left(m, first: int) -> dict:
    """``no KIND counters`` on the card itself → the condition "at most 0 of them" (1.15)."""
    kind = m.group(first) or m.group(first + 1)
    return {"at_most": {"count": "counters", "kind": kind, "n": 0}}


def condition(p: str, ctx) -> dict | None:
    """``there are no steam counters on this`` / ``this has no steam counters [on it]`` → no counters of that
    kind on the source; None for another phrase."""
    m = re.fullmatch(_NONE_ON_THIS, p)
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(p)      # a card that resolves keeps no counters of its own: not this shape
    return _none_left(m, 1)


def effect(low: str, frame) -> list[dict] | None:
    """``if there are no steam counters on this, put a steam counter on it`` (a conditional put, 8.5.14, 1.8.4) and
    ``if this has no steam counters, destroy it`` (a conditional destroy of the card itself, 8.5.4)."""
    m = re.fullmatch(rf"if {_NONE_ON_THIS}, put an? (\w+) counter on (?:it|this)", low)
    if m:
        cond = condition(re.fullmatch(r"if (.+?), put .*", low).group(1), frame.ctx)
        if m.group(3) != cond["at_most"]["kind"]:
            raise g.NotUnderstood(low)      # "it" would not be the card whose counters were counted
        return [{"do": "put-counter", "kind": m.group(3), "amount": 1, "what": "self", "if": cond}]
    m = re.fullmatch(rf"if {_NONE_ON_THIS}, destroy (?:it|this)", low)
    if m:
        cond = condition(re.fullmatch(r"if (.+?), destroy .*", low).group(1), frame.ctx)
        return [{"do": "destroy", "what": "self", "if": cond}]
    return None


_WHEN_NONE = re.compile(rf"^when {_NONE_ON_THIS}, destroy (?:it|this)\.?$", re.IGNORECASE)


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this has no steam counters on it, destroy it`` of a permanent → a state-trigger (6.6.5c): it triggers
    when the game state comes to meet its condition — as the last counter is removed, or at once if the card is
    without them as it becomes functional."""
    m = _WHEN_NONE.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "trigger", "on": "state", "if": _none_left(m, 1),
                                 "effects": [{"do": "destroy", "what": "self"}]}])
