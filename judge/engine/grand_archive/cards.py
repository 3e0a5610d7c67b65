# Card Types, Parts of a Card: cards and objects as the engine sees them, described by properties and abilities.
"""Grand Archive cards and objects as the engine sees them (Card Types, Parts of a Card pages).

Nothing here knows a card by name. A card is its printed properties (element, types, subtypes, supertypes,
reserve or memory cost, speed, level, power, life, durability, keywords) plus its rules text built from the
generic primitives documented in docs/scenario-format-ga.md: ``effects`` (what its activation does when it
resolves), ``modes``, ``target`` and ``abilities`` (activated, triggered, static).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

# zones as scenario files name them (Game Zones pages); "lineage" holds the inner lineage of a champion
PLAYER_ZONES = ("hand", "memory", "main-deck", "material-deck", "graveyard", "banishment", "pantheon", "mastery", "field",
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
        """The ability's value for ``name`` in its scenario table, or ``default``."""
        return self.data.get(name, default)


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
        self.keyword_list: list[tuple[str, int | None]] = []  # printed keywords with their N ("pride 2")
        self.gained: list[tuple[str, int | None, int]] = []   # keywords gained until end of turn (with timestamp)
        self.counters: dict[str, int] = {}      # counters on it (Counters): durability, buff, debuff, bulwark, …
        self.distant = False                    # the distant property (game-terms/distant)
        self.fostered = False                   # the fostered property (game-terms/fostered)
        self.damaged_turn: int | None = None    # the last turn it was dealt damage (foster/1)
        self.charged: set[int] = set()          # its On Charge abilities that have triggered (on-charge/1.1)
        self.ephemeral = False                  # activated by its ephemerate cost: banished when it would leave
        self.lineage_stamp = 0                  # a champion card: when it entered the lineage
        self.deck_position = 0                  # order in the scenario's zone lists: the top card is listed first
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
        self.printed: dict | None = None        # the printed characteristics, while continuous effects apply (layers)
        self.mods: dict[str, int] = {}          # layer E static and instanced modifications of stats
        self.swapped = False                    # power and life swapped (the last sub-layer of layer E)

    @property
    def is_object_card(self) -> bool:
        """Is it a card that becomes an object on the field (ally, item, weapon, …)?"""
        return bool(self.types & set(OBJECT_TYPES))

    @property
    def cost_kind(self) -> str | None:
        """``reserve`` or ``memory``: the kind of cost the card has, or None."""
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
        new.gained = list(self.gained)
        new.counters = dict(self.counters)
        new.mods = dict(self.mods)
        new.charged = set(self.charged)
        return new

    def stat(self, name: str) -> int | None:
        """A stat with its modifications, in the order of Layers 2.6: the base value (printed, or set in layer A),
        then modifications that do not set it (effects until end of turn, static effects), then counters (buff
        and debuff for power and life, level counters), then a swap of power and life; an object's durability is
        its durability counters (counters/durability)."""
        if self.swapped and name in ("power", "life") and self.power is not None and self.life is not None:
            return self._modified("life" if name == "power" else "power")
        return self._modified(name)

    def _modified(self, name: str) -> int | None:
        if name == "durability" and "durability" in self.counters:
            return self.counters["durability"]
        base = getattr(self, name)
        if base is None:
            return None
        base += sum(n for s, n in self.buffs if s == name) + self.mods.get(name, 0)
        if name in ("power", "life"):
            base += self.counters.get("buff", 0) - self.counters.get("debuff", 0)
        if name == "level":
            base += self.counters.get("level", 0)   # counters/level/1
        return base

    def __repr__(self) -> str:
        return f"Card({self.handle!r}, zone={self.zone!r})"
