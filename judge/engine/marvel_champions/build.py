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
                                                 SELECTOR_KEYS, TYPE_GROUPS, WHEN, Ability, Card, article)
from judge.engine.marvel_champions.state import Player, State

TOP_KEYS = {"scenario", "game", "players", "cards", "actions", "expect"}
PLAYER_KEYS = {"identity", "form", "hit_points", "max_hit_points", "exhausted"}
GAME_KEYS = {"first_player", "active_player", "phase", "player_order", "max_used"}
CARD_KEYS = {"name", "owner", "controller", "type", "zone", "cost", "resources", "traits", "unique", "exhausted",
             "hit_points", "damage", "threat", "abilities", "used", "max"}
ABILITY_KEYS = {
    "action": {"form", "cost", "target", "effects", "limit"},
    "interrupt": {"forced", "form", "when", "if", "cost", "target", "effects", "limit"},
    "response": {"forced", "form", "when", "if", "cost", "target", "effects", "limit"},
    "resource": {"cost", "generate", "for", "limit"},
    "constant": {"effect"},
    "permission": {"from"},
    "when-revealed": {"effects"},
}
COST_KEYS = {"resources", "exhaust", "discard"}
# effect primitive → the keys it takes (besides ``do`` and ``then``)
EFFECTS = {
    "damage": {"amount", "to"}, "heal": {"amount", "to"}, "prevent": {"amount"}, "cancel": set(),
    "draw": {"amount"}, "remove-threat": {"amount", "from"}, "place-threat": {"amount", "on"},
    "exhaust": {"what"}, "ready": {"what"}, "discard": {"what"}, "cost": {"by", "set", "to", "next", "player"},
    "put-into-play": {"what", "from"},
}
REFS = ("target", "self", "you", "trigger", "villain", "main-scheme")
REF_KEYS = ("to", "from", "on", "what")
ACTION_KINDS = ("play", "use", "reveal", "effect")
ACTION_KEYS = {"player", "play", "use", "ability", "reveal", "effect", "source", "target", "x", "pay", "choose", "note"}
CHARACTER_TYPES = ("ally", "minion", "villain")
SCHEME_TYPES = ("main-scheme", "side-scheme")


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Builder:
    """Collects the reasons a scenario cannot be played while building its :class:`State`."""

    def __init__(self, scenario):
        self.sc = scenario
        self.reasons: list[Reason] = []
        self.s = State()
        self.broken: set[str] = set()     # cards already reported as invalid: not "unknown" again

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
            self.bad("players", "a scenario needs at least one player: a [players.NAME] table", "identity")
            raise InvalidScenario(self.reasons)
        for seat, (name, p) in enumerate(players.items()):
            self.player(name, seat, self.table(f"players.{name}", p))
        self.game(self.table("game", data.get("game", {})))
        cards = self.table("cards", data.get("cards", {}))
        for handle, cd in cards.items():
            self.card(handle, self.table(f"cards.{handle}", cd))
        self.position()
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
            self.bad(key, f"'{SCENARIO}' is the owner of the encounter cards, not a player", "ownership-and-control")
        ident = Card(name, str(p.get("identity", name)), name, "identity")
        ident.zone = "play"
        ident.form = p.get("form", "hero")
        if ident.form not in ("hero", "alter-ego"):
            self.bad(f"{key}.form", f"form must be 'hero' or 'alter-ego', not {ident.form!r}", "form")
            ident.form = "hero"
        hp = p.get("hit_points", 10)
        if not _int(hp):
            self.typed(f"{key}.hit_points", hp, "a whole number")
            hp = 10
        elif hp <= 0:
            self.bad(f"{key}.hit_points", f"{name}'s hit point dial is at {hp}: a player whose dial is reduced to zero "
                                          "has been eliminated", "hit-points/bullet-2", "impossible")
            hp = 1
        top = self.whole(f"{key}.max_hit_points", p.get("max_hit_points"), 1) or hp
        if top < hp:
            self.bad(f"{key}.max_hit_points", f"remaining hit points ({hp}) above the maximum ({top})", "heal/bullet-1",
                     "impossible")
            top = hp
        ident.hit_points, ident.damage = top, top - hp
        ident.exhausted = self.flag(f"{key}.exhausted", p.get("exhausted"))
        self.s.cards[name] = ident
        self.s.players[name] = Player(name, name, seat)

    def game(self, g: dict) -> None:
        """The [game] table: player order, first and active player, phase, round counters."""
        self.unknown("game", g, GAME_KEYS, "in [game]")
        names = list(self.s.players)
        order = g.get("player_order", names)
        if not isinstance(order, list) or sorted(order) != sorted(names):
            self.bad("game.player_order", "player_order must list every player once", "in-player-order")
            order = names
        self.s.order = list(order)
        for k, default in (("first_player", order[0]), ("active_player", None)):
            v = g.get(k, default)
            if v is not None and v not in self.s.players:
                self.bad(f"game.{k}", f"{v!r} is not a player (players: {', '.join(names)})", code="unknown-player")
                v = order[0]
            setattr(self.s, k, v)
        self.s.active_player = self.s.active_player or self.s.first_player
        self.s.phase = g.get("phase", "player")
        if self.s.phase not in ("player", "villain"):
            self.bad("game.phase", f"phase must be 'player' or 'villain', not {self.s.phase!r}", "round-overview")
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
            self.bad(f"{key}.type", f"type must be one of {', '.join(CARD_TYPES)} — not {ctype!r}", "card-types")
            return
        owner = cd.get("owner", SCENARIO if ctype in ENCOUNTER_CARD_TYPES else None)
        encounter = ctype in ENCOUNTER_CARD_TYPES
        if owner != SCENARIO and owner not in self.s.players:
            self.bad(f"{key}.owner", f"owner {owner!r} is not a player (players: {', '.join(self.s.players)}; "
                                     f"encounter cards belong to '{SCENARIO}')", code="unknown-player")
            return
        if encounter != (owner == SCENARIO):
            kind = "an encounter" if encounter else "a player"
            self.bad(f"{key}.owner", f"{article(ctype)} is {kind} card: its owner is "
                                     f"{'the scenario' if encounter else 'a player'}, not {owner!r}",
                     "ownership-and-control", "impossible")
            return
        card = Card(handle, str(cd.get("name", handle)), owner, ctype)
        card.controller = cd.get("controller", owner)
        if card.controller != owner and card.controller not in self.s.players:
            self.bad(f"{key}.controller", f"controller {card.controller!r} is not a player", code="unknown-player")
            card.controller = owner
        zones = ENCOUNTER_ZONES if encounter else PLAYER_ZONES
        card.zone = cd.get("zone", "play" if encounter else "hand")
        if card.zone not in zones:
            self.bad(f"{key}.zone", f"zone must be one of {', '.join(zones)} — not {card.zone!r}",
                     "in-play-and-out-of-play")
            card.zone = zones[0]
        if card.controller != owner and not card.in_play:
            self.bad(f"{key}.controller", "only a card in play can be controlled by a player other than its owner",
                     "ownership-and-control/bullet-3", "impossible")
        if card.in_play and ctype in ("event", "resource", "treachery", "obligation"):
            self.bad(f"{key}.zone", f"{article(ctype)} card is never in play: it resolves (or is discarded to generate "
                                    "resources) from an out-of-play area", "in-play-and-out-of-play", "impossible")
        cost = cd.get("cost")
        if cost == "X":
            card.x_cost = True
        elif cost is not None:
            card.cost = self.whole(f"{key}.cost", cost)
        if cost is not None and (encounter or ctype == "resource"):
            self.bad(f"{key}.cost", f"{article(ctype)} card has no resource cost", "cost")
        if cost is None and ctype in ("ally", "event", "support", "upgrade"):
            self.bad(f"{key}.cost", f"{article(ctype)} needs its printed cost (a number or \"X\")", "cost")
        card.resources = self.strings(f"{key}.resources", cd.get("resources", []), RESOURCE_TYPES)
        card.traits = {t.lower() for t in self.strings(f"{key}.traits", cd.get("traits", []))}
        card.unique = self.flag(f"{key}.unique", cd.get("unique"))
        card.exhausted = self.flag(f"{key}.exhausted", cd.get("exhausted"))
        if card.exhausted and not card.in_play:
            self.bad(f"{key}.exhausted", "only a card in play can be exhausted", "exhausted", "impossible")
        card.max = self.whole(f"{key}.max", cd.get("max"), 1)
        self.stats(key, cd, card)
        used = self.table(f"{key}.used", cd.get("used", {}))
        for idx, n in used.items():
            if not str(idx).isdigit():
                self.bad(f"{key}.used", "used maps ability numbers to times used this round: { 1 = 1 }", "limit")
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
                                         "does when played", "event")
        self.s.cards[handle] = card
        self.broken.discard(handle)

    def stats(self, key: str, cd: dict, card: Card) -> None:
        """Hit points, damage and threat of a card, checked against its type."""
        hp = self.whole(f"{key}.hit_points", cd.get("hit_points"), 1)
        if card.type in CHARACTER_TYPES:
            if hp is None and "hit_points" not in cd:
                self.bad(f"{key}.hit_points", f"{article(card.type)} is a character and needs its hit points",
                         "hit-points")
            card.hit_points = hp or 1
        elif hp is not None:
            self.bad(f"{key}.hit_points", f"{article(card.type)} is not a character and has no hit points", "character")
        dmg = self.whole(f"{key}.damage", cd.get("damage", 0))
        if dmg:
            if card.hit_points is None:
                self.bad(f"{key}.damage", f"{article(card.type)} cannot have damage", "damage")
            elif dmg >= card.hit_points and card.in_play:
                self.bad(f"{key}.damage", f"{dmg} damage on a character with {card.hit_points} hit points: it would "
                                          "have been defeated", "defeat", "impossible")
            elif not card.in_play:
                self.bad(f"{key}.damage", "damage is only tracked on characters in play", "damage/bullet-2",
                         "impossible")
            else:
                card.damage = dmg
        threat = self.whole(f"{key}.threat", cd.get("threat"))
        if threat is not None and card.type not in SCHEME_TYPES:
            self.bad(f"{key}.threat", f"{article(card.type)} is not a scheme and holds no threat", "threat")
        elif card.type in SCHEME_TYPES:
            card.threat = threat or 0
            if card.type == "side-scheme" and card.in_play and card.threat == 0:
                self.bad(f"{key}.threat", "a side scheme in play with no threat on it would have been defeated",
                         "side-scheme/bullet-2", "impossible")

    def position(self) -> None:
        """Checks across cards: one copy of a unique card in play."""
        seen: dict[str, str] = {}
        for c in self.s.cards.values():
            if c.unique and c.in_play:
                if c.name in seen:
                    self.bad(f"cards.{c.handle}", f"{c.name} is unique and {seen[c.name]} is already in play",
                             "unique/bullet-1", "impossible")
                seen[c.name] = c.handle

    # -- abilities -------------------------------------------------------------------------------------
    def ability(self, card: Card, key: str, index: int, ab) -> None:
        """One ability table of a card, checked for its kind."""
        if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KINDS:
            self.bad(key, f"an ability needs kind = one of {', '.join(ABILITY_KINDS)}", "ability")
            return
        kind = ab["kind"]
        self.unknown(key, ab, ABILITY_KEYS[kind] | {"kind"}, f"for {article(kind)} ability")
        if kind in ("interrupt", "response"):
            if ab.get("when") not in WHEN:
                self.bad(f"{key}.when", f"{article(kind)} needs when = its triggering condition, one of "
                                        f"{', '.join(WHEN)}",
                         "triggering-condition")
            cond = self.table(f"{key}.if", ab.get("if", {}))
            self.unknown(f"{key}.if", cond, CONDITION_KEYS, "in a triggering condition")
            if "card" in cond:
                self.selector(f"{key}.if.card", cond["card"])
            if cond.get("player", "any") not in ("you", "other", "any"):
                self.bad(f"{key}.if.player", "player must be 'you', 'other' or 'any'")
        self.flag(f"{key}.forced", ab.get("forced"))
        if ab.get("forced") and card.type == "event":
            self.bad(f"{key}.forced", "an event card is played by choice: its ability is not forced", "event/bullet-2")
        if ab.get("form") not in (None, "hero", "alter-ego"):
            self.bad(f"{key}.form", "form must be 'hero' or 'alter-ego'", "triggered-ability/bullet-4")
        if "limit" in ab:
            self.whole(f"{key}.limit", ab["limit"], 1)
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
                                                      "chosen for a cost of X", "cost")
        if kind in ("action", "interrupt", "response", "when-revealed") and not effects:
            self.bad(f"{key}.effects", f"{article(kind)} ability needs effects = [ … ]", "ability")
        if kind in ("action", "interrupt", "response") and any(isinstance(e, dict) and e.get("to") == "target"
                                                            for e in effects) and "target" not in ab:
            self.bad(f"{key}.target", "its effects act on “target”: say what it targets with target = …",
                     "initiating-abilities/check-1/bullet-1")
        if kind == "resource":
            self.strings(f"{key}.generate", ab.get("generate", []), RESOURCE_TYPES)
            if not ab.get("generate"):
                self.bad(f"{key}.generate", "a resource ability needs generate = [ resource types ]",
                         "resource-ability")
            if "for" in ab:
                self.selector(f"{key}.for", ab["for"])
        if kind == "constant":
            eff = self.table(f"{key}.effect", ab.get("effect", {}))
            if eff.get("do") == "generate":
                self.unknown(f"{key}.effect", eff, {"do", "resources", "for"}, "for a generate effect")
                self.strings(f"{key}.effect.resources", eff.get("resources", []), RESOURCE_TYPES)
                if card.type != "resource":
                    self.bad(f"{key}.effect", "only a resource card has text active while it generates resources",
                             "resource-cards/bullet-1")
                self.selector(f"{key}.effect.for", eff.get("for", {}))
            elif eff.get("do") == "cost":
                self.effect(f"{key}.effect", eff, then_ok=False)
            else:
                self.bad(f"{key}.effect", "a constant ability's effect is { do = \"cost\", … } (a cost modifier) "
                                          "or, on "
                                          "a resource card, { do = \"generate\", … }", "constant-ability")
        if kind == "permission" and ab.get("from") not in ("discard", "deck"):
            self.bad(f"{key}.from", "a permission names the out-of-play area it allows playing from: 'discard' or "
                                    "'deck'", "play-restrictions-and-permissions/bullet-2")
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
                self.bad(f"{key}.type", f"{t!r} is not a card type or group ({', '.join(sorted(known))})", "card-types")
        for k in ("controller", "owner"):
            if k in sel and sel[k] not in ("you", "other", SCENARIO):
                self.bad(f"{key}.{k}", f"{k} must be 'you', 'other' or '{SCENARIO}'")

    def effect(self, key: str, eff, then_ok: bool, refs=REFS) -> None:
        """One effect primitive table."""
        eff = self.table(key, eff)
        do = eff.get("do")
        if do not in EFFECTS:
            self.bad(f"{key}.do", f"do must be one of {', '.join(EFFECTS)} — not {do!r}", "ability")
            return
        self.unknown(key, eff, EFFECTS[do] | {"do", "then"}, f"for a {do} effect")
        if eff.get("then") and not then_ok:
            self.bad(f"{key}.then", "“then” needs an effect before it", "then")
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
                self.bad(key, "a cost modifier has either by = ±N or set = N", "modifiers")
            for k in ("by", "set"):
                if k in eff and not _int(eff[k]):
                    self.typed(f"{key}.{k}", eff[k], "a whole number")
            self.selector(f"{key}.to", eff.get("to", {}))
            if eff.get("player", "you") not in ("you", "any"):
                self.bad(f"{key}.player", "player must be 'you' or 'any'")
        if do == "put-into-play":
            self.selector(f"{key}.what", eff.get("what", {}))
            if eff.get("from", "hand") not in ("hand", "discard", "deck"):
                self.bad(f"{key}.from", "from must be 'hand', 'discard' or 'deck'")

    # -- actions ---------------------------------------------------------------------------------------
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
        if player not in self.s.players:
            self.bad(f"{key}.player", f"player {player!r} is not in the scenario (players: "
                                      f"{', '.join(self.s.players)})", code="unknown-player")
        if kind == "effect":
            refs = tuple(self.s.players) + tuple(self.s.cards)
            self.effect(f"{key}.effect", act["effect"], then_ok=False, refs=refs)
            if isinstance(act["effect"], dict) and act["effect"].get("do") in ("cancel", "prevent"):
                self.bad(f"{key}.effect.do", "cancel and prevent are interrupts: give them to a card's ability")
            if "source" in act and act["source"] not in self.s.cards:
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
                                    "it)", "ownership-and-control")
        if kind == "reveal" and card.owner != SCENARIO:
            self.bad(f"{key}.reveal", f"{card.name} is a player card: only encounter cards are revealed", "reveal")
        if kind == "reveal" and card.zone != "encounter-deck":
            self.bad(f"{key}.reveal", f"{card.name} is in {card.zone}: a revealed card comes from the encounter deck",
                     "reveal")
        if kind == "use":
            idx = act.get("ability", 1)
            if not _int(idx) or not 1 <= idx <= len(card.abilities):
                self.bad(f"{key}.ability", f"{card.name} has no ability number {idx!r} (it has "
                                           f"{len(card.abilities)})", "ability")
            elif card.abilities[idx - 1].kind not in ("action", "interrupt", "response"):
                kind_ = card.abilities[idx - 1].kind
                hint = " — list the card in pay = […] to use it" if kind_ == "resource" else ""
                self.bad(f"{key}.ability", f"ability {idx} of {card.name} is a {kind_} ability, which is not "
                                           f"initiated on its own{hint}", "triggered-ability")
            if card.type == "event":
                self.bad(f"{key}.use", f"{card.name} is an event: play = … plays it", "event")
        for k in ("target", "choose"):
            if k in act and act[k] not in self.s.cards and act[k] not in self.broken:
                self.bad(f"{key}.{k}", f"{k} {act[k]!r} is neither a player nor a card",
                         "in-play-and-out-of-play/bullet-3", "unknown-target")
        if "x" in act:
            self.whole(f"{key}.x", act["x"])
            if kind != "play" or not card.x_cost:
                what = f"{card.name} has no X in its cost" if kind == "play" else \
                    f"x is chosen when playing a card whose cost is X, and {kind} = … plays none"
                self.bad(f"{key}.x", what, "cost")
        pay = act.get("pay", [])
        for h in self.strings(f"{key}.pay", pay):
            base, _, idx = h.partition(".")
            c = self.s.cards.get(base)
            if base in self.broken:
                continue
            if c is None or c.is_identity:
                self.bad(f"{key}.pay", f"no card {base!r} to pay with", "resource/bullet-1", "unknown-card")
            elif idx and (not idx.isdigit() or not 1 <= int(idx) <= len(c.abilities)):
                self.bad(f"{key}.pay", f"{c.name} has no ability number {idx}", "resource-ability")


def build_state(scenario) -> State:
    """The validated position of ``scenario``; raises InvalidScenario listing every problem found."""
    return Builder(scenario).build()


# ---------------------------------------------------------------------------------------------------------
# shapes: what every table, list and scalar of a Marvel Champions scenario is (judge.scenarios.shapes),
# checked by the scenario layer before anything above reads it
# ---------------------------------------------------------------------------------------------------------

def _shape():
    from judge.scenarios.shapes import NAME, NAMES, AnyValue, Bool, Int, ListOf, MapOf, Str, Table

    words = ListOf(Str(), single=True)
    ref = Str() | Table(what="a selector table")
    amount = Int() | Str() | Table(what="a quantity table")
    effect = Table({"do": Str(), "then": Bool(), "amount": amount, "to": ref, "from": ref, "on": ref, "what": ref,
                    "by": Int(), "set": Int(), "next": Bool(), "player": Str()}, what="an effect table { do = ... }")
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
                    "effect": effect, "source": NAME, "target": NAMES, "x": Int(0), "pay": NAMES,
                    "choose": AnyValue(), "note": Str()}, what="an action table")
    return Table({"players": MapOf(player), "cards": MapOf(card), "actions": ListOf(action),
                  "game": Table({"first_player": NAME, "active_player": NAME, "phase": Str(),
                                 "player_order": ListOf(NAME), "max_used": AnyValue()})})


SHAPE = _shape()
"""The shape of a Marvel Champions scenario (checked before the engine reads it)."""
