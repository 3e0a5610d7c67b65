"""Card-text grammar for costs and activation conditions (FaB CR 5.2.1c, 5.2.1e, 1.14.4, 5.1.3b): the parts
of an activated ability written before its colon and its "Activate this only …" sentence.

Each reader returns the scenario table the engine plays (docs/scenario-format.md: ``effect_cost`` lists,
``if`` on an activated ability) or raises :class:`~judge.cards.phrases.NotUnderstood`: precision first.
"""

from __future__ import annotations

import re

from judge.cards import tapping_grammar
from judge.cards.phrases import STATE_CONDITIONS, listed_keywords, NUM, NotUnderstood, Reading, number, sentences
from judge.cards.subcards_grammar import cost_part as under_cost

COUNTER_KINDS = ("steam", "energy", "haunt", "aim", "flow", "verse", "lightning", "stain", "bauble", "gold")
COLORS = ("red", "yellow", "blue")


def card_noun(phrase: str, ctx) -> dict:
    """``card`` / ``red card`` / ``Assassin card`` / ``instant`` / ``instant card`` → a selector for a card in
    a zone (a colour, supertypes of the pool, or one card type); ``card with watery grave`` → with that keyword
    (1.3.2); a card name of the card data → a card of that name (1.3.1a)."""
    low = phrase.strip().lower()
    if low in ctx.names:
        return {"name": ctx.names[low]}
    spec: dict = {}
    km = re.fullmatch(r"(.+?) with ([a-z ]+)", low)
    if km and km.group(2) in listed_keywords()[0]:
        low, spec["keyword"] = km.group(1), km.group(2)
    words = low.split()
    if words and words[0] in COLORS:
        spec["color"] = words.pop(0)
    sups = []
    while words and words[0] in ctx.pool_supertypes:
        sups.append(words.pop(0))
    if sups:
        spec["supertypes"] = sups
    rest = " ".join(words)
    if rest in ("instant", "instant card"):
        spec["types"] = ["instant"]
    elif rest == "attack action card":
        spec.update(types=["action"], subtypes=["attack"])
    elif rest in ("'non-attack' action card", "non-attack action card"):
        spec.update(types=["action"], not_subtypes=["attack"])
    elif rest != "card":
        raise NotUnderstood(phrase)
    return spec


def cost_phrases(costs: str) -> list[str]:
    """The costs written between an activated ability's dash and its colon, one phrase each (lower case): split
    at commas, and ``banish this and a card from …`` into its two banishes (5.2.1c)."""
    out = []
    for part in (p.strip().lower() for p in costs.split(",")):
        m = re.fullmatch(r"banish this and (an? .+)", part)
        out.extend(["banish this", f"banish {m.group(1)}"] if m else [part])
    return out


def cost_part(part: str, ctx) -> dict:
    """One effect-cost of an activated ability (between the dash and the colon, 5.2.1c) → an effect table."""
    p = part.strip().lower()
    tap = tapping_grammar.cost(p, ctx)   # {t}, {t} a cog you control (2026-02 1.12.4g)
    if tap is not None:
        return tap
    if p == "discard a random card":
        return {"do": "discard", "random": True}
    m = re.fullmatch(r"discard (?:a|an) (.+)", p)
    if m:
        return {"do": "discard", "what": dict(zone="hand", **card_noun(m.group(1), ctx))}
    m = re.fullmatch(rf"remove {NUM} ([a-z]+) counters? from this", p)
    if m and m.group(2) in COUNTER_KINDS:
        return {"do": "remove-counter", "kind": m.group(2), "amount": number(m.group(1))}
    if p == "banish this":
        return {"do": "banish", "what": "self"}
    if under_cost(p) is not None:       # "destroy a card under this" (3.0.14)
        return under_cost(p)
    m = re.fullmatch(r"banish (?:a|an) (.+?) from (?:your hero's|this's) soul", p)
    if m and (m.group(0).find("this's") < 0 or ctx.types & {"hero", "demi-hero"}):
        # a card of its controller's hero's soul (3.11.5), chosen as the cost is paid; "this's soul" on a hero
        return {"do": "banish", "what": dict(zone="soul", **card_noun(m.group(1), ctx))}
    if p == "charge your hero's soul":     # 8.5.29: a card from hand to the hero's soul
        return {"do": "charge"}
    if p == "put this on the bottom of its owner's deck":
        return {"do": "put", "what": "self", "to": "deck"}
    if p in ("turn this face-up", "turn this face up"):
        return {"do": "turn-face-up", "what": "self"}
    raise NotUnderstood(part)


def board_condition(p: str, ctx) -> dict | None:
    """What its controller did this turn or has in their pitch zone: ``you've discarded a card with 6 or more {p}
    this turn`` → a count of this turn's discard events; ``you've played a red card this turn`` →
    ``{played_this_turn = {color = "red"}}`` (a card name of the data: that card, 1.3.1a); ``you have a yellow
    card in your pitch zone`` / ``there is a Chivalry in your pitch zone`` / ``you have a card in your pitch zone
    with cost 0`` → ``{pitched = SELECTOR}``. None for another phrase."""
    m = re.fullmatch(r"you(?:'ve| have) played (?:a|an) (.+) this turn", p)
    if m:
        if m.group(1) in ctx.names:     # "if you've played NAME this turn": a card of that name (1.3.1a)
            return {"played_this_turn": {"name": ctx.names[m.group(1)]}}
        return {"played_this_turn": card_noun(m.group(1), ctx)}
    if p in ("you have less {h} than an opposing hero", "you have less life than an opposing hero"):
        return {"less_life_than_an_opponent": True}
    m = re.fullmatch(r"you(?:'ve| have) pitched (?:a|an) (.+) this turn", p)
    if m:   # a pitch event of theirs this turn (1.14.3: pitching a card for its resources)
        return {"pitched_this_turn": card_noun(m.group(1), ctx)}
    m = re.fullmatch(r"you(?:'ve| have) discarded a card with (\d+) or more \{p\} this turn", p)
    if m:   # 8.5.5: a discard event of this turn by its controller, of a card with that much power
        return {"at_least": {"count": "events-this-turn", "event": "discard", "by": "you",
                             "of": {"min_power": int(m.group(1))}, "n": 1}}
    m = re.fullmatch(r"(?:you have|there is) (?:a|an) (.+?) in your pitch zone( with cost \d+)?", p)
    if m:
        if m.group(1) in ctx.names and not m.group(2):
            return {"pitched": {"name": ctx.names[m.group(1)]}}
        spec = card_noun(re.sub(r" with cost .*", "", m.group(1)), ctx)
        cost = re.search(r" with cost (\d+)( or greater)?$", m.group(1) + (m.group(2) or ""))
        if cost:
            spec["min_cost"] = int(cost.group(1))
            if not cost.group(2):
                spec["max_cost"] = int(cost.group(1))
        elif " with " in m.group(1):
            raise NotUnderstood(p)
        return {"pitched": spec}
    return None


def activation_condition(phrase: str, ctx) -> dict:
    """The CONDITION of an activated ability (5.2.1e): ``while this is defending`` → ``{defending = true}``,
    ``if you've boosted this turn`` → a count of this turn's boost events, ``if you've played a red card
    this turn`` → ``{played_this_turn = {color = "red"}}``."""
    p = phrase.strip().lower()
    m = re.fullmatch(r"while this(?: card)? is (defending|attacking|face-down)", p)
    if m:
        return {{"face-down": "face_down"}.get(m.group(1), m.group(1)): True}
    m = re.fullmatch(r"if you(?:'ve| have) (boost|crank)ed this turn", p)
    if m:   # 8.3.9a, 8.3.29a: the player has boosted / cranked — an event of this turn
        return {"at_least": {"count": "events-this-turn", "event": m.group(1), "by": "you", "n": 1}}
    if p.startswith("if "):
        got = board_condition(p[3:], ctx)
        if got is not None:
            return got
    if p in ("if you have no cards in hand", "if you have no cards in your hand"):
        return {"at_most": {"count": "in-hand", "n": 0}}
    m = re.fullmatch(rf"if you have {NUM} or more cards in (?:your )?hand", p)
    if m:
        return {"at_least": {"count": "in-hand", "n": number(m.group(1))}}
    if p in ("if you've been dealt damage this turn", "if your hero has been dealt damage this turn"):
        return {"dealt_damage_this_turn": True}
    if p == "during an opponent's turn":
        return {"your_turn": False}
    if p.startswith("if "):
        # any other condition of the grammar that reads only the game state, as the ability is activated (5.2.1e)
        got = ctx.condition(p[3:])
        if set(got) <= STATE_CONDITIONS:
            return got
    raise NotUnderstood(phrase)


ACTIVATE_ONLY = re.compile(r"\.?\s*activate this(?: ability)? only (.+?)\.?$", re.IGNORECASE)


def split_condition(body: str, ctx) -> tuple[str, dict | None]:
    """The ABILITIES of an activated ability and its activation condition, when a last sentence says
    "Activate this [ability] only …" (5.2.1e)."""
    m = ACTIVATE_ONLY.search(body)
    if not m:
        return body, None
    return body[: m.start()].strip(), activation_condition(m.group(1), ctx)


def paid_condition(phrase: str) -> dict | None:
    """A condition on the cards a card's own additional cost moved ("this way", 5.1.3b): ``the discarded card
    has 6 or more {p}`` / ``a card with 6 or more {p} is banished this way`` → ``{paid_with = {min_power =
    6}}``; None for any other phrase."""
    p = phrase.strip().lower()
    m = re.fullmatch(r"an? (red|yellow|blue) card (?:is|was) charged this way", p)
    if m:   # 8.5.29a: the card charged by the card's own additional cost
        return {"paid_with": {"color": m.group(1)}}
    m = re.fullmatch(r"the discarded card has (\d+) or more \{p\}", p) or \
        re.fullmatch(r"a card with (\d+) or more \{p\} is (?:banished|discarded) this way", p)
    return {"paid_with": {"min_power": int(m.group(1))}} if m else None


ADDITIONAL = re.compile(r"^as an additional cost to play this,? (.+?)\.?$", re.IGNORECASE)


def additional_cost(text: str, ctx, read_rest):
    """``As an additional cost to play this, discard a random card.`` (5.1.3b) → an ``additional-cost``
    ability; the paragraph's later sentences are read as a paragraph of their own by ``read_rest``. None when
    the paragraph does not open so."""
    parts = sentences(text)
    m = ADDITIONAL.match(parts[0]) if parts else None
    if not m:
        return None
    if not ctx.resolves:
        raise NotUnderstood(text)      # a permanent's "play this": not a card played from hand here
    phrase = m.group(1)
    optional = phrase.lower().startswith("you may ")   # an optional additional cost (5.1.3b)
    cost = _card_cost(phrase[len("you may "):] if optional else phrase)
    reading = Reading(abilities=[{"kind": "additional-cost", "effects": [cost], **({"optional": True} if optional
                                                                                  else {})}])
    if len(parts) > 1:
        rest = read_rest(". ".join(parts[1:]) + ".", ctx)
        if rest is None:
            raise NotUnderstood(text)
        reading.abilities += rest.abilities
        reading.keywords += rest.keywords
        reading.fields.update(rest.fields)
    return reading


def _card_cost(phrase: str) -> dict:
    p = phrase.strip().lower()
    if p == "discard a random card":
        return {"do": "discard", "random": True}
    m = re.fullmatch(rf"banish {NUM} random cards? (?:from|in) your (graveyard|hand)", p)
    if m:
        return {"do": "banish", "what": {"zone": m.group(2)}, "amount": number(m.group(1)), "random": True}
    if p in ("banish a random card from your hand", "banish a random card from hand"):
        return {"do": "banish", "what": {"zone": "hand"}, "amount": 1, "random": True}
    m = re.fullmatch(r"reveal an? (card|attack action card) (?:in|from) your hand with cost (\d+) or (less|greater)", p)
    if m:   # 8.5.17: the player reveals a card of their choice from hand
        spec = {"zone": "hand", ("max_cost" if m.group(3) == "less" else "min_cost"): int(m.group(2))}
        if m.group(1) != "card":
            spec.update(types=["action"], subtypes=["attack"])
        return {"do": "reveal", "what": spec}
    if p == "charge your hero's soul":   # 8.5.29: a card from hand to the hero's soul
        return {"do": "charge"}
    if p == "put a card from your arsenal on the bottom of your deck":
        return {"do": "put", "what": {"zone": "arsenal"}, "to": "deck"}
    raise NotUnderstood(phrase)


def paragraph(text: str, ctx):
    """A whole paragraph of one of this module's shapes ("As an additional cost to play this, …"), or None."""
    return additional_cost(text, ctx, lambda rest, c: c.paragraph(rest))
