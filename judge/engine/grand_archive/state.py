# Game Zones, Effects Stack, Turn Order: the game state as data, copied and restored.
"""Grand Archive game state: Effects Stack instances, players, the whole game (Game Zones, Effects Stack,
Turn Order pages)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from judge.engine.grand_archive.cards import Card

# the phases of a turn (turn-order/1)
PHASE_NAMES = {"wake-up": "wake up phase", "materialize": "materialize phase", "recollection": "recollection phase",
               "draw": "draw phase", "main": "main phase", "combat": "combat phase", "end": "end phase"}
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
    ability: object = None      # a keyword's triggered ability (intercept, vigor): not one of the card's abilities
    keyword: str | None = None  # that keyword, which names the instance (HANDLE.intercept)


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
        self.attack_target: str | None = None  # attack cards: the attack target declared once it resolves
        self.wield: list[str] = []        # attack cards: the weapons the champion wields for the attack
        self.level_up: str | None = None  # the champion card a level-up effect places (when several fit)
        self.ephemerate = False           # activated from the graveyard by paying its ephemerate cost

    def clone(self) -> "Instance":
        """A copy whose lists can change without changing this one's."""
        new = copy.copy(self)
        new.targets = list(self.targets)
        new.copy_targets = list(self.copy_targets)
        new.lost = list(self.lost)
        return new

    @property
    def is_card_instance(self) -> bool:
        """Is it a card's instance (an activation or a materialization), not an ability's?"""
        return self.kind != "ability"

    def __repr__(self) -> str:
        return f"Instance({self.id!r}, {self.kind})"


class Player:
    """A player: champion name for sentences, unnamed cards in hand and memory, damage on the champion."""

    def __init__(self, name: str, champion: str, seat: int):
        self.name = name
        self.champion = champion
        self.seat = seat
        self.unnamed: dict[str, int] = {"hand": 0, "memory": 0, "main-deck": 0}
        self.damage = 0
        self.elements: set[str] = set()     # elements enabled by champion cards not described as cards
        self.level: int | None = None       # champion level when no champion card is described
        self.materialized = False           # has materialized in this materialize phase
        self.life: int | None = None        # the champion's life when no champion card is described
        self.rested = False                 # the champion's orientation when no champion card is described
        self.lost = False                   # has lost the game (ending-the-game/5)
        self.agility: list[int] = []        # instances of agility N the player has this turn (agility/1.1)

    def clone(self) -> "Player":
        """A copy whose counts can change without changing this one's."""
        new = copy.copy(self)
        new.unnamed = dict(self.unnamed)
        new.agility = list(self.agility)
        return new


class Combat:
    """One combat phase (Combat Phase pages): the roles it gives, what the attack uses, where it stands.

    ``attacker`` is the attacking unit's handle; ``targets`` the attack targets as declared (a player's name
    stands for a champion described by the player table); ``defenders`` those still defending; ``wielded`` the
    weapons and ``intent`` the attack cards used; ``retaliators`` each retaliating unit → its retaliation target.
    ``step`` is "retaliation", "retaliate" (the choice of step 3), "damage", "end" or "over"."""

    def __init__(self, attacker: str, attacking: str, defending: str):
        self.attacker = attacker
        self.attacking_player = attacking
        self.defending_player = defending
        self.targets: list[str] = []
        self.defenders: list[str] = []
        self.wielded: list[str] = []
        self.intent: list[str] = []
        self.retaliators: dict[str, str] = {}
        self.step = "retaliation"
        self.power_mods: list[tuple[str, int]] = []   # (source name, +N) given to the attack itself
        self.hits: list[tuple[str, str]] = []        # (source, unit) combat damage dealt
        self.prevented = False                       # combat damage was prevented (weapon/5.1)
        self.cleave = False                          # declared with cleave against a player (cleave/1.2)

    def clone(self) -> "Combat":
        """A copy whose lists can change without changing this one's."""
        new = copy.copy(self)
        for k in ("targets", "defenders", "wielded", "intent", "power_mods", "hits"):
            setattr(new, k, list(getattr(self, k)))
        new.retaliators = dict(self.retaliators)
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
        self.turn = 0                       # the game's turn number (1 = the first player's first turn)
        self.combat: Combat | None = None   # the combat phase in progress
        self.point = "main"                 # where the turn stands: a phase, or a step of it ("end-2")
        self.skips: list[tuple[str, str]] = []  # (player, phase) to be skipped (skipping-phases/1, 2)
        self.shields: list[dict] = []       # prevention effects waiting for damage (damage-prevention/5)
        self.decisions: dict[str, str] = {} # "may" choices a player made in advance (intercept)
        self.winner: str | None = None
        self.game_over = False
        self.attempted: set[str] = set()    # objects that attempted an attack this turn (declaring-an-attack/1.4)
        self.continuous: list = []          # instanced continuous effects still lasting (layers.Effect)
        self.layer_log: list = []           # dependencies that changed the order of the last layering

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
        new.combat = self.combat.clone() if self.combat else None
        new.skips = list(self.skips)
        new.shields = [dict(x) for x in self.shields]
        new.decisions = dict(self.decisions)
        new.attempted = set(self.attempted)
        new.continuous = list(self.continuous)
        return new

    def tick(self) -> int:
        """The next timestamp."""
        self.clock += 1
        return self.clock

    def on_stack(self, handle: str) -> list[Instance]:
        """The card instances of this card on the Effects Stack."""
        return [i for i in self.stack if i.is_card_instance and i.source == handle]

    def instance(self, ident: str) -> Instance | None:
        """The instance with this id on the Effects Stack, or None."""
        return next((i for i in self.stack if i.id == ident), None)
