# Keyword abilities played at their own hooks (FaB CR 8.3): ephemeral (8.3.21), quell (8.3.19), rune gate (8.3.27), mirage (8.3.25).
"""Handlers for the keywords of :mod:`judge.engine.fab.keywords` whose hook is not one of the engine's older
parts: each method is the one place the engine applies that keyword's rule.

* ``replacement`` (ephemeral): a card that would be put into a graveyard from anywhere ceases to exist instead;
* ``prevention`` with ``pay-then-destroy`` (quell): after paying, destroy the card at the beginning of the
  end phase (a delayed-triggered effect);
* ``play-from`` (rune gate): from the banished zone, without paying its {r} cost, if its controller controls
  enough of the objects the row counts;
* ``enters`` (crank): as the card enters the arena, its controller may remove a steam counter from it and gain an
  action point;
* ``defending-state-trigger`` (mirage): a defending card destroyed when the attack it defends meets the
  keyword's condition;
* the effect keywords of 8.5 a card may print as a paragraph: ``opt`` (8.5.22) and ``reload`` (8.5.23), with the
  player's choices named by the action that plays the card (``opt = { top = […], bottom = […] }``,
  ``reload = "HANDLE"``).
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.base import IllegalAction
from judge.engine.fab.cards import ARENA_ZONES, Ability, matches
from judge.engine.fab.keywords import COST_PAID, CRANK, EPHEMERAL, MIRAGE, with_hook


class KeywordPlay:
    """Mixin of :class:`judge.engine.fab.game.Game`: the keyword handlers listed in the module docstring."""

    # ---- ephemeral (8.3.21) -------------------------------------------------------------------------------
    def replaced_destination(self, card, zone: str) -> str:
        """8.3.21: a card with ephemeral that would be put into a graveyard ceases to exist instead (it is
        removed from the game, 8.3.21b): its destination is outside the game."""
        if zone != "graveyard" or not self.has_keyword(card, EPHEMERAL):
            return zone
        self.step(f"{card.name} has ephemeral: instead of being put into a graveyard it ceases to exist and is removed "
                  "from the game.", [cited.EPHEMERAL, cited.EPHEMERAL_REMOVED])
        self.facts.setdefault("ceased_to_exist", []).append(card.handle)
        return "outside"

    # ---- quell (8.3.19) -----------------------------------------------------------------------------------
    def quell_destroys_later(self, card):
        """8.3.19: "If you do, destroy this at the beginning of the end phase" — a delayed-triggered effect."""
        self.effect_delayed_trigger({"do": "delayed-trigger", "on": "end-phase", "name": f"Quell of {card.name}",
                                     "effects": [{"do": "destroy", "what": "self"}]}, card, card.controller, None)
        self.step(f"{card.name}'s quell was paid: it will be destroyed at the beginning of the end phase.",
                  [cited.QUELL])

    # ---- crank (8.3.29) -----------------------------------------------------------------------------------
    def crank_as_enters(self, card):
        """8.3.29: "As this enters the arena, you may remove a steam counter from it. If you do, gain an action
        point." Applied as the card enters, after the counters it enters with (6.4.8). The controller cranks
        unless the play action says ``crank = false`` or the card ``decline = true``; a card with no steam counter
        cannot (8.5.16). Cranking is an
        event ``crank`` (8.3.29a: the player has cranked, the card is cranked)."""
        if not self.has_keyword(card, CRANK):
            return
        kind = with_hook("enters")[0].data[0]
        who = self.player_name(card.controller)
        if card.decline or card.__dict__.get("_crank_choice") is False:
            self.step(f"{card.name} has crank and enters the arena: {who} chooses not to remove a {kind} counter from "
                      "it.", [cited.CRANK], tag="telling")
            return
        if self.counter_count(card, kind) < 1:
            self.step(f"{card.name} has crank and enters the arena with no {kind} counter: {who} cannot remove one, "
                      "so does not crank.", [cited.CRANK, cited.REMOVE_COUNTER], tag="telling")
            return
        self.step(f"{card.name} has crank: as it enters the arena, {who} removes a {kind} counter from it.",
                  [cited.CRANK])
        self.effect_remove_counter({"do": "remove-counter", "kind": kind, "amount": 1, "what": "self"}, card,
                                   card.controller, None)
        self.gain_action_points(card.controller, 1, f"{card.name}'s crank", [cited.CRANK, cited.GAIN_ACTION_POINTS])
        card.__dict__["_cranked"] = True
        self.facts.setdefault("cranked", []).append(card.handle)
        self.step(f"{who} has cranked and {card.name} is cranked.", [cited.CRANKED], tag="telling")
        self.event("crank", card=card.handle, player=card.controller)

    # ---- cloaked (8.3.36) ----------------------------------------------------------------------------------
    def equipped_face_down(self):
        """8.3.36: "Equip this face-down." An equipment with cloaked that the file places in an equipment zone
        without saying ``face_down`` is face-down (private, 3.0.3) as the game state begins."""
        rows = with_hook("equip-face-down")
        for c in self.s.cards.values():
            if c.zone != "equipment" or c.__dict__.get("_face_down_said"):
                continue
            for row in rows:
                if row.name in self.keywords(c):
                    c.face_down = True
                    self.step(f"{c.name} has {row.name}: it is equipped face-down (the file does not say otherwise), a "
                              "private object.", [row.rule])

    def face_down_keywords(self, c) -> list:
        """The keyword rows (cloaked, 8.3.36) that equip ``c`` face-down: why a face-down equipment is private."""
        if c.zone != "equipment" or not c.face_down:
            return []
        kws = self.keywords(c)
        return [row for row in with_hook("equip-face-down") if row.name in kws]

    # ---- scrap (8.3.32), beat chest (8.3.33) ---------------------------------------------------------------
    def keyword_cost_paid(self, player: str, c, name: str):
        """8.3.32a, 8.3.33a: the keyword's optional additional cost was paid — the player has scrapped / beaten
        chest (an event of that name) and the card played did so (the condition ``scrapped``; fact ``scrap_paid`` /
        ``beaten_chest``); the cards the cost moved are the card's cards paid "this way" (condition ``paid_with``),
        and where the rule names them so, the fact of that name lists them (the banished card "is considered to
        have been scrapped", 8.3.32a: fact ``scrapped``)."""
        words, event, rule, _, played_fact, moved_fact = COST_PAID[name]
        c.__dict__.setdefault("_keyword_costs", set()).add(name)
        self.facts.setdefault(played_fact, []).append(c.handle)
        paid = [h for h in c.__dict__.get("_paid_with", []) if h in self.s.cards]
        if moved_fact:
            self.facts.setdefault(moved_fact, []).extend(paid)
        moved = [self.card(h).name for h in paid]
        self.step(f"{self.player_name(player)} paid {c.name}'s {name} cost" + (f" ({', '.join(moved)})" if moved else "")
                  + f": they have {words}" + (f", and {' and '.join(moved)} {'is' if len(moved) == 1 else 'are'} "
                                               f"considered to have been {moved_fact}" if moved_fact and moved else "")
                  + ".", [rule], tag="telling")
        self.event(event, card=c.handle, player=player)

    # ---- rune gate (8.3.27) -------------------------------------------------------------------------------
    def keyword_play_permission(self, c, origin: str, player: str):
        """A play-static keyword allowing ``c`` to be played from ``origin`` now: (its row, cites) or None. Rune
        gate: from the banished zone, if its controller controls as many Runechants as its {r} cost or more."""
        for row in with_hook("play-from"):
            zone, counted, _ = row.data
            if origin != zone or row.name not in self.keywords(c):
                continue
            have = sum(1 for o in self.s.cards.values() if o.zone in ARENA_ZONES and o.controller == player
                       and matches(o, counted, self, player))
            need = c.cost or 0
            what = counted.get("name", "objects")
            if have < need:
                raise IllegalAction(f"it has {row.name}, but {self.player_name(player)} controls {have} {what}(s), fewer "
                                    f"than its cost {need}, and nothing else allows it to be played from the {origin} "
                                    "zone", [cited.RUNE_GATE, cited.PLAY_FROM_HAND_OR_ARSENAL])
            self.step(f"{c.name} has {row.name} and is public in the {origin} zone; {self.player_name(player)} "
                      f"controls {have} {what}(s), at least its cost {need}: it may be played from there without "
                      "paying its resource cost, and it is rune gated.",
                      [cited.RUNE_GATE, cited.RUNE_GATED, cited.PLAY_STATIC_FUNCTIONAL])
            return row
        return None

    # ---- mirage (8.3.25) ----------------------------------------------------------------------------------
    def check_defending_state_triggers(self):
        """8.3.25 as a game state action (1.10.2d): a defending card with mirage defending a non-Illusionist
        attack with 6 or more power triggers once; its triggered-layer destroys it."""
        link = self.s.active_link
        if link is None or not link.defenders:
            return
        att = self.card(link.attack)
        fired = link.__dict__.setdefault("_mirage", set())
        for h, _, _ in self.defending(link):
            d = self.card(h)
            if h in fired or not self.has_keyword(d, MIRAGE):
                continue
            if "illusionist" in self.supertypes(att) or (self.power(att) or 0) < 6:
                continue
            fired.add(h)
            ab = Ability(0, "trigger", {"name": f"Mirage of {d.name}", "effects": [{"do": "destroy", "what": "self"}]},
                         f"keyword.{h}.mirage")
            self.step(f"{d.name} has mirage and is defending {att.name}, a non-Illusionist attack with "
                      f"{self.power(att)} power (6 or more): it triggers.", [cited.MIRAGE, cited.GSA_TRIGGERS])
            self.add_triggered_layer(d, ab, {"card": h})


    # ---- reveal (8.5.17) -----------------------------------------------------------------------------------
    def effect_reveal(self, eff: dict, src, controller: str, layer):
        """8.5.17: reveal cards from the player's hand — made public, then private again (a discrete effect). The
        cards are the player's choice (the action's ``pay_with`` for a cost, ``choose`` for an effect; else the
        first in the file that fit, said); none that fit: the reveal fails."""
        what = eff.get("what") if isinstance(eff.get("what"), dict) else {}
        n = eff.get("amount", 1) if isinstance(eff.get("amount", 1), int) else 1
        sel = {"what": {**what, "zone": what.get("zone", "hand")}, "amount": n}
        if "who" in eff:   # whose hand: "they reveal a card from their hand" (the hero hit, an opponent)
            sel["who"] = eff["who"]
        who = self._player_word(eff["who"], controller, layer) if "who" in eff else controller
        picked = [c for c in self.chosen_objects(sel, "it", src, layer, controller) if c is not src]
        self.last_ok = len(picked) >= n
        self.last_objects = [c.handle for c in picked]
        if not picked:
            self.step(f"{self.player_name(who)} has no such card to reveal: the reveal fails.",
                      [cited.REVEAL, cited.EFFECT_FAILS])
            return
        # the card "revealed this way" that a ``revealed`` condition after it reads (8.5.17)
        self.__dict__.setdefault("revealed_by", {})[src.handle if src else None] = picked[-1].handle
        self.step(f"{self.player_name(who)} reveals {', '.join(c.name for c in picked)} (made public, then "
                  "private again).", [cited.REVEAL], tag="telling")

    # ---- charge (8.5.29) ----------------------------------------------------------------------------------
    def effect_charge(self, eff: dict, src, controller: str, layer):
        """8.5.29: move a card from the player's hand to their hero's soul — the card the player chooses (the
        action's ``pay_with`` for a cost, ``choose`` for an effect; else the first in the file, said). The player
        has charged and the card is charged (8.5.29a): an event ``charge``; the card is "charged this way"."""
        what = eff.get("what") if isinstance(eff.get("what"), dict) else {}
        picked = self.chosen_objects({"what": {**what, "zone": "hand"}, "amount": 1}, "it", src, layer, controller)
        picked = [c for c in picked if c is not src]
        self.last_ok = bool(picked)
        if not picked:
            self.step(f"{self.player_name(controller)} has no card in hand to charge: the charge fails.",
                      [cited.CHARGE, cited.EFFECT_FAILS])
            self.last_objects = []
            return
        for c in picked:
            self.move(c, "soul")
            self.step(f"{self.player_name(controller)} charges their hero's soul: {c.name} moves from their hand to "
                      "their hero's soul; they have charged and it is charged.",
                      [cited.CHARGE, cited.CHARGED, cited.HEROS_SOUL], tag="telling")
            self.facts.setdefault("charged", []).append(c.handle)
            self.event("charge", card=c.handle, player=controller)
        self.last_objects = [c.handle for c in picked]
        # "If a yellow card is charged this way": the card this source's charge effect charged last (8.5.29a)
        self.__dict__.setdefault("charged_by", {})[src.handle if src else None] = picked[-1].handle

    # ---- opt (8.5.22) and reload (8.5.23) -----------------------------------------------------------------
    def effect_opt(self, eff: dict, src, controller: str, layer):
        """8.5.22: look at the top N cards of the deck, then put any of them on the top or bottom in any order —
        the order the action names (``opt = { top = [...], bottom = [...] }``), else they stay as they were."""
        who = self._player_word(eff.get("who", "you"), controller, layer)
        n = eff.get("amount", 1)
        deck = self.deck_of(who)
        if not deck:
            self.step(f"{self.player_name(who)} would opt {n}, but their deck is empty: the opt effect fails.",
                      [cited.OPT_EMPTY_DECK])
            self.last_ok = False
            return
        looked, rest = deck[:n], deck[n:]
        fewer = len(deck) < n
        choice = layer.params.get("opt") if layer is not None else None
        if choice is None:
            top, bottom = looked, []
            how = "the scenario names no order, so they are put back on top in the order they were"
        else:
            top, bottom = self._opt_choice(choice, looked)
            how = "puts " + "; ".join(part for part in (
                f"{', '.join(c.name for c in top)} on top (in that order)" if top else "",
                f"{', '.join(c.name for c in bottom)} on the bottom (in that order)" if bottom else "") if part)
        lo = min((c.deck_pos for c in rest), default=0.0)
        hi = max((c.deck_pos for c in rest), default=0.0)
        for i, c in enumerate(reversed(top)):
            c.deck_pos = lo - 1 - i
        for i, c in enumerate(bottom):
            c.deck_pos = hi + 1 + i
        self.step(f"{self.player_name(who)} opts {n}: they look at the top {len(looked)} card(s) of their deck "
                  f"({', '.join(c.name for c in looked)})" + (" — fewer than N, so all of them" if fewer else "")
                  + f"; {how}.", [cited.OPT] + ([cited.OPT_FEWER_CARDS] if fewer else []), tag="telling")

    def _opt_choice(self, choice, looked: list) -> tuple[list, list]:
        """The action's ``opt`` table checked against the cards looked at: each exactly once, top or bottom."""
        top = [self.s.cards.get(h) for h in choice.get("top", [])]
        bottom = [self.s.cards.get(h) for h in choice.get("bottom", [])]
        named = top + bottom
        if None in named or sorted(c.handle for c in named) != sorted(c.handle for c in looked):
            raise InvalidScenario([self.scenario.reason(
                "bad-action", f"opt puts back exactly the cards looked at ({', '.join(c.handle for c in looked)}), each "
                f"once, on top or bottom; the action names {', '.join(map(str, choice.get('top', []) + choice.get('bottom', [])))}",
                f"{self.current_key}.opt", cited.OPT)])
        return top, bottom

    def effect_reload(self, eff: dict, src, controller: str, layer):
        """8.5.23: if the player's arsenal is empty and they choose to, a card from their hand goes face down
        into it — the card the action names (``reload = "HANDLE"``); naming none, they do not reload."""
        chosen = layer.params.get("reload") if layer is not None else None
        occupied = [c for c in self.s.cards.values() if c.zone == "arsenal" and c.owner == controller]
        if chosen is None:
            self.step(f"{self.player_name(controller)} may reload, and chooses not to (the scenario names no card).",
                      [cited.RELOAD], tag="telling")
            self.last_ok = False
            return
        card = self.s.cards.get(chosen)
        if card is None or card.zone != "hand" or card.owner != controller:
            raise InvalidScenario([self.scenario.reason(
                "bad-action", f"reload = {chosen!r}: reload puts a card from {controller}'s hand into the arsenal, "
                "and that card is not in their hand as the effect resolves", f"{self.current_key}.reload",
                cited.RELOAD)])
        if occupied:
            self.step(f"{self.player_name(controller)} cannot reload: their arsenal is not empty "
                      f"({', '.join(c.name for c in occupied)}).", [cited.RELOAD, cited.RELOAD_ALL_ARSENALS],
                      tag="telling")
            self.last_ok = False
            return
        self.move(card, "arsenal")
        card.face_down = True
        self.step(f"{self.player_name(controller)} reloads: {card.name} moves from their hand face down into their "
                  "empty arsenal.", [cited.RELOAD], tag="telling")

    # ---- fusion (8.3.17) ----------------------------------------------------------------------------------
    def pay_reveal_cost(self, player: str, c, action: dict):
        """8.3.17: the play action's ``fuse = ["HANDLE", …]`` pays a fusion card's optional additional cost:
        each revealed card is in the player's hand and has one of the supertypes listed, one card for each
        (8.3.17c); the played card is then fused (8.3.17a). Without ``fuse`` the player does not fuse."""
        kws = self.keywords(c)
        rows = [row for row in with_hook("reveal-cost") if row.name in kws]
        named = list(action.get("fuse", []))
        if not named:
            if rows:
                self.step(f"Fusion: {self.player_name(player)} reveals no card, so the optional additional cost is "
                          f"not paid and {c.name} is not fused.", [cited.FUSION], tag="telling")
            return
        if not rows:
            raise IllegalAction(f"{c.name} has no fusion ability, so nothing asks for cards to be revealed",
                                [cited.FUSION])
        wanted = {sup for row in rows for sup in row.data}
        revealed = [self.s.cards[h] for h in named if h in self.s.cards]
        for card in revealed:
            if card.zone != "hand" or card.owner != player:
                raise IllegalAction(f"{card.name} is not in {self.player_name(player)}'s hand, so it cannot be revealed "
                                    "for fusion", [cited.CANNOT_FUSE])
        # up to one card for each supertype listed, a single card counting for several (8.3.17c)
        left = set(wanted)
        for card in revealed:
            fits = card.supertypes & left
            if not fits:
                raise IllegalAction(f"{card.name} is not a {' or '.join(sorted(left or wanted))} card still to be "
                                    "revealed for fusion (one card for each supertype listed)",
                                    [cited.CANNOT_FUSE, cited.FUSION_ONE_CARD_EACH])
            left -= fits
        every = not any("and/or" in row.name for row in rows)   # 8.3.17d: "and" needs all, "and/or" one or more
        if left and every:
            raise IllegalAction(f"fusing needs a card for each of {', '.join(sorted(wanted))}",
                                [cited.CANNOT_FUSE, cited.FUSION_AND_OR])
        c.__dict__["_fused"] = True
        c.__dict__["_played_with"] = c.__dict__.get("_played_with", frozenset()) | {"fusion"}   # "the next attack you fuse" (8.3.17a)
        self.facts.setdefault("fused", []).append(c.handle)
        self.step(f"Fusion: {self.player_name(player)} pays the additional cost of revealing "
                  f"{', '.join(card.name for card in revealed)} from their hand; {c.name} is fused.",
                  [cited.FUSION, cited.FUSED], tag="telling")
