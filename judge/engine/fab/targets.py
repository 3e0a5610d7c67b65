# Targets (FaB CR 1.4.5 attack-targets, 5.1.4a and 5.2.2b declaring them, 1.8.5 legal targets).
"""Targets: declaring an attack's attack-targets (1.4.5) and the targets of a card or ability (5.1.4a, 5.2.2b),
and what is a legal target now (1.8.5, 1.4.1: an attack is on the stack or the combat chain)."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.base import BASE_POWER_KEYS, IllegalAction, _base_power_limits, _describe_selector
from judge.engine.fab.cards import ARENA_ZONES, Card, matches


class Targets:
    """Part of :class:`judge.engine.fab.game.Game`: owns no state; reads ``s.players``, ``s.cards``, ``s.stack``,
    ``s.chain``."""

    def _declare_targets(self, name: str, spec, targets: list, player: str, layer, key: str) -> list:
        """5.1.4a: declare the targets of the resolution abilities; each must be legal when declared."""
        if spec is not None and not targets:
            options = self.target_candidates(spec, player, layer)
            if len(options) == 1:
                targets = options
                self.step(f"Declare modes and targets: {name} needs a target ({self.describe_target_spec(spec)}) and "
                          f"{self._name_of(options[0])} is the only legal one.",
                          [cited.DECLARE_MODES_TARGETS, cited.DECLARE_MODES_THEN_TARGETS])
            elif not options:
                raise IllegalAction(f"it needs a target ({self.describe_target_spec(spec)}) and there is no legal one",
                                    [cited.DECLARE_MODES_THEN_TARGETS, cited.TARGETED_EFFECT])
            else:
                raise InvalidScenario([self.scenario.reason(
                    "missing-target", f"{name} targets {self.describe_target_spec(spec)}: the action must declare target "
                    f"(legal now: {', '.join(options) or 'none'})", key, cited.DECLARE_MODES_THEN_TARGETS)])
        elif targets:
            self.step(f"Declare modes and targets: {name} targets {', '.join(self._name_of(t) for t in targets)}.",
                      [cited.DECLARE_MODES_TARGETS, cited.DECLARE_MODES_THEN_TARGETS])
        for t in targets:
            base = self._base_power_read(t, spec)
            outside = t in self.s.cards and self.card(t).zone not in ARENA_ZONES + ("stack",)
            if not self.legal_target(t, spec, player, layer):
                raise IllegalAction(f"{self._name_of(t)} is not a legal target ({self.describe_target_spec(spec)})"
                                    + (f": {base[0]}" if base else ""),
                                    [cited.DECLARE_MODES_THEN_TARGETS, cited.TARGETED_EFFECT] + (base[1] if base else [])
                                    + ([cited.TARGETABLE_ZONES] if outside else []))
            if outside:
                self.step(f"{self._name_of(t)} is in the {self.card(t).zone}, not in the arena or on the stack: it is "
                          f"targetable only because the effect names that zone as where its target is.",
                          [cited.TARGETABLE_ZONES, cited.TARGETED_EFFECT], tag="telling")
            if base:
                self.step(f"{base[0][0].upper()}{base[0][1:]}.", base[1])
            said = self._condition_met(t, spec)
            if said:
                # 1.8.5: the DESCRIPTION of the target phrase is checked: the decision the play rests on
                self.step(f"{self._name_of(t)} is a legal target of {name}: it fits \"{self.describe_target_spec(spec)}\""
                          f" ({said}).", [cited.TARGETED_EFFECT, cited.DECLARE_MODES_THEN_TARGETS], tag="telling")
            if spec == "any" and t in self.s.cards:
                # the decision that an object can be "any target" of a damage effect: it is living (8.5.3c)
                self.step(f"{self._name_of(t)} is a living object in the arena (it has a life total), so it can be "
                          "dealt damage: a legal target of an effect that deals damage to any target (damage to a "
                          "non-living object would make the effect fail).",
                          [cited.NON_LIVING_DAMAGE_FAILS, cited.TARGETED_EFFECT])
            if t in self.s.cards and self.is_attack(self.card(t)):
                c = self.card(t)
                if any(link.proxy and link.attack == t for link in self.s.chain if c.zone == "combat-chain"):
                    # 1.4.3a: the attack is an attack-proxy that inherits the properties of its source
                    self.step(f"The attack is the attack-proxy of {c.name}: it acts as an extension of {c.name} and "
                              f"inherits its properties (types, subtypes, power), so it can be the target of an effect "
                              "that targets an attack of that kind.", [cited.ATTACK_OBJECT, cited.ATTACK_PROXY_EXTENSION])
                    continue
                where = "the stack" if c.zone == "stack" else "the combat chain"
                self.step(f"{c.name} is on {where} as an attack: an attack is an object on the stack or the "
                          "combat chain, so it can be the target of an effect that targets an attack.",
                          [cited.ATTACK_OBJECT])
            elif t in self.s.cards and isinstance(spec, dict) and not spec.get("is_attack") and \
                    "attack" in spec.get("subtypes", ()) and self.is_defending(self.card(t)):
                # "target attack action card" names a card by its types, not an attack: a defending one fits
                self.step(f"{self._name_of(t)} is defending on the combat chain: the effect names a card by its types "
                          "(\"attack action card\"), not an attack, so a defending card of those types is a legal "
                          "target.", [cited.CARD_IDENTITY_NOT_ATTACK, cited.TARGETED_EFFECT])
        return list(targets)

    def _condition_met(self, t: str, spec) -> str:
        """What a target phrase with a condition on a value (cost, power, keyword, name; base power has its own
        step) reads of the chosen card,
        in words ("its cost is 0"); empty for a phrase naming only types, or a target that is not a card."""
        if not isinstance(spec, dict) or t not in self.s.cards:
            return ""
        c = self.card(t)
        out = []
        if {"min_cost", "max_cost"} & spec.keys():
            out.append(f"its cost is {c.cost if c.cost is not None else 0}")
        if "min_power" in spec:
            out.append(f"its power is {self.power(c)}")
        if spec.get("keyword"):
            out.append(f"it has {spec['keyword']}")
        if spec.get("name_contains"):
            out.append(f"its name contains {spec['name_contains']}")
        return ", ".join(out)

    def _base_power_read(self, t: str, spec) -> tuple[str, list] | None:
        """A target selector on base power ("target attack with 1 or less base {p}") reads the base value: what it
        is and why effects on its power do not change it, with the rules (2.9.2, 2.0.3a); one on a base ability
        ("with base go again") reads its base abilities, not those effects gave it (1.7.2); None when it does
        neither."""
        if isinstance(spec, dict) and spec.get("base_keyword") and t in self.s.cards:
            c, kw = self.card(t), spec["base_keyword"]
            base = c.printed[1] if c.printed is not None else c.keywords
            has = "has" if kw in self.keywords(c) else "does not have"
            return (f"{c.name} {has} {kw}, and {kw} is {'' if kw in base else 'not '}one of its base abilities",
                    [cited.CARD_WITH_BASE_ABILITY])
        if not (isinstance(spec, dict) and BASE_POWER_KEYS & spec.keys()) or t not in self.s.cards:
            return None
        return self.base_power_words(self.card(t))

    def base_power_words(self, c: Card, subject: str | None = None) -> tuple[str, list]:
        """What a selector on base power reads of ``c``, in words ("the attack's base power is 4, from its printed
        power"), and the rules cited: the printed power defines the base power (2.9.2); an effect that modifies the
        power leaves it as it was (2.0.3a)."""
        base, now = self.base_value(c, "power"), self.power(c)
        why = "an effect that sets it" if c.base_power_set is not None else "its printed power" if base == c.power \
            else f"its printed power {c.power} and an effect that says it modifies the base value"
        text = f"{subject or c.name + chr(39) + 's'} base power is {base}, from {why}"
        if c.base_power_set is None and base != c.power:
            return text, [cited.NO_PRINTED_POWER, cited.EFFECT_MODIFIES_VALUE]
        if now is None or now == base:
            return text, [cited.NO_PRINTED_POWER]
        return (text + f"; its power is {now}, but an effect that modifies power does not modify the base value",
                [cited.NO_PRINTED_POWER, cited.EFFECT_MODIFIES_VALUE])

    def _attack_targets(self, player: str, targets: list, key: str) -> list[str]:
        """1.4.5: an attack must declare an attackable object controlled by an opponent as its attack-target."""
        if not targets:
            heroes = [p for p in self.opponents(player) if not self.s.players[p].lost]
            if len(heroes) == 1:
                return heroes
            raise InvalidScenario([self.scenario.reason(
                "missing-target", f"the attack can target {', '.join(heroes)}: the action must declare target",
                key, cited.ATTACK_TARGET)])
        for t in targets:
            if t in self.s.cards:
                c = self.card(t)
                spectra = c.zone in ARENA_ZONES and not c.private and "spectra" in self.keywords(c)
                if (c.life is None and not spectra) or c.zone not in ARENA_ZONES or c.private:
                    raise IllegalAction(f"{c.name} is not attackable: only a living object in the arena (an ally, a "
                                        "hero) or an object an effect makes attackable (spectra) can be an "
                                        "attack-target", [cited.ATTACK_TARGET, cited.ATTACKABLE])
                if spectra and c.life is None:
                    self.step(f"{c.name} has spectra: it can be attacked although it is not a living object.",
                              [cited.SPECTRA_ATTACKABLE, cited.ATTACKABLE])
                if c.controller == player:
                    raise IllegalAction("an attack-target must be controlled by an opponent", [cited.ATTACK_TARGET])
                continue
            if t == player:
                raise IllegalAction("an attack-target must be controlled by an opponent", [cited.ATTACK_TARGET])
            if self.s.players[t].lost:
                raise IllegalAction(f"{t} has lost the game and their hero no longer exists",
                                    [cited.ATTACK_TARGET, cited.LOST_PLAYER_LEAVES_GAME])
        earlier = {p for link in self.s.chain for p in link.targets} if self.s.chain_open else set()
        if earlier and not set(targets) <= earlier:
            self.step(f"The attack targets {', '.join(self._name_of(t) for t in targets)}, not the attack-target of "
                      "an earlier chain link: declaring a different attack-target does not close the combat chain.",
                      [cited.ATTACK_TARGET_REMAINS])
        return list(targets)

    def still_attackable(self, t: str) -> bool:
        """7.2.2: an attack-target is still legal — a hero whose player is in the game with life, or a living object
        (an ally) still in the arena with life (1.4.5a)."""
        if t in self.s.players:
            return not self.s.players[t].lost and self.s.players[t].life > 0
        c = self.s.cards.get(t)
        if c is not None and c.life is None and c.zone in ARENA_ZONES and "spectra" in self.keywords(c):
            return True   # 8.3.14a: attackable by its spectra
        return c is not None and c.life is not None and c.zone in ARENA_ZONES and self.life_total(c) > 0

    def is_attack(self, c: Card) -> bool:
        """1.4.1: an attack-card, attack-layer or attack-proxy on the stack or the combat chain."""
        if c.zone == "stack":
            return any(l.is_attack and l.source == c.handle for l in self.s.stack)
        if c.zone == "combat-chain":
            return any(link.attack == c.handle for link in self.s.chain)
        return False

    def legal_target(self, t: str, spec, controller: str, layer=None) -> bool:
        """Is ``t`` (a player or a card handle) a legal target for ``spec`` now (1.8.5)?"""
        s = self.s
        if t in s.players:
            if s.players[t].lost:
                return False
            return spec in (None, "any", "hero", "player") or (spec == "opponent" and t != controller) or \
                (spec == "you" and t == controller)
        c = s.cards.get(t)
        if c is None or c.private:
            return False
        if c.zone not in ARENA_ZONES + ("stack",) and not (isinstance(spec, dict) and spec.get("zone") == c.zone):
            # 1.8.5a: only objects in the arena or on the stack, unless the effect names the zone ("target card in
            # your graveyard": a selector with zone = "graveyard")
            return False
        if layer is not None and layer.source == t and layer.kind == "card":
            return False   # a card on the stack cannot target itself
        if spec == "any":
            # "any target" of a damage effect: a hero or a living object — an object with no life total would make
            # the effect fail (8.5.3c, 1.8.5)
            return c.life is not None and c.zone in ARENA_ZONES
        if spec is None:
            return True
        if spec == "attack":
            return self.is_attack(c)
        if isinstance(spec, dict):
            spec = dict(spec)
            if "is_attack" in spec and self.is_attack(c) != spec.pop("is_attack"):
                return False
            return matches(c, spec, self, controller)
        return False

    def target_candidates(self, spec, controller: str, layer=None) -> list[str]:
        """Every player and card that is a legal target of ``spec`` for ``controller`` now."""
        pool = [p for p in self.s.seating] + [h for h in self.s.cards]
        return [t for t in pool if self.legal_target(t, spec, controller, layer)]

    def trigger_target_options(self, spec, layer) -> list[str]:
        """The legal targets of a triggered-layer's ``target`` (6.6.6a): a selector names cards; ``"hero"`` the
        heroes and ``"any"`` heroes and living objects — opposing heroes first, in seat order."""
        found = self.target_candidates(spec, layer.controller, layer)
        if isinstance(spec, dict):
            return [t for t in found if t not in self.s.players]
        return sorted(found, key=lambda t: (t not in self.s.players, t == layer.controller))

    def declared_trigger_target(self, src, spec, options: list[str]) -> str:
        """The target its controller declares: the card's ``trigger_target`` — refused when it is not a legal target
        (1.8.5) — else the first option."""
        named = src.trigger_target if src is not None else None
        if named is None:
            return options[0]
        if named not in options:
            raise InvalidScenario([self.scenario.reason(
                "bad-target", f"trigger_target = {named!r} is not a legal target of {src.name}'s triggered "
                f"ability ({self.describe_target_spec(spec)}): the legal ones are {', '.join(options)}",
                f"cards.{src.handle}.trigger_target", cited.TRIGGERED_LAYER_ADDED)])
        return named

    @staticmethod
    def describe_target_spec(spec) -> str:
        """A target specification in words ("target hero", "target attack action card")."""
        if spec in (None, "any"):
            return "any target"
        if isinstance(spec, str):
            return {"attack": "target attack", "hero": "target hero", "opponent": "target opponent"}.get(spec, spec)
        if spec.get("is_attack"):
            return "target " + " ".join(list(spec.get("subtypes", [])) + ["attack"]) + _base_power_limits(spec) \
                + (f" with {spec['keyword']}" if spec.get("keyword") else "") \
                + (f" with base {spec['base_keyword']}" if spec.get("base_keyword") else "")
        return "target " + _describe_selector({k: v for k, v in spec.items() if k != "is_attack"}, plural=False)

    def _name_of(self, t: str) -> str:
        if t in self.s.players:
            return self.player_name(t)
        return self.card(t).name if t in self.s.cards else t
