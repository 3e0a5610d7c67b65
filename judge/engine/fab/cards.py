# Objects (FaB CR 1.2), cards (1.3) and their abilities (1.7) as the engine sees them: properties and primitives.
"""Flesh and Blood objects as the engine sees them: cards described by properties and ability primitives.

Nothing here knows a card by name. A card is its printed properties (types, subtypes, supertypes, cost,
pitch, power, defense, keywords) plus abilities built from the generic primitives documented in
docs/scenario-format.md (static, trigger, activated, play-from, property, meta).
"""

from __future__ import annotations

# zones (3.0.1) as scenario files name them; "arena" is the permanent zone, "equipment" the equipped
# zones (arms/chest/head/legs/weapon) taken together
ZONES = ("hand", "arsenal", "deck", "pitch", "graveyard", "banished", "arena", "equipment", "stack",
         "combat-chain", "outside", "soul", "under")   # soul: the cards under the owner's hero card (3.11.5, 3.0.14);
# under: a sub-card under a permanent (3.0.14), ``Card.under`` names its top-card
PRIVATE_ZONES = ("hand", "arsenal", "deck")           # 3.0.4b
ARENA_ZONES = ("arena", "equipment", "combat-chain")  # 3.0.5
# the class and talent supertypes (2.11.6a, 2.11.6b), and the classes printed on cards of sets after CR 2.10.1
SUPERTYPE_WORDS = frozenset(("adjudicator", "assassin", "bard", "brute", "guardian", "illusionist", "mechanologist",
                             "merchant", "ninja", "ranger", "runeblade", "shapeshifter", "warrior", "wizard",
                             "chaos", "draconic", "earth", "elemental", "ice", "light", "lightning", "mystic",
                             "royal", "shadow", "necromancer", "pirate"))
PERMANENT_SUBTYPES = ("aura", "item", "ally", "landmark", "invocation", "construct", "affliction", "ash", "figment")
# 1.3.2c: the types of deck-cards, which become permanents only with one of the permanent subtypes (1.3.3)
DECK_CARD_TYPES = frozenset(("action", "attack reaction", "block", "defense reaction", "instant", "mentor", "resource"))
PERMANENT_TYPES = ("equipment", "weapon", "token")


class Ability:
    """One ability of a card: ``kind`` plus the primitive's fields (see docs/scenario-format.md)."""

    __slots__ = ("index", "kind", "data", "key")

    def __init__(self, index: int, kind: str, data: dict, key: str):
        self.index = index      # 1-based position on the card
        self.kind = kind        # static | trigger | activated | play-from | property | meta
        self.data = data
        self.key = key          # scenario key path, for error messages

    def get(self, name, default=None):
        """The ability's value for ``name`` in its scenario table, or ``default``."""
        return self.data.get(name, default)


CHANGES = [0]
"""Bumped whenever a card's abilities are replaced or a state's cards are added or removed: what is derived
from the abilities in the game (:func:`judge.engine.fab.state.derived`) is kept until it moves."""


class _Replaced:
    """An attribute whose value is only ever replaced, and whose replacement moves ``CHANGES``: a descriptor
    with ``__set__`` only, so reading it is a plain read of the instance's own dict (no call), and assigning a
    different value (``!=``: the same abilities again, a reset, 3.0.9, change nothing) marks the change."""

    def __set_name__(self, owner, name):
        self.name = name

    def __set__(self, obj, value):
        d = obj.__dict__
        if d.get(self.name) != value:
            CHANGES[0] += 1
        d[self.name] = value


class Card:
    """A card (or token) in the game. ``handle`` is the scenario's name for it, unique per scenario."""

    def __init__(self, handle: str, name: str, owner: str):
        self.handle = handle
        self.name = name
        self.owner = owner
        self.controller = owner
        self.zone = "hand"
        self.face_down = False
        self.tapped = False       # a permanent's state, untapped unless tapped (2026-02 1.3.3b; tapping.py)
        self.types: set[str] = set()
        self.subtypes: set[str] = set()
        self.supertypes: set[str] = set()
        self.cost: int | None = None
        self.x_cost = False
        self.x_count = 1          # how many X its printed cost has: "XX" is X + X (2.2.2a)
        self.pitch: int | None = None
        self.pitch_chi = False    # its pitch symbols are {c}: pitching it gains chi points, not resources (2.8.2)
        self.power: int | None = None
        self.defense: int | None = None
        self.life: int | None = None        # base life: an object with it is a living object (2.5.1, allies)
        self.damage_taken = 0               # life lost to damage, until its life total is reset (2.5.3a, 4.4.3a)
        self.keywords: dict[str, object] = {}
        self.abilities: list[Ability] = []
        self.sides: dict[str, dict] = {}      # split-cards (9.2): side name → properties
        self.chosen_side: str | None = None
        self.melded = False
        self.token = False
        self.timestamp = 0
        self.activations: dict[int, int] = {}   # ability index → times activated this turn
        self.base_defense_set: int | None = None
        self.base_power_set: int | None = None
        self.printed: tuple | None = None   # (abilities, keywords) as printed, restored when it resets (3.0.9)
        self.decline = False      # the controller chooses not to use its optional prevention (ward, barrier, …)
        self.unless_choice = None  # its "unless_paid" key: the choice of the player asked to pay its "unless" costs
        self.fail_search = False  # its controller chooses to fail its search of their private deck (1.9.1c)
        self.trigger_target = None   # the target its controller declares for its triggered-layers (6.6.6a)
        self.playable_as_instant = False   # "You may play this as though it were an instant" (5.1.3d, 8.1.1d)
        self.modes: list[int] = []   # the modes declared for its modal ability, in the order chosen (1.7.5a, 1.7.5b)
        self.target_spec = None   # what its resolution abilities target: "attack", "hero", "opponent", a selector
        self.counters: list[tuple[int, str, int]] = []   # one per counter: (timestamp, kind, value) (1.15, 2.0.3d)
        self.deck_pos = 0.0       # position in its owner's deck, lowest on top (zones.py)
        self.under: str | None = None   # in the zone "under": the handle of its top-card (3.0.14)
        self.faces: dict | None = None  # a double-faced card (9.1): "front" and "back" → that face's properties
        self.face = "front"             # its active face (9.1.3, 9.1.5; faces.py)
        self.face_kind: str | None = None   # "flip" (9.1.3) or "transcend" (9.1.5)

    abilities = _Replaced()
    """Its abilities now (printed or given by the file; an effect may replace them: never changed in place once
    the game has begun, so that what is derived from them can be kept). Replacing them moves ``CHANGES``."""

    def ability_number(self, act: dict) -> int:
        """The 1-based number, among its abilities, of the ability an `activate` action names: its `ability`, or
        when the file names none, the card's first activated ability (5.2)."""
        given = act.get("ability")
        if given is not None:
            return given
        return next((i for i, a in enumerate(self.abilities, 1) if a.kind == "activated"), 1)

    # -- identity ---------------------------------------------------------------------------------------
    @property
    def is_attack_action(self) -> bool:
        """Is it an attack action card (type action, subtype attack: 1.4.2)?"""
        return "action" in self.types and "attack" in self.subtypes

    @property
    def is_permanent_card(self) -> bool:
        """Becomes a permanent when it resolves or enters the arena (5.3.6a, 8.2.4): a deck-card only with a
        permanent subtype (1.3.3: an "Action Equipment" is not one by its equipment type)."""
        if self.types & DECK_CARD_TYPES:
            return bool(self.subtypes & set(PERMANENT_SUBTYPES))
        return bool(self.subtypes & set(PERMANENT_SUBTYPES)) or bool(self.types & set(PERMANENT_TYPES))

    @property
    def private(self) -> bool:
        """Private: face down, or in a private zone (3.0.3, 3.0.4b)."""
        return self.face_down or self.zone in PRIVATE_ZONES

    def describe(self) -> str:
        """The card as the trace names it."""
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.handle!r}, {self.name!r}, zone={self.zone!r})"


NAME_HONORIFICS = ("Ser", "Lady", "Lord", "Chief", "Professor")


def has_moniker(name: str, moniker: str) -> bool:
    """Could ``moniker`` be the moniker of the personal name ``name`` (2.7.3: "[HONORIFIC?] MONIKER [LAST?] [,
    SUFFIX?]")? The words after any honorific and before the suffix start with the moniker's words, compared
    without case (2.7.5): the moniker of "Ser NAME, SUFFIX" is NAME; of "NAME LAST" or "TWO WORDS MARK", the words
    before the last names, which the name alone does not tell apart — so every leading run of words may be it."""
    words = name.split(",", 1)[0].split()
    if len(words) > 1 and words[0] in NAME_HONORIFICS:
        words = words[1:]
    said = moniker.split()
    return bool(said) and [w.lower() for w in words[: len(said)]] == [w.lower() for w in said]


def _words(value) -> set:
    """A selector's word list as a set in lower case, as a card's are (``"2H"`` is ``"2h"``); a single word
    (``types = "action"``) is a list of one."""
    return {value.lower()} if isinstance(value, str) else {str(w).lower() for w in value}


def matches(card: Card, spec: dict, game=None, viewer: str | None = None) -> bool:
    """Does ``card`` fit a selector table such as ``{types = ["action"], subtypes = ["attack"]}``?

    Keys: ``types``, ``subtypes``, ``supertypes`` (all listed must be present), ``not_supertypes``,
    ``name``, ``keyword``, ``controller`` ("you"/"opponent" relative to ``viewer``, or a player),
    ``zone``, ``min_cost``, ``max_cost``, ``min_power`` (uses the game's current power); ``any_of``: a list of
    selectors, one of which the card fits ("an item or equipment"); ``name_contains``: a word of its name.
    """
    if not spec:
        return True
    if "any_of" in spec and not any(matches(card, alt, game, viewer) for alt in spec["any_of"]):
        return False   # "an item or equipment": the card fits one of the alternatives
    if "types" in spec and not _words(spec["types"]) <= card.types:
        return False
    if "subtypes" in spec and not _words(spec["subtypes"]) <= card.subtypes:
        return False
    if "supertypes" in spec or "not_supertypes" in spec:
        sup = game.supertypes(card) if game is not None else card.supertypes
        if "supertypes" in spec and not _words(spec["supertypes"]) <= sup:
            return False
        if "not_supertypes" in spec and _words(spec["not_supertypes"]) & sup:
            return False
    if "owner" in spec:   # "cards they own": you / opponent relative to the viewer, or a player
        want = spec["owner"]
        if (card.owner != viewer) if want == "you" else (card.owner == viewer) if want == "opponent" \
                else card.owner != want:
            return False
    if "not_types" in spec and _words(spec["not_types"]) & card.types:
        return False
    if "not_subtypes" in spec and _words(spec["not_subtypes"]) & card.subtypes:
        return False
    if "from_hand" in spec and bool(card.__dict__.get("_from_hand")) != spec["from_hand"]:
        return False
    if "played_from" in spec and (card.zone not in ("stack", "combat-chain")
                                  or card.__dict__.get("_origin") != spec["played_from"]):
        return False   # "attack action cards played from arsenal": the card played, while it is on the stack or chain
    if spec.get("named"):
        return False   # "the named card" is read where the effect is generated (naming.with_named): nothing named here
    if "name" in spec and spec["name"].lower() != card.name.lower():
        return False   # a name equals another only as an exact match, without regard to case (2.7.5)
    if "name_contains" in spec and spec["name_contains"].lower() not in card.name.lower().split():
        return False   # "with Herald in its name": the word is in its name (1.3.1a)
    if "keyword" in spec:
        has = game.keywords(card) if game is not None else card.keywords
        if spec["keyword"] not in has:
            return False
    if "base_keyword" in spec:
        # "a card with base go again": a keyword it has as a base ability, printed — not one an effect gave it (1.7.2)
        base = card.printed[1] if card.printed is not None else card.keywords
        if spec["base_keyword"] not in base:
            return False
    if "defending" in spec and game is not None and game.is_defending(card) != spec["defending"]:
        return False   # "while defending", evaluated per object the effect applies to (1.8.4c)
    if "controller" in spec:
        want = spec["controller"]
        if want == "you":
            want = viewer
        elif want == "opponent":
            if card.controller == viewer:
                return False
            want = card.controller
        elif want == "defending-hero" and game is not None:
            want = game._resolve_target_word(want, viewer, {})   # "an equipment they control": the hero attacked
        if card.controller != want:
            return False
    if "zone" in spec and card.zone != spec["zone"]:
        return False
    if "is_attack" in spec and game is not None and game.is_attack(card) != spec["is_attack"]:
        return False   # "Illusionist attacks you control": an attack on the stack or combat chain (1.4.1), not a card in hand
    if "min_cost" in spec and (card.cost is None or card.cost < spec["min_cost"]):
        return False
    if "max_cost" in spec and (card.cost is None or card.cost > spec["max_cost"]):
        return False
    if "min_power" in spec or "max_power" in spec or "power_above_base" in spec:
        power = game.power(card) if game is not None else card.power
        if power is None or power < spec.get("min_power", power) or power > spec.get("max_power", power):
            return False
        if "power_above_base" in spec:
            base = game.base_value(card, "power") if game is not None else card.power
            if (power > (base or 0)) != spec["power_above_base"]:
                return False
    if "min_base_power" in spec or "max_base_power" in spec:
        base = game.base_value(card, "power") if game is not None else card.power
        if base is None or base < spec.get("min_base_power", base) or base > spec.get("max_base_power", base):
            return False
    if "counter" in spec and (game is None or game.counter_count(card, spec["counter"]) < 1):
        return False   # "an arrow with an aim counter": a counter of that kind is on it (1.15.1)
    if "pitch" in spec and card.pitch != spec["pitch"]:
        return False
    if "color" in spec and card.pitch != COLORS.get(spec["color"]):
        return False
    if "played_with" in spec and spec["played_with"] not in card.__dict__.get("_played_with", ()):
        return False    # "the next attack you boost": played paying that keyword's cost or using its permission
    if "deals_arcane" in spec and deals_arcane(card) != spec["deals_arcane"]:
        return False    # "a card with an effect that deals arcane damage" (8.5.3b)
    if "nth_attack" in spec:    # "your second attack each turn": its place among this turn's attacks that fit
        rest = {k: v for k, v in spec.items() if k != "nth_attack"}
        if game is None or game.attack_ordinal(card, rest, viewer) != spec["nth_attack"]:
            return False
    return True


COLORS = {"red": 1, "yellow": 2, "blue": 3}   # 2.1.2: the colour strip shows the printed pitch


def deals_arcane(card: Card) -> bool:
    """Has the card an ability with an effect that deals arcane damage (8.5.3b: damage dealt by an effect that
    specifically deals arcane damage)? Its own effects, in any of its modes or delayed triggers — not the abilities
    of a token it creates or an ability it gives another object ("abilities", "ability"), whose source is not it."""
    stack = [ab.data for ab in card.abilities]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("do") == "damage" and node.get("kind") == "arcane":
                return True
            stack.extend(v for k, v in node.items() if k not in ("abilities", "ability"))
        elif isinstance(node, list):
            stack.extend(node)
    return False


SELECTOR_KEYS = {"owner", "is_attack", "types", "subtypes", "supertypes", "not_supertypes", "name_contains", "not_types", "not_subtypes", "name",
                 "keyword", "base_keyword", "defending", "controller", "zone", "min_cost", "max_cost", "min_power", "max_power", "power_above_base",
                 "min_base_power", "max_base_power", "pitch", "color", "from_hand", "played_from", "any_of", "nth_attack",
                 "counter", "deals_arcane", "played_with", "named"}
PLAYED_WITH = ("boost", "rune gate", "fusion", "charge")
"""The keywords whose use makes a played card "boosted" (8.3.9a), "rune gated" (8.3.27a), "fused" (8.3.17a), or a
card played charging as its additional cost (8.5.29a)."""
