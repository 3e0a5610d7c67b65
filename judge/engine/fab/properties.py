# Properties under continuous effects (FaB CR 6.2, 6.3) and property-static abilities (5.4.5): power, defense.
"""Objects' properties under continuous effects (6.2, 6.3) and the conditions abilities test.

Power and defense are computed on demand: base value (printed, property-static 5.4.5, or set), then every
functional +N/−N in substage order (6.3.3) with the floor at zero (2.0.3c); keywords likewise. A condition
table (``while`` / ``if``) is checked clause by clause, and an unmet one is explained in words.
"""

from __future__ import annotations

from judge.engine.fab import cited, gains
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import ARENA_ZONES, CHANGES, Card, matches
from judge.engine.fab.conditions import CONDITIONS, event_attack
from judge.engine.fab.contests import rolled
from judge.engine.fab.counts import EXTRA_QUANTITIES
from judge.engine.fab.keywords import label_rules, with_hook
from judge.engine.fab import state
from judge.engine.fab.state import ChainLink, kept_values

_KEYWORD_CHANGES = ("gain-keyword", "lose-keyword", "cannot-gain-keyword")


class Properties:
    """Part of :class:`judge.engine.fab.game.Game`: owns nothing; computes values (power, defense, keywords,
    quantities) and conditions from the state."""

    # =====================================================================================================
    # properties with continuous effects (6.2, 6.3)
    # =====================================================================================================
    def _functional_statics(self, *does: str):
        """(source, ability) for every functional static ability in the game (1.7.4, 5.4.7a) — only those whose
        effect is one of ``does`` when given. A static ability whose while-condition is being evaluated is not
        counted inside that evaluation (its condition reading a value it would change is not a loop)."""
        values = self.s.__dict__.get("_derived")   # static_abilities() inlined when kept: asked at every value
        statics = values[1].get(does) if values is not None and values[0] == CHANGES[0] else None
        statics = self.static_abilities(does) if statics is None else statics
        return self._functional_of(statics) if statics else ()

    def static_abilities(self, does: tuple = ()) -> list:
        """(source, ability) for every static ability in the game, functional or not — only those whose effect
        is one of ``does`` when given — in the order of the cards and their abilities (kept until they change)."""
        values = self.s.__dict__.get("_derived")   # kept_values() inlined: this is asked for at every value
        values = values[1] if values is not None and values[0] == CHANGES[0] else kept_values(self.s)
        statics = values.get(does)   # kept by the tuple of effects asked for ("in-game" is the one other key)
        if statics is None:
            statics = values[does] = [(src, ab) for src, ab in values["in-game"][0]
                                      if not does or ab.data.get("effect", {}).get("do") in does]
        return statics

    def _functional_of(self, statics):
        """Those of the (source, static ability) pairs that are functional, each when the caller reaches it."""
        busy = self._evaluating
        for src, ab in statics:
            key = (src.handle, ab.index)
            if key in busy:
                continue
            busy.add(key)
            try:
                ok = self.functional(src, ab)
            finally:
                busy.discard(key)
            if ok:
                yield src, ab

    def functional(self, src: Card, ab) -> bool:
        """Is the ability functional now: its while-condition met, and a private source's only where the condition
        names its place (5.4.7a)?"""
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
        if src.zone == "combat-chain" and self.is_defending(src) and not src.is_permanent_card:
            return False  # 1.7.4a: a non-permanent defending card's abilities are non-functional
        return src.zone in ARENA_ZONES

    def effect_applies(self, eff, card: Card) -> bool:
        """Does a continuous effect in force apply to ``card`` now? An effect given to a weapon's attack
        (an attack-proxy) applies to that attack only — its chain link — not to the weapon's next attack
        (1.4.3e)."""
        link_n = eff.data.get("_attack_link")
        if link_n is not None:
            link = self.s.active_link
            if link is None or link.n != link_n or link.attack != card.handle:
                on_stack = any(l.is_attack and l.source == card.handle for l in self.s.stack) and \
                    len(self.s.chain) + 1 == link_n and (link is None or link.n < link_n)
                if not on_stack:
                    return False
        if eff.applies_to is None and isinstance(eff.selector, dict) and not eff.next_play:
            # 6.2.2c: a layer-continuous effect that has started to apply to an object keeps applying to it, even
            # if the object no longer fits the description (an arrow "in your arsenal" that is then played);
            # it ends for the object when that becomes a new object (3.0.9, new_object)
            held = eff.data.setdefault("_held", set())
            if card.handle in held:
                said = eff.data.setdefault("_held_said", set())
                if card.handle not in said and not self._applies(eff.selector, card, eff.controller,
                                                                 self.s.cards.get(eff.source)):
                    said.add(card.handle)
                    self.step(f"The effect of {self._src_name(eff)} started to apply to {card.name} and keeps applying "
                              f"to it, although it no longer fits the description ({_describe_selector(eff.selector)}).",
                              [cited.STARTED_KEEPS_APPLYING], tag="telling")
                return True
            if self._applies(eff.selector, card, eff.controller, self.s.cards.get(eff.source)):
                held.add(card.handle)
                gains.applied(self, eff, [card])   # 6.2.5: it starts to apply to this object, an event
                return True
            return False
        return self._applies(eff.selector, card, eff.controller, self.s.cards.get(eff.source), eff.applies_to)

    def _applies(self, spec, target: Card, src_controller: str, src: Card | None, bound=None) -> bool:
        if bound is not None:
            return target.handle in bound
        if spec in (None, "self"):
            return src is not None and target is src
        if spec == "top-card":   # material (8.4.5): "that permanent" — the one the source is under (3.0.14)
            return src is not None and src.zone == "under" and target.handle == src.under
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
        blocked_since = None     # "can't gain {p}" (1.0.2): the earliest such restriction applying to it
        for eff in self.s.effects:
            if eff.kind == "modify" and eff.data.get("stat") == stat and not eff.pending:
                if self.effect_applies(eff, card):   # with what a replacement added as it first applied (6.4.9)
                    mods.append((eff.timestamp, eff.data.get("by", 0) + gains.gained(eff, card.handle), eff.source,
                                 "effect"))
            elif eff.kind == "cannot-gain-power" and stat == "power" and not eff.pending and \
                    self.effect_applies(eff, card) and (blocked_since is None or eff.timestamp < blocked_since):
                blocked_since = eff.timestamp
        for src, ab in self._functional_statics("modify"):
            eff = ab.get("effect", {})
            if eff.get("stat") == stat:
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
        if stat == "power" and card.zone == "combat-chain":
            # 8.3.23 piercing N: "If this is defended by an equipment, it gets +N power" (a static ability of the
            # attack, printed or gained — "your next attack gains piercing 1")
            link = self._link_of(card)
            if link is not None and link.attack == card.handle and any(
                    "equipment" in self.card(h).types for h, _, _ in self.defending(link)):
                kws = self.keywords(card)
                for row in with_hook("power"):
                    n = kws.get(row.name)
                    if n:
                        mods.append((card.timestamp, 1 if n is True else int(n), card.handle, row.name))
        if blocked_since is not None:
            mods = self._without_blocked_gains(card, mods, blocked_since)
        return sorted(mods, key=lambda m: m[0])

    def _without_blocked_gains(self, card: Card, mods: list, since: int) -> list:
        """"Can't gain {p}" is a restriction (1.0.2): an increase that starts to apply after it does nothing, one
        that applied before stays (1.0.2b: a restriction does not act retroactively); decreases still apply."""
        kept = []
        for m in mods:
            if m[1] > 0 and m[0] > since:
                said = self.__dict__.setdefault("_blocked_power_said", set())
                if (card.handle, m[0]) not in said:
                    said.add((card.handle, m[0]))
                    src = self.s.cards.get(m[2])
                    self.step(f"{card.name} can't gain {{p}}: the +{m[1]}{{p}} from {src.name if src else 'an effect'} "
                              "would apply after the restriction, which modifies the rules and takes precedence: it "
                              "does nothing.", [cited.RESTRICTION_PRECEDENCE, cited.RULES_EFFECTS_FIRST])
                continue
            if m[1] > 0:
                said = self.__dict__.setdefault("_kept_power_said", set())
                if (card.handle, m[0]) not in said:
                    said.add((card.handle, m[0]))
                    src = self.s.cards.get(m[2])
                    self.step(f"{card.name} keeps the +{m[1]}{{p}} from {src.name if src else 'an effect'}: it applied "
                              "before it could not gain {p}, and a restriction does not change that.",
                              [cited.NOT_RETROACTIVE])
            kept.append(m)
        return kept

    def base_value(self, card: Card, stat: str):
        """A card's base value of ``stat``: defined by a property-static ability (5.4.5), else set by an effect,
        else printed."""
        for ab in card.abilities:   # 5.4.5: property-static abilities define the value anywhere
            if ab.kind == "property" and stat in ab.get("defines", []):
                return self.quantity(ab.data, card)
        base = card.base_defense_set if stat == "defense" and card.base_defense_set is not None else getattr(card, stat)
        effects = self.s.effects
        if base is None or not effects or not any(e.kind == "modify-base" for e in effects):
            return base
        for _, _, eff in self._base_modifiers(card, stat):
            d = eff.data
            if "set" in d:
                base = d["set"]
            elif d.get("halve"):
                base = -(-base // 2)          # halved, rounded up
            else:
                base = max(0, base + d.get("by", 0))
        return max(0, base)   # 2.0.3c: never below zero

    def _base_modifiers(self, card: Card, stat: str) -> list:
        """Stage 7 (6.3.2): the effects that modify ``card``'s base ``stat``, in substage order — set, then divide
        (halve), then add, then subtract (6.3.3) — each substage in timestamp order (6.3.3a)."""
        mods = []
        for eff in self.s.effects:
            if eff.kind == "modify-base" and eff.data.get("stat") == stat and not eff.pending and \
                    self.effect_applies(eff, card):
                d = eff.data
                sub = 2 if "set" in d else 4 if d.get("halve") else 5 if d.get("by", 0) >= 0 else 6
                mods.append((sub, eff.timestamp, eff))
        return sorted(mods, key=lambda m: m[:2])

    def supertypes(self, card: Card) -> set:
        """Its supertypes now: printed, less those an effect removes ("lose all class and talent types", 2.11.5),
        plus those an effect adds ("is Draconic in addition to its other types"), which a removal never takes
        away (6.3.6)."""
        if card.handle in self._evaluating or \
                not any(e.kind in ("lose-supertypes", "gain-supertypes") for e in self.s.effects):
            return card.supertypes
        self._evaluating.add(card.handle)   # a selector of the effect reading supertypes is not a loop
        try:
            lost, gained = set(), set()
            for eff in self.s.effects:
                if eff.kind == "lose-supertypes" and not eff.pending and self.effect_applies(eff, card):
                    lost |= set(eff.data.get("supertypes") or card.supertypes) | {"*"}
                elif eff.kind == "gain-supertypes" and not eff.pending and self.effect_applies(eff, card):
                    gained |= set(eff.data.get("supertypes") or [])
        finally:
            self._evaluating.discard(card.handle)
        if lost and gained:
            said = self.__dict__.setdefault("_gained_supertypes_said", set())
            if card.handle not in said:
                said.add(card.handle)
                self.step(f"{card.name} keeps {' and '.join(sorted(gained))}: another effect added it, and an effect "
                          "that removes supertypes does not remove what another effect added.",
                          [cited.REMOVAL_KEEPS_ADDED, cited.LOSE_SUPERTYPES])
        return (card.supertypes - lost) | gained

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
        """The card's power now, with every effect applied (None if it has none)."""
        return self.numeric(card, "power")

    def defense(self, card: Card):
        """The card's defense now, with every effect applied (None if it has none)."""
        return self.numeric(card, "defense")

    def _explain_modifier(self, card: Card, stat: str, ts: int, by: int, src: str, how: str, parts: list, cites: list):
        """One +N/−N of :meth:`_modifiers` in words (a counter, combo, piercing, a while-static or material ability,
        a static ability, an effect), with the rules it follows."""
        src_card = self.s.cards.get(src)
        who = "its" if src_card is card else f"{src_card.name}'s" if src_card else "an"
        if how == "counter":
            parts.append(f"{by:+d} from a {by:+d} {stat} counter on it")
            cites += [cited.PROPERTY_COUNTER_KEEPS_BASE]
        elif how == "combo":
            parts.append(f"{by:+d} from {who} combo ability: the last attack this combat chain matches its names")
            cites += [cited.COMBO]
        elif how == "piercing":
            parts.append(f"{by:+d} from its piercing {by}: it is defended by an equipment")
            cites += [cited.PIERCING]
        elif how == "while-static":
            parts.append(f"{by:+d} from {who} " + (f"material ability: it is under {card.name}" if src_card is not
                                                   None and src_card.zone == "under" else
                                                   "while-static ability (its condition is met now)"))
            cites += [cited.WHILE_STATIC_ABILITY, cited.STATIC_ABILITIES_GENERATE_EFFECTS,
                      cited.WHILE_STATIC_FUNCTIONAL, cited.CONDITIONAL_EFFECT, cited.WHILE_CONDITION_ALWAYS_CHECKED]
            cites += [cited.MATERIAL, cited.SUB_CARD] if src_card is not None and src_card.zone == "under" else []
            cites += self.condition_rules(self._while_of(src_card, stat))
            # a while-static ability is a static ability: the label of one (8.4.11 Evo Upgrade) is cited too
            cites += [r for r in label_rules(self.keywords(src_card), "conditional")
                      + label_rules(self.keywords(src_card), "static") if r not in cites] if src_card is not None else []
        elif how == "static":
            per = self._per_subject_words(src_card, stat)
            parts.append(f"{by:+d} from {who} static ability" + per)
            cites += [cited.STATIC_ABILITIES_GENERATE_EFFECTS, cited.STATIC_CONTINUOUS_EFFECT]
            cites += [cited.WHILE_CONDITION_ALWAYS_CHECKED] if per else []
            cites += label_rules(self.keywords(src_card), "static") if src_card is not None else []   # 8.4.11
        else:
            parts.append(f"{by:+d} from {who} effect" + self._still_applies(card, ts, cites))
            cites += [cited.LAYER_CONTINUOUS_EFFECT]

    def _per_subject_words(self, src: Card | None, stat: str) -> str:
        """Words when a static ability's effect applies to each object only while that object is attacking or
        defending ("… have -1{p} while attacking and defending"): the condition is evaluated per subject (1.8.4c)."""
        for ab in (src.abilities if src is not None else []):
            eff = ab.get("effect", {}) if ab.kind == "static" else {}
            to = eff.get("to") if eff.get("stat") == stat else None
            alts = [to] + list(to.get("any_of", [])) if isinstance(to, dict) else []
            if any(isinstance(a, dict) and ("is_attack" in a or "defending" in a) for a in alts):
                return " (its condition, attacking or defending, is evaluated for this object on its own)"
        return ""

    def explain_value(self, card: Card, stat: str):
        """A sentence on how a power/defense value is made (base, property-static, modifiers), or None."""
        parts, cites = [], []
        prop = next((ab for ab in card.abilities if ab.kind == "property" and stat in ab.get("defines", [])), None)
        base = self.base_value(card, stat)
        if prop is not None:
            parts.append(f"its property-static ability defines its {stat} as {base}")
            cites += [cited.PROPERTY_STATIC_ABILITY, cited.PROPERTY_STATIC_ABILITIES_FUNCTION,
                      cited.PROPERTY_STATIC_FUNCTIONAL]
            if prop.get("count") == "distinct-costs-in-pitch" and any(
                    c.zone == "pitch" and c.owner == card.owner and c.cost is None for c in self.s.cards.values()):
                parts.append("a card in the pitch zone without the cost property has no cost to count")
                cites.append(cited.PROPERTY_VALUE_INFERS_EXISTENCE)
        elif stat == "defense" and card.base_defense_set is not None:
            parts.append(f"its base defense was set to {card.base_defense_set}")
            cites.append(cited.EFFECT_MODIFIES_VALUE)
        self._explain_base(card, stat, base, parts, cites)
        mods = self._modifiers(card, stat)
        for ts, by, src, how in mods:
            self._explain_modifier(card, stat, ts, by, src, how, parts, cites)
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
                cites.append(cited.NUMERIC_PROPERTY_NOT_NEGATIVE)
            parts.append(order)
            cites.append(cited.SUBSTAGE_ORDER)
        elif subs and (base or 0) + sum(m[1] for m in mods) < 0:
            parts.append("it cannot go below 0")
            cites.append(cited.NUMERIC_PROPERTY_NOT_NEGATIVE)
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
                    cites += [cited.WHILE_STATIC_ABILITY_FUNCTIONAL, cited.PRIVATE_OBJECT_IN_PUBLIC_ZONE]
                elif cond and "last_attack" in cond:
                    unmet = self.unmet_clauses(cond, src)
                    parts.append(f"{src.name}'s combo ability ({eff.get('by', 0):+d} {stat}) does not apply: "
                                 f"{'; '.join(unmet)}")
                    cites += [cited.COMBO]
                elif cond:
                    unmet = self.unmet_clauses(cond, src)
                    parts.append(f"{src.name}'s while-static ability ({eff.get('by', 0):+d} {stat}) is not functional: "
                                 f"its while-condition is not met now ({'; '.join(unmet)})")
                    cites += [cited.WHILE_STATIC_ABILITY, cited.WHILE_STATIC_ABILITY_FUNCTIONAL, cited.CONDITIONAL_EFFECT,
                              cited.WHILE_CONDITION_ALWAYS_CHECKED] + self.condition_rules(cond)
                    cites += label_rules(self.keywords(src), "conditional")
        for _, _, src, how in mods:
            src_card = self.s.cards.get(src)
            if how == "while-static" and src_card is not None and src_card.private:
                parts.append(f"{src_card.name}'s while-static ability is functional although the card is private, "
                             "because its while-condition names that private zone")
                cites += [cited.WHILE_STATIC_ABILITY_FUNCTIONAL]
        if not parts:
            return None
        if len(mods) > 1:
            cites.append(cited.TIMESTAMP_ORDER)
        value = self.numeric(card, stat)
        return (f"{card.name} has {value} {stat}: " + "; ".join(parts) + ".", sorted(set(cites), key=cites.index))

    def _still_applies(self, card: Card, ts: int, cites: list) -> str:
        """Words for an effect bound to ``card`` as "your next … attack" whose description it no longer fits: it
        started to apply, so it keeps applying (6.2.2c)."""
        eff = next((e for e in self.s.effects if e.timestamp == ts and e.data.get("next") and e.applies_to
                    and isinstance(e.data.get("to"), dict)), None)
        if eff is None or matches(card, eff.data["to"], self, eff.controller):
            return ""
        cites.append(cited.STARTED_KEEPS_APPLYING)
        return " (it started to apply when the card fitted its description; it keeps applying though the card's " \
               "properties have changed since)"

    @staticmethod
    def _while_of(src: Card | None, stat: str) -> dict:
        """The while-conditions of ``src``'s static abilities that modify ``stat`` (for the rules they rest on)."""
        return {"all": [ab.get("while") for ab in (src.abilities if src is not None else [])
                        if ab.kind == "static" and ab.get("while")
                        and ab.get("effect", {}).get("stat") == stat]}

    def _explain_base(self, card: Card, stat: str, base, parts: list, cites: list):
        """The words for the effects on a base value (stage 7, 6.3.2), added to ``parts`` and ``cites``."""
        base_mods = self._base_modifiers(card, stat) if any(e.kind == "modify-base" for e in self.s.effects) else []
        if base_mods:
            said = ", then ".join("set to " + str(e.data["set"]) if "set" in e.data else "halved, rounded up"
                                  if e.data.get("halve") else f"{e.data.get('by', 0):+d}" for _, _, e in base_mods)
            parts.append(f"its base {stat} is {base} — {getattr(card, stat)} printed, {said} by effects that modify the "
                         "base value, applied before the effects that modify the value itself")
            cites += [cited.EFFECT_MODIFIES_VALUE, cited.STAGE_ORDER, cited.SUBSTAGE_ORDER]

    def _keywords_unchanged(self) -> bool:
        """Does nothing in the game gain, lose or forbid keywords now (no such effect, no such static ability)?"""
        if not state.KEEP:
            return False   # tests compare: the whole computation at every query
        if self.s.effects and any(e.kind in _KEYWORD_CHANGES for e in self.s.effects):
            return False
        values = self.s.__dict__.get("_derived")   # static_abilities() inlined when kept
        statics = values[1].get(_KEYWORD_CHANGES) if values is not None and values[0] == CHANGES[0] else None
        return not (self.static_abilities(_KEYWORD_CHANGES) if statics is None else statics)

    def has_keyword(self, card: Card, keyword: str) -> bool:
        """Does ``card`` have ``keyword`` now (``keyword in self.keywords(card)``)? When nothing in the game gains,
        loses or forbids keywords, read from its printed keywords and its attack-proxies' own (1.4.3a) without
        building the whole table."""
        if not self._keywords_unchanged():
            return keyword in self.keywords(card)
        if keyword in card.keywords:
            return True
        if card.zone == "combat-chain":
            for link in self.s.chain:
                if link.proxy and link.attack == card.handle and keyword in link.proxy_keywords:
                    return True
        return False

    def keywords(self, card: Card) -> dict:
        """Its keyword abilities now: printed ones, then gains and losses in timestamp order (6.3.4)."""
        kws = dict(card.keywords)
        if card.zone == "combat-chain":
            for link in self.s.chain:
                if link.proxy and link.attack == card.handle and link.proxy_keywords:
                    kws.update(link.proxy_keywords)   # 1.4.3a: the attack-proxy's own abilities
        if self._keywords_unchanged():
            return kws   # nothing in the game gains, loses or forbids keywords
        blocked = self.cannot_gain(card)   # restrictions on gaining keywords (1.0.2): gains do nothing
        own = blocked.intersection(kws)
        changes = self._keyword_changes(card, say=True)
        if not changes:
            self._kept_despite_restriction(card, own)
            return kws
        for ts, kind, data in sorted(changes, key=lambda c: c[0]):
            if kind == "gain-keyword":
                if data["keyword"] in blocked:
                    noted = self.__dict__.setdefault("_blocked_gains", set())
                    if (card.handle, ts) not in noted:
                        noted.add((card.handle, ts))
                        self.step(f"{card.name} can't gain {data['keyword']}: the restriction modifies the rules, so it "
                                  "applies before the effect that would give it, and takes precedence: that effect does "
                                  "nothing to it.", [cited.RESTRICTION_PRECEDENCE, cited.RULES_EFFECTS_FIRST])
                    continue
                kws[data["keyword"]] = self.amount(data["value"], card) if isinstance(data.get("value"), dict) else data.get("value", True)  # "Ward X, where X is …": now
            else:
                kws.pop(data["keyword"], None)
        self._kept_despite_restriction(card, own.intersection(kws))
        return kws

    def _keyword_changes(self, card: Card, say: bool = False) -> list:
        """(timestamp, "gain-keyword" | "lose-keyword", data) for every effect and functional static ability that
        gives or takes a keyword of ``card`` now (6.3.4)."""
        changes = []
        for eff in self.s.effects:
            if eff.kind in ("gain-keyword", "lose-keyword") and not eff.pending and \
                    self.effect_applies(eff, card):
                changes.append((eff.timestamp, eff.kind, eff.data))
        for src, ab in self._functional_statics("gain-keyword", "lose-keyword"):
            eff = ab.get("effect", {})
            if eff.get("do") in ("gain-keyword", "lose-keyword") and \
                    self._applies(eff.get("to", "self"), card, src.controller, src):
                changes.append((src.timestamp, eff["do"], eff))
                if say and ab.get("while"):
                    self._while_grant_said(card, src, ab, eff)
        return changes

    def gains_keyword(self, card: Card, keyword: str) -> bool:
        """Does an effect or a static ability give ``card`` ``keyword`` now (not only its printed text)?"""
        return any(kind == "gain-keyword" and data.get("keyword") == keyword
                   for _, kind, data in self._keyword_changes(card)) and keyword not in self.cannot_gain(card)

    def _while_grant_said(self, card: Card, src: Card, ab, eff: dict) -> None:
        """Say once that a while-static ability gives (or takes) ``card`` a keyword: a conditional static-continuous
        effect that exists only while its condition is met (6.2.3d); one whose condition reads power against base
        power depends on the power stage and is applied after the effects that change power (6.3.2a)."""
        said = self.__dict__.setdefault("_while_grant_said_for", set())
        if (card.handle, src.handle, eff.get("keyword")) in said:
            return
        said.add((card.handle, src.handle, eff.get("keyword")))
        dependent = cited.DEPENDENT_EFFECT in self.condition_rules(ab.get("while"))
        self.step(f"{card.name} {'has' if eff['do'] == 'gain-keyword' else 'loses'} {eff.get('keyword')} from "
                  f"{src.name}'s while-static ability: its effect exists only while its condition is met"
                  + (", and as the condition reads power against base power, the effect depends on the power stage "
                     "and is applied after the effects that change power." if dependent else "."),
                  [cited.STATIC_CONDITIONAL, cited.WHILE_CONDITION_ALWAYS_CHECKED]
                  + ([cited.DEPENDENT_EFFECT] if dependent else []))

    def _kept_despite_restriction(self, card: Card, kept: set) -> None:
        """Say once that a keyword ``card`` has by itself stays under "can't gain" (1.0.2): not said when an
        effect that removes it ("loses") applied as well."""
        for kw in kept:
            noted = self.__dict__.setdefault("_kept_despite_restriction_said", set())
            if (card.handle, kw) not in noted:
                noted.add((card.handle, kw))
                self.step(f"{card.name} can't gain {kw}, but it has {kw} by itself (printed, not gained): a restriction "
                          "on gaining it does not remove it.", [cited.RESTRICTION_PRECEDENCE, cited.ONLY_IF_SPECIFIED],
                          tag="telling")

    def unmet_keyword_grants(self, card: Card, keyword: str) -> list[Card]:
        """The sources of while-static abilities that would give ``card`` ``keyword`` ("If you have …, this card's
        attacks get go again") but are not functional now: their condition is not met (1.7.4g, 5.4.7a)."""
        out = []
        for src in self.s.cards.values():
            for ab in src.abilities:
                eff = ab.get("effect", {}) if ab.kind == "static" and ab.get("while") else {}
                if eff.get("do") == "gain-keyword" and eff.get("keyword") == keyword and src not in out and \
                        self._applies(eff.get("to", "self"), card, src.controller, src) and not self.functional(src, ab):
                    out.append(src)
        return out

    def cannot_gain(self, card: Card) -> set:
        """The keywords ``card`` can't gain now ("… can't gain go again"): a restriction (1.0.2) on gaining only —
        a printed keyword, or one of an attack-proxy's own, stays."""
        out = set()
        for eff in self.s.effects:
            if eff.kind == "cannot-gain-keyword" and not eff.pending and self.effect_applies(eff, card):
                out.add(eff.data.get("keyword"))
        for src, ab in self._functional_statics("cannot-gain-keyword"):
            eff = ab.get("effect", {})
            if eff.get("do") == "cannot-gain-keyword" and self._applies(eff.get("to", "self"), card, src.controller, src):
                out.add(eff.get("keyword"))
        return out

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
        if what == "opposing-heroes-with-more-life":
            # "the number of opposing heroes with greater {h} than you": life totals now (2.5.3)
            mine = self.s.players[card.controller].life
            return times * sum(1 for name, p in self.s.players.items() if name != card.controller and p.life > mine)
        if what == "defending-cards":   # link = true: the active chain link's (7.0.3b), not the source's own
            link = self.s.active_link if spec.get("link") else self._link_of(card)
            if link is None:
                return 0
            sel = spec.get("of", {})
            return times * sum(1 for h, _, _ in self.defending(link) if matches(self.card(h), sel, self, card.controller))
        sel = spec.get("of", {})
        ctrl = card.controller
        if what == "you-control":
            # other = true: "another aura" / "no other Illusionist auras" — an object other than the source (1.2.3)
            return times * sum(1 for c in self.s.cards.values() if c.zone in ("arena", "equipment") and not c.private
                               and c.controller == ctrl and matches(c, sel, self, ctrl)
                               and not (spec.get("other") and c is card))
        zone = {"in-pitch": "pitch", "in-graveyard": "graveyard", "in-hand": "hand", "in-banished": "banished",
                "in-arsenal": "arsenal"}.get(what)
        if zone:
            return times * sum(1 for c in self.s.cards.values() if c.zone == zone and c.owner == ctrl
                               and matches(c, sel, self, ctrl))
        if what in EXTRA_QUANTITIES:
            return times * self.extra_quantity(spec, card)
        if what == "own-defense":   # "equal to its {d}" (guardwell, 8.3.34): the card's defense now
            return times * (self.defense(card) or 0)
        if what == "rolled":   # "where X is the number rolled" / "half the number rolled, rounded down" (8.5.18)
            n = rolled(self, card)
            return times * (n // 2 if spec.get("halve") else n)
        if what == "revealed-pitch":
            # "where X is the pitch value of the card revealed this way": a card without pitch counts 0 (1.8.7a)
            h = self.__dict__.get("revealed_by", {}).get(card.handle)
            return times * ((self.card(h).pitch or 0) if h in self.s.cards else 0)
        return times * int(spec.get("value", 0))

    def amount(self, value, src: Card | None, layer=None) -> int:
        """A number written in a scenario: a whole number, "X" (the layer's declared X), or a quantity table."""
        if isinstance(value, dict):
            return self.quantity(value, src) if src is not None else 0
        if value == "X":
            return int((layer.params.get("x") if layer is not None else None) or 0)
        return int(value)

    # =====================================================================================================
    # conditions (while / if) — a table whose keys must all hold
    # =====================================================================================================
    def condition(self, cond: dict, src: Card | None, event: dict | None = None) -> bool:
        """Does every clause of a condition table hold (conditions.CONDITIONS; unknown keys were refused at load)?"""
        event = event or {}
        for key, want in cond.items():
            if not CONDITIONS[key].check(self, want, src, event):
                return False
        return True

    def _unmet_charged(self, want: dict, src: Card | None) -> str:
        """Why "a yellow card is charged this way" is not met: the card the source's charge moved last (8.5.29a)."""
        h = self.__dict__.get("charged_by", {}).get(src.handle if src else None)
        if h not in self.s.cards:
            return "no card was charged this way"
        return f"the card charged this way, {self.card(h).name}, is not a {_describe_selector(want, plural=False)}"

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
            elif key == "to_your_graveyard":
                c = self.s.cards.get((event or {}).get("card"))
                out.append(f"{c.name if c else 'it'} went to the {(event or {}).get('destination', '?')} of its owner, "
                           f"{self.player_name(c.owner) if c else '?'}, not of the player who controlled it, "
                           f"{self.player_name((event or {}).get('player'))}"
                           if c is not None and (event or {}).get("destination") == "graveyard"
                           else f"it went to the {(event or {}).get('destination', '?')} zone, not a graveyard")
            elif key == "pitched_for":
                out.append(f"no {_describe_selector(want, plural=False)} was pitched to play it")
            elif key == "won_clash":
                out.append("its controller did not win the clash" if want else "its controller won the clash")
            elif key in ("played_this_turn", "played_other_this_turn"):
                out.append(f"{self.player_name(ctrl)} has played no {_describe_selector(want, plural=False)} this turn"
                           + (" other than the card just played" if key == "played_other_this_turn" else ""))
            elif key == "charged":
                out.append(self._unmet_charged(want, src))
            elif key == "defended_from_hand":
                out.append("the defending hero has not defended with a card from their hand this chain link"
                           if want else "the defending hero has defended with a card from their hand")
            elif key == "last_attack":
                last = self._previous_attack(src)
                out.append(f"the last attack this combat chain was {last.name}, not "
                           f"{_describe_selector(want, plural=False)}" if last
                           else "there was no attack before it this combat chain")
            elif key == "banished":
                got = [self.card(h).name for h in self.__dict__.get("banished_by", {}).get(src.handle if src else None, [])
                       if h in self.s.cards]
                specs = want if isinstance(want, list) else [want]
                out.append(f"the cards banished this way ({', '.join(got) or 'none'}) are not "
                           + " and ".join(f"{'an' if d[0] in 'aeiou' else 'a'} {d}" for d in
                                          (_describe_selector(s_, plural=False) for s_ in specs)))
            elif key == "created_this_turn":
                out.append(f"{self.player_name(ctrl)} has created no {_describe_selector(want, plural=False)} this "
                           "turn")
            elif key == "any_of":
                out.append(" and ".join(r for alt in want for r in self.unmet_clauses(alt, src, event)))
            elif key == "target_hero":
                out.append(f"the hero it targets is not {want} (by name or moniker)")
            elif key == "last_attack_hit":
                link = self.previous_link(src)
                out.append("there was no attack before it this combat chain" if link is None else
                           f"the last attack this combat chain, {self.card(link.attack).name}, "
                           f"{'did not hit' if want else 'hit'}")
            elif key == "played_from":
                out.append(f"it was played from the {src.__dict__.get('_origin', '?') if src else '?'}, not the {want}")
            elif key == "pitched":
                out.append(f"{self.player_name(ctrl)} has no {_describe_selector(want, plural=False)} in their pitch "
                           "zone")
            elif key == "less_life_than_an_opponent":
                out.append(f"{self.player_name(ctrl)} has no less life than every opposing hero" if want else
                           f"{self.player_name(ctrl)} has less life than an opposing hero")
            elif key == "pitched_this_turn":
                out.append(f"{self.player_name(ctrl)} has pitched no {_describe_selector(want, plural=False)} this turn")
            elif key == "damage_at_least":
                out.append(f"it is {(event or {}).get('amount', 0)} damage, less than {want}")
            elif key == "damage_at_most":
                out.append(f"it is {(event or {}).get('amount', 0)} damage, more than {want}")
            elif key in ("defending_hero_marked", "hit_hero_marked"):
                out.append("the hero is not marked" if want else "the hero is marked")
            elif key in ("target_is_hero", "attacks_hero"):
                out.append("it is not a hero (an ally or another object)" if want else "it is a hero")
            elif key == "discarded":
                h = self.__dict__.get("discarded_by", {}).get(src.handle if src else None)
                out.append(f"the card discarded this way, {self.card(h).name}, is not a "
                           f"{_describe_selector(want, plural=False)}" if h in self.s.cards
                           else "no card was discarded this way")
            elif key in gains.CONDITION_KEYS:
                out.append(gains.unmet_words(self, key, want, event or {}))
            elif key == "max_defense":
                out.append(f"it has {self.defense(src) if src else '?'} defense, more than {want}")
            elif key == "attack_power_above_base" and event_attack(self, event) is not None:
                a = event_attack(self, event)
                power, base = self.power(a) or 0, self.base_value(a, "power") or 0
                out.append(f"{a.name} has {power} power, {'not greater than' if want else 'greater than'} its base "
                           f"power {base} (its printed power)")
            elif self.extra_unmet(key, want, src):
                out.append(self.extra_unmet(key, want, src))
            else:
                out.append(self._unmet_read(key, want, src, event or {}))
        return out

    def _unmet_read(self, key: str, want, src: Card | None, event: dict) -> str:
        """Words for an unmet clause that reads the event's card or attack, or the source itself."""
        if key == "random":
            return "the card was not discarded at random (its player chose it)" if want else \
                "the card was discarded at random"
        if key in ("dealt_to", "from_boosting", "by_this"):   # "when your hero is dealt damage", "banished from boosting"
            return {"dealt_to": "the damage is not dealt to " + ("its controller's" if want == "you" else "an opposing") + " hero",
                    "from_boosting": f"the card was {'not ' if want else ''}banished by a boost (8.3.9)", "by_this": "another source banished it, not this card" if want else "this card banished it"}[key]
        if key == "rolled":
            return f"the number rolled is {rolled(self, src)}, not {' or '.join(map(str, want))}"
        if key == "is_attack":
            return "the event's card is not an attack (1.4.1: an attack on the stack or combat chain)" if want \
                else "the event's card is an attack"
        what = _describe_selector(want, plural=False) if isinstance(want, dict) else ""
        if key in ("attack", "card") and what:
            obj = self.s.cards.get(event.get(key) or (event.get("attack") if key == "attack" else None))
            return f"the event's {key}{f' ({obj.name})' if obj else ''} is not a{'n' if what[0] in 'aeiou' else ''} {what}"
        if key == "this" and what and src is not None:
            return (f"{src.name} is not a{'n' if what[0] in 'aeiou' else ''} {what}"
                    + (f" (it has {self.power(src)} power)" if {"min_power", "max_power"} & want.keys() else ""))
        return f"{key.replace('_', ' ')} is not {want!r}"

    def without_property(self, cond, src: Card | None) -> list[str]:
        """Words naming the cards a zone-scanning clause of ``cond`` (``pitched``, ``pitched_this_turn``,
        ``you_control``) did not count because they lack the property its selector reads the value of: "a card
        with cost 0" infers the cost property, so a card without one never meets it (1.8.7)."""
        out = []
        ctrl = src.controller if src else None
        for key, zones in (("pitched", ("pitch",)), ("pitched_this_turn", ("pitch",)), ("you_control", ARENA_ZONES)):
            sel = cond.get(key) if isinstance(cond, dict) else None
            if not isinstance(sel, dict):
                continue
            props = [p for p, keys in (("cost", ("min_cost", "max_cost")), ("power", ("min_power", "max_power")),
                                       ("pitch", ("pitch", "color"))) if any(k in sel for k in keys)]
            for c in self.s.cards.values():
                whose = c.owner if key != "you_control" else c.controller
                if c.zone in zones and whose == ctrl:
                    out += [f"{c.name} has no {p} property, so it has no {p} value to meet it" for p in props
                            if getattr(c, p, None) is None]
        return out

    def _previous_attack(self, src: Card | None) -> Card | None:
        """The attack of the chain link before ``src``'s (or before the next one), for combo (8.4.1)."""
        link = self.previous_link(src)
        return self.card(link.attack) if link is not None else None

    def previous_link(self, src: Card | None):
        """The chain link before ``src``'s, or the last one when ``src`` is not on the combat chain yet (7.0.3b)."""
        link = self._link_of(src) if src is not None else None
        chain = self.s.chain
        i = chain.index(link) if link in chain else len(chain)
        return chain[i - 1] if i > 0 else None

    def is_defending(self, card: Card) -> bool:
        """Is the card defending on a chain link of the combat chain?"""
        return any(card.handle == h for link in self.s.chain for h, _, _ in link.defenders) and \
            card.zone == "combat-chain"

    def _link_of(self, card: Card) -> ChainLink | None:
        for link in self.s.chain:
            if link.attack == card.handle or any(h == card.handle for h, _, _ in link.defenders):
                return link
        return None
