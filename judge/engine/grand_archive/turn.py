# Turn Order: the wake up, materialize, recollection, draw, main and end phases as state transitions.
"""Turn Order (turn-order, wake-up-phase, materialize-phase, recollection-phase, draw-phase, main-phase, end-phase,
ending-phases, skipping-phases pages): the phases of a turn as state transitions, their turn-based actions and
the points where the turn player receives Opportunity."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive.state import PHASE_NAMES
from judge.engine.grand_archive import cited

# where each phase stops for a player: a window of Opportunity, or the turn player's materialize choice
NEXT_PHASE = {"wake-up": "materialize", "materialize": "recollection", "recollection": "draw", "draw": "main",
              "main": "end"}
FIRST_TURN_SKIPS = ("wake-up", "materialize", "recollection")   # turn-order/1.1; the first player skips draw too


class TurnOrder:
    """Mixed into Game: moving through the phases when every player has passed with the Effects Stack empty."""

    # ---------------------------------------------------------------------------------------------------------
    # where the turn stands
    # ---------------------------------------------------------------------------------------------------------
    def first_turn(self, player: str | None = None) -> bool:
        """Is this the turn player's first turn of the game (turn-order/1.1)?"""
        return self.s.turn <= len(self.s.order)

    def last_in_first_cycle(self) -> bool:
        """The last player of the first turn cycle (attacking-and-the-combat-phase/1.8)."""
        return self.s.turn == len(self.s.order)

    def enter(self, phase: str):
        """Begin ``phase`` of the turn player's turn; it runs until a player has Opportunity or a choice."""
        s = self.s
        while True:
            s.phase = phase
            self.trace.phase = PHASE_NAMES[phase]
            skipped = self.skipped(phase)
            if not skipped:
                break
            if phase == "end":
                self.next_turn()
                return
            phase = NEXT_PHASE[phase]
        self.began.append(phase)
        getattr(self, "begin_" + phase.replace("-", "_"))()

    def skipped(self, phase: str) -> bool:
        """A phase an effect skips, or one the first turn skips (skipping-phases/1, 3; turn-order/1.1, 1.2)."""
        s = self.s
        who = s.turn_player
        if (who, phase) in s.skips:
            s.skips.remove((who, phase))
            self.step(f"{who}'s {PHASE_NAMES[phase]} is skipped: it does not happen — no turn-based actions, effects "
                      "or Opportunity tied to it"
                      + (", and none of its end-of-turn effects end" if phase == "end" else "") + ".",
                      [cited.SKIPPED_PHASE_DOES_NOT_HAPPEN,
                       cited.SKIPPED_PHASE_NO_END_EFFECTS] + ([cited.PHASES_SKIPPED_MULTIPLE_TIMES] if (who, phase) in s.skips
                                                                    else []), answer=True)
            return True
        if self.first_turn() and phase in FIRST_TURN_SKIPS + (("draw",) if s.turn == 1 and len(s.order) == 2
                                                                else ()):
            first = s.turn == 1
            rule = cited.FIRST_TURN_PLAYER_SKIPS_TWO_PLAYER if len(s.order) == 2 else cited.FIRST_TURN_PLAYER_MULTIPLAYER
            self.step(f"It is {who}'s first turn, as the {'first' if first else 'next'} player: the "
                      f"{PHASE_NAMES[phase]} is skipped.", [rule] + ([cited.MATERIALIZE_PHASE_SKIPPED_FIRST_TURN] if phase == "materialize"
                                                                     else []))
            return True
        return False

    def window(self, point: str, text: str, cites: list[str]):
        """The turn player receives Opportunity at ``point``."""
        s = self.s
        s.point = point
        s.passed = []
        self.give_opportunity(s.turn_player)
        self.step(text, cites)

    def checks_then(self, point: str, phase_rule: str) -> bool:
        """State-based checks after a turn-based action; if abilities were placed, the turn player gains
        Opportunity and the phase goes on once the Effects Stack is empty (wake-up-phase/2 and alike). True when a
        player now has Opportunity."""
        if self.state_based_checks() and not self.s.game_over:
            self.s.point = point
            self.step("Abilities are pending: the phase goes on after the Effects Stack is empty.", [phase_rule])
            return True
        return self.s.game_over

    # ---------------------------------------------------------------------------------------------------------
    # the phases
    # ---------------------------------------------------------------------------------------------------------
    def begin_wake_up(self):
        """Wake Up 1-3: the turn player's rested objects wake up, a turn-based action nobody responds to."""
        s = self.s
        tp = s.turn_player
        woken = [c for c in s.cards.values() if c.zone == "field" and c.controller == tp and c.rested]
        for c in woken:
            c.rested = False
        if self.champion_of(tp) is None and s.players[tp].rested:
            s.players[tp].rested = False
            woken_names = [self.champion_name(tp)]
        else:
            woken_names = []
        names = [c.name for c in woken] + woken_names
        self.step(f"{tp}'s wake up phase: " + (f"{', '.join(names)} wake{'s' if len(names) == 1 else ''} up" if names
                                               else "nothing is rested") + ", a turn-based action that can't be "
                  "responded to.", [cited.WAKE_UP_PHASE_WAKES_OBJECTS, cited.WAKE_UP], answer=bool(names))
        if not self.checks_then("wake-up-2", cited.WAKE_UP_PHASE_STATE_BASED_CHECK):
            self.enter("materialize")

    def begin_materialize(self):
        """Materialize 2-3: the turn player may materialize once, as a turn-based action."""
        s = self.s
        s.players[s.turn_player].materialized = False
        if self.state_based_checks():
            s.point = "materialize-2"
            return
        s.point = "materialize"
        s.opportunity = None
        self.step(f"{s.turn_player} may materialize a card from the material deck as a turn-based action; no player "
                  "has Opportunity unless something is pending.", [cited.MATERIALIZE_TURN_BASED_ACTION,
                                                                   cited.MATERIALIZE_PHASE_TO_RECOLLECTION])

    def after_materialize(self):
        """Materialize 4-5: state-based checks; no Opportunity unless the game state changed; then recollection."""
        self.step("The materialize phase ends; with no change to the game state left to resolve, no Opportunity is "
                  "generated.", [cited.MATERIALIZE_PHASE_STATE_BASED_CHECK,
                                 cited.MATERIALIZE_PHASE_NO_CHANGE_NO_OPPORTUNITY, cited.MATERIALIZE_PHASE_TO_RECOLLECTION])
        self.enter("recollection")

    def begin_recollection(self):
        """Recollection 1-2: beginning-of-recollection abilities, then the turn player receives Opportunity."""
        self.charge_counters()
        self.beginning_triggers("recollection", [cited.RECOLLECTION_BEGINNING_TRIGGERS,
                                                 cited.BEGINNING_OF_PHASE_TRIGGERS])
        self.foster_triggers([cited.RECOLLECTION_BEGINNING_TRIGGERS, cited.BEGINNING_OF_PHASE_TRIGGERS])
        self.state_based_checks()
        self.window("recollection", f"The turn player, {self.s.turn_player}, receives Opportunity in the recollection "
                    "phase, before recollection.", [cited.RECOLLECTION_OPPORTUNITY,
                                                    cited.TURN_PLAYER_OPPORTUNITY_POINTS])

    def recollect(self):
        """Recollection 3-5: every card in the turn player's memory returns to hand, a turn-based action."""
        s = self.s
        tp = s.turn_player
        p = s.players[tp]
        named = [c for c in s.cards.values() if c.zone == "memory" and c.owner == tp]
        for c in named:
            self.move(c, "hand")
        n = len(named) + p.unnamed["memory"]
        p.unnamed["hand"] += p.unnamed["memory"]
        p.unnamed["memory"] = 0
        self.step(f"Recollection: {tp} returns {'all ' if n != 1 else ''}{n} card{'s' if n != 1 else ''} in memory to hand, a turn-based "
                  "action that can't be responded to.", [cited.RECOLLECTION_TURN_BASED_ACTION], answer=True)
        if not self.checks_then("recollection-4", cited.RECOLLECTION_STATE_BASED_CHECK):
            self.enter("draw")

    def begin_draw(self):
        """Draw 1-3: the turn player draws a card; from an empty deck, they lose (ending-the-game/5)."""
        s = self.s
        tp = s.turn_player
        self.draw_cards(tp, 1, [cited.DRAW_PHASE_DRAW])
        if not self.checks_then("draw-2", cited.DRAW_PHASE_STATE_BASED_CHECK):
            self.enter("main")

    def begin_main(self):
        """Main 1-2: state-based checks, then the turn player receives Opportunity."""
        self.beginning_triggers("main", [cited.BEGINNING_OF_PHASE_TRIGGERS])
        self.state_based_checks()
        self.window("main", f"{self.s.turn_player}'s main phase: the turn player receives Opportunity and may take "
                    "slow and fast actions.", [cited.MAIN_PHASE_OPPORTUNITY, cited.MAIN_PHASE_PLAYER_ACTIONS])

    def begin_end(self):
        """End 1-2: beginning-of-the-end-phase abilities (vigor among them), then Opportunity "before end of turn"."""
        self.beginning_triggers("end", [cited.END_PHASE_BEGINNING_TRIGGERS, cited.END_PHASE_TRIGGERS_FROM_FIELD])
        self.agility_triggers([cited.END_PHASE_BEGINNING_TRIGGERS, cited.END_PHASE_TRIGGERS_FROM_FIELD])
        self.state_based_checks()
        self.window("end", "Once the abilities that trigger at the beginning of the end phase are placed, the turn "
                    f"player, {self.s.turn_player}, receives Opportunity before the end of turn.",
                    [cited.END_PHASE_BEGINNING_TRIGGERS, cited.END_PHASE_OPPORTUNITY])

    def cleanup(self):
        """End 3-5: ally damage removed, until-end-of-turn effects end, then the next player's turn begins."""
        s = self.s
        tp = s.turn_player
        healed = [c for c in s.cards.values() if c.zone == "field" and c.damage and "ally" in c.types]
        for c in healed:
            c.damage = 0
        ended = [c for c in s.cards.values() if c.buffs or c.gained or (c.distant and c.controller == tp)]
        for c in ended:
            c.buffs, c.gained = [], []
            if c.controller == tp:
                c.distant = False
        layered = self.end_continuous(tp) + [f"{p}'s agility" for p in self.lose_agility()]
        self.apply_layers()
        self.step("Clean-up: " + (f"the damage marked on {', '.join(c.name for c in healed)} is removed; " if healed
                                  else "") +
                  ("effects that last until end of turn end" + (f" ({', '.join([c.name for c in ended] + layered)})"
                                                                if ended or layered else "") + "."),
                  [cited.END_PHASE_CLEAN_UP, cited.CLEAN_UP_ALLY_DAMAGE_REMOVED, cited.CLEAN_UP_UNTIL_END_OF_TURN_ENDS,
                   cited.ALLY_DAMAGE_TEMPORARY,
                   cited.CHECK_CLEAN_UP] + ([cited.DISTANT_UNTIL_END_OF_TURN] if any(
                       c.distant for c in ended) else [])
                  + ([cited.AGILITY_LOST_AT_CLEAN_UP] if any("agility" in x for x in layered) else []),
                  answer=bool(healed or ended or layered))
        if self.checks_then("end", cited.END_PHASE_CHANGE_GIVES_OPPORTUNITY):
            return
        self.next_turn()

    def next_turn(self):
        """End 5: the turn ends; the next player in turn order becomes the turn player, at the wake up phase."""
        s = self.s
        old = s.turn_player
        s.order = s.order[1:] + s.order[:1]
        s.turn_player = s.order[0]
        s.turn += 1
        s.attempted = set()
        self.step(f"{old}'s turn ends; {s.turn_player} becomes the turn player and starts their turn at the wake up "
                  "phase.", [cited.TURN_ENDS])
        self.enter("wake-up")

    # ---------------------------------------------------------------------------------------------------------
    # moving on when every player has passed with the Effects Stack empty
    # ---------------------------------------------------------------------------------------------------------
    def proceed(self):
        """The Effects Stack is empty and every player passed in succession: the phase (or step) ends and the game
        moves to the next point (turn-order/3, 4)."""
        s = self.s
        point = s.point
        if point.startswith("combat"):
            self.combat_proceeds()
            return
        if point == "main":
            self.must_attack_check()
            self.step(f"{s.turn_player} passes Opportunity with the Effects Stack empty and every other player passes: "
                      "the game proceeds to the end phase.", [cited.TURN_PLAYER_PASSES_TO_END_PHASE,
                                                              cited.PHASE_ENDS_WHEN_ALL_PASS])
            self.enter("end")
        elif point == "end":
            self.cleanup()
        elif point in ("wake-up", "wake-up-2"):
            if point == "wake-up":
                self.begin_wake_up()
            else:
                self.enter("materialize")
        elif point in ("materialize", "materialize-2"):
            if point == "materialize-2":
                self.begin_materialize()
            else:
                self.after_materialize()
        elif point == "recollection":
            self.recollect()
        elif point == "recollection-4":
            self.enter("draw")
        elif point == "draw":
            self.begin_draw()
        elif point == "draw-2":
            self.enter("main")

    def beginning_triggers(self, phase: str, cites: list[str]):
        """"At the beginning of [phase]" abilities, and vigor at the beginning of the end phase (turn-order/6)."""
        s = self.s
        for src in list(s.cards.values()):
            if src.zone != "field":
                continue
            for ab in src.abilities:
                if ab.kind != "trigger" or ab.get("on") != "beginning" or ab.get("phase") != phase:
                    continue
                if ab.get("whose", "your") == "your" and src.controller != s.turn_player:
                    continue
                self.pending_trigger(src, ab, f"the {PHASE_NAMES[phase]} begins", cites)
            if phase == "end" and src.controller == s.turn_player:
                for _ in range(self.keyword(src, "vigor") or 0):
                    self.keyword_trigger(src, "vigor", [{"do": "wake", "what": "self"}],
                                         f"the end phase of {src.controller}'s turn begins",
                                         cites + [cited.VIGOR, cited.VIGOR_INSTANCES])

    def draw_cards(self, player: str, n: int, cites: list[str]):
        """Draw n cards from the top of the main deck (named cards first, in the order listed); drawing from an
        empty deck loses the game (ending-the-game/5)."""
        s = self.s
        p = s.players[player]
        for _ in range(n):
            deck = [c for c in s.cards.values() if c.zone == "main-deck" and c.owner == player]
            if deck:
                top = min(deck, key=lambda c: c.deck_position)
                self.move(top, "hand")
                drawn = top.name
            elif p.unnamed["main-deck"] > 0:
                p.unnamed["main-deck"] -= 1
                p.unnamed["hand"] += 1
                drawn = "a card"
            else:
                self.step(f"{player} attempts to draw a card from an empty main deck: {player} loses the game.",
                          cites + [cited.PLAYER_LOSES, cited.LOSES_DRAWING_FROM_EMPTY_DECK], answer=True)
                self.lose(player)
                return
            self.facts.setdefault("drawn", {}).setdefault(player, 0)
            self.facts["drawn"][player] += 1
            self.step(f"{player} draws {drawn}.", cites + [cited.DRAW], answer=True)

    def must_attack_check(self):
        """declaring-an-attack/1.4: a player who must attack with an object can't proceed to the end phase without
        attempting to declare an attack with it."""
        s = self.s
        for src, _, eff in self.statics("must-attack"):
            for obj in s.cards.values():
                if not (obj.zone == "field" and obj.controller == s.turn_player and obj.types & {"ally", "champion"}
                        and self.matches(obj, eff.get("attacker"), src.controller)):
                    continue
                if obj.handle in s.attempted:
                    self.step(f"{s.turn_player} has attempted to declare an attack with {obj.name}, which must attack: "
                              "no further attempt is necessary, and the game may proceed to the end phase.",
                              [cited.MUST_ATTACK_BEFORE_END_PHASE], answer=True)
                    continue
                raise InvalidScenario([self.scenario.reason(
                    "must-attack", f"{s.turn_player} must attempt to declare an attack with {obj.name} ({src.name}) "
                    "before proceeding to the end phase: add an attack action", self.current_key,
                    cited.MUST_ATTACK_BEFORE_END_PHASE)])
