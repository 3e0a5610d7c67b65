# FaB CR 1.15 counters, 8.5.14 put / 8.5.16 remove (counter), 6.6.5c state-triggers, 8.3.9a boost, 6.4.10 prevention,
# 6.4.8 entering with counters, 1.9.2c each hero: the card text of permanents (their counters, statics and triggers).
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
_PLAYED_TYPES = "(attack reaction|defense reaction|instant)"     # card types that are also ability types (1.3.2, 5.2)
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
    m = re.fullmatch(rf"an? {_PLAYED_TYPES} has been played or activated this chain link", p)
    if m:   # a card of that type played, or an ability of that type activated, since the chain link began (7.0.3)
        return {"at_least": {"count": "played-or-activated", "of": {"types": [m.group(1)]}, "link": True, "n": 1}}
    m = re.fullmatch(r"an? (.+?) you control has been destroyed this turn", p)
    if m:   # a destroy event this turn (8.5.4) of such a permanent, which its controller controlled as it was destroyed
        spec = g.permanent_noun(m.group(1), ctx)
        if "name" in spec:
            raise g.NotUnderstood(p)
        return {"at_least": {"count": "events-this-turn", "event": "destroyed", "by": "you", "of": spec, "n": 1}}
    m = re.fullmatch(r"you control no (.+)", p)
    if m and not m.group(1).startswith("other "):   # "you control no Illusionist auras": none in the arena (3.0.5)
        spec = g.permanent_noun(m.group(1), ctx)
        if not m.group(1).endswith("s") or "name" in spec:
            raise g.NotUnderstood(p)
        return {"at_most": {"count": "you-control", "of": spec, "n": 0}}
    m = re.fullmatch(r"you control (another|no other) (.+)", p)
    if m:   # an object other than the source (the quantity's ``other``): "another aura", "no other Illusionist auras"
        spec = g.permanent_noun(m.group(2), ctx)
        if (m.group(1) == "another") == m.group(2).endswith("s") or "name" in spec:
            raise g.NotUnderstood(p)
        bound = "at_least" if m.group(1) == "another" else "at_most"
        return {bound: {"count": "you-control", "of": spec, "other": True, "n": 1 if bound == "at_least" else 0}}
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


_YOURS = re.compile(r"your ((?:[a-z]+ )*?(?:attacks|daggers|swords|weapons)) (gain|get|cost) (.+)")
_YOU_CONTROL = re.compile(r"(.+?) you control (gain|get|have) (.+)")


def plural_noun(noun: str, ctx) -> dict:
    """``equipment`` / ``wrenches`` / ``NAMEs`` (a card name) / ``attack action cards`` → the selector of the cards a plural
    noun names: a card type, a subtype (1.3.3), a card name of the data (1.3.1a) or a card description (not attacks)."""
    noun = noun.strip().lower()
    if noun == "equipment":
        return {"types": ["equipment"]}
    singular = noun[:-2] if noun.endswith("es") and noun[:-2] in g.NOUN_SUBTYPES else \
        noun[:-1] if noun.endswith("s") else None
    if singular is None:
        raise g.NotUnderstood(noun)
    if singular in ctx.names:
        return {"name": ctx.names[singular]}
    if singular in g.NOUN_SUBTYPES:
        return {"subtypes": [singular]}
    spec = g.selector(singular, ctx)
    if spec.get("is_attack") or not spec:
        raise g.NotUnderstood(noun)
    return spec


_OPPOSING_WHILE = re.compile(r"^(.+?) controlled by an opposing hero (?:have|get) (.+?) while "
                             r"(attacking and defending|attacking|defending)\.?$", re.IGNORECASE)
_WHILE_STATE = {"attacking": {"is_attack": True}, "defending": {"defending": True}}


def opposing_while(text: str, ctx) -> g.Reading | None:
    """``Attack action cards controlled by an opposing hero have -1{p} while attacking and defending`` of a permanent →
    a static ability on each such card of an opponent, its "while" evaluated for each card on its own (1.8.4c)."""
    m = _OPPOSING_WHILE.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    spec = {**plural_noun(m.group(1), ctx), "controller": "opponent"}
    states = [_WHILE_STATE[w] for w in m.group(3).lower().split(" and ")]
    if len(states) > 1:
        spec["any_of"] = states
    else:
        spec.update(states[0])
    return g.Reading(abilities=[{"kind": "static", "effect": dict(eff, to=dict(spec))}
                                for eff in g.modifiers(m.group(2).lower())])


_CANT_GAIN = re.compile(r"^(.+?)( you control)? (lose and can't gain|can't gain) (go again|dominate|overpower)\.?$",
                        re.IGNORECASE)


def cant_gain(text: str, ctx) -> g.Reading | None:
    """``Attacks you control can't gain go again`` / ``'Non-attack' action cards lose and can't gain go again`` of a
    permanent → static abilities: a restriction on gaining the keyword (1.0.2: printed keywords stay), and with "lose"
    the loss of the keyword too, on every object that fits (6.2.3)."""
    m = _CANT_GAIN.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    noun = m.group(1).strip().lower()
    spec = {"is_attack": True} if noun == "attacks" else plural_noun(noun, ctx)
    if m.group(2):
        spec["controller"] = "you"
    keyword = m.group(4).lower()
    does = ["lose-keyword", "cannot-gain-keyword"] if m.group(3).lower().startswith("lose") else ["cannot-gain-keyword"]
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": do, "keyword": keyword, "to": dict(spec)}}
                                for do in does])


def you_control_get(text: str, ctx) -> g.Reading | None:
    """``Equipment you control gain +1{d}`` / ``Wrenches you control get +1{p}`` of a permanent → a static ability for
    each modifier, on every such object its controller controls (6.2.3: it applies while the permanent is
    functional)."""
    m = _YOU_CONTROL.fullmatch(text.strip().rstrip(".").lower())
    if not m or re.search(r"\b(?:while|this turn|until|if|when)\b", m.group(3)) or "," in m.group(1):
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    spec = {**plural_noun(m.group(1), ctx), "controller": "you"}
    reading = g.Reading()
    for eff in g.modifiers(m.group(3)):
        eff["to"] = dict(spec)
        reading.abilities.append({"kind": "static", "effect": eff})
    return reading


def yours_this_turn(low: str, frame) -> list[dict] | None:
    """``Your daggers gain +1{p} this turn`` / ``Your sword attacks cost {r} less this turn`` in a permanent's activated
    or triggered ability → a continuous effect for the turn on every object of its controller that fits (6.2.2; a weapon's
    attack-proxy has what its weapon has, 1.4.3d; a cost effect on attacks reduces their attack abilities too)."""
    if frame.where in ("activated", "trigger") and frame.this_turn and not frame.ctx.resolves:
        cm = _YOU_CONTROL.fullmatch(low)     # "NAMEs you control gain +1{p} until end of turn"
        if cm and cm.group(2) != "have":
            spec = {**plural_noun(cm.group(1), frame.ctx), "controller": "you"}
            return [dict(eff, to=dict(spec)) for eff in g.modifiers(cm.group(3))]
    m = _YOURS.fullmatch(low)
    if not m or frame.where not in ("activated", "trigger") or not frame.this_turn or frame.ctx.resolves:
        return None
    noun = m.group(1)
    if noun.endswith("attacks"):
        spec = g.selector(noun[:-1], frame.ctx)
        if not spec.get("is_attack"):
            raise g.NotUnderstood(low)
    elif noun[:-1] in g.NOUN_SUBTYPES and noun.count(" ") == 0:
        spec = {"subtypes": [noun[:-1]]}          # "your daggers": the dagger cards (1.3.3)
    elif noun == "weapons":
        spec = {"types": ["weapon"]}
    else:
        raise g.NotUnderstood(low)
    spec["controller"] = "you"
    if m.group(2) == "cost":
        cm = re.fullmatch(r"((?:\{r\})+) less", m.group(3))
        if not cm or not spec.get("is_attack"):
            raise g.NotUnderstood(low)
        return [{"do": "cost", "by": -cm.group(1).count("{r}"), "to": spec}]
    out = []
    for eff in g.modifiers(m.group(3)):
        eff["to"] = dict(spec)
        out.append(eff)
    return out


def each_hero(low: str, frame) -> list[dict] | None:
    """``Each hero draws a card | draws N cards | gains N{h} | creates a NAME token`` → the effect with ``who = "each"``:
    a compound event each player performs in clockwise order from the effect's controller (1.9.2c); the token is
    created under the control of the player who creates it (8.5.2c)."""
    m = re.fullmatch(r"each hero (draws|gains|creates) (.+)", low)
    if not m:
        return None
    verb, rest = m.groups()
    dm = re.fullmatch(rf"(?:a card|{g.NUM} cards)", rest)
    gm = re.fullmatch(r"(\d+)\{h\}", rest)
    tm = re.fullmatch(r"(?:a|an) (.+?) token", rest)
    if verb == "draws" and dm:
        eff = {"do": "draw", "amount": g.number(dm.group(1)) if dm.group(1) else 1}
    elif verb == "gains" and gm:
        eff = {"do": "gain-life", "amount": int(gm.group(1))}
    elif verb == "creates" and tm:
        eff = g._token(tm.group(1), frame.ctx)
    else:
        raise g.NotUnderstood(low)
    eff["who"] = "each"
    return [eff]


def counter_on_chosen(low: str, frame) -> list[dict] | None:
    """``put a steam counter on a NAME you control`` / ``… on an item you control with crank`` / ``put a gold
    counter on NAME`` → a counter put on one such permanent in the arena, which its controller determines as the
    effect is generated (``choose = 1``, 1.8.6; 8.5.14); None for another sentence."""
    m = re.fullmatch(r"put an? ([+-])1\{(p|d)\} counter on (an|target) equipment they control", low)
    if m and frame.ctx.is_attack and frame.event in ("hit", "damage"):
        # "they": the hero this attack hit or dealt damage to, its defending hero (8.5.14, 1.15.2a)
        spec = {"types": ["equipment"], "controller": "defending-hero"}
        counter = {"do": "put-counter", "stat": {"p": "power", "d": "defense"}[m.group(2)],
                   "amount": 1 if m.group(1) == "+" else -1}
        if m.group(3) == "target":
            frame.declare(spec)
            return [dict(counter, what="target")]
        return [dict(counter, what=spec, choose=1)]
    m = re.fullmatch(rf"put an? {_KIND} counter on (.+)", low)
    if not m:
        return None
    rest = m.group(2)
    mine = re.fullmatch(r"an? (.+?) you control(?: with ([a-z ]+))?", rest)
    if mine:
        spec = {**g.permanent_noun(mine.group(1), frame.ctx), "controller": "you"}
        if mine.group(2):
            if mine.group(2) not in g.listed_keywords()[0]:
                raise g.NotUnderstood(low)
            spec["keyword"] = mine.group(2)
    elif rest in frame.ctx.names and frame.ctx.names[rest].lower() != frame.ctx.name.lower():
        spec = {"name": frame.ctx.names[rest]}      # a card of that name (1.3.1a), whoever controls it
    else:
        return None
    return [{"do": "put-counter", "kind": m.group(1), "amount": 1, "what": spec, "choose": 1}]


def chosen_or_given(low: str, frame) -> list[dict] | None:
    """``This gets +1{p} or go again`` (``either``: one of two modifiers, which its controller determines as the effect
    is generated, 1.8.6), ``target hero gains N{h}`` (8.5.7), ``equip a NAME token`` (a weapon or equipment token,
    created then equipped, 8.5.41d); None for another sentence."""
    m = re.fullmatch(r"(.+?) (?:gets|gains) ([^,]+?) or ([^,]+)", low)
    if m and " and " not in m.group(2) + m.group(3) and not low.startswith(("deal ", "draw ", "gain ", "create ")):
        fields, _ = g.subject(m.group(1), frame)
        return [{"do": "either", "options": [{"effects": [dict(e, **fields) for e in g.modifiers(part)]}
                                             for part in (m.group(2), m.group(3))]}]
    m = re.fullmatch(rf"another target hero draws (?:a card|{g.NUM} cards)", low)
    if m:   # a hero other than its controller's, targeted (1.8.5): an opposing hero
        frame.declare("opponent")
        return [{"do": "draw", "amount": g.number(m.group(1)) if m.group(1) else 1, "who": "target"}]
    m = re.fullmatch(r"target hero gains (\d+)\{h\}", low)
    if m:   # the hero its controller targets (1.8.5)
        frame.declare("hero")
        return [{"do": "gain-life", "amount": int(m.group(1)), "who": "target"}]
    m = re.fullmatch(r"equip (?:a|an) (.+?) token", low)
    if m:
        eff = g._token(m.group(1), frame.ctx)
        if not set(eff.get("types", [])) & {"weapon", "equipment"}:
            raise g.NotUnderstood(low)
        return [dict(eff, equip=True)]
    return None


def effect(low: str, frame) -> list[dict] | None:
    """``if there are no steam counters on this, put a steam counter on it`` (a conditional put, 8.5.14, 1.8.4),
    ``if this has no steam counters, destroy it`` (a conditional destroy of the card itself, 8.5.4) and ``remove a
    steam counter from this`` (8.5.16) on a permanent; ``each hero draws a card`` (:func:`each_hero`)."""
    got = yours_this_turn(low, frame) or each_hero(low, frame) or chosen_or_given(low, frame)
    if got is not None:
        return got
    if low == "charge your hero's soul" and frame.where == "trigger":
        frame.charged_here = True       # "If a yellow card is charged this way, …" reads this charge (8.5.29a)
        return [{"do": "charge"}]
    if low == "turn this face-up" and "equipment" in frame.ctx.types:
        return [{"do": "turn-face-up", "what": "self"}]     # turn (8.5.24): the equipment itself face up
    if low == "add this to the active chain link as a defending card" and not frame.ctx.resolves:
        return [{"do": "defend-with", "what": "self"}]    # a permanent added as a defending card (7.0.5b)
    got = counter_on_chosen(low, frame)
    if got is not None:
        return got
    m = re.fullmatch(rf"remove (a|an|\d+) {_KIND} counters? from this", low)
    if m and not frame.ctx.resolves:
        n = g.number(m.group(1))
        if (n == 1) == low.endswith("counters from this"):
            raise g.NotUnderstood(low)
        frame.optional_before = True    # "If you do, …" reads whether it was done: with none left it fails (1.8.4a)
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


def _defender_frame(text: str, ctx, event: str) -> g.Frame:
    """The frame of a trigger on a card's own defending (``event``): only a card that defends — not an attack, a
    weapon or a hero — has one."""
    if ctx.is_attack or ctx.types & {"weapon", "hero"}:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = event
    return frame


def defends_attack_with(text: str, ctx) -> g.Reading | None:
    """``When this defends an attack with go again | overpower | {p} greater than its base, EFFECTS`` of a card that
    defends → its defends trigger with a condition on the attack it defends, read as the event occurs (6.6.5);
    ``mark the attacking hero`` (8.5.50) is that attack's hero."""
    m = _DEFENDS_AN_ATTACK.match(text.strip())
    if not m:
        return None
    frame = _defender_frame(text, ctx, "defends")
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


_YOURS_HITS = re.compile(r"^(once per turn effect - )?(?:when|whenever) an? (.+?) you control hits( a hero)?, (.+?)\.?$", re.IGNORECASE)


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
    if noun in ("weapon", "weapon attack"):
        spec = {"types": ["weapon"]}
    elif m.group(2) in ctx.names.values():
        spec = {"name": m.group(2)}       # "When NAME you control hits": a card of that name (1.3.1a)
    elif noun == "attack":
        spec = {}                         # "When an attack you control hits": any attack of its controller
    else:
        spec = g.selector(noun, ctx)
        if spec.get("is_attack") or spec.get("types") != ["action"] or spec.get("subtypes") != ["attack"]:
            raise g.NotUnderstood(text)   # an attack action card, by its types (1.2.2c)
    spec["controller"] = "you"
    effects = _hit_effects(m.group(4).strip().lower(), bool(m.group(3)), noun, text)
    if effects is None:      # any other effects, read as a trigger's body on the hit event (7.5.5)
        frame = g.Frame(ctx, "trigger")
        frame.event = "hit"
        from judge.cards.choices_grammar import trigger_body

        effects = trigger_body(m.group(4), frame)
        if frame.target is not None:
            raise g.NotUnderstood(text)
    cond: dict = {"attack": spec}
    if m.group(3):
        cond["attacks_hero"] = True
    ability = {"kind": "trigger", "on": "hit", "of": "any", "if": cond, "effects": effects}
    if m.group(1):
        ability["limit"] = 1
    return g.Reading(abilities=[ability])


def _hit_effects(body: str, hits_hero: bool, noun: str, text: str) -> list[dict] | None:
    """The effects of :func:`yours_hits_a_hero` that name the hit itself: ``destroy this``, ``deal N damage to them``
    (the hero hit), ``you may attack an additional time with that weapon this turn``, ``you may destroy this. If you
    do, deal N arcane damage to them`` (1.8.4); None for other effects."""
    mm = re.fullmatch(rf"you may destroy this\. if you do, deal {g.NUM}( arcane)? damage to them", body)
    if mm and hits_hero:
        damage = {"do": "damage", "amount": g.number(mm.group(1)), "to": "defending-hero", "if": {"if_you_do": True}}
        if mm.group(2):
            damage["kind"] = "arcane"
        return [{"do": "destroy", "what": "self", "may": True}, damage]
    effects = []
    for part in re.split(r" and (?=deal\b)", body):
        dm = re.fullmatch(rf"deal {g.NUM} damage to them", part)
        if part == "destroy this":
            effects.append({"do": "destroy", "what": "self"})
        elif dm and hits_hero:
            effects.append({"do": "damage", "amount": g.number(dm.group(1)), "to": "defending-hero"})
        elif part == "you may attack an additional time with that weapon this turn" and noun == "weapon":
            # an additional activation of that weapon's attack ability beyond its limit (5.2.3), if they choose to
            effects.append({"do": "additional-activations", "count": 1, "attack_only": True, "to": "attack",
                            "may": True})
        else:
            return None
    return effects


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


_OPPONENT_PLAYS = re.compile(rf"^(?:when|whenever) an opponent plays or activates an? {_PLAYED_TYPES}, (.+?)\.?$",
                             re.IGNORECASE)


def opponent_plays_or_activates(text: str, ctx) -> g.Reading | None:
    """``When an opponent plays or activates an attack reaction, EFFECTS`` of a permanent → two triggers with the same
    effects: on an opponent's play event of a card of that type, and on their activate event of an ability of that
    type (5.2: an activated ability has its own type); one event is never both."""
    m = _OPPONENT_PLAYS.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    kind = m.group(1).lower()
    reading = g.Reading()
    for on, cond in (("play", {"card": {"types": [kind]}}), ("activate", {"ability_type": kind})):
        frame = g.Frame(ctx, "trigger")
        frame.event = on
        effects = ctx.effects(m.group(2), frame)
        g._finish(frame, reading, {"kind": "trigger", "on": on, "of": "any", "if": {"by": "opponent", **cond},
                                   "effects": effects})
    return reading


_TOGETHER = re.compile(r"^(?:when|whenever) this defends together with (an? .+?), (.+?)\.?$", re.IGNORECASE)


def together_noun(phrase: str, ctx) -> dict:
    """``a card with 6 or more {p}`` / ``an Ice card`` / ``an aura card`` / ``an attack action card`` → the selector of
    a card defending with it."""
    p = phrase.strip().lower()
    m = re.fullmatch(r"a card with (\d+) or more \{p\}", p)
    if m:
        return {"min_power": int(m.group(1))}
    m = re.fullmatch(r"an? (aura|item) card", p)
    if m:
        return {"subtypes": [m.group(1)]}
    m = re.fullmatch(r"an? (.+)", p)
    if not m:
        raise g.NotUnderstood(phrase)
    return card_noun(m.group(1), ctx)


def defends_together(text: str, ctx) -> g.Reading | None:
    """``When this defends together with an Ice card, EFFECTS`` of a card that defends (not an attack) → a trigger on
    its defend event whose condition is another card of that kind defending in the same event (7.0.5e)."""
    m = _TOGETHER.match(text.strip())
    if not m:
        return None
    frame = _defender_frame(text, ctx, "defend")
    effects = ctx.effects(m.group(2), frame)
    ability = {"kind": "trigger", "on": "defend", "if": {"together_with": together_noun(m.group(1), ctx)},
               "effects": effects}
    return g._finish(frame, g.Reading(), ability)


_WHILE_FACE_DOWN = re.compile(r"^while this is equipped face-down, at the start of your turn, if you have exactly (\d+)\{h\}, "
                              r"(.+?)\.?$", re.IGNORECASE)


def face_down_start_of_turn(text: str, ctx) -> g.Reading | None:
    """``While this is equipped face-down, at the start of your turn, if you have exactly N{h}, EFFECTS`` of an
    equipment → a start-of-turn trigger functional while it is face down in its equipment zone (5.4.7a), whose
    condition is its controller's life total being N as the turn starts (6.6.5)."""
    m = _WHILE_FACE_DOWN.match(text.strip())
    if not m:
        return None
    if "equipment" not in ctx.types:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "start-of-turn"
    effects = ctx.effects(m.group(2), frame)
    n = int(m.group(1))
    cond = {"your_turn": True, "at_least": {"count": "life", "n": n}, "at_most": {"count": "life", "n": n}}
    ability = {"kind": "trigger", "on": "start-of-turn", "while": {"in": "equipment", "face_down": True}, "if": cond,
               "effects": effects}
    return g._finish(frame, g.Reading(), ability)


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


_WHILE_DEFENDING = re.compile(r"^(your )?(.+?)( you control)?( with cost (\d+) or greater)? (?:have|gain|get) ([+-]\d+)\{d\} "
                              r"while defending\.?$", re.IGNORECASE)


def yours_while_defending(text: str, ctx) -> g.Reading | None:
    """``'Non-attack' action cards you control have +1{d} while defending`` / ``Cards you control with cost 3 or greater
    gain +4{d} while defending`` / ``Your attack action cards get +3{d} while defending`` of a permanent → a static
    ability modifying the defense of each such card of its controller while it is a defending card, evaluated for
    each card on its own (6.2.3, 1.8.4c)."""
    m = _WHILE_DEFENDING.match(text.strip())
    if not m:
        return None
    if bool(m.group(1)) == bool(m.group(3)) or ctx.resolves:
        raise g.NotUnderstood(text)       # "your X" or "X you control": its controller's cards, said once
    noun = m.group(2).strip().lower()
    if not noun.endswith("cards"):
        raise g.NotUnderstood(text)
    noun = noun[:-1]
    spec = {} if noun == "card" else g.selector(noun, ctx)
    if spec.get("is_attack") or (m.group(4) and not m.group(3)):
        raise g.NotUnderstood(text)
    if m.group(4):
        spec["min_cost"] = int(m.group(5))
    spec.update(controller="you", defending=True)
    effect = {"do": "modify", "stat": "defense", "by": int(m.group(6)), "to": spec}
    return g.Reading(abilities=[{"kind": "static", "effect": effect}])


_PREVENT_BY = re.compile(r"^if (?:your hero|you) would be dealt (arcane )?damage, (you may )?(banish|destroy) this to prevent "
                         r"(\d+) of that damage\.?$", re.IGNORECASE)


def prevent_by_removing(text: str, ctx) -> g.Reading | None:
    """``If your hero would be dealt damage, you may banish this to prevent 2 of that damage`` of a permanent → a static
    ability whose prevention effect removes the permanent as its sub-event (``prevent-by``; spellvoid and ward are
    written the same way, 8.3.15, 8.3.20), optional when it says "you may" (1.8.3)."""
    m = _PREVENT_BY.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    effect = {"do": "prevent-by", "sub_event": m.group(3).lower(), "amount": int(m.group(4))}
    if m.group(2):
        effect["may"] = True
    if m.group(1):
        effect["damage_type"] = "arcane"
    return g.Reading(abilities=[{"kind": "static", "effect": effect}])


_HERO_DEALT = re.compile(r"^(?:when|whenever) your hero is dealt damage, (.+?)\.?$", re.IGNORECASE)


def hero_dealt_damage(text: str, ctx) -> g.Reading | None:
    """``When your hero is dealt damage, destroy this`` of a permanent → a trigger on every damage event (8.5.3) whose
    object dealt the damage is its controller's hero (``dealt_to = "you"``): not an ally, not another hero."""
    m = _HERO_DEALT.match(text.strip())
    if not m:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)
    frame = g.Frame(ctx, "trigger")
    frame.event = "dealt-damage"
    effects = ctx.effects(m.group(1), frame)
    ability = {"kind": "trigger", "on": "dealt-damage", "of": "any", "if": {"dealt_to": "you"}, "effects": effects}
    return g._finish(frame, g.Reading(), ability)


_VALUE_FROM_COUNTERS = re.compile(rf"^([a-z ]+?) x,? where x is the number of {_KIND} counters on this\.?$", re.IGNORECASE)


def keyword_counting_counters(text: str, ctx) -> g.Reading | None:
    """``Ward X, where X is the number of steam counters on this`` of a permanent → the keyword with its value defined
    by the counters on the card now (1.15.1): a static ability giving the card itself that keyword with a value read
    as the keyword applies (``value = { count = "counters", kind = … }``); with none, it has the keyword with 0."""
    m = _VALUE_FROM_COUNTERS.match(text.strip())
    if not m:
        return None
    keyword = m.group(1).strip().lower()
    if ctx.resolves or keyword not in g.listed_keywords()[1]:
        raise g.NotUnderstood(text)     # a card that resolves keeps no counters; a keyword without a value
    value = {"count": "counters", "kind": m.group(2).lower()}
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "gain-keyword", "keyword": keyword,
                                                               "value": value}}])


_IF_ENTERS_WITH = re.compile(rf"^if (.+?), this enters the arena with {g.NUM} \+1\{{p\}} counters?\.?$", re.IGNORECASE)


def enters_with_if(text: str, ctx) -> g.Reading | None:
    """``If you've pitched a blue card this turn, this enters the arena with a +1{p} counter`` of a permanent → an
    ``enters`` ability (an identity-replacement effect, 6.4.8) active only if the condition on the game state holds
    as it enters (6.4.2)."""
    m = _IF_ENTERS_WITH.match(text.strip())
    if not m:
        return None
    n = g.number(m.group(2).lower())
    cond = ctx.condition(m.group(1))
    if ctx.resolves or not set(cond) <= g.STATE_CONDITIONS or \
            (n == 1) != text.rstrip(". ").lower().endswith("counter"):
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "enters", "counters": {"power": n}, "if": cond}])


def paragraph(text: str, ctx) -> g.Reading | None:
    """``When this has no steam counters on it, destroy it`` of a permanent → a state-trigger (6.6.5c): it triggers
    when the game state comes to meet its condition — as the last counter is removed, or at once if the card is
    without them as it becomes functional; or a boost trigger (:func:`boost_trigger`), a defends trigger on the
    attack's kind (:func:`defends_attack_with`), a static bonus to its controller's cards (:func:`your_cards_get`), a trigger on their hits (:func:`yours_hits_a_hero`), a value defined by a count (:func:`equal_to_count`), a bonus while cards are pitched (:func:`while_pitched`)."""
    m = _WHEN_NONE.match(text.strip())
    if not m:
        return yours_while_defending(text, ctx) or prevent_by_removing(text, ctx) or boost_trigger(text, ctx) or \
            defends_attack_with(text, ctx) or \
            your_cards_get(text, ctx) or \
            yours_hits_a_hero(text, ctx) or equal_to_count(text, ctx) or while_pitched(text, ctx) or \
            opponent_plays_or_activates(text, ctx) or defends_together(text, ctx) or face_down_start_of_turn(text, ctx) or \
            yours_enter_with(text, ctx) or enters_with_if(text, ctx) or cant_gain(text, ctx) or you_control_get(text, ctx) or \
            opposing_while(text, ctx) or hero_dealt_damage(text, ctx) or keyword_counting_counters(text, ctx)
    if ctx.resolves:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "trigger", "on": "state", "if": _none_left(m, 1),
                                 "effects": [{"do": "destroy", "what": "self"}]}])
