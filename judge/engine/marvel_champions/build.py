# Card Types, Ownership and Control, In Play and Out of Play, Unique: building and validating a position.
"""Build a Marvel Champions position from a scenario file, and validate it before anything is played.

Every problem found becomes a :class:`~judge.engine.core.Reason` with the scenario key and line (and the
rule, when a rule is why); :func:`build_state` raises :class:`~judge.engine.core.InvalidScenario` with all
of them. The format is documented in docs/scenario-format-mc.md.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Reason
from judge.engine.marvel_champions.cards import (ABILITY_KINDS, CARD_TYPES, CONDITION_KEYS, ENCOUNTER_CARD_TYPES,
                                                 ENCOUNTER_ZONES, PLAYER_ZONES, RESOURCE_TYPES, SCENARIO,
                                                 SELECTOR_KEYS, TYPE_GROUPS, WHEN, ICONS, KEYWORDS, NUMBER_KEYWORDS,
                                                 STATUSES, Ability, Card, article)
from judge.engine.marvel_champions.state import Player, State
from judge.engine.marvel_champions import cited

TOP_KEYS = {"scenario", "game", "players", "cards", "actions", "expect"}
STAT_KEYS = ("atk", "thw", "def", "rec", "sch")
# which printed powers each character type has (a card without one has a dash: dash)
STATS_OF = {"identity": ("atk", "thw", "def", "rec"), "ally": ("atk", "thw"), "minion": ("atk", "sch"),
            "villain": ("atk", "sch"), "attachment": ("atk", "sch")}
BOARD_KEYS = {"atk", "thw", "def", "rec", "sch", "keywords", "status"}
PLAYER_KEYS = {"identity", "alter_ego", "form", "hit_points", "max_hit_points", "exhausted", "hand_size",
               "changed_form"} | BOARD_KEYS
GAME_KEYS = {"first_player", "active_player", "phase", "player_order", "max_used", "turns_taken"}
CARD_KEYS = {"name", "owner", "controller", "type", "zone", "cost", "resources", "traits", "unique", "exhausted",
             "hit_points", "damage", "threat", "abilities", "used", "max", "atk_consequential", "thw_consequential",
             "boost", "engaged", "attached_to", "attach_to", "uses", "target_threat", "acceleration",
             "acceleration_tokens", "icons", "dealt_to"} | BOARD_KEYS
ABILITY_KEYS = {
    "action": {"form", "cost", "target", "effects", "limit", "labeled"},
    "interrupt": {"forced", "form", "when", "if", "cost", "target", "effects", "limit", "labeled"},
    "response": {"forced", "form", "when", "if", "cost", "target", "effects", "limit", "labeled"},
    "resource": {"cost", "generate", "for", "limit"},
    "constant": {"effect"},
    "permission": {"from"},
    "when-revealed": {"effects"},
    "when-defeated": {"effects"},
    "boost": {"effects"},
}
COST_KEYS = {"resources", "exhaust", "discard", "uses"}
# effect primitive → the keys it takes (besides ``do`` and ``then``)
EFFECTS = {
    "damage": {"amount", "to"}, "heal": {"amount", "to"}, "prevent": {"amount"}, "cancel": set(),
    "draw": {"amount"}, "remove-threat": {"amount", "from"}, "place-threat": {"amount", "on"},
    "exhaust": {"what"}, "ready": {"what"}, "discard": {"what"}, "cost": {"by", "set", "to", "next", "player"},
    "put-into-play": {"what", "from"},
    "stun": {"to"}, "confuse": {"to"}, "tough": {"to"}, "indirect-damage": {"amount", "to"},
    "change-form": set(), "enemy-attack": {"by", "undefendable"}, "enemy-scheme": {"by"}, "gets": {"to", *STAT_KEYS},
    "gains": {"to", "keyword"}, "deal-encounter": {"amount"},
}
REFS = ("target", "self", "you", "trigger", "villain", "main-scheme", "attached")
REF_KEYS = ("to", "from", "on", "what")
CONSTANT_TO = ("attached", "self", "you", "villain")
ACTION_KINDS = ("play", "use", "reveal", "effect", "activate", "attack", "thwart", "recover", "change_form",
                "end_turn", "villain_phase")
ACTION_KEYS = {"player", "play", "use", "ability", "reveal", "effect", "source", "target", "x", "pay", "choose", "note",
               "by", "defend", "as", "discard", "indirect"} | set(ACTION_KINDS)
CHARACTER_TYPES = ("ally", "minion", "villain")
SCHEME_TYPES = ("main-scheme", "side-scheme")


def _named(value, known) -> bool:
    """Is ``value`` a name (a string) found in ``known``? (A table or list where a name belongs is not.)"""
    return isinstance(value, str) and value in known


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Builder:
    """Collects the reasons a scenario cannot be played while building its :class:`State`."""

    def __init__(self, scenario):
        self.sc = scenario
        self.reasons: list[Reason] = []
        self.s = State()
        self.broken: set[str] = set()     # cards already reported as invalid: not "unknown" again
        self.changed_form: set[str] = set()
        self.attachments: list[tuple[str, Card, str]] = []

    def bad(self, key: str, message: str, cite: str | None = None, code: str = "invalid") -> None:
        """Record one problem: the scenario key, the message, the rule when a rule is why."""
        self.reasons.append(self.sc.reason(code, message, key, cite))

    def unknown(self, key: str, got, known, what: str) -> None:
        """Report every key of ``got`` that is not in ``known``."""
        for k in got:
            if k not in known:
                self.bad(f"{key}.{k}" if key else k, f"unknown key '{k}' {what} (known: {', '.join(sorted(known))})",
                         code="unknown-key")

    def typed(self, key: str, value, want: str) -> None:
        """Report a value of the wrong type."""
        self.bad(key, f"must be {want}, not {type(value).__name__} {value!r}", code="wrong-type")

    def table(self, key: str, value) -> dict:
        """The value if it is a table, else report it and use an empty one."""
        if isinstance(value, dict):
            return value
        self.typed(key, value, "a table")
        return {}

    def whole(self, key: str, value, low: int = 0) -> int | None:
        """The value if it is a whole number ≥ ``low`` (None when absent), else report it."""
        if value is None:
            return None
        if not _int(value) or value < low:
            self.typed(key, value, f"a whole number ≥ {low}")
            return None
        return value

    def flag(self, key: str, value, default: bool = False) -> bool:
        """The value if it is true or false (``default`` when absent), else report it."""
        if value is None:
            return default
        if not isinstance(value, bool):
            self.typed(key, value, "true or false")
            return default
        return value

    def strings(self, key: str, value, allowed=None) -> list[str]:
        """The value as a list of strings (one string allowed), each in ``allowed`` if given."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.typed(key, value, "a list of strings")
            return []
        if allowed is not None:
            for v in value:
                if v not in allowed:
                    self.bad(key, f"{v!r} is not one of {', '.join(allowed)}")
        return value

    # -- the whole position ----------------------------------------------------------------------------
    def build(self) -> State:
        """The validated state; raises InvalidScenario with every problem found."""
        data = self.sc.data
        self.unknown("", data, TOP_KEYS, "at the top level")
        players = self.table("players", data.get("players", {}))
        if not players:
            self.bad("players", "a scenario needs at least one player: a [players.NAME] table", cited.IDENTITY)
            raise InvalidScenario(self.reasons)
        for seat, (name, p) in enumerate(players.items()):
            self.player(name, seat, self.table(f"players.{name}", p))
        self.game(self.table("game", data.get("game", {})))
        cards = self.table("cards", data.get("cards", {}))
        for handle, cd in cards.items():
            self.card(handle, self.table(f"cards.{handle}", cd))
        self.attach_all()
        self.position()
        self.s.changed_form = set(self.changed_form)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            self.typed("actions", actions, "an array of [[actions]] tables")
            actions = []
        for i, act in enumerate(actions, 1):
            self.action(i, act)
        if self.reasons:
            raise InvalidScenario(self.reasons)
        return self.s

    def player(self, name: str, seat: int, p: dict) -> None:
        """One [players.NAME] table: the player and their identity card."""
        key = f"players.{name}"
        self.unknown(key, p, PLAYER_KEYS, "for a player")
        if name == SCENARIO:
            self.bad(key, f"'{SCENARIO}' is the owner of the encounter cards, not a player",
                     cited.OWNERSHIP_AND_CONTROL)
        ident = Card(name, str(p.get("identity", name)), name, "identity")
        ident.zone = "play"
        ident.form = p.get("form", "hero")
        if ident.form not in ("hero", "alter-ego"):
            self.bad(f"{key}.form", f"form must be 'hero' or 'alter-ego', not {ident.form!r}", cited.FORM)
            ident.form = "hero"
        hp = p.get("hit_points", 10)
        if not _int(hp):
            self.typed(f"{key}.hit_points", hp, "a whole number")
            hp = 10
        elif hp <= 0:
            self.bad(f"{key}.hit_points", f"{name}'s hit point dial is at {hp}: a player whose dial is reduced to zero "
                                          "has been eliminated", cited.PLAYER_DIAL_ZERO_DEFEATED, "impossible")
            hp = 1
        top = self.whole(f"{key}.max_hit_points", p.get("max_hit_points"), 1) or hp
        if top < hp:
            self.bad(f"{key}.max_hit_points", f"remaining hit points ({hp}) above the maximum ({top})",
                     cited.HEAL_UP_TO_MAXIMUM,
                     "impossible")
            top = hp
        ident.hit_points, ident.damage = top, top - hp
        ident.exhausted = self.flag(f"{key}.exhausted", p.get("exhausted"))
        self.board(key, p, ident)
        ident.hand_size = self.whole(f"{key}.hand_size", p.get("hand_size"), 0)
        if "alter_ego" in p:
            ident.sides = {"hero": ident.name, "alter-ego": str(p["alter_ego"])}
            ident.name = ident.sides[ident.form]
        if self.flag(f"{key}.changed_form", p.get("changed_form")):
            self.changed_form.add(name)
        self.s.cards[name] = ident
        self.s.players[name] = Player(name, name, seat)

    def game(self, g: dict) -> None:
        """The [game] table: player order, first and active player, phase, round counters."""
        self.unknown("game", g, GAME_KEYS, "in [game]")
        names = list(self.s.players)
        order = g.get("player_order", names)
        if not isinstance(order, list) or sorted(order) != sorted(names):
            self.bad("game.player_order", "player_order must list every player once", cited.IN_PLAYER_ORDER)
            order = names
        self.s.order = list(order)
        for k, default in (("first_player", order[0]), ("active_player", None)):
            v = g.get(k, default)
            if v is not None and not _named(v, self.s.players):
                self.bad(f"game.{k}", f"{v!r} is not a player (players: {', '.join(names)})", code="unknown-player")
                v = order[0]
            setattr(self.s, k, v)
        self.s.active_player = self.s.active_player or self.s.first_player
        self.s.phase = g.get("phase", "player")
        if self.s.phase not in ("player", "villain"):
            self.bad("game.phase", f"phase must be 'player' or 'villain', not {self.s.phase!r}", cited.ROUND_OVERVIEW)
        if self.s.phase == "player":
            order_now = self.s.in_player_order()
            before = order_now[:order_now.index(self.s.active_player)]
        else:
            before = list(self.s.order)
        taken = self.strings("game.turns_taken", g.get("turns_taken", before))
        for p in taken:
            if p not in self.s.players:
                self.bad("game.turns_taken", f"{p!r} is not a player", code="unknown-player")
        self.s.turns_taken = set(taken)
        used = self.table("game.max_used", g.get("max_used", {}))
        for title, n in used.items():
            if self.whole(f"game.max_used.{title}", n) is not None:
                self.s.max_used[title] = n

    def card(self, handle: str, cd: dict) -> None:
        """One [cards.HANDLE] table: a card with its printed properties and abilities."""
        key = f"cards.{handle}"
        self.broken.add(handle)
        self.unknown(key, cd, CARD_KEYS, "for a card")
        if handle in self.s.players:
            self.bad(key, f"'{handle}' is a player's name, which stands for their identity: give the card another "
                          "handle")
            return
        ctype = cd.get("type")
        if ctype not in CARD_TYPES:
            self.bad(f"{key}.type", f"type must be one of {', '.join(CARD_TYPES)} — not {ctype!r}", cited.CARD_TYPES)
            return
        owner = cd.get("owner", SCENARIO if ctype in ENCOUNTER_CARD_TYPES else None)
        encounter = ctype in ENCOUNTER_CARD_TYPES
        if owner != SCENARIO and not _named(owner, self.s.players):
            self.bad(f"{key}.owner", f"owner {owner!r} is not a player (players: {', '.join(self.s.players)}; "
                                     f"encounter cards belong to '{SCENARIO}')", code="unknown-player")
            return
        if encounter != (owner == SCENARIO):
            kind = "an encounter" if encounter else "a player"
            self.bad(f"{key}.owner", f"{article(ctype)} is {kind} card: its owner is "
                                     f"{'the scenario' if encounter else 'a player'}, not {owner!r}",
                     cited.OWNERSHIP_AND_CONTROL, "impossible")
            return
        card = Card(handle, str(cd.get("name", handle)), owner, ctype)
        card.controller = cd.get("controller", owner)
        if card.controller != owner and not _named(card.controller, self.s.players):
            self.bad(f"{key}.controller", f"controller {card.controller!r} is not a player", code="unknown-player")
            card.controller = owner
        zones = ENCOUNTER_ZONES if encounter else PLAYER_ZONES
        card.zone = cd.get("zone", "play" if encounter else "hand")
        if card.zone not in zones:
            self.bad(f"{key}.zone", f"zone must be one of {', '.join(zones)} — not {card.zone!r}",
                     cited.IN_PLAY_AND_OUT_OF_PLAY)
            card.zone = zones[0]
        if card.controller != owner and not card.in_play:
            self.bad(f"{key}.controller", "only a card in play can be controlled by a player other than its owner",
                     cited.PLAYER_CONTROLS_CARDS, "impossible")
        if ctype == "obligation":
            self.bad(f"{key}.type", "obligation cards (given to the player of their hero, who chooses how to resolve "
                                    "them) are not modelled", cited.OBLIGATION, "unsupported")
        if card.in_play and ctype in ("event", "resource", "treachery", "obligation"):
            self.bad(f"{key}.zone", f"{article(ctype)} card is never in play: it resolves (or is discarded to generate "
                                    "resources) from an out-of-play area", cited.IN_PLAY_AND_OUT_OF_PLAY, "impossible")
        cost = cd.get("cost")
        if cost == "X":
            card.x_cost = True
        elif cost is not None:
            card.cost = self.whole(f"{key}.cost", cost)
        if cost is not None and (encounter or ctype == "resource"):
            self.bad(f"{key}.cost", f"{article(ctype)} card has no resource cost", cited.COST)
        if cost is None and ctype in ("ally", "event", "support", "upgrade"):
            self.bad(f"{key}.cost", f"{article(ctype)} needs its printed cost (a number or \"X\")", cited.COST)
        card.resources = self.strings(f"{key}.resources", cd.get("resources", []), RESOURCE_TYPES)
        card.traits = {t.lower() for t in self.strings(f"{key}.traits", cd.get("traits", []))}
        card.unique = self.flag(f"{key}.unique", cd.get("unique"))
        card.exhausted = self.flag(f"{key}.exhausted", cd.get("exhausted"))
        if card.exhausted and not card.in_play:
            self.bad(f"{key}.exhausted", "only a card in play can be exhausted", cited.EXHAUSTED, "impossible")
        card.max = self.whole(f"{key}.max", cd.get("max"), 1)
        self.stats(key, cd, card)
        self.board(key, cd, card)
        self.encounter(key, cd, card)
        used = self.table(f"{key}.used", cd.get("used", {}))
        for idx, n in used.items():
            if not str(idx).isdigit():
                self.bad(f"{key}.used", "used maps ability numbers to times used this round: { 1 = 1 }", cited.LIMIT)
            elif self.whole(f"{key}.used.{idx}", n) is not None:
                card.used[int(idx)] = n
        abilities = cd.get("abilities", [])
        if not isinstance(abilities, list):
            self.typed(f"{key}.abilities", abilities, "an array of [[cards.HANDLE.abilities]] tables")
            abilities = []
        for i, ab in enumerate(abilities, 1):
            self.ability(card, f"{key}.abilities.{i}", i, ab)
        if ctype == "event" and card.timing_ability() is None:
            self.bad(f"{key}.abilities", "an event needs an ability of kind action, interrupt or response: what it "
                                         "does when played", cited.EVENT)
        self.s.cards[handle] = card
        self.broken.discard(handle)

    def stats(self, key: str, cd: dict, card: Card) -> None:
        """Hit points, damage and threat of a card, checked against its type."""
        hp = self.whole(f"{key}.hit_points", cd.get("hit_points"), 1)
        if card.type in CHARACTER_TYPES:
            if hp is None and "hit_points" not in cd:
                self.bad(f"{key}.hit_points", f"{article(card.type)} is a character and needs its hit points",
                         cited.HIT_POINTS)
            card.hit_points = hp or 1
        elif hp is not None:
            self.bad(f"{key}.hit_points", f"{article(card.type)} is not a character and has no hit points",
                     cited.CHARACTER)
        dmg = self.whole(f"{key}.damage", cd.get("damage", 0))
        if dmg:
            if card.hit_points is None:
                self.bad(f"{key}.damage", f"{article(card.type)} cannot have damage", cited.DAMAGE)
            elif dmg >= card.hit_points and card.in_play:
                self.bad(f"{key}.damage", f"{dmg} damage on a character with {card.hit_points} hit points: it would "
                                          "have been defeated", cited.DEFEAT, "impossible")
            elif not card.in_play:
                self.bad(f"{key}.damage", "damage is only tracked on characters in play",
                         cited.DAMAGE_TOKENS_ON_ALLY_OR_MINION,
                         "impossible")
            else:
                card.damage = dmg
        threat = self.whole(f"{key}.threat", cd.get("threat"))
        if threat is not None and card.type not in SCHEME_TYPES:
            self.bad(f"{key}.threat", f"{article(card.type)} is not a scheme and holds no threat", cited.THREAT)
        elif card.type in SCHEME_TYPES:
            card.threat = threat or 0
            if card.type == "side-scheme" and card.in_play and card.threat == 0:
                self.bad(f"{key}.threat", "a side scheme in play with no threat on it would have been defeated",
                         cited.SIDE_SCHEME_STAYS_UNTIL_NO_THREAT, "impossible")

    def board(self, key: str, cd: dict, card: Card) -> None:
        """Printed powers (ATK, THW, DEF, REC, SCH), keywords and status cards of a character or attachment."""
        have = STATS_OF.get(card.type, ())
        for stat in STAT_KEYS:
            if stat not in cd:
                continue
            value = self.whole(f"{key}.{stat}", cd[stat])
            if stat not in have:
                self.bad(f"{key}.{stat}", f"{article(card.type)} has no {stat.upper()} value"
                         + (f" (it has {', '.join(s.upper() for s in have)})" if have else ""), cited.CHARACTER)
            elif value is not None:
                card.stats[stat] = value
        for stat in ("atk", "thw"):
            pips = self.whole(f"{key}.{stat}_consequential", cd.get(f"{stat}_consequential"))
            if pips is not None and card.type != "ally":
                self.bad(f"{key}.{stat}_consequential", "only allies take consequential damage",
                         cited.CONSEQUENTIAL_DAMAGE)
            elif pips:
                card.consequential[stat] = pips
        for word in self.strings(f"{key}.keywords", cd.get("keywords", [])):
            name, _, number = word.lower().partition(" ")
            if name == "toughness":
                name = "tough"
            if name not in KEYWORDS:
                self.bad(f"{key}.keywords", f"keyword {word!r} is not modelled (the engine plays "
                                            f"{', '.join(KEYWORDS)})", cited.KEYWORDS, "unsupported")
            elif (name in NUMBER_KEYWORDS) != number.isdigit():
                form = f"'{name} N' with its number" if name in NUMBER_KEYWORDS else f"'{name}' with no number"
                self.bad(f"{key}.keywords", f"write the keyword {word!r} as {form}", cited.KEYWORDS)
            else:
                card.keywords[name] = int(number) if number else 1
        status = self.strings(f"{key}.status", cd.get("status", []), STATUSES)
        if status and not (card.is_character and (card.in_play or card.is_identity)):
            self.bad(f"{key}.status", "status cards are placed on characters in play", cited.STATUS_CARDS, "impossible")
        if len(set(status)) < len(status):
            self.bad(f"{key}.status", "a character cannot have more than one status card of each type",
                     cited.ONE_STATUS_CARD_OF_EACH_TYPE, "impossible")
        card.status = set(status)

    def encounter(self, key: str, cd: dict, card: Card) -> None:
        """Boost icons, engagement, attachment, uses counters, scheme values and icons."""
        boost = self.whole(f"{key}.boost", cd.get("boost"))
        if boost is not None and card.owner != SCENARIO:
            self.bad(f"{key}.boost", "only encounter cards have a boost field", cited.BOOST)
        card.boost = boost or 0
        if any(a.kind == "boost" for a in card.abilities) and card.owner != SCENARIO:
            self.bad(f"{key}.abilities", "only encounter cards have Boost abilities", cited.BOOST)
        if "engaged" in cd:
            if card.type != "minion" or not card.in_play:
                self.bad(f"{key}.engaged", "only a minion in play is engaged with a player", cited.ENGAGED)
            elif not isinstance(cd["engaged"], str) or cd["engaged"] not in self.s.players:
                self.bad(f"{key}.engaged", f"{cd['engaged']!r} is not a player", code="unknown-player")
            else:
                card.engaged = cd["engaged"]
        elif card.type == "minion" and card.in_play and len(self.s.players) == 1:
            card.engaged = next(iter(self.s.players))     # with several players, asked for when it matters
        if "attach_to" in cd:
            self.selector(f"{key}.attach_to", cd["attach_to"])
            card.attach_to = cd["attach_to"]
        if "attached_to" in cd:
            self.attachments.append((key, card, cd["attached_to"]))
        uses = self.whole(f"{key}.uses", cd.get("uses"))
        if uses is not None and "uses" not in card.keywords:
            self.bad(f"{key}.uses", "only a card with the uses keyword holds uses counters", cited.USES)
        elif "uses" in card.keywords:
            card.uses = uses if uses is not None else (card.keywords["uses"] if card.in_play else None)
        scheme = {"target_threat", "acceleration", "acceleration_tokens"}
        for k in scheme & set(cd):
            if card.type != "main-scheme":
                self.bad(f"{key}.{k}", f"only a main scheme has {k.replace('_', ' ')}", cited.MAIN_SCHEME)
            else:
                setattr(card, k, self.whole(f"{key}.{k}", cd[k], 1 if k == "target_threat" else 0) or 0)
        if card.type == "main-scheme" and card.target_threat is None:
            card.target_threat = None if "target_threat" not in cd else card.target_threat
        if card.type == "main-scheme" and card.in_play and card.target_threat and \
                (card.threat or 0) >= card.target_threat:
            self.bad(f"{key}.threat", f"{card.threat} threat on a main scheme whose target threat is "
                                      f"{card.target_threat}: it would have advanced", cited.MAIN_SCHEME, "impossible")
        if (card.zone == "dealt") != ("dealt_to" in cd):
            self.bad(f"{key}.dealt_to", "an encounter card dealt facedown to a player has zone = \"dealt\" and "
                                        "dealt_to = \"PLAYER\"", cited.DEAL)
        elif "dealt_to" in cd:
            if not _named(cd["dealt_to"], self.s.players):
                self.bad(f"{key}.dealt_to", f"{cd['dealt_to']!r} is not a player", code="unknown-player")
            card.dealt_to = cd["dealt_to"]
        icons = self.strings(f"{key}.icons", cd.get("icons", []), ICONS)
        if icons and card.type != "side-scheme":
            self.bad(f"{key}.icons", "crisis, hazard and acceleration icons are side scheme icons", cited.SIDE_SCHEME)
        card.icons = icons

    def attach_all(self) -> None:
        """Attached cards (attached_to): both cards in play, the host a card or a player's identity."""
        for key, card, host in self.attachments:
            target = self.s.cards.get(host) if isinstance(host, str) else None
            if target is None:
                self.bad(f"{key}.attached_to", f"no card or player {host!r} to attach to", code="unknown-card")
            elif not card.in_play or not target.in_play:
                self.bad(f"{key}.attached_to", "an attached card and the card it is attached to are both in play",
                         cited.ATTACHED_CARD_STAYS, "impossible")
            elif card.type not in ("attachment", "upgrade", "support"):
                self.bad(f"{key}.attached_to", f"{article(card.type)} does not attach to cards", cited.ATTACH_TO)
            else:
                card.attached_to = target.handle

    def position(self) -> None:
        """Checks across cards: one copy of a unique card in play."""
        seen: dict[str, str] = {}
        for c in self.s.cards.values():
            if c.unique and c.in_play:
                if c.name in seen:
                    self.bad(f"cards.{c.handle}", f"{c.name} is unique and {seen[c.name]} is already in play",
                             cited.ONE_UNIQUE_COPY_IN_PLAY, "impossible")
                seen[c.name] = c.handle

    # -- abilities -------------------------------------------------------------------------------------
    def ability(self, card: Card, key: str, index: int, ab) -> None:
        """One ability table of a card, checked for its kind."""
        if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KINDS:
            self.bad(key, f"an ability needs kind = one of {', '.join(ABILITY_KINDS)}", cited.ABILITY)
            return
        kind = ab["kind"]
        self.unknown(key, ab, ABILITY_KEYS[kind] | {"kind"}, f"for {article(kind)} ability")
        if kind in ("interrupt", "response"):
            if ab.get("when") not in WHEN:
                self.bad(f"{key}.when", f"{article(kind)} needs when = its triggering condition, one of "
                                        f"{', '.join(WHEN)}",
                         cited.TRIGGERING_CONDITION)
            cond = self.table(f"{key}.if", ab.get("if", {}))
            self.unknown(f"{key}.if", cond, CONDITION_KEYS, "in a triggering condition")
            if "card" in cond:
                self.selector(f"{key}.if.card", cond["card"])
            if cond.get("player", "any") not in ("you", "other", "any"):
                self.bad(f"{key}.if.player", "player must be 'you', 'other' or 'any'")
            if cond.get("from", "hand") not in ("hand", "play"):
                self.bad(f"{key}.if.from", "from must be 'hand' or 'play' (where a discarded card came from)")
            self.whole(f"{key}.if.min_amount", cond.get("min_amount"))
            self.flag(f"{key}.if.self", cond.get("self"))
            against = cond.get("against")
            if against is not None and against != "you":
                self.selector(f"{key}.if.against", against)
            if cond.get("by", "you") not in ("you", "other"):
                self.bad(f"{key}.if.by", "by must be 'you' or 'other' (the player whose card or power dealt the "
                                         "damage or defeated the card)", cited.YOU_MEANS_CONTROLLER)
        self.flag(f"{key}.forced", ab.get("forced"))
        if ab.get("forced") and card.type == "event":
            self.bad(f"{key}.forced", "an event card is played by choice: its ability is not forced",
                     cited.EVENT_PLAY_OPTIONAL)
        if ab.get("form") not in (None, "hero", "alter-ego"):
            self.bad(f"{key}.form", "form must be 'hero' or 'alter-ego'", cited.HERO_OR_ALTER_EGO_TIMING)
        if "limit" in ab:
            self.whole(f"{key}.limit", ab["limit"], 1)
        if ab.get("labeled") not in (None, "attack", "thwart"):
            self.bad(f"{key}.labeled", f"labeled must be 'attack' or 'thwart' — {ab.get('labeled')!r} abilities "
                                       "(such as a defense) are not modelled", cited.TRIGGERED_ABILITY, "unsupported")
        if "target" in ab:
            self.selector(f"{key}.target", ab["target"])
        if "cost" in ab:
            self.cost(f"{key}.cost", ab["cost"], card)
        effects = ab.get("effects", [])
        if not isinstance(effects, list):
            self.typed(f"{key}.effects", effects, "an array of effect tables")
            effects = []
        for j, eff in enumerate(effects, 1):
            self.effect(f"{key}.effects.{j}", eff, then_ok=j > 1)
            if isinstance(eff, dict) and eff.get("amount") == "X" and not card.x_cost:
                self.bad(f"{key}.effects.{j}.amount", f"{card.name} has no X in its cost: amount = \"X\" is the X "
                                                      "chosen for a cost of X", cited.COST)
        if kind in ("action", "interrupt", "response", "when-revealed", "when-defeated", "boost") and not effects:
            self.bad(f"{key}.effects", f"{article(kind)} ability needs effects = [ … ]", cited.ABILITY)
        if kind in ("action", "interrupt", "response") and any(isinstance(e, dict) and e.get("to") == "target"
                                                            for e in effects) and "target" not in ab:
            self.bad(f"{key}.target", "its effects act on “target”: say what it targets with target = …",
                     cited.CHECK_VALID_TARGET)
        if kind == "resource":
            self.strings(f"{key}.generate", ab.get("generate", []), RESOURCE_TYPES)
            if not ab.get("generate"):
                self.bad(f"{key}.generate", "a resource ability needs generate = [ resource types ]",
                         cited.RESOURCE_ABILITY)
            if "for" in ab:
                self.selector(f"{key}.for", ab["for"])
        if kind == "constant":
            eff = self.table(f"{key}.effect", ab.get("effect", {}))
            if eff.get("do") == "generate":
                self.unknown(f"{key}.effect", eff, {"do", "resources", "for"}, "for a generate effect")
                self.strings(f"{key}.effect.resources", eff.get("resources", []), RESOURCE_TYPES)
                if card.type != "resource":
                    self.bad(f"{key}.effect", "only a resource card has text active while it generates resources",
                             cited.RESOURCE_CARD_TEXT_ACTIVE)
                self.selector(f"{key}.effect.for", eff.get("for", {}))
            elif eff.get("do") in ("cost", "gets", "gains"):
                self.effect(f"{key}.effect", eff, then_ok=False)
                if eff.get("do") in ("gets", "gains") and eff.get("to", "attached") not in CONSTANT_TO:
                    self.bad(f"{key}.effect.to", f"to must be one of {', '.join(CONSTANT_TO)}", cited.GETS)
            else:
                self.bad(f"{key}.effect", "a constant ability's effect is { do = \"cost\", … } (a cost modifier), "
                                          "{ do = \"gets\", atk = N, … }, { do = \"gains\", keyword = … } or, on "
                                          "a resource card, { do = \"generate\", … }", cited.CONSTANT_ABILITY)
        if kind == "permission" and ab.get("from") not in ("discard", "deck"):
            self.bad(f"{key}.from", "a permission names the out-of-play area it allows playing from: 'discard' or "
                                    "'deck'", cited.PERMISSION_OPTIONAL_PLAY)
        card.abilities.append(Ability(index, kind, ab, key))

    def cost(self, key: str, cost, card: Card) -> None:
        """An ability's cost table."""
        cost = self.table(key, cost)
        self.unknown(key, cost, COST_KEYS, "in an ability cost")
        res = cost.get("resources", 0)
        if isinstance(res, list):
            self.strings(f"{key}.resources", res, RESOURCE_TYPES[:3] + ("any",))
        else:
            self.whole(f"{key}.resources", res)

    def selector(self, key: str, sel) -> None:
        """A selector: a type word or a table of keys that must all hold."""
        if isinstance(sel, str):
            sel = {"type": sel}
        sel = self.table(key, sel)
        self.unknown(key, sel, SELECTOR_KEYS, "in a selector")
        known = set(CARD_TYPES) | set(TYPE_GROUPS)
        for t in self.strings(f"{key}.type", sel.get("type", [])):
            if t not in known:
                self.bad(f"{key}.type", f"{t!r} is not a card type or group ({', '.join(sorted(known))})",
                         cited.CARD_TYPES)
        for k in ("controller", "owner"):
            if k in sel and (not isinstance(sel[k], str) or sel[k] not in ("you", "other", SCENARIO)):
                self.bad(f"{key}.{k}", f"{k} must be 'you', 'other' or '{SCENARIO}'")
        for k in ("traits", "not_traits"):
            if k in sel:
                self.strings(f"{key}.{k}", sel[k])
        if "name" in sel and not isinstance(sel["name"], str):
            self.typed(f"{key}.name", sel["name"], "a card title")
        for k in ("unique", "exhausted", "damaged", "self"):
            self.flag(f"{key}.{k}", sel.get(k))

    def effect(self, key: str, eff, then_ok: bool, refs=REFS) -> None:
        """One effect primitive table."""
        eff = self.table(key, eff)
        do = eff.get("do")
        if do not in EFFECTS:
            self.bad(f"{key}.do", f"do must be one of {', '.join(EFFECTS)} — not {do!r}", cited.ABILITY)
            return
        self.unknown(key, eff, EFFECTS[do] | {"do", "then"}, f"for a {do} effect")
        if eff.get("then") and not then_ok:
            self.bad(f"{key}.then", "“then” needs an effect before it", cited.THEN)
        amount = eff.get("amount")
        if amount is not None and amount != "X" and not (do == "prevent" and amount == "all"):
            self.whole(f"{key}.amount", amount)
        for k in REF_KEYS:
            v = eff.get(k)
            if v is None or (do in ("cost", "put-into-play") and k in ("to", "what", "from")):
                continue
            if v not in refs:
                self.bad(f"{key}.{k}", f"{k} must be one of {', '.join(repr(r) for r in refs)} — not {v!r}")
        if do == "cost":
            if ("by" in eff) == ("set" in eff):
                self.bad(key, "a cost modifier has either by = ±N or set = N", cited.MODIFIERS)
            for k in ("by", "set"):
                if k in eff and not _int(eff[k]):
                    self.typed(f"{key}.{k}", eff[k], "a whole number")
            self.selector(f"{key}.to", eff.get("to", {}))
            if eff.get("player", "you") not in ("you", "any"):
                self.bad(f"{key}.player", "player must be 'you' or 'any'")
        if do in ("gets", "gains") and not key.endswith(".effect"):
            self.bad(f"{key}.do", f"{do} is a constant ability's effect (kind = \"constant\")", cited.CONSTANT_ABILITY)
        if do == "gets":
            for k in STAT_KEYS:
                if k in eff and not _int(eff[k]):
                    self.typed(f"{key}.{k}", eff[k], "a whole number")
        if do == "gains":
            word = str(eff.get("keyword", "")).lower()
            name, _, number = word.partition(" ")
            if name not in KEYWORDS or (name in NUMBER_KEYWORDS) != number.isdigit():
                self.bad(f"{key}.keyword", f"keyword {eff.get('keyword')!r} is not modelled (the engine plays "
                                           f"{', '.join(KEYWORDS)}; a number after retaliate and uses)", cited.GAINS,
                         "unsupported")
        if do in ("enemy-attack", "enemy-scheme") and eff.get("by", "villain") not in refs and \
                not _named(eff.get("by"), self.s.cards):
            self.bad(f"{key}.by", f"by names the enemy: 'villain', 'target', 'trigger', 'self' or a card handle")
        if do == "put-into-play":
            self.selector(f"{key}.what", eff.get("what", {}))
            if eff.get("from", "hand") not in ("hand", "discard", "deck"):
                self.bad(f"{key}.from", "from must be 'hand', 'discard' or 'deck'")

    # -- actions ---------------------------------------------------------------------------------------
    def decisions(self, key: str, act: dict) -> None:
        """The decisions an action carries: defenders, discards at the end of the player phase, indirect
        damage assignments — every handle must be a card or a player."""
        def known(k, h):
            if not isinstance(h, str) or (h not in self.s.cards and h != "none" and h not in self.broken):
                self.bad(k, f"{h!r} is neither a player nor a card", code="unknown-card")
        defend = act.get("defend")
        if isinstance(defend, dict):
            for attacker, who in defend.items():
                known(f"{key}.defend.{attacker}", attacker)
                for p, h in (who.items() if isinstance(who, dict) else [(None, who)]):
                    if p is not None and not _named(p, self.s.players):
                        self.bad(f"{key}.defend.{attacker}.{p}", f"{p!r} is not a player", code="unknown-player")
                    known(f"{key}.defend.{attacker}", h)
        elif defend is not None:
            known(f"{key}.defend", defend)
        discard = act.get("discard", {})
        for p, hs in (discard.items() if isinstance(discard, dict) else [(None, discard)]):
            if p is not None and not _named(p, self.s.players):
                self.bad(f"{key}.discard.{p}", f"{p!r} is not a player", code="unknown-player")
            for h in self.strings(f"{key}.discard", hs):
                known(f"{key}.discard", h)
        for h, n in self.table(f"{key}.indirect", act.get("indirect", {})).items():
            known(f"{key}.indirect", h)
            self.whole(f"{key}.indirect.{h}", n)

    def action(self, i: int, act) -> None:
        """One [[actions]] table: what it names must exist and fit."""
        key = f"actions.{i}"
        if not isinstance(act, dict):
            self.typed(key, act, "a table")
            return
        self.unknown(key, act, ACTION_KEYS, "in an action")
        kinds = [k for k in ACTION_KINDS if k in act]
        if len(kinds) != 1:
            self.bad(key, f"an action needs exactly one of {', '.join(ACTION_KINDS)}")
            return
        kind = kinds[0]
        player = act.get("player", self.s.active_player)
        if not _named(player, self.s.players):
            self.bad(f"{key}.player", f"player {player!r} is not in the scenario (players: "
                                      f"{', '.join(self.s.players)})", code="unknown-player")
        self.decisions(key, act)
        if kind in ("recover", "change_form", "end_turn", "villain_phase"):
            if act[kind] is not True:
                self.bad(f"{key}.{kind}", f"write {kind} = true")
            return
        if kind in ("activate", "attack", "thwart"):
            handle = act[kind]
            card = self.s.cards.get(handle) if isinstance(handle, str) else None
            if card is None and not (isinstance(handle, str) and handle in self.broken):
                self.bad(f"{key}.{kind}", f"no card {handle!r} in [cards]", code="unknown-card")
            by = act.get("by")
            if "by" in act and (not isinstance(by, str) or by not in self.s.cards or
                                not (self.s.cards[by].is_identity or self.s.cards[by].type == "ally")):
                self.bad(f"{key}.by", f"by must be a player (their identity) or an ally — not {act['by']!r}",
                         cited.PLAYER_TURN)
            if act.get("as") not in (None, "attack", "scheme") or isinstance(act.get("as"), (dict, list)):
                self.bad(f"{key}.as", "as must be 'attack' or 'scheme'", cited.ABILITY_CAUSED_ACTIVATION)
            return
        if kind == "effect":
            refs = tuple(self.s.players) + tuple(self.s.cards)
            self.effect(f"{key}.effect", act["effect"], then_ok=False, refs=refs)
            if isinstance(act["effect"], dict) and act["effect"].get("do") in ("cancel", "prevent"):
                self.bad(f"{key}.effect.do", "cancel and prevent are interrupts: give them to a card's ability")
            if "source" in act and not _named(act["source"], self.s.cards):
                self.bad(f"{key}.source", f"no card {act['source']!r} in [cards]", code="unknown-card")
            return
        handle = act[kind]
        card = self.s.cards.get(handle) if isinstance(handle, str) else None
        if handle in self.broken:
            return
        if card is None or card.is_identity:
            known = ", ".join(h for h, c in self.s.cards.items() if not c.is_identity) or "none"
            self.bad(f"{key}.{kind}", f"no card {handle!r} in [cards] (cards: {known})",
                     code="unknown-card")
            return
        if kind == "play" and card.owner == SCENARIO:
            self.bad(f"{key}.play", f"{card.name} is an encounter card: players do not play it (reveal = … reveals "
                                    "it)", cited.OWNERSHIP_AND_CONTROL)
        if kind == "reveal" and card.owner != SCENARIO:
            self.bad(f"{key}.reveal", f"{card.name} is a player card: only encounter cards are revealed", cited.REVEAL)
        if kind == "reveal" and card.zone not in ("encounter-deck", "dealt"):
            self.bad(f"{key}.reveal", f"{card.name} is in {card.zone}: a revealed card comes from the encounter deck",
                     cited.REVEAL)
        if kind == "use":
            idx = act.get("ability", 1)
            if not _int(idx) or not 1 <= idx <= len(card.abilities):
                self.bad(f"{key}.ability", f"{card.name} has no ability number {idx!r} (it has "
                                           f"{len(card.abilities)})", cited.ABILITY)
            elif card.abilities[idx - 1].kind not in ("action", "interrupt", "response"):
                kind_ = card.abilities[idx - 1].kind
                hint = " — list the card in pay = […] to use it" if kind_ == "resource" else ""
                self.bad(f"{key}.ability", f"ability {idx} of {card.name} is a {kind_} ability, which is not "
                                           f"initiated on its own{hint}", cited.TRIGGERED_ABILITY)
            if card.type == "event":
                self.bad(f"{key}.use", f"{card.name} is an event: play = … plays it", cited.EVENT)
        for k in ("target", "choose"):
            if k in act and (not isinstance(act[k], str) or act[k] not in self.s.cards and act[k] not in self.broken):
                self.bad(f"{key}.{k}", f"{k} {act[k]!r} is neither a player nor a card",
                         cited.ABILITIES_TARGET_ONLY_IN_PLAY, "unknown-target")
        if "x" in act:
            self.whole(f"{key}.x", act["x"])
            if kind != "play" or not card.x_cost:
                what = f"{card.name} has no X in its cost" if kind == "play" else \
                    f"x is chosen when playing a card whose cost is X, and {kind} = … plays none"
                self.bad(f"{key}.x", what, cited.COST)
        pay = act.get("pay", [])
        for h in self.strings(f"{key}.pay", pay):
            base, _, idx = h.partition(".")
            c = self.s.cards.get(base)
            if base in self.broken:
                continue
            if c is None or c.is_identity:
                self.bad(f"{key}.pay", f"no card {base!r} to pay with", cited.GENERATE_RESOURCES_BY_DISCARDING, "unknown-card")
            elif idx and (not idx.isdigit() or not 1 <= int(idx) <= len(c.abilities)):
                self.bad(f"{key}.pay", f"{c.name} has no ability number {idx}", cited.RESOURCE_ABILITY)


def build_state(scenario) -> State:
    """The validated position of ``scenario``; raises InvalidScenario listing every problem found."""
    return Builder(scenario).build()


# ---------------------------------------------------------------------------------------------------------
# shapes: what every table, list and scalar of a Marvel Champions scenario is (judge.engine.shapes),
# checked by the scenario layer before anything above reads it
# ---------------------------------------------------------------------------------------------------------

def _shape():
    from judge.engine.shapes import NAME, NAMES, AnyValue, Bool, Int, ListOf, MapOf, Str, Table

    words = ListOf(Str(), single=True)
    ref = Str() | Table(what="a selector table")
    amount = Int() | Str() | Table(what="a quantity table")
    effect = Table({"do": Str(), "then": Bool(), "amount": amount, "to": ref, "from": ref, "on": ref, "what": ref,
                    "by": Int() | Str(), "set": Int(), "next": Bool(), "player": Str()}, what="an effect table { do = ... }")
    cost = Table({"resources": Int(0) | words | Table(what="a table of resources"), "exhaust": Bool(),
                  "discard": AnyValue()}, what="a cost table")
    ability = Table({"kind": Str(), "form": Str(), "cost": cost, "target": AnyValue(), "effects": ListOf(effect),
                     "effect": effect, "limit": AnyValue(), "forced": Bool(), "when": Str() | Table(),
                     "if": Table(what="a condition table"), "generate": AnyValue(), "for": AnyValue(),
                     "from": words}, what="an ability table")
    card = Table({"name": Str(), "owner": NAME, "controller": NAME, "type": Str(), "zone": Str(),
                  "cost": Int(0) | Str(), "resources": words | Int(0), "traits": words, "unique": Bool(),
                  "exhausted": Bool(), "hit_points": Int(0), "damage": Int(0), "threat": Int(0),
                  "abilities": ListOf(ability), "used": Int(0), "max": AnyValue()}, what="a card table")
    player = Table({"identity": Str(), "form": Str(), "hit_points": Int(0), "max_hit_points": Int(0),
                    "exhausted": Bool()}, what="a player table")
    action = Table({"player": NAME, "play": NAME, "use": NAME, "ability": Int(1), "reveal": NAME,
                    "effect": effect, "source": NAME, "target": NAME, "x": Int(0), "pay": ListOf(NAME),
                    "choose": NAME, "note": Str()}, what="an action table")
    return Table({"players": MapOf(player), "cards": MapOf(card), "actions": ListOf(action),
                  "game": Table({"first_player": NAME, "active_player": NAME, "phase": Str(),
                                 "player_order": ListOf(NAME), "max_used": AnyValue()})})


SHAPE = _shape()
"""The shape of a Marvel Champions scenario (checked before the engine reads it)."""
