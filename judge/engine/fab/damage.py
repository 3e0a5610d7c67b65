# Damage and prevention (FaB CR 8.5.3 deal damage, 6.4.10 prevention effects, 6.4.2 active replacement, 8.2.8f).
"""Damage events (8.5.3) to heroes and living objects, and the prevention effects that replace them (6.4.10).

A damage event is checked in the order the rules give: an object that is not living cannot be dealt damage
(8.5.3c); an event of 0 damage does not occur (1.9.1b); each prevention effect in force whose replacement
condition the event meets is active (6.4.2) and replaces it — its prevention amount first, then any effect
that decreases what it prevents (6.4.10g); damage that can't be prevented is still replaced but nothing is
prevented (6.4.10h); then the prevention keywords of the shielded hero's permanents (ward, arcane barrier, …).
"""

from __future__ import annotations

from judge.engine.fab import assets, cited
from judge.engine.fab.cards import ARENA_ZONES, Card, matches
from judge.engine.fab.keywords import with_hook

_LABEL = {"physical": "{p} damage", "arcane": "arcane damage"}


def _dealer(src: Card | None) -> str | None:
    """The player considered to have dealt a damage event (8.5.3a): the controller of a non-living source; none
    for an ally's damage (8.2.8e) or a sourceless one."""
    return src.controller if src is not None and src.life is None else None


class Damage:
    """Part of :class:`judge.engine.fab.game.Game`: owns nothing; deals damage (8.5.3) and applies the prevention
    effects (``prevent``), their decreases (``reduce-prevention``) and the prevention keywords (8.3)."""

    def deal_damage(self, target: str, amount: int, src: Card | None, kind="generic", hit_event=False,
                    unpreventable=False) -> int:
        """A damage event (8.5.3) to a hero or a living object (an ally), after the prevention effects replace
        it (6.4.10). Returns the damage dealt. ``unpreventable``: the effect says its damage can't be
        prevented (6.4.10h); a ``cannot-be-prevented`` effect on the source says the same."""
        obj = self.s.cards.get(target)
        name = src.name if src else "The effect"
        if obj is not None and (obj.life is None or obj.zone not in ARENA_ZONES):
            self.step(f"{obj.name} is not a living object (it has no life total in the arena): it cannot be dealt "
                      "damage, so the effect fails.", [cited.NON_LIVING_DAMAGE_FAILS, cited.EFFECT_FAILS], tag="telling")
            return 0
        who = obj.name if obj is not None else self.player_name(target)
        if amount <= 0 and not hit_event:
            self.step(f"{name} would deal 0 damage to {who}: an instruction to do nothing, so the event does not "
                      "occur — nothing can modify it and it triggers nothing.", [cited.NOTHING_EVENT], tag="telling")
            return 0
        event = {"amount": amount, "card": src.handle if src else None, "target": target, "kind": kind}
        if src is not None and src.zone == "combat-chain" and self.s.active_link is not None \
                and self.s.active_link.attack == src.handle:
            event["attack"] = src.handle
        if not hit_event and src is not None:
            self.step(f"{name} is the source of the {amount} {_LABEL.get(kind, 'damage')} that would be dealt to {who} "
                      "(the source of the ability that deals it).", [cited.DAMAGE_DEALT_BY_SOURCE])
        why = "the effect says so" if unpreventable else self._cannot_be_prevented(src, event)
        if why:
            self.step(f"The damage {name} would deal to {who} can't be prevented ({why}): a prevention effect still "
                      "applies to the event, but it prevents none of it.", [cited.PREVENTION_CANNOT_PREVENT])
        if kind == "arcane" and src is not None:
            amount = event["amount"] = self._amp(src.controller, amount, name, who)
        if src is not None and any(e.kind == "increase-damage" for e in self.s.effects):
            amount = event["amount"] = self._increase_damage(src, amount, kind, name, who)
        amount = self._prevention_effects(target, who, amount, kind, event, bool(why))
        if amount > 0 and obj is None:
            amount = self._keyword_prevention(target, amount, kind, bool(why))
            amount = self._prevent_by_removing(target, amount, kind, bool(why))
        if amount <= 0:
            return 0
        if obj is not None:
            return self._damage_object(obj, amount, src, kind, hit_event)
        p = self.s.players[target]
        before = p.life
        p.life = max(0, p.life - amount)
        p.life_lost_this_turn += before - p.life
        if kind == "arcane" and src is not None:
            self.s.players[src.controller].dealt_arcane_this_turn += amount
        if not hit_event and src is not None:
            self.event("damage", card=src.handle, target=target, amount=amount, is_attack=self.is_attack(src))
        self.step(f"{name} deals {amount} {_LABEL.get(kind, 'damage')} to {who} (life {before} → {p.life}).",
                  [cited.DEAL_DAMAGE])
        self.event("dealt-damage", card=None, target=target, source=src.handle if src else None, amount=amount,
                   hit_event=hit_event, kind=kind, player=_dealer(src))
        if not hit_event and self._is_attack_target(target):
            self.step(f"{who} is an attack-target, but this life loss is not damage dealt by the active-attack's "
                      "hit-event in the Damage Step: it does not make the attack hit.", [cited.NOT_HIT_OTHER_LIFE_LOSS],
                      tag="telling")
        if before - amount < 0:
            self.step(f"A life total cannot be negative: {who}'s life total is {before} − {amount}, which is "
                      "considered 0.", [cited.CANNOT_NEGATIVE_LIFE_TOTAL])
        return amount

    def life_total(self, c: Card) -> int | None:
        """A living object's life total: its life (base life modified by its {h} counters, 1.15.2a) minus the life it
        lost, never below 0 (2.5.3a, 2.5.3e)."""
        if c.life is None:
            return None
        life = self.numeric(c, "life") if any(k == "life" for _, k, _ in c.counters) else c.life
        return max(0, life - c.damage_taken)

    def _is_attack_target(self, target: str) -> bool:
        """Is ``target`` an attack-target of the attack on the active chain link or on the stack (1.4.5)?"""
        link = self.s.active_link
        if link is not None and not link.resolved and target in link.targets:
            return True
        return any(layer.is_attack and target in layer.attack_targets for layer in self.s.stack)

    def _damage_object(self, c: Card, amount: int, src: Card | None, kind: str, hit_event: bool) -> int:
        """8.5.3: a living object (an ally: it has the life property, 2.5.1) loses that much life; its controller
        and hero are not dealt damage (8.2.8f)."""
        before = self.life_total(c)
        c.damage_taken += amount
        if kind == "arcane" and src is not None:
            self.s.players[src.controller].dealt_arcane_this_turn += amount
        ally = "ally" in c.subtypes
        self.step(f"{src.name if src else 'The effect'} deals {amount} {_LABEL.get(kind, 'damage')} to {c.name} "
                  f"(life {before} → {self.life_total(c)})"
                  + (f"; {self.player_name(c.controller)} and their hero are not dealt damage." if ally else "."),
                  [cited.DEAL_DAMAGE, cited.LIFE_TOTAL] + ([cited.ALLY_DEALT_DAMAGE] if ally else []))
        if src is not None and not hit_event:   # the Damage Step sends a hit-event's own events
            self.event("damage", card=src.handle, target=c.handle, amount=amount, is_attack=self.is_attack(src))
        # "whenever this is dealt damage": the same damage event, about the object dealt the damage (8.5.3)
        self.event("dealt-damage", card=c.handle, target=c.handle, source=src.handle if src else None, amount=amount,
                   hit_event=hit_event, kind=kind, player=_dealer(src))
        return amount

    # =====================================================================================================
    # prevention effects (6.4.10)
    # =====================================================================================================
    def _amp(self, controller: str, amount: int, name: str, who: str) -> int:
        """8.5.47: each amp its controller made this turn replaces their next arcane damage event — it deals that
        much plus N — a standard-replacement applied before prevention (6.5.4); then that amp is used up."""
        for eff in [e for e in self.s.effects if e.kind == "amp" and e.controller == controller]:
            n = eff.data.get("amount", 0)
            self.s.effects.remove(eff)
            self.step(f"{self._src_name(eff)}'s amp {n} replaces the arcane damage event: {name} deals {amount} + {n} = "
                      f"{amount + n} arcane damage to {who} instead; that amp is used.",
                      [cited.AMP, cited.STANDARD_REPLACEMENTS_BEFORE_PREVENTION])
            amount += n
        return amount

    def _increase_damage(self, src: Card, amount: int, kind: str, name: str, who: str) -> int:
        """6.4.9, 6.5.4: standard-replacement effects "instead it deals that much (damage) plus N" whose source
        description the damage's source fits, applied before prevention; with several, the turn player selects
        the player who applies theirs first, each player one by one in clockwise order (6.5.2) — additions, so
        the order does not change the total. One with ``next`` is used by one event."""
        active = [e for e in self.s.effects if e.kind == "increase-damage" and not e.pending
                  and (e.applies_to is None or src.handle in e.applies_to)     # bound to the next card played
                  and (e.data.get("damage_type") != "arcane" or kind == "arcane")
                  and (e.data.get("damage_type") != "physical" or kind != "arcane")
                  and matches(src, e.data.get("of") or {}, self, e.controller)]
        if len(active) > 1:
            self.step(f"{len(active)} standard-replacement effects would replace the damage event: the turn player "
                      "selects the player who applies theirs first; each applies theirs one by one.",
                      [cited.REPLACEMENT_ORDER_SELECT_PLAYER])
        for eff in active:
            n = eff.data.get("amount", 1)
            if eff.data.get("next"):
                self.s.effects.remove(eff)
            self.step(f"The effect of {self._src_name(eff)} replaces the damage event ({name} fits its source "
                      f"description): {name} deals {amount} + {n} = {amount + n} damage to {who} instead"
                      + ("; the effect is used." if eff.data.get("next") else "."),
                      [cited.STANDARD_REPLACEMENT, cited.STANDARD_REPLACEMENTS_BEFORE_PREVENTION])
            amount += n
        return amount

    def _cannot_be_prevented(self, src: Card | None, event: dict) -> str:
        """Why damage from ``src`` can't be prevented ("Damage that would be dealt by this can't be prevented",
        "if this would deal 4 or more damage, that damage can't be prevented"), or ''."""
        if src is None:
            return ""
        for eff in self.s.effects:
            if eff.kind == "cannot-be-prevented" and not eff.pending and self.effect_applies(eff, src) and \
                    self.condition(eff.data.get("when") or {}, self.s.cards.get(eff.source), event):
                return f"an effect of {self._src_name(eff)}"
        for s, ab in self._functional_statics("cannot-be-prevented"):
            eff = ab.get("effect", {})
            if self._applies(eff.get("to", "self"), src, s.controller, s) and \
                    self.condition(eff.get("when") or {}, s, event):
                return f"a static ability of {s.name}"
        return ""

    def _prevention_effects(self, target: str, who: str, amount: int, kind: str, event: dict,
                            unpreventable: bool) -> int:
        """Each prevention effect that shields ``target`` and is active for this event replaces it (6.4.10)."""
        label = _LABEL.get(kind, "damage")
        for eff in list(self.s.effects):
            if eff.kind != "prevent" or eff.data.get("shielded") != target:
                continue
            want_type = eff.data.get("damage_type")
            source_name = self._src_name(eff)
            if want_type and want_type != kind:
                self.step(f"{source_name}'s prevention effect only prevents {want_type} damage, and this is {label}: it "
                          "does not apply.", [cited.PREVENTION_DAMAGE_TYPE])
                continue
            if amount <= 0:
                continue
            chosen = eff.data.get("_source")
            if chosen is not None and event.get("card") != chosen:
                self.step(f"{source_name}'s prevention effect prevents damage from the source chosen for it, "
                          f"{self.card(chosen).name}; this {label} comes from another source, so it does not apply and "
                          "the effect stays.", [cited.REPLACEMENT_ACTIVE, cited.PREVENTION], tag="telling")
                continue
            when = eff.data.get("when")
            if when and not self.condition(when, self.s.cards.get(eff.source), event):
                unmet = "; ".join(self.unmet_clauses(when, self.s.cards.get(eff.source), event))
                self.step(f"{source_name}'s prevention effect is not active for this event of {amount} {label}: its "
                          f"condition is not met ({unmet}), so it does not replace it and stays.",
                          [cited.REPLACEMENT_CONDITION_EACH_TIME, cited.REPLACEMENT_ACTIVE, cited.PREVENTION],
                          tag="telling")
                continue
            cites = [cited.PREVENTION, cited.PREVENTION_AMOUNT]
            if want_type or kind != "physical":
                cites.append(cited.PREVENTION_DAMAGE_TYPE)   # no type named: it prevents any type, arcane included
            if eff.remaining == "all":
                cites.append(cited.PREVENTION_AMOUNT_UNSPECIFIED)
            total = amount if eff.remaining == "all" else min(amount, eff.remaining)
            if unpreventable:
                # 6.4.10h: it still applies to the event, but prevents none and its amount is not reduced
                self.step(f"{source_name}'s prevention effect applies to the event of {amount} {label} to {who}, but "
                          "that damage can't be prevented: it prevents none of it and its prevention amount is not "
                          "reduced.", [cited.PREVENTION_CANNOT_PREVENT] + cites, tag="prevention")
                prevent = 0
            else:
                if eff.remaining != "all":
                    eff.remaining -= total
                prevent = self._prevention_decreased(total, kind, source_name)
                amount -= prevent
                self.step(f"{source_name}'s prevention effect replaces the damage event: {prevent} of the {label} to "
                          f"{who} is prevented ({amount} remains).", cites, tag="prevention")
            self._prevention_used(eff, unpreventable)
        return amount

    def _prevention_used(self, eff, unpreventable: bool):
        """A fixed-prevention effect ends once it applied (6.4.10i); a shield ends when its amount is used up."""
        if not eff.data.get("shield"):
            self.s.effects.remove(eff)
            left = "" if eff.remaining in ("all", 0) or unpreventable else \
                f" its remaining {eff.remaining} is not used for later damage:"
            self.step(f"It was a one-off (fixed-prevention) effect:{left} it ends.", [cited.FIXED_PREVENTION_EFFECT],
                      tag="telling" if left else None)
        elif eff.remaining == 0:
            self.s.effects.remove(eff)
            self.step("The shielding-prevention effect has prevented all it can and ends.",
                      [cited.SHIELDING_PREVENTION_EFFECT])
        else:
            self.step(f"The shielding-prevention effect keeps its remaining {eff.remaining} for later damage.",
                      [cited.SHIELDING_PREVENTION_EFFECT])

    def _prevention_decreased(self, total: int, kind: str, source_name: str) -> int:
        """6.4.10g: the total prevention is determined (and taken from the effect's amount), then the next effect
        that decreases what a prevention effect of this damage type prevents applies, and ends (a one-off)."""
        for mod in list(self.s.effects):
            if mod.kind != "reduce-prevention":
                continue
            if mod.data.get("damage_type") not in (None, kind):
                self.step(f"{self._src_name(mod)}'s effect reduces a prevention of "
                          f"{_LABEL.get(mod.data['damage_type'], 'damage')} only, and this is "
                          f"{_LABEL.get(kind, 'damage')}: it does not apply to {source_name}'s.",
                          [cited.MODIFY_DAMAGE_TYPE_ONLY], tag="telling")
                continue
            less = mod.data.get("amount", 1)
            prevent = max(0, total - less)
            once = mod.data.get("next", True)
            if once:
                self.s.effects.remove(mod)
            self.step(f"{self._src_name(mod)}'s effect reduces {source_name}'s prevention: the total prevention is "
                      f"{total}, its prevention amount is reduced by that, and then it prevents {less} less — "
                      f"{prevent}" + ("; the effect has been used and ends." if once else "."),
                      [cited.PREVENTION_DECREASED])
            return prevent
        return total

    # =====================================================================================================
    # prevention keywords (8.3.8, 8.3.15, 8.3.19, 8.3.20, 8.3.37)
    # =====================================================================================================
    def _keyword_prevention(self, target: str, amount: int, kind: str, unpreventable: bool = False) -> int:
        for c in list(self.s.cards.values()):
            if c.controller != target or c.zone not in ARENA_ZONES or c.private or amount <= 0:
                continue
            if c.zone == "combat-chain" and not c.is_permanent_card:
                continue   # 1.7.4a: abilities of a non-permanent defending card are non-functional
            kws = self.keywords(c)
            for row in with_hook("prevention"):
                kw, rule, (only, how) = row.name, row.rule, row.data
                n = kws.get(kw)
                if not n or amount <= 0 or (only and kind != only) or c.zone == "graveyard":
                    continue
                n = 1 if n is True else int(n)
                label = f"{kw.title()} {n}"
                if c.decline:
                    self.step(f"{self.player_name(target)} chooses not to use {c.name}'s {label}.", [rule], tag="telling")
                    continue
                if how in ("pay", "pay-then-destroy"):
                    if unpreventable:
                        self.step(f"{c.name}'s {label} would prevent nothing of damage that can't be prevented: "
                                  f"{self.player_name(target)} does not pay for it.",
                                  [rule, cited.PREVENTION_CANNOT_PREVENT], tag="telling")
                        continue
                    if not self._pay_optional(target, n):
                        self.step(f"{c.name}'s {label} could prevent {n}, but {self.player_name(target)} cannot pay "
                                  f"{n} resource{'s' if n != 1 else ''}.", [rule], tag="telling")
                        continue
                    self.step(f"{self.player_name(target)} pays {n} resource{'s' if n != 1 else ''} for {c.name}'s "
                              f"{label}.", [rule, cited.ASSET_COST_PAYMENT])
                if how == "destroy":
                    # 6.4.1a: the destruction of the source is a sub-event, before the damage event
                    self.step(f"{c.name}'s {label} replaces the damage event; first its sub-event: {c.name} is "
                              "destroyed, before any damage is dealt.", [rule, cited.SUB_EVENT])
                    self.zone_effect("destroy", c)
                if unpreventable:
                    self.step(f"{c.name}'s {label} applies to the event, but the damage can't be prevented: it "
                              f"prevents none of it ({amount} remains).", [rule, cited.PREVENTION_CANNOT_PREVENT],
                              tag="prevention")
                else:
                    prevent = self._prevention_decreased(min(n, amount), kind, f"{c.name}'s {label}")
                    amount -= prevent
                    self.step(f"{c.name}'s {label} replaces the damage event: {prevent} of the {kind} damage to "
                              f"{self.player_name(target)} is prevented ({amount} remains).",
                              [rule, cited.PREVENTION, cited.PREVENTION_AMOUNT], tag="prevention")
                if how == "pay-then-destroy":
                    self.quell_destroys_later(c)
        return amount

    def _prevent_by_removing(self, target: str, amount: int, kind: str, unpreventable: bool) -> int:
        """A permanent's static ability "If your hero would be dealt damage, [you may] banish|destroy this to prevent N
        of that damage" (``prevent-by``, written as spellvoid and ward are, 8.3.15, 8.3.20): a prevention effect
        (6.4.10) whose sub-event — the permanent leaving — occurs before the damage event (6.4.1a); optional when it
        says "you may" (1.8.3a: the file's ``decline`` says the player does not)."""
        for c, ab in list(self._functional_statics("prevent-by")):
            eff = ab.get("effect", {})
            if c.controller != target or c.zone not in ARENA_ZONES or amount <= 0:
                continue
            only, n, how = eff.get("damage_type"), int(eff.get("amount", 0)), eff.get("sub_event", "destroy")
            label = f"{c.name}'s prevention ({how} it to prevent {n})"
            if only and kind != only:
                self.step(f"{label} only prevents {_LABEL.get(only, only)}, and this is {_LABEL.get(kind, 'damage')}: "
                          "it does not apply.", [cited.PREVENTION_DAMAGE_TYPE])
                continue
            if eff.get("may") and (c.decline or unpreventable):
                why = "chooses not to use" if c.decline else "does not use, as the damage can't be prevented,"
                self.step(f"{self.player_name(target)} {why} {label}: it is optional.",
                          [cited.OPTIONAL_EFFECT] + ([] if c.decline else [cited.PREVENTION_CANNOT_PREVENT]),
                          tag="telling")
                continue
            self.step(f"{label} replaces the damage event; first its sub-event: {c.name} is "
                      f"{'banished' if how == 'banish' else 'destroyed'}, before any damage is dealt.",
                      [cited.PREVENTION, cited.SUB_EVENT] + ([cited.OPTIONAL_EFFECT] if eff.get("may") else []))
            self.zone_effect(how, c)
            if unpreventable:
                self.step(f"The damage can't be prevented: {label} prevents none of it ({amount} remains).",
                          [cited.PREVENTION_CANNOT_PREVENT], tag="prevention")
                continue
            prevent = self._prevention_decreased(min(n, amount), kind, label)
            amount -= prevent
            self.step(f"{label}: {prevent} of the {_LABEL.get(kind, 'damage')} to {self.player_name(target)} is "
                      f"prevented ({amount} remains).", [cited.PREVENTION, cited.PREVENTION_AMOUNT], tag="prevention")
        return amount

    def _pay_optional(self, player: str, n: int, keep=None) -> bool:
        """Pay n resources for an optional cost: floating resources first, then pitch cards from hand in order (not
        ``keep``, the card the payment is for)."""
        p = self.s.players[player]
        hand = [c for c in self.s.cards.values() if c.zone == "hand" and c.owner == player and c.pitch and c is not keep]
        if p.resources + p.chi + sum(c.pitch for c in hand) < n:
            return False
        pitched = []
        for c in hand:
            if p.resources + p.chi >= n:
                break
            pitched.append(assets.gain_by_pitching(self, player, c))
        if pitched:
            self.step(f"{self.player_name(player)} pitches {', '.join(pitched)}.", [cited.PITCH_CARD])
        if assets.spend_resource_cost(p, n):   # chi points first (1.14.2d)
            self.step(f"{self.player_name(player)} uses their chi points first.", [cited.CHI_IN_PLACE_OF_RESOURCE,
                                                                                  cited.PAY_RESOURCE_POINT_COST])
        return True
