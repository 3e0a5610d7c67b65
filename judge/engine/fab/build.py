# 1.1 players, 1.2 objects, 1.3 cards, 2 object properties, 3 zones, 8 keywords: a scenario's starting position.
"""Building a Flesh and Blood game from a scenario file, validated (docs/scenario-format.md): players, the
game table, cards (their properties, keywords and abilities) and the actions; every problem is a Reason with
its key and line, all raised together as InvalidScenario.

A card named by its real name (``card = "NAME"``) is filled in by the scenario layer
(``scenario.real_card``, :mod:`judge.cards.scenario`): the engine imports nothing outside judge.engine.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Reason, known_card, known_player, table_at, unknown_keys, wrong_type
from judge.engine.fab import keywords as kw_table, schema
from judge.engine.fab import cited, gains
from judge.engine.fab.cards import SELECTOR_KEYS, ZONES, Ability, Card
from judge.engine.fab.counters import counters_from_table
from judge.engine.fab.modes import check_action_modes, check_card_modes, fold_mode_abilities
from judge.engine.fab.state import Player, State

PLAYER_KEYS = {"hero", "life", "action_points", "resources", "chi", "intellect", "marked", "trigger_order"}
GAME_KEYS = {"turn_player", "seating", "step", "turn", "first_turn"}
CARD_KEYS = {"card", "name", "owner", "controller", "zone", "face_down", "tapped", "types", "subtypes", "supertypes", "cost", "pitch", "pitch_chi",
             "power", "defense", "keywords", "abilities", "sides", "token", "activated", "target", "decline",
             "playable_as_instant", "counters", "life", "modes", "under", "fail_search", "trigger_target", "back", "face",
             "unless_paid"}
# a double-faced card's back face (9.1.2): the keys of its own set of printed properties
BACK_KEYS = {"card", "name", "types", "subtypes", "supertypes", "cost", "pitch", "pitch_chi", "power", "defense", "life",
             "keywords", "abilities", "target", "playable_as_instant"}
ABILITY_KINDS = {"static", "trigger", "activated", "resolution", "play-from", "property", "meta", "enters",
                 "additional-cost", "replacement", "play-only-if"}
ACTION_KINDS = ("play", "activate", "defend", "pass", "trigger", "end_turn")
ACTION_KEYS = {"modes", "player", "play", "activate", "ability", "defend", "pass", "trigger", "target", "targets", "x", "choose",
               "as_instant", "pitch", "side", "meld", "alternative", "additional", "without_paying", "for", "at",
               "note", "until", "boost", "damage_order", "end_turn", "arsenal", "pitch_order", "random", "roll",
               "pay_with", "optional_cost", "opt", "reload", "fuse", "crank", "option", "names"}
INT_FIELDS = ("cost", "pitch", "power", "defense", "life")   # life: a living object's base life (2.5.1)
TARGET_WORDS = ("attack", "hero", "opponent", "any")
AT_STEPS = ("action", "layer", "attack", "defend", "reaction", "damage", "resolution")
UNTIL_STEPS = AT_STEPS[1:] + ("closed",)
LIST_FIELDS = ("types", "subtypes", "supertypes")


def _start(scenario) -> State:
    """The validated starting position; it depends only on the file, so it is built once per loaded scenario."""
    template = scenario.__dict__.get("_fab_start")
    if template is None:
        template = scenario.__dict__["_fab_start"] = build_state(scenario)
    return template


_type_error = wrong_type


def build_state(scenario) -> State:
    """The starting position the file describes (players 1.1, cards 1.3, zones 3), validated: raises
    InvalidScenario with every problem found, each with its key and line."""
    data = scenario.data
    reasons: list[Reason] = []
    allowed_top = {"scenario", "players", "game", "cards", "actions", "expect"}
    for key in data:
        if key not in allowed_top:
            reasons.append(scenario.reason("unknown-key", f"unknown table [{key}] (known: "
                                           f"{', '.join(sorted(allowed_top))})", key))
    s = State()
    players = data.get("players")
    if not isinstance(players, dict) or len(players) < 2:
        raise InvalidScenario(reasons + [scenario.reason("players", "a scenario needs at least two players in "
                                                         "[players.NAME] tables", "players")])
    for seat, (name, p) in enumerate(players.items()):
        key = f"players.{name}"
        if not isinstance(p, dict):
            reasons.append(_type_error(scenario, key, "a table", p))
            continue
        unknown_keys(scenario, p, PLAYER_KEYS, key, "for a player", reasons)
        life = p.get("life", 20)
        if not isinstance(life, int) or isinstance(life, bool):
            reasons.append(_type_error(scenario, f"{key}.life", "a whole number", life))
            life = 20
        elif life <= 0:
            reasons.append(scenario.reason("impossible", f"{name}'s hero has {life} life: a hero with 0 life has died "
                                           "and the game is over", f"{key}.life", cited.GSA_HERO_DIED))
        player = Player(name, str(p.get("hero", name)), life, seat)
        for k in ("action_points", "resources"):
            v = p.get(k)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                reasons.append(_type_error(scenario, f"{key}.{k}", "a whole number ≥ 0", v))
        player.resources = p.get("resources", 0) if isinstance(p.get("resources", 0), int) else 0
        player.chi = p.get("chi", 0) if isinstance(p.get("chi", 0), int) else 0
        intellect = p.get("intellect")
        if intellect is not None and (not isinstance(intellect, int) or isinstance(intellect, bool) or intellect < 0):
            reasons.append(_type_error(scenario, f"{key}.intellect", "a whole number ≥ 0", intellect))
        elif intellect is not None:
            player.intellect = intellect
        marked = p.get("marked", False)
        if not isinstance(marked, bool):
            reasons.append(_type_error(scenario, f"{key}.marked", "true or false", marked))
        else:
            player.marked = marked     # the hero starts with the marked condition (9.3)
        order = p.get("trigger_order", [])   # 6.6.6b: the order they put their own triggered-layers on the stack
        if not isinstance(order, list) or not all(isinstance(h, str) for h in order):
            reasons.append(_type_error(scenario, f"{key}.trigger_order", "a list of card handles", order))
        else:
            player.trigger_order = list(order)
        s.players[name] = player
    g = table_at(scenario, data, "game", "a table", reasons)
    unknown_keys(scenario, g, GAME_KEYS, "game", "in [game]", reasons)
    s.seating = list(g.get("seating", list(s.players)))
    if sorted(s.seating) != sorted(s.players):
        reasons.append(scenario.reason("seating", "game.seating must list every player once", "game.seating",
                                       cited.CLOCKWISE_ORDER))
        s.seating = list(s.players)
    s.turn_player = g.get("turn_player", s.seating[0])
    if s.turn_player not in s.players:
        reasons.append(scenario.reason("unknown-player", f"turn_player {s.turn_player!r} is not a player",
                                       "game.turn_player"))
        s.turn_player = s.seating[0]
    for name, p in players.items():
        if isinstance(p, dict) and name in s.players:
            default = 1 if name == s.turn_player else 0
            s.players[name].action_points = p.get("action_points", default) if isinstance(
                p.get("action_points", default), int) else default
    s.priority = s.turn_player
    turn = g.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        reasons.append(_type_error(scenario, "game.turn", "a whole number ≥ 1", turn))
        turn = 1
    s.turn_number = turn
    s.first_turn = bool(g.get("first_turn", turn == 1 and "turn" in g))
    cards = table_at(scenario, data, "cards", "a table of [cards.HANDLE] tables", reasons)
    raw_actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    modes_on_action = {a.get("play") for a in raw_actions if isinstance(a, dict) and "modes" in a}
    for handle, cd in cards.items():
        card = _build_card(scenario, handle, cd, s, reasons, handle in modes_on_action)
        if card is not None:
            card.timestamp = s.tick()
            card.deck_pos = float(len(s.cards))   # deck cards in the order listed: the first is the top
            if isinstance(cd.get("counters"), dict):
                card.counters = counters_from_table(cd["counters"], card.timestamp)
            s.cards[handle] = card
    actions = table_at(scenario, data, "actions", "an array of [[actions]] tables", reasons, list)
    for i, act in enumerate(actions, 1):
        _check_action(scenario, i, act, s, reasons)
    _check_position(scenario, s, reasons)
    gains.check_listeners(scenario, s, reasons)   # 6.2.5: no increase left out of the events read
    for name, p in s.players.items():   # 6.6.6b: the sources whose triggered-layers a player orders
        for h in p.trigger_order:
            if h not in s.cards and h not in created_handles(s):
                reasons.append(scenario.reason("unknown-card", f"trigger_order names {h!r}, which is no card of the file",
                                               f"players.{name}.trigger_order"))
    if reasons:
        raise InvalidScenario(reasons)
    return s


EQUIPMENT_SLOTS = {"head": cited.HEAD_ZONE_ONLY_CONTAIN, "chest": cited.CHEST_ZONE_ONLY_CONTAIN,
                   "arms": cited.ARMS_ZONE_ONLY_CONTAIN, "legs": cited.LEGS_ZONE_ONLY_CONTAIN}


def _check_position(scenario, s: State, reasons):
    """Zones that cannot hold what the scenario puts there (python-chess ``status()`` style)."""
    slots: dict[tuple[str, str], list[str]] = {}
    weapons: dict[str, int] = {}
    for h, c in s.cards.items():
        key = f"cards.{h}.zone"
        if c.trigger_target is not None and (c.trigger_target not in s.players and c.trigger_target not in s.cards or
                                             not any(ab.kind == "trigger" and ab.get("target") for ab in c.abilities)):
            reasons.append(scenario.reason("bad-target", f"trigger_target = {c.trigger_target!r}: the target declared "
                                           f"for {c.name}'s triggered abilities names a player or card of the file, and "
                                           "the card needs a triggered ability with a target", f"cards.{h}.trigger_target",
                                           cited.TRIGGERED_LAYER_ADDED))
        if c.zone == "equipment":
            if not (c.types & {"equipment", "weapon"} or c.subtypes & {"off-hand", "quiver"}):
                reasons.append(scenario.reason("impossible", f"{c.name} is in the equipment zones but is neither an "
                                               "equipment nor a weapon (types: "
                                               f"{', '.join(sorted(c.types)) or 'none'})", key,
                                               cited.OBJECT_ONLY_EQUIPPED_WEAPON))
                continue
            for slot in EQUIPMENT_SLOTS:
                if slot in c.subtypes:
                    slots.setdefault((c.controller, slot), []).append(c.name)
            if c.types & {"weapon"} or c.subtypes & {"off-hand", "quiver"}:
                weapons[c.controller] = weapons.get(c.controller, 0) + (2 if "2h" in c.subtypes else 1)
        elif c.zone == "under":
            top = s.cards.get(c.under)
            if top is None or top.zone not in ("arena", "equipment") or top.handle == h:
                reasons.append(scenario.reason("impossible", f"{c.name} is under {c.under!r}, which is not another "
                                               "card of the file in the arena (a permanent)", f"cards.{h}.under",
                                               cited.SUB_CARD))
        elif c.zone == "arena" and not (c.is_permanent_card or c.types & {"hero"}):
            reasons.append(scenario.reason("impossible", f"{c.name} is in the arena (the permanent zone) but is not a "
                                           "permanent: give it a permanent subtype (aura, item, ally, …) or put it "
                                           "elsewhere", key, cited.PERMANENT_ZONE_ONLY_CONTAIN))
    for (player, slot), names in slots.items():
        if len(names) > 1:
            reasons.append(scenario.reason("impossible", f"{player} has {len(names)} {slot} equipment equipped "
                                           f"({', '.join(names)}): a {slot} zone holds one object", "cards",
                                           EQUIPMENT_SLOTS[slot]))
    for player, n in weapons.items():
        if n > 2:
            reasons.append(scenario.reason("impossible", f"{player} has weapons filling {n} weapon zones: a player "
                                           "has two (a 2H weapon fills both)", "cards", cited.PLAYER_ZONES))


def _names_token_card(value) -> bool:
    """Does some ``create-token`` effect in ``value`` name its token by ``card = "NAME"``?"""
    if isinstance(value, list):
        return any(_names_token_card(v) for v in value)
    if isinstance(value, dict):
        return value.get("do") == "create-token" and "card" in value or any(_names_token_card(v) for v in value.values())
    return False


def _build_card(scenario, handle, cd, s: State, reasons, modes_on_action: bool = False) -> Card | None:
    """One ``[cards.HANDLE]`` table as a Card (None, with its reasons, when it cannot be one);
    ``modes_on_action``: a play action declares its modes (1.7.5a)."""
    key = f"cards.{handle}"
    if not isinstance(cd, dict):
        reasons.append(_type_error(scenario, key, "a table", cd))
        return None
    shared = None   # the compiled abilities of a card named by its real name, when the file writes none
    if "card" in cd:   # a real card by name: the scenario layer fills in its properties and compiled abilities
        written = "abilities" in cd
        cd = scenario.real_card(key, cd, reasons)
        if cd is None:
            return None
        if not written:
            shared = _shared_checked(scenario, cd.get("abilities"))
    if shared is None and _names_token_card(cd.get("abilities")):
        # "Create a Frostbite token" written by hand: the token's properties from the card data (8.5.2)
        cd = dict(cd, abilities=scenario.real_tokens(f"{key}.abilities", cd["abilities"], reasons))
    unknown_keys(scenario, cd, CARD_KEYS, key, "for a card", reasons)
    owner = cd.get("owner")
    if owner not in s.players:
        reasons.append(scenario.reason("unknown-player", f"owner {owner!r} is not a player (players: "
                                       f"{', '.join(s.players)})", f"{key}.owner"))
        return None
    card = Card(handle, str(cd.get("name", handle)), owner)
    zone = cd.get("zone", "hand")
    if zone not in ZONES or zone in ("stack", "combat-chain"):
        reasons.append(scenario.reason("bad-zone", f"zone must be one of hand, arsenal, deck, pitch, graveyard, "
                                       f"banished, arena, equipment, soul (or under = \"HANDLE\") — not {zone!r}", f"{key}.zone"))
        zone = "hand"
    if "under" in cd or zone == "under":
        # 3.0.14a: a card is under a permanent only where a rule or effect (here: the file) says so
        if "under" not in cd or zone not in ("under", "hand") or "zone" in cd and zone != "under":
            reasons.append(scenario.reason("bad-zone", "a card under a permanent is written under = \"HANDLE\" (the "
                                           "permanent it is under), with no other zone", f"{key}.under",
                                           cited.UNDER_ONLY_IF_SPECIFIED))
        zone = "under"
        card.under = str(cd.get("under"))
    card.zone = zone
    card.controller = cd.get("controller", owner)
    if card.controller not in s.players:
        reasons.append(scenario.reason("unknown-player", f"controller {card.controller!r} is not a player",
                                       f"{key}.controller"))
    card.face_down = bool(cd.get("face_down", False))
    card.tapped = bool(cd.get("tapped", False))
    if card.tapped and zone not in ("arena", "equipment"):   # 2026-02 1.3.3b: a state of permanents only
        reasons.append(scenario.reason("impossible", f"only a permanent in the arena is tapped; {card.name} is in the "
                                       f"{zone} zone", f"{key}.tapped"))
    card.__dict__["_face_down_said"] = "face_down" in cd   # cloaked (8.3.36): face-down unless the file says
    _card_values(scenario, key, cd, card, reasons)
    _card_keywords(scenario, key, cd, card, reasons)
    card.token = bool(cd.get("token", False)) or "token" in card.types
    card.decline = bool(cd.get("decline", False))
    card.fail_search = bool(cd.get("fail_search", False))   # 1.9.1c: its controller chooses to fail its searches
    card.unless_choice = cd.get("unless_paid")   # 1.8.4b: the choice of the player asked to pay its "unless" costs
    card.trigger_target = cd.get("trigger_target")   # 6.6.6a: the target declared for its triggered-layers
    card.playable_as_instant = bool(cd.get("playable_as_instant", False))
    if "target" in cd:
        spec = cd["target"]
        if isinstance(spec, str) and spec not in TARGET_WORDS or not isinstance(spec, (str, dict)):
            reasons.append(scenario.reason("bad-target", f"target must be one of {', '.join(TARGET_WORDS)} or a selector "
                                           f"table, not {spec!r}", f"{key}.target", cited.TARGETED_EFFECT))
        else:
            if isinstance(spec, dict):
                _check_selectors(scenario, key, {"to": spec}, reasons)
            card.target_spec = spec
            card.__dict__["_written_target"] = spec
    sides = cd.get("sides", {})
    if sides:
        if not isinstance(sides, dict) or len(sides) != 2:
            reasons.append(scenario.reason("bad-sides", "a split-card has exactly two sides: [cards.X.sides.NAME]",
                                           f"{key}.sides", cited.SPLIT_CARD))
        else:
            card.sides = {n: dict(v) for n, v in sides.items()}
    _card_abilities(scenario, key, cd, card, zone, reasons, checked=shared is not None)
    if card.sides:
        _side_texts(scenario, key, card, zone, reasons)
    fold_mode_abilities(scenario, key, card, reasons)   # abilities written one per mode (1.7.5)
    for kw, ab in kw_table.implied_abilities(card.keywords):   # the abilities its keywords mean (8.3.11)
        card.abilities.append(Ability(len(card.abilities) + 1, ab["kind"], ab, f"{key}.keywords.{kw}"))
    card.printed = (tuple(card.abilities), dict(card.keywords))
    check_card_modes(scenario, key, cd, card, reasons, modes_on_action)   # the modes declared (1.7.5a)
    if "activated" in cd and isinstance(cd["activated"], dict):
        card.activations = {int(k): int(v) for k, v in cd["activated"].items()}
    if "back" in cd or "face" in cd:
        _back_face(scenario, handle, cd, s, card, reasons)
    return card


def _back_face(scenario, handle, cd, s: State, card: Card, reasons):
    """A double-faced card's back face, ``[cards.X.back]`` (9.1.1, 9.1.2), built as a card of its own and given to
    ``card`` (faces.py), and ``face = "back"`` when the back face is active at the start (9.1.3, 9.1.5)."""
    key, back, face = f"cards.{handle}", cd.get("back"), cd.get("face", "front")
    if face not in ("front", "back") or back is None:
        reasons.append(scenario.reason("bad-sides", "face is \"front\" or \"back\", the active face of a card with a "
                                       "back face ([cards.X.back])", f"{key}.face", cited.DOUBLE_FACED))
        return
    if not isinstance(back, dict):
        reasons.append(_type_error(scenario, f"{key}.back", "a table", back))
        return
    unknown_keys(scenario, back, BACK_KEYS, f"{key}.back", "for a back face", reasons)
    built = _build_card(scenario, f"{handle}.back", dict(back, owner=card.owner, zone=card.zone), s, reasons)
    if built is not None:
        from judge.engine.fab.faces import make_double_faced

        make_double_faced(scenario, key, card, built, face, reasons)


def _side_texts(scenario, key, card: Card, zone: str, reasons):
    """A split-card's sides with their own text (9.2.1): each side's abilities, keywords and target are checked as a
    card's; the card has those of both sides (9.2.2) — its own abilities and keywords first — until a side is
    declared as it is played (9.2.3, 5.1.2c)."""
    card.__dict__["_own_text"] = (list(card.abilities), dict(card.keywords), card.target_spec)
    for name, props in card.sides.items():
        skey = f"{key}.sides.{name}"
        holder = Card(card.handle, name, card.owner)
        _card_abilities(scenario, skey, {"abilities": props.get("abilities", [])}, holder, zone, reasons)
        _card_keywords(scenario, skey, {"keywords": props.get("keywords", [])}, holder, reasons)
        spec = props.get("target")
        if spec is not None and not (isinstance(spec, str) and spec in TARGET_WORDS or isinstance(spec, dict)):
            reasons.append(scenario.reason("bad-target", f"target must be one of {', '.join(TARGET_WORDS)} or a selector "
                                           f"table, not {spec!r}", f"{skey}.target", cited.TARGETED_EFFECT))
        elif isinstance(spec, dict):
            _check_selectors(scenario, skey, {"to": spec}, reasons)
        own = [Ability(len(card.abilities) + i, ab.kind, ab.data, ab.key) for i, ab in enumerate(holder.abilities, 1)]
        card.abilities.extend(own)
        card.keywords.update(holder.keywords)
        props["_abilities"], props["_keywords"] = own, dict(holder.keywords)


_SHARED_CHECKED: dict[tuple, list] = {}
"""The compiled abilities of printed cards found valid, by the list's identity and the file's player names."""


def _shared_checked(scenario, abilities) -> list | None:
    """``abilities`` when it is a printed card's compiled list (one list per card and process, shared by every
    scenario naming the card and never changed in place: :mod:`judge.cards.scenario`) that passes every check of
    :func:`_card_abilities` and names no token card (:func:`_names_token_card`), else None. The checks read only
    the ability tables and the file's player names, so a list found valid under the same names is not walked
    again; a list with a problem is never kept, and its checks run as for any card (with their reasons)."""
    if not isinstance(abilities, list):
        return None
    players = scenario.data.get("players")
    key = (id(abilities), tuple(players) if isinstance(players, dict) else ())
    kept = _SHARED_CHECKED.get(key)
    if kept is not None:
        return kept if kept is abilities else None   # (an id reused after the list was freed: not the same)
    probe: list = []
    for i, ab in enumerate(abilities, 1):
        if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KINDS:
            return None
        _check_selectors(scenario, f"abilities.{i}", ab, probe)
        schema.check_ability(scenario, f"abilities.{i}", ab, probe)
        if probe:
            return None
    if _names_token_card(abilities):
        return None
    _SHARED_CHECKED[key] = abilities   # keeps the list alive, so its id names it for the process
    return abilities


def _card_values(scenario, key, cd, card: Card, reasons):
    """The card's type, subtype and supertype words and its numeric properties (chapter 2: cost with X,
    pitch, power, defense)."""
    for f in LIST_FIELDS:
        v = cd.get(f, [])
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            reasons.append(_type_error(scenario, f"{key}.{f}", "a list of strings", v))
            v = []
        setattr(card, f, {x.lower() for x in v})
    for f in INT_FIELDS:
        v = cd.get(f)
        if v is None:
            continue
        if f == "cost" and isinstance(v, str) and v.strip().upper().endswith("X"):
            # "X", "2+X", "XX": the symbols and numbers printed are additive (2.2.2a) — XX is X + X
            base = v.strip().upper().replace("X", "").rstrip("+ ")
            card.cost = int(base) if base.isdigit() else 0
            card.x_cost = True
            card.x_count = v.upper().count("X")
            continue
        if not isinstance(v, int) or isinstance(v, bool):
            reasons.append(_type_error(scenario, f"{key}.{f}", "a whole number" + (' or "X"' if f == "cost" else ""), v))
            continue
        setattr(card, f, v)
    card.pitch_chi = cd.get("pitch_chi") is True   # {c} pitch symbols (2.8.2)


def _card_keywords(scenario, key, cd, card: Card, reasons):
    """The card's keywords (a list, or a table for keywords with a value N): each one the engine knows."""
    kws = cd.get("keywords", [])
    if isinstance(kws, (list, dict)):
        # "arcane barrier 1", "piercing 1": a keyword with a value N (written "Ward N" on cards)
        card.keywords = kw_table.parse_keywords(kws)
    else:
        reasons.append(_type_error(scenario, f"{key}.keywords", "a list or a table", kws))
    for kw in card.keywords:
        if kw not in kw_table.KEYWORDS:
            words, rule = kw_table.refusal(kw)
            reasons.append(scenario.reason("unsupported", words + schema._near(kw, kw_table.KEYWORDS),
                                           f"{key}.keywords", rule))
    for kw in kw_table.VALUED:
        v = card.keywords.get(kw)
        if v is not None and (v is True or not isinstance(v, int) or isinstance(v, bool) or v < 1):
            reasons.append(scenario.reason("keyword-value", f"{kw} needs its number, written \"{kw} 1\" (or "
                                           f"{{ {kw.replace(' ', '_')} = 1 }} as a table), not {v!r}",
                                           f"{key}.keywords"))


def _card_abilities(scenario, key, cd, card: Card, zone: str, reasons, checked: bool = False):
    """The card's abilities (each of a known kind, its selectors and primitives checked, unless ``checked``:
    :func:`_shared_checked` found them valid already) and its counters (1.15.1: only on public objects)."""
    abilities = cd.get("abilities", [])
    if not isinstance(abilities, list):
        reasons.append(_type_error(scenario, f"{key}.abilities", "an array of [[cards.X.abilities]] tables",
                                   abilities))
        abilities = []
    for i, ab in enumerate(abilities, 1):
        akey = f"{key}.abilities.{i}"
        if checked:
            card.abilities.append(Ability(i, ab["kind"], ab, akey))
            continue
        if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KINDS:
            reasons.append(scenario.reason("bad-ability", f"an ability needs kind = one of "
                                           f"{', '.join(sorted(ABILITY_KINDS))}", akey))
            continue
        _check_selectors(scenario, akey, ab, reasons)
        schema.check_ability(scenario, akey, ab, reasons)
        card.abilities.append(Ability(i, ab["kind"], ab, akey))
    if "counters" in cd:
        table = cd["counters"]
        if not isinstance(table, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in table.values()):
            reasons.append(scenario.reason("wrong-type", "counters must be a table of counter names to numbers, like "
                                           "{ steam = 2, \"-1 power\" = 1 }", f"{key}.counters",
                                           cited.COUNTER_PUBLIC_OBJECT))
        elif zone not in ("arena", "equipment") and not (zone == "arsenal" and not card.face_down):
            # 1.15.1: on public objects: in the arena, or a face-up card in the arsenal (a public object in a
            # private zone, 3.0.4d — "put it face up into your arsenal with an aim counter")
            reasons.append(scenario.reason("impossible", f"counters are only on public objects: in the arena or face "
                                           f"up in the arsenal; {card.name} is in the {zone} zone"
                                           + (" face down" if card.face_down else ""), f"{key}.counters",
                                           cited.COUNTER_PUBLIC_OBJECT))


_SELECTOR_WORD_LISTS = ("types", "subtypes", "supertypes", "not_types", "not_subtypes", "not_supertypes")
# the keys whose table value is a selector, in an ability, an effect or a condition (docs/scenario-format.md)
_SELECTOR_HOLDERS = ("to", "of", "for", "card", "attack", "this", "you_control", "played_this_turn", "played_other_this_turn", "charged",
                     "together_with", "last_attack", "pitched", "what", "target", "revealed", "paid_with")


def _check_selectors(scenario, key, table, reasons):
    """Selector tables anywhere inside an ability may only use known keys, each with a value the engine reads:
    a zone of the zone list, a controller or owner that is you / opponent / a player, a keyword it knows."""
    for k, v in table.items():
        if k in _SELECTOR_HOLDERS and isinstance(v, dict):
            _check_selector(scenario, f"{key}.{k}", v, reasons)
        elif isinstance(v, dict):
            _check_selectors(scenario, f"{key}.{k}", v, reasons)
        elif isinstance(v, list):
            for i, item in enumerate(v, 1):
                if isinstance(item, dict):
                    _check_selectors(scenario, f"{key}.{k}.{i}", item, reasons)


def _check_selector(scenario, key, sel, reasons):
    """One selector table: its keys, and the values of those that name a zone, a player or a keyword."""
    players = scenario.data.get("players") if isinstance(scenario.data.get("players"), dict) else {}
    for sk, sv in sel.items():
        at = f"{key}.{sk}"
        if sk not in SELECTOR_KEYS:
            reasons.append(scenario.reason("unknown-key", f"unknown selector key '{sk}' (known: "
                                           f"{', '.join(sorted(SELECTOR_KEYS))})" + schema._near(sk, SELECTOR_KEYS),
                                           at))
        elif sk in _SELECTOR_WORD_LISTS and not (
                isinstance(sv, str) or isinstance(sv, list) and all(isinstance(w, str) for w in sv)):
            reasons.append(scenario.reason("wrong-type", f"the selector key '{sk}' takes a word or a list "
                                           f"of words, not {sv!r}", at))
        elif sk == "zone" and sv not in ZONES:
            reasons.append(scenario.reason("bad-zone", f"a selector's zone must be one of {', '.join(ZONES)}, not "
                                           f"{sv!r}" + schema._near(sv, ZONES), at, cited.PLAYER_ZONES))
        elif sk in ("controller", "owner") and sv not in ("you", "opponent") and sv not in players and \
                (sk, sv) != ("controller", "defending-hero"):
            reasons.append(scenario.reason("unknown-player", f"a selector's {sk} must be you, opponent or a player "
                                           f"({', '.join(players)}), not {sv!r}"
                                           + (" (or defending-hero)" if sk == "controller" else ""), at))
        elif sk in ("keyword", "base_keyword") and not _known_keyword(sv):
            reasons.append(scenario.reason("unsupported", f"a selector's keyword must be a keyword the engine "
                                           f"knows, not {sv!r}" + schema._near(sv, kw_table.KEYWORDS), at))
        elif sk == "any_of":
            for i, alt in enumerate(sv if isinstance(sv, list) else [], 1):
                if isinstance(alt, dict):
                    _check_selector(scenario, f"{at}.{i}", alt, reasons)


def _known_keyword(word) -> bool:
    """Is ``word`` (as a selector writes it: "go again", "piercing") a keyword of the keyword table?"""
    return isinstance(word, str) and word.lower() in kw_table.KEYWORDS


def created_handles(s: State) -> set:
    """The handles of the cards the abilities of the file's cards create (``create-card``: its ``handle``, else its
    name in lower case with dashes, and ``-2``… for more of them; ``create-token``: its ``handle``, else ``token1``,
    ``token2``, … in the order tokens are created): an action may play or activate one once it exists."""
    from judge.engine.fab.zones import created_handle

    found: set = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("do") == "create-card":
                base = node.get("handle") or created_handle(str(node.get("name", "card")))
                found.update([base] + [f"{base}-{n}" for n in range(2, 10)])
            elif node.get("do") == "create-token":     # its handle, else token1, token2, … in the order created
                found.update([node["handle"]] if node.get("handle") else [f"token{n}" for n in range(1, 10)])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for c in s.cards.values():
        walk([ab.data for ab in c.abilities])
    return found


def _check_action(scenario, i, act, s: State, reasons):
    """The problems of one ``[[actions]]`` table found before anything is played."""
    key = f"actions.{i}"
    if not isinstance(act, dict):
        reasons.append(_type_error(scenario, key, "a table", act))
        return
    unknown_keys(scenario, act, ACTION_KEYS, key, "in an action", reasons)
    for k, allowed in (("at", AT_STEPS), ("until", UNTIL_STEPS)):
        if k in act and act[k] not in allowed:
            reasons.append(scenario.reason("bad-step", f"{k} = {act[k]!r} is not a step{schema._near(act[k], allowed)} "
                                           f"(steps: {', '.join(allowed)})", f"{key}.{k}"))
    kinds = [k for k in ACTION_KINDS if k in act]
    if len(kinds) != 1:
        reasons.append(scenario.reason("bad-action", "an action needs exactly one of play, activate, defend, pass, "
                                       "trigger, end_turn", key))
        return
    for field in ("arsenal",):
        if field in act and act[field] not in s.cards:
            reasons.append(scenario.reason("unknown-card", f"no card {act[field]!r} in [cards]", f"{key}.{field}"))
    for field in ("pitch_order", "random"):
        if field in act and (not isinstance(act[field], list) or any(h not in s.cards for h in act[field])):
            reasons.append(scenario.reason("unknown-card", f"{field} must list cards of [cards]", f"{key}.{field}"))
    player = act.get("player", s.turn_player)
    known_player(scenario, player, s.players, f"{key}.player", reasons)
    kind = kinds[0]
    if kind == "defend" and "player" not in act:
        reasons.append(scenario.reason("bad-action", "a defend action names the player who declares the defending "
                                       "cards: player = \"NAME\"", key, cited.DEFENDING_CARDS_DECLARED))
    handles = []
    if kind in ("play", "activate", "trigger"):
        handles = [act[kind]]
    elif kind == "defend":
        handles = act["defend"] if isinstance(act["defend"], list) else [act["defend"]]
    created = None   # worked out only for a handle that is not a card of the file (it walks every ability)
    for h in handles:
        if h in s.cards:
            continue
        if created is None:
            created = created_handles(s)
        if h not in created:
            known_card(scenario, h, s.cards, f"{key}.{kind}", reasons)
    for t in ([act["target"]] if "target" in act else []) + list(act.get("targets", [])):
        if t not in s.players and t not in s.cards:
            reasons.append(scenario.reason("unknown-target", f"target {t!r} is neither a player nor a card",
                                           f"{key}.target", cited.DECLARE_MODES_THEN_TARGETS))
    for t in act.get("damage_order", []):
        if t not in s.players:
            reasons.append(scenario.reason("unknown-player", f"damage_order names {t!r}, which is not a player",
                                           f"{key}.damage_order", cited.DAMAGE_EACH_ATTACK_TARGET))
    for h in act.get("pitch", []):
        if h not in s.cards:
            reasons.append(scenario.reason("unknown-card", f"no card {h!r} to pitch", f"{key}.pitch"))
    for field in ("defend", "pitch", "targets"):
        listed = act.get(field)
        if isinstance(listed, list):
            twice = sorted({h for h in listed if listed.count(h) > 1})
            if twice:
                reasons.append(scenario.reason("listed-twice", f"{', '.join(twice)} is listed twice in {field}: a card "
                                               "can only be used once there", f"{key}.{field}",
                                               {"defend": cited.CARD_CANNOT_DEFEND, "pitch": cited.PITCH_CARD,
                                                "targets": cited.ATTACK_TARGETS_SEPARATE_AND_LEGAL}[field]))
    for field, what in (("x", "X"), ("alternative", "an alternative resource cost")):
        v = act.get(field)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            reasons.append(scenario.reason("wrong-type", f"{what} must be a whole number 0 or more, not {v!r}",
                                           f"{key}.{field}", cited.CHOSEN_NUMBER_NOT_NEGATIVE))
    if kind == "activate":
        card = s.cards.get(act["activate"])
        if card is not None:
            idx = card.ability_number(act)
            acts = [str(i) for i, a in enumerate(card.abilities, 1) if a.kind == "activated"]
            # a double-faced card (9.1): the number is among the abilities of the face active as it is activated
            faces = [card.abilities] + [f["abilities"] for f in card.faces.values()] if card.faces else [card.abilities]
            if "ability" not in act and card.faces:
                idx = next((i for abs_ in faces for i, a in enumerate(abs_, 1) if a.kind == "activated"), idx)
            if "ability" not in act and not any(a.kind == "activated" for abs_ in faces for a in abs_):
                idx = len(card.abilities) + 1      # the first activated ability an effect gives it (1.7.7)
            if _granted_activated(s) and isinstance(idx, int) and idx > len(card.abilities):
                pass        # an activated ability a static ability may give it: checked as it is activated (1.7.7)
            elif not isinstance(idx, int) or not any(0 < idx <= len(abs_) and abs_[idx - 1].kind == "activated"
                                                     for abs_ in faces):
                has = (f"its activated abilities are number {' and '.join(acts)} among its abilities" if acts
                       else "it has no activated ability")
                reasons.append(scenario.reason("bad-ability", f"{card.name}'s ability number {idx} is not an activated "
                                               f"ability ({has})", f"{key}.ability"))
    if kind == "play":
        card = s.cards.get(act["play"])
        if card is not None:
            check_action_modes(scenario, key, act, card, reasons)   # 1.7.5a: modes declared as it is played
        if card is not None and card.sides and not (act.get("side") in card.sides or act.get("meld")):
            reasons.append(scenario.reason("split-card", f"{card.name} is a split-card: declare side = one of "
                                           f"{', '.join(card.sides)} or meld = true", f"{key}.side",
                                           cited.ANNOUNCE_SPLIT_CARD_SIDE))


def _granted_activated(s) -> bool:
    """Does a static ability in the game give activated abilities to objects ("have 'Once per Turn Action - 0:
    Attack'", 1.7.7)?"""
    return any(ab.kind == "static" and ab.get("effect", {}).get("do") == "gain-ability"
               and ab.get("effect", {}).get("ability", {}).get("kind") == "activated"
               for c in s.cards.values() for ab in c.abilities)
