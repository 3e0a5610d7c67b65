# Combat (FaB CR chapter 7): the Attack, Defend, Reaction, Damage, Resolution and Close steps of a chain link.
"""Combat (chapter 7): the Attack, Defend, Reaction, Damage, Resolution and Close steps of a chain link.

The Layer Step is the ordinary stack (5.3) with an attack on it; ``Game.all_pass`` moves from step to step.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab.base import _describe_selector, _effect_phrase
from judge.engine.fab.cards import Ability, Card, matches
from judge.engine.fab import cited, gains
from judge.engine.fab.keywords import GO_AGAIN, PHANTASM, selector_keyword_rules, with_hook
from judge.engine.fab.state import ChainLink, Layer


class Combat:
    """Part of :class:`judge.engine.fab.game.Game`: owns ``s.chain``, ``s.all_links``, ``s.step`` during combat,
    ``defended`` and ``defense_seen``."""

    # =====================================================================================================
    # 7 combat
    # =====================================================================================================
    def attack_step(self):
        """7.2 the Attack Step: if an attack-target is still legal, the attack's resolution abilities generate their
        effects and it becomes a chain link on the combat chain; else the Close Step begins."""
        s = self.s
        s.step = "attack"
        self.trace.phase = "Attack Step"
        layer = s.stack[-1]
        # 7.2.2: at least one attack-target still legal
        legal = [t for t in layer.attack_targets if self.still_attackable(t)]
        if not legal:
            gone = [t for t in layer.attack_targets if t not in legal]
            self.step(f"Attack Step: the attack's attack-target{'s' if len(gone) > 1 else ''} "
                      f"({', '.join(self._name_of(t) for t in gone)}) {'are' if len(gone) > 1 else 'is'} no longer "
                      "legal, so the Attack Step ends and the Close Step begins.",
                      [cited.ATTACK_TARGET_STILL_LEGAL, cited.NO_VALID_ATTACK_TARGET_CLOSES])
            self.facts["chain_closed_because"] = "no attack-target was still legal at the start of the Attack Step"
            self.closing_cites = [cited.ATTACK_TARGET_STILL_LEGAL, cited.NO_VALID_ATTACK_TARGET_CLOSES]
            self.close_step()
            return
        self.step(f"Attack Step: {', '.join(self._name_of(t) for t in legal)} is still a legal attack-target.",
                  [cited.ATTACK_TARGET_STILL_LEGAL])
        src = s.cards.get(layer.source)
        # 7.2.3: resolution abilities, then the attack moves onto the combat chain as a chain link
        found = None
        if layer.kind == "attack-layer":
            # 7.2.3c / 8.5.38b: the attack-layer's effects name the card that becomes the active-attack
            self.step(f"{layer.name} generates the effects of its resolution abilities.",
                      [cited.ATTACK_RESOLVES_ONTO_CHAIN])
            for eff in layer.effects:
                if eff.get("do") == "search" and eff.get("then") == "attack":
                    found = self.search(eff, src, layer.controller, layer)
                else:
                    self.generate_one(eff, src, layer.controller, layer)
        elif layer.effects and layer.kind != "attack-proxy":
            self.step(f"{layer.name} generates the effects of its resolution abilities.",
                      [cited.ATTACK_RESOLVES_ONTO_CHAIN])
            self.generate(layer.effects, src, layer.controller, layer)
        if layer in s.stack:
            s.stack.remove(layer)
        n = len(s.chain) + 1
        if layer.kind == "attack-layer":
            if found is None:
                self.step("The active-attack of the attack-layer does not exist: the Attack Step ends and the Close Step "
                          "begins.", [cited.NO_ACTIVE_ATTACK_CLOSE_STEP, cited.ACTIVE_ATTACK_GONE_CLOSES])
                self.close_step()
                return
            link = ChainLink(n, found.handle, layer.controller, legal)
            self.move(found, "combat-chain", controller=layer.controller)
            self.step(f"{found.name} moves onto the combat chain as chain link {n} and is the active-attack; the "
                      "attack-layer's parameters and effects transfer to it and the attack-layer ceases to exist.",
                      [cited.ATTACK_LAYER_CHAIN_LINK, cited.ATTACK_LAYER_RESOLVES])
        elif layer.kind == "attack-proxy":
            link = ChainLink(n, src.handle, layer.controller, legal, source=src.handle, proxy=layer.name)
            link.proxy_keywords = dict(layer.params.get("keywords", {}))
            for old in s.chain:
                if old.source == src.handle and old.proxy:
                    old.proxy = None
                    self.step(f"{src.name} moves from chain link {old.n} to the new chain link: the attack-proxy of chain "
                              f"link {old.n} ceases to exist, and that chain link uses last known information about "
                              "it.", [cited.ATTACK_PROXY_EXISTS, cited.LAST_KNOWN_INFORMATION])
            if src.zone in ("arena", "equipment"):
                src.__dict__["_chain_origin"] = src.zone   # 7.7.5: the permanent zone it returns to
            self.move(src, "combat-chain", controller=layer.controller)
            self.step(f"The attack-proxy of {src.name} and {src.name} itself move onto the combat chain as chain link "
                      f"{n}; the attack-proxy is the active-attack.",
                      [cited.ATTACK_PROXY_CHAIN_LINK, cited.ATTACK_PROXY_RESOLVES])
        else:
            if src is None or src.zone != "stack":
                self.step("The active-attack does not exist: the Attack Step ends and the Close Step begins.",
                          [cited.NO_ACTIVE_ATTACK_CLOSE_STEP, cited.ACTIVE_ATTACK_GONE_CLOSES])
                self.close_step()
                return
            link = ChainLink(n, src.handle, layer.controller, legal)
            self.move(src, "combat-chain", controller=layer.controller)
            self.step(f"{src.name} resolves and moves onto the combat chain as chain link {n}; it is the active-attack.",
                      [cited.ATTACK_STEP, cited.ATTACK_CARD_CHAIN_LINK, cited.CHAIN_LINK_CREATED,
                       cited.ACTIVE_CHAIN_LINK])
        # the attack's layer (card, attack-proxy, attack-layer) resolved: in the facts like every other layer
        self.facts["resolved"][self._layer_fact_name(layer)] = True
        self.facts.setdefault("resolution_order", []).append(self._layer_fact_name(layer))
        link.damage_order = list(layer.params.get("damage_order", []))
        link.since = len(s.history)    # "this chain link": the events from now on while it is the active one
        s.chain.append(link)
        s.all_links.append(link)
        self._announce_attacking(link, legal)
        heroes = [t for t in link.targets if t in s.players]   # "when this attacks a hero": a hero among its targets
        self.event("attack", attack=link.attack, card=link.attack, player=link.controller,
                   target=(heroes or list(link.targets) or [None])[0])
        self.turn_player_gains_priority(cited.ATTACK_STEP_PRIORITY, "The turn-player gains priority.")

    def _announce_attacking(self, link: ChainLink, legal: list):
        """7.2.4: the active-attack is attacking; who the attacking and defending heroes are (7.2.4a-b), an ally
        attacking (8.2.8c) or attacked (8.2.8d)."""
        heroes = [t for t in legal if t in self.s.players]
        link.defending_hero = heroes[0] if heroes else None
        # 7.2.4: attacking; the attack event
        source = self.card(link.attack)
        if not heroes:
            # 8.2.8d: an attacked ally's controller is no defending hero
            ally = self.card(legal[0])
            self.step(f"{source.name} is attacking; {self.player_name(link.controller)} is the attacking hero. Its "
                      f"attack-target {ally.name} is an ally, not a hero: {self.player_name(ally.controller)} and their "
                      "hero are not a defending hero for this chain link.",
                      [cited.ATTACKING, cited.ATTACKING_HERO, cited.ATTACKABLE, cited.ALLY_ATTACKED, cited.DEFENDING_HERO])
        elif link.proxy and "ally" in source.types | source.subtypes:
            # 7.2.4a, 8.2.8c: a living attack-source becomes attacking; its controller is no attacking hero
            self.step(f"{source.name}, an ally (a living object), is attacking; {self.player_name(link.controller)} "
                      f"and their hero are not the attacking hero for this chain link, and "
                      f"{self.player_name(legal[0])} is the defending hero.",
                      [cited.ATTACKING, cited.ATTACKING_HERO, cited.ALLY_ATTACKING, cited.ALLY, cited.DEFENDING_HERO])
        else:
            self.step(f"{source.name} is attacking; {self.player_name(link.controller)} is the attacking "
                      f"hero and {self.player_name(legal[0])} the defending hero.",
                      [cited.ATTACKING, cited.ATTACKING_HERO, cited.DEFENDING_HERO])

    def defend_step(self):
        """7.3 the Defend Step: each defending hero's player declares defending cards (the scenario's defend actions
        that come next), then the turn-player gains priority."""
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
            if act["player"] in s.players and s.players[act["player"]].lost:
                raise InvalidScenario([self.scenario.reason(
                    "illegal-action", f"{act['player']} has lost the game and ceased to exist with their hero: they "
                    "declare no defending cards", f"actions.{idx}", cited.LOST_PLAYER_LEAVES_GAME)])
            target = act.get("for") or (act["player"] if act["player"] in link.targets else link.targets[0])
            if target not in link.targets:
                raise InvalidScenario([self.scenario.reason("bad-defend-target", f"{target} is not an attack-target of "
                                                            "the active chain link", f"actions.{idx}.for",
                                                            cited.DEFEND_EACH_ATTACK_TARGET)])
            by_target.setdefault(target, []).append((idx, act))
        if not declarations:
            self.step(f"Defend Step: {self._name_of(link.targets[0])}: no defending cards are declared.",
                      [cited.DEFENDING_CARDS_DECLARED])
        # 7.3.2f: attack-targets in clockwise order from the attack's controller
        order = self.in_clockwise_order(link.controller, list(by_target))
        for target in order:
            acts = by_target[target]
            # 7.3.2e: the target's controller first, then the others clockwise
            seat_order = self.clockwise_from(target if target in s.players else self.card(target).controller)
            for idx, act in acts:
                if act["player"] not in seat_order:
                    raise InvalidScenario([self.scenario.reason(
                        "bad-action", f"{act['player']} is no longer in the game and cannot declare defending cards",
                        f"actions.{idx}.player")])
            acts.sort(key=lambda ia: seat_order.index(ia[1]["player"]))
            handles, who = [], []
            if len(order) > 1:
                self.step(f"Defending cards are declared for {self._name_of(target)} (attack-targets in clockwise "
                          "order from the attack's controller).", [cited.DEFEND_EACH_ATTACK_TARGET])
            for idx, act in acts:
                player = act["player"]
                cards = act["defend"] if isinstance(act["defend"], list) else [act["defend"]]
                for h in cards:
                    c = self.card(h)
                    if "option" in act:   # 1.8.6: "A or B" of its "when this defends" abilities, as a play's option
                        c.__dict__["_option"] = act["option"]
                    reason = self._declare_check(player, c, target, link, handles)
                    if reason:
                        self.step(f"{c.name} cannot be declared as a defending card: {reason[0]}.", reason[1], tag="illegal")
                        self.record_action(f"actions.{idx}", False, reason[1][-1], card=h, rules=reason[1])
                        if h not in handles:     # a second declaration of a declared card leaves it declared
                            self.record_illegal(h, reason[1])
                        continue
                    self.facts["legal"][h] = True
                    self.record_action(f"actions.{idx}", True, card=h)
                    handles.append(h)
                who.append(player)
                if player != target and any(h in handles for h in cards):
                    self.step(f"{self.player_name(player)} declares {', '.join(self.card(h).name for h in cards if h in handles)} to defend "
                              f"{self._name_of(target)}, after {self._name_of(target)} (clockwise order).",
                              [cited.DEFENDERS_IN_CLOCKWISE_ORDER, cited.PROTECT])
            if not handles:
                self.step(f"Defend Step: no defending card is declared for {self._name_of(target)}.",
                          [cited.DEFENDING_CARDS_DECLARED])
                continue
            names = ", ".join(self.card(h).name for h in handles)
            self.step(f"Defend Step: {names} {'is' if len(handles) == 1 else 'are'} declared as defending "
                      f"card{'s' if len(handles) != 1 else ''} for {self._name_of(target)}, in that order; declaring is "
                      "not playing, so no cost is paid.",
                      [cited.DEFENDING_CARDS_DECLARED,
                       cited.DEFENDING_HERO_DECLARES] + ([cited.DEFENDING_ORDER] if len(handles) > 1 else []))
            self.add_defending(handles, target, "declared")
        self.turn_player_gains_priority(cited.DEFEND_STEP_PRIORITY, "The turn-player gains priority.")

    def _declare_check(self, player: str, c: Card, target: str, link: ChainLink, already: list):
        if target not in self.s.players:
            # 7.3.2a: only for a hero attack-target may its controller declare cards, unless an effect says so
            return (f"the attack-target {self._name_of(target)} is not a hero, so no player may declare defending "
                    "cards for it (no effect allows it)", [cited.DEFENDING_HERO_DECLARES, cited.ALLY_ATTACKED])
        if "defense reaction" in c.types:
            return ("defense reaction cards are not declared in the Defend Step", [cited.DEFENDING_HERO_DECLARES])
        if self.is_defending(c):
            n = next(lk.n for lk in self.s.chain if any(h == c.handle for h, _, _ in lk.defenders))
            return (f"it is already a defending card (on chain link {n})", [cited.CARD_CANNOT_DEFEND])
        if c.handle in already:
            # one card, one declaration: a second one would make the declared set illegal (7.3.2b C)
            return ("it is already declared as a defending card in this Defend Step; a card is declared once",
                    [cited.DEFENDING_CARDS_DECLARED, cited.CARD_CANNOT_DEFEND])
        others = {row.name for row in with_hook("defend-other")}
        if player != target and not (others and others.intersection(self.keywords(c))):
            return (f"{player} does not control the attack-target and no rule or effect lets this card defend it",
                    [cited.DEFENDING_HERO_DECLARES])
        if c.zone not in ("hand", "equipment") or c.owner != player:
            return (f"it is not in {player}'s hand or equipped", [cited.DEFENDING_HERO_DECLARES])
        if c.zone == "equipment" and c.face_down:
            # 7.3.2a: only public equipment; a cloaked one is equipped face-down (8.3.36) until it is turned face-up
            why = self.face_down_keywords(c)
            return ("it is a face-down equipment, a private object" + "".join(
                f" (it has {row.name}: it is equipped face-down)" for row in why)
                + ", and only public equipment may be declared", [cited.DEFENDING_HERO_DECLARES] + [r.rule for r in why])
        if self.base_value(c, "defense") is None:
            return ("it does not have the defense property", [cited.CARD_CANNOT_DEFEND])
        reason = self.cannot_defend(c, link, from_hand=c.zone == "hand", pending=already)
        if reason:
            return (reason[0], [cited.CARD_CANNOT_DEFEND] + reason[1])
        return None

    def cannot_defend(self, c: Card, link: ChainLink, from_hand: bool, pending=(), playing: bool = False):
        """Why ``c`` cannot become a defending card on ``link`` (dominate 8.3.4, overpower 8.3.22), or None.

        ``playing``: the question is whether a defense reaction can be played (8.3.4b), not added (8.3.4a).
        """
        if link is None:
            return ("there is no active chain link", [cited.EFFECT_ADDS_DEFENDING_CARD])
        if any(h == c.handle for h, _, _ in link.defenders):
            return ("it is already defending on that chain link", [cited.EFFECT_ADDS_DEFENDING_CARD])
        barred = self.defend_restriction(c, link)
        if barred:
            return barred
        kws = self.attack_keywords(link)
        for row in with_hook("defend-limit"):
            if row.name not in kws:
                continue
            counts, added, played, _, what = row.data
            if not self.counts_for_limit(counts, c.handle, from_hand=from_hand):
                continue
            already = sum(1 for h, _, _ in self.defending(link) if self.counts_for_limit(counts, h)) + \
                sum(1 for h in pending if self.counts_for_limit(counts, h, from_hand=self.card(h).zone == "hand"))
            if already >= 1:
                # a keyword with its own rule on playing defense reactions (8.3.4b) decides first; otherwise the
                # general rule that a defense reaction that could not defend cannot be played (7.4.2c)
                cites = ([played, cited.DEFENSE_REACTION_CANNOT_DEFEND] if played != added else
                         [cited.DEFENSE_REACTION_CANNOT_DEFEND, added]) if playing else [added]
                return (f"the attack has {row.name} and is already defended by a{'n' if what[0] in 'aeiou' else ''} "
                        f"{what}", cites)
        return None

    def defend_restriction(self, c: Card, link: ChainLink):
        """Why an effect says ``c`` can't defend the chain link's attack ("This can't be defended by equipment": a
        restriction, 1.0.2), as (words, rules), or None — from an effect given to the attack or a functional static
        ability of its source."""
        att = self.card(link.attack)
        if att.zone != "combat-chain" and not link.proxy:
            return None     # the attack has left the chain: nothing it has restricts the declaration
        found = None
        for eff in self.s.effects:
            if eff.kind == "cannot-be-defended-by" and not eff.pending and self.effect_applies(eff, att) and \
                    matches(c, eff.data.get("what") or {}, self, eff.controller) and \
                    self._cost_below(c, eff.data, self.s.cards.get(eff.source)):
                found = (f"an effect of {self._src_name(eff)}", eff.data, self.s.cards.get(eff.source))
                break
        if found is None:
            for src, ab in self._functional_statics("cannot-be-defended-by"):
                eff = ab.get("effect", {})
                if self._applies(eff.get("to", "self"), att, src.controller, src) and \
                        matches(c, eff.get("what") or {}, self, src.controller) and self._cost_below(c, eff, src):
                    found = (f"a static ability of {src.name}", eff, src)
                    break
        if found is None:
            return None
        below = found[1].get("cost_less_than")
        cost = f" with cost less than {self.amount(below, found[2])}" if below is not None else ""
        return (f"{found[0]} says {att.name} can't be defended by {_describe_selector(found[1].get('what') or {})}"
                f"{cost} (a restriction{f'; {c.name} costs {c.cost}' if cost else ''})",
                [cited.RESTRICTION_PRECEDENCE] + ([cited.PROPERTY_VALUE_INFERS_EXISTENCE] if cost else []))

    def _cost_below(self, c: Card, eff: dict, src) -> bool:
        """"… by cards with cost less than N" (``cost_less_than``, N a number or a quantity read now for the
        source): a card without the cost property does not meet it (1.8.7); no such clause: met."""
        below = eff.get("cost_less_than")
        if below is None:
            return True
        n = self.amount(below, src)
        if c.cost is None:
            said = self.__dict__.setdefault("_no_cost_said", set())
            if c.handle not in said:
                said.add(c.handle)
                self.step(f"{c.name} has no cost property: it does not meet \"cost less than {n}\", so that restriction "
                          "does not stop it from defending.", [cited.PROPERTY_VALUE_INFERS_EXISTENCE], tag="telling")
            return False
        return c.cost < n

    def defending(self, link: ChainLink) -> list:
        """The chain link's defending cards now: a card is defending until it leaves the combat chain (7.0.5a)."""
        cards = self.s.cards
        return [d for d in link.defenders if cards[d[0]].zone == "combat-chain"]

    def attack_keywords(self, link: ChainLink) -> dict:
        """The keywords of a chain link's attack now, or as last known if it has left the chain (1.2.3)."""
        att = self.card(link.attack)
        return self.keywords(att) if att.zone == "combat-chain" else link.lki.get("keywords", {})

    def counts_for_limit(self, counts: str, handle: str, from_hand: bool | None = None) -> bool:
        """Does this card count for a defend-limit keyword: ``from-hand`` (dominate), ``action`` (overpower)?"""
        if counts == "from-hand":
            return self._defended_from_hand(handle) if from_hand is None else from_hand
        return "action" in self.card(handle).types

    def defend_notes(self, c: Card, link: ChainLink, from_hand: bool, playing: bool = False):
        """Steps saying why dominate or overpower do not stop ``c`` (the usual dispute), when the attack has them."""
        kws = self.attack_keywords(link)
        for row in with_hook("defend-limit"):
            if row.name not in kws or self.counts_for_limit(row.data[0], c.handle, from_hand=from_hand):
                continue
            counts, added, played, _, what = row.data
            if counts == "from-hand" and playing:
                # where the card is played from: hand or arsenal (5.1.1a), and a card in arsenal may be played
                origin = c.__dict__.get("_origin", c.zone)
                self.step(f"{row.name.capitalize()} does not stop {c.name}: it only limits cards from hand, and "
                          f"{c.name} is played from the {origin}.",
                          [played, cited.PLAY_FROM_HAND_OR_ARSENAL]
                          + ([cited.ARSENAL_CARDS_PLAYABLE] if origin == "arsenal" else []), tag="telling")
            elif counts == "from-hand":
                self.step(f"{row.name.capitalize()} does not stop {c.name}: it only limits cards from hand, and "
                          f"{c.name} is not from hand.", [added], tag="telling")
            else:
                self.step(f"{row.name.capitalize()} does not stop {c.name}: it only limits {what}s, and {c.name} is "
                          "not one.", [added], tag="telling")

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
            from_hand = c.zone == "hand" or (from_stack and c.__dict__.get("_origin") == "hand")
            reason = self.cannot_defend(c, link, from_hand=from_hand)
            if reason and how == "effect":
                self.step(f"{c.name} cannot be added as a defending card ({reason[0]}): the effect fails, no defend event "
                          "occurs and the card does not move.", [cited.EFFECT_ADDS_DEFENDING_CARD] + reason[1])
                continue
            if how != "reaction":
                self.defend_notes(c, link, from_hand)
            c.__dict__["_from_hand"] = c.zone == "hand" or (from_stack and c.__dict__.get("_origin") == "hand")
            self.move(c, "combat-chain")
            link.defenders.append((h, target, s.defend_events))
            added.append(h)
        if not added:
            return
        together = len(added) >= 2
        for h in added:
            self.defended[h] = "together" if together else "alone"
            self._bind_next_defend(self.card(h), how)
        names = ", ".join(self.card(h).name for h in added)
        self.step(f"{names} {'defend together' if together else 'defends alone'} on chain link {link.n}; the defend "
                  "event occurs.",
                  [cited.ADDED_AS_DEFENDING, cited.DEFEND_ALONE_OR_TOGETHER]
                  + ([cited.DEFEND_AS_ONE_EVENT] if how == "declared" and together else []))
        attack = self.card(link.attack)
        self.step(f"{attack.name} now has {self.power(attack)} power.", [cited.ADDED_AS_DEFENDING]) if any(
            ab.kind == "property" for ab in attack.abilities) else None
        self.event("defend", cards=list(added), attack=None, together=list(added))
        for h in added:
            # "whenever this is defended by …": once per card that becomes defending (7.0.5a)
            self.event("defended", attack=link.attack, card=h, cards=list(added))
        for h in added:
            self.event("defends", card=h, attack=link.attack, together=list(added))

    def _bind_next_defend(self, c: Card, how: str = "declared"):
        """An effect on "the next card you defend with" applies to the first card that becomes defending."""
        cites = {"declared": [cited.DEFENDING_ORDER, cited.DEFEND_AS_ONE_EVENT],
                 "reaction": [cited.DEFENSE_REACTION_BECOMES_DEFENDING,
                              cited.ADDED_AS_DEFENDING]}.get(how, [cited.ADDED_AS_DEFENDING])
        for eff in self.s.effects:
            if not eff.data.get("next_defend") or eff.applies_to is not None or eff.controller != c.controller:
                continue
            if eff.data.get("_spent") or eff.source == c.handle:
                # the card whose text says "the next card you defend with" is not that next card as it becomes
                # defending itself (a defense reaction): its effect waits for another card (7.3.2c's example)
                continue
            eff.data["_spent"] = True
            if eff.selector:   # "if the next card you defend with is a card with combo": a conditional effect (1.8.4)
                cites = cites + [cited.CONDITIONAL_EFFECT] + selector_keyword_rules(eff.selector)
            if matches(c, eff.selector or {}, self, eff.controller):
                eff.applies_to = {c.handle}
                eff.selector = None
                self.step(f"{c.name} is the next card {self.player_name(c.controller)} defends with: the effect of "
                          f"{self._src_name(eff)} applies to it ({_effect_phrase(eff)}).", cites)
                gains.first_applies(self, eff, c)   # 6.2.2b, 6.2.5: its first application
            else:
                eff.applies_to = set()
                self.step(f"{c.name} is the next card {self.player_name(c.controller)} defends with, but it does not "
                          f"match, so the effect of {self._src_name(eff)} does not apply to it.", cites)

    def _check_state_triggers(self):
        """State-based triggers built into keywords: phantasm (8.3.13)."""
        link = self.s.active_link
        if link is None:
            return
        att = self.card(link.attack)
        if not self.has_keyword(att, PHANTASM) or link.__dict__.get("_phantasm"):
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
                      "power: the state-condition is met and a triggered-layer is put on the stack.",
                      [cited.PHANTASM_DEFENDED, cited.STATE_BASED_TRIGGERED_EFFECT])

    def _phantasm_met(self, link: ChainLink) -> bool:
        for h, _, _ in self.defending(link):
            d = self.card(h)
            if d.is_attack_action and "illusionist" not in self.supertypes(d) and (self.power(d) or 0) >= 6:
                return True
        return False

    def _resolve_phantasm(self, layer: Layer):
        link = self.s.active_link
        att = self.card(layer.source)
        self.step(f"The phantasm triggered-layer destroys {att.name}.", [cited.PHANTASM_DEFENDED])
        if link is not None and not link.resolved:
            # 8.3.13b is the specific rule; 7.7.2c would also apply as the attack ceases to exist
            self.close_combat_chain("the attack was destroyed by phantasm before its chain link resolved",
                                    [cited.PHANTASM_CHAIN_CLOSES, cited.ACTIVE_ATTACK_GONE_CLOSES])
        self.zone_effect("destroy", att)

    def reaction_step(self):
        """7.4 the Reaction Step: the turn-player gains priority; attack and defense reactions can be played."""
        self.s.step = "reaction"
        self.trace.phase = "Reaction Step"
        self.turn_player_gains_priority(cited.REACTION_STEP_PRIORITY, "Reaction Step: the turn-player gains priority.")

    def damage_step(self):
        """7.5 the Damage Step: the attack's power against the total defense; the difference is dealt as damage, and
        the attack hits if damage is dealt."""
        s = self.s
        s.step = "damage"
        self.trace.phase = "Damage Step"
        link = s.active_link
        att = self.card(link.attack)
        if att.zone != "combat-chain":
            self.step(f"The active-attack {att.name} ceased to exist before damage was calculated: the Close Step "
                      "begins.", [cited.ACTIVE_ATTACK_GONE_CLOSES, cited.GSA_CHAIN_CLOSES])
            self.close_step()
            return
        power = self.power(att)
        if power is None:   # refuse rather than guess: no rule gives a power to an attack without one
            raise InvalidScenario([self.scenario.reason(
                "cannot-derive", f"{att.name} attacks but does not have the power property, so the Damage Step "
                "cannot compare its power with the defense: give the card its printed power (power = N; 0 is a "
                "value)", f"cards.{att.handle}", cited.NO_PRINTED_POWER)])
        link.power = power
        self.power_seen[att.handle] = power
        gone = [self.card(h) for h, _, _ in link.defenders if self.card(h).zone != "combat-chain"]
        if gone:
            self.step(f"{', '.join(c.name for c in gone)} left the combat chain and "
                      f"{'is' if len(gone) == 1 else 'are'} no longer defending: "
                      f"{'its' if len(gone) == 1 else 'their'} defense does not count.", [cited.ADDED_AS_DEFENDING],
                      tag="telling")
        for c in [att] + [self.card(h) for h, _, _ in self.defending(link)]:
            why = self.explain_value(c, "power" if c is att else "defense")
            if why:
                self.step(*why)
        if link.proxy and any(e.kind == "modify" and "_attack_link" not in e.data and self.effect_applies(e, att)
                              for e in s.effects):
            self.step(f"An effect that applies to {att.name}, the attack-source, modifies its properties, and the "
                      "attack-proxy inherits them.", [cited.SOURCE_EFFECTS_INHERITED, cited.ATTACK_PROXY_EXTENSION])
        order = self.clockwise_order_of_targets(link)
        if len(order) > 1:
            how = "as its controller decided" if link.damage_order else "here clockwise, as no order was given"
            self.step(f"The attack has {len(order)} attack-targets: damage is calculated and dealt separately for each, "
                      f"in an order its controller decides ({how}: {', '.join(self._name_of(t) for t in order)}).",
                      [cited.DAMAGE_EACH_ATTACK_TARGET])
        for target in order:
            if target in s.players and s.players[target].lost:
                # 7.5.2b: a player who lost ceased to exist with their hero (4.5.1a): no damage, no hit-event
                self.step(f"{self._name_of(target)} has ceased to exist (their player lost the game) when the damage is "
                          "calculated: no damage is dealt to them and the event is not generated.",
                          [cited.ATTACK_TARGET_GONE_NO_DAMAGE, cited.LOST_PLAYER_LEAVES_GAME])
                continue
            defenders = [self.card(h) for h, t, _ in self.defending(link) if t == target]
            values = [self.defense(d) or 0 for d in defenders]
            for d in defenders:
                self.defense_seen[d.handle] = self.defense(d) or 0
            total = sum(values)
            link.defense[target] = total
            detail = " + ".join(f"{v} ({d.name})" for v, d in zip(values, defenders)) or "no defending cards"
            if power > total:
                amount = power - total
                self.step(f"Damage is calculated: power {power} against total defense {total} ({detail}): "
                          f"{power} − {total} = {amount} damage to {self._name_of(target)}.",
                          [cited.DAMAGE_CALCULATED])
                dealt = self.deal_damage(target, amount, att, kind="physical", hit_event=True)
                link.damage[target] = dealt
                if dealt > 0:
                    link.hit = True
                    self.step("The attack dealt damage to the attack-target during the Damage Step: it hits (a hit-event).",
                              [cited.DAMAGE_IS_HIT_EVENT, cited.HIT, cited.CHAIN_LINK_HIT])
                    was_marked = self.unmark_on_hit(target, link.controller)
                    self.event("hit", attack=att.handle, card=att.handle, target=target, hit_event=True, amount=dealt,
                               marked=was_marked)
                    self.event("damage", attack=att.handle, target=target, hit_event=True, amount=dealt,
                               is_attack=True)
                else:
                    self.step("The hit-event was modified so that the active-attack dealt no damage: it is no longer a "
                              "hit-event and the attack is not considered to have hit.", [cited.HIT_NO_DAMAGE_DEALT])
                    self.mark_stays(target, link.controller)
            else:
                link.damage[target] = 0
                self.step(f"Damage is calculated: power {power} against total defense {total} ({detail}): the power is not "
                          "greater, so no damage is dealt and the attack does not hit.", [cited.DAMAGE_CALCULATED])
                self.mark_stays(target, link.controller)
        self.turn_player_gains_priority(cited.DAMAGE_STEP_PRIORITY, "The turn-player gains priority.")

    def unmark_on_hit(self, target: str, attacker: str) -> bool:
        """9.3.3: a marked hero hit by a source an opponent controls loses the marked condition as part of the hit
        event (not a game state action, not a trigger). Returns whether the hero was marked as it was hit."""
        p = self.s.players.get(target)
        if p is None or not p.marked:
            return False
        if attacker != target:
            p.marked = False
            self.step(f"{self.player_name(target)} is hit by a source an opponent controls: the marked condition is "
                      "removed as part of the hit event.", [cited.MARK_REMOVED_BY_HIT, cited.MARKED_UNTIL_HIT])
        return True

    def mark_stays(self, target: str, attacker: str):
        """9.3.2b, 9.3.3: a marked hero the attack did not hit stays marked — the mark is removed only as part of a
        hit event by a source an opponent controls."""
        p = self.s.players.get(target)
        if p is not None and p.marked and attacker != target:
            self.step(f"{self.player_name(target)} is marked and the attack does not hit them: the marked condition is "
                      "removed only as part of a hit event, so they stay marked.",
                      [cited.MARKED_UNTIL_HIT, cited.MARK_REMOVED_BY_HIT], tag="telling")

    def clockwise_order_of_targets(self, link: ChainLink) -> list[str]:
        """7.5.2c: the order the attack's controller decided (``damage_order`` on the play), else clockwise."""
        chosen = [p for p in link.damage_order if p in link.targets]
        return chosen + self.in_clockwise_order(link.controller, [t for t in link.targets if t not in chosen])

    def in_clockwise_order(self, start: str, targets: list) -> list:
        """Attack-targets in clockwise order of their controllers from ``start`` (1.1.6): a hero by its player's
        seat, an ally by its controller's."""
        seat = {p: i for i, p in enumerate(self.clockwise_from(start))}
        return sorted(targets, key=lambda t: seat.get(t if t in self.s.players else self.card(t).controller, len(seat)))

    def resolution_step(self):
        """7.6 the Resolution Step: the chain link becomes a resolved chain link, and effects that last for the
        chain link end."""
        s = self.s
        s.step = "resolution"
        self.trace.phase = "Resolution Step"
        link = s.active_link
        link.resolved = True
        att = self.card(link.attack)
        self.step(f"Resolution Step: chain link {link.n} becomes a resolved chain link.", [cited.CHAIN_LINK_RESOLVES])
        self.event("chain-link-resolves", attack=att.handle)
        if att.zone == "combat-chain" and link.proxy is None or (link.proxy and att.zone == "combat-chain"):
            kws = self.keywords(att)
            lki = False
            if link.proxy and GO_AGAIN in kws and GO_AGAIN in att.keywords and GO_AGAIN not in link.proxy_keywords \
                    and not self.gains_keyword(att, GO_AGAIN):
                # 1.4.3a: the attack-proxy does not inherit its source's resolution abilities — go again is one (8.3.5)
                kws = {k: v for k, v in kws.items() if k != GO_AGAIN}
                self.step(f"{att.name}'s own go again is a resolution ability of the card; its attack-proxy inherits "
                          "its properties but not its activated and resolution abilities, so the attack does not have "
                          f"go again and {self.player_name(link.controller)} gains no action point from it.",
                          [cited.ATTACK_PROXY_EXTENSION, cited.GO_AGAIN, cited.GO_AGAIN_ATTACK], tag="go-again")
        else:
            kws = link.lki.get("keywords") or s.lki.get(att.handle, {}).get("keywords", {})
            lki = True
        if GO_AGAIN in kws:
            proxy = bool(link.proxy and GO_AGAIN in link.proxy_keywords)
            whose = f"the go again of {att.name}'s attack-proxy (an ability of the attack, not of the weapon)" if proxy \
                else f"{att.name}'s go again"
            # 8.3.5b: go again of an attack on the active chain link gives its point at the Resolution Step
            self.gain_action_points(link.controller, 1, whose + (" (last known information)" if lki else ""),
                                    [cited.CHAIN_LINK_RESOLVES, cited.GO_AGAIN_ATTACK, cited.GO_AGAIN]
                                    + ([cited.GO_AGAIN_LKI_ATTACK, cited.LAST_KNOWN_INFORMATION,
                                        cited.LKI_FOR_OBJECT_GONE] if lki else [])
                                    # 1.2.3b: the snapshot holds go again an effect gave it
                                    + ([cited.LKI_INCLUDES_EFFECTS] if lki and GO_AGAIN not in att.keywords
                                       and GO_AGAIN not in link.proxy_keywords else [])
                                    + ([cited.ATTACK_PROXY_EXTENSION] if proxy else []))
        elif not lki:
            self.no_go_again(att, link.controller, [cited.CHAIN_LINK_RESOLVES, cited.GO_AGAIN_ATTACK])
        else:
            # 7.6.2a, 1.2.3c: the attack left the chain without go again; its snapshot cannot be altered afterwards
            self.step(f"{att.name} is no longer on the combat chain: its last known information, taken as it left, "
                      "has no go again, and it cannot be altered by anything that happened since, so "
                      f"{self.player_name(link.controller)} gains no action point from the chain link.",
                      [cited.GO_AGAIN_LKI_ATTACK, cited.LKI_IMMUTABLE, cited.LAST_KNOWN_INFORMATION], tag="go-again")
        ended = [e for e in s.effects if e.duration == "link"]
        for e in ended:
            s.effects.remove(e)
        if ended:
            self.step(f"Effects that last for this chain link end ({', '.join(self._src_name(e) for e in ended)}).",
                      [cited.CHAIN_LINK_RESOLVES])
        self.turn_player_gains_priority(cited.RESOLUTION_STEP_PRIORITY, "The turn-player gains priority.")

    def _chain_close_keywords(self):
        for link in self.s.chain:
            for h, _, _ in link.defenders:
                c = self.card(h)
                if c.zone != "combat-chain":
                    continue
                kws = self.keywords(c)
                for row in with_hook("chain-close"):
                    kw, rule, effects = row.name, row.rule, list(row.data)
                    if kw in kws:
                        self.step(f"{c.name} has {kw} and defended this combat chain: its triggered-static ability "
                                  "triggers as the combat chain closes.", [rule, cited.CHAIN_CLOSES_EVENT])
                        self.add_triggered_layer(c, Ability(0, "trigger", {"name": f"{kw.capitalize()} of {c.name}",
                                                                           "effects": effects}, ""), {"card": h})

    def close_step(self):
        """7.7 the Close Step: the combat chain closes, players do not get priority, layers on the stack resolve,
        and the chain's cards return or leave."""
        s = self.s
        if s.step == "close" or not s.chain_open:
            return
        self.facts["chain_closed_at"] = s.step
        s.step = "close"
        s.priority = None
        self.trace.phase = "Close Step"
        self.step("Close Step: the combat chain closes; players do not get priority.", [cited.CLOSE_STEP])
        waiting = len(s.pending)
        self.event("combat-chain-closes")
        if len(s.pending) > waiting:
            self.step("First, the \"combat chain closes\" event occurs: the effects that trigger from it are "
                      "triggered.", [cited.CHAIN_CLOSES_EVENT])
        self._chain_close_keywords()
        for layer in list(s.stack):
            src = s.cards.get(layer.source)
            if layer.is_attack or (src is not None and layer.kind == "card" and
                                   (src.types & {"attack reaction", "defense reaction"})):
                s.stack.remove(layer)
                self.facts["resolved"][self._layer_fact_name(layer)] = False
                if src is not None and src.zone == "stack":
                    self.move(src, "graveyard")
                self.step(f"{layer.name} is on the stack when the combat chain closes: it is put into its owner's "
                          "graveyard.", [cited.CHAIN_CLOSES_EVENT])
        self.add_pending_triggers()
        while s.stack:
            top = s.stack[-1]
            self.step(f"Layers on the stack resolve as if all players passed: {top.name}.",
                      [cited.CLOSE_STEP_STACK_RESOLVES])
            self.resolve_layer(top)
            s.step = "close"
            s.priority = None
        on_chain = [(link, h) for link in s.chain for h in [link.attack] + [d for d, _, _ in link.defenders]]
        # 7.7.5: permanents return to their zones first ...
        for link, h in on_chain:
            c = s.cards[h]
            if c.zone != "combat-chain":
                continue
            if c.__dict__.pop("_chain_origin", None) == "arena":   # a weapon that is not equipped (an item)
                self.move(c, "arena")
                self.step(f"{c.name} returns to the permanent zone it attacked from.", [cited.PERMANENTS_RETURN_FROM_CHAIN])
            elif c.types & {"equipment", "weapon"}:
                self.move(c, "equipment")
                self.step(f"{c.name} returns to its equipped zone.", [cited.PERMANENTS_RETURN_FROM_CHAIN])
            elif c.token or c.is_permanent_card and h == link.attack:
                self.move(c, "arena")
                self.step(f"{c.name} returns to the permanent zone.", [cited.PERMANENTS_RETURN_FROM_CHAIN])
        # ... 7.7.6: then everything else on the combat chain is cleared
        for link, h in on_chain:
            c = s.cards[h]
            if c.zone == "combat-chain":
                self.move(c, "graveyard")
                self.step(f"{c.name} is cleared from the combat chain {self.cleared_to(c)}.",
                          [cited.CHAIN_OBJECTS_CLEARED, cited.CLEAR])
        s.chain_open = False
        s.chain = []
        s.step = "action"
        self.trace.phase = "action phase"
        for eff in list(s.effects):
            if eff.duration in ("chain", "link"):
                s.effects.remove(eff)
        self.step("The combat chain is closed; effects that last for the combat chain end and the action phase "
                  "continues.", [cited.COMBAT_CHAIN_CLOSED])
        self.facts["chain_closed"] = True
        s.priority = s.turn_player
