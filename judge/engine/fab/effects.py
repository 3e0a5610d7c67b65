# Effects (FaB CR 6: discrete 6.1, replacement and prevention 6.4, triggered 6.6) and effect keywords (8.5).
"""Triggered effects (6.6), the effects abilities generate (6.1, 6.2, 8.5), damage and prevention (8.5.3, 6.4.10).

``event`` finds every triggered effect whose condition an event meets and adds its triggered-layer;
``generate_one`` turns one effect primitive from a scenario (docs/scenario-format.md) into state changes.
"""

from __future__ import annotations

from judge.engine.fab import cited, gains, naming, self_replacement, tapping, trigger_order
from judge.engine.fab.base import _describe_effect_data, _describe_quantity, _describe_selector, _effect_phrase
from judge.engine.fab.cards import ARENA_ZONES, CHANGES, Ability, Card, matches
from judge.engine.fab.keywords import KEYWORDS, NOT_PLAYED, label_rules
from judge.engine.fab.primitives import CONTINUOUS, PRIMITIVES, event_card_referenced
from judge.engine.fab.state import Effect, Layer, kept_values


# events about a card outside the arena whose own "when this …" triggers are functional there (1.7.4i)
OUTSIDE_ARENA_EVENTS = {"win-clash": "revealed from the deck to win a clash", "charge": "charged to its hero's soul",
                        "discard": "discarded from its owner's hand",
                        "put-into-graveyard": "put into its owner's graveyard",
                        "banished": "just banished there"}

class Effects:
    """Part of :class:`judge.engine.fab.game.Game`: owns ``s.effects`` (the effects in force), ``s.pending``
    (triggered-layers not yet on the stack), ``s.trigger_counts``, ``triggered`` and ``tokens``; runs the effect
    primitives' handlers (primitives.py)."""

    # =====================================================================================================
    # triggers (6.6)
    # =====================================================================================================
    def event(self, name: str, **info):
        """An event occurs (1.9): triggered effects whose condition it meets trigger (6.6.5)."""
        created = []
        moved = self.s.cards.get(info.get("card")) if "card" in info else None
        if moved is not None:   # the object the event is about, as it is now: a moved card is a new object (3.0.9a)
            info["card_ts"] = moved.timestamp
        self.record_event(name, info)
        effects = self.s.effects
        grants = self.static_grants or effects and any(e.kind == "gain-ability" for e in effects)
        if grants:
            listening = ((src, ab) for src in list(self.s.cards.values())
                         for ab in src.abilities + self.granted_triggers(src))
        else:   # the triggered abilities whose event this is, found in one pass (most events meet none)
            values = self.s.__dict__.get("_derived")   # kept_values() inlined: asked at every event
            values = values[1] if values is not None and values[0] == CHANGES[0] else kept_values(self.s)
            listening = values["in-game"][1].get(name, ())
            if not listening and not effects:
                return created   # no triggered ability listens to it and no delayed trigger is in force
        for src, ab in listening:
            if ab.kind != "trigger" or ab.get("on") != name:
                continue
            if not self._trigger_functional(src, ab, name, info):
                continue
            limit = ab.get("limit")
            if limit is not None and self.s.trigger_counts.get((src.handle, ab.key), 0) >= limit:
                self.step(f"The triggered ability of {src.name} has triggered {limit} time"
                          f"{'s' if limit != 1 else ''} this turn, its limit: it does not trigger again.",
                          [cited.TRIGGER_LIMIT, cited.TRIGGER_LIMIT_EXCEEDED], tag="telling")
                continue
            if not self._is_about(src, ab, name, info):
                continue
            if ab.get("if") and not self.condition(ab.get("if"), src, info):
                cond = ab.get("if")
                if not ab.get("state_trigger"):
                    kw = f" ({ab.get('_keyword')})" if ab.get("_keyword") else ""   # a keyword's: named by it
                    self.step(f"The triggered ability of {src.name}{kw} does not trigger on this event: its condition "
                              f"is not met ({'; '.join(self.unmet_clauses(cond, src, info))}).",
                              [cited.TRIGGER_CONDITION_MET, cited.TRIGGER_STATE_CONDITION_AT_EVENT,
                               cited.CONDITIONAL_EFFECT]
                              + ([cited.CRUSH, cited.CRUSH_ABILITY_CONDITIONAL] if "damage_at_least" in cond
                                 else []) + self.condition_rules(cond) + label_rules(self.keywords(src), name)
                              + ([KEYWORDS[ab.get("_keyword")].rule] if ab.get("_keyword") in KEYWORDS else []),
                              tag="telling")
                continue
            if ab.get("nth") and not self.nth_time(ab.data, src, name, info):
                continue
            if limit is not None:
                self.s.trigger_counts[(src.handle, ab.key)] = self.s.trigger_counts.get((src.handle, ab.key), 0) + 1
            created.append((src, ab))
        if self.s.effects:   # delayed-triggered effects are effects in force (6.6.3)
            created.extend(self.delayed_triggers(name, info))
        for src, ab in created:
            if self._suppressed(src, name, info):
                continue
            if name == "destroyed" and src is not None and info.get("card") == src.handle:
                self.step(f"{src.name} ceased to exist in the event that meets its own trigger condition, and its "
                          "ability was functional immediately before: the effect triggers.",
                          [cited.SOURCE_GONE_STILL_TRIGGERS])
            labels = [k for k in self.keywords(src) if label_rules({k: True}, name)] if src is not None else []
            if labels:
                self.step(f"The triggered ability of {src.name} is its {' / '.join(labels)} ability (a label keyword).",
                          label_rules(self.keywords(src), name))
            if name in OUTSIDE_ARENA_EVENTS and src is not None and src.zone not in ARENA_ZONES:
                self.step(f"{src.name} is in the {src.zone.replace('banished', 'banished zone')} ({OUTSIDE_ARENA_EVENTS[name]}): its triggered ability, whose "
                          "condition is about it outside the arena, is functional.", [cited.OUTSIDE_ARENA_TRIGGER_FUNCTIONAL])
            if name in ("defend", "defends") and src is not None and src.zone == "combat-chain" \
                    and not src.is_permanent_card and self.is_defending(src):
                self.step(f"{src.name} is a non-permanent defending card: its triggered ability is functional because "
                          "its trigger condition is the card defending.", [cited.DEFENDING_CARD_ABILITY_FUNCTIONAL])
            self.add_triggered_layer(src, ab, info)
        return created

    def granted_triggers(self, card: Card) -> list:
        """Triggered abilities an effect gives ``card`` ("the attack gains 'If this hits, …'"), or a functional
        static ability does ("Your attacks have 'When this hits, …'", 6.2.3)."""
        out = []
        for eff in self.s.effects:
            if eff.kind == "gain-ability" and not eff.pending and self.effect_applies(eff, card):
                data = dict(eff.data.get("ability", {}))
                out.append(Ability(0, data.get("kind", "trigger"), data, f"granted-{eff.id}"))
        if self.static_grants:
            for src, ab in self._functional_statics("gain-ability"):
                e = ab.get("effect", {})
                if self._applies(e.get("to", "self"), card, src.controller, src):
                    data = dict(e.get("ability", {}))
                    out.append(Ability(0, data.get("kind", "trigger"), data, f"granted-{src.handle}-{ab.index}"))
        return out

    def _trigger_functional(self, src: Card, ab, name: str, info: dict) -> bool:
        if ab.get("_keyword") is not None and not self.has_keyword(src, ab.get("_keyword")):
            return False   # the ability a keyword means is there only while the card has the keyword
        if ab.get("while") is not None:
            return self.functional(src, ab)
        if name == "destroyed" and info.get("card") == src.handle:
            return info.get("was_functional", False)   # 5.4.6a
        if name == "leaves-arena" and info.get("card") == src.handle:
            return not src.face_down   # 5.4.6a: it was public in the arena immediately before the event
        if name in ("attack", "hit", "damage", "chain-link-resolves") and info.get("attack") == src.handle:
            return True
        if name == "damage" and info.get("card") == src.handle and src.zone == "stack":
            return True   # a card-layer dealing damage as it resolves
        if name == "play" and info.get("card") == src.handle and src.zone == "stack" and ab.get("of", "this") == "this":
            return True   # 1.7.4i: "when this is played" — its source is on the stack, outside the arena, as played
        if name in OUTSIDE_ARENA_EVENTS and info.get("card") == src.handle:
            return True   # 1.7.4i: "when you win a clash revealing this", "when this is charged to your hero's soul"
        if name in ("defend", "defends") and (src.handle in info.get("cards", []) or info.get("card") == src.handle):
            return True   # 1.7.4a: a trigger on defending is functional for the defending card
        # 1.7.4a: only a non-permanent defending card's triggered abilities are non-functional (an equipment's are not)
        return not src.private and src.zone in ARENA_ZONES and (src.is_permanent_card or not self.is_defending(src))

    def _is_about(self, src: Card, ab, name: str, info: dict) -> bool:
        """Triggers written "when this …" need the event to be about their source."""
        about = ab.get("of", "this")
        if about != "this":
            return True
        if name == "defended":
            return info.get("attack") == src.handle   # "whenever this is defended": about the attack
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
        suppressors += [(ab.get("effect"), s_.controller) for s_, ab in self._functional_statics("suppress-triggers")
                        if ab.get("effect", {}).get("do") == "suppress-triggers"]
        for data, controller in suppressors:
            if matches(src, data.get("of", {}), self, controller):
                eff_of = data.get("of", {})
                self.step(f"The triggered effect of {src.name} does not trigger on the hit-event: an effect prevents "
                          f"{_describe_selector(eff_of)} "
                          "effects from triggering when they hit.",
                          [cited.HIT_TRIGGER_PREVENTED, cited.TRIGGER_PREVENTED], tag="telling")
                self.failed.append(f"{src.handle}.trigger")
                return True
        return False

    def moved_type_rules(self, cond: dict, src) -> list:
        """"If an attack action card and a 'non-attack' action card are banished this way": whether a card is of a
        type is read from its type keywords (8.1) — those the description names and those the cards moved this way
        have."""
        handles = []
        if "banished" in cond:
            handles += self.__dict__.get("banished_by", {}).get(src.handle if src else None, [])
        if not handles:
            return []
        specs = cond["banished"] if isinstance(cond["banished"], list) else [cond["banished"]]
        types = {t for s_ in specs for t in s_.get("types", [])}
        types |= {t for h in handles if h in self.s.cards for t in self.card(h).types}
        rules = {"action": cited.ACTION_TYPE, "instant": cited.INSTANT_TYPE, "attack reaction": cited.ATTACK_REACTION,
                 "defense reaction": cited.DEFENSE_REACTION}
        return [rules[t] for t in sorted(types) if t in rules]

    def add_triggered_layer(self, src, ab, info: dict):
        """Put a triggered-layer for ``src``'s triggered ability on the stack, its targets declared as it is added
        (6.6.6)."""
        data = ab.data if hasattr(ab, "data") else {}
        name = data.get("name") or f"the triggered-layer of {src.name if src else 'an effect'}"
        keyword = data.get("_keyword")   # the ability a keyword means (8.3.11): named and cited by its keyword
        if keyword and src is not None:
            name = f"{data.get('name')} of {src.name}"
        layer = Layer(self.s.next_id(), "triggered", src.handle if src else None,
                      src.controller if src else self.s.turn_player, name, data.get("effects", []))
        layer.trigger_source = src.handle if src else None
        layer.params["event"] = dict(info)
        for key in ("chosen", "option"):
            # the play action's `choose` / `option`: the parameters chosen as this card's effects are generated
            # (1.8.6), those of its triggered-layers too ("when this hits, they choose and reveal a card")
            if src is not None and src.__dict__.get(f"_{key}") is not None:
                layer.params[key] = src.__dict__[f"_{key}"]
        if data.get("state_trigger"):
            layer.state_condition = data.get("if")
        target = data.get("target")
        declared = target == "opponent" and (getattr(src, "trigger_target", None) or len(self.s.players) > 2)   # 6.6.6a
        if isinstance(target, dict) or target in ("hero", "any") or declared:
            # 6.6.6a: the controller declares the targets as the layer is added: the card's trigger_target, else
            # (the file names no choice) an opposing hero for a hero, the first object of the file that fits
            options = self.trigger_target_options(target, layer)
            layer.target_spec = target
            if options:
                layer.targets = [self.declared_trigger_target(src, target, options)]
                if src is not None and src.trigger_target:
                    how = "the target the file names"
                elif len(options) > 1:
                    how = f"of {len(options)} that fit, the first " + ("in the file" if isinstance(target, dict)
                                                                       else "opposing hero")
                else:
                    how = ""
                self.step(f"{name} targets {self._name_of(layer.targets[0])} ({self.describe_target_spec(target)}"
                          + (f"; {how}" if how else "") + ").", [cited.TRIGGERED_LAYER_ADDED])
            else:
                # 6.6.6a: no legal target can be declared — the triggered-layer ceases to exist, not added to the stack
                self.step(f"{name} is created but has no legal target ({self.describe_target_spec(target)}): it ceases "
                          "to exist and is not added to the stack.", [cited.TRIGGERED_LAYER_ADDED], tag="failed")
                self.failed.append(f"{src.handle if src else 'effect'}.trigger")
                return layer
        elif target:
            layer.targets = [self._resolve_target_word(target, layer.controller, info)]
        self.s.pending.append(layer)
        handle = src.handle if src else "effect"
        self.triggered.append(handle)
        cites = [cited.TRIGGER_CONDITION_MET]
        cond = data.get("if") or {}
        if cond:   # its condition held as the event occurred (6.6.5b)
            cites += [cited.TRIGGER_STATE_CONDITION_AT_EVENT] + self.condition_rules(cond)
        why = ""
        if "damage_at_least" in cond:
            why = f" (it dealt {info.get('amount', 0)} damage, at least {cond['damage_at_least']}: a damage event, " \
                  "not the hit)"
            cites += [cited.CRUSH, cited.CRUSH_ABILITY_CONDITIONAL]
        who = (name if keyword else data.get("name")) or f"The triggered ability of {src.name if src else 'an effect'}"
        if keyword:
            cites.append(KEYWORDS[keyword].rule)
        elif str(data.get("name", "")).lower() in NOT_PLAYED:
            cites.append(NOT_PLAYED[str(data["name"]).lower()])   # a keyword's ability written out (8.3.18)
        if src is not None and info.get("card") == src.handle and src.zone == "stack" and data.get("on") == "play":
            cites.append(cited.OUTSIDE_ARENA_TRIGGER_FUNCTIONAL)   # "when this is played", on the stack
        link = self.s.active_link
        if src is not None and link is not None and link.proxy and info.get("attack") == src.handle:
            why += " (the attack-proxy is an extension of its attack-source, whose one triggered ability triggers)"
            cites.append(cited.ATTACK_PROXY_EXTENSION)
        self.step(f"{who} triggers{why}: a triggered-layer is created under "
                  f"{self.player_name(layer.controller)}'s control.",
                  cites + [cited.TRIGGERED_LAYER,
                           cited.DELAYED_TRIGGER if isinstance(ab, Effect) else cited.STATIC_TRIGGER])
        return layer

    def add_pending_triggers(self):
        """6.6.6, 1.10.2d: created triggered-layers are added to the stack before anyone receives priority —
        with several players', each in clockwise order from the turn player adds their own (6.6.6b), in the order
        they choose (their ``trigger_order``)."""
        pending = self.s.pending
        if not pending:
            return
        self.s.pending = []
        controllers = {layer.controller for layer in pending}
        cites = [cited.TRIGGERED_LAYER_CREATED, cited.GSA_TRIGGERS]
        seats = self.clockwise_from(self.s.turn_player)
        if len(controllers) > 1:
            cites.append(cited.TRIGGERED_LAYERS_ORDER)
        pending = [layer for player in seats for layer in trigger_order.own_order(
            self, player, [l for l in pending if l.controller == player])] + [l for l in pending if l.controller not in seats]
        for layer in pending:
            self.s.stack.append(layer)
        names = ", ".join(layer.name for layer in pending)
        order = " (each player in clockwise order from the turn player adds their own, so the last resolve first)" \
            if len(controllers) > 1 else ""
        self.step(f"{'Triggered-layers are' if len(pending) > 1 else 'The triggered-layer is'} added to the stack: "
                  f"{names}{order}.", cites)

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
        """Generate each effect of a layer or ability in order, each only if its condition is met as it is
        generated."""
        event = dict(layer.params.get("event", {})) if layer is not None else {}
        if layer is not None and layer.targets:
            event["layer_targets"] = list(layer.targets)   # "if that hero is …": the heroes it targets
        done = True     # did the last effect not itself conditional on "if you do" succeed (1.8.4a)
        decided: dict = {}  # "unless [player] pays" clauses already answered (1.8.4b)
        each_done = None    # after an effect for each hero: which of them did their part (1.9.2c)
        self.__dict__.setdefault("moved_by", {}).pop(src.handle if src else None, None)   # "that card": this ability's
        for eff in effects:
            cond = eff.get("if")
            if each_done is not None and eff.get("who") == "each" and cond == {"if_you_do": True}:
                self._each_that_did(eff, src, controller, layer, each_done)   # "each hero that does, …"
                each_done = self.__dict__.pop("each_done", None)
                continue
            each_done = None
            if cond and ("if_you_do" in cond or "otherwise" in cond):
                self.last_ok = done   # "If you do, A and B": each of A and B reads the same preceding effect (1.8.4)
            if cond:
                # a conditional effect: its condition is checked as it would be generated (8.4.3a)
                label = [cited.REPRISE, cited.CONDITION_REPRISE_ABILITY] if "defended_from_hand" in cond else []
                # checked once, as the game is now, never again (a later change does not undo it): 6.1.3, 6.2.2d
                label += [cited.CONTINUOUS_CONDITION_CHECKED_ONCE if eff.get("do") in CONTINUOUS
                          else cited.DISCRETE_CONDITION_CHECKED_ONCE] + self.condition_rules(cond)
                label += [cited.SURGE] if "dealt_more_than" in cond else []
                label += self.moved_type_rules(cond, src)
                label += label_rules(self.keywords(src), "conditional") if src is not None else []   # 8.4.13-8.4.16
                who = src.name if src else "The effect"
                if not self.condition(cond, src, event):
                    unmet = "; ".join(self.unmet_clauses(cond, src, event))
                    self.step(f"{who}: the condition of \"{_describe_effect_data(eff)}\" is not met ({unmet}), so that "
                              "effect is not generated.",
                              [cited.CONDITIONAL_EFFECT] + label
                              + ([cited.OTHERWISE_EFFECT] if "otherwise" in cond else []), tag="telling")
                    self.last_ok = False
                    done = done if "if_you_do" in cond or "otherwise" in cond else False
                    continue
                self.step(f"{who}: the condition of \"{_describe_effect_data(eff)}\" is met as it resolves.",
                          [cited.CONDITIONAL_EFFECT] + label
                          + ([cited.OTHERWISE_EFFECT] if "otherwise" in cond else []))
            self.last_ok = True
            if eff.get("may") and not self._chooses_to(eff, src, controller, layer):
                self.last_ok = done = False
                continue
            if eff.get("unless_paid") and self.unless_paid(eff, src, controller, layer, decided):
                self.last_ok = done = False
                continue
            self.__dict__.pop("each_done", None)
            self.generate_one(eff, src, controller, layer)
            if layer is not None and layer.params.get("negated_itself"):
                break   # 8.5.26a: a layer that negated itself does not finish resolving
            each_done = self.__dict__.pop("each_done", None)
            if not (cond and ("if_you_do" in cond or "otherwise" in cond)):
                done = self.last_ok

    def _chooses_to(self, eff: dict, src: Card | None, controller: str, layer=None) -> bool:
        """An optional effect ("you may …", 1.8.3a): its controller chooses to generate it unless the file says the
        card's controller declines (``decline = true``); one that cannot succeed is tried and fails (1.8.3b), so
        an "if you do" after it is not met."""
        who = self.player_name(controller)
        what = f"\"{_describe_effect_data(eff)}\" is an optional effect of {src.name if src else 'the ability'}"
        if src is not None and src.decline:
            self.step(f"{what}: {who} chooses not to generate it (the file says decline = true).",
                      [cited.OPTIONAL_EFFECT], tag="telling")
            return False
        short = self._too_few_objects(eff, controller, layer)
        if short:
            self.step(f"{what}: {short}, so it cannot resolve successfully and {who} cannot choose to generate it.",
                      [cited.OPTIONAL_EFFECT_IMPOSSIBLE, *tapping.fails_rules(eff)])
            return False
        self.step(f"{what}: {who} chooses to generate it (the file does not say decline = true); if it cannot be "
                  "done, it is not done.",
                  [cited.OPTIONAL_EFFECT, cited.OPTIONAL_EFFECT_IMPOSSIBLE])
        return True

    def _too_few_objects(self, eff: dict, controller: str, layer) -> str:
        """Why an optional effect that moves N cards of a zone ("you may banish 3 traps from your graveyard")
        cannot resolve successfully: fewer than N fit (1.8.3b); or whose asset-cost ("you may pay {r}{r}") cannot be
        paid (1.8.3b, 1.14.2b); '' when it can."""
        what, n = eff.get("what"), eff.get("amount", 1)
        if eff.get("do") in ("tap", "untap"):
            return tapping.too_few(self, eff, controller, layer)
        if eff.get("do") == "pay":
            have = self.s.players[controller].resources + self.s.players[controller].chi + sum(
                c.pitch or 0 for c in self.s.cards.values() if c.zone == "hand" and c.owner == controller)
            return "" if have >= n else \
                f"{self.player_name(controller)} has {have} resources with the cards they could pitch, fewer than {n}"
        if eff.get("do") not in ("banish", "discard", "put") or not isinstance(what, dict) or "zone" not in what or \
                what["zone"] in ARENA_ZONES or not isinstance(n, int) or n < 2:
            return ""
        _, pool = self.zone_pool(eff, controller, layer)
        if len(pool) >= n:
            return ""
        return f"only {len(pool)} of the {n} cards it needs are in the {what['zone']}"

    def _target_cards(self, spec, src, layer, controller):
        if spec in (None, "self"):
            return [src] if src is not None else []
        if spec == "target":
            return [self.card(t) for t in (layer.targets if layer else []) if t in self.s.cards]
        if spec == "attack":
            link = self.s.active_link
            return [self.card(link.attack)] if link else []
        if spec == "it":
            # the object the effect before it moved or chose: still referenced while it is public (3.0.9b)
            return [self.card(h) for h in self.__dict__.get("last_objects", []) if h in self.s.cards]
        if spec == "event-card":
            # the card the triggering event is about: "when you play an attack action card, … the attack gains …"
            event = layer.params.get("event", {}) if layer is not None else {}
            h = event.get("card")
            return event_card_referenced(self, self.card(h), event, layer) if h in self.s.cards else []
        if isinstance(spec, str) and spec in self.s.cards:
            return [self.card(spec)]
        if isinstance(spec, dict):
            # every public object in the arena that fits, seen from the effect's controller ("all auras you control")
            return [c for c in self.s.cards.values() if c.zone in ARENA_ZONES and not c.private
                    and matches(c, spec, self, controller)]
        return []

    def _objects(self, eff: dict, default: str, src, layer, controller) -> list:
        """The cards an effect acts on (``what``); when there is none, the effect fails (1.8.9) and says so."""
        cards = self._target_cards(eff.get("what", default), src, layer, controller)
        if not cards:
            what = eff.get("what", default)
            whom = ", ".join(self._name_of(t) for t in (layer.targets if layer else [])) if what == "target" else what
            self.step(f"{src.name if src else 'The effect'}: \"{_describe_effect_data(eff)}\" has no object to act "
                      f"on ({whom or 'nothing'} is not a card it can affect), so that effect fails.",
                      [cited.EFFECT_FAILS])
        return cards

    def generate_one(self, eff: dict, src: Card | None, controller: str, layer: Layer | None):
        """Generate one effect: fix its numbers ("X", "for each …"), then run its primitive's handler
        (primitives.PRIMITIVES; an unknown primitive never gets this far: the schema refused it at load time)."""
        eff = naming.with_named(self, self_replacement.as_generated(self, eff, src, layer), src)   # 6.4.7; 8.5.21
        do = eff.get("do")
        # values written as "X" or "for each …" are fixed as the effect is generated
        for field in ("amount", "by"):
            v = eff.get(field)
            if isinstance(v, dict) and field == "by" and eff.get("next"):
                gains.variables_wait(self, eff, src)   # 6.2.2b: fixed as it first applies to an object
                continue
            if isinstance(v, dict) or v == "X":
                n = self.amount(v, src, layer)
                what = f"X = {n}" if v == "X" else f"{n} ({_describe_quantity(v)})"
                self.step(f"{src.name if src else 'The effect'}: the number in \"{_describe_effect_data(eff)}\" is "
                          f"{what} as the effect is generated{self._missing_property(v, src)}.",
                          ([cited.CONDITIONAL_EFFECT] if v != "X" else [cited.VALUE_X])
                          + ([cited.MISSING_PROPERTY_IS_ZERO] if self._missing_property(v, src) else []))
                eff = dict(eff, **{field: n})
        if self._no_defending_hero(eff, src):
            return
        if eff.get("who") == "each":
            self._each_player(eff, src, controller, layer)
            return
        PRIMITIVES[do].handler(self, eff, src, controller, layer)

    def _missing_property(self, v, src) -> str:
        """Words when a number reads a numeric property of a specific object that has none: zero is used (1.8.7a)."""
        if not isinstance(v, dict) or v.get("count") != "revealed-pitch" or src is None:
            return ""
        h = self.__dict__.get("revealed_by", {}).get(src.handle)
        if h not in self.s.cards or self.card(h).pitch is not None:
            return ""
        return f" ({self.card(h).name}, the card revealed, has no pitch property: zero is used as its value)"

    def _each_player(self, eff: dict, src, controller: str, layer):
        """"Each hero draws a card": a compound event where each player performs the instruction as an individual
        event in clockwise order, starting with the controller of the effect (1.9.2c); where it makes them choose
        cards, each determines their own in that order (1.8.6a)."""
        order = [p for p in self.clockwise_from(controller) if not self.s.players[p].lost]
        chooses = isinstance(eff.get("what"), dict) and "zone" in eff["what"]
        self.step(f"\"{_describe_effect_data(eff)}\" instructs each hero: a compound event in which each player performs "
                  "it as an individual event in clockwise order, starting with the controller of the effect"
                  + (", each determining their own parameters in that order" if chooses else "")
                  + f": {', '.join(self.player_name(p) for p in order)}.",
                  [cited.EACH_PLAYER_CLOCKWISE, cited.COMPOUND_EVENT] + ([cited.PARAMETERS_CLOCKWISE] if chooses else []))
        self._perform_each(eff, order, src, controller, layer)

    def _perform_each(self, eff: dict, players: list, src, controller: str, layer):
        """Each of ``players`` performs ``eff`` as an individual event, in that order (1.9.2c); who did their part
        is kept for an "each hero that does" after it, and "if you do" reads the controller's own part (1.8.4)."""
        results = {}
        for p in players:
            self.last_ok = True
            PRIMITIVES[eff["do"]].handler(self, dict(eff, who=p), src, controller, layer)
            results[p] = self.last_ok
        self.each_done = results
        self.last_ok = results.get(controller, False)

    def _each_that_did(self, eff: dict, src, controller: str, layer, each_done: dict):
        """"Each hero puts …. Each hero that does, discards a card": the second instruction is for each player
        whose own part of the compound event before it was done (1.8.4, 1.9.2c), in the same clockwise order."""
        did = [p for p in each_done if each_done[p]]
        rest = {k: v for k, v in eff.items() if k != "if"}
        self.step(f"\"{_describe_effect_data(rest)}\" is for each hero who did their part of the effect before it: "
                  + (", ".join(self.player_name(p) for p in did) if did else "none of them") + ".",
                  [cited.CONDITIONAL_EFFECT, cited.EACH_PLAYER_CLOCKWISE], tag="telling")
        self._perform_each(rest, did, src, controller, layer)

    def _no_defending_hero(self, eff: dict, src) -> bool:
        """8.2.8d: an effect naming the defending hero ("they discard", "mark them") while the attack-target is an
        ally names no one — there is no defending hero on that chain link, and the effect fails."""
        link = self.s.active_link
        if "defending-hero" not in (eff.get("who"), eff.get("to")) or link is None or \
                any(t in self.s.players for t in link.targets):
            return False
        self.step(f"{src.name if src else 'The effect'}: \"{_describe_effect_data(eff)}\" names the defending hero, but "
                  "the attack-target is not a hero: there is no defending hero, so that effect fails.",
                  [cited.ALLY_ATTACKED, cited.DEFENDING_HERO, cited.EFFECT_FAILS])
        self.last_ok = False
        return True

    def _as_attack(self, to, layer) -> bool:
        """Does the effect speak of an attack ("the attack", "target attack …") rather than of a card?"""
        if to == "attack":
            return True
        if to == "event-card":
            return bool(layer is not None and layer.params.get("event", {}).get("is_attack"))
        spec = layer.target_spec if layer is not None else None
        return to == "target" and (spec == "attack" or isinstance(spec, dict) and bool(spec.get("is_attack")))

    def proxy_link_number(self, handle: str):
        """The chain link number of the attack-proxy whose source is ``handle`` (on the combat chain, or on the
        stack and about to become the next chain link), else None."""
        link = self.s.active_link
        if link is not None and link.attack == handle and link.proxy:
            return link.n
        if any(layer.kind == "attack-proxy" and layer.source == handle for layer in self.s.stack):
            return len(self.s.chain) + 1 if self.s.chain_open else 1
        return None

    def _describe_effect(self, e: Effect, name: str) -> str:
        d = e.data
        if e.next_play:
            sel = dict(e.selector or {})
            whose = " an opponent plays" if sel.pop("controller", "you") == "opponent" else " its controller plays"
            who = f"the next {_describe_selector(sel, plural=False) if sel else 'card'}{whose}"
        elif d.get("next_defend"):
            sel = dict(e.selector or {})
            what = _describe_selector(sel, plural=False) if sel else "card"
            who = f"the next {what} its controller defends with"
        else:
            who = ", ".join(self.card(h).name for h in sorted(e.applies_to)) if e.applies_to else \
                _describe_selector(e.selector)
        until = {"chain": " this combat chain", "link": " this chain link", "turn": " this turn"}.get(e.duration, "")
        if e.kind in ("modify", "gain-keyword", "gain-ability", "lose-keyword", "cost", "modify-base", "lose-supertypes",
                      "gain-supertypes"):
            return f"{name} creates an effect: {who} {_effect_phrase(e)}" + \
                (" to play." if e.kind == "cost" else f"{until}.")
        if e.kind == "prevent":
            amount = "all" if d.get("amount", "all") == "all" else d["amount"]
            kind = f"{d['damage_type']} " if d.get("damage_type") else ""
            shielded = self._name_of(e.data["shielded"])
            when = f" (only an event where {_describe_condition(d['when'])})" if d.get("when") else ""
            if d.get("shield"):
                return f"{name} creates a prevention effect: prevent the next {amount} {kind}damage that would be " \
                       f"dealt to {shielded} this turn{when}."
            return f"{name} creates a prevention effect: the next time {shielded} would " \
                   f"be dealt {kind}damage this turn{when}, prevent {amount} of it."
        if e.kind == "reduce-prevention":
            kind = {"physical": "{p} ", "arcane": "arcane "}.get(d.get("damage_type"), "")
            which = "the next prevention effect" if d.get("next", True) else "each prevention effect"
            return f"{name} creates an effect: {which} that prevents {kind}damage{until} prevents " \
                   f"{d.get('amount', 1)} less of that damage."
        if e.kind == "cannot-be-prevented":
            when = f" when {_describe_condition(d['when'])}" if d.get("when") else ""
            return f"{name} creates an effect: damage that would be dealt by {who} can't be prevented{when}{until}."
        if e.kind == "cannot-gain-power":
            return f"{name} creates an effect: {who} can't gain {{p}}{until} — a restriction: an increase to its " \
                   "power from now on does nothing, and what it has already gained stays."
        if e.kind == "cannot-gain-keyword":
            return f"{name} creates an effect: {who} can't gain {d.get('keyword')}{until} — a restriction on " \
                   "gaining it, not a loss: a keyword it has by itself stays."
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
        if e.kind == "modify-base":
            return [cited.LAYER_CONTINUOUS_EFFECT, cited.EFFECT_MODIFIES_VALUE]
        if e.kind in ("lose-supertypes", "gain-supertypes"):
            return [cited.LAYER_CONTINUOUS_EFFECT, cited.LOSE_SUPERTYPES]
        if e.kind == "cannot-gain-power":
            return [cited.RESTRICTION_PRECEDENCE, cited.NOT_RETROACTIVE]
        if e.kind == "prevent":
            return [cited.PREVENTION]
        if e.kind == "reduce-prevention":
            return [cited.PREVENTION_DECREASED]
        if e.kind == "cannot-be-prevented":
            return [cited.PREVENTION_CANNOT_PREVENT]
        if e.kind == "additional-activations":
            return [cited.EFFECT_ALLOWS_ABILITY]
        if e.kind == "set-limit":
            return [cited.EFFECTS_STATE_HOW_MANY]
        return [cited.LAYER_CONTINUOUS_EFFECT]

    def _player_word(self, word: str, controller: str, layer) -> str:
        """A player named by an effect: you, opponent, target, defending-hero, attacking-hero or a player name."""
        if word == "target" and layer is not None:
            return next((t for t in layer.targets if t in self.s.players), self.opponents(controller)[0])
        if word == "attacking-hero":
            link = self.s.active_link
            return link.controller if link else controller
        if word == "event-target" and layer is not None and layer.params.get("event", {}).get("target") in self.s.players:
            return layer.params["event"]["target"]     # the hero the triggering event is about ("under their control")
        if word == "target-controller" and layer is not None:
            # the controller of the targeted object ("target attack … unless its controller pays"), or the target hero
            for t in layer.targets:
                if t in self.s.players:
                    return t
                if t in self.s.cards:
                    return self.s.cards[t].controller or self.s.cards[t].owner
        return self._resolve_target_word(word, controller, {})

    def draw(self, player: str, n: int):
        """8.5.6: move the top card of the deck to the hand, n times; fails on an empty deck (8.5.6b)."""
        if n > 1:
            self.step(f"Drawing {n} cards is a compound event: {self.player_name(player)} draws a card, {n} times, each "
                      "an individual event.", [cited.COMPOUND_EVENT])
        for _ in range(n):
            deck = self.deck_of(player)
            if not deck:
                self.step(f"{self.player_name(player)} tries to draw a card, but their deck is empty: the draw fails.",
                          [cited.DRAW_FROM_EMPTY_DECK_FAILS])
                self.last_ok = False
                return
            top = deck[0]   # the first deck card listed in the scenario is the top of the deck
            self.move(top, "hand")
            top.face_down = False
            self.step(f"{self.player_name(player)} draws a card ({top.name}).", [cited.DRAW])
            self.event("draw", card=top.handle, player=player)   # "if you've drawn a card this turn" counts it

    def intimidate(self, who: str, eff: dict, layer, by: str | None = None):
        """8.5.10: the player banishes a card from their hand face-down until the beginning of the end phase;
        ``by`` (the effect's controller) has intimidated — an ``intimidate`` event this turn, even with no card
        banished (8.5.10a)."""
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
        self.event("intimidate", player=by, target=who)
        if card is None:
            self.step(f"{self.player_name(who)} is intimidated but has no card in hand to banish; they are still "
                      "considered intimidated.", [cited.INTIMIDATE, cited.INTIMIDATED])
            return
        self.move(card, "banished")
        card.face_down = True
        self.step(f"{self.player_name(who)} is intimidated: {card.name}{note} is banished face-down from their hand "
                  "until the beginning of the end phase, so it cannot be used to defend this turn; it goes from a "
                  "private zone to face down, so it never becomes public.",
                  [cited.INTIMIDATE, cited.BECOMES_PUBLIC_BEFORE_MOVE])
        self.return_at_end_phase(card, "intimidate", [cited.INTIMIDATE, cited.INTIMIDATE_RETURNS_ITS_CARDS])

    def gain_action_points(self, player: str, n: int, why: str, cites):
        """The player gains ``n`` action points, only in their own action phase (1.13.2)."""
        if player != self.s.turn_player:
            # 8.5.7b: a non-turn player's gain of action points fails (1.13.2b)
            self.step(f"{self.player_name(player)} would gain an action point from {why}, but it is not their "
                      "action phase: the gain fails and they gain none.",
                      [cited.GAIN_ACTION_POINTS_FAILS] + list(cites) + [cited.ACTION_POINTS_ONLY_IN_ACTION_PHASE],
                      tag="go-again")
            return
        self.s.players[player].action_points += n
        self.step(f"{self.player_name(player)} gains {n} action point{'s' if n != 1 else ''} from {why} "
                  f"(now {self.s.players[player].action_points}).", cites,
                  tag="go-again" if "go again" in why else "telling")

    def no_go_again(self, card, player: str, cites):
        """8.3.5: ``card`` does not have go again because the condition of an ability that would give it go
        again is not met (1.7.4g): said, with the rules, as the point where it would have given an action point."""
        sources = self.unmet_keyword_grants(card, "go again")
        if sources:
            whose = ", ".join(f"{src.name}'s" if src is not card else "its own" for src in sources)
            conds = [ab.get("while") for src in sources for ab in src.abilities if ab.kind == "static"
                     and ab.get("while") and ab.get("effect", {}).get("keyword") == "go again"]
            absent = [w for cond in conds for w in self.without_property(cond, sources[0])]
            self.step(f"{card.name} does not have go again: the condition of {whose} ability that would give it go "
                      f"again is not met{' (' + '; '.join(absent) + ')' if absent else ''}, so "
                      f"{self.player_name(player)} gains no action point from it.",
                      list(cites) + [cited.GO_AGAIN, cited.WHILE_STATIC_FUNCTIONAL, cited.CONDITIONAL_EFFECT]
                      + self.condition_rules(conds)
                      + ([cited.PROPERTY_VALUE_INFERS_EXISTENCE] if absent else []), tag="go-again")

    def create_token(self, eff: dict, controller: str):
        """Create a token in the arena under ``controller``'s control (8.5.2)."""
        handle = eff.get("handle") or f"token{len(self.tokens) + 1}"
        c = Card(handle, eff.get("name", "token"), controller)
        c.types = set(eff.get("types", ["token"])) | {"token"}
        c.subtypes = set(eff.get("subtypes", []))
        c.token = True
        c.zone = "arena"
        c.timestamp = self.s.tick()
        self.s.cards[handle] = c
        self.tokens.append(c.name)
        self.step(f"A {c.name} token is created and enters the arena under {self.player_name(controller)}'s control.",
                  [cited.CREATE_TOKEN, cited.TOKEN_ENTERS_UNDER_CREATOR_CONTROL])

    def zone_effect(self, do: str, c: Card):
        """Destroy, banish or discard a card (8.5.4, 8.5.1, 8.5.5), with the events and last known information that
        follow."""
        was_functional = any(self.functional(c, ab) for ab in c.abilities if ab.kind in ("static", "trigger"))
        was_functional = was_functional or (c.zone in ARENA_ZONES and not c.private)
        link = self.s.active_link
        was_attack = link is not None and link.attack == c.handle
        if do == "destroy":
            self.remember(c)
            ctrl = c.controller     # who controlled it as it was destroyed ("an item you control has been destroyed")
            self.move(c, "graveyard")
            if c.token:
                c.zone = "outside"
            self.step(f"{c.name} is destroyed.",
                      [cited.DESTROY] + ([cited.CLEARED_TOKEN_CEASES_TO_EXIST] if c.token else []))
            self.event("destroyed", card=c.handle, was_functional=was_functional, player=ctrl)
        elif do == "banish":
            self.move(c, "banished")
            self.step(f"{c.name} is banished.", [cited.BANISH])
        elif do == "discard":
            from_hand = c.zone == "hand"
            self.move(c, "graveyard")
            self.step(f"{c.name} is discarded." if c.zone == "graveyard" else
                      f"{c.name} is discarded: its move was replaced (it is in its owner's {c.zone}), but a replacement "
                      "that modifies part of a composite event does not stop the discard, which still occurs.",
                      [cited.DISCARD] + ([] if c.zone == "graveyard" else [cited.COMPOSITE_EVENT_STILL_OCCURS]))
            if from_hand:   # a discard chosen by its player (a declared cost, "discard this"): not at random
                self.event("discard", card=c.handle, player=c.owner, random=False)
        if was_attack:
            self.step(f"The active-attack {c.name} has ceased to exist; the chain link remains and uses last known "
                      "information about it.", [cited.CHAIN_LINK_AS_COLLECTION, cited.LAST_KNOWN_INFORMATION])
            link.lki = dict(self.s.lki.get(c.handle, {}))
            if link.power is None and self.s.step in ("attack", "defend", "reaction", "damage"):
                self.close_combat_chain(f"the active-attack {c.name} ceased to exist before damage was calculated",
                                        [cited.ACTIVE_ATTACK_GONE_CLOSES])
            elif link.power is not None:
                self.step("Damage was already calculated for this chain link, so its attack ceasing to exist does not "
                          "close the combat chain.", [cited.ACTIVE_ATTACK_GONE_CLOSES])

    def search(self, eff: dict, src, controller: str, layer):
        """Search the controller's deck for a card that matches, put it where the effect says, then shuffle
        (8.5.19)."""
        spec = eff.get("for", {})
        deck = [c for c in self.s.cards.values() if c.zone == "deck" and c.owner == controller]
        found = next((c for c in deck if matches(c, spec, self, controller)), None)
        what = _describe_selector(spec)
        then = eff.get("then", "hand")
        if found is not None and src is not None and src.fail_search:
            # 1.9.1c: no opponent can verify what is in a private deck, so its player may choose to fail the search
            self.step(f"{self.player_name(controller)} searches their deck for {what} and chooses to find none: the deck "
                      "is private, no opponent can verify that one is there, so the player may choose to fail to "
                      "complete the instruction, and the search fails.", [cited.CHOOSE_TO_FAIL, cited.SEARCH])
            self.facts.setdefault("search", {})[layer.name if layer else "search"] = "failed"
            self.step(f"{self.player_name(controller)} shuffles their deck.", [cited.SHUFFLE])
            return None
        if found is None:
            self.step(f"{self.player_name(controller)} searches their deck for {what}: none is found, the search "
                      "fails.", [cited.SEARCH])
            self.facts.setdefault("search", {})[layer.name if layer else "search"] = "failed"
            if then == "defend":
                self.step("The card cannot be added as a defending card: the effect fails and it stays in the deck.",
                          [cited.EFFECT_ADDS_DEFENDING_CARD])
            self.step(f"{self.player_name(controller)} shuffles their deck.", [cited.SHUFFLE])
            return None
        self.step(f"{self.player_name(controller)} searches their deck and finds {found.name}.", [cited.SEARCH])
        if then == "defend":
            self.add_defending([found.handle], self._defending_target(controller), "effect")
        elif then == "attack":
            self.step(f"{self.player_name(controller)} shuffles their deck.", [cited.SHUFFLE])
            return found
        else:
            self.move(found, "hand")
        self.step(f"{self.player_name(controller)} shuffles their deck.", [cited.SHUFFLE])
        return found

    def _defending_target(self, player: str) -> str:
        link = self.s.active_link
        if link and player in link.targets:
            return player
        return link.targets[0] if link else player


_CONDITION_WORDS = {"damage_at_least": "it is {} or more damage", "damage_at_most": "it is {} or less damage",
                    "banished_from": "it was banished from the {} this turn"}


def _describe_condition(cond: dict) -> str:
    """A damage event's condition in words: "it is 3 or less damage"."""
    return " and ".join(f"its source is {_describe_selector(v, plural=False)}" if k == "card" else
                        _CONDITION_WORDS.get(k, f"{k} = {{}}").format(v) for k, v in cond.items())
