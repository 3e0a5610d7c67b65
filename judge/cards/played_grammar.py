# FaB CR 8.5.4 destroy, 1.8.3/1.8.4 optional and conditional effects, 6.6 triggered abilities, 1.2.1 control: shapes
# of the text of played cards (actions, attacks, instants, reactions, auras).
"""Card-text grammar of played cards' sentences that compose the existing pieces: a permanent its controller
chooses and destroys (``destroy an aura you control``, 8.5.4, 1.8.6), a condition on the permanents its controller
controls (``if you control a NAME``, ``if you control 2 or more auras``), a trigger on two events of the
card (``When this attacks or hits, …``: one ability per event, each the same).

:mod:`judge.cards.grammar` calls the hooks here (``effect``, ``condition``, ``paragraph``): each returns None when
the phrase is not one of its shapes and raises :class:`~judge.cards.phrases.NotUnderstood` when it is one of them
but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# ---------------------------------------------------------------------------------------------------------
# effect sentences
# ---------------------------------------------------------------------------------------------------------


def effect(low: str, frame) -> list[dict] | None:
    """An effect sentence of one of this module's shapes (``low``: lower case) → effect tables."""
    for reader in (_destroy_yours, _your_next_this_chain, _next_played_from, _next_played_with, _top_of_their_deck,
                   _prevent_chosen, _prevent_it, _next_is_supertype):
        got = reader(low, frame)
        if got is not None:
            return got
    return None


def _destroy_yours(low: str, frame) -> list[dict] | None:
    """``destroy an? PERMANENT you control`` (8.5.4): one object its controller controls that fits, chosen as the
    effect is generated (1.8.6, not targeted); "If you do" after it reads whether one was destroyed (1.8.4a)."""
    m = re.fullmatch(r"destroy an? (.+?) you control", low)
    if not m:
        return None
    spec = dict(g.permanent_noun(m.group(1), frame.ctx), controller="you")
    frame.optional_before = True        # "If you do, …" reads this effect: met only when one was destroyed
    return [{"do": "destroy", "what": spec, "amount": 1}]


_NEXT_IN = re.compile(r"your next (.+?) this (turn|combat chain)((?: with .+?)?) "
                      r"(?:(?:gets|gains) (.+)|is (\w+) in addition to its other (?:card |class )?types)")


def _your_next_this_chain(low: str, frame) -> list[dict] | None:
    """``your next ATTACK this combat chain [with N or less base {p}] gets|gains MODIFIERS`` and ``your next ATTACK
    this turn|combat chain is SUPERTYPE in addition to its other types`` (2.11.5): a next-attack effect (6.2.4) that
    lasts the combat chain (or the turn); the duration written inside the subject, before "with …"."""
    m = _NEXT_IN.fullmatch(low)
    if not m or m.group(2) == "turn" and m.group(4) is not None and not m.group(3):
        return None                     # "your next X attack this turn gets …": the base grammar's subject
    spec = g.selector(m.group(1) + m.group(3), frame.ctx)
    if not spec.get("is_attack"):
        raise g.NotUnderstood(low)      # "your next": an attack (the base grammar's subject says the same)
    fields = {"next": True, "to": spec, **({"duration": "chain"} if m.group(2) == "combat chain" else {})}
    if m.group(4) is not None:
        return [dict(e, **fields) for e in g.modifiers(m.group(4))]
    if m.group(5) not in frame.ctx.pool_supertypes:
        raise g.NotUnderstood(low)      # a word that is not a class or talent (2.11.6)
    return [{"do": "gain-supertypes", "supertypes": [m.group(5)], **fields}]


def _next_is_supertype(low: str, frame) -> list[dict] | None:
    """``the next NOUN you play this turn is SUPERTYPE in addition to its other class types, and gains MODIFIERS``
    (2.11.5, 5.1.2a): a next-card effect that adds the class or talent, and the modifiers, to the same card."""
    m = re.fullmatch(r"the next (.+?) you play this turn is (\w+) in addition to its other (?:class )?types, and "
                     r"(?:gets|gains) (.+)", low)
    if not m:
        return None
    from judge.cards.effects_grammar import next_card_subject

    fields = next_card_subject(f"the next {m.group(1)} you play this turn", frame.ctx)
    if fields is None or m.group(2) not in frame.ctx.pool_supertypes:
        raise g.NotUnderstood(low)      # a word that is not a class or talent (2.11.6)
    out = [{"do": "gain-supertypes", "supertypes": [m.group(2)], **fields}]
    return out + [dict(e, **{k: (dict(v) if isinstance(v, dict) else v) for k, v in fields.items()})
                  for e in g.modifiers(m.group(3))]


def _next_played_from(low: str, frame) -> list[dict] | None:
    """``the next NOUN you play from arsenal|hand this turn gets|gains MODIFIERS`` (5.1.2a, 6.2.4): a next-card
    effect on a card of that kind played from that zone (``played_from``, the zone it was announced from)."""
    m = re.fullmatch(r"the next (.+?) you play from (arsenal|hand) this turn (?:gets|gains) (.+)", low)
    if not m:
        return None
    spec = g.selector(m.group(1), frame.ctx)
    if spec.get("is_attack"):
        raise g.NotUnderstood(low)      # "the next attack you play": also a weapon's? not said (as the base grammar)
    fields = {"next": True, "to": dict(spec, played_from=m.group(2))}
    return [dict(e, **fields) for e in g.modifiers(m.group(3))]


# "the next attack you boost": the verb a keyword's use is said with → the keyword (played_with)
_PLAYED_WITH = {"boost": "boost", "rune gate": "rune gate", "fuse": "fusion", "charge to play": "charge"}


def _next_played_with(low: str, frame) -> list[dict] | None:
    """``the next NOUN you boost|rune gate|fuse this turn|this combat chain gets|gains MODIFIERS`` (5.1.2a, 6.2.4): a
    next-card effect on the next card of that kind its controller plays using that keyword — boosted (8.3.9a), rune
    gated (8.3.27a), fused (8.3.17a): only a card is played so, never a weapon's attack."""
    m = re.fullmatch(r"the next (.+?) you (boost|rune gate|fuse|charge to play) this (turn|combat chain) (?:gets|gains) (.+)",
                     low)
    if not m:
        return None
    spec = g.selector(m.group(1), frame.ctx)
    fields = {"next": True, "to": dict(spec, played_with=_PLAYED_WITH[m.group(2)]),
              **({"duration": "chain"} if m.group(3) == "combat chain" else {})}
    return [dict(e, **fields) for e in g.modifiers(m.group(4))]


def _prevent_chosen(low: str, frame) -> list[dict] | None:
    """``prevent the next N [arcane|{p}] damage that would be dealt to you|your hero this turn by a source of your
    choice`` (6.4.10): a prevention shield over damage events until N is prevented, only from the source its
    controller chooses as the effect is generated (1.8.6)."""
    m = re.fullmatch(r"prevent the next (\d+)( arcane| \{p\})? damage that would be dealt to (?:you|your hero) this turn "
                     r"by a source of your choice", low)
    if not m:
        return None
    eff = {"do": "prevent", "amount": int(m.group(1)), "to": "you", "shield": True, "source": "chosen"}
    if m.group(2):
        eff["damage_type"] = {"arcane": "arcane", "{p}": "physical"}[m.group(2).strip()]
    return [eff]


_PREVENT_IT = re.compile(r"the next time (?:you|your hero) would be dealt (?:(\d+)( or less)? )?damage"
                         r"(?: by an? (red|yellow|blue) source)? this turn, prevent it")


def _prevent_it(low: str, frame) -> list[dict] | None:
    """``the next time you|your hero would be dealt [N [or less]] damage [by a COLOUR source] this turn, prevent it``
    (6.4.10): one damage event prevented whole; its replacement condition (6.4.2) is read on the event — its size
    (``damage_at_most``, and ``damage_at_least`` for exactly N) and its source's colour (2.1.2)."""
    m = _PREVENT_IT.fullmatch(low)
    if not m:
        return None
    when: dict = {}
    if m.group(1):
        when["damage_at_most"] = int(m.group(1))
        if not m.group(2):
            when["damage_at_least"] = int(m.group(1))     # "would be dealt 1 damage": exactly that much
    if m.group(3):
        when["card"] = {"color": m.group(3)}
    return [{"do": "prevent", "amount": "all", "to": "you", **({"when": when} if when else {})}]


def _top_of_their_deck(low: str, frame) -> list[dict] | None:
    """``destroy the top card of their deck`` in an attack's hit trigger (8.5.4): "their" is the hero it hit."""
    if low != "destroy the top card of their deck":
        return None
    if frame.event != "hit" or not frame.ctx.is_attack:
        raise g.NotUnderstood(low)      # "their" names the hero this attack hit only in its hit trigger
    return [{"do": "destroy", "what": "top-of-deck", "who": "defending-hero"}]


def instead(sentence: str, last: list[dict], frame) -> tuple[list[dict], list[dict]] | None:
    """``If COND, instead EFFECT`` after a sentence whose effects it replaces (1.8.4: a conditional effect the card
    states): (the new effects, generated only if COND holds as they would be generated; the effects before, now
    generated only otherwise — when the new ones were not, 1.8.4a), so COND is read once. EFFECT is ``it
    gets|gains MODIFIERS`` (the same object as before), ``prevent [the next] N`` (the prevention before with that
    amount) or
    a sentence with the same verbs as the one before (``gain 4{h}`` after ``gain 1{h}``)."""
    m = re.fullmatch(r"if (.+?), instead (.+)", sentence.strip().rstrip("."), re.IGNORECASE)
    if not m or not last or re.search(r"\bwould\b", m.group(1)):
        return None     # a replacement effect of its own ("If … would deal damage, instead …"): not this shape
    if frame.where == "static" or any("if" in e for e in last):
        raise g.NotUnderstood(sentence)     # nothing to replace, or a replacement of an already conditional effect
    cond = frame.ctx.condition(m.group(1))
    new = _replacing(m.group(2).strip().lower(), last, frame)
    return [dict(e, **{"if": dict(cond)}) for e in new], [dict(e, **{"if": {"otherwise": True}}) for e in last]


_SUBJECT_KEYS = ("to", "next", "duration")


def _replacing(clause: str, last: list[dict], frame) -> list[dict]:
    """The effects of the clause after "instead", read against the effects it replaces."""
    m = re.fullmatch(r"it (?:gets|gains) (.+)", clause)
    if m:   # the same object: the subject fields of the effects before (all alike)
        subjects = {tuple((k, repr(e.get(k))) for k in _SUBJECT_KEYS) for e in last}
        if len(subjects) != 1 or any(e.get("do") not in ("modify", "gain-keyword") for e in last):
            raise g.NotUnderstood(clause)
        fields = {k: last[0][k] for k in _SUBJECT_KEYS if k in last[0]}
        return [dict(e, **fields) for e in g.modifiers(m.group(1))]
    m = re.fullmatch(r"prevent (the next )?(\d+)", clause)
    if m:   # the prevention before, with this amount ("the next N": a shield as before, 6.4.10j)
        if len(last) != 1 or last[0].get("do") != "prevent" or bool(m.group(1)) != bool(last[0].get("shield")):
            raise g.NotUnderstood(clause)
        return [dict(last[0], amount=int(m.group(2)))]
    new = frame.ctx.effects(clause, frame)
    if [e.get("do") for e in new] != [e.get("do") for e in last]:
        raise g.NotUnderstood(clause)       # "instead" names another kind of effect: not said what it replaces
    return new


def if_defended(sentence: str, frame, effect_parts) -> list[dict] | None:
    """``If it's defended by an? NOUN, EFFECTS`` after an attack reaction's sentence about its target attack: the
    effects, each generated only if the active chain link has such a defending card as the card resolves (1.8.4,
    7.0.5); None for another sentence."""
    m = re.fullmatch(r"if (it(?:'s| is) defended by .+?), (.+?)\.?", sentence.strip(), re.IGNORECASE)
    if not m or frame.where != "resolution":
        return None
    cond = frame.ctx.condition(m.group(1).lower())
    effects = effect_parts([m.group(2)], frame)
    if any("if" in e for e in effects):
        raise g.NotUnderstood(sentence)     # two conditions on one effect
    return [dict(e, **{"if": dict(cond)}) for e in effects]


def join_instead(paras: list[str]) -> list[str]:
    """The printed paragraphs, with an ``If …, instead …`` paragraph joined to the one before it — the effect it
    replaces ("Gain 1{h}" / "If you've been dealt arcane damage this turn, instead gain 4{h}."), and an ``If you gain
    control of … this way, …`` paragraph to the one that takes control (control_grammar.py)."""
    out: list[str] = []
    for para in paras:
        if out and re.match(r"if [^.]+?, instead |if you (?:don't )?gain control of [^.]+? this way, ", para.strip(),
                            re.IGNORECASE):
            out[-1] = out[-1].rstrip().rstrip(".") + ". " + para.strip()
            continue
        out.append(para)
    return out


# ---------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------


def condition(p: str, ctx) -> dict | None:
    """``you control an? PERMANENT`` → ``{you_control = SELECTOR}``; ``you control N or more PERMANENTS`` → a
    count of them at least N (a card name of the data, ``aura``, ``item``, ``ally``: 1.3.3)."""
    m = re.fullmatch(r"you control an? (.+)", p)
    if m and not m.group(1).endswith("chain link"):
        return {"you_control": g.permanent_noun(m.group(1), ctx)}
    m = re.fullmatch(rf"you control {g.NUM} or more (.+)", p)
    if m and not m.group(2).endswith("chain links"):
        noun = m.group(2)
        tm = re.fullmatch(r"(.+) tokens", noun)
        if tm and tm.group(1) in ctx.tokens:
            spec = {"name": ctx.tokens[tm.group(1)].name}   # "3 or more Fealty tokens": the token of that name
        elif noun.endswith("s"):
            spec = g.permanent_noun(noun, ctx)
        else:
            raise g.NotUnderstood(p)
        return {"at_least": {"count": "you-control", "of": spec, "n": g.number(m.group(1))}}
    m = re.fullmatch(r"you(?:'ve| have) (boost|crank)ed (\d+) or more times this turn", p)
    if m:   # 8.3.9a, 8.3.29a: that many boost / crank events of its controller this turn
        return {"at_least": {"count": "events-this-turn", "event": m.group(1), "by": "you", "n": int(m.group(2))}}
    got = _this_turn(p) or _this_chain_link(p, ctx)
    if got is not None:
        return got
    m = re.fullmatch(r"an? card(?: with (\d+) or more \{p\})? has been put into your banished zone this turn", p)
    if m:   # a card its controller owns put into their banished zone, by anyone's effect or cost (3.4.2)
        return {"at_least": {"count": "events-this-turn", "event": "put-into-banished", "by": "you",
                             **({"of": {"min_power": int(m.group(1))}} if m.group(1) else {}), "n": 1}}
    m = re.fullmatch(rf"there are {g.NUM} or more (.+?) cards in your pitch zone", p)
    if m:   # 1.3.1: cards its controller pitched this turn, still in their pitch zone
        from judge.cards.costs_grammar import card_noun

        return {"at_least": {"count": "in-pitch", "of": card_noun(m.group(2) + " card", ctx), "n": g.number(m.group(1))}}
    m = re.fullmatch(r"it(?:'s| is) defended by an? (.+)", p)
    if m and m.group(1) in _DEFENDING and "attack reaction" in ctx.types:
        # an attack reaction's "it": the attack it targets, the active chain link's (7.4.2: played in its Reaction
        # Step) — a card of that kind among the link's defending cards (7.0.5)
        return {"at_least": {"count": "defending-cards", **({"of": dict(_DEFENDING[m.group(1)])}
                                                             if _DEFENDING[m.group(1)] else {}), "link": True, "n": 1}}
    m = re.fullmatch(r"an? (.+?) is defending this chain link", p)
    if m and m.group(1) in _DEFENDING:     # 7.0.5: a defending card of the active chain link
        return {"at_least": {"count": "defending-cards", **({"of": dict(_DEFENDING[m.group(1)])}
                                                             if _DEFENDING[m.group(1)] else {}), "n": 1}}
    return None


# what its controller did this turn, as a count of this turn's events (the event, and its filters)
_DONE_THIS_TURN = {
    "drawn a card": {"event": "draw", "by": "you"},         # 8.5.6a: drawn, not put into the hand otherwise
    "intimidated": {"event": "intimidate", "by": "you"},    # 8.5.10a: an intimidate it controlled, a card banished or not
    "transcended": {"event": "transcend", "by": "you"},     # 8.5.48a: a transcend effect it controlled
    "boosted": {"event": "boost", "by": "you"},             # 8.3.9a: paid a boost cost (whatever it banished)
    # 8.5.3a: damage whose non-living source it controlled, to an opposing hero, of that type (8.5.3b)
    "dealt arcane damage to an opposing hero": {"event": "dealt-damage", "by": "you", "damage_type": "arcane",
                                                "to": "opponent"},
    "been dealt arcane damage": {"event": "dealt-damage", "damage_type": "arcane", "to": "you"},   # from any source
}


def _this_turn(p: str) -> dict | None:
    """``you've drawn a card | intimidated | transcended | boosted | dealt arcane damage to an opposing hero | been dealt
    arcane damage this turn|this combat chain`` → at least one such event this turn, or since the combat chain opened
    (7.0.2a) — caused by its controller, but the last."""
    m = re.fullmatch(r"you(?:'ve| have) (.+) this (turn|combat chain)", p)
    if not m or m.group(1) not in _DONE_THIS_TURN:
        return None
    return {"at_least": {"count": "events-this-turn", **_DONE_THIS_TURN[m.group(1)],
                         **({"chain": True} if m.group(2) == "combat chain" else {}), "n": 1}}


def _this_chain_link(p: str, ctx) -> dict | None:
    """``you've played an? NOUN card this chain link`` → a play event of its controller's since the active chain link
    began (7.0.3); ``you've played or activated an attack reaction | N or more attack reactions this chain link`` →
    the cards played and abilities activated of that type (5.2.1b: an activated ability has a type)."""
    m = re.fullmatch(rf"you(?:'ve| have) played or activated (?:an?|{g.NUM} or more) (attack reactions?) this chain link",
                     p)
    if m:
        n = g.number(m.group(1)) if m.group(1) else 1
        if (n > 1) != m.group(2).endswith("s"):
            raise g.NotUnderstood(p)
        return {"at_least": {"count": "played-or-activated", "of": {"types": ["attack reaction"]}, "by": "you",
                             "link": True, "n": n}}
    m = re.fullmatch(r"you(?:'ve| have) played an? (.+ card) this chain link", p)
    if m:
        from judge.cards.costs_grammar import card_noun

        return {"at_least": {"count": "events-this-turn", "event": "play", "by": "you", "of": card_noun(m.group(1), ctx),
                             "link": True, "n": 1}}
    return None


# ---------------------------------------------------------------------------------------------------------
# paragraphs
# ---------------------------------------------------------------------------------------------------------


def paragraph(text: str, ctx) -> g.Reading | None:
    """A whole paragraph of one of this module's shapes, or None."""
    for reader in (_attacks_or_hits, _defended_by, _play_only_if, _label_only, _cannot_defend_this,
                   _no_defense_reactions, _plus_x_times, _from_banished):
        got = reader(text, ctx)
        if got is not None:
            return got
    return None


def _attacks_or_hits(text: str, ctx) -> g.Reading | None:
    """``When this attacks or hits, EFFECTS`` (6.6.5): the same triggered ability on each of the two events —
    read as ``When this attacks, EFFECTS`` and ``When this hits, EFFECTS``."""
    m = re.fullmatch(r"(when|whenever) this attacks or hits, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    reading = g.Reading()
    for event in ("attacks", "hits"):
        got = ctx.trigger(f"{m.group(1)} this {event}, {m.group(2)}")
        if got is None or got.fields:
            raise g.NotUnderstood(text)
        reading.add(got)
    return reading


_DEFENDED_BY = re.compile(r"(?:if|while) this is defended by (an?|(?:fewer|less) than \d+|\d+ or more) (.+?), "
                          r"(?:it|this) (?:has|gets) (.+?)\.?", re.IGNORECASE)
# the defending cards a count names (7.0.5): the noun as printed, singular or plural
_DEFENDING = {"card": {}, "action card": {"types": ["action"]}, "attack action card": {"types": ["action"], "subtypes": ["attack"]},
              "equipment": {"types": ["equipment"]}, "non-equipment card": {"not_types": ["equipment"]}}


def _defended_by(text: str, ctx) -> g.Reading | None:
    """``If|While this is defended by an? NOUN | fewer than N NOUNS | N or more NOUNS, it has|gets MODIFIERS`` (an
    attack): a static ability while the count of its defending cards that fit (7.0.5) is in range (1.8.4c)."""
    m = _DEFENDED_BY.fullmatch(text)
    if not m:
        return None
    how, noun = m.group(1).lower(), m.group(2).lower()
    plural = not how.startswith("a")
    word = noun[:-1] if plural and noun.endswith("s") else noun
    if not ctx.is_attack or word not in _DEFENDING or (noun != word) != (plural and noun != "equipment"):
        raise g.NotUnderstood(text)
    quantity = {"count": "defending-cards", **({"of": dict(_DEFENDING[word])} if _DEFENDING[word] else {})}
    n = re.search(r"\d+", how)
    if how.startswith(("fewer", "less")):
        cond = {"at_most": dict(quantity, n=int(n.group()) - 1)}
    else:
        cond = {"at_least": dict(quantity, n=int(n.group()) if n else 1)}
    return g.Reading(abilities=[{"kind": "static", "while": cond, "effect": e} for e in g.modifiers(m.group(3))])


def _play_only_if(text: str, ctx) -> g.Reading | None:
    """``Play this only if CONDITION.`` (a play-static restriction, 5.4.4, 1.0.2a) on a card that is played: a
    ``play-only-if`` ability; the paragraph's later sentences are read as a paragraph of their own."""
    parts = g.sentences(text)
    m = re.fullmatch(r"play this only if (.+)", parts[0], re.IGNORECASE) if parts else None
    if not m:
        return None
    if not ctx.resolves:
        raise g.NotUnderstood(text)     # a permanent played: not read here
    from judge.cards.costs_grammar import activation_condition

    try:
        cond = ctx.condition(m.group(1))
    except g.NotUnderstood:
        cond = activation_condition("if " + m.group(1), ctx)   # "you've boosted this turn" (5.2.1e's words)
    reading = g.Reading(abilities=[{"kind": "play-only-if", "if": cond}])
    if len(parts) > 1:
        rest = ctx.paragraph(". ".join(parts[1:]) + ".")
        if rest is None:
            raise g.NotUnderstood(text)
        reading.add(rest)
    return reading


def _label_only(text: str, ctx) -> g.Reading | None:
    """``High Tide - If …, EFFECTS``: a label that only names the ability written after it (its meaning is the
    printed condition, 8.4) — the ability read without the label."""
    m = re.fullmatch(r"high tide - (if .+)", text, re.IGNORECASE)
    if not m:
        return None
    reading = ctx.paragraph(m.group(1))
    if reading is None:
        raise g.NotUnderstood(text)
    return reading


# the cards a restriction on defending names, as printed (plural or mass noun) → a selector (1.3.2, 8.1.4)
_DEFENDERS_BARRED = {"equipment": {"types": ["equipment"]}, "action cards": {"types": ["action"]},
                     "attack action cards": {"types": ["action"], "subtypes": ["attack"]}}


def _cannot_defend_this(text: str, ctx) -> g.Reading | None:
    """``This can't be defended by NOUN.`` (an attack): a static restriction (1.0.2) — a card that fits can't be
    declared as a defending card for it (7.3.2b) nor played as a defense reaction for it (7.4.2c)."""
    m = re.fullmatch(r"this can't be defended by (.+?)\.?", text, re.IGNORECASE)
    if not m:
        return None
    noun = m.group(1).lower()
    if not ctx.is_attack or noun not in _DEFENDERS_BARRED:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "cannot-be-defended-by",
                                                              "what": dict(_DEFENDERS_BARRED[noun])}}])


def _no_defense_reactions(text: str, ctx) -> g.Reading | None:
    """``Defense reaction cards can't be played this chain link.`` (an attack): a resolution ability (7.2.3) — the
    printed duration makes it a layer-continuous effect (6.2.2a; a static-continuous effect never has one, 6.2.3) —
    a restriction (1.0.2) on the defending hero, the only player who may play them (7.4.2b), playing defense reaction
    cards (not activating defense reaction abilities: "cards") until this chain link resolves."""
    if not re.fullmatch(r"defense reaction cards can't be played this chain link\.?", text, re.IGNORECASE):
        return None
    if not ctx.is_attack:
        raise g.NotUnderstood(text)
    return g.Reading(abilities=[{"kind": "resolution", "effects": [{
        "do": "restrict", "who": "defending-hero", "what": {"types": ["defense reaction"]}, "duration": "link"}]}])


def _plus_x_times(text: str, ctx) -> g.Reading | None:
    """``This gets|gains +X{p}, where X is the number of times you have boosted this turn|this combat chain`` (an
    attack): a static +X whose X is the count of those events of its controller's (8.3.9a), this turn or since the
    combat chain opened (7.0.2a)."""
    m = re.fullmatch(r"this (?:gets|gains) \+x\{p\}, where x is the number of times you(?:'ve| have) (\w+) "
                     r"this (turn|combat chain)\.?", text.lower())
    if not m:
        return None
    done = _DONE_THIS_TURN.get(m.group(1))
    if not ctx.is_attack or done is None or m.group(1) != "boosted":
        raise g.NotUnderstood(text)     # a count of times: said here of boosting only
    quantity = {"count": "events-this-turn", **done, **({"chain": True} if m.group(2) == "combat chain" else {})}
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "modify", "stat": "power", "by": quantity}}])


_FROM_BANISHED = re.compile(r"(?:if (.+?), )?you may play (?:this|it) from your banished zone(?:\. if you do, (.+?))?\.?",
                            re.IGNORECASE)


def _from_banished(text: str, ctx) -> g.Reading | None:
    """``[If COND, ]you may play this from your banished zone[. If you do, it costs {r}{r} less to play | it gains
    MODIFIERS | it gains +X{p}, where X is the number of 'non-attack' action cards you have played this turn]``: a
    play-static ability allowing the card to be played from the banished zone while COND holds (5.1.1a, 1.7.4e); "If
    you do" is its being played from there — a static ability of the card while it was (``played_from``), its own
    cost (5.4.4) or its power."""
    m = _FROM_BANISHED.fullmatch(text.strip())
    if not m:
        return None
    if not ctx.resolves:
        raise g.NotUnderstood(text)     # a permanent or hero: not a card played from there itself
    ability: dict = {"kind": "play-from", "zone": "banished"}
    if m.group(1):
        ability["if"] = ctx.condition(m.group(1))
    reading = g.Reading(abilities=[ability])
    if m.group(2):
        done = {"played_from": "banished"}
        then = m.group(2).lower()
        cm = re.fullmatch(r"it costs ((?:\{r\})+) less to play", then)
        xm = re.fullmatch(r"it gains \+x\{p\}, where x is the number of 'non-attack' action cards you have played this turn",
                          then)
        gm = re.fullmatch(r"it (?:gets|gains) (.+)", then)
        if cm:
            effects = [{"do": "cost", "by": -cm.group(1).count("{r}")}]
        elif xm and ctx.is_attack:
            effects = [{"do": "modify", "stat": "power", "by": {
                "count": "played-this-turn", "of": {"types": ["action"], "not_subtypes": ["attack"]}}}]
        elif gm and ctx.is_attack:
            effects = g.modifiers(gm.group(1))
        else:
            raise g.NotUnderstood(text)
        reading.abilities += [{"kind": "static", "while": dict(done), "effect": e} for e in effects]
    return reading
