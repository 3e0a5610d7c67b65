# Interrupt, Response, Forced, Triggering Condition, First Player (bullets 3-4): the windows around each occurrence.
"""Interrupt and response windows: every triggering condition has an interrupt window just before it and a
response window just after it (triggering-condition/bullet-1: one pair per occurrence); forced abilities
first (forced/bullet-1, the first player orders them), then the players in player order until all pass."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import SCENARIO, Ability, Card, matches
from judge.engine.marvel_champions.state import Condition, Initiation, conditions_words
from judge.engine.marvel_champions import cited


class Windows:
    """Interrupt and response windows, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

    def occur(self, conds: list[Condition], apply, after: list[Condition] | None = None, procedure=False) -> None:
        """A game occurrence with its triggering conditions: one interrupt window just before (forced first),
        the change, one response window just after (triggering-condition/bullet-1). No effect primitive cancels
        or replaces a triggering condition itself (a cancel cancels effects only), so the change always
        happens."""
        if conds:
            self.window("interrupt", conds, procedure=procedure)
        apply()
        if after is None:
            after = conds
        if after:
            self.window("response", after, procedure=procedure)

    def window(self, timing: str, conds: list[Condition], procedure: bool = False, first=()) -> None:
        """An interrupt or response window for ``conds``: mandatory keyword abilities (``first``: callables)
        and forced abilities first (the first player orders them), then each player in player order may use a
        held ability, until all pass consecutively."""
        conds = [c for c in conds if c is not None]
        if not conds:
            return
        for keyword in first:
            keyword()
        bullet = cited.INTERRUPT_ABILITY_EXECUTED if timing == "interrupt" else cited.RESPONSE_AFTER_CONDITION_RESOLVES
        # a step of the procedure (its effects resolving in step 5 included) makes the condition true
        proc = self.p("interrupt" if timing == "interrupt" else "response") if procedure or self.depth else None
        when = "just before" if timing == "interrupt" else "immediately after"
        what = conditions_words(conds)
        order = self.s.in_player_order()
        opened = False

        def open_window():
            nonlocal opened
            if not opened:
                opened = True
                cites = [proc, bullet] + ([cited.SIMULTANEOUS_TRIGGERING_CONDITIONS] if len(conds) > 1 else [])
                turns = ""
                if len(order) > 1:
                    turns = f"; opportunities go in player order from the first player ({order[0]})"
                    cites.append(cited.FIRST_PLAYER_FIRST_INTERRUPT if timing == "interrupt" else cited.FIRST_PLAYER_FIRST_RESPONSE)
                self.step(f"{timing.capitalize()} window {when} {what}{turns}.", cites)

        forced = []
        for card in list(self.s.cards.values()):
            if not card.in_play:
                continue
            for ab in card.abilities:
                if ab.kind == timing and ab.forced:
                    cond = next((c for c in conds if self.triggers(card, ab, c)), None)
                    if cond is not None:
                        forced.append((card, ab, cond))
        if forced:
            open_window()
            if len(forced) > 1:
                self.step(f"{len(forced)} forced {timing}s answer this triggering condition; they initiate before "
                          f"any other {timing}, and the first player ({self.s.first_player}) orders them, whoever "
                          "controls them: "
                          f"{', '.join(self.ability_name(c, a) for c, a, _ in forced)}. Each resolves as completely "
                          "as possible before the next.", [cited.FORCED_BEFORE_NON_FORCED,
                                                           cited.FORCED_ORDER_BY_FIRST_PLAYER, cited.FORCED_RESOLVES_COMPLETELY])
            elif self._held_match(timing, conds):
                self.step(f"{self.ability_name(forced[0][0], forced[0][1])} is forced: it initiates before the "
                          f"non-forced {timing}s.", [cited.FORCED_BEFORE_NON_FORCED])
        for card, ab, cond in forced:
            player = card.controller if card.controller != SCENARIO else self.s.first_player
            self.initiate(Initiation(self.new_key(f"{card.handle}.{ab.index}"), player, card, ab, False, {},
                                     ab.key, trigger=cond, forced=True))
        passes, i = 0, 0
        while passes < len(order):
            player = order[i % len(order)]
            i += 1
            found = next(((h, c) for h in self.held if h[0] == player for c in conds
                          if h[2] is not None and h[2].kind == timing and self._held_triggers(h, c)), None)
            if found is None:
                passes += 1
                continue
            passes = 0
            (hplayer, card, ab, playing, act, akey), cond = found
            self.held.remove(found[0])
            open_window()
            key = self.new_key(card.handle if playing else f"{card.handle}.{ab.index}")
            self.initiate(Initiation(key, player, card, ab, playing, act, akey, trigger=cond))
        if opened:
            self.step(f"All players pass consecutively: the {timing} window closes.",
                      [cited.INTERRUPT_WINDOW_CLOSES if timing == "interrupt" else cited.RESPONSE_WINDOW_CLOSES])

    def _held_match(self, timing: str, conds: list[Condition]) -> bool:
        return any(h[2] is not None and h[2].kind == timing and self._held_triggers(h, c) for h in self.held
                   for c in conds)

    def _held_triggers(self, held, cond: Condition) -> bool:
        """May the player use this held interrupt or response in the window of ``cond``? An ability of a card
        out of play answers a condition it matches only if the card has left play since the scenario began:
        the player still tries it, and check 1 fails (in-play-and-out-of-play/bullet-4). A card that has not
        been in play yet waits for a window after it enters play; the first window it missed is remembered
        for the report."""
        player, card, ab, playing, act, akey = held
        if not self.triggers(card, ab, cond, you=player):
            return False
        if playing or card.in_play or card.is_identity or card.handle in self.left_play:
            return True
        self.missed.setdefault(id(held), (cond, card.zone))
        return False

    def triggers(self, card: Card, ab: Ability, cond: Condition, you: str | None = None) -> bool:
        """Does ``cond`` make the triggering condition of ``ab`` (on ``card``) true?"""
        if ab.get("when") != cond.kind:
            return False
        if cond.init is not None and cond.init.card is card and cond.init.ability is ab:
            return False
        you = you or card.controller
        f = ab.get("if") or {}
        subject = cond.subject
        sel = f.get("card")
        if isinstance(sel, str):
            sel = {"type": sel}
        if sel is not None and (subject is None or not matches(sel, subject, you, card)):
            return False
        if "self" in f and (subject is card) != bool(f["self"]):
            return False
        who = f.get("player", "any")
        if who == "you" and cond.player != you or who == "other" and cond.player == you:
            return False
        if "from" in f and cond.origin != f["from"]:
            return False
        if "min_amount" in f and (cond.amount or 0) < f["min_amount"]:
            return False
        by = f.get("by")
        if by is not None and (cond.by is None or (cond.by == you) != (by == "you")):
            return False
        against = f.get("against")
        if against is not None:
            other = cond.other
            if other is None or (other.handle != you if against == "you" else
                                 not matches({"type": against} if isinstance(against, str) else against, other,
                                             you, card)):
                return False
        return True

