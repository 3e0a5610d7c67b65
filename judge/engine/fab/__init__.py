"""Flesh and Blood engine: build the game from a scenario, validate it, play its actions, report facts.

``validate(scenario, book)`` and ``play(scenario, book) -> Outcome`` are its :class:`judge.engine.core.Engine`
interface, the one the scenario runner calls for every game.
"""

from __future__ import annotations


from judge.engine.core import InvalidScenario, Outcome, Reason, bounded, reasons_from
from judge.engine.fab import keywords as kw_table, schema
from judge.engine.fab.cards import SELECTOR_KEYS, ZONES, Ability, Card
from judge.engine.fab.counters import counters_from_table
from judge.engine.fab.game import STEP_NAMES, Game, IllegalAction
from judge.engine.fab.schema import SHAPE, WORDS, extra_words  # noqa: F401 — checked by the scenario layer
from judge.engine.fab.state import Player, State, snapshot

PLAYER_KEYS = {"hero", "life", "action_points", "resources", "intellect"}
GAME_KEYS = {"turn_player", "seating", "step", "turn", "first_turn"}
CARD_KEYS = {"card", "name", "owner", "controller", "zone", "face_down", "types", "subtypes", "supertypes", "cost", "pitch",
             "power", "defense", "keywords", "abilities", "sides", "token", "activated", "target", "decline",
             "playable_as_instant", "counters"}
ABILITY_KINDS = {"static", "trigger", "activated", "resolution", "play-from", "property", "meta", "enters"}
ACTION_KINDS = ("play", "activate", "defend", "pass", "trigger", "end_turn")
ACTION_KEYS = {"player", "play", "activate", "ability", "defend", "pass", "trigger", "target", "targets", "x", "choose",
               "as_instant", "pitch", "side", "meld", "alternative", "additional", "without_paying", "for", "at",
               "note", "until", "boost", "damage_order", "end_turn", "arsenal", "pitch_order", "random"}
INT_FIELDS = ("cost", "pitch", "power", "defense")
TARGET_WORDS = ("attack", "hero", "opponent", "any")
AT_STEPS = ("action", "layer", "attack", "defend", "reaction", "damage", "resolution")
UNTIL_STEPS = AT_STEPS[1:] + ("closed",)
LIST_FIELDS = ("types", "subtypes", "supertypes")


def validate(scenario, book) -> list[Reason]:
    """Every problem of the position and the actions the file describes, found without playing."""
    return reasons_from(_start, scenario)


def play(scenario, book) -> Outcome:
    """Validate the scenario, then play its actions; raises InvalidScenario listing every problem found."""
    outcome = Outcome("fab", book.cite_prefix)
    start = _start(scenario)
    for note in scenario.__dict__.get("_card_notes", []):   # cards named by their real name (judge.cards)
        outcome.trace.phase = "cards"
        outcome.trace.add(note)
    game = Game(snapshot(start), outcome, scenario)
    check_card_pools(game)
    run(game, scenario)
    report(game)
    return outcome


# ---------------------------------------------------------------------------------------------------------
# building and validating the position
# ---------------------------------------------------------------------------------------------------------

def _start(scenario) -> State:
    """The validated starting position; it depends only on the file, so it is built once per loaded scenario."""
    template = scenario.__dict__.get("_fab_start")
    if template is None:
        template = scenario.__dict__["_fab_start"] = build_state(scenario)
    return template


def _type_error(scenario, key, want, got):
    return scenario.reason("wrong-type", f"must be {want}, not {type(got).__name__} {got!r}", key)


def build_state(scenario) -> State:
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
        for k in p:
            if k not in PLAYER_KEYS:
                reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' for a player (known: "
                                               f"{', '.join(sorted(PLAYER_KEYS))})", f"{key}.{k}"))
        life = p.get("life", 20)
        if not isinstance(life, int) or isinstance(life, bool):
            reasons.append(_type_error(scenario, f"{key}.life", "a whole number", life))
            life = 20
        elif life <= 0:
            reasons.append(scenario.reason("impossible", f"{name}'s hero has {life} life: a hero with 0 life has died "
                                           "and the game is over", f"{key}.life", "1.10.2a"))
        player = Player(name, str(p.get("hero", name)), life, seat)
        for k in ("action_points", "resources"):
            v = p.get(k)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                reasons.append(_type_error(scenario, f"{key}.{k}", "a whole number ≥ 0", v))
        player.resources = p.get("resources", 0) if isinstance(p.get("resources", 0), int) else 0
        intellect = p.get("intellect")
        if intellect is not None and (not isinstance(intellect, int) or isinstance(intellect, bool) or intellect < 0):
            reasons.append(_type_error(scenario, f"{key}.intellect", "a whole number ≥ 0", intellect))
        elif intellect is not None:
            player.intellect = intellect
        s.players[name] = player
    g = data.get("game", {})
    if not isinstance(g, dict):
        reasons.append(_type_error(scenario, "game", "a table", g))
        g = {}
    for k in g:
        if k not in GAME_KEYS:
            reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' in [game] (known: "
                                           f"{', '.join(sorted(GAME_KEYS))})", f"game.{k}"))
    s.seating = list(g.get("seating", list(s.players)))
    if sorted(s.seating) != sorted(s.players):
        reasons.append(scenario.reason("seating", "game.seating must list every player once", "game.seating", "1.1.6"))
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
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        reasons.append(_type_error(scenario, "cards", "a table of [cards.HANDLE] tables", cards))
        cards = {}
    for handle, cd in cards.items():
        card = _build_card(scenario, handle, cd, s, reasons)
        if card is not None:
            card.timestamp = s.tick()
            card.deck_pos = float(len(s.cards))   # deck cards in the order listed: the first is the top
            if isinstance(cd.get("counters"), dict):
                card.counters = counters_from_table(cd["counters"], card.timestamp)
            s.cards[handle] = card
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        reasons.append(_type_error(scenario, "actions", "an array of [[actions]] tables", actions))
        actions = []
    for i, act in enumerate(actions, 1):
        _check_action(scenario, i, act, s, reasons)
    _check_position(scenario, s, reasons)
    if reasons:
        raise InvalidScenario(reasons)
    return s


EQUIPMENT_SLOTS = {"head": "3.10.2", "chest": "3.5.2", "arms": "3.2.2", "legs": "3.12.2"}


def _check_position(scenario, s: State, reasons):
    """Zones that cannot hold what the scenario puts there (python-chess ``status()`` style)."""
    slots: dict[tuple[str, str], list[str]] = {}
    weapons: dict[str, int] = {}
    for h, c in s.cards.items():
        key = f"cards.{h}.zone"
        if c.zone == "equipment":
            if not (c.types & {"equipment", "weapon"} or c.subtypes & {"off-hand", "quiver"}):
                reasons.append(scenario.reason("impossible", f"{c.name} is in the equipment zones but is neither an "
                                               "equipment nor a weapon (types: "
                                               f"{', '.join(sorted(c.types)) or 'none'})", key, "3.16.2a"))
                continue
            for slot in EQUIPMENT_SLOTS:
                if slot in c.subtypes:
                    slots.setdefault((c.controller, slot), []).append(c.name)
            if c.types & {"weapon"} or c.subtypes & {"off-hand", "quiver"}:
                weapons[c.controller] = weapons.get(c.controller, 0) + (2 if "2h" in c.subtypes else 1)
        elif c.zone == "arena" and not (c.is_permanent_card or c.types & {"hero"}):
            reasons.append(scenario.reason("impossible", f"{c.name} is in the arena (the permanent zone) but is not a "
                                           "permanent: give it a permanent subtype (aura, item, ally, …) or put it "
                                           "elsewhere", key, "3.13.2"))
    for (player, slot), names in slots.items():
        if len(names) > 1:
            reasons.append(scenario.reason("impossible", f"{player} has {len(names)} {slot} equipment equipped "
                                           f"({', '.join(names)}): a {slot} zone holds one object", "cards",
                                           EQUIPMENT_SLOTS[slot]))
    for player, n in weapons.items():
        if n > 2:
            reasons.append(scenario.reason("impossible", f"{player} has weapons filling {n} weapon zones: a player "
                                           "has two (a 2H weapon fills both)", "cards", "3.0.2"))


def _build_card(scenario, handle, cd, s: State, reasons) -> Card | None:
    key = f"cards.{handle}"
    if not isinstance(cd, dict):
        reasons.append(_type_error(scenario, key, "a table", cd))
        return None
    if "card" in cd:   # a real card by name: properties and compiled abilities from the card data
        from judge.cards.scenario import expand

        cd = expand(scenario, key, cd, reasons)
        if cd is None:
            return None
    for k in cd:
        if k not in CARD_KEYS:
            reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' for a card (known: "
                                           f"{', '.join(sorted(CARD_KEYS))})", f"{key}.{k}"))
    owner = cd.get("owner")
    if owner not in s.players:
        reasons.append(scenario.reason("unknown-player", f"owner {owner!r} is not a player (players: "
                                       f"{', '.join(s.players)})", f"{key}.owner"))
        return None
    card = Card(handle, str(cd.get("name", handle)), owner)
    zone = cd.get("zone", "hand")
    if zone not in ZONES or zone in ("stack", "combat-chain"):
        reasons.append(scenario.reason("bad-zone", f"zone must be one of hand, arsenal, deck, pitch, graveyard, "
                                       f"banished, arena, equipment — not {zone!r}", f"{key}.zone"))
        zone = "hand"
    card.zone = zone
    card.controller = cd.get("controller", owner)
    if card.controller not in s.players:
        reasons.append(scenario.reason("unknown-player", f"controller {card.controller!r} is not a player",
                                       f"{key}.controller"))
    card.face_down = bool(cd.get("face_down", False))
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
            base = v.strip().upper()[:-1].rstrip("+ ")
            card.cost = int(base) if base.isdigit() else 0
            card.x_cost = True
            continue
        if not isinstance(v, int) or isinstance(v, bool):
            reasons.append(_type_error(scenario, f"{key}.{f}", "a whole number" + (' or "X"' if f == "cost" else ""), v))
            continue
        setattr(card, f, v)
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
    card.token = bool(cd.get("token", False)) or "token" in card.types
    card.decline = bool(cd.get("decline", False))
    card.playable_as_instant = bool(cd.get("playable_as_instant", False))
    if "target" in cd:
        spec = cd["target"]
        if isinstance(spec, str) and spec not in TARGET_WORDS or not isinstance(spec, (str, dict)):
            reasons.append(scenario.reason("bad-target", f"target must be one of {', '.join(TARGET_WORDS)} or a selector "
                                           f"table, not {spec!r}", f"{key}.target", "1.8.5"))
        else:
            if isinstance(spec, dict):
                _check_selectors(scenario, key, {"to": spec}, reasons)
            card.target_spec = spec
    sides = cd.get("sides", {})
    if sides:
        if not isinstance(sides, dict) or len(sides) != 2:
            reasons.append(scenario.reason("bad-sides", "a split-card has exactly two sides: [cards.X.sides.NAME]",
                                           f"{key}.sides", "9.2.1"))
        else:
            card.sides = {n: dict(v) for n, v in sides.items()}
    abilities = cd.get("abilities", [])
    if not isinstance(abilities, list):
        reasons.append(_type_error(scenario, f"{key}.abilities", "an array of [[cards.X.abilities]] tables",
                                   abilities))
        abilities = []
    for i, ab in enumerate(abilities, 1):
        akey = f"{key}.abilities.{i}"
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
                                           "{ steam = 2, \"-1 power\" = 1 }", f"{key}.counters", "1.15.1"))
        elif zone not in ("arena", "equipment"):
            reasons.append(scenario.reason("impossible", f"counters are only on public objects in the arena; {card.name} "
                                           f"is in the {zone} zone", f"{key}.counters", "1.15.1"))
    for kw, ab in kw_table.implied_abilities(card.keywords):   # the abilities its keywords mean (8.3.11)
        card.abilities.append(Ability(len(card.abilities) + 1, ab["kind"], ab, f"{key}.keywords.{kw}"))
    card.printed = (tuple(card.abilities), dict(card.keywords))
    if "activated" in cd and isinstance(cd["activated"], dict):
        card.activations = {int(k): int(v) for k, v in cd["activated"].items()}
    return card


_SELECTOR_WORD_LISTS = ("types", "subtypes", "supertypes", "not_types", "not_subtypes", "not_supertypes")


def _check_selectors(scenario, key, table, reasons):
    """Selector tables anywhere inside an ability may only use known keys."""
    for k, v in table.items():
        if k in ("to", "of", "for", "card", "attack", "this", "you_control", "played_this_turn", "together_with",
                 "last_attack", "pitched") and \
                isinstance(v, dict):
            for sk, sv in v.items():
                if sk not in SELECTOR_KEYS:
                    reasons.append(scenario.reason("unknown-key", f"unknown selector key '{sk}' (known: "
                                                   f"{', '.join(sorted(SELECTOR_KEYS))})", f"{key}.{k}"))
                elif sk in _SELECTOR_WORD_LISTS and not (
                        isinstance(sv, str) or isinstance(sv, list) and all(isinstance(w, str) for w in sv)):
                    reasons.append(scenario.reason("wrong-type", f"the selector key '{sk}' takes a word or a list "
                                                   f"of words, not {sv!r}", f"{key}.{k}.{sk}"))
        elif isinstance(v, dict):
            _check_selectors(scenario, key, v, reasons)
        elif isinstance(v, list):
            for item in v:
                if isinstance(item, dict):
                    _check_selectors(scenario, key, item, reasons)


def _check_action(scenario, i, act, s: State, reasons):
    key = f"actions.{i}"
    if not isinstance(act, dict):
        reasons.append(_type_error(scenario, key, "a table", act))
        return
    for k in act:
        if k not in ACTION_KEYS:
            reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' in an action (known: "
                                           f"{', '.join(sorted(ACTION_KEYS))})", f"{key}.{k}"))
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
    if player not in s.players:
        reasons.append(scenario.reason("unknown-player", f"player {player!r} is not in the scenario (players: "
                                       f"{', '.join(s.players)})", f"{key}.player"))
    kind = kinds[0]
    if kind == "defend" and "player" not in act:
        reasons.append(scenario.reason("bad-action", "a defend action names the player who declares the defending "
                                       "cards: player = \"NAME\"", key, "7.3.2"))
    handles = []
    if kind in ("play", "activate", "trigger"):
        handles = [act[kind]]
    elif kind == "defend":
        handles = act["defend"] if isinstance(act["defend"], list) else [act["defend"]]
    for h in handles:
        if h not in s.cards:
            reasons.append(scenario.reason("unknown-card", f"no card {h!r} in [cards] (cards: "
                                           f"{', '.join(s.cards) or 'none'})", f"{key}.{kind}"))
    for t in ([act["target"]] if "target" in act else []) + list(act.get("targets", [])):
        if t not in s.players and t not in s.cards:
            reasons.append(scenario.reason("unknown-target", f"target {t!r} is neither a player nor a card",
                                           f"{key}.target", "5.1.4a"))
    for t in act.get("damage_order", []):
        if t not in s.players:
            reasons.append(scenario.reason("unknown-player", f"damage_order names {t!r}, which is not a player",
                                           f"{key}.damage_order", "7.5.2c"))
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
                                               {"defend": "7.3.2b", "pitch": "1.14.3", "targets": "1.4.5c"}[field]))
    for field, what in (("x", "X"), ("alternative", "an alternative resource cost")):
        v = act.get(field)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            reasons.append(scenario.reason("wrong-type", f"{what} must be a whole number 0 or more, not {v!r}",
                                           f"{key}.{field}", "1.12.1b"))
    if kind == "activate":
        card = s.cards.get(act["activate"])
        idx = act.get("ability", 1)
        if card is not None:
            acts = [a for a in card.abilities if a.kind == "activated"]
            if not isinstance(idx, int) or idx < 1 or idx > len(card.abilities) or \
                    card.abilities[idx - 1].kind != "activated":
                reasons.append(scenario.reason("bad-ability", f"{card.name} has no activated ability number {idx} "
                                               f"(it has {len(acts)})", f"{key}.ability"))
    if kind == "play":
        card = s.cards.get(act["play"])
        if card is not None and card.sides and not (act.get("side") in card.sides or act.get("meld")):
            reasons.append(scenario.reason("split-card", f"{card.name} is a split-card: declare side = one of "
                                           f"{', '.join(card.sides)} or meld = true", f"{key}.side", "5.1.2c"))


# ---------------------------------------------------------------------------------------------------------
# playing the actions
# ---------------------------------------------------------------------------------------------------------

def check_card_pools(game: Game):
    """Card-pool legality as determined outside the game (1.1.3, 8.3.7), with meta-static abilities (1.7.4d)."""
    s = game.s
    if not any(c.keywords.get("specialization") not in (None, True) for c in s.cards.values()):
        return
    legal = {}
    for name, player in s.players.items():
        heroes = [c for c in s.cards.values() if c.owner == name and "hero" in c.types]
        hero_names = {player.hero} | {c.name for c in heroes}
        any_specialization = any(ab.kind == "meta" and ab.get("allows") == "specialization-of-any-hero"
                                 for c in heroes for ab in c.abilities)
        ok = True
        for c in s.cards.values():
            spec = c.keywords.get("specialization")
            if c.owner != name or spec in (None, True) or spec in hero_names:
                continue
            if any_specialization:
                game.step(f"{c.name} is a specialization card of {spec}; {name}'s hero has a meta-static ability allowing "
                          "specialization cards of any hero, functional outside the game, so the card-pool is legal.",
                          ["5.4.3", "1.7.4d"])
            else:
                ok = False
                game.step(f"{c.name} is a specialization card of {spec}, not of {name}'s hero: the card-pool is not "
                          "legal.", ["8.3.7"])
        legal[name] = ok
    if any(c.keywords.get("specialization") not in (None, True) for c in s.cards.values()):
        game.facts["card_pool_legal"] = legal


def _n(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def run(game: Game, scenario):
    actions = scenario.data.get("actions", [])
    game.queue = list(enumerate(actions, 1))
    game.trace.phase = "action phase"
    game.step(f"{game.player_name(game.s.turn_player)} is the turn-player and has priority in their action phase with "
              f"{_n(game.s.players[game.s.turn_player].action_points, 'action point')}.", ["4.3.2", "4.3.3"])
    while game.queue:
        if game.s.game_over:
            left = len(game.queue)
            game.step(f"The game is over: the remaining {left} action{'s are' if left != 1 else ' is'} not taken.",
                      ["4.5.1"])
            game.queue.clear()
            break
        idx, act = game.queue.pop(0)
        key = f"actions.{idx}"
        game.current_key = key
        if "random" in act:
            game.random_results = list(act["random"])
        player = act.get("player", game.s.turn_player)
        try:
            if "pass" in act:
                until = act.get("until")
                _pass(game, until)
            elif "play" in act:
                card = game.card(act["play"])
                game.ready_for(player, card, act)
                if game.s.step == "close" or game.s.priority is None:
                    raise InvalidScenario([scenario.reason("no-priority", f"{player} cannot act: no player has "
                                                           "priority now", key, "1.11.3")])
                game.play_card(player, card, act, key)
            elif "activate" in act:
                card = game.card(act["activate"])
                ab = card.abilities[act.get("ability", 1) - 1]
                timing = {"defense reaction": "reaction", "attack reaction": "reaction", "action": "main"}.get(
                    ab.get("type", "instant"), "now")
                game.ready_for(player, None, dict(act, _timing=timing))
                game.activate(player, card, act.get("ability", 1), act, key)
            elif "defend" in act:
                game.queue.insert(0, (idx, act))
                _advance_to_defend(game, key)
            elif "trigger" in act:
                _hidden_trigger(game, player, act, key)
            elif "end_turn" in act:
                game.end_turn(act, key)
        except IllegalAction as exc:
            raise InvalidScenario([scenario.reason("illegal-action", exc.message, key, exc.cites[0])]) from None
        except StopIteration:
            if game.s.game_over:
                left = len(game.queue) + 1
                game.step(f"The game is over: the remaining {left} action{'s are' if left != 1 else ' is'} not taken.",
                          ["4.5.1"])
                game.queue.clear()
                break
            raise InvalidScenario([scenario.reason(
                "no-step", "every player passed with an empty stack: the action phase would end before this action "
                "(4.3.4) — nothing is left for it to respond to", key, "4.3.4")]) from None
    # after the last action: all players pass until the combat chain closes and the stack is empty
    for _ in bounded(200, "passing until the stack is empty and the combat chain closed"):
        if game.s.game_over or not game.s.stack and not game.s.chain_open:
            break
        try:
            game.all_pass()
        except StopIteration:
            break


def _pass(game: Game, until):
    if until:
        for _ in bounded(60, f"passing until {until}"):
            if game.s.step == until or (until == "closed" and not game.s.chain_open):
                return
            try:
                game.all_pass()
            except StopIteration:
                return
        return
    try:
        game.all_pass()
    except StopIteration:
        pass


def _advance_to_defend(game: Game, key: str):
    for _ in range(60):
        if game.s.step == "defend" and game.queue and "defend" in game.queue[0][1]:
            # declarations happen on entering the step; here it is too late
            raise InvalidScenario([game.scenario.reason("late-defend", "defending cards are declared at the start of "
                                                        "the Defend Step; this declaration comes after it", key,
                                                        "7.3.2")])
        if not game.queue or "defend" not in game.queue[0][1]:
            return
        if not game.s.chain_open:
            if game.facts["legal"] and not all(game.facts["legal"].values()):
                # an earlier play was illegal and reversed: the declaration has nothing to defend
                idx, act = game.queue.pop(0)
                game.step(f"{game.player_name(act.get('player', ''))}'s declaration of defending cards (action {idx}) "
                          "is not made: there is no attack, since the play before it was illegal and reversed.",
                          ["7.3.1", "1.10.3"])
                return
            raise InvalidScenario([game.scenario.reason("no-attack", "there is no attack to defend: the combat chain is "
                                                        "closed", key, "7.3.1")])
        game.all_pass()


def _hidden_trigger(game: Game, player: str, act: dict, key: str):
    """5.4.7b: the owner of a private source decides to trigger its hidden triggered ability."""
    card = game.card(act["trigger"])
    ab = next((a for a in card.abilities if a.kind == "trigger"), None)
    if ab is None or not game.functional(card, ab):
        raise InvalidScenario([game.scenario.reason("not-functional", f"{card.name} has no functional triggered ability "
                                                    "to trigger now", key, "5.4.7b")])
    was_private = card.private
    game.step(f"The trigger condition of {card.name}'s hidden triggered ability is met while it is functional and "
              f"private; {game.player_name(player)} decides to trigger it"
              + (f", and {card.name} becomes public." if was_private else "."), ["5.4.7b"])
    card.__dict__["_public_until_resolved"] = was_private   # public, though still face down, until it resolves
    game.add_triggered_layer(card, ab, {"card": card.handle})
    game.game_state_actions()
    game.all_pass()


# ---------------------------------------------------------------------------------------------------------
# facts and the answer
# ---------------------------------------------------------------------------------------------------------

def report(game: Game):
    s = game.s
    f = game.facts
    f["links"] = [_link_fact(game, link) for link in s.all_links]
    f["hit"] = any(l["hit"] for l in f["links"])
    f["damage"] = sum(sum(l["damage"].values()) for l in f["links"])
    f["life"] = {name: p.life for name, p in s.players.items()}
    f["action_points"] = {name: p.action_points for name, p in s.players.items()}
    f["resources"] = {name: p.resources for name, p in s.players.items()}
    f["zones"] = {h: c.zone for h, c in s.cards.items()}
    f["face_down"] = {h: c.face_down for h, c in s.cards.items()}
    for key in ("dead", "lost", "boosted", "intimidated"):
        f.setdefault(key, [])
    f.setdefault("winner", None)
    f.setdefault("draw", False)
    f["counters"] = game.counter_facts()
    f["turn"] = s.turn_number
    f["turn_player"] = s.turn_player
    f["hand"] = {name: sorted(h for h, c in s.cards.items() if c.zone == "hand" and c.owner == name) for name in s.players}
    f["deck"] = {name: [c.handle for c in game.deck_of(name)] for name in s.players}
    f["power"] = dict(game.power_seen)
    f["defense"] = dict(game.defense_seen)
    f["costs"] = dict(game.costs_paid)
    f["defended"] = dict(game.defended)
    f["triggered"] = list(game.triggered)
    f["failed"] = list(game.failed)
    f["tokens"] = list(game.tokens)
    f["activations"] = {f"{h}.{i}": n for h, c in s.cards.items() for i, n in c.activations.items()}
    f["stack"] = [l.name for l in s.stack]
    f["functional"] = {f"{h}.{ab.index}": game.functional(c, ab) for h, c in s.cards.items() for ab in c.abilities
                       if ab.kind in ("static", "trigger")}
    f.setdefault("chain_closed", not s.chain_open)
    _summarise(game)


def _link_fact(game, link) -> dict:
    att = game.s.cards[link.attack]
    info = link.lki or game.s.lki.get(link.attack) if att.zone != "combat-chain" and not link.proxy else None
    supertypes = sorted(info["supertypes"]) if info else sorted(att.supertypes)
    controller = info["controller"] if info else link.controller
    return {"n": link.n, "attack": link.attack, "power": link.power, "defense": dict(link.defense),
            "controller": controller, "supertypes": supertypes,
            "defenders": [h for h, _, _ in link.defenders], "hit": link.hit, "damage": dict(link.damage),
            "targets": list(link.targets), "resolved": link.resolved}


def _summarise(game: Game):
    """The answer a judge reads: what was illegal, what failed, each chain link's damage, what triggered or
    did not, who won. The steps it repeats were tagged as the engine took them (``Game.step(tag=…)``)."""
    out = game.out
    f = game.facts
    steps = game.trace.steps
    tagged: dict[str, list] = {}
    for tag, st in game.notable:
        tagged.setdefault(tag, []).append(st)
    said: set[str] = set()

    def repeat(tag: str, keep=lambda st: True):
        for st in tagged.get(tag, []):
            if st.text not in said and keep(st):
                said.add(st.text)
                out.conclude(st.text, st.cites)

    repeat("illegal")
    repeat("failed")
    closed_why = f.get("chain_closed_because")
    for link in f["links"]:
        att = game.s.cards[link["attack"]].name
        power = link["power"]
        if power is None and (f.get("winner") or f.get("draw")):
            out.conclude(f"Chain link {link['n']}: the game ended before damage was calculated, so {att} deals no "
                         "damage.", ["4.5.1"])
            continue
        if power is None:
            why = f" ({closed_why})" if closed_why else ""
            out.conclude(f"Chain link {link['n']}: the combat chain closed in the "
                         f"{STEP_NAMES.get(f.get('chain_closed_at', ''), 'combat')}, before damage was calculated{why}, "
                         f"so {att} deals no damage and does not hit.", ["7.7.2"] + (game.closing_cites or ["7.5.2"]))
            continue
        for target, total in link["defense"].items():
            dmg = link["damage"].get(target, 0)
            if dmg > 0:
                prevented = power - total - dmg
                part = f"{power - total} damage, {prevented} of it prevented: " if prevented > 0 else ""
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}: {part}it "
                             f"deals {dmg} damage to {game.player_name(target)} and hits.",
                             ["7.5.2", "7.5.5"] + (["6.4.10a"] if prevented > 0 else []))
            elif power > total:
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}, but all "
                             f"{power - total} damage is prevented: the attack does not hit.", ["7.5.2", "7.5.5b"])
            else:
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}: no damage, "
                             "no hit.", ["7.5.2"])
    if not f["links"] and closed_why:
        out.conclude(f"The combat chain closed in the {STEP_NAMES.get(f.get('chain_closed_at', ''), 'combat')} "
                     f"because {closed_why}: no chain link was made and no damage is dealt.",
                     game.closing_cites or ["7.7.2b", "7.2.2"])
    repeat("go-again")
    # what triggered, and what did not (a frequent point of dispute)
    fired: dict[str, int] = {}
    for h in game.triggered:
        fired[h] = fired.get(h, 0) + 1
    if fired:
        groups: dict[str, list[str]] = {}
        for h, n in fired.items():
            name = (game.s.cards[h].name if h in game.s.cards else h) + (f" (×{n})" if n > 1 else "")
            ok = f["resolved"].get(f"{h}.trigger") if h != "phantasm" else f["resolved"].get("phantasm")
            state = "and resolved" if ok else "but did not resolve" if ok is False else \
                "but the game ended before they resolved" if f.get("winner") or f.get("draw") else \
                "and were still on the stack at the end"
            groups.setdefault(state, []).append(name)
        for state, names in groups.items():
            whose = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            out.conclude(f"The triggered abilit{'y' if len(names) == 1 and '×' not in names[0] else 'ies'} of "
                         f"{whose} triggered {state}.", ["6.6.5"])
    repeat("telling")
    repeat("prevention", lambda st: st.phase != "Damage Step")   # in combat the chain link's sentence says it
    # permanents that left the arena (destroyed, banished) — equipment, auras, items
    gone = [c.name for h, c in game.s.cards.items() if game.start_zones.get(h) in ("equipment", "arena")
            and c.zone not in ("equipment", "arena", "combat-chain")]
    if gone:
        out.conclude(f"No longer in the arena at the end: {', '.join(gone)}.")
    repeat("game")
    if not out.summary and steps:
        # no combat and nothing illegal: the answer is what the layers and events did
        procedural = ("Announce", "Declare", "Check", "Calculate", "Pay", "Play:", "All players pass", "Clear",
                      "The turn-player", "Layer effects", "The stack is empty", "Close Step", "The combat chain is closed")
        telling = [st for st in steps[1:] if not st.text.startswith(procedural)]
        for st in telling[-3:]:
            out.conclude(st.text, st.cites)
        if not out.summary:
            # only procedure: what was paid is the answer (the cost calculated, the cost paid)
            for st in [st for st in steps if st.text.startswith(("Calculate asset-costs", "Pay asset-costs"))][-2:]:
                out.conclude(st.text, st.cites)
    start = game.start_life
    changed = [n for n, life in f["life"].items() if start.get(n) != life]
    if changed:
        out.conclude("Life totals at the end: " + ", ".join(
            f"{game.player_name(n)} {start.get(n)} → {f['life'][n]}" for n in changed) + ".")
