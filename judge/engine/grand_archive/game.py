# Timing and Permissions, Turn Order: the game core (state, trace, citations, objects, Opportunity).
"""Grand Archive game core (Timing and Permissions; Turn Order): the game's state and trace, citations, objects
and static abilities, Opportunity. The procedures are mixed in from playing.py (Playing Cards, Activated
Abilities), resolution.py (Resolution, Triggered Abilities, State-based Checks) and effects.py.

Cards are properties and primitives (see cards.py and docs/scenario-format-ga.md); no card is known by name.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive.cards import Card
from judge.engine.grand_archive.combat import CombatPhase
from judge.engine.grand_archive.damage import DamageRules
from judge.engine.grand_archive.effects import EffectPrimitives
from judge.engine.grand_archive.playing import Illegal, Playing
from judge.engine.grand_archive.keywords import keyword_value, parse_keyword
from judge.engine.grand_archive.layers import Layers
from judge.engine.grand_archive.resolution import Resolution
from judge.engine.grand_archive.state import PHASE_NAMES, Instance, State
from judge.engine.grand_archive.strikes import Shrouds, Strikes
from judge.engine.grand_archive.properties import Properties
from judge.engine.grand_archive.turn import TurnOrder
from judge.engine.grand_archive import cited

__all__ = ["Game", "Citer", "Illegal", "PHASE_NAMES"]


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
        """The id of a rule as the loaded document numbers it (the registry locates it by its words)."""
        if self.book is None:
            return rule_id
        from judge.engine.grand_archive.cited import REGISTRY

        return REGISTRY.repoint(rule_id, self.book)


class Game(Playing, Resolution, CombatPhase, TurnOrder, DamageRules, EffectPrimitives, Layers, Strikes,
           Shrouds, Properties):
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
        self.attempts: dict[str, int] = {}
        self.current_key = ""       # the action being played, for errors raised deep inside a rule
        self.ending_phase = False   # an effect ended the phase (ending-phases/1)
        self.said: set = set()      # state-based facts already said (an immortal ally's damage)
        self.began: list[str] = []  # the phases begun while playing, in order (pass until = PHASE)
        for c in state.cards.values():
            if c.damage and c.zone == "field":
                c.damaged_turn = state.turn   # damage marked on an ally was dealt this turn (end-phase/3)
            for ab in c.abilities:   # an object that starts with N charge counters has had its On Charge N trigger
                if ab.kind == "trigger" and ab.get("on") == "charge" and c.counters.get("charge", 0) >= ab.get("charges", 1):
                    c.charged.add(ab.index)
        self.apply_layers()

    # =====================================================================================================
    # helpers
    # =====================================================================================================
    def step(self, text: str, cites=(), answer: bool = False):
        """Record one transition; ``answer`` marks the steps the judge's answer repeats."""
        st = self.trace.add(text, self.cite(*cites))
        if answer:
            self.answer_steps.append(st)

    def card(self, handle: str) -> Card:
        """The card with this handle."""
        return self.s.cards[handle]

    def opponents(self, player: str) -> list[str]:
        """Every other player, in turn order."""
        return [p for p in self.s.order if p != player]

    def champion_of(self, player: str) -> Card | None:
        """The player's champion on the field, or None."""
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
        """The player's champion as the trace names it."""
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
        """The level of the player's champion (or the player's level when no champion is on the field)."""
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
        """An instance on the Effects Stack as the trace names it."""
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
        if card.ephemeral and card.zone in ("field", "effects-stack", "intent") and \
                zone not in ("field", "effects-stack", "intent", "banishment"):
            self.step(f"{card.name} is ephemeral: it is banished instead of going to the {zone}.",
                      [cited.EPHEMERAL_OBJECT if card.zone == "field" else
                       cited.EPHEMERAL_ON_STACK], answer=True)
            zone = "banishment"
        left = card.zone == "field" and zone != "field"
        card.zone = zone
        if zone not in ("field", "effects-stack", "intent"):
            card.ephemeral = False   # the card does not keep the property (ephemerate/1.3.1)
        if left:
            self.left_field(card, zone)
        if zone not in ("field", "effects-stack"):
            card.controller = card.owner
            card.buffs, card.gained = [], []
            card.damage = 0
            card.rested = False
        elif controller is not None:
            card.controller = controller
        self.apply_layers()

    def remember(self, card: Card):
        """Last-known information: the card or object as it was before it left its zone."""
        self.s.lki[card.handle] = {"name": card.name, "power": card.stat("power"), "life": card.stat("life"),
                                   "controller": card.controller, "zone": card.zone,
                                   "elements": set(card.elements), "types": set(card.types),
                                   "subtypes": set(card.subtypes)}

    def stat_of(self, handle: str, stat: str, inst: Instance | None = None):
        """A stat of a card or object, or its last known information once it has left (abilities/p11)."""
        card = self.s.cards.get(handle)
        if card is not None and card.zone in ("field", "effects-stack"):
            return card.stat(stat), False
        info = (inst.lki if inst is not None and inst.lki else None) or self.s.lki.get(handle, {})
        return info.get(stat), True

    def keyword(self, card: Card, name: str) -> int | None:
        """The card's keyword ``name``: printed, gained until end of turn, or given by a static ability
        (static-abilities); None when it has none (keywords.py says how instances combine)."""
        if card.printed is not None:    # the layer system folded gained and granted keywords in (layer D)
            return keyword_value(card.keyword_list, name)
        instances = list(card.keyword_list) + [(n, v) for n, v, _ in card.gained]
        for src, _, eff in self.statics("keyword"):
            if card.zone == "field" and self.matches(card, eff.get("to"), src.controller):
                instances.append(parse_keyword(eff["keyword"]))
        return keyword_value(instances, name)

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
        if "attack" in src.types:
            return src.zone == "intent"   # the attack, modifying its own damage (attacking-and-the-combat-phase/6.2)
        if "mastery" in src.types:
            return src.zone == "mastery"  # a player's mastery: a non-object player function (mastery/p1)
        return src.zone == "field"

    def statics(self, do: str):
        """Each functional static ability whose effect is ``do``: (source, ability, effect)."""
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
            if key == "fostered" and card.fostered != want:
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
        """The player receives Opportunity."""
        self.s.opportunity = player

    def blocked(self) -> bool:
        """No player can have Opportunity while a boon is being bestowed (bestowing-boons/3.4.2) or while the
        activation of a card with interdiction is on the Effects Stack (interdiction/1, 2)."""
        return self.blocker() is not None

    def blocker(self) -> tuple[str, list[str]] | None:
        """Why no player has Opportunity now, with its rules, or None."""
        for i in self.s.stack:
            if i.kind == "bestowment":
                return "while a boon is being bestowed", [cited.NO_OPPORTUNITY_WHILE_BESTOWING,
                                                          cited.NO_OPPORTUNITY_UNTIL_BOON_BESTOWED]
            card = self.s.cards.get(i.source)
            if i.kind == "activation" and card is not None and self.keyword(card, "interdiction"):
                return (f"while the activation of {card.name}, which has interdiction, is on the Effects Stack",
                        [cited.INTERDICTION, cited.INTERDICTION_REMOVES_OPPORTUNITY])
        return None

    def resolve_blocked(self):
        """While a boon is being bestowed no player has Opportunity: the top layers resolve without anyone acting."""
        while self.s.stack and self.blocked():
            why, cites = self.blocker()
            self.step(f"No player has Opportunity {why}: the top layer resolves without any player acting.", cites)
            self.resolve_top()

    def ready(self, player: str, key: str, kind: str = "act"):
        """Players pass Opportunity in turn order until ``player`` has it (timing-and-permissions/opportunity/3-5);
        a choice pending (the retaliation of retaliation-step/3) is declined unless this action makes it.

        Raises InvalidScenario when no player can act now (a phase without Opportunity, a game that is over)."""
        s = self.s
        self.current_key = key
        if s.game_over:
            raise InvalidScenario([self.scenario.reason(
                "game-over", f"{player} cannot act: the game is over"
                + (f" ({s.winner} won)" if s.winner else " (a draw)"), key, cited.GAME_END_NOT_RESPONDED_TO)])
        self.resolve_blocked()
        if kind == "retaliate":
            if s.combat is None or s.point not in ("combat-retaliation", "combat-retaliate"):
                raise InvalidScenario([self.scenario.reason(
                    "no-retaliation", f"{player} cannot retaliate: no combat is at its retaliation step",
                    key, cited.DEFENDERS_MAY_RETALIATE)])
            for _ in range(200):
                if s.point == "combat-retaliate" or s.game_over:
                    return
                self.all_pass()
        if s.point == "combat-retaliate" and not s.stack:
            self.combat_proceeds()
        if s.point == "materialize" and not s.stack and kind == "materialize" and player == s.turn_player:
            return   # the turn-based materialization (materialize-phase/3)
        if not s.stack and s.point in ("wake-up", "draw"):
            raise InvalidScenario([self.scenario.reason(
                "no-opportunity", f"{player} cannot act: no player receives Opportunity in the "
                f"{PHASE_NAMES[s.phase]} while nothing is pending", key, cited.PHASE_ENDS_WHEN_NO_OPPORTUNITY)])
        for _ in range(200):
            if s.opportunity == player:
                return
            holder = s.opportunity or s.turn_player
            nxt = s.order[(s.order.index(holder) + 1) % len(s.order)]
            if holder not in s.passed:
                s.passed.append(holder)
            if len(s.passed) == len(s.order) and s.stack:
                self.step("Every player has passed Opportunity in succession.",
                          [cited.OPPORTUNITY_PASSES_IN_TURN_ORDER, cited.ALL_PASS_TOP_LAYER_RESOLVES])
                self.resolve_top()
                continue
            if len(s.passed) == len(s.order):
                raise InvalidScenario([self.scenario.reason(
                    "no-opportunity", f"{player} cannot act now: every player would pass with the Effects Stack empty "
                    f"and end the {PHASE_NAMES[s.phase]}; write pass = true first to move on", key,
                    cited.PHASE_ENDS_WHEN_ALL_PASS)])
            self.step(f"{holder} passes Opportunity; {nxt} receives it.", [cited.PASS_OPPORTUNITY_IN_TURN_ORDER])
            s.opportunity = nxt
        raise InvalidScenario([self.scenario.reason("no-opportunity", f"{player} never receives Opportunity", key)])

    def all_pass(self):
        """Every player passes in succession, starting with the holder: the top layer resolves; with the Effects
        Stack empty, the phase or step ends and the game moves on (turn-order/3)."""
        s = self.s
        if s.game_over:
            return
        if not s.stack:
            if s.point == "materialize":
                self.step(f"{s.turn_player} does not materialize.", [cited.MATERIALIZE_TURN_BASED_ACTION])
            elif s.point == "combat-retaliate":
                pass
            elif s.point in ("wake-up", "draw"):
                self.step(f"No player has Opportunity at the start of the {PHASE_NAMES[s.phase]}: the game proceeds with "
                          "its turn-based action.", [cited.PHASE_WITHOUT_OPPORTUNITY_ENDS])
            else:
                self.step("Every player passes Opportunity while the Effects Stack is empty: the "
                          f"{'step' if s.phase == 'combat' else 'phase'} ends and the game proceeds.",
                          [cited.ALL_PASS_EMPTY_STACK_NEXT_PHASE, cited.PHASE_ENDS_WHEN_ALL_PASS])
            self.proceed()
            return
        holder = s.opportunity or s.turn_player
        order = s.order[s.order.index(holder):] + s.order[:s.order.index(holder)]
        self.step(f"{', then '.join(order)} pass{'es' if len(order) == 1 else ''} Opportunity: every player has "
                  "passed in succession.", [cited.OPPORTUNITY_PASSES_IN_TURN_ORDER,
                                            cited.ALL_PASS_TOP_LAYER_RESOLVES])
        self.resolve_top()

    def after_resolution(self, triggered: bool):
        """After a layer resolves, the turn player receives Opportunity again (unless triggers or a boon intervene)."""
        s = self.s
        s.passed = []
        if triggered or self.blocked():
            return
        if s.stack:
            self.give_opportunity(s.turn_player)
            self.step(f"Another layer is pending: the turn player, {s.turn_player}, receives Opportunity.",
                      [cited.TURN_PLAYER_FIRST_OPPORTUNITY])
        else:
            self.give_opportunity(s.turn_player)
            if s.phase == "main":
                self.step(f"The Effects Stack is empty: {s.turn_player}, the turn player, regains control of the "
                          "main phase.", [cited.BOTTOM_LAYER_RESOLVED_TURN_PLAYER_REGAINS])
