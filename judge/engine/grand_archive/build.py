# Game Zones, Card Types, Parts of a Card: the starting position a scenario describes, built and validated.
"""Building a Grand Archive game from a scenario file, validated (docs/scenario-format-ga.md): players, zones,
cards, abilities and actions; every problem is a Reason with its key and line."""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Reason, known_card, known_player, table_at, unknown_keys, wrong_type
from judge.engine.grand_archive import cited
from judge.engine.grand_archive.cards import PLAYER_ZONES, Ability, Card
from judge.engine.grand_archive.keywords import parse_keyword
from judge.engine.grand_archive.words import as_list
from judge.engine.grand_archive.state import Player, State

TOP_KEYS = {"scenario", "game", "players", "cards", "actions", "expect"}
GAME_KEYS = {"turn_player", "order", "phase", "turn"}
PLAYER_KEYS = {"champion", "elements", "level", "damage", "materialized", "life", "rested"} | set(PLAYER_ZONES)
COUNTED_ZONES = ("hand", "memory", "main-deck")   # zones where a number stands for that many unnamed cards
CARD_KEYS = {"name", "owner", "element", "types", "subtypes", "supertypes", "reserve_cost", "memory_cost", "speed",
             "level", "power", "life", "durability", "keywords", "effects", "modes", "target", "abilities", "rested",
             "damage", "counters", "distant", "fostered"}
INT_FIELDS = ("level", "power", "life", "durability", "damage")
LIST_FIELDS = ("types", "subtypes", "supertypes", "keywords")
SELECTOR_KEYS = {"types", "subtypes", "supertypes", "not_types", "element", "controller", "owner", "zone", "name",
                 "keyword", "min_reserve_cost", "max_reserve_cost", "min_memory_cost", "max_memory_cost", "copy",
                 "fostered"}
TARGET_KINDS = {"activation", "materialization", "ability", "instance", "object", "unit", "champion", "ally",
                "item", "weapon", "domain", "phantasia", "player"}
# effect primitives (what an instance does as it resolves) and their fields
EFFECTS = {
    "damage": {"amount", "to"}, "draw": {"amount", "to"}, "recover": {"amount"},
    "modify": {"stat", "by", "to"}, "destroy": {"what"}, "banish": {"what"},
    "negate": {"what"}, "copy": {"what", "new_targets"}, "delevel": {"to"},
    "prevent": {"amount", "to", "combat", "kind"}, "rest": {"what", "to"}, "wake": {"what", "to"},
    "counter": {"kind", "amount", "to"}, "gain": {"keyword", "to"}, "distant": {"to"},
    "skip": {"phase", "whose", "times"}, "end-phase": set(), "level-up": {"to"},
    "foster": {"to"}, "agility": {"amount", "to"}, "return-memory": {"amount"},
}
# continuous effects the layer system applies (layers.py): instanced when resolved, static on an ability
LAYERED = {"set-stat": {"stat", "value", "to"}, "types": {"types", "subtypes", "supertypes", "add", "to"},
           "element": {"element", "add", "to"}, "lose-abilities": {"to"}, "swap": {"to"}}
EFFECTS.update({k: v | {"until"} for k, v in LAYERED.items()})
EFFECTS["damage"] = {"amount", "to", "unpreventable"}
# static effects (continuous, no Effects Stack) and their fields
STATICS = {
    "cost": {"by", "set", "remove", "to", "cost", "for"}, "grant": {"effects", "to"},
    "permission": {"method", "from", "cards"}, "activate-memory-cost": {"cards"},
    "keyword": {"keyword", "to"}, "damage-mod": {"op", "amount", "to", "from", "combat"},
    "attack-cost": {"reserve", "for", "attacker", "wielded"}, "must-attack": {"attacker"},
    **LAYERED, "stat": {"stat", "by", "to"},
}
SET_STATS = ("power", "life", "durability", "level")
ABILITY_KEYS = {
    "activated": {"kind", "text", "cost", "effects", "target", "speed", "functional_in"},
    "trigger": {"kind", "text", "on", "by", "card", "effects", "functional_in", "phase", "whose", "attacker",
                "charges"},
    "static": {"kind", "text", "effect", "functional_in"},
}
TRIGGER_EVENTS = ("enter", "death", "play", "attack", "hit", "kill", "beginning", "foster", "leave", "banish", "charge")
ACTION_KINDS = ("activate", "materialize", "bestow", "attack", "retaliate", "intercept", "critical", "pass", "stop")
ACTION_KEYS = {"player", "ability", "target", "targets", "x", "mode", "reserve", "memory", "copy_targets", "note",
               "times", "wield", "attack_target", "pay", "until", "level_up", "floating", "reservable", "kindle", "ephemerate"} | set(ACTION_KINDS)
START_POINTS = {"wake-up": "wake-up", "materialize": "materialize", "recollection": "recollection", "draw": "draw",
                "main": "main", "end": "end"}
DAMAGE_OPS = ("prevent", "double", "add")
# the fields a static effect or a trigger reads as a selector table, never a word (game.py matches())
STATIC_SELECTORS = {"keyword": ("to",), "grant": ("to",), "damage-mod": ("to", "from"), "cost": ("to",),
                    "permission": ("cards",), "activate-memory-cost": ("cards",), "attack-cost": ("attacker",),
                    "must-attack": ("attacker",)}
TRIGGER_SELECTORS = ("card", "attacker")
UNSUPPORTED_TYPES: dict[str, str] = {}


# ---------------------------------------------------------------------------------------------------------
# building and validating the position
# ---------------------------------------------------------------------------------------------------------

_wrong_type = wrong_type
_check_keys = unknown_keys


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def build_state(scenario) -> State:
    """The starting position, checked: every problem found is a Reason with its key and line."""
    data = scenario.data
    reasons: list[Reason] = []
    for key in data:
        if key not in TOP_KEYS:
            reasons.append(scenario.reason("unknown-key", f"unknown table [{key}] (known: "
                                           f"{', '.join(sorted(TOP_KEYS))})", key))
    players = data.get("players")
    if not isinstance(players, dict) or len(players) < 2:
        reasons.append(scenario.reason("players", "a Grand Archive scenario needs two or more [players.NAME] "
                                       "tables", "players"))
        raise InvalidScenario(reasons)
    s = State()
    g = table_at(scenario, data, "game", "a table", reasons)
    _check_keys(scenario, g, GAME_KEYS, "game", "in [game]", reasons)
    for seat, (name, p) in enumerate(players.items()):
        if not isinstance(p, dict):
            reasons.append(_wrong_type(scenario, f"players.{name}", "a table", p))
            p = {}
        s.players[name] = _build_player(scenario, name, p, seat, reasons)
    order = g.get("order", list(players))
    if not isinstance(order, list) or sorted(order) != sorted(players):
        reasons.append(scenario.reason("order", "game.order must list every player once", "game.order"))
        order = list(players)
    s.turn_player = g.get("turn_player", order[0])
    if s.turn_player not in s.players:
        reasons.append(scenario.reason("unknown-player", f"turn_player {s.turn_player!r} is not a player (players: "
                                       f"{', '.join(s.players)})", "game.turn_player"))
        s.turn_player = order[0]
    i = order.index(s.turn_player)
    s.order = order[i:] + order[:i]          # turn order, starting with the turn player
    s.phase = g.get("phase", "main")
    if s.phase not in START_POINTS:
        extra = " (a combat phase begins with an attack action)" if s.phase == "combat" else ""
        reasons.append(scenario.reason("bad-phase", f"phase must be one of {', '.join(START_POINTS)}, not "
                                       f"{s.phase!r}{extra}", "game.phase"))
        s.phase = "main"
    s.point = START_POINTS[s.phase]
    s.turn = g.get("turn", len(players) + 1)
    if not _is_int(s.turn) or s.turn < 1:
        reasons.append(_wrong_type(scenario, "game.turn", "a whole number ≥ 1 (turn 1 is the first player's first "
                                   "turn)", s.turn))
        s.turn = len(players) + 1
    cards = table_at(scenario, data, "cards", "a table of [cards.HANDLE] tables", reasons)
    for handle, cd in cards.items():
        card = _build_card(scenario, handle, cd, s, reasons)
        if card is not None:
            s.cards[handle] = card
    _place_cards(scenario, players, s, reasons)
    actions = table_at(scenario, data, "actions", "an array of [[actions]] tables", reasons, list)
    for n, act in enumerate(actions, 1):
        _check_action(scenario, n, act, s, reasons)
    if reasons:
        raise InvalidScenario(reasons)
    s.opportunity = s.turn_player if s.point not in ("wake-up", "draw", "materialize") else None
    for card in s.cards.values():
        if card.zone == "field" and card.durability is not None and "durability" not in card.counters:
            card.counters["durability"] = card.durability
    return s


def _build_player(scenario, name, p: dict, seat: int, reasons) -> Player:
    key = f"players.{name}"
    _check_keys(scenario, p, PLAYER_KEYS, key, "for a player", reasons)
    player = Player(name, str(p.get("champion", name)), seat)
    for k in ("level", "damage"):
        v = p.get(k)
        if v is not None and (not _is_int(v) or v < 0):
            reasons.append(_wrong_type(scenario, f"{key}.{k}", "a whole number ≥ 0", v))
    player.level = p.get("level") if _is_int(p.get("level")) else None
    player.damage = p.get("damage", 0) if _is_int(p.get("damage", 0)) else 0
    els = p.get("elements", [])
    if not isinstance(els, list) or not all(isinstance(e, str) for e in els):
        reasons.append(_wrong_type(scenario, f"{key}.elements", "a list of element names", els))
        els = []
    player.elements = {e.lower() for e in els}
    player.materialized = bool(p.get("materialized", False))
    life = p.get("life")
    if life is not None and (not _is_int(life) or life < 0):
        reasons.append(_wrong_type(scenario, f"{key}.life", "a whole number ≥ 0", life))
    player.life = life if _is_int(life) else None
    player.rested = bool(p.get("rested", False))
    return player


def _build_card(scenario, handle, cd, s: State, reasons) -> Card | None:
    key = f"cards.{handle}"
    if not isinstance(cd, dict):
        reasons.append(_wrong_type(scenario, key, "a table", cd))
        return None
    if "." in handle or "@" in handle:
        reasons.append(scenario.reason("bad-handle", f"a card handle can't contain '.' or '@' (they name instances "
                                       f"and copies): {handle!r}", key))
    _check_keys(scenario, cd, CARD_KEYS, key, "for a card", reasons)
    card = Card(handle, str(cd.get("name", handle)), "")
    owner = cd.get("owner")
    if owner is not None and owner not in s.players:
        reasons.append(scenario.reason("unknown-player", f"owner {owner!r} is not a player (players: "
                                       f"{', '.join(s.players)})", f"{key}.owner"))
    card.owner = owner or ""
    el = cd.get("element", "norm")
    els = [el] if isinstance(el, str) else el
    if not isinstance(els, list) or not els or not all(isinstance(e, str) for e in els):
        reasons.append(_wrong_type(scenario, f"{key}.element", "an element name or a list of them", el))
        els = ["norm"]
    card.elements = {e.lower() for e in els}
    for f in LIST_FIELDS:
        v = cd.get(f, [])
        v = [v] if isinstance(v, str) else v
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            reasons.append(_wrong_type(scenario, f"{key}.{f}", "a list of strings", v))
            v = []
        setattr(card, f, {x.lower() for x in v})
    names = set()
    for i, text in enumerate(card.keywords):
        try:
            kw = parse_keyword(text)
        except ValueError as exc:
            reasons.append(scenario.reason("unsupported", str(exc), f"{key}.keywords"))
            continue
        card.keyword_list.append(kw)
        names.add(kw[0])
    card.keywords = names
    counters = cd.get("counters", {})
    if not isinstance(counters, dict) or not all(_is_int(v) and v >= 0 for v in counters.values()):
        reasons.append(_wrong_type(scenario, f"{key}.counters", "a table of counter kind = whole number ≥ 0",
                                   counters))
        counters = {}
    card.counters = dict(counters)
    for f in ("distant", "fostered"):
        if not isinstance(cd.get(f, False), bool):
            reasons.append(_wrong_type(scenario, f"{key}.{f}", "true or false", cd[f]))
        setattr(card, f, bool(cd.get(f, False)))
    for t, what in UNSUPPORTED_TYPES.items():
        if t in card.types:
            reasons.append(scenario.reason("unsupported", f"the engine does not play {what} yet", f"{key}.types"))
    for f in INT_FIELDS:
        v = cd.get(f)
        if v is None:
            continue
        if not _is_int(v):
            reasons.append(_wrong_type(scenario, f"{key}.{f}", "a whole number", v))
            continue
        setattr(card, f, v)
    for f in ("reserve_cost", "memory_cost"):
        v = cd.get(f)
        if v is None:
            continue
        if isinstance(v, str) and v.strip().upper() in ("X", "0+X"):
            card.x_cost = True
            v = 0
        if not _is_int(v) or v < 0:
            reasons.append(_wrong_type(scenario, f"{key}.{f}", 'a whole number ≥ 0 or "X"', v))
            continue
        setattr(card, f, v)
    if card.reserve_cost is not None and card.memory_cost is not None:
        reasons.append(scenario.reason("two-costs", "a card has a reserve cost or a memory cost, not both",
                                       f"{key}.memory_cost", cited.RESERVE_OR_MEMORY_COST))
    speed = cd.get("speed")
    if speed is not None and speed not in ("fast", "slow"):
        reasons.append(scenario.reason("bad-speed", f'speed must be "fast" or "slow", not {speed!r}', f"{key}.speed"))
    card.speed = speed
    card.rested = bool(cd.get("rested", False))
    card.effects = _check_effects(scenario, f"{key}.effects", cd.get("effects", []), reasons)
    modes = cd.get("modes", {})
    if not isinstance(modes, dict):
        reasons.append(_wrong_type(scenario, f"{key}.modes", "a table of mode name = [effects]", modes))
        modes = {}
    card.modes = {m: _check_effects(scenario, f"{key}.modes.{m}", v, reasons) for m, v in modes.items()}
    if "target" in cd:
        card.target = _check_target(scenario, f"{key}.target", cd["target"], reasons)
    abilities = cd.get("abilities", [])
    if not isinstance(abilities, list):
        reasons.append(_wrong_type(scenario, f"{key}.abilities", "an array of [[cards.X.abilities]] tables",
                                   abilities))
        abilities = []
    for i, ab in enumerate(abilities, 1):
        ability = _check_ability(scenario, f"{key}.abilities.{i}", i, ab, reasons)
        if ability is not None:
            card.abilities.append(ability)
    return card


def _check_effects(scenario, key, effects, reasons, table=EFFECTS) -> list[dict]:
    if not isinstance(effects, list) or not all(isinstance(e, dict) for e in effects):
        reasons.append(_wrong_type(scenario, key, "an array of effect tables { do = ... }", effects))
        return []
    for e in effects:
        _check_effect(scenario, key, e, reasons, table)
    return effects


_TO_WORDS = {"you", "opponent", "target", "attack", "self", "attacker"}
"""The words an effect's ``to`` may say besides a player, a card handle or a selector table."""


def _check_effect(scenario, key, e: dict, reasons, table=EFFECTS):
    do = e.get("do")
    if do not in table:
        reasons.append(scenario.reason("bad-effect", f"unknown effect do = {do!r} (known: {', '.join(sorted(table))})",
                                       key))
        return
    _check_keys(scenario, e, table[do] | {"do"}, key, f"for a {do} effect", reasons, at=key)
    for k, v in e.items():
        if k in ("to", "cards") and isinstance(v, dict):
            _check_selector(scenario, f"{key}.{k}", v, reasons)
    for k in STATIC_SELECTORS.get(do, ()) if table is STATICS else ():
        if k in e and not isinstance(e[k], dict):
            reasons.append(_wrong_type(scenario, f"{key}.{k}", f"a selector table {{ types = [...], ... }} (a {do} "
                                       "static effect compares cards with it)", e[k]))
    for k in ("amount", "by"):   # a quantity the engine evaluates (effects.py amount()): never a silent 0
        v = e.get(k)
        if (isinstance(v, str) and v != "X") or (isinstance(v, dict) and (set(v) != {"stat"} or not
                                                                        isinstance(v["stat"], str) or v["stat"] not in SET_STATS)):
            reasons.append(_wrong_type(scenario, f"{key}.{k}", 'a whole number, "X" or a quantity table '
                                       f"{{ stat = NAME }} (NAME one of {', '.join(SET_STATS)})", v))
    to = e.get("to")
    if isinstance(to, str) and to not in _TO_WORDS:
        named = set(scenario.data.get("players") or {}) | set(scenario.data.get("cards") or {})
        if to not in named:
            reasons.append(scenario.reason("bad-effect", f"to = {to!r} names no player or card of this scenario "
                                           f"(or say one of {', '.join(sorted(_TO_WORDS))}, or a selector table)",
                                           f"{key}.to"))
    if do == "cost" and e.get("for", "you") not in ("you", "opponents", "all"):
        reasons.append(scenario.reason("bad-effect", f'for must be "you", "opponents" or "all", not {e["for"]!r}', key))
    if do == "cost" and "by" in e and (not isinstance(e["by"], int) or isinstance(e["by"], bool)):
        # cost modifiers are added together as the cost is calculated: a number ("by = -1"), never a word
        reasons.append(scenario.reason("wrong-type", f"by must be a whole number (-1 = costs 1 less), not {e['by']!r}",
                                       f"{key}.by"))
    if do == "grant":
        _check_effects(scenario, key, e.get("effects", []), reasons)
    for k in ("attacker", "from"):
        if isinstance(e.get(k), dict):
            _check_selector(scenario, f"{key}.{k}", e[k], reasons)
    if do in ("gain", "keyword"):
        try:
            parse_keyword(str(e.get("keyword", "")))
        except ValueError as exc:
            reasons.append(scenario.reason("unsupported", str(exc), key))
    for k in ("to", "from") if do == "damage-mod" else ():   # whose damage, to whom: selector tables
        if k in e and not isinstance(e[k], dict):
            reasons.append(scenario.reason("wrong-type", f"{k} must be a selector table ({{ types = [...], "
                                           f"controller = ... }}), not {e[k]!r}", f"{key}.{k}"))
    if do == "damage-mod" and e.get("op", "prevent") not in DAMAGE_OPS:
        reasons.append(scenario.reason("bad-effect", f"op must be one of {', '.join(DAMAGE_OPS)}, not {e['op']!r}", key))
    if do == "skip" and e.get("phase") not in START_POINTS:
        reasons.append(scenario.reason("bad-effect", f"phase must be one of {', '.join(START_POINTS)}, not "
                                       f"{e.get('phase')!r}", key))
    if do in ("set-stat", "stat", "modify") and e.get("stat", "power") not in SET_STATS:
        reasons.append(scenario.reason("bad-effect", f"stat must be one of {', '.join(SET_STATS)}, not "
                                       f"{e.get('stat')!r}", key))
    if do == "modify" and not _is_int(e.get("by", 0)):   # +N/-N is a number, never a quantity table
        reasons.append(scenario.reason("wrong-type", f"by must be a whole number (+1, -2), not {e['by']!r}",
                                       f"{key}.by"))
    if do in ("set-stat", "stat") and not _is_int(e.get("value" if do == "set-stat" else "by")):
        reasons.append(scenario.reason("bad-effect", f"a {do} effect needs "
                                       f"{'value' if do == 'set-stat' else 'by'} = a whole number", key))
    if do == "element" and not e.get("element"):
        reasons.append(scenario.reason("bad-effect", "an element effect needs element = NAME (or a list)", key))
    if do == "types" and not any(k in e for k in ("types", "subtypes", "supertypes")):
        reasons.append(scenario.reason("bad-effect", "a types effect needs types, subtypes or supertypes", key))
    if "until" in e and e["until"] not in ("turn", "game"):
        reasons.append(scenario.reason("bad-effect", f'until must be "turn" (until end of turn) or "game", not '
                                       f"{e['until']!r}", key))
    if do == "prevent" and e.get("kind", "shield") not in ("shield", "instance"):
        reasons.append(scenario.reason("bad-effect", 'kind must be "shield" or "instance"', key))


def _check_selector(scenario, key, sel: dict, reasons, extra=()):
    _check_keys(scenario, sel, SELECTOR_KEYS | set(extra), key, "in a selector", reasons, at=key)


def _check_target(scenario, key, spec, reasons) -> dict | None:
    if not isinstance(spec, dict):
        reasons.append(_wrong_type(scenario, key, "a table { kind = ..., ... }", spec))
        return None
    if spec.get("kind", "object") not in TARGET_KINDS:
        reasons.append(scenario.reason("bad-target", f"target kind must be one of {', '.join(sorted(TARGET_KINDS))}, "
                                       f"not {spec.get('kind')!r}", key))
    _check_selector(scenario, key, spec, reasons, extra=("kind", "up_to", "count"))
    if "count" in spec and (not _is_int(spec["count"]) or spec["count"] < 1):
        reasons.append(_wrong_type(scenario, f"{key}.count", "a whole number ≥ 1 (how many targets: exactly that "
                                   "many, or up to that many with up_to = true)", spec["count"]))
        spec = {k: v for k, v in spec.items() if k != "count"}
    if "up_to" in spec and not isinstance(spec["up_to"], bool):
        reasons.append(_wrong_type(scenario, f"{key}.up_to", "true or false", spec["up_to"]))
    return spec


def _check_ability(scenario, key, index, ab, reasons) -> Ability | None:
    if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KEYS:
        reasons.append(scenario.reason("bad-ability", f"an ability needs kind = one of "
                                       f"{', '.join(sorted(ABILITY_KEYS))}", key))
        return None
    kind = ab["kind"]
    _check_keys(scenario, ab, ABILITY_KEYS[kind], key, f"for a {kind} ability", reasons)
    if kind in ("activated", "trigger"):
        _check_effects(scenario, f"{key}.effects", ab.get("effects", []), reasons)
    if kind == "trigger" and ab.get("on") not in TRIGGER_EVENTS:
        reasons.append(scenario.reason("bad-trigger", f"on must be one of {', '.join(TRIGGER_EVENTS)}, not "
                                       f"{ab.get('on')!r}", f"{key}.on"))
    if (ab.get("on") == "charge") != ("charges" in ab):
        reasons.append(scenario.reason("bad-trigger", 'charges = N goes with on = "charge" (On Charge N), and on = '
                                       '"charge" needs it', f"{key}.charges" if "charges" in ab else f"{key}.on"))
    for k in TRIGGER_SELECTORS if kind == "trigger" else ():
        if k in ab and not isinstance(ab[k], dict):
            reasons.append(_wrong_type(scenario, f"{key}.{k}", "a selector table { types = [...], ... }", ab[k]))
        elif k == "card" and k in ab:
            _check_selector(scenario, f"{key}.card", ab["card"], reasons)
    if isinstance(ab.get("attacker"), dict):
        _check_selector(scenario, f"{key}.attacker", ab["attacker"], reasons)
        if ab.get("on") != "attack":
            reasons.append(scenario.reason("bad-trigger", 'attacker = SELECTOR goes with on = "attack"',
                                           f"{key}.attacker"))
    if kind == "static":
        eff = ab.get("effect")
        if not isinstance(eff, dict):
            reasons.append(_wrong_type(scenario, f"{key}.effect", "an effect table { do = ... }", eff))
        else:
            _check_effect(scenario, f"{key}.effect", eff, reasons, STATICS)
    if "target" in ab:
        _check_target(scenario, f"{key}.target", ab["target"], reasons)
    cost = ab.get("cost", {})
    if not isinstance(cost, dict) or not set(cost) <= {"rest", "reserve", "sacrifice"}:
        reasons.append(scenario.reason("bad-cost", "an ability cost is a table of rest = true, reserve = N, "
                                       "sacrifice = true", f"{key}.cost"))
    return Ability(index, kind, ab)


def _place_cards(scenario, players: dict, s: State, reasons):
    """Each card sits in exactly one zone of one player; hand and memory may hold unnamed cards."""
    where: dict[str, str] = {}
    for name, p in players.items():
        if not isinstance(p, dict):
            continue
        for zone in PLAYER_ZONES:
            if zone not in p:
                continue
            key = f"players.{name}.{zone}"
            value = p[zone]
            value = [value] if _is_int(value) else value
            if not isinstance(value, list) or not all(isinstance(v, str) or _is_int(v) for v in value):
                reasons.append(_wrong_type(scenario, key, "a list of card handles" +
                                           (" (a number for unnamed cards)" if zone in COUNTED_ZONES else ""), value))
                continue
            for v in value:
                if _is_int(v):
                    if zone not in COUNTED_ZONES or v < 0:
                        reasons.append(scenario.reason("unnamed", "only hand, memory and main-deck may hold a number of "
                                                       "unnamed "
                                                       f"cards, not {zone}", key))
                    else:
                        s.players[name].unnamed[zone] += v
                    continue
                if not known_card(scenario, v, s.cards, key, reasons):
                    continue
                card = s.cards[v]
                if v in where:
                    reasons.append(scenario.reason("two-places", f"{card.name} [{v}] is listed in {where[v]} and again "
                                                   f"in {name}'s {zone}: a card is in one place", key))
                    continue
                where[v] = f"{name}'s {zone}"
                card.zone = zone
                card.deck_position = len(where)
                card.controller = name
                if not card.owner:
                    card.owner = name
                elif zone != "field" and card.owner != name:
                    reasons.append(scenario.reason("owner-zone", f"{card.name} belongs to {card.owner}, so it can't be "
                                                   f"in {name}'s {zone}: a card goes to its owner's {zone}", key,
                                                   cited.OWNERSHIP))
    for handle, card in s.cards.items():
        if handle not in where:
            reasons.append(scenario.reason("no-zone", f"{card.name} [{handle}] is in no zone: list it in a player's "
                                           "hand, memory, field, … (players.NAME.hand = [...])", f"cards.{handle}"))


def _check_action(scenario, n, act, s: State, reasons):
    key = f"actions.{n}"
    if not isinstance(act, dict):
        reasons.append(_wrong_type(scenario, key, "a table", act))
        return
    _check_keys(scenario, act, ACTION_KEYS, key, "in an action", reasons)
    kinds = [k for k in ACTION_KINDS if k in act]
    if len(kinds) != 1:
        reasons.append(scenario.reason("bad-action", "an action needs exactly one of " + ", ".join(ACTION_KINDS), key))
        return
    kind = kinds[0]
    player = act.get("player", s.turn_player)
    known_player(scenario, player, s.players, f"{key}.player", reasons)
    for k in ("reserve", "memory", "floating", "reservable", "kindle", "target", "targets", "copy_targets"):
        for h in ([act[k]] if isinstance(act.get(k), str) else act.get(k, [])):
            base = h.split(".")[0].split("@")[0] if isinstance(h, str) else h
            if k in ("reserve", "memory", "floating", "reservable", "kindle") and h not in s.cards:
                reasons.append(scenario.reason("unknown-card", f"no card {h!r} in [cards] to pay with", f"{key}.{k}"))
            elif k not in ("reserve", "memory", "floating", "reservable", "kindle") and base not in s.cards and base not in s.players:
                reasons.append(scenario.reason("unknown-target", f"target {h!r} is neither a player, a card, nor an "
                                               "instance of a card (HANDLE, HANDLE.copyN, HANDLE.N)", f"{key}.{k}",
                                               cited.TARGET))
    if "times" in act and (kind != "pass" or not _is_int(act["times"]) or act["times"] < 1):
        reasons.append(scenario.reason("bad-times", "times = N (N ≥ 1) goes with pass = true", f"{key}.times"))
    if "until" in act and (kind != "pass" or act["until"] not in START_POINTS):
        reasons.append(scenario.reason("bad-until", f"until = PHASE goes with pass = true, PHASE one of "
                                       f"{', '.join(START_POINTS)}", f"{key}.until"))
    for k in ("wield", "attack_target", "attack", "retaliate", "intercept", "level_up"):
        if k not in act or act[k] is False:
            continue
        for h in as_list(act[k]):
            if not isinstance(h, str) or (h not in s.cards and h not in s.players):
                reasons.append(scenario.reason("unknown-card", f"{k} names {h!r}, neither a card nor a player",
                                               f"{key}.{k}"))
    if kind == "attack" and act["attack"] in s.players and not any(
            "champion" in c.types and act["attack"] in (c.owner, c.controller) for c in s.cards.values()):
        # a player's name stands for their champion card on the field; `champion = "NAME"` only names it
        who = act["attack"]
        reasons.append(scenario.reason(
            "no-champion-card", f"attack = {who!r} attacks with {who}'s champion card on the field, and {who} has "
            f"none: champion = \"...\" in [players.{who}] only names the champion in sentences; describe the champion "
            f"as a card (types = [\"champion\"], with its life and any power) in {who}'s field", f"{key}.attack",
            cited.DECLARE_SELECT_ATTACKER))
    if "pay" in act and not isinstance(act["pay"], bool):
        reasons.append(_wrong_type(scenario, f"{key}.pay", "true or false", act["pay"]))
    if kind == "critical" and act["critical"] != "discard":
        reasons.append(scenario.reason("bad-action", 'critical = "discard": the player discards N cards so that a '
                                       f"critical N attack's damage is not doubled, not {act['critical']!r}",
                                       f"{key}.critical", cited.CRITICAL))
    if kind in ("pass", "stop", "attack", "retaliate", "intercept", "critical"):
        return
    if not known_card(scenario, act[kind], s.cards, f"{key}.{kind}", reasons):
        return
    card = s.cards[act[kind]]
    if "ability" in act:
        idx = act["ability"]
        if kind != "activate" or not _is_int(idx) or not 1 <= idx <= len(card.abilities) or \
                card.abilities[idx - 1].kind != "activated":
            count = sum(1 for a in card.abilities if a.kind == "activated")
            reasons.append(scenario.reason("bad-ability", f"{card.name} has no activated ability number {idx!r} "
                                           f"(it has {count})", f"{key}.ability"))
        return
    if card.x_cost and (not _is_int(act.get("x")) or act["x"] < 0):
        reasons.append(scenario.reason("declare-x", f"{card.name} has X in its cost: declare x = N (N ≥ 0)",
                                       f"{key}.x" if "x" in act else key, cited.ACTIVATION_DECLARE_X))
    elif not card.x_cost and "x" in act:
        reasons.append(scenario.reason("declare-x", f"{card.name} has no X in its cost", f"{key}.x"))
    if card.modes and act.get("mode") not in card.modes:
        reasons.append(scenario.reason("declare-mode", f"{card.name} has modes: select mode = one of "
                                       f"{', '.join(card.modes)}", f"{key}.mode" if "mode" in act else key,
                                       cited.ACTIVATION_SELECT_MODES))


# ---------------------------------------------------------------------------------------------------------
# shapes: what every table, list and scalar of a Grand Archive scenario is (judge.engine.shapes), checked
# by the scenario layer before anything above reads it
# ---------------------------------------------------------------------------------------------------------

def _shape():
    from judge.engine.shapes import NAME, NAMES, AnyValue, Bool, Int, Lazy, ListOf, MapOf, Str, Table

    words = ListOf(Str(), single=True)
    names = ListOf(Str())   # a selector compares these as a set of names: one bare word would be its letters
    selector = Table({"types": names, "subtypes": names, "supertypes": names, "not_types": names, "element": Str(),
                      "controller": Str(), "owner": Str(), "zone": Str(), "name": Str(), "keyword": Str(),
                      "min_reserve_cost": Int(), "max_reserve_cost": Int(), "min_memory_cost": Int(),
                      "max_memory_cost": Int(), "copy": Bool(), "fostered": Bool()}, what="a selector table")
    target = Table({**selector.fields, "kind": Str(), "up_to": Bool(),
                    "count": Int(1, what="a whole number ≥ 1 (how many targets: exactly that many, or up to that "
                                         "many with up_to = true)")},
                   what="a target table { kind = ..., ... }")
    amount = Int() | Str() | Table(what="a quantity table")
    effect = Table({"do": Str(), "amount": amount, "to": Str() | selector, "stat": Str(), "by": amount,
                    "what": Str() | selector, "new_targets": Bool(), "set": Int(), "remove": Bool() | Str(),
                    "cost": Str(), "for": Str(), "effects": Lazy(lambda: effects), "method": Str(),
                    "from": Str() | ListOf(Str()) | selector, "cards": selector, "keyword": Str(),
                    "kind": Str(), "combat": Bool(), "op": Str(), "phase": Str(), "whose": Str(), "times": Int(1),
                    "unpreventable": Bool(), "attacker": selector, "reserve": Int(0), "wielded": Bool(),
                    "value": Int(), "types": words, "subtypes": words, "supertypes": words, "element": words,
                    "add": Bool(), "until": Str()},
                   what="an effect table { do = ... }")
    effects = ListOf(effect, what="an array of effect tables { do = ... }")
    ability = Table({"kind": Str(), "text": Str(), "cost": Table({"rest": Bool(), "reserve": Int(0),
                                                                  "sacrifice": Bool()}, what="a cost table"),
                     "effects": effects, "effect": effect, "target": target, "speed": Str(), "on": Str(),
                     "by": Str(), "card": selector, "functional_in": words, "phase": Str(), "whose": Str(),
                     "attacker": selector, "charges": Int(1)},
                    what="an ability table")
    zone = ListOf(NAME | Int(0), single=True, what="a list of card handles (a number for unnamed cards)")
    player = Table({"champion": Str(), "elements": ListOf(Str()), "level": Int(0), "damage": Int(0),
                    "materialized": Bool(), "life": Int(0), "rested": Bool(), **{z: zone for z in PLAYER_ZONES}},
                   what="a player table")
    card = Table({"name": Str(), "owner": NAME, "element": words, "types": words, "subtypes": words,
                  "supertypes": words, "keywords": words, "reserve_cost": Int(0) | Str(), "memory_cost": Int(0) | Str(),
                  "speed": Str(), "level": Int(), "power": Int(), "life": Int(), "durability": Int(), "damage": Int(0),
                  "effects": effects, "modes": MapOf(effects, what="a table of mode name = [effects]"),
                  "target": target, "abilities": ListOf(ability), "rested": Bool(),
                  "counters": MapOf(Int(0), what="a table of counter kind = whole number ≥ 0"), "distant": Bool(),
                  "fostered": Bool()}, what="a card table")
    action = Table({"player": NAME, "ability": Int(1), "target": NAMES, "targets": NAMES, "x": Int(0),
                    "mode": Str(), "reserve": NAMES, "memory": NAMES, "copy_targets": NAMES, "note": Str(),
                    "times": Int(1), "activate": NAME, "materialize": NAME, "bestow": NAME, "pass": Bool(),
                    "stop": AnyValue(), "attack": NAME, "wield": NAMES, "attack_target": NAME, "pay": Bool(),
                    "until": Str(), "retaliate": NAMES | Bool(), "intercept": NAME, "level_up": NAME,
                    "critical": Str(), "floating": NAMES, "reservable": NAMES, "kindle": NAMES,
                    "ephemerate": Bool()},
                   what="an action table")
    return Table({"players": MapOf(player), "cards": MapOf(card), "actions": ListOf(action),
                  "game": Table({"turn_player": NAME, "order": ListOf(NAME), "phase": Str(), "turn": Int(1)})})


SHAPE = _shape()
"""The shape of a Grand Archive scenario (checked before the engine reads it)."""


WORDS = {"cards.*.keywords": "keywords"}
"""Where a Grand Archive scenario writes the rules' words: keywords, checked against the loaded document's
page of keywords and abilities (a near miss only, with an excerpt that lacks the page)."""
