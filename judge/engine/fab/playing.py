# Playing a card (FaB CR 5.1, nine steps), its costs (1.14) and reversing an illegal play (1.10.3).
"""Playing a card (5.1, nine steps): timing, costs and their modifiers (5.1.6a), effect-costs (5.1.8, 5.1.9),
"next card" effects binding as the card is played (5.1.2a, 1.8.10), restrictions, and reversing an illegal
play or activation to a snapshot taken before it (1.10.3).
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import assets, cited, gains, self_replacement
from judge.engine.fab.base import BASE_POWER_KEYS, PLAYED_WITH_RULES, _as_list, restriction_words, _describe_cost, _apply_side, _describe_selector, _effect_phrase, IllegalAction, STEP_NAMES
from judge.engine.fab.cards import ARENA_ZONES, Card, matches
from judge.engine.fab.contests import back_face_refusal
from judge.engine.fab.effects import _describe_condition, _describe_quantity
from judge.engine.fab.keywords import BOOST
from judge.engine.fab.modes import check_mode_count, declare_action_modes
from judge.engine.fab.state import Effect, Layer, snapshot as state_snapshot


class Playing:
    """Part of :class:`judge.engine.fab.game.Game`: owns the played cards' bookkeeping — ``costs_paid``,
    ``facts["legal"]``, ``facts["played_as"]``, ``Player.played_this_turn`` — and binding "next card" effects."""

    # =====================================================================================================
    # 5.1 playing a card
    # =====================================================================================================
    def play_card(self, player: str, c: Card, action: dict, key: str):
        """Play a card (5.1); an illegal play reverses the game state to before it was announced (5.1.5, 1.10.3)."""
        self._attempt(c.handle, key, lambda: self._play_card(player, c, action, key),
                      f"{self.player_name(player)} cannot play {c.name}", "The play is illegal and the game state is "
                      "reversed to before the card was announced.")

    def _attempt(self, name: str, key: str, take, cannot: str, reversed_: str):
        """Take an action (play or activate); if it turns out illegal, reverse the game state to before it
        (1.10.3) — the state, the trace and what the answer would repeat — and say why."""
        snapshot = state_snapshot(self.s)
        marks = (len(self.trace), len(self.notable), len(self.triggered), len(self.failed))
        try:
            take()
            self.facts["legal"][name] = True
            self.record_action(key, True)
        except IllegalAction as exc:
            self.s = snapshot
            self.trace.truncate(marks[0])
            del self.notable[marks[1]:]
            del self.triggered[marks[2]:]
            del self.failed[marks[3]:]
            self.step(f"{cannot}: {exc.message}. {reversed_}", exc.cites + [cited.ILLEGAL_ACTION_REVERSED],
                      tag="illegal")
            because = exc.cites[0] if exc.cites else ""
            self.record_action(key, False, because, rules=exc.cites)
            self.record_illegal(name, list(exc.cites))

    def _timing(self, player: str, c: Card, as_instant: bool) -> tuple[str, list[str]]:
        """What the card's type needs: ('now'|'reaction'|'attack-timing'|'main', cites)."""
        if "instant" in c.types:
            return "now", [cited.INSTANT_ANY_PRIORITY]
        if as_instant:
            return "now", [cited.ACTION_AS_THOUGH_INSTANT]
        if "defense reaction" in c.types:
            return "reaction", [cited.DEFENSE_REACTION_WHO_WHEN, cited.DEFENSE_REACTIONS_IN_REACTION_STEP]
        if "attack reaction" in c.types:
            return "reaction", [cited.ATTACK_REACTION_WHO_WHEN, cited.ATTACK_REACTIONS_IN_REACTION_STEP]
        return "main", [cited.NO_ACTIONS_DURING_COMBAT]

    def ready_for(self, player: str, c: Card | None, action: dict):
        """Pass priority (and steps) until ``player`` may take ``action`` (1.11.4a)."""
        if c is not None:
            timing, _ = self._timing(player, c, action.get("as_instant", False))
        else:
            timing = action.get("_timing", "now")
        wanted = action.get("at")
        self.advancing = True
        try:
            self._advance_for(timing, wanted)
        finally:
            self.advancing = False
        if self.s.step == "close":
            return
        self.give_priority(player)

    def _advance_for(self, timing: str, wanted):
        if wanted:
            # the scenario names the step: pass until it comes, then act there (legal or not)
            for _ in range(60):
                if self.s.step == wanted:
                    return
                try:
                    self.all_pass()
                except StopIteration:
                    break
            raise InvalidScenario([self.scenario.reason(
                "bad-step", f"at = \"{wanted}\": that step does not come again before the action phase goes on "
                f"(it is now the {STEP_NAMES[self.s.step]})", self.current_key, cited.COMBAT_CHAIN_ZONE)])
        for _ in range(60):
            s = self.s
            if timing == "reaction" and s.step != "reaction":
                if not s.chain_open:
                    return
                if s.step in ("layer", "attack", "defend") or s.stack:
                    self.all_pass()
                    continue
                return
            if timing == "main" and (s.stack or (s.chain_open and s.step != "resolution")):
                if s.chain_open and s.step in ("resolution",) and s.stack:
                    self.all_pass()
                    continue
                if s.chain_open and s.step not in ("resolution",):
                    self.all_pass()
                    continue
                if s.stack:
                    self.all_pass()
                    continue
            break

    def _play_card(self, player: str, c: Card, action: dict, key: str):
        """5.1: the steps of playing a card, in the rules' order; any step may find the play illegal."""
        refused = back_face_refusal(c)
        if refused:     # 8.5.48: a transcended card's back face is not in the card data
            raise InvalidScenario([self.scenario.reason("unsupported", refused, key, cited.TRANSCEND)])
        try:
            origin = self._check_origin(player, c)
            if c.__dict__.pop("_keyword_free", False):   # rune gate: played without paying its resource cost (8.3.27)
                action = {**action, "without_paying": True}
                c.__dict__["_played_with"] = c.__dict__.get("_played_with", frozenset()) | {"rune gate"}   # it is rune gated (8.3.27a)
            meld = self._announce(player, c, action, origin)
            x, as_instant, without_paying = self._declare_costs(player, c, action, key)
            layer = self._declare_modes_and_targets(player, c, action, meld, key)
            self._check_legal_play(player, c, as_instant)
        except IllegalAction as exc:
            # 5.1.5: found before any cost is paid (illegal parameters, a rule that prevents it): the card is
            # illegal to play and the game state is reversed to before it was announced
            if cited.CHECK_LEGAL_PLAY not in exc.cites:
                exc.cites.append(cited.CHECK_LEGAL_PLAY)
            raise
        resource_cost, action_cost = self._calculate_asset_costs(player, c, action, x, as_instant, without_paying)
        self._pay(player, c, resource_cost, action_cost, action.get("pitch", []), key)   # 5.1.7
        self.costs_paid[c.handle] = {"resources": resource_cost, "action_points": action_cost}
        self._pay_effect_costs(player, c, action, key)   # 5.1.8, 5.1.9
        if "crank" in action:   # 8.3.29: the player's choice, made as the card enters, said with the play
            c.__dict__["_crank_choice"] = bool(action["crank"])
        self.pay_reveal_cost(player, c, action)   # fusion (8.3.17): an optional additional cost, revealing
        self.pay_card_costs(player, c, action)   # the card's own additional costs (costs.py)
        self._bind_next_effects(c, player, at="paid")   # "the next attack you boost": boosted once paid (8.3.9a)
        self._complete_play(player, c, layer)

    def _play_from_abilities(self, c: Card, origin: str) -> list:
        """Its play-static abilities allowing it to be played from ``origin`` whose condition holds ("If this was
        banished from your hand this turn, you may play it from your banished zone": its history, 3.0.9c)."""
        held = [ab for ab in c.abilities if ab.kind == "play-from" and ab.get("zone") == origin]
        met = [ab for ab in held if not ab.get("if") or self.condition(ab.get("if"), c, {})]
        for ab in held:
            cond = ab.get("if")
            if cond and ab in met:
                self.step(f"{c.name}'s play-static ability allows it to be played from the {origin} zone only if "
                          f"{_describe_condition(cond)}: it is.", [cited.PLAY_STATIC_FUNCTIONAL,
                                                                    *self.condition_rules(cond)])
            elif cond and not met:
                raise IllegalAction(f"its play-static ability allows it to be played from the {origin} zone only if "
                                    f"{_describe_condition(cond)}, and {'; '.join(self.unmet_clauses(cond, c, {}))}",
                                    [cited.PLAY_STATIC_FUNCTIONAL, *self.condition_rules(cond),
                                     cited.ANNOUNCE_ONLY_IF_ALLOWED])
        return met

    def _check_origin(self, player: str, c: Card) -> str:
        """5.1.1, 5.1.1a, 5.1.2b: a card is played by its owner, from hand or arsenal unless an effect or its
        own play-static ability allows another zone. Returns the zone it is played from."""
        origin = c.zone
        allowed = origin in ("hand", "arsenal")
        if not allowed:
            permission = self._play_from_abilities(c, origin)
            allowance = self.play_permission(c, origin, player)
            if allowance is not None and not c.private:
                permission = [allowance]
                self.step(f"An effect of {self._src_name(allowance)} allows {self.player_name(player)} to play {c.name} "
                          f"from the {origin} zone.", [cited.PLAY_FROM_HAND_OR_ARSENAL, cited.ANNOUNCE_ONLY_IF_ALLOWED,
                                                       cited.RESTRICTION_PRECEDENCE])   # 5.1.1a: "unless … an effect"
            if not permission and allowance is None and not c.private and \
                    self.keyword_play_permission(c, origin, player) is not None:   # rune gate (8.3.27)
                permission, allowance = ["keyword"], "keyword"
                c.__dict__["_keyword_free"] = True
            if not permission:
                raise IllegalAction(f"it is in the {origin} zone and no rule or effect allows it to be played from there",
                                    [cited.PLAY_FROM_HAND_OR_ARSENAL, cited.ANNOUNCE_ONLY_IF_ALLOWED])
            if c.private:
                raise IllegalAction(f"it is private (face down) in the {origin} zone, so its play-static ability is "
                                    "not functional and nothing allows it to be announced",
                                    [cited.ANNOUNCE_ONLY_IF_ALLOWED, cited.PLAY_STATIC_FUNCTIONAL,
                                     cited.PUBLIC_SOURCE_REQUIRED])
            if allowance is None:
                self.step(f"{c.name} is public in the {origin} zone: its play-static ability is functional and allows it "
                          f"to be played from there.", [cited.PLAY_FROM_HAND_OR_ARSENAL, cited.ANNOUNCE_ONLY_IF_ALLOWED,
                                                        cited.PLAY_STATIC_FUNCTIONAL])
        if c.owner != player:
            raise IllegalAction("only a card's owner can play it", [cited.PLAY_CARD])
        return origin

    def _side_target(self, c: Card, side: str | None):
        """9.2.3: on its declared side, a split-card has only that side's textbox (abilities, keywords, target); melded
        (``side`` None), both sides' (8.3.38c) — one target per card: two sides that each target are not modelled."""
        unknown = [n for n, p in c.sides.items() if p.get("cost") == "unknown" and (side is None or n == side)]
        costs = {p["cost"] for p in c.sides.values() if isinstance(p.get("cost"), int)}
        if unknown or side is None and len(costs) > 1:
            why = (f"the cost of its {unknown[0]} side is not in the card data (it holds the first side's): write it "
                   f"in the file, [cards.{c.handle}.sides.\"{unknown[0]}\"] cost = N") if unknown else \
                "its sides cost differently, and \"twice the base cost\" of such a card is not modelled"
            raise InvalidScenario([self.scenario.reason("unsupported", f"{c.name} cannot be played "
                                                        f"{'melded' if side is None else 'on that side'}: {why}",
                                                        self.current_key or "actions", cited.SPLIT_CARD)])
        own = c.__dict__.get("_own_text")
        if own is None:
            return
        if side is not None:
            props = c.sides[side]
            c.abilities = own[0] + props.get("_abilities", [])
            c.keywords = {**own[1], **props.get("_keywords", {})}
            c.target_spec = props.get("target", own[2])
            return
        targets = [p["target"] for p in c.sides.values() if "target" in p]
        if len(targets) > 1:
            raise InvalidScenario([self.scenario.reason(
                "unsupported", f"{c.name} melded: each side has its own target, and a card with two targets of its own "
                "sides is not modelled (one target per card)", self.current_key or "actions", cited.MELDED_CARD_PROPERTIES)])
        if targets:
            c.target_spec = targets[0]

    def _announce(self, player: str, c: Card, action: dict, origin: str) -> bool:
        """5.1.2 announce: the card (a split-card on its declared side, or melded, 5.1.2c) moves to the stack as
        the topmost layer. Returns whether it is melded."""
        s = self.s
        side = action.get("side")
        meld = bool(action.get("meld"))
        if c.sides:
            if meld:
                c.melded = True
                c.name = " || ".join(c.sides)
                for props in c.sides.values():
                    _apply_side(c, props, merge=True)
                self._side_target(c, None)
                self.step(f"{self.player_name(player)} announces {c.name}, declaring both sides (meld).",
                          [cited.ANNOUNCE_SPLIT_CARD_SIDE, cited.MELDED_CARD_PROPERTIES])
            elif side:
                _apply_side(c, c.sides[side], merge=False)
                self._side_target(c, side)
                c.name = side
                c.chosen_side = side
                self.step(f"{self.player_name(player)} announces the split-card on its {side} side: it has only that "
                          "side's name, types and abilities on the stack.",
                          [cited.ANNOUNCE_SPLIT_CARD_SIDE, cited.SPLIT_CARD_SIDE_CHOSEN])
        s.stack.append(self._card_layer(c, player))
        s.stack[-1].params["damage_order"] = list(action.get("damage_order", []))
        s.stack[-1].params.update(chosen=action.get("choose"), since=len(s.history))   # chosen: 1.8.6; since: 7.0.2a
        c.__dict__.update(_chosen=action.get("choose"), _names=action.get("names"),
                          _option=action.get("option"))   # also for its triggered abilities (1.8.6)
        s.stack[-1].params.update({k: action[k] for k in ("opt", "reload", "option") if k in action})   # 8.5.22/23, 1.8.6
        c.__dict__["_origin"] = origin
        self.move(c, "stack", controller=player)
        kept, kept_cites = self.counters_kept(c)
        self.step(f"Announce: {self.player_name(player)} proposes {c.name}; it moves from their {origin} to the stack "
                  f"as the topmost layer{kept}.", [cited.PLAY_CARD, cited.ANNOUNCE] + kept_cites)
        self._bind_next_effects(c, player, at="announce")
        return meld

    def _declare_costs(self, player: str, c: Card, action: dict, key: str) -> tuple[int | None, bool, bool]:
        """5.1.3 declare costs: an alternative cost or none paid (5.1.3c), X (5.1.3a), played as an instant
        (5.1.3d), additional costs (5.1.3b). Returns (X, as an instant, without paying)."""
        s = self.s
        x = action.get("x")
        as_instant = bool(action.get("as_instant"))
        without_paying = bool(action.get("without_paying"))
        if without_paying and action.get("alternative") is not None:
            raise InvalidScenario([self.scenario.reason(
                "two-costs", "declare either an alternative cost or playing without paying, not both", key,
                                                        cited.DECLARE_ALTERNATIVE_COST)])
        if action.get("alternative") is not None:
            self.step(f"Declare costs: {self.player_name(player)} declares the alternative cost: a resource cost of "
                      f"{action['alternative']} instead of {c.cost or 0}.",
                      [cited.DECLARE_COSTS, cited.DECLARE_ALTERNATIVE_COST])
        elif without_paying:
            self.step(f"Declare costs: {self.player_name(player)} declares that {c.name} is played without paying its "
                      "resource cost, as an effect allows.", [cited.DECLARE_COSTS, cited.DECLARE_ALTERNATIVE_COST])
        if c.x_cost:
            if without_paying:
                if x not in (None, 0):
                    raise IllegalAction(f"it is played without paying its cost, so X must be declared as 0, and the "
                                        f"scenario declares X = {x}", [cited.DECLARE_X, cited.CHECK_LEGAL_PLAY])
                x = 0
                self.step("Declare costs: X is declared as 0 because the card is played without paying its cost.",
                          [cited.DECLARE_COSTS, cited.DECLARE_X])
            elif x is None:
                raise InvalidScenario([self.scenario.reason("missing-x", f"{c.name} has a cost with X: the action "
                                                            "must declare x", key, cited.DECLARE_X)])
            else:
                self.step(f"Declare costs: {self.player_name(player)} declares X = {x}.",
                          [cited.DECLARE_COSTS, cited.DECLARE_X])
            s.stack[-1].params["x"] = x
        if as_instant:
            if "action" not in c.types:
                raise IllegalAction("only a card with the type action is declared as played as an instant",
                                    [cited.DECLARE_AS_INSTANT])
            if not c.playable_as_instant:
                raise IllegalAction("nothing lets it be played as an instant (its card would say so: "
                                    "playable_as_instant = true)", [cited.DECLARE_AS_INSTANT])
            self.step(f"Declare costs: {self.player_name(player)} declares that {c.name} is played as an instant.",
                      [cited.DECLARE_AS_INSTANT])
        extra = self._additional_costs(c, action, key)
        if extra:
            self.step(f"Declare costs: {self.player_name(player)} declares the additional cost"
                      f"{'s' if len(extra) > 1 else ''} to pay: {'; '.join(_describe_cost(e, self) for e in extra)}.",
                      [cited.DECLARE_COSTS, cited.DECLARE_ADDITIONAL_COSTS]
                      + ([cited.BOOST] if any(e.get("do") == "boost" for e in extra) else []))
        self.declare_card_costs(player, c, action)   # 5.1.3b, the card's own (costs.py)
        self._bind_next_effects(c, player, at="costs")
        return x, as_instant, without_paying

    def _declare_modes_and_targets(self, player: str, c: Card, action: dict, meld: bool, key: str) -> Layer:
        """5.1.4 declare modes and targets: an attack's attack-targets (5.1.4b), else the card's targets.
        Returns the card's layer."""
        s = self.s
        layer = s.stack[-1]
        declare_action_modes(self, c, action)   # 1.7.5a, 5.1.4a: modes first, then targets
        check_mode_count(self, c)               # 1.7.5e: a number of modes fixed by a condition as they are selected
        targets = action.get("targets") or ([action["target"]] if "target" in action else [])
        if c.is_attack_action or (meld and "attack" in c.subtypes):
            layer.attack_targets = self._attack_targets(player, [t for t in targets if t in s.players or
                                                                 t in s.cards and s.cards[t].zone != "stack"], key)
            targets = [t for t in targets if t not in layer.attack_targets]
            layer.is_attack = True
            self.step(f"Declare modes and targets: {c.name} attacks {', '.join(self.player_name(t) for t in layer.attack_targets)}.",
                      [cited.DECLARE_MODES_TARGETS, cited.DECLARE_ATTACK_TARGETS])
            layer.targets = [t for t in targets if t not in s.players]
        else:
            layer.target_spec = c.target_spec
            layer.targets = self._declare_targets(c.name, c.target_spec, targets, player, layer, key)
        return layer

    def _check_legal_play(self, player: str, c: Card, as_instant: bool):
        """5.1.5 check legal play: the card's timing and every restriction allow it to be played now."""
        s = self.s
        timing, cites = self._timing(player, c, as_instant)
        self._check_legal(player, c, timing, cites)
        self._check_play_only_if(c)
        arrow = self._check_arrow(player, c)
        why = {"now": " (an instant can be played whenever its player has priority)",
               "reaction": " (a reaction in the Reaction Step, by a player it is allowed to)"}.get(timing, "")
        extra = []
        if as_instant:
            why = " (an action played as an instant can be played whenever its player has priority"
            if s.chain_open:
                why += ", in any step of combat"
                extra = [cited.NO_ACTIONS_DURING_COMBAT]
            why += ")"
        self.step(f"Check legal play: nothing prevents {c.name} from being played{why}{arrow}.",
                  [cited.CHECK_LEGAL_PLAY] + (cites if timing in ("now", "reaction") else []) + extra
                  + ([cited.ARROW] if arrow else []))

    def _check_play_only_if(self, c: Card) -> None:
        """5.4.4, 1.0.2a: "Play this only if CONDITION" — a play-static restriction of the card itself (an "only"
        restriction is a restriction, 1.0.2): while it is being played its condition must hold, or the card is
        illegal to play (5.1.5)."""
        for ab in c.abilities:
            if ab.kind != "play-only-if":
                continue
            cond = ab.get("if") or {}
            why = [cited.RESTRICTION_ONLY, cited.RESTRICTION_PRECEDENCE, cited.PLAY_STATIC_ABILITY]
            why += self.condition_rules(cond)
            if not self.condition(cond, c, {}):
                raise IllegalAction(f"{c.name} may be played only if its condition holds, and it does not: "
                                    + "; ".join(self.unmet_clauses(cond, c, {})), why)
            self.step(f"{c.name} may be played only if its condition holds: it does.", why)

    def _check_arrow(self, player: str, c: Card) -> str:
        """8.2.6a: an arrow is played only from its player's arsenal, and only while they control a bow: words
        for the legal play, or IllegalAction."""
        if "arrow" not in c.subtypes:
            return ""
        origin = c.__dict__.get("_origin", c.zone)
        if origin != "arsenal":
            raise IllegalAction(f"{c.name} is an arrow: it can only be played from its player's arsenal, not from the "
                                f"{origin}", [cited.ARROW])
        bows = [b for b in self.s.cards.values() if b.zone in ARENA_ZONES and b.controller == player
                and "bow" in b.subtypes and not b.private]
        if not bows:
            raise IllegalAction(f"{c.name} is an arrow and {self.player_name(player)} controls no bow", [cited.ARROW])
        return f" (an arrow, played from the arsenal while {self.player_name(player)} controls {bows[0].name}, a bow)"

    def _calculate_asset_costs(self, player: str, c: Card, action: dict, x, as_instant: bool,
                               without_paying: bool) -> tuple[int, int]:
        """5.1.6 calculate asset-costs: the action point cost and the resource cost with its modifiers
        (5.1.6a-c). Returns (resource cost, action point cost)."""
        action_cost = 1 if ("action" in c.types and not as_instant) else 0
        resource_cost = 0 if without_paying else (c.cost or 0) + (x or 0) * c.x_count
        if c.x_count > 1 and x and not without_paying:   # 2.2.2a: "XX" is X + X
            self.step(f"{c.name}'s printed cost has {c.x_count} X symbols: they are additive, so its cost is "
                      f"{' + '.join(['X'] * c.x_count)} = {x * c.x_count} with X = {x}.", [cited.ADDITIVE_COST_SYMBOLS])
        if action.get("alternative") is not None:
            resource_cost = int(action["alternative"])
        elif c.melded and not without_paying:
            # 8.3.38, 8.3.38b: meld pays twice the base cost, set before increases and decreases apply
            resource_cost = 2 * (c.cost or 0) + (x or 0) * c.x_count
            self.step(f"{c.name} is melded: its resource cost is set to twice its base cost, {resource_cost}, before "
                      "any increase or decrease.", [cited.MELD, cited.MELD_SETS_COST])
        mods = self._cost_modifiers(c, player)
        start = resource_cost
        for ts, by, src in mods:
            resource_cost = max(0, resource_cost + by)
        text = self.asset_cost_text(action_cost, " (an action card not played as an instant)", start, mods,
                                    resource_cost)
        self.step(text, [cited.CALCULATE_ASSET_COSTS, cited.RULES_DEFINE_STARTING_ASSET,
                         cited.ACTION_ASSET_COST_STARTS, cited.RESOURCE_ASSET_COST_STARTS]
                  + ([cited.ACTION_POINT, cited.ACTION_COSTS_ACTION_POINT] if action_cost else []))   # 1.13.2, 8.1.1c
        return resource_cost, action_cost

    def asset_cost_text(self, action_cost: int, why_action: str, start: int, mods, cost: int) -> str:
        """The Calculate asset-costs step in words (5.1.6): the action point cost (``why_action`` says why it is
        one), the resource cost it starts at and each modifier (timestamp, by, source) to the cost it comes to."""
        text = f"Calculate asset-costs: action point cost {action_cost}" + (why_action if action_cost else "") + \
            f"; resource cost starts at {start}"
        if mods:
            text += ", " + ", ".join(f"{by:+d} from {self.card(src).name if src in self.s.cards else 'an effect'}"
                                     for _, by, src in mods) + f" → {cost}"
        return text + "."

    def _complete_play(self, player: str, c: Card, layer: Layer):
        """5.1.10 play: the card is played, its player regains priority, and the play event happens."""
        s = self.s
        s.players[player].played_this_turn.append(c.handle)
        self.facts.setdefault("played_as", {})[c.handle] = {"name": c.name, "types": sorted(c.types),
                                                            "subtypes": sorted(c.subtypes)}
        self.power_seen[c.handle] = self.power(c) if c.power is not None or self._has_property(c, "power") else None
        self.step(f"Play: {c.name} is played and {self.player_name(player)} regains priority.",
                  [cited.CARD_PLAYED, cited.ACTIVE_PLAYER_REGAINS_PRIORITY])
        self.event("play", card=c.handle, player=player, is_attack=layer.is_attack)
        s.priority = player
        s.passed = []
        self.game_state_actions()   # 1.10.2: a new priority state
        if layer.is_attack:
            self.attack_added("card")

    EFFECT_COSTS = ("discard", "banish", "destroy", "put-on-deck-bottom", "banish-top-of-deck", "lose-life", "boost")

    def _additional_costs(self, c: Card, action: dict, key: str) -> list[dict]:
        """The effect-costs the player declared for this play (5.1.3b): tables, or a described cost."""
        extra = action.get("additional")
        if extra is None or extra is False:
            extra = []
        elif isinstance(extra, (str, dict)):
            extra = [extra]
        extra = [{"do": "described", "text": e} if isinstance(e, str) else dict(e) for e in extra]
        if action.get("boost"):
            if not self.has_keyword(c, BOOST):
                raise IllegalAction(f"{c.name} does not have boost", [cited.BOOST])
            extra.append({"do": "boost"})
        for e in extra:
            if e.get("do") not in self.EFFECT_COSTS + ("described",):
                raise InvalidScenario([self.scenario.reason(
                    "bad-cost", f"an additional cost must be one of {', '.join(self.EFFECT_COSTS)} "
                    f"(with card = HANDLE where it names a card), not {e.get('do')!r}", f"{key}.additional",
                                                            cited.DECLARE_ADDITIONAL_COSTS)])
            if e["do"] in ("discard", "banish", "destroy", "put-on-deck-bottom") and e.get("card") not in self.s.cards:
                raise InvalidScenario([self.scenario.reason(
                    "bad-cost", f"the additional cost do = \"{e['do']}\" needs card = HANDLE (a card in [cards])",
                    f"{key}.additional", cited.DECLARE_ADDITIONAL_COSTS)])
        return extra

    def _pay_effect_costs(self, player: str, c: Card, action: dict, key: str):
        """5.1.8-5.1.9: calculate and pay the effect-costs in the declared order; one that fails makes the play
        illegal (1.14.4)."""
        extra = self._additional_costs(c, action, key)
        if not extra and self.card_costs(c, action):
            return     # only the card's own additional costs: paid next (costs.py)
        if not extra:
            self.step("Calculate and pay effect-costs: there are none.",
                      [cited.CALCULATE_EFFECT_COSTS, cited.PAY_EFFECT_COSTS])
            return
        self.step(f"Calculate and pay effect-costs, in the declared order: "
                  f"{'; '.join(_describe_cost(e, self) for e in extra)}.",
                  [cited.CALCULATE_EFFECT_COSTS, cited.PAY_EFFECT_COSTS, cited.EFFECT_COSTS_ORDER, cited.EFFECT_COST])
        for e in extra:
            do = e["do"]
            if do == "described":
                self.step(f"Effect-cost paid as described: {e['text']} (the engine does not play it out).",
                          [cited.EFFECT_COST])
                continue
            if do == "lose-life":
                n = e.get("amount", 1)
                p = self.s.players[player]
                before = p.life
                p.life = max(0, before - n)
                self.step(f"{self.player_name(player)} loses {n} life to pay (life {before} → {p.life}).",
                          [cited.LOSE, cited.EFFECT_COST])
                continue
            if do in ("banish-top-of-deck", "boost"):
                deck = self.deck_of(player)
                if not deck:
                    raise IllegalAction("the top card of the deck cannot be banished: the deck is empty",
                                        [cited.CANNOT_BOOST, cited.EFFECT_COST_UNPAID_ILLEGAL] if do == "boost"
                                        else [cited.EFFECT_COST_UNPAID_ILLEGAL, cited.EFFECT_COST])
                top = deck[0]
                self.move(top, "banished")
                top.face_down = False
                self.step(f"{self.player_name(player)} banishes the top card of their deck ({top.name}).",
                          [cited.BANISH])
                if do == "boost":
                    self.facts.setdefault("boosted", []).append(c.handle)
                    c.__dict__["_boost_banished"] = top.handle   # "banished from boosting this" (8.3.9)
                    c.__dict__["_played_with"] = c.__dict__.get("_played_with", frozenset()) | {"boost"}   # it was boosted (8.3.9a)
                    self.event("boost", card=c.handle, player=player)
                    self.event("banished", card=top.handle, player=player, origin="deck", boosting=c.handle)   # 8.5.1
                    mech = "mechanologist" in self.supertypes(top)
                    self.step(f"{self.player_name(player)} has boosted and {c.name} was boosted; the banished card is {'' if mech else 'not '}"
                              f"a Mechanologist card, so {c.name + ' gets' if mech else 'it does not get'} go again.", [cited.BOOST, cited.BOOSTED])
                    if mech:
                        self.s.effects.append(Effect(self.s.next_id(), self.s.tick(), c.handle, player, "gain-keyword",
                                                     {"do": "gain-keyword", "keyword": "go again"},
                                                     applies_to={c.handle}))
                continue
            target = self.card(e["card"])
            where = {"discard": ("hand",), "banish": ("hand", "graveyard", "arsenal", "arena", "pitch"),
                     "destroy": ("arena", "equipment"), "put-on-deck-bottom": ("hand", "graveyard", "pitch")}[do]
            if target.owner != player and do != "destroy" or target.zone not in where or target is c:
                raise IllegalAction(f"the effect-cost \"{_describe_cost(e, self)}\" cannot be paid: {target.name} is in "
                                    f"the {target.zone} zone", [cited.EFFECT_COST_UNPAID_ILLEGAL, cited.EFFECT_COST])
            if do == "destroy" and target.controller != player:
                raise IllegalAction(f"{self.player_name(player)} does not control {target.name} to destroy it",
                                    [cited.EFFECT_COST_UNPAID_ILLEGAL, cited.EFFECT_COST])
            if do == "put-on-deck-bottom":
                self.move(target, "deck")
                self.step(f"{target.name} is put on the bottom of its owner's deck to pay.", [cited.PUT_OR_RETURN])
            else:
                self.zone_effect(do, target)

    def _has_property(self, c: Card, stat: str) -> bool:
        return any(ab.kind == "property" and stat in ab.get("defines", []) for ab in c.abilities)

    def _card_layer(self, c: Card, player: str) -> Layer:
        effects = []
        for ab in c.abilities:
            if ab.kind == "resolution":
                cond = ab.get("if")
                effects.extend(dict(e, **{"if": dict(cond, **e.get("if", {}))}) if cond else e
                               for e in ab.get("effects", []))
        layer = Layer(self.s.next_id(), "card", c.handle, player, c.name, effects)
        return layer

    def _bind_next_effects(self, c: Card, player: str, at: str):
        """5.1.2a: effects that apply to the next card played start to apply when the card matches; an effect on its
        base values (stage 7) first, since it can make the card eligible for another (6.3.5a)."""
        for eff in sorted(self.s.effects, key=lambda e: e.kind != "modify-base"):
            if not eff.next_play:
                continue
            # the description is read from the effect's controller's side: "you" by default, or "an opponent"
            sel = dict(eff.selector or {})
            sel.setdefault("controller", "you")
            if (at == "paid") != ("played_with" in sel or self_replacement.waits_for_costs(eff)):
                continue   # boosted, fused, rune gated: known once its costs are paid (8.3.9a, 8.3.17a, 8.3.27a)
            is_attack = sel.pop("is_attack", False)
            if is_attack and not (c.is_attack_action or (c.melded and "attack" in c.subtypes)):
                self._next_effect_waits(eff, c, player, at, "attack", attack=True)
                continue   # "your next attack": only an attack (1.8.10)
            undetermined = "min_cost" in sel and c.x_cost and at != "paid"
            if at == "announce" and undetermined:
                continue
            if at == "costs" and not undetermined:
                continue
            cost_note = ""
            if undetermined:
                x = self.s.stack[-1].params.get("x", 0)
                cost = (c.cost or 0) + x * c.x_count
                if cost < sel["min_cost"]:
                    self.step(f"The effect of {self._src_name(eff)} waits for a card with cost {sel['min_cost']} or "
                              f"greater: with X = {x}, {c.name} costs {cost} and the effect does not apply.",
                              [cited.NEXT_CARD_EFFECTS])
                    continue
                sel.pop("min_cost")
                cost_note = f" (its cost is {cost} with X = {x}: a reference to cost reads the unmodified cost, " \
                            "not what will be paid)"
            elif "min_cost" in sel or "max_cost" in sel:
                cost_note = f" (its cost is {c.cost}: the unmodified cost, whatever reductions apply to the payment)"
            base_note, base_cites = ("", [])
            if BASE_POWER_KEYS & sel.keys() and c.power is not None:   # 2.9.2, 2.0.3a: it reads the base power
                base_note, base_cites = self.base_power_words(c, "its")
            if not matches(c, sel, self, eff.controller):
                wanted = _describe_selector({k: v for k, v in sel.items() if k != "controller"}, plural=False)
                if is_attack and wanted.endswith("card"):
                    wanted = wanted[:-4] + "attack"     # "the next boosted attack"
                self._next_effect_waits(eff, c, player, at, wanted, cost_note + (f" ({base_note})" if base_note else ""),
                                        base_cites + PLAYED_WITH_RULES.get(sel.get("played_with"), []), attack=is_attack)
                continue
            eff.next_play = False
            eff.applies_to = {c.handle}
            eff.selector = None
            when = "as X is declared" if undetermined else "as its costs are paid" if at == "paid" else \
                "as it is announced"
            staged = ("min_base_power" in sel or "max_base_power" in sel) and self.base_value(c, "power") != c.power
            if staged:   # 6.3.5a: a base value changed in stage 7 made it eligible for this stage-8 effect
                cost_note += f" (its base power is {self.base_value(c, 'power')} after an effect on its base value: " \
                             "that makes it eligible, and this effect is added in the later stage)"
            elif base_note:
                cost_note += f" ({base_note})"
            self.step(f"The effect of {self._src_name(eff)} applies to the next matching card played: {c.name} "
                      f"{_effect_phrase(eff)} {when}{cost_note}.",
                      [cited.NEXT_CARD_EFFECTS, cited.FUTURE_OBJECT]
                      + ([cited.YOUR_NEXT_ATTACK] if is_attack else []) + PLAYED_WITH_RULES.get(sel.get("played_with"), [])
                      + ([cited.COST_REFERENCE_UNMODIFIED, cited.COST_PROPERTY_UNCHANGED] if cost_note and not staged
                         else [])
                      + ([cited.BECOMES_ELIGIBLE, cited.STAGE_ORDER] if staged else base_cites))
            gains.first_applies(self, eff, c)   # 6.2.2b, 6.2.5: its first application

    def _next_effect_waits(self, eff: Effect, c: Card, player: str, at: str, wanted: str, note: str = "",
                           note_cites=(), attack: bool = False):
        """5.1.2a: an effect on the next card played that ``c`` does not match is not applied; it waits. ``note_cites``:
        rules of a note on what it read other than cost (base power: 2.9.2); ``attack``: "your next attack" (1.8.10)."""
        if at in ("announce", "paid") and eff.controller == player:
            lost = sorted(c.supertypes - self.supertypes(c))
            if lost:   # 2.11.5: an effect took its class or talent away
                note += f" (it has lost its {' and '.join(lost)} supertype{'s' if len(lost) > 1 else ''} to an effect)"
            self.step(f"The effect of {self._src_name(eff)} applies to the next {wanted} played; {c.name}{note} does "
                      "not match that description, so the effect does not apply to it and keeps waiting.",
                      [cited.NEXT_CARD_EFFECTS] + ([cited.YOUR_NEXT_ATTACK] if attack else []) + list(note_cites)
                      + ([cited.COST_REFERENCE_UNMODIFIED] if note and not lost and not note_cites else [])
                      + ([cited.LOSE_SUPERTYPES] if lost else []), tag="telling")

    def _bind_next_attack(self, c: Card, player: str):
        """1.8.10: "your next attack" also means an attack activated — an effect whose description is an
        attack (``is_attack``) applies to this attack-proxy of ``c``; one about the next card played waits."""
        for eff in self.s.effects:
            if not eff.next_play:
                continue
            sel = dict(eff.selector or {})
            sel.setdefault("controller", "you")
            core = {k: v for k, v in sel.items() if k != "is_attack"}
            if not matches(c, core, self, eff.controller):
                if eff.controller == player:
                    wanted = _describe_selector({k: v for k, v in core.items() if k != "controller"}, plural=False)
                    self.step(f"The effect of {self._src_name(eff)} waits for the next {wanted}; {c.name}'s attack "
                              "does not fit it.", [cited.NEXT_CARD_EFFECTS, cited.YOUR_NEXT_ATTACK, cited.ATTACK_IDENTITY])
                continue
            if not sel.get("is_attack"):
                if eff.controller == player:
                    self.step(f"The effect of {self._src_name(eff)} waits for the next card played that fits it; "
                              f"activating {c.name}'s attack is not playing a card, so it does not apply.",
                              [cited.NEXT_CARD_EFFECTS, cited.ACTIVATE_ACTIVATED_ABILITY])
                continue
            eff.next_play = False
            eff.applies_to = {c.handle}
            eff.selector = None
            n = len(self.s.chain) + 1 if self.s.chain_open else 1
            eff.data["_attack_link"] = n
            self.step(f"The effect of {self._src_name(eff)} applies to the next attack, and {c.name}'s attack (an "
                      f"attack-proxy, to be chain link {n}) is that attack: it {_effect_phrase(eff)}.",
                      [cited.YOUR_NEXT_ATTACK, cited.ATTACK_IDENTITY, cited.PROXY_EFFECTS_APPLY_TO_ATTACK])
            gains.first_applies(self, eff, c)   # 6.2.2b, 6.2.5: its first application

    def _src_name(self, eff: Effect) -> str:
        return self.card(eff.source).name if eff.source in self.s.cards else "an effect"

    def _cost_modifiers(self, c: Card, player: str):
        """5.1.6a: set, then increases, then reductions, each in timestamp order."""
        mods = []
        for eff in self.s.effects:
            if eff.kind == "cost" and not eff.pending and \
                    self.effect_applies(eff, c):
                mods.append((eff.timestamp, eff.data.get("by", 0), eff.source))
        for src, ab in self._functional_statics("cost"):
            e = ab.get("effect", {})
            if src is c and c.zone not in ARENA_ZONES:
                continue   # its own play-static cost ability, counted once below
            if self._applies(e.get("to", "self"), c, src.controller, src):
                mods.append((src.timestamp, self.amount(e.get("by", 0), src), src.handle))
        for ab in c.abilities:
            e = ab.get("effect", {}) if ab.kind == "static" else {}
            # "This costs … less to play": a play-static ability of the card itself, functional as it is played
            # (5.4.4, 1.7.4e) — not only in the arena
            if e.get("do") == "cost" and e.get("to", "self") == "self" and c.zone not in ARENA_ZONES and \
                    (ab.get("while") is None or self.condition(ab.get("while"), c)):
                n = self.amount(e.get("by", 0), c)
                mods.append((c.timestamp, n, c.handle))
                how = f" ({_describe_quantity(e['by'])}: {n:+d})" if isinstance(e.get("by"), dict) else ""
                self.step(f"{c.name}'s own cost ability is a play-static ability, functional as it is played{how}.",
                          [cited.PLAY_STATIC_ABILITY, cited.PLAY_STATIC_FUNCTIONAL])
        increases = sorted(m for m in mods if m[1] > 0)
        reductions = sorted(m for m in mods if m[1] <= 0)
        return increases + reductions

    def restricts(self, e: dict, c: Card, is_card: bool, controller: str) -> bool:
        """Does the restriction ``e`` bar playing the card ``c`` (``is_card``) or activating an ability of the
        type ``c.types`` names? ``types``: cards and abilities of those types; ``what``: cards that fit the
        selector ({} every card); ``activations = true``: every activated ability."""
        if e.get("from") or e.get("only_from"):
            # "can't play cards from your banished zone"; "may only play cards from arsenal" bars every other zone
            # of origin (1.0.2a)
            origin = c.__dict__.get("_origin", c.zone)
            barred = origin == e["from"] if e.get("from") else origin != e["only_from"]
            return is_card and barred and matches(c, e.get("what") or {}, self, controller)
        if c.types & set(_as_list(e.get("types"))):
            return True
        if is_card and isinstance(e.get("what"), dict):
            return matches(c, e["what"], self, controller)
        return not is_card and bool(e.get("activations"))

    def _over_allowance(self, c: Card, e: dict) -> str:
        """Words for a restriction on the zone a card is played from when a rule or effect allowed that zone: the
        restriction takes precedence over the allowance (1.0.2)."""
        origin = c.__dict__.get("_origin", c.zone)
        if not (e.get("from") or e.get("only_from")) or origin in ("hand", "arsenal") and not e.get("only_from"):
            return ""
        return (f"; a restriction takes precedence over any allowance or requirement, so it bars playing {c.name} from the "
                f"{origin} zone even though playing it from there was allowed" if origin not in ("hand", "arsenal")
                else f"; the rules allow playing a card from the {origin} zone, but the restriction takes precedence")

    def _check_legal(self, player: str, c: Card, timing: str, cites: list[str], is_card: bool = True):
        s = self.s
        for src, ab in self._functional_statics("restrict"):
            e = ab.get("effect", {})
            if e.get("do") != "restrict" or not self.restricts(e, c, is_card, src.controller):
                continue
            who = e.get("who", "opponent")
            if who == "defending-hero":
                link = s.active_link
                barred = set(link.targets) if link else set()
            elif who == "opponent":
                barred = set(self.opponents(src.controller))
            else:
                barred = {self._resolve_target_word(who, src.controller, {})}
            if player in barred:
                raise IllegalAction(f"{src.name}'s static ability says {self.player_name(player)} can't "
                                    f"{restriction_words(e)} (a restriction)",
                                    [cited.RESTRICTION_PRECEDENCE, cited.STATIC_ABILITIES_GENERATE_EFFECTS]
                                    + ([cited.DEFENDING_HERO] if who == "defending-hero" else []))
        for eff in s.effects:
            if eff.kind != "restrict" or eff.data.get("player") != player:
                continue
            what = eff.data.get("what") if is_card and isinstance(eff.data.get("what"), dict) else {}
            base_note, base_cites = self.base_power_words(c) if BASE_POWER_KEYS & what.keys() and \
                c.power is not None else ("", [])
            if self.restricts(eff.data, c, is_card, eff.controller):
                raise IllegalAction(f"an effect of {self._src_name(eff)} says {self.player_name(player)} can't "
                                    f"{restriction_words(eff.data)} (a restriction)"
                                    + (f"; {base_note}" if base_note else "") + self._over_allowance(c, eff.data),
                                    ([cited.RESTRICTION_ONLY] if eff.data.get("only_from") else [])
                                    + [cited.RESTRICTION_PRECEDENCE] + base_cites
                                    + ([cited.DEFENDING_HERO] if eff.data.get("who") == "defending-hero" else []))
            if base_note:   # a restriction that reads base power and does not describe this card (2.9.2)
                self.step(f"The restriction of {self._src_name(eff)} ({self.player_name(player)} can't "
                          f"{restriction_words(eff.data)}) does not describe {c.name}: {base_note}.",
                          [cited.RESTRICTION_PRECEDENCE] + base_cites, tag="telling")
        if timing == "now":
            if s.step == "close":
                raise IllegalAction("players do not get priority during the Close Step", [cited.CLOSE_STEP])
            return
        if timing == "reaction":
            if s.step != "reaction":
                raise IllegalAction(f"a reaction can only be played during the Reaction Step, and it is the "
                                    f"{STEP_NAMES[s.step]}", cites)
            link = s.active_link
            if "defense reaction" in c.types:
                if player not in link.targets:
                    allies = [t for t in link.targets if t in s.cards and self.card(t).controller == player]
                    raise IllegalAction("only a player who controls an attack-target hero may play defense reactions"
                                        + (f"; {self._name_of(allies[0])} is an ally, so its controller is not a "
                                           "defending hero" if allies else ""),
                                        [cited.DEFENSE_REACTIONS_IN_REACTION_STEP, cited.DEFENSE_REACTION_WHO_WHEN]
                                        + ([cited.ALLY_ATTACKED] if allies else []))
                from_hand = c.__dict__.get("_origin", c.zone) == "hand"
                reason = self.cannot_defend(c, link, from_hand=from_hand, playing=True) if is_card else None
                if reason:
                    why = reason[1] if cited.DEFENSE_REACTION_CANNOT_DEFEND in reason[1] else \
                        [cited.DEFENSE_REACTION_CANNOT_DEFEND] + reason[1]
                    raise IllegalAction(reason[0] + ", so this defense reaction cannot be played", why)
                if is_card:
                    self.defend_notes(c, link, from_hand, playing=True)
            else:
                if player != link.controller:
                    raise IllegalAction("only the player who controls the attack may play attack reactions",
                                        [cited.ATTACK_REACTIONS_IN_REACTION_STEP, cited.ATTACK_REACTION_WHO_WHEN])
                source = self.card(link.attack)
                if link.proxy and "ally" in source.types | source.subtypes:
                    # 8.2.8c: an attacking ally's controller is no attacking hero
                    raise IllegalAction(f"{source.name}, an ally, is attacking: {self.player_name(player)} is not the "
                                        "attacking hero and cannot play or activate attack reactions this Reaction Step",
                                        [cited.ALLY_ATTACKING, cited.ATTACK_REACTIONS_IN_REACTION_STEP])
            return
        # an action card (not as an instant): the turn player's action phase, empty stack, combat rules
        if player != s.turn_player:
            raise IllegalAction("an action card can only be played by the turn player in their action phase, unless "
                                "played as an instant", [cited.ACTION_PHASE_PRIORITY, cited.ACTION_ONLY_ON_EMPTY_STACK])
        if any(layer.source != c.handle for layer in s.stack):
            raise IllegalAction("an action card cannot be played while the stack is not empty",
                                [cited.ACTION_ONLY_ON_EMPTY_STACK])
        if s.chain_open and s.step != "resolution":
            raise IllegalAction("while the combat chain is open, action cards can only be played as attacks during "
                                "the Resolution Step", [cited.ACTION_NOT_DURING_COMBAT, cited.NO_ACTIONS_DURING_COMBAT])
        if s.chain_open and not c.is_attack_action:
            raise IllegalAction("during combat only attacks may be played as actions in the Resolution Step",
                                [cited.NO_ACTIONS_DURING_COMBAT, cited.ATTACK_IN_RESOLUTION_STEP])

    def _pay(self, player: str, c: Card, resources: int, action_points: int, pitch: list, key: str, chi: int = 0):
        """5.1.7: pay the asset-costs, pitching as needed (assets.py: chi, then resources, then action points)."""
        assets.pay(self, player, c, resources, action_points, pitch, chi)
