# Damage, Damage Prevention, Replacement Effects, State-based Checks 1-3, Objectives and Ending the Game.
"""Damage and its prevention (damage, damage-prevention, replacement-effects, counters pages), the state-based
checks of damage, durability and game end (state-based-checks-and-effects Types of Checks 1-3), champions dying
and the objective (objectives, ending-the-game pages)."""

from __future__ import annotations

from itertools import permutations

from judge.engine.grand_archive import cited
from judge.engine.grand_archive.cards import Card
from judge.engine.grand_archive.words import counters


class DamageRules:
    """Mixed into Game: dealing damage through replacement and prevention effects; champions' life and defeat."""

    # ---------------------------------------------------------------------------------------------------------
    # champions' life
    # ---------------------------------------------------------------------------------------------------------
    def champion_life(self, player: str) -> int | None:
        """The champion's life: the top card of the lineage's life stat with its modifications (champion/leveling-up/
        7.2.1.4: the inner lineage's life stats are ignored), or the player table's ``life``."""
        champ = self.champion_of(player)
        if champ is not None and champ.life is not None:
            return champ.stat("life")
        return self.s.players[player].life

    # ---------------------------------------------------------------------------------------------------------
    # dealing damage
    # ---------------------------------------------------------------------------------------------------------
    def damage_effects(self, source: Card | None, target: str, combat: bool) -> list[dict]:
        """Replacement effects that would change damage dealt to ``target`` now: bulwark counters, prevention
        effects waiting (shields), and static damage effects (doubling, increasing, preventing)."""
        s = self.s
        out = []
        unit = self.unit(target)
        if combat and unit is not None and unit.counters.get("bulwark", 0) > 0:
            out.append({"op": "bulwark", "name": f"{unit.name}'s bulwark counter", "unit": unit.handle,
                        "cites": [cited.BULWARK_PREVENTS_NEXT_COMBAT_DAMAGE, cited.BULWARK_NOT_OPTIONAL,
                                  cited.BULWARK_ONE_REPLACEMENT]})
        who = {target, unit.handle if unit is not None else target, self.player_of(target) or target}
        for shield in s.shields:
            if shield["who"] in who and (combat or not shield.get("combat")) and shield["left"] > 0:
                out.append({"op": "prevent", "name": shield["name"], "amount": shield["left"], "shield": shield,
                            # a whole number of points subtracted (10), as a buffer (5.1) or once (5.2)
                            "cites": [cited.SHIELDING_PREVENTION_BUFFER if shield["kind"] == "shield" else
                                      cited.INSTANCE_PREVENTION, cited.PREVENTION_WHOLE_NUMBER]})
        critical = self.critical_effect(source, combat)
        if critical is not None:
            out.append(critical)
        for src, ab, eff in self.statics("damage-mod"):
            if eff.get("combat") and not combat:
                continue
            if unit is not None and not self.matches(unit, eff.get("to"), src.controller):
                continue
            if unit is None and eff.get("to") and eff["to"].get("types") != ["champion"]:
                continue
            if eff.get("from") and (source is None or not self.matches(source, eff["from"], src.controller)):
                continue
            out.append({"op": eff.get("op", "prevent"), "name": src.name, "amount": eff.get("amount", 1),
                        "cites": [cited.REPLACEMENT_EFFECT, cited.REPLACEMENT_PHRASING]})
        return out

    @staticmethod
    def _apply(order: list[dict], n: int, unpreventable: bool) -> int:
        for eff in order:
            if eff["op"] in ("prevent", "bulwark") and not unpreventable:
                n = 0 if eff["op"] == "bulwark" else max(0, n - eff["amount"])
            elif eff["op"] == "double":
                n *= 2
            elif eff["op"] == "add":
                n += eff["amount"]
        return n

    def deal_damage(self, source: Card | None, n: int, target: str, combat: bool, cites: list[str],
                    source_name: str | None = None, why: str = "", unpreventable: bool = False) -> int:
        """Deal ``n`` damage to a unit (a player's name stands for their champion), through replacement effects in
        the order its controller chooses (replacement-effects/2, damage-step/3.6); returns the damage dealt."""
        s = self.s
        name = source_name or (source.name if source else "")
        n = max(0, n)
        effects = self.damage_effects(source, target, combat)
        if effects and n > 0:
            orders = list(permutations(effects)) if len(effects) <= 5 else [tuple(effects)]
            best = min(orders, key=lambda o: self._apply(list(o), n, unpreventable))
            result = self._apply(list(best), n, unpreventable)
            taker = self.player_of(target) or (self.unit(target).controller if self.unit(target) else target)
            if len(effects) > 1:
                self.step(f"Replacement effects would change the {n} damage to {self.describe(target)}: {taker}, who "
                          f"controls it, applies them one at a time in the order of their choice, the one that deals the least damage — "
                          f"{', then '.join(self._op_text(e) for e in best)} — so {result} damage would be dealt.",
                          [cited.REPLACEMENT_ORDER_BY_AFFECTED_CONTROLLER, cited.REPLACEMENT_ORDER_STEP_WISE,
                           cited.REPLACEMENTS_OF_ONE_OUTCOME, cited.DAMAGE_REPLACEMENT_ORDER,
                           cited.PREVENTION_ORDER_AS_REPLACEMENT], answer=True)
            if combat and s.combat is not None and any(e["op"] in ("prevent", "bulwark") for e in best):
                s.combat.prevented = True
            for eff in best:
                self._consume(eff, n, unpreventable)
                if len(effects) == 1:
                    self.step(f"{self._op_text(eff)[0].upper()}{self._op_text(eff)[1:]}: the {n} damage becomes "
                              f"{result}.", eff["cites"] + ([cited.UNPREVENTABLE_DAMAGE] if unpreventable else []),
                              answer=True)
            n = result
        if n <= 0:
            self.step(f"No damage is dealt to {self.describe(target)}: damage prevented or reduced to 0 is not dealt.",
                      [cited.DAMAGE_DEALT_ONLY_ABOVE_ZERO, cited.PREVENTED_DAMAGE_DOES_NOT_HAPPEN], answer=True)
            return 0
        kind = "combat damage" if combat else "damage"
        player = self.player_of(target) if target in s.players else None
        unit = self.unit(target)
        if player is None and unit is not None and "champion" in unit.types:
            player = unit.controller
        if player is not None:
            s.players[player].damage += n
            self.step(f"{name} deals {n} {kind} to {self.champion_name(player)}" + (f" ({why})" if why else "")
                      + f": {counters(s.players[player].damage)} on it.", cites + [cited.DEAL_X_DAMAGE_MARKS_DAMAGE,
                                                                                   cited.CHAMPION_DAMAGE_COUNTERS_STAY],
                      answer=True)
        elif self.siegeable(unit):
            left = max(0, unit.counters.get("durability", 0) - n)
            unit.counters["durability"] = left
            self.step(f"{name} deals {n} {kind} to {unit.name}" + (f" ({why})" if why else "") + f", a siegeable "
                      f"domain: {n} durability counter{'s are' if n != 1 else ' is'} removed from it ({left} left).",
                      cites + [cited.SIEGEABLE_DAMAGE_REMOVES_DURABILITY, cited.DEAL_X_DAMAGE_MARKS_DAMAGE], answer=True)
        elif unit is not None:
            unit.damage += n
            unit.damaged_turn = s.turn
            self.step(f"{name} deals {n} {kind} to {unit.name}" + (f" ({why})" if why else "") + ".",
                      cites + [cited.DEAL_X_DAMAGE_MARKS_DAMAGE], answer=True)
        return n

    @staticmethod
    def _op_text(eff: dict) -> str:
        if eff["op"] == "bulwark":
            return f"{eff['name']} prevents the damage and is removed"
        if eff["op"] == "prevent":
            return f"{eff['name']} prevents {eff['amount']}"
        if eff["op"] == "double":
            return f"{eff['name']} doubles it"
        return f"{eff['name']} adds {eff['amount']}"

    def _consume(self, eff: dict, n: int, unpreventable: bool):
        """A bulwark counter is removed; a shield absorbs what it prevented, an instance prevention is used up
        (damage-prevention/5.1, 5.2, 7)."""
        if eff["op"] == "bulwark":
            unit = self.s.cards[eff["unit"]]
            unit.counters["bulwark"] -= 1
        elif eff["op"] == "prevent" and "shield" in eff:
            shield = eff["shield"]
            if shield["kind"] == "instance":
                shield["left"] = 0
            elif not unpreventable:
                shield["left"] -= min(shield["left"], n)

    # ---------------------------------------------------------------------------------------------------------
    # state-based checks: game end, damage, durability
    # ---------------------------------------------------------------------------------------------------------
    def game_checks(self) -> bool:
        """Types of Checks 1-3 (and Combat Roles, 7): champions and allies whose damage reaches their life die,
        weapons without durability are destroyed; a player whose champion died loses. True when something changed."""
        s = self.s
        changed = False
        dead = []
        for p, pl in s.players.items():
            life = self.champion_life(p)
            if pl.lost or life is None or pl.damage < life:
                continue
            champ = self.champion_of(p)
            if champ is not None and self.keyword(champ, "immortality"):
                continue
            self.step(f"{self.champion_name(p)} has {counters(pl.damage)} and {life} life: it dies, and {p} loses "
                      "the game.", [cited.LETHAL_DAMAGE_CHECK, cited.DAMAGE_COUNTERS_KILL_CHAMPION,
                                    cited.CHAMPION_DAMAGE_COUNTERS_STAY, cited.PLAYER_LOSES, cited.LOSES_WHEN_CHAMPION_DIES], answer=True)
            if champ is not None:
                self.remember(champ)
                self.move(champ, "banishment")
                self.step(f"{champ.name} would go to the graveyard, but a champion card is banished instead.",
                          [cited.CHAMPION_TO_GRAVEYARD_BANISHED_INSTEAD])
            dead.append(p)
            changed = True
        if dead:
            self.lose(*dead)
        for obj in list(s.cards.values()):
            if obj.zone != "field":
                continue
            if "ally" in obj.types and obj.life is not None and (obj.damage >= obj.stat("life") or obj.stat("life") <= 0):
                if self.keyword(obj, "immortality"):
                    said = (obj.handle, obj.damage, obj.stat("life"))
                    if said not in self.said:
                        self.said.add(said)
                        self.step(f"{obj.name} has {obj.damage} damage and {obj.stat('life')} life, but it has "
                                  "immortality: it does not die.", [cited.IMMORTALITY,
                                                                     cited.IMMORTAL_DOES_NOT_DIE],
                                  answer=True)
                    continue
                self.step(f"{obj.name} has {obj.damage} damage and {obj.stat('life')} life: it dies.",
                          [cited.LETHAL_DAMAGE_CHECK, cited.ALLY_DIES_AT_ZERO_LIFE], answer=True)
                self.leave_field(obj, "graveyard")
                self.dies(obj, "its damage reached its life", [cited.LETHAL_DAMAGE_CHECK])
                if obj.zone == "graveyard" or obj.zone == "ceased":
                    self.killed_by_combat(obj)
                changed = True
            elif self.siegeable(obj) and obj.counters.get("durability", 1) <= 0:
                self.step(f"{obj.name} has no durability counters: the siegeable domain is destroyed. It is not a "
                          "unit, so it does not die.", [cited.SIEGEABLE_DESTROYED_AT_ZERO,
                                                        cited.DURABILITY_ZERO_DESTROYED,
                                                        cited.SIEGEABLE_DESTROYED_NOT_DIES, cited.SIEGEABLE_NOT_UNITS],
                          answer=True)
                self.leave_field(obj, "graveyard")
                changed = True
            elif "weapon" in obj.types and obj.counters.get("durability", 1) <= 0:
                instead = self.graveyard_replacement(obj)
                self.step(f"{obj.name} has no durability counters: it is destroyed"
                          + (f"; it would go to the graveyard, but a {instead[0]} card is banished instead." if instead
                             else "."),
                          [cited.CHECK_WEAPON_DURABILITY, cited.DURABILITY_ZERO_DESTROYED,
                           cited.WEAPON_DESTROYED_AT_ZERO_DURABILITY, cited.DESTROYED_WEAPON_TO_GRAVEYARD] + ([instead[1]] if instead else []), answer=True)
                self.leave_field(obj, "graveyard")
                changed = True
        if self.combat_roles_check():
            changed = True
        return changed

    def lose(self, *players: str):
        """Players lose at the same time; when one player is left, they win; when none, the game is a draw
        (ending-the-game/4-6, objectives/1)."""
        s = self.s
        for player in players:
            s.players[player].lost = True
            self.facts.setdefault("lost", []).append(player)
        left = [p for p in s.order if not s.players[p].lost]
        if len(left) == 1:
            s.winner = left[0]
            s.game_over = True
            self.step(f"All of {left[0]}'s opponents have lost: {left[0]} wins the game, and the game is over — this is "
                      "not an event any player may respond to.", [cited.PLAYER_WINS, cited.WINS_WHEN_OPPONENTS_LOST,
                                                                   cited.GAME_ENDS_WIN_OR_DRAW, cited.GAME_END_NOT_RESPONDED_TO],
                      answer=True)
        elif not left:
            s.game_over = True
            self.step("Every player has lost at the same time: the game is a draw.",
                      [cited.ALL_LOSE_TOGETHER_IS_DRAW, cited.GAME_DRAW_IF,
                       cited.DRAW_WHEN_ALL_LOSE_TOGETHER], answer=True)
