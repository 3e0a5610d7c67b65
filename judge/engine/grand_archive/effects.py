# Effects Stack, Resolution: the effect primitives, what an instance does as it resolves (one do_ handler each).
"""Effect primitives: what an instance on the Effects Stack does as it resolves.

Each ``do = "..."`` of a scenario's ``effects`` table is a method ``do_<name>`` here (see
docs/scenario-format-ga.md). The methods run inside :class:`judge.engine.grand_archive.game.Game`, which
mixes this class in; they record every change as a cited step.
"""

from __future__ import annotations

import copy

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive.cards import Card
from judge.engine.grand_archive.keywords import parse_keyword
from judge.engine.grand_archive.state import Instance, PendingTrigger
from judge.engine.grand_archive.words import a_an, counters
from judge.engine.grand_archive import cited

# a counter type → the rule of its own entry, and the one for buff and debuff counters removing each other
COUNTER_RULES = {"buff": (cited.BUFF_COUNTERS, cited.BUFF_MEETS_DEBUFF),
                 "debuff": (cited.DEBUFF_COUNTERS, cited.DEBUFF_MEETS_BUFF),
                 "bulwark": (cited.BULWARK_COUNTERS, None), "durability": (cited.DURABILITY_COUNTERS_ON_ENTERING, None)}


class EffectPrimitives:
    """The instructions cards and abilities are built from: damage, draw, recover, modify, destroy, banish,
    negate, copy, delevel; and what happens to objects that leave the field."""

    def amount(self, value, inst: Instance):
        """A number, "X" (the value chosen for the original card, cost/9.4), or a stat of the source."""
        if isinstance(value, int):
            return value, ""
        if value == "X":
            return inst.x or 0, f"X = {inst.x or 0}"
        if isinstance(value, dict) and "stat" in value:
            stat = value["stat"]
            n, lki = self.stat_of(inst.source, stat, inst)
            n = n or 0
            name = inst.lki.get("name") or self.describe(inst.source)
            why = (f"{name}'s last known {stat} before it left its zone is {n}" if lki else
                   f"{name}'s {stat} is {n}")
            return n, why
        return 0, ""

    def apply(self, e: dict, inst: Instance, source_name: str):
        """Apply one effect primitive (``do = …``) of a resolving instance through its ``do_`` handler."""
        do = e.get("do")
        you = inst.controller
        handler = getattr(self, "do_" + do.replace("-", "_"))
        handler(e, inst, you, source_name)
        self.apply_layers()

    def _who(self, e: dict, inst: Instance, you: str) -> list[str]:
        to = e.get("to", "you")
        if to == "you":
            return [you]
        if to == "opponent":
            return self.opponents(you)
        if to == "target":
            return [t for t in inst.targets if self.s.instance(t) is None]
        return [to]

    def do_damage(self, e, inst, you, source_name):
        """Deal N (non-combat) damage, through prevention and replacement effects (damage/2, 11, 13)."""
        n, why = self.amount(e.get("amount", 0), inst)
        n = max(0, n)
        lki_cite = [cited.ABILITIES_CONSIDER_SOURCE] if "last known" in why else []  # last known information of the source
        source = self.s.cards.get(inst.source)
        for t in self._who(e, inst, you):
            t = self.player_of(t) or t
            if t not in self.s.players and self.card(t).zone != "field":
                continue
            self.deal_damage(source, n, t, combat=False, cites=lki_cite, source_name=source_name, why=why,
                             unpreventable=bool(e.get("unpreventable")))

    def do_draw(self, e, inst, you, source_name):
        """Each player the effect names draws N cards."""
        n, _ = self.amount(e.get("amount", 1), inst)
        for p in self._who(e, inst, you):
            p = self.player_of(p) or p
            if p not in self.s.players:
                raise InvalidScenario([self.scenario.reason(
                    "bad-effect", f"a draw effect's to = {p!r} names no player (nor a champion a player controls)",
                    "effects")])
            self.s.players[p].unnamed["hand"] += n
            self.facts.setdefault("drawn", {}).setdefault(p, 0)
            self.facts["drawn"][p] += n
            self.step(f"{p} draws {n} card{'s' if n != 1 else ''}.", [cited.DRAW,
                                                                      cited.YOU_IS_CONTROLLER], answer=True)

    def do_recover(self, e, inst, you, source_name):
        """Recover N: remove up to N damage from your champion."""
        n, _ = self.amount(e.get("amount", 1), inst)
        p = self.s.players[you]
        removed = min(n, p.damage)
        p.damage -= removed
        self.step(f"{you} recovers {n}: {counters(removed)} removed from {self.champion_name(you)}.",
                  [cited.RECOVER_N], answer=True)

    def do_modify(self, e, inst, you, source_name):
        """+N/-N to a stat until end of turn; ``to = "attack"``: to the attack in progress, combined in the damage
        step (attacking-and-the-combat-phase/5.3, 6.2)."""
        stat, by = e.get("stat", "power"), e.get("by", 0)
        if e.get("to") == "attack":
            combat = self.s.combat
            if combat is None:
                self.step(f"{source_name}: there is no attack to modify.", [cited.INTENT_SUBJECT_TO_EFFECTS])
                return
            combat.power_mods.append((source_name, by))
            self.step(f"The attack gets {by:+d} power from {source_name}, combined with the others in the damage step.",
                      [cited.INTENT_SUBJECT_TO_EFFECTS, cited.CHAMPION_ATTACK_POWER_SUMMED], answer=True)
            return
        for obj in self._units_on_field(e, inst, you):
            obj.buffs.append((stat, by))
            self.step(f"{obj.name} gets {by:+d} {stat} until end of turn: {stat} {obj.stat(stat)}"
                      + (" (an instanced effect: the set is the objects that fit it now)." if
                         isinstance(e.get("to"), dict) else "."),
                      [cited.CONTINUOUS_EFFECTS] + ([cited.INSTANCED_EFFECT_APPLIES_TO_OBJECTS_THEN,
                                                                 cited.INSTANCED_SET_FIXED]
                                                                if isinstance(e.get("to"), dict) else []), answer=True)

    def _targets_or_self(self, e, inst):
        what = e.get("to", e.get("what", "target"))
        if what == "self":
            return [inst.source]
        return [t for t in inst.targets if self.s.instance(t) is None]

    def do_destroy(self, e, inst, you, source_name):
        """Destroy the targets (or the source): each moves from the field to its owner's graveyard, unless a
        replacement puts it elsewhere."""
        for t in self._targets_or_self(e, inst):
            obj = self.s.cards.get(t)
            if obj is None or obj.zone != "field":
                continue
            instead = self.graveyard_replacement(obj)
            if obj.token or instead is None:
                self.step(f"{source_name} destroys {obj.name}: it moves from the field to its owner's graveyard"
                          + (" and dies." if obj.types & {"ally"} else "."),
                          [cited.DESTROY] + ([cited.DESTROYED_UNITS_DIE] if obj.types & {"ally"}
                                                          else []), answer=True)
            else:
                self.step(f"{source_name} destroys {obj.name}: it would move from the field to its owner's graveyard, "
                          f"but {a_an(instead[0])} card is banished instead.",
                          [cited.DESTROY, instead[1]], answer=True)
            self.leave_field(obj, "graveyard")
            self.dies(obj, "destroyed", [cited.DESTROYED_UNITS_DIE])

    @staticmethod
    def graveyard_replacement(obj: Card):
        """(what, rule) when a card going to a graveyard is banished instead (supertypes/regalia/4,
        champion/general-rules/8), else None."""
        if obj.ephemeral:
            return "ephemeral", cited.EPHEMERAL_OBJECT
        if "regalia" in obj.supertypes:
            return "regalia", cited.REGALIA_TO_GRAVEYARD_BANISHED_INSTEAD
        if "champion" in obj.types:
            return "champion", cited.CHAMPION_TO_GRAVEYARD_BANISHED_INSTEAD
        return None

    def dies(self, obj: Card, how: str, cites: list[str], where: str = ""):
        """An ally left the field for the graveyard by ``how``: its On Death abilities trigger
        (keywords-and-abilities/on-death/1), unless it went to banishment instead (on-death/2)."""
        if not obj.types & {"ally"}:
            return
        on_death = [ab for ab in obj.abilities if ab.kind == "trigger" and ab.get("on") == "death"]
        if not on_death:
            return
        if obj.zone == "banishment":
            self.step(f"{obj.name} went to banishment instead of the graveyard, so it is not considered to have died: "
                      "its On Death ability does not trigger.", [cited.ON_DEATH_ONLY_TO_GRAVEYARD], answer=True)
            return
        for ab in on_death:
            self.s.pending.append(PendingTrigger(
                obj.handle, ab.index, f"{obj.name} dies ({how})", list(cites) + [cited.ON_DEATH],
                dict(self.s.lki.get(obj.handle, {}), zone="graveyard"), where=where))

    def leave_field(self, obj: Card, zone: str):
        """An object leaves the field for ``zone``: a token ceases to exist, regalia and champions go to banishment."""
        if obj.token:
            self.remember(obj)
            obj.zone = "ceased"
            self.step(f"{obj.name} [{obj.handle}] is a token: it ceases to exist instead of going to the {zone}.",
                      [cited.TOKEN_CEASES_OUTSIDE_FIELD, cited.TOKEN_CEASES_WHEN_MOVED])
            self.left_field(obj, "ceased")
            return
        if zone == "graveyard" and (obj.supertypes & {"regalia"} or "champion" in obj.types):
            zone = "banishment"
        if zone == "banishment" and "regalia" in obj.supertypes and self.keyword(obj, "renewable"):
            self.step(f"{obj.name} would be banished from the field, but it has renewable: it is put into "
                      f"{obj.owner}'s material deck instead.", [cited.RENEWABLE,
                                                                  cited.REPLACEMENT_EFFECT], answer=True)
            zone = "material-deck"
        self.move(obj, zone)

    def do_banish(self, e, inst, you, source_name):
        """Banish the targets: objects on the field, or the card of a targeted instance on the Effects Stack."""
        what = e.get("what", "target")
        if what == "target-card":
            for t in inst.targets:
                target = self.s.instance(t) or self._gone_instance(t)
                card = self.s.cards.get(target.source if target is not None else "")
                if card is None or card.zone != "effects-stack":
                    continue
                self.move(card, "banishment")
                self.step(f"{source_name} banishes {card.name}, the card of the targeted {target.kind}: it leaves the "
                          f"Effects Stack for {card.owner}'s banishment.",
                          [cited.BANISH_CARD, cited.BANISHED_TO_OWNERS_BANISHMENT, cited.REMOVED_CARD_REMOVES_INSTANCES], answer=True)
                self.reserved_stay(card)
                self.remove_instances_of(card)
            return
        for t in self._targets_or_self(e, inst):
            obj = self.s.cards.get(t)
            if obj is None or obj.zone in ("banishment", "ceased"):
                continue
            self.step(f"{source_name} banishes {obj.name}.", [cited.BANISH_CARD, cited.BANISHED_NOT_DESTROYED_OR_DIED])
            if obj.zone == "field":
                self.leave_field(obj, "banishment")
            else:
                self.move(obj, "banishment")
                if obj.zone == "banishment":
                    self.remove_instances_of(obj)

    def _gone_instance(self, ident):
        return self.s.removed.get(ident)

    def remove_instances_of(self, card: Card):
        """playing-cards/8: a card removed from the Effects Stack takes its instances with it — the
        instances still there are left without their source card, and state-based checks fizzle them."""
        left = self.s.on_stack(card.handle)
        if left:
            self.step(f"{card.name} has been removed from the Effects Stack, so its instances are removed as well: "
                      f"{', '.join(i.id for i in left)} no longer {'has' if len(left) == 1 else 'have'} a source "
                      "card to resolve from.", [cited.REMOVED_CARD_REMOVES_INSTANCES], answer=True)

    def do_negate(self, e, inst, you, source_name):
        """Negate the targeted instances: removed from the Effects Stack without resolving; costs are not refunded."""
        for t in inst.targets:
            target = self.s.instance(t)
            if target is None:
                continue
            self._remove(target)
            self.s.removed[target.id] = target
            self.facts["resolved"][target.id] = False
            self.facts["negated"].append(target.id)
            src = self.s.cards.get(target.source)
            self.step(f"{source_name} negates {self.instance_name(target)}: it is removed from the Effects Stack and "
                      "does not resolve; paid costs are not refunded"
                      + (f", and the card {src.name} stays on the Effects Stack until state-based checks remove it"
                         if target.is_card_instance and src is not None else "") + ".",
                      [cited.NEGATE, cited.NEGATED_ACTIVATION_LEAVES_CARD, cited.NEGATE_NO_REFUND]
                      if target.is_card_instance else [cited.NEGATE], answer=True)
            caused = [i for i in self.s.stack if i.cause == target.id] if target.kind == "activation" else []
            if caused:
                one = len(caused) == 1
                self.step(f"{', '.join(self.instance_name(i) for i in caused)}, triggered by that activation, "
                          f"remain{'s' if one else ''} triggered: negating the activation does not remove "
                          f"{'it' if one else 'them'} from the Effects Stack.",
                          [cited.NEGATED_ACTIVATION_LEAVES_STACK, cited.NEGATED_ACTIVATION_KEEPS_TRIGGERS], answer=True)

    def do_copy(self, e, inst, you, source_name):
        """Copy the targeted instances onto the Effects Stack under your control, with new targets if the effect
        allows."""
        for t in list(inst.targets):
            target = self.s.instance(t)
            if target is None:
                continue
            base = target.source if target.is_card_instance else target.id
            n = sum(1 for i in self.facts["kinds"] if i.startswith(f"{base}.copy")) + 1
            dup = copy.deepcopy(target)
            dup.id = f"{base}.copy{n}"
            dup.copy = True
            dup.controller = you
            new = inst.copy_targets if e.get("new_targets") and inst.copy_targets else None
            if new is not None:
                spec = self._spec_of(target)
                for nt in new:
                    why = self.target_illegal(nt, spec or {}, you, None) if spec else None
                    if why:
                        new = None
                        self.step(f"{self.describe(nt)} is not a legal new target ({why}); the copy keeps the "
                                  "original targets.", [cited.COPY_MAY_CHOOSE_NEW_TARGETS])
                        break
            if new is not None:
                dup.targets = list(new)
                dup.lost = []
            self.s.stack.append(dup)
            self.facts["kinds"][dup.id] = dup.kind
            self.facts["controllers"][dup.id] = you
            self.facts["copies"].append(dup.id)
            if dup.is_card_instance:
                self.facts["instances"].setdefault(dup.source, []).append(dup.id)
            cites = [cited.COPY_MAKES_ANOTHER_INSTANCE, cited.COPY_CONTROLLED_BY_CREATOR,
                     cited.ADDITIONAL_INSTANCE_COPY_PROPERTY]
            if dup.is_card_instance:
                cites.insert(1, cited.CARD_CONSIDERED_ACTIVATED)
            if dup.x is not None:
                cites.append(cited.COPY_KEEPS_X)
            if dup.mode is not None:
                cites.append(cited.COPY_KEEPS_MODES)
            self.step(f"{source_name} copies {self.instance_name(target)}: a new instance [{dup.id}] with the copy "
                      f"property is placed at the top of the Effects Stack, controlled by {you}"
                      + (f", with X = {dup.x} as chosen for the original" if dup.x is not None else "")
                      + (f", with the mode '{dup.mode}' selected for the original (a copy changes modes only when "
                         "its effect says so)" if dup.mode is not None else "")
                      + (f", targeting {', '.join(self.describe(x) for x in dup.targets)}" if dup.targets else "")
                      + (" (new targets chosen)" if new is not None else "") + ".",
                      cites + ([cited.COPY_MAY_CHOOSE_NEW_TARGETS] if new is not None else []), answer=True)

    def _spec_of(self, inst: Instance):
        src = self.s.cards.get(inst.source)
        if src is None:
            return None
        if inst.is_card_instance:
            return src.target
        return src.abilities[inst.ability - 1].get("target") if inst.ability else None

    def do_delevel(self, e, inst, you, source_name):
        """Delevel a champion: it goes to the material deck and the champion beneath it in its lineage becomes the
        champion."""
        for t in self._who(dict(e, to=e.get("to", "target")), inst, you):
            p = self.player_of(t)
            champ = self.champion_of(p) if p else None
            if champ is None:
                continue
            below = [c for c in self.s.cards.values() if c.zone == "lineage" and c.controller == p and
                     "champion" in c.types]
            self.move(champ, "material-deck")
            top = max(below, key=lambda c: c.level or 0) if below else None
            if top is not None:
                top.zone = "field"
                top.controller = p
            self.step(f"{p} delevels: {champ.name} returns to the material deck"
                      + (f"; {top.name} (level {top.level}) is now the champion." if top else "."),
                      [cited.DELEVEL_CHAMPION], answer=True)


    # ---------------------------------------------------------------------------------------------------------
    # effects that turns and combat need: prevention, orientation, counters, keywords, properties, phases
    # ---------------------------------------------------------------------------------------------------------
    def _units_on_field(self, e: dict, inst: Instance, you: str):
        """Each object the effect names (:meth:`_units`) that is on the field as the effect reaches it."""
        for t in self._units(e, inst, you):
            obj = self.s.cards.get(t)
            if obj is not None and obj.zone == "field":
                yield obj

    def _units(self, e: dict, inst: Instance, you: str) -> list[str]:
        """The units or objects an effect names: ``target``, ``self`` (the source), ``you`` (your champion),
        ``attacker`` (the attacking unit of the combat in progress); a player's name stands for their champion."""
        what = e.get("to", e.get("what", "target"))
        if isinstance(what, dict):   # "allies you control get ...": the set as the effect resolves
            out = [c.handle for c in self.s.cards.values() if c.zone == "field" and self.matches(c, what, you)]
        elif what == "self":
            out = [inst.source]
        elif what == "you":
            champ = self.champion_of(you)
            out = [champ.handle if champ is not None else you]
        elif what == "attacker":
            out = [self.s.combat.attacker] if self.s.combat is not None else []
        else:
            out = [t for t in inst.targets if self.s.instance(t) is None and t not in inst.lost]
        return [(self.champion_of(t).handle if t in self.s.players and self.champion_of(t) else t) for t in out]

    def do_prevent(self, e, inst, you, source_name):
        """A prevention effect waiting for damage: a shield absorbing N, or one instance preventing up to N
        (damage-prevention/1, 5.1, 5.2; combat = true: only combat damage, 4)."""
        for t in self._units(e, inst, you):
            kind = e.get("kind", "shield")
            n = e.get("amount", 1)
            self.s.shields.append({"who": t, "left": n, "kind": kind, "combat": bool(e.get("combat")),
                                   "name": source_name})
            self.step(f"{source_name}: the next {n} {'combat ' if e.get('combat') else ''}damage that would be dealt to "
                      f"{self.describe(t)} is prevented"
                      + (" (one instance)" if kind == "instance" else "") + ".",
                      [cited.PREVENTION_REDUCES_DAMAGE, cited.CONTINUOUS_PREVENTION,
                       cited.PREVENTION_SHIELDING_OR_INSTANCE]
                      + ([cited.PREVENTION_BY_DAMAGE_TYPE] if e.get("combat") else []), answer=True)

    def do_rest(self, e, inst, you, source_name):
        """Rest an object; one already rested can't rest (game-terms/rest-rested/1, 5)."""
        for obj in self._units_on_field(e, inst, you):
            if obj.rested:
                self.step(f"{obj.name} is already rested: it does not rest again.", [cited.RESTED_CANNOT_REST,
                                                                                     cited.STATE_ALREADY_SET_UNCHANGED])
                continue
            obj.rested = True
            self.step(f"{source_name} rests {obj.name}.", [cited.REST], answer=True)

    def do_wake(self, e, inst, you, source_name):
        """Wake up an object; one already awake can't wake up (game-terms/wake-up/1, 2)."""
        for obj in self._units_on_field(e, inst, you):
            if not obj.rested:
                self.step(f"{obj.name} is already awake: it does not wake up.", [cited.AWAKE_CANNOT_WAKE_UP])
                continue
            obj.rested = False
            self.step(f"{source_name}: {obj.name} wakes up.", [cited.WAKE_UP], answer=True)

    def do_counter(self, e, inst, you, source_name):
        """Put N counters of a kind on an object (or remove them with a negative N); buff and debuff counters
        cancel each other (counters/general-rules/4, buff/4, debuff/4)."""
        kind, n = e.get("kind", "buff"), e.get("amount", 1)
        for obj in self._units_on_field(e, inst, you):
            c = obj.counters
            c[kind] = max(0, c.get(kind, 0) + n)
            other = {"buff": "debuff", "debuff": "buff"}.get(kind)
            cancel = min(c.get(kind, 0), c.get(other, 0)) if other else 0
            if cancel:
                c[kind] -= cancel
                c[other] -= cancel
            verb = "puts" if n >= 0 else "removes"
            self.step(f"{source_name} {verb} {abs(n)} {kind} counter{'s' if abs(n) != 1 else ''} "
                      f"{'on' if n >= 0 else 'from'} {obj.name}"
                      + (f"; {cancel} {kind} and {other} counter pair{'s' if cancel > 1 else ''} remove each other"
                         if cancel else "") + ".",
                      [cited.COUNTER_QUANTITY_CHANGES] + ([COUNTER_RULES[kind][1]] if cancel else [COUNTER_RULES[kind][0]]
                                                             if kind in COUNTER_RULES else []), answer=True)

    def do_gain(self, e, inst, you, source_name):
        """An object gets a keyword until end of turn (an instanced continuous effect, continuous-effects)."""
        name, value = parse_keyword(e["keyword"])
        for obj in self._units_on_field(e, inst, you):
            obj.gained.append((name, value, self.s.tick()))
            self.step(f"{obj.name} gains {name}{f' {value}' if value is not None else ''} until end of turn.",
                      [cited.INSTANCED_EFFECT_APPLIES_TO_OBJECTS_THEN], answer=True)

    def do_distant(self, e, inst, you, source_name):
        """A unit becomes distant until the end of its controller's turn (game-terms/distant/1, 2)."""
        for obj in self._units_on_field(e, inst, you):
            obj.distant = True
            self.step(f"{obj.name} becomes distant until the end of {obj.controller}'s turn.",
                      [cited.DISTANT_PROPERTY, cited.DISTANT_UNTIL_END_OF_TURN], answer=True)

    def do_skip(self, e, inst, you, source_name):
        """A player's next [phase] is skipped (skipping-phases/1, 2)."""
        times = e.get("times", 1)
        for p in self._who(dict(e, to=e.get("whose", "you")), inst, you):
            for _ in range(times):
                self.s.skips.append((p, e["phase"]))
            self.step(f"{p}'s next {e['phase'].replace('-', ' ')} phase will be skipped"
                      + (f" ({times} times)" if times > 1 else "") + ".",
                      [cited.SKIPPED_PHASE_DOES_NOT_HAPPEN] + ([cited.PHASES_SKIPPED_MULTIPLE_TIMES] if times > 1 else []), answer=True)

    def do_end_phase(self, e, inst, you, source_name):
        """End the current phase: once this resolves, the effects on the Effects Stack do not resolve and their
        cards are banished (ending-phases/1, 1.1, 1.2, 2.1)."""
        self.ending_phase = True
        self.step(f"{source_name} ends the {self.s.phase.replace('-', ' ')} phase; it is not banished itself.",
                  [cited.ENDED_PHASE_STACK_DOES_NOT_RESOLVE, cited.PHASE_ENDING_CARD_TO_GRAVEYARD], answer=True)

    def do_level_up(self, e, inst, you, source_name):
        """Level up: the next level champion card from the player's material deck is placed on the lineage,
        without the Effects Stack and without materializing; its On Enter abilities trigger (game-terms/level-up/1-3,
        champion/leveling-up/1, 9)."""
        for p in self._who(dict(e, to=e.get("to", "you")), inst, you):
            base = self.base_level(p)
            if base is None:
                self.step(f"{p} has no champion to level up.", [cited.LEVELING_REQUIREMENTS], answer=True)
                continue
            fits = [c for c in self.s.cards.values() if c.zone == "material-deck" and c.owner == p
                    and "champion" in c.types and c.level == base + 1]
            chosen = [c for c in fits if c.handle == inst.level_up] if inst.level_up else fits
            if len(chosen) > 1:
                raise InvalidScenario([self.scenario.reason(
                    "choose-payment", f"{p} has {len(chosen)} level {base + 1} champion cards to level up into: name "
                    "one in level_up = HANDLE on the action", self.current_key, cited.LEVEL_UP)])
            if not chosen:
                self.step(f"{p} has no level {base + 1} champion card in the material deck: the champion does not "
                          "level up.", [cited.LEVELING_REQUIREMENTS, cited.LEVEL_UP_BY_PRINTED_LEVEL], answer=True)
                continue
            card = chosen[0]
            self.place_on_lineage(card, p, f"{source_name} levels up {p}'s champion without the Effects Stack (not a "
                                  "materialization): ", [cited.LEVEL_UP, cited.LEVEL_UP_NOT_MATERIALIZATION,
                                                        cited.LEVEL_UP_BY_PRINTED_LEVEL])
            self.enters_field(card)
