"""Card-text grammar of the player's choices inside an ability (FaB CR 1.8.3 optional effects, 1.8.4 "If you
do", 1.8.6 parameters chosen as an effect is generated): ``you may X. If you do, Y``, and the effect verbs
whose object the player picks as the effect is generated (``discard a card``, ``put a card from your hand on
the bottom of your deck``).

:func:`sentence_effects` is called by :func:`judge.cards.grammar.effects_of` for each sentence; it returns None
when the sentence is none of these shapes and raises :class:`~judge.cards.phrases.NotUnderstood` when it is one
but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# "put a card from your hand …": the zone words of the text → the scenario's zone and put destination
FROM_ZONES = {"your hand": "hand", "your graveyard": "graveyard", "your arsenal": "arsenal"}
PUT_PLACES = {"on the bottom of your deck": "deck", "on top of your deck": "deck-top", "into your hand": "hand",
              "into your graveyard": "graveyard"}


def sentence_effects(sentence: str, frame, read) -> list[dict] | None:
    """``If you do, Y`` (after an optional effect: Y's effects, each conditional on it, 1.8.4a) and ``you may X``
    (X's one effect, optional, 1.8.3) → effect tables; ``read`` reads a plain sentence (grammar.effect_parts)."""
    m = re.fullmatch(r"if you do,? (.+)", sentence, re.IGNORECASE)    # "If you do create …": printed without comma
    if m:
        if not getattr(frame, "optional_before", False):
            raise g.NotUnderstood(sentence)     # "if you do" after an effect that is not "you may …" nor may fail
        frame.optional_before = False
        effects = read(and_split(m.group(1)), frame)
        for e in effects:
            if "if" in e:
                raise g.NotUnderstood(sentence)  # a condition inside the consequence: not written by one table
            e["if"] = {"if_you_do": True}
        frame.if_you_do_before = True
        return effects
    frame.optional_before = False
    m = re.fullmatch(r"otherwise, (.+)", sentence, re.IGNORECASE)
    if m and getattr(frame, "if_you_do_before", False):
        # "If you do, Y. Otherwise, Z": Z is conditional on the opposite — the effect before "if you do" failed or was
        # not done, so Y was not generated (1.8.4a)
        frame.if_you_do_before = False
        effects = read(and_split(m.group(1)), frame)
        for e in effects:
            if "if" in e:
                raise g.NotUnderstood(sentence)
            e["if"] = {"otherwise": True}
        return effects
    frame.if_you_do_before = False
    got = banished_this_way(sentence, frame, read)
    if got is not None:
        return got
    m = re.fullmatch(r"(?i:if that hero is) ([A-Z][\w-]*), (.+)", sentence)
    if m and frame.where == "resolution" and frame.target in ("opponent", "hero"):
        # "Mark target opposing hero. If that hero is NAME, gain {r}": the hero the card targets (2.7.3b)
        effects = read(and_split(m.group(2)), frame)
        for e in effects:
            if "if" in e:
                raise g.NotUnderstood(sentence)
            e["if"] = {"target_hero": m.group(1)}
        return effects
    got = _after_reveal(sentence, frame, read) or _dealt_to_hero(sentence, frame, read)
    if got is not None:
        return got
    m = re.fullmatch(r"you may (.+)", sentence, re.IGNORECASE)
    if not m or re.match(r"(?:play|attack|activate|look|reveal|put this|have|choose)\b", m.group(1), re.IGNORECASE):
        return None                             # permissions ("you may play it …") are not optional effects
    effects = read([m.group(1)], frame)
    if len(effects) != 1 or effects[0].get("next") or effects[0].get("do") in ("modify", "gain-keyword", "cost"):
        raise g.NotUnderstood(sentence)         # one optional discrete effect, the one "if you do" reads
    effects[0]["may"] = True
    frame.optional_before = True
    return effects


# "they" / "their" of the hero a card's damage was dealt to, written as the target hero's words the grammar reads
_THE_HERO_DEALT = ((r"^they discard a card\b", "target hero discards a card"),
                   (r"^create (an? .+? tokens?) under their control$", r"create \1 under target hero's control"))


def _dealt_to_hero(sentence: str, frame, read) -> list[dict] | None:
    """After ``Deal N [arcane] damage to any target|target hero``: ``If this [was fused and] deals damage to a hero,
    EFFECTS`` — conditional (1.8.4) on a damage event of this card to a hero (``dealt_damage_to_hero``), which can only
    be its target; "they"/"their" is that hero, the card's target (1.8.5)."""
    m = re.fullmatch(r"if this (was fused and )?deals damage to a hero, (.+)", sentence, re.IGNORECASE)
    if not m:
        return None
    if frame.where != "resolution" or frame.target not in ("any", "hero", "opponent"):
        raise g.NotUnderstood(sentence)         # the hero dealt damage is the card's target: read only then
    body = m.group(2).strip().rstrip(".")
    for pattern, words in _THE_HERO_DEALT:
        body = re.sub(pattern, words, body, flags=re.IGNORECASE)
    if re.search(r"\b(they|them|their)\b", re.sub(r" unless they pay\b", "", body), re.IGNORECASE):
        raise g.NotUnderstood(sentence)
    target = frame.target
    frame.target = None                         # the words read as the target hero's name the same target
    effects = read(and_split(body), frame)
    if frame.target not in (None, "hero"):
        raise g.NotUnderstood(sentence)
    frame.target = target
    cond = {"dealt_damage_to_hero": True, **({"fused": True} if m.group(1) else {})}
    for e in effects:
        if "if" in e:
            raise g.NotUnderstood(sentence)
        e["if"] = dict(cond)
    return effects


REVEALED_PUT = {"on top of your deck": "deck-top", "on top": "deck-top", "on the bottom of your deck": "deck",
                "on the bottom": "deck", "into your hand": "hand"}


def banished_this_way(sentence: str, frame, read) -> list[dict] | None:
    """After a banish of the player's choice: ``If A [and B] (is|are) banished this way, EFFECTS`` — conditional
    (1.8.4) on the cards banished by it, a different one fitting each description (``banished``); "that hero" is
    the hero whose zone they came from."""
    m = re.fullmatch(r"if (.+?) (?:is|are) banished this way, (.+)", sentence, re.IGNORECASE)
    if not m or not getattr(frame, "banished_here", None):
        return None
    specs = []
    for part in re.split(r" and ", m.group(1).lower()):
        noun = re.fullmatch(r"an? (.+)", part.strip())
        if not noun:
            raise g.NotUnderstood(sentence)
        specs.append(g.selector(noun.group(1), frame.ctx))
    body = re.sub(r"\bthat hero\b", "the opposing hero", m.group(2), flags=re.IGNORECASE)
    dm = re.fullmatch(rf"deal {g.NUM}( arcane)? damage to the opposing hero", body, re.IGNORECASE)
    if not dm:
        raise g.NotUnderstood(sentence)
    eff = {"do": "damage", "amount": g.number(dm.group(1)), "to": frame.banished_here,
           "if": {"banished": specs if len(specs) > 1 else specs[0]}}
    if dm.group(2):
        eff["kind"] = "arcane"
    return [eff]


def _after_reveal(sentence: str, frame, read) -> list[dict] | None:
    """After ``Reveal the top card of your deck``: ``If it's a[n] NOUN|COLOR, EFFECTS`` / ``If it has N or more
    {p}, EFFECTS`` (conditional on the revealed card, 1.8.4) and ``Otherwise, EFFECTS`` (1.8.4a); "it" is the
    revealed card."""
    if not getattr(frame, "revealed", False):
        return None
    m = re.fullmatch(r"otherwise, (.+)", sentence, re.IGNORECASE)
    if m:
        if not getattr(frame, "revealed_if", False):
            raise g.NotUnderstood(sentence)
        frame.revealed_if = False
        effects = read([m.group(1)], frame)
        for e in effects:
            if "if" in e:
                raise g.NotUnderstood(sentence)
            e["if"] = {"otherwise": True}
        return effects
    m = re.fullmatch(r"if it(?:'s| is) (?:an? )?(.+?), (.+)", sentence, re.IGNORECASE) or \
        re.fullmatch(r"if it has (\d+ or more \{p\}), (.+)", sentence, re.IGNORECASE)
    if not m:
        frame.revealed_if = False
        return None
    from judge.cards.costs_grammar import card_noun

    noun = m.group(1).lower()
    pm = re.fullmatch(r"(\d+) or more \{p\}", noun)
    if pm:
        spec = {"min_power": int(pm.group(1))}
    elif noun in g.NOUN_SUBTYPES:
        spec = {"subtypes": [noun]}
    elif noun in ("red", "yellow", "blue"):
        spec = {"color": noun}
    elif noun == "evo":
        spec = {"types": ["equipment"], "subtypes": ["evo"]}    # an Evo card (8.4.11's "Evos")
    else:
        spec = card_noun(noun, frame.ctx)
        if not spec:
            raise g.NotUnderstood(sentence)
    effects = read([m.group(2)], frame)
    for e in effects:
        if "if" in e:
            raise g.NotUnderstood(sentence)
        e["if"] = {"revealed": dict(spec)}
    frame.revealed_if = len(effects) == 1     # "Otherwise" reads one preceding conditional effect
    return effects


# "look at …": whose private cards its controller looks at (8.5.11) → the look effect's what and who
LOOK_AT = {"the top card of your deck": ("top-of-deck", "you"), "the defending hero's hand": ("hand", "defending-hero"),
           "their hand": ("hand", "defending-hero"), "the top card of target hero's deck": ("top-of-deck", "target"),
           "the top card of target opponent's deck": ("top-of-deck", "target")}


def _look(low: str, frame) -> list[dict] | None:
    """``[you may] look at the top card of your deck | the defending hero's hand`` (8.5.11): a ``look`` effect,
    optional after "you may" (1.8.3); "their hand" only in an attack's hit trigger, the hero it hit."""
    m = re.fullmatch(r"(you may )?look at (.+)", low)
    if not m:
        return None
    if m.group(2) not in LOOK_AT or m.group(2) == "their hand" and not (frame.event == "hit" and frame.ctx.is_attack):
        raise g.NotUnderstood(low)
    what, who = LOOK_AT[m.group(2)]
    if who == "target":     # the hero it targets (1.8.5), declared as the card is played or its layer added
        frame.declare("opponent" if "opponent" in m.group(2) else "hero")
    if who == "defending-hero" and not frame.ctx.is_attack:
        raise g.NotUnderstood(low)          # the hero this card attacks: read on an attack card only
    eff = {"do": "look", "what": what} if who == "you" else {"do": "look", "what": what, "who": who}
    if m.group(1):
        eff["may"] = True
        frame.optional_before = True        # "If you do, …" after it reads it (1.8.4a)
    return [eff]


_INTO_ARENA = re.compile(r"put an? ((?:[a-z]+ )*?)(item|aura)(?: card)?( with cost (\d+)(?: or (\d+))?| with cost (\d+) "
                        r"or less)? from your hand into the arena")


def _into_arena(low: str, frame) -> list[dict] | None:
    """``put an [SUPERTYPE] item|aura [card] [with cost N [or N+1] | with cost N or less] from your hand into the arena``: a card
    of its controller's hand, chosen as the effect is generated (1.8.6), put into the arena as a permanent — not
    played (3.0.5a, 1.3.3)."""
    m = _INTO_ARENA.fullmatch(low)
    if not m:
        return None
    sups = m.group(1).split()
    if any(w not in frame.ctx.pool_supertypes for w in sups):
        raise g.NotUnderstood(low)
    spec: dict = {"zone": "hand", "subtypes": [m.group(2)]}
    if sups:
        spec["supertypes"] = sups
    if m.group(4) is not None:
        low_cost = int(m.group(4))
        high_cost = low_cost if m.group(5) is None else int(m.group(5))
        if high_cost not in (low_cost, low_cost + 1):
            raise g.NotUnderstood(low)      # "cost 0 or 2": two costs a range cannot say
        spec.update(min_cost=low_cost, max_cost=high_cost)
    elif m.group(6) is not None:
        spec["max_cost"] = int(m.group(6))
    return [{"do": "put", "what": spec, "to": "arena"}]


# "A or B": two effect clauses, each opening with an effect verb that moves one card
_ONE_OF = re.compile(r"(you may )?((?:discard|destroy|banish) [^,]+?) or ((?:discard|destroy|banish) [^,]+)")
# "the top card of your deck" as the object of a verb that moves it (8.5.4, 8.5.1)
_TOP_OF_DECK = {f"{verb} the top card of your deck": {"do": verb, "what": "top-of-deck"} for verb in ("destroy", "banish")}


def _one_of(low: str, frame) -> list[dict] | None:
    """``[you may] discard a card or destroy the top card of your deck``: the player determines which as the effect
    is generated (1.8.6) — an ``either`` effect, optional after "you may" (1.8.3); the card either one moves is "that
    card" of an ``If that card …`` sentence after it (``that_card``)."""
    m = _ONE_OF.fullmatch(low)
    if not m:
        return None
    options = []
    for clause in (m.group(2), m.group(3)):
        effects = [dict(_TOP_OF_DECK[clause])] if clause in _TOP_OF_DECK else frame.ctx.effects(clause, frame)
        if len(effects) != 1 or any(k in effects[0] for k in ("if", "may", "next", "random")) or \
                effects[0].get("do") not in ("discard", "destroy", "banish"):
            raise g.NotUnderstood(low)          # each option one discrete effect that moves one card
        options.append({"effects": effects})
    eff = {"do": "either", "options": options}
    if m.group(1):
        eff["may"] = True
    frame.moved_here = True
    return [eff]


def _reveal_from_hand(low: str, frame) -> list[dict] | None:
    """``[you may] reveal a NOUN from your hand`` (8.5.17): a card of its controller's hand that fits, their choice as
    the effect is generated (1.8.6); optional after "you may" (1.8.3), so that "If you do, …" reads it (1.8.4a)."""
    from judge.cards.costs_grammar import card_noun

    m = re.fullmatch(r"(you may )?reveal an? (.+?) from your hand", low)
    if not m:
        return None
    eff = {"do": "reveal", "what": dict(zone="hand", **card_noun(m.group(2), frame.ctx))}
    if m.group(1):
        eff["may"] = True
        frame.optional_before = True
    return [eff]


# who discards "unless they pay": the hero an attack's hit trigger hit, the target hero, the attacking hero
_DISCARDER = {"they discard": "defending-hero", "target hero discards": "target",
              "the attacking hero discards": "attacking-hero"}


def _discard_unless(low: str, frame) -> list[dict] | None:
    """``they discard a card unless they pay {r}{r}`` (an attack's hit trigger: the hero hit), ``target hero discards
    …`` (a card's target), ``the attacking hero discards …``: a discard of that player's choice (8.5.5) that is
    conditional on their not paying (``unless_paid``, 1.8.4b); the payer is the one who would discard."""
    m = re.fullmatch(r"(they discard|target hero discards|the attacking hero discards) a card unless they pay "
                     r"((?:\{r\})+)", low)
    if not m:
        return None
    who = _DISCARDER[m.group(1)]
    if who == "defending-hero" and not (frame.event == "hit" and frame.ctx.is_attack):
        raise g.NotUnderstood(low)          # "they": the hero this attack hit, read in its hit trigger only
    if who == "target":
        frame.declare("hero")
    if who == "attacking-hero" and not frame.ctx.resolves:
        raise g.NotUnderstood(low)
    return [{"do": "discard", "who": who, "unless_paid": {"resources": m.group(2).count("{r}"), "by": who}}]


# "where X is …": the quantity tables of the scenario format (docs/scenario-format.md, numbers) — each needs the
# frame's state where it names "this way"; X stands in the sentence as a number no printed card uses, then replaced
_X_STAND_IN = 7919
X_QUANTITIES = {"the pitch value of the card revealed this way": ({"count": "revealed-pitch"}, "revealed"),
                "the damage dealt by this": ({"count": "dealt-by-this"}, None)}


def where_x(sentence: str, frame) -> tuple[str, dict | None]:
    """``EFFECT, where X is QUANTITY`` → (the effect with X as a stand-in number, the quantity table); a sentence
    without it as it is. A quantity the grammar does not know is not understood."""
    m = re.fullmatch(r"(.+?),? where x is (.+?)\.?", sentence, re.IGNORECASE)
    if not m:
        return sentence, None
    got = X_QUANTITIES.get(m.group(2).lower())
    if got is None or got[1] and not getattr(frame, got[1], False):
        raise g.NotUnderstood(sentence)
    text = re.sub(r"(?<![\w{])X(?![\w}])", str(_X_STAND_IN), m.group(1))
    if text == m.group(1):
        raise g.NotUnderstood(sentence)         # no X in the effect that the quantity would be
    return text, dict(got[0])


def put_x(effects: list[dict], quantity: dict, sentence: str) -> list[dict]:
    """The effects read with X's stand-in → the same with the quantity in its place (``times = -1`` for "-X");
    exactly one number must be X."""
    found = []
    for e in effects:
        for key, value in list(e.items()):
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) == _X_STAND_IN:
                e[key] = dict(quantity, **({"times": -1} if value < 0 else {}))
                found.append(key)
            elif value == _X_STAND_IN or isinstance(value, str) and str(_X_STAND_IN) in value:
                raise g.NotUnderstood(sentence)
    if len(found) != 1:
        raise g.NotUnderstood(sentence)
    return effects


def and_split(text: str) -> list[str]:
    """``draw a card and create a token`` → its two effect clauses; ``this gets +1{p} and go again`` stays
    one (the modifiers' own "and")."""
    parts = re.split(r",? and (?=(?:draw|create|gain|deal|banish|destroy|put|discard|search|you |this |it )\b)", text)
    return [p.strip() for p in parts if p.strip()]


def effect(low: str, frame) -> list[dict] | None:
    """The effect verbs whose object the player picks as the effect is generated (1.8.6): ``discard a [red]
    card``, ``put a card from your hand on the bottom of your deck``."""
    from judge.cards.costs_grammar import card_noun

    if frame.event == "hit" and frame.ctx.is_attack:
        # "they": the hero this attack hit, its defending hero (a hit trigger of an attack card)
        if low == "they discard a card":
            return [{"do": "discard", "who": "defending-hero"}]
        m = re.fullmatch(r"they lose (\d+)\{h\}", low)
        if m:
            return [{"do": "lose-life", "who": "defending-hero", "amount": int(m.group(1))}]
    if low == "reveal the top card of your deck":
        frame.revealed = True
        return [{"do": "reveal", "what": "top-of-deck"}]
    got = _look(low, frame) or _into_arena(low, frame) or _reveal_from_hand(low, frame) or _discard_unless(low, frame) \
        or _one_of(low, frame)
    if got is not None:
        return got
    m = re.fullmatch(r"retrieve an? (.+?) from your graveyard", low)
    if m:     # 8.5.51: pay {r} to equip a card of its graveyard, chosen as the effect is generated (1.8.6)
        noun = {"subtypes": [m.group(1)]} if m.group(1) in g.NOUN_SUBTYPES else card_noun(m.group(1), frame.ctx)
        return [{"do": "retrieve", "what": dict(zone="graveyard", **noun)}]
    m = re.fullmatch(r"put it (.+)", low)
    if m and getattr(frame, "revealed", False) and m.group(1) in REVEALED_PUT:
        return [{"do": "put", "what": "it", "to": REVEALED_PUT[m.group(1)]}]
    m = re.fullmatch(r"put (a|\d+|two|three|four|five|six) ([+-])(\d+)\{([pdh])\} counters? on (this|her|him)", low)
    if m and not frame.ctx.resolves and (m.group(5) == "this" or "ally" in frame.ctx.subtypes) and \
            (m.group(4) != "h" or "ally" in frame.ctx.subtypes):
        # a permanent's own property counters (8.5.14, 1.15): "put a -1{d} counter on this"; an ally's own -1{h}
        # counter, "on her" (its life, 1.15.2a, 2.5.3a)
        n, sign, size = g.number(m.group(1)), m.group(2), int(m.group(3))
        if size != 1 or (n == 1) != (low.split()[3] == "counter"):     # "a … counter", "three … counters"
            raise g.NotUnderstood(low)
        return [{"do": "put-counter", "stat": {"p": "power", "d": "defense", "h": "life"}[m.group(4)],
                 "amount": n if sign == "+" else -n, "what": "self"}]
    if low == "discard a random card" and frame.where in ("trigger", "activated"):
        frame.discarded_here = True      # "… is discarded this way" after it reads this discard (8.5.5)
        return [{"do": "discard", "random": True}]
    m = re.fullmatch(r"discard (?:a|an) (.+)", low)
    if m and m.group(1) != "random card":
        noun = card_noun(m.group(1), frame.ctx)
        return [{"do": "discard", "what": dict(zone="hand", **noun)}] if noun else [{"do": "discard"}]
    m = re.fullmatch(r"banish (?:a|an) (.+?) from your hero's soul", low)
    if m:     # a card of its controller's hero's soul, chosen as the effect is generated (8.5.1, 1.8.6)
        return [{"do": "banish", "what": dict(zone="soul", **card_noun(m.group(1), frame.ctx))}]
    m = re.fullmatch(r"return (?:a|an) (.+?) from your graveyard to your hand", low)
    if m:     # 8.5.15: a card of its graveyard, chosen as the effect is generated (1.8.6); a card name: that card
        noun = {"name": frame.ctx.names[m.group(1)]} if m.group(1) in frame.ctx.names else card_noun(m.group(1), frame.ctx)
        return [{"do": "put", "what": dict(zone="graveyard", **noun), "to": "hand"}]
    m = re.fullmatch(r"put (?:a|an) (.+?) from (your hand|your graveyard|your arsenal) (.+)", low)
    if m and m.group(3) in PUT_PLACES:
        noun = card_noun(m.group(1), frame.ctx)
        return [{"do": "put", "what": dict(zone=FROM_ZONES[m.group(2)], **noun), "to": PUT_PLACES[m.group(3)]}]
    return None


# ---------------------------------------------------------------------------------------------------------
# modal abilities: "Choose N;" and a list of modes, each on its own line after a dash (1.7.5)
# ---------------------------------------------------------------------------------------------------------

_CHOOSE = re.compile(r"choose (\d+|one|two|three)( or both)?;?", re.IGNORECASE)


def modal_paragraphs(paras: list[str]) -> list[str]:
    """The printed paragraphs, with a ``Choose N;`` paragraph joined to the list of modes printed as the next
    paragraph (``- A`` lines)."""
    out: list[str] = []
    for para in paras:
        if out and _CHOOSE.fullmatch(out[-1].strip()) and para.lstrip().startswith("- "):
            out[-1] = out[-1].strip() + "\n" + para
            continue
        out.append(para)
    return out


def read_modal(para: str, ctx) -> g.Reading | None:
    """``Choose N;`` then ``- MODE`` lines, on a card that resolves → a resolution ability with one ``modes``
    effect; each mode's effects read as the card's own, its target kept with the mode (None: not this shape;
    a mode not captured whole makes the paragraph not understood)."""
    lines = [line.strip() for line in para.strip().splitlines() if line.strip()]
    if len(lines) < 3 or not _CHOOSE.fullmatch(lines[0]) or not all(line.startswith("- ") for line in lines[1:]):
        return None
    if not ctx.resolves:
        return None                     # a permanent's or a trigger's modes: not read here
    modes = []
    try:
        for line in lines[1:]:
            frame = g.Frame(ctx, "resolution")
            effects = ctx.effects(g.normalise(line[2:], ctx.name, ctx.monikers), frame)
            if any(e.get("to") == "target" or e.get("what") == "target" for e in effects) != (frame.target is not None):
                raise g.NotUnderstood(line)     # a target declared but not acted on, or the reverse
            mode = {"effects": effects}
            if frame.target is not None:
                mode["target"] = frame.target
            modes.append(mode)
    except g.NotUnderstood:
        return None
    head = _CHOOSE.fullmatch(lines[0])
    choose = g.number(head.group(1).lower())
    modal = {"do": "modes", "choose": choose, "modes": modes}
    if head.group(2):
        if choose != 1 or len(modes) != 2:
            return None                 # "or both": one of two modes, or both
        modal["choose_up_to"] = 2
    return g.Reading(abilities=[{"kind": "resolution", "effects": [modal]}])


# ---------------------------------------------------------------------------------------------------------
# a triggered ability's body: "When …, if CONDITION, EFFECTS." (1.8.4: conditional effects, checked as they are
# generated when the triggered-layer resolves)
# ---------------------------------------------------------------------------------------------------------

def trigger_body(body: str, frame) -> list[dict]:
    """The effects of a trigger's body, sentence by sentence; a sentence ``If CONDITION, EFFECTS`` makes its own
    effects conditional (each with ``if``, 1.8.4), the other sentences stay as they are."""
    out: list[dict] = []
    parts = g.sentences(body)
    made = None    # the condition of the sentence before, when it created "it"
    for i, part in enumerate(parts):
        m = re.fullmatch(r"if (.+?), (.+)", part, re.IGNORECASE)
        if not m or re.match(r"you do\b|it(?:'s| is| has)\b", m.group(1), re.IGNORECASE) and \
                (m.group(1).lower().startswith("you do") or getattr(frame, "revealed", False)):
            effects = frame.ctx.effects(part, frame)
            if made is not None and part.lower().startswith("you may play it"):
                for e in effects:   # "If X, … create a card …. You may play it this turn": only if it was made
                    e.setdefault("if", dict(made))
            made = None
            out.extend(effects)
            continue
        if any(re.match(r"otherwise\b", p, re.IGNORECASE) for p in parts[i + 1:]):
            raise g.NotUnderstood(body)         # "Otherwise, …" reads the condition: not written here
        dm = re.fullmatch(r"a card with (\d+) or more \{p\} is discarded this way", m.group(1), re.IGNORECASE)
        tm = re.fullmatch(r"that card has ([a-z ]+)", m.group(1), re.IGNORECASE)
        hm = re.fullmatch(rf"they have {g.NUM} or more cards in (?:their )?hand", m.group(1), re.IGNORECASE)
        cm = re.fullmatch(r"an? (red|yellow|blue) card is charged this way", m.group(1), re.IGNORECASE)
        if hm and frame.event == "hit" and frame.ctx.is_attack:
            # "they": the hero this attack hit — a count of the cards in that hero's hand (``who``)
            cond = {"at_least": {"count": "in-hand", "who": "defending-hero", "n": g.number(hm.group(1).lower())}}
        elif tm and getattr(frame, "moved_here", False) and tm.group(1).lower() in g.listed_keywords()[0]:
            cond = {"that_card": {"keyword": tm.group(1).lower()}}     # the card the "A or B" before it moved
        elif dm and getattr(frame, "discarded_here", False):
            cond = {"discarded": {"min_power": int(dm.group(1))}}    # the card this ability's discard discarded
        elif cm and getattr(frame, "charged_here", False):
            # the card this ability's charge charged — this time: it did charge (1.8.4a), and that card fits
            cond = {"if_you_do": True, "charged": {"color": cm.group(1).lower()}}
        elif m.group(1).lower() == "it was fused" and frame.event in ("attack", "hit"):
            # "When you attack with this, if it was fused, …": "it" is this card, the attack its event is about
            cond = frame.ctx.condition("this was fused")
        else:
            cond = frame.ctx.condition(m.group(1))
        # "this gets go again and create a …": each clause its own effect, each conditional
        effects = [e for clause in and_split(m.group(2)) for e in frame.ctx.effects(clause, frame)]
        for e in effects:
            if "if" in e:
                raise g.NotUnderstood(body)     # two conditions on one effect
            e["if"] = dict(cond)
        made = cond if any(e.get("do") in ("create-card", "create-token") for e in effects) else None
        out.extend(effects)
    return out


def surge(para: str, ctx) -> g.Reading | None:
    """``Surge - If this deals more than N damage, EFFECTS`` on a card that resolves (8.4.8): a resolution ability
    whose condition is a damage event of this card, since it was played, of more than N (``dealt_more_than``)."""
    text = g.normalise(para, ctx.name, ctx.monikers)
    m = re.fullmatch(r"surge - if this deals more than (\d+) damage, (.+)", text, re.IGNORECASE)
    if not m:
        return None
    if not ctx.resolves or ctx.is_attack:
        return None                     # an attack's damage is its hit-event: not this condition
    frame = g.Frame(ctx, "resolution")
    itself = {"gets go again": {"do": "gain-keyword", "keyword": "go again"},
              "put it on the bottom of its owner's deck": {"do": "put-on-deck-bottom", "what": "self"}}
    said = re.sub(r"^(?:it|this) (?=gets )", "", m.group(2).strip().rstrip(".").lower())
    if said in itself:
        # the card itself, as it resolves: go again gained before its go again step (5.3.5); put from the stack to
        # the bottom of its owner's deck (8.5.15), so that it is not cleared to the graveyard
        return g.Reading(abilities=[{"kind": "resolution", "if": {"dealt_more_than": int(m.group(1))},
                                     "effects": [dict(itself[said])]}])
    try:
        effects = ctx.effects(m.group(2), frame)
    except g.NotUnderstood:
        return None
    if frame.target is not None or any("if" in e for e in effects):
        return None                     # a second target or condition: not read
    return g.Reading(abilities=[{"kind": "resolution", "if": {"dealt_more_than": int(m.group(1))}, "effects": effects}])
