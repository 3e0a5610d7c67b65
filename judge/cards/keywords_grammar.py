"""The card-text grammar of keyword abilities and keyword effects (CR 8.3 keywords, 8.4 labels, 8.5 effects):
effect keywords a card prints as a sentence or a paragraph (``Opt 2``, ``Reload``, ``Intimidate``).

:mod:`judge.cards.grammar` calls the hooks here (``effect``, ``condition``) before its own rules: each returns
None when the phrase is not one of its shapes, and raises :class:`~judge.cards.grammar.NotUnderstood` when it
is one of its shapes but not captured whole. Keywords a card simply lists (blood debt, ward 1, ice fusion, …)
are read by :mod:`judge.cards.compiler` from the engine's keyword table; this module reads the keywords whose
meaning is an effect or needs words around it.
"""

from __future__ import annotations

import re

from judge.cards import grammar as g


# ---------------------------------------------------------------------------------------------------------
# effect sentences: the 8.5 effect keywords
# ---------------------------------------------------------------------------------------------------------

def effect(low: str, frame, original: str) -> list[dict] | None:
    """``opt N`` (8.5.22), ``reload`` (8.5.23), a non-attack's ``intimidate`` (8.5.10b: a targeted effect)."""
    m = re.fullmatch(rf"opt {g.NUM}", low)
    if m:
        return [{"do": "opt", "amount": g.number(m.group(1))}]
    if low == "reload":
        if frame.where != "resolution":
            raise g.NotUnderstood(original)   # the action that plays the card names the card reloaded
        return [{"do": "reload"}]
    got = _mark(low, frame, original)
    if got is not None:
        return got
    if low == "intimidate" and not frame.ctx.is_attack:
        if frame.where != "resolution":
            raise g.NotUnderstood(original)
        # 8.5.10b: no player specified, so the intimidate is a targeted effect: the card targets a hero
        frame.declare("hero")
        return [{"do": "intimidate", "who": "target"}]
    return None



def _mark(low: str, frame, original: str) -> list[dict] | None:
    """``mark them`` in an attack's or weapon's hit or attack trigger (the hero it hits or attacks), ``mark target
    opposing hero`` (8.5.50: the hero gets the marked condition, 9.3)."""
    if low == "mark them":
        ctx = frame.ctx
        if frame.where != "trigger" or frame.event not in ("hit", "attack") or not (ctx.is_attack or ctx.is_weapon):
            raise g.NotUnderstood(original)     # "them" names the hero this attack hits or attacks only
        return [{"do": "mark", "who": "defending-hero"}]
    if low == "mark target opposing hero":
        frame.declare("opponent")
        return [{"do": "mark", "who": "target"}]
    if low.startswith("mark "):
        raise g.NotUnderstood(original)
    return None


MARKED_TRIGGERS = ((r"when this attacks a marked hero", "attack", {"defending_hero_marked": True}),
                   (r"when this hits a marked hero", "hit", {"hit_hero_marked": True}))


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this attacks|hits a marked hero, EFFECTS`` of an attack or a weapon (9.3): a trigger on its attack or
    hit whose hero is marked (a hit looks at the hero as it was hit: the hit removes the mark, 9.3.3)."""
    for pattern, event, cond in MARKED_TRIGGERS:
        m = re.fullmatch(pattern + r", (.+)", text, re.IGNORECASE)
        if not m:
            continue
        if not (ctx.is_attack or ctx.is_weapon):
            raise g.NotUnderstood(text)
        frame = g.Frame(ctx, "trigger")
        frame.event = event
        body = m.group(1).strip().rstrip(".")
        said = re.fullmatch(r"(the attack|this) gets go again", body, re.IGNORECASE)
        if said and said.group(1).lower() == "the attack":
            effs = [{"do": "gain-keyword", "keyword": "go again", "to": "attack"}]   # a weapon's: its attack (1.4.3e)
        elif said and ctx.is_attack:
            effs = [{"do": "gain-keyword", "keyword": "go again"}]
        else:
            effs = g.effects_of(body, frame)
        return g._finish(frame, g.Reading(), {"kind": "trigger", "on": event, "if": dict(cond), "effects": effs})
    return None


def condition(p: str, ctx) -> dict | None:
    """``this was fused`` / ``this is fused`` on a card with fusion (8.3.17a) → ``{fused = true}``; ``this is
    attacking a marked hero`` / ``the defending hero is marked`` on an attack → ``{defending_hero_marked = true}``."""
    if p in ("this is attacking a marked hero", "the defending hero is marked") and ctx.is_attack:
        return {"defending_hero_marked": True}
    if p in ("this was fused", "this is fused", "this has been fused"):
        if not any(k.endswith(" fusion") for k in ctx.record.keyword_list() if isinstance(k, str)) and \
                "fusion" not in ctx.record.text.lower():
            raise g.NotUnderstood(p)
        return {"fused": True}
    return None
