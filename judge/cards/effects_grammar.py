"""More of the card-text grammar (CR 1.8 effects, 6.6 triggers, 8.4 labels, 8.5 discrete effects): next-card
selectors with their duration and cost, granted quoted abilities, counts of defending cards, counters and
keywords as conditions, zone moves of the card itself, the Unity label, token triggers.

:mod:`judge.cards.grammar` calls the hooks here (``effect``, ``condition``, ``paragraph``) before its own
rules: each returns None when the phrase is not one of its shapes, and raises
:class:`~judge.cards.phrases.NotUnderstood` when it is one of its shapes but not captured whole.
"""

from __future__ import annotations

import copy
import re

from judge.cards import phrases as g

DEFENDING_NOUNS = {"equipment": {"types": ["equipment"]}, "non-equipment cards": {"not_types": ["equipment"]},
                   "cards": {}, "action cards": {"types": ["action"]},
                   "attack action cards": {"types": ["action"], "subtypes": ["attack"]}}
# counter kinds a card's own text counts on itself (1.15): named kinds only, not +1{p} counters
COUNTER_KINDS = ("aim", "steam", "verse", "flow", "energy", "lightning", "balance", "rust", "bait", "level")


# ---------------------------------------------------------------------------------------------------------
# effect sentences
# ---------------------------------------------------------------------------------------------------------

def effect(low: str, frame, original: str) -> list[dict] | None:
    """An effect sentence of one of this module's shapes (``low``: lowercase, duration kept) → effect tables."""
    for reader in (_granted_quote, _next_card, _next_cost, _own_cost, _zone_self, _top_of_deck, _create_tokens,
                   _damage_any, _search_named):
        got = reader(low, frame)
        if got is not None:
            return got
    return None


def _damage_any(low: str, frame) -> list[dict] | None:
    """``deal N [arcane] damage to any target`` (8.5.3, 1.8.5): the target is a hero or a living object (an
    ally); the card or ability declares it (``target = "any"``)."""
    m = re.fullmatch(rf"deal {g.NUM}( arcane)? damage to any target", low)
    if not m:
        return None
    frame.declare("any")
    eff = {"do": "damage", "amount": g.number(m.group(1)), "to": "target"}
    if m.group(2):
        eff["kind"] = "arcane"
    return [eff]


def _search_named(low: str, frame) -> list[dict] | None:
    """``search your deck for a card named NAME | a NAME, reveal it, put it into your hand, then shuffle [your deck]``
    (8.5.19): by name only — any copy is the same choice; a search for a kind of card is the player's choice
    among different cards, which the format does not let a file name."""
    if re.fullmatch(r"shuffle(?: your deck)?", low) and getattr(frame, "searched", False):
        frame.searched = False
        return []                       # the search's own shuffle (the engine shuffles after every search)
    m = re.fullmatch(r"search your deck for (?:a card named |an? )(.+?), reveal it, put it into your hand", low)
    if not m:
        return None
    name = frame.ctx.names.get(m.group(1))
    if name is None:
        raise g.NotUnderstood(low)
    frame.searched = True               # "…, then shuffle" follows as its own part of the sentence
    return [{"do": "search", "for": {"name": name}, "then": "hand"}]


def _granted_quote(low: str, frame) -> list[dict] | None:
    """``SUBJECT gets|gains|has [MODIFIERS,] [and] "TRIGGERED ABILITY"``: the modifiers, then a
    ``gain-ability`` with the quoted triggered ability read by the trigger grammar (6.6)."""
    m = re.fullmatch(r'(.+?) (?:gets|gains|has) (?:(.+?),? and )?"([^"]+)"', low)
    if not m:
        return None
    fields, _ = g.subject(m.group(1), frame)
    out = []
    for eff in g.modifiers(m.group(2)) if m.group(2) else []:
        eff.update(fields)
        out.append(eff)
    quoted = g.normalise(m.group(3), "")
    granted = _receiver(fields, frame).trigger(quoted[0].upper() + quoted[1:])
    if granted is None or len(granted.abilities) != 1 or granted.fields:
        raise g.NotUnderstood(m.group(3))
    ability = granted.abilities[0]
    if "target" in ability:
        raise g.NotUnderstood(m.group(3))       # the granted trigger's own target: not written by the format
    out.append({"do": "gain-ability", "to": fields.get("to", "self"), **({"next": True} if fields.get("next") else {}),
                "ability": ability})
    return out


def _receiver(fields: dict, frame):
    """The context a granted ability is read in: its "this" is the object that gains it — an attack when the
    subject is one ("your next dagger attack", "target attack", an attack's "this"), else the card itself."""
    to = fields.get("to", "self")
    target = frame.target
    is_attack = isinstance(to, dict) and to.get("is_attack") or to == "self" and frame.ctx.is_attack or \
        to == "target" and (target == "attack" or isinstance(target, dict)
                            and (target.get("is_attack") or "attack" in target.get("subtypes", ())))
    if not is_attack or frame.ctx.is_attack:
        return frame.ctx
    view = copy.copy(frame.ctx)
    view.types, view.subtypes = {"action"}, {"attack"}     # what a trigger of an attack may say of "this"
    return view


NEXT_DURATIONS = ((" this turn", None), (" this combat chain", "chain"))


def next_card_subject(phrase: str, ctx) -> dict | None:
    """``the next NOUN you play [this turn|this combat chain] [with cost N or less|greater]`` → ``next`` fields
    with ``duration``; NOUN is a card name of the data or a card selector that is not an attack (5.1.2a)."""
    m = re.fullmatch(r"the next (.+?) you play( this turn| this combat chain)?((?: with cost \d+ or (?:less|greater|more))?)",
                     phrase)
    if not m:
        return None
    noun = m.group(1)
    if noun in ctx.names and not m.group(3):
        spec = {"name": ctx.names[noun]}
    else:
        spec = g.selector(noun + m.group(3), ctx)
        if spec.get("is_attack"):
            raise g.NotUnderstood(phrase)       # "the next attack": also a weapon's? not said
    fields = {"next": True, "to": spec}
    dur = dict(NEXT_DURATIONS).get(m.group(2) or " this turn")
    if dur:
        fields["duration"] = dur
    return fields


def _next_card(low: str, frame) -> list[dict] | None:
    """``The next … you play this combat chain|with cost N or less gets MODIFIERS`` (the shapes the base
    grammar does not read: a duration or a cost after "you play")."""
    m = re.fullmatch(r"(the next .+? you play (?:this turn|this combat chain)?(?: ?with cost \d+ or \w+)?) (?:gets|gains) (.+)",
                     low)
    if not m or m.group(1).endswith(" you play"):
        return None
    fields = next_card_subject(m.group(1), frame.ctx)
    if fields is None:
        return None
    out = []
    for eff in g.modifiers(m.group(2)):
        eff.update(fields)
        out.append(eff)
    return out


def _next_cost(low: str, frame) -> list[dict] | None:
    """``the next NOUN you play this turn costs {r} less to play`` (5.1.6a): a cost effect on the next card
    played that fits."""
    m = re.fullmatch(r"(the next .+? you play(?: this turn| this combat chain)?) costs ((?:\{r\})+) less to play", low)
    if not m:
        return None
    fields = next_card_subject(m.group(1), frame.ctx)
    if fields is None:
        raise g.NotUnderstood(low)
    return [{"do": "cost", "by": -m.group(2).count("{r}"), **fields}]


def _own_cost(low: str, frame) -> list[dict] | None:
    """``this costs {r} less to play [and has|gets MODIFIERS]``: the card's own cost (a play-static ability,
    5.4.4), as the effect of a static ability (combo: while the last attack fits, 8.4.1)."""
    m = re.fullmatch(r"this costs ((?:\{r\})+) less to play(?: and (?:has|gets) (.+))?", low)
    if not m or frame.where != "static":
        return None
    out = [{"do": "cost", "by": -m.group(1).count("{r}")}]
    if m.group(2):
        fields, _ = g.subject("this", frame)
        out += [dict(e, **fields) for e in g.modifiers(m.group(2))]
    return out


def _zone_self(low: str, frame) -> list[dict] | None:
    """``put it|this on the bottom of its owner's deck`` (8.5.15): the card itself to the bottom of its owner's deck."""
    if re.fullmatch(r"put (?:it|this) on the bottom of (?:its owner's|your) deck", low):
        if not (frame.ctx.is_attack or frame.ctx.is_weapon) or frame.where != "trigger":
            raise g.NotUnderstood(low)
        if "your deck" in low:
            raise g.NotUnderstood(low)          # "your deck" is its owner's only if you own it: not said
        return [{"do": "put-on-deck-bottom", "what": "self"}]
    return None


def _top_of_deck(low: str, frame) -> list[dict] | None:
    """``banish the top card of their|your deck`` (8.5.1): the top card of the hit hero's / your deck."""
    m = re.fullmatch(r"banish the top card of (their|your) deck", low)
    if not m:
        return None
    if m.group(1) == "their":
        if frame.event != "hit":
            raise g.NotUnderstood(low)          # "their": the hero the attack hit, in a hit trigger only
        return [{"do": "banish", "what": "top-of-deck", "who": "defending-hero"}]
    return [{"do": "banish", "what": "top-of-deck", "who": "you"}]


# ---------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------

def condition(p: str, ctx) -> dict | None:
    """``this has go again`` → ``{this = {keyword = "go again"}}``; ``this has an aim counter`` → a count of
    the source's aim counters at least 1 (1.15)."""
    m = re.fullmatch(rf"you control {g.NUM} or more (\w+) chain links", p)
    if m:
        return {"at_least": chain_links(m.group(2), ctx, n=g.number(m.group(1)))}
    if p in ("you have attacked with a weapon this turn", "you've attacked with a weapon this turn"):
        # an attack event this turn whose attack is a weapon's (7.2.4), by its controller
        return {"at_least": {"count": "events-this-turn", "event": "attack", "by": "you", "of": {"types": ["weapon"]},
                             "n": 1}}
    m = re.fullmatch(r"this has (go again|dominate|overpower)", p)
    if m:
        return {"this": {"keyword": m.group(1)}}
    m = re.fullmatch(rf"this has (?:an?|{g.NUM} or more) ({'|'.join(COUNTER_KINDS)}) counters?(?: on it)?", p)
    if m:
        n = g.number(m.group(1)) if m.group(1) else 1
        return {"at_least": {"count": "counters", "kind": m.group(2), "n": n}}
    return None


def chain_links(word: str, ctx, **more) -> dict:
    """``Draconic chain links you control`` → a count of its controller's chain links whose attack has that
    supertype (7.0.3)."""
    if word not in ctx.pool_supertypes:
        raise g.NotUnderstood(f"{word} chain links")
    return {"count": "chain-links", "by": "you", "of": {"supertypes": [word]}, **more}


# ---------------------------------------------------------------------------------------------------------
# paragraphs
# ---------------------------------------------------------------------------------------------------------

def paragraph(text: str, ctx) -> g.Reading | None:
    """A whole paragraph of one of this module's shapes, or None."""
    for reader in (_defending_count, _defended_by_fewer, _unity, _you_play_trigger, _phase_destroy, _cost_per_link):
        got = reader(text, ctx)
        if got is not None:
            return got
    return None


def _defending_count(text: str, ctx) -> g.Reading | None:
    """``This gets +X{p}, where X is the number of NOUN defending it`` (an attack): a static +X whose X follows
    the defending cards (6.2.3b, 7.0.5)."""
    m = re.fullmatch(r"this gets \+x\{([pd])\}, where x is the number of (.+?) defending (?:it|this)\.?", text.lower())
    if not m:
        return None
    if not ctx.is_attack or m.group(1) != "p" or m.group(2) not in DEFENDING_NOUNS:
        raise g.NotUnderstood(text)
    quantity = {"count": "defending-cards"}
    if DEFENDING_NOUNS[m.group(2)]:
        quantity["of"] = dict(DEFENDING_NOUNS[m.group(2)])
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "modify", "stat": "power", "by": quantity}}])


def _defended_by_fewer(text: str, ctx) -> g.Reading | None:
    """``While this is defended by less than N NOUN, it has MODIFIERS`` (an attack): a static ability while the
    count of such defending cards is at most N − 1."""
    m = re.fullmatch(rf"while this is defended by (?:less|fewer) than {g.NUM} (.+?), (?:it|this) (?:has|gets) (.+?)\.?",
                     text.lower())
    if not m:
        return None
    if not ctx.is_attack or m.group(2) not in DEFENDING_NOUNS:
        raise g.NotUnderstood(text)
    quantity = {"count": "defending-cards"}
    if DEFENDING_NOUNS[m.group(2)]:
        quantity["of"] = dict(DEFENDING_NOUNS[m.group(2)])
    quantity["n"] = g.number(m.group(1)) - 1
    return g.Reading(abilities=[{"kind": "static", "while": {"at_most": quantity}, "effect": e}
                                for e in g.modifiers(m.group(3))])


def _cost_per_link(text: str, ctx) -> g.Reading | None:
    """``This costs {r} less to play for each SUPERTYPE chain link you control`` (a play-static ability, 5.4.4):
    its cost is reduced by the number of such chain links as it is played."""
    m = re.fullmatch(r"this costs ((?:\{r\})+) less to play for each (\w+) chain link you control\.?", text.lower())
    if not m:
        return None
    by = chain_links(m.group(2), ctx, times=-m.group(1).count("{r}"))
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "cost", "by": by}}])


def _unity(text: str, ctx) -> g.Reading | None:
    """``Unity - When this defends together with a card from hand, EFFECTS`` (8.4.10): a defend trigger whose
    condition is a card from hand defending with it in the same event (7.0.5e)."""
    m = re.fullmatch(r"unity - when this defends together with a card from (?:your )?hand, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    frame = g.Frame(ctx, "trigger")
    effs = ctx.effects(m.group(1), frame)
    return g._finish(frame, g.Reading(), {"kind": "trigger", "on": "defend", "if": {"together_with": {"from_hand": True}},
                                          "effects": effs})


# ---------------------------------------------------------------------------------------------------------
# tokens and the permanents' own triggers (8.5.2, 6.6, 4.2, 4.3, 4.4)
# ---------------------------------------------------------------------------------------------------------

def _create_tokens(low: str, frame) -> list[dict] | None:
    """``create N NAME tokens`` / ``create a NAME token under their control``: the token of the card data
    (its text compiled, 8.5.2) with ``count`` and ``who`` (the player who creates and controls it, 8.5.2c)."""
    m = re.fullmatch(rf"create {g.NUM} (.+?) tokens?(?: under (their|your opponent's|target hero's) control)?", low)
    if not m or m.group(1) in ("a", "an") and not m.group(3):
        return None                     # "create a NAME token": the base grammar's
    name, whose = m.group(2), m.group(3)
    count = g.number(m.group(1))
    if count > 1 and not m.group(0).split()[-1 if not whose else -3].endswith("tokens"):
        raise g.NotUnderstood(low)
    if count == 1 and not m.group(0).split()[-1 if not whose else -3] == "token":
        raise g.NotUnderstood(low)
    eff = g._token(name, frame.ctx)
    if count > 1:
        eff["count"] = count
    if whose == "their":
        if frame.event != "hit" or not frame.ctx.is_attack:
            raise g.NotUnderstood(low)  # "their": the hero this attack hit
        eff["who"] = "defending-hero"
    elif whose:
        raise g.NotUnderstood(low)      # "your opponent's" names one of several opponents; a target hero's: not read
    return [eff]


def destroy_then(body: str, frame) -> list[dict]:
    """``destroy this[,] and|then EFFECTS`` / ``destroy this``: the permanent destroys itself, then the rest."""
    m = re.fullmatch(r"destroy this(?:,? (?:and|then) (.+))?", body.strip().rstrip("."), re.IGNORECASE | re.DOTALL)
    if not m:
        return frame.ctx.effects(body, frame)
    return [{"do": "destroy", "what": "self"}] + (frame.ctx.effects(m.group(1), frame) if m.group(1) else [])


PLAY_EVENTS = {
    "an attack action card": ("play", {"by": "you", "is_attack": True}),
    "a 'non-attack' action card": ("play", {"by": "you", "card": {"types": ["action"], "not_subtypes": ["attack"]}}),
    "a non-attack action card": ("play", {"by": "you", "card": {"types": ["action"], "not_subtypes": ["attack"]}}),
}
WEAPON_ATTACK = ("activate", {"by": "you", "is_attack": True, "card": {"types": ["weapon"]}})


def _you_play_trigger(text: str, ctx) -> g.Reading | None:
    """A permanent's ``When you play an attack action card [or activate a weapon attack], EFFECTS`` (6.6.5):
    a trigger on the play event of its controller's attack (and one on the activation of their weapon attack:
    the same ability, for either event)."""
    m = re.fullmatch(r"(?:when|whenever) you play (.+?)( or activate a weapon attack)?, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    if ctx.resolves or m.group(1).lower() not in PLAY_EVENTS:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "play"      # "the attack" / "the card": the card played (or the weapon attack activated)
    effs = destroy_then(m.group(3), frame)
    events = [PLAY_EVENTS[m.group(1).lower()]] + ([WEAPON_ATTACK] if m.group(2) else [])
    reading = g.Reading()
    for on, cond in events:
        g._finish(frame, reading, {"kind": "trigger", "on": on, "of": "any", "if": dict(cond),
                                   "effects": [dict(e) for e in effs]})
    return reading


TURN_PHASES = (("at the start of your turn", "start-of-turn"), ("at the beginning of your action phase", "action-phase"),
               ("at the beginning of your end phase", "end-phase"))


def _phase_destroy(text: str, ctx) -> g.Reading | None:
    """A permanent's ``At the start of your turn|beginning of your action/end phase, destroy this and|then
    EFFECTS`` (4.2.2, 4.3.1, 4.4.2): a trigger on that event in its controller's turn."""
    for phrase, event in TURN_PHASES:
        m = re.fullmatch(re.escape(phrase) + r",? (destroy this.*)", text.rstrip("."), re.IGNORECASE)
        if m:
            if ctx.resolves:
                raise g.NotUnderstood(text)
            frame = g.Frame(ctx, "trigger")
            effs = destroy_then(m.group(1), frame)
            return g._finish(frame, g.Reading(), {"kind": "trigger", "on": event, "if": {"your_turn": True},
                                                  "effects": effs})
    return None
