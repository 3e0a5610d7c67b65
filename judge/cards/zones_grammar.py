# FaB CR 8.5.1 banish, 8.5.2 create, 5.1.2b playing from another zone: card-text phrases that move or create cards.
"""Card-text grammar of effects that create a card in a zone or move a card out of one, and the permission to
play the card so created or moved (``You may play it this turn``).

``create a NAME in your hand|banished zone`` (a card of the card data that is not a token, such as one with
ephemeral: the created card has that card's printed properties and its own text compiled);
``banish a card from their graveyard`` in an attack's hit or attack trigger (the defending hero's graveyard);
``you may play it this turn`` right after an effect that created or banished that one card of yours.

:mod:`judge.cards.grammar` calls :func:`effect` before its own rules: it returns None when the sentence is not
one of its shapes and raises :class:`~judge.cards.phrases.NotUnderstood` when it is one but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

ZONES = {"your hand": "hand", "your banished zone": "banished"}

# "If this would be put into your graveyard from anywhere, instead …": the new destination of its own move
INSTEAD = {"put it on the bottom of your deck": "deck", "banish it": "banished"}


def paragraph(text: str, ctx) -> g.Reading | None:
    """``If this would be put into your graveyard from anywhere, instead put it on the bottom of your deck | banish
    it``: a standard-replacement of the card's own move, functional wherever it is as it would move (6.4.9, 1.7.4j)
    — ``kind = "replacement"``; None for another paragraph."""
    m = re.fullmatch(r"if this would be put into your graveyard from anywhere, instead (.+?)\.?", text.lower())
    if not m:
        return None
    if m.group(1) not in INSTEAD:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "replacement", "would": "graveyard", "instead": INSTEAD[m.group(1)]}])


# a card banished from the deck by a boost, as printed: "an item or equipment" → the selector of either noun
BOOST_NOUNS = {"item": {"subtypes": ["item"]}, "equipment": {"types": ["equipment"]}}


def condition(p: str, ctx) -> dict | None:
    """``an item or equipment was banished from boosting this`` on a card with boost (8.3.9) → ``{boost_banished =
    SELECTOR}``: the card its boost banished fits; None for another condition."""
    m = re.fullmatch(r"an? (.+?) was pitched to play (?:it|this)", p)
    if m and ctx.resolves and m.group(1) != "card":
        from judge.cards.costs_grammar import card_noun

        return {"pitched_for": card_noun(m.group(1), ctx)}   # a card pitched while paying for this card (1.14.3)
    m = re.fullmatch(r"a card with (\d+) or more \{p\} was discarded as an additional cost to play (?:it|this)", p)
    if m and ctx.resolves:
        return {"paid_with": {"min_power": int(m.group(1))}}   # the card its own additional cost discarded (5.1.3b)
    m = re.fullmatch(r"you(?:'ve| have) (boost|crank)ed this turn", p)
    if m:   # 8.3.9a, 8.3.29a: the player has boosted / cranked — an event of this turn
        return {"at_least": {"count": "events-this-turn", "event": m.group(1), "by": "you", "n": 1}}
    if p in ("you've dealt damage this turn", "you have dealt damage this turn"):
        # a damage event this turn whose source its controller controlled (8.5.3a, 8.2.8e), any type, to any hero
        return {"at_least": {"count": "events-this-turn", "event": "dealt-damage", "by": "you", "n": 1}}
    m = re.fullmatch(r"an? (.+?) (?:was|is) banished from boosting this", p)
    if not m:
        return None
    if "boost" not in {str(k).lower() for k in ctx.record.keyword_list() if isinstance(k, str)}:
        raise g.NotUnderstood(p)        # only a card with boost banishes by boosting it
    nouns = m.group(1).split(" or ")
    if any(n not in BOOST_NOUNS for n in nouns):
        raise g.NotUnderstood(p)
    specs = [dict(BOOST_NOUNS[n]) for n in nouns]
    return {"boost_banished": specs[0] if len(specs) == 1 else {"any_of": specs}}


def effect(low: str, frame) -> list[dict] | None:
    """An effect sentence of one of this module's shapes → effect tables; None for another sentence."""
    for reader in (_create_card, _play_it, _banish_from_their, _banish_up_to, _banish_self, _all_to_deck_bottom,
                   _damage_unless_paid):
        got = reader(low, frame)
        if got is not None:
            return got
    return None


def _create_card(low: str, frame) -> list[dict] | None:
    """``create a NAME in your hand|banished zone`` → ``create-card`` with the card's printed properties."""
    m = re.fullmatch(r"create an? (.+?) in (your hand|your banished zone)", low)
    if not m:
        return None
    props = frame.ctx.card_properties(m.group(1)) if frame.ctx.card_properties else None
    if props is None:
        raise g.NotUnderstood(low)      # not one printed card fully compiled (a token, several colours, …)
    frame.it = "yours"                  # "it" is now that card, in a zone of its controller's
    return [{"do": "create-card", **props, "zone": ZONES[m.group(2)]}]


def _play_it(low: str, frame) -> list[dict] | None:
    """``you may play it this turn`` after an effect that put one card of its controller's into their hand or
    banished zone: an allowance to play that object from there this turn (5.1.2b)."""
    if low != "you may play it":
        return None
    if frame.last_it != "yours" or not frame.this_turn:
        raise g.NotUnderstood(low)      # "it" names no card this grammar followed (or another player's card)
    frame.it = None
    return [{"do": "allow-play", "what": "it"}]


def _banish_from_their(low: str, frame) -> list[dict] | None:
    """``banish a card from their graveyard`` / ``banish|destroy a card in their arsenal`` / ``they banish a card from
    their hand`` in an attack's hit or attack trigger: a card of that zone of the defending hero's, chosen as the effect is
    generated (1.8.6)."""
    m = re.fullmatch(r"(banish|destroy) an? card (?:from their graveyard|in their (arsenal))", low) or \
        re.fullmatch(r"they (banish) an? card from their (hand)", low)
    if not m:
        return None
    if frame.event not in ("hit", "attack") or not (frame.ctx.is_attack or frame.ctx.is_weapon):
        raise g.NotUnderstood(low)      # "their": the hero this attack hits or attacks
    if m.group(1) == "destroy" and not m.group(2):
        raise g.NotUnderstood(low)      # a card in a graveyard is not destroyed (8.5.4: from the arena or arsenal …)
    frame.it = None
    # destroy (8.5.4) or banish (8.5.1) a card of that zone of the defending hero's, chosen as it is generated (1.8.6)
    return [{"do": m.group(1), "what": {"zone": m.group(2) or "graveyard"}, "who": "defending-hero"}]


def _banish_self(low: str, frame) -> list[dict] | None:
    """``banish this`` in a permanent's triggered ability: the permanent moves to its owner's banished zone (8.5.1)."""
    if low != "banish this":
        return None
    if frame.ctx.resolves or frame.where != "trigger":
        raise g.NotUnderstood(low)
    return [{"do": "banish", "what": "self"}]


def _banish_up_to(low: str, frame) -> list[dict] | None:
    """``banish up to N cards in|from an opposing hero's graveyard`` as a card resolves: 0 to N cards of that
    graveyard, the player's choice as the effect is generated (8.5.1, 1.8.6); "… banished this way" and "that
    hero" after it read them (choices_grammar.banished_this_way)."""
    m = re.fullmatch(rf"banish up to {g.NUM} cards (?:in|from) an opposing hero's graveyard", low)
    if not m:
        return None
    if frame.where != "resolution":
        raise g.NotUnderstood(low)
    frame.banished_here = "opponent"    # "that hero": the opposing hero whose graveyard it is
    return [{"do": "banish", "what": {"zone": "graveyard"}, "who": "opponent", "amount": g.number(m.group(1)),
             "up_to": True}]


def _all_to_deck_bottom(low: str, frame) -> list[dict] | None:
    """``put all cards from your hand [and arsenal] on the bottom of your deck`` (8.5.15): every card of those
    zones of its controller's, zone by zone."""
    m = re.fullmatch(r"put all cards from your (hand|arsenal)(?: and (arsenal|hand))? on the bottom of your deck", low)
    if not m:
        return None
    zones = [z for z in (m.group(1), m.group(2)) if z]
    if len(set(zones)) != len(zones):
        raise g.NotUnderstood(low)
    return [{"do": "put", "what": {"zone": z}, "amount": "all", "to": "deck"} for z in zones]


def _damage_unless_paid(low: str, frame) -> list[dict] | None:
    """A permanent's ``it deals N damage to you unless you pay {r}…`` (an affliction's upkeep): damage its
    controller takes unless they pay (``unless_paid``, 1.8.4b; their choice is the file's, never guessed)."""
    m = re.fullmatch(r"it deals (\d+) damage to you unless you pay ((?:\{r\})+)", low)
    if not m:
        return None
    if frame.ctx.resolves or frame.where != "trigger":
        raise g.NotUnderstood(low)      # "it": the permanent whose triggered ability this is
    return [{"do": "damage", "amount": int(m.group(1)), "to": "you",
             "unless_paid": {"resources": m.group(2).count("{r}"), "by": "you"}}]
