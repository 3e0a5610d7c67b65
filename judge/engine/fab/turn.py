# The turn (FaB CR chapter 4): the end of the Action Phase (4.3.4), the End Phase (4.4), the next turn's Start Phase (4.2) and Action Phase (4.3), and the durations that end with them (6.2.2a).
"""The whole turn as state transitions.

``end_turn`` is what the scenario action ``end_turn = true`` does: every player passes until the stack is
empty and the combat chain closed, the action phase ends (4.3.4), the End Phase runs its event and the
end-of-turn procedure in order (4.4.2, 4.4.3a-e), the turn ends (4.4.4) and the next player in clockwise
order takes the Start Phase (4.2) and begins their Action Phase (4.3). Players never get priority in the
Start and End Phases (4.2.1, 4.4.1): the layers created there resolve as if every player passed.

Durations an effect may have (``duration`` in a scenario):

* ``turn`` — "this turn", "until end of turn": ends as the turn ends (4.4.4);
* ``chain`` / ``link`` — the combat chain / this chain link (7.7.7, 7.6.2);
* ``until-your-next-turn`` — "until the start of your next turn": ends as its controller's next turn
  starts (4.2.2);
* ``your-next-turn`` — "until the end of your next turn": ends as its controller's next turn ends (4.4.4);
* ``opponent-next-turn`` — "during your opponent's next turn": starts as the next turn of an opponent of its
  controller starts (4.2.2) and ends as that turn ends (4.4.4);
* ``until-end-of-opponent-next-turn`` — "until the end of their next turn" (said of an opponent): applies at
  once and ends as the next turn of an opponent of its controller ends (4.4.4).
"""

from __future__ import annotations

from judge.engine.fab import cited, tapping
from judge.engine.core import InvalidScenario, bounded

DURATIONS = ("turn", "chain", "link", "until-your-next-turn", "your-next-turn", "opponent-next-turn",
             "until-end-of-opponent-next-turn")
DURATION_WORDS = {"turn": "this turn", "chain": "this combat chain", "link": "this chain link",
                  "until-your-next-turn": "until the start of its controller's next turn",
                  "your-next-turn": "until the end of its controller's next turn",
                  "opponent-next-turn": "during the next turn of an opponent of its controller",
                  "until-end-of-opponent-next-turn": "until the end of the next turn of an opponent of its controller"}


class Turn:
    """Mixin of :class:`judge.engine.fab.game.Game`: the phases of a turn and the passing of turns."""

    # =====================================================================================================
    # the action phase ends (4.3.4)
    # =====================================================================================================
    def end_turn(self, act: dict, key: str):
        """Pass until the action phase ends, then play the End Phase and the next turn's Start Phase."""
        s = self.s
        for _ in bounded(300, "passing until the action phase ends"):
            if s.game_over or (not s.stack and not s.chain_open and not s.pending):
                break
            try:
                self.all_pass()
            except StopIteration:
                break
        if s.game_over:
            return
        self.step(f"The stack is empty, the combat chain is closed and every player passes in succession: "
                  f"{self.player_name(s.turn_player)}'s action phase ends and the End Phase begins.",
                  [cited.ACTION_PHASE_ENDS])
        self.end_phase(act, key)
        if not s.game_over:
            self.next_turn()

    # =====================================================================================================
    # the End Phase (4.4)
    # =====================================================================================================
    def end_phase(self, act: dict, key: str):
        """4.4 the End Phase: the beginning-of-the-end-phase event and its triggers, then the end-of-turn procedure
        (4.4.3)."""
        s = self.s
        s.phase = "end"
        s.priority = None
        self.trace.phase = "End Phase"
        tp = s.turn_player
        self.step(f"End Phase of {self.player_name(tp)}'s turn: players do not get priority; the \"beginning of the "
                  "end phase\" event occurs and effects that trigger at the beginning of the end phase trigger.",
                  [cited.END_PHASE_NO_PRIORITY, cited.BEGINNING_OF_END_PHASE])
        self.event("end-phase", player=tp)
        self.settle([cited.BEGINNING_OF_END_PHASE, cited.GAME_STATE_ACTIONS])
        if s.game_over:
            return
        self._end_of_turn_procedure(act, key)

    def _end_of_turn_procedure(self, act: dict, key: str):
        """4.4.3: allies' life, arsenal, pitch zones, assets, drawing up to intellect — each step, then its
        triggered-layers resolve as if all players passed."""
        s = self.s
        tp = s.turn_player
        # 4.4.3a allies' life totals are reset (an ally's life is its base life plus its counters)
        for c in s.cards.values():
            if c.zone == "arena" and "ally" in c.subtypes and c.__dict__.get("damage_taken"):
                c.damage_taken = 0
                self.step(f"End-of-turn: {c.name}'s life total is reset to its base life.", [cited.ALLIES_LIFE_RESET])
        self.settle([cited.END_OF_TURN_PROCEDURE])
        # 4.4.3b the turn player may put a card from hand face down into an empty arsenal
        chosen = act.get("arsenal")
        if chosen:
            card = s.cards[chosen]
            occupied = [c for c in s.cards.values() if c.zone == "arsenal" and c.owner == tp]
            if card.zone != "hand" or card.owner != tp:
                self.step(f"{card.name} cannot be put into the arsenal: it is not in {self.player_name(tp)}'s hand.",
                          [cited.ARSENAL_AT_END_OF_TURN], tag="illegal")
                self.record_illegal(chosen, [cited.ARSENAL_AT_END_OF_TURN])
            elif occupied:
                self.step(f"{card.name} cannot be put into the arsenal: {self.player_name(tp)}'s arsenal is not empty "
                          f"({', '.join(c.name for c in occupied)}).", [cited.ARSENAL_AT_END_OF_TURN], tag="illegal")
                self.record_illegal(chosen, [cited.ARSENAL_AT_END_OF_TURN])
            else:
                self.move(card, "arsenal")
                card.face_down = True
                self.facts["legal"][chosen] = True
                self.step(f"End-of-turn: {self.player_name(tp)} puts {card.name} from their hand face down into their "
                          "empty arsenal.", [cited.ARSENAL_AT_END_OF_TURN], tag="telling")
        else:
            self.step(f"End-of-turn: {self.player_name(tp)} puts no card into their arsenal.",
                      [cited.ARSENAL_AT_END_OF_TURN])
        self.settle([cited.END_OF_TURN_PROCEDURE])
        # 4.4.3c every player's pitch zone goes to the bottom of their deck
        order = list(act.get("pitch_order", []))
        for player in self.clockwise_from(tp):
            pitched = [c for c in s.cards.values() if c.zone == "pitch" and c.owner == player]
            if not pitched:
                continue
            pitched.sort(key=lambda c: (order.index(c.handle) if c.handle in order else len(order), c.timestamp))
            for c in pitched:
                self.move(c, "deck")
                c.face_down = False
            self.step(f"End-of-turn: {self.player_name(player)} puts the cards of their pitch zone "
                      f"({', '.join(c.name for c in pitched)}) on the bottom of their deck, in that order.",
                      [cited.PITCH_ZONE_TO_DECK],
                      tag="telling")
        self.settle([cited.END_OF_TURN_PROCEDURE])
        # 2026-02 4.4.3d: the turn-player untaps all permanents they control (2.10.1 has no such step)
        tapping.untap_at_end_of_turn(self, tp)
        # 4.4.3d every player loses all action points and resource points
        for p in s.players.values():
            if p.action_points or p.resources:
                self.step(f"End-of-turn: {self.player_name(p.name)} loses their {p.action_points} action point(s) and "
                          f"{p.resources} resource point(s).", [cited.ASSETS_LOST])
            p.action_points = 0
            p.resources = 0
        self.settle([cited.END_OF_TURN_PROCEDURE])
        # 4.4.3e the turn player (on the first turn, every player) draws up to their hero's intellect
        drawers = self.clockwise_from(tp) if s.first_turn else [tp]
        for player in drawers:
            self.draw_up_to_intellect(player, key)
        self.settle([cited.END_OF_TURN_PROCEDURE])
        # 4.4.4 the turn ends
        self.trace.phase = "End Phase"
        ended = self.end_effects("turn-end")
        self.step(f"{self.player_name(tp)}'s turn ends" + (f"; effects that last until end of turn or for this turn "
                  f"end ({', '.join(ended)})" if ended else "") + ".", [cited.TURN_ENDS])

    def draw_up_to_intellect(self, player: str, key: str):
        """4.4.3e: draw until the hand holds as many cards as the hero's intellect."""
        p = self.s.players[player]
        if p.intellect is None:
            raise InvalidScenario([self.scenario.reason(
                "missing-intellect", f"the end of the turn needs {player}'s hero's intellect to draw up to it: write "
                f"intellect = N in [players.{player}]", key, cited.DRAW_UP_TO_INTELLECT)])
        hand = sum(1 for c in self.s.cards.values() if c.zone == "hand" and c.owner == player)
        if hand >= p.intellect:
            self.step(f"End-of-turn: {self.player_name(player)} has {hand} card(s) in hand, at least their intellect "
                      f"{p.intellect}: they draw none.", [cited.DRAW_UP_TO_INTELLECT])
            return
        self.step(f"End-of-turn: {self.player_name(player)} has {hand} card(s) in hand and draws up to their hero's "
                  f"intellect {p.intellect} ({p.intellect - hand} card(s)).", [cited.DRAW_UP_TO_INTELLECT, cited.DRAW],
                  tag="telling")
        self.draw(player, p.intellect - hand)

    # =====================================================================================================
    # the next turn: Start Phase (4.2) and the start of the Action Phase (4.3)
    # =====================================================================================================
    def next_turn(self):
        """The next player in clockwise order becomes the turn-player, and their turn starts (4.2)."""
        s = self.s
        seats = s.seating
        old = s.turn_player
        s.turn_player = self.clockwise_from(old)[1] if old in seats else seats[0]
        s.turn_number += 1
        s.first_turn = False
        self._reset_turn_records()
        tp = s.turn_player
        s.phase = "start"
        s.priority = None
        self.trace.phase = "Start Phase"
        self.step(f"The next player in clockwise order, {self.player_name(tp)}, becomes the turn-player (turn "
                  f"{s.turn_number}) and begins their Start Phase; players do not get priority.",
                  [cited.TURN_ENDS, cited.CLOCKWISE_ORDER, cited.START_PHASE_NO_PRIORITY], tag="telling")
        ended = self.end_effects("turn-start")
        started = self._wake_effects()
        self.step("The turn starts" + (f"; effects that last until the start of this turn end ({', '.join(ended)})"
                                       if ended else "")
                  + (f"; effects for this player's turn begin to apply ({', '.join(started)})" if started else "")
                  + ": the \"start of turn\" event occurs and effects that trigger at the start of turn trigger.",
                  [cited.TURN_STARTS] + ([cited.DURATION_FIXED] if ended or started else []))
        self.event("start-of-turn", player=tp)
        self.settle([cited.TURN_STARTS, cited.GAME_STATE_ACTIONS])
        if s.game_over:
            return
        # 4.2.3, 4.3.1-4.3.3
        s.phase = "action"
        s.step = "action"
        self.trace.phase = "action phase"
        self.step(f"The Start Phase ends and {self.player_name(tp)}'s action phase starts: the \"beginning of the "
                  "action phase\" event occurs.", [cited.START_PHASE_ENDS, cited.ACTION_PHASE_STARTS])
        self.event("action-phase", player=tp)
        for p in s.players.values():
            p.action_points = 0
        s.players[tp].action_points = 1
        s.priority = tp
        s.passed = []
        self.step(f"{self.player_name(tp)} has 1 action point (not a gain of an action point) and gains priority.",
                  [cited.TURN_PLAYER_HAS_ONE_ACTION_POINT, cited.TURN_ACTION_POINT_NOT_GAIN,
                   cited.ACTION_PHASE_PRIORITY])
        self.game_state_actions()

    def _reset_turn_records(self):
        """What the rules count "this turn" starts again: cards played, activations, trigger limits, events."""
        s = self.s
        for p in s.players.values():
            p.played_this_turn = []
            p.life_lost_this_turn = 0
            p.dealt_arcane_this_turn = 0
        for c in s.cards.values():
            if c.activations:
                c.activations = {}
        s.trigger_counts = {}
        s.history = []

    # =====================================================================================================
    # durations (6.2.2a)
    # =====================================================================================================
    def end_effects(self, when: str) -> list[str]:
        """Remove the effects whose duration ends now: at the end of the turn (``turn-end``) or the start of the
        new turn (``turn-start``). Returns the names of their sources."""
        s = self.s
        ended = []
        for e in list(s.effects):
            if self._duration_over(e, when):
                s.effects.remove(e)
                ended.append(self._src_name(e))
        return sorted(set(ended), key=ended.index)

    def _duration_over(self, e, when: str) -> bool:
        s = self.s
        dur = e.duration
        born = e.data.get("_turn", 0)
        if when == "turn-end":
            if dur in ("turn", "chain", "link"):
                return True
            if dur == "your-next-turn":
                return s.turn_number > born and s.turn_player == e.controller
            if dur in ("opponent-next-turn", "until-end-of-opponent-next-turn"):
                return s.turn_number > born and s.turn_player != e.controller
            return False
        if when == "turn-start":
            return dur == "until-your-next-turn" and s.turn_number > born and s.turn_player == e.controller
        return False

    def _wake_effects(self) -> list[str]:
        """Effects "during your opponent's next turn" begin to apply as that turn starts."""
        s = self.s
        woke = []
        for e in list(s.dormant):
            if s.turn_player != e.controller:
                s.dormant.remove(e)
                s.effects.append(e)
                woke.append(self._src_name(e))
        return woke

    def add_effect(self, e):
        """Put a layer-continuous effect in force, stamping the turn it was generated in for its duration; an
        effect "during your opponent's next turn" waits dormant until that turn starts."""
        e.data["_turn"] = self.s.turn_number
        if e.duration not in ("turn", "chain", "link"):
            self.step(f"The duration of the effect of {self._src_name(e)} is fixed as it is generated: it lasts "
                      f"{DURATION_WORDS.get(e.duration, e.duration)}.", [cited.DURATION_FIXED])
        if e.duration == "opponent-next-turn":
            self.s.dormant.append(e)
        else:
            self.s.effects.append(e)

    def settle(self, cites):
        """Outside priority (Start and End Phases): triggered-layers are added and layers resolve as if every
        player passed in succession, game state actions performed, until the stack is empty (4.2.2, 4.4.2)."""
        s = self.s
        for _ in bounded(200, "resolving the stack outside priority"):
            self.game_state_actions()
            if s.game_over or not s.stack:
                break
            top = s.stack[-1]
            self.step(f"Layers on the stack resolve as if every player passed in succession: {top.name}.", cites)
            self.resolve_layer(top)
        s.priority = None
