# Main Scheme, Side Scheme (crisis, acceleration), Villain Defeat, When Defeated, Player Elimination, Winning.
"""What follows threat and defeat: the main scheme advancing at its target threat or winning for the villain
(main-scheme), the villain's stages (villain-defeat), When Defeated abilities (when-defeated-abilities),
players eliminated (player-elimination) and the end of the game (winning-the-game)."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import SCENARIO, Card, possessive
from judge.engine.marvel_champions.state import Condition, Initiation
from judge.engine.marvel_champions import cited


class Threat:
    """Schemes, stages, defeat and the end of the game, mixed into the Game."""

    def acceleration_icons(self) -> int:
        """Acceleration icons on side schemes in play (side-scheme)."""
        return sum(c.icons.count("acceleration") for c in self.s.cards.values()
                   if c.in_play and c.type == "side-scheme")

    def crisis(self) -> Card | None:
        """A side scheme in play with the crisis icon: threat cannot be removed from the main scheme."""
        return next((c for c in self.s.cards.values() if c.in_play and c.type == "side-scheme"
                     and "crisis" in c.icons), None)

    def check_main_scheme(self, main: Card) -> None:
        """Threat at or above the target threat: the scheme deck advances, or the villain wins at the last
        stage (main-scheme, winning-the-game)."""
        if main.type != "main-scheme" or not main.in_play or main.target_threat is None or self.s.over:
            return
        if (main.threat or 0) < main.target_threat:
            return
        nxt = next((c for c in self.s.cards.values() if c.zone == "scheme-deck"), None)
        self.step(f"{main.name} has {main.threat} threat, at least its target threat ({main.target_threat}): the "
                  "main scheme deck advances.", [cited.MAIN_SCHEME, cited.TARGET_THREAT])
        if nxt is None:
            self.game_over("villain", f"the villain completes the final stage of the main scheme deck "
                                      f"({main.name})", [cited.MAIN_SCHEME, cited.WINNING_THE_GAME])
            return
        tokens = main.acceleration_tokens
        main.zone = "removed"
        self.left_play.add(main.handle)
        nxt.zone = "play"
        nxt.threat = nxt.threat or 0
        nxt.acceleration_tokens += tokens
        self.step(f"{main.name} is removed from the game and the next stage, {nxt.name}, is revealed with "
                  f"{nxt.threat} threat: the excess threat does not carry over"
                  + (f", and its {tokens} acceleration token(s) do" if tokens else "") + ".",
                  [cited.MAIN_SCHEME,
                   cited.MAIN_SCHEME_EXCESS_THREAT_LOST] + ([cited.ACCELERATION_TOKENS_CARRY_OVER] if tokens else []))
        self.when_revealed(nxt, self.s.first_player)

    def when_revealed(self, card: Card, player: str) -> None:
        """A new scheme or villain stage: its When Revealed abilities resolve (when-revealed-abilities)."""
        ab = next((a for a in card.abilities if a.kind == "when-revealed"), None)
        if ab is None:
            return
        init = Initiation(self.new_key(card.handle), player, card, ab, False, {}, "cards", reveal=True)
        init.result, init.automatic = "resolved", "When Revealed"
        self.inits.append(init)
        self.step(f"{possessive(card.name)} When Revealed ability resolves.",
                  [cited.WHEN_REVEALED_ABILITIES, cited.MANDATORY_ABILITY_TYPES])
        self.resolve_effects(init)

    def when_defeated(self, card: Card) -> None:
        """Its When Defeated abilities resolve (when-defeated-abilities; mandatory, ability/bullet-6)."""
        for ab in card.abilities:
            if ab.kind != "when-defeated":
                continue
            player = card.controller if card.controller != SCENARIO else self.s.first_player
            init = Initiation(self.new_key(f"{card.handle}.{ab.index}"), player, card, ab, False, {}, ab.key,
                              reveal=True)
            init.result, init.automatic = "resolved", "When Defeated"
            self.inits.append(init)
            self.step(f"{card.name} is defeated: its When Defeated ability resolves.",
                      [cited.WHEN_DEFEATED_ABILITIES, cited.MANDATORY_ABILITY_TYPES])
            self.resolve_effects(init)

    def villain_stage_defeated(self, villain: Card) -> list[Condition]:
        """The villain's dial is at zero: remove this stage, reveal the next with its own hit points; the
        players win after the last one (villain-defeat)."""
        nxt = next((c for c in self.s.cards.values() if c.zone == "villain-deck"), None)
        self.step(f"{villain.name}'s hit point dial is at zero: the players have defeated this stage of the "
                  "villain.", [cited.VILLAIN_DIAL_ZERO_STAGE_DEFEATED, cited.VILLAIN_DEFEAT])
        self.when_defeated(villain)
        if nxt is None:
            self.game_over("players", f"the final stage of the villain ({villain.name}) is defeated",
                           [cited.VILLAIN_DEFEAT, cited.WINNING_THE_GAME])
            return []
        villain.zone = "removed"
        self.left_play.add(villain.handle)
        nxt.zone = "play"
        nxt.damage = 0
        carried = []
        for c in self.s.cards.values():
            if c.attached_to == villain.handle and c.in_play:
                c.attached_to = nxt.handle
                carried.append(c.name)
        nxt.status |= villain.status
        carried += [f"a {s} status card" for s in sorted(villain.status)]
        self.step(f"{villain.name} is removed from the game; the next stage, {nxt.name}, is revealed with its dial "
                  f"at {nxt.hit_points}: excess damage does not carry over"
                  + (f"; {', '.join(carried)} carry over" if carried else "") + ".",
                  [cited.VILLAIN_DEFEAT,
                   cited.VILLAIN_EXCESS_DAMAGE_LOST] + ([cited.VILLAIN_STAGE_KEEPS_ATTACHMENTS] if carried else []))
        self.entered(nxt)
        self.when_revealed(nxt, self.s.first_player)
        return [Condition("enters-play", nxt, None)]

    def eliminate(self, player: str) -> None:
        """A player's identity is defeated: they are eliminated; their cards go to their owners' discard
        piles, their dealt encounter cards are discarded, the minions engaged with them engage the next
        player, the first player token moves on; all eliminated: the players lose (player-elimination)."""
        pl = self.s.players[player]
        order = list(self.s.order)
        nxt = None
        i = order.index(player)
        for p in order[i + 1:] + order[:i]:
            if not self.s.players[p].eliminated and p != player:
                nxt = p
                break
        pl.eliminated = True
        ident = self.identity(player)
        gone = []
        for c in self.s.cards.values():
            if c is ident:
                continue
            if c.controller == player and c.in_play or c.owner == player and c.zone in ("hand", "deck"):
                if c.in_play:
                    self.left_play.add(c.handle)
                c.zone = "discard" if c.owner != SCENARIO else "encounter-discard"
                c.controller = c.owner
                c.exhausted = False
                c.damage = 0
                gone.append(c.name)
            elif c.zone == "dealt" and c.dealt_to == player:
                c.zone = "encounter-discard"
                c.dealt_to = None
                gone.append(c.name)
        moved = [c for c in self.s.cards.values() if c.in_play and c.type == "minion" and c.engaged == player]
        for m in moved:
            m.engaged = nxt
        self.step(f"{player} is eliminated: their hand, deck and the cards they control go to their owners' "
                  f"discard piles" + (f" ({', '.join(gone)})" if gone else "")
                  + (f"; {', '.join(m.name for m in moved)} now engage {nxt}, keeping their damage and status cards"
                     if moved and nxt else "") + ".",
                  [cited.PLAYER_ELIMINATION, cited.ELIMINATED_PLAYER_CARDS_REMOVED, cited.PLAYER_DIAL_ZERO_DEFEATED])
        if nxt is None:
            self.game_over("villain", "every player has been eliminated", [cited.ALL_ELIMINATED_PLAYERS_LOSE])
            return
        if self.s.first_player == player:
            self.s.first_player = nxt
            self.step(f"{player} was the first player: the first player token passes clockwise to {nxt}.",
                      [cited.FIRST_PLAYER])
        if self.s.active_player == player:
            self.s.active_player = nxt
        self.step("The remaining players continue to play the game.", [cited.ELIMINATED_OTHERS_CONTINUE])

    def game_over(self, winner: str, why: str, cites) -> None:
        """The game ends: ``winner`` is "players" or "villain"."""
        if self.s.over:
            return
        self.s.over = winner
        who = "The players win" if winner == "players" else "The villain wins and the players lose"
        self.step(f"{who}: {why}. The game ends.", cites)
