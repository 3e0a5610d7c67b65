"""The card-text grammar of keyword abilities and keyword effects (CR 8.3 keywords, 8.4 labels, 8.5 effects):
effect keywords a card prints as a sentence or a paragraph (``Opt 2``, ``Reload``, ``Intimidate``).

:mod:`judge.cards.grammar` calls the hooks here (``effect``, ``condition``) before its own rules: each returns
None when the phrase is not one of its shapes, and raises :class:`~judge.cards.phrases.NotUnderstood` when it
is one of its shapes but not captured whole. Keywords a card simply lists (blood debt, ward 1, ice fusion, …)
are read by :mod:`judge.cards.compiler` from the engine's keyword table; this module reads the keywords whose
meaning is an effect or needs words around it.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g
from judge.cards.costs_grammar import COUNTER_KINDS, card_noun


# ---------------------------------------------------------------------------------------------------------
# effect sentences: the 8.5 effect keywords
# ---------------------------------------------------------------------------------------------------------

def effect(low: str, frame, original: str) -> list[dict] | None:
    """``opt N`` (8.5.22), ``reload`` (8.5.23), a non-attack's ``intimidate`` (8.5.10b: a targeted effect);
    a permanent's ``destroy this unless you remove a steam counter from it`` (the crank items' upkeep: the
    removal is an optional effect, 1.8.4b, removed as 8.5.16 says; when none is removed, the destroy is done)."""
    m = re.fullmatch(rf"destroy this unless you remove {g.NUM} ([a-z]+) counters? from (?:it|this)", low)
    if m and m.group(2) in COUNTER_KINDS and frame.where == "trigger" and not frame.ctx.resolves:
        return [{"do": "remove-counter", "kind": m.group(2), "amount": g.number(m.group(1)), "what": "self",
                 "may": True},
                {"do": "destroy", "what": "self", "if": {"otherwise": True}}]
    if low in ("put it into your hero's soul", "put this into your hero's soul"):
        if not frame.ctx.is_attack or frame.where != "trigger" or frame.event != "hit":
            raise g.NotUnderstood(original)   # "it" is the attack card that hit
        return [{"do": "put", "what": "self", "to": "soul"}]   # 3.11.5; not charging (8.5.29b)
    got = _clash(low, frame, original)
    if got is not None:
        return got
    m = re.fullmatch(rf"banish {g.NUM} (\w+) cards and (?:an? |{g.NUM} )?(.+?) cards? from your graveyard", low)
    if m:       # distinct cards of each kind (decompose, 8.4.14): every part of the set or none
        first, second = _set_noun(m.group(2), frame.ctx), _set_noun(m.group(4), frame.ctx)
        return [{"do": "banish-set", "from": "graveyard",
                 "sets": [{"of": first, "amount": g.number(m.group(1))},
                          {"of": second, "amount": g.number(m.group(3)) if m.group(3) else 1}]}]
    m = re.fullmatch(rf"opt {g.NUM}", low)
    if m:
        return [{"do": "opt", "amount": g.number(m.group(1))}]
    m = re.fullmatch(rf"amp {g.NUM}", low)
    if m:       # 8.5.47: the next arcane damage its controller's events deal this turn is N more
        return [{"do": "amp", "amount": g.number(m.group(1))}]
    if low == "transcend":
        if frame.where not in ("resolution", "static") or not frame.ctx.resolves:
            raise g.NotUnderstood(original)   # the transcend source is the card resolving ("If …, transcend.")
        return [{"do": "transcend"}]
    if low == "reload":
        if frame.where != "resolution":
            raise g.NotUnderstood(original)   # the action that plays the card names the card reloaded
        return [{"do": "reload"}]
    got = _mark(low, frame, original)
    if got is not None:
        return got
    m = re.fullmatch(r"put an? ([+-])1\{([pd])\} counter on this", low)
    if m:       # 1.15.4: a +1{p}/-1{d} counter on the permanent itself (the card, not a new object)
        if frame.ctx.resolves:
            raise g.NotUnderstood(original)
        return [{"do": "put-counter", "stat": "power" if m.group(2) == "p" else "defense",
                 "amount": 1 if m.group(1) == "+" else -1, "what": "self"}]
    if low == "intimidate" and not frame.ctx.is_attack:
        if frame.where != "resolution":
            raise g.NotUnderstood(original)
        # 8.5.10b: no player specified, so the intimidate is a targeted effect: the card targets a hero
        frame.declare("hero")
        return [{"do": "intimidate", "who": "target"}]
    return None



def _set_noun(noun: str, ctx) -> dict:
    """A kind of card in a zone, for one part of a set ("Earth", "action"): a supertype, colour or card type."""
    if noun == "action":
        return {"types": ["action"]}
    return card_noun(noun + " card", ctx)


CLASH_WITH = {"the attacking hero": ("defends", "attacking-hero"), "them": ("hit", "defending-hero")}


def _clash(low: str, frame, original: str) -> list[dict] | None:
    """``clash with the attacking hero`` in a defends trigger, ``clash with them`` in an attack's hit trigger
    (8.5.45); ``the winner creates a NAME token`` after it: the effects the clash gives its winner (who creates
    the token under their own control, 8.5.2c)."""
    m = re.fullmatch(r"clash with (the attacking hero|them)", low)
    if m:
        event, who = CLASH_WITH[m.group(1)]
        if frame.where != "trigger" or frame.event != event or (event == "hit" and not frame.ctx.is_attack):
            raise g.NotUnderstood(original)     # the other clashing hero is named by the trigger's event only
        eff = {"do": "clash", "with": who}
        frame.clash = eff
        return [eff]
    m = re.fullmatch(r"the winner creates (?:a|an) (.+?) token", low)
    if m:
        clash = getattr(frame, "clash", None)
        if clash is None or "winner" in clash:
            raise g.NotUnderstood(original)     # "the winner" of the clash just made, once
        clash["winner"] = [g._token(m.group(1), frame.ctx)]
        return []
    if low.startswith(("clash", "the winner")):
        raise g.NotUnderstood(original)
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


def _marked_paragraph(text: str, ctx) -> g.Reading | None:
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
            effs = ctx.effects(body, frame)
        return g._finish(frame, g.Reading(), {"kind": "trigger", "on": event, "if": dict(cond), "effects": effs})
    return None


def condition(p: str, ctx) -> dict | None:
    """``this was fused`` / ``this is fused`` on a card with fusion (8.3.17a) → ``{fused = true}``; ``this is
    attacking a marked hero`` / ``the defending hero is marked`` on an attack → ``{defending_hero_marked = true}``;
    ``it scrapped a card`` on a card with scrap (8.3.32a) → ``{scrapped = true}``; ``you've beaten chest this
    turn`` (8.3.33a) → a count of this turn's beat-chest events by you."""
    if p in ("this is attacking a marked hero", "the defending hero is marked") and ctx.is_attack:
        return {"defending_hero_marked": True}
    if p in ("it scrapped a card", "this scrapped a card"):
        if "scrap" not in _keywords_of(ctx):
            raise g.NotUnderstood(p)
        return {"scrapped": True}
    m = re.fullmatch(r"you(?:'ve| have) played another (red|yellow|blue) card this turn", p)
    if m and ctx.resolves:
        # "another": besides this card, played this turn too as it resolves — two such cards when it is that colour
        own = {1: "red", 2: "yellow", 3: "blue"}.get(_pitch_of(ctx))
        return {"at_least": {"count": "played-this-turn", "of": {"color": m.group(1)}, "n": 2 if own == m.group(1) else 1}}
    m = re.fullmatch(r"an? (\w+) card was pitched to play this", p)
    if m and m.group(1) in ctx.pool_supertypes and ctx.resolves:
        return {"pitched_for": {"supertypes": [m.group(1)]}}     # earth bond (8.4.15): what paid for this card
    if p == "you win" and "clash" in ctx.record.text.lower():
        return {"won_clash": True}     # "Clash with …. If you win, …" (8.5.45a)
    if p in ("you've charged this turn", "you have charged this turn"):   # 8.5.29a
        return {"charged_this_turn": True}
    if p in ("you've beaten chest this turn", "you have beaten chest this turn"):
        return {"at_least": {"count": "events-this-turn", "event": "beat-chest", "by": "you", "n": 1}}
    if p in ("this was fused", "this is fused", "this has been fused") or p == "it was fused" and not ctx.resolves:
        # "When this enters the arena, if it was fused": a permanent's own play, read on the permanent (8.3.17a)
        if not any(k.endswith(" fusion") for k in ctx.record.keyword_list() if isinstance(k, str)) and \
                "fusion" not in ctx.record.text.lower():
            raise g.NotUnderstood(p)
        return {"fused": True}
    return None


def _pitch_of(ctx) -> int | None:
    pitch = str(getattr(ctx.record, "pitch", "") or "")
    return int(pitch) if pitch.isdigit() else None


def _keywords_of(ctx) -> set[str]:
    return {str(k).lower() for k in ctx.record.keyword_list() if isinstance(k, str)}


# ---------------------------------------------------------------------------------------------------------
# paragraphs: a permanent entering with counters (crank items, 8.3.29; 6.4.8); an attack trigger with a
# condition on what a keyword's cost did ("When this attacks, if it scrapped a card, …")
# ---------------------------------------------------------------------------------------------------------

GALVANIZE = re.compile(r"^galvanize - when this defends, you may destroy an item you control\.? if you do, (.+?)\.?$",
                       re.IGNORECASE)
ATTACK_IF = re.compile(r"^(when this attacks|when you attack with this), if (.+?), (.+)$", re.IGNORECASE)

ENTERS_WITH = re.compile(rf"^this enters the arena with {g.NUM} ([a-z]+) counters?(?: on it)?\.?(?:\s+(.+))?$",
                         re.IGNORECASE)


def paragraph(text: str, ctx):
    """The paragraphs of this module's shapes: a marked-hero trigger (9.3), an attack trigger with a keyword's
    condition, a permanent entering with counters; None for any other paragraph."""
    for reader in (_marked_paragraph, _win_clash_paragraph, wager_paragraph, _contract_paragraph, _evo_upgrade,
                   _while_defending_attack, _condition_label, _solflare, _defends_kind_of_attack):
        got = reader(text, ctx)
        if got is not None:
            return got
    m = ATTACK_IF.match(text)
    if m:
        return _attack_trigger_if(m, ctx)
    m = GALVANIZE.match(text)
    if m:
        return _galvanize(m.group(1), ctx)
    return _enters_with(text, ctx)


WAGER = re.compile(r"when this attacks a hero, (you may )?wager (.+?) tokens? with them\.?", re.IGNORECASE)


def wager_paragraph(text: str, ctx):
    """``When this attacks a hero, [you may] wager a NAME token with them.`` (8.5.46) of an attack: a trigger on its
    attack when a hero is among its attack-targets; the prize, tokens named one by one ("a NAME, NAME, and NAME
    token"), goes to the winner as the chain link resolves."""
    m = WAGER.fullmatch(text.strip())
    if not m:
        return None
    if not ctx.is_attack:
        raise g.NotUnderstood(text)
    names = [n.strip() for n in re.split(r",? and |, ", m.group(2))]
    if not names or any(not re.fullmatch(r"(?:an? )?[a-z][a-z ]*", n, re.IGNORECASE) for n in names):
        raise g.NotUnderstood(text)
    names = [re.sub(r"^an? ", "", n, flags=re.IGNORECASE) for n in names]
    if not re.match(r"an? ", m.group(2), re.IGNORECASE):
        raise g.NotUnderstood(text)     # "wager 2 NAME tokens": a number of tokens is not read
    prize = [g._token(n, ctx) for n in names]
    eff = {"do": "wager", "with": "defending-hero", "prize": prize}
    if m.group(1):
        eff["may"] = True
    return g.Reading(abilities=[{"kind": "trigger", "on": "attack", "if": {"attacks_hero": True}, "effects": [eff]}])


CONTRACT = re.compile(r"contract\s+- you are contracted to banish opponents' (.+?)\. whenever you complete this "
                      r"contract, (.+)", re.IGNORECASE | re.DOTALL)
CONTRACT_NOUNS = (
    (r"(red|yellow|blue) cards", lambda m: {"color": m.group(1)}),
    (r"cards with cost (\d+) or less", lambda m: {"max_cost": int(m.group(1))}),
    (r"cards with cost (\d+) or greater", lambda m: {"min_cost": int(m.group(1))}),
    (r"non-action cards", lambda m: {"not_types": ["action"]}),
    (r"reaction cards", lambda m: {"any_of": [{"types": ["attack reaction"]}, {"types": ["defense reaction"]}]}),
)


def _contract_paragraph(text: str, ctx):
    """``Contract - You are contracted to banish opponents' CARDS. Whenever you complete this contract, EFFECTS``
    (8.4.7, 8.5.39): while the card is in the arena, each time its controller banishes a card an opponent owns
    that fits (a completion, any number of times, 8.5.39a-b), its reward — a trigger on ``banished`` by them."""
    m = CONTRACT.fullmatch(text.strip())
    if not m:
        return None
    if not ctx.is_attack:
        raise g.NotUnderstood(text)      # a contract on a permanent or an instant: not read
    noun = m.group(1).strip().lower()
    spec = None
    for pattern, build in CONTRACT_NOUNS:
        nm = re.fullmatch(pattern, noun)
        if nm:
            spec = build(nm)
            break
    if spec is None:
        if not noun.endswith(" cards"):
            raise g.NotUnderstood(text)
        spec = g.selector(noun[: -len(" cards")] + " card", ctx)
        spec.pop("is_attack", None)
    frame = g.Frame(ctx, "trigger")
    frame.event = "banished"
    effs = ctx.effects(m.group(2).strip(), frame)
    if frame.target is not None:
        raise g.NotUnderstood(text)
    ability = {"kind": "trigger", "on": "banished", "of": "any", "if": {"by": "you", "card": {"owner": "opponent", **spec}},
               "name": "Contract", "effects": effs}
    return g.Reading(keywords=["contract"], abilities=[ability])


EVO_UPGRADE = re.compile(r"evo upgrade - (.+)", re.IGNORECASE | re.DOTALL)
EVOS = {"count": "you-control", "of": {"types": ["equipment"], "subtypes": ["evo"]}}   # "Evos you have equipped"


def _evo_upgrade(text: str, ctx):
    """``Evo Upgrade - …`` (8.4.11), the label of an ability counting the evos its controller has equipped: "This
    costs {r} less to play for each Evo you have equipped", "This gets +X{p}, where X is the number of Evos you
    have equipped", "While this is defending, it gets +X{d}, where X is …" — static abilities with that count."""
    m = EVO_UPGRADE.fullmatch(text.strip())
    if not m:
        return None
    body = m.group(1).strip().rstrip(".").lower()
    where = ", where x is the number of evos you have equipped"
    if body == "this costs {r} less to play for each evo you have equipped" and ctx.resolves:
        ability = {"kind": "static", "effect": {"do": "cost", "by": {**EVOS, "times": -1}}}
    elif body == "this gets +x{p}" + where and ctx.is_attack:
        ability = {"kind": "static", "effect": {"do": "modify", "stat": "power", "by": dict(EVOS)}}
    elif body == "while this is defending, it gets +x{d}" + where and (ctx.resolves or "block" in ctx.types):
        ability = {"kind": "static", "while": {"defending": True},
                   "effect": {"do": "modify", "stat": "defense", "by": dict(EVOS)}}
    else:
        raise g.NotUnderstood(text)
    return g.Reading(keywords=["evo upgrade"], abilities=[ability])


WHILE_DEFENDING = re.compile(r"this gets \+(\d+)\{d\} while defending an? ([a-z]+ attack)\.?", re.IGNORECASE)


def _while_defending_attack(text: str, ctx):
    """``This gets +N{d} while defending a KIND attack`` of a defending card (the equipment guardwell comes with):
    a while-static ability (1.7.4g) while it defends an attack of that kind."""
    m = WHILE_DEFENDING.fullmatch(text.strip())
    if not m:
        return None
    spec = g.selector(m.group(2).lower(), ctx)
    spec.pop("is_attack", None)
    if not spec:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "static", "while": {"defending": True, "attack": spec},
                                 "effect": {"do": "modify", "stat": "defense", "by": int(m.group(1))}}])


# label keywords naming a condition (8.4.15, 8.4.16): the words the labelled paragraph must hold
CONDITION_LABELS = {"lightning flow": r"\bif you(?:'ve| have) played a lightning card this turn,",
                    "earth bond": r"\bif an earth card was pitched to play this,",
                    "decompose": r"\byou may banish 2 earth cards and an action card from your graveyard\. if you do,"}
LABELLED = re.compile(r"(lightning flow|earth bond|decompose) - (.+)", re.IGNORECASE | re.DOTALL)


def _condition_label(text: str, ctx):
    """``Lightning Flow - …`` / ``Earth Bond - …``: a label (8.4.16, 8.4.15) over a paragraph whose condition is the
    label's own ("If you've played a Lightning card this turn", "If an Earth card was pitched to play this"); the
    paragraph is read as any other and the card lists the label."""
    m = LABELLED.fullmatch(text.strip())
    if not m:
        return None
    label, body = m.group(1).lower(), m.group(2).strip()
    if not re.search(CONDITION_LABELS[label], body, re.IGNORECASE):
        raise g.NotUnderstood(text)
    reading = ctx.paragraph(body[0].upper() + body[1:])
    if reading is None:
        raise g.NotUnderstood(text)
    reading.keywords = [label] + [k for k in reading.keywords if k != label]
    return reading


def _defends_kind_of_attack(text: str, ctx):
    """``When this defends a SUPERTYPE attack, EFFECTS``: the defends trigger with the condition that the attack it
    defends has that supertype ("When this defends a Guardian attack, clash with the attacking hero. …")."""
    m = re.fullmatch(r"when this defends an? (\w+) attack, (.+)", text.strip(), re.IGNORECASE | re.DOTALL)
    if not m or m.group(1).lower() not in ctx.pool_supertypes:
        return None
    reading = ctx.paragraph(f"When this defends, {m.group(2)}")
    if reading is None or len(reading.abilities) != 1 or reading.abilities[0].get("on") != "defends" \
            or "if" in reading.abilities[0]:
        raise g.NotUnderstood(text)
    reading.abilities[0]["if"] = {"attack": {"supertypes": [m.group(1).lower()]}}
    return reading


def _solflare(text: str, ctx):
    """``Solflare - When this is charged to your hero's soul, EFFECTS`` (8.4.9): a trigger on the charge event about
    this card, functional in the soul it was charged to (1.7.4i)."""
    m = re.fullmatch(r"solflare - when this is charged to your hero's soul, (.+)", text.strip(), re.IGNORECASE | re.DOTALL)
    if not m:
        return None
    frame = g.Frame(ctx, "trigger")
    frame.event = "charge"
    effs = ctx.effects(m.group(1).strip(), frame)
    return g._finish(frame, g.Reading(keywords=["solflare"]), {"kind": "trigger", "on": "charge", "effects": effs})


def _win_clash_paragraph(text: str, ctx):
    """``When you win a clash revealing this, EFFECTS`` (8.5.45a): a trigger on the ``win-clash`` event about this
    card, functional in the deck it was revealed from (1.7.4i)."""
    m = re.fullmatch(r"when you win a clash revealing this, (.+)", text, re.IGNORECASE | re.DOTALL)
    if not m:
        return None
    frame = g.Frame(ctx, "trigger")
    frame.event = "win-clash"
    effs = ctx.effects(m.group(1).strip(), frame)
    return g._finish(frame, g.Reading(), {"kind": "trigger", "on": "win-clash", "effects": effs})


def _galvanize(rest: str, ctx):
    """``Galvanize - When this defends, you may destroy an item you control. If you do, EFFECTS`` (8.4.12): the
    label keyword and a trigger on this defending — an optional destroy of one item its controller chooses
    (1.8.3a, 1.8.6), then EFFECTS if they did."""
    frame = g.Frame(ctx, "trigger")
    frame.event = "defends"
    effs = ctx.effects(rest, frame)
    if any("if" in e for e in effs):
        raise g.NotUnderstood(rest)
    destroy = {"do": "destroy", "what": {"subtypes": ["item"], "controller": "you"}, "amount": 1, "may": True}
    ability = {"kind": "trigger", "on": "defends",
               "effects": [destroy] + [dict(e, **{"if": {"if_you_do": True}}) for e in effs]}
    return g._finish(frame, g.Reading(keywords=["galvanize"]), ability)


def _enters_with(text: str, ctx):
    """``This enters the arena with N steam counters.`` (an identity-replacement effect, 6.4.8) → an ``enters``
    ability; the paragraph's later sentences ("At the start of your turn, destroy this unless you remove a steam
    counter from it.") are read as a paragraph of their own. None when the paragraph does not open so."""
    m = ENTERS_WITH.match(text)
    if not m:
        return None
    if ctx.resolves or m.group(2).lower() not in COUNTER_KINDS:
        raise g.NotUnderstood(text)
    reading = g.Reading(abilities=[{"kind": "enters", "counters": {m.group(2).lower(): g.number(m.group(1).lower())}}])
    if m.group(3):
        # "When it has none, …": none of the counters it entered with
        rest = ctx.paragraph(re.sub(r"^when it has none\b", f"When it has no {m.group(2).lower()} counters", m.group(3),
                                    flags=re.IGNORECASE))
        if rest is None:
            raise g.NotUnderstood(text)
        reading.abilities += rest.abilities
        reading.keywords += rest.keywords
        reading.fields.update(rest.fields)
    return reading


def _attack_trigger_if(m, ctx):
    """``When this attacks, if COND, EFFECTS`` where COND is a keyword's condition (scrapped, beaten chest,
    fused): the attack trigger whose effects are conditional on COND — the trigger condition does not include
    the conditions of the effects its layer generates (6.6.1c), so the layer is created either way and each
    effect is generated only if COND is met as it resolves (1.8.4: a list of effects shares the condition);
    None for any other condition."""
    try:
        cond = condition(m.group(2).lower(), ctx)
    except g.NotUnderstood:
        return None
    if cond is None or not (ctx.is_attack or ctx.is_weapon):
        return None
    reading = ctx.paragraph(f"{m.group(1)}, {m.group(3)}")
    if reading is None or len(reading.abilities) != 1 or reading.abilities[0].get("on") != "attack":
        raise g.NotUnderstood(m.group(0))
    effects = reading.abilities[0].get("effects") or []
    if not effects or any("if" in e for e in effects):
        raise g.NotUnderstood(m.group(0))   # one condition per effect: no conjunction of conditions
    for e in effects:
        e["if"] = dict(cond)
    return reading
