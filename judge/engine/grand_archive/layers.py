# Continuous Effects: instanced and static effects in layers A-E, timestamps and dependencies.
"""Continuous effects in layers (Types of Effects - Continuous Effects: Instanced Effects, Static Effects, Layers
A-E with the power/life sub-layering, Timestamps, Dependencies).

A continuous effect is either *static* — a static ability of an object whose set is described ("allies you
control have ...", "are", applied to whatever fits the set at any time, timestamped when its source entered the
field) — or *instanced* — made by a resolving card or ability, applied only to the objects of its set at
resolution ("get", "gain", "become"), timestamped at that resolution, ending at end of turn by default.

Whenever one exists, the game recomputes every object's characteristics from its printed ones, layer by layer:
A sets base values (stats), B types, C elements, D adds or removes abilities (keywords included), E increases or
decreases stats; then counters; then swaps of power and life. Within a layer effects apply oldest first, except
that an effect depending on another (applying the other first changes what it applies to, or whether it exists:
its source loses the ability) applies after it. An object's effects of earlier layers still apply once it lost
its abilities in layer D; its effects of layer E do not.
"""

from __future__ import annotations

from judge.engine.grand_archive.cards import Card
from judge.engine.grand_archive.keywords import parse_keyword
from judge.engine.grand_archive import cited

# the layer each kind of continuous effect applies in (continuous-effects/layers/2)
LAYER = {"set-stat": "A", "types": "B", "element": "C", "lose-abilities": "D", "keyword": "D", "gain": "D",
         "stat": "E", "swap": "E"}
LAYER_RULE = {"A": cited.LAYER_A_BASE_VALUES, "B": cited.LAYER_B_TYPES,
              "C": cited.LAYER_C_ELEMENT, "D": cited.LAYER_D_ABILITIES,
              "E": cited.LAYER_E_INCREASE_DECREASE}
# static effects that only the layer system applies (the others are read where the rules use them)
LAYERED_STATICS = ("set-stat", "types", "element", "lose-abilities", "stat", "swap")
PRINTED = ("types", "subtypes", "supertypes", "elements", "power", "life", "durability", "level", "keyword_list",
           "abilities")
STATS = ("power", "life", "durability", "level")


class Effect:
    """One continuous effect: ``do`` its kind (LAYER), ``data`` its table, ``ts`` its timestamp; a static one has
    ``source``/``ability`` and a selector ``to``; an instanced one a fixed set of (handle, object timestamp)."""

    def __init__(self, do: str, data: dict, ts, controller: str, source: Card | None = None, ability=None,
                 members: list[tuple[str, int]] | None = None, until: str = "turn", name: str = ""):
        self.do, self.data, self.ts, self.controller = do, data, ts, controller
        self.source, self.ability, self.members, self.until, self.name = source, ability, members, until, name

    @property
    def layer(self) -> str:
        """The layer (A-E) the effect applies in, by its kind."""
        return LAYER[self.do]

    @property
    def static(self) -> bool:
        """Is it a static effect (applied to whatever fits its set), not an instanced one (a fixed set of objects)?"""
        return self.members is None


class Layers:
    """Mixed into Game: the continuous effects in play and the characteristics they give each object."""

    # ---------------------------------------------------------------------------------------------------------
    # which effects exist
    # ---------------------------------------------------------------------------------------------------------
    def continuous_effects(self) -> list[Effect]:
        """Static effects of the static abilities that function now (with the abilities objects have *before*
        layer D removes any), instanced effects still lasting; "keyword" statics and gained keywords too once
        the layer system is in use (they are layer D)."""
        s = self.s
        out = []
        for src in list(s.cards.values()):
            abilities = src.printed["abilities"] if src.printed is not None else src.abilities
            for ab in abilities:
                eff = ab.get("effect") or {}
                if ab.kind == "static" and eff.get("do") in LAYER and self.functional(src, ab):
                    out.append(Effect(eff["do"], eff, (src.timestamp, src.deck_position), src.controller, src, ab,
                                      name=src.name))
        for e in s.continuous:
            out.append(e)
        for c in s.cards.values():
            for name, value, ts in c.gained:
                out.append(Effect("gain", {"keyword": name, "value": value}, ts, c.controller,
                                  members=[(c.handle, c.timestamp)], name=name))
        return out

    def layering(self) -> bool:
        """The layer system is in use when an effect only it applies exists."""
        if self.s.continuous:
            return True
        return any(ab.kind == "static" and (ab.get("effect") or {}).get("do") in LAYERED_STATICS
                   and self.functional(c, ab)
                   for c in self.s.cards.values()
                   for ab in (c.printed["abilities"] if c.printed is not None else c.abilities))

    # ---------------------------------------------------------------------------------------------------------
    # applying them
    # ---------------------------------------------------------------------------------------------------------
    def apply_layers(self):
        """Recompute every object's characteristics from its printed ones through layers A-E
        (continuous-effects/layers/1, 2); a no-op while no layered effect exists."""
        s = self.s
        if not self.layering():
            for c in s.cards.values():
                if c.printed is not None:
                    self._restore(c)
                    c.printed = None
            return
        for c in s.cards.values():
            if c.printed is None:
                c.printed = {k: (list(v) if isinstance(v, list) else set(v) if isinstance(v, set) else v)
                             for k, v in ((k, getattr(c, k)) for k in PRINTED)}
            self._restore(c)
        effects = self.continuous_effects()
        s.layer_log = []
        applied: dict[str, list[tuple[Effect, list[Effect]]]] = {}
        for layer in "ABCDE":
            todo = sorted((e for e in effects if e.layer == layer), key=lambda e: _key(e.ts))
            for e in self._ordered(todo):
                if self._exists(e):
                    for c in self._apply_effect(e):
                        applied.setdefault(c.handle, []).append((e, todo))
        self._explain_dependencies()
        self._explain_silenced(effects)
        self._explain_layers(applied)

    def _explain_dependencies(self):
        """One step for each dependency that changed the timestamp order (continuous-effects/dependencies)."""
        said = self.__dict__.setdefault("layers_said", {})
        for first, dependent in self.s.layer_log:
            text = (f"In layer {first.layer}, {dependent.name}'s effect ({_says(dependent)}) depends on "
                    f"{first.name}'s ({_says(first)}): applying that one first changes "
                    + ("whether the dependent effect exists" if dependent.static and first.do == "lose-abilities"
                       and dependent.source in self.affected(first) else "what the dependent effect applies to")
                    + f". {first.name}'s effect applies first, whatever the timestamps"
                    + ("; the dependent effect no longer exists." if not self._exists(dependent) else "."))
            key = f"dependency:{id(first.ability or first)}:{id(dependent.ability or dependent)}"
            if said.get(key) == text:
                continue
            said[key] = text
            self.step(text, [cited.DEPENDENT_EFFECT, cited.DEPENDENCY_OVERRIDES_TIMESTAMP,
                             cited.LAYERS_CHECKED_WITH_SBC, LAYER_RULE[first.layer]], answer=True)

    def _explain_silenced(self, effects: list[Effect]):
        """A source that lost its abilities in layer D: its effects of layers A-C applied before the loss, its
        effects of layer E no longer exist (the hint of continuous-effects/layers/2.4)."""
        said = self.__dict__.setdefault("layers_said", {})
        by_source: dict[str, list[Effect]] = {}
        for e in effects:
            if e.static and e.do in LAYERED_STATICS and not any(ab is e.ability for ab in e.source.abilities):
                by_source.setdefault(e.source.handle, []).append(e)
        for handle, lost in by_source.items():
            src = self.s.cards[handle]
            kept = [e for e in lost if e.layer < "D"]
            gone = [e for e in lost if e.layer > "D"]
            text = (f"{src.name} has lost its abilities in layer D"
                    + (f"; its effects of earlier layers still applied before the loss ("
                       + "; ".join(f"layer {e.layer}: {e.ability.get('text') or _says(e)}" for e in kept) + ")"
                       if kept else "")
                    + (f"; its effects of layer E no longer exist (" + "; ".join(e.ability.get('text') or _says(e) for e in gone) + ")"
                       if gone else "") + ".")
            if said.get(f"silenced:{handle}") == text:
                continue
            said[f"silenced:{handle}"] = text
            self.step(text, [cited.LAYERS_ORDER] + [LAYER_RULE[e.layer] for e in kept]
                      + [LAYER_RULE["D"]] + [LAYER_RULE["E"]] * bool(gone), answer=True)

    def _explain_layers(self, applied: dict):
        """One step for each object whose layered characteristics changed since they were last said."""
        said = self.__dict__.setdefault("layers_said", {})
        for c in self.s.cards.values():
            if c.zone != "field" or (c.handle not in applied and not c.buffs and c.handle not in said):
                continue
            parts, cites = [], [cited.LAYERS_CHECKED_WITH_SBC, cited.LAYERS_ORDER]
            for e, same_layer in applied.get(c.handle, []):
                parts.append(f"layer {e.layer}: {e.name} {_says(e)}")
                cites.append(LAYER_RULE[e.layer])
                if e.static:
                    cites.append(cited.STATIC_EFFECTS_APPLY_TO_SET)
                if len(same_layer) > 1:
                    cites.append(cited.TIMESTAMP_ORDER_IN_LAYER)
            if c.buffs:
                parts.append("layer E: " + ", ".join(f"{n:+d} {st}" for st, n in c.buffs) + " until end of turn")
                cites.append(LAYER_RULE["E"])
            counters = c.counters.get("buff", 0) + c.counters.get("debuff", 0)
            if counters or c.swapped:
                parts.append(("buff and debuff counters after the other changes" if counters else "")
                             + (", " if counters and c.swapped else "")
                             + ("the swap of power and life last" if c.swapped else ""))
            if counters or c.swapped or any(st in ("power", "life") for st, _ in c.buffs) or \
                    {"power", "life"} & set(c.mods):
                cites.append(cited.LAYER_POWER_LIFE_SUBLAYERS)
            stats = ", ".join(f"{k} {c.stat(k)}" for k in STATS if getattr(c, k) is not None)
            result = "; ".join(x for x in (", ".join(sorted(c.supertypes | c.types | c.subtypes)),
                                           "/".join(sorted(c.elements)) + " element", stats,
                                           "keywords: " + (", ".join(sorted(k for k, _ in c.keyword_list)) or "none"),
                                           "no abilities" if c.printed["abilities"] and not c.abilities else "") if x)
            if said.get(c.handle) == result or (not parts and c.handle not in said):
                said[c.handle] = result
                continue
            said[c.handle] = result
            self.step(f"Continuous effects on {c.name}, applied layer by layer: {'; '.join(parts)}. It is now: "
                      f"{result}." if parts else f"No continuous effect applies to {c.name} any more. It is now: "
                      f"{result}.", list(dict.fromkeys(cites)), answer=True)

    def _restore(self, c: Card):
        for k in PRINTED:
            v = c.printed[k]
            setattr(c, k, list(v) if isinstance(v, list) else set(v) if isinstance(v, set) else v)
        c.mods, c.swapped = {}, False

    def _exists(self, e: Effect) -> bool:
        """A static effect exists while its source has the ability (after the layers applied so far)."""
        if not e.static:
            return True
        return any(ab is e.ability for ab in e.source.abilities) and self.functional(e.source, e.ability)

    def affected(self, e: Effect) -> list[Card]:
        """The objects an effect applies to now: a static effect's described set, an instanced one's fixed set
        (the same objects, still on the field: a new object is not affected)."""
        s = self.s
        if e.static:
            spec = e.data.get("to")
            if spec == "self":
                return [e.source] if e.source.zone == "field" else []
            zone = (spec or {}).get("zone", "field") if isinstance(spec, dict) else "field"
            return [c for c in s.cards.values() if c.zone == zone and not (isinstance(spec, dict) and not
                                                                           self.matches(c, spec, e.controller))]
        out = []
        for handle, stamp in e.members:
            c = s.cards.get(handle)
            if c is not None and c.zone == "field" and c.timestamp == stamp:
                out.append(c)
        return out

    def _ordered(self, todo: list[Effect]) -> list[Effect]:
        """Timestamp order, except that a dependent effect applies after the effects it depends on; effects
        depending on each other (a loop) keep timestamp order (continuous-effects/dependencies/2, 2.1)."""
        if len(todo) < 2:
            return todo
        deps = {id(x): {id(y) for y in todo if y is not x and self._depends(x, y)} for x in todo}
        for x in todo:   # a loop: neither depends on the other
            for y in todo:
                if id(y) in deps[id(x)] and id(x) in deps[id(y)]:
                    deps[id(x)].discard(id(y))
                    deps[id(y)].discard(id(x))
        out, left = [], list(todo)
        while left:
            ready = [x for x in left if not deps[id(x)] & {id(y) for y in left}]
            pick = ready[0] if ready else left[0]
            if ready and pick is not left[0]:
                self.s.layer_log.append((pick, left[0]))
            out.append(pick)
            left.remove(pick)
        return out

    def _depends(self, x: Effect, y: Effect) -> bool:
        """Does applying ``y`` first change whether ``x`` exists or which objects it applies to
        (continuous-effects/dependencies/1)?"""
        before = (self._exists(x), [c.handle for c in self.affected(x)])
        saved = {c.handle: {k: (list(getattr(c, k)) if isinstance(getattr(c, k), list) else
                                set(getattr(c, k)) if isinstance(getattr(c, k), set) else getattr(c, k))
                            for k in PRINTED + ("mods", "swapped")} for c in self.s.cards.values()}
        self._apply_effect(y)
        after = (self._exists(x), [c.handle for c in self.affected(x)])
        for h, attrs in saved.items():
            for k, v in attrs.items():
                setattr(self.s.cards[h], k, v)
        return before != after

    def _apply_effect(self, e: Effect) -> list[Card]:
        d = e.data
        cards = self.affected(e)
        for c in cards:
            if e.do == "set-stat":
                if getattr(c, d["stat"]) is not None or d["stat"] in STATS:
                    setattr(c, d["stat"], d["value"])
            elif e.do == "types":
                for kind in ("types", "subtypes", "supertypes"):
                    if kind in d:
                        new = {t.lower() for t in d[kind]}
                        setattr(c, kind, (getattr(c, kind) | new) if d.get("add") else new)
            elif e.do == "element":
                new = {x.lower() for x in ([d["element"]] if isinstance(d["element"], str) else d["element"])}
                c.elements = (c.elements | new) if d.get("add") else new
            elif e.do == "lose-abilities":
                c.abilities, c.keyword_list = [], []
            elif e.do in ("keyword", "gain"):
                kw = parse_keyword(d["keyword"]) if e.do == "keyword" else (d["keyword"], d["value"])
                c.keyword_list = c.keyword_list + [kw]
            elif e.do == "stat":
                c.mods[d["stat"]] = c.mods.get(d["stat"], 0) + d["by"]
            elif e.do == "swap":
                c.swapped = not c.swapped
        return cards

    # ---------------------------------------------------------------------------------------------------------
    # instanced effects made by resolving cards and abilities
    # ---------------------------------------------------------------------------------------------------------
    def instanced(self, e: dict, inst, you: str, source_name: str, what: str):
        """An instanced continuous effect: its set is fixed now, its timestamp is this resolution
        (continuous-effects/instanced-effects/1, 2; timestamps/1.2)."""
        members = [c for c in self.effect_set(e, inst, you)]
        until = e.get("until", "turn")
        eff = Effect(e["do"], e, self.s.tick(), you, members=[(c.handle, c.timestamp) for c in members],
                     until=until, name=source_name)
        self.s.continuous.append(eff)
        names = ", ".join(c.name for c in members) or "no object"
        self.step(f"{source_name} applies to {names}: {what} "
                  f"{'until end of turn' if until == 'turn' else 'for the rest of the game'} (an instanced effect: its "
                  f"set is fixed as it resolves; layer {eff.layer}).",
                  [cited.INSTANCED_EFFECT_APPLIES_TO_OBJECTS_THEN, cited.INSTANCED_SET_FIXED,
                   LAYER_RULE[eff.layer]], answer=True)
        self.apply_layers()

    def effect_set(self, e: dict, inst, you: str) -> list[Card]:
        """The objects an instanced effect names: target, self, you, or a selector over the field."""
        to = e.get("to", "target")
        if isinstance(to, dict):
            return [c for c in self.s.cards.values() if c.zone == "field" and self.matches(c, to, you)]
        return [self.s.cards[h] for h in self._units(e, inst, you) if h in self.s.cards
                and self.s.cards[h].zone == "field"]

    def do_set_stat(self, e, inst, you, source_name):
        """An instanced effect setting the base value of a stat."""
        self.instanced(e, inst, you, source_name, f"base {e['stat']} {e['value']}")

    def do_types(self, e, inst, you, source_name):
        """An instanced effect setting (or adding) types, subtypes and supertypes."""
        kinds = " ".join(t for k in ("supertypes", "types", "subtypes") for t in e.get(k, []))
        self.instanced(e, inst, you, source_name, f"{'also ' if e.get('add') else ''}{kinds}")

    def do_element(self, e, inst, you, source_name):
        """An instanced effect setting (or adding) an element."""
        el = e["element"] if isinstance(e["element"], str) else " and ".join(e["element"])
        self.instanced(e, inst, you, source_name, f"{'also ' if e.get('add') else ''}{el} element")

    def do_lose_abilities(self, e, inst, you, source_name):
        """An instanced effect: the objects lose all abilities."""
        self.instanced(e, inst, you, source_name, "all abilities lost")

    def do_swap(self, e, inst, you, source_name):
        """An instanced effect swapping power and life."""
        self.instanced(e, inst, you, source_name, "power and life swapped")

    def end_continuous(self, player: str) -> list[str]:
        """Clean-up: instanced effects lasting until end of turn end (end-phase/3)."""
        ended = [e for e in self.s.continuous if e.until == "turn"]
        self.s.continuous = [e for e in self.s.continuous if e.until != "turn"]
        return [e.name for e in ended]


def _says(e: Effect) -> str:
    """What an effect does, for a sentence."""
    d = e.data
    if e.do == "set-stat":
        return f"sets its base {d['stat']} to {d['value']}"
    if e.do == "types":
        kinds = " ".join(t for k in ("supertypes", "types", "subtypes") for t in d.get(k, []))
        return f"makes it {'also ' if d.get('add') else ''}{kinds}"
    if e.do == "element":
        el = d["element"] if isinstance(d["element"], str) else " and ".join(d["element"])
        return f"makes it {'also ' if d.get('add') else ''}{el} element"
    if e.do == "lose-abilities":
        return "removes all its abilities"
    if e.do in ("keyword", "gain"):
        return f"gives it {d['keyword']}" + (f" {d['value']}" if e.do == "gain" and d.get("value") is not None else "")
    if e.do == "stat":
        return f"gives it {d['by']:+d} {d['stat']}"
    return "swaps its power and life"


def _key(ts):
    return ts if isinstance(ts, tuple) else (ts, 0)
