# Initiating Abilities check 2 and steps 2-3: Cost, Resource, Resource Ability, Modifiers, Wild Resource.
"""Costs: check 2 (determine the cost with its modifiers, X chosen, can the player pay at all), step 2
(apply the modifiers) and step 3 (pay every cost at once, or abort paying nothing) of the Initiating
Abilities procedure, and the generation of resources that pays them."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import Ability, Card, describe_selector, matches, plural, possessive
from judge.engine.marvel_champions.state import Condition, Illegal, Initiation
from judge.engine.marvel_champions import cited


class Costs:
    """Checks 2 and steps 2-3, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

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
            cites.append(cited.ABILITY_RESOURCE_COST)     # specific resource types
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
                raise Illegal(c2, problem, [cited.EXHAUSTED_CARD_ABILITIES_ACTIVE] if "exhausted" in problem else
                              [cited.USES] if "uses counter" in problem else [])
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
                          cites[1:] + [cited.PAY_CARD_COST_WITH_RESOURCES if init.playing else cited.ABILITY_RESOURCE_COST,
                                       cited.PAY_WITH_WHAT_YOU_CONTROL]
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
        if cost.get("uses"):
            n = cost["uses"]
            out.append((f"spending {plural(n, 'use')} of {card.name}",
                        "" if (card.uses or 0) >= n else f"{card.name} has {plural(card.uses or 0, 'uses counter')} "
                                                        f"left, and the cost spends {n}"))
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
        """Step 2: apply the cost modifiers, and use up the “next” lasting ones."""
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
                [cited.MODIFIERS, cited.SET_MODIFIER_OVERRIDES]
        parts = " ".join(f"{'+' if m.get('by', 0) >= 0 else '−'} {abs(m.get('by', 0))} ({w})"
                         for w, m in init.modifiers)
        total = base + sum(m.get("by", 0) for _, m in init.modifiers)
        text = f"{base} {parts} = {total}".replace("= -", "= −")
        if total < 0:
            return text + ", treated as 0", [cited.MODIFIERS, cited.VALUE_NOT_BELOW_ZERO]
        return text, [cited.MODIFIERS]

    # step 3 ------------------------------------------------------------------------------------------
    def pay(self, init: Initiation) -> bool:
        """Step 3: pay every cost at once, or abort without paying any of them. True when paid."""
        s3 = self.p("pay")
        if init.reveal:
            return True
        entries = [] if init.forced and not init.act else _entries(init.act.get("pay", []))
        sources, problems = self._payment(init, entries)
        required = self._required(init)
        generated = [t for _, _, kinds, _ in sources for t in kinds]
        ok, uses, lost = assign(required, generated)
        if not ok:
            typed = any(t != "any" for t in required)
            problems.append((cited.ABILITY_RESOURCE_COST if typed else "",
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
            cites.append(cited.MULTIPLE_COSTS_PAID_SIMULTANEOUSLY)   # a resource cost and an exhaust / discard cost: paid together
        for handle, card, kinds, ab in sources:
            if ab is None:
                discards.append(card)
                parts.append(f"discards {card.name} from their hand ({', '.join(kinds) or 'no resource'})")
                cites.append(cited.GENERATE_RESOURCES_BY_DISCARDING)
                if kinds != card.resources:
                    cites.append(cited.RESOURCE_CARD_TEXT_ACTIVE)
            else:
                parts.append(f"uses {self.ability_name(card, ab)} ({', '.join(kinds)})")
                cites.append(cited.RESOURCE_ABILITY_WHILE_PAYING)
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
        if cost.get("uses"):
            init.card.uses -= cost["uses"]
            parts.append(f"spends {plural(cost['uses'], 'use')} of {init.card.name} ({init.card.uses} left)")
            cites.append(cited.USES)
        wilds = [f"a wild resource as {as_}" for got, as_ in uses if got == "wild" and as_ != "any"]
        if wilds:
            cites.append(cited.WILD_RESOURCE)
        init.generated, init.lost = len(generated), lost
        total = f"{plural(len(generated), 'resource')} generated for a cost of {init.cost}" if init.cost or \
            generated else ""
        excess = ""
        if lost:
            excess = f"; the excess ({plural(lost, 'resource')}) is lost"
            cites += [cited.EXCESS_RESOURCES_LOST, cited.EXCESS_RESOURCES_DO_NOT_CARRY_OVER]
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
                problems.append((cited.PAY_WITH_WHAT_YOU_CONTROL, f"{card.name} is controlled by {card.controller}, and costs are "
                                                  "paid with cards the paying player controls"))
                continue
            if card.zone == "hand":
                sources.append((entry, card, self._printed_or_bonus(card, init), None))
                demands.setdefault(handle, []).append("discard")
                continue
            if not card.in_play:
                problems.append((cited.GENERATE_RESOURCES_BY_DISCARDING,
                                 f"{card.name} is in {card.zone}: resources come from cards "
                                                      "discarded from hand or from resource abilities"))
                continue
            ab = card.ability(int(idx)) if idx else next((a for a in card.abilities if a.kind == "resource"), None)
            if ab is None or ab.kind != "resource":
                problems.append((cited.GENERATE_RESOURCES_BY_DISCARDING, f"{card.name} has no Resource ability"))
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
                problems.append((cited.MULTIPLE_COSTS_PAID_SIMULTANEOUSLY, f"{card.name} is named twice to pay costs that are paid "
                                                  "simultaneously"))
            elif "discard" in what and "exhaust" in what:
                rule = self.p("leaves") if card is init.card and not init.playing else cited.MULTIPLE_COSTS_PAID_SIMULTANEOUSLY
                problems.append((rule, f"discarding {card.name} makes it leave play, so the cost of exhausting "
                                       f"{card.name} can no longer be paid"))
        return sources, problems

    def _resource_ability_problem(self, card: Card, ab: Ability, init: Initiation):
        cost = ab.get("cost") or {}
        if cost.get("exhaust") and card.exhausted:
            return (cited.EXHAUSTED_CARD_ABILITIES_ACTIVE,
                    f"{card.name} is exhausted, so its Resource ability (which exhausts it) "
                                          "cannot be used")
        if ab.get("limit") is not None and card.used.get(ab.index, 0) >= ab.get("limit"):
            return (cited.LIMIT, f"{self.ability_name(card, ab)} was already used "
                             f"{plural(card.used.get(ab.index, 0), 'time')} this round")
        if ab.get("for") is not None and not (init.playing and matches(ab.get("for"), init.card, card.controller)):
            # "generate a resource for a <trait> card": a play restriction of the ability, which must be
            # observed to use it (play-restrictions-and-permissions/bullet-1)
            sel = describe_selector(ab.get("for"))
            sel = ("an " if sel[:1].lower() in "aeiou" else "a ") + sel
            paying = f"{init.card.name} is not one" if init.playing else \
                f"{self.ability_name(init.card, init.ability)} is not a card being played"
            return (cited.PLAY_RESTRICTIONS_OBSERVED,
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


def _entries(pay) -> list[str]:
    """A declared payment as a list (``pay = "card"`` is one entry)."""
    return [pay] if isinstance(pay, str) else list(pay)
