# Round Overview, Player Phase, End of Player Phase, Hand Size, Villain Phase, Deal, Reveal, First Player.
"""The round: each player's turn in player order, the end of the player phase (discard down to hand size,
draw up to it, ready everything), and the villain phase's five steps — threat on the main scheme, the
villain and the minions activating against each player, encounter cards dealt and revealed, the first
player token passing (round-overview, villain-phase)."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import plural
from judge.engine.marvel_champions.state import Condition, Initiation
from judge.engine.marvel_champions import cited


class Round:
    """Turns and phases, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

    # -- the player phase ------------------------------------------------------------------------------
    def end_turn(self, act: dict, akey: str) -> None:
        """The active player ends their turn; the next player in player order takes theirs; after the last,
        the player phase ends (player-phase)."""
        if self.s.phase != "player":
            self.fail(akey, "end_turn ends a player's turn, and it is the villain phase", cited.PLAYER_PHASE)
        player = self.s.active_player
        self.s.turns_taken.add(player)
        self.s.changed_form.discard(player)
        nxt = next((p for p in self.s.in_player_order() if p not in self.s.turns_taken), None)
        if nxt is not None:
            self.s.active_player = nxt
            self.step(f"{self.who(player)} ends their turn; in player order, {self.who(nxt)} takes their turn and is "
                      "the active player.", [cited.PLAYER_PHASE, cited.ACTIVE_PLAYER, cited.IN_PLAYER_ORDER])
            return
        self.step(f"{self.who(player)} ends their turn: each player has taken a turn, so the player phase ends.",
                  [cited.PLAYER_PHASE, cited.ROUND_PLAYER_PHASE_ENDS])
        self.end_of_player_phase(act, akey)

    def end_of_player_phase(self, act: dict, akey: str) -> None:
        """End of Player Phase, steps 1-3: discard down to hand size (and any other cards chosen), draw up to
        hand size, ready every card."""
        self.trace.phase = "end of the player phase"
        choice = act.get("discard", {})
        order = self.s.in_player_order()
        if isinstance(choice, list):
            if len(order) > 1:
                self.fail(f"{akey}.discard", "with several players, discard = { PLAYER = [cards…] }",
                          cited.END_OF_PLAYER_PHASE_DISCARD)
            choice = {order[0]: choice}
        for player in order:
            size = self._hand_size(player, akey)
            chosen = list(choice.get(player, []))
            hand = self.hand(player)
            bad = [h for h in chosen if h not in hand]
            if bad:
                self.fail(f"{akey}.discard", f"{', '.join(bad)} not in {player}'s hand",
                          cited.END_OF_PLAYER_PHASE_DISCARD)
            left = len(hand) - len(chosen)
            if left > size:
                self.fail(f"{akey}.discard", f"{player} has {plural(len(hand), 'card')} in hand and a hand size of "
                                             f"{size}: they must discard {left - size} more — declare discard",
                          cited.END_OF_PLAYER_PHASE_DISCARD)
            if chosen:
                for h in chosen:
                    card = self.s.cards[h]
                    self.occur([Condition("discard", card, player, origin="hand")],
                               lambda card=card: self._to_discard(card))
                must = max(0, len(hand) - size)
                self.step(f"Step 1: {player} discards {', '.join(self.s.cards[h].name for h in chosen)} from hand"
                          + (f" ({must} to get down to their hand size of {size})" if must else " (by choice)") + ".",
                          [cited.END_OF_PLAYER_PHASE_DISCARD, cited.HAND_SIZE])
            else:
                self.step(f"Step 1: {player} has {plural(len(hand), 'card')} in hand, not more than their hand size "
                          f"({size}), and discards nothing.", [cited.END_OF_PLAYER_PHASE_DISCARD, cited.HAND_SIZE])
        for player in order:
            size = self._hand_size(player, akey)
            missing = size - len(self.hand(player))
            if missing > 0:
                deck = [c for c in self.s.cards.values() if c.owner == player and c.zone == "deck"]
                if len(deck) < missing:
                    self.fail("cards", f"{player} draws {missing} and their deck holds {len(deck)}: the discard pile "
                                       "would be shuffled into a new deck, and a shuffled deck's order is not "
                                       "modelled — list more cards in the deck", cited.EMPTY_PLAYER_DECK)
                for c in deck[:missing]:
                    c.zone = "hand"
                self.step(f"Step 2: {player} draws up to their hand size of {size}: "
                          f"{', '.join(c.name for c in deck[:missing])}.",
                          [cited.END_OF_PLAYER_PHASE_DRAW, cited.DRAWING_CARDS, cited.HAND_SIZE])
            else:
                self.step(f"Step 2: {player} already has {size} cards in hand: they draw none.",
                          [cited.END_OF_PLAYER_PHASE_DRAW])
        exhausted = [c for c in self.s.cards.values() if c.exhausted and c.controller in order
                     and (c.in_play or c.is_identity)]
        conds = [Condition("ready", c, c.controller) for c in exhausted]

        def ready():
            for c in exhausted:
                c.exhausted = False
            names = ", ".join(c.name for c in exhausted) or "nothing is exhausted"
            self.step(f"Step 3: each player simultaneously readies all of their cards ({names}).",
                      [cited.END_OF_PLAYER_PHASE_READY, cited.READY_EXHAUSTED_CARD])
        self.occur(conds, ready)
        self.s.phase = "villain"
        self.trace.phase = "the villain phase"

    def _hand_size(self, player: str, akey: str) -> int:
        size = self.identity(player).hand_size
        if size is None:
            self.fail(f"players.{player}.hand_size", f"the end of the player phase checks {player}'s hand size: "
                                                     "give it (hand_size = N)", cited.HAND_SIZE)
        return size

    def hand(self, player: str) -> list[str]:
        """The handles of the cards in ``player``'s hand."""
        return [h for h, c in self.s.cards.items() if c.zone == "hand" and c.owner == player]

    # -- the villain phase -----------------------------------------------------------------------------
    def villain_phase(self, act: dict, akey: str) -> None:
        """The villain phase's five steps (villain-phase/bullet-1..5), then the next round begins."""
        if self.s.phase == "player":
            self.fail(akey, "the villain phase comes after the player phase: end every player's turn first "
                            "(end_turn = true)", cited.ROUND_OVERVIEW)
        self.trace.phase = "the villain phase"
        self.step("The villain phase begins.", [cited.ROUND_VILLAIN_PHASE_BEGINS, cited.VILLAIN_PHASE])
        main = self.main_scheme()
        if main is None:
            self.fail("cards", "the villain phase places threat on the main scheme: add a main scheme to [cards]",
                      cited.VILLAIN_PHASE_PLACE_THREAT)
        # step 1: threat on the main scheme
        icons = self.acceleration_icons()
        amount = main.acceleration + icons + main.acceleration_tokens
        parts = [f"{main.acceleration} (acceleration field)"] + ([f"{icons} (acceleration icons)"] if icons else []) \
            + ([f"{main.acceleration_tokens} (acceleration tokens)"] if main.acceleration_tokens else [])
        self.step(f"Step 1: threat is placed on {main.name}: {' + '.join(parts)} = {amount}.",
                  [cited.VILLAIN_PHASE_PLACE_THREAT, cited.MAIN_SCHEME_ACCELERATION_THREAT,
                   cited.ROUND_PLACE_THREAT_MAIN_SCHEME]
                  + ([cited.SIDE_SCHEME, cited.ACCELERATION_ICON] if icons else [])
                  + ([cited.ACCELERATION_TOKEN] if main.acceleration_tokens else []))
        init = Initiation("villain-phase", self.s.first_player, main, None, False, {}, akey)
        self._eff_place_threat(init, {"do": "place-threat", "amount": amount, "on": main.handle})
        # step 2: the villain and the minions activate against each player
        villain = next((c for c in self.s.cards.values() if c.type == "villain" and c.in_play), None)
        for player in self.s.in_player_order():
            if self.s.over:
                return
            if self.s.players[player].eliminated:
                continue
            if villain is not None and villain.in_play:
                self.activate(villain, player, self.defend_choice(villain, player), akey,
                              cites=[cited.VILLAIN_PHASE_ACTIVATIONS, cited.VILLAIN_ACTIVATES_PER_PLAYER,
                                     cited.ROUND_VILLAIN_AND_MINIONS_ACTIVATE, cited.IN_PLAYER_ORDER])
            villain = next((c for c in self.s.cards.values() if c.type == "villain" and c.in_play), None)
            for minion in self.engaged_minions(player):
                if self.s.over or self.s.players[player].eliminated:
                    break
                if minion.in_play:
                    self.activate(minion, player, self.defend_choice(minion, player), akey,
                                  cites=[cited.VILLAIN_PHASE_ACTIVATIONS, cited.ENGAGED_MINIONS_ACTIVATE])
        if self.s.over:
            return
        # step 3: deal encounter cards
        self.deal_encounter_cards()
        # step 4: reveal them, in player order, one at a time
        for player in self.s.in_player_order():
            first = True
            while not self.s.over:
                card = next((c for c in self.s.cards.values() if c.zone == "dealt" and c.dealt_to == player), None)
                if card is None or self.s.players[player].eliminated:
                    break
                if first:
                    self.step(f"Step 4: {player} reveals the encounter cards dealt to them, one at a time.",
                              [cited.VILLAIN_PHASE_REVEAL_ENCOUNTER_CARDS, cited.REVEAL, cited.ROUND_REVEAL_ENCOUNTER_CARDS])
                    first = False
                self.reveal(player, card, act, akey)
        if self.s.over:
            return
        # step 5: the first player token passes; the round ends
        self.next_round()

    def deal_encounter_cards(self) -> None:
        """Step 3: one facedown encounter card to each player, one more for each hazard icon, in player order."""
        order = self.s.in_player_order()
        hazards = sum(c.icons.count("hazard") for c in self.s.cards.values() if c.in_play and c.type == "side-scheme")
        targets = order + [order[i % len(order)] for i in range(hazards)]
        dealt = []
        for player in targets:
            top = self.encounter_top()
            if top is None:
                continue
            top.zone, top.dealt_to = "dealt", player
            dealt.append(f"{top.name} to {player}")
        self.step(f"Step 3: one encounter card is dealt facedown to each player"
                  + (f", and {plural(hazards, 'more card')} for the hazard icons in play, in player order"
                     if hazards else "") + f": {', '.join(dealt) or 'none'}.",
                  [cited.VILLAIN_PHASE_DEAL_ENCOUNTER_CARDS, cited.DEAL, cited.ROUND_DEAL_ENCOUNTER_CARDS]
                  + ([cited.SIDE_SCHEME, cited.HAZARD_ICON] if hazards else []))

    def next_round(self) -> None:
        """Step 5: the first player token passes to the next player clockwise; the round ends and the next
        round's player phase begins (limits per round start again)."""
        order = self.s.order
        i = order.index(self.s.first_player)
        nxt = next(p for p in order[i + 1:] + order[:i + 1] if not self.s.players[p].eliminated)
        old = self.s.first_player
        self.s.first_player = nxt
        self.s.active_player = nxt
        self.s.phase = "player"
        self.s.turns_taken = set()
        self.s.changed_form = set()
        self.s.max_used = {}
        for c in self.s.cards.values():
            c.used = {}
        passes = f"passes from {old} to {nxt}" if nxt != old else f"stays with {old}, the only player left"
        self.step(f"Step 5: the first player token {passes}; the round ends. The next round's "
                  f"player phase begins with {self.who(nxt)}'s turn.",
                  [cited.VILLAIN_PHASE_PASS_FIRST_PLAYER_TOKEN, cited.FIRST_PLAYER, cited.ROUND_PASS_FIRST_PLAYER_TOKEN,
                   cited.ROUND_ENDS,
                   cited.ROUND_PLAYER_PHASE_BEGINS])
        self.trace.phase = "the player phase"
