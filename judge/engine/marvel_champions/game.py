"""The Marvel Champions procedure as state transitions: Initiating Abilities, interrupt and response windows,
paying with resources (the effect primitives are in :mod:`.effects`).

One :class:`Initiation` is one run of the procedure of the Rules Reference entry "Initiating Abilities"
(seed 003): declare intent → check 1 (play restrictions, at least one valid target) → check 2 (costs with
modifiers, X chosen) → step 1 (the card faceup, not in play) → step 2 (apply modifiers) → step 3 (pay, or
abort paying nothing) → step 4 (commence: the interrupt window of "is played" / "is initiated", where
cancel effects live) → step 5 (the card enters play, or the event's effects resolve and it goes to its
owner's discard pile; the ability resolves unless canceled). Every triggering condition the procedure or an
effect makes true gets an interrupt window just before it and a response window just after it
(:meth:`Game.occur`), forced abilities first. Each transition adds a step to the trace with the rule ids
that justify it.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.marvel_champions.model import (SCENARIO, Ability, Card, Condition, Illegal, Initiation, State,
                                                 article, cap, conditions_words, describe_selector, matches,
                                                 plural, possessive)
from judge.engine.marvel_champions.effects import Effects
from judge.engine.marvel_champions.rules import procedure_ids

MAX_DEPTH = 12    # interrupts of interrupts of …: deeper than this, the scenario does not end


class Game(Effects):
    """A Marvel Champions game in a position: plays the scenario's actions and records the trace and facts."""

    def __init__(self, state: State, outcome, scenario, book):
        self.s = state
        self.out = outcome
        self.trace = outcome.trace
        self.scenario = scenario
        self.ids = procedure_ids()   # the registry's ids; located in the judged document by the runner
        self.inits: list[Initiation] = []
        self.initiated: list[str] = []      # interrupts and responses (forced ones too), in order
        # interrupts and responses the players will use: (player, card, ability, playing?, action, action key)
        self.held: list[tuple[str, Card, Ability | None, bool, dict, str]] = []
        self.depth = 0
        self.keys_seen: dict[str, int] = {}
        self.defeated: list[str] = []
        self.left_play: set[str] = set()    # cards that moved from play to an out-of-play area
        self.missed: dict[int, tuple[Condition, str]] = {}   # held → a window it answered while out of play

    # -- small helpers ---------------------------------------------------------------------------------
    def step(self, text: str, cites=()) -> None:
        self.trace.add(text, list(dict.fromkeys(c for c in cites if c)))

    def p(self, part: str) -> str:
        """The rule id of a part of the Initiating Abilities procedure in the loaded document."""
        return self.ids[part]

    def who(self, player: str) -> str:
        ident = self.s.cards.get(player)
        return f"{ident.name} ({player})" if ident is not None and ident.name != player else player

    def identity(self, player: str) -> Card:
        return self.s.cards[self.s.players[player].identity]

    def ability_name(self, card: Card, ab: Ability) -> str:
        return f"{possessive(card.name)} {ab.label()} ability"

    def fail(self, key: str, message: str, cite: str | None = None):
        raise InvalidScenario([self.scenario.reason("cannot-derive", message, key, cite)])

    def new_key(self, base: str) -> str:
        n = self.keys_seen.get(base, 0) + 1
        self.keys_seen[base] = n
        return base if n == 1 else f"{base}@{n}"

    # -- running the actions ---------------------------------------------------------------------------
    def run(self, actions: list[dict]) -> None:
        """Play the main actions in order; the interrupts and responses listed after one are held, ready to be
        used at the first window whose triggering condition they match."""
        self.trace.phase = "the position"
        groups: list[tuple[int, dict, list]] = []
        waiting: list = []
        for i, act in enumerate(actions, 1):
            if self._is_reaction(act):
                (groups[-1][2] if groups else waiting).append((i, act))
            else:
                groups.append((i, act, waiting))
                waiting = []
        if waiting:
            groups.append((0, {}, waiting))
        now = f"it is {self.who(self.s.active_player)}'s turn in the player phase" if self.s.phase == "player" \
            else "it is the villain phase"
        self.step(f"{self.who(self.s.first_player)} is the first player; {now}.",
                  ["first-player", "player-turn" if self.s.phase == "player" else "villain-phase"])
        for i, act, reactions in groups:
            for j, r in reactions:
                self._hold(j, r)
            if i:
                self._main(i, act)
        for held in self.held:
            player, card, ab, playing, act, akey = held
            key = self.new_key(card.handle if playing else f"{card.handle}.{ab.index}")
            init = Initiation(key, player, card, ab, playing, act, akey)
            self.inits.append(init)
            if id(held) in self.missed:
                # its window came, but its card was not in play: check 1 would fail
                cond, zone = self.missed[id(held)]
                init.result, init.rule = "illegal", self.p("restrictions")
                init.more = self._out_of_play_rules(card)
                init.why = (f"its triggering condition occurred ({cond.words()}), but {card.name} was not in play "
                            f"then ({self._zone_words(card, zone)}), and the abilities of {article(card.type)} can "
                            "only be initiated while it is in play")
                self.step(f"{cap(self.describe(init))} cannot be initiated: {init.why}.", [init.rule] + init.more)
                continue
            init.result = "not-initiated"
            when = f" (“{ab.get('when')}”)" if ab is not None else ""
            init.why = (f"its triggering condition{when} did not occur after it was declared, so {player} never had "
                        "the opportunity to use it")
            self.step(f"{cap(self.describe(init))} is never initiated: {init.why}.",
                      ["triggering-condition", "interrupt" if ab and ab.kind == "interrupt" else "response"])

    def _is_reaction(self, act: dict) -> bool:
        card = self.s.cards.get(act.get("play") or act.get("use"))
        if card is None:
            return False
        ab = self._play_ability(card) if "play" in act else card.ability(act.get("ability", 1))
        return ab is not None and ab.kind in ("interrupt", "response")

    @staticmethod
    def _play_ability(card: Card) -> Ability | None:
        """Playing an event initiates its ability; playing another card initiates none."""
        return card.timing_ability() if card.type == "event" else None

    def _hold(self, i: int, act: dict) -> None:
        player = act.get("player", self.s.active_player)
        if "play" in act:
            card = self.s.cards[act["play"]]
            self.held.append((player, card, self._play_ability(card), True, act, f"actions.{i}"))
        else:
            card = self.s.cards[act["use"]]
            self.held.append((player, card, card.ability(act.get("ability", 1)), False, act, f"actions.{i}"))

    def _main(self, i: int, act: dict) -> None:
        akey = f"actions.{i}"
        player = act.get("player", self.s.active_player)
        if "play" in act:
            card = self.s.cards[act["play"]]
            self.initiate(Initiation(self.new_key(card.handle), player, card, self._play_ability(card), True, act,
                                     akey))
        elif "use" in act:
            card = self.s.cards[act["use"]]
            ab = card.ability(act.get("ability", 1))
            self.initiate(Initiation(self.new_key(f"{card.handle}.{ab.index}"), player, card, ab, False, act, akey))
        elif "reveal" in act:
            self.reveal(player, self.s.cards[act["reveal"]], act, akey)
        elif "effect" in act:
            self.occurrence(player, act, akey)

    def source_name(self, init: Initiation) -> str:
        """Who an effect comes from, as a sentence's subject: the card played or the ability."""
        return init.card.name if init.playing or init.reveal else self.ability_name(init.card, init.ability)

    def describe(self, init: Initiation) -> str:
        """The card being played ("<name> (an event)") or the ability initiated, for sentences."""
        if init.playing:
            return f"{init.card.name} ({article(init.card.type)})"
        return self.ability_name(init.card, init.ability)

    # -- the procedure: Initiating Abilities ----------------------------------------------------------
    def initiate(self, init: Initiation) -> Initiation:
        """Run the Initiating Abilities procedure for one card or ability; returns it with its result."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(init.akey, "interrupts and responses keep initiating each other: the scenario does not end")
        self.inits.append(init)
        saved_phase = self.trace.phase
        verb = "plays" if init.playing else "initiates"
        if init.forced:
            self.trace.phase = f"{self.ability_name(init.card, init.ability)} (forced)"
        else:
            self.trace.phase = f"{init.player} {verb} " + (init.card.name if init.playing else
                                                          self.ability_name(init.card, init.ability))
        try:
            self._procedure(init)
        finally:
            self.trace.phase = saved_phase
            self.depth -= 1
        return init

    def _procedure(self, init: Initiation) -> None:
        card, ab = init.card, init.ability
        init.source_in_play = card.in_play and not card.is_identity
        if init.forced:
            self.step(f"{cap(self.describe(init))} is forced: its initiation is mandatory, so it initiates "
                      f"at this timing point.", ["forced", "triggered-ability/bullet-3", self.p("intent")])
        else:
            if init.playing:
                printed = f", cost {self._printed_cost(card)}" if card.cost is not None or card.x_cost else ""
                what = f"play {card.name} ({article(card.type)}{printed})"
            else:
                what = f"initiate {self.ability_name(card, ab)}"
            self.step(f"{self.who(init.player)} declares their intent to {what}.", [self.p("intent")])
        # check 1: play restrictions, at least one valid target
        for n, check in ((1, self.check_restrictions), (2, self.check_cost)):
            try:
                check(init)
            except Illegal as exc:
                init.result, init.rule, init.why, init.more = "illegal", exc.rule, exc.message, exc.more
                cannot = "the card cannot be played" if init.playing else "the ability cannot be initiated"
                later = "; the cost is never determined and nothing is paid" if n == 1 else "; nothing is paid"
                self.step(f"Check {n} fails: {exc.message}. Not both conditions are met: {cannot}{later}.",
                          [exc.rule] + exc.more)
                return
        init.origin = origin = card.zone
        # step 1: the card is placed faceup on the table; it is not in play
        if init.playing:
            card.zone = "table"
            self.step(f"Step 1: {self.who(init.player)} places {card.name} faceup on the table in front of them. "
                      f"It is not in play.", [self.p("faceup"), "in-play-and-out-of-play"])
        # step 2: modifiers
        self.apply_modifiers(init)
        # step 3: pay, or abort without paying anything
        if not self.pay(init):
            card.zone = origin if init.playing else card.zone
            return
        # step 4: commences
        self.commence(init)
        # step 5: resolves
        self.resolve(init)

    def _printed_cost(self, card: Card) -> str:
        return "X" if card.x_cost else str(card.cost)

    # check 1 -----------------------------------------------------------------------------------------
    def check_restrictions(self, init: Initiation) -> None:
        """Check 1: can the card be played, or the ability initiated, at this time (and has it a valid target)?"""
        card, ab, player = init.card, init.ability, init.player
        c1 = self.p("restrictions")
        if self.s.players[player].eliminated:
            raise Illegal(c1, f"{player} has been eliminated", ["player-elimination"])
        if init.playing:
            if card.type == "resource":
                raise Illegal(c1, f"{card.name} is a resource card: resource cards are discarded from hand to "
                                  "generate resources, not played", ["resource-cards"])
            allowed = ["hand"] + [a.get("from") for a in card.abilities if a.kind == "permission"]
            if card.zone not in allowed or card.controller != player:
                where = f"{card.owner}'s {card.zone}" if card.zone in ("hand", "deck", "discard") else card.zone
                raise Illegal(c1, f"{card.name} is in {where}, and {player} plays cards from their own hand",
                              ["play", "play-restrictions-and-permissions/bullet-1"])
            if card.zone != "hand":
                self.step(f"Check 1: {card.name} is in {player}'s {card.zone}; its permission allows playing it from "
                          "there.", [c1, "play-restrictions-and-permissions/bullet-2"])
        elif not init.reveal:
            if not card.in_play and not card.is_identity:
                where = ("it left play and is " if card.handle in self.left_play else "it is ") + \
                    self._zone_words(card, card.zone)
                raise Illegal(c1, f"{card.name} is not in play ({where}), and the abilities of {article(card.type)} "
                                  "can only be initiated while it is in play", self._out_of_play_rules(card))
            if card.controller != player and card.controller != SCENARIO:
                raise Illegal(c1, f"{card.name} is controlled by {card.controller}, not by {player}",
                              ["player-turn/bullet-5"])
        if ab is not None and ab.kind == "action" or init.playing and card.type != "event":
            self._check_timing(init)
        form = ab.get("form") if ab is not None else None
        if form and self.identity(player).form != form:
            raise Illegal(c1, f"{possessive(card.name)} ability is a {ab.label()}, which can only be used in {form} "
                              f"form, and {player} is in {self.identity(player).form} form",
                              ["triggered-ability/bullet-4"])
        if ab is not None and ab.get("limit") is not None and card.used.get(ab.index, 0) >= ab.get("limit"):
            raise Illegal(c1, f"{self.ability_name(card, ab)} has “Limit {ab.get('limit')} per round” and was "
                              f"already used {plural(card.used.get(ab.index, 0), 'time')} this round", ["limit"])
        most = card.max if init.playing else None
        if most is not None and self.s.max_used.get(card.name, 0) >= most:
            raise Illegal(c1, f"{card.name} has “Max {most} per round” and copies of it were already played "
                              f"{plural(self.s.max_used.get(card.name, 0), 'time')} this round", ["max"])
        if init.playing and card.unique:
            twin = next((c for c in self.s.cards.values() if c.in_play and c.name == card.name and c is not card),
                        None)
            if twin is not None:
                raise Illegal(c1, f"{card.name} is unique and a copy ({twin.handle}) is already in play",
                              ["unique/bullet-1"])
        self._check_targets(init)
        if ab is not None and init.effects and not any(self.could_change(init, e) for e in init.effects):
            rule = "event/bullet-3" if init.is_event else "triggered-ability/bullet-1"
            raise Illegal(c1, f"resolving {self.describe(init)} could not change the game "
                              f"({self._no_change_reason(init)})", [rule, "ability/bullet-3"])
        if not init.forced:
            request = ["player-turn/bullet-6", "action"] if init.player != self.s.active_player and \
                init.trigger is None else []
            timing = [] if init.trigger is None else \
                ["interrupt/bullet-2" if init.ability.kind == "interrupt" else "response/bullet-2"]
            self.step(f"Check 1: {self._restrictions_ok(init)}", [c1] + timing + request)

    @staticmethod
    def _out_of_play_rules(card: Card) -> list[str]:
        """Why an ability of a card out of play cannot be initiated: in-play-and-out-of-play/bullet-4 for every
        card type but events and treacheries; ability/bullet-2 names the player card types."""
        return ["in-play-and-out-of-play/bullet-4"] + (
            ["ability/bullet-2"] if card.type in ("hero", "alter-ego", "ally", "upgrade", "support") else [])

    @staticmethod
    def _zone_words(card: Card, zone: str) -> str:
        if zone in ("hand", "deck", "discard"):
            return f"in {possessive(card.owner)} {zone}" + (" pile" if zone == "discard" else "")
        return {"encounter-deck": "in the encounter deck", "encounter-discard": "in the encounter discard pile",
                "removed": "removed from the game", "table": "faceup on the table"}.get(zone, zone)

    def _check_timing(self, init: Initiation) -> None:
        c1 = self.p("restrictions")
        if self.s.phase != "player":
            what = "cards are played" if init.playing else "Action abilities are triggered"
            raise Illegal(c1, f"it is the villain phase, and {what} "
                              "during a player's turn", ["player-turn/bullet-2" if init.playing else "action"])
        if init.playing and init.card.type != "event" and init.player != self.s.active_player:
            raise Illegal(c1, f"it is {self.s.active_player}'s turn, and {init.player} plays {init.card.type} cards "
                              "during their own turn", ["player-turn/bullet-2"])

    def _restrictions_ok(self, init: Initiation) -> str:
        parts = []
        if init.trigger is not None:
            # an interrupt: its condition is imminent (interrupt/bullet-2); a response: it has resolved
            # (response/bullet-2)
            state = "is imminent and has not yet resolved" if init.ability.kind == "interrupt" else \
                "has just resolved"
            parts.append(f"its triggering condition {state} ({init.trigger.words()})")
            if init.ability.get("form"):
                parts.append(f"{init.player} is in {init.ability.get('form')} form")
        elif init.ability is not None and init.ability.kind == "action" or init.playing and init.card.type != "event":
            parts.append(f"it is {self.s.active_player}'s turn in the player phase"
                         + ("" if init.player == self.s.active_player else
                            f" and {init.player} uses it at the active player's request"))
        if init.target is not None:
            parts.append(f"its target is {init.target.name}")
        if init.effects:
            parts.append("its effects could change the game")
        return ("nothing restricts it: " + ", ".join(parts) if parts else "nothing restricts it") + "."

    def _check_targets(self, init: Initiation) -> None:
        ab = init.ability
        spec = ab.get("target") if ab is not None else None
        if spec is None:
            return
        valid = self.valid_targets(init, spec)
        wanted = init.act.get("target")
        rule = self.p("targets")
        if wanted is not None:
            card = self.s.cards.get(wanted)
            if card not in valid:
                why = "it is not in play" if card is not None and not card.in_play and not card.is_identity else \
                    "it does not match what the ability targets"
                raise Illegal(rule, f"{card.name if card else wanted} is not a valid target ({why})",
                              ["in-play-and-out-of-play/bullet-3"])
            init.target = card
            return
        if not valid:
            raise Illegal(rule, f"{self.describe(init)} needs a target ({describe_selector(spec)}) and there is "
                                "no valid one in play", ["in-play-and-out-of-play/bullet-3"])
        if len(valid) > 1:
            self.fail(f"{init.akey}.target" if init.act else init.ability.key,
                      f"{self.describe(init)} has {len(valid)} valid targets ({', '.join(c.handle for c in valid)}): "
                      "the player must choose one — declare target = …", rule)
        init.target = valid[0]

    def valid_targets(self, init: Initiation, spec) -> list[Card]:
        sel = {"type": spec} if isinstance(spec, str) else spec
        return [c for c in self.s.cards.values()
                if (c.in_play or c.is_identity and not self.s.players[c.owner].eliminated)
                and matches(sel, c, init.player, init.card)]

    # could the effects change the game? (event/bullet-3, ability/bullet-3, triggered-ability/bullet-1)
    def could_change(self, init: Initiation, eff: dict) -> bool:
        do = eff["do"]
        if do in ("draw", "place-threat", "cost", "damage"):
            if do == "damage":
                t = self.ref(init, eff.get("to", "target"))
                return t is not None and (t.in_play or t.is_identity)
            return True
        if do == "heal":
            t = self.ref(init, eff.get("to", "target"))
            return t is not None and t.damage > 0
        if do == "remove-threat":
            t = self.ref(init, eff.get("from", "target"))
            return t is not None and t.in_play and (t.threat or 0) > 0
        if do in ("exhaust", "ready"):
            t = self.ref(init, eff.get("what", "target"))
            return t is not None and t.in_play and t.exhausted == (do == "ready")
        if do == "discard":
            t = self.ref(init, eff.get("what", "target"))
            return t is not None and t.zone in ("play", "hand")
        if do == "prevent":
            return init.trigger is not None and init.trigger.kind in ("damage", "threat-placed") and \
                (init.trigger.amount or 0) > 0
        if do == "cancel":
            target = init.trigger.init if init.trigger is not None else None
            return target is not None and not target.canceled_by and bool(target.effects)
        if do == "put-into-play":
            return bool(self._put_candidates(init, eff))
        return True

    def _no_change_reason(self, init: Initiation) -> str:
        reasons = []
        for eff in init.effects:
            do = eff["do"]
            t = self.ref(init, eff.get("to") or eff.get("from") or eff.get("what") or "target")
            if do == "heal" and t is not None:
                reasons.append(f"{t.name} has no damage to heal")
            elif do == "remove-threat" and t is not None:
                reasons.append(f"{t.name} has no threat to remove")
            elif do in ("exhaust", "ready") and t is not None:
                reasons.append(f"{t.name} is already {'exhausted' if do == 'exhaust' else 'ready'}")
            elif do == "cancel":
                reasons.append("there is nothing whose effects it could cancel")
            elif do == "prevent":
                reasons.append("no damage is about to be dealt")
            else:
                reasons.append(f"“{do}” has nothing to act on")
        return "; ".join(reasons)

    # check 2 -----------------------------------------------------------------------------------------
    def check_cost(self, init: Initiation) -> None:
        """Check 2: determine the costs, taking modifiers into account (X chosen now), and whether the player
        can pay them."""
        card, ab = init.card, init.ability
        c2 = self.p("cost")
        if init.forced and not self._ability_cost(ab) or init.reveal:
            return
        cites = [c2]
        if not init.playing and isinstance(self._ability_cost(ab).get("resources"), list):
            cites.append("resource/bullet-4")     # specific resource types
        if init.playing:
            if card.x_cost:
                if init.x is None:
                    self.fail(f"{init.akey}.x", f"{card.name} costs X: the player chooses X while determining the "
                                                "cost — declare x = …", self.p("x"))
                base = init.x
                cites.append(self.p("x"))
                self.step(f"Check 2: {card.name} has a resource cost of X; {init.player} chooses X = {init.x} now.",
                          [self.p("x")])
            else:
                base = card.cost or 0
            init.typed = ["any"] * base
            init.modifiers = self.cost_modifiers(init)
            init.cost = self.modified_cost(base, init.modifiers)
        else:
            res = self._ability_cost(ab).get("resources", 0)
            init.typed = ["any"] * res if isinstance(res, int) else list(res)
            init.cost = len(init.typed)
        extra = self._other_costs(init)
        for what, problem in extra:
            if problem:
                raise Illegal(c2, problem, ["exhausted/bullet-2"] if "exhausted" in problem else [])
        available = self._available_sources(init)
        ok, _, _ = assign(self._required(init), [t for s in available for t in s[2]])
        if init.modifiers:
            cites += self._modifier_sum(init)[1]
        if not ok:
            have = sum(len(s[2]) for s in available)
            blocked = [self._resource_ability_problem(c, a, init) for c in self.s.cards.values()
                       if c.in_play and c.controller == init.player for a in c.abilities if a.kind == "resource"]
            blocked = [b for b in blocked if b]
            modified = f" ({self._modifier_sum(init)[0]})" if init.modifiers else ""
            raise Illegal(c2, f"the cost is {self._cost_words(init)}{modified} and the cards {init.player} "
                              f"controls can generate only {plural(have, 'resource')}"
                              f"{self._typed_note(init, available)}"
                              + "".join(f" ({m})" for _, m in blocked),
                          cites[1:] + ["resource/bullet-3" if init.playing else "resource/bullet-4", "cost/bullet-6"]
                          + [r for r, _ in blocked])
        if init.act and init.cost and "pay" not in init.act:
            self.fail(f"{init.akey}", f"{self.describe(init)} costs {init.cost}: declare pay = […] (the cards "
                                      f"{init.player} discards or uses to generate the resources)", c2)
        costs = [self._cost_words(init) if init.cost or not extra else ""] + [what for what, _ in extra]
        if init.modifiers:
            costs[0] += f" ({self._modifier_sum(init)[0]})"
        able = plural(sum(len(s[2]) for s in available), "resource")
        if not init.cost and not extra:
            self.step(f"Check 2: the cost is {costs[0]}: there is nothing {init.player} must be able to pay.", cites)
            return
        self.step(f"Check 2: the cost is {' and '.join(c for c in costs if c)}, and {init.player} is able to pay it"
                  + (f" (the cards they control can generate {able})." if init.cost else "."), cites)

    def _required(self, init: Initiation) -> list[str]:
        typed = [t for t in init.typed if t != "any"]
        return typed + ["any"] * max(0, (init.cost or 0) - len(typed))

    def _cost_words(self, init: Initiation) -> str:
        typed = [t for t in init.typed if t != "any"]
        if typed:
            return f"{plural(init.cost or 0, 'resource')} ({', '.join(typed)})"
        return plural(init.cost, "resource") if init.cost is not None else ""

    def _typed_note(self, init: Initiation, available) -> str:
        if all(t == "any" for t in init.typed):
            return ""
        kinds = [t for s in available for t in s[2]]
        return f" ({', '.join(kinds) or 'none'}), not the {', '.join(t for t in init.typed if t != 'any')} it needs"

    @staticmethod
    def _ability_cost(ab: Ability | None) -> dict:
        return (ab.get("cost") or {}) if ab is not None else {}

    def _other_costs(self, init: Initiation) -> list[tuple[str, str]]:
        """The non-resource costs of an ability (exhaust / discard its card): description, problem."""
        if init.playing:
            return []
        cost = self._ability_cost(init.ability)
        card = init.card
        out = []
        if cost.get("exhaust"):
            out.append((f"exhausting {card.name}", f"{card.name} is exhausted, and an exhausted card cannot be "
                                                   "exhausted again to pay a cost" if card.exhausted else ""))
        if cost.get("discard"):
            out.append((f"discarding {card.name}", "" if card.in_play else f"{card.name} is not in play"))
        return out

    def cost_modifiers(self, init: Initiation) -> list[tuple[str, dict]]:
        """Active cost modifiers on the card being played: constant abilities in play, lasting effects."""
        out = []
        for c in self.s.cards.values():
            if not c.in_play:
                continue
            for ab in c.abilities:
                eff = ab.get("effect") or {}
                if ab.kind == "constant" and eff.get("do") == "cost" and \
                        self._modifier_applies(eff, c.controller, init):
                    out.append((f"{possessive(c.name)} constant ability", eff))
        for lasting in self.s.lasting:
            if not lasting.spent and self._modifier_applies(lasting.data, lasting.player, init):
                out.append((f"the lasting effect of {lasting.source}", lasting.data))
                init.spent_lasting.append(lasting)
        return out

    def _modifier_applies(self, eff: dict, owner: str, init: Initiation) -> bool:
        if eff.get("player", "you") == "you" and owner != init.player:
            return False
        return matches(eff.get("to", {}), init.card, owner)

    @staticmethod
    def modified_cost(base: int, mods: list[tuple[str, dict]]) -> int:
        """Modifiers: set overrides the rest (the latest set wins); then add up; never below zero."""
        sets = [m["set"] for _, m in mods if "set" in m]
        if sets:
            return max(0, sets[-1])
        return max(0, base + sum(m.get("by", 0) for _, m in mods))

    # step 2 ------------------------------------------------------------------------------------------
    def apply_modifiers(self, init: Initiation) -> None:
        s2 = self.p("modifiers")
        if not init.playing:
            if init.cost is not None and not init.reveal:
                self.step("Step 2: no modifier applies to the cost of the ability"
                          + (f": it stays {self._cost_words(init)}." if init.cost else "."), [s2])
            return
        if not init.modifiers:
            self.step(f"Step 2: no modifier applies: the cost stays {init.cost}.", [s2])
            return
        text, rules = self._modifier_sum(init)
        for lasting in init.spent_lasting:
            if lasting.data.get("next"):
                lasting.spent = True
        self.step(f"Step 2: apply the modifiers to the cost: {text}. {init.card.name} costs {init.cost}.",
                  [s2] + rules)

    def _modifier_sum(self, init: Initiation) -> tuple[str, list[str]]:
        """The cost calculation in words ("2 + 1 (…) = 3") and the rules it follows (modifiers)."""
        base = init.x if init.card.x_cost else (init.card.cost or 0)
        sets = [(w, m) for w, m in init.modifiers if "set" in m]
        if sets:
            return f"{sets[-1][0]} sets the cost to {sets[-1][1]['set']}, overriding every other modifier", \
                ["modifiers", "modifiers/bullet-2"]
        parts = " ".join(f"{'+' if m.get('by', 0) >= 0 else '−'} {abs(m.get('by', 0))} ({w})"
                         for w, m in init.modifiers)
        total = base + sum(m.get("by", 0) for _, m in init.modifiers)
        text = f"{base} {parts} = {total}".replace("= -", "= −")
        if total < 0:
            return text + ", treated as 0", ["modifiers", "modifiers/bullet-3"]
        return text, ["modifiers"]

    # step 3 ------------------------------------------------------------------------------------------
    def pay(self, init: Initiation) -> bool:
        """Step 3: pay every cost at once, or abort without paying any of them. True when paid."""
        s3 = self.p("pay")
        if init.reveal:
            return True
        entries = [] if init.forced and not init.act else list(init.act.get("pay", []))
        sources, problems = self._payment(init, entries)
        required = self._required(init)
        generated = [t for _, _, kinds, _ in sources for t in kinds]
        ok, uses, lost = assign(required, generated)
        if not ok:
            typed = any(t != "any" for t in required)
            problems.append(("resource/bullet-4" if typed else "",
                             f"the declared payment generates {plural(len(generated), 'resource')}"
                             f"{' (' + ', '.join(generated) + ')' if generated else ''} for a cost of "
                             f"{self._cost_words(init)}"))
        if problems:
            rules = [s3] + [r for r, _ in problems if r]
            init.result, init.rule, init.more = "aborted", s3, rules[1:]
            init.why = "; ".join(m for _, m in problems)
            for lasting in init.spent_lasting:
                lasting.spent = False
            where = f"{init.player}'s {init.origin}" if init.origin in ("hand", "discard", "deck") else init.origin
            back = f" {init.card.name} returns to {where}." if init.playing else ""
            self.step(f"Step 3: the cost cannot be paid: {init.why}. The process is aborted without paying any "
                      f"cost: no card is discarded or exhausted.{back}", rules)
            return False
        cites = [s3]
        parts = []
        discards, exhausts = [], []
        if init.cost and self._other_costs(init):
            cites.append("cost/bullet-4")   # a resource cost and an exhaust / discard cost: paid together
        for handle, card, kinds, ab in sources:
            if ab is None:
                discards.append(card)
                parts.append(f"discards {card.name} from their hand ({', '.join(kinds) or 'no resource'})")
                cites.append("resource/bullet-1")
                if kinds != card.resources:
                    cites.append("resource-cards/bullet-1")
            else:
                parts.append(f"uses {self.ability_name(card, ab)} ({', '.join(kinds)})")
                cites.append("resource-ability/bullet-1")
                cost = ab.get("cost") or {}
                if cost.get("exhaust"):
                    exhausts.append(card)
                if cost.get("discard"):
                    discards.append(card)
                card.used[ab.index] = card.used.get(ab.index, 0) + 1
            init.paid_with.append(handle)
        cost = self._ability_cost(init.ability) if not init.playing else {}
        if cost.get("exhaust"):
            exhausts.append(init.card)
            parts.append(f"exhausts {init.card.name}")
        if cost.get("discard"):
            discards.append(init.card)
            parts.append(f"discards {init.card.name} from play")
        wilds = [f"a wild resource as {as_}" for got, as_ in uses if got == "wild" and as_ != "any"]
        if wilds:
            cites.append("wild-resource")
        init.generated, init.lost = len(generated), lost
        total = f"{plural(len(generated), 'resource')} generated for a cost of {init.cost}" if init.cost or \
            generated else ""
        excess = ""
        if lost:
            excess = f"; the excess ({plural(lost, 'resource')}) is lost"
            cites += ["cost/bullet-3", "resource/bullet-5"]
        if parts:
            self.step(f"Step 3: {init.player} pays: {', '.join(parts)}"
                      f"{' (' + ', '.join(wilds) + ')' if wilds else ''}"
                      f"{'; ' + total if total else ''}{excess}.", cites)
        else:
            self.step("Step 3: the cost is 0: there is nothing to pay.", [s3])
        if init.ability is not None and init.ability.get("limit") is not None:
            init.card.used[init.ability.index] = init.card.used.get(init.ability.index, 0) + 1
        if init.playing and init.card.max is not None:
            self.s.max_used[init.card.name] = self.s.max_used.get(init.card.name, 0) + 1
        if discards or exhausts:
            self._pay_changes(init, discards, exhausts)
        return True

    def _pay_changes(self, init: Initiation, discards: list[Card], exhausts: list[Card]) -> None:
        conds = []
        for c in discards:
            conds.append(Condition("discard", c, init.player, origin=c.zone))
            if c.in_play:
                conds.append(Condition("leaves-play", c, init.player))
        conds += [Condition("exhaust", c, init.player) for c in exhausts]

        def apply():
            for c in exhausts:
                c.exhausted = True
            for c in discards:
                self._to_discard(c)
        self.occur(conds, apply)

    def _payment(self, init: Initiation, entries: list) -> tuple[list, list]:
        """The declared payment: (handle, card, resource types generated, resource ability or None) per
        entry, and the problems that stop it from being paid (rule, message)."""
        sources, problems = [], []
        demands: dict[str, list[str]] = {}
        own = self._ability_cost(init.ability) if not init.playing else {}
        if own.get("exhaust"):
            demands.setdefault(init.card.handle, []).append("exhaust")
        if own.get("discard"):
            demands.setdefault(init.card.handle, []).append("discard")
        for entry in entries:
            handle, _, idx = entry.partition(".")
            card = self.s.cards[handle]
            if card is init.card and init.playing:
                problems.append((self.p("faceup"), f"{card.name} itself is faceup on the table, no longer in "
                                                   "hand, so it cannot be discarded to pay for itself"))
                continue
            if card.controller != init.player:
                problems.append(("cost/bullet-6", f"{card.name} is controlled by {card.controller}, and costs are "
                                                  "paid with cards the paying player controls"))
                continue
            if card.zone == "hand":
                sources.append((entry, card, self._printed_or_bonus(card, init), None))
                demands.setdefault(handle, []).append("discard")
                continue
            if not card.in_play:
                problems.append(("resource/bullet-1", f"{card.name} is in {card.zone}: resources come from cards "
                                                      "discarded from hand or from resource abilities"))
                continue
            ab = card.ability(int(idx)) if idx else next((a for a in card.abilities if a.kind == "resource"), None)
            if ab is None or ab.kind != "resource":
                problems.append(("resource/bullet-1", f"{card.name} has no Resource ability"))
                continue
            problem = self._resource_ability_problem(card, ab, init)
            if problem:
                problems.append(problem)
                continue
            sources.append((entry, card, list(ab.get("generate", [])), ab))
            cost = ab.get("cost") or {}
            for what in ("exhaust", "discard"):
                if cost.get(what):
                    demands.setdefault(handle, []).append(what)
        for handle, what in demands.items():
            card = self.s.cards[handle]
            if what.count("discard") > 1 or what.count("exhaust") > 1:
                problems.append(("cost/bullet-4", f"{card.name} is named twice to pay costs that are paid "
                                                  "simultaneously"))
            elif "discard" in what and "exhaust" in what:
                rule = self.p("leaves") if card is init.card and not init.playing else "cost/bullet-4"
                problems.append((rule, f"discarding {card.name} makes it leave play, so the cost of exhausting "
                                       f"{card.name} can no longer be paid"))
        return sources, problems

    def _resource_ability_problem(self, card: Card, ab: Ability, init: Initiation):
        cost = ab.get("cost") or {}
        if cost.get("exhaust") and card.exhausted:
            return ("exhausted/bullet-2", f"{card.name} is exhausted, so its Resource ability (which exhausts it) "
                                          "cannot be used")
        if ab.get("limit") is not None and card.used.get(ab.index, 0) >= ab.get("limit"):
            return ("limit", f"{self.ability_name(card, ab)} was already used "
                             f"{plural(card.used.get(ab.index, 0), 'time')} this round")
        if ab.get("for") is not None and not (init.playing and matches(ab.get("for"), init.card, card.controller)):
            # "generate a resource for a <trait> card": a play restriction of the ability, which must be
            # observed to use it (play-restrictions-and-permissions/bullet-1)
            sel = describe_selector(ab.get("for"))
            sel = ("an " if sel[:1].lower() in "aeiou" else "a ") + sel
            paying = f"{init.card.name} is not one" if init.playing else \
                f"{self.ability_name(init.card, init.ability)} is not a card being played"
            return ("play-restrictions-and-permissions/bullet-1",
                    f"{self.ability_name(card, ab)} generates resources only to pay for {sel}, and {paying}")
        return None

    def _printed_or_bonus(self, card: Card, init: Initiation) -> list[str]:
        """What a card discarded from hand generates: its printed resources, or what its resource-card text
        says it generates while paying for a matching card (resource-cards/bullet-1)."""
        for ab in card.abilities:
            eff = ab.get("effect") or {}
            if ab.kind == "constant" and eff.get("do") == "generate" and init.playing and \
                    matches(eff.get("for", {}), init.card, card.controller):
                return list(eff.get("resources", []))
        return list(card.resources)

    def _available_sources(self, init: Initiation) -> list:
        """Everything the player could use to pay (check 2): cards in hand, usable resource abilities."""
        out = []
        own = self._ability_cost(init.ability) if not init.playing else {}
        for c in self.s.cards.values():
            if c.controller != init.player or c is init.card and init.playing:
                continue
            if c.zone == "hand":
                out.append((c.handle, c, self._printed_or_bonus(c, init), None))
            elif c.in_play:
                for ab in c.abilities:
                    if ab.kind != "resource" or self._resource_ability_problem(c, ab, init):
                        continue
                    cost = ab.get("cost") or {}
                    if c is init.card and (own.get("exhaust") or own.get("discard")) and \
                            (cost.get("exhaust") or cost.get("discard")):
                        continue
                    out.append((c.handle, c, list(ab.get("generate", [])), ab))
        return out

    # step 4 ------------------------------------------------------------------------------------------
    def commence(self, init: Initiation) -> None:
        s4 = self.p("commence")
        if init.ability is not None and init.ability.kind in ("interrupt", "response") or init.forced:
            self.initiated.append(init.key)     # paid for: initiated, even if its effects get canceled
        if init.playing:
            self.step(f"Step 4: {init.card.name} commences being played.", [s4])
            cond = Condition("play", init.card, init.player, init=init)
        else:
            self.step(f"Step 4: the effects of {self.ability_name(init.card, init.ability)} attempt to initiate.", [s4])
            cond = Condition("initiate", init.card, init.player, init=init)
        init.commenced = cond
        self.window("interrupt", [cond], procedure=True)

    # step 5 ------------------------------------------------------------------------------------------
    def resolve(self, init: Initiation) -> None:
        s5 = self.p("resolve")
        card = init.card
        if init.source_in_play and not init.playing and not card.in_play:
            init.source_left_play = True
            self.step(f"{card.name} left play during this sequence; the sequence still completes, because its "
                      "leaving play did not prevent a required cost from being paid.", [self.p("leaves")])
        if init.playing and card.type != "event":
            init.result = "resolved"
            cond = Condition("enters-play", card, init.player)
            type_rule = {"ally": "ally/bullet-1", "support": "support/bullet-1", "upgrade": "upgrade/bullet-2"}.get(
                card.type, "enters-play")

            def enter():
                card.zone = "play"
                card.controller = card.owner
                card.exhausted = False
                self.step(f"Step 5: {card.name} is played and enters play, ready, under {card.owner}'s control.",
                          [s5, "enters-play", "ready", "ownership-and-control/bullet-1", type_rule])
            self.occur([cond], enter, after=[init.commenced, cond], procedure=True)
            init.notes.append(f"{card.name} enters play")
            return
        if init.canceled_by:
            init.result = "canceled"
            if init.is_event:
                self.step(f"Step 5: {card.name} is still played, but its effects were canceled: they do not resolve. "
                          f"Its costs stay paid, and it is placed in {card.owner}'s discard pile.",
                          [s5, "cancel/bullet-3", "event/bullet-1"])
                card.zone = "discard"
            else:
                self.step(f"Step 5: {self.ability_name(card, init.ability)} is still regarded as initiated, but its "
                          "effects were canceled and do not resolve; its costs stay paid.", [s5, "cancel/bullet-2"])
            if init.ability is not None and init.ability.get("limit") is not None:
                self.step(f"The canceled ability still counts toward its limit "
                          f"({init.card.used.get(init.ability.index, 0)} of {init.ability.get('limit')} this round).",
                          ["limit/bullet-1"])
            if init.playing and card.max is not None:
                self.step(f"The canceled card still counts toward its maximum ({self.s.max_used.get(card.name)} of "
                          f"{card.max} this round).", ["max/bullet-1"])
        else:
            init.result = "resolved"
            what = f"{card.name} is played: its effects resolve" if init.is_event else \
                f"{self.ability_name(card, init.ability)} resolves"
            self.step(f"Step 5: {what}{' one sentence at a time' if len(init.effects) > 1 else ''}.",
                      [s5, "event" if init.is_event else "", "ability/bullet-4" if len(init.effects) > 1 else ""])
            self.resolve_effects(init)
            if init.is_event:
                card.zone = "discard"
                self.step(f"{card.name} is placed in its owner's ({card.owner}'s) discard pile.", [s5, "play/bullet-1"])
        self.window("response", [init.commenced], procedure=True)

    # -- reveal (encounter cards) and occurrences ------------------------------------------------------
    def reveal(self, player: str, card: Card, act: dict, akey: str) -> None:
        """A player reveals an encounter card: the interrupt window (cancel its When Revealed effects), its
        effects, where it goes, the response window."""
        ab = next((a for a in card.abilities if a.kind == "when-revealed"), None)
        init = Initiation(self.new_key(card.handle), player, card, ab, False, act, akey, reveal=True)
        self.inits.append(init)
        saved = self.trace.phase
        self.trace.phase = f"{player} reveals {card.name}"
        self.step(f"{self.who(player)} reveals {card.name} ({article(card.type)}) from the encounter deck.", ["reveal"])
        cond = Condition("reveal", card, player, init=init)
        init.commenced = cond
        self.window("interrupt", [cond])
        after = [cond]
        if card.type == "treachery":
            if init.canceled_by:
                init.result = "canceled"
                self.step(f"The effects of {card.name} were canceled; it is still regarded as revealed.",
                          ["cancel/bullet-4"])
            else:
                init.result = "resolved"
                self.step(f"{possessive(card.name)} When Revealed effects resolve.",
                          ["treachery/bullet-1", "ability/bullet-6"])
                self.resolve_effects(init)
            card.zone = "encounter-discard"
            self.step(f"{card.name} is placed in the encounter discard pile.", ["treachery/bullet-2"])
        else:
            init.result = "canceled" if init.canceled_by else "resolved"
            enters = Condition("enters-play", card, player)
            rule = {"minion": "reveal/bullet-2", "side-scheme": "side-scheme/bullet-1"}.get(card.type,
                                                                                            "reveal/bullet-4")

            def enter():
                card.zone = "play"
                extra = f" with {card.threat} threat on it" if card.type == "side-scheme" else \
                    f", engaged with {player}" if card.type == "minion" else ""
                self.step(f"{card.name} enters play{extra}.", [rule, "enters-play"])
            self.occur([enters], enter, after=[])
            after.append(enters)
            if ab is not None and not init.canceled_by:
                self.step(f"{possessive(card.name)} When Revealed effects resolve.",
                          ["when-revealed-abilities", "ability/bullet-6"])
                self.resolve_effects(init)
        self.window("response", after)
        self.trace.phase = saved

    def occurrence(self, player: str, act: dict, akey: str) -> None:
        """A game occurrence the scenario describes directly (an enemy's damage, threat placed …)."""
        eff = act["effect"]
        source = self.s.cards.get(act.get("source")) if act.get("source") else None
        init = Initiation(self.new_key("effect"), player, source or self.identity(player), None, False, act, akey)
        saved = self.trace.phase
        self.trace.phase = "game occurrence"
        self.apply_effect(init, eff)
        self.trace.phase = saved

    # -- windows ---------------------------------------------------------------------------------------
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

    def window(self, timing: str, conds: list[Condition], procedure: bool = False) -> None:
        """An interrupt or response window for ``conds``: forced abilities first (the first player orders
        them), then each player in player order may use a held ability, until all pass consecutively."""
        conds = [c for c in conds if c is not None]
        if not conds:
            return
        bullet = "interrupt/bullet-2" if timing == "interrupt" else "response/bullet-2"
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
                cites = [proc, bullet] + (["triggering-condition/bullet-1"] if len(conds) > 1 else [])
                turns = ""
                if len(order) > 1:
                    turns = f"; opportunities go in player order from the first player ({order[0]})"
                    cites.append("first-player/bullet-3" if timing == "interrupt" else "first-player/bullet-4")
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
                          "as possible before the next.", ["forced/bullet-1", "forced/bullet-2", "forced/bullet-3"])
            elif self._held_match(timing, conds):
                self.step(f"{self.ability_name(forced[0][0], forced[0][1])} is forced: it initiates before the "
                          f"non-forced {timing}s.", ["forced/bullet-1"])
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
                      ["interrupt/bullet-3" if timing == "interrupt" else "response/bullet-3"])

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
        if "card" in f and (subject is None or not matches(f["card"], subject, you, card)):
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
        return True


def assign(required: list[str], generated: list[str]) -> tuple[bool, list[tuple[str, str]], int]:
    """Match generated resources to a cost: typed requirements take their own type first, then wild
    resources; untyped ones ("any") take what is left. Returns (enough, [(generated, used as)], lost)."""
    pool = list(generated)
    uses = []
    for need in [r for r in required if r != "any"]:
        if need in pool:
            pool.remove(need)
            uses.append((need, need))
        elif "wild" in pool:
            pool.remove("wild")
            uses.append(("wild", need))
        else:
            return False, uses, 0
    for _ in [r for r in required if r == "any"]:
        if not pool:
            return False, uses, 0
        pick = next((t for t in pool if t != "wild"), pool[0])
        pool.remove(pick)
        uses.append((pick, "any"))
    return True, uses, len(pool)
