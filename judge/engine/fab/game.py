"""The Flesh and Blood engine: the rules' own procedures as state transitions, every step cited.

* 5.1 playing a card in nine steps (announce, declare costs, modes and targets, check legal play,
  calculate and pay asset-costs, calculate and pay effect-costs, play); an illegal play reverses the state.
* 5.2 activating an ability (LIMIT, additional activations, private sources).
* 5.3 resolving a layer in six steps (check resolution, static effects, layer effects, go again, leave
  stack, clear).
* 7 combat: Layer, Attack, Defend, Reaction, Damage, Resolution and Close steps with priority passing.

Cards are described by properties and ability primitives (see cards.py and docs/scenario-format.md); no
card is known by name. Priority follows the scenario's actions: a player who acts next receives priority
when the players before them pass (1.11.4a), and when an action can only be taken in a later step, all
players pass in succession until that step (1.11.4a, 5.3.1, the steps of chapter 7).
"""

from __future__ import annotations


from judge.engine.core import InvalidScenario, Outcome, Reason
from judge.engine.fab.cards import ARENA_ZONES, Ability, Card, matches
from judge.engine.fab.state import ChainLink, Effect, Layer, State
from judge.engine.fab.state import snapshot as state_snapshot

STEP_NAMES = {"action": "action phase", "layer": "Layer Step", "attack": "Attack Step", "defend": "Defend Step",
              "reaction": "Reaction Step", "damage": "Damage Step", "resolution": "Resolution Step",
              "close": "Close Step"}
STEP_RULES = {"layer": "7.1", "attack": "7.2", "defend": "7.3", "reaction": "7.4", "damage": "7.5",
              "resolution": "7.6", "close": "7.7"}


class IllegalAction(Exception):
    """An action that the rules do not allow; the game state is reversed (1.10.3)."""

    def __init__(self, message: str, cites: list[str]):
        super().__init__(message)
        self.message = message
        self.cites = cites


class Game:
    """One game in progress, with its trace."""

    def __init__(self, state: State, outcome: Outcome, scenario):
        self.s = state
        self.out = outcome
        self.trace = outcome.trace
        self.scenario = scenario
        self.queue: list[tuple[int, dict]] = []
        self.advancing = False    # passing priority until the current action can be taken (ready_for)
        self.facts = outcome.facts
        self.facts.setdefault("legal", {})
        self.facts.setdefault("resolved", {})
        self.triggered: list[str] = []
        self.failed: list[str] = []
        self.tokens: list[str] = []
        self.power_seen: dict[str, int] = {}
        self.defense_seen: dict[str, int] = {}
        self.costs_paid: dict[str, dict] = {}
        self.defended: dict[str, str] = {}

    # =====================================================================================================
    # helpers
    # =====================================================================================================
    def step(self, text: str, cites=(), changes=()):
        self.trace.add(text, cites, changes)

    def card(self, handle: str) -> Card:
        return self.s.cards[handle]

    def player_name(self, name: str) -> str:
        p = self.s.players.get(name)
        return f"{p.hero} ({name})" if p and p.hero and p.hero != name else name

    def clockwise_from(self, start: str) -> list[str]:
        seats = self.s.seating
        i = seats.index(start)
        return seats[i:] + seats[:i]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.s.seating if p != player]

    def move(self, card: Card, zone: str, controller: str | None = None):
        old = card.zone
        if old in ARENA_ZONES or old == "stack":
            self.remember(card)
        card.zone = zone
        card.timestamp = self.s.tick()
        if zone in ("hand", "deck", "graveyard", "banished", "pitch", "arsenal"):
            card.controller = card.owner
        elif controller is not None:
            card.controller = controller
        if zone not in ARENA_ZONES and zone != "stack":
            card.base_defense_set = None
        return old

    def remember(self, card: Card):
        """Last known information (1.2.3): a snapshot of the object before it leaves."""
        self.s.lki[card.handle] = {"power": self.power(card), "defense": self.defense(card),
                                   "keywords": dict(self.keywords(card)), "controller": card.controller,
                                   "name": card.name, "types": set(card.types), "subtypes": set(card.subtypes),
                                   "supertypes": set(card.supertypes)}

    # =====================================================================================================
    # properties with continuous effects (6.2, 6.3)
    # =====================================================================================================
    def _functional_statics(self):
        """(source, ability) for every functional static ability in the game (1.7.4, 5.4.7a)."""
        for src in self.s.cards.values():
            for ab in src.abilities:
                if ab.kind == "static" and self.functional(src, ab):
                    yield src, ab

    def functional(self, src: Card, ab) -> bool:
        cond = ab.get("while")
        if cond is not None:
            if not self.condition(cond, src):
                return False
            if src.private:
                # 5.4.7a: a private source only when the while-condition names its private place
                named = cond.get("in")
                if named is None:
                    return False
                if named in ("hand", "arsenal", "deck"):
                    return not src.face_down or named == "arsenal" and cond.get("face_down") is True
                return cond.get("face_down") is True
            return True
        if src.private:
            return False
        if src.zone == "combat-chain" and self.is_defending(src):
            return False  # 1.7.4a: a non-permanent defending card's abilities are non-functional
        return src.zone in ARENA_ZONES

    def _applies(self, spec, target: Card, src_controller: str, src: Card | None, bound=None) -> bool:
        if bound is not None:
            return target.handle in bound
        if spec in (None, "self"):
            return src is not None and target is src
        if spec == "attack":
            link = self.s.active_link
            return link is not None and link.attack == target.handle
        if isinstance(spec, dict):
            return matches(target, spec, self, src_controller)
        return False

    def _modifiers(self, card: Card, stat: str) -> list[tuple[int, int, str, str]]:
        """(timestamp, by, source handle, how) for every +N/−N that applies to ``card``'s ``stat`` now.

        ``how`` is "effect" (a layer-continuous effect, 6.2.2), "static" / "while-static" (a functional static
        ability, 6.2.3, 5.4.7) or "counter" (a +1/−1 counter, 2.0.3d).
        """
        mods = []
        for eff in self.s.effects:
            if eff.kind == "modify" and eff.data.get("stat") == stat and not eff.pending:
                if self._applies(eff.selector, card, eff.controller, self.s.cards.get(eff.source), eff.applies_to):
                    mods.append((eff.timestamp, eff.data.get("by", 0), eff.source, "effect"))
        for src, ab in self._functional_statics():
            eff = ab.get("effect", {})
            if eff.get("do") == "modify" and eff.get("stat") == stat:
                if self._applies(eff.get("to", "self"), card, src.controller, src):
                    by = eff.get("by", 0)
                    if isinstance(by, dict):   # 6.2.3b: a variable value follows the game state
                        by = self.quantity(by, src)
                    how = "static"
                    if ab.get("while"):
                        how = "combo" if "last_attack" in ab.get("while") else "while-static"
                    mods.append((src.timestamp, by, src.handle, how))
        for ts, cstat, n in card.counters:
            if cstat == stat:
                mods.append((ts, n, card.handle, "counter"))
        if stat == "power" and card.keywords.get("piercing"):
            # 8.3.23: "If this is defended by an equipment, it gets +N power" (a static ability of the attack)
            link = self._link_of(card)
            if link is not None and link.attack == card.handle and any(
                    "equipment" in self.card(h).types for h, _, _ in link.defenders):
                n = card.keywords["piercing"]
                mods.append((card.timestamp, 1 if n is True else int(n), card.handle, "piercing"))
        return sorted(mods, key=lambda m: m[0])

    def base_value(self, card: Card, stat: str):
        for ab in card.abilities:   # 5.4.5: property-static abilities define the value anywhere
            if ab.kind == "property" and stat in ab.get("defines", []):
                return self.quantity(ab.data, card)
        if stat == "defense" and card.base_defense_set is not None:
            return card.base_defense_set
        return getattr(card, stat)

    def numeric(self, card: Card, stat: str):
        """The modified value of a numeric property (6.3.3, 2.0.3c), or None when the card lacks it.

        Stages 7–8 apply effects in substage order: every effect that adds (+N) before every effect that
        subtracts (−N), each substage in timestamp order (6.3.3a); a value that would go below zero is zero.
        """
        base = self.base_value(card, stat)
        if base is None:
            return None
        value = base
        mods = self._modifiers(card, stat)
        for m in mods:
            if m[1] > 0:
                value += m[1]
        for m in mods:
            if m[1] < 0:
                value = max(0, value + m[1])
        return max(0, value)

    def power(self, card: Card):
        return self.numeric(card, "power")

    def defense(self, card: Card):
        return self.numeric(card, "defense")

    def explain_value(self, card: Card, stat: str):
        """A sentence on how a power/defense value is made (base, property-static, modifiers), or None."""
        parts, cites = [], []
        prop = next((ab for ab in card.abilities if ab.kind == "property" and stat in ab.get("defines", [])), None)
        base = self.base_value(card, stat)
        if prop is not None:
            parts.append(f"its property-static ability defines its {stat} as {base}")
            cites += ["5.4.5", "5.4.5a"]
        elif stat == "defense" and card.base_defense_set is not None:
            parts.append(f"its base defense was set to {card.base_defense_set}")
            cites.append("2.0.3a")
        mods = self._modifiers(card, stat)
        for _, by, src, how in mods:
            src_card = self.s.cards.get(src)
            who = "its" if src_card is card else f"{src_card.name}'s" if src_card else "an"
            if how == "counter":
                parts.append(f"{by:+d} from a {by:+d} {stat} counter on it")
                cites += ["2.0.3d"]
            elif how == "combo":
                parts.append(f"{by:+d} from {who} combo ability: the last attack this combat chain matches its names")
                cites += ["8.4.1"]
            elif how == "piercing":
                parts.append(f"{by:+d} from its piercing {by}: it is defended by an equipment")
                cites += ["8.3.23"]
            elif how == "while-static":
                parts.append(f"{by:+d} from {who} while-static ability (its condition is met)")
                cites += ["5.4.7", "5.4.2"]
            elif how == "static":
                parts.append(f"{by:+d} from {who} static ability")
                cites += ["5.4.2", "6.2.3"]
            else:
                parts.append(f"{by:+d} from {who} effect")
                cites += ["6.2.2"]
        adds = [m for m in mods if m[1] > 0]
        subs = [m for m in mods if m[1] < 0]
        if adds and subs:
            order = "additions (" + ", ".join(f"{m[1]:+d}" for m in adds) + ") are applied before subtractions (" + \
                ", ".join(f"{m[1]:+d}" for m in subs) + ") whatever their timestamps"
            by_time = base or 0
            floored_early = False
            for m in mods:
                by_time += m[1]
                if by_time < 0:
                    by_time, floored_early = 0, True
            if floored_early:
                order += f"; in timestamp order a subtraction would have stopped the {stat} at 0 first, since a " \
                         "numeric property cannot be negative"
                cites.append("2.0.3c")
            parts.append(order)
            cites.append("6.3.3")
        elif subs and (base or 0) + sum(m[1] for m in mods) < 0:
            parts.append(f"it cannot go below 0")
            cites.append("2.0.3c")
        # static abilities that would modify this value but are not functional (5.4.7, 5.4.7a)
        for src in self.s.cards.values():
            for ab in src.abilities:
                eff = ab.get("effect", {}) if ab.kind == "static" else {}
                if eff.get("do") != "modify" or eff.get("stat") != stat or self.functional(src, ab):
                    continue
                if not self._applies(eff.get("to", "self"), card, src.controller, src):
                    continue
                cond = ab.get("while") or {}
                if src.private and cond and self.condition(cond, src):
                    parts.append(f"{src.name}'s while-static ability is not functional: its condition names a zone "
                                 "that is public by default and the card is private there")
                    cites += ["5.4.7a", "3.0.4c"]
                elif cond:
                    unmet = self.unmet_clauses(cond, src)
                    parts.append(f"{src.name}'s while-static ability ({eff.get('by', 0):+d} {stat}) is not functional: "
                                 f"its while-condition is not met ({'; '.join(unmet)})")
                    cites += ["5.4.7", "5.4.7a"]
        for _, _, src, how in mods:
            src_card = self.s.cards.get(src)
            if how == "while-static" and src_card is not None and src_card.private:
                parts.append(f"{src_card.name}'s while-static ability is functional although the card is private, "
                             "because its while-condition names that private zone")
                cites += ["5.4.7a"]
        if not parts:
            return None
        if len(mods) > 1:
            cites.append("6.3.4")
        value = self.numeric(card, stat)
        return (f"{card.name} has {value} {stat}: " + "; ".join(parts) + ".", sorted(set(cites), key=cites.index))

    def keywords(self, card: Card) -> dict:
        kws = dict(card.keywords)
        for eff in self.s.effects:
            if eff.kind == "gain-keyword" and not eff.pending and \
                    self._applies(eff.selector, card, eff.controller, self.s.cards.get(eff.source), eff.applies_to):
                kws[eff.data["keyword"]] = eff.data.get("value", True)
        for src, ab in self._functional_statics():
            eff = ab.get("effect", {})
            if eff.get("do") == "gain-keyword" and self._applies(eff.get("to", "self"), card, src.controller, src):
                kws[eff["keyword"]] = eff.get("value", True)
        return kws

    def quantity(self, spec: dict, card: Card) -> int:
        """Values that depend on the game state (used by property-static abilities)."""
        what = spec.get("count")
        times = spec.get("times", 1)
        owner = card.owner
        if what == "distinct-costs-in-pitch":
            costs = {c.cost for c in self.s.cards.values() if c.zone == "pitch" and c.owner == owner
                     and c.cost is not None}
            return times * len(costs)
        if what == "cards-in-pitch":
            return times * sum(1 for c in self.s.cards.values() if c.zone == "pitch" and c.owner == owner)
        if what == "defending-cards":
            link = self._link_of(card)
            if link is None:
                return 0
            sel = spec.get("of", {})
            return times * sum(1 for h, _, _ in link.defenders if matches(self.card(h), sel, self, card.controller))
        return times * int(spec.get("value", 0))

    # =====================================================================================================
    # conditions (while / if) — a table whose keys must all hold
    # =====================================================================================================
    def condition(self, cond: dict, src: Card | None, event: dict | None = None) -> bool:
        event = event or {}
        for key, want in cond.items():
            if key == "in":
                if src is None or src.zone != want:
                    return False
            elif key == "face_down":
                if src is None or src.face_down != want:
                    return False
            elif key == "defending":
                if (src is not None and self.is_defending(src)) != want:
                    return False
            elif key == "attacking":
                link = self.s.active_link
                if (src is not None and link is not None and link.attack == src.handle) != want:
                    return False
            elif key == "you_control":
                ctrl = src.controller if src else None
                if not any(c.zone in ARENA_ZONES and c.controller == ctrl and not self.is_defending(c)
                           and matches(c, want, self, ctrl) for c in self.s.cards.values()):
                    return False
            elif key == "played_this_turn":
                ctrl = src.controller if src else None
                played = self.s.players[ctrl].played_this_turn if ctrl in self.s.players else []
                if not any(matches(self.card(h), want, self, ctrl) for h in played):
                    return False
            elif key == "dealt_arcane_this_turn":
                ctrl = src.controller if src else None
                if (self.s.players[ctrl].dealt_arcane_this_turn > 0) != want:
                    return False
            elif key == "attack":
                att = event.get("attack")
                if att is None or not matches(self.card(att), want, self, src.controller if src else None):
                    return False
            elif key == "card":
                c = event.get("card")
                if c is None or not matches(self.card(c), want, self, src.controller if src else None):
                    return False
            elif key == "attack_power_above_base":
                att = event.get("attack")
                if att is None:
                    return False
                a = self.card(att)
                if ((self.power(a) or 0) > (self.base_value(a, "power") or 0)) != want:
                    return False
            elif key == "together_with":
                together = event.get("together", [])
                if not any(matches(self.card(h), want, self, src.controller if src else None)
                           and h != (src.handle if src else None) for h in together):
                    return False
            elif key == "last_attack":
                # 8.4.1 combo: the attack of the chain link before this one
                link = self._link_of(src) if src is not None else None
                chain = self.s.chain
                i = chain.index(link) if link in chain else len(chain)
                if i == 0 or not matches(self.card(chain[i - 1].attack), want, self, src.controller if src else None):
                    return False
            elif key == "damage_at_least":
                if (event.get("amount") or 0) < want:
                    return False
            elif key == "defended_from_hand":
                link = self._link_of(src) if src is not None and self._link_of(src) else self.s.active_link
                has = link is not None and any(self._defended_from_hand(h) for h, _, _ in link.defenders)
                if has != want:
                    return False
            elif key == "max_defense":
                if src is None or (self.defense(src) or 0) > want:
                    return False
            elif key == "is_defended":
                link = self._link_of(src) if src is not None and self._link_of(src) else self.s.active_link
                if (link is not None and bool(link.defenders)) != want:
                    return False
            else:
                raise InvalidScenario([Reason("unknown-condition", f"unknown condition '{key}'")])
        return True

    def unmet_clauses(self, cond: dict, src: Card | None, event: dict | None = None) -> list[str]:
        """Plain-words reasons why the clauses of a condition table that do not hold fail."""
        out = []
        ctrl = src.controller if src else None
        for key, want in cond.items():
            if self.condition({key: want}, src, event):
                continue
            if key == "in":
                out.append(f"it is in the {src.zone if src else '?'} zone, not the {want} zone")
            elif key in ("defending", "attacking", "face_down"):
                out.append(f"it is {'not ' if want else ''}{key.replace('_', ' ')}")
            elif key == "you_control":
                out.append(f"{self.player_name(ctrl)} controls no {_describe_selector(want, plural=False)} "
                           "(objects of other players do not count)")
            elif key == "played_this_turn":
                out.append(f"{self.player_name(ctrl)} has played no {_describe_selector(want, plural=False)} this turn")
            elif key == "defended_from_hand":
                out.append("the defending hero has not defended with a card from their hand this chain link"
                           if want else "the defending hero has defended with a card from their hand")
            elif key == "last_attack":
                out.append(f"the last attack this combat chain was not {_describe_selector(want, plural=False)}")
            elif key == "max_defense":
                out.append(f"it has {self.defense(src) if src else '?'} defense, more than {want}")
            else:
                out.append(f"{key.replace('_', ' ')} is not {want!r}")
        return out

    def is_defending(self, card: Card) -> bool:
        return any(card.handle == h for link in self.s.chain for h, _, _ in link.defenders) and \
            card.zone == "combat-chain"

    def _link_of(self, card: Card) -> ChainLink | None:
        for link in self.s.chain:
            if link.attack == card.handle or any(h == card.handle for h, _, _ in link.defenders):
                return link
        return None

    # =====================================================================================================
    # priority and passing (1.11)
    # =====================================================================================================
    def give_priority(self, player: str):
        """The players before ``player`` pass until ``player`` has priority (1.11.4a)."""
        if self.s.priority == player:
            return
        if self.s.priority is None:
            raise IllegalAction(f"{self.player_name(player)} cannot act now: no player has priority in the "
                                f"{STEP_NAMES[self.s.step]}", ["1.11.3"])
        passers = []
        p = self.s.priority
        while p != player:
            passers.append(p)
            order = self.clockwise_from(p)
            p = order[1]
        self.step(f"{', '.join(self.player_name(x) for x in passers)} pass{'es' if len(passers) == 1 else ''}; "
                  f"{self.player_name(player)} receives priority.", ["1.11.4", "1.11.4a"])
        self.s.priority = player

    def all_pass(self):
        """All players pass in succession (1.11.4a): the top layer resolves, or the step ends."""
        s = self.s
        if s.game_over:
            raise StopIteration
        if s.priority is None and s.step not in ("close",):
            s.priority = s.turn_player
        if s.stack:
            top = s.stack[-1]
            if s.step == "layer" and top.is_attack and len(s.stack) == 1:
                self.step("All players pass in succession with the attack as the top layer: the Layer Step "
                          "ends and the Attack Step begins.", ["7.1.3"])
                self.attack_step()
                return
            self.step(f"All players pass in succession: the top layer of the stack ({top.name}) resolves.",
                      ["1.11.4a", "5.3.1"])
            self.resolve_layer(top)
            return
        if s.step == "action":
            raise StopIteration
        if s.step == "attack":
            self.step("The stack is empty and all players pass: the Attack Step ends and the Defend Step begins.",
                      ["7.2.6"])
            self.defend_step()
        elif s.step == "defend":
            self.step("The stack is empty and all players pass: the Defend Step ends and the Reaction Step "
                      "begins.", ["7.3.4"])
            self.reaction_step()
        elif s.step == "reaction":
            self.step("The stack is empty and all players pass: the Reaction Step ends and the Damage Step "
                      "begins.", ["7.4.3"])
            self.damage_step()
        elif s.step == "damage":
            self.step("The stack is empty and all players pass: the Damage Step ends and the Resolution Step "
                      "begins.", ["7.5.4"])
            self.resolution_step()
        elif s.step == "resolution":
            self.step("The stack is empty and all players pass during the Resolution Step: the Close Step "
                      "begins.", ["7.6.4", "7.7.2a"])
            self.close_step()
        elif s.step == "layer":
            # the attack left the stack some other way
            self.close_step()

    def turn_player_gains_priority(self, cite: str):
        self.s.priority = self.s.turn_player
        self.game_state_actions()

    def game_state_actions(self):
        """1.10.2: performed first whenever the game transitions to a new priority state."""
        s = self.s
        if s.game_over:
            return
        # 1.10.2a: heroes that have died (life total reduced to zero, 2.5.3f) — their players lose
        dying = [p for p in s.players.values() if p.life <= 0 and not p.lost]
        if dying:
            for p in dying:
                p.lost = True
                self.facts.setdefault("dead", []).append(p.name)
                self.facts.setdefault("lost", []).append(p.name)
                self.step(f"Game state action: {self.player_name(p.name)} has 0 life, so their hero has died and "
                          f"{p.name} loses the game.", ["1.10.2a", "2.5.3f", "4.5.3a"])
            remaining = [n for n in s.seating if not s.players[n].lost]
            if not remaining:
                s.game_over = True
                self.facts["draw"] = True
                self.step("Every remaining hero's life total was reduced to zero at the same time: the game is a draw "
                          "and ends.", ["4.5.4a", "4.5.1"])
                return
            if len(remaining) == 1:
                s.game_over = True
                self.facts["winner"] = remaining[0]
                self.step(f"All of {remaining[0]}'s opponents have lost: {self.player_name(remaining[0])} wins and the "
                          "game ends immediately.", ["4.5.2a", "4.5.1"])
                return
            for p in dying:
                self._leave_game(p.name)
        # 1.10.2d: state-based triggered effects whose state-condition is met trigger
        self._check_state_triggers()
        # 1.10.2e: a rule or effect has closed the combat chain
        if s.closing is not None and s.chain_open and s.step != "close":
            why, cites = s.closing
            s.closing = None
            self.step(f"Game state action: the combat chain closes ({why}); the current step ends and the Close Step "
                      "begins.", list(cites) + ["7.7.2", "1.10.2e"])
            self.facts["chain_closed_because"] = why
            self.close_step()

    def _leave_game(self, name: str):
        """4.5.1a: a player lost but the game goes on — their objects are cleared, then removed from the game."""
        s = self.s
        s.seating = [n for n in s.seating if n != name]
        cleared = []
        for layer in list(s.stack):
            if layer.controller == name:
                s.stack.remove(layer)
        for c in s.cards.values():
            if c.controller == name and c.zone in ARENA_ZONES + ("stack",):
                self.move(c, "graveyard")
                cleared.append(c.name)
        for c in s.cards.values():
            if c.owner == name and c.zone != "outside":
                c.zone = "outside"
        self.step(f"{self.player_name(name)} lost but the game does not end: everything they control is cleared"
                  + (f" ({', '.join(cleared)})" if cleared else "") + ", everything they own is removed from the game, "
                  "and the player and their hero cease to exist for the rest of the game.", ["4.5.1a"])
        if s.priority == name or s.priority is not None and s.priority not in s.seating:
            s.priority = s.turn_player if s.turn_player in s.seating else s.seating[0]

    def close_combat_chain(self, why: str, cites):
        """A rule or effect closes the combat chain: the Close Step begins as a game state action (7.7.2, 1.10.2e)."""
        if self.s.chain_open and self.s.closing is None and self.s.step != "close":
            self.s.closing = (why, list(cites))

    # =====================================================================================================
    # triggers (6.6)
    # =====================================================================================================
    def event(self, name: str, **info):
        """An event occurs (1.9): triggered effects whose condition it meets trigger (6.6.5)."""
        created = []
        for src in list(self.s.cards.values()):
            for ab in src.abilities:
                if ab.kind != "trigger" or ab.get("on") != name:
                    continue
                if not self._trigger_functional(src, ab, name, info):
                    continue
                if not self._is_about(src, ab, info):
                    continue
                if ab.get("if") and not self.condition(ab.get("if"), src, info):
                    continue
                created.append((src, ab))
        for eff in list(self.s.effects):
            if eff.kind == "trigger" and eff.data.get("on") == name:
                src = self.s.cards.get(eff.source)
                if eff.data.get("card") and not (info.get("card") and
                                                 matches(self.card(info["card"]), eff.data["card"], self,
                                                         eff.controller)):
                    continue
                created.append((src, eff))
        for src, ab in created:
            if self._suppressed(src, name, info):
                continue
            if name == "destroyed" and src is not None and info.get("card") == src.handle:
                self.step(f"{src.name} ceased to exist in the event that meets its own trigger condition, and its "
                          "ability was functional immediately before: the effect triggers.", ["5.4.6a"])
            self.add_triggered_layer(src, ab, info)
        return created

    def _trigger_functional(self, src: Card, ab, name: str, info: dict) -> bool:
        if ab.get("while") is not None:
            return self.functional(src, ab)
        if name == "destroyed" and info.get("card") == src.handle:
            return info.get("was_functional", False)   # 5.4.6a
        if name in ("attack", "hit", "damage", "chain-link-resolves") and info.get("attack") == src.handle:
            return True
        if name == "damage" and info.get("card") == src.handle and src.zone == "stack":
            return True   # a card-layer dealing damage as it resolves
        if name in ("defend", "defends") and (src.handle in info.get("cards", []) or info.get("card") == src.handle):
            return True   # 1.7.4a: a trigger on defending is functional for the defending card
        return not src.private and src.zone in ARENA_ZONES and not self.is_defending(src)

    def _is_about(self, src: Card, ab, info: dict) -> bool:
        """Triggers written "when this …" need the event to be about their source."""
        about = ab.get("of", "this")
        if about != "this":
            return True
        if "card" in info:
            return info["card"] == src.handle
        if "cards" in info:
            return src.handle in info["cards"]
        if "attack" in info:
            return info["attack"] == src.handle
        return True

    def _suppressed(self, src, name: str, info: dict) -> bool:
        """7.5.5c: an effect may stop triggered effects from triggering on the hit-event."""
        if name not in ("hit", "damage") or not info.get("hit_event") or src is None:
            return False
        suppressors = [(e.data, e.controller) for e in self.s.effects if e.kind == "suppress-triggers"]
        suppressors += [(ab.get("effect"), s_.controller) for s_, ab in self._functional_statics()
                        if ab.get("effect", {}).get("do") == "suppress-triggers"]
        for data, controller in suppressors:
            if matches(src, data.get("of", {}), self, controller):
                eff_of = data.get("of", {})
                self.step(f"The triggered effect of {src.name} does not trigger on the hit-event: an effect prevents "
                          f"{_describe_selector(eff_of)} "
                          "effects from triggering when they hit.", ["7.5.5c", "6.6.5f"])
                self.failed.append(f"{src.handle}.trigger")
                return True
        return False

    def add_triggered_layer(self, src, ab, info: dict):
        data = ab.data if hasattr(ab, "data") else {}
        name = data.get("name") or f"{src.name if src else 'effect'} trigger"
        layer = Layer(self.s.next_id(), "triggered", src.handle if src else None,
                      src.controller if src else self.s.turn_player, name, data.get("effects", []))
        layer.trigger_source = src.handle if src else None
        layer.params["event"] = dict(info)
        if data.get("state_trigger"):
            layer.state_condition = data.get("if")
        target = data.get("target")
        if target:
            layer.targets = [self._resolve_target_word(target, layer.controller, info)]
        self.s.stack.append(layer)
        handle = src.handle if src else "effect"
        self.triggered.append(handle)
        cites = ["6.6.5", "6.6.6"]
        cond = data.get("if") or {}
        why = ""
        if "damage_at_least" in cond:
            why = f" (it dealt {info.get('amount', 0)} damage, at least {cond['damage_at_least']}: a damage event, " \
                  "not the hit)"
            cites += ["8.4.2", "8.4.2a"]
        self.step(f"{name} triggers{why}: a triggered-layer is added to the stack under "
                  f"{self.player_name(layer.controller)}'s control.", cites)
        return layer

    def _resolve_target_word(self, word: str, controller: str, info: dict) -> str:
        if word == "opponent":
            return self.opponents(controller)[0]
        if word == "you":
            return controller
        if word == "defending-hero":
            link = self.s.active_link
            return link.targets[0] if link else self.opponents(controller)[0]
        return word

    # =====================================================================================================
    # effects generated by resolving abilities (6.1, 6.2, 6.4)
    # =====================================================================================================
    def generate(self, effects: list[dict], src: Card | None, controller: str, layer: Layer | None = None):
        event = dict(layer.params.get("event", {})) if layer is not None else {}
        for eff in effects:
            cond = eff.get("if")
            if cond:
                # a conditional effect: its condition is checked as it would be generated (8.4.3a)
                label = ["8.4.3", "8.4.3a"] if "defended_from_hand" in cond else []
                who = src.name if src else "The effect"
                if not self.condition(cond, src, event):
                    unmet = "; ".join(self.unmet_clauses(cond, src, event))
                    self.step(f"{who}: the condition of \"{_describe_effect_data(eff)}\" is not met ({unmet}), so that "
                              "effect is not generated.", ["1.8.4"] + label)
                    continue
                self.step(f"{who}: the condition of \"{_describe_effect_data(eff)}\" is met as it resolves.",
                          ["1.8.4"] + label)
            self.generate_one(eff, src, controller, layer)

    def _target_cards(self, spec, src, layer, controller):
        if spec in (None, "self"):
            return [src] if src is not None else []
        if spec == "target":
            return [self.card(t) for t in (layer.targets if layer else []) if t in self.s.cards]
        if spec == "attack":
            link = self.s.active_link
            return [self.card(link.attack)] if link else []
        if isinstance(spec, str) and spec in self.s.cards:
            return [self.card(spec)]
        return []

    def generate_one(self, eff: dict, src: Card | None, controller: str, layer: Layer | None):
        do = eff.get("do")
        name = src.name if src else "the effect"
        dur = eff.get("duration", "turn")
        to = eff.get("to", "self")
        if do in ("modify", "gain-keyword", "cost", "suppress-triggers", "additional-activations", "set-limit",
                  "prevent", "set-base-defense"):
            if do == "set-base-defense":
                for c in self._target_cards(to, src, layer, controller):
                    c.base_defense_set = eff.get("value", 0)
                    self.step(f"{c.name}'s base defense is set to {eff.get('value', 0)} (an effect that says it changes the base value).", ["2.0.3a"])
                return
            next_play = bool(eff.get("next"))
            bound = None
            selector = None
            if eff.get("next_defend"):
                selector = to if isinstance(to, dict) else {}
            elif isinstance(to, dict):
                selector = to
            else:
                bound = {c.handle for c in self._target_cards(to, src, layer, controller)}
            e = Effect(self.s.next_id(), self.s.tick(), src.handle if src else None, controller, do, dict(eff),
                       applies_to=bound, selector=selector, duration=dur, next_play=next_play)
            if do == "prevent":
                e.remaining = eff.get("amount", "all")
                e.data["shielded"] = self._resolve_target_word(eff.get("to", "you"), controller, {})
            self.s.effects.append(e)
            self.step(self._describe_effect(e, name), self._effect_cites(e))
            return
        if do == "damage":
            target = layer.targets[0] if layer and layer.targets else self._resolve_target_word(
                eff.get("to", "opponent"), controller, {})
            self.deal_damage(target, eff.get("amount", 0), src, kind=eff.get("kind", "generic"))
            return
        if do == "gain-action-point":
            self.gain_action_points(controller, eff.get("amount", 1), f"{name}'s effect", ["1.13.2a"])
            return
        if do == "create-token":
            self.create_token(eff, controller)
            return
        if do in ("destroy", "banish", "discard"):
            for c in self._target_cards(eff.get("what", "target"), src, layer, controller):
                self.zone_effect(do, c)
            return
        if do == "close-combat-chain":
            if self.s.chain_open:
                self.step(f"{name}'s effect closes the combat chain.", ["7.7.2d"])
                self.close_combat_chain(f"{name}'s effect closed it", ["7.7.2d"])
            else:
                self.step(f"{name}'s effect would close the combat chain, but it is not open.", ["7.7.2d"])
            return
        if do == "restrict":
            who = eff.get("who", "opponent")
            if who == "defending-hero":
                link = self.s.active_link
                player = link.targets[0] if link else (layer.attack_targets[0] if layer and layer.attack_targets
                                                       else self.opponents(controller)[0])
                self.step(f"The effect refers to the defending hero, {self.player_name(player)}, and keeps referring to "
                          "that hero until the combat chain closes.", ["7.2.4b"])
            else:
                player = self._resolve_target_word(who, controller, {})
            e = Effect(self.s.next_id(), self.s.tick(), src.handle if src else None, controller, "restrict",
                       dict(eff, player=player), duration=eff.get("duration", "chain"))
            self.s.effects.append(e)
            kinds = " and ".join(eff.get("types", []))
            self.step(f"{name} creates a restriction: {self.player_name(player)} can't play or activate {kinds}.",
                      ["1.0.2", "6.2.2"])
            return
        if do == "replace-attack":
            link = self.s.active_link
            new = self.s.cards.get(layer.params.get("chosen")) if layer else None
            if link is None or new is None:
                self.step("There is no attacking card to replace: the effect fails.", ["1.8.9"])
                return
            self.move(new, "combat-chain", controller=controller)
            old = link.attack
            link.attack = new.handle
            self.power_seen[new.handle] = self.power(new)
            self.step(f"{new.name} is put onto the active chain link as the attacking card: the previous active-attack is "
                      "cleared and it is a new attack, but the attack-targets stay the same.", ["7.0.4a"])
            self.facts.setdefault("replaced_attack", {})[old] = new.handle
            return
        if do == "put-on-deck-bottom":
            for c in self._target_cards(eff.get("what", "target"), src, layer, controller):
                self.move(c, "deck")
                self.step(f"{c.name} is put on the bottom of its owner's deck.", ["8.5.15"])
            return
        if do == "lose-abilities":
            for c in self._target_cards(eff.get("what", "target"), src, layer, controller):
                lost_meta = [ab for ab in c.abilities if ab.kind == "meta"]
                c.abilities = []
                self.step(f"{c.name} loses all its abilities.", ["6.2.2"])
                if lost_meta:
                    self.step(f"{c.name}'s meta-static ability ceases to exist during the game: it does not affect the "
                              "legality of what was done outside the game under it, so the card-pool stays legal.",
                              ["5.4.3a", "1.7.4d"])
            return
        if do == "defend-with":
            for c in self._target_cards(eff.get("what", "self"), src, layer, controller):
                self.add_defending([c.handle], self._defending_target(controller), "effect")
            return
        if do == "search":
            self.search(eff, src, controller, layer)
            return
        if do == "draw":
            self.draw(self._player_word(eff.get("who", "you"), controller, layer), eff.get("amount", 1))
            return
        if do in ("gain-life", "lose-life"):
            who = self._player_word(eff.get("who", "you"), controller, layer)
            p = self.s.players[who]
            n = eff.get("amount", 1)
            before = p.life
            p.life = before + n if do == "gain-life" else max(0, before - n)
            if do == "lose-life":
                p.life_lost_this_turn += before - p.life
            self.step(f"{self.player_name(who)} {'gains' if do == 'gain-life' else 'loses'} {n} life (life {before} → "
                      f"{p.life})" + ("; losing life is not damage." if do == "lose-life" else "."),
                      ["8.5.7", "8.5.7a"] if do == "gain-life" else ["8.5.12", "8.5.12a", "8.5.12b"])
            return
        if do == "put-counter":
            stat, n = eff.get("stat", "defense"), eff.get("amount", 1)
            for c in self._target_cards(eff.get("what", "self"), src, layer, controller):
                c.counters.append((self.s.tick(), stat, n))
                self.step(f"A {n:+d} {stat} counter is put on {c.name} (now {self.numeric(c, stat)} {stat}).",
                          ["8.5.14", "2.0.3d"])
            return
        if do == "intimidate":
            who = self._player_word(eff.get("who", "defending-hero"), controller, layer)
            self.intimidate(who, eff, layer)
            return
        if do == "negate":
            for t in (layer.targets if layer else []):
                victim = next((l for l in self.s.stack if l.source == t and l is not layer), None)
                if victim is None:
                    self.step(f"There is no layer of {self._name_of(t)} on the stack to negate.", ["8.5.26"])
                    continue
                self.s.stack.remove(victim)
                self.failed.append(victim.name)
                self.facts["resolved"][self._layer_fact_name(victim)] = False
                vsrc = self.s.cards.get(victim.source)
                if victim.kind == "card" and vsrc is not None and vsrc.zone == "stack":
                    self.move(vsrc, "graveyard")
                self.step(f"{victim.name} is negated: it is cleared from the stack and does not resolve.",
                          ["8.5.26"] + (["3.0.12"] if victim.kind == "card" else []))
            return
        if do == "turn-face-up":
            for c in self._target_cards(eff.get("what", "self"), src, layer, controller):
                c.face_down = False
                self.step(f"{c.name} is turned face up.", ["8.5.24"])
            return
        raise InvalidScenario([Reason("unknown-effect", f"unknown effect primitive do = {do!r}")])

    def _describe_effect(self, e: Effect, name: str) -> str:
        d = e.data
        who = "the next matching card played" if e.next_play else (
            ", ".join(self.card(h).name for h in sorted(e.applies_to)) if e.applies_to else _describe_selector(e.selector))
        if e.kind == "modify":
            by = d.get("by", 0)
            return f"{name} creates an effect: {who} {'gets' if by >= 0 else 'gets'} {by:+d} {d.get('stat')}."
        if e.kind == "gain-keyword":
            return f"{name} creates an effect: {who} gains {d['keyword']}."
        if e.kind == "cost":
            return f"{name} creates an effect: {who} costs {d.get('by', 0):+d} to play."
        if e.kind == "prevent":
            amount = "all" if d.get("amount", "all") == "all" else d["amount"]
            kind = f"{d['damage_type']} " if d.get("damage_type") else ""
            if d.get("shield"):
                return f"{name} creates a prevention effect: prevent the next {amount} {kind}damage that would be " \
                       f"dealt to {self.player_name(e.data['shielded'])} this turn."
            return f"{name} creates a prevention effect: the next time {self.player_name(e.data['shielded'])} would " \
                   f"be dealt {kind}damage this turn, prevent {amount} of it."
        if e.kind == "suppress-triggers":
            return f"{name} creates an effect: effects of {_describe_selector(d.get('of'))} do not trigger when " \
                   "they hit."
        if e.kind == "additional-activations":
            return f"{name} creates an effect: {who} may be activated {d.get('count', 1)} additional time(s) this turn" \
                   + (" (each ability)" if d.get("spread", "each") == "each" else " (in total across its abilities)") + "."
        if e.kind == "set-limit":
            return f"{name} creates an effect: {who} may be activated {d.get('total')} times in total this turn."
        return f"{name} creates an effect ({e.kind})."

    def _effect_cites(self, e: Effect) -> list[str]:
        if e.kind == "prevent":
            return ["6.4.10"]
        if e.kind == "additional-activations":
            return ["5.2.3"]
        if e.kind == "set-limit":
            return ["5.2.3e"]
        return ["6.2.2"]

    # static abilities of permanents that replace damage to their controller: arcane barrier (8.3.8),
    # spellvoid (8.3.15), ward (8.3.20). The controller uses each when able unless the card says decline = true.
    PREVENTION_KEYWORDS = (("arcane barrier", "8.3.8", "arcane", "pay"), ("spellvoid", "8.3.15", "arcane", "destroy"),
                           ("ward", "8.3.20", None, "destroy"))

    def _keyword_prevention(self, target: str, amount: int, kind: str) -> int:
        for c in list(self.s.cards.values()):
            if c.controller != target or c.zone not in ARENA_ZONES or c.private or amount <= 0:
                continue
            if c.zone == "combat-chain" and not c.is_permanent_card:
                continue   # 1.7.4a: abilities of a non-permanent defending card are non-functional
            kws = self.keywords(c)
            for kw, rule, only, how in self.PREVENTION_KEYWORDS:
                n = kws.get(kw)
                if not n or amount <= 0 or (only and kind != only) or c.zone == "graveyard":
                    continue
                n = 1 if n is True else int(n)
                label = f"{kw.title()} {n}"
                if c.decline:
                    self.step(f"{self.player_name(target)} chooses not to use {c.name}'s {label}.", [rule])
                    continue
                if how == "pay":
                    if not self._pay_optional(target, n):
                        self.step(f"{c.name}'s {label} could prevent {n}, but {self.player_name(target)} cannot pay "
                                  f"{n} resource{'s' if n != 1 else ''}.", [rule])
                        continue
                    self.step(f"{self.player_name(target)} pays {n} resource{'s' if n != 1 else ''} for {c.name}'s "
                              f"{label}.", [rule, "1.14.2"])
                prevent = min(n, amount)
                amount -= prevent
                self.step(f"{c.name}'s {label} replaces the damage event: {prevent} of the {kind} damage to "
                          f"{self.player_name(target)} is prevented ({amount} remains).", [rule, "6.4.10", "6.4.10a"])
                if how == "destroy":
                    self.zone_effect("destroy", c)
        return amount

    def _pay_optional(self, player: str, n: int) -> bool:
        """Pay n resources for an optional cost: floating resources first, then pitch cards from hand in order."""
        p = self.s.players[player]
        hand = [c for c in self.s.cards.values() if c.zone == "hand" and c.owner == player and c.pitch]
        if p.resources + sum(c.pitch for c in hand) < n:
            return False
        pitched = []
        for c in hand:
            if p.resources >= n:
                break
            self.move(c, "pitch")
            p.resources += c.pitch
            pitched.append(f"{c.name} ({c.pitch})")
        if pitched:
            self.step(f"{self.player_name(player)} pitches {', '.join(pitched)} for resources.", ["1.14.3"])
        p.resources -= n
        return True

    def _player_word(self, word: str, controller: str, layer) -> str:
        """A player named by an effect: you, opponent, target, defending-hero, attacking-hero or a player name."""
        if word == "target" and layer is not None:
            return next((t for t in layer.targets if t in self.s.players), self.opponents(controller)[0])
        if word == "attacking-hero":
            link = self.s.active_link
            return link.controller if link else controller
        return self._resolve_target_word(word, controller, {})

    def draw(self, player: str, n: int):
        """8.5.6: move the top card of the deck to the hand, n times; fails on an empty deck (8.5.6b)."""
        for _ in range(n):
            deck = [c for c in self.s.cards.values() if c.zone == "deck" and c.owner == player]
            if not deck:
                self.step(f"{self.player_name(player)} tries to draw a card, but their deck is empty: the draw fails.",
                          ["8.5.6b"])
                return
            top = deck[0]   # the first deck card listed in the scenario is the top of the deck
            self.move(top, "hand")
            top.face_down = False
            self.step(f"{self.player_name(player)} draws a card ({top.name}).", ["8.5.6"])

    def intimidate(self, who: str, eff: dict, layer):
        """8.5.10: the player banishes a card from their hand face-down until the beginning of the end phase."""
        hand = [c for c in self.s.cards.values() if c.zone == "hand" and c.owner == who]
        chosen = eff.get("card") or (layer.params.get("chosen") if layer else None)
        card = self.s.cards.get(chosen) if chosen else None
        if card is not None and card not in hand:
            card = None
        note = ""
        if card is None and hand:
            card = hand[0]
            note = " (the scenario names no card: the first card in hand)" if len(hand) > 1 else ""
        self.facts.setdefault("intimidated", []).append(who)
        if card is None:
            self.step(f"{self.player_name(who)} is intimidated but has no card in hand to banish; they are still "
                      "considered intimidated.", ["8.5.10", "8.5.10a"])
            return
        self.move(card, "banished")
        card.face_down = True
        self.step(f"{self.player_name(who)} is intimidated: {card.name}{note} is banished face-down from their hand "
                  "until the beginning of the end phase, so it cannot be used to defend this turn.", ["8.5.10"])

    def gain_action_points(self, player: str, n: int, why: str, cites):
        if player != self.s.turn_player:
            self.step(f"{self.player_name(player)} would gain an action point from {why}, but it is not their "
                      "action phase: they gain none.", list(cites) + ["1.13.2b"])
            return
        self.s.players[player].action_points += n
        self.step(f"{self.player_name(player)} gains {n} action point{'s' if n != 1 else ''} from {why} "
                  f"(now {self.s.players[player].action_points}).", cites)

    def create_token(self, eff: dict, controller: str):
        handle = eff.get("handle") or f"token{len(self.tokens) + 1}"
        c = Card(handle, eff.get("name", "token"), controller)
        c.types = set(eff.get("types", ["token"])) | {"token"}
        c.subtypes = set(eff.get("subtypes", []))
        c.token = True
        c.zone = "arena"
        c.timestamp = self.s.tick()
        self.s.cards[handle] = c
        self.tokens.append(c.name)
        self.step(f"A {c.name} token is created and enters the arena under {self.player_name(controller)}'s control.", ["8.5.2", "8.5.2c"])

    def zone_effect(self, do: str, c: Card):
        was_functional = any(self.functional(c, ab) for ab in c.abilities if ab.kind in ("static", "trigger"))
        was_functional = was_functional or (c.zone in ARENA_ZONES and not c.private)
        link = self.s.active_link
        was_attack = link is not None and link.attack == c.handle
        if do == "destroy":
            self.remember(c)
            self.move(c, "graveyard")
            if c.token:
                c.zone = "outside"
            self.step(f"{c.name} is destroyed.", ["8.5.4"] + (["3.0.12a"] if c.token else []))
            self.event("destroyed", card=c.handle, was_functional=was_functional)
        elif do == "banish":
            self.move(c, "banished")
            self.step(f"{c.name} is banished.", ["8.5.1"])
        elif do == "discard":
            self.move(c, "graveyard")
            self.step(f"{c.name} is discarded.", ["8.5.5"])
        if was_attack:
            self.step(f"The active-attack {c.name} has ceased to exist; the chain link remains and uses last known "
                      "information about it.", ["7.0.3c", "1.2.3"])
            link.lki = dict(self.s.lki.get(c.handle, {}))
            if link.power is None and self.s.step in ("attack", "defend", "reaction", "damage"):
                self.close_combat_chain(f"the active-attack {c.name} ceased to exist before damage was calculated",
                                        ["7.7.2c"])

    def search(self, eff: dict, src, controller: str, layer):
        spec = eff.get("for", {})
        deck = [c for c in self.s.cards.values() if c.zone == "deck" and c.owner == controller]
        found = next((c for c in deck if matches(c, spec, self, controller)), None)
        what = _describe_selector(spec)
        then = eff.get("then", "hand")
        if found is None:
            self.step(f"{self.player_name(controller)} searches their deck for {what}: none is found, the search fails.", ["8.5.19"])
            self.facts.setdefault("search", {})[layer.name if layer else "search"] = "failed"
            if then == "defend":
                self.step("The card cannot be added as a defending card: the effect fails and it stays in the deck.",
                          ["7.0.5b"])
            self.step(f"{self.player_name(controller)} shuffles their deck.", ["8.5.20"])
            return None
        self.step(f"{self.player_name(controller)} searches their deck and finds {found.name}.", ["8.5.19"])
        if then == "defend":
            self.add_defending([found.handle], self._defending_target(controller), "effect")
        elif then == "attack":
            self.step(f"{self.player_name(controller)} shuffles their deck.", ["8.5.20"])
            return found
        else:
            self.move(found, "hand")
        self.step(f"{self.player_name(controller)} shuffles their deck.", ["8.5.20"])
        return found

    def _defending_target(self, player: str) -> str:
        link = self.s.active_link
        if link and player in link.targets:
            return player
        return link.targets[0] if link else player

    # =====================================================================================================
    # damage and prevention (8.5.3, 6.4.10, 7.5)
    # =====================================================================================================
    def deal_damage(self, target: str, amount: int, src: Card | None, kind="generic", hit_event=False) -> int:
        """A damage event (8.5.3) to a hero, after prevention effects replace it (6.4.10). Returns damage dealt."""
        who = self.player_name(target)
        label = {"physical": "{p} damage", "arcane": "arcane damage"}.get(kind, "damage")
        for eff in list(self.s.effects):
            if eff.kind != "prevent" or eff.data.get("shielded") != target:
                continue
            want_type = eff.data.get("damage_type")
            source_name = self._src_name(eff)
            if want_type and want_type != kind:
                self.step(f"{source_name}'s prevention effect only prevents {want_type} damage, and this is {label}: it "
                          "does not apply.", ["6.4.10c"])
                continue
            if amount <= 0:
                continue
            cites = ["6.4.10", "6.4.10a"]
            if want_type:
                cites.append("6.4.10c")
            elif kind != "physical":
                cites.append("6.4.10c")   # no damage type named: it prevents any type, arcane included
            if eff.remaining == "all":
                cites.append("6.4.10b")
            prevent = amount if eff.remaining == "all" else min(amount, eff.remaining)
            amount -= prevent
            if eff.remaining != "all":
                eff.remaining -= prevent
            shielding = bool(eff.data.get("shield"))
            self.step(f"{source_name}'s prevention effect replaces the damage event: {prevent} of the {label} to {who} is "
                      f"prevented ({amount} remains).", cites)
            if not shielding:
                self.s.effects.remove(eff)
                left = "" if eff.remaining in ("all", 0) else f" its remaining {eff.remaining} is not used for later damage:"
                self.step(f"It was a one-off (fixed-prevention) effect:{left} it ends.", ["6.4.10i"])
            elif eff.remaining == 0:
                self.s.effects.remove(eff)
                self.step("The shielding-prevention effect has prevented all it can and ends.", ["6.4.10j"])
            else:
                self.step(f"The shielding-prevention effect keeps its remaining {eff.remaining} for later damage.",
                          ["6.4.10j"])
        if amount > 0:
            amount = self._keyword_prevention(target, amount, kind)
        if amount <= 0:
            return 0
        p = self.s.players[target]
        before = p.life
        p.life = max(0, p.life - amount)
        p.life_lost_this_turn += before - p.life
        if kind == "arcane" and src is not None:
            self.s.players[src.controller].dealt_arcane_this_turn += amount
        if not hit_event and src is not None:
            self.event("damage", card=src.handle, target=target, amount=amount)
        self.step(f"{src.name if src else 'The effect'} deals {amount} {label} to {who} (life {before} → "
                  f"{p.life}).", ["8.5.3"])
        if before - amount < 0:
            self.step(f"A life total cannot be negative: {self.player_name(target)}'s life total is {before} − {amount}, "
                      "which is considered 0.", ["2.5.3e"])
        return amount

    # =====================================================================================================
    # 5.1 playing a card
    # =====================================================================================================
    def play_card(self, player: str, c: Card, action: dict, key: str):
        snapshot = state_snapshot(self.s)
        trace_len = len(self.trace.steps)
        try:
            self._play_card(player, c, action, key)
            self.facts["legal"][c.handle] = True
        except IllegalAction as exc:
            self.s = snapshot
            del self.trace.steps[trace_len:]
            self.step(f"{self.player_name(player)} cannot play {c.name}: {exc.message}. The play is illegal and the "
                      "game state is reversed to before the card was announced.", exc.cites + ["1.10.3"])
            self.facts["legal"][c.handle] = False
            self.facts.setdefault("illegal_because", {})[c.handle] = exc.cites[0] if exc.cites else ""

    def _timing(self, player: str, c: Card, as_instant: bool) -> tuple[str, list[str]]:
        """What the card's type needs: ('now'|'reaction'|'attack-timing'|'main', cites)."""
        if "instant" in c.types or as_instant:
            return "now", ["8.1.6a"]
        if "defense reaction" in c.types:
            return "reaction", ["8.1.3a", "7.4.2b"]
        if "attack reaction" in c.types:
            return "reaction", ["8.1.2a", "7.4.2a"]
        return "main", ["7.0.1a"]

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
        for _ in range(60):
            s = self.s
            if wanted and s.step != wanted:
                self.all_pass()
                continue
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
        s = self.s
        origin = c.zone
        # 5.1.1a / 5.1.2b: from hand or arsenal unless an effect allows it
        allowed = origin in ("hand", "arsenal")
        if not allowed:
            permission = [ab for ab in c.abilities if ab.kind == "play-from" and ab.get("zone") == origin]
            if not permission:
                raise IllegalAction(f"it is in the {origin} zone and no rule or effect allows it to be played from there",
                                    ["5.1.1a", "5.1.2b"])
            if c.private:
                raise IllegalAction(f"it is private (face down) in the {origin} zone, so its play-static ability is "
                                    "not functional and nothing allows it to be announced", ["5.1.2b", "1.7.4e"])
        if c.owner != player:
            raise IllegalAction("only a card's owner can play it", ["5.1.1"])
        # --- 1. announce
        side = action.get("side")
        meld = bool(action.get("meld"))
        if c.sides:
            if meld:
                c.melded = True
                c.name = " || ".join(c.sides)
                for props in c.sides.values():
                    _apply_side(c, props, merge=True)
                self.step(f"{self.player_name(player)} announces {c.name}, declaring both sides (meld).",
                          ["5.1.2c", "8.3.38c"])
            elif side:
                _apply_side(c, c.sides[side], merge=False)
                c.name = side
                c.chosen_side = side
                self.step(f"{self.player_name(player)} announces the split-card on its {side} side: it has only that "
                          "side's name, types and abilities on the stack.", ["5.1.2c", "9.2.3"])
        s.stack.append(self._card_layer(c, player))
        c.__dict__["_origin"] = origin
        self.move(c, "stack", controller=player)
        self.step(f"Announce: {self.player_name(player)} proposes {c.name}; it moves from their {origin} to the stack "
                  "as the topmost layer.", ["5.1.1", "5.1.2"])
        self._bind_next_effects(c, player, at="announce")
        # --- 2. declare costs
        x = action.get("x")
        as_instant = bool(action.get("as_instant"))
        without_paying = bool(action.get("without_paying"))
        if c.x_cost:
            if without_paying:
                x = 0
                self.step("Declare costs: X is declared as 0 because the card is played without paying its cost.",
                          ["5.1.3", "5.1.3a"])
            elif x is None:
                raise InvalidScenario([self.scenario.reason("missing-x", f"{c.name} has a cost with X: the action "
                                                            "must declare x", key, "5.1.3a")])
            else:
                self.step(f"Declare costs: {self.player_name(player)} declares X = {x}.", ["5.1.3", "5.1.3a"])
            s.stack[-1].params["x"] = x
        if as_instant:
            if "action" not in c.types:
                raise IllegalAction("only a card with the type action is declared as played as an instant", ["5.1.3d"])
            self.step(f"Declare costs: {self.player_name(player)} declares that {c.name} is played as an instant.",
                      ["5.1.3d"])
        self._bind_next_effects(c, player, at="costs")
        # --- 3. modes and targets
        layer = s.stack[-1]
        targets = action.get("targets") or ([action["target"]] if "target" in action else [])
        if c.is_attack_action or (meld and "attack" in c.subtypes):
            if not targets:
                targets = [self.opponents(player)[0]]
            layer.attack_targets = [t for t in targets if t in s.players]
            layer.is_attack = True
            self.step(f"Declare modes and targets: {c.name} attacks {', '.join(self.player_name(t) for t in layer.attack_targets)}.",
                      ["5.1.4", "5.1.4b"])
            layer.targets = [t for t in targets if t not in s.players]
        else:
            layer.target_spec = c.target_spec
            layer.targets = self._declare_targets(c.name, c.target_spec, targets, player, layer, key)
        # --- 4. check legal play
        timing, cites = self._timing(player, c, as_instant)
        self._check_legal(player, c, timing, cites)
        self.step(f"Check legal play: nothing prevents {c.name} from being played.", ["5.1.5"])
        # --- 5. calculate asset-costs
        action_cost = 1 if ("action" in c.types and not as_instant) else 0
        resource_cost = 0 if without_paying else (c.cost or 0) + (x or 0)
        if action.get("alternative") is not None:
            resource_cost = int(action["alternative"])
        mods = self._cost_modifiers(c, player)
        start = resource_cost
        for ts, by, src in mods:
            resource_cost = max(0, resource_cost + by)
        text = f"Calculate asset-costs: action point cost {action_cost}" + \
               (" (an action card not played as an instant)" if action_cost else "") + \
               f"; resource cost starts at {start}"
        if mods:
            text += ", " + ", ".join(f"{by:+d} from {self.card(src).name if src in s.cards else 'an effect'}"
                                     for _, by, src in mods) + f" → {resource_cost}"
        self.step(text + ".", ["5.1.6", "5.1.6a", "5.1.6b", "5.1.6c"])
        # --- 6. pay asset-costs
        self._pay(player, c, resource_cost, action_cost, action.get("pitch", []), key)
        self.costs_paid[c.handle] = {"resources": resource_cost, "action_points": action_cost}
        # --- 7./8. effect-costs
        if action.get("additional"):
            self.step(f"Calculate and pay effect-costs: {action['additional']}.", ["5.1.8", "5.1.9"])
        else:
            self.step("Calculate and pay effect-costs: there are none.", ["5.1.8", "5.1.9"])
        # --- 9. play
        s.players[player].played_this_turn.append(c.handle)
        self.facts.setdefault("played_as", {})[c.handle] = {"name": c.name, "types": sorted(c.types),
                                                            "subtypes": sorted(c.subtypes)}
        self.power_seen[c.handle] = self.power(c) if c.power is not None or self._has_property(c, "power") else None
        self.step(f"Play: {c.name} is played and {self.player_name(player)} regains priority.", ["5.1.10", "1.11.5"])
        s.priority = player
        if layer.is_attack:
            self.attack_added("card")

    def _declare_targets(self, name: str, spec, targets: list, player: str, layer, key: str) -> list:
        """5.1.4a: declare the targets of the resolution abilities; each must be legal when declared."""
        if spec is not None and not targets:
            options = self.target_candidates(spec, player, layer)
            if len(options) == 1:
                targets = options
                self.step(f"Declare modes and targets: {name} needs a target ({self.describe_target_spec(spec)}) and "
                          f"{self._name_of(options[0])} is the only legal one.", ["5.1.4", "5.1.4a"])
            else:
                raise InvalidScenario([self.scenario.reason(
                    "missing-target", f"{name} targets {self.describe_target_spec(spec)}: the action must declare target "
                    f"(legal now: {', '.join(options) or 'none'})", key, "5.1.4a")])
        elif targets:
            self.step(f"Declare modes and targets: {name} targets {', '.join(self._name_of(t) for t in targets)}.",
                      ["5.1.4", "5.1.4a"])
        for t in targets:
            if not self.legal_target(t, spec, player, layer):
                raise IllegalAction(f"{self._name_of(t)} is not a legal target ({self.describe_target_spec(spec)})",
                                    ["5.1.4a", "1.8.5"])
            if t in self.s.cards and self.is_attack(self.card(t)):
                where = "the stack" if self.card(t).zone == "stack" else "the combat chain"
                self.step(f"{self.card(t).name} is on {where} as an attack: an attack is an object on the stack or the "
                          "combat chain, so it can be the target of an effect that targets an attack.", ["1.4.1"])
        return list(targets)

    def is_attack(self, c: Card) -> bool:
        """1.4.1: an attack-card, attack-layer or attack-proxy on the stack or the combat chain."""
        if c.zone == "stack":
            return any(l.is_attack and l.source == c.handle for l in self.s.stack)
        if c.zone == "combat-chain":
            return any(link.attack == c.handle for link in self.s.chain)
        return False

    def legal_target(self, t: str, spec, controller: str, layer=None) -> bool:
        """Is ``t`` (a player or a card handle) a legal target for ``spec`` now (1.8.5)?"""
        s = self.s
        if t in s.players:
            if s.players[t].lost:
                return False
            return spec in (None, "any", "hero", "player") or (spec == "opponent" and t != controller) or \
                (spec == "you" and t == controller)
        c = s.cards.get(t)
        if c is None or c.zone not in ARENA_ZONES + ("stack",) or c.private:
            return False   # only public objects in the arena, on the stack or combat chain can be targeted
        if layer is not None and layer.source == t and layer.kind == "card":
            return False   # a card on the stack cannot target itself
        if spec in (None, "any"):
            return True
        if spec == "attack":
            return self.is_attack(c)
        if isinstance(spec, dict):
            spec = dict(spec)
            if "is_attack" in spec and self.is_attack(c) != spec.pop("is_attack"):
                return False
            return matches(c, spec, self, controller)
        return False

    def target_candidates(self, spec, controller: str, layer=None) -> list[str]:
        pool = [p for p in self.s.seating] + [h for h in self.s.cards]
        return [t for t in pool if self.legal_target(t, spec, controller, layer)]

    @staticmethod
    def describe_target_spec(spec) -> str:
        if spec in (None, "any"):
            return "any target"
        if isinstance(spec, str):
            return {"attack": "target attack", "hero": "target hero", "opponent": "target opponent"}.get(spec, spec)
        text = "target " + ("attack" if spec.get("is_attack") else _describe_selector(
            {k: v for k, v in spec.items() if k != "is_attack"}, plural=False))
        return text

    def _has_property(self, c: Card, stat: str) -> bool:
        return any(ab.kind == "property" and stat in ab.get("defines", []) for ab in c.abilities)

    def _name_of(self, t: str) -> str:
        if t in self.s.players:
            return self.player_name(t)
        return self.card(t).name if t in self.s.cards else t

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
        """5.1.2a: effects that apply to the next card played start to apply when the card matches."""
        for eff in self.s.effects:
            if not eff.next_play:
                continue
            # the description is read from the effect's controller's side: "you" by default, or "an opponent"
            sel = dict(eff.selector or {})
            sel.setdefault("controller", "you")
            undetermined = "min_cost" in sel and c.x_cost
            if at == "announce" and undetermined:
                continue
            if at == "costs" and not undetermined:
                continue
            if undetermined:
                x = self.s.stack[-1].params.get("x", 0)
                cost = (c.cost or 0) + x
                if cost < sel["min_cost"]:
                    self.step(f"The effect of {self._src_name(eff)} waits for a card with cost {sel['min_cost']} or "
                              f"greater: with X = {x}, {c.name} costs {cost} and the effect does not apply.", ["5.1.2a"])
                    continue
                sel.pop("min_cost")
            if not matches(c, sel, self, eff.controller):
                continue
            eff.next_play = False
            eff.applies_to = {c.handle}
            eff.selector = None
            when = "as X is declared" if undetermined else "as it is announced"
            self.step(f"The effect of {self._src_name(eff)} applies to the next matching card played: {c.name} "
                      f"{_effect_phrase(eff)} {when}.", ["5.1.2a"])

    def _src_name(self, eff: Effect) -> str:
        return self.card(eff.source).name if eff.source in self.s.cards else "an effect"

    def _cost_modifiers(self, c: Card, player: str):
        """5.1.6a: set, then increases, then reductions, each in timestamp order."""
        mods = []
        for eff in self.s.effects:
            if eff.kind == "cost" and not eff.pending and \
                    self._applies(eff.selector, c, eff.controller, self.s.cards.get(eff.source), eff.applies_to):
                mods.append((eff.timestamp, eff.data.get("by", 0), eff.source))
        for src, ab in self._functional_statics():
            e = ab.get("effect", {})
            if e.get("do") == "cost" and self._applies(e.get("to", "self"), c, src.controller, src):
                mods.append((src.timestamp, e.get("by", 0), src.handle))
        increases = sorted(m for m in mods if m[1] > 0)
        reductions = sorted(m for m in mods if m[1] <= 0)
        return increases + reductions

    def _check_legal(self, player: str, c: Card, timing: str, cites: list[str], is_card: bool = True):
        s = self.s
        for eff in s.effects:
            if eff.kind == "restrict" and eff.data.get("player") == player and c.types & set(eff.data.get("types", [])):
                raise IllegalAction(f"an effect of {self._src_name(eff)} says {self.player_name(player)} can't play or "
                                    f"activate {' and '.join(eff.data.get('types', []))} (a restriction)",
                                    ["1.0.2"] + (["7.2.4b"] if eff.data.get("who") == "defending-hero" else []))
        if timing == "now":
            if s.step == "close":
                raise IllegalAction("players do not get priority during the Close Step", ["7.7.1"])
            return
        if timing == "reaction":
            if s.step != "reaction":
                raise IllegalAction(f"a reaction can only be played during the Reaction Step, and it is the "
                                    f"{STEP_NAMES[s.step]}", cites)
            link = s.active_link
            if "defense reaction" in c.types:
                if player not in link.targets:
                    raise IllegalAction("only a player who controls an attack-target hero may play defense reactions",
                                        ["7.4.2b", "8.1.3a"])
                reason = self.cannot_defend(c, link, from_hand=c.__dict__.get("_origin", c.zone) == "hand") \
                    if is_card else None
                if reason:
                    raise IllegalAction(reason[0] + ", so this defense reaction cannot be played", ["7.4.2c"] + reason[1])
            else:
                if player != link.controller:
                    raise IllegalAction("only the player who controls the attack may play attack reactions",
                                        ["7.4.2a", "8.1.2a"])
            return
        # an action card (not as an instant): the turn player's action phase, empty stack, combat rules
        if player != s.turn_player:
            raise IllegalAction("an action card can only be played by the turn player in their action phase, unless "
                                "played as an instant", ["4.3.3", "8.1.1a"])
        if any(layer.source != c.handle for layer in s.stack):
            raise IllegalAction("an action card cannot be played while the stack is not empty", ["8.1.1a"])
        if s.chain_open and s.step != "resolution":
            raise IllegalAction("while the combat chain is open, action cards can only be played as attacks during "
                                "the Resolution Step", ["7.0.1a"])
        if s.chain_open and not c.is_attack_action:
            raise IllegalAction("during combat only attacks may be played as actions in the Resolution Step",
                                ["7.0.1a", "7.6.3a"])

    def _pay(self, player: str, c: Card, resources: int, action_points: int, pitch: list, key: str):
        p = self.s.players[player]
        paid_from = []
        for h in pitch:
            if p.resources >= resources:
                break
            pc = self.s.cards.get(h)
            if pc is None or pc.zone != "hand" or pc.owner != player:
                raise IllegalAction(f"{h} is not a card in {player}'s hand to pitch", ["1.14.3"])
            if not pc.pitch:
                raise IllegalAction(f"{pc.name} has no pitch value and cannot be pitched", ["1.14.3a"])
            self.move(pc, "pitch")
            p.resources += pc.pitch
            paid_from.append(f"{pc.name} ({pc.pitch})")
        if paid_from:
            self.step(f"{self.player_name(player)} pitches {', '.join(paid_from)} for resources.", ["1.14.2d", "1.14.3"])
        if p.resources < resources:
            raise IllegalAction(f"the resource cost of {resources} is not paid in full ({p.resources} available)",
                                ["5.1.7a", "1.14.2b"])
        if p.action_points < action_points:
            raise IllegalAction(f"it costs {action_points} action point and {self.player_name(player)} has "
                                f"{p.action_points}", ["5.1.7a", "1.14.2f"])
        p.resources -= resources
        p.action_points -= action_points
        self.step(f"Pay asset-costs: {resources} resource{'s' if resources != 1 else ''} and {action_points} action "
                  f"point{'s' if action_points != 1 else ''} paid.", ["5.1.7", "1.14.2"])

    # =====================================================================================================
    # 5.2 activating an ability
    # =====================================================================================================
    def activate(self, player: str, c: Card, index: int, action: dict, key: str):
        snapshot = state_snapshot(self.s)
        trace_len = len(self.trace.steps)
        name = f"{c.handle}.{index}"
        try:
            self._activate(player, c, index, action, key)
            self.facts["legal"][name] = True
        except IllegalAction as exc:
            self.s = snapshot
            del self.trace.steps[trace_len:]
            self.step(f"{self.player_name(player)} cannot activate {c.name}'s ability: {exc.message}. The activation is "
                      "illegal and the game state is reversed.", exc.cites + ["1.10.3"])
            self.facts["legal"][name] = False
            self.facts.setdefault("illegal_because", {})[name] = exc.cites[0] if exc.cites else ""

    def _activate(self, player: str, c: Card, index: int, action: dict, key: str):
        s = self.s
        ab = c.abilities[index - 1]
        # 5.2.2: functional, and the player controls the source (or owns it when it has no controller)
        in_place = ab.get("functional_in")
        if in_place:
            if c.zone != in_place:
                raise IllegalAction(f"the ability is only functional while {c.name} is in the {in_place}", ["5.2.4"])
            if c.owner != player:
                raise IllegalAction("only the owner may activate an ability of a source with no controller", ["5.2.4a"])
            self.step(f"{c.name}'s ability is functional in the {in_place}; {c.name} has no controller there, so its "
                      f"owner {self.player_name(player)} may activate it.", ["5.2.4", "5.2.4a", "1.7.4b"])
        else:
            if c.zone not in ARENA_ZONES or c.private:
                raise IllegalAction(f"{c.name} is not public in the arena, so its ability is not functional", ["1.7.4"])
            if c.controller != player:
                raise IllegalAction(f"{self.player_name(player)} does not control {c.name}", ["5.2.2"])
        # LIMIT and additional activations (5.2.1a, 5.2.3)
        limit = ab.get("limit")
        used = c.activations.get(index, 0)
        allowance_cites = ["5.2.1a"]
        if limit is not None:
            total, extra_cites = self._activation_allowance(c, ab, index, limit)
            allowance_cites += extra_cites
            if used >= total:
                raise IllegalAction(f"its LIMIT allows {total} activation(s) this turn and it has been activated {used} "
                                    "time(s)", allowance_cites)
        layer_kind = "attack-proxy" if ab.get("attack") else "attack-layer" if ab.get("attack_layer") else "activated"
        layer = Layer(s.next_id(), layer_kind, c.handle, player, ab.get("name") or f"{c.name} ability",
                      ab.get("effects", []))
        layer.params["ability"] = index
        s.stack.append(layer)
        self.step(f"Announce: {self.player_name(player)} activates {c.name}'s {ab.get('type', 'instant')} ability; an "
                  f"{'attack-proxy' if ab.get('attack') else 'activated-layer'} is put on the stack.", ["5.2.2", "5.2.2a"])
        if ab.get("attack") or ab.get("attack_layer"):
            layer.is_attack = True
            layer.attack_targets = [action.get("target") or self.opponents(player)[0]]
            self.step(f"Declare targets: the attack targets {self.player_name(layer.attack_targets[0])}.",
                      ["5.2.2b", "1.4.5"])
        elif action.get("target"):
            layer.targets = [action["target"]]
            self.step(f"Declare targets: {self._name_of(action['target'])}.", ["5.2.2b", "5.1.4a"])
        timing = ab.get("type", "instant")
        layer.params["chosen"] = action.get("choose")
        tcites = {"instant": ["8.1.6a"], "action": ["7.0.1a"], "defense reaction": ["8.1.3a"],
                  "attack reaction": ["8.1.2a"]}.get(timing, ["5.2.1b"])
        fake = Card(c.handle, c.name, player)
        fake.types = {timing}
        if ab.get("attack") or ab.get("attack_layer"):
            fake.subtypes = {"attack"}   # an ability with attack is an attack (7.6.3a)
        tim, _ = self._timing(player, fake, False)
        self._check_legal(player, fake, tim, tcites, is_card=False)
        cost = ab.get("cost", 0)
        action_cost = 1 if timing == "action" else 0
        self._pay(player, c, cost, action_cost, action.get("pitch", []), key)
        effect_cost = ab.get("effect_cost")
        if effect_cost:
            verb = effect_cost.split()[0]
            self.step(f"Pay effect-costs: {effect_cost} ({c.name}).", ["5.1.9", "1.14.4"])
            self.zone_effect(verb, c)
        c.activations[index] = used + 1
        if limit is not None and used + 1 > limit:
            count = f"activation {used + 1}, beyond its LIMIT of {limit}, allowed by an effect"
        elif limit is not None:
            count = f"activation {used + 1} of the {limit} its LIMIT allows"
        else:
            count = f"activation {used + 1}; it has no LIMIT"
        self.step(f"{c.name}'s ability is activated ({count}) and the player regains priority.", ["5.2.2b", "5.1.10"] + (allowance_cites if limit is not None and used + 1 > limit else
                                         ["5.2.1a"] if limit is not None else []))
        s.priority = player
        if layer.is_attack:
            self.attack_added(layer_kind)

    def attack_added(self, kind: str):
        """An attack was added to the stack: the combat chain opens (7.0.2a) or a new Layer Step begins (7.6.3)."""
        s = self.s
        what = {"card": "An attack", "attack-proxy": "An attack-proxy", "attack-layer": "An attack-layer"}[kind]
        extra = {"card": [], "attack-proxy": ["8.3.1b"], "attack-layer": ["8.5.38c"]}[kind]
        if not s.chain_open:
            s.chain_open = True
            s.step = "layer"
            self.trace.phase = "Layer Step"
            self.step(f"{what} was added to the stack while the combat chain was closed: the combat chain opens and "
                      "the Layer Step begins.", ["7.0.2a", "7.1.1"] + extra)
        elif s.step == "resolution":
            s.step = "layer"
            self.trace.phase = "Layer Step"
            self.step(f"{what} was added to the stack during the Resolution Step: the Resolution Step ends and the "
                      "Layer Step begins.", ["7.6.3", "7.6.3a"] + extra)

    def _activation_allowance(self, c: Card, ab, index: int, limit: int) -> tuple[int, list[str]]:
        total = limit
        cites: list[str] = []
        used_all = sum(c.activations.values())
        for eff in self.s.effects:
            if not self._applies(eff.selector, c, eff.controller, self.s.cards.get(eff.source), eff.applies_to):
                continue
            if eff.data.get("attack_only") and not ab.get("attack"):
                continue
            if eff.kind == "set-limit":
                total = max(total if not cites else total, eff.data.get("total", limit))
                total = eff.data.get("total", limit)
                cites.append("5.2.3e")
        base_total = total
        for eff in self.s.effects:
            if eff.kind != "additional-activations":
                continue
            if not self._applies(eff.selector, c, eff.controller, self.s.cards.get(eff.source), eff.applies_to):
                continue
            if eff.data.get("attack_only") and not ab.get("attack"):
                continue
            count = eff.data.get("count", 1)
            if eff.data.get("spread", "each") == "each":
                total += count
                cites += ["5.2.3", "5.2.3a", "5.2.3d"]
            else:
                # 5.2.3b: a combined number of extra activations spread across the object's abilities
                extra_used = sum(max(0, n - base_total) for i, n in c.activations.items() if i != index)
                total += max(0, count - extra_used)
                cites += ["5.2.3", "5.2.3b"]
            if ab.get("attack"):
                cites.append("5.2.3c")
        return total, sorted(set(cites), key=cites.index)

    # =====================================================================================================
    # 5.3 resolving a layer
    # =====================================================================================================
    def resolve_layer(self, layer: Layer):
        s = self.s
        src = s.cards.get(layer.source)
        # 1. check resolution (5.3.2)
        fail = None
        if layer.targets and layer.kind in ("card", "activated", "triggered"):
            legal = [t for t in layer.targets if self.legal_target(t, layer.target_spec, layer.controller, layer)]
            if not legal:
                fail = ("none of its declared targets is still a legal target", ["5.3.2a"])
        if fail is None and layer.state_condition is not None:
            trig_src = s.cards.get(layer.trigger_source)
            if layer.params.get("phantasm"):
                met = s.active_link is not None and self._phantasm_met(s.active_link)
            else:
                met = self.condition(layer.state_condition, trig_src, self._state_event(layer))
            if not met:
                fail = ("its state-trigger condition is no longer met by the current game state", ["5.3.2b"])
        if fail is None and src is not None and layer.kind == "card" and "defense reaction" in src.types:
            link = s.active_link
            from_hand = src.__dict__.get("_origin") == "hand"
            reason = self.cannot_defend(src, link, from_hand=from_hand) if link else ("the combat chain is closed", [])
            if reason:
                fail = (f"it cannot become a defending card: {reason[0]}", ["5.3.2c", "7.4.2d"] + reason[1])
        if fail is not None:
            s.stack.remove(layer)
            self.failed.append(layer.name)
            self.facts["resolved"][self._layer_fact_name(layer)] = False
            if src is not None and layer.kind == "card":
                self.move(src, "graveyard")
            self.step(f"Check resolution: {layer.name} fails to resolve because {fail[0]}; it is cleared from the stack "
                      "and generates no effects.", ["5.3.2"] + fail[1])
            self.turn_player_gains_priority("5.3.2")
            return
        self.step(f"Check resolution: {layer.name} resolves.", ["5.3.2"])
        # 2. static effects (5.3.3) — static abilities of the layer become functional
        # 3. layer effects (5.3.4)
        if layer.kind == "triggered" and layer.params.get("phantasm"):
            self._resolve_phantasm(layer)
        elif layer.effects:
            self.step(f"Layer effects: {layer.name} generates its effects in order.", ["5.3.4"])
            self.generate(layer.effects, src, layer.controller, layer)
        # 4. go again (5.3.5), with last known information (5.3.5a)
        if src is not None and layer.kind == "card" and not layer.is_attack:
            kws = self.keywords(src) if src.zone == "stack" else self.s.lki.get(src.handle, {}).get("keywords", {})
            if "go again" in kws:
                self.gain_action_points(layer.controller, 1, f"{layer.name}'s go again",
                                        ["5.3.5"] + (["5.3.5a"] if src.zone != "stack" else []))
        # 5. leave stack (5.3.6), 6. clear (5.3.7)
        if layer in s.stack:
            s.stack.remove(layer)
        self.facts["resolved"][self._layer_fact_name(layer)] = True
        if src is not None and layer.kind == "card" and src.zone == "stack":
            if "defense reaction" in src.types:
                self.step(f"Leave stack: {src.name} becomes a defending card on the active chain link.",
                          ["5.3.6", "5.3.6b", "7.4.2d"])
                link = s.active_link
                self.add_defending([src.handle], layer.controller if layer.controller in link.targets else link.targets[0],
                                   "reaction", from_stack=True)
            elif src.is_permanent_card:
                self.move(src, "arena", controller=layer.controller)
                self.step(f"Leave stack: {src.name} becomes a permanent and moves to the arena.", ["5.3.6", "5.3.6a"])
            else:
                self.move(src, "graveyard")
                self.step(f"Clear: {src.name} is cleared from the stack to its owner's graveyard.", ["5.3.7", "3.0.12"])
        else:
            self.step(f"Clear: {layer.name} is cleared.", ["5.3.7", "3.0.12a"])
        self.turn_player_gains_priority("5.3.7")

    def _layer_fact_name(self, layer: Layer) -> str:
        if layer.kind == "triggered":
            return f"{layer.trigger_source or 'effect'}.trigger" if not layer.params.get("phantasm") else "phantasm"
        return layer.source if layer.kind == "card" else f"{layer.source}.{layer.params.get('ability', 1)}"

    def _state_event(self, layer: Layer) -> dict:
        return dict(layer.params.get("event", {}))

    # =====================================================================================================
    # 7 combat
    # =====================================================================================================
    def attack_step(self):
        s = self.s
        s.step = "attack"
        self.trace.phase = "Attack Step"
        layer = s.stack[-1]
        # 7.2.2: at least one attack-target still legal
        legal = [t for t in layer.attack_targets if t in s.players and not s.players[t].lost and s.players[t].life > 0]
        if not legal:
            gone = [t for t in layer.attack_targets if t not in legal]
            self.step(f"Attack Step: the attack's attack-target{'s' if len(gone) > 1 else ''} "
                      f"({', '.join(self.player_name(t) for t in gone)}) {'are' if len(gone) > 1 else 'is'} no longer "
                      "legal, so the Attack Step ends and the Close Step begins.", ["7.2.2", "7.7.2b"])
            self.facts["chain_closed_because"] = "no attack-target was still legal at the start of the Attack Step"
            self.close_step()
            return
        self.step(f"Attack Step: {', '.join(self.player_name(t) for t in legal)} is still a legal attack-target.", ["7.2.2"])
        src = s.cards.get(layer.source)
        # 7.2.3: resolution abilities, then the attack moves onto the combat chain as a chain link
        found = None
        if layer.kind == "attack-layer":
            # 7.2.3c / 8.5.38b: the attack-layer's effects name the card that becomes the active-attack
            self.step(f"{layer.name} generates the effects of its resolution abilities.", ["7.2.3"])
            for eff in layer.effects:
                if eff.get("do") == "search" and eff.get("then") == "attack":
                    found = self.search(eff, src, layer.controller, layer)
                else:
                    self.generate_one(eff, src, layer.controller, layer)
        elif layer.effects and layer.kind != "attack-proxy":
            self.step(f"{layer.name} generates the effects of its resolution abilities.", ["7.2.3"])
            self.generate(layer.effects, src, layer.controller, layer)
        if layer in s.stack:
            s.stack.remove(layer)
        n = len(s.chain) + 1
        if layer.kind == "attack-layer":
            if found is None:
                self.step("The active-attack of the attack-layer does not exist: the Attack Step ends and the Close Step "
                          "begins.", ["7.2.3d", "7.7.2c"])
                self.close_step()
                return
            link = ChainLink(n, found.handle, layer.controller, legal)
            self.move(found, "combat-chain", controller=layer.controller)
            self.step(f"{found.name} moves onto the combat chain as chain link {n} and is the active-attack; the "
                      "attack-layer's parameters and effects transfer to it and the attack-layer ceases to exist.",
                      ["7.2.3c", "8.5.38b"])
        elif layer.kind == "attack-proxy":
            link = ChainLink(n, src.handle, layer.controller, legal, source=src.handle, proxy=layer.name)
            for old in s.chain:
                if old.source == src.handle and old.proxy:
                    old.proxy = None
            self.move(src, "combat-chain", controller=layer.controller)
            self.step(f"The attack-proxy of {src.name} and {src.name} itself move onto the combat chain as chain link "
                      f"{n}; the attack-proxy is the active-attack.", ["7.2.3b", "8.3.1a"])
        else:
            if src is None or src.zone != "stack":
                self.step("The active-attack does not exist: the Attack Step ends and the Close Step begins.",
                          ["7.2.3d", "7.7.2c"])
                self.close_step()
                return
            link = ChainLink(n, src.handle, layer.controller, legal)
            self.move(src, "combat-chain", controller=layer.controller)
            self.facts["resolved"][src.handle] = True
            self.step(f"{src.name} resolves and moves onto the combat chain as chain link {n}; it is the active-attack.",
                      ["7.2.1", "7.2.3a", "7.0.3a", "7.0.3b"])
        s.chain.append(link)
        s.all_links.append(link)
        link.defending_hero = legal[0]
        # 7.2.4: attacking; the attack event
        self.step(f"{self.card(link.attack).name} is attacking; {self.player_name(link.controller)} is the attacking "
                  f"hero and {self.player_name(legal[0])} the defending hero.", ["7.2.4", "7.2.4a", "7.2.4b"])
        self.event("attack", attack=link.attack)
        self.step("The turn-player gains priority.", ["7.2.5"])
        self.turn_player_gains_priority("7.2.5")

    def defend_step(self):
        s = self.s
        s.step = "defend"
        self.trace.phase = "Defend Step"
        link = s.active_link
        # 7.3.2: declarations — the scenario's defend actions that come next
        declarations = []
        # declarations written after the action being prepared belong to a later Defend Step, not this one
        while not self.advancing and self.queue and "defend" in self.queue[0][1]:
            declarations.append(self.queue.pop(0))
        by_target: dict[str, list] = {}
        for idx, act in declarations:
            target = act.get("for") or (act["player"] if act["player"] in link.targets else link.targets[0])
            if target not in link.targets:
                raise InvalidScenario([self.scenario.reason("bad-defend-target", f"{target} is not an attack-target of "
                                                            "the active chain link", f"actions.{idx}.for", "7.3.2f")])
            by_target.setdefault(target, []).append((idx, act))
        if not declarations:
            self.step(f"Defend Step: {self.player_name(link.targets[0])} declares no defending cards.", ["7.3.2"])
        # 7.3.2f: attack-targets in clockwise order from the attack's controller
        order = [p for p in self.clockwise_from(link.controller) if p in by_target]
        for target in order:
            acts = by_target[target]
            # 7.3.2e: the target's controller first, then the others clockwise
            seat_order = self.clockwise_from(target)
            acts.sort(key=lambda ia: seat_order.index(ia[1]["player"]))
            handles, who = [], []
            for idx, act in acts:
                player = act["player"]
                cards = act["defend"] if isinstance(act["defend"], list) else [act["defend"]]
                for h in cards:
                    c = self.card(h)
                    reason = self._declare_check(player, c, target, link, handles)
                    if reason:
                        self.step(f"{c.name} cannot be declared as a defending card: {reason[0]}.", reason[1])
                        self.facts["legal"][h] = False
                        self.facts.setdefault("illegal_because", {})[h] = reason[1][0]
                        continue
                    self.facts["legal"][h] = True
                    handles.append(h)
                who.append(player)
                if player != target:
                    self.step(f"{self.player_name(player)} declares {', '.join(self.card(h).name for h in cards)} to defend "
                              f"{self.player_name(target)}, after {self.player_name(target)} (clockwise order).",
                              ["7.3.2e", "8.3.31"])
            if len(order) > 1:
                self.step(f"Defending cards are declared for {self.player_name(target)} (attack-targets in clockwise "
                          "order from the attack's controller).", ["7.3.2f"])
            if not handles:
                continue
            names = ", ".join(self.card(h).name for h in handles)
            self.step(f"Defend Step: {names} {'is' if len(handles) == 1 else 'are'} declared as defending "
                      f"card{'s' if len(handles) != 1 else ''} for {self.player_name(target)}, in that order; declaring is "
                      "not playing, so no cost is paid.", ["7.3.2", "7.3.2a", "7.3.2c"])
            self.add_defending(handles, target, "declared")
        self.step("The turn-player gains priority.", ["7.3.3"])
        self.turn_player_gains_priority("7.3.3")
        self._check_state_triggers()

    def _declare_check(self, player: str, c: Card, target: str, link: ChainLink, already: list):
        if "defense reaction" in c.types:
            return ("defense reaction cards are not declared in the Defend Step", ["7.3.2a"])
        if player != target and "protect" not in self.keywords(c):
            return (f"{player} does not control the attack-target and no rule or effect lets this card defend it",
                    ["7.3.2a"])
        if c.zone not in ("hand", "equipment") or c.owner != player:
            return (f"it is not in {player}'s hand or equipped", ["7.3.2a"])
        if self.base_value(c, "defense") is None:
            return ("it does not have the defense property", ["7.3.2b"])
        reason = self.cannot_defend(c, link, from_hand=c.zone == "hand", pending=already)
        if reason:
            return (reason[0], ["7.3.2b"] + reason[1])
        return None

    def cannot_defend(self, c: Card, link: ChainLink, from_hand: bool, pending=()):
        """Why ``c`` cannot become a defending card on ``link`` (dominate 8.3.4, overpower 8.3.22), or None."""
        if link is None:
            return ("there is no active chain link", ["7.0.5b"])
        if any(h == c.handle for h, _, _ in link.defenders):
            return ("it is already defending on that chain link", ["7.0.5b"])
        att = self.card(link.attack)
        kws = self.keywords(att) if att.zone == "combat-chain" else link.lki.get("keywords", {})
        current = [self.card(h) for h, _, _ in link.defenders] + [self.card(h) for h in pending]
        if "dominate" in kws and from_hand:
            from_hand_count = sum(1 for h, _, _ in link.defenders if self._defended_from_hand(h)) + \
                sum(1 for h in pending if self.card(h).zone == "hand")
            if from_hand_count >= 1:
                return ("the attack has dominate and is already defended by a card from hand", ["8.3.4a", "8.3.4b"])
        if "overpower" in kws and "action" in c.types:
            if any("action" in d.types for d in current):
                return ("the attack has overpower and is already defended by an action card", ["8.3.22a"])
        return None

    def _defended_from_hand(self, handle: str) -> bool:
        return self.card(handle).__dict__.get("_from_hand", False)

    def add_defending(self, handles: list[str], target: str, how: str, from_stack=False):
        """7.0.5a: cards become defending on the active chain link in one event (together if two or more)."""
        link = self.s.active_link
        s = self.s
        s.defend_events += 1
        added = []
        for h in handles:
            c = self.card(h)
            reason = self.cannot_defend(c, link, from_hand=(c.zone == "hand" or from_stack))
            if reason and how == "effect":
                self.step(f"{c.name} cannot be added as a defending card ({reason[0]}): the effect fails, no defend event "
                          "occurs and the card does not move.", ["7.0.5b"] + reason[1])
                continue
            c.__dict__["_from_hand"] = c.zone == "hand" or (from_stack and c.__dict__.get("_origin") == "hand")
            self.move(c, "combat-chain")
            link.defenders.append((h, target, s.defend_events))
            added.append(h)
        if not added:
            return
        together = len(added) >= 2
        for h in added:
            self.defended[h] = "together" if together else "alone"
            self._bind_next_defend(self.card(h))
        names = ", ".join(self.card(h).name for h in added)
        self.step(f"{names} {'defend together' if together else 'defends alone'} on chain link {link.n}; the defend "
                  "event occurs.", ["7.0.5a", "7.0.5e"] + (["7.3.2d"] if how == "declared" and together else []))
        attack = self.card(link.attack)
        self.step(f"{attack.name} now has {self.power(attack)} power.", ["7.0.5a"]) if any(
            ab.kind == "property" for ab in attack.abilities) else None
        self.event("defend", cards=list(added), attack=None, together=list(added))
        self.event("defended", attack=link.attack, cards=list(added))
        for h in added:
            self.event("defends", card=h, attack=link.attack, together=list(added))

    def _bind_next_defend(self, c: Card):
        """An effect on "the next card you defend with" applies to the first card that becomes defending."""
        for eff in self.s.effects:
            if not eff.data.get("next_defend") or eff.applies_to is not None or eff.controller != c.controller:
                continue
            if eff.data.get("_spent"):
                continue
            eff.data["_spent"] = True
            if matches(c, eff.selector or {}, self, eff.controller):
                eff.applies_to = {c.handle}
                eff.selector = None
                self.step(f"{c.name} is the next card {self.player_name(c.controller)} defends with: the effect of "
                          f"{self._src_name(eff)} applies to it ({_effect_phrase(eff)}).", ["7.3.2c", "7.3.2d"])
            else:
                eff.applies_to = set()
                self.step(f"{c.name} is the next card {self.player_name(c.controller)} defends with, but it does not "
                          f"match, so the effect of {self._src_name(eff)} does not apply to it.", ["7.3.2c", "7.3.2d"])

    def _check_state_triggers(self):
        """State-based triggers built into keywords: phantasm (8.3.13)."""
        link = self.s.active_link
        if link is None:
            return
        att = self.card(link.attack)
        if "phantasm" not in self.keywords(att) or link.__dict__.get("_phantasm"):
            return
        if self._phantasm_met(link):
            link.__dict__["_phantasm"] = True
            layer = Layer(self.s.next_id(), "triggered", att.handle, link.controller, f"phantasm of {att.name}")
            layer.params["phantasm"] = True
            layer.trigger_source = att.handle
            layer.state_condition = {"_phantasm": True}
            self.s.stack.append(layer)
            self.triggered.append("phantasm")
            self.step(f"{att.name} has phantasm and is defended by a non-Illusionist attack action card with 6 or more "
                      "power: the state-condition is met and a triggered-layer is put on the stack.", ["8.3.13a", "6.6.5c"])

    def _phantasm_met(self, link: ChainLink) -> bool:
        for h, _, _ in link.defenders:
            d = self.card(h)
            if d.is_attack_action and "illusionist" not in d.supertypes and (self.power(d) or 0) >= 6:
                return True
        return False

    def _resolve_phantasm(self, layer: Layer):
        link = self.s.active_link
        att = self.card(layer.source)
        self.step(f"The phantasm triggered-layer destroys {att.name}.", ["8.3.13a"])
        self.zone_effect("destroy", att)
        if link is not None and not link.resolved:
            self.close_combat_chain("the attack was destroyed by phantasm before its chain link resolved",
                                    ["8.3.13b", "7.7.2d"])

    def reaction_step(self):
        self.s.step = "reaction"
        self.trace.phase = "Reaction Step"
        self.step("Reaction Step: the turn-player gains priority.", ["7.4.2"])
        self.turn_player_gains_priority("7.4.2")

    def damage_step(self):
        s = self.s
        s.step = "damage"
        self.trace.phase = "Damage Step"
        link = s.active_link
        att = self.card(link.attack)
        if att.zone != "combat-chain":
            self.step(f"The active-attack {att.name} ceased to exist before damage was calculated: the Close Step "
                      "begins.", ["7.7.2c", "1.10.2e"])
            self.close_step()
            return
        power = self.power(att)
        link.power = power
        self.power_seen[att.handle] = power
        for c in [att] + [self.card(h) for h, _, _ in link.defenders]:
            why = self.explain_value(c, "power" if c is att else "defense")
            if why:
                self.step(*why)
        order = self.clockwise_order_of_targets(link)
        if len(order) > 1:
            self.step(f"The attack has {len(order)} attack-targets: damage is calculated and dealt separately for each, "
                      f"in an order its controller decides (here clockwise: {', '.join(self.player_name(t) for t in order)}).", ["7.5.2c"])
        for target in order:
            defenders = [self.card(h) for h, t, _ in link.defenders if t == target]
            values = [self.defense(d) or 0 for d in defenders]
            for d in defenders:
                self.defense_seen[d.handle] = self.defense(d) or 0
            total = sum(values)
            link.defense[target] = total
            detail = " + ".join(f"{v} ({d.name})" for v, d in zip(values, defenders)) or "no defending cards"
            if power > total:
                amount = power - total
                self.step(f"Damage is calculated: power {power} against total defense {total} ({detail}): "
                          f"{power} − {total} = {amount} damage to {self.player_name(target)}.", ["7.5.2"])
                dealt = self.deal_damage(target, amount, att, kind="physical", hit_event=True)
                link.damage[target] = dealt
                if dealt > 0:
                    link.hit = True
                    self.step(f"The attack dealt damage to the attack-target during the Damage Step: it hits (a hit-event).",
                              ["7.5.2a", "7.5.5", "7.5.5d"])
                    self.event("hit", attack=att.handle, target=target, hit_event=True, amount=dealt)
                    self.event("damage", attack=att.handle, target=target, hit_event=True, amount=dealt)
                else:
                    self.step("The hit-event was modified so that the active-attack dealt no damage: it is no longer a "
                              "hit-event and the attack is not considered to have hit.", ["7.5.5b"])
            else:
                link.damage[target] = 0
                self.step(f"Damage is calculated: power {power} against total defense {total} ({detail}): the power is not "
                          "greater, so no damage is dealt and the attack does not hit.", ["7.5.2"])
        self.step("The turn-player gains priority.", ["7.5.3"])
        self.turn_player_gains_priority("7.5.3")

    def clockwise_order_of_targets(self, link: ChainLink) -> list[str]:
        order = self.clockwise_from(link.controller)
        return [p for p in order if p in link.targets]   # 7.5.2c

    def resolution_step(self):
        s = self.s
        s.step = "resolution"
        self.trace.phase = "Resolution Step"
        link = s.active_link
        link.resolved = True
        att = self.card(link.attack)
        self.step(f"Resolution Step: chain link {link.n} becomes a resolved chain link.", ["7.6.2"])
        self.event("chain-link-resolves", attack=att.handle)
        if att.zone == "combat-chain" and link.proxy is None or (link.proxy and att.zone == "combat-chain"):
            kws = self.keywords(att)
            lki = False
        else:
            kws = link.lki.get("keywords") or s.lki.get(att.handle, {}).get("keywords", {})
            lki = True
        if "go again" in kws:
            self.gain_action_points(link.controller, 1, f"{att.name}'s go again" + (" (last known information)" if lki else ""),
                                    ["7.6.2", "8.3.5"] + (["7.6.2a", "1.2.3"] if lki else []))
        self.step("The turn-player gains priority.", ["7.6.3"])
        self.turn_player_gains_priority("7.6.3")

    # triggered-static keywords of defending cards: "When the combat chain closes, if this defended, …"
    CLOSE_KEYWORDS = (
        ("blade break", "8.3.3", [{"do": "destroy", "what": "self"}]),
        ("battleworn", "8.3.2", [{"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"}]),
        ("temper", "8.3.10", [{"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"},
                              {"do": "destroy", "what": "self", "if": {"max_defense": 0}}]),
    )

    def _chain_close_keywords(self):
        for link in self.s.chain:
            for h, _, _ in link.defenders:
                c = self.card(h)
                if c.zone != "combat-chain":
                    continue
                kws = self.keywords(c)
                for kw, rule, effects in self.CLOSE_KEYWORDS:
                    if kw in kws:
                        self.step(f"{c.name} has {kw} and defended this combat chain: its triggered-static ability "
                                  "triggers as the combat chain closes.", [rule, "7.7.3"])
                        self.add_triggered_layer(c, Ability(0, "trigger", {"name": f"{kw.capitalize()} of {c.name}",
                                                                           "effects": effects}, ""), {"card": h})

    def close_step(self):
        s = self.s
        if s.step == "close" or not s.chain_open:
            return
        self.facts["chain_closed_at"] = s.step
        s.step = "close"
        s.priority = None
        self.trace.phase = "Close Step"
        self.step("Close Step: the combat chain closes; players do not get priority.", ["7.7.1"])
        self.event("combat-chain-closes")
        self._chain_close_keywords()
        for layer in list(s.stack):
            src = s.cards.get(layer.source)
            if layer.is_attack or (src is not None and layer.kind == "card" and
                                   (src.types & {"attack reaction", "defense reaction"})):
                s.stack.remove(layer)
                if src is not None and src.zone == "stack":
                    self.move(src, "graveyard")
                self.step(f"{layer.name} is on the stack when the combat chain closes: it is put into its owner's "
                          "graveyard.", ["7.7.3"])
        while s.stack:
            top = s.stack[-1]
            self.step(f"Layers on the stack resolve as if all players passed: {top.name}.", ["7.7.4"])
            self.resolve_layer(top)
            s.step = "close"
            s.priority = None
        for link in s.chain:
            for h in [link.attack] + [d for d, _, _ in link.defenders]:
                c = s.cards[h]
                if c.zone != "combat-chain":
                    continue
                if c.types & {"equipment", "weapon"}:
                    self.move(c, "equipment")
                    self.step(f"{c.name} returns to its equipped zone.", ["7.7.5"])
                elif c.token or c.is_permanent_card and h == link.attack:
                    self.move(c, "arena")
                    self.step(f"{c.name} returns to the permanent zone.", ["7.7.5"])
                else:
                    self.move(c, "graveyard")
                    self.step(f"{c.name} is cleared from the combat chain to its owner's graveyard.", ["7.7.6", "3.0.12"])
        s.chain_open = False
        s.chain = []
        s.step = "action"
        self.trace.phase = "action phase"
        for eff in list(s.effects):
            if eff.duration in ("chain", "link"):
                s.effects.remove(eff)
        self.step("The combat chain is closed; effects that last for the combat chain end and the action phase "
                  "continues.", ["7.7.7"])
        self.facts["chain_closed"] = True
        s.priority = s.turn_player


def _apply_side(c: Card, props: dict, merge: bool):
    for key in ("types", "subtypes", "supertypes"):
        if key in props:
            vals = set(props[key])
            setattr(c, key, (getattr(c, key) | vals) if merge else vals)
    for key in ("cost", "power", "defense", "pitch"):
        if key in props:
            setattr(c, key, props[key] if not merge or getattr(c, key) is None else getattr(c, key))


def _describe_selector(sel, plural: bool = True) -> str:
    if not sel:
        return "any card"
    if isinstance(sel, str):
        return sel
    parts = []
    if sel.get("name"):
        return sel["name"]
    parts += sel.get("supertypes", [])
    parts += sel.get("subtypes", [])
    parts += sel.get("types", [])
    text = " ".join(parts) or "card"
    if not plural:
        pass
    elif sel.get("controller") == "you":
        text += "s you control"
    elif not text.endswith("s"):
        text += "s"
    if "min_cost" in sel:
        text += f" with cost {sel['min_cost']} or greater"
    if sel.get("keyword"):
        text += f" with {sel['keyword']}"
    return text


def _effect_phrase(eff: Effect) -> str:
    d = eff.data
    if eff.kind == "modify":
        return f"gets {d.get('by', 0):+d} {d.get('stat')}"
    if eff.kind == "cost":
        return f"costs {d.get('by', 0):+d}"
    if eff.kind == "gain-keyword":
        return f"gains {d.get('keyword')}"
    return eff.kind


def _describe_effect_data(eff: dict) -> str:
    """A short description of an effect table from a scenario, for sentences."""
    do = eff.get("do", "?")
    if do == "modify":
        return f"{eff.get('by', 0):+d} {eff.get('stat', '')}".strip()
    if do in ("gain-keyword",):
        return f"gains {eff.get('keyword')}"
    if do in ("damage", "draw", "gain-life", "lose-life"):
        return f"{do.replace('-', ' ')} {eff.get('amount', 1)}"
    return do.replace("-", " ")
