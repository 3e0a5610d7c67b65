"""Card-text grammar of delayed triggered effects (FaB CR 6.6.3): ``The next time an attack action card you control
hits [a hero] this turn, EFFECTS`` and ``Whenever … this turn, EFFECTS`` written in a card's resolution or an
activated ability.

Also a triggered ability written on two of its card's own events, ``When this attacks or defends, EFFECTS``
(:func:`paragraph`): one ability on each event, each read as the whole paragraph written for that event alone.

judge.cards.grammar calls :func:`effect` and :func:`paragraph` before its own rules: each returns None when the text
is not one of its shapes and raises :class:`~judge.cards.grammar.NotUnderstood` when it is one but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# the attack a hit event is about, as written: "an attack", "an attack action card", "a dagger attack", …
_HIT = re.compile(r"(the next time|whenever) an? (.+?)( you control)? hits( a hero)? this turn, (.+)")


_PLAY = re.compile(r"(the next time|whenever) you play an? (.+?) this turn, (.+)")


def _next_play(low: str, frame) -> list[dict] | None:
    """``the next time|whenever you play A CARD this turn, EFFECTS`` → a ``delayed-trigger`` on the play event of its
    controller's card that fits (6.6.3, 5.1.10); CARD is a card, not an attack (a weapon's attack is not played)."""
    m = _PLAY.fullmatch(low)
    if not m:
        return None
    if frame.where not in ("resolution", "activated"):
        raise g.NotUnderstood(low)              # created by a resolving card or ability only
    spec = g.selector(m.group(2), frame.ctx)
    if spec.get("is_attack"):
        raise g.NotUnderstood(low)
    inner = g.Frame(frame.ctx, "delayed")
    effects = frame.ctx.effects(m.group(3), inner)
    if inner.target is not None or any(e.get("next") or e.get("to") not in (None, "self") for e in effects):
        raise g.NotUnderstood(low)              # a target or another object inside the delayed effect: not read
    trig = {"do": "delayed-trigger", "on": "play", "when": {"by": "you", "card": spec}, "effects": effects}
    if m.group(1) == "whenever":
        trig["once"] = False
    return [trig]


def effect(low: str, frame) -> list[dict] | None:
    """``the next time|whenever AN ATTACK [you control] hits [a hero] this turn, EFFECTS`` → a ``delayed-trigger``
    on the hit event whose condition is the attack's kind (and controller); ``once`` for "the next time"; and the
    same on the play event of a card (:func:`_next_play`)."""
    m = _HIT.fullmatch(low)
    if not m:
        return _next_play(low, frame)
    if frame.where not in ("resolution", "activated"):
        raise g.NotUnderstood(low)              # created by a resolving card or ability only
    noun = "weapon attack" if m.group(2) == "weapon" else m.group(2)     # "a weapon hits": its attack (1.4.3a)
    spec = g.selector(noun, frame.ctx)
    if not spec.get("is_attack") and spec.get("subtypes", [None])[0] != "attack":
        raise g.NotUnderstood(low)
    spec.pop("is_attack", None)                 # the hit event's attack is an attack: its card's properties remain
    if m.group(3):
        spec["controller"] = "you"
    inner = g.Frame(frame.ctx, "delayed")
    inner.event = "delayed-hit"                 # "they"/"them" would be the hero hit: not read here
    inner.hits_hero = bool(m.group(4))          # "under their control": the hero hit, when it says "hits a hero"
    effects = frame.ctx.effects(m.group(5), inner)
    if inner.target is not None or any(e.get("next") or e.get("to") not in (None, "self") for e in effects):
        raise g.NotUnderstood(low)              # a target or another object inside the delayed effect: not read
    when = {"attack": spec} if spec else {}
    if m.group(4):
        when["target_is_hero"] = True           # "hits a hero": not an ally it attacks (1.4.5)
    trig = {"do": "delayed-trigger", "on": "hit", "when": when, "effects": effects}
    if m.group(1) == "whenever":
        trig["once"] = False
    return [trig]


_ATTACKS_OR_DEFENDS = re.compile(r"when (?:this attacks or defends|you attack or defend with this), (.+)", re.IGNORECASE)


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this attacks or defends, EFFECTS`` (or ``When you attack or defend with this``) on an attack card: the
    same triggered ability on each event (6.6.1c names an event, the "or" two), read as ``When this attacks, EFFECTS``
    and ``When this defends, EFFECTS``; both must be understood whole."""
    m = _ATTACKS_OR_DEFENDS.fullmatch(text.strip())
    if not m:
        return None
    if not ctx.is_attack:
        raise g.NotUnderstood(text)
    out = g.Reading()
    for head in ("When this attacks", "When this defends"):
        part = ctx.paragraph(f"{head}, {m.group(1)}")
        if part is None or part.keywords or part.fields:
            raise g.NotUnderstood(text)
        out.abilities.extend(part.abilities)
    return out
