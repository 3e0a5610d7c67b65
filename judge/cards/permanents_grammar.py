# FaB CR 1.15 counters, 8.5.14 put (counter), 8.5.16 remove (counter), 6.6.5c state-triggers, 8.3.9a boost: the card text of
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
from judge.cards.costs_grammar import COUNTER_KINDS, card_noun

_KIND = "(" + "|".join(COUNTER_KINDS) + ")"
_NONE_ON_THIS = rf"(?:there are no {_KIND} counters on this|(?:this|it) has no {_KIND} counters(?: on it)?)"


def _none_left(m, first: int) -> dict:
    """``no KIND counters`` on the card itself → the condition "at most 0 of them" (1.15)."""
    kind = m.group(first) or m.group(first + 1)
    return {"at_most": {"count": "counters", "kind": kind, "n": 0}}


def condition(p: str, ctx) -> dict | None:
    """``there are no steam counters on this`` / ``this has no steam counters [on it]`` → no counters of that
    kind on the source; ``you control a TOKEN-NAME token`` → such a token among the permanents its controller controls
    (3.0.5); ``there are 4 or more Earth cards in your banished zone`` → a count of its controller's banished cards;
    None for another phrase."""
    m = re.fullmatch(r"you control (?:a|an) (.+?) token", p)
    if m:
        rec = ctx.tokens.get(m.group(1))
        if rec is None:
            raise g.NotUnderstood(p)
        return {"you_control": {"name": rec.name}}
    m = re.fullmatch(rf"there are {g.NUM} or more (.+?) in your banished zone", p)
    if m:
        spec = card_noun(re.sub(r"cards$", "card", m.group(2)), ctx)
        return {"at_least": {"count": "in-banished", "of": spec, "n": g.number(m.group(1))}}
    m = re.fullmatch(_NONE_ON_THIS, p)
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(p)      # a card that resolves keeps no counters of its own: not this shape
    return _none_left(m, 1)


def effect(low: str, frame) -> list[dict] | None:
    """``if there are no steam counters on this, put a steam counter on it`` (a conditional put, 8.5.14, 1.8.4),
    ``if this has no steam counters, destroy it`` (a conditional destroy of the card itself, 8.5.4) and ``remove a
    steam counter from this`` (8.5.16) on a permanent."""
    m = re.fullmatch(rf"remove (a|an|\d+) {_KIND} counters? from this", low)
    if m and not frame.ctx.resolves:
        n = g.number(m.group(1))
        if (n == 1) == low.endswith("counters from this"):
            raise g.NotUnderstood(low)
        return [{"do": "remove-counter", "kind": m.group(2), "amount": n, "what": "self"}]
    m = re.fullmatch(rf"if (?P<cond>{_NONE_ON_THIS}), put an? (?P<kind>\w+) counter on (?:it|this)", low)
    if m:
        cond = condition(m.group("cond"), frame.ctx)
        if m.group("kind") != cond["at_most"]["kind"]:
            raise g.NotUnderstood(low)      # "it" would not be the card whose counters were counted
        return [{"do": "put-counter", "kind": m.group("kind"), "amount": 1, "what": "self", "if": cond}]
    m = re.fullmatch(rf"if (?P<cond>{_NONE_ON_THIS}), destroy (?:it|this)", low)
    if m:
        return [{"do": "destroy", "what": "self", "if": condition(m.group("cond"), frame.ctx)}]
    return None


_WHEN_BOOST = re.compile(r"^(once per turn, )?(?:when|whenever) you boost a card, (.+?)\.?$", re.IGNORECASE)


def boost_trigger(text: str, ctx) -> g.Reading | None:
    """``[Once per turn,] when you boost a card, EFFECTS`` of a permanent → a trigger on its controller's boost
    event (8.3.9a), limited to once each turn when it says so (6.6.1a)."""
    m = _WHEN_BOOST.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "boost"
    effects = []
    for part in re.split(r" and (?=gain\b)", m.group(2)):     # "remove a steam counter from this and gain {r}"
        effects.extend(ctx.effects(part, frame))
    ability = {"kind": "trigger", "on": "boost", "of": "any", "if": {"by": "you"}, "effects": effects}
    if m.group(1):
        ability["limit"] = 1
    return g._finish(frame, g.Reading(), ability)


_DEFENDS_AN_ATTACK = re.compile(r"^when this defends an attack with (go again|overpower|dominate|\{p\} greater than its base), "
                                r"(.+?)\.?$", re.IGNORECASE)
_ATTACK_WITH = {"go again": {"keyword": "go again"}, "overpower": {"keyword": "overpower"},
                "dominate": {"keyword": "dominate"}, "{p} greater than its base": {"power_above_base": True}}


def defends_attack_with(text: str, ctx) -> g.Reading | None:
    """``When this defends an attack with go again | overpower | {p} greater than its base, EFFECTS`` of a card that
    defends → its defends trigger with a condition on the attack it defends, read as the event occurs (6.6.5);
    ``mark the attacking hero`` (8.5.50) is that attack's hero."""
    m = _DEFENDS_AN_ATTACK.match(text.strip())
    if not m:
        return None
    if ctx.is_attack or ctx.types & {"weapon", "hero"}:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "defends"
    body = m.group(2).strip()
    if body.lower() == "mark the attacking hero":
        effects = [{"do": "mark", "who": "attacking-hero"}]
    else:
        effects = ctx.effects(body, frame)
    ability = {"kind": "trigger", "on": "defends", "if": {"attack": dict(_ATTACK_WITH[m.group(1).lower()])},
               "effects": effects}
    return g._finish(frame, g.Reading(), ability)


_YOUR_CARDS_GET = re.compile(r"^your ((?:[a-z]+ )*?attack action) cards get (.+?)\.?$", re.IGNORECASE)


def your_cards_get(text: str, ctx) -> g.Reading | None:
    """``Your Mechanologist attack action cards get +1{p} | go again | overpower`` of a permanent → a static ability
    for each modifier, on every card its controller controls that fits (6.2.3: it applies while the permanent is
    functional)."""
    m = _YOUR_CARDS_GET.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    spec = g.selector(m.group(1).lower() + " card", ctx)
    if spec.get("is_attack") or spec.get("types") != ["action"] or spec.get("subtypes") != ["attack"]:
        raise g.NotUnderstood(text)       # cards, by their types (1.2.2c): not attacks
    spec["controller"] = "you"
    reading = g.Reading()
    for eff in g.modifiers(m.group(2).lower()):
        eff["to"] = dict(spec)
        reading.abilities.append({"kind": "static", "effect": eff})
    return reading


_YOURS_HITS = re.compile(r"^(once per turn effect - )?when an? (.+?) you control hits( a hero)?, (.+?)\.?$", re.IGNORECASE)


def yours_hits_a_hero(text: str, ctx) -> g.Reading | None:
    """``[Once per turn Effect -] When a Mechanologist attack action card | a weapon you control hits [a hero],
    EFFECTS`` of a hero or permanent → a trigger on any hit (7.5.5) whose attack is such a card or weapon of its
    controller (and attacks a hero, when it says so), limited to once a turn when labelled so (6.6.1a). Its effects:
    ``destroy this``, ``deal N damage to them`` (the hero hit, the chain link's defending hero) and, after a weapon,
    ``you may attack an additional time with that weapon this turn`` (5.2.3)."""
    m = _YOURS_HITS.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    noun = m.group(2).lower()
    if noun == "weapon":
        spec = {"types": ["weapon"]}
    else:
        spec = g.selector(noun, ctx)
        if spec.get("is_attack") or spec.get("types") != ["action"] or spec.get("subtypes") != ["attack"]:
            raise g.NotUnderstood(text)   # an attack action card, by its types (1.2.2c)
    spec["controller"] = "you"
    effects = []
    for part in re.split(r" and (?=deal\b)", m.group(4).strip().lower()):
        dm = re.fullmatch(rf"deal {g.NUM} damage to them", part)
        if part == "destroy this":
            effects.append({"do": "destroy", "what": "self"})
        elif dm and m.group(3):
            effects.append({"do": "damage", "amount": g.number(dm.group(1)), "to": "defending-hero"})
        elif part == "you may attack an additional time with that weapon this turn" and noun == "weapon":
            # an additional activation of that weapon's attack ability beyond its limit (5.2.3), if they choose to
            effects.append({"do": "additional-activations", "count": 1, "attack_only": True, "to": "attack",
                            "may": True})
        else:
            raise g.NotUnderstood(text)
    cond: dict = {"attack": spec}
    if m.group(3):
        cond["attacks_hero"] = True
    ability = {"kind": "trigger", "on": "hit", "of": "any", "if": cond, "effects": effects}
    if m.group(1):
        ability["limit"] = 1
    return g.Reading(abilities=[ability])


_EQUAL_TO = re.compile(r"^this's \{(p|d)\} is equal to the number of opposing heroes with greater \{h\} than you\.?$",
                       re.IGNORECASE)


def equal_to_count(text: str, ctx) -> g.Reading | None:
    """``this's {d} is equal to the number of opposing heroes with greater {h} than you`` → a property-static
    ability defining the printed ``*`` value (5.4.5), functional in every zone."""
    m = _EQUAL_TO.match(text.strip())
    if not m:
        return None
    stat = {"p": "power", "d": "defense"}[m.group(1).lower()]
    if getattr(ctx.record, stat) != "*":
        raise g.NotUnderstood(text)       # it defines a value the card prints as *
    return g.Reading(abilities=[{"kind": "property", "defines": [stat], "count": "opposing-heroes-with-more-life"}])


_WHILE_PITCHED = re.compile(r"^while there are (\d+) or more cards with cost (\d+) or (greater|less) in your pitch zone, "
                            r"this (?:has|gets) (.+?)\.?$", re.IGNORECASE)


def while_pitched(text: str, ctx) -> g.Reading | None:
    """``While there are 2 or more cards with cost 3 or greater in your pitch zone, this has +2{p}`` of a weapon or
    an attack → a static ability while its controller's pitch zone holds that many such cards (1.8.4c)."""
    m = _WHILE_PITCHED.match(text.strip())
    if not m:
        return None
    if not (ctx.is_weapon or ctx.is_attack):
        raise g.NotUnderstood(text)
    cost = {"min_cost" if m.group(3).lower() == "greater" else "max_cost": int(m.group(2))}
    cond = {"at_least": {"count": "in-pitch", "of": cost, "n": int(m.group(1))}}
    return g.Reading(abilities=[{"kind": "static", "while": cond, "effect": eff}
                                for eff in g.modifiers(m.group(4).lower())])


_WHEN_NONE = re.compile(rf"^when {_NONE_ON_THIS}, destroy (?:it|this)\.?$", re.IGNORECASE)


_ENTER_WITH = re.compile(r"(non-token )?(.+?) you control enter the arena with (an|\d+) additional (\w+) counters?\.?",
                         re.IGNORECASE)


def yours_enter_with(text: str, ctx) -> g.Reading | None:
    """``[Non-token] NAMEs you control enter the arena with an additional steam counter`` of a permanent: a static
    ability whose effect is an identity-replacement on the event of such a card entering the arena (6.4.8)."""
    m = _ENTER_WITH.fullmatch(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    n = 1 if m.group(3).lower() == "an" else int(m.group(3))
    if (n == 1) != (m.group(3).lower() == "an") or (n == 1) == text.rstrip(". ").lower().endswith("counters"):
        raise g.NotUnderstood(text)
    to = {**g.permanent_noun(m.group(2), ctx), "controller": "you"}
    if m.group(1):
        to["not_types"] = ["token"]
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "enters-with", "to": to,
                                                              "counters": {m.group(4).lower(): n}}}])


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this has no steam counters on it, destroy it`` of a permanent → a state-trigger (6.6.5c): it triggers
    when the game state comes to meet its condition — as the last counter is removed, or at once if the card is
    without them as it becomes functional; or a boost trigger (:func:`boost_trigger`), a defends trigger on the
    attack's kind (:func:`defends_attack_with`), a static bonus to its controller's cards (:func:`your_cards_get`), a trigger on their hits (:func:`yours_hits_a_hero`), a value defined by a count (:func:`equal_to_count`), a bonus while cards are pitched (:func:`while_pitched`)."""
    m = _WHEN_NONE.match(text.strip())
    if not m:
        return boost_trigger(text, ctx) or defends_attack_with(text, ctx) or your_cards_get(text, ctx) or \
            yours_hits_a_hero(text, ctx) or equal_to_count(text, ctx) or while_pitched(text, ctx) or \
            yours_enter_with(text, ctx)
    if ctx.resolves:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "trigger", "on": "state", "if": _none_left(m, 1),
                                 "effects": [{"do": "destroy", "what": "self"}]}])
