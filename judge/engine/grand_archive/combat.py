# Attacking and the Combat Phase (declaration, retaliation, damage, end of combat) and the keywords acting in it.
"""The combat phase (attacking-and-the-combat-phase, attack-declaration, retaliation-step, damage-step,
end-of-combat-step pages) with the glossary keywords that act in it (intercept, pride, stealth, true sight, taunt,
unblockable, steadfast, ambush, retort, ranged; On Attack, On Hit, On Kill)."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive import cited
from judge.engine.grand_archive.cards import Ability, Card
from judge.engine.grand_archive.playing import Illegal
from judge.engine.grand_archive.state import PHASE_NAMES, Combat
from judge.engine.grand_archive.words import as_list



class CombatPhase:
    """Mixed into Game: declaring attacks, the retaliation step, the damage step, the end of combat step."""

    # ---------------------------------------------------------------------------------------------------------
    # units and their keywords
    # ---------------------------------------------------------------------------------------------------------
    def unit(self, ident: str) -> Card | None:
        """The unit object a name stands for: a card handle on the field, or a player's champion card."""
        if ident in self.s.players:
            return self.champion_of(ident)
        card = self.s.cards.get(ident)
        return card if card is not None and card.zone == "field" else None

    def obeys(self, obj: Card) -> tuple[bool, str]:
        """Obedience: an ally with pride N obeys only while its controller's champion is level N or higher."""
        pride = self.keyword(obj, "pride")
        if pride is None or "ally" not in obj.types:
            return True, ""
        lv = self.level(obj.controller)
        return lv >= pride, f"{obj.name} has pride {pride} and {obj.controller}'s champion is level {lv}"

    def attackable(self, ident: str, attacker: Card, combat_cards: list[Card]) -> str | None:
        """Why ``ident`` can't be an attack target of ``attacker`` now, or None (attacking-and-the-combat-phase/1,
        9; stealth/1; true-sight/1)."""
        player = self.player_of(ident) if ident in self.s.players else None
        target = self.unit(ident)
        if target is None and player is None:
            return "it is not a unit on the field"
        if target is not None and not target.types & {"ally", "champion"} and not self.siegeable(target):
            return "it is neither a unit nor a siegeable domain, the objects attacks may target"
        controller = target.controller if target is not None else player
        if controller == attacker.controller:
            return f"{attacker.controller} controls it, and players can't target objects they control with attacks"
        if target is not None and self.keyword(target, "stealth"):
            sight = [c.name for c in [attacker] + combat_cards if self.keyword(c, "true sight")]
            if not sight:
                return f"{target.name} has stealth and the attack has no true sight"
        return None

    @staticmethod
    def siegeable(obj: Card | None) -> bool:
        """A siegeable domain: not a unit, but attackable (functional-subtypes/functional-domains/1.1)."""
        return obj is not None and "domain" in obj.types and "siegeable" in obj.subtypes

    def attack_power(self, combat: Combat) -> tuple[int, list[str]]:
        """Damage calculation: the attacker's power stat, the power of every card in the intent and of the wielded
        weapons still on the field, then modifiers (damage-step/3.1, attacking-and-the-combat-phase/5.3)."""
        attacker = self.s.cards[combat.attacker]
        parts, total = [], 0
        if attacker.power is not None:
            total += attacker.stat("power")
            parts.append(f"{attacker.name} {attacker.stat('power')}")
        for h in combat.intent + combat.wielded:
            c = self.s.cards[h]
            if c.zone in ("field", "intent") and c.power is not None:
                total += c.stat("power")
                parts.append(f"{c.name} {c.stat('power')}")
        for name, n in combat.power_mods:
            total += n
            parts.append(f"{name} {n:+d}")
        ranged = self.keyword(attacker, "ranged")
        if ranged and attacker.distant:
            total += ranged
            parts.append(f"ranged {ranged} while distant +{ranged}")
        return total, parts

    # ---------------------------------------------------------------------------------------------------------
    # declaring an attack
    # ---------------------------------------------------------------------------------------------------------
    def declare_attack(self, player: str, act: dict, key: str, attack_card: Card | None = None):
        """Declare an attack (declaring-an-attack/2.1-2.5); an illegal declaration is reversed (1.3, 2.5.1.3)."""
        label = f"attack:{attack_card.handle if attack_card else act.get('attack', player)}"
        n = self.attempts[label] = self.attempts.get(label, 0) + 1
        label = label if n == 1 else f"{label}@{n}"
        saved = self.s.snapshot()
        try:
            self._declare_attack(player, act, key, attack_card)
        except Illegal as exc:
            self.s = saved
            if attack_card is None:
                self.s.attempted.add(self._attacker_handle(player, act))
            self.facts["legal"][label] = False
            self.facts["illegal_because"][label] = self.cite.one(exc.cites[-1])
            # a restriction or cost of the fifth step not fulfilled (taunt, a refused extra cost): 2.5.1.3 makes the
            # attack illegal and reverses it; 1.3 does for whatever makes it illegal once an attacker is selected
            fifth = {cited.DECLARE_ACKNOWLEDGE_RESTRICTIONS, cited.DECLARE_EXTRA_COSTS,
                     cited.DECLARE_EXTRA_COSTS_OPTIONAL,
                     cited.DECLARE_RESTRICTIONS_TAUNT}
            unmet = [cited.DECLARE_CONDITIONS_UNMET] if fifth & set(exc.cites) and \
                cited.DECLARE_CONDITIONS_UNMET not in exc.cites else []
            self.step(f"{exc.message} The attack declaration is illegal: every step taken to declare it is reversed "
                      "and the game resumes as it was before.",
                      list(exc.cites) + unmet + [cited.ATTACK_DECLARATION_REVERSED], answer=True)
            return False
        self.facts["legal"][label] = True
        return True

    def _attacker_handle(self, player: str, act: dict) -> str:
        ident = act.get("attack", player)
        champ = self.champion_of(ident) if ident in self.s.players else None
        return champ.handle if champ is not None else ident

    def _declare_attack(self, player: str, act: dict, key: str, attack_card: Card | None):
        s = self.s
        if s.combat is not None:
            raise Illegal("A combat phase is already in progress: only one combat phase resolves at a time.",
                          [cited.ONE_COMBAT_PHASE_AT_A_TIME, cited.ATTACK_DURING_COMBAT_FIZZLES])
        if self.first_turn() and not self.last_in_first_cycle():
            raise Illegal(f"It is {player}'s first turn and {player} is not the last player of the first turn cycle: "
                          "no attacks can be declared.", [cited.NO_ATTACK_FIRST_TURN])
        # 2.a: the attacker
        ident = act.get("attack", player)
        attacker = self.unit(ident)
        if attacker is None:
            raise Illegal(f"{self.describe(ident)} is not a unit on the field to attack with.",
                          [cited.DECLARE_SELECT_ATTACKER, cited.ATTACK_IS_AN_EVENT])
        s.attempted.add(attacker.handle)
        if attacker.controller != player:
            raise Illegal(f"{player} does not control {attacker.name}.", [cited.DECLARE_SELECT_ATTACKER])
        ok, why = self.obeys(attacker)
        if not ok:
            raise Illegal(f"{why}: it does not obey {player}, who can't attack with it.",
                          [cited.DECLARE_SELECT_ATTACKER, cited.PRIDE, cited.DISOBEDIENT_ALLY_CANNOT_ATTACK])
        if attack_card is None:
            if attacker.rested:
                raise Illegal(f"{attacker.name} is rested: only an awake unit can attack.",
                              [cited.RESTING_ABILITIES_NEED_AWAKE, cited.DECLARE_ATTACKER_ABLE])
            attacker.rested = True
            self.step(f"Declare an attack: {player} selects {attacker.name} to attack with and rests it as a cost.",
                      [cited.DECLARE_SELECT_ATTACKER, cited.DECLARE_ATTACKER_RESTS, cited.ATTACKING_RESTS_UNIT])
        else:
            self.step(f"{attack_card.name} entered the intent: {player} declares the attack with {attacker.name}, which "
                      "does not rest again.", [cited.ATTACK_CARD_RESOLVES_BEFORE_DECLARATION,
                                               cited.ATTACK_CARD_DECLARATION_NO_REST])
        combat = Combat(attacker.handle, player, "")
        combat.intent = [attack_card.handle] if attack_card is not None else []
        # 2.b: weapons wielded
        for h in as_list(act.get("wield")):
            weapon = s.cards.get(h)
            if weapon is None or weapon.zone != "field" or "weapon" not in weapon.types or weapon.controller != player:
                raise Illegal(f"{self.describe(h)} is not a weapon {player} controls on the field.",
                              [cited.DECLARE_WIELD_WEAPONS, cited.WEAPON_WIELDED_FOR_ATTACKS])
            if "champion" not in attacker.types:
                raise Illegal(f"{attacker.name} is an ally, and allies can't use weapons.",
                              [cited.DECLARE_WIELD_WEAPONS,
                                                                                            cited.ALLIES_CANNOT_USE_WEAPONS])
            combat.wielded.append(h)
        if combat.wielded:
            self.step(f"{player} wields {', '.join(s.cards[h].name for h in combat.wielded)} for the attack; "
                      "wielded objects are part of the combat but are not attackers.",
                      [cited.DECLARE_WIELD_WEAPONS, cited.DECLARE_WIELDED_TREATED, cited.WEAPON_WIELDED_FOR_ATTACKS,
                       cited.CHAMPION_ATTACK_WAYS])
        self._check_power(attacker, combat, attack_card)
        # 2.c: the attack target
        self._choose_target(player, act, attacker, combat)
        # 2.d and 2.e: costs, additional costs, restrictions
        self._attack_costs(player, act, key, attacker, combat)
        self._begin_combat(player, attacker, combat)

    def _check_power(self, attacker: Card, combat: Combat, attack_card: Card | None):
        """attacking-and-the-combat-phase/1.3: allies need power above 0; champions power, a weapon or an attack
        card."""
        power, _ = self.attack_power(combat)
        if "ally" in attacker.types and (attacker.power is None or power <= 0):
            raise Illegal(f"{attacker.name} has {'no power stat' if attacker.power is None else f'{power} power'}: "
                          "allies without power or with 0 or less power can't declare attacks.",
                          [cited.ATTACKER_NEEDS_POWER])
        if "champion" in attacker.types and not combat.wielded and attack_card is None and power > 0:
            self.step(f"{attacker.name} has {power} power: a champion with a power stat may attack without an attack "
                      "card or a weapon, as allies do.", [cited.CHAMPION_WITH_POWER_ATTACKS_UNAIDED,
                                                          cited.ATTACKER_NEEDS_POWER])
        if "champion" in attacker.types and not combat.wielded and attack_card is None and \
                (attacker.power is None or power <= 0):
            raise Illegal(f"{attacker.name} has no power greater than 0 and wields no weapon: a champion attacks through "
                          "an attack card, a weapon, or its own power.",
                          [cited.ATTACKER_NEEDS_POWER, cited.CHAMPION_ATTACKS_THROUGH_CARDS_OR_WEAPONS])

    def _choose_target(self, player: str, act: dict, attacker: Card, combat: Combat):
        """2.c: the attack target — with multistrike N, up to N more (attack-declaration/general-rules/1.2)."""
        s = self.s
        targets = as_list(act.get("target")) + as_list(act.get("targets"))
        used = [s.cards[h] for h in combat.wielded + combat.intent]
        multistrike = max([self.keyword(c, "multistrike") or 0 for c in [attacker] + used])
        cleave = self.cleave_sources(attacker, used)
        if cleave and len(targets) > 1:
            raise InvalidScenario([self.scenario.reason(
                "unsupported", "additional attack targets beside a cleave attack's chosen player (multistrike with "
                "cleave) are not modelled", self.current_key, cited.MULTISTRIKE_WITH_CLEAVE)])
        if cleave and targets:
            combat.defending_player = targets[0]
            combat.targets = self.declare_cleave(player, targets, attacker, used, cleave)
            combat.defenders = list(combat.targets)
            combat.cleave = True
            return
        if not targets or len(targets) > 1 + multistrike or len(set(targets)) != len(targets):
            raise Illegal("An attack declaration must specify " + ("its attack target: none is named" if not targets
                          else f"one attack target{f', and up to {multistrike} more with multistrike' if multistrike else ''}"
                          f", each once: {len(targets)} are named") + ".",
                          [cited.DECLARE_CHOOSE_TARGET, cited.ATTACK_TARGET_DECLARED]
                          + ([cited.MULTISTRIKE] if multistrike else []))
        idents, defending = [], None
        for t in targets:
            why = self.attackable(t, attacker, used)
            if why:
                raise Illegal(f"{self.describe(t)} is not a legal attack target: {why}.",
                              [cited.DECLARE_CHOOSE_TARGET, cited.ATTACK_TARGET_DECLARED]
                              + ([cited.NO_ATTACK_ON_OWN_OBJECTS] if "control" in why else [])
                              + ([cited.STEALTH] if "stealth" in why else [])
                              + ([cited.ATTACK_IS_AN_EVENT, cited.SIEGEABLE_ATTACKABLE]
                                 if "siegeable" in why else []))
            if self.siegeable(self.unit(t)):
                self.step(f"{self.describe(t)} is a siegeable domain: not a unit, but an object attacks may target.",
                          [cited.SIEGEABLE_ATTACKABLE, cited.ATTACK_IS_AN_EVENT])
            target = self.unit(t)
            controller = target.controller if target is not None else t
            if defending is not None and controller != defending:
                raise InvalidScenario([self.scenario.reason(
                    "unsupported", "attack targets controlled by different players are not modelled",
                    self.current_key, cited.MULTISTRIKE)])
            defending = controller
            idents.append(target.handle if target is not None else t)
            if target is not None and self.keyword(target, "stealth"):
                sight = [c.name for c in [attacker] + used if self.keyword(c, "true sight")]
                self.step(f"{target.name} has stealth, but {', '.join(sight)} has true sight: the attack may target "
                          "it.", [cited.TRUE_SIGHT, cited.STEALTH])
        combat.defending_player = defending
        self._taunt_check(player, attacker, used, defending, idents)
        combat.targets = list(idents)
        combat.defenders = list(idents)
        self.step(f"{player} chooses {', '.join(self.describe(t) for t in idents)} as the attack "
                  f"target{'s' if len(idents) > 1 else ''}.", [cited.DECLARE_CHOOSE_TARGET]
                  + ([cited.MULTISTRIKE_ADDITIONAL_TARGETS_DECLARED, cited.MULTISTRIKE]
                     if len(idents) > 1 else []))

    def _taunt_check(self, player: str, attacker: Card, used: list[Card], defending: str, idents: list[str]):
        """Taunt: awake taunt units must be targeted over other attackable objects, if able (taunt/2)."""
        s = self.s
        unblockable = any(self.keyword(c, "unblockable") for c in [attacker] + used)
        taunts = [c for c in s.cards.values() if c.zone == "field" and c.controller == defending and not c.rested
                  and self.keyword(c, "taunt") and self.attackable(c.handle, attacker, used) is None]
        handles = [c.handle for c in taunts]
        if not taunts or all(t in handles for t in idents) or all(h in idents for h in handles):
            return
        if unblockable:
            self.step(f"{', '.join(c.name for c in taunts)} {'has' if len(taunts) == 1 else 'have'} taunt, but the "
                      "attack is unblockable and ignores taunt.", [cited.UNBLOCKABLE])
            return
        raise Illegal(f"{', '.join(c.name for c in taunts)} {'is' if len(taunts) == 1 else 'are'} awake with "
                      f"taunt: {player} must target {'it' if len(taunts) == 1 else 'them'} before other "
                      f"objects {defending} controls.",
                      [cited.DECLARE_RESTRICTIONS_TAUNT, cited.TAUNT,
                       cited.TAUNT_TARGETED_FIRST]
                      + ([cited.SIEGEABLE_AFTER_TAUNT] if any(self.siegeable(self.unit(t))
                                                                                 for t in idents) else []))

    def _attack_costs(self, player: str, act: dict, key: str, attacker: Card, combat: Combat):
        """2.d: calculated and additional costs (a weapon's cost to wield it); 2.e: costs that restrict attacks,
        which the player may refuse (``pay = false``), making the attack illegal."""
        extra, additional = 0, 0
        for src, _, eff in self.statics("attack-cost"):
            if eff.get("wielded"):
                if src.handle in combat.wielded:
                    additional += eff.get("reserve", 0)
                    self.step(f"{src.name} has an additional cost of {eff.get('reserve', 0)} to wield it.",
                              [cited.DECLARE_ADDITIONAL_COSTS, cited.ATTACK_ADDITIONAL_COSTS_PAID_AT_DECLARATION])
                continue
            whose = {"you": player == src.controller, "opponents": player != src.controller, "all": True}
            if whose[eff.get("for", "opponents")] and self.matches(attacker, eff.get("attacker"), src.controller):
                extra += eff.get("reserve", 0)
                self.step(f"{src.name} makes attacks cost {eff.get('reserve', 0)} more: a cost restriction, not an "
                          "additional cost, reconciled in the fifth step.", [cited.DECLARE_ACKNOWLEDGE_RESTRICTIONS,
                                                                             cited.DECLARE_EXTRA_COSTS])
        if additional:
            self.pay_reserve(player, attacker, additional, act, key, [cited.DECLARE_ADDITIONAL_COSTS,
                                                                      cited.ATTACK_ADDITIONAL_COSTS_PAID_AT_DECLARATION])
        if extra:
            if act.get("pay", True) is False:
                raise Illegal(f"{player} refuses to pay the {extra} extra to declare the attack.",
                              [cited.DECLARE_EXTRA_COSTS, cited.DECLARE_EXTRA_COSTS_OPTIONAL,
                               cited.DECLARE_CONDITIONS_UNMET])
            self.pay_reserve(player, attacker, extra, act, key, [cited.DECLARE_EXTRA_COSTS])
        self.step("Every cost is paid and every restriction on the attack is fulfilled: the attack is legal.",
                  [cited.DECLARE_ACKNOWLEDGE_RESTRICTIONS, cited.DECLARE_CONDITIONS_UNMET])

    def _begin_combat(self, player: str, attacker: Card, combat: Combat):
        s = self.s
        s.combat = combat
        s.phase = "combat"
        s.point = "combat-retaliation"
        self.trace.phase = PHASE_NAMES["combat"]
        self.facts.setdefault("attacks", []).append({"attacker": attacker.handle, "target": combat.targets[0],
                                                     "targets": list(combat.targets),
                                                     "wielded": list(combat.wielded), "intent": list(combat.intent)})
        self.step(f"The attack is declared: {attacker.name} is the attacker and "
                  f"{', '.join(self.describe(t) for t in combat.targets)} the defender{'s' if len(combat.targets) > 1 else ''}; {player} is the attacking player and {combat.defending_player} the defending player. The "
                  "turn enters the combat phase; no player receives Opportunity for the declaration itself.",
                  [cited.COMBAT_ROLES, cited.DECLARED_ATTACK_ENTERS_COMBAT_PHASE,
                   cited.ATTACK_DECLARATION_NOT_RESPONDED_TO, cited.ATTACK_STARTS_COMBAT_PHASE], answer=True)
        used = [attacker] + [s.cards[h] for h in combat.wielded + combat.intent]
        for c in used:
            for ab in c.abilities:
                if ab.kind == "trigger" and ab.get("on") == "attack" and "attacker" not in ab.data:
                    rule = (cited.ON_ATTACK_UNITS if c is attacker else
                            cited.ON_ATTACK_WEAPONS if "weapon" in c.types else
                            cited.ON_ATTACK_INTENT)
                    self.pending_trigger(c, ab, f"{attacker.name} attacks", [cited.ON_ATTACK_TRIGGERS_AFTER_DECLARATION,
                                                                             rule])
        # "whenever [a unit] attacks": abilities of other objects and of masteries watching the attacker
        for c in list(s.cards.values()):
            for ab in c.abilities:
                if ab.kind == "trigger" and ab.get("on") == "attack" and "attacker" in ab.data and \
                        self.functional(c, ab) and self.matches(attacker, ab.get("attacker"), c.controller):
                    self.pending_trigger(c, ab, f"{attacker.name} attacks",
                                         [cited.ON_ATTACK_TRIGGERS_AFTER_DECLARATION,
                                          cited.TRIGGERED_ABILITIES]
                                         + ([cited.MASTERY] if "mastery" in c.types else []))
        self.intercept_triggers(attacker)
        if not self.state_based_checks():
            self.give_opportunity(s.turn_player)
        self.step(f"Retaliation step: the turn player, {s.turn_player}, receives Opportunity "
                  + ("to respond to the abilities on the Effects Stack." if s.stack else "(before retaliation)."),
                  [cited.RETALIATION_STEP_STACK_RESOLVES, cited.RETALIATION_STEP_OPPORTUNITY])

    def intercept_triggers(self, attacker: Card):
        """Intercept: whenever your champion is attacked while this ally is awake (intercept/1)."""
        s = self.s
        combat = s.combat
        champ = self.champion_of(combat.defending_player)
        if not any(t == combat.defending_player or (champ is not None and t == champ.handle) for t in combat.targets):
            return
        used = [attacker] + [s.cards[h] for h in combat.wielded + combat.intent]
        if combat.cleave:
            if any(self.keyword(c, "intercept") for c in s.cards.values() if c.zone == "field" and
                   c.controller == combat.defending_player and "ally" in c.types and not c.rested):
                self.step("The attack has cleave: it can't be intercepted or redirected, so intercept does not trigger.",
                          [cited.CLEAVE, cited.CLEAVE_NOT_INTERCEPTED], answer=True)
            return
        for ally in [c for c in s.cards.values() if c.zone == "field" and "ally" in c.types
                     and c.controller == combat.defending_player and not c.rested and self.keyword(c, "intercept")]:
            if any(self.keyword(c, "unblockable") for c in used):
                self.step(f"{ally.name} has intercept, but the attack is unblockable and can't be intercepted.",
                          [cited.UNBLOCKABLE], answer=True)
                return
            self.keyword_trigger(ally, "intercept", [{"do": "intercept"}], f"{self.champion_name(ally.controller)} is "
                                 f"attacked while {ally.name} is awake", [cited.ON_ATTACK_TRIGGERS_AFTER_DECLARATION,
                                                                           cited.INTERCEPT])

    def keyword_trigger(self, src: Card, keyword: str, effects: list[dict], why: str, cites: list[str]):
        """A keyword's triggered ability (intercept, vigor) waits for state-based checks to place it."""
        from judge.engine.grand_archive.state import PendingTrigger
        self.remember(src)
        ab = Ability(0, "trigger", {"effects": effects, "text": keyword.capitalize()})
        self.s.pending.append(PendingTrigger(src.handle, 0, why, list(cites), dict(self.s.lki[src.handle]),
                                             ability=ab, keyword=keyword))

    def do_intercept(self, e, inst, you, source_name):
        """Resolving intercept: its controller may redirect the attack to the ally (intercept/1, 1.1, 1.2, 2)."""
        s = self.s
        combat = s.combat
        ally = s.cards.get(inst.source)
        if combat is None or ally is None or ally.zone != "field":
            self.step(f"{source_name}'s intercept resolves with no attack to redirect.", [cited.INTERCEPT])
            return
        if s.decisions.get(f"intercept:{ally.handle}") != "yes":
            self.step(f"{you} may redirect the attack to {ally.name} and does not.",
                      [cited.INTERCEPT], answer=True)
            return
        ok, why = self.obeys(ally)
        if not ok:
            self.step(f"{why}: it does not obey {you}, so the intercept fails and the attack is not redirected.",
                      [cited.INTERCEPT_FAILS_WITHOUT_OBEDIENCE, cited.INTERCEPT_TRIGGERS_WITHOUT_OBEDIENCE,
                       cited.PRIDE], answer=True)
            return
        if ally.handle in combat.defenders:
            self.step(f"{ally.name} is already defending: the attack can't be redirected to it.",
                      [cited.INTERCEPT_NOT_IF_DEFENDING], answer=True)
            return
        attacker = s.cards[combat.attacker]
        why = self.attackable(ally.handle, attacker, [s.cards[h] for h in combat.wielded + combat.intent])
        if why:
            self.step(f"{ally.name} is not a valid target for the attack ({why}): it can't intercept.",
                      [cited.INTERCEPT_NEEDS_VALID_TARGET], answer=True)
            return
        champ = self.champion_of(combat.defending_player)
        old = next((t for t in combat.targets if t == combat.defending_player or (champ and t == champ.handle)), None)
        if old is None:
            self.step(f"The attack no longer targets {self.champion_name(you)}: there is nothing to redirect.",
                      [cited.INTERCEPT], answer=True)
            return
        combat.targets = [ally.handle if t == old else t for t in combat.targets]
        combat.defenders = [d for d in combat.defenders if d != old] + [ally.handle]
        self.step(f"{you} redirects the attack to {ally.name}: it becomes the attack target and the defender, and "
                  f"{self.describe(old)} stops defending.",
                  [cited.INTERCEPT, cited.REDIRECT,
                   cited.COMBAT_ROLES], answer=True)

    # ---------------------------------------------------------------------------------------------------------
    # retaliation
    # ---------------------------------------------------------------------------------------------------------
    def retaliate(self, player: str, act: dict, key: str):
        """Retaliation step 3: each chosen defending unit rests to retaliate against the attacker (retaliation-step/3,
        3.1, 3.2; steadfast/1, ambush/1)."""
        s = self.s
        combat = s.combat
        chosen = [] if act.get("retaliate") is False else as_list(act.get("retaliate"))
        res = self.facts.setdefault("retaliation", {})
        attacker = s.cards[combat.attacker]
        for ident in chosen:
            unit = self.unit(ident)
            name = self.describe(ident)
            why = None
            ambush = unit is not None and self.keyword(unit, "ambush")
            if unit is None:
                why = "it is not a unit on the field"
            elif unit.controller != player:
                why = f"{player} does not control it"
            elif unit.handle not in combat.defenders and not (ambush and player != combat.attacking_player):
                why = "it is not defending (only an ambush unit retaliates while not defending)"
            elif unit.power is None or unit.stat("power") <= 0:
                why = "units without a power stat or with 0 or less power can't retaliate"
            elif unit.rested and not self.keyword(unit, "steadfast"):
                why = "it is rested: only awake defending units may rest to retaliate"
            handle = unit.handle if unit is not None else ident
            if why:
                res[handle] = False
                self.step(f"{name} can't retaliate: {why}.",
                          [cited.DEFENDERS_MAY_RETALIATE,
                           cited.RETALIATOR_NEEDS_POWER] if "power" in why else [cited.DEFENDERS_MAY_RETALIATE]
                          + ([cited.AMBUSH] if "ambush" in why else []), answer=True)
                continue
            if self.keyword(unit, "steadfast"):
                self.step(f"{unit.name} has steadfast: it retaliates {'while rested ' if unit.rested else ''}without "
                          "resting.", [cited.STEADFAST])
            else:
                unit.rested = True
            combat.retaliators[unit.handle] = attacker.handle
            res[unit.handle] = True
            self.step(f"{player} rests {unit.name} to retaliate" if not self.keyword(unit, "steadfast") else
                      f"{unit.name} retaliates", [])
            self.trace.steps[-1].text += (f" against {attacker.name}: {attacker.name} becomes its retaliation target, "
                                          "and it will deal damage by its power in the damage step.")
            self.trace.steps[-1].cites = self.cite(cited.DEFENDERS_MAY_RETALIATE, cited.RETALIATION_TARGET) + (
                self.cite(cited.AMBUSH) if ambush and unit.handle not in combat.defenders else [])
            self.answer_steps.append(self.trace.steps[-1])
        if not chosen:
            self.step(f"{player} does not retaliate.", [cited.DEFENDERS_MAY_RETALIATE])
        self.enter_damage_step()

    def enter_damage_step(self):
        """The damage step begins: state-based checks, then the turn player receives Opportunity before damage."""
        s = self.s
        s.combat.step = "damage"
        s.point = "combat-damage"
        self.state_based_checks()
        s.passed = []
        self.give_opportunity(s.turn_player)
        self.step(f"Damage step: the turn player, {s.turn_player}, receives Opportunity (before damage).",
                  [cited.RETALIATION_STEP_TO_DAMAGE_STEP, cited.DAMAGE_STEP_OPPORTUNITY])

    # ---------------------------------------------------------------------------------------------------------
    # moving through combat
    # ---------------------------------------------------------------------------------------------------------
    def combat_proceeds(self):
        """Every player passed with the Effects Stack empty during combat: the next step begins."""
        s = self.s
        point = s.point
        if point == "combat-retaliation":
            s.point = "combat-retaliate"
            s.combat.step = "retaliate"
            s.opportunity = None
        elif point == "combat-retaliate":
            self.retaliate(s.combat.defending_player, {"retaliate": False}, "")
        elif point == "combat-damage":
            self.damage_step()
        elif point == "combat-end":
            self.return_to_main()

    def damage_step(self):
        """Damage step 3: damage between the attacker and its targets and from retaliating units, dealt
        simultaneously; durability removed; then the end of combat step."""
        s = self.s
        combat = s.combat
        attacker = s.cards[combat.attacker]
        events = []   # (source card, amount, target ident, parts)
        if attacker.zone != "field":
            self.step(f"{attacker.name} left the field before the damage step: no card involved in the attack deals "
                      "damage.", [cited.ATTACKER_LEFT_FIELD_NO_DAMAGE], answer=True)
        else:
            power, parts = self.attack_power(combat)
            if not combat.defenders:
                self.step("The attack has no defender left: it deals no damage.",
                          [cited.ATTACKED_OBJECT_LEFT_FIELD_NO_DAMAGE, cited.CHECK_COMBAT_ROLES],
                          answer=True)
            if len(combat.defenders) > 1 and self.critical_of(attacker, combat)[0]:
                raise InvalidScenario([self.scenario.reason(
                    "unsupported", "critical on an attack dealing damage to several defenders at once (cleave, "
                    "multistrike) is not modelled", self.current_key, cited.CRITICAL)])
            if combat.cleave and len(combat.defenders) > 1:
                self.step("The cleave attack has one damage step: its damage is dealt to each defending object at "
                          "once, each damage calculated independently.", [cited.CLEAVE_ONE_DAMAGE_STEP,
                                                                           cited.CLEAVE_INDEPENDENT_CALCULATION])
            for d in combat.defenders:
                events.append((attacker, power, d, parts))
        for r, target in combat.retaliators.items():
            unit = s.cards[r]
            if unit.zone != "field":
                self.step(f"{unit.name} left the field before the damage step: it deals and is dealt no damage.",
                          [cited.RETALIATOR_LEFT_FIELD_NO_DAMAGE], answer=True)
                continue
            tgt = s.cards.get(target)
            if tgt is None or tgt.zone != "field":
                self.step(f"{unit.name}'s retaliation target, {tgt.name if tgt else target}, left the field: it has no "
                          "valid retaliation target and deals no damage.",
                          [cited.CHECK_COMBAT_ROLES], answer=True)
                continue
            power = unit.stat("power")
            parts = [f"{unit.name} {power}"]
            retort = self.keyword(unit, "retort")
            if retort:
                power += retort
                parts.append(f"retort {retort} while retaliating +{retort}")
            events.append((unit, power, target, parts))
        if len(combat.retaliators) > 1:
            self.step(f"{combat.attacking_player} orders the retaliating units' damage: "
                      f"{', '.join(s.cards[r].name for r in combat.retaliators)}.", [cited.RETALIATION_ORDER_CHOSEN])
        dealt = []
        for src, power, target, parts in events:
            role = "attack" if src is attacker else "retaliation"
            kw = [k for k, rule in (("ranged", cited.RANGED),
                                    ("retort", cited.RETORT)) if any(k in p for p in parts)]
            self.step(f"Damage calculation for the {role} of {src.name}: {' + '.join(parts) if parts else 'no power'}"
                      f" = {power}.", ([cited.ATTACK_DAMAGE_SUMS_INTENT,
                                        cited.WEAPON_ATTACK_CARD_MODIFY_DAMAGE] if role == "attack" else
                                       [cited.DAMAGE_STEP_DEALS_DAMAGE, cited.RETALIATION_IS_COMBAT_DAMAGE])
                      + [rule for k, rule in (("ranged", cited.RANGED),
                                              ("retort", cited.RETORT)) if k in kw],
                      answer=bool(kw))
            extra = []
            if role == "retaliation" and src.handle not in combat.defenders and self.keyword(src, "stealth"):
                extra = [cited.STEALTH_KEEPS_RETALIATION]   # it retaliated before it received stealth
            n = self.deal_damage(src, max(0, power), target, combat=True,
                                 cites=[cited.DAMAGE_STEP_DEALS_DAMAGE, cited.COMBAT_AND_NON_COMBAT_DAMAGE] + extra)
            dealt.append((src, target, n))
        self.remove_durability(combat, attacker)
        self.combat_hits(dealt, attacker)
        self.end_of_combat()

    def remove_durability(self, combat: Combat, attacker: Card):
        """damage-step/3.7, 3.7.2: each wielded weapon still on the field loses a durability counter, even for 0
        damage, unless the defender left the field or became illegal before damage."""
        s = self.s
        for h in combat.wielded:
            weapon = s.cards[h]
            if weapon.zone != "field":
                self.step(f"{weapon.name} left the field before damage: it loses no durability and adds no power.",
                          [cited.WIELDED_WEAPON_LOSES_DURABILITY, cited.WEAPON_LEFT_FIELD_NO_DAMAGE], answer=True)
                continue
            if not combat.defenders or attacker.zone != "field":
                self.step(f"No defender was dealt damage by the attack: {weapon.name} loses no durability counter.",
                          [cited.WIELDED_WEAPON_LOSES_DURABILITY], answer=True)
                continue
            weapon.counters["durability"] = weapon.counters.get("durability", 0) - 1
            self.step(f"{weapon.name} was wielded in the attack: a durability counter is removed, simultaneously with the "
                      f"combat damage ({weapon.counters['durability']} left).",
                      [cited.DAMAGE_AND_DURABILITY_SIMULTANEOUS, cited.WIELDED_WEAPON_LOSES_DURABILITY,
                       cited.WIELDED_WEAPON_DURABILITY_REMOVED]
                      + ([cited.CLEAVE_ONE_DURABILITY] if combat.cleave else [])
                      + ([cited.PREVENTED_DAMAGE_STILL_COSTS_DURABILITY] if combat.prevented else []), answer=True)

    def combat_hits(self, dealt, attacker: Card):
        """On Hit: a unit, intent or weapon whose attack or retaliation dealt combat damage (on-hit/2, 3); On Kill
        is checked when state-based checks kill the unit (on-kill/2, 3)."""
        s = self.s
        combat = s.combat
        for src, target, n in dealt:
            if n <= 0:
                continue
            users = [src] + ([s.cards[h] for h in combat.wielded + combat.intent] if src is attacker else [])
            combat.hits.append((src.handle, target))
            for c in users:
                for ab in c.abilities:
                    if ab.kind == "trigger" and ab.get("on") == "hit" and c.zone in ("field", "intent"):
                        self.pending_trigger(c, ab, f"{src.name} deals combat damage to {self.describe(target)}",
                                             [cited.ON_HIT_UNITS if c is src else
                                              cited.ON_HIT_INTENT_AND_WEAPONS])

    def killed_by_combat(self, unit: Card):
        """On Kill: the unit died from combat damage; the sources that dealt it that damage trigger (on-kill/2, 3;
        damage-step/2.1)."""
        s = self.s
        combat = s.combat
        if combat is None or combat.step not in ("damage", "end"):
            return
        for src_h, target in combat.hits:
            if target != unit.handle:
                continue
            src = s.cards[src_h]
            users = [src] + ([s.cards[h] for h in combat.wielded + combat.intent] if src_h == combat.attacker else [])
            for c in users:
                for ab in c.abilities:
                    if ab.kind == "trigger" and ab.get("on") == "kill":
                        self.pending_trigger(c, ab, f"{unit.name} is killed by combat damage from {src.name}",
                                             [cited.ON_KILL_UNITS if c is src else
                                              cited.ON_KILL_INTENT_AND_WEAPONS, cited.KILLED_AT_ZERO_LIFE])

    def end_of_combat(self):
        """End of Combat 1.1-1.4, then 2: triggers, checks, roles removed, intent to the graveyard."""
        s = self.s
        combat = s.combat
        combat.step = "end"
        self.step("End of combat step: abilities triggered in the damage step are placed and state-based effects are "
                  "checked.", [cited.DAMAGE_STEP_TO_END_OF_COMBAT, cited.END_OF_COMBAT_ALWAYS_HAPPENS,
                               cited.END_OF_COMBAT_TRIGGERS,
                               cited.END_OF_COMBAT_STATE_BASED_CHECK])
        triggered = self.state_based_checks()
        if s.game_over:
            return
        self.step("The attacking and defending objects are removed from combat.", [cited.END_OF_COMBAT_ROLES_REMOVED])
        for h in combat.intent:
            card = s.cards[h]
            if card.zone == "intent":
                self.move(card, "graveyard")
                self.step(f"{card.name} goes from the intent to its owner's graveyard.",
                          [cited.END_OF_COMBAT_INTENT_TO_GRAVEYARD,
                           cited.ATTACK_CARD_LEAVES_INTENT_END_OF_COMBAT], answer=True)
        s.point = "combat-end"
        if triggered or s.stack:
            self.give_opportunity(s.turn_player)
            return
        self.return_to_main()

    def return_to_main(self):
        """End of Combat 2: the turn player returns to the main phase, at its step 2 (main-phase/2.2)."""
        s = self.s
        s.combat = None
        self.s.phase = "main"
        self.window("main", f"The combat phase is over: {s.turn_player} returns to the main phase and receives "
                    "Opportunity; no new main phase begins.", [cited.END_OF_COMBAT_TO_MAIN_PHASE,
                                                               cited.ATTACK_STARTS_COMBAT_PHASE,
                                                               cited.ONE_MAIN_PHASE_PER_TURN])

    def combat_roles_check(self) -> bool:
        """State-based checks, Combat Roles: a defender that is no longer a legal attack target stops defending; a
        retaliating unit with no valid retaliation target stops retaliating (types-of-checks/7; stealth/3)."""
        s = self.s
        combat = s.combat
        if combat is None or combat.step == "end":
            return False
        changed = False
        attacker = s.cards[combat.attacker]
        used = [s.cards[h] for h in combat.wielded + combat.intent]
        for d in list(combat.defenders):
            unit = self.unit(d)
            if unit is None and d not in s.players:
                combat.defenders.remove(d)
                changed = True
                self.step(f"{self.describe(d)} left the field: it stops being a defender and will not be dealt the "
                          "attack's damage.", [cited.ATTACKED_OBJECT_LEFT_FIELD_NO_DAMAGE,
                                               cited.CHECK_COMBAT_ROLES], answer=True)
                continue
            why = self.attackable(d, attacker, used) if attacker.zone == "field" else None
            if why:
                combat.defenders.remove(d)
                changed = True
                self.step(f"{self.describe(d)} is no longer a legal attack target ({why}): it stops being a defender, "
                          "and the attack will not deal damage to it.",
                          [cited.DEFENDER_ILLEGAL_TARGET_STOPS_DEFENDING, cited.CHECK_COMBAT_ROLES]
                          + ([cited.STEALTH_MAKES_TARGET_ILLEGAL] if "stealth" in why else []), answer=True)
        return changed

    def attack_card_resolves(self, inst, card: Card):
        """An attack card resolves: it enters the champion's intent and the attack is declared
        (attack/6; attacking-and-the-combat-phase/2.3, 3, 6)."""
        s = self.s
        player = inst.controller
        bad = None
        if any(i is not inst for i in s.stack):
            bad = ("another card or ability is on the Effects Stack", cited.ATTACK_CHECK_STACK_NOT_EMPTY)
        elif s.phase != "main":
            bad = (f"{player} is not in a main phase", cited.ATTACK_CHECK_NOT_MAIN_PHASE)
        elif s.turn_player != player:
            bad = (f"it is not {player}'s turn", cited.ATTACK_CHECK_NOT_CONTROLLERS_TURN)
        if bad is not None:
            self.fizzle(inst, f"the attack tries to resolve while {bad[0]}: no attack is declared and no combat phase "
                        "begins", [cited.ATTACK_RESOLUTION_CHECKS, bad[1], cited.NEGATED_ATTACK_CARD_TO_GRAVEYARD])
            return False
        card.zone = "intent"
        self.step(f"{card.name} resolves into {player}'s intent: it is now the attack.",
                  [cited.ATTACK_CARD_ENTERS_INTENT, cited.ATTACK_CARD_IN_INTENT_MODIFIED,
                   cited.ATTACK_CARD_TARGET_AFTER_RESOLVING], answer=True)
        act = {"attack": player, "target": inst.attack_target, "wield": inst.wield}
        if not self.declare_attack(player, act, "", attack_card=card):
            card = self.s.cards[card.handle]    # the state was reverted: the card as it is now
            self.step(f"No legal attack can be declared: {card.name} fizzles and goes to the graveyard; the champion "
                      "remains rested.", [cited.ATTACK_CARD_WITHOUT_TARGET, cited.ATTACK_CARD_ENTERS_INTENT,
                                          cited.NEGATED_ATTACK_CARD_TO_GRAVEYARD], answer=True)
            self.move(card, "graveyard")
            self.facts["fizzled"].append(inst.id)
            return False
        return True
