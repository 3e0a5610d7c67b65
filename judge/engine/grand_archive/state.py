"""Grand Archive game state: Effects Stack instances, players, the whole game (Game Zones, Effects Stack,
Turn Order pages)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from judge.engine.grand_archive.cards import Card

# the phases of a turn (turn-order/1)
PHASE_NAMES = {"main": "main phase", "materialize": "materialize phase", "recollection": "recollection phase",
               "end": "end phase", "wake-up": "wake up phase", "draw": "draw phase"}
# phases in which no player receives Opportunity unless something is pending (Opportunity, Situations)
NO_OPPORTUNITY_PHASES = ("wake-up", "draw")


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
