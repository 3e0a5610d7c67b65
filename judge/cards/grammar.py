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
"""

from __future__ import annotations

import re

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUM = r"(\d+|a|an|one|two|three|four|five|six)"
KEYWORD_GRANTS = ("go again", "dominate", "overpower", "piercing 1")
# attack subtypes the engine can tell apart on a card (1.3.3): weapon kinds and arrows
NOUN_SUBTYPES = ("dagger", "sword", "axe", "arrow", "club", "hammer", "staff", "bow", "claw", "scepter",
                 "orb", "gun", "flail", "polearm", "scythe", "pistol", "wrench", "lute", "fiddle", "book", "brush")
ZONES_NAMED = {"arsenal": "arsenal"}


def number(word: str) -> int:
    """``a`` / ``two`` / ``3`` → 1 / 2 / 3."""
    return NUMBERS[word] if word in NUMBERS else int(word)


class Context:
    """What the grammar knows about the card whose text it reads, and the card pool's vocabulary."""

    def __init__(self, record, supertypes=frozenset(), tokens=None, names=None, compile_token=None):
        self.record = record
        self.name = record.name
        types, subtypes, sups = record.type_parts()
        self.types, self.subtypes, self.supertypes = set(types), set(subtypes), set(sups)
        self.pool_supertypes = supertypes      # every supertype of the card data (class and talent words)
        self.tokens = tokens or {}             # token name (lower) → the token's record
        self.names = names or {}               # every card name (lower) → as printed (combo names a card)
        self.compile_token = compile_token     # record → Compiled, for the token cards the text creates

    @property
    def is_attack(self) -> bool:
        """Is the card an attack action card?"""
        return "action" in self.types and "attack" in self.subtypes

    @property
    def is_weapon(self) -> bool:
        """Is the card a weapon?"""
        return "weapon" in self.types

    @property
    def resolves(self) -> bool:
        """A card whose text mostly acts as it resolves: a non-permanent action, instant or reaction."""
        permanent = self.subtypes & {"aura", "item", "ally", "landmark", "construct"} or \
            self.types & {"equipment", "weapon", "hero", "token", "demi-hero"}
        return not permanent and bool(self.types & {"action", "instant", "attack reaction", "defense reaction"})


class Reading:
    """What one paragraph compiles to: abilities, keywords, card keys (``target``, ``playable_as_instant``)."""

    def __init__(self, abilities=None, keywords=None, fields=None):
        self.abilities = abilities or []
        self.keywords = keywords or []
        self.fields = fields or {}


class NotUnderstood(Exception):
    """Raised inside the grammar when a phrase is not captured whole."""


# ---------------------------------------------------------------------------------------------------------
# normalising
# ---------------------------------------------------------------------------------------------------------

def normalise(para: str, name: str) -> str:
    """Plain text in one line, the card's own name as "this", no bold marks."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", para)
    text = " ".join(text.split())
    if name:
        text = re.sub(rf"(?<!\w){re.escape(name)}'s\b", "this's", text)
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "this", text)
    text = text.replace("’", "'").replace("—", "-").replace("–", "-")
    return text


def sentences(text: str) -> list[str]:
    """Sentences of a paragraph (split after a full stop followed by a space and a capital letter)."""
    parts = re.split(r"(?<=\.)\s+(?=[A-Z{])", text)
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip()]


# ---------------------------------------------------------------------------------------------------------
# noun phrases: objects and selectors
# ---------------------------------------------------------------------------------------------------------

def selector(phrase: str, ctx: Context) -> dict:
    """A card or attack noun phrase → a selector table.

    ``attack`` → ``{is_attack = true}``; ``Ninja attack action card`` → ``{supertypes = ["ninja"], types =
    ["action"], subtypes = ["attack"]}``; ``dagger attack`` → ``{subtypes = ["dagger"], is_attack = true}``;
    ``attack action card with cost 2 or less`` adds ``max_cost = 2``.
    """
    words = phrase.strip().lower()
    spec: dict = {}
    m = re.fullmatch(r"(\w+) or (\w+) (.+)", words)
    if m and {m.group(1), m.group(2)} <= set(NOUN_SUBTYPES) and m.group(1) != m.group(2):
        # "dagger or sword weapon attack": one of two subtypes (two supertypes: below, "Brute or Warrior")
        spec = selector(m.group(3), ctx)
        if "any_of" in spec:
            raise NotUnderstood(phrase)
        spec["any_of"] = [{"subtypes": [m.group(1)]}, {"subtypes": [m.group(2)]}]
        return spec
    m = re.fullmatch(r"(.*?) with cost (\d+) or less", words)
    if m:
        words, spec["max_cost"] = m.group(1), int(m.group(2))
    m = re.fullmatch(r"(.*?) with cost (\d+) or (?:greater|more)", words)
    if m:
        words, spec["min_cost"] = m.group(1), int(m.group(2))
    m = re.fullmatch(r"(.*?) with (\d+) or more \{p\}", words)
    if m:
        words, spec["min_power"] = m.group(1), int(m.group(2))
    m = re.fullmatch(r"(.*?) with (\d+) or (less|more) base \{p\}", words)
    if m:   # the printed power (1.12.4b: base power), not the current one
        words = m.group(1)
        spec["max_base_power" if m.group(3) == "less" else "min_base_power"] = int(m.group(2))
    m = re.fullmatch(r"(.*?) with ([a-z ]+)", words)
    if m and m.group(2) in _listed_keyword_names():
        words, spec["keyword"] = m.group(1), m.group(2)     # "attack action card with stealth" (1.3.2 keywords)
    m = re.fullmatch(r"(.*?) with (\w+) in its name", words)
    if m:   # "with Herald in its name": a word of its name (the card's own capitalised word)
        words, spec["name_contains"] = m.group(1), phrase.strip()[len(m.group(1)) + 6:].split()[0]
    words = words.replace("'non-attack'", "non-attack")
    tokens = words.split()
    sups, subs = [], []
    while tokens and tokens[0] in ctx.pool_supertypes:
        sups.append(tokens.pop(0))
    if len(sups) == 1 and len(tokens) > 1 and tokens[0] == "or" and tokens[1] in ctx.pool_supertypes:
        spec["any_of"] = [{"supertypes": [sups.pop()]}, {"supertypes": [tokens[1]]}]   # "Assassin or Mystic …"
        tokens = tokens[2:]
    while tokens and tokens[0] in NOUN_SUBTYPES:
        subs.append(tokens.pop(0))
    rest = " ".join(tokens)
    if rest == "attack action card":
        spec = {"types": ["action"], "subtypes": ["attack"] + subs, **spec}
    elif rest == "attack":
        if subs:
            spec = {"subtypes": subs, **spec}
        spec["is_attack"] = True
    elif rest == "weapon attack" and not subs:
        spec = {"types": ["weapon"], "is_attack": True, **spec}
    elif rest == "action card" and not subs:
        spec = {"types": ["action"], **spec}
    elif rest == "non-attack action card" and not subs:
        spec = {"types": ["action"], "not_subtypes": ["attack"], **spec}    # 'non-attack' action (1.3.2)
    else:
        raise NotUnderstood(phrase)
    if sups:
        spec = {"supertypes": sups, **spec}
    return spec


PERMANENT_SUBTYPES = ("aura", "item", "ally")


def _listed_keyword_names() -> set:
    """The keywords the compiler lists on a card (so that a selector "with KEYWORD" finds them on compiled cards)."""
    from judge.cards.compiler import _listed_keywords

    return _listed_keywords()[0]


def permanent_noun(phrase: str, ctx: Context) -> dict:
    """A permanent its controller may control (CR 1.3.3, 3.0.5): a card name from the card data or ``aura`` / ``item`` / ``ally`` (plural too)."""
    p = phrase.strip().lower()
    singular = p[:-1] if p.endswith("s") and p[:-1] in ctx.names else p
    if singular in ctx.names:
        return {"name": ctx.names[singular]}
    word = p[:-1] if p.endswith("s") else p
    if word in PERMANENT_SUBTYPES:
        return {"subtypes": [word]}
    raise NotUnderstood(phrase)


def target_word(phrase: str, ctx: Context) -> tuple[object, str]:
    """``target hero`` → (card target "hero", effect ``to`` "target"); ``the defending hero`` → (None,
    "defending-hero"); ``target attack`` → ("attack", "target"); ``target Ninja attack action card`` → the
    selector with ``is_attack``."""
    p = phrase.strip().lower()
    if p == "target hero":
        return "hero", "target"
    if p in ("target opposing hero", "target opponent"):
        return "opponent", "target"
    if p in ("the defending hero", "them") and ctx.is_attack:
        return None, "defending-hero"
    if p in ("each opposing hero", "the opposing hero", "your opponent"):
        raise NotUnderstood(phrase)    # several opponents: the engine's "opponent" names one
    if p == "target attack":
        return "attack", "target"
    m = re.fullmatch(r"target (.+)", p)
    if m:
        spec = selector(m.group(1), ctx)
        if spec.get("is_attack") is None and spec.get("subtypes", [None])[0] == "attack":
            spec["is_attack"] = True    # "target attack action card": one on the stack or combat chain (1.4.1)
        return spec, "target"
    raise NotUnderstood(phrase)


# ---------------------------------------------------------------------------------------------------------
# effects
# ---------------------------------------------------------------------------------------------------------

DURATIONS = ((r" (?:this turn|until end of turn)$", None), (r" this combat chain$", "chain"),
             (r" (?:this chain link|until the end of this chain link)$", "link"))


def _duration(clause: str) -> tuple[str, str | None]:
    for pattern, dur in DURATIONS:
        m = re.search(pattern, clause)
        if m:
            return clause[: m.start()], dur
    return clause, None


def modifiers(phrase: str) -> list[dict]:
    """``+2{p}`` / ``-1{d}`` / ``go again`` / ``+1{p} and go again`` → effect stubs (stat or keyword)."""
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", phrase.strip())
    out = []
    for part in parts:
        m = re.fullmatch(r"([+-])(\d+)\{([pd])\}", part)
        if m:
            by = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            out.append({"do": "modify", "stat": "power" if m.group(3) == "p" else "defense", "by": by})
            continue
        if part in KEYWORD_GRANTS:
            kw, _, val = part.partition(" 1") if part.startswith("piercing") else (part, "", "")
            eff = {"do": "gain-keyword", "keyword": "piercing" if part.startswith("piercing") else part}
            if part.startswith("piercing"):
                eff["value"] = 1
            out.append(eff)
            continue
        raise NotUnderstood(part)
    return out


class Frame:
    """Where an effect sentence stands: what "this"/"it"/"them" name, and the targets it declared."""

    def __init__(self, ctx: Context, where: str):
        self.ctx = ctx
        self.where = where          # "resolution" | "trigger" | "static" | "activated"
        self.target = None          # the card's / ability's declared target, once a sentence declares one
        self.event = None           # a trigger's event ("hit", "attack", …), once the trigger clause is read

    def declare(self, spec) -> None:
        """Record the target a phrase names; a second, different target is not understood."""
        if spec is None:
            return
        if self.target is not None and self.target != spec:
            raise NotUnderstood("two different targets")
        self.target = spec


def subject(phrase: str, frame: Frame) -> tuple[dict, bool]:
    """The object of a ``gets``/``gains`` sentence → (``to``/``next`` fields, whether it is a next-card effect)."""
    p = phrase.strip().lower()
    ctx = frame.ctx
    if p in ("the attack", "the card") and frame.event == "play":
        return {"to": "event-card"}, False     # the card the play event is about (a permanent's play trigger)
    if p in ("this", "it"):
        if not (ctx.is_attack or ctx.is_weapon or ctx.types & {"equipment", "defense reaction"}):
            raise NotUnderstood(phrase)     # "this" of a non-attack action is the card, not an attack
        return {}, False
    if p in ("target attack",) or p.startswith("target "):
        spec, to = target_word(p, ctx)
        frame.declare(spec)
        return {"to": "target"}, False
    p, dur = _duration(p)
    if dur is not None or p != phrase.strip().lower() and not p.startswith(("your next", "the next")):
        raise NotUnderstood(phrase)     # a duration inside the subject belongs to a next-card effect only
    m = re.fullmatch(r"your next (.+?)", p)
    if m:
        spec = selector(m.group(1), ctx)
        if "is_attack" not in spec:
            raise NotUnderstood(phrase)
        return {"next": True, "to": spec}, True
    m = re.fullmatch(r"the next (.+?) you play", p)
    if m:
        spec = selector(m.group(1), ctx)
        if spec.get("is_attack"):
            raise NotUnderstood(phrase)     # "the next attack you play" also counts weapon attacks? not said
        return {"next": True, "to": spec}, True
    raise NotUnderstood(phrase)


def effect_sentence(sentence: str, frame: Frame) -> list[dict]:
    """One effect sentence → effect tables (several for ``gets +1{p} and go again``)."""
    s, dur = _duration(sentence.strip())
    low = s.lower()
    effects = _effect(low, frame, s)
    if dur:
        for e in effects:
            e["duration"] = dur
    return effects


def _effect(low: str, frame: Frame, original: str) -> list[dict]:
    ctx = frame.ctx
    from judge.cards import effects_grammar   # more sentence shapes, kept in their own module

    got = effects_grammar.effect(low, frame, original)
    if got is not None:
        return got
    from judge.cards import keywords_grammar   # keyword effects (opt, reload, intimidate): their own module

    got = keywords_grammar.effect(low, frame, original)
    if got is not None:
        return got
    from judge.cards import choices_grammar   # objects the player picks as the effect is generated

    got = choices_grammar.effect(low, frame)
    if got is not None:
        return got
    from judge.cards import triggers_grammar   # delayed triggered effects (6.6.3)

    got = triggers_grammar.effect(low, frame)
    if got is not None:
        return got
    m = re.fullmatch(r"(.+?) (?:gets|gains|has) (.+)", low)
    if m and not low.startswith(("deal ", "draw ", "gain ", "create ")):
        fields, _ = subject(m.group(1), frame)
        out = []
        for eff in modifiers(m.group(2)):
            eff.update(fields)
            out.append(eff)
        return out
    m = re.fullmatch(rf"deal {NUM}( arcane)? damage to (.+)", low)
    if m:
        spec, to = target_word(m.group(3), ctx)
        frame.declare(spec)
        eff = {"do": "damage", "amount": number(m.group(1)), "to": to}
        if m.group(2):
            eff["kind"] = "arcane"
        return [eff]
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
    m = re.fullmatch(r"(destroy|banish|negate) (target .+)", low)
    if m:
        spec, _ = target_word(m.group(2), ctx)
        if m.group(1) == "negate":
            raise NotUnderstood(original)   # negate needs a layer target; the grammar does not name layers
        frame.declare(spec)
        return [{"do": m.group(1), "what": "target"}]
    if low == "intimidate" and ctx.is_attack:
        return [{"do": "intimidate"}]
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


def _typed(prevention: dict, damage_word: str | None) -> dict:
    """A prevention effect limited to one type of damage (6.4.10: "arcane damage", "{p} damage")."""
    if damage_word:
        prevention["damage_type"] = {"arcane": "arcane", "{p}": "physical"}[damage_word.strip()]
    return prevention


def _token(name: str, ctx: Context) -> dict:
    """``Create a NAME token``: the token card of that name from the card data, with its properties and its
    own text compiled (the created object carries them, 8.5.2); a token whose text is not fully compiled
    makes the sentence not understood."""
    rec = ctx.tokens.get(name.lower())
    if rec is None or ctx.compile_token is None or rec.name == ctx.name:
        raise NotUnderstood(f"create a {name} token")
    compiled = ctx.compile_token(rec)
    if not compiled.fully or compiled.fields:
        raise NotUnderstood(f"create a {name} token")
    types, subtypes, supertypes = rec.type_parts()
    eff = {"do": "create-token", "name": rec.name, "types": types}
    for key, value in (("subtypes", subtypes), ("supertypes", [w for w in supertypes if w.isalpha()]),
                       ("keywords", compiled.keywords), ("abilities", compiled.abilities)):
        if value:
            eff[key] = value
    for field in ("power", "defense"):
        if getattr(rec, field).isdigit():
            eff[field] = int(getattr(rec, field))
    return eff


def effects_of(text: str, frame: Frame) -> list[dict]:
    """All effect sentences of a text (each must be understood); ``you may X. If you do, Y`` composes
    (choices_grammar.py)."""
    from judge.cards import choices_grammar

    out = []
    for sentence in sentences(text):
        got = choices_grammar.sentence_effects(sentence, frame, effect_parts)
        out.extend(effect_parts([sentence], frame) if got is None else got)
    return out


def effect_parts(parts: list[str], frame: Frame) -> list[dict]:
    """The effects of effect clauses, each split at ``, then``."""
    out = []
    for sentence in parts:
        for part in re.split(r",? then ", sentence):
            out.extend(effect_sentence(part, frame))
    return out


# ---------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------

def condition(phrase: str, ctx: Context) -> dict:
    """``you've dealt arcane damage this turn`` → ``{dealt_arcane_this_turn = true}``; ``this is played from
    arsenal`` → ``{played_from = "arsenal"}``; ``the defending hero has defended with a card from their hand
    this chain link`` → ``{defended_from_hand = true}`` (reprise, 8.4.3)."""
    p = phrase.strip().lower()
    from judge.cards import effects_grammar

    got = effects_grammar.condition(p, ctx)
    if got is not None:
        return got
    from judge.cards import keywords_grammar

    got = keywords_grammar.condition(p, ctx)
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
    from judge.cards.costs_grammar import paid_condition

    if paid_condition(p):
        return paid_condition(p)     # "the discarded card has 6 or more {p}" (costs_grammar.py)
    m = re.fullmatch(r"(.+?) was the last attack this combat chain", p)
    if m:
        said = phrase.strip()[: len(m.group(1))]
        if said.lower() in ctx.names:
            return {"last_attack": {"name": ctx.names[said.lower()]}}
        am = re.fullmatch(r"an? (.+ attack)", m.group(1))
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

ACTIVATED = re.compile(r"^(?:(once|twice) per turn )?(action|instant|attack reaction|defense reaction) - (.+?): (.+)$",
                       re.IGNORECASE)
TRIGGERS = (
    (r"(?:when|if) this hits(?: a hero)?", "hit"),
    (r"(?:when this attacks|when you attack with this)", "attack"),
    (r"when this defends", "defends"),
    (r"when this is defended", "defended"),
    (r"when this is destroyed", "destroyed"),
    (r"when this enters the arena", "enters-arena"),
    (r"when this leaves the arena", "leaves-arena"),
)


def read_paragraph(para: str, ctx: Context) -> Reading | None:
    """The abilities of one paragraph, or None when its whole meaning is not captured."""
    from judge.cards import costs_grammar, effects_grammar, hero_grammar, keywords_grammar

    text = normalise(para, ctx.name)
    try:
        for reader in (effects_grammar.paragraph, costs_grammar.paragraph, hero_grammar.paragraph,
                       keywords_grammar.paragraph, _activated, _labelled, _phase_trigger, _trigger, _static, _resolution):
            reading = reader(text, ctx)
            if reading is not None:
                return reading
    except NotUnderstood:
        return None
    return None


def _finish(frame: Frame, reading: Reading, ability: dict) -> Reading:
    """Put the declared target where a scenario writes it: on the card for resolution abilities, on the
    ability for activated and triggered ones."""
    if frame.target is not None:
        if ability.get("kind") == "resolution":
            reading.fields["target"] = frame.target
        elif ability.get("kind") == "activated":
            ability["target"] = frame.target
        elif ability.get("kind") == "trigger" and frame.target == "opponent":
            ability["target"] = "opponent"     # the engine declares the one opponent (6.6.6a)
        else:
            raise NotUnderstood("a target outside a resolution or activated ability")
    reading.abilities.append(ability)
    return reading


def _activated(text: str, ctx: Context) -> Reading | None:
    m = ACTIVATED.match(text)
    if not m:
        return None
    limit = {"once": 1, "twice": 2}.get((m.group(1) or "").lower())
    from judge.cards import costs_grammar as cg

    ab: dict = {"kind": "activated", "type": m.group(2).lower()}
    cost = 0
    effect_costs = []
    for part in [p.strip().lower() for p in m.group(3).split(",")]:
        if re.fullmatch(r"(\{r\})+", part):
            cost += part.count("{r}")
        elif part.isdigit():
            cost += int(part)
        elif part in ("destroy this", "discard this") and "effect_cost" not in ab:
            ab["effect_cost"] = part
        else:
            effect_costs.append(cg.cost_part(part, ctx))
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
    body, when = cg.split_condition(body, ctx)   # "Activate this only …" (5.2.1e)
    if when:
        ab["if"] = when
    frame = Frame(ctx, "activated")
    if body.lower().rstrip(".") == "attack":
        if not (ctx.is_weapon or "ally" in ctx.subtypes):
            raise NotUnderstood(body)     # a weapon's attack-proxy (1.4.3), an ally attacking itself (8.2.8)
        ab["attack"] = True     # an attack-proxy; "Attack. Go again": go again is the proxy's own (1.4.3a)
    else:
        from judge.cards.hero_grammar import until_end_of_turn_yours

        ab["effects"] = until_end_of_turn_yours(body, ctx) or effects_of(body, frame)
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
        cm = re.fullmatch(r"when this deals (\d+) or more damage(?: to a hero)?, (.+)", body, re.IGNORECASE)
        if not cm or not ctx.is_attack:
            raise NotUnderstood(text)
        frame = Frame(ctx, "trigger")
        effs = effects_of(cm.group(2), frame)
        return _finish(frame, Reading(), {"kind": "trigger", "on": "damage",
                                          "if": {"damage_at_least": int(cm.group(1))}, "effects": effs})
    cm = re.fullmatch(r"if (.+?), (.+)", body, re.IGNORECASE)
    if not cm:
        raise NotUnderstood(text)
    cond = condition(cm.group(1), ctx)
    if label == "combo" and "last_attack" not in cond or label == "reprise" and "defended_from_hand" not in cond:
        raise NotUnderstood(text)
    return _conditional(cond, cm.group(2), ctx)


def _conditional(cond: dict, body: str, ctx: Context) -> Reading:
    """``If COND, EFFECTS``: on an attack, about itself, a static ability while COND (1.7.4, 8.4.1); else a
    conditional resolution effect (1.8.4)."""
    frame = Frame(ctx, "static")
    effs = effects_of(body, frame)
    about_self = all(e.get("to", "self") == "self" and not e.get("next") for e in effs)
    if ctx.is_attack and about_self and frame.target is None and "defended_from_hand" not in cond:
        reading = Reading()
        for e in effs:
            reading.abilities.append({"kind": "static", "while": dict(cond), "effect": e})
        return reading
    if not ctx.resolves or "last_attack" in cond:
        raise NotUnderstood(body)
    return _finish(frame, Reading(), {"kind": "resolution", "if": dict(cond), "effects": effs})


def _trigger(text: str, ctx: Context) -> Reading | None:
    for pattern, event in TRIGGERS:
        m = re.fullmatch(pattern + r", (.+)", text, re.IGNORECASE)
        if m:
            if event in ("hit", "attack", "defended") and not ctx.is_attack:
                if not (ctx.is_weapon and event in ("hit", "attack")):
                    raise NotUnderstood(text)
            if event in ("enters-arena", "leaves-arena") and ctx.resolves:
                raise NotUnderstood(text)       # a permanent's own entering or leaving (the arena, 3.0.5)
            body = m.group(1)
            frame = Frame(ctx, "trigger")
            frame.event = event
            from judge.cards.choices_grammar import trigger_body

            effs = trigger_body(body, frame)
            return _finish(frame, Reading(), {"kind": "trigger", "on": event, "effects": effs})
    return None


PHASES = (("at the beginning of your action phase", "action-phase"), ("at the beginning of your end phase",
                                                                      "end-phase"),
          ("at the start of your turn", "start-of-turn"))


def _phase_trigger(text: str, ctx: Context) -> Reading | None:
    """``At the beginning of your action phase|end phase, EFFECTS`` of a permanent (4.3.1, 4.4.2): a trigger
    on that phase in its controller's turn."""
    for phrase, event in PHASES:
        m = re.fullmatch(re.escape(phrase) + r", (.+)", text.rstrip("."), re.IGNORECASE)
        if m:
            if ctx.resolves:
                raise NotUnderstood(text)
            frame = Frame(ctx, "trigger")
            effs = []
            for part in re.split(r",? then ", m.group(1)):
                if part.strip().lower() == "destroy this":
                    effs.append({"do": "destroy", "what": "self"})
                else:
                    effs.extend(effects_of(part, frame))
            return _finish(frame, Reading(), {"kind": "trigger", "on": event, "if": {"your_turn": True},
                                              "effects": effs})
    return None


def _static(text: str, ctx: Context) -> Reading | None:
    low = text.lower().rstrip(".")
    if low == "you may play this as though it were an instant" and ctx.resolves:
        return Reading(fields={"playable_as_instant": True})
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
