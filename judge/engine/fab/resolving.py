# Resolving a layer (FaB CR 5.3): check resolution, static and layer effects, go again, leave the stack, clear.
"""Resolving a layer (5.3, six steps): check resolution, static effects, layer effects, go again, leave the
stack, clear; the names layers have in the facts (``resolved``, ``resolution_order``)."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.keywords import GO_AGAIN
from judge.engine.fab.state import Layer


class Resolving:
    """Part of :class:`judge.engine.fab.game.Game`: owns ``facts["resolved"]`` and ``facts["resolution_order"]``."""

    def resolve_layer(self, layer: Layer):
        """Resolve the top layer of the stack in the steps of 5.3: check resolution, effects, go again, leave the
        stack."""
        s = self.s
        src = s.cards.get(layer.source)
        # 1. check resolution (5.3.2)
        fail = None
        if layer.targets and layer.kind in ("card", "activated", "triggered"):
            legal = [t for t in layer.targets if self.legal_target(t, layer.target_spec, layer.controller, layer)]
            if not legal:
                fail = ("none of its declared targets is still a legal target", [cited.FAILS_TARGETS_ILLEGAL])
        if fail is None and layer.state_condition is not None:
            trig_src = s.cards.get(layer.trigger_source)
            if layer.params.get("phantasm"):
                met = s.active_link is not None and self._phantasm_met(s.active_link)
            else:
                met = self.condition(layer.state_condition, trig_src, self._state_event(layer))
            if not met:
                fail = ("its state-trigger condition is no longer met by the current game state",
                        [cited.FAILS_STATE_TRIGGER_UNMET])
        if fail is None and src is not None and layer.kind == "card" and "defense reaction" in src.types:
            link = s.active_link
            from_hand = src.__dict__.get("_origin") == "hand"
            reason = self.cannot_defend(src, link, from_hand=from_hand) if link else ("the combat chain is closed", [])
            if reason:
                fail = (f"it cannot become a defending card: {reason[0]}",
                        [cited.FAILS_DEFENSE_REACTION, cited.DEFENSE_REACTION_BECOMES_DEFENDING] + reason[1])
        if fail is not None:
            s.stack.remove(layer)
            self.failed.append(self._layer_fact_name(layer))
            self.facts["resolved"][self._layer_fact_name(layer)] = False
            if src is not None and layer.kind == "card":
                self.move(src, "graveyard")
            self.step(f"Check resolution: {layer.name} fails to resolve because {fail[0]}; it is cleared from the stack "
                      "and generates no effects.", [cited.CHECK_FAILS_TO_RESOLVE] + fail[1], tag="failed")
            self.turn_player_gains_priority(cited.CHECK_FAILS_TO_RESOLVE)
            return
        self.step(f"Check resolution: {layer.name} resolves.", [cited.CHECK_FAILS_TO_RESOLVE])
        # 2. static effects (5.3.3) — static abilities of the layer become functional
        # 3. layer effects (5.3.4)
        if layer.kind == "triggered" and layer.params.get("phantasm"):
            self._resolve_phantasm(layer)
        elif layer.effects:
            self.step(f"Layer effects: {layer.name} generates its effects in order (its resolution abilities are "
                      "functional as it resolves)" + (": each discrete effect is generated and produces its event "
                      "before the next" if len(layer.effects) > 1 else "") + ".",
                      [cited.RESOLUTION_ABILITIES_GENERATE, cited.RESOLUTION_ABILITY_FUNCTIONAL]
                      + ([cited.DISCRETE_EFFECTS_ATOMIC] if len(layer.effects) > 1 else []))
            self.generate(layer.effects, src, layer.controller, layer)
            if layer.params.get("negated_itself"):
                return self._negated_itself(layer, src)
        # 4. go again (5.3.5), with last known information (5.3.5a)
        if src is not None and layer.kind == "card" and not layer.is_attack:
            kws = self.keywords(src) if src.zone == "stack" else self.s.lki.get(src.handle, {}).get("keywords", {})
            # 8.3.5a: go again of a non-attack layer gives its point after its other resolution abilities
            if GO_AGAIN in kws:
                lki = src.zone != "stack"
                self.gain_action_points(layer.controller, 1, f"{layer.name}'s go again",
                                        [cited.GO_AGAIN_STEP, cited.GO_AGAIN_NON_ATTACK, cited.GO_AGAIN]
                                        + ([cited.GO_AGAIN_LKI] if lki else [])
                                        + ([cited.LKI_INCLUDES_EFFECTS] if lki and GO_AGAIN not in src.keywords
                                           else []))
            elif src.zone == "stack":
                self.no_go_again(src, layer.controller, [cited.GO_AGAIN_STEP, cited.GO_AGAIN_NON_ATTACK])
        elif layer.kind == "activated" and layer.params.get("go_again"):
            self.gain_action_points(layer.controller, 1, f"the go again of {layer.name}",
                                    [cited.GO_AGAIN_STEP, cited.GO_AGAIN_NON_ATTACK, cited.GO_AGAIN])
        # 5. leave stack (5.3.6), 6. clear (5.3.7)
        if layer in s.stack:
            s.stack.remove(layer)
        self.facts["resolved"][self._layer_fact_name(layer)] = True
        self.facts.setdefault("resolution_order", []).append(self._layer_fact_name(layer))
        if src is not None and layer.kind == "card" and src.zone == "stack":
            if "defense reaction" in src.types:
                self.step(f"Leave stack: {src.name} becomes a defending card on the active chain link.",
                          [cited.LEAVE_STACK, cited.DEFENSE_REACTION_LEAVES_STACK_DEFENDING,
                           cited.DEFENSE_REACTION_BECOMES_DEFENDING, cited.DEFENSE_REACTION_RESOLVES_DEFENDING])
                link = s.active_link
                self.add_defending([src.handle], layer.controller if layer.controller in link.targets else link.targets[0],
                                   "reaction", from_stack=True)
            elif src.is_permanent_card or src.__dict__.pop("_became_permanent", False):   # 8.5.36b
                self.enter_with_back_face(src)   # 8.2.14a, 8.2.13a: a construct or invocation turns its back face
                self.move(src, "arena", controller=self.entering_controller(src, layer.controller))
                self.step(f"Leave stack: {src.name} becomes a permanent and moves to the arena.",
                          [cited.LEAVE_STACK, cited.PERMANENT_TO_ARENA])
            else:
                self.move(src, "graveyard")
                self.step(f"Clear: {src.name} is cleared from the stack {self.cleared_to(src)}"
                          + (" (a deck-card without a permanent subtype does not become a permanent)"
                             if src.types & {"equipment", "weapon"} else "") + ".",
                          [cited.CLEAR_LAYER, cited.CLEAR]
                          + ([cited.DECK_CARD_PERMANENT_SUBTYPES] if src.types & {"equipment", "weapon"} else []))
        elif src is not None and layer.kind == "card":
            self.step(f"Clear: {src.name} has already left the stack ({src.zone}); there is nothing left to clear.",
                      [cited.CLEAR_LAYER])
        else:
            self.step(f"Clear: {layer.name} is cleared and ceases to exist.",
                      [cited.CLEAR_LAYER, cited.CLEARED_TOKEN_CEASES_TO_EXIST])
        self.turn_player_gains_priority(cited.CLEAR_LAYER)

    def entering_controller(self, card, controller: str) -> str:
        """Who controls ``card`` as it enters the arena as a permanent: ``controller``, except for an affliction —
        its controller declares an opponent, and it enters under that player's control (8.2.11c). With one opponent
        that is the opponent; the declaration among several is not modelled, and the scenario is refused rather
        than the affliction put under the wrong player."""
        if "affliction" not in card.subtypes:
            return controller
        opponents = [p for p in self.opponents(controller) if not self.s.players[p].lost]
        if len(opponents) != 1:
            raise InvalidScenario([self.scenario.reason(
                "unsupported", f"{card.name} is an affliction: as it enters the arena its controller declares an "
                f"opponent, who controls it; declaring one among {len(opponents)} opponents is not modelled",
                self.current_key or "actions", cited.AFFLICTION_CONTROL)])
        self.step(f"{card.name} is an affliction: as it enters the arena, {self.player_name(controller)} declares an "
                  f"opponent — the only one, {self.player_name(opponents[0])} — and it enters under that player's "
                  "control.", [cited.AFFLICTION_CONTROL])
        return opponents[0]

    def _negated_itself(self, layer: Layer, src):
        """8.5.26a: the layer negated itself while resolving: it does not finish resolving — no go again, it does not
        become a permanent; it is cleared from the stack (a card to its owner's graveyard)."""
        if layer in self.s.stack:
            self.s.stack.remove(layer)
        name = self._layer_fact_name(layer)
        self.failed.append(name)
        self.facts["resolved"][name] = False
        if src is not None and layer.kind == "card" and src.zone == "stack":
            src.__dict__.pop("_became_permanent", None)
            self.move(src, "graveyard")
            self.step(f"{layer.name} is negated: it is cleared from the stack {self.cleared_to(src)} and does not "
                      "finish resolving (no go again, and it does not become a permanent).",
                      [cited.NEGATES_ITSELF, cited.CLEAR])
        self.turn_player_gains_priority(cited.NEGATES_ITSELF)

    def _layer_fact_name(self, layer: Layer) -> str:
        if layer.kind == "triggered":
            return f"{layer.trigger_source or 'effect'}.trigger" if not layer.params.get("phantasm") else "phantasm"
        return layer.source if layer.kind == "card" else f"{layer.source}.{layer.params.get('ability', 1)}"

    def _state_event(self, layer: Layer) -> dict:
        return dict(layer.params.get("event", {}))
