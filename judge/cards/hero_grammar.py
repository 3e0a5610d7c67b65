"""Card-text grammar for heroes and the permanents players control (FaB CR 8.3.16 essence, 6.6 triggered
abilities "Whenever you discard …", 6.2 continuous effects "Until end of turn, your … gain …").

Each reader returns a :class:`~judge.cards.phrases.Reading` of the scenario tables the engine plays, None
when the paragraph is not of its shape, or raises :class:`~judge.cards.phrases.NotUnderstood`.
"""

from __future__ import annotations

import re

from judge.cards.choices_grammar import trigger_body
from judge.engine.fab.cards import has_moniker
from judge.cards.phrases import (NOUN_SUBTYPES, Frame, NotUnderstood, Reading, _finish, listed_keywords, modifiers,
                                 permanent_noun, selector, targeted_intimidate)

PERMANENT_TYPES = {"hero", "demi-hero", "equipment", "weapon"}


def essence(text: str, ctx) -> Reading | None:
    """``Essence of Earth and Ice`` (8.3.16): a meta-static ability about the card-pool only."""
    m = re.fullmatch(r"essence of ([a-z ,]+?)\.?", text.strip().lower())
    if not m:
        return None
    words = [w for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if w]
    if not words or any(w not in ctx.pool_supertypes for w in words):
        raise NotUnderstood(text)
    return Reading(keywords=["essence"])


def specialization(text: str, ctx) -> Reading | None:
    """``HERO Specialization`` / ``Legendary HERO Specialization`` (8.3.7, 8.3.23): meta-static abilities about
    the card-pool; the words before "Specialization" are the moniker of a hero of the card data (2.7.3)."""
    m = re.fullmatch(r"(legendary )?([a-z][\w' ]*?) specialization\.?", text.strip(), re.IGNORECASE)
    if not m:
        return None
    said = m.group(2)
    if not any(has_moniker(name, said) for name in ctx.hero_names()):
        raise NotUnderstood(text)
    return Reading(keywords=(["legendary"] if m.group(1) else []) + [f"specialization {said}"])


def discard_trigger(text: str, ctx) -> Reading | None:
    """``Whenever you discard a card with 6 or more {p} during your action phase, EFFECTS`` of a hero or
    permanent: a trigger on any discard by its controller (8.5.5); ``Once per Turn Effect - When you discard …``:
    the same, limited to once each turn (6.6.1a)."""
    m = re.fullmatch(r"(once per turn effect - when|whenever) you discard a card( with (\d+) or more \{p\})?"
                     r"( during your action phase)?, (.+)", text.strip(), re.IGNORECASE)
    if not m:
        return None
    if not (ctx.types & PERMANENT_TYPES or ctx.subtypes & {"aura", "item", "ally"}):
        raise NotUnderstood(text)
    cond: dict = {"by": "you"}
    if m.group(4):
        cond.update(your_turn=True, phase="action")
    if m.group(2):
        cond["card"] = {"min_power": int(m.group(3))}
    body = m.group(5).strip().rstrip(".")
    frame = Frame(ctx, "trigger")
    if body.lower() == "intimidate":
        effs = targeted_intimidate(frame)
    else:
        effs = ctx.effects(body, frame)
    ability = {"kind": "trigger", "on": "discard", "of": "any", "if": cond, "effects": effs}
    if m.group(1).lower().startswith("once per turn"):
        ability["limit"] = 1        # "Once per Turn Effect -": it triggers at most once each turn (6.6.1a)
    return _finish(frame, Reading(), ability)


def until_end_of_turn_yours(body: str, ctx) -> list[dict] | None:
    """``Until end of turn, your attack action cards with cost 3 or greater gain dominate`` → a continuous
    effect on every card of its controller that fits, for the turn (6.2.2); None for another sentence."""
    m = re.fullmatch(r"until end of turn, your (.+?) gains? (.+)", body.strip().rstrip("."), re.IGNORECASE)
    if not m:
        return None
    noun = re.sub(r"\bcards\b", "card", m.group(1).lower())
    spec = selector(noun, ctx)
    if spec.get("is_attack"):
        raise NotUnderstood(body)     # "your attacks": attacks, not cards — not this shape
    spec["controller"] = "you"
    out = []
    for eff in modifiers(m.group(2).lower()):
        eff["to"] = dict(spec)
        out.append(eff)
    return out


ARENA_EVENTS = {"enters": "enters-arena", "leaves": "leaves-arena"}


def arena_trigger(text: str, ctx) -> Reading | None:
    """A permanent's ``When this enters|leaves the arena, EFFECTS`` (6.6: a trigger on its own zone move; leaving,
    it looks back at itself as it was in the arena, 5.4.6a)."""
    m = re.fullmatch(r"(?:when|whenever) this (enters|leaves) the arena, (.+)", text.strip(), re.IGNORECASE)
    if not m:
        return None
    if ctx.resolves or not (ctx.types & PERMANENT_TYPES or ctx.subtypes & {"aura", "item", "ally"}):
        raise NotUnderstood(text)
    frame = Frame(ctx, "trigger")
    frame.event = ARENA_EVENTS[m.group(1).lower()]
    effs = trigger_body(m.group(2), frame)     # "if COND, EFFECTS": conditions of its effects (6.6.1c, 1.8.4)
    return _finish(frame, Reading(), {"kind": "trigger", "on": frame.event, "effects": effs})


ORDINALS = {"first": 1, "second": 2, "third": 3}
_NTH_ATTACK = re.compile(r"^your (first|second|third) ((?:[a-z]+ )*?attack(?: with [a-z ]+?)?) each turn (?:gets|has) "
                         r"(.+?)\.?$", re.IGNORECASE)


def nth_attack(text: str, ctx) -> Reading | None:
    """``Your second attack each turn gets +1{p}`` / ``Your first attack with stealth each turn has go again`` of a
    hero or permanent → a static ability on the attack of its controller that is the Nth of its kind this turn."""
    m = _NTH_ATTACK.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise NotUnderstood(text)
    spec = selector(m.group(2).lower(), ctx)
    if not spec.get("is_attack"):
        raise NotUnderstood(text)
    spec.update(controller="you", nth_attack=ORDINALS[m.group(1).lower()])
    out = []
    for eff in modifiers(m.group(3).lower()):
        eff["to"] = dict(spec)
        out.append({"kind": "static", "effect": eff})
    return Reading(abilities=out)


_LOSE_KEYWORD = re.compile(r"(?:if (?P<cond>.+?), )?cards you own lose (?P<kw>[a-z ]+?)(?P<end> during the end phase)?\.?",
                          re.IGNORECASE)


def cards_you_own_lose(text: str, ctx) -> Reading | None:
    """A hero's or permanent's ``[If COND, ]cards you own lose KEYWORD[ during the end phase]``: a static ability
    (6.2.3) removing the keyword from every card its controller owns, in any zone (1.3.1a, 2.12.1), while COND holds
    and — "during the end phase" — while the turn is in its End Phase (4.4), the condition read as it applies."""
    m = _LOSE_KEYWORD.fullmatch(text.strip())
    if not m:
        return None
    kw = m.group("kw").lower()
    if ctx.resolves or not (ctx.types & PERMANENT_TYPES or ctx.subtypes & {"aura", "item", "ally"}) or \
            kw not in listed_keywords()[0]:
        raise NotUnderstood(text)
    cond = ctx.condition(m.group("cond")) if m.group("cond") else {}
    if m.group("end"):
        if "phase" in cond:
            raise NotUnderstood(text)
        cond["phase"] = "end"
    ability = {"kind": "static", "effect": {"do": "lose-keyword", "keyword": kw, "to": {"owner": "you"}}}
    if cond:
        ability["while"] = cond
    return Reading(abilities=[ability])


ALLY_KINDS = {"angel", "dragon"}      # the subtypes that name kinds of allies (2.10.6b: non-functional)
_COUNTER_ON_EACH = re.compile(r"put an? ([+-])1\{([pd])\} counter on each (.+?) you control")


def effect(low: str, frame) -> list[dict] | None:
    """``put a +1{p} counter on each Angel you control`` (8.5.14, 1.15.4): a property counter on every permanent of
    that subtype its controller controls; None for another sentence."""
    m = _COUNTER_ON_EACH.fullmatch(low)
    if not m:
        return None
    noun = m.group(3)
    kinds = set(NOUN_SUBTYPES) | ALLY_KINDS
    word = noun[:-1] if noun.endswith("s") and noun[:-1] in kinds else noun
    spec = {"subtypes": [word]} if word in kinds else permanent_noun(noun, frame.ctx)
    return [{"do": "put-counter", "stat": "power" if m.group(2) == "p" else "defense",
             "amount": 1 if m.group(1) == "+" else -1, "what": {**spec, "controller": "you"}}]


_HAVE_QUOTED = re.compile(r'((?:[a-z]+ )*?allies) you control have "([^"]+)"\.?', re.IGNORECASE)


def allies_have_ability(text: str, ctx) -> Reading | None:
    """A permanent's ``Dragon allies you control have "Once per Turn Action - 0: Attack".``: a static ability giving an
    activated ability to every ally of that kind its controller controls (1.7.7, 6.2.3) — an ally's attack ability
    (8.2.8c: its attack-proxy attacks for it)."""
    m = _HAVE_QUOTED.fullmatch(text.strip())
    if not m:
        return None
    words = m.group(1).lower().split()[:-1]
    if ctx.resolves or any(w not in ALLY_KINDS for w in words):
        raise NotUnderstood(text)
    got = ctx.paragraph(m.group(2))
    if got is None or got.fields or got.keywords or len(got.abilities) != 1 or \
            got.abilities[0].get("kind") != "activated":
        raise NotUnderstood(text)
    to = {"subtypes": words + ["ally"], "controller": "you"}
    return Reading(abilities=[{"kind": "static", "effect": {"do": "gain-ability", "to": to,
                                                            "ability": got.abilities[0]}}])


_PITCH_TRIGGER = re.compile(r"whenever you pitch an? (.+?), (.+)", re.IGNORECASE)


def pitch_trigger(text: str, ctx) -> Reading | None:
    """A hero's or permanent's ``Whenever you pitch a red card, EFFECTS``: a trigger on each card its controller
    pitches (1.14.3: a pitch event) that fits."""
    m = _PITCH_TRIGGER.fullmatch(text.strip())
    if not m:
        return None
    if ctx.resolves or not (ctx.types & PERMANENT_TYPES or ctx.subtypes & {"aura", "item", "ally"}):
        raise NotUnderstood(text)
    from judge.cards.costs_grammar import card_noun

    spec = card_noun(m.group(1), ctx)
    frame = Frame(ctx, "trigger")
    frame.event = "pitch"
    effs = trigger_body(m.group(2), frame)
    cond = {"by": "you", **({"card": spec} if spec else {})}
    return _finish(frame, Reading(), {"kind": "trigger", "on": "pitch", "of": "any", "if": cond, "effects": effs})


_HAVE_WHILE_ATTACKING = re.compile(r"(?:if (.+?), )?((?:[a-z]+ )*?)(dragons|allies) you control have (.+?) while "
                                   r"attacking\.?", re.IGNORECASE)


def allies_have_while_attacking(text: str, ctx) -> Reading | None:
    """A hero's or permanent's ``[If COND, ]dragons you control have go again while attacking``: a static ability
    (6.2.3) giving the modifiers to each such ally of its controller's while it is an attack (8.2.8c), while COND
    holds."""
    m = _HAVE_WHILE_ATTACKING.fullmatch(text.strip())
    if not m:
        return None
    kinds = m.group(2).lower().split() + ([m.group(3).lower()[:-1]] if m.group(3).lower() == "dragons" else [])
    if ctx.resolves or any(k not in ALLY_KINDS for k in kinds):
        raise NotUnderstood(text)
    cond = ctx.condition(m.group(1)) if m.group(1) else {}
    out = []
    for eff in modifiers(m.group(4).lower()):
        eff["to"] = {"subtypes": kinds + ["ally"], "controller": "you", "is_attack": True}
        out.append({"kind": "static", **({"while": dict(cond)} if cond else {}), "effect": eff})
    return Reading(abilities=out)


_CANT_PLAY = re.compile(r"opponents can't (play cards or activate abilities|play cards|activate abilities)"
                        r"( during your turn)?\.?", re.IGNORECASE)


def opponents_cant_play(text: str, ctx) -> Reading | None:
    """A permanent's ``Opponents can't play cards [or activate abilities] [during your turn].``: a static restriction
    (1.0.2) on its controller's opponents, while it is its controller's turn when it says so."""
    m = _CANT_PLAY.fullmatch(text.strip())
    if not m:
        return None
    if ctx.resolves or not (ctx.types & PERMANENT_TYPES or ctx.subtypes & {"aura", "item", "ally"}):
        raise NotUnderstood(text)
    what = m.group(1).lower()
    effect = {"do": "restrict", "who": "opponent"}
    if "play cards" in what:
        effect["what"] = {}
    if "activate abilities" in what:
        effect["activations"] = True
    ability = {"kind": "static", "effect": effect}
    if m.group(2):
        ability["while"] = {"your_turn": True}
    return Reading(abilities=[ability])


def paragraph(text: str, ctx) -> Reading | None:
    """A whole paragraph of one of this module's shapes, or None."""
    for reader in (essence, specialization, discard_trigger, arena_trigger, nth_attack, cards_you_own_lose,
                   allies_have_ability, pitch_trigger, allies_have_while_attacking, opponents_cant_play):
        got = reader(text, ctx)
        if got is not None:
            return got
    return None
