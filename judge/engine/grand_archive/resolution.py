# Resolution, Triggered Abilities, State-based Checks: the Effects Stack resolving and what it triggers.
"""Resolution (Playing Cards - Resolution; Resolving Triggered and Activated Abilities), triggered abilities
(Triggered Abilities), state-based checks (State-based Checks and Effects) and cards leaving the Effects
Stack (playing-cards/7, 7.1)."""

from __future__ import annotations

import copy

from judge.engine.core import bounded
from judge.engine.grand_archive.cards import OBJECT_TYPES, Card
from judge.engine.grand_archive.state import Instance, PendingTrigger
from judge.engine.grand_archive.words import a_an, cards_word, quote, stats_text
from judge.engine.grand_archive import cited


class Resolution:
    """Mixed into Game: resolving the Effects Stack, triggers and state-based checks."""

    # =====================================================================================================
    # triggered abilities (Triggered Abilities page)
    # =====================================================================================================
    def triggers_on_play(self, player: str, card: Card, inst: Instance):
        """The triggered abilities that trigger because a player played a card."""
        for src in list(self.s.cards.values()):
            for ab in src.abilities:
                if ab.kind != "trigger" or ab.get("on") != "play" or not self.functional(src, ab):
                    continue
                by = ab.get("by", "you")
                if (by == "you" and player != src.controller) or (by == "opponent" and player == src.controller):
                    continue
                if not self.matches(card, ab.get("card"), src.controller):
                    continue
                self.pending_trigger(src, ab, f"{player} played {card.name} by {inst.kind}",
                                     [cited.PLAYING_A_CARD,
                                      cited.MATERIALIZE_OR_ACTIVATE_IS_PLAY], cause=inst.id)

    def pending_trigger(self, src: Card, ab, why: str, cites, cause: str | None = None):
        """A triggered ability has triggered: it waits, with its source's last known information, to be placed on
        the Effects Stack."""
        self.remember(src)
        self.s.pending.append(PendingTrigger(src.handle, ab.index, why, list(cites), dict(self.s.lki[src.handle]),
                                             cause))

    def place_triggers(self) -> bool:
        """Place the pending triggered abilities on the Effects Stack, the turn player's first; True if any was
        placed."""
        pend = self.s.pending
        if not pend:
            return False
        self.s.pending = []
        # turn player's triggers first (triggered-abilities/10)
        pend.sort(key=lambda t: self.s.order.index(t.lki["controller"]))
        for t in pend:
            src = self.s.cards.get(t.handle)   # None: a player's own triggered ability (agility)
            ab = t.ability or src.abilities[t.index - 1]
            inst = Instance(self._ability_id(src or Card(t.handle, t.handle, t.handle), t.keyword or t.index),
                            "ability", t.handle, t.lki["controller"])
            inst.ability = t.index
            inst.effects = list(ab.get("effects", []))
            inst.lki = t.lki
            inst.cause = t.cause
            self.s.stack.append(inst)
            self.facts["kinds"][inst.id] = "ability"
            self.facts["controllers"][inst.id] = inst.controller
            self.facts["triggered"].append(inst.id)
            self.step(f"{t.why}: {t.lki['name']}'s triggered ability [{inst.id}] ({quote(ab)}) is placed onto the "
                      f"Effects Stack during state-based checks{t.where}, controlled by {inst.controller}.",
                      list(t.cites) + [cited.TRIGGERED_ABILITIES,
                                       cited.TRIGGERED_ABILITY_CONTROLLER], answer=True)
        self.s.passed = []
        self.give_opportunity(self.s.turn_player)
        if not self.blocked():
            self.step(f"The turn player, {self.s.turn_player}, receives Opportunity.",
                      [cited.SIMULTANEOUS_TRIGGERS_TURN_ORDER, cited.ACTIVATION_GIVES_OPPORTUNITY])
        return True

    # =====================================================================================================
    # resolution (Playing Cards - Resolution, Resolving Triggered and Activated Abilities)
    # =====================================================================================================
    def resolve_top(self):
        """Resolve the top layer of the Effects Stack, then state-based checks and the next Opportunity."""
        s = self.s
        inst = s.stack[-1]
        self.step(f"The top layer of the Effects Stack resolves: {self.instance_name(inst)}.",
                  [cited.EFFECTS_STACK_LAST_IN_FIRST_OUT, cited.INSTANCE_RESOLVES])
        if inst.is_card_instance:
            self.resolve_card_instance(inst)
        else:
            self.resolve_ability(inst)
        if self.ending_phase:
            self.end_the_phase()
            return
        triggered = self.state_based_checks()
        if s.game_over:
            return
        self.after_resolution(triggered)

    def end_the_phase(self):
        """ending-phases/1, 1.1, 1.2: nothing left on the Effects Stack resolves and its cards are banished; the
        phase's remaining steps are skipped (a combat phase goes to its end of combat step)."""
        s = self.s
        self.ending_phase = False
        for c in [c for c in s.cards.values() if c.zone == "effects-stack" and not s.on_stack(c.handle)]:
            self.card_leaves_stack(c)   # the card that ended the phase resolved: it is not banished (2.1)
        cards = [c for c in s.cards.values() if c.zone == "effects-stack"]
        gone = list(s.stack)
        for inst in gone:
            self._remove(inst)
            self.facts["resolved"][inst.id] = False
        for c in cards:
            self.move(c, "banishment")
        self.step("The phase ends: " + (f"{', '.join(self.instance_name(i) for i in gone)} will not resolve; " if gone
                                        else "") + (f"{', '.join(c.name for c in cards)} on the Effects Stack "
                                        f"{'is' if len(cards) == 1 else 'are'} banished without resolving; " if cards
                                        else "") + "its remaining steps are skipped.",
                  [cited.ENDED_PHASE_STACK_DOES_NOT_RESOLVE,
                   cited.ENDED_PHASE_SUB_PHASES_SKIPPED] + ([cited.COMBAT_PHASE_ENDED] if s.phase == "combat" else []),
                  answer=True)
        s.pending = []
        if s.phase == "combat":
            self.end_of_combat()
        else:
            self.proceed()

    def _remove(self, inst: Instance):
        if inst in self.s.stack:
            self.s.stack.remove(inst)

    def fizzle(self, inst: Instance, why: str, cites):
        """The instance fizzles: none of its effects happen and it leaves the Effects Stack."""
        self._remove(inst)
        self.facts["resolved"][inst.id] = False
        self.facts["fizzled"].append(inst.id)
        self.step(f"{self.instance_name(inst)[0].upper()}{self.instance_name(inst)[1:]} fizzles: {why}. None of "
                  "its effects happen and it ceases to exist from the Effects Stack.",
                  list(cites) + [cited.FIZZLE], answer=True)

    def resolve_card_instance(self, inst: Instance):
        """Resolve a card's instance (an activation or a materialization): check resolution, then its effects and
        where the card goes."""
        card = self.card(inst.source)
        if card.zone != "effects-stack":
            self.fizzle(inst, f"its source card, {card.name}, is no longer on the Effects Stack",
                        [cited.CHECK_INSTANCE_SOURCE, cited.SOURCE_REMOVED_INSTANCES_FIZZLE])
            return
        check = [cited.CHECK_RESOLUTION]
        if not self.targets_still_legal(inst, card.target, "card", check):
            return
        if inst.kind == "materialization" and "champion" in card.types and not inst.copy:
            base = self.base_level(inst.controller)
            if base is None or card.level != base + 1:
                self.fizzle(inst, f"{card.name} is level {card.level} but {inst.controller}'s champion is now level "
                            f"{base}, so the level requirement is no longer met",
                            check + [cited.CHAMPION_LEVEL_AND_LINEAGE_CHECK, cited.CHAMPION_TWO_LEVELS_UP_FIZZLES,
                                     cited.CHAMPION_MATERIALIZATION_FIZZLES])
                return
        self.step(f"Check resolution: {self.instance_name(inst)} meets every condition to resolve"
                  + self.still_legal(inst) + ".",
                  check + ([cited.RESOLVES_ONLY_IF_TARGETS_LEGAL] if inst.targets and card.target else []))
        if inst.copy:
            self.step(f"The copy resolves from its source card, {card.name}: costs paid, properties and restrictions "
                      f"are those of the original card played"
                      + (f" (X = {inst.x})" if inst.x is not None else "")
                      + f"; it resolves under its own controller, {inst.controller}.",
                      [cited.PLAYING_CREATES_OBJECT, cited.COPY_READS_ORIGINAL_CARD,
                       cited.COPY_CONTROLLED_BY_CREATOR])
        effects = list(card.modes.get(inst.mode, [])) if inst.mode else list(card.effects)
        if effects:
            self.step(f"{inst.controller} enacts {card.name}'s instructions in order, top to bottom; \"you\" is "
                      f"{inst.controller}, the controller of the resolving instance.",
                      [cited.RESOLVE_CARD_INSTANCE, cited.YOU_IS_CONTROLLER,
                       cited.RESOLVE_FROM_CONTROLLER_PERSPECTIVE]
                      + ([cited.ACTION_CARD_CONTROLLER_PERSPECTIVE] if "action" in card.types else []))
        for e in effects:
            self.apply(e, inst, card.name)
        if "attack" in card.types and not inst.copy:
            self._remove(inst)
            self.facts["resolved"][inst.id] = True
            self.attack_card_resolves(inst, card)
            return
        for src, extra in self.granted_effects(card):
            self.step(f"{card.name} has the instruction{'s' if len(extra) > 1 else ''} {src.name} gives it: a static "
                      f"modification of the source card, read by this instance [{inst.id}] too.",
                      [cited.SOURCE_MODIFICATIONS_READ_BY_INSTANCES], answer=True)
            for e in extra:
                self.apply(e, inst, card.name)
        if "boon" in card.types:
            self.step(f"{inst.controller} gains the boon {card.name}.", [cited.BESTOWED_BOON_GAINED],
                      answer=True)
            self.facts.setdefault("boons", {}).setdefault(inst.controller, []).append(card.handle)
        if card.is_object_card:
            if inst.copy:
                self.summon_copy_token(inst, card)
            else:
                card.became_object = True
                self.step(f"The non-copy instance resolves and becomes {a_an(self.object_word(card))} object: "
                          f"{card.name} will be placed on the field to represent it, under {inst.controller}'s "
                          "control.", [cited.RESERVE_TO_GRAVEYARD_MEMORY_TO_BANISHMENT, cited.RESOLVE_CARD_INSTANCE,
                                       cited.OBJECTS_ENTER_UNDER_CONTROLLER])
        self._remove(inst)
        self.facts["resolved"][inst.id] = True
        self.step(f"{self.instance_name(inst)[0].upper()}{self.instance_name(inst)[1:]} has resolved; it leaves the "
                  "Effects Stack, and state-based checks look for other instances of "
                  f"{card.name}.", [cited.RESOLUTION_STATE_BASED_CHECK,
                                    cited.RESOLUTION_SOURCE_CHECK])

    @staticmethod
    def object_word(card: Card) -> str:
        """The card's object type (ally, item, weapon, …) as a word."""
        return next(t for t in OBJECT_TYPES if t in card.types)

    def summon_copy_token(self, inst: Instance, card: Card):
        """A copied card instance resolves as a token copy of the card on the field."""
        token = copy.deepcopy(card)
        token.handle = inst.id
        token.token = True
        token.owner = inst.controller
        token.controller = inst.controller
        token.zone = "field"
        token.became_object = False
        token.timestamp = self.s.tick()
        token.abilities = list(card.abilities)
        self.s.cards[token.handle] = token
        self.facts.setdefault("tokens", []).append(token.handle)
        self.step(f"The instance has the copy property, so it does not put {card.name} on the field: it becomes a "
                  f"token {self.object_word(card)} object [{token.handle}] with {card.name}'s characteristics"
                  + stats_text(token) + f", under {inst.controller}'s control.",
                  [cited.ADDITIONAL_INSTANCE_COPY_PROPERTY, cited.COPY_PROPERTY]
                  + ([cited.COPIED_PERMANENT_ENTERS_AS_TOKEN] if inst.kind == "activation"
                     else []), answer=True)
        self.enters_field(token)

    def resolve_ability(self, inst: Instance):
        """Resolve an ability's instance: it exists apart from its source; check its targets, then generate its
        effects."""
        src = self.s.cards.get(inst.source)
        gone = inst.source not in self.s.players and (src is None or src.zone != inst.lki.get("zone"))
        if gone:
            self.step(f"Its source, {inst.lki['name']}, has left the {inst.lki.get('zone')}: the ability exists "
                      "independently of its source and is not negated or fizzled; the last known information of the "
                      f"source is used (controller {inst.lki['controller']}).",
                      [cited.ABILITY_INDEPENDENT_OF_SOURCE, cited.ABILITY_SOURCE_LAST_KNOWN_INFORMATION], answer=True)
        if not self.targets_still_legal(inst, self._spec_of(inst), "ability",
                                        [cited.ABILITIES_RESOLVE_AS_CARDS]):
            return
        self.step("Check resolution: the ability meets every condition to resolve"
                  + self.still_legal(inst)
                  + f"; it resolves under {inst.controller}, who controlled its source.",
                  [cited.RESOLVE_ABILITIES, cited.ABILITIES_RESOLVE_AS_CARDS,
                   cited.ABILITY_CONTROLLED_BY_SOURCE_CONTROLLER] + ([cited.RESOLVES_ONLY_IF_TARGETS_LEGAL] if inst.targets else []))
        for e in inst.effects:
            self.apply(e, inst, inst.lki["name"])
        self._remove(inst)
        self.facts["resolved"][inst.id] = True
        self.step(f"{inst.lki['name']}'s ability [{inst.id}] has resolved and leaves the Effects Stack.",
                  [cited.EFFECTS_RESOLVE_FULLY])

    def still_legal(self, inst: Instance) -> str:
        """"; its targets (A, B) are still legal" — said only after Checking Resolution found them so."""
        if not inst.targets:
            return ""
        many = len(inst.targets) > 1
        return (f"; its target{'s' if many else ''} ({', '.join(self.describe(t) for t in inst.targets)}) "
                f"{'are' if many else 'is'} still legal")

    def illegal_targets(self, inst: Instance, spec) -> list[str]:
        """The declared targets of ``inst`` that are no longer legal: those state-based checks already stopped
        targeting, and those illegal now."""
        if not spec or not inst.targets:
            return []
        return [t for t in inst.targets
                if t in inst.lost or self.target_illegal(t, spec, inst.controller, inst) is not None]

    def targets_still_legal(self, inst: Instance, spec, what: str, cites: list[str]) -> bool:
        """Checking Resolution 1.3-1.4.1.1: an instance resolves only if the targets selected are all still
        legal, apart from "up to" targets, which are optional. Returns False when the instance fizzled."""
        illegal = self.illegal_targets(inst, spec)
        if not illegal:
            return True
        names = ", ".join(self.describe(t) for t in illegal)
        verb = "is" if len(illegal) == 1 else "are"
        if not spec.get("up_to", False):
            self.fizzle(inst, f"{names} {verb} no longer a legal target. {a_an(what).capitalize()} resolves only if "
                        "the targets selected are all still legal; any one illegal necessary target stops the entire "
                        f"{what}",
                        cites + [cited.RESOLVES_ONLY_IF_TARGETS_LEGAL, cited.ILLEGAL_NECESSARY_TARGET_NO_RESOLUTION,
                                 cited.ILLEGAL_RESOLUTION_FIZZLES])
            return False
        legal = [t for t in inst.targets if t not in illegal]
        self.step(f"{names} {verb} no longer a legal target; \"up to\" targets are optional and do not stop "
                  f"{self.instance_name(inst)} from resolving, "
                  + (f"for its other target{'s' if len(legal) > 1 else ''} "
                     f"({', '.join(self.describe(t) for t in legal)})." if legal else "with no target left."),
                  cites + [cited.UP_TO_X_TARGETS_OPTIONAL], answer=True)
        inst.targets = legal
        return True

    # =====================================================================================================
    # objects entering the field, state-based checks
    # =====================================================================================================
    def enters_field(self, obj: Card):
        """An object enters the field awake, with its durability and bulwark counters; its On Enter abilities
        trigger (a champion card entering the lineage counts, on-enter/2)."""
        if obj.durability is not None and "durability" not in obj.counters:
            obj.counters["durability"] = obj.durability
            self.step(f"{obj.name} enters the field with {obj.durability} durability counter"
                      f"{'s' if obj.durability != 1 else ''}.", [cited.DURABILITY_COUNTERS_ON_ENTERING,
                                                                 cited.WEAPON_ENTERS_WITH_DURABILITY])
        if self.keyword(obj, "hindered"):
            obj.rested = True
            self.step(f"{obj.name} has hindered: it enters the field rested.", [cited.HINDERED],
                      answer=True)
        bulwark = self.keyword(obj, "bulwark")
        if bulwark:
            obj.counters["bulwark"] = obj.counters.get("bulwark", 0) + bulwark
            self.step(f"{obj.name} has bulwark: it enters the field with {bulwark} bulwark counter"
                      f"{'s' if bulwark != 1 else ''}.", [cited.BULWARK,
                                                          cited.BULWARK_INSTANCES])
        for ab in obj.abilities:
            if ab.kind == "trigger" and ab.get("on") == "enter":
                self.pending_trigger(obj, ab, f"{obj.name} enters the field",
                                     [cited.CONDITIONAL_TRIGGERED_ABILITY]
                                     + ([cited.ON_ENTER_CHAMPIONS] if "champion" in obj.types else []))

    def state_based_checks(self):
        """State-based checks, repeated until nothing changes; then triggered abilities are placed."""
        for _ in bounded(50, "state-based checks"):
            changed = False
            self.apply_layers()   # layers are checked with state-based checks (continuous-effects/layers/1)
            # Activations/Materializations/Bestowments: an instance without its source card fizzles
            for inst in list(self.s.stack):
                if inst.is_card_instance:
                    card = self.s.cards.get(inst.source)
                    if card is None or card.zone != "effects-stack":
                        self.fizzle(inst, f"its source card, {card.name if card else inst.source}, is no longer on "
                                    "the Effects Stack", [cited.CHECK_INSTANCE_SOURCE,
                                                         cited.SOURCE_REMOVED_INSTANCES_FIZZLE])
                        changed = True
            # Targeting: a target that became illegal stops being targeted; an instance whose required
            # targets are all illegal fizzles (one illegal target of several is Checking Resolution's business)
            for inst in list(self.s.stack):
                if self.sbc_targeting(inst):
                    changed = True
            # Resolution: a card without any instance left leaves the Effects Stack
            for card in list(self.s.cards.values()):
                if card.zone == "effects-stack" and not self.s.on_stack(card.handle):
                    self.card_leaves_stack(card)
                    changed = True
            # Game-ending checks, damage, durability, combat roles (types-of-checks/1-3, 7)
            if self.game_checks():
                changed = True
            if self.s.game_over:
                return False
            if not changed:
                break
        self.charge_triggers()
        return self.place_triggers()

    def sbc_targeting(self, inst: Instance) -> bool:
        """State-based checks, Targeting (types-of-checks/8, general-rules/2, 2.1). True when it fizzled."""
        spec = self._spec_of(inst)
        if not spec or not inst.targets:
            return False
        whys = {t: self.target_illegal(t, spec, inst.controller, inst) for t in inst.targets if t not in inst.lost}
        newly = [t for t, why in whys.items() if why is not None]
        shrouds = [why for why in whys.values() if why and self.shroud_cites(why)]
        inst.lost.extend(newly)
        live = [t for t in inst.targets if t not in inst.lost]
        optional = spec.get("up_to", False)
        if not live and not optional:
            gone = "its required target is" if len(inst.targets) == 1 else "all its required targets are"
            self.fizzle(inst, f"{gone} now illegal" + "".join(f" ({why})" for why in shrouds),
                        [cited.ALL_TARGETS_ILLEGAL_FIZZLES,
                         cited.ILLEGAL_TARGET_CHECK]
                        + [c for why in shrouds for c in self.shroud_cites(why, received=True)])
            return True
        if newly:
            names = ", ".join(self.describe(t) for t in newly)
            one = len(newly) == 1
            self.step(f"State-based checks: {names} {'is' if one else 'are'} no longer a legal target for "
                      f"{self.instance_name(inst)}, so {'it stops' if one else 'they stop'} being targeted"
                      + ("" if optional else
                         f"; {', '.join(self.describe(t) for t in live)} {'is' if len(live) == 1 else 'are'} still "
                         "legal, so not all of its required targets are illegal and it does not fizzle now")
                      + ".", [cited.ILLEGAL_TARGET_CHECK,
                              cited.ILLEGAL_TARGET_BECOMES_NULL]
                      + ([] if optional else [cited.ALL_TARGETS_ILLEGAL_FIZZLES]), answer=True)
        return False

    def reserved_stay(self, card: Card):
        """costs-and-memory/1.4: a card whose original instance did not resolve leaves its reserved cards in memory."""
        made = self.facts["instances"].get(card.handle, [])
        reserved = self.facts["costs"].get(card.handle, {}).get("reserve", 0)
        if reserved and made and self.facts["resolved"].get(made[0]) is False:
            self.step(f"The {cards_word(reserved)} reserved to pay for {card.name} stay in memory although its "
                      f"{self.facts['kinds'][made[0]]} did not resolve.", [cited.RESERVED_CARDS_STAY_IN_MEMORY], answer=True)

    def place_on_lineage(self, card: Card, controller: str, lead: str, cites: list[str]):
        """Leveling up: the champion card goes on top of the lineage; the champion object stays the same — its
        orientation, counters and timestamp (champion/leveling-up/1, 4, 7.2; continuous-effects/timestamps/3.1)."""
        old = self.champion_of(controller)
        if old is not None and old is not card:
            old.zone = "lineage"
        self.move(card, "field", controller)
        card.lineage_stamp = self.s.tick()
        same = old is not None and old is not card
        if same:
            card.rested, card.counters, card.timestamp = old.rested, dict(old.counters), old.timestamp
            card.distant = old.distant
        else:
            card.timestamp = card.lineage_stamp
        self.step(f"{lead}{card.name} is placed on top of {controller}'s lineage — the champion levels up to level "
                  f"{card.level}"
                  + (f", with {old.name} in the inner lineage; it is the same champion object, "
                     f"{'rested' if card.rested else 'awake'} as before, with its damage counters." if same else "."),
                  cites + [cited.LEVEL_UP_ONTO_LINEAGE] + ([cited.LEVEL_UP_PLACE_ON_TOP,
                                                                     cited.LEVEL_UP_NOT_NEW_OBJECT]
                                                         if same else []), answer=True)

    def card_leaves_stack(self, card: Card):
        """playing-cards/7, 7.1: the card moves to its zone once every instance resolved or was removed."""
        cites = [cited.PLAYED_CARD_LEAVES_STACK_AFTER_INSTANCES, cited.RESERVE_TO_GRAVEYARD_MEMORY_TO_BANISHMENT,
                 cited.RESOLUTION_SOURCE_CHECK]
        controller = card.controller
        lead = f"{card.name} has no instance left on the Effects Stack"
        made = self.facts["instances"].get(card.handle, [])
        plain = len(made) == 1 and self.facts["resolved"].get(made[0]) is True and \
            card.handle != next(iter(self.facts["played"]), None)
        self.reserved_stay(card)
        if "boon" in card.types:
            self.move(card, "pantheon")
            card.face_up = True
            self.step(f"{lead}: it returns to {card.owner}'s Pantheon zone, face up.",
                      cites + [cited.BESTOWED_BOON_TO_PANTHEON], answer=True)
            return
        if card.became_object:
            word = self.object_word(card)
            if "champion" in card.types:
                self.place_on_lineage(card, controller, f"{lead}: its non-copy instance resolved, so ",
                                      cites + [cited.LEVEL_UP_DOES_NOT_USE_STACK])
            else:
                self.move(card, "field", controller)
                card.timestamp = self.s.tick()
                usual = "banishment" if card.cost_kind == "memory" or "regalia" in card.supertypes else "graveyard"
                self.step(f"{lead}: its non-copy instance resolved into an object, so {card.name} is placed on the "
                          f"field as {a_an(word)} object under {controller}'s control, instead of going to its owner's "
                          f"{usual}.",
                          cites + [cited.OBJECTS_ENTER_FIELD_ON_RESOLUTION, cited.OBJECTS_ENTER_FIELD_AWAKE], answer=True)
            self.enters_field(card)
            return
        if card.cost_kind == "memory":
            self.move(card, "banishment")
            self.step(f"{lead}: it has a memory cost, so it goes to {card.owner}'s banishment.",
                      cites + [cited.CARDS_CANNOT_FIZZLE], answer=True)
            return
        if card.supertypes & {"regalia"} or "champion" in card.types:
            self.move(card, "banishment")
            self.step(f"{lead}: it would go to the graveyard, but a "
                      f"{'regalia' if 'regalia' in card.supertypes else 'champion'} card is banished instead.",
                      cites + ([cited.REGALIA_TO_GRAVEYARD_BANISHED_INSTEAD] if "regalia" in card.supertypes else
                               [cited.CHAMPION_TO_GRAVEYARD_BANISHED_INSTEAD]), answer=True)
            return
        if card.ephemeral:
            self.step(f"{lead}: it would go to {card.owner}'s graveyard, but it is ephemeral.",
                      cites + [cited.EPHEMERAL_NON_OBJECT, cited.EPHEMERAL_ON_STACK],
                      answer=True)
            self.move(card, "graveyard")   # banished instead (game.move)
            return
        self.move(card, "graveyard")
        self.step(f"{lead}: it has a reserve cost, so it goes to {card.owner}'s graveyard.",
                  cites + [cited.GRAVEYARD_OF_OWNER] + ([cited.CARD_RESOLVED] if len(self.facts["instances"].get(
                      card.handle, [])) > 1 else []), answer=not plain)
