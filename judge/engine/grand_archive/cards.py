"""Grand Archive cards, objects and Effects Stack instances as the engine sees them.

Nothing here knows a card by name. A card is its printed properties (element, types, subtypes, supertypes,
reserve or memory cost, speed, level, power, life, durability, keywords) plus its rules text built from the
generic primitives documented in docs/scenario-format-ga.md: ``effects`` (what its activation does when it
resolves), ``modes``, ``target`` and ``abilities`` (activated, triggered, static).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

# zones as scenario files name them (Game Zones pages); "lineage" holds the inner lineage of a champion
PLAYER_ZONES = ("hand", "memory", "main-deck", "material-deck", "graveyard", "banishment", "pantheon", "field",
                "lineage")
ZONES = PLAYER_ZONES + ("effects-stack",)
PUBLIC_ZONES = ("field", "graveyard", "banishment", "effects-stack", "lineage")
# card types that resolve into objects on the field (Game Zones - Field 3)
OBJECT_TYPES = ("champion", "ally", "item", "weapon", "domain", "phantasia")
UNIT_TYPES = ("champion", "ally")
PLAY_METHODS = {"activate": "activation", "materialize": "materialization", "bestow": "bestowment"}


@dataclass
class Ability:
    """One ability of a card: ``kind`` (activated, trigger, static) and the scenario's table for it."""

    index: int      # 1-based position on the card
    kind: str
    data: dict

    def get(self, name, default=None):
        return self.data.get(name, default)


@dataclass
class PendingTrigger:
    """A triggered ability waiting for state-based checks to place it on the Effects Stack."""

    handle: str                 # the source card or object
    index: int                  # the ability's position on it
    why: str                    # the event, as a sentence says it
    cites: list[str]            # the rules that make the event trigger it
    lki: dict                   # the source as it was when the ability triggered
    cause: str | None = None    # the instance whose play triggered it (game-terms/negated/2.1)
    where: str = ""             # where it goes, when a rule says (game-terms/sacrifice/3)


class Card:
    """A card or token. ``handle`` is the scenario's name for it (a copy's token: ``HANDLE.copyN``)."""

    def __init__(self, handle: str, name: str, owner: str):
        self.handle = handle
        self.name = name
        self.owner = owner
        self.controller = owner
        self.zone = "hand"
        self.elements: set[str] = {"norm"}
        self.types: set[str] = set()
        self.subtypes: set[str] = set()
        self.supertypes: set[str] = set()
        self.reserve_cost: int | None = None
        self.memory_cost: int | None = None
        self.x_cost = False
        self.speed: str | None = None
        self.level: int | None = None
        self.power: int | None = None
        self.life: int | None = None
        self.durability: int | None = None
        self.keywords: set[str] = set()
        self.effects: list[dict] = []           # the instructions its activation enacts on resolution
        self.modes: dict[str, list[dict]] = {}  # mode name → instructions (card-activation/1.4)
        self.target: dict | None = None         # what it targets when played (card-activation/1.5)
        self.abilities: list[Ability] = []
        self.token = False
        self.timestamp = 0
        self.rested = False
        self.damage = 0
        self.buffs: list[tuple[str, int]] = []  # ("power", +2) until end of turn
        self.became_object = False              # a non-copy instance of it resolved into an object
        self.face_up = False                    # a boon returned to the Pantheon face up

    @property
    def is_object_card(self) -> bool:
        return bool(self.types & set(OBJECT_TYPES))

    @property
    def cost_kind(self) -> str | None:
        if self.reserve_cost is not None:
            return "reserve"
        if self.memory_cost is not None:
            return "memory"
        return None

    def clone(self) -> "Card":
        """A copy for reverting an illegal play: the printed properties and rules text are shared, what play
        changes (zone, controller, counters, buffs) is the copy's own."""
        new = copy.copy(self)
        new.buffs = list(self.buffs)
        return new

    def stat(self, name: str) -> int | None:
        base = getattr(self, name)
        if base is None:
            return None
        return base + sum(n for s, n in self.buffs if s == name)

    def __repr__(self) -> str:
        return f"Card({self.handle!r}, zone={self.zone!r})"


class Instance:
    """One layer of the Effects Stack: an activation, materialization or bestowment of a card, or an
    activated or triggered ability. The source card of a card instance sits on the Effects Stack unordered,
    tracked by its timestamp (card-activation/1.9); the instances are ordered, last in first out."""

    def __init__(self, id: str, kind: str, source: str, controller: str, copy: bool = False):
        self.id = id
        self.kind = kind                  # activation | materialization | bestowment | ability
        self.source = source              # handle of the source card (or object)
        self.controller = controller
        self.copy = copy                  # the "copy" property (playing-cards/9.2)
        self.targets: list[str] = []
        self.x: int | None = None
        self.mode: str | None = None
        self.effects: list[dict] = []     # abilities: the ability's effects (fixed when put on the stack)
        self.ability: int | None = None   # abilities: index on the source
        self.lki: dict = {}               # abilities: the source as it was when the ability was put on the stack
        self.copy_targets: list[str] = [] # new targets for copies this instance's copy effect creates
        self.lost: list[str] = []         # declared targets that became illegal: no longer targeted
        #                                   (state-based-checks-and-effects/types-of-checks/8)
        self.cause: str | None = None     # triggered abilities: the instance whose play triggered it

    def clone(self) -> "Instance":
        new = copy.copy(self)
        new.targets = list(self.targets)
        new.copy_targets = list(self.copy_targets)
        new.lost = list(self.lost)
        return new

    @property
    def is_card_instance(self) -> bool:
        return self.kind != "ability"

    def __repr__(self) -> str:
        return f"Instance({self.id!r}, {self.kind})"


class Player:
    """A player: champion name for sentences, unnamed cards in hand and memory, damage on the champion."""

    def __init__(self, name: str, champion: str, seat: int):
        self.name = name
        self.champion = champion
        self.seat = seat
        self.unnamed: dict[str, int] = {"hand": 0, "memory": 0}
        self.damage = 0
        self.elements: set[str] = set()     # elements enabled by champion cards not described as cards
        self.level: int | None = None       # champion level when no champion card is described
        self.materialized = False           # has materialized in this materialize phase

    def clone(self) -> "Player":
        new = copy.copy(self)
        new.unnamed = dict(self.unnamed)
        return new


class State:
    """The whole game: players, cards by handle, the Effects Stack, Opportunity, the clock for timestamps."""

    def __init__(self):
        self.players: dict[str, Player] = {}
        self.order: list[str] = []          # turn order, turn player first
        self.turn_player = ""
        self.phase = "main"
        self.cards: dict[str, Card] = {}
        self.stack: list[Instance] = []     # bottom → top
        self.opportunity: str | None = None
        self.passed: list[str] = []
        self.clock = 0
        self.lki: dict[str, dict] = {}
        self.pending: list[PendingTrigger] = []  # triggered abilities waiting for state-based checks
        self.removed: dict[str, "Instance"] = {}   # negated instances, for "that card" references

    def snapshot(self) -> "State":
        """The state before a play, to revert to if the play is illegal (playing-cards/3)."""
        new = copy.copy(self)
        new.players = {n: p.clone() for n, p in self.players.items()}
        new.cards = {h: c.clone() for h, c in self.cards.items()}
        new.stack = [i.clone() for i in self.stack]
        new.passed = list(self.passed)
        new.lki = dict(self.lki)
        new.pending = list(self.pending)
        new.removed = dict(self.removed)
        return new

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def on_stack(self, handle: str) -> list[Instance]:
        return [i for i in self.stack if i.is_card_instance and i.source == handle]

    def instance(self, ident: str) -> Instance | None:
        return next((i for i in self.stack if i.id == ident), None)
