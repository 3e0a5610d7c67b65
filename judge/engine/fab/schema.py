# What a scenario may say about abilities (FaB CR 1.7) and effects (6), checked before anything is played.
"""What a Flesh and Blood scenario may say about abilities: kinds, effect primitives, events, conditions.

Checked before anything is played, so that a typo in a hand-written scenario (``do = "dmage"``,
``on = "hits"``, ``while = { defnding = true }``) is one clear error with its file, line and key instead of a
half-run. docs/scenario-format.md documents the same tables.
"""

from __future__ import annotations

from judge.engine.fab.control import FROM_HEROES
from judge.engine.fab import cited
from judge.engine.fab.cards import PERMANENT_SUBTYPES, PLAYED_WITH, SUPERTYPE_WORDS
from judge.engine.fab.conditions import CONDITIONS as CONDITION_TABLE
from judge.engine.fab.counts import EXTRA_QUANTITIES
from judge.engine.fab.turn import DURATIONS
from judge.engine.fab.keywords import KEYWORDS, parse_keywords, refusal
from judge.engine.fab.primitives import PRIMITIVES

COMMON_EFFECT_KEYS = {"do", "if", "duration", "may", "unless_paid", "instead"}

# who may pay an "unless [player] pays" cost (1.8.4b): the player words of effects.Effects._player_word
UNLESS_PAYERS = ("you", "opponent", "target", "target-controller", "attacking-hero", "defending-hero")

# effect primitive → the fields it reads (besides do / if / duration): from the one table, primitives.py
EFFECTS: dict[str, set[str]] = {name: set(p.fields) for name, p in PRIMITIVES.items()}

ABILITY_KEYS: dict[str, set[str]] = {
    "resolution": {"effects", "if", "name", "mode", "choose", "choose_up_to"},
    "static": {"effect", "while", "name"},
    "trigger": {"on", "if", "effects", "target", "of", "state_trigger", "while", "name", "limit", "nth"},
    "activated": {"type", "cost", "chi_cost", "limit", "effect_cost", "effects", "attack", "attack_layer", "functional_in",
                  "name", "target", "go_again", "keywords", "if"},
    "play-from": {"zone", "if"},
    "play-only-if": {"if"},
    "property": {"defines", "count", "times", "of", "value"},
    "meta": {"allows"},
    "enters": {"counters", "name", "if"},
    "additional-cost": {"effects", "optional", "name"},
    "replacement": {"would", "instead", "name"},
}

QUANTITIES = ("you-control", "in-pitch", "in-graveyard", "in-hand", "in-banished", "in-arsenal", "defending-cards",
              "cards-in-pitch", "distinct-costs-in-pitch", "opposing-heroes-with-more-life", "value", "revealed-pitch", "object-base-power",
              "rolled") + EXTRA_QUANTITIES

# event → the information it carries, which conditions of a trigger on it may read (conditions.Condition.needs)
EVENT_INFO: dict[str, set[str]] = {
    "play": {"card", "player", "is_attack"}, "activate": {"card", "player", "is_attack", "ability_type"}, "attack": {"attack", "card", "player", "target"},
    "defend": {"cards", "together"}, "defends": {"card", "attack", "together"}, "defended": {"attack", "card", "cards"},
    "hit": {"attack", "card", "amount", "marked", "target"}, "damage": {"card", "attack", "amount", "target", "is_attack"},
    "dealt-damage": {"card", "amount", "target", "source"}, "chain-link-resolves": {"attack"},
    "destroyed": {"card", "player"}, "combat-chain-closes": set(), "start-of-turn": {"player"}, "action-phase": {"player"},
    "end-phase": {"player"}, "discard": {"card", "player", "random"}, "banished": {"card", "player", "boosting", "source"},
    "enters-arena": {"card", "player"}, "leaves-arena": {"card", "player", "destination"}, "equip": {"card", "player"},
    "create-token": {"cards", "player"}, "counter-added": {"card", "player", "amount"},
    "counter-removed": {"card", "player", "amount"}, "boost": {"card", "player"},
    "crank": {"card", "player"}, "charge": {"card", "player"}, "scrap": {"card", "player"}, "beat-chest": {"card", "player"}, "win-clash": {"card", "player"}, "roll": {"card", "player", "amount"}, "transcend": {"card", "player"}, "pitch": {"card", "player"}, "state": set(),
    "attack-target": {"card", "attack", "player"}, "put-into-graveyard": {"card", "player"}, "put-into-soul": {"card", "player"},
    "put-into-banished": {"card", "player"},
    "draw": {"card", "player"}, "intimidate": {"player", "target"},
    "increased": {"card", "player", "amount", "stat"},
}
EVENTS = tuple(EVENT_INFO)

# the combat steps ("during the reaction step", 7.0.2) and the zones a card's history names (3.0.9c)
STEP_WORDS = ("layer", "attack", "defend", "reaction", "damage", "resolution", "close")
ZONE_WORDS = ("hand", "arsenal", "deck", "graveyard", "pitch", "arena", "equipment", "stack", "combat-chain", "soul")

CONDITIONS = tuple(CONDITION_TABLE)


def _near(word: str, choices) -> str:
    """' (did you mean X?)' for a close spelling, else ''."""
    from difflib import get_close_matches

    close = get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_token_keywords(scenario, key: str, written, reasons: list) -> None:
    """A created token's keywords (8.5.2) as a card's: each one the engine plays, a valued one with its number
    ("ward 1")."""
    from judge.engine.fab.keywords import VALUED

    if not isinstance(written, (list, dict)):
        reasons.append(scenario.reason("wrong-type", "keywords of a token must be a list such as [\"ward 1\"]",
                                       f"{key}.keywords"))
        return
    for kw, value in parse_keywords(written).items():
        if kw not in KEYWORDS:
            words, rule = refusal(kw)
            reasons.append(scenario.reason("unsupported", words + _near(kw, KEYWORDS), f"{key}.keywords", rule))
        elif kw in VALUED and (value is True or not isinstance(value, int) or value < 1):
            reasons.append(scenario.reason("keyword-value", f"{kw} needs its number, written \"{kw} 1\"",
                                           f"{key}.keywords"))


def check_ability(scenario, key: str, ab: dict, reasons: list) -> None:
    """Append a Reason for every unknown key, effect primitive, event or condition in one ability table."""
    kind = ab.get("kind")
    allowed = ABILITY_KEYS.get(kind, set()) | {"kind"}
    for k in ab:
        if k not in allowed:
            reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' for a {kind} ability{_near(k, allowed)} "
                                           f"(known: {', '.join(sorted(allowed))})", f"{key}.{k}"))
    if kind == "trigger":
        on = ab.get("on")
        if on not in EVENTS:
            reasons.append(scenario.reason("unknown-event", f"on = {on!r} is not an event the engine knows"
                                           f"{_near(on, EVENTS)} (events: {', '.join(EVENTS)})", f"{key}.on",
                                           cited.TRIGGERED_EFFECTS))
    if "keywords" in ab:
        if kind != "activated" or not ab.get("attack"):
            reasons.append(scenario.reason("wrong-type", "keywords on an ability are the keyword abilities of an attack "
                                           "ability's attack-proxy (attack = true)", f"{key}.keywords",
                                           cited.ATTACK_PROXY_EXTENSION))
        for kw in parse_keywords(ab["keywords"]):
            if kw not in KEYWORDS:
                words, rule = refusal(kw)
                reasons.append(scenario.reason("unsupported", words + _near(kw, KEYWORDS), f"{key}.keywords", rule))
    static_do = ab.get("effect", {}).get("do") if kind == "static" and isinstance(ab.get("effect"), dict) else None
    for i, eff in enumerate(ab.get("effects", []) if isinstance(ab.get("effects"), list) else []):
        if isinstance(eff, dict) and eff.get("do") in STATIC_ONLY:
            reasons.append(scenario.reason("unsupported", f"do = \"{eff['do']}\" is the effect of a static ability "
                                           "only (kind = \"static\", effect = { … })", f"{key}.effects.{i + 1}",
                                           cited.STATIC_CONTINUOUS_EFFECT))
    for i, eff in enumerate(ab.get("effects", []) if isinstance(ab.get("effects"), list) else []):
        if isinstance(eff, dict) and eff.get("do") == "gain-ability" and \
                isinstance(eff.get("ability"), dict) and eff["ability"].get("kind") == "activated":
            reasons.append(scenario.reason("unsupported", "an activated ability given by an effect is not modelled: "
                                           "only a static ability gives one (kind = \"static\")",
                                           f"{key}.effects.{i + 1}", cited.ABILITIES_MODIFIED))
    if static_do == "prevent-by" and (ab["effect"].get("sub_event") not in ("banish", "destroy")
                                      or not isinstance(ab["effect"].get("amount"), int)):
        reasons.append(scenario.reason("bad-effect", "prevent-by reads sub_event = \"banish\" | \"destroy\" and amount = N",
                                       f"{key}.effect", cited.PREVENTION))
    if static_do in EFFECT_ONLY:
        reasons.append(scenario.reason("unsupported", f"do = \"{static_do}\" in a static ability is not modelled: the "
                                       "engine applies it only as an effect a resolving or triggered ability creates",
                                       f"{key}.effect", cited.STATIC_CONTINUOUS_EFFECT))
    if isinstance(ab.get("effect"), dict) and ab["effect"].get("to") == "top-card" and \
            (kind != "static" or (ab.get("while") or {}).get("in") != "under"):
        # material (8.4.5): "While this is under a permanent, that permanent …" names the card's top-card
        reasons.append(scenario.reason("bad-effect", "to = \"top-card\" (the permanent this is under) is only for a "
                                       "static ability with while = { in = \"under\" }", f"{key}.effect.to",
                                       cited.MATERIAL))
    if kind == "property" and ab.get("count") not in QUANTITIES:
        # a property-static ability's value is a count the engine computes (5.4.5): an unknown one is refused
        reasons.append(scenario.reason("unknown-quantity", f"count = {ab.get('count')!r}: count must be one of "
                                       f"{', '.join(QUANTITIES)}{_near(ab.get('count'), QUANTITIES)}", f"{key}.count"))
    if kind == "play-only-if" and not isinstance(ab.get("if"), dict):
        reasons.append(scenario.reason("bad-ability", "a play-only-if ability needs if = { condition }: the condition "
                                       "under which the card may be played", key, cited.RESTRICTION_ONLY))
    if "effect_cost" in ab:
        _check_effect_cost(scenario, f"{key}.effect_cost", ab["effect_cost"], reasons)
    if kind == "additional-cost":
        _check_effect_cost(scenario, f"{key}.effects", ab.get("effects", []), reasons, followups=True)
        return
    # a trigger's condition and its effects' conditions read its event; nothing else has one
    event = ab.get("on") if kind == "trigger" and ab.get("on") in EVENT_INFO else None
    for ck in ("if", "while"):
        if ck in ab:
            check_condition(scenario, f"{key}.{ck}", ab[ck], reasons, event if ck == "if" else None)
    effects = ab.get("effects", [])
    if "effect" in ab:
        effects = [ab["effect"]]
    if not isinstance(effects, list):
        reasons.append(scenario.reason("wrong-type", "effects must be an array of effect tables "
                                       "([{ do = \"…\", … }])", f"{key}.effects"))
        return
    if kind == "trigger" and "target" not in ab and any(
            isinstance(e, dict) and "target" in (e.get("what"), e.get("to"), e.get("who")) for e in effects):
        # 6.6.6a: a triggered-layer's targets are declared as it is put on the stack, from what the ability says
        reasons.append(scenario.reason("missing-target", "an effect of this triggered ability acts on its target, but "
                                       "the ability does not say what it targets: add target = \"opponent\" or a "
                                       "selector table", key, cited.TRIGGERED_LAYER_ADDED))
    for i, eff in enumerate(effects, 1):
        check_effect(scenario, f"{key}.effects.{i}" if "effect" not in ab else f"{key}.effect", eff, reasons, event)


# continuous effects the engine applies only when an ability creates them, never from a static ability
EFFECT_ONLY = ("cannot-gain-power", "gain-supertypes", "lose-supertypes")
# effects only a static ability has (the engine reads them from the functional static abilities, 6.2.3)
STATIC_ONLY = ("prevent-by",)

EFFECT_COST_WORDS = ("destroy this", "discard this", "banish this")


def _check_effect_cost(scenario, key: str, value, reasons: list, followups: bool = False) -> None:
    """``effect_cost``: one of the words for the source itself, or a list of effect tables whose primitive the
    engine can check for payment before paying it (costs.EFFECT_COSTS, 1.14.4b). ``followups``: an additional
    cost's list may go on with effects under ``if = { if_you_do = true }``, generated once the costs are paid."""
    from judge.engine.fab.costs import EFFECT_COSTS

    if isinstance(value, str):
        if value not in EFFECT_COST_WORDS:
            reasons.append(scenario.reason("unsupported", f"effect_cost = {value!r} is not one the engine pays: write "
                                           f"one of {', '.join(EFFECT_COST_WORDS)}, or a list of effect tables "
                                           f"(do = {' | '.join(EFFECT_COSTS)})", key, cited.EFFECT_COST))
        return
    paid = False
    for i, eff in enumerate(value, 1):
        after_cost = isinstance(eff, dict) and isinstance(eff.get("if"), dict) and eff["if"].get("if_you_do")
        if followups and after_cost and paid:
            check_effect(scenario, f"{key}.{i}", eff, reasons)
            continue
        paid = paid or isinstance(eff, dict) and eff.get("do") in EFFECT_COSTS
        if isinstance(eff, dict) and eff.get("do") not in EFFECT_COSTS:
            reasons.append(scenario.reason("unsupported", f"do = {eff.get('do')!r} is not an effect-cost the engine "
                                           f"pays (effect-costs: {', '.join(EFFECT_COSTS)})"
                                           + ("; what the cost does \"if you do\" follows a cost with if = "
                                              "{ if_you_do = true }" if followups else ""), f"{key}.{i}",
                                           cited.EFFECT_COST))
        else:
            check_effect(scenario, f"{key}.{i}", eff, reasons)


def check_effect(scenario, key: str, eff, reasons: list, event: str | None = None) -> None:
    """Append a Reason for an unknown primitive or field, a keyword the engine does not play, a bad number or
    duration, or a condition ``event`` (the trigger's, if any) cannot give the information for."""
    if not isinstance(eff, dict):
        reasons.append(scenario.reason("wrong-type", f"an effect must be a table like {{ do = \"damage\", amount = 1 }}, "
                                       f"not {eff!r}", key))
        return
    do = eff.get("do")
    if do not in EFFECTS:
        reasons.append(scenario.reason("unknown-effect", f"do = {do!r} is not an effect primitive{_near(do, EFFECTS)} "
                                       f"(primitives: {', '.join(sorted(EFFECTS))})", key))
        return
    allowed = EFFECTS[do] | COMMON_EFFECT_KEYS
    for k in eff:
        if k not in allowed:
            reasons.append(scenario.reason("unknown-key", f"unknown field '{k}' for do = \"{do}\"{_near(k, allowed)} "
                                           f"(fields: {', '.join(sorted(allowed))})", key))
    _check_flow(scenario, key, do, eff, reasons, event)
    if "event-card" in (eff.get("to"), eff.get("what")) and (event is None or "card" not in EVENT_INFO.get(event, ())):
        where = f"the event on = \"{event}\" is about no card" if event else "only a triggered ability has an event"
        reasons.append(scenario.reason("unknown-target", f"\"event-card\" is the card the triggering event is about, and "
                                       f"{where}", key, cited.TRIGGER_CONDITION_MET))
    if do in ("gain-keyword", "lose-keyword", "cannot-gain-keyword"):
        kw = str(eff.get("keyword", "")).lower()
        if kw not in KEYWORDS:
            words, rule = refusal(kw)
            reasons.append(scenario.reason("unsupported", words + _near(kw, KEYWORDS), f"{key}.keyword", rule))
        elif do == "gain-keyword" and "ability" in KEYWORDS[kw].hooks:
            reasons.append(scenario.reason("unsupported", f"gaining '{kw}' ({KEYWORDS[kw].rule}) from an effect is not "
                                           "modelled: the engine gives the ability it means only to a card printed "
                                           "with it", f"{key}.keyword", KEYWORDS[kw].rule))
    if do in ("gain-control", "steal") and "duration" in eff:   # "steal it until the end of this action phase"
        reasons.append(scenario.reason("unsupported", f"{do} for a duration (control given back as it ends) is not "
                                       "modelled", f"{key}.duration", cited.GAIN_CONTROL))
    if do == "gain-supertypes" and not eff.get("supertypes"):
        reasons.append(scenario.reason("wrong-type", "gain-supertypes needs the supertypes it adds: supertypes = "
                                       "[\"draconic\"]", key, cited.LOSE_SUPERTYPES))
    if "unless_paid" in eff:
        _check_unless(scenario, f"{key}.unless_paid", eff["unless_paid"], reasons)
    if eff.get("duration", "turn") not in DURATIONS:
        reasons.append(scenario.reason("wrong-type", f"duration must be one of {', '.join(DURATIONS)}, not "
                                       f"{eff.get('duration')!r}", key, cited.DURATION_FIXED))
    _check_replacement(scenario, key, do, eff, reasons)
    if do in ("prevent", "cannot-be-prevented") and "when" in eff:
        # its replacement condition (6.4.10) reads the damage event it would replace
        check_condition(scenario, f"{key}.when", eff["when"], reasons, "damage")
    if do == "delayed-trigger":
        # a delayed-triggered effect is checked as a triggered ability (6.6.3)
        check_ability(scenario, key, {"kind": "trigger", "on": eff.get("on"), "if": eff.get("when", {}),
                                      "effects": eff.get("effects", [])}, reasons)
    if do in ("modes", "either"):
        _check_options(scenario, key, eff, reasons, event)
    if do in ("clash", "wager"):
        _check_contest(scenario, key, eff, do, reasons, event)
    _check_supertypes_and_restriction(scenario, key, eff, do, reasons)
    if do == "transform" and isinstance(eff.get("into"), dict):
        # 8.5.36c: a token to transform into is created first: its table is a create-token's
        check_effect(scenario, f"{key}.into", dict(eff["into"], do="create-token"), reasons, event)
    if do == "put":
        _check_put(scenario, key, eff, reasons)
    if do == "look" and (eff.get("what", "top-of-deck") not in ("top-of-deck", "hand")
                         or eff.get("who", "you") not in UNLESS_PAYERS):
        reasons.append(scenario.reason("bad-effect", "a look effect reads what = \"top-of-deck\" or \"hand\" of the "
                                       "player who = \"you\", \"opponent\", \"target\", \"target-controller\", "
                                       "\"attacking-hero\" or \"defending-hero\"", key, cited.LOOK))
    if eff.get("source") is not None and (do, eff["source"]) not in (("damage", "attack"), ("prevent", "chosen")):
        reasons.append(scenario.reason("bad-effect", f"source = {eff['source']!r}: a damage effect's source may be "
                                       "\"attack\", a prevention's \"chosen\" (a source of its controller's choice)",
                                       f"{key}.source", cited.EFFECT_SOURCE_UNLESS_SPECIFIED))
    if do == "create-token":
        _check_token(scenario, key, eff, reasons)
    if do == "gain-ability":
        kind = eff["ability"].get("kind", "trigger") if isinstance(eff.get("ability"), dict) else None
        if kind not in ("trigger", "activated"):     # an activated one: a static ability's only (1.7.7)
            reasons.append(scenario.reason("wrong-type", "ability must be a triggered ability table: ability = { kind = "
                                           "\"trigger\", on = \"hit\", effects = [ … ] } (or kind = \"activated\")", key))
        else:
            check_ability(scenario, key, dict(eff["ability"], kind=kind), reasons)
    for field in ("amount", "by", "count", "total", "value", "cost_less_than"):
        if field not in eff:
            continue
        v = eff[field]
        if field == "amount" and v == "all" and _all_allowed(do, eff):
            continue
        if isinstance(v, dict) or v == "X":
            # a quantity ("for each …") or the declared X: checked as a table of known counts
            if isinstance(v, dict) and v.get("count") not in QUANTITIES:
                reasons.append(scenario.reason("unknown-quantity", f"{field} = {{ count = {v.get('count')!r} … }}: count "
                                               f"must be one of {', '.join(QUANTITIES)}{_near(v.get('count'), QUANTITIES)}",
                                               key))
            elif isinstance(v, dict):
                _check_future_object_quantity(scenario, key, field, v, eff, reasons)
            continue
        if not isinstance(v, int) or isinstance(v, bool):
            reasons.append(scenario.reason("wrong-type", f"{field} of do = \"{do}\" must be a whole number, not {v!r}",
                                           key))
        elif v < 0 and not (do in ("modify", "cost", "put-counter") and field in ("by", "amount")):
            reasons.append(scenario.reason("wrong-type", f"{field} of do = \"{do}\" cannot be negative ({v})",
                                           key, cited.CHOSEN_NUMBER_NOT_NEGATIVE))


def _check_options(scenario, key: str, eff: dict, reasons: list, event: str | None) -> None:
    """A modal ability's modes (1.7.5), an effect's options (1.8.6): each one's effects checked as the ability's own."""
    field = "modes" if eff.get("do") == "modes" else "options"
    for i, mode in enumerate(eff.get(field, []) if isinstance(eff.get(field), list) else [], 1):
        for j, sub in enumerate(mode.get("effects", []) if isinstance(mode, dict) else [], 1):
            check_effect(scenario, f"{key}.{field}.{i}.effects.{j}", sub, reasons, event)


def _check_token(scenario, key: str, eff: dict, reasons: list) -> None:
    """A created token's keywords and abilities (8.5.2), each checked as a card's."""
    check_token_keywords(scenario, key, eff.get("keywords", []), reasons)
    abilities = eff.get("abilities", [])
    if not isinstance(abilities, list):
        reasons.append(scenario.reason("wrong-type", "abilities of a token must be an array of ability tables", key))
        return
    for i, ab in enumerate(abilities, 1):
        if not isinstance(ab, dict) or ab.get("kind") not in ABILITY_KEYS:
            reasons.append(scenario.reason("bad-ability", f"token ability {i} needs kind = one of "
                                           f"{', '.join(sorted(ABILITY_KEYS))}", key))
        else:
            check_ability(scenario, f"{key}.abilities.{i}", ab, reasons)


def _check_supertypes_and_restriction(scenario, key: str, eff: dict, do, reasons: list) -> None:
    """A supertype an effect gives or removes is a class or talent (2.11.6a, 2.11.6b); a restriction names what
    it bars (1.0.2)."""
    if do in ("gain-supertypes", "lose-supertypes"):
        words = eff.get("supertypes", [])
        for w in [words] if isinstance(words, str) else words if isinstance(words, list) else []:
            if str(w).lower() not in SUPERTYPE_WORDS:
                reasons.append(scenario.reason("unsupported", f"{w!r} is not a class or talent supertype"
                                               f"{_near(str(w).lower(), SUPERTYPE_WORDS)}", f"{key}.supertypes",
                                               cited.LOSE_SUPERTYPES))
    if do == "increase-damage" and "to" in eff and not isinstance(eff["to"], dict):
        reasons.append(scenario.reason("bad-effect", "to of an increase-damage is a selector: the next card its "
                                       "controller plays that fits it (of describes any other source)", key,
                                       cited.NEXT_CARD_EFFECTS))
    if do == "restrict" and not (eff.get("types") or isinstance(eff.get("what"), dict) or eff.get("activations")
                                 or eff.get("from") or eff.get("only_from")):
        reasons.append(scenario.reason("bad-effect", "a restriction names what it bars: types = [...] (cards and "
                                       "abilities of those types), what = { selector } (cards; {} is every card), "
                                       "activations = true (activated abilities), or from / only_from = ZONE (cards "
                                       "played from a zone)", key, cited.RESTRICTION_PRECEDENCE))


# a card's own ``unless_paid``: the choice of the player asked to pay its "unless" costs (1.8.4b)
def _unless_choice():
    from judge.engine.shapes import NAME, Bool, ListOf, Table

    return Table({"pays": Bool(), "pitch": ListOf(NAME)}, what="a choice { pays = true, pitch = [...] }")


def _check_unless(scenario, key: str, unless, reasons: list) -> None:
    """``unless_paid = { resources = N, by = WHO, pays = …, pitch = […] }``: "[EFFECT] unless [player] pays"
    (1.8.4b) names a resource cost and a player who may pay it."""
    if not isinstance(unless, dict):
        return      # the shape check has said so
    if "resources" not in unless:
        reasons.append(scenario.reason("bad-cost", "unless_paid needs the cost the player may pay: resources = N "
                                       "(\"unless they pay {r}{r}\" is resources = 2)", key, cited.UNLESS_EFFECT))
    if unless.get("by") not in UNLESS_PAYERS:
        reasons.append(scenario.reason("unknown-player", f"unless_paid.by = {unless.get('by')!r}: say who may pay, one "
                                       f"of {', '.join(UNLESS_PAYERS)}{_near(unless.get('by'), UNLESS_PAYERS)}",
                                       f"{key}.by", cited.UNLESS_EFFECT))
    if unless.get("pitch") and unless.get("pays") is not True:
        reasons.append(scenario.reason("bad-payment", "unless_paid.pitch lists the cards the player pitches to pay, "
                                       "which they do only with pays = true", f"{key}.pitch", cited.UNLESS_EFFECT))


def _check_contest(scenario, key: str, eff: dict, do: str, reasons: list, event: str | None) -> None:
    """A clash or wager names the other hero; what the winner does is checked as the ability's own effects
    (8.5.45, 8.5.46)."""
    if eff.get("with", "defending-hero") not in ("attacking-hero", "defending-hero", "target", "opponent"):
        reasons.append(scenario.reason("bad-effect", f"with = {eff.get('with')!r}: the other hero of the {do} is "
                                       "\"attacking-hero\", \"defending-hero\", \"target\" or \"opponent\"",
                                       f"{key}.with", cited.CLASH if do == "clash" else cited.WAGER))
    field = "winner" if do == "clash" else "prize"
    for j, sub in enumerate(eff.get(field, []) if isinstance(eff.get(field), list) else [], 1):
        check_effect(scenario, f"{key}.{field}.{j}", sub, reasons, event)


def _check_flow(scenario, key: str, do: str, eff: dict, reasons: list, event) -> None:
    """What decides whether and how the effect happens: its condition (``if``), a self-replacement (6.4.7:
    ``instead``), a layer negating itself (8.5.26a: ``what = "self"`` only)."""
    if "if" in eff:
        check_condition(scenario, f"{key}.if", eff["if"], reasons, event)
    if do == "negate" and eff.get("what", "self") != "self":
        reasons.append(scenario.reason("bad-effect", "what of a negate is \"self\" (the resolving layer negates "
                                       "itself, \"If you don't, negate this\"); a negate without it negates the layers "
                                       "its card targets", f"{key}.what", cited.NEGATES_ITSELF))
    if "instead" in eff:
        _check_instead(scenario, f"{key}.instead", do, eff, reasons, event)


def _check_instead(scenario, key: str, do: str, eff: dict, reasons: list, event) -> None:
    """A self-replacement (6.4.7): ``instead`` has one condition — ``if`` (the game state as the effect is generated)
    or ``it`` (a selector on the next card the effect applies to: needs ``next = true``) — and the fields of the
    effect it replaces."""
    inst = eff["instead"]
    marks = [m for m in ("if", "it") if m in inst]
    fields = set(inst) - {"if", "it"}
    if len(marks) != 1 or not fields or not fields <= EFFECTS[do] - {"to", "next", "what"}:
        reasons.append(scenario.reason("bad-effect", f"instead (a self-replacement, \"…, instead …\") has one condition, "
                                       "if = { … } or it = { selector }, and the fields of the effect it changes ("
                                       f"{', '.join(sorted(EFFECTS[do] - {'to', 'next', 'what'}))})", key,
                                       cited.SELF_REPLACEMENT))
        return
    if "if" in inst:
        check_condition(scenario, f"{key}.if", inst["if"], reasons, event)
    elif not eff.get("next"):
        reasons.append(scenario.reason("bad-effect", "instead.it reads the next card the effect applies to: it needs "
                                       "next = true (otherwise write the condition as if = { … })", f"{key}.it",
                                       cited.SELF_REPLACEMENT_CONDITION))


def _check_put(scenario, key: str, eff: dict, reasons: list) -> None:
    """``shuffle`` only shuffles cards into a deck (8.5.20b); ``up_to`` needs cards of a zone and a number."""
    if eff.get("shuffle") and eff.get("to", "hand") != "deck":
        reasons.append(scenario.reason("bad-effect", "shuffle = true shuffles the cards into their owner's deck: it "
                                       "needs to = \"deck\"", f"{key}.shuffle", cited.SHUFFLE_INTO_ZONE))
    what = eff.get("what")
    if eff.get("to") == "arena" and not (isinstance(what, dict) and set(what.get("subtypes", ())) & set(PERMANENT_SUBTYPES)):
        # 1.3.3: a deck-card put into the arena is a permanent only with a permanent subtype (an item, an aura, …)
        reasons.append(scenario.reason("bad-effect", "to = \"arena\" puts cards that become permanents there: what "
                                       "must be a selector with a permanent subtype (subtypes = [\"item\"], "
                                       "[\"aura\"], …)", f"{key}.to", cited.DECK_CARD_PERMANENT_SUBTYPES))
    if eff.get("up_to") and not (isinstance(what, dict) and "zone" in what and isinstance(eff.get("amount"), int)):
        reasons.append(scenario.reason("bad-effect", "up_to = true is \"up to N cards from a zone\": it needs what = "
                                       "{ zone = …, … } and a number amount = N", f"{key}.up_to",
                                       cited.UNDETERMINED_PARAMETERS))


def _all_allowed(do: str, eff: dict) -> bool:
    """``amount = "all"``: all of a prevention's damage, or every card of a zone that fits ("put all cards from
    your hand on the bottom of your deck")."""
    return do == "prevent" or do in ("put", "banish") and isinstance(eff.get("what"), dict) and "zone" in eff["what"]


def _check_replacement(scenario, key: str, do, eff: dict, reasons: list) -> None:
    """The replacement effects an effect may create: "enters with" (6.4.8) and "deals that much plus N" (6.4.9)."""
    if do == "enters-with" and (not isinstance(eff.get("to"), dict) or not isinstance(eff.get("counters"), dict)):
        # 6.4.8: the cards it replaces the entering of, and the counters they enter with
        reasons.append(scenario.reason("bad-effect", "enters-with reads to = SELECTOR (the cards that enter the arena "
                                       "with more counters: to = { subtypes = [\"item\"], controller = \"you\" }) and "
                                       "counters = { steam = 1 }", key, cited.IDENTITY_REPLACEMENT))
    if do == "increase-damage" and (not isinstance(eff.get("of", {}), dict)
                                    or eff.get("damage_type", "arcane") not in ("arcane", "physical")):
        # 6.4.9: the damage's source is a card description; the damage a type of damage or any
        reasons.append(scenario.reason("bad-effect", "increase-damage reads of = SELECTOR (the source of the damage: "
                                       "of = { types = [\"action\"], controller = \"you\" }) and damage_type = "
                                       "\"arcane\" or \"physical\" (left out: any damage)", key,
                                       cited.STANDARD_REPLACEMENT))


# an older spelling of a life-total condition, refused with the one to write instead
LIFE_SPELLINGS = {"life_at_most": "at_most", "life_at_least": "at_least"}


def _check_future_object_quantity(scenario, key: str, field: str, v: dict, eff: dict, reasons: list) -> None:
    """"Where X is its base {p}" (``object-base-power``) reads the object the effect first applies to (6.2.2b):
    only the ``by`` of a ``modify`` with ``next = true`` has one."""
    if v.get("count") == "object-base-power" and not (eff.get("do") == "modify" and field == "by" and eff.get("next")):
        reasons.append(scenario.reason("unknown-quantity", f"{field} = {{ count = \"object-base-power\" }} reads the "
                                       "object the effect first applies to: only the by of a modify with next = true "
                                       "has one", key, cited.FUTURE_OBJECT_VARIABLES))


def check_condition(scenario, key: str, cond, reasons: list, event: str | None = None) -> None:
    """Append a Reason for an unknown condition, or one that reads an event's information where ``event`` (the
    trigger's event, None for a while-condition or a resolution) does not carry it: it could never be evaluated."""
    if not isinstance(cond, dict):
        reasons.append(scenario.reason("wrong-type", f"a condition must be a table like {{ defending = true }}, not "
                                       f"{cond!r}", key))
        return
    for k in cond:
        if k in LIFE_SPELLINGS:   # one spelling for every count: the life total is a quantity like the others
            reasons.append(scenario.reason(
                "unknown-condition", f"'{k} = N' is written {LIFE_SPELLINGS[k]} = {{ count = \"life\", n = N }} "
                f"(its controller's life total, 2.5.3: one spelling for every count)", f"{key}.{k}"))
            continue
        if k not in CONDITIONS:
            reasons.append(scenario.reason("unknown-condition", f"unknown condition '{k}'{_near(k, CONDITIONS)} "
                                           f"(conditions: {', '.join(CONDITIONS)})", key))
            continue
        if k == "any_of" and isinstance(cond[k], list):   # each alternative is a condition table
            for i, alt in enumerate(cond[k], 1):
                check_condition(scenario, f"{key}.any_of.{i}", alt, reasons, event)
        needs = CONDITION_TABLE[k].needs
        if needs and (event is None or needs not in EVENT_INFO[event]):
            where = f"the event on = \"{event}\" does not carry it" if event else \
                "only a triggered ability's condition has an event"
            reasons.append(scenario.reason("unknown-condition", f"the condition '{k}' reads the {needs.replace('_', ' ')} "
                                           f"of the event, and {where}: it cannot be evaluated here", key,
                                           cited.TRIGGER_CONDITION_MET))


# ---------------------------------------------------------------------------------------------------------
# shapes: what every table, list and scalar of a Flesh and Blood scenario is (judge.engine.shapes),
# checked by the scenario layer before this engine reads any of it
# ---------------------------------------------------------------------------------------------------------

def _shape():
    from judge.engine.shapes import NAME, NAMES, AnyValue, Bool, Int, Lazy, ListOf, MapOf, Str, Table

    words = ListOf(Str(), single=True)
    handle_or_selector = Str() | Table(what="a selector table")
    selector = Table({"types": words, "subtypes": words, "supertypes": words, "not_types": words,
                      "not_subtypes": words, "not_supertypes": words, "name": Str(), "keyword": Str(),
                      "base_keyword": Str(), "defending": Bool(), "controller": Str(), "zone": Str(), "min_cost": Int(),
                      "max_cost": Int(), "min_power": Int(),
                      "max_power": Int(), "power_above_base": Bool(), "min_base_power": Int(),
                      "max_base_power": Int(), "pitch": Int(), "color": Str(("red", "yellow", "blue")),
                      "is_attack": Bool(), "from_hand": Bool(), "played_from": Str(("hand", "arsenal", "banished", "graveyard", "deck")), "owner": Str(), "name_contains": Str(), "nth_attack": Int(1), "counter": Str(),
                      "deals_arcane": Bool(), "named": Bool(), "played_with": Str(PLAYED_WITH), "any_of": ListOf(Lazy(lambda: selector))}, what="a selector table")
    target, flag = Str() | selector, Bool()
    by_whom, quantity = Str(("you", "opponent")), Int() | Str() | Table({
        "count": Str(), "times": Int(), "of": AnyValue(), "value": Int(), "other": Bool(), "event": Str(EVENTS),
        "by": Str(("you", "opponent")), "link": Bool(), "chain": Bool()}, what="a quantity table")
    counted = Table({"count": Str(), "kind": Str(), "n": Int(), "of": AnyValue(), "times": Int(), "link": Bool(),
                     "chain": Bool(), "other": Bool(), "event": Str(EVENTS), "by": by_whom,
                     "damage_type": Str(("generic", "physical", "arcane")), "to": Str(("you", "opponent")), "who": Str(("defending-hero", "attacking-hero"))},
                    what="a count table { count = …, n = N }")
    condition = Table({"in": Str(), "face_down": flag, "defending": flag, "attacking": flag, "you_control": selector,
                       "played_this_turn": selector, "played_other_this_turn": selector, "charged": selector, "dealt_arcane_this_turn": flag, "attack": selector,
                       "card": selector, "this": selector, "attack_power_above_base": flag,
                       "together_with": selector, "last_attack": selector, "last_attack_hit": flag, "damage_at_least": Int(),
                       "defended_from_hand": flag, "max_defense": Int(), "is_defended": flag, "by": Str(), "by_this": flag,
                       "played_from": Str(), "fused": flag, "scrapped": flag, "charged_this_turn": flag, "pitched": selector, "is_attack": flag, "your_turn": flag,
                       "ability_type": Str(("action", "instant", "attack reaction", "defense reaction")),
                       "at_least": counted, "at_most": counted, "if_you_do": flag, "otherwise": flag,
                       "paid_with": selector, "phase": Str(("start", "action", "end")),
                       "dealt_damage_this_turn": flag, "damage_at_most": Int(), "dealt_more_than": Int(0), "dealt_damage_to_hero": flag, "that_card": selector, "revealed": selector, "discarded": selector, "banished": selector | ListOf(selector), "defending_hero_marked": flag,
                       "hit_hero_marked": flag, "won_clash": flag, "attacks_hero": flag, "pitched_for": selector, "defends_alone": flag, "boost_banished": selector, "target_is_hero": flag, "dealt_to": Str(("you", "opponent")), "from_boosting": flag, "target_hero": Str(), "life_at_most": Int(0), "life_at_least": Int(0),
                       "created_this_turn": selector, "any_of": ListOf(Lazy(lambda: condition)),
                       "pitched_this_turn": selector, "less_life_than_an_opponent": flag, "to_your_graveyard": flag, "random": flag, "rolled": ListOf(Int(1)),
                       "gains_exactly": Int(), "stat": Str(("power", "defense")), "during_step": Str(STEP_WORDS),
                       "banished_from": Str(ZONE_WORDS)},
                      what="a condition table")
    counters = MapOf(Int(high=10_000), what="a table of counter name = how many")
    effect = Table({"do": Str(), "if": condition, "duration": Str(), "may": Bool(), "to": target, "what": target, "instead": Lazy(lambda: effect), "it": selector,
                    "who": Str(), "amount": quantity, "by": quantity, "count": quantity, "total": quantity,
                    "value": quantity, "stat": Str(), "keyword": Str(), "types": words, "subtypes": words,
                    "name": Str(), "next": Bool(), "next_defend": Bool(), "handle": Str(),
                    "ability": Lazy(lambda: ability), "then": Str(), "kind": Str(),
                    "damage_type": Str(), "shield": Bool(), "activations": Bool(), "attack_only": Bool(),
                    "spread": Str(("each", "combined")), "card": Str() | selector, "for": Str() | selector,
                    "of": Str() | selector, "when": condition, "once": Bool(), "on": Str(),
                    "unpreventable": Bool(), "up_to": Bool(), "cost_less_than": quantity, "shuffle": Bool(), "sides": Int(2), "dice": Int(1), "source": Str(("attack", "chosen")), "set": Int(0), "halve": Bool(), "equip": Bool(), "target": target,
                    "supertypes": words, "zone": Str(("hand", "banished")), "cost": Int() | Str(), "pitch": Int(),
                    "power": Int(), "defense": Int(), "life": Int(1), "keywords": ListOf(Str()), "counters": counters,
                    "into": Str(("self",)) | Table({"name": Str(), "types": words, "subtypes": words, "supertypes": words,
                                                     "power": Int(), "defense": Int(), "life": Int(1),
                                                     "keywords": ListOf(Str()), "abilities": ListOf(Lazy(lambda: ability))},
                                                    what="a token table (as create-token's)"),
                    "with": Str(), "winner": Lazy(lambda: effects), "prize": Lazy(lambda: effects),
                    "from": Str(("graveyard", "hand", "banished", "arsenal", "pitch")), "only_from": Str(("hand", "arsenal", "banished", "graveyard")),
                    "from_hero": Str(FROM_HEROES), "sets": ListOf(Table({"of": selector, "amount": Int(1)}, what="a set part { of = SELECTOR, amount = N }")),
                    "unless_paid": Table({"resources": Int(1), "by": Str(), "pays": Bool(), "pitch": ListOf(NAME)},
                                         what="an unless_paid table { resources = N, by = WHO }"),
                    "effects": Lazy(lambda: effects), "abilities": ListOf(Lazy(lambda: ability)), "choose": Int(1), "choose_up_to": Int(1), "choose_if": Table({"if": condition, "choose": Int(1)}, what="a choose_if table { if = CONDITION, choose = N }"),
                    "modes": ListOf(Table({"effects": Lazy(lambda: effects), "target": target}, what="a mode table")),
                    "options": ListOf(Table({"effects": Lazy(lambda: effects)}, what="an option table"))},
                   what="an effect table")
    effects = ListOf(effect)
    ability = Table({"kind": Str(), "name": Str(), "effects": effects, "effect": effect, "if": condition,
                     "while": condition, "on": Str(), "target": target, "of": handle_or_selector,
                     "state_trigger": Bool(), "limit": Int(1), "type": Str(), "cost": Int(0), "chi_cost": Int(0),
                     "effect_cost": Str() | effects, "attack": Bool() | Table(), "attack_layer": Bool(),
                     "functional_in": words, "go_again": Bool(), "keywords": ListOf(Str()), "zone": words, "defines": words,
                     "count": Str(), "times": Int(), "value": Int(), "allows": Str(), "counters": counters,
                     "optional": Bool(), "mode": Int(1), "choose": Int(1), "choose_up_to": Int(1), "would": Str(("graveyard",)),
                     "instead": Str(("deck", "banished"))},
                    what="an ability table")
    card = Table({"name": Str(), "owner": NAME, "controller": NAME, "zone": Str(), "face_down": Bool(), "tapped": Bool(),
                  "types": words, "subtypes": words, "supertypes": words, "cost": Int() | Str(),
                  "pitch": Int(), "pitch_chi": Bool(), "power": Int(), "defense": Int(), "life": Int(0),
                  "keywords": ListOf(Str()) | MapOf(Int() | Bool() | Str(), what="a table of keywords"),
                  "abilities": ListOf(ability),
                  "sides": MapOf(Table({"types": words, "subtypes": words, "supertypes": words, "cost": Int() | Str(),
                                        "pitch": Int(), "power": Int(), "defense": Int(), "name": Str(),
                                        "abilities": ListOf(ability), "keywords": ListOf(Str()), "target": target},
                                       what="a side table")), "token": Bool(),
                  "activated": MapOf(Int(0), what="a table of ability number = times activated"),
                  "target": target, "decline": Bool(), "fail_search": Bool(), "trigger_target": NAME, "playable_as_instant": Bool(), "counters": counters,
                  "modes": ListOf(Int(1)), "under": NAME, "face": Str(("front", "back")), "back": Lazy(lambda: card), "unless_paid": _unless_choice()},
                 what="a card table")
    player = Table({"hero": Str(), "life": Int(), "action_points": Int(0), "resources": Int(0), "chi": Int(0),
                    "intellect": Int(0), "marked": Bool(), "trigger_order": ListOf(NAME)}, what="a player table")
    action = Table({"player": NAME, "play": NAME, "activate": NAME, "ability": Int(1), "defend": NAMES,
                    "pass": Bool() | Str(), "trigger": NAME, "target": Str(), "targets": ListOf(Str()),
                    "x": Int(0), "as_instant": Bool(), "modes": ListOf(Int(1)), "option": Int(1), "pitch": ListOf(NAME), "side": Str(), "meld": Bool(),
                    "alternative": Int(0), "without_paying": Bool(), "at": Str(), "note": Str(), "until": Str(),
                    "damage_order": ListOf(NAME), "boost": Bool() | NAME, "arsenal": NAME,
                    "pitch_order": ListOf(NAME), "random": ListOf(NAME), "roll": ListOf(Int(1)), "pay_with": ListOf(NAME),
                    "opt": Table({"top": ListOf(NAME), "bottom": ListOf(NAME)}, what="an opt table { top = [...], bottom = [...] }"),
                    "reload": NAME, "fuse": ListOf(NAME), "names": ListOf(Str()),
                    "optional_cost": Bool(), "crank": Bool(),
                    "additional": Str() | Bool() | Table({"do": Str(), "card": NAME, "amount": Int()}, what="an additional cost table") | ListOf(Str() | Table({"do": Str(), "card": NAME, "amount": Int()}, what="an additional cost table"))},
                   what="an action table")
    return Table({"players": MapOf(player), "cards": MapOf(card), "actions": ListOf(action),
                  "game": Table({"turn_player": NAME, "seating": ListOf(NAME), "step": Str()})})


SHAPE = _shape()
"""The shape of a Flesh and Blood scenario (checked before the engine reads it)."""


WORDS = {"cards.*.types": "types", "cards.*.subtypes": "subtypes", "cards.*.supertypes": "supertypes",
         "cards.*.keywords": "keywords", "cards.*.sides.*.types": "types", "cards.*.sides.*.subtypes": "subtypes",
         "cards.*.back.types": "types", "cards.*.back.subtypes": "subtypes", "cards.*.back.supertypes": "supertypes",
         "cards.*.back.keywords": "keywords"}
"""Where a Flesh and Blood scenario writes the rules' words, checked against the loaded CR's vocabulary (its
keyword lists 2.10.6, 2.11.6, 2.15.6 and the terms chapter 8 defines) before the engine reads them."""


def extra_words() -> dict:
    """The keyword table's words (each with its rule), those it plays and those it refuses as not modelled:
    known even where the loaded document is an excerpt without chapter 8."""
    from judge.engine.fab.keywords import EFFECT_KEYWORDS, NOT_PLAYED

    return {"keywords": {**NOT_PLAYED, **{name: row[0] for name, row in EFFECT_KEYWORDS.items()},
                         **{name: row.rule for name, row in KEYWORDS.items()}}}
