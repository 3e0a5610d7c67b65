"""The Grand Archive engine: the rules' own procedures as state transitions, every step cited.

* Playing a card (Game Mechanics - Playing Cards): activation in nine steps (card-activation/1.1-1.9),
  materialization (card-materialization/3.1-3.4) and bestowment (bestowing-boons/3.1-3.4). The card moves
  to the Effects Stack with a timestamp and one instance of the play method (playing-cards/6); an illegal
  play is cancelled and the game state reverts (playing-cards/3).
* Costs (Costs and Memory): reserve costs move cards from hand to memory, memory costs banish cards from
  memory at random; cost calculation in the set / add-subtract / remove order.
* The Effects Stack: instances resolve last in first out after every player passes Opportunity in
  succession; negated instances leave, instances whose source card is gone or whose targets are illegal
  fizzle; state-based checks move a card off the stack once it has no instance left (playing-cards/7, 7.1).
* Copies carry the copy property (playing-cards/9.2) and read the source card, with its static
  modifications (9.1, 9.3). Abilities on the stack exist independently of their source and use its last
  known information (Abilities page).

Cards are properties and primitives (see cards.py and docs/scenario-format-ga.md); no card is known by name.
"""

from __future__ import annotations

import copy

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive.cards import (OBJECT_TYPES, PLAY_METHODS, UNIT_TYPES, Card, Instance, PendingTrigger,
                                               State)
from judge.engine.grand_archive.effects import EffectPrimitives
from judge.engine.grand_archive.words import (a_an, as_list, cards_word, cost_rules, naming, past, quote, stats_text,
                                               zone_name)

PHASE_NAMES = {"main": "main phase", "materialize": "materialize phase", "recollection": "recollection phase",
               "end": "end phase", "wake-up": "wake up phase", "draw": "draw phase"}
# phases in which no player receives Opportunity unless something is pending (Opportunity, Situations)
NO_OPPORTUNITY_PHASES = ("wake-up", "draw")


class Illegal(Exception):
    """Playing this card (or activating this ability) is illegal: the attempt is reverted."""

    def __init__(self, message: str, cites: list[str]):
        super().__init__(message)
        self.message = message
        self.cites = cites


class Citer:
    """Rule ids as the loaded document numbers them, located through the citation registry
    (:mod:`judge.engine.citations`: a rule of the Abilities page that another version numbers differently
    is found there by its words). The engine itself cites the registry's ids (``Citer(None)``); the
    scenario runner locates every citation of the outcome in the document it is judged under.
    """

    def __init__(self, book):
        self.book = book

    def __call__(self, *ids: str) -> list[str]:
        return [self.one(i) for i in ids]

    def one(self, rule_id: str) -> str:
        if self.book is None:
            return rule_id
        from judge.engine.grand_archive.cited import REGISTRY

        return REGISTRY.repoint(rule_id, self.book)


class Game(EffectPrimitives):
    """One game in progress: the state, the trace, and the facts the scenario's [expect] is compared with."""

    def __init__(self, state: State, outcome, scenario, book):
        self.s = state
        self.out = outcome
        self.trace = outcome.trace
        self.scenario = scenario
        self.cite = Citer(None)   # the registry's ids; located in the judged document by the runner
        f = self.facts = outcome.facts
        for key in ("legal", "illegal_because", "resolved", "kinds", "controllers", "played", "costs",
                    "instances"):
            f.setdefault(key, {})
        for key in ("fizzled", "negated", "copies", "triggered"):
            f.setdefault(key, [])
        self.answer_steps = []
        self.phase_over = False
        self.attempts: dict[str, int] = {}

    # =====================================================================================================
    # helpers
    # =====================================================================================================
    def step(self, text: str, cites=(), answer: bool = False):
        """Record one transition; ``answer`` marks the steps the judge's answer repeats."""
        st = self.trace.add(text, self.cite(*cites))
        if answer:
            self.answer_steps.append(st)

    def card(self, handle: str) -> Card:
        return self.s.cards[handle]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.s.order if p != player]

    def champion_of(self, player: str) -> Card | None:
        return next((c for c in self.s.cards.values() if c.zone == "field" and "champion" in c.types
                     and c.controller == player), None)

    def player_of(self, ident: str) -> str | None:
        """The player a target names: a player, or the controller of a champion object."""
        if ident in self.s.players:
            return ident
        card = self.s.cards.get(ident)
        if card is not None and "champion" in card.types and card.zone == "field":
            return card.controller
        return None

    def champion_name(self, player: str) -> str:
        champ = self.champion_of(player)
        name = champ.name if champ else self.s.players[player].champion
        return f"{player}'s champion{f' ({name})' if name and name != player else ''}"

    def level(self, player: str) -> int:
        """LV: the champion's level with level-modifying effects (game-terms/lv)."""
        champ = self.champion_of(player)
        if champ is not None and champ.level is not None:
            return champ.stat("level")
        return self.s.players[player].level or 0

    def base_level(self, player: str) -> int | None:
        champ = self.champion_of(player)
        if champ is not None:
            return champ.level
        return self.s.players[player].level

    def enabled_elements(self, player: str) -> set[str]:
        """Norm, plus the elements of the champion cards in the player's lineage (element/2.1, element/3)."""
        out = {"norm"} | self.s.players[player].elements
        for c in self.s.cards.values():
            if "champion" in c.types and c.zone in ("field", "lineage") and c.controller == player:
                out |= c.elements
        return out

    def describe(self, ident: str) -> str:
        """A card, object, instance or player, as a sentence names it."""
        inst = self.s.instance(ident)
        if inst is not None:
            return self.instance_name(inst)
        if ident in self.s.players:
            return self.champion_name(ident)
        card = self.s.cards.get(ident)
        return card.name if card else ident

    def instance_name(self, inst: Instance) -> str:
        src = self.s.cards.get(inst.source)
        name = src.name if src else inst.lki.get("name", inst.source)
        if inst.kind == "ability":
            what = f"{name}'s ability"
        else:
            what = f"the {inst.kind} of {name}"
        return f"{what} [{inst.id}]" + (" (a copy)" if inst.copy else "")

    def move(self, card: Card, zone: str, controller: str | None = None):
        """Move a card; a card leaving the field or the stack leaves its last known information behind."""
        if card.zone in ("field", "effects-stack"):
            self.remember(card)
        card.zone = zone
        if zone not in ("field", "effects-stack"):
            card.controller = card.owner
            card.buffs = []
            card.damage = 0
            card.rested = False
        elif controller is not None:
            card.controller = controller

    def remember(self, card: Card):
        """Last-known information: the card or object as it was before it left its zone."""
        self.s.lki[card.handle] = {"name": card.name, "power": card.stat("power"), "life": card.stat("life"),
                                   "controller": card.controller, "zone": card.zone,
                                   "elements": set(card.elements), "types": set(card.types)}

    def stat_of(self, handle: str, stat: str, inst: Instance | None = None):
        """A stat of a card or object, or its last known information once it has left (abilities/p11)."""
        card = self.s.cards.get(handle)
        if card is not None and card.zone in ("field", "effects-stack"):
            return card.stat(stat), False
        info = (inst.lki if inst is not None and inst.lki else None) or self.s.lki.get(handle, {})
        return info.get(stat), True

    # =====================================================================================================
    # static abilities: which apply, cost modifiers, granted instructions, play permissions
    # =====================================================================================================
    def functional(self, src: Card, ab) -> bool:
        """Abilities of objects function on the field unless they name their zones (abilities/p6, 2)."""
        zone = ab.get("functional_in")
        if zone is not None:
            return src.zone == zone
        if "action" in src.types or "boon" in src.types:
            return src.zone == "effects-stack"
        return src.zone == "field"

    def statics(self, do: str):
        for src in list(self.s.cards.values()):
            for ab in src.abilities:
                if ab.kind == "static" and ab.get("effect", {}).get("do") == do and self.functional(src, ab):
                    yield src, ab, ab.get("effect")

    def matches(self, card: Card, spec: dict | None, viewer: str, inst: Instance | None = None) -> bool:
        """Does a card (or the source card of an instance) fit a selector table?"""
        if not spec:
            return True
        for key, want in spec.items():
            if key == "types" and not set(want) <= card.types:
                return False
            if key == "subtypes" and not set(want) <= card.subtypes:
                return False
            if key == "supertypes" and not set(want) <= card.supertypes:
                return False
            if key == "not_types" and set(want) & card.types:
                return False
            if key == "element" and want not in card.elements:
                return False
            if key in ("controller", "owner"):
                who = inst.controller if (key == "controller" and inst is not None) else getattr(card, key)
                if (want == "you" and who != viewer) or (want == "opponent" and who == viewer) or \
                        (want not in ("you", "opponent") and who != want):
                    return False
            if key == "zone" and card.zone != want:
                return False
            if key == "name" and card.name != want:
                return False
            if key == "keyword" and want not in card.keywords:
                return False
            if key in ("min_reserve_cost", "max_reserve_cost", "min_memory_cost", "max_memory_cost"):
                printed = card.reserve_cost if "reserve" in key else card.memory_cost
                if printed is None or (printed < want if key.startswith("min") else printed > want):
                    return False
            if key == "copy" and (inst is None or inst.copy != want):
                return False
        return True

    def granted_effects(self, card: Card) -> list[tuple[Card, list[dict]]]:
        """Instructions static abilities give the card (a static modification of the source card, 9.3)."""
        out = []
        for src, ab, eff in self.statics("grant"):
            if self.matches(card, eff.get("to"), src.controller):
                out.append((src, list(eff.get("effects", []))))
        return out

    def permission(self, player: str, card: Card, method: str, zone: str):
        """A static ability giving ``player`` permission to play ``card`` this way from ``zone``."""
        for src, ab, eff in self.statics("permission"):
            if src.controller != player or eff.get("method", "activate") != method:
                continue
            if eff.get("from", zone) == zone and self.matches(card, eff.get("cards"), player):
                return src
        return None

    # =====================================================================================================
    # Opportunity (Timing and Permissions)
    # =====================================================================================================
    def give_opportunity(self, player: str):
        self.s.opportunity = player

    def blocked(self) -> bool:
        """No player can have Opportunity while a boon is being bestowed (bestowing-boons/3.4.2)."""
        return any(i.kind == "bestowment" for i in self.s.stack)

    def resolve_blocked(self):
        while self.s.stack and self.blocked():
            self.step("No player has Opportunity while a boon is being bestowed: the top layer resolves without "
                      "any player acting.", ["bestowing-boons/3.4.2", "boons/4.1"])
            self.resolve_top()

    def ready(self, player: str, key: str):
        """Players pass Opportunity in turn order until ``player`` has it (timing-and-permissions/opportunity/3-5).

        Raises InvalidScenario when no player can have Opportunity now (a phase without it)."""
        s = self.s
        if self.phase_over:
            raise InvalidScenario([self.scenario.reason(
                "no-opportunity", f"{player} cannot act: every player passed with the Effects Stack empty, so the "
                f"{PHASE_NAMES[s.phase]} is over", key, "timing-and-permissions/opportunity/11")])
        if not s.stack and s.phase in NO_OPPORTUNITY_PHASES:
            raise InvalidScenario([self.scenario.reason(
                "no-opportunity", f"{player} cannot act: no player receives Opportunity in the "
                f"{PHASE_NAMES[s.phase]} while nothing is pending", key, "game-terms/opportunity-term/3")])
        self.resolve_blocked()
        for _ in range(200):
            if s.opportunity == player:
                return
            holder = s.opportunity
            nxt = s.order[(s.order.index(holder) + 1) % len(s.order)]
            if holder not in s.passed:
                s.passed.append(holder)
            if len(s.passed) == len(s.order) and s.stack:
                self.step("Every player has passed Opportunity in succession.",
                          ["timing-and-permissions/opportunity/4", "timing-and-permissions/opportunity/5"])
                self.resolve_top()
                continue
            self.step(f"{holder} passes Opportunity; {nxt} receives it.", ["timing-and-permissions/opportunity/3"])
            s.opportunity = nxt
        raise InvalidScenario([self.scenario.reason("no-opportunity", f"{player} never receives Opportunity", key)])

    def all_pass(self):
        """Every player passes in succession, starting with the holder: the top layer resolves."""
        s = self.s
        if not s.stack:
            self.step("Every player passes Opportunity while the Effects Stack is empty: the game proceeds to the "
                      "next phase.", ["timing-and-permissions/opportunity/11"])
            self.phase_over = True
            return
        order = s.order[s.order.index(s.opportunity):] + s.order[:s.order.index(s.opportunity)]
        self.step(f"{', then '.join(order)} pass{'es' if len(order) == 1 else ''} Opportunity: every player has "
                  "passed in succession.", ["timing-and-permissions/opportunity/4",
                                            "timing-and-permissions/opportunity/5"])
        self.resolve_top()

    def after_resolution(self, triggered: bool):
        s = self.s
        s.passed = []
        if triggered or self.blocked():
            return
        if s.stack:
            self.give_opportunity(s.turn_player)
            self.step(f"Another layer is pending: the turn player, {s.turn_player}, receives Opportunity.",
                      ["timing-and-permissions/opportunity/8"])
        else:
            self.give_opportunity(s.turn_player)
            if s.phase == "main":
                self.step(f"The Effects Stack is empty: {s.turn_player}, the turn player, regains control of the "
                          "main phase.", ["timing-and-permissions/opportunity/7"])

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
                      list(exc.cites) + ["playing-cards/3"], answer=True)
            return
        self.facts["legal"][label] = True
        self.resolve_blocked()

    def _announce(self, player: str, card: Card, method: str, step_rule: str):
        origin = card.zone
        card.__dict__["_from"] = origin
        self.move(card, "effects-stack", player)
        card.timestamp = self.s.tick()
        self.step(f"{player} announces the {method} of {card.name} and places it from {zone_name(origin)} onto the Effects "
                  f"Stack; it is given timestamp {card.timestamp}.", [step_rule, "playing-cards/1", "playing-cards/6"])
        return origin

    def _check_elements(self, player: str, card: Card, cites: list[str]):
        need = sorted(card.elements)
        have = self.enabled_elements(player)
        missing = [e for e in need if e not in have]
        shown = ", ".join(sorted(have))
        if missing:
            raise Illegal(f"{card.name} is {' and '.join(need)}; {player} has only {shown} enabled, not "
                          f"{', '.join(missing)}.", cites + ["element/2"])
        self.step(f"Check elements: {card.name} is {' and '.join(need)}, and {player} has {shown} enabled.",
                  cites + (["card-activation/1.2.1"] if len(need) > 1 else []) + ["element/2"])

    def _declare(self, player: str, card: Card, act: dict, inst: Instance):
        """Card Activation 1.3-1.5: declare costs (X), select modes, declare targets."""
        if card.x_cost:
            inst.x = act["x"]
            self.step(f"Declare costs: {player} declares X = {inst.x}.", ["card-activation/1.3",
                                                                          "card-activation/1.3.1"])
        if card.modes:
            inst.mode = act["mode"]
            self.step(f"Select modes: {player} selects the mode '{inst.mode}'; it can't be changed later.",
                      ["card-activation/1.4"])
        targets = as_list(act.get("target")) + as_list(act.get("targets"))
        if card.target is not None:
            self.check_targets(player, card.name, card.target, targets, ["card-activation/1.5"])
        elif targets:
            raise Illegal(f"{card.name} has no targets to declare.", ["card-activation/1.5"])
        inst.targets = targets
        inst.copy_targets = as_list(act.get("copy_targets"))

    def check_targets(self, player: str, name: str, spec: dict, targets: list[str], cites: list[str]):
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
                          cites + ["objects-and-targeting/target/1.1"])
        for t in targets:
            why = self.target_illegal(t, spec, player)
            if why:
                raise Illegal(f"{self.describe(t)} is not a legal target for {name}: {why}.",
                              cites + ["objects-and-targeting/target/2"])
        if targets:
            self.step(f"Declare targets: {player} targets {', '.join(self.describe(t) for t in targets)}.", cites)
        else:
            self.step(f"Declare targets: {player} chooses no target; \"up to\" targets are optional.", cites)

    def target_illegal(self, ident: str, spec: dict, viewer: str, exclude: Instance | None = None) -> str | None:
        """Why ``ident`` is not a legal target for ``spec`` now, or None when it is legal (an instance never
        targets itself: ``exclude``)."""
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
        return None

    def _check_speed(self, player: str, card: Card, cites: list[str]):
        s = self.s
        speed = card.speed or "slow"
        if speed == "fast":
            self.step(f"{card.name} has fast speed: {player} may play it while holding Opportunity.",
                      cites + ["timing-and-permissions/fast-vs-slow/2.1"])
            return
        if player != s.turn_player:
            raise Illegal(f"{card.name} has slow speed and {player} is not the turn player: the non-turn player can't "
                          "perform slow player actions.", cites + ["timing-and-permissions/fast-vs-slow/1.2"])
        if s.phase != "main" or len(s.stack) > 0:
            where = "the Effects Stack is not empty" if s.stack else f"it is the {PHASE_NAMES[s.phase]}"
            raise Illegal(f"{card.name} has slow speed: the turn player may play it only in their main phase with the "
                          f"Effects Stack empty, and {where}.", cites + ["timing-and-permissions/fast-vs-slow/1.1"])
        self.step(f"{card.name} has slow speed: {player} is the turn player, in the main phase, with the Effects Stack "
                  "empty.", cites + ["timing-and-permissions/fast-vs-slow/1.1"])

    def _check_control(self, player: str, card: Card, origin: str, method: str, home: str, cites: list[str]):
        """playing-cards/2: control or play permission; the zone it is played from."""
        owner_zone = origin not in ("field",)
        controls = (card.owner == player) if owner_zone else (card.controller == player)
        verb = next(v for v, noun in PLAY_METHODS.items() if noun == method)
        grant = self.permission(player, card, verb, origin)
        if origin != home and grant is None:
            rule = {"activation": "card-activation/1.9.1", "materialization": "card-materialization/1",
                    "bestowment": "bestowing-boons/3.4.1"}[method]
            raise Illegal(f"{card.name} is in {zone_name(origin)}; without a permission, a card is played by {method} "
                          f"only from {zone_name(home)}.", cites + [rule])
        if not controls and grant is None:
            raise Illegal(f"{player} does not control {card.name} (its owner {card.owner} does) and has no permission "
                          "to play it.", cites + ["playing-cards/2"])
        if grant is not None:
            self.step(f"{grant.name} gives {player} permission to play {card.name} by {method} from {zone_name(origin)}.",
                      cites + ["playing-cards/2", "timing-and-permissions/special-play-permissions/3"])
        else:
            self.step(f"{player} controls {card.name} in {zone_name(origin)}, so {player} may play it.",
                      cites + ["playing-cards/2"])

    def calculate_cost(self, player: str, card: Card, kind: str, inst: Instance, rules: dict) -> int:
        """The set → add/subtract → remove order; never below 0 (card-activation/1.7.1-1.7.4)."""
        printed = card.reserve_cost if kind == "reserve" else card.memory_cost
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
                      [rules[3], "static-abilities/4"] + (["cost/8"] if raw < 0 else []) +
                      (["keywords-and-abilities/efficiency/1"] if "efficiency" in card.keywords else []))
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
        """Reserve: cards from hand into memory (costs-and-memory/1, game-terms/reserve/1)."""
        p = self.s.players[player]
        chosen = [self.card(h) for h in as_list(act.get("reserve"))]
        for c in chosen:
            if c.zone != "hand" or c.owner != player or c is card:
                raise InvalidScenario([self.scenario.reason(
                    "bad-payment", f"{c.name} is not another card in {player}'s hand, so it can't be reserved",
                    f"{key}.reserve", "costs-and-memory/1")])
        if len(chosen) > amount:
            raise InvalidScenario([self.scenario.reason(
                "bad-payment", f"{len(chosen)} cards named to reserve, but the reserve cost is {amount}",
                f"{key}.reserve", "costs-and-memory/1")])
        unnamed = amount - len(chosen)
        named_left = [c for c in self.s.cards.values() if c.zone == "hand" and c.owner == player
                      and c is not card and c not in chosen]
        if unnamed > p.unnamed["hand"]:
            short = unnamed - p.unnamed["hand"]
            if len(named_left) >= short and "reserve" not in act:
                raise InvalidScenario([self.scenario.reason(
                    "choose-payment", f"{player} must choose which {cards_word(amount)} to reserve: name them in "
                    "reserve = [...]", f"{key}", "costs-and-memory/1.1")])
            have = len(chosen) + len(named_left) + p.unnamed["hand"]
            others = cards_word(have).replace("card", "other card")
            raise Illegal(f"The reserve cost is {amount}, but {player} has only {others} in hand to reserve.", cites)
        for c in chosen:
            self.move(c, "memory")
        p.unnamed["hand"] -= unnamed
        p.unnamed["memory"] += unnamed
        self.step(f"Pay costs: {player} reserves {cards_word(amount)} from hand into memory{naming(chosen, unnamed)}."
                  if amount else "Pay costs: the reserve cost is 0, so no card is reserved.",
                  cites + ["costs-and-memory/1", "game-terms/reserve/1"])

    def pay_memory(self, player: str, card: Card, amount: int, act: dict, key: str, cites: list[str]):
        """Memory: cards banished from memory at random (costs-and-memory/2, 2.1, 2.2)."""
        p = self.s.players[player]
        named = [c for c in self.s.cards.values() if c.zone == "memory" and c.owner == player]
        total = len(named) + p.unnamed["memory"]
        if total < amount:
            raise Illegal(f"The memory cost is {amount}, but {player} has only {cards_word(total)} in memory.", cites)
        chosen = [self.card(h) for h in as_list(act.get("memory"))]
        for c in chosen:
            if c not in named:
                raise InvalidScenario([self.scenario.reason(
                    "bad-payment", f"{c.name} is not in {player}'s memory", f"{key}.memory", "costs-and-memory/2")])
        if "memory" not in act:
            if named and total > amount:
                raise InvalidScenario([self.scenario.reason(
                    "choose-payment", f"the memory cost of {amount} banishes cards from {player}'s memory at random: "
                    "say which named cards the random selection picked, in memory = [...] (an empty list for none)",
                    key, "costs-and-memory/2.1")])
            if total == amount:
                chosen = list(named)
        unnamed = amount - len(chosen)
        if unnamed < 0 or unnamed > p.unnamed["memory"]:
            raise InvalidScenario([self.scenario.reason(
                "bad-payment", f"memory = [...] names {cards_word(len(chosen))} for a memory cost of {amount}",
                f"{key}.memory", "costs-and-memory/2")])
        for c in chosen:
            self.move(c, "banishment")
        p.unnamed["memory"] -= unnamed
        self.step(f"Pay costs: {cards_word(amount)} {'is' if amount == 1 else 'are'} selected at random from {player}'s "
                  f"memory and banished simultaneously{naming(chosen, unnamed)}; the card then goes onto the Effects "
                  "Stack for resolution.",
                  cites + ["costs-and-memory/2", "costs-and-memory/2.1", "costs-and-memory/2.2", "costs-and-memory/2.3"])

    def _place(self, inst: Instance, card: Card, method_rule: str, player: str, opportunity: bool = True):
        self.s.stack.append(inst)
        self.facts["instances"].setdefault(card.handle, []).append(inst.id)
        self.facts["kinds"][inst.id] = inst.kind
        self.facts["controllers"][inst.id] = inst.controller
        self.facts["played"][card.handle] = {"method": inst.kind, "controller": player, "timestamp": card.timestamp}
        cites = [method_rule, "playing-cards/6", "playing-cards/4", "playing-cards/5", "effects-stack/2"]
        text = (f"{card.name} is {past(inst.kind)}: one {inst.kind} instance [{inst.id}] is placed at the top of "
                f"the Effects Stack, controlled by {player}; the card itself is tracked by its timestamp, unordered")
        if opportunity:
            self.s.passed = []
            self.give_opportunity(player)
            text += f". {player} receives Opportunity."
            cites.append("timing-and-permissions/opportunity/8.1")
        else:
            text += "."
        self.step(text, cites)
        self.triggers_on_play(player, card, inst)
        self.state_based_checks()

    def activate_card(self, player: str, card: Card, act: dict, key: str):
        """Card Activation 1.1-1.9."""
        origin = self._announce(player, card, "activation", "card-activation/1.1")
        self._check_elements(player, card, ["card-activation/1.2"])
        inst = Instance(card.handle, "activation", card.handle, player)
        self._declare(player, card, act, inst)
        legality = ["card-activation/1.6"]
        self._check_control(player, card, origin, "activation", "hand", legality)
        self._check_speed(player, card, legality)
        kind = card.cost_kind
        if kind is None:
            raise Illegal(f"{card.name} has no cost: a card without a reserve cost can't be paid for by reserving 0 "
                          "cards.", legality + ["costs-and-memory/3"])
        if kind == "memory":
            if not self._memory_activation_allowed(player, card):
                raise Illegal(f"{card.name} has a memory cost and no reserve cost; without an effect allowing it to be "
                              "activated, it can't be paid for by reserving cards.",
                              legality + ["card-activation/1.9.2", "costs-and-memory/3"])
            self.step(f"An effect lets {player} activate {card.name}, which has a memory cost, instead of "
                      "materializing it; its memory cost is paid.", ["card-activation/1.9.2"])
        self.step("Check legality: every part of the activation is legal.", legality)
        rules = cost_rules("card-activation/1.7")
        cost = self.calculate_cost(player, card, kind, inst, rules)
        pay = ["card-activation/1.8"]
        if kind == "reserve":
            self.pay_reserve(player, card, cost, act, key, pay)
        else:
            self.pay_memory(player, card, cost, act, key, pay)
        self.facts["costs"][card.handle] = {kind: cost} | ({"x": inst.x} if inst.x is not None else {})
        self._place(inst, card, "card-activation/1.9", player)

    def _memory_activation_allowed(self, player: str, card: Card) -> bool:
        return any(src.controller == player and self.matches(card, eff.get("cards"), player)
                   for src, _, eff in self.statics("activate-memory-cost"))

    def materialize_card(self, player: str, card: Card, act: dict, key: str):
        """Card Materialization: Card Activation 1.1-1.5, then 3.1-3.4."""
        s = self.s
        origin = self._announce(player, card, "materialization", "card-activation/1.1")
        self.step("Materializing follows the first steps of card activation, announced as a materialization.",
                  ["card-materialization/3"])
        if "champion" in card.types:
            self.step(f"{card.name} is a champion card: champion cards are not bound by element restrictions when "
                      "materialized.", ["card-activation/1.2", "element/2.2", "champion/leveling-up/3"])
        else:
            self._check_elements(player, card, ["card-activation/1.2"])
        inst = Instance(card.handle, "materialization", card.handle, player)
        self._declare(player, card, act, inst)
        legality = ["card-materialization/3.1"]
        self._check_control(player, card, origin, "materialization", "material-deck", legality)
        p = s.players[player]
        grant = self.permission(player, card, "materialize", origin)
        if s.phase == "materialize" and grant is None:
            if player != s.turn_player or s.stack:
                raise Illegal("In the materialize phase only the turn player materializes, as a turn-based action "
                              "with nothing pending.", legality + ["materialize-phase/3"])
            if p.materialized:
                raise Illegal(f"{player} has already materialized a card in this materialize phase.",
                              legality + ["card-materialization/2"])
            if not (card.types & {"champion"} or "regalia" in card.supertypes):
                raise Illegal(f"Only a regalia or champion card may be materialized from the material deck in the "
                              f"materialize phase; {card.name} is neither.", legality + ["materialize-phase/3"])
            self.step(f"It is {player}'s materialize phase and {player} has not materialized yet: the turn-based "
                      "materialization is allowed.", legality + ["card-materialization/2", "materialize-phase/3"])
        elif grant is None:
            raise Illegal(f"It is not the materialize phase and no effect gives {player} permission to materialize "
                          f"{card.name}.", legality + ["card-materialization/2"])
        else:
            self.step(f"{grant.name}'s permission lets {player} materialize {card.name} now.",
                      legality + ["card-materialization/2"])
            if "champion" not in card.types:
                self._check_speed(player, card, legality)
        if "champion" in card.types:
            self._check_level(player, card, legality)
        kind = card.cost_kind
        if kind is None:
            raise Illegal(f"{card.name} has no memory cost, and cards without memory costs can't be materialized.",
                          legality + ["card-materialization/3.4.2", "costs-and-memory/3"])
        self.step("Check legality: every part of the materialization is legal.", legality)
        if kind == "reserve":
            self.step(f"{card.name} has a reserve cost: materializing it, its reserve cost is paid rather than a "
                      "memory cost.", ["costs-and-memory/1.5"])
            rules = cost_rules("card-activation/1.7")
        else:
            rules = cost_rules("card-materialization/3.2")
        cost = self.calculate_cost(player, card, kind, inst, rules)
        if kind == "reserve":
            self.pay_reserve(player, card, cost, act, key, ["card-materialization/3.3"])
        else:
            self.pay_memory(player, card, cost, act, key, ["card-materialization/3.3"])
        self.facts["costs"][card.handle] = {kind: cost} | ({"x": inst.x} if inst.x is not None else {})
        if s.phase == "materialize" and grant is None:
            p.materialized = True
        self._place(inst, card, "card-materialization/3.4", player)

    def _check_level(self, player: str, card: Card, cites: list[str]):
        base = self.base_level(player)
        if base is None or card.level is None or card.level != base + 1:
            now = "no champion" if base is None else f"a level {base} champion"
            raise Illegal(f"{card.name} is a level {card.level} champion and {player} has {now}: a champion is "
                          "materialized only at level N+1 of the champion in play.",
                          cites + ["card-materialization/3.1.1", "champion/general-rules/7"])
        self.step(f"Level check: {card.name} is level {card.level}, one above {player}'s level {base} champion.",
                  cites + ["card-materialization/3.1.1", "champion/general-rules/7", "champion/leveling-up/2"])

    def bestow_card(self, player: str, card: Card, act: dict, key: str):
        """Bestowing Boons: Card Activation 1.1-1.5, then 3.1-3.4."""
        origin = self._announce(player, card, "bestowment", "card-activation/1.1")
        self.step("Bestowing follows the first steps of card activation, announced as a bestowment.",
                  ["bestowing-boons/4"])
        self._check_elements(player, card, ["card-activation/1.2", "bestowing-boons/3.1.1"])
        inst = Instance(card.handle, "bestowment", card.handle, player)
        self._declare(player, card, act, inst)
        legality = ["bestowing-boons/3.1"]
        if "boon" not in card.types:
            raise Illegal(f"{card.name} is not a boon; only boons are bestowed.", legality + ["boons/4"])
        self._check_control(player, card, origin, "bestowment", "pantheon", legality)
        self._check_speed(player, card, legality + ["boons/3"])
        if card.reserve_cost is None:
            raise Illegal(f"{card.name} has no reserve cost to pay.", legality + ["costs-and-memory/3"])
        self.step("Check legality: every part of the bestowment is legal.", legality)
        rules = cost_rules("bestowing-boons/3.2")
        cost = self.calculate_cost(player, card, "reserve", inst, rules)
        self.pay_reserve(player, card, cost, act, key, ["bestowing-boons/3.3"])
        self.facts["costs"][card.handle] = {"reserve": cost}
        self._place(inst, card, "bestowing-boons/3.4", player, opportunity=False)

    # =====================================================================================================
    # activated abilities (Activated Abilities page)
    # =====================================================================================================
    def activate_ability(self, player: str, card: Card, index: int, act: dict, key: str):
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
                      list(exc.cites) + ["player-action-legality/1"], answer=True)
            return
        self.facts["legal"][label] = True

    def _activate_ability(self, player: str, card: Card, index: int, act: dict, key: str):
        ab = card.abilities[index - 1]
        self.step(f"{player} announces {card.name}'s activated ability ({quote(ab)}).",
                  ["activated-abilities/1", "activated-abilities/1/bullet-1"])
        if not self.functional(card, ab):
            raise Illegal(f"{card.name} is in {card.zone}, where this ability does not function.",
                          ["abilities/p6", "abilities/2"])
        if card.controller != player:
            raise Illegal(f"{player} does not control {card.name}.", ["activated-abilities/9"])
        speed = ab.get("speed", "fast")
        if speed == "slow" and (player != self.s.turn_player or self.s.stack or self.s.phase != "main"):
            raise Illegal("This ability has slow speed: only the turn player, in the main phase with the Effects "
                          "Stack empty, may activate it.", ["timing-and-permissions/fast-vs-slow/1.1"])
        self.step(f"{player} has Opportunity; the ability has {speed} speed.",
                  ["activated-abilities/4"] + (["activated-abilities/6"] if "speed" not in ab.data else []))
        inst = Instance(self._ability_id(card, index), "ability", card.handle, player)
        inst.ability = index
        inst.effects = list(ab.get("effects", []))
        targets = as_list(act.get("target")) + as_list(act.get("targets"))
        spec = ab.get("target")
        if spec is not None:
            self.check_targets(player, f"{card.name}'s ability", spec, targets,
                               ["activated-abilities/1/bullet-2"])
        elif targets:
            raise Illegal(f"{card.name}'s ability has no targets to declare.", ["activated-abilities/1/bullet-2"])
        inst.targets = targets
        self.remember(card)
        inst.lki = dict(self.s.lki[card.handle])
        cost = ab.get("cost", {})
        paid = []
        if cost.get("rest"):
            if card.rested:
                raise Illegal(f"{card.name} is already rested and can't rest to pay the cost.", ["game-terms/rest-rested/1"])
            card.rested = True
            paid.append(f"rests {card.name}")
        if cost.get("reserve"):
            self.pay_reserve(player, card, cost["reserve"], act, key, ["activated-abilities/1/bullet-3"])
            paid.append(f"reserves {cost['reserve']}")
        if cost.get("sacrifice"):
            self.leave_field(card, "graveyard")
            paid.append(f"sacrifices {card.name} (" + ("a token, it ceases to exist" if card.zone == "ceased" else
                                                       f"it goes to {card.owner}'s {card.zone}") + ")")
        self.step(f"Pay costs: {player} {', '.join(paid) if paid else 'pays nothing'}; the ability is activated.",
                  ["activated-abilities/1/bullet-3", "activated-abilities/general-rules/p1"]
                  + (["game-terms/sacrifice/2"] if cost.get("sacrifice") else []))
        self.s.stack.append(inst)
        self.facts["kinds"][inst.id] = "ability"
        self.facts["controllers"][inst.id] = player
        self.s.passed = []
        self.give_opportunity(player)
        self.step(f"The ability [{inst.id}] goes to the Effects Stack, controlled by {player}, who controls its "
                  f"source; {player} receives Opportunity.",
                  ["activated-abilities/2", "abilities/7", "timing-and-permissions/opportunity/8.1"])
        if cost.get("sacrifice"):
            self.dies(card, f"sacrificed to pay the cost of its ability [{inst.id}]",
                      ["game-terms/sacrifice/3"], where=", on top of the ability it was sacrificed for, so it resolves "
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

    # =====================================================================================================
    # triggered abilities (Triggered Abilities page)
    # =====================================================================================================
    def triggers_on_play(self, player: str, card: Card, inst: Instance):
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
                                     ["playing-cards/1", "game-terms/play-played/2"], cause=inst.id)

    def pending_trigger(self, src: Card, ab, why: str, cites, cause: str | None = None):
        self.remember(src)
        self.s.pending.append(PendingTrigger(src.handle, ab.index, why, list(cites), dict(self.s.lki[src.handle]),
                                             cause))

    def place_triggers(self) -> bool:
        pend = self.s.pending
        if not pend:
            return False
        self.s.pending = []
        # turn player's triggers first (triggered-abilities/10)
        pend.sort(key=lambda t: self.s.order.index(t.lki["controller"]))
        for t in pend:
            src = self.s.cards[t.handle]
            ab = src.abilities[t.index - 1]
            inst = Instance(self._ability_id(src, t.index), "ability", t.handle, t.lki["controller"])
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
                      list(t.cites) + ["triggered-abilities/1", "game-terms/control-and-ownership/4"], answer=True)
        self.s.passed = []
        self.give_opportunity(self.s.turn_player)
        if not self.blocked():
            self.step(f"The turn player, {self.s.turn_player}, receives Opportunity.",
                      ["triggered-abilities/10", "timing-and-permissions/opportunity/1.1"])
        return True

    # =====================================================================================================
    # resolution (Playing Cards - Resolution, Resolving Triggered and Activated Abilities)
    # =====================================================================================================
    def resolve_top(self):
        s = self.s
        inst = s.stack[-1]
        self.step(f"The top layer of the Effects Stack resolves: {self.instance_name(inst)}.",
                  ["effects-stack/2", "resolution/general-rules/1.1"])
        if inst.is_card_instance:
            self.resolve_card_instance(inst)
        else:
            self.resolve_ability(inst)
        triggered = self.state_based_checks()
        self.after_resolution(triggered)

    def _remove(self, inst: Instance):
        if inst in self.s.stack:
            self.s.stack.remove(inst)

    def fizzle(self, inst: Instance, why: str, cites):
        self._remove(inst)
        self.facts["resolved"][inst.id] = False
        self.facts["fizzled"].append(inst.id)
        self.step(f"{self.instance_name(inst)[0].upper()}{self.instance_name(inst)[1:]} fizzles: {why}. None of "
                  "its effects happen and it ceases to exist from the Effects Stack.",
                  list(cites) + ["game-terms/fizzle/1"], answer=True)

    def resolve_card_instance(self, inst: Instance):
        card = self.card(inst.source)
        if card.zone != "effects-stack":
            self.fizzle(inst, f"its source card, {card.name}, is no longer on the Effects Stack",
                        ["state-based-checks-and-effects/types-of-checks/10", "game-terms/fizzle/3"])
            return
        check = ["resolution/checking-resolution/1"]
        if not self.targets_still_legal(inst, card.target, "card", check):
            return
        if inst.kind == "materialization" and "champion" in card.types and not inst.copy:
            base = self.base_level(inst.controller)
            if base is None or card.level != base + 1:
                self.fizzle(inst, f"{card.name} is level {card.level} but {inst.controller}'s champion is now level "
                            f"{base}, so the level requirement is no longer met",
                            check + ["resolution/checking-resolution/1.1", "champion/general-rules/7.1",
                                     "game-terms/fizzle/2"])
                return
        self.step(f"Check resolution: {self.instance_name(inst)} meets every condition to resolve"
                  + self.still_legal(inst) + ".",
                  check + (["resolution/checking-resolution/1.4.1"] if inst.targets and card.target else []))
        if inst.copy:
            self.step(f"The copy resolves from its source card, {card.name}: costs paid, properties and restrictions "
                      f"are those of the original card played"
                      + (f" (X = {inst.x})" if inst.x is not None else "")
                      + f"; it resolves under its own controller, {inst.controller}.",
                      ["playing-cards/9", "playing-cards/9.1", "copy/general-rules/3"])
        effects = list(card.modes.get(inst.mode, [])) if inst.mode else list(card.effects)
        if effects:
            self.step(f"{inst.controller} enacts {card.name}'s instructions in order, top to bottom; \"you\" is "
                      f"{inst.controller}, the controller of the resolving instance.",
                      ["resolution/general-rules/2", "resolution/general-rules/3", "resolution/general-rules/4"]
                      + (["resolution/general-rules/8"] if "action" in card.types else []))
        for e in effects:
            self.apply(e, inst, card.name)
        for src, extra in self.granted_effects(card):
            self.step(f"{card.name} has the instruction{'s' if len(extra) > 1 else ''} {src.name} gives it: a static "
                      f"modification of the source card, read by this instance [{inst.id}] too.",
                      ["playing-cards/9.3"], answer=True)
            for e in extra:
                self.apply(e, inst, card.name)
        if "boon" in card.types:
            self.step(f"{inst.controller} gains the boon {card.name}.", ["bestowing-boons/2"], answer=True)
            self.facts.setdefault("boons", {}).setdefault(inst.controller, []).append(card.handle)
        if card.is_object_card:
            if inst.copy:
                self.summon_copy_token(inst, card)
            else:
                card.became_object = True
                self.step(f"The non-copy instance resolves and becomes {a_an(self.object_word(card))} object: "
                          f"{card.name} will be placed on the field to represent it, under {inst.controller}'s "
                          "control.", ["playing-cards/7.1", "resolution/general-rules/2", "resolution/general-rules/7"])
        self._remove(inst)
        self.facts["resolved"][inst.id] = True
        self.step(f"{self.instance_name(inst)[0].upper()}{self.instance_name(inst)[1:]} has resolved; it leaves the "
                  "Effects Stack, and state-based checks look for other instances of "
                  f"{card.name}.", ["resolution/general-rules/2.1", "state-based-checks-and-effects/types-of-checks/9"])

    @staticmethod
    def object_word(card: Card) -> str:
        return next(t for t in OBJECT_TYPES if t in card.types)

    def summon_copy_token(self, inst: Instance, card: Card):
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
                  ["playing-cards/9.2", "copy/general-rules/2"]
                  + (["copy/copying-abilities-card-activations-and-materializations/4"] if inst.kind == "activation"
                     else []), answer=True)
        self.enters_field(token)

    def resolve_ability(self, inst: Instance):
        src = self.s.cards.get(inst.source)
        gone = src is None or src.zone != inst.lki.get("zone")
        if gone:
            self.step(f"Its source, {inst.lki['name']}, has left the {inst.lki.get('zone')}: the ability exists "
                      "independently of its source and is not negated or fizzled; the last known information of the "
                      f"source is used (controller {inst.lki['controller']}).",
                      ["abilities/6", "resolving-triggered-and-activated-abilities/1.2.1"], answer=True)
        if not self.targets_still_legal(inst, self._spec_of(inst), "ability",
                                        ["resolving-triggered-and-activated-abilities/1.1"]):
            return
        self.step("Check resolution: the ability meets every condition to resolve"
                  + self.still_legal(inst)
                  + f"; it resolves under {inst.controller}, who controlled its source.",
                  ["resolving-triggered-and-activated-abilities/1", "resolving-triggered-and-activated-abilities/1.1",
                   "abilities/7"] + (["resolution/checking-resolution/1.4.1"] if inst.targets else []))
        for e in inst.effects:
            self.apply(e, inst, inst.lki["name"])
        self._remove(inst)
        self.facts["resolved"][inst.id] = True
        self.step(f"{inst.lki['name']}'s ability [{inst.id}] has resolved and leaves the Effects Stack.",
                  ["effects-stack/3"])

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
                        cites + ["resolution/checking-resolution/1.4.1", "resolution/checking-resolution/1.4.1.1",
                                 "resolution/checking-resolution/1.2"])
            return False
        legal = [t for t in inst.targets if t not in illegal]
        self.step(f"{names} {verb} no longer a legal target; \"up to\" targets are optional and do not stop "
                  f"{self.instance_name(inst)} from resolving, "
                  + (f"for its other target{'s' if len(legal) > 1 else ''} "
                     f"({', '.join(self.describe(t) for t in legal)})." if legal else "with no target left."),
                  cites + ["resolution/checking-resolution/1.3"], answer=True)
        inst.targets = legal
        return True

    # =====================================================================================================
    # objects entering the field, state-based checks
    # =====================================================================================================
    def enters_field(self, obj: Card):
        for ab in obj.abilities:
            if ab.kind == "trigger" and ab.get("on") == "enter":
                self.pending_trigger(obj, ab, f"{obj.name} enters the field", ["triggered-abilities/4"])

    def state_based_checks(self):
        """State-based checks, repeated until nothing changes; then triggered abilities are placed."""
        for _ in range(50):
            changed = False
            # Activations/Materializations/Bestowments: an instance without its source card fizzles
            for inst in list(self.s.stack):
                if inst.is_card_instance:
                    card = self.s.cards.get(inst.source)
                    if card is None or card.zone != "effects-stack":
                        self.fizzle(inst, f"its source card, {card.name if card else inst.source}, is no longer on "
                                    "the Effects Stack", ["state-based-checks-and-effects/types-of-checks/10",
                                                         "game-terms/fizzle/3"])
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
            # Damage: allies with damage equal to or above their life die
            for obj in list(self.s.cards.values()):
                if obj.zone == "field" and "ally" in obj.types and obj.life is not None and \
                        obj.damage >= obj.stat("life"):
                    self.step(f"{obj.name} has {obj.damage} damage and {obj.stat('life')} life: it dies.",
                              ["state-based-checks-and-effects/types-of-checks/2"], answer=True)
                    self.leave_field(obj, "graveyard")
                    self.dies(obj, "its damage reached its life", ["state-based-checks-and-effects/types-of-checks/2"])
                    changed = True
            if not changed:
                break
        return self.place_triggers()

    def sbc_targeting(self, inst: Instance) -> bool:
        """State-based checks, Targeting (types-of-checks/8, general-rules/2, 2.1). True when it fizzled."""
        spec = self._spec_of(inst)
        if not spec or not inst.targets:
            return False
        newly = [t for t in inst.targets
                 if t not in inst.lost and self.target_illegal(t, spec, inst.controller, inst) is not None]
        inst.lost.extend(newly)
        live = [t for t in inst.targets if t not in inst.lost]
        optional = spec.get("up_to", False)
        if not live and not optional:
            gone = "its required target is" if len(inst.targets) == 1 else "all its required targets are"
            self.fizzle(inst, f"{gone} now illegal", ["state-based-checks-and-effects/general-rules/2.1",
                                                      "state-based-checks-and-effects/types-of-checks/8"])
            return True
        if newly:
            names = ", ".join(self.describe(t) for t in newly)
            one = len(newly) == 1
            self.step(f"State-based checks: {names} {'is' if one else 'are'} no longer a legal target for "
                      f"{self.instance_name(inst)}, so {'it stops' if one else 'they stop'} being targeted"
                      + ("" if optional else
                         f"; {', '.join(self.describe(t) for t in live)} {'is' if len(live) == 1 else 'are'} still "
                         "legal, so not all of its required targets are illegal and it does not fizzle now")
                      + ".", ["state-based-checks-and-effects/types-of-checks/8",
                              "state-based-checks-and-effects/general-rules/2"]
                      + ([] if optional else ["state-based-checks-and-effects/general-rules/2.1"]), answer=True)
        return False

    def reserved_stay(self, card: Card):
        """costs-and-memory/1.4: a card whose original instance did not resolve leaves its reserved cards in memory."""
        made = self.facts["instances"].get(card.handle, [])
        reserved = self.facts["costs"].get(card.handle, {}).get("reserve", 0)
        if reserved and made and self.facts["resolved"].get(made[0]) is False:
            self.step(f"The {cards_word(reserved)} reserved to pay for {card.name} stay in memory although its "
                      f"{self.facts['kinds'][made[0]]} did not resolve.", ["costs-and-memory/1.4"], answer=True)

    def card_leaves_stack(self, card: Card):
        """playing-cards/7, 7.1: the card moves to its zone once every instance resolved or was removed."""
        cites = ["playing-cards/7", "playing-cards/7.1", "state-based-checks-and-effects/types-of-checks/9"]
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
                      cites + ["bestowing-boons/3.4.3"], answer=True)
            return
        if card.became_object:
            word = self.object_word(card)
            if "champion" in card.types:
                old = self.champion_of(controller)
                if old is not None and old is not card:
                    old.zone = "lineage"
                self.move(card, "field", controller)
                card.timestamp = self.s.tick()
                self.step(f"{lead}: its non-copy instance resolved, so {card.name} is placed on top of "
                          f"{controller}'s lineage — the champion levels up to level {card.level}"
                          + (f", with {old.name} in the inner lineage." if old is not None and old is not card else "."),
                          cites + ["champion/leveling-up/1", "champion/leveling-up/5"], answer=True)
            else:
                self.move(card, "field", controller)
                card.timestamp = self.s.tick()
                usual = "banishment" if card.cost_kind == "memory" or "regalia" in card.supertypes else "graveyard"
                self.step(f"{lead}: its non-copy instance resolved into an object, so {card.name} is placed on the "
                          f"field as {a_an(word)} object under {controller}'s control, instead of going to its owner's "
                          f"{usual}.",
                          cites + ["field/3", "field/5"], answer=True)
            self.enters_field(card)
            return
        if card.cost_kind == "memory":
            self.move(card, "banishment")
            self.step(f"{lead}: it has a memory cost, so it goes to {card.owner}'s banishment.",
                      cites + ["game-terms/fizzle/1.1"], answer=True)
            return
        if card.supertypes & {"regalia"} or "champion" in card.types:
            self.move(card, "banishment")
            self.step(f"{lead}: it would go to the graveyard, but a "
                      f"{'regalia' if 'regalia' in card.supertypes else 'champion'} card is banished instead.",
                      cites + (["supertypes/regalia/4"] if "regalia" in card.supertypes else
                               ["champion/general-rules/8"]), answer=True)
            return
        self.move(card, "graveyard")
        self.step(f"{lead}: it has a reserve cost, so it goes to {card.owner}'s graveyard.",
                  cites + ["graveyard/2"] + (["resolution/general-rules/11"] if len(self.facts["instances"].get(
                      card.handle, [])) > 1 else []), answer=not plain)
