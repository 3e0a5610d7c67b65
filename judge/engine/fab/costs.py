# Activation conditions, effect-costs, "unless [player] pays" (FaB CR 5.2.1c, 5.2.1e, 1.14.2e, 1.14.4, 1.14.4b, 1.8.4b).
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
* ``unless_paid = { resources = N, by = WHO }`` on an effect is "[EFFECT] unless [WHO] pays {r}…" (1.8.4b): as
  the effect would be generated, WHO may pay N resources; if they do it is not generated. The file declares the
  choice (``pays = true`` with the cards pitched, ``pitch = [...]``, or ``pays = false``); a player who cannot
  pay cannot choose to (1.8.3b), and one who could but whose choice is not written is refused, never guessed.
  Consecutive effects with the same ``unless_paid`` share one condition and one payment (1.8.4).
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited, tapping
from judge.engine.fab.base import IllegalAction, _describe_selector
from judge.engine.fab.cards import ARENA_ZONES, Ability, matches
from judge.engine.fab.keywords import COST_PAID

def _if_you_do(eff) -> bool:
    """Is this effect of an additional-cost ability what it does "if you do" (generated once the cost is paid)?"""
    return isinstance(eff, dict) and isinstance(eff.get("if"), dict) and bool(eff["if"].get("if_you_do"))


# the effect primitives an effect-cost may be (each can be checked for payment before it is paid)
EFFECT_COSTS = ("discard", "banish", "destroy", "put", "remove-counter", "lose-life", "turn-face-up", "charge", "reveal",
                "tap")


def describe_cost(cost: dict) -> str:
    """An effect-cost in words: "discard a random card", "remove 1 steam counter from this"."""
    do = cost.get("do")
    what = cost.get("what", "self")
    n = cost.get("amount", 1)
    if do == "tap":
        return tapping.describe_tap(cost)
    if do == "discard":
        if cost.get("random"):
            return "discard a random card"
        if what == "self":
            return "discard this"
        sel = {k: v for k, v in what.items() if k != "zone"} if isinstance(what, dict) else {}
        if sel:
            return f"discard {n} {_describe_selector(sel, plural=n != 1)} (chosen by the player)"
        return ("discard a card" if n == 1 else f"discard {n} cards") + " (chosen by the player)"
    if do == "remove-counter":
        return f"remove {n} {cost.get('kind') or cost.get('stat')} counter(s) from this"
    if do == "lose-life":
        return f"pay {n} life"
    if do == "charge":
        return "charge your hero's soul (a card from hand, chosen by the player)"
    if do == "reveal":
        sel = {k: v for k, v in what.items() if k != "zone"} if isinstance(what, dict) else {}
        return f"reveal {n} {_describe_selector(sel, plural=n != 1) if sel else 'card(s)'} from hand (chosen by the player)"
    if isinstance(what, dict):
        sel = {k: v for k, v in what.items() if k != "zone"}
        noun = _describe_selector(sel, plural=n != 1) if sel else "card(s)"
        if what.get("zone") == "under":
            return f"{do.replace('-', ' ')} {n} {noun} under this"
        return f"{do.replace('-', ' ')} {n} {noun} from the {what.get('zone', 'arena')}"
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

    def pay_cost_effects(self, player: str, c, costs: list, layer, pay_with: list, record=None,
                         cites=(cited.ACTIVATION_COST_WRITTEN,)) -> None:
        """Check every effect-cost can be paid (1.14.4b), then pay them in the printed order (1.14.4a); the
        objects they moved are kept on ``record`` (the card played) for "… this way"."""
        for cost in costs:
            why = self._cannot_pay(player, c, cost, pay_with)
            if why:
                # 1.14.4: paying an effect-cost is generating and resolving its effects; 1.14.4b: one that
                # cannot resolve in the current state cannot be paid, and the whole action is reversed
                # a {t} cost: the tap effect would fail on a tapped permanent (2026-02 8.5.55a)
                tap = [cited.TAP_ALREADY_TAPPED, cited.TAP_SYMBOL] if cost.get("do") == "tap" else []
                from judge.engine.fab.primitives import PRIMITIVES   # the cost's own effect: what cannot be done
                row = PRIMITIVES.get(cost.get("do")) if isinstance(cost, dict) else None
                raise IllegalAction(f"the effect-cost \"{describe_cost(cost)}\" cannot be paid: {why}",
                                    [cited.EFFECT_COST_CANNOT_BE_PAID, *tap, cited.EFFECT_COST,
                                     cited.EFFECT_COST_UNPAID_ILLEGAL] + list(row.rules[:1] if row else ()))
        tap = [cited.TAP_SYMBOL] if any(e.get("do") == "tap" for e in costs) else []   # {t}: the tap effect
        self.step(f"Calculate and pay effect-costs, in the order written: {'; '.join(describe_cost(e) for e in costs)}.",
                  [*cites, cited.EFFECT_COST, cited.EFFECT_COST_ORDER, cited.PAY_EFFECT_COSTS, *tap])
        chosen = layer.params.get("chosen")
        layer.params["chosen"] = list(pay_with)
        try:
            for cost in costs:
                eff = dict(cost)
                if eff.get("do") == "lose-life":
                    self.step(f"{self.player_name(player)} pays {eff.get('amount', 1)} life.", [cited.PAY_LIFE_POINT_COST])
                self.last_objects = []
                self.generate_one(eff, c, player, layer)
                if not self.last_ok:
                    raise IllegalAction(f"the effect-cost \"{describe_cost(cost)}\" did not resolve",
                                        [cited.EFFECT_COST_CANNOT_BE_PAID, cited.EFFECT_COST])
                if record is not None:
                    record.__dict__.setdefault("_paid_with", []).extend(self.__dict__.get("last_objects", []))
        finally:
            layer.params["chosen"] = chosen

    def banish_at_random(self, eff: dict, c, player: str, layer) -> None:
        """The banish primitive with ``random = true`` (8.5.1): "banish N random cards from your graveyard /
        hand" — the cards that came up are the action's ``random`` (every card of the zone when there are no
        more than N); each is banished in turn."""
        what = eff.get("what") if isinstance(eff.get("what"), dict) else {"zone": "hand"}
        zone = what.get("zone", "hand")
        sel = {k: v for k, v in what.items() if k != "zone"}
        pool = [x for x in self.s.cards.values() if x.zone == zone and x.owner == player and x is not c
                and matches(x, sel, self, player)]
        n = eff.get("amount", 1)
        if len(pool) <= n:
            picked = pool
        else:
            results = self.__dict__.setdefault("random_results", [])
            picked = [self.card(h) for h in results if h in self.s.cards and self.card(h) in pool][:n]
            if len(picked) < n:
                raise InvalidScenario([self.scenario.reason(
                    "random", f"{self.player_name(player)} banishes {n} card(s) at random from {len(pool)} in their "
                    f"{zone}: the action must say which came up, random = [\"HANDLE\", …]", self.current_key or "actions",
                    cited.BANISH)])
            for x in picked:
                results.remove(x.handle)
        self.step(f"{self.player_name(player)} banishes {len(picked)} card(s) at random from their {zone}: "
                  f"{', '.join(x.name for x in picked)}.", [cited.BANISH])
        moved = []
        for x in picked:
            self.generate_one({"do": "banish", "what": x.handle}, c, player, layer)
            moved.extend(self.__dict__.get("last_objects", []))
        self.last_objects = moved
        self.last_ok = len(picked) == n

    def _cannot_pay(self, player: str, c, cost: dict, pay_with: list) -> str | None:
        """Why an effect-cost cannot be paid in the current state (None: it can)."""
        do = cost.get("do")
        what = cost.get("what", "self")
        n = cost.get("amount", 1)
        if do == "tap":
            return tapping.cannot_tap(self, player, c, cost, pay_with)
        if do == "lose-life":
            life = self.s.players[player].life
            return None if life >= n else f"{self.player_name(player)} has {life} life"
        if do == "charge":   # 8.5.29: a card from hand to the hero's soul
            hand = [x for x in self.s.cards.values() if x.zone == "hand" and x.owner == player and x is not c]
            named = [h for h in pay_with if h in self.s.cards]
            if named and not any(self.card(h) in hand for h in named):
                return "the card named by pay_with is not in their hand"
            return None if hand else f"{self.player_name(player)} has no card in hand to charge"
        if do == "discard" and cost.get("random"):
            hand = sum(1 for x in self.s.cards.values() if x.zone == "hand" and x.owner == player and x is not c)
            return None if hand >= n else f"{self.player_name(player)} has {hand} card(s) in hand"
        if do == "banish" and cost.get("random"):
            zone = cost["what"].get("zone", "hand") if isinstance(cost.get("what"), dict) else "hand"
            have = sum(1 for x in self.s.cards.values() if x.zone == zone and x.owner == player and x is not c)
            return None if have >= n else f"{self.player_name(player)} has {have} card(s) in their {zone}, not {n}"
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
            zone = what.get("zone", "hand" if do in ("discard", "reveal") else None)
            sel = {k: v for k, v in what.items() if k != "zone"}
            if zone == "under":   # "destroy a card under this" (3.0.14): the cards under the source
                pool = [x for x in self.sub_cards(c) if matches(x, sel, self, player)]
            elif zone is None:
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

    # ---------------------------------------------------------------------------------------------------
    # a card's own additional costs: "As an additional cost to play this, …" (5.1.3b, 5.1.8, 5.1.9)
    # ---------------------------------------------------------------------------------------------------
    def card_costs(self, c, action: dict) -> list:
        """The effect-costs of ``c``'s additional-cost abilities the player pays as it is played: every
        mandatory one, and an optional one ("you may …") only when the action says ``optional_cost = true``."""
        out = []
        for ab in c.abilities:
            if ab.kind == "additional-cost" and (not ab.get("optional") or action.get("optional_cost")):
                out.extend(e for e in ab.get("effects", []) if not _if_you_do(e))
        return out

    def card_cost_followups(self, c, action: dict) -> list:
        """The effects an additional-cost ability generates once its cost is paid ("you may reveal … . If you do,
        search your deck …"): those with ``if = { if_you_do = true }`` after the costs (1.8.4)."""
        out = []
        for ab in c.abilities:
            if ab.kind == "additional-cost" and (not ab.get("optional") or action.get("optional_cost")):
                out.extend(e for e in ab.get("effects", []) if _if_you_do(e))
        return out

    def declare_card_costs(self, player: str, c, action: dict) -> None:
        """5.1.3b: the player declares the additional costs the card itself asks for."""
        costs = self.card_costs(c, action)
        if costs:
            self.step(f"Declare costs: {c.name} asks for an additional cost, which {self.player_name(player)} "
                      f"declares: {'; '.join(describe_cost(e) for e in costs)}.", [cited.DECLARE_ADDITIONAL_COSTS])
        elif any(ab.kind == "additional-cost" for ab in c.abilities):
            self.step(f"Declare costs: {self.player_name(player)} does not declare {c.name}'s optional additional "
                      "cost.", [cited.DECLARE_ADDITIONAL_COSTS])

    def pay_card_costs(self, player: str, c, action: dict) -> None:
        """5.1.8-5.1.9: pay the card's own additional costs in order; the cards they move are remembered as the
        cards paid "this way" (condition ``paid_with``)."""
        costs = self.card_costs(c, action)
        c.__dict__["_paid_with"] = []
        if not costs:
            return
        layer = self.s.stack[-1]
        keyword_costs = [ab.get("_keyword") for ab in c.abilities if ab.kind == "additional-cost"
                         and ab.get("_keyword") in COST_PAID and ab.get("optional") and action.get("optional_cost")]
        try:
            self.pay_cost_effects(player, c, costs, layer, action.get("pay_with", []), record=c,
                                  cites=(cited.CALCULATE_EFFECT_COSTS,))
            if any(isinstance(k, dict) and k.get("do") == "charge" for k in costs):   # "the next attack you charge
                c.__dict__["_played_with"] = c.__dict__.get("_played_with", frozenset()) | {"charge"}   # to play" (8.5.29a)
        except IllegalAction as e:
            # 8.3.32b, 8.3.33b: a player cannot scrap / beat chest when they cannot pay that cost
            e.cites = list(e.cites) + [COST_PAID[k][3] for k in keyword_costs]
            raise
        for name in keyword_costs:
            self.keyword_cost_paid(player, c, name)
        followups = self.card_cost_followups(c, action)
        if followups:
            # "When you do, …": an inline-triggered effect, triggered as the cost is paid (6.6.2)
            self.step(f"{c.name}'s additional cost is paid: what its ability does when (or if) the player does is an "
                      "inline-triggered effect, and it triggers now.", [cited.INLINE_TRIGGERED, cited.PAY_EFFECT_COSTS])
            effects = [{k: v for k, v in e.items() if k != "if"} if e.get("if") == {"if_you_do": True} else e
                       for e in followups]
            self.add_triggered_layer(c, Ability(0, "trigger", {"name": f"the inline-triggered effect of {c.name}",
                                                               "effects": effects}, ""), {"player": player})

    def unless_paid(self, eff: dict, src, controller: str, layer, decided: dict) -> bool:
        """"[EFFECT] unless [player] pays" (1.8.4b): is the payment made (so the effect is not generated)? The
        payer's choice is the file's ``pays``; ``decided`` holds the answer for effects sharing the same clause."""
        unless = eff["unless_paid"]
        key = repr(sorted(unless.items()))
        if key in decided:
            self.step(f"{src.name if src is not None else 'The effect'}: \"{eff.get('do')}\" is under the same \"unless\" "
                      f"condition as the effect before it, {'paid' if decided[key] else 'not paid'} once for both: it "
                      f"is {'not ' if decided[key] else ''}generated.", [cited.CONDITIONAL_EFFECT, cited.UNLESS_EFFECT])
            return decided[key]
        payer = self._player_word(unless.get("by", "target-controller"), controller, layer)
        n, who = unless["resources"], self.player_name(payer)
        name = src.name if src is not None else "The effect"
        cost = "{r}" * n
        p = self.s.players[payer]
        able = p.resources + p.chi + sum(c.pitch or 0 for c in self.s.cards.values()
                                 if c.zone == "hand" and c.owner == payer) >= n
        if "pays" not in unless and src is not None and src.__dict__.get("unless_choice"):
            unless = {**unless, **src.unless_choice}   # the card's own ``unless_paid``: the payer's choice (1.8.3)
        choice = unless.get("pays")
        if choice is None and able:
            raise InvalidScenario([self.scenario.reason(
                "choose-payment", f"{name}: {who} could pay {cost} to stop \"{eff.get('do')}\": say whether they do, "
                "unless_paid = { …, pays = true, pitch = [cards] } or pays = false (the engine does not choose for a "
                "player)", self.current_key, cited.UNLESS_EFFECT)])
        if not choice:
            why = "chooses not to pay" if able else \
                f"cannot pay ({p.resources} resources and not enough to pitch), so cannot choose to"
            self.step(f"{name}: \"… unless {who} pays {cost}\" — {who} {why}; the condition is met and the effect is "
                      "generated.", [cited.UNLESS_EFFECT, cited.OPTIONAL_EFFECT if able else cited.OPTIONAL_EFFECT_IMPOSSIBLE])
            decided[key] = False
            return False
        self._pay(payer, src, n, 0, list(unless.get("pitch", [])), self.current_key)
        self.step(f"{name}: {who} pays {cost}, so \"… unless {who} pays\" stops the effect: it is not generated.",
                  [cited.UNLESS_EFFECT, cited.OPTIONAL_EFFECT])
        decided[key] = True
        return True
