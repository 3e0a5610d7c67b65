"""Card-text grammar of triggered abilities and the effects they name (FaB CR 6.6 triggers, 8.5.50 mark, 9.3
marked): ``When this attacks a marked hero, …``, ``mark them`` / ``mark target opposing hero``, "the attack" in
an attack trigger.

:mod:`judge.cards.grammar` calls :func:`paragraph` and :func:`effect` before its own rules: each returns None
when the text is not one of its shapes and raises :class:`~judge.cards.grammar.NotUnderstood` when it is one
but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import grammar as g


def effect(low: str, frame) -> list[dict] | None:
    """``mark them`` (the hero an attack hit, in its hit trigger) and ``mark target [opposing] hero`` (8.5.50)."""
    if low == "mark them":
        if frame.event != "hit" or not frame.ctx.is_attack:
            raise g.NotUnderstood(low)          # "them": the hero this attack hit
        return [{"do": "mark", "who": "defending-hero"}]
    m = re.fullmatch(r"mark (target (?:opposing )?hero)", low)
    if m:
        if frame.where not in ("resolution", "activated"):
            raise g.NotUnderstood(low)          # a trigger's own target: declared by the ability table
        spec, _ = g.target_word(m.group(1), frame.ctx)
        frame.declare(spec)
        return [{"do": "mark", "who": "target"}]
    return None


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this attacks a marked hero, EFFECTS`` (an attack card or a weapon): a trigger on its attack whose
    condition is that the hero it attacks is marked (9.3)."""
    m = re.fullmatch(r"when this attacks a marked hero, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    if not (ctx.is_attack or ctx.is_weapon):
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "attack"
    effs = g.effects_of(m.group(1), frame)
    return g._finish(frame, g.Reading(), {"kind": "trigger", "on": "attack", "if": {"target_marked": True},
                                          "effects": effs})
