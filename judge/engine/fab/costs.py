# Activation conditions and effect-costs (FaB CR 5.2.1c, 5.2.1e, 1.14.2e, 1.14.4, 1.14.4a, 1.14.4b, 5.1.8a).
"""What an activated ability asks before it can be activated, and the effect-costs it names.

* ``if = { … }`` on an activated ability is its activation condition ("Activate this only while this is
  defending", "… only if you've boosted this turn"): when it is not met, the ability cannot be activated
  (5.2.1e) and nothing happens.
* ``effect_cost = [ … ]`` (a list of effect tables) are the effect-costs written before the colon (5.2.1c):
  "discard a card", "discard a random card", "remove a steam counter from this", "banish this", "banish a
  card from your graveyard", "lose 1{h}". They are paid in the printed order (1.14.4a) by generating each
  effect; before anything is paid, each is checked to be payable in the current state, and one that is not
  makes the activation illegal and the game state is reversed (1.14.4b, 5.1.8a). The cards the player
  chooses to pay with are the action's ``pay_with`` (a list of handles); a random choice is the action's
  ``random``.
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import IllegalAction
from judge.engine.fab.cards import ARENA_ZONES, matches

# the effect primitives an effect-cost may be (each can be checked for payment before it is paid)
EFFECT_COSTS = ("discard", "banish", "destroy", "put", "remove-counter", "lose-life", "turn-face-up")


def describe_cost(cost: dict) -> str:
    """An effect-cost in words: "discard a random card", "remove 1 steam counter from this"."""
    do = cost.get("do")
    what = cost.get("what", "self")
    n = cost.get("amount", 1)
    if do == "discard":
        if cost.get("random"):
            return "discard a random card"
        if what == "self":
            return "discard this"
        sel = {k: v for k, v in what.items() if k != "zone"} if isinstance(what, dict) else {}
        return ("discard a card" if n == 1 else f"discard {n} cards") + (f" that fit {sel}" if sel else "") + " (chosen by the player)"
    if do == "remove-counter":
        return f"remove {n} {cost.get('kind') or cost.get('stat')} counter(s) from this"
    if do == "lose-life":
        return f"pay {n} life"
    if isinstance(what, dict):
        return f"{do.replace('-', ' ')} {n} card(s) from the {what.get('zone', 'arena')}"
    return f"{do.replace('-', ' ')} this"


class Costs:
    """Mixin of :class:`judge.engine.fab.game.Game`: activation conditions and effect-cost lists."""

    def check_activation_condition(self, c, ab) -> None:
        """5.2.1e: an activated ability whose activation condition is not met cannot be activated."""
        cond = ab.get("if")
        if not cond:
            return
        if not self.condition(cond, c, {}):
            raise IllegalAction("its activation condition is not met: " + "; ".join(self.unmet_clauses(cond, c, {})),
                                [cited.ACTIVATION_CONDITION])
        self.step(f"The activation condition of {c.name}'s ability is met.", [cited.ACTIVATION_CONDITION])

    def pay_cost_effects(self, player: str, c, costs: list, layer, pay_with: list) -> None:
        """Check every effect-cost can be paid (1.14.4b), then pay them in the printed order (1.14.4a)."""
        for cost in costs:
            why = self._cannot_pay(player, c, cost, pay_with)
            if why:
                raise IllegalAction(f"the effect-cost \"{describe_cost(cost)}\" cannot be paid: {why}",
                                    [cited.EFFECT_COST_CANNOT_BE_PAID, cited.EFFECT_COST_UNPAID_ILLEGAL])
        self.step(f"Pay effect-costs, in the order written: {'; '.join(describe_cost(e) for e in costs)}.",
                  [cited.ACTIVATION_COST_WRITTEN, cited.EFFECT_COST, cited.EFFECT_COST_ORDER, cited.PAY_EFFECT_COSTS])
        chosen = layer.params.get("chosen")
        layer.params["chosen"] = list(pay_with)
        try:
            for cost in costs:
                eff = dict(cost)
                if eff.get("do") == "lose-life":
                    self.step(f"{self.player_name(player)} pays {eff.get('amount', 1)} life.", [cited.PAY_LIFE_POINT_COST])
                self.generate_one(eff, c, player, layer)
                if not self.last_ok:
                    raise IllegalAction(f"the effect-cost \"{describe_cost(cost)}\" did not resolve",
                                        [cited.EFFECT_COST_CANNOT_BE_PAID])
        finally:
            layer.params["chosen"] = chosen

    def _cannot_pay(self, player: str, c, cost: dict, pay_with: list) -> str | None:
        """Why an effect-cost cannot be paid in the current state (None: it can)."""
        do = cost.get("do")
        what = cost.get("what", "self")
        n = cost.get("amount", 1)
        if do == "lose-life":
            life = self.s.players[player].life
            return None if life >= n else f"{self.player_name(player)} has {life} life"
        if do == "discard" and cost.get("random"):
            hand = sum(1 for x in self.s.cards.values() if x.zone == "hand" and x.owner == player and x is not c)
            return None if hand >= n else f"{self.player_name(player)} has {hand} card(s) in hand"
        if do == "remove-counter":
            have = self.counter_count(c, cost.get("kind") or cost.get("stat", ""))
            return None if have >= n else f"{c.name} has {have} such counter(s)"
        if what == "self":
            if do == "turn-face-up":
                return None if c.face_down else f"{c.name} is face up"
            if do == "discard":
                return None if c.zone == "hand" else f"{c.name} is not in a hand"
            if do == "destroy":
                return None if c.zone in ARENA_ZONES else f"{c.name} is not in the arena"
            return None if c.zone not in ("outside", "stack") else f"{c.name} is not where it can be moved from"
        if isinstance(what, dict):
            zone = what.get("zone", "hand" if do == "discard" else None)
            sel = {k: v for k, v in what.items() if k != "zone"}
            if zone is None:
                pool = [x for x in self.s.cards.values() if x.zone in ARENA_ZONES and not x.private
                        and x.controller == player and matches(x, sel, self, player)]
            else:
                pool = [x for x in self.s.cards.values() if x.zone == zone and x.owner == player and x is not c
                        and matches(x, sel, self, player)]
            if len(pool) < n:
                return f"{self.player_name(player)} has {len(pool)} such card(s) in the {zone or 'arena'}, not {n}"
            named = [h for h in pay_with if h in self.s.cards and self.card(h) in pool]
            if pay_with and len(named) < min(n, len(pay_with)):
                return "a card named by pay_with does not fit"
            return None
        return f"the engine does not pay \"{do}\" of {what!r} as a cost"
