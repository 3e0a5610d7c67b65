# FaB CR 1.4 abilities, 1.3 cards and objects, 8.3 keywords granted: the phrases every card-text grammar reads.
"""The core of the card-text grammar: numbers, noun phrases (selectors, permanents, targets), modifiers and
durations, the subject of a ``gets``/``gains`` sentence, tokens, and what a reading fills in
(:class:`Context`, :class:`Frame`, :class:`Reading`, :class:`NotUnderstood`).

The sentence grammars (:mod:`.effects_grammar`, :mod:`.keywords_grammar`, :mod:`.costs_grammar`,
:mod:`.hero_grammar`) and the paragraph grammar (:mod:`.grammar`) import this module; it imports none of
them. Text nested inside a sentence is read through the :class:`Context` hooks, which
:class:`judge.cards.grammar.Context` supplies.
"""

from __future__ import annotations

import functools
import re

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUM = r"(\d+|a|an|one|two|three|four|five|six)"
KEYWORD_GRANTS = ("go again", "dominate", "overpower", "piercing 1", "phantasm")
# attack subtypes the engine can tell apart on a card (1.3.3): weapon kinds and arrows
NOUN_SUBTYPES = ("dagger", "sword", "axe", "arrow", "club", "hammer", "staff", "bow", "claw", "scepter",
                 "orb", "gun", "flail", "polearm", "scythe", "pistol", "wrench", "lute", "fiddle", "book", "brush",
                 "1h", "2h")
ZONES_NAMED = {"arsenal": "arsenal"}


# keyword abilities a card may simply list: those of the engine's keyword table (judge/engine/fab/keywords.py)
# that the engine plays by itself, plus those about deck building only or meaning nothing (8.3.6, 8.3.24).
# Labels (combo, crush, reprise) are compiled with their sentence; meld needs the card's two sides;
# specialization needs its hero's moniker, which the scenario format writes as a value.
LISTED_HOOKS = ("resolve", "defend-limit", "power", "chain-close", "prevention", "state-trigger", "defend-other",
                "additional-cost", "nothing", "card-pool", "ability", "replacement", "defending-state-trigger",
                "play-from", "reveal-cost", "enters", "equip-face-down")


@functools.lru_cache(maxsize=1)
def listed_keywords() -> tuple[set, set]:
    """The keywords a card may simply list (:data:`LISTED_HOOKS`) and those of them with a value (``ward 10``):
    the compiler reads them as keywords, and a selector ``… with KEYWORD`` finds them on compiled cards."""
    from judge.engine.fab.keywords import KEYWORD_ROWS

    rows = [k for k in KEYWORD_ROWS if set(k.hooks) & set(LISTED_HOOKS) and k.name != "specialization"]
    return {k.name for k in rows}, {k.name for k in rows if k.valued}


def number(word: str) -> int:
    """``a`` / ``two`` / ``3`` → 1 / 2 / 3."""
    return NUMBERS[word] if word in NUMBERS else int(word)


class Context:
    """What the grammar knows about the card whose text it reads, and the card pool's vocabulary."""

    def __init__(self, record, supertypes=frozenset(), tokens=None, names=None, compile_token=None,
                 card_properties=None):
        self.record = record
        self.name = record.name
        types, subtypes, sups = record.type_parts()
        self.types, self.subtypes, self.supertypes = set(types), set(subtypes), set(sups)
        self.pool_supertypes = supertypes      # every supertype of the card data (class and talent words)
        self.tokens = tokens or {}             # token name (lower) → the token's record
        self.names = names or {}               # every card name (lower) → as printed (combo names a card)
        self.compile_token = compile_token     # record → Compiled, for the token cards the text creates
        self.card_properties = card_properties  # name → a created card's scenario keys, or None (zones_grammar)
        self.hero_names = lambda: ()           # the names of the pool's hero cards (a card-pool's heroes, 8.3.7)
        personal = bool(self.types & {"hero", "demi-hero", "mentor"} or "ally" in self.subtypes)
        self.monikers = monikers(self.name, personal)   # the card's own name, shorter (2.7.3)

    # Text nested in a sentence or paragraph (``destroy this, then EFFECTS``, a quoted granted trigger, the
    # rest of a paragraph after its additional cost) is read by the whole grammar, which lies above the
    # sentence grammars: :class:`judge.cards.grammar.Context` supplies these readers.

    def effects(self, text: str, frame) -> list[dict]:
        """All effect sentences of ``text`` read in ``frame`` (each must be understood)."""
        raise NotImplementedError("read card text with judge.cards.grammar.Context")

    def trigger(self, text: str):
        """``text`` read as a triggered ability (a :class:`Reading`), or None when it is not one."""
        raise NotImplementedError("read card text with judge.cards.grammar.Context")

    def paragraph(self, text: str):
        """``text`` read as a whole paragraph (a :class:`Reading`), or None when not understood."""
        raise NotImplementedError("read card text with judge.cards.grammar.Context")

    def condition(self, text: str) -> dict:
        """``text`` read as a condition ("this has go again") → a condition table; NotUnderstood otherwise."""
        raise NotImplementedError("read card text with judge.cards.grammar.Context")

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


HONORIFICS = ("Ser", "Lady", "Lord", "Chief", "Professor")


def monikers(name: str, personal: bool) -> tuple:
    """The moniker of a personal name (2.7.3: "[HONORIFIC?] MONIKER [LAST?] [, SUFFIX?]"): ``Aegis, Archangel
    of Protection`` → ``Aegis``, ``Ser Boltyn, Breaker of Dawn`` → ``Boltyn``; a name without a suffix has a last
    name only when it names a person (``personal``: a hero, an ally, a mentor): ``Hala Goldenhelm`` → ``Hala``.
    The words are the card's own name in its text; an empty tuple when the name has no shorter moniker."""
    head = name.split(",", 1)[0].strip()
    words = head.split()
    if words and words[0] in HONORIFICS and len(words) > 1:
        words = words[1:]
    if "," not in name and personal and len(words) == 2 and words[1][:1].isupper():
        words = words[:1]      # MONIKER LAST
    said = " ".join(words)
    return (said,) if said[:1].isalpha() and said[:1].isupper() and said != name else ()


class Reading:
    """What one paragraph compiles to: abilities, keywords, card keys (``target``, ``playable_as_instant``)."""

    def __init__(self, abilities=None, keywords=None, fields=None):
        self.abilities = abilities or []
        self.keywords = keywords or []
        self.fields = fields or {}

    def add(self, other: "Reading") -> "Reading":
        """Append another paragraph part's abilities, keywords (each once) and card keys to this reading."""
        self.abilities += other.abilities
        self.keywords += [k for k in other.keywords if k not in self.keywords]
        self.fields.update(other.fields)
        return self


class NotUnderstood(Exception):
    """Raised inside the grammar when a phrase is not captured whole."""


# ---------------------------------------------------------------------------------------------------------
# normalising
# ---------------------------------------------------------------------------------------------------------

def normalise(para: str, name: str, monikers: tuple = ()) -> str:
    """Plain text in one line, the card's own name — or its moniker (2.7.3: "When Aegis attacks" on "Aegis,
    Archangel of Protection") — as "this", no bold marks."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", para)
    text = " ".join(text.split())
    if name:
        text = re.sub(rf"(?<!\w){re.escape(name)}'s\b", "this's", text)
        if name.endswith("s"):     # "Grandstand Legplates' {d}": the possessive of a name ending in s
            text = re.sub(rf"(?<!\w){re.escape(name)}'(?=\s)", "this's", text)
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "this", text)
    for said in monikers:
        # a moniker that opens a longer capitalised name ("Aegis, Archangel …") is not this card
        around = rf"(?<!\w){re.escape(said)}"
        text = re.sub(around + r"'s\b", "this's", text)
        text = re.sub(around + r"(?!\w)(?!,? [A-Z])(?! of [A-Z])", "this", text)
    text = text.replace("’", "'").replace("—", "-").replace("–", "-")
    return text


def sentences(text: str) -> list[str]:
    """Sentences of a paragraph (split after a full stop followed by a space and a capital letter)."""
    parts = re.split(r"(?<=\.)\s+(?=[A-Z{])", text)
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip()]


# ---------------------------------------------------------------------------------------------------------
# noun phrases: objects and selectors
# ---------------------------------------------------------------------------------------------------------

# counters of named kinds the grammar reads ("an arrow with an aim counter", "if this has a steam counter")
COUNTER_KINDS = ("aim", "steam", "verse", "flow", "energy", "lightning", "balance", "rust", "bait", "level")


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
    m = re.fullmatch(r"(.*?) with cost (\d+)", words)
    if m:   # "with cost 0": exactly that cost (the printed cost, 2.3)
        words, spec["min_cost"], spec["max_cost"] = m.group(1), int(m.group(2)), int(m.group(2))
    m = re.fullmatch(r"(.*?) with (\d+) or more \{p\}", words)
    if m:
        words, spec["min_power"] = m.group(1), int(m.group(2))
    m = re.fullmatch(r"(.*?) with (\d+) or (less|more) base \{p\}", words)
    if m:   # the printed power (1.12.4b: base power), not the current one
        words = m.group(1)
        spec["max_base_power" if m.group(3) == "less" else "min_base_power"] = int(m.group(2))
    m = re.fullmatch(r"(.*?) with ([a-z ]+)", words)
    if m and m.group(2) in listed_keywords()[0]:
        words, spec["keyword"] = m.group(1), m.group(2)     # "attack action card with stealth" (1.3.2 keywords)
    m = re.fullmatch(r"(.*?) with an? (\w+) counter(?: on it)?", words)
    if m and m.group(2) in COUNTER_KINDS:   # "an arrow with an aim counter" (1.15.1)
        words, spec["counter"] = m.group(1), m.group(2)
    m = re.fullmatch(r"(.*?) with (\w+) in its name", words)
    if m:   # "with Herald in its name": a word of its name (the card's own capitalised word)
        words, spec["name_contains"] = m.group(1), phrase.strip()[len(m.group(1)) + 6:].split()[0]
    words = words.replace("'non-attack'", "non-attack")
    tokens = words.split()
    if tokens and tokens[0] in ("red", "yellow", "blue") and len(tokens) > 1:
        spec["color"] = tokens.pop(0)     # "your next blue attack": its colour, from its printed pitch (2.1.2)
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
    elif rest in ("angel attack", "ally attack") and not subs:
        spec = {"subtypes": [rest.split()[0]], **spec, "is_attack": True}   # an ally's attack (1.4.3a: its source)
    elif rest == "attack":
        if subs:
            spec = {"subtypes": subs, **spec}
        spec["is_attack"] = True
    elif rest == "weapon attack":     # "1H weapon attack": a weapon's attack with those subtypes too
        spec = {"types": ["weapon"], **({"subtypes": subs} if subs else {}), "is_attack": True, **spec}
    elif rest == "action card" and not subs:
        spec = {"types": ["action"], **spec}
    elif rest == "action or instant card" and not subs and "any_of" not in spec:
        spec = {"any_of": [{"types": ["action"]}, {"types": ["instant"]}], **spec}   # one of two types (1.3.2)
    elif rest == "non-attack action card" and not subs:
        spec = {"types": ["action"], "not_subtypes": ["attack"], **spec}    # 'non-attack' action (1.3.2)
    else:
        raise NotUnderstood(phrase)
    if sups:
        spec = {"supertypes": sups, **spec}
    return spec


# conditions on the game state alone (no event to read): those a permanent's static ability may hold while (5.4.7)
STATE_CONDITIONS = frozenset({"you_control", "played_this_turn", "at_least", "at_most", "pitched", "pitched_this_turn",
                              "less_life_than_an_opponent", "dealt_arcane_this_turn", "charged_this_turn",
                              "dealt_damage_this_turn", "your_turn"})

PERMANENT_SUBTYPES = ("aura", "item", "ally", "cog")


def permanent_noun(phrase: str, ctx: Context) -> dict:
    """A permanent its controller may control (CR 1.3.3, 3.0.5): a card name from the card data or ``aura`` / ``item`` / ``ally`` (plural too),
    after ``non-token`` (not a token, 1.3.2) and supertypes of the pool (``non-token Illusionist auras``)."""
    p = phrase.strip().lower()
    singular = p[:-1] if p.endswith("s") and p[:-1] in ctx.names else p
    if singular in ctx.names:
        return {"name": ctx.names[singular]}
    words = p.split()
    spec: dict = {}
    if words and words[0] == "non-token":
        spec["not_types"] = ["token"]
        words.pop(0)
    sups = []
    while len(words) > 1 and words[0] in ctx.pool_supertypes:
        sups.append(words.pop(0))
    if sups:
        spec["supertypes"] = sups
    word = " ".join(words)
    word = word[:-1] if word.endswith("s") else word
    if word in PERMANENT_SUBTYPES:
        return {"subtypes": [word], **spec}
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
        # "target attack action card" names a card by its types (1.8.5): an attacking one on the stack or the
        # combat chain, and as well a defending one (1.4.2a: being an attack is not part of the description)
        return selector(m.group(1), ctx), "target"
    raise NotUnderstood(phrase)


# ---------------------------------------------------------------------------------------------------------
# effects
# ---------------------------------------------------------------------------------------------------------

DURATIONS = ((r" (?:this turn|until end of turn)$", None), (r" this combat chain$", "chain"),
             (r" until the start of your next turn$", "until-your-next-turn"),
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
        m = re.fullmatch(r"([+-])(\d+) ?\{([pd])\}", part)     # "+1 {p}": printed with a space on a few cards
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
        self.it = None              # "yours": the sentence read last put one card of its controller's in a zone
        self.last_it = None         # what ``it`` was before the sentence being read
        self.this_turn = False      # the sentence being read ended "this turn" (its duration, stripped)
        self.lasting = None         # the duration it ended with otherwise ("chain", "until-your-next-turn")
        self.when = {}              # a trigger's condition on its event ("a hero": the attack's target is a hero)

    def declare(self, spec) -> None:
        """Record the target a phrase names; a second, different target is not understood."""
        if spec is None:
            return
        if self.target is not None and self.target != spec:
            raise NotUnderstood("two different targets")
        self.target = spec


def targeted_intimidate(frame) -> list[dict]:
    """A triggered "intimidate" naming no player: a targeted effect (8.5.10b); its controller targets an opposing
    hero as the triggered-layer is put on the stack (6.6.6a)."""
    frame.declare("opponent")
    return [{"do": "intimidate", "who": "target"}]


def subject(phrase: str, frame: Frame) -> tuple[dict, bool]:
    """The object of a ``gets``/``gains`` sentence → (``to``/``next`` fields, whether it is a next-card effect)."""
    p = phrase.strip().lower()
    ctx = frame.ctx
    if p in ("the attack", "the card") and frame.event == "play":
        return {"to": "event-card"}, False     # the card the play event is about (a permanent's play trigger)
    if p == "the attack" and frame.event in ("attack", "hit") and frame.where == "trigger":
        return {"to": "attack"}, False         # the attack the attack or hit event is about: the active-attack (1.4.1)
    if p == "it" and frame.last_it == "permanent":
        return {"to": "it"}, False             # the permanent the sentence before transformed objects into
    if p in ("this", "it"):
        if not (ctx.is_attack or ctx.is_weapon or ctx.types & {"equipment", "defense reaction", "block"}):
            raise NotUnderstood(phrase)     # "this" of a non-attack action is the card, not an attack
        return {}, False
    if p == "this card's attacks" and ctx.is_weapon and frame.where == "static":
        return {}, False     # a weapon's attacks inherit what it has while the static ability holds (1.4.3d)
    if p in ("target attack",) or p.startswith("target "):
        spec, to = target_word(p, ctx)
        frame.declare(spec)
        return {"to": "target"}, False
    p, dur = _duration(p)
    m = re.fullmatch(r"your (.+?s)", p)
    if m and dur is None and p != phrase.strip().lower() and frame.where in ("trigger", "resolution", "activated"):
        # "your attacks this turn get dominate": every object of its controller that fits, for the turn (6.2.2)
        spec = selector(re.sub(r"(attack|card)s\b", r"\1", m.group(1)), ctx)
        return {"to": {**spec, "controller": "you"}}, False
    m = re.fullmatch(r"(.+?s) (you|your opponents) control", p)
    if m and dur is None and frame.lasting and frame.where in ("trigger", "resolution", "activated"):
        # "attack action cards your opponents control get -1{p} until the start of your next turn": every object
        # that fits, for that duration (6.2.2)
        spec = selector(re.sub(r"(attack|card)s\b", r"\1", m.group(1)), ctx)
        return {"to": {**spec, "controller": "you" if m.group(2) == "you" else "opponent"}}, False
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
    return token_effect(rec, compiled)


def token_effect(rec, compiled) -> dict:
    """The ``create-token`` table of the token card ``rec``: its printed properties (a token ally's life too,
    2.5.1) and its compiled keywords and abilities (8.5.2: the created object carries them)."""
    types, subtypes, supertypes = rec.type_parts()
    eff = {"do": "create-token", "name": rec.name, "types": types}
    for key, value in (("subtypes", subtypes), ("supertypes", [w for w in supertypes if w.isalpha()]),
                       ("keywords", compiled.keywords), ("abilities", compiled.abilities)):
        if value:
            eff[key] = value
    for field in ("power", "defense"):
        if getattr(rec, field).isdigit():
            eff[field] = int(getattr(rec, field))
    if "ally" in subtypes and rec.health.isdigit():
        eff["life"] = int(rec.health)
    return eff


def _finish(frame: Frame, reading: Reading, ability: dict) -> Reading:
    """Put the declared target where a scenario writes it: on the card for resolution abilities, on the
    ability for activated and triggered ones."""
    if frame.target is not None:
        if ability.get("kind") == "resolution":
            reading.fields["target"] = frame.target
        elif ability.get("kind") == "activated":
            ability["target"] = frame.target
        elif ability.get("kind") == "trigger" and (frame.target in ("opponent", "hero", "any")
                                                   or isinstance(frame.target, dict)):
            ability["target"] = frame.target     # declared as the triggered-layer is put on the stack (6.6.6a)
        else:
            raise NotUnderstood("a target outside a resolution or activated ability")
    reading.abilities.append(ability)
    return reading
