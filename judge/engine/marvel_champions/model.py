"""Marvel Champions objects as the engine sees them: players and their identities, cards described by their
printed properties, abilities built from generic primitives, and selectors.

Nothing here knows a card by name. A card is its type, cost, printed resources, traits, hit points, threat
and abilities (docs/scenario-format-mc.md); every player's identity is a card too, whose handle is the
player's name.
"""

from __future__ import annotations

from judge.engine.core import IllegalAction

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
ENCOUNTER_ZONES = ("play", "encounter-deck", "encounter-discard", "removed")
ZONES = PLAYER_ZONES + ENCOUNTER_ZONES[1:3]
SCENARIO = "scenario"   # the owner of the encounter cards (ownership-and-control)

ABILITY_KINDS = ("action", "interrupt", "response", "resource", "constant", "permission", "when-revealed")
TIMING_KINDS = ("action", "interrupt", "response")     # what an event card's play timing can be
WHEN = ("play", "enters-play", "initiate", "reveal", "damage", "defeated", "leaves-play", "discard", "exhaust",
        "ready", "heal", "threat-placed", "threat-removed")
SELECTOR_KEYS = {"type", "traits", "not_traits", "name", "controller", "owner", "unique", "exhausted", "damaged",
                 "self"}
CONDITION_KEYS = {"card", "player", "self", "from", "min_amount"}


class Ability:
    """One ability of a card: its ``kind`` (the bold timing trigger) and the primitive's fields."""

    __slots__ = ("index", "kind", "data", "key")

    def __init__(self, index: int, kind: str, data: dict, key: str):
        self.index = index      # 1-based position on the card
        self.kind = kind
        self.data = data
        self.key = key          # scenario key path, for error messages

    def get(self, name, default=None):
        return self.data.get(name, default)

    @property
    def forced(self) -> bool:
        return bool(self.data.get("forced"))

    @property
    def effects(self) -> list[dict]:
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

    @property
    def in_play(self) -> bool:
        return self.zone == "play"

    @property
    def is_identity(self) -> bool:
        return self.type == "identity"

    @property
    def is_character(self) -> bool:
        return self.type in TYPE_GROUPS["character"]

    @property
    def remaining(self) -> int | None:
        """Remaining hit points (remaining-hit-points), or None for a card without hit points."""
        return None if self.hit_points is None else self.hit_points - self.damage

    def ability(self, index: int) -> Ability:
        return self.abilities[index - 1]

    def timing_ability(self) -> Ability | None:
        """An event's play timing: its first action, interrupt or response ability."""
        return next((a for a in self.abilities if a.kind in TIMING_KINDS), None)

    def __repr__(self) -> str:
        return f"Card({self.handle!r}, {self.type}, {self.zone})"


class Player:
    """A player: their identity (a card whose handle is the player's name) and their seat in player order."""

    def __init__(self, name: str, identity: str, seat: int):
        self.name = name
        self.identity = identity
        self.seat = seat
        self.eliminated = False


class Lasting:
    """A lasting cost modifier created by an effect (lasting-effects): ``next`` ones apply once."""

    def __init__(self, player: str, data: dict, source: str):
        self.player = player
        self.data = data
        self.source = source
        self.spent = False


class State:
    """Everything the engine tracks: players in player order, cards by handle, lasting effects."""

    def __init__(self):
        self.players: dict[str, Player] = {}
        self.cards: dict[str, Card] = {}
        self.order: list[str] = []          # player order, clockwise, starting anywhere
        self.first_player = ""
        self.active_player = ""
        self.phase = "player"
        self.max_used: dict[str, int] = {}   # card title → times played / initiated this round (Max)
        self.lasting: list[Lasting] = []

    def in_player_order(self) -> list[str]:
        """Players in player order from the first player (in-player-order)."""
        i = self.order.index(self.first_player)
        return [p for p in self.order[i:] + self.order[:i] if not self.players[p].eliminated]


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


# -- the procedure's objects ------------------------------------------------------------------------

CONDITION_WORDS = {
    "play": "is played", "enters-play": "enters play", "initiate": "has its ability initiated",
    "reveal": "is revealed", "damage": "takes damage", "defeated": "is defeated", "leaves-play": "leaves play",
    "discard": "is discarded", "exhaust": "is exhausted", "ready": "is readied", "heal": "is healed",
    "threat-placed": "has threat placed on it", "threat-removed": "has threat removed from it",
}


class Condition:
    """A triggering condition: what happens (``kind``, one of model.WHEN), to which card, by which player."""

    def __init__(self, kind: str, subject: Card | None, player: str | None = None, amount: int | None = None,
                 init: "Initiation | None" = None, origin: str | None = None):
        self.kind = kind
        self.subject = subject
        self.player = player
        self.amount = amount
        self.init = init           # the initiation a "play" / "initiate" / "reveal" condition belongs to
        self.origin = origin       # where a discarded card came from

    def words(self) -> str:
        amount = f" ({self.amount})" if self.amount is not None and self.kind in (
            "damage", "heal", "threat-placed", "threat-removed") else ""
        return f"{self.subject.name if self.subject else '?'} {CONDITION_WORDS[self.kind]}{amount}"


def conditions_words(conds: list[Condition]) -> str:
    """ "the minion takes damage (4), is defeated and leaves play": conditions of one occurrence in words."""
    parts: list[tuple[Card | None, list[str]]] = []
    for c in conds:
        words = c.words()
        if parts and parts[-1][0] is c.subject and c.subject is not None:
            parts[-1][1].append(words[len(c.subject.name) + 1:])
        else:
            parts.append((c.subject, [words]))
    phrases = [p[0] if len(p) == 1 else ", ".join(p[:-1]) + " and " + p[-1] for _, p in parts]
    return " and ".join(phrases)


class Initiation:
    """One card played or one ability initiated, and what became of it (the facts ``[expect]`` reads)."""

    def __init__(self, key: str, player: str, card: Card, ability: Ability | None, playing: bool, act: dict,
                 akey: str, trigger: Condition | None = None, forced: bool = False, reveal: bool = False):
        self.key = key
        self.player = player
        self.card = card
        self.ability = ability
        self.playing = playing        # playing a card (not initiating an ability of a card in play)
        self.act = act
        self.akey = akey              # the scenario key of the action, for error messages
        self.trigger = trigger
        self.forced = forced
        self.reveal = reveal
        self.target: Card | None = None
        self.x: int | None = act.get("x")
        self.cost: int | None = None
        self.typed: list[str] = []    # resource types an ability's cost requires ("any" for untyped)
        self.modifiers: list[tuple[str, dict]] = []
        self.spent_lasting: list[Lasting] = []
        self.generated = 0
        self.lost = 0
        self.paid_with: list[str] = []
        self.result = ""              # illegal | aborted | resolved | canceled
        self.rule = ""                # the rule that made it illegal or aborted it
        self.why = ""
        self.more: list[str] = []     # further rules behind an illegal play or an abort
        self.canceled_by = ""
        self.source_in_play = False
        self.origin = ""              # where the card being played came from (an abort puts it back)
        self.source_left_play = False
        self.commenced: Condition | None = None
        self.notes: list[str] = []    # what its effects did, for the answer
        self.note_cites: list[str] = []   # the rules behind those notes that the answer cites

    @property
    def effects(self) -> list[dict]:
        return self.ability.effects if self.ability else []

    @property
    def is_event(self) -> bool:
        return self.playing and self.card.type == "event"


class Illegal(IllegalAction):
    """A check of the procedure fails: the card cannot be played or the ability initiated (``rule`` is the
    check's rule, ``more`` the other rules cited)."""

    def __init__(self, rule: str, message: str, more=()):
        super().__init__(message, [rule, *more])
