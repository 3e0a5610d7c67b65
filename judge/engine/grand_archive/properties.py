# Properties and States, Fostered, Foster, Agility N: fostering in the recollection phase, agility in the end phase.
"""Properties of objects and players that keywords give (Properties and States; Game Terms, Fostered; Keywords and
Abilities: Foster 1-3, On Foster 1, Agility N 1-4): fostering at the beginning of the recollection phase, and a
player's agility returning cards from memory at the beginning of each end phase."""

from __future__ import annotations

from judge.engine.grand_archive.cards import Ability, Card
from judge.engine.grand_archive.state import PendingTrigger
from judge.engine.grand_archive import cited


class Properties:
    """Mixed into Game: foster and fostered, agility."""

    # ---------------------------------------------------------------------------------------------------------
    # foster
    # ---------------------------------------------------------------------------------------------------------
    def undamaged_since_last_turn(self, unit: Card) -> bool:
        """Has ``unit`` not been dealt damage since the end of its controller's previous turn (foster/1)? That
        turn ended len(order) turns ago; damage marked when the scenario starts was dealt this turn."""
        return unit.damaged_turn is None or unit.damaged_turn <= self.s.turn - len(self.s.order)

    def foster_triggers(self, cites: list[str]):
        """Foster: "at the beginning of your recollection phase, if this ally hasn't been dealt damage since the
        end of your previous turn, it becomes fostered" — a triggered ability with an intervening condition."""
        s = self.s
        for unit in [c for c in s.cards.values() if c.zone == "field" and c.controller == s.turn_player]:
            if not self.keyword(unit, "foster") or unit.fostered:
                continue
            if not self.undamaged_since_last_turn(unit):
                self.step(f"{unit.name} has foster, but it was dealt damage since the end of {unit.controller}'s "
                          "previous turn: the ability does not trigger.", [cited.FOSTER],
                          answer=True)
                continue
            self.keyword_trigger(unit, "foster", [{"do": "foster", "to": "self", "undamaged": True}],
                                 f"{s.turn_player}'s recollection phase begins and {unit.name} has not been dealt "
                                 "damage since the end of their previous turn", cites + [cited.FOSTER])

    def do_foster(self, e, inst, you, source_name):
        """An ally becomes fostered, once (game-terms/fostered/3, 4); its On Foster abilities trigger."""
        for h in self._units(e, inst, you):
            unit = self.s.cards.get(h)
            if unit is None or unit.zone != "field":
                continue
            if e.get("undamaged") and not self.undamaged_since_last_turn(unit):
                self.step(f"{unit.name} was dealt damage since the trigger: it does not become fostered.",
                          [cited.FOSTER], answer=True)
                continue
            if unit.fostered:
                self.step(f"{unit.name} is already fostered: an ally can only become fostered once.",
                          [cited.FOSTERED_ONCE], answer=True)
                continue
            unit.fostered = True
            self.step(f"{unit.name} becomes fostered.", [cited.FOSTERED_PROPERTY, cited.FOSTERED_MADE]
                      + ([cited.FOSTER] if e.get("undamaged") else []), answer=True)
            for ab in unit.abilities:
                if ab.kind == "trigger" and ab.get("on") == "foster":
                    self.pending_trigger(unit, ab, f"{unit.name} becomes fostered",
                                         [cited.ON_FOSTER])

    # ---------------------------------------------------------------------------------------------------------
    # agility
    # ---------------------------------------------------------------------------------------------------------
    def do_agility(self, e, inst, you, source_name):
        """A player gains an instance of agility N until the clean-up of this turn (agility/1.1, 1.1.1, 1.1.2)."""
        n, _ = self.amount(e.get("amount", 1), inst)
        for p in self._who(e, inst, you):
            self.s.players[p].agility.append(n)
            self.step(f"{p} gains agility {n} until end of turn"
                      + (f" ({len(self.s.players[p].agility)} instances)" if len(self.s.players[p].agility) > 1
                         else "") + ".", [cited.AGILITY_GRANTED_TO_PLAYER, cited.AGILITY_MULTIPLE_INSTANCES],
                      answer=True)

    def agility_triggers(self, cites: list[str]):
        """At the beginning of each end phase, each instance of agility a player has triggers: "return N cards
        from your memory to your hand" (agility/1, 1.2, 4)."""
        s = self.s
        for p in s.order:
            for n in s.players[p].agility:
                ab = Ability(0, "trigger", {"effects": [{"do": "return-memory", "amount": n}],
                                            "text": f"Agility {n}"})
                lki = {"name": p, "controller": p, "zone": "player"}
                s.pending.append(PendingTrigger(p, 0, f"the end phase begins and {p} has agility {n}",
                                                cites + [cited.AGILITY_TRIGGERS_EACH_END_PHASE,
                                                         cited.AGILITY_SEPARATE_TRIGGERS]
                                                + ([cited.AGILITY_ON_OPPONENTS_TURN] if p != s.turn_player
                                                   else []), lki,
                                                ability=ab, keyword="agility"))

    def do_return_memory(self, e, inst, you, source_name):
        """Return N cards from memory to hand; with fewer, as many as possible (agility/2, 3). The player picks:
        the unnamed cards first, then named ones in the order listed."""
        n, _ = self.amount(e.get("amount", 1), inst)
        p = self.s.players[you]
        moved = min(n, p.unnamed["memory"])
        p.unnamed["memory"] -= moved
        p.unnamed["hand"] += moved
        named = sorted((c for c in self.s.cards.values() if c.zone == "memory" and c.owner == you),
                       key=lambda c: c.deck_position)[:n - moved]
        for c in named:
            self.move(c, "hand")
        total = moved + len(named)
        self.step(f"{you} returns {total} card{'s' if total != 1 else ''} from memory to hand"
                  + (f" (fewer than {n}: as many as they can)" if total < n else "") + ".",
                  [cited.AGILITY, cited.AGILITY_PLAYER_PICKS]
                  + ([cited.AGILITY_FEWER_CARDS] if total < n else []), answer=True)

    def lose_agility(self) -> list[str]:
        """Clean-up: players lose their agility (agility/1.1.2)."""
        had = [p for p, pl in self.s.players.items() if pl.agility]
        for p in had:
            self.s.players[p].agility = []
        return had

    # ---------------------------------------------------------------------------------------------------------
    # cards and objects named to pay part of a cost (floating memory, reservable, kindle)
    # ---------------------------------------------------------------------------------------------------------
    def _check_payers(self, key: str, field: str, rule, handles: list, too_many: str | None, fits, refusal):
        """Refuse the payment ``field = [...]`` names (validated before anything is paid): ``too_many`` when it
        names more than may pay, else the first card for which ``fits`` is false, with ``refusal(card)``."""
        from judge.engine.core import InvalidScenario

        if too_many:
            raise InvalidScenario([self.scenario.reason("bad-payment", too_many, f"{key}.{field}", rule)])
        for h in handles:
            if not fits(self.s.cards[h]):
                raise InvalidScenario([self.scenario.reason("bad-payment", refusal(self.s.cards[h]), f"{key}.{field}",
                                                            rule)])

    # ---------------------------------------------------------------------------------------------------------
    # floating memory
    # ---------------------------------------------------------------------------------------------------------
    def pay_floating(self, player: str, amount: int, act: dict, key: str) -> int:
        """The cards of ``floating = [...]``: each has floating memory, is in the player's graveyard and is
        banished to pay 1 of the memory cost, declared before the random part is determined (floating-memory/1,
        2). Returns how much they paid."""
        from judge.engine.grand_archive.words import as_list

        handles = as_list(act.get("floating"))
        if not handles:
            return 0
        self._check_payers(key, "floating", cited.FLOATING_MEMORY, handles,
                           f"floating = [...] names {len(handles)} cards for a memory cost of {amount}"
                           if len(handles) > amount else None,
                           lambda c: c.zone == "graveyard" and c.owner == player and self.keyword(c, "floating memory"),
                           lambda c: f"{c.name} can't pay for the memory cost: only a card with floating memory in "
                           f"{player}'s graveyard may be banished to pay 1 of it")
        for h in handles:
            self.move(self.s.cards[h], "banishment")
        self.step(f"Pay costs: before the random selection, {player} banishes "
                  f"{', '.join(self.s.cards[h].name for h in handles)} from their graveyard with floating memory, "
                  f"paying {len(handles)} of the memory cost of {amount}.",
                  [cited.FLOATING_MEMORY, cited.FLOATING_MEMORY_DECLARED_FIRST], answer=True)
        return len(handles)

    # ---------------------------------------------------------------------------------------------------------
    # On Leave, On Banish
    # ---------------------------------------------------------------------------------------------------------
    def left_field(self, obj: Card, zone: str):
        """An object left the field for ``zone``: its On Leave abilities trigger (on-leave/1, 2), and its On Banish
        abilities if it went to banishment (on-banish/1, 3); the source is the object that left, by its last known
        information."""
        for ab in obj.abilities:
            if ab.kind != "trigger" or ab.get("on") not in ("leave", "banish"):
                continue
            if ab.get("on") == "banish" and zone != "banishment":
                continue
            banish = ab.get("on") == "banish"
            what = "is banished from the field" if banish else "leaves the field"
            rules = [cited.ON_BANISH, cited.ON_BANISH_FROM_FIELD] if banish else [cited.ON_LEAVE, cited.ON_LEAVE_FROM_FIELD]
            self.s.pending.append(PendingTrigger(
                obj.handle, ab.index, f"{obj.name} {what}", rules,
                dict(self.s.lki.get(obj.handle, {"name": obj.name, "controller": obj.controller}), zone=zone)))

    # ---------------------------------------------------------------------------------------------------------
    # reservable
    # ---------------------------------------------------------------------------------------------------------
    def pay_reservable(self, player: str, amount: int, act: dict, key: str) -> int:
        """The objects of ``reservable = [...]``: each has reservable, is an awake object the player controls, and
        rests to pay 1 of a reserve cost, any reserve cost (reservable/1, 2). Returns how much they paid."""
        from judge.engine.grand_archive.words import as_list

        handles = as_list(act.get("reservable"))
        if not handles:
            return 0
        self._check_payers(key, "reservable", cited.RESERVABLE, handles,
                           f"reservable = [...] names {len(handles)} objects for a reserve cost of {amount}"
                           if len(handles) > amount else None,
                           lambda o: o.zone == "field" and o.controller == player and not o.rested
                           and self.keyword(o, "reservable"),
                           lambda o: f"{o.name} can't pay for the reserve cost: only an awake object with reservable "
                           f"that {player} controls may be rested to pay 1 of it")
        for h in handles:
            self.s.cards[h].rested = True
        self.step(f"Pay costs: {player} rests {', '.join(self.s.cards[h].name for h in handles)} (reservable), "
                  f"paying {len(handles)} of the reserve cost of {amount}.",
                  [cited.RESERVABLE, cited.RESERVABLE_ANY_RESERVE_COST], answer=True)
        return len(handles)

    # ---------------------------------------------------------------------------------------------------------
    # kindle
    # ---------------------------------------------------------------------------------------------------------
    def pay_kindle(self, player: str, card: Card, amount: int, act: dict, key: str) -> int:
        """The cards of ``kindle = [...]``: up to N fire element cards banished from the player's graveyard as a
        card with kindle N is activated, each paying 1 of its reserve cost; its cost itself is unchanged
        (kindle-n/1, 2). Returns how much they paid."""
        from judge.engine.grand_archive.words import as_list

        handles = as_list(act.get("kindle"))
        if not handles:
            return 0
        n = self.keyword(card, "kindle") or 0
        why = (f"{card.name} has no kindle" if not n else
               f"kindle {n} banishes up to {n} cards, and {len(handles)} are named" if len(handles) > n else
               f"{len(handles)} cards named for a reserve cost of {amount}" if len(handles) > amount else None)
        self._check_payers(key, "kindle", cited.KINDLE, handles, why,
                           lambda c: c.zone == "graveyard" and c.owner == player and "fire" in c.elements,
                           lambda c: f"{c.name} is not a fire element card in {player}'s graveyard, so kindle can't "
                           "banish it")
        for h in handles:
            self.move(self.s.cards[h], "banishment")
        self.step(f"Pay costs: with kindle {n}, {player} banishes {', '.join(self.s.cards[h].name for h in handles)} "
                  f"from their graveyard, paying {len(handles)} of {card.name}'s reserve cost of {amount}; the cost "
                  "itself is unchanged.", [cited.KINDLE, cited.KINDLE_COST_UNCHANGED],
                  answer=True)
        return len(handles)

    # ---------------------------------------------------------------------------------------------------------
    # On Charge N
    # ---------------------------------------------------------------------------------------------------------
    def _untriggered_charges(self, obj: Card):
        return [ab for ab in obj.abilities if ab.kind == "trigger" and ab.get("on") == "charge"
                and ab.index not in obj.charged]

    def charge_counters(self):
        """At the beginning of the recollection phase, a turn-based action: the turn player puts a charge counter
        on each of their objects with an untriggered On Charge ability (on-charge/2)."""
        s = self.s
        objs = [c for c in s.cards.values() if c.zone == "field" and c.controller == s.turn_player
                and self._untriggered_charges(c)]
        for c in objs:
            c.counters["charge"] = c.counters.get("charge", 0) + 1
        if objs:
            self.step(f"{s.turn_player} puts a charge counter on "
                      + ", ".join(f"{c.name} ({c.counters['charge']})" for c in objs)
                      + ", a turn-based action: each has an On Charge ability that has not triggered.",
                      [cited.ON_CHARGE_COUNTER_EACH_RECOLLECTION], answer=True)

    def charge_triggers(self):
        """On Charge N: the first time an object has N charge counters its ability triggers, once (on-charge/1,
        1.1)."""
        for c in [c for c in self.s.cards.values() if c.zone == "field"]:
            for ab in self._untriggered_charges(c):
                n = ab.get("charges", 1)
                if c.counters.get("charge", 0) >= n:
                    c.charged.add(ab.index)
                    self.pending_trigger(c, ab, f"{c.name} has {n} charge counter{'s' if n != 1 else ''} for the "
                                         "first time", [cited.ON_CHARGE,
                                                        cited.ON_CHARGE_ONCE])

    # ---------------------------------------------------------------------------------------------------------
    # ephemerate
    # ---------------------------------------------------------------------------------------------------------
    def check_ephemerate(self, player: str, card: Card, origin: str, cites: list[str]):
        """Ephemerate N: the card may be activated from its owner's graveyard by paying its ephemerate cost (a
        reserve cost of N), at its default speed; it becomes ephemeral (ephemerate/1, 1.2, 1.3, 1.4)."""
        from judge.engine.grand_archive.playing import Illegal

        n = self.keyword(card, "ephemerate")
        if n is None or origin != "graveyard" or card.owner != player:
            raise Illegal(f"{card.name} can't be activated by its ephemerate cost: "
                          + ("it has no ephemerate" if n is None else f"it is not in {player}'s graveyard") + ".",
                          cites + [cited.EPHEMERATE])
        card.ephemeral = True
        self.step(f"{card.name} has ephemerate {n}: {player} activates it from the graveyard, paying its ephemerate "
                  f"cost instead of its reserve cost; it follows its default speed, and becomes ephemeral.",
                  cites + [cited.EPHEMERATE, cited.EPHEMERATE_DEFAULT_SPEED], answer=True)
