"""The grammar of Flesh and Blood card text (CR 1.4 abilities, 5.2–5.4, 8.3–8.5): effect verbs, objects,
targets, conditions, durations.

A paragraph is read as one ability: an optional label (``Instant - COST:``, ``Combo -``, ``Crush -``), then a
trigger clause (``When this hits,``), a condition (``If …,``) and effect sentences. Each effect sentence is
a verb phrase over an object: ``SUBJECT gets|gains MODIFIERS``, ``Deal N [arcane] damage to TARGET``,
``Draw N cards``, ``Gain N{h}``, ``Destroy TARGET``, … Objects are noun phrases built from the card data's
own vocabulary (supertypes such as Ninja, subtypes such as dagger) — no card is known by name, and the
card's own name in its text reads as "this".

Every part maps onto a primitive of the scenario format (docs/scenario-format.md). A sentence with any
word left over is not understood, so the paragraph is not compiled (:func:`read_paragraph` returns None):
precision first.

This module is the top of the grammar: the phrases it reads are in :mod:`.phrases`, more sentence and
paragraph shapes in the ``*_grammar`` modules, which import :mod:`.phrases` and never this module; text
nested in their shapes comes back here through :class:`Context`.
"""

from __future__ import annotations

import re

from judge.cards import choices_grammar, costs_grammar, effects_grammar, hero_grammar, keywords_grammar
from judge.cards import events_grammar, heave_grammar, permanents_grammar, played_grammar, subcards_grammar
from judge.cards import tapping_grammar
from judge.cards import banishes_grammar, control_grammar
from judge.cards import triggers_grammar
from judge.cards import zones_grammar
from judge.cards import phrases
from judge.cards.phrases import (  # noqa: F401 — NotUnderstood, Reading: the compiler reads them here
    NUM, STATE_CONDITIONS, Frame, NotUnderstood, Reading, _duration, _finish, _token, modifiers, normalise, number,
    permanent_noun, selector, sentences, subject, target_word)


class Context(phrases.Context):
    """What the grammar knows about the card whose text it reads (:class:`judge.cards.phrases.Context`),
    with the whole grammar at hand for the text nested in a sentence grammar's shapes."""

    def effects(self, text: str, frame: Frame) -> list[dict]:
        """All effect sentences of ``text`` read in ``frame`` (:func:`effects_of`)."""
        return effects_of(text, frame)

    def trigger(self, text: str) -> Reading | None:
        """``text`` read as a triggered ability (``When this hits, …``), or None when it is not one."""
        return keywords_grammar.wager_paragraph(text, self) or _trigger(text, self)

    def paragraph(self, text: str) -> Reading | None:
        """``text`` read as a whole paragraph (:func:`read_paragraph`)."""
        return read_paragraph(text, self)

    def condition(self, text: str) -> dict:
        """``text`` read as a condition (:func:`condition`)."""
        return condition(text, self)

def effect_sentence(sentence: str, frame: Frame) -> list[dict]:
    """One effect sentence → effect tables (several for ``gets +1{p} and go again``)."""
    sentence, quantity = choices_grammar.where_x(sentence.strip(), frame)   # ", where X is …" (a quantity)
    s, dur = _duration(sentence)
    low = s.lower()
    frame.last_it, frame.it = frame.it, None    # "it": the card the sentence just before created or moved
    frame.this_turn = dur is None and s != sentence   # the sentence ended "this turn"
    frame.lasting = dur                           # the duration it ended with, "this turn" none
    effects = _effect(low, frame, s)
    if quantity is not None:
        effects = choices_grammar.put_x(effects, quantity, sentence)
    if dur:
        for e in effects:
            e["duration"] = dur
    return effects


def _effect(low: str, frame: Frame, original: str) -> list[dict]:
    ctx = frame.ctx
    got = effects_grammar.effect(low, frame, original)
    if got is not None:
        return got
    got = keywords_grammar.effect(low, frame, original)
    if got is not None:
        return got
    got = choices_grammar.effect(low, frame)
    if got is not None:
        return got
    got = triggers_grammar.effect(low, frame)   # delayed triggered effects (6.6.3)
    if got is not None:
        return got
    got = zones_grammar.effect(low, frame)      # create a card in a zone, "you may play it this turn"
    if got is not None:
        return got
    got = permanents_grammar.effect(low, frame)   # a permanent's own counters (8.5.14, 1.8.4)
    if got is not None:
        return got
    got = subcards_grammar.effect(low, frame)     # transform, cards under this (8.5.36, 3.0.14)
    if got is not None:
        return got
    got = played_grammar.effect(low, frame) or hero_grammar.effect(low, frame)   # played cards', heroes' and allies'
    if got is not None:
        return got
    got = tapping_grammar.effect(low, frame) or control_grammar.effect(low, frame)   # tap, untap; gain control, steal
    if got is not None:
        return got
    m = re.fullmatch(r"(.+?) (?:gets|gains|has) (.+)", low) or re.fullmatch(r"(this card's attacks) get (.+)", low) \
        or re.fullmatch(r"(your [^,]+?s this turn|[^,]+?s (?:you|your opponents) control) (?:get|gain) (.+)", low)
    if m and not low.startswith(("deal ", "draw ", "gain ", "create ")):
        fields, _ = subject(m.group(1), frame)
        out = []
        for eff in modifiers(m.group(2)):
            eff.update(fields)
            out.append(eff)
        return out
    got = _deal(low, frame, original)
    if got is not None:
        return got
    m = re.fullmatch(rf"draw (?:a card|{NUM} cards)", low)
    if m:
        return [{"do": "draw", "amount": number(m.group(1)) if m.group(1) else 1}]
    m = re.fullmatch(r"gain (\d+)\{h\}", low)
    if m:
        return [{"do": "gain-life", "amount": int(m.group(1))}]
    m = re.fullmatch(r"you lose (\d+)\{h\}", low)
    if m:
        return [{"do": "lose-life", "amount": int(m.group(1))}]
    m = re.fullmatch(rf"gain {NUM} action points?", low)
    if m:
        return [{"do": "gain-action-point", "amount": number(m.group(1))}]
    m = re.fullmatch(r"gain ((?:\{r\})+)", low)
    if m:
        return [{"do": "gain-resources", "amount": m.group(1).count("{r}")}]
    if low == "destroy this" and not ctx.resolves:
        return [{"do": "destroy", "what": "self"}]     # a permanent destroys itself (8.5.4)
    m = re.fullmatch(r"pay ((?:\{r\})+)", low)
    if m:   # an asset-cost the effect incurs (1.14.1): "you may pay {r}. If you do, …"
        return [{"do": "pay", "amount": m.group(1).count("{r}")}]
    m = re.fullmatch(r"(destroy|banish|negate) (target .+)", low)
    if m:
        spec, _ = target_word(m.group(2), ctx)
        if m.group(1) == "negate":
            raise NotUnderstood(original)   # negate needs a layer target; the grammar does not name layers
        frame.declare(spec)
        return [{"do": m.group(1), "what": "target"}]
    if low == "intimidate them" and ctx.is_attack and frame.event in ("attack", "hit"):
        return [{"do": "intimidate"}]       # "them": the hero this attack attacks or hits, the defending hero
    if low == "intimidate" and ctx.is_attack:
        return phrases.targeted_intimidate(frame)
    m = re.fullmatch(r"create (?:a|an) (.+?) token", low)
    if m:
        return [_token(m.group(1), ctx)]
    m = re.fullmatch(r"the next time (?:you|your hero) would be dealt( arcane| \{p\})? damage( this turn)?, "
                     r"prevent (\d+|all) of that damage", low)
    if m:
        if m.group(1) and not m.group(2):
            raise NotUnderstood(original)   # no "this turn": it lasts until used, past the turn
        amount = "all" if m.group(3) == "all" else int(m.group(3))
        return [_typed({"do": "prevent", "amount": amount, "to": "you"}, m.group(1))]
    m = re.fullmatch(r"prevent the next (\d+)( arcane| \{p\})? damage that would be dealt to (?:you|your hero)", low)
    if m:
        return [_typed({"do": "prevent", "amount": int(m.group(1)), "to": "you", "shield": True}, m.group(2))]
    raise NotUnderstood(original)


def _deal(low: str, frame: Frame, original: str) -> list[dict] | None:
    """``deal N [arcane] damage to TARGET`` (8.5.3); an ally's own pronoun, ``he|she deals …``, in its triggered
    ability: the ally deals it, the source of its trigger. None for another sentence."""
    m = re.fullmatch(rf"(?:deal|he deals|she deals) {NUM}( arcane)? damage to (.+)", low)
    if not m:
        return None
    if not low.startswith("deal ") and ("ally" not in frame.ctx.subtypes or frame.where != "trigger"):
        raise NotUnderstood(original)
    spec, to = None, _hit_hero(m.group(3), frame)
    if to is None:
        spec, to = target_word(m.group(3), frame.ctx)
    frame.declare(spec)
    eff = {"do": "damage", "amount": number(m.group(1)), "to": to}
    if m.group(2):
        eff["kind"] = "arcane"
    return [eff]


def _hit_hero(phrase: str, frame: Frame) -> str | None:
    """``them`` in an ally's "Whenever this hits a hero" trigger: the hero it hit, the defending hero of its attack
    (its attack-proxy attacks for it, 1.4.3a, 8.2.8c); None for any other phrase or ability."""
    if phrase.strip() != "them" or "ally" not in frame.ctx.subtypes or frame.event != "hit" or \
            not frame.when.get("target_is_hero"):
        return None
    return "defending-hero"


def _typed(prevention: dict, damage_word: str | None) -> dict:
    """A prevention effect limited to one type of damage (6.4.10: "arcane damage", "{p} damage")."""
    if damage_word:
        prevention["damage_type"] = {"arcane": "arcane", "{p}": "physical"}[damage_word.strip()]
    return prevention


def effects_of(text: str, frame: Frame) -> list[dict]:
    """All effect sentences of a text (each must be understood); ``you may X. If you do, Y`` composes
    (choices_grammar.py)."""
    out: list[dict] = []
    last: list[dict] = []       # the effects of the sentence before: what an "If …, instead …" sentence replaces
    for sentence in sentences(text):
        got = played_grammar.instead(sentence, last, frame)
        if got is not None:
            kept, last = got
            out[len(out) - len(kept):] = kept
            out.extend(last)
            continue
        got = control_grammar.this_way(sentence, frame, effect_parts) \
            or choices_grammar.sentence_effects(sentence, frame, effect_parts) \
            or played_grammar.if_defended(sentence, frame, effect_parts)
        last = effect_parts([sentence], frame) if got is None else got
        out.extend(last)
    return out


def effect_parts(parts: list[str], frame: Frame) -> list[dict]:
    """The effects of effect clauses, each split at ``, then``."""
    out = []
    for sentence in parts:
        for part in re.split(r",? then ", sentence):
            items = _SERIES.fullmatch(part)
            if items:    # "opt 1, opt 1, and draw a card": a series of effect clauses, each its own sentence
                for item in _SERIES_SPLIT.split(part):
                    out.extend(effect_sentence(item, frame))
                continue
            out.extend(effect_sentence(part, frame))
    return out


# a series of effect clauses "A and B", "A, B, and C", each opening with an effect verb (an imperative)
_VERBS = r"(?:opt|draw|gain|create|deal|destroy|banish|discard|reveal|put)\b"
_SERIES = re.compile(rf"{_VERBS}[^,]*(?:, {_VERBS}[^,]*)*,? and {_VERBS}[^,]*", re.IGNORECASE)
_SERIES_SPLIT = re.compile(rf",? and (?={_VERBS})|, (?={_VERBS})", re.IGNORECASE)


# ---------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------

def condition(phrase: str, ctx: Context) -> dict:
    """``you've dealt arcane damage this turn`` → ``{dealt_arcane_this_turn = true}``; ``this is played from
    arsenal`` → ``{played_from = "arsenal"}``; ``the defending hero has defended with a card from their hand
    this chain link`` → ``{defended_from_hand = true}`` (reprise, 8.4.3)."""
    p = phrase.strip().lower()
    for module in (effects_grammar, keywords_grammar, permanents_grammar, played_grammar, zones_grammar):
        got = module.condition(p, ctx)     # each family's own condition phrases, first match wins
        if got is not None:
            return got
    if p in ("this has {p} greater than its base", "this has more {p} than its base") and ctx.is_attack:
        return {"this": {"power_above_base": True}}    # its power against its base power (an attack card)
    m = re.fullmatch(r"(?:it|this) is (\w+)", p)
    if m and m.group(1) in ctx.pool_supertypes:
        return {"this": {"supertypes": [m.group(1)]}}  # "if it is Draconic": the source has that supertype now
    if p in ("you have no cards in hand", "you have no cards in your hand"):
        return {"at_most": {"count": "in-hand", "n": 0}}
    if p in ("you've dealt arcane damage this turn", "you have dealt arcane damage this turn"):
        return {"dealt_arcane_this_turn": True}
    if p in ("this is played from arsenal", "this was played from arsenal", "this is played from your arsenal"):
        return {"played_from": "arsenal"}
    if p == "the defending hero has defended with a card from their hand this chain link":
        return {"defended_from_hand": True}
    if costs_grammar.paid_condition(p):
        return costs_grammar.paid_condition(p)     # "the discarded card has 6 or more {p}" (costs_grammar.py)
    got = costs_grammar.board_condition(p, ctx)    # "you've played a red card this turn", "… in your pitch zone"
    if got is not None:
        return got
    if p in ("the last attack on this combat chain hit", "the last attack this combat chain hit"):
        return {"last_attack_hit": True}           # the previous chain link hit (7.0.3b, 7.5.5d)
    m = re.fullmatch(r"(.+?) was the last attack this combat chain", p)
    if m:
        said = phrase.strip()[: len(m.group(1))]
        if said.lower() in ctx.names:
            return {"last_attack": {"name": ctx.names[said.lower()]}}
        am = re.fullmatch(r"an? (.+ attack(?: action card)?)", m.group(1))
        if am:
            spec = selector(am.group(1), ctx)
            spec.pop("is_attack", None)     # the last attack was an attack: its card's properties remain
            if spec:
                return {"last_attack": spec}
        raise NotUnderstood(phrase)         # "A or B was the last attack": a selector names one card
    raise NotUnderstood(phrase)


# ---------------------------------------------------------------------------------------------------------
# paragraphs → abilities
# ---------------------------------------------------------------------------------------------------------

ACTIVATED = re.compile(r"^(?:(once|twice|thrice) per turn )?(action|instant|attack reaction|defense reaction) - (.+?): (.+)$",
                       re.IGNORECASE)
TRIGGERS = (
    (r"(?:when|whenever|if) this hits a hero", "hit", {"target_is_hero": True}),   # not an ally it attacks (1.4.5)
    (r"(?:when|if) this hits", "hit"),
    (r"(?:when|whenever) (?:this attacks a hero|you attack a hero with this)", "attack", {"attacks_hero": True}),
    (r"(?:when|whenever) (?:this attacks|you attack with this)", "attack"),
    (r"(?:when this is played|when you play this)", "play"),   # its own play event (1.7.4i), a card that resolves
    (r"when this defends alone", "defends", {"defends_alone": True}),     # the only card of its defend event (7.0.5e)
    (r"(?:when|whenever) (?:this defends|you defend with this)", "defends"),
    (r"when this is defended", "defended"),
    (r"when this is destroyed", "destroyed"),
    # its own discard (8.5.5), functional in the graveyard it went to (1.7.4i); "at random": the discard was random
    (r"when this is discarded at random", "discard", {"random": True}),
    (r"when this is discarded", "discard"),
    (r"when the combat chain closes", "combat-chain-closes"),    # 7.7.2: the Close Step's event
    (r"when this enters the arena", "enters-arena"),
    (r"when this leaves the arena", "leaves-arena"),
    (r"when this is put into your graveyard from anywhere", "put-into-graveyard"),   # functional there (1.7.4i)
    # the top card a boost banished (8.3.9): its own trigger, functional in the banished zone (1.7.4i)
    (r"when this is banished from boosting", "banished", {"from_boosting": True}),
)


def read_paragraph(para: str, ctx: Context) -> Reading | None:
    """The abilities of one paragraph, or None when its whole meaning is not captured."""
    text = normalise(para, ctx.name, ctx.monikers)
    try:
        for reader in (subcards_grammar.paragraph, heave_grammar.paragraph, events_grammar.paragraph,
                       effects_grammar.paragraph, costs_grammar.paragraph, hero_grammar.paragraph,
                       keywords_grammar.paragraph, permanents_grammar.paragraph, played_grammar.paragraph,
                       zones_grammar.paragraph, triggers_grammar.paragraph, banishes_grammar.paragraph, _activated,
                       _labelled, _phase_trigger, _trigger, _static, _resolution):
            reading = reader(text, ctx)
            if reading is not None:
                return reading
    except NotUnderstood:
        return None
    return None


def _activated(text: str, ctx: Context) -> Reading | None:
    m = ACTIVATED.match(text)
    if not m:
        return None
    limit = {"once": 1, "twice": 2, "thrice": 3}.get((m.group(1) or "").lower())
    ab: dict = {"kind": "activated", "type": m.group(2).lower()}
    cost = 0
    effect_costs = []
    for part in costs_grammar.cost_phrases(m.group(3)):
        if re.fullmatch(r"(?:\{r\} ?)+", part):   # "{r}{r}{r} {r}{r}{r}": six, printed in two groups
            cost += part.count("{r}")
        elif part.isdigit():
            cost += int(part)
        elif part in ("destroy this", "discard this") and "effect_cost" not in ab:
            ab["effect_cost"] = part
        else:
            effect_costs.append(costs_grammar.cost_part(part, ctx))
    if effect_costs:     # 5.2.1c: effect-costs other than the source's own destruction, paid in order
        if ab.get("effect_cost") == "discard this":
            raise NotUnderstood(m.group(3))
        own = [{"do": "destroy", "what": "self"}] if ab.pop("effect_cost", None) else []
        ab["effect_cost"] = own + effect_costs
    ab["cost"] = cost
    if limit:
        ab["limit"] = limit
    if ab.get("effect_cost") == "discard this":
        ab["functional_in"] = "hand"
    body = m.group(4).strip()
    go_again = False
    gm = re.search(r"(?:^|\.)\s*go again\.?$", body, re.IGNORECASE)   # its own sentence, not "gets go again"
    if gm:
        body, go_again = body[: gm.start()].strip(), True
    body, when = costs_grammar.split_condition(body, ctx)   # "Activate this only …" (5.2.1e)
    if when:
        ab["if"] = when
    frame = Frame(ctx, "activated")
    if body.lower().rstrip(".") == "attack":
        if not (ctx.is_weapon or "ally" in ctx.subtypes):
            raise NotUnderstood(body)     # a weapon's attack-proxy (1.4.3), an ally attacking itself (8.2.8)
        ab["attack"] = True     # an attack-proxy; "Attack. Go again": go again is the proxy's own (1.4.3a)
    else:
        ab["effects"] = hero_grammar.until_end_of_turn_yours(body, ctx) or effects_of(body, frame)
    if go_again:
        ab["go_again"] = True
    return _finish(frame, Reading(), ab)


def _labelled(text: str, ctx: Context) -> Reading | None:
    """Ability labels (8.4): ``Combo - If X was the last attack …``, ``Crush - When this deals 4 or more
    damage to a hero, …``, ``Reprise - If the defending hero has defended …``."""
    m = re.match(r"^(combo|crush|reprise) - (.+)$", text, re.IGNORECASE)
    if not m:
        return None
    label, body = m.group(1).lower(), m.group(2)
    if label == "crush":
        cm = re.fullmatch(r"(?:when|if) this deals (\d+) or more damage( to a hero)?, (.+)", body, re.IGNORECASE)
        if not cm or not ctx.is_attack:
            raise NotUnderstood(text)
        frame = Frame(ctx, "trigger")
        frame.event = "damage"
        effs = effects_of(cm.group(3), frame)
        when = {"damage_at_least": int(cm.group(1)), **({"target_is_hero": True} if cm.group(2) else {})}
        return _finish(frame, Reading(), {"kind": "trigger", "on": "damage", "if": when, "effects": effs})
    if label == "combo" and re.match(r"when this attacks, if ", body, re.IGNORECASE):
        # "Combo - When this attacks, if X was the last attack this combat chain, …": a trigger whose effects are
        # each conditional on the combo (8.4.1, 1.8.4)
        got = _trigger(body, ctx)
        if got is None or not all("last_attack" in (e.get("if") or {}) for ab in got.abilities
                                  for e in ab.get("effects", [])):
            raise NotUnderstood(text)
        return got
    cm = re.fullmatch(r"if (.+?), (.+)", body, re.IGNORECASE)
    if not cm:
        raise NotUnderstood(text)
    cond = condition(cm.group(1), ctx)
    if label == "combo" and "last_attack" not in cond or label == "reprise" and "defended_from_hand" not in cond:
        raise NotUnderstood(text)
    return _conditional(cond, cm.group(2), ctx)


# conditions on the game state alone: phrases.STATE_CONDITIONS


def _conditional(cond: dict, body: str, ctx: Context) -> Reading:
    """``If COND, EFFECTS``: on an attack, about itself, a static ability while COND (1.7.4, 8.4.1); else a
    conditional resolution effect (1.8.4)."""
    frame = Frame(ctx, "static")
    effs = effects_of(body, frame)
    about_self = all(e.get("to", "self") == "self" and not e.get("next") for e in effs)
    own_state = "equipment" in ctx.types and set(cond) <= STATE_CONDITIONS   # an equipment's own value (1.7.4)
    if (ctx.is_attack or ctx.is_weapon or own_state) and about_self and frame.target is None and \
            "defended_from_hand" not in cond:
        reading = Reading()
        for e in effs:
            reading.abilities.append({"kind": "static", "while": dict(cond), "effect": e})
        return reading
    if not ctx.resolves or "last_attack" in cond:
        raise NotUnderstood(body)
    return _finish(frame, Reading(), {"kind": "resolution", "if": dict(cond), "effects": effs})


# "Whenever this deals or is dealt damage": on an ally (a living object, 2.5.1) each direction is its own event —
# ``damage`` (this is the damage's source, 8.5.3) and ``dealt-damage`` (this is dealt it)
_DAMAGE_TRIGGER = re.compile(r"(?:when|whenever) this (deals or is dealt|is dealt|deals) damage, (.+)", re.IGNORECASE)


def _damage_trigger(text: str, ctx: Context) -> Reading | None:
    m = _DAMAGE_TRIGGER.fullmatch(text)
    if not m or "ally" not in ctx.subtypes:
        return None
    events = {"deals or is dealt": ("damage", "dealt-damage"), "is dealt": ("dealt-damage",),
              "deals": ("damage",)}[m.group(1).lower()]
    reading = Reading()
    for event in events:
        frame = Frame(ctx, "trigger")
        frame.event = event
        effs = effect_parts(choices_grammar.and_split(m.group(2).rstrip(".")), frame)
        reading = _finish(frame, reading, {"kind": "trigger", "on": event, "effects": effs})
    return reading


def _trigger(text: str, ctx: Context) -> Reading | None:
    got = _damage_trigger(text, ctx)
    if got is not None:
        return got
    for pattern, event, *when in TRIGGERS:
        m = re.fullmatch(pattern + r", (.+)", text, re.IGNORECASE)
        if m:
            if event in ("hit", "attack", "defended") and not ctx.is_attack:
                # a weapon's attack-proxy (1.4.3) or an attacking ally (8.2.8c) attacks and hits as its source
                if not ((ctx.is_weapon or "ally" in ctx.subtypes) and event in ("hit", "attack")):
                    raise NotUnderstood(text)
            if event in ("enters-arena", "leaves-arena") and ctx.resolves:
                raise NotUnderstood(text)       # a permanent's own entering or leaving (the arena, 3.0.5)
            if event == "play" and not ctx.resolves:
                raise NotUnderstood(text)       # a permanent played: its own play trigger is read elsewhere
            body = m.group(1)
            frame = Frame(ctx, "trigger")
            frame.event = event
            frame.when = dict(when[0]) if when else {}
            effs = choices_grammar.trigger_body(body, frame)
            ability = {"kind": "trigger", "on": event, **({"if": dict(when[0])} if when else {}), "effects": effs}
            return _finish(frame, Reading(), ability)
    return None


PHASES = (("at the beginning of your action phase", "action-phase"), ("at the beginning of your end phase",
                                                                      "end-phase"),
          ("at the start of your turn", "start-of-turn"), ("at the beginning of each end phase", "end-phase"))


def _phase_trigger(text: str, ctx: Context) -> Reading | None:
    """``At the beginning of your action phase|end phase, EFFECTS`` of a permanent (4.3.1, 4.4.2): a trigger
    on that phase in its controller's turn; ``At the beginning of each end phase``: in every player's turn."""
    for phrase, event in PHASES:
        m = re.fullmatch(re.escape(phrase) + r", (.+)", text.rstrip("."), re.IGNORECASE)
        if m:
            if ctx.resolves:
                raise NotUnderstood(text)
            frame = Frame(ctx, "trigger")
            effs = []
            cm = re.fullmatch(r"if (.+?), (.+)", m.group(1), re.IGNORECASE)
            turn = {} if " each " in phrase else {"your_turn": True}    # "each end phase": every player's (4.4.2)
            if cm:   # "At the start of your turn, if you have 13 or less {h}, banish this": checked as it resolves
                return _finish(frame, Reading(), {"kind": "trigger", "on": event, **({"if": turn} if turn else {}),
                                                  "effects": choices_grammar.trigger_body(m.group(1), frame)})
            for part in re.split(r",? then | and (?=gain \{r\})", m.group(1)):    # "remove … and gain {r}"
                if part.strip().lower() == "destroy this":
                    effs.append({"do": "destroy", "what": "self"})
                else:
                    effs.extend(effects_of(part, frame))
            return _finish(frame, Reading(), {"kind": "trigger", "on": event, **({"if": turn} if turn else {}),
                                              "effects": effs})
    return None


def _static(text: str, ctx: Context) -> Reading | None:
    low = text.lower().rstrip(".")
    if low == "you may play this as though it were an instant" and ctx.resolves:
        return Reading(fields={"playable_as_instant": True})
    if low == "damage that would be dealt by this can't be prevented" and ctx.is_attack:
        # 6.4.10h: prevention effects still apply to its damage events but prevent none of it
        return Reading(abilities=[{"kind": "static", "effect": {"do": "cannot-be-prevented"}}])
    if low == "you may play this from your banished zone":
        return Reading(abilities=[{"kind": "play-from", "zone": "banished"}])
    m = re.fullmatch(r"this costs ((?:\{r\})+) less to play for each (.+?) you control", low)
    if m:
        per = m.group(1).count("{r}")
        spec = permanent_noun(m.group(2), ctx)
        return Reading(abilities=[{"kind": "static", "effect": {
            "do": "cost", "by": {"count": "you-control", "of": spec, "times": -per}}}])
    m = re.fullmatch(r"if you control an? (.+?), this costs ((?:\{r\})+) less to play", low)
    if m:
        spec = permanent_noun(m.group(1), ctx)
        return Reading(abilities=[{"kind": "static", "while": {"you_control": spec},
                                   "effect": {"do": "cost", "by": -m.group(2).count("{r}")}}])
    m = re.fullmatch(r"if (.+?), (.+)", text.rstrip("."), re.IGNORECASE)
    if m and not re.match(r"(?:you do|this hits)\b", m.group(1), re.IGNORECASE):
        try:
            cond = condition(m.group(1), ctx)
        except NotUnderstood:
            return None
        return _conditional(cond, m.group(2), ctx)
    return None


def _resolution(text: str, ctx: Context) -> Reading | None:
    if not ctx.resolves:
        return None
    frame = Frame(ctx, "resolution")
    effs = effects_of(text, frame)
    return _finish(frame, Reading(), {"kind": "resolution", "effects": effs})
