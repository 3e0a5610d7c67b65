# Playing Cards (activation, materialization, bestowing boons), Costs and Memory, Activated Abilities.
"""Playing cards (Playing Cards: Card Activation 1.1-1.9, Card Materialization 3.1-3.4, Bestowing Boons 3.1-3.4;
Costs and Memory) and activating abilities (Activated Abilities): each step cited, an illegal play reverted
(playing-cards/3)."""

from __future__ import annotations

from judge.engine.core import IllegalAction, InvalidScenario
from judge.engine.grand_archive.cards import PLAY_METHODS, UNIT_TYPES, Card
from judge.engine.grand_archive.state import PHASE_NAMES, Instance
from judge.engine.grand_archive.words import a_an, as_list, cards_word, cost_rules, naming, past, quote, zone_name
from judge.engine.grand_archive import cited


class Illegal(IllegalAction):
    """Playing this card (or activating this ability) is illegal: the attempt is reverted."""



class Playing:
    """Mixed into Game: playing cards and activating abilities."""

    # =====================================================================================================
    # playing a card: activation, materialization, bestowment
    # =====================================================================================================
    def play(self, player: str, card: Card, verb: str, act: dict, key: str):
        """Play ``card`` by ``verb`` (activate, materialize, bestow); an illegal play reverts (playing-cards/3)."""
        n = self.attempts[card.handle] = self.attempts.get(card.handle, 0) + 1
        label = card.handle if n == 1 else f"{card.handle}@{n}"
        saved = self.s.snapshot()
        try:
            {"activate": self.activate_card, "materialize": self.materialize_card,
             "bestow": self.bestow_card}[verb](player, card, act, key)
        except Illegal as exc:
            self.s = saved
            self.facts["legal"][label] = False
            self.facts["illegal_because"][label] = self.cite.one(exc.cites[-1])
            self.step(f"{exc.message} The {PLAY_METHODS[verb]} is illegal: it is cancelled and the game state "
                      f"reverts to before {player} began to play {card.name}.",
                      list(exc.cites) + [cited.ILLEGAL_PLAY_REVERTED], answer=True)
            return
        self.facts["legal"][label] = True
        self.resolve_blocked()

    def _announce(self, player: str, card: Card, method: str, step_rule: str):
        origin = card.zone
        card.__dict__["_from"] = origin
        self.move(card, "effects-stack", player)
        card.timestamp = self.s.tick()
        self.step(f"{player} announces the {method} of {card.name} and places it from {zone_name(origin)} onto the Effects "
                  f"Stack; it is given timestamp {card.timestamp}.", [step_rule, cited.PLAYING_A_CARD, cited.CARD_PLAYED])
        return origin

    def _check_elements(self, player: str, card: Card, cites: list[str]):
        need = sorted(card.elements)
        have = self.enabled_elements(player)
        missing = [e for e in need if e not in have]
        shown = ", ".join(sorted(have))
        if missing:
            raise Illegal(f"{card.name} is {' and '.join(need)}; {player} has only {shown} enabled, not "
                          f"{', '.join(missing)}.", cites + [cited.ELEMENT_MUST_BE_ENABLED])
        self.step(f"Check elements: {card.name} is {' and '.join(need)}, and {player} has {shown} enabled.",
                  cites + ([cited.ACTIVATION_ALL_ELEMENTS_ENABLED] if len(need) > 1 else []) + [cited.ELEMENT_MUST_BE_ENABLED])

    def _declare(self, player: str, card: Card, act: dict, inst: Instance):
        """Card Activation 1.3-1.5: declare costs (X), select modes, declare targets."""
        if card.x_cost:
            inst.x = act["x"]
            self.step(f"Declare costs: {player} declares X = {inst.x}.", [cited.ACTIVATION_DECLARE_COST_PARAMETERS,
                                                                          cited.ACTIVATION_DECLARE_X])
        if card.modes:
            inst.mode = act["mode"]
            self.step(f"Select modes: {player} selects the mode '{inst.mode}'; it can't be changed later.",
                      [cited.ACTIVATION_SELECT_MODES])
        targets = as_list(act.get("target")) + as_list(act.get("targets"))
        if card.target is not None:
            self.check_targets(player, card.name, card.target, targets, [cited.ACTIVATION_CHOOSE_TARGETS], inst)
        elif targets:
            raise Illegal(f"{card.name} has no targets to declare.", [cited.ACTIVATION_CHOOSE_TARGETS])
        inst.targets = targets
        inst.copy_targets = as_list(act.get("copy_targets"))
        inst.level_up = act.get("level_up")

    def check_targets(self, player: str, name: str, spec: dict, targets: list[str], cites: list[str],
                      by: Instance | None = None):
        """Card Activation 1.5: the necessary targets must be chosen, each legal; only "up to" targets are
        optional. ``count`` targets exactly, or up to ``count`` with ``up_to`` (docs/scenario-format-ga.md)."""
        optional = spec.get("up_to", False)
        count = spec.get("count", 1)
        what = f"target {spec.get('kind', 'object')}"
        if not targets and not optional:
            raise Illegal(f"{name} needs {count if count > 1 else 'a'} target{'s' if count > 1 else ''} ({what}) "
                          "and none is declared: the necessary targets must be chosen.", cites)
        if len(targets) > count:
            raise Illegal(f"{name} takes {'up to ' if optional else ''}{count} target{'s' if count > 1 else ''}, and "
                          f"{len(targets)} are declared.", cites)
        if len(targets) < count and not optional:
            raise Illegal(f"{name} needs {count} targets ({what}), and only {len(targets)} "
                          f"{'is' if len(targets) == 1 else 'are'} declared: the necessary targets must be chosen.",
                          cites)
        twice = next((t for i, t in enumerate(targets) if t in targets[:i]), None)
        if twice is not None:
            raise Illegal(f"{self.describe(twice)} is declared twice for {name}: targets must be unique.",
                          cites + [cited.TARGETS_UNIQUE])
        for t in targets:
            why = self.target_illegal(t, spec, player, by=by)
            if why:
                raise Illegal(f"{self.describe(t)} is not a legal target for {name}: {why}.",
                              cites + [cited.TARGET_OF_SPECIFIED_TYPES] + self.shroud_cites(why))
        if targets:
            self.step(f"Declare targets: {player} targets {', '.join(self.describe(t) for t in targets)}.", cites)
        else:
            self.step(f"Declare targets: {player} chooses no target; \"up to\" targets are optional.", cites)

    def target_illegal(self, ident: str, spec: dict, viewer: str, exclude: Instance | None = None,
                       by: Instance | None = None) -> str | None:
        """Why ``ident`` is not a legal target for ``spec`` now, or None when it is legal (an instance never
        targets itself: ``exclude``; ``by``, or else ``exclude``, is the instance targeting, for shrouds)."""
        kind = spec.get("kind", "object")
        sel = {k: v for k, v in spec.items() if k not in ("kind", "up_to", "count")}
        if kind in ("activation", "materialization", "ability", "instance"):
            inst = self.s.instance(ident)
            if inst is None or inst is exclude:
                return "it is not pending on the Effects Stack"
            if kind != "instance" and inst.kind != kind:
                return f"it is {a_an(inst.kind)}, not {a_an(kind)}"
            src = self.s.cards.get(inst.source)
            if src is None or not self.matches(src, sel, viewer, inst):
                return "it does not match what the card may target"
            return None
        if kind == "player":
            return None if ident in self.s.players else "it is not a player"
        if ident in self.s.players:
            champ = self.champion_of(ident)
            if kind in ("champion", "unit") and (champ is None or self.matches(champ, sel, viewer)):
                if "controller" in sel and champ is None:
                    who = sel["controller"]
                    if (who == "you") != (ident == viewer):
                        return "it is not controlled as required"
                return None
            return f"it is not {a_an(kind)}"
        card = self.s.cards.get(ident)
        if card is None or card.zone != "field":
            return "it is not an object on the field"
        if kind == "unit" and not card.types & set(UNIT_TYPES):
            return "it is not a unit"
        if kind not in ("object", "unit") and kind not in card.types:
            return f"it is not {a_an(kind)}"
        if not self.matches(card, sel, viewer):
            return "it does not match what the card may target"
        return self.shrouded(card, by or exclude)

    def _check_speed(self, player: str, card: Card, cites: list[str], method: str = "activation"):
        s = self.s
        speed = card.speed or "slow"
        if speed == "slow" and method == "activation" and self.keyword(card, "fast activation"):
            self.step(f"{card.name} has fast activation: {player} may activate it at fast speed.",
                      cites + [cited.FAST_ACTIVATION])
            speed = "fast"
        if speed == "fast":
            self.step(f"{card.name} has fast speed: {player} may play it while holding Opportunity.",
                      cites + [cited.FAST_CARDS_WITH_OPPORTUNITY])
            return
        if player != s.turn_player:
            raise Illegal(f"{card.name} has slow speed and {player} is not the turn player: the non-turn player can't "
                          "perform slow player actions.", cites + [cited.NON_TURN_PLAYER_NO_SLOW_ACTIONS])
        if s.phase != "main" or len(s.stack) > 0:
            where = "the Effects Stack is not empty" if s.stack else f"it is the {PHASE_NAMES[s.phase]}"
            raise Illegal(f"{card.name} has slow speed: the turn player may play it only in their main phase with the "
                          f"Effects Stack empty, and {where}.", cites + [cited.TURN_PLAYER_SLOW_ACTIONS])
        self.step(f"{card.name} has slow speed: {player} is the turn player, in the main phase, with the Effects Stack "
                  "empty.", cites + [cited.TURN_PLAYER_SLOW_ACTIONS])

    def _check_control(self, player: str, card: Card, origin: str, method: str, home: str, cites: list[str]):
        """playing-cards/2: control or play permission; the zone it is played from; a level locked card's
        restriction (level-locked-n/1, 2, 4)."""
        locked = self.keyword(card, "level locked")
        base = self.base_level(player) or 0
        if locked is not None and base < locked:
            raise Illegal(f"{card.name} is level locked {locked} and {player}'s champion's base level is {base}: it "
                          "can't be played (level modifiers do not count).",
                          cites + [cited.LEVEL_LOCKED, cited.LEVEL_LOCKED_BASE_LEVEL,
                                   cited.LEVEL_LOCKED_CANT_PLAY])
        owner_zone = origin not in ("field",)
        controls = (card.owner == player) if owner_zone else (card.controller == player)
        verb = next(v for v, noun in PLAY_METHODS.items() if noun == method)
        grant = self.permission(player, card, verb, origin)
        if origin != home and grant is None:
            rule = {"activation": cited.ACTIVATE_ONLY_FROM_HAND, "materialization": cited.MATERIALIZE_TO_EFFECTS_STACK,
                    "bestowment": cited.BESTOW_ONLY_FROM_PANTHEON}[method]
            raise Illegal(f"{card.name} is in {zone_name(origin)}; without a permission, a card is played by {method} "
                          f"only from {zone_name(home)}.", cites + [rule])
        if not controls and grant is None:
            raise Illegal(f"{player} does not control {card.name} (its owner {card.owner} does) and has no permission "
                          "to play it.", cites + [cited.PLAY_NEEDS_CONTROL_OR_PERMISSION])
        if grant is not None:
            self.step(f"{grant.name} gives {player} permission to play {card.name} by {method} from {zone_name(origin)}.",
                      cites + [cited.PLAY_NEEDS_CONTROL_OR_PERMISSION, cited.CONDITIONAL_PLAY_PERMISSION_DURATION])
        else:
            self.step(f"{player} controls {card.name} in {zone_name(origin)}, so {player} may play it.",
                      cites + [cited.PLAY_NEEDS_CONTROL_OR_PERMISSION])

    def calculate_cost(self, player: str, card: Card, kind: str, inst: Instance, rules: dict) -> int:
        """The set → add/subtract → remove order; never below 0 (card-activation/1.7.1-1.7.4)."""
        printed = card.reserve_cost if kind == "reserve" else card.memory_cost
        if inst.ephemerate:
            printed = self.keyword(card, "ephemerate")
        cost = printed + (inst.x or 0)
        shown = f"{printed}+X = {cost}" if card.x_cost else f"{cost}"
        self.step(f"Calculate the {kind} cost: {card.name}'s starting {kind} cost is {shown}.", [rules[0], rules[1]])
        sets = [(src, eff) for src, _, eff in self.statics("cost") if "set" in eff and self._cost_applies(src, eff, card, player, kind)]
        for src, eff in sets:
            cost = eff["set"]
            self.step(f"{src.name} sets the {kind} cost to {cost}.", [rules[2]])
        delta = []
        for src, _, eff in self.statics("cost"):
            if "by" in eff and self._cost_applies(src, eff, card, player, kind):
                delta.append((src.name, eff["by"]))
        if "efficiency" in card.keywords:
            delta.append((f"Efficiency (LV {self.level(player)})", -self.level(player)))
        if delta:
            total = sum(n for _, n in delta)
            parts = ", ".join(f"{name} {n:+d}" for name, n in delta)
            raw = cost + total
            cost = max(0, raw)
            floor = " (a cost can't be less than 0)" if raw < 0 else ""
            self.step(f"Cost modifiers apply simultaneously: {parts}; the {kind} cost is {cost}{floor}.",
                      [rules[3], cited.COST_MODIFIER_CHANGES_PAYMENT_ONLY] + ([cited.COST_NOT_BELOW_ZERO] if raw < 0 else []) +
                      ([cited.EFFICIENCY] if "efficiency" in card.keywords else []))
        for src, _, eff in self.statics("cost"):
            if eff.get("remove") and self._cost_applies(src, eff, card, player, kind):
                cost = 0
                self.step(f"{src.name} removes the {kind} cost: it becomes 0.", [rules[4]])
        return cost

    def _cost_applies(self, src, eff, card, player, kind) -> bool:
        """Does a cost modifier apply to ``card`` played by ``player``? ``for``: whose plays it modifies."""
        whose = {"you": player == src.controller, "opponents": player != src.controller, "all": True}
        return eff.get("cost", kind) == kind and whose[eff.get("for", "you")] and \
            self.matches(card, eff.get("to"), src.controller)

    def pay_reserve(self, player: str, card: Card, amount: int, act: dict, key: str, cites: list[str]):
        """Reserve: cards from hand into memory (costs-and-memory/1, game-terms/reserve/1); first, reservable
        objects rested to pay 1 each (reservable/1, 2)."""
        p = self.s.players[player]
        amount -= self.pay_reservable(player, amount, act, key)
        amount -= self.pay_kindle(player, card, amount, act, key)
        chosen = [self.card(h) for h in as_list(act.get("reserve"))]
        for c in chosen:
            if c.zone != "hand" or c.owner != player or c is card:
                raise InvalidScenario([self.scenario.reason(
                    "bad-payment", f"{c.name} is not another card in {player}'s hand, so it can't be reserved",
                    f"{key}.reserve", cited.RESERVE_COST_PAID_FROM_HAND)])
        if len(chosen) > amount:
            raise InvalidScenario([self.scenario.reason(
                "bad-payment", f"{len(chosen)} cards named to reserve, but the reserve cost is {amount}",
                f"{key}.reserve", cited.RESERVE_COST_PAID_FROM_HAND)])
        unnamed = amount - len(chosen)
        named_left = [c for c in self.s.cards.values() if c.zone == "hand" and c.owner == player
                      and c is not card and c not in chosen]
        if unnamed > p.unnamed["hand"]:
            short = unnamed - p.unnamed["hand"]
            if len(named_left) >= short and "reserve" not in act:
                raise InvalidScenario([self.scenario.reason(
                    "choose-payment", f"{player} must choose which {cards_word(amount)} to reserve: name them in "
                    "reserve = [...]", f"{key}", cited.RESERVE_SELECTION_CHANGEABLE_UNTIL_CONFIRMED)])
            have = len(chosen) + len(named_left) + p.unnamed["hand"]
            others = cards_word(have).replace("card", "other card")
            raise Illegal(f"The reserve cost is {amount}, but {player} has only {others} in hand to reserve.", cites)
        for c in chosen:
            self.move(c, "memory")
        p.unnamed["hand"] -= unnamed
        p.unnamed["memory"] += unnamed
        self.step(f"Pay costs: {player} reserves {cards_word(amount)} from hand into memory{naming(chosen, unnamed)}."
                  if amount else "Pay costs: the reserve cost is 0, so no card is reserved.",
                  cites + [cited.RESERVE_COST_PAID_FROM_HAND, cited.RESERVE])

    def pay_memory(self, player: str, card: Card, amount: int, act: dict, key: str, cites: list[str]):
        """Memory: cards banished from memory at random (costs-and-memory/2, 2.1, 2.2); first, cards with
        floating memory banished from the graveyard, each paying 1 (floating-memory/1, 2)."""
        p = self.s.players[player]
        amount -= self.pay_floating(player, amount, act, key)
        if amount == 0:
            return
        named = [c for c in self.s.cards.values() if c.zone == "memory" and c.owner == player]
        total = len(named) + p.unnamed["memory"]
        if total < amount:
            raise Illegal(f"The memory cost is {amount}, but {player} has only {cards_word(total)} in memory.", cites)
        chosen = [self.card(h) for h in as_list(act.get("memory"))]
        for c in chosen:
            if c not in named:
                raise InvalidScenario([self.scenario.reason(
                    "bad-payment", f"{c.name} is not in {player}'s memory", f"{key}.memory", cited.MEMORY_COST_BANISHES_AT_RANDOM)])
        if "memory" not in act:
            if named and total > amount:
                raise InvalidScenario([self.scenario.reason(
                    "choose-payment", f"the memory cost of {amount} banishes cards from {player}'s memory at random: "
                    "say which named cards the random selection picked, in memory = [...] (an empty list for none)",
                    key, cited.MEMORY_COST_FAIR_RANDOM_SELECTION)])
            if total == amount:
                chosen = list(named)
        unnamed = amount - len(chosen)
        if unnamed < 0 or unnamed > p.unnamed["memory"]:
            raise InvalidScenario([self.scenario.reason(
                "bad-payment", f"memory = [...] names {cards_word(len(chosen))} for a memory cost of {amount}",
                f"{key}.memory", cited.MEMORY_COST_BANISHES_AT_RANDOM)])
        for c in chosen:
            self.move(c, "banishment")
        p.unnamed["memory"] -= unnamed
        self.step(f"Pay costs: {cards_word(amount)} {'is' if amount == 1 else 'are'} selected at random from {player}'s "
                  f"memory and banished simultaneously{naming(chosen, unnamed)}; the card then goes onto the Effects "
                  "Stack for resolution.",
                  cites + [cited.MEMORY_COST_BANISHES_AT_RANDOM, cited.MEMORY_COST_FAIR_RANDOM_SELECTION,
                           cited.MEMORY_SELECTION_FINAL, cited.MEMORY_PAID_CARD_TO_STACK])

    def _place(self, inst: Instance, card: Card, method_rule: str, player: str, opportunity: bool = True):
        self.s.stack.append(inst)
        self.facts["instances"].setdefault(card.handle, []).append(inst.id)
        self.facts["kinds"][inst.id] = inst.kind
        self.facts["controllers"][inst.id] = inst.controller
        self.facts["played"][card.handle] = {"method": inst.kind, "controller": player, "timestamp": card.timestamp}
        cites = [method_rule, cited.CARD_PLAYED, cited.STACK_CARDS_CONTROLLED_BY_PLAYER,
                 cited.INSTANCES_BELONG_TO_CREATOR, cited.EFFECTS_STACK_LAST_IN_FIRST_OUT]
        text = (f"{card.name} is {past(inst.kind)}: one {inst.kind} instance [{inst.id}] is placed at the top of "
                f"the Effects Stack, controlled by {player}; the card itself is tracked by its timestamp, unordered")
        if opportunity:
            self.s.passed = []
            self.give_opportunity(player)
            text += f". {player} receives Opportunity."
            cites.append(cited.ACTIVATOR_RECEIVES_OPPORTUNITY)
        else:
            text += "."
        self.step(text, cites)
        self.triggers_on_play(player, card, inst)
        self.state_based_checks()

    def activate_card(self, player: str, card: Card, act: dict, key: str):
        """Card Activation 1.1-1.9."""
        origin = self._announce(player, card, "activation", cited.ACTIVATION_ANNOUNCE_CARD)
        self._check_elements(player, card, [cited.ACTIVATION_ELEMENT_CHECK])
        inst = Instance(card.handle, "activation", card.handle, player)
        inst.ephemerate = bool(act.get("ephemerate"))
        self._declare(player, card, act, inst)
        legality = [cited.ACTIVATION_LEGALITY_CHECK]
        if inst.ephemerate:
            self.check_ephemerate(player, card, origin, legality)
        else:
            self._check_control(player, card, origin, "activation", "hand", legality)
        self._check_speed(player, card, legality)
        kind = card.cost_kind
        if kind is None:
            raise Illegal(f"{card.name} has no cost: a card without a reserve cost can't be paid for by reserving 0 "
                          "cards.", legality + [cited.NO_RESERVE_COST_NO_RESERVE_PAYMENT])
        if kind == "memory":
            if not self._memory_activation_allowed(player, card):
                raise Illegal(f"{card.name} has a memory cost and no reserve cost; without an effect allowing it to be "
                              "activated, it can't be paid for by reserving cards.",
                              legality + [cited.ACTIVATE_WITH_MEMORY_COST_PERMISSION, cited.NO_RESERVE_COST_NO_RESERVE_PAYMENT])
            self.step(f"An effect lets {player} activate {card.name}, which has a memory cost, instead of "
                      "materializing it; its memory cost is paid.", [cited.ACTIVATE_WITH_MEMORY_COST_PERMISSION])
        self.step("Check legality: every part of the activation is legal.", legality)
        rules = cost_rules(cited.ACTIVATION_CALCULATE_RESERVE_COST)
        cost = self.calculate_cost(player, card, kind, inst, rules)
        pay = [cited.ACTIVATION_PAY_RESERVE_COST]
        if "attack" in card.types:
            self._rest_for_attack_card(player, card, inst, act)
        if kind == "reserve":
            self.pay_reserve(player, card, cost, act, key, pay)
        else:
            self.pay_memory(player, card, cost, act, key, pay)
        self.facts["costs"][card.handle] = {kind: cost} | ({"x": inst.x} if inst.x is not None else {})
        self._place(inst, card, cited.CARD_CONSIDERED_ACTIVATED, player)

    def _rest_for_attack_card(self, player: str, card: Card, inst: Instance, act: dict):
        """attack/2: an attack card rests the champion as an additional playing cost; the champion must be awake."""
        champ = self.champion_of(player)
        if champ is None:
            raise Illegal(f"{card.name} is an attack card and {player}'s champion is not described as a card on the "
                          "field to rest for it.", [cited.ATTACK_CARD_SLOW_RESTS_CHAMPION,
                                                    cited.ATTACKING_RESTS_CHAMPION])
        if champ.rested:
            raise Illegal(f"{champ.name} is rested and can't rest again to pay for {card.name}.",
                          [cited.ATTACK_CARD_SLOW_RESTS_CHAMPION, cited.RESTED_CANNOT_REST])
        champ.rested = True
        inst.attack_target = act.get("attack_target")
        inst.wield = as_list(act.get("wield"))
        self.step(f"Pay costs: {player} rests {champ.name} as an additional cost of the attack card.",
                  [cited.ATTACK_CARD_SLOW_RESTS_CHAMPION, cited.ATTACKING_RESTS_CHAMPION, cited.ATTACKING_RESTS_UNIT])

    def _memory_activation_allowed(self, player: str, card: Card) -> bool:
        return any(src.controller == player and self.matches(card, eff.get("cards"), player)
                   for src, _, eff in self.statics("activate-memory-cost"))

    def materialize_card(self, player: str, card: Card, act: dict, key: str):
        """Card Materialization: Card Activation 1.1-1.5, then 3.1-3.4."""
        s = self.s
        origin = self._announce(player, card, "materialization", cited.ACTIVATION_ANNOUNCE_CARD)
        self.step("Materializing follows the first steps of card activation, announced as a materialization.",
                  [cited.MATERIALIZE_FOLLOWS_ACTIVATION_STEPS])
        if "champion" in card.types:
            self.step(f"{card.name} is a champion card: champion cards are not bound by element restrictions when "
                      "materialized.", [cited.ACTIVATION_ELEMENT_CHECK, cited.CHAMPION_NOT_BOUND_BY_ELEMENT,
                                        cited.CHAMPION_IGNORES_ELEMENT_REQUIREMENTS])
        else:
            self._check_elements(player, card, [cited.ACTIVATION_ELEMENT_CHECK])
        inst = Instance(card.handle, "materialization", card.handle, player)
        self._declare(player, card, act, inst)
        legality = [cited.MATERIALIZATION_LEGALITY_CHECK]
        self._check_control(player, card, origin, "materialization", "material-deck", legality)
        p = s.players[player]
        grant = self.permission(player, card, "materialize", origin)
        if s.phase == "materialize" and grant is None:
            if player != s.turn_player or s.stack:
                raise Illegal("In the materialize phase only the turn player materializes, as a turn-based action "
                              "with nothing pending.", legality + [cited.MATERIALIZE_TURN_BASED_ACTION])
            if p.materialized:
                raise Illegal(f"{player} has already materialized a card in this materialize phase.",
                              legality + [cited.MATERIALIZE_ONCE_PER_PHASE])
            if not (card.types & {"champion"} or "regalia" in card.supertypes):
                raise Illegal(f"Only a regalia or champion card may be materialized from the material deck in the "
                              f"materialize phase; {card.name} is neither.", legality + [cited.MATERIALIZE_TURN_BASED_ACTION])
            self.step(f"It is {player}'s materialize phase and {player} has not materialized yet: the turn-based "
                      "materialization is allowed.", legality + [cited.MATERIALIZE_ONCE_PER_PHASE,
                                                                 cited.MATERIALIZE_TURN_BASED_ACTION])
        elif grant is None:
            raise Illegal(f"It is not the materialize phase and no effect gives {player} permission to materialize "
                          f"{card.name}.", legality + [cited.MATERIALIZE_ONCE_PER_PHASE])
        else:
            self.step(f"{grant.name}'s permission lets {player} materialize {card.name} now.",
                      legality + [cited.MATERIALIZE_ONCE_PER_PHASE])
            if "champion" not in card.types:
                self._check_speed(player, card, legality, "materialization")
        if "champion" in card.types:
            self._check_level(player, card, legality)
        kind = card.cost_kind
        if kind is None:
            raise Illegal(f"{card.name} has no memory cost, and cards without memory costs can't be materialized.",
                          legality + [cited.NO_MEMORY_COST_NO_MATERIALIZE, cited.NO_RESERVE_COST_NO_RESERVE_PAYMENT])
        self.step("Check legality: every part of the materialization is legal.", legality)
        if kind == "reserve":
            self.step(f"{card.name} has a reserve cost: materializing it, its reserve cost is paid rather than a "
                      "memory cost.", [cited.MATERIALIZE_PAYS_RESERVE_COST])
            rules = cost_rules(cited.ACTIVATION_CALCULATE_RESERVE_COST)
        else:
            rules = cost_rules(cited.MATERIALIZE_CALCULATE_MEMORY_COST)
        cost = self.calculate_cost(player, card, kind, inst, rules)
        if kind == "reserve":
            self.pay_reserve(player, card, cost, act, key, [cited.MATERIALIZE_PAY_MEMORY_COST])
        else:
            self.pay_memory(player, card, cost, act, key, [cited.MATERIALIZE_PAY_MEMORY_COST])
        self.facts["costs"][card.handle] = {kind: cost} | ({"x": inst.x} if inst.x is not None else {})
        if s.phase == "materialize" and grant is None:
            p.materialized = True
        self._place(inst, card, cited.CARD_CONSIDERED_MATERIALIZED, player)

    def _check_level(self, player: str, card: Card, cites: list[str]):
        base = self.base_level(player)
        if base is None or card.level is None or card.level != base + 1:
            now = "no champion" if base is None else f"a level {base} champion"
            raise Illegal(f"{card.name} is a level {card.level} champion and {player} has {now}: a champion is "
                          "materialized only at level N+1 of the champion in play.",
                          cites + [cited.MATERIALIZE_CHAMPION_REQUIREMENTS, cited.CHAMPION_MATERIALIZED_AT_NEXT_LEVEL])
        self.step(f"Level check: {card.name} is level {card.level}, one above {player}'s level {base} champion.",
                  cites + [cited.MATERIALIZE_CHAMPION_REQUIREMENTS, cited.CHAMPION_MATERIALIZED_AT_NEXT_LEVEL, cited.LEVEL_UP_BY_BASE_LEVEL])

    def bestow_card(self, player: str, card: Card, act: dict, key: str):
        """Bestowing Boons: Card Activation 1.1-1.5, then 3.1-3.4."""
        origin = self._announce(player, card, "bestowment", cited.ACTIVATION_ANNOUNCE_CARD)
        self.step("Bestowing follows the first steps of card activation, announced as a bestowment.",
                  [cited.BESTOW_FOLLOWS_ACTIVATION_STEPS])
        self._check_elements(player, card, [cited.ACTIVATION_ELEMENT_CHECK, cited.BESTOW_ELEMENT_REQUIREMENT])
        inst = Instance(card.handle, "bestowment", card.handle, player)
        self._declare(player, card, act, inst)
        legality = [cited.BESTOW_LEGALITY_CHECK]
        if "boon" not in card.types:
            raise Illegal(f"{card.name} is not a boon; only boons are bestowed.", legality + [cited.BOONS_PLAYED_BY_BESTOWING])
        self._check_control(player, card, origin, "bestowment", "pantheon", legality)
        self._check_speed(player, card, legality + [cited.BOON_RESERVE_COST_AND_SPEED], "bestowment")
        if card.reserve_cost is None:
            raise Illegal(f"{card.name} has no reserve cost to pay.",
                          legality + [cited.NO_RESERVE_COST_NO_RESERVE_PAYMENT])
        self.step("Check legality: every part of the bestowment is legal.", legality)
        rules = cost_rules(cited.BESTOW_CALCULATE_RESERVE_COST)
        cost = self.calculate_cost(player, card, "reserve", inst, rules)
        self.pay_reserve(player, card, cost, act, key, [cited.BESTOW_PAY_RESERVE_COST])
        self.facts["costs"][card.handle] = {"reserve": cost}
        self._place(inst, card, cited.BOON_BESTOWED_ENTERS_STACK, player, opportunity=False)

    # =====================================================================================================
    # activated abilities (Activated Abilities page)
    # =====================================================================================================
    def activate_ability(self, player: str, card: Card, index: int, act: dict, key: str):
        """Activate a card's ability; an illegal activation is cancelled and the game state reverts."""
        label = f"{card.handle}.{index}"
        n = self.attempts[label] = self.attempts.get(label, 0) + 1
        label = label if n == 1 else f"{label}@{n}"
        saved = self.s.snapshot()
        try:
            self._activate_ability(player, card, index, act, key)
        except Illegal as exc:
            self.s = saved
            self.facts["legal"][label] = False
            self.facts["illegal_because"][label] = self.cite.one(exc.cites[-1])
            self.step(f"{exc.message} The activation is illegal: it is cancelled and the game state reverts.",
                      list(exc.cites) + [cited.ILLEGAL_PLAYER_ACTION], answer=True)
            return
        self.facts["legal"][label] = True

    def _activate_ability(self, player: str, card: Card, index: int, act: dict, key: str):
        ab = card.abilities[index - 1]
        self.step(f"{player} announces {card.name}'s activated ability ({quote(ab)}).",
                  [cited.ABILITY_ACTIVATION_PROCESS, cited.ABILITY_ANNOUNCE])
        if not self.functional(card, ab):
            raise Illegal(f"{card.name} is in {card.zone}, where this ability does not function.",
                          [cited.ABILITIES_FUNCTION_ON_FIELD, cited.ABILITIES_SPECIFYING_ZONES])
        if card.controller != player:
            raise Illegal(f"{player} does not control {card.name}.", [cited.ACTIVATE_PERMISSION_FOR_NON_CONTROLLER])
        ok, why = self.obeys(card)
        if not ok:
            raise Illegal(f"{why}: it does not obey {player}, who can't activate its abilities.",
                          [cited.DISOBEDIENT_ALLY_CANNOT_ATTACK, cited.PRIDE])
        speed = ab.get("speed", "fast")
        if speed == "slow" and (player != self.s.turn_player or self.s.stack or self.s.phase != "main"):
            raise Illegal("This ability has slow speed: only the turn player, in the main phase with the Effects "
                          "Stack empty, may activate it.", [cited.TURN_PLAYER_SLOW_ACTIONS])
        self.step(f"{player} has Opportunity; the ability has {speed} speed.",
                  [cited.ACTIVATE_ONLY_WITH_OPPORTUNITY] + ([cited.ACTIVATED_ABILITIES_FAST_BY_DEFAULT] if "speed" not in ab.data else []))
        inst = Instance(self._ability_id(card, index), "ability", card.handle, player)
        inst.ability = index
        inst.effects = list(ab.get("effects", []))
        targets = as_list(act.get("target")) + as_list(act.get("targets"))
        spec = ab.get("target")
        if spec is not None:
            self.check_targets(player, f"{card.name}'s ability", spec, targets,
                               [cited.ABILITY_SELECT_MODES_TARGETS], inst)
        elif targets:
            raise Illegal(f"{card.name}'s ability has no targets to declare.", [cited.ABILITY_SELECT_MODES_TARGETS])
        inst.targets = targets
        self.remember(card)
        inst.lki = dict(self.s.lki[card.handle])
        cost = ab.get("cost", {})
        paid = []
        if cost.get("rest"):
            if card.rested:
                raise Illegal(f"{card.name} is already rested and can't rest to pay the cost.", [cited.REST])
            card.rested = True
            paid.append(f"rests {card.name}")
        if cost.get("reserve"):
            self.pay_reserve(player, card, cost["reserve"], act, key, [cited.ABILITY_PAY_COSTS])
            paid.append(f"reserves {cost['reserve']}")
        if cost.get("sacrifice"):
            self.leave_field(card, "graveyard")
            paid.append(f"sacrifices {card.name} (" + ("a token, it ceases to exist" if card.zone == "ceased" else
                                                       f"it goes to {card.owner}'s {card.zone}") + ")")
        self.step(f"Pay costs: {player} {', '.join(paid) if paid else 'pays nothing'}; the ability is activated.",
                  [cited.ABILITY_PAY_COSTS, cited.ABILITY_ACTIVATED_AFTER_STEPS]
                  + ([cited.SACRIFICE] if cost.get("sacrifice") else []))
        self.s.stack.append(inst)
        self.facts["kinds"][inst.id] = "ability"
        self.facts["controllers"][inst.id] = player
        self.s.passed = []
        self.give_opportunity(player)
        self.step(f"The ability [{inst.id}] goes to the Effects Stack, controlled by {player}, who controls its "
                  f"source; {player} receives Opportunity.",
                  [cited.ACTIVATED_ABILITY_TO_EFFECTS_STACK, cited.ABILITY_CONTROLLED_BY_SOURCE_CONTROLLER,
                   cited.ACTIVATOR_RECEIVES_OPPORTUNITY])
        if cost.get("sacrifice"):
            self.dies(card, f"sacrificed to pay the cost of its ability [{inst.id}]",
                      [cited.SACRIFICE_TRIGGER_ABOVE_ABILITY], where=", on top of the ability it was sacrificed for, so it resolves "
                      "first")
        self.state_based_checks()

    def _ability_id(self, card: Card, index: int) -> str:
        base = f"{card.handle}.{index}"
        used = set(self.facts["kinds"])
        n = 1
        ident = base
        while ident in used:
            n += 1
            ident = f"{base}.{n}"
        return ident
