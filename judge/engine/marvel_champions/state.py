# Round Overview, Triggering Condition, Lasting Effects, First Player: the game state and the procedure's objects.
"""The state of a Marvel Champions game — players in player order, cards by handle, lasting effects, the
round — and the objects of the procedure: triggering conditions, initiations, illegal plays."""

from __future__ import annotations

from judge.engine.core import IllegalAction
from judge.engine.marvel_champions.cards import Ability, Card


class Chronicle(list):
    """A list whose items are stamped, as they are added, with one counter shared by every Chronicle of a game
    (``item.seq``): the answer tells what happened in the order it happened."""

    def __init__(self, clock: list):
        super().__init__()
        self.clock = clock

    def append(self, item) -> None:
        """Add ``item``, stamped with the next number of the shared clock."""
        self.clock[0] += 1
        item.seq = self.clock[0]
        super().append(item)


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
        self.turns_taken: set[str] = set()   # players who took their turn this player phase (player-phase)
        self.changed_form: set[str] = set()  # players who changed form voluntarily this turn (form/bullet-1)
        self.over: str | None = None         # "players" or "villain" once the game is won (winning-the-game)

    def in_player_order(self) -> list[str]:
        """Players in player order from the first player (in-player-order)."""
        i = self.order.index(self.first_player)
        return [p for p in self.order[i:] + self.order[:i] if not self.players[p].eliminated]



# -- the procedure's objects ------------------------------------------------------------------------

CONDITION_WORDS = {
    "play": "is played", "enters-play": "enters play", "initiate": "has its ability initiated",
    "reveal": "is revealed", "damage": "takes damage", "defeated": "is defeated", "leaves-play": "leaves play",
    "discard": "is discarded", "exhaust": "is exhausted", "ready": "is readied", "heal": "is healed",
    "threat-placed": "has threat placed on it", "threat-removed": "has threat removed from it",
    "activate": "activates", "attack": "attacks", "scheme": "schemes", "defend": "defends",
    "boost": "is turned faceup as a boost card", "thwart": "thwarts", "engage": "engages a player",
    "change-form": "changes form",
}


class Condition:
    """A triggering condition: what happens (``kind``, one of model.WHEN), to which card, by which player."""

    def __init__(self, kind: str, subject: Card | None, player: str | None = None, amount: int | None = None,
                 init: "Initiation | None" = None, origin: str | None = None, other: Card | None = None):
        self.kind = kind
        self.subject = subject
        self.player = player
        self.amount = amount
        self.init = init           # the initiation a "play" / "initiate" / "reveal" condition belongs to
        self.origin = origin       # where a discarded card came from
        self.other = other         # the character attacked, the scheme thwarted, the player engaged …
        self.by: str | None = None # the player whose card or power dealt the damage / removed the threat

    def words(self) -> str:
        """The condition in words: “<card> takes damage (3)”."""
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
        self.attach_host: Card | None = None   # what a card played with “attach to” attaches to
        self.automatic = ""           # "Boost", "When Defeated", "When Revealed": resolved by the game itself
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
        """The effects of the ability initiated (none when a card without one is played)."""
        return self.ability.effects if self.ability else []

    @property
    def is_event(self) -> bool:
        """Is an event card being played?"""
        return self.playing and self.card.type == "event"


class Attack:
    """One attack of an enemy (enemy-attacks) or of a player's character, and what became of it."""

    def __init__(self, attacker: Card, player: str, enemy: bool):
        self.attacker = attacker
        self.player = player            # the target player (enemy attacks) or the attacking player
        self.enemy = enemy
        self.target: Card | None = None     # the character the damage is dealt to first
        self.defender: Card | None = None
        self.boost_cards: list[Card] = []
        self.boost_icons = 0
        self.atk = 0
        self.dealt: dict[str, int] = {}
        self.result = "resolved"        # resolved | stunned (the attack was replaced by the stunned status)
        self.notes: list[str] = []      # what else happened: a tough status card, retaliate

    def fact(self) -> dict:
        """The attack as ``[expect] attacks`` compares it."""
        out = {"attacker": self.attacker.handle, "player": self.player, "atk": self.atk, "dealt": dict(self.dealt),
               "result": self.result}
        if self.enemy:
            out["defender"] = self.defender.handle if self.defender else "none"
            out["boost"] = [c.handle for c in self.boost_cards]
            out["boost_icons"] = self.boost_icons
        else:
            out["target"] = self.target.handle if self.target else "none"
        return out


class Scheme(dict):
    """One enemy scheme (enemy-schemes) as ``[expect] schemes`` compares it: enemy, player, sch, boost, result."""

    def __init__(self, enemy: Card, player: str):
        super().__init__(enemy=enemy.handle, player=player, sch=0, boost=[], result="resolved")
        self.enemy = enemy
        self.placed = 0                 # the threat actually placed (after prevention)


class Power:
    """A basic power or a step of the round a player takes (attack, thwart, recover, change form, defend …):
    its ``[expect]`` key, result and the rule that made it illegal."""

    def __init__(self, key: str, player: str, words: str):
        self.key = key
        self.player = player
        self.words = words
        self.result = "resolved"
        self.rule = ""
        self.why = ""
        self.done = ""                  # what it did, for the answer (attacks answer in ``attacks``)
        self.cites: list[str] = []


class Illegal(IllegalAction):
    """A check of the procedure fails: the card cannot be played or the ability initiated (``rule`` is the
    check's rule, ``more`` the other rules cited)."""

    def __init__(self, rule: str, message: str, more=()):
        super().__init__(message, [rule, *more])
