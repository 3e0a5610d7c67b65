# Activating abilities (FaB CR 5.2): functional sources, LIMIT, additional activations, attack-proxies.
"""Activating abilities (5.2): functional sources, LIMIT and additional activations (5.2.1a, 5.2.3), costs of
activated abilities, attack-proxies and attack-layers opening the combat chain (7.0.2a, 7.6.3)."""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.cards import ARENA_ZONES, Ability, Card, matches
from judge.engine.fab.base import IllegalAction
from judge.engine.fab.keywords import GO_AGAIN, parse_keywords
from judge.engine.fab.state import Layer


def _ability_words(ab) -> str:
    """An activated ability in short words: "once per turn action - 0: attack"."""
    limit = {1: "once per turn ", 2: "twice per turn "}.get(ab.get("limit"), "")
    body = "Attack" if ab.get("attack") else "…"
    words = f"{limit}{ab.get('type', 'instant')} - {ab.get('cost', 0)}: {body}"
    return words[:1].upper() + words[1:]


def _names_a_target(effects: list) -> bool:
    """Does one of an ability's effects act on or deal with "target" (so that the ability has targets, 1.8.5)?"""
    return any("target" in (e.get("to"), e.get("what"), e.get("who")) for e in effects if isinstance(e, dict))


class Activating:
    """Part of :class:`judge.engine.fab.game.Game`: owns ``Card.activations`` (times activated this turn)."""

    def activate(self, player: str, c: Card, index: int, action: dict, key: str):
        """Activate the ``index``th ability of a card (5.2); an illegal activation reverses the game state (1.10.3)."""
        self._attempt(f"{c.handle}.{index}", key, lambda: self._activate(player, c, index, action, key),
                      f"{self.player_name(player)} cannot activate {c.name}'s ability",
                      "The activation is illegal and the game state is reversed.")

    def ability_at(self, c: Card, index: int):
        """The ``index``th (1-based) ability of ``c``: its own abilities, then the activated abilities a functional
        static ability gives it ("Dragon allies you control have 'Once per Turn Action - 0: Attack'", 1.7.7),
        numbered after them in the order of those static abilities; None when there is no such ability."""
        if 0 < index <= len(c.abilities):
            return c.abilities[index - 1]
        granted = self.granted_activated(c)
        k = index - len(c.abilities) - 1
        return granted[k] if 0 <= k < len(granted) else None

    def granted_activated(self, c: Card) -> list:
        """The activated abilities functional static abilities give ``c`` now (1.7.7, 6.2.3)."""
        if not self.static_grants:
            return []
        out = []
        for src, ab in self._functional_statics("gain-ability"):
            e = ab.get("effect", {})
            data = e.get("ability", {})
            if data.get("kind") == "activated" and self._applies(e.get("to", "self"), c, src.controller, src):
                out.append(Ability(len(c.abilities) + len(out) + 1, "activated", dict(data),
                                   f"granted-{src.handle}-{ab.index}"))
        return out

    def _activate(self, player: str, c: Card, index: int, action: dict, key: str):
        """5.2: activating an ability, in the steps of playing a card (5.2.2); any step may find it illegal."""
        ab = self.ability_at(c, index)
        if ab is None or ab.kind != "activated":
            # 1.7.7: an effect took the ability away (it loses its abilities), or none gives it: there is nothing to
            # activate (5.2.2)
            raise IllegalAction(f"{c.name} does not have that activated ability (now): an effect took it away, or "
                                "no effect gives it", [cited.ABILITIES_MODIFIED, cited.ACTIVATE_ACTIVATED_ABILITY])
        if index > len(c.abilities):
            self.step(f"{c.name} has the activated ability \"{_ability_words(ab)}\": a static ability gives it "
                      "(it gains the ability).", [cited.ABILITIES_MODIFIED])
        try:
            self._check_can_activate(player, c, ab)
        except IllegalAction as e:
            # 5.2.1e: an activation condition that is not met either is a reason of its own, said with it
            if ab.get("if") and not self.condition(ab.get("if"), c, {}):
                e.message += "; and its activation condition is not met: " + "; ".join(
                    self.unmet_clauses(ab.get("if"), c, {}))
                e.args = (e.message,)
                e.cites = list(e.cites) + [cited.ACTIVATION_CONDITION]
            raise
        limit, used, allowance_cites = self._check_activation_limit(c, ab, index)
        self.check_activation_condition(c, ab)   # 5.2.1e
        layer = self._announce_activation(player, c, ab, index, action)
        self._declare_activation_targets(player, c, ab, action, layer, key)
        self._check_legal_activation(player, c, ab, layer, action)
        cost, action_cost = self._calculate_activation_costs(c, ab)
        self._pay(player, c, cost, action_cost, action.get("pitch", []), key, ab.get("chi_cost", 0))   # 1.14.2a
        self._pay_activation_effect_costs(player, c, ab, layer, action)
        self._complete_activation(player, c, index, used, limit, allowance_cites, layer)

    def _check_can_activate(self, player: str, c: Card, ab):
        """5.2.2: the ability is functional, and the player controls its source (or owns it, when the ability is
        functional where the source has no controller)."""
        cond = ab.get("if")
        # 5.2.4, 1.7.4b: an activation condition that names a zone outside the arena for its source ("Activate this
        # ability only while this is in your banished zone") makes the ability functional there
        said = cond.get("in") if isinstance(cond, dict) and cond.get("in") not in (None, *ARENA_ZONES) else None
        in_place = ab.get("functional_in") or said
        where = f"{in_place} zone" if in_place == "banished" else in_place
        if in_place:
            if c.zone != in_place:
                raise IllegalAction(f"the ability is only functional while {c.name} is in the {where}",
                                    [cited.PRIVATE_SOURCE_COST_FUNCTIONAL, cited.PRIVATE_SOURCE_ABILITY_FUNCTIONAL]
                                    + ([cited.ACTIVATION_CONDITION] if said else []))
            if c.owner != player:
                raise IllegalAction("only the owner may activate an ability of a source with no controller",
                                    [cited.OWNER_ACTIVATES_UNCONTROLLED])
            self.step(f"{c.name}'s ability is functional in the {where}; {c.name} has no controller there, so its "
                      f"owner {self.player_name(player)} may activate it.",
                      [cited.PRIVATE_SOURCE_COST_FUNCTIONAL, cited.OWNER_ACTIVATES_UNCONTROLLED,
                       cited.PRIVATE_SOURCE_ABILITY_FUNCTIONAL])
        elif c.zone in ARENA_ZONES and c.face_down and self._says_private_activation(ab):
            # 1.7.4b: its cost can only be paid, or it says it can be activated, while the source is face-down
            if c.controller != player:
                raise IllegalAction(f"{self.player_name(player)} does not control {c.name}",
                                    [cited.ACTIVATE_ACTIVATED_ABILITY])
            why = self.face_down_keywords(c)   # cloaked (8.3.36): the keyword is why it is face-down
            self.step(f"{c.name} is face-down (private" + "".join(f"; it has {row.name}: it is equipped face-down"
                                                                   for row in why)
                      + "), and its ability can only be paid for or says it can be activated while it is face-down: "
                      "it is functional.", [row.rule for row in why] + [cited.PRIVATE_SOURCE_ABILITY_FUNCTIONAL],
                      tag="telling" if why else None)
        else:
            if c.zone not in ARENA_ZONES or c.private:
                raise IllegalAction(f"{c.name} is not public in the arena, so its ability is not functional",
                                    [cited.ABILITY_FUNCTIONAL])
            if c.controller != player:
                raise IllegalAction(f"{self.player_name(player)} does not control {c.name}",
                                    [cited.ACTIVATE_ACTIVATED_ABILITY])
            if c.zone == "combat-chain" and not c.is_permanent_card and self.is_defending(c):
                # 1.7.4a: an activated ability of a non-permanent defending card is functional only when it says it
                # can be activated while the card is defending
                if not (isinstance(ab.get("if"), dict) and ab.get("if").get("defending") is True):
                    raise IllegalAction(f"{c.name} is a non-permanent defending card, and its ability does not say it "
                                        "can be activated while it is defending, so it is not functional",
                                        [cited.DEFENDING_CARD_ABILITY_FUNCTIONAL, cited.ABILITY_FUNCTIONAL])
                self.step(f"{c.name} is a non-permanent defending card; its ability says it can be activated while it is "
                          "defending, so it is functional.", [cited.DEFENDING_CARD_ABILITY_FUNCTIONAL])

    @staticmethod
    def _says_private_activation(ab) -> bool:
        """1.7.4b: the ability says it can be activated while its source is face-down ("Activate this only while
        this is face-down"), or its cost can only be paid then ("turn this face-up")."""
        cond = ab.get("if")
        costs = ab.get("effect_cost") if isinstance(ab.get("effect_cost"), list) else []
        return (isinstance(cond, dict) and cond.get("face_down") is True) or \
            any(isinstance(e, dict) and e.get("do") == "turn-face-up" for e in costs)

    def _check_activation_limit(self, c: Card, ab, index: int) -> tuple:
        """LIMIT and additional activations (5.2.1a, 5.2.3): (the LIMIT or None, the activations so far this
        turn, the rules that allow them)."""
        limit = ab.get("limit")
        used = c.activations.get(index, 0)
        allowance_cites = [cited.ACTIVATION_LIMIT]
        if limit is not None:
            total, extra_cites = self._activation_allowance(c, ab, index, limit)
            allowance_cites += extra_cites
            if used >= total:
                raise IllegalAction(f"its LIMIT allows {total} activation(s) this turn and it has been activated {used} "
                                    "time(s)", allowance_cites)
        return limit, used, allowance_cites

    def _announce_activation(self, player: str, c: Card, ab, index: int, action: dict) -> Layer:
        """Announce: an activated-layer (or an attack-proxy or attack-layer) is put on the stack."""
        s = self.s
        layer_kind = "attack-proxy" if ab.get("attack") else "attack-layer" if ab.get("attack_layer") else "activated"
        if layer_kind != "activated":
            self._bind_next_attack(c, player)
        layer = Layer(s.next_id(), layer_kind, c.handle, player, ab.get("name") or f"{c.name} ability",
                      ab.get("effects", []))
        layer.params["ability"] = index
        layer.params["go_again"] = bool(ab.get("go_again"))
        if layer_kind == "attack-proxy":
            # 1.4.3a: the attack-proxy's own abilities ("Attack. Go again."), besides what it inherits from its source
            layer.params["keywords"] = dict(parse_keywords(ab.get("keywords", [])),
                                            **({GO_AGAIN: True} if ab.get("go_again") else {}))
        layer.params["damage_order"] = list(action.get("damage_order", []))
        s.stack.append(layer)
        self.step(f"Announce: {self.player_name(player)} activates {c.name}'s {ab.get('type', 'instant')} ability; an "
                  f"{'attack-proxy' if ab.get('attack') else 'activated-layer'} is put on the stack.",
                  [cited.ACTIVATED_ABILITY, cited.ACTIVATE_ACTIVATED_ABILITY,
                   cited.ANNOUNCE_ACTIVATED_ABILITY] + ([] if ab.get("attack") else [cited.ACTIVATED_LAYER]))
        return layer

    def _declare_activation_targets(self, player: str, c: Card, ab, action: dict, layer: Layer, key: str):
        """Declare targets: an attack's attack-target, or the ability's targets as for a card (5.2.2b)."""
        if ab.get("attack") or ab.get("attack_layer"):
            layer.is_attack = True
            layer.attack_targets = self._attack_targets(player, [action["target"]] if action.get("target") else [], key)
            self.step(f"Declare targets: the attack targets {self.player_name(layer.attack_targets[0])}.",
                      [cited.ACTIVATE_AS_PLAY, cited.ATTACK_TARGET])
        elif action.get("target") or ab.get("target") is not None or (c.target_spec is not None
                                                                       and _names_a_target(ab.get("effects", []))):
            # 5.2.2b: declaring targets as for a card (5.1.4a); the ability's own target spec, else the card's (an
            # ability whose effects name no target declares none: "Instant - Discard this: Amp 1")
            layer.target_spec = ab.get("target") if ab.get("target") is not None else c.target_spec
            given = [action["target"]] if action.get("target") else []
            layer.targets = self._declare_targets(f"{c.name}'s ability", layer.target_spec, given, player, layer,
                                                  key)

    def _check_legal_activation(self, player: str, c: Card, ab, layer: Layer, action: dict):
        """Check legal play: the ability's type gives its timing, checked as for a card of that type."""
        timing = ab.get("type", "instant")
        layer.params["chosen"] = action.get("choose")
        layer.params.update({k: action[k] for k in ("opt", "reload", "option") if k in action})   # 8.5.22, 8.5.23, 1.8.6
        tcites = {"instant": [cited.INSTANT_ANY_PRIORITY], "action": [cited.NO_ACTIONS_DURING_COMBAT],
                  "defense reaction": [cited.DEFENSE_REACTION_WHO_WHEN],
                  "attack reaction": [cited.ATTACK_REACTION_WHO_WHEN]}.get(timing, [cited.ABILITY_TYPE])
        fake = Card(c.handle, c.name, player)
        fake.types = {timing}
        if ab.get("attack") or ab.get("attack_layer"):
            fake.subtypes = {"attack"}   # an ability with attack is an attack (7.6.3a)
        tim, tim_cites = self._timing(player, fake, False)
        if timing in ("defense reaction", "attack reaction"):
            tcites = tim_cites   # the type's rule and the Reaction Step's rule on who may activate it (7.4.2a/b)
        self._check_legal(player, fake, tim, tcites, is_card=False)
        # 5.2.2b → 5.1.5: the ability's type decides when it may be activated (8.1.6a: an instant, any priority)
        why = {"now": f" (an {timing} ability can be activated whenever its player has priority)",
               "reaction": " (a reaction in the Reaction Step, by a player it is allowed to)"}.get(tim, "")
        self.step(f"Check legal play: nothing prevents {c.name}'s {timing} ability from being activated{why}.",
                  [cited.ACTIVATE_AS_PLAY, cited.CHECK_LEGAL_PLAY] + (tcites if tim in ("now", "reaction") else []))

    def _calculate_activation_costs(self, c: Card, ab) -> tuple[int, int]:
        """Calculate asset-costs: the ability's resource cost with its modifiers, and an action point for an
        action ability. Returns (resource cost, action point cost)."""
        cost = ab.get("cost", 0)
        action_cost = 1 if ab.get("type", "instant") == "action" else 0
        mods = self._activation_cost_modifiers(c, ab)
        start = cost
        for _, by, _src in mods:
            cost = max(0, cost + by)
        text = self.asset_cost_text(action_cost, " (an action ability)", start, mods, cost)
        self.step(text, [cited.ACTIVATE_AS_PLAY, cited.CALCULATE_ASSET_COSTS,
                         cited.ACTION_ASSET_COST_STARTS] + ([cited.RULES_DEFINE_STARTING_ASSET] if mods else [])
                  + ([cited.ACTION_POINT, cited.ACTION_COSTS_ACTION_POINT] if action_cost else []))   # 1.13.2, 8.1.1c
        return cost, action_cost

    def _pay_activation_effect_costs(self, player: str, c: Card, ab, layer: Layer, action: dict):
        """Pay effect-costs: the ability's cost effects (a list of primitives, or one described effect)."""
        effect_cost = ab.get("effect_cost")
        if isinstance(effect_cost, list):
            self.pay_cost_effects(player, c, effect_cost, layer, action.get("pay_with", []))
        elif effect_cost:
            verb = effect_cost.split()[0]
            self.step(f"Pay effect-costs: {effect_cost} ({c.name}), the cost written before the colon.",
                      [cited.ACTIVATION_COST_WRITTEN, cited.PAY_EFFECT_COSTS, cited.EFFECT_COST])
            self.zone_effect(verb, c)

    def _complete_activation(self, player: str, c: Card, index: int, used: int, limit, allowance_cites,
                             layer: Layer):
        """The ability is activated (counted against its LIMIT) and the player regains priority."""
        s = self.s
        kind = layer.kind
        c.activations[index] = used + 1
        if limit is not None and used + 1 > limit:
            count = f"activation {used + 1}, beyond its LIMIT of {limit}, allowed by an effect"
        elif limit is not None:
            count = f"activation {used + 1} of the {limit} its LIMIT allows"
        else:
            count = f"activation {used + 1}; it has no LIMIT"
        self.step(f"{c.name}'s ability is activated ({count}) and the player regains priority.",
                  [cited.ACTIVATE_AS_PLAY,
                   cited.CARD_PLAYED] + (allowance_cites if limit is not None and used + 1 > limit else
                                         [cited.ACTIVATION_LIMIT] if limit is not None else []))
        self.event("activate", card=c.handle, player=player, is_attack=layer.is_attack,
                   ability_type=self.ability_at(c, index).get("type"))
        s.priority = player
        s.passed = []
        self.game_state_actions()   # 1.10.2: a new priority state
        if layer.is_attack:
            self.attack_added(kind)

    def attack_added(self, kind: str):
        """An attack was added to the stack: the combat chain opens (7.0.2a) or a new Layer Step begins (7.6.3);
        each object it targets "becomes the target of an attack" (the event spectra triggers on, 8.3.14b)."""
        s = self.s
        layer = s.stack[-1] if s.stack else None
        for t in (layer.attack_targets if layer is not None else []):
            if t in s.cards:
                if "spectra" in self.keywords(self.card(t)):
                    self.step(f"{self.card(t).name}, an object with spectra, becomes the target of an attack.",
                              [cited.SPECTRA_TRIGGER])
                self.event("attack-target", card=t, attack=layer.source, player=layer.controller)
        what = {"card": "An attack", "attack-proxy": "An attack-proxy", "attack-layer": "An attack-layer"}[kind]
        extra = {"card": [], "attack-proxy": [cited.ATTACK_PROXY_OPENS_CHAIN],
                 "attack-layer": [cited.ATTACK_LAYER_OPENS_CHAIN]}[kind]
        if not s.chain_open:
            s.chain_open = True
            # "this combat chain": from the attack added to the stack — a card's from its announcement (7.0.2a)
            s.chain_since = layer.params.get("since", len(s.history)) if layer is not None else len(s.history)
            s.step = "layer"
            self.trace.phase = "Layer Step"
            self.step(f"{what} was added to the stack while the combat chain was closed: the combat chain opens and "
                      "the Layer Step begins.", [cited.COMBAT_CHAIN_OPENS, cited.LAYER_STEP] + extra)
        elif s.step == "resolution":
            s.step = "layer"
            self.trace.phase = "Layer Step"
            self.step(f"{what} was added to the stack during the Resolution Step: the Resolution Step ends and the "
                      "Layer Step begins.", [cited.RESOLUTION_STEP_PRIORITY, cited.ATTACK_IN_RESOLUTION_STEP])

    def _activation_allowance(self, c: Card, ab, index: int, limit: int) -> tuple[int, list[str]]:
        total = limit
        cites: list[str] = []
        for eff in self.s.effects:
            if not self.effect_applies(eff, c):
                continue
            if eff.data.get("attack_only") and not ab.get("attack"):
                continue
            if eff.kind == "set-limit":
                total = max(total if not cites else total, eff.data.get("total", limit))
                total = eff.data.get("total", limit)
                cites.append(cited.EFFECTS_STATE_HOW_MANY)
        base_total = total
        for eff in self.s.effects:
            if eff.kind != "additional-activations":
                continue
            if not self.effect_applies(eff, c):
                continue
            if eff.data.get("attack_only") and not ab.get("attack"):
                continue
            count = eff.data.get("count", 1)
            if eff.data.get("spread", "each") == "each":
                total += count
                cites += [cited.EFFECT_ALLOWS_ABILITY, cited.EFFECT_ALLOWS_ABILITIES,
                          cited.EFFECTS_ALLOW_ADDITIONAL_ACTIVATION]
            else:
                # 5.2.3b: a combined number of extra activations spread across the object's abilities
                extra_used = sum(max(0, n - base_total) for i, n in c.activations.items() if i != index)
                total += max(0, count - extra_used)
                cites += [cited.EFFECT_ALLOWS_ABILITY, cited.EFFECT_ALLOWS_OBJECT]
            if ab.get("attack"):
                cites.append(cited.EFFECT_ALLOWS_SOURCE)
        return total, sorted(set(cites), key=cites.index)

    def _activation_cost_modifiers(self, c: Card, ab):
        """Cost modifiers for activating ``ab`` of ``c`` (5.2.2b → 5.1.6a): effects on attacks
        (``is_attack = true``) apply to attack abilities of sources that fit; ``activations = true`` makes an
        effect apply to activated abilities of sources that fit."""
        is_attack = bool(ab.get("attack") or ab.get("attack_layer"))
        mods = []

        def fits(data, spec, controller):
            if not isinstance(spec, dict):
                return False
            if spec.get("is_attack") and not is_attack:
                return False
            if not (spec.get("is_attack") or data.get("activations")):
                return False
            return matches(c, {k: v for k, v in spec.items() if k != "is_attack"}, self, controller)

        for eff in self.s.effects:
            if eff.kind == "cost" and not eff.pending and fits(eff.data, eff.selector, eff.controller):
                mods.append((eff.timestamp, eff.data.get("by", 0), eff.source))
        for src, sab in self._functional_statics("cost"):
            e = sab.get("effect", {})
            # "This ability costs {r} less": ``to = "self"`` with ``activations`` is the source's own abilities
            own = e.get("to") == "self" and e.get("activations") and src is c
            if e.get("do") == "cost" and (own or fits(e, e.get("to"), src.controller)):
                mods.append((src.timestamp, self.amount(e.get("by", 0), src), src.handle))
        return sorted(m for m in mods if m[1] > 0) + sorted(m for m in mods if m[1] <= 0)
