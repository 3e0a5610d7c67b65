# Card, Card Types, Ability, Traits, Unique, Ownership and Control: cards as the engine sees them, and selectors.
"""Marvel Champions cards as the engine sees them: cards described by their printed properties, abilities
built from generic primitives, selectors, and the words sentences use.

Nothing here knows a card by name. A card is its type, cost, printed resources, traits, hit points, threat
and abilities (docs/scenario-format-mc.md); every player's identity is a card too, whose handle is the
player's name.
"""

from __future__ import annotations

PLAYER_CARD_TYPES = ("ally", "event", "support", "upgrade", "resource")
ENCOUNTER_CARD_TYPES = ("villain", "minion", "treachery", "attachment", "environment", "side-scheme",
                        "main-scheme", "obligation")
CARD_TYPES = PLAYER_CARD_TYPES + ENCOUNTER_CARD_TYPES
# words a selector's ``type`` may use besides the card types: groups the Rules Reference names
TYPE_GROUPS = {
    "enemy": {"minion", "villain"},
    "character": {"identity", "ally", "minion", "villain"},
    "scheme": {"main-scheme", "side-scheme"},
    "identity": {"identity"},
    "hero": {"identity"},           # an identity in hero form
    "alter-ego": {"identity"},      # an identity in alter-ego form
    "player-card": set(PLAYER_CARD_TYPES),
    "encounter-card": set(ENCOUNTER_CARD_TYPES),
}
RESOURCE_TYPES = ("physical", "mental", "energy", "wild")
PLAYER_ZONES = ("hand", "deck", "discard", "play", "removed")
# "villain-deck" / "scheme-deck": the next stages, in the order listed; "dealt": facedown, dealt to a player
ENCOUNTER_ZONES = ("play", "encounter-deck", "encounter-discard", "removed", "villain-deck", "scheme-deck", "dealt")
ZONES = PLAYER_ZONES + ENCOUNTER_ZONES[1:]
SCENARIO = "scenario"   # the owner of the encounter cards (ownership-and-control)

ABILITY_KINDS = ("action", "interrupt", "response", "resource", "constant", "permission", "when-revealed",
                 "when-defeated", "boost")
TIMING_KINDS = ("action", "interrupt", "response")     # what an event card's play timing can be
WHEN = ("play", "enters-play", "initiate", "reveal", "damage", "defeated", "leaves-play", "discard", "exhaust",
        "ready", "heal", "threat-placed", "threat-removed", "activate", "attack", "scheme", "defend", "boost",
        "thwart", "engage", "change-form")
# keywords (keywords): the ones a number follows, and the ones that stand alone
NUMBER_KEYWORDS = ("retaliate", "uses")
KEYWORDS = ("guard", "overkill", "quickstrike", "peril", "surge", "tough") + NUMBER_KEYWORDS
STATUSES = ("stunned", "confused", "tough")           # status cards (status-cards)
ICONS = ("crisis", "hazard", "acceleration")           # side scheme icons (side-scheme)
SELECTOR_KEYS = {"type", "traits", "not_traits", "name", "controller", "owner", "unique", "exhausted", "damaged",
                 "self"}
CONDITION_KEYS = {"card", "player", "self", "from", "min_amount", "against", "by"}


class Ability:
    """One ability of a card: its ``kind`` (the bold timing trigger) and the primitive's fields."""

    __slots__ = ("index", "kind", "data", "key")

    def __init__(self, index: int, kind: str, data: dict, key: str):
        self.index = index      # 1-based position on the card
        self.kind = kind
        self.data = data
        self.key = key          # scenario key path, for error messages

    def get(self, name, default=None):
        """A field of the ability's table."""
        return self.data.get(name, default)

    @property
    def forced(self) -> bool:
        """Is the ability's initiation mandatory (“Forced”)?"""
        return bool(self.data.get("forced"))

    @property
    def effects(self) -> list[dict]:
        """The ability's effect primitives, in order."""
        return list(self.data.get("effects", []))

    def label(self) -> str:
        """The bold timing trigger as printed: "Forced Response", "Hero Action", "Resource"…"""
        kind = {"when-revealed": "When Revealed"}.get(self.kind, self.kind.capitalize())
        form = {"hero": "Hero ", "alter-ego": "Alter-Ego "}.get(self.data.get("form"), "")
        return ("Forced " if self.forced else "") + form + kind


class Card:
    """A card in the game (or a player's identity). ``handle`` is the scenario's name for it."""

    def __init__(self, handle: str, name: str, owner: str, type_: str):
        self.handle = handle
        self.name = name
        self.owner = owner
        self.controller = owner
        self.type = type_
        self.zone = "hand"
        self.cost: int | None = None
        self.x_cost = False
        self.resources: list[str] = []
        self.traits: set[str] = set()
        self.unique = False
        self.exhausted = False
        self.hit_points: int | None = None     # maximum hit points (characters)
        self.damage = 0                        # sustained damage (dial or damage tokens)
        self.threat: int | None = None         # threat on a scheme
        self.abilities: list[Ability] = []
        self.used: dict[int, int] = {}         # ability index → times used this round (Limit)
        self.max: int | None = None            # "Max N per round", counted by title (Max)
        self.form: str | None = None           # identities: "hero" or "alter-ego"
        self.stats: dict[str, int] = {}        # printed atk, thw, def, rec, sch (a dash: absent)
        self.consequential: dict[str, int] = {}   # ally: damage pips beneath ATK / THW (consequential-damage)
        self.keywords: dict[str, int] = {}     # keyword → its number (1 for those without one)
        self.status: set[str] = set()          # status cards on a character (status-cards)
        self.boost = 0                         # boost icons of an encounter card (boost)
        self.engaged: str | None = None        # a minion: the player it is engaged with (engaged)
        self.attached_to: str | None = None    # the handle this card is attached to (attach-to)
        self.attach_to = None                  # its "attach to" selector, checked as it attaches
        self.uses: int | None = None           # uses counters on the card (uses-x)
        self.target_threat: int | None = None  # a main scheme's target threat
        self.acceleration = 0                  # a main scheme's acceleration field (threat per villain phase)
        self.acceleration_tokens = 0           # acceleration tokens on the main scheme
        self.icons: list[str] = []             # side scheme icons: crisis, hazard, acceleration
        self.hand_size: int | None = None      # an identity's hand size
        self.dealt_to: str | None = None       # an encounter card dealt facedown to a player
        self.sides: dict[str, str] = {}        # an identity's hero and alter-ego names, when they differ

    @property
    def in_play(self) -> bool:
        """Is the card in play?"""
        return self.zone == "play"

    @property
    def is_identity(self) -> bool:
        """Is this a player's identity card?"""
        return self.type == "identity"

    @property
    def is_character(self) -> bool:
        """Is this card a character (character)?"""
        return self.type in TYPE_GROUPS["character"]

    @property
    def remaining(self) -> int | None:
        """Remaining hit points (remaining-hit-points), or None for a card without hit points."""
        return None if self.hit_points is None else self.hit_points - self.damage

    def ability(self, index: int) -> Ability:
        """The ability at 1-based position ``index``."""
        return self.abilities[index - 1]

    def timing_ability(self) -> Ability | None:
        """An event's play timing: its first action, interrupt or response ability."""
        return next((a for a in self.abilities if a.kind in TIMING_KINDS), None)

    def __repr__(self) -> str:
        return f"Card({self.handle!r}, {self.type}, {self.zone})"



def article(word: str) -> str:
    """ "an event", "a support": the word with its indefinite article."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def cap(text: str) -> str:
    """The sentence with its first letter in upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """ "the ally's", "the streets'". """
    return name + ("'" if name.endswith("s") else "'s")


def plural(n: int, word: str) -> str:
    """ "1 resource", "2 resources". """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_selector(spec) -> str:
    """A selector in words: "Tech support", "minion or villain", "exhausted ally you control"."""
    sel = {"type": spec} if isinstance(spec, str) else dict(spec)
    types = sel.get("type", "card")
    noun = " or ".join([types] if isinstance(types, str) else types)
    words = [w for w in ("exhausted" if sel.get("exhausted") else "", "damaged" if sel.get("damaged") else "",
                         "unique" if sel.get("unique") else "") if w]
    words += list(sel.get("traits", []))
    text = " ".join(words + [noun])
    if sel.get("not_traits"):
        text += " without the trait " + " or ".join(sel["not_traits"])
    if sel.get("name"):
        text += f" named {sel['name']}"
    who = {"you": "you control", "other": "another player controls", SCENARIO: "of the scenario"}
    if sel.get("controller") in who:
        text += " " + who[sel["controller"]]
    return text


def type_matches(card: Card, wanted) -> bool:
    """Does ``card`` have one of the types (or groups) in ``wanted`` (a string or a list)?"""
    for t in [wanted] if isinstance(wanted, str) else wanted:
        if t in ("hero", "alter-ego"):
            if card.is_identity and card.form == t:
                return True
        elif card.type in TYPE_GROUPS.get(t, {t}):
            return True
    return False


def matches(selector: dict, card: Card, you: str, source: Card | None = None) -> bool:
    """Does ``card`` satisfy every key of ``selector``, seen from player ``you`` (and the ability's card)?"""
    if isinstance(selector, str):
        selector = {"type": selector}
    for key, want in selector.items():
        if key == "type" and not type_matches(card, want):
            return False
        if key == "traits" and not {t.lower() for t in want} <= card.traits:
            return False
        if key == "not_traits" and {t.lower() for t in want} & card.traits:
            return False
        if key == "name" and card.name != want:
            return False
        if key in ("controller", "owner"):
            who = card.controller if key == "controller" else card.owner
            if want == "you" and who != you or want == "other" and who in (you, SCENARIO) or \
                    want == SCENARIO and who != SCENARIO:
                return False
        if key == "unique" and card.unique != bool(want):
            return False
        if key == "exhausted" and card.exhausted != bool(want):
            return False
        if key == "damaged" and (card.damage > 0) != bool(want):
            return False
        if key == "self" and (source is None or (card is source) != bool(want)):
            return False
    return True
