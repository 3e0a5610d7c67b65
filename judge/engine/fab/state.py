# The game state (FaB CR 1.1 players, 1.6 layers, 3 zones, 7 the combat chain) as plain data, copied and restored.
"""The Flesh and Blood game state: players, cards, the stack of layers, effects, the combat chain.

Everything here is plain data so that the whole state can be copied before an action and restored when
the action turns out to be illegal (1.10.3: the game state is reversed).
"""

from __future__ import annotations

from judge.engine.fab.cards import CHANGES


class Player:
    """A player and their hero (1.1): life total and assets (1.13)."""

    def __init__(self, name: str, hero: str, life: int, seat: int):
        self.name = name
        self.hero = hero
        self.life = life
        self.seat = seat              # clockwise seating order (1.1.6)
        self.action_points = 0
        self.resources = 0
        self.trigger_order: list[str] = []   # 6.6.6b: their triggered-layers' sources, the first to resolve first
        self.chi = 0                  # chi points (1.13.5): gained by pitching a card with {c} symbols (2.8.2)
        self.life_lost_this_turn = 0
        self.played_this_turn: list[str] = []    # handles, in order
        self.dealt_arcane_this_turn = 0
        self.lost = False             # lost the game (4.5.3); the player and hero cease to exist (4.5.1a)
        self.intellect: int | None = None   # the hero's intellect (2.6): cards drawn up to at the end of turn (4.4.3e)
        self.marked = False           # the marked condition (9.3): until hit by an opponent's source (9.3.2b)

    def __repr__(self) -> str:
        return f"Player({self.name!r}, life={self.life})"


class Effect:
    """A continuous, replacement or delayed effect in force (6.2, 6.4, 6.6).

    ``kind``: modify | set-base-defense | cost | gain-keyword | prevent | additional-activations |
    set-limit | suppress-triggers | trigger. ``applies_to``: a set of handles the effect is bound to, or
    None with a ``selector`` describing what it applies to (relative to ``controller``). ``next_play``:
    the effect waits for the next card played that matches and binds to it (5.1.2a).
    """

    def __init__(self, eid, timestamp, source, controller, kind, data, applies_to=None, selector=None,
                 duration="turn", next_play=False):
        self.id = eid
        self.timestamp = timestamp
        self.source = source
        self.controller = controller
        self.kind = kind
        self.data = data
        self.applies_to = applies_to
        self.selector = selector
        self.duration = duration
        self.next_play = next_play
        self.remaining = data.get("amount") if kind == "prevent" else None
        self.used = 0

    @property
    def pending(self) -> bool:
        """Waiting for the next card played (5.1.2a) or defended with (7.3.2c) before it applies."""
        return self.next_play or (bool(self.data.get("next_defend")) and self.applies_to is None)

    def __repr__(self) -> str:
        return f"Effect({self.kind}, {self.data}, to={self.applies_to or self.selector})"


class Layer:
    """A layer on the stack (1.6): a card-layer, activated-layer, triggered-layer or attack-proxy."""

    def __init__(self, lid, kind, source, controller, name, effects=None):
        self.id = lid
        self.kind = kind            # card | activated | triggered | attack-proxy | attack-layer
        self.source = source        # handle of the card (or source card)
        self.controller = controller
        self.name = name            # how the trace and the facts name it
        self.effects = effects or []
        self.targets: list[str] = []
        self.target_spec = None       # what the layer may target: None (unchecked), "attack", "hero", a selector
        self.attack_targets: list[str] = []
        self.params: dict = {}
        self.state_condition = None   # for state-triggered layers (5.3.2b): a condition table
        self.trigger_source = None
        self.is_attack = False
        self.lki: dict = {}

    def __repr__(self) -> str:
        return f"Layer({self.kind}, {self.name!r})"


class ChainLink:
    """A chain link of the combat chain (7.0.3): active-attack, attack-source, defending cards."""

    def __init__(self, n, attack, controller, targets, source=None, proxy=None):
        self.n = n
        self.attack = attack          # handle of the attacking card, or of the proxy's source weapon
        self.proxy = proxy            # the attack-proxy layer name, when the attack is a proxy (1.4.3)
        self.source = source          # attack-source (weapon) handle, if any
        self.controller = controller
        self.targets = list(targets)
        self.defenders: list[tuple[str, str, int]] = []   # (handle, attack-target player, event number)
        self.hit = False
        self.damage: dict[str, int] = {}
        self.resolved = False
        self.lki: dict = {}
        self.power = None
        self.defense: dict[str, int] = {}
        self.defending_hero = None
        self.damage_order: list[str] = []   # 7.5.2c: the order the attack's controller deals damage in
        self.proxy_keywords: dict = {}      # 1.4.3a: the attack-proxy's own keyword abilities ("Attack. Go again.")
        self.since = 0                      # the number of this turn's events when the chain link was created


class Cards(dict):
    """The cards of a state by handle: a dict whose additions and removals move ``cards.CHANGES`` (what is
    derived from the abilities in the game is computed again)."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        CHANGES[0] += 1

    def __delitem__(self, key):
        super().__delitem__(key)
        CHANGES[0] += 1

    def pop(self, *args):
        """``dict.pop``, marking the cards as changed."""
        CHANGES[0] += 1
        return super().pop(*args)

    def popitem(self):
        """``dict.popitem``, marking the cards as changed."""
        CHANGES[0] += 1
        return super().popitem()

    def clear(self):
        """``dict.clear``, marking the cards as changed."""
        CHANGES[0] += 1
        super().clear()

    def update(self, *args, **kwargs):
        """``dict.update``, marking the cards as changed."""
        CHANGES[0] += 1
        super().update(*args, **kwargs)

    def setdefault(self, key, default=None):
        """``dict.setdefault``, marking the cards as changed."""
        CHANGES[0] += 1
        return super().setdefault(key, default)

    def __ior__(self, other):
        CHANGES[0] += 1
        return super().__ior__(other)


KEEP = True
"""Keep what is derived from the abilities in the game (False: compute it at every query; tests compare)."""


def kept_values(state: "State") -> dict:
    """What is kept on ``state`` about the abilities in the game until a card's abilities are replaced or a card
    is added or removed (``cards.CHANGES``; a snapshot starts without): a dict whose ``"in-game"`` entry is
    ``(statics, triggers)`` — every static ability in the game as (source, ability), in the order of the cards
    and their abilities, and the triggered abilities by the event they listen to (``on``) in the same order,
    found in one pass over the cards — and where each query keeps its own answer (:func:`derived`). With
    ``KEEP`` False nothing is kept: every query works it out again (tests compare)."""
    got = state.__dict__.get("_derived")
    if got is not None and got[0] == CHANGES[0]:
        return got[1]
    statics, triggers = [], {}
    for src in state.cards.values():
        for ab in src.abilities:
            kind = ab.kind
            if kind == "static":
                statics.append((src, ab))
            elif kind == "trigger":
                on = ab.data.get("on")
                listening = triggers.get(on)
                if listening is None:
                    triggers[on] = [(src, ab)]
                else:
                    listening.append((src, ab))
    values = {"in-game": (statics, triggers)}
    if KEEP:
        state._derived = (CHANGES[0], values)
    return values


def derived(state: "State", key, build):
    """``build()``, a value derived from the cards of ``state`` and their abilities only (the static abilities
    in the game, the triggered abilities listening to an event), kept on the state with :func:`kept_values`."""
    values = kept_values(state)
    value = values.get(key)
    if value is None:
        value = values[key] = build()
    return value


def abilities_in_game(state: "State") -> tuple:
    """``(statics, triggers)``: every static ability in the game as (source, ability), in the order of the cards
    and their abilities, and the triggered abilities by the event they listen to (``on``), in the same order
    (:func:`kept_values`)."""
    return kept_values(state)["in-game"]


class State:
    """The whole game state. Copied before each action so that an illegal action can be reversed."""

    def __init__(self):
        self.players: dict[str, Player] = {}
        self.seating: list[str] = []
        self.cards: Cards = Cards()
        self.stack: list[Layer] = []
        self.effects: list[Effect] = []
        self.chain: list[ChainLink] = []
        self.all_links: list[ChainLink] = []   # every chain link of the game, for the report
        self.chain_open = False
        self.chain_since = 0          # the number of this turn's events when the combat chain opened (7.0.2a)
        self.step = "action"          # action | layer | attack | defend | reaction | damage | resolution | close
        self.turn_player = ""
        self.priority: str | None = None
        self.clock = 0                # timestamps (6.3.4)
        self.counter = 0              # ids for layers and effects
        self.defend_events = 0
        self.lki: dict[str, dict] = {}   # handle → last known information (1.2.3)
        self.pending: list = []       # triggered-layers created, not yet added to the stack (6.6.6)
        self.passed: list[str] = []
        self.trigger_counts: dict = {}   # (card, ability) → times triggered this turn, for a trigger's limit   # players who passed in succession since the last play or resolution
        self.closing = None           # (why, cites): a rule or effect closed the combat chain (1.10.2e)
        self.game_over = False        # the game has ended (4.5.1)
        self.phase = "action"         # start | action | end (4.0.3a)
        self.turn_number = 1
        self.first_turn = False       # the first turn of the game: every player draws up to intellect (4.4.3e)
        self.history: list = []       # (event, info) for every event this turn: counts and ordinals (6.6.5d)
        self.dormant: list = []       # effects "during your opponent's next turn", not yet applying
        self.state_met: set = set()   # state-based triggered abilities whose state-condition is met (6.6.5c)

    def tick(self) -> int:
        """The next timestamp."""
        self.clock += 1
        return self.clock

    def next_id(self) -> int:
        """The next id of a layer or effect."""
        self.counter += 1
        return self.counter

    @property
    def active_link(self) -> ChainLink | None:
        """The chain link of the active-attack while the combat chain is open, else None."""
        return self.chain[-1] if self.chain_open and self.chain else None


_CONTAINERS = frozenset((list, dict, set))


def _clone(obj):
    """A copy of ``obj`` whose own lists, dicts and sets (exactly those types) are copies (one level deep).

    The values' types are read at every clone, so an attribute that holds a container only now (a set where
    there was None, a container added after the object was made) is copied too."""
    new = object.__new__(obj.__class__)
    d = obj.__dict__.copy()
    for k, v in d.items():   # only values are replaced: the dict does not change size while it is walked
        if v.__class__ in _CONTAINERS:
            d[k] = v.copy()
    new.__dict__ = d
    return new


_CARD_CONTAINERS = ("activations", "counters")
"""The containers of a card that the engine changes in place; the others (types, subtypes, supertypes,
keywords, abilities, sides) are only ever replaced, so a snapshot shares them (tests/test_fab_derived.py
checks the engine's code for changes in place)."""


def _clone_card(card):
    """Like ``_clone`` for a card, copying only the containers the engine changes in place."""
    new = object.__new__(card.__class__)
    d = card.__dict__.copy()
    for k in _CARD_CONTAINERS:
        d[k] = d[k].copy()
    new.__dict__ = d
    return new


_OWN_COPIES = frozenset(("players", "cards", "stack", "effects", "dormant", "all_links", "chain", "lki"))
"""The state's containers :func:`snapshot` copies object by object (the others are copied one level deep)."""


def snapshot(state: State) -> State:
    """A copy of the whole game state to reverse an illegal action to (1.10.3).

    Cheaper than ``copy.deepcopy``: abilities and effect descriptions from the scenario are never mutated
    in place, so one level of copying per object is enough.
    """
    new = object.__new__(state.__class__)
    d = new.__dict__ = state.__dict__.copy()
    d.pop("_derived", None)
    d["players"] = {n: _clone(p) for n, p in state.players.items()}
    d["cards"] = Cards({h: _clone_card(c) for h, c in state.cards.items()})
    d["stack"] = [_clone(layer) for layer in state.stack]
    # an effect's data and the set it applies to are its own containers: _clone copies them
    d["effects"] = [_clone(e) for e in state.effects]
    d["dormant"] = [_clone(e) for e in state.dormant]
    links = {id(link): _clone(link) for link in state.all_links}
    d["all_links"] = [links[id(link)] for link in state.all_links]
    d["chain"] = [links.get(id(link)) or _clone(link) for link in state.chain]
    d["lki"] = {k: dict(v) for k, v in state.lki.items()}
    for k, v in d.items():   # the state's other containers, one level deep (as _clone)
        if v.__class__ in _CONTAINERS and k not in _OWN_COPIES:
            d[k] = v.copy()
    return new
