# Keyword abilities (FaB CR 8.3, 8.4): one row per keyword, its rule, its kind and the hooks where it acts.
"""Flesh and Blood keyword abilities (8.3, 8.4): one row per keyword the engine plays — its rule, its kind, the
hooks where the engine acts on it — and the keywords it knows of but does not play (refused at load time).

A newcomer adds a keyword in one row here and one handler at the hook it names. The hooks are:

* ``resolve``        — a special resolution ability: acts as its layer or chain link resolves (go again)
* ``defend-limit``   — limits which cards can be added as defending cards (dominate, overpower)
* ``power``          — a static ability that modifies the object's power (piercing)
* ``chain-close``    — a triggered-static ability of a defending card as the combat chain closes
* ``prevention``     — a static ability that replaces damage to its controller (arcane barrier, spellvoid, ward,
  arcane shelter, quell)
* ``ability``        — a keyword whose meaning is an ability the scenario format writes with its own primitives: the
  engine gives the card that ability (the row's data) while it has the keyword (blood debt)
* ``replacement``    — a static ability replacing where the card goes (ephemeral: into a graveyard → ceases to exist)
* ``defending-state-trigger`` — a state-trigger of a defending card about the attack it defends (mirage)
* ``play-from``      — a play-static ability allowing the card to be played from another zone (rune gate)
* ``reveal-cost``    — an optional additional cost of revealing cards from hand with the row's supertypes (fusion)
* ``state-trigger``  — a state-triggered ability checked as a game state action (phantasm)
* ``defend-other``   — lets the card defend a hero its player does not control (protect)
* ``additional-cost`` — an optional additional cost declared as the card is played (boost)
* ``split``          — the split-card / meld play (meld)
* ``card-pool``      — a meta-static ability, only about building decks (specialization, legendary)
* ``label``          — a label keyword (8.4): the scenario writes the ability itself with the primitives
* ``nothing``        — an ability that means nothing (stealth)
* ``cost-paid``      — an ``ability`` row whose optional additional cost, once paid, names what the player has done
  (scrap: scrapped, 8.3.32a; beat chest: beaten chest, 8.3.33a) — an event of that name and the card's condition
* ``equip-face-down`` — the card is equipped face-down (cloaked): an equipment the file places without saying
  ``face_down`` starts face-down
* ``enters``         — a static ability acting as the card enters the arena (crank: remove a steam counter from it,
  gain an action point)
"""

from __future__ import annotations

from typing import NamedTuple

from judge.engine.fab import cited


class Keyword(NamedTuple):
    """One keyword ability the engine plays."""

    name: str             # as written, lower case ("go again", "arcane barrier")
    rule: str             # the rule that defines it
    kind: str             # its kind in the rules' words (8.0.4, 8.0.5; "static ability", "label", …)
    hooks: tuple          # where the engine acts on it (see the module docstring)
    valued: bool = False  # written with a number N ("Ward N")
    data: tuple = ()      # the hook's own parameters (see the rows)


def _fusion(elements: tuple[str, ...], joiner: str) -> Keyword:
    """The row of "[SUPERTYPES] Fusion" (8.3.17) for a list of supertypes joined by "and" or "and/or" (8.3.17d)."""
    return Keyword(f" {joiner} ".join(elements) + " fusion", cited.FUSION,
                   "optional additional-cost play-static ability", ("reveal-cost",), data=elements)


# defend-limit rows: data = (counts, added-rule, played-rule, gained-late-rule, what it counts, in words)
# prevention rows: data = (damage type it prevents or None for any, how it is paid: "pay" | "destroy")
# chain-close rows: data = the effects of the triggered-layer
# ability rows: data = the ability tables the keyword means, written as a scenario writes them
# play-from rows: data = (zone, what is counted as a selector, "without-paying")
# reveal-cost rows: data = the supertypes revealed, one card each (8.3.17c); a list "and" needs them all, "and/or"
# at least one (8.3.17d)
# label rows: data = the events whose triggered abilities the label names ("Galvanize - When this defends, …")
KEYWORD_ROWS = (
    Keyword("go again", cited.GO_AGAIN, "special resolution ability", ("resolve",)),
    Keyword("dominate", cited.DOMINATE, "static ability", ("defend-limit",),
            data=("from-hand", cited.DOMINATE_DEFEND, cited.DOMINATE_DEFENSE_REACTIONS, cited.DOMINATE_GAINED_LATE,
                  "card from hand")),
    Keyword("overpower", cited.OVERPOWER, "static ability", ("defend-limit",),
            data=("action", cited.OVERPOWER_DEFEND, cited.OVERPOWER_DEFEND, cited.OVERPOWER_GAINED_LATE,
                  "action card")),
    Keyword("piercing", cited.PIERCING, "static ability", ("power",), valued=True),
    Keyword("blade break", cited.BLADE_BREAK, "triggered-static ability", ("chain-close",),
            data=({"do": "destroy", "what": "self"},)),
    Keyword("battleworn", cited.BATTLEWORN, "triggered-static ability", ("chain-close",),
            data=({"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"},)),
    Keyword("temper", cited.TEMPER, "triggered-static ability", ("chain-close",),
            data=({"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"},
                  {"do": "destroy", "what": "self", "if": {"max_defense": 0}})),
    Keyword("guardwell", cited.GUARDWELL, "static ability", ("chain-close",),
            data=({"do": "put-counter", "stat": "defense", "amount": {"count": "own-defense", "times": -1},
                   "what": "self"},)),
    Keyword("arcane barrier", cited.ARCANE_BARRIER, "static ability", ("prevention",), valued=True,
            data=("arcane", "pay")),
    Keyword("spellvoid", cited.SPELLVOID, "static ability", ("prevention",), valued=True, data=("arcane", "destroy")),
    Keyword("ward", cited.WARD, "static ability", ("prevention",), valued=True, data=(None, "destroy")),
    Keyword("arcane shelter", cited.ARCANE_SHELTER, "static ability", ("prevention",), valued=True,
            data=("arcane", "destroy")),
    Keyword("quell", cited.QUELL, "static ability", ("prevention",), valued=True, data=(None, "pay-then-destroy")),
    # 8.3.14: "this can be attacked" (targets.py reads the keyword, 8.3.14a) and "When this becomes the target of
    # an attack, destroy this and close the combat chain" (8.3.14b)
    Keyword("spectra", cited.SPECTRA, "static ability and triggered-static ability", ("ability",),
            data=({"kind": "trigger", "on": "attack-target", "effects": [
                {"do": "destroy", "what": "self"}, {"do": "close-combat-chain"}]},)),
    Keyword("blood debt", cited.BLOOD_DEBT, "triggered-static ability", ("ability",),
            data=({"kind": "trigger", "on": "end-phase", "of": "any", "while": {"in": "banished"},
                   "if": {"your_turn": True}, "effects": [{"do": "lose-life", "amount": 1}]},)),
    # 2026-02 8.3.41: "When this is put into your graveyard from the arena, turn it face-down."
    Keyword("watery grave", cited.WATERY_GRAVE, "triggered-static ability", ("ability",),
            data=({"kind": "trigger", "on": "leaves-arena", "if": {"to_your_graveyard": True},
                   "effects": [{"do": "turn-face-down", "what": "self"}]},)),
    Keyword("scrap", cited.SCRAP, "play-static ability", ("ability", "cost-paid"),
            data=({"kind": "additional-cost", "optional": True, "effects": [
                {"do": "banish", "amount": 1, "what": {"zone": "graveyard", "any_of": [
                    {"subtypes": ["item"]}, {"types": ["equipment"]}]}}]},)),
    Keyword("beat chest", cited.BEAT_CHEST, "play-static ability", ("ability", "cost-paid"),
            data=({"kind": "additional-cost", "optional": True, "effects": [
                {"do": "discard", "what": {"zone": "hand", "min_power": 6}}]},)),
    Keyword("ephemeral", cited.EPHEMERAL, "meta-static ability and static ability", ("replacement", "card-pool")),
    Keyword("mirage", cited.MIRAGE, "static ability", ("defending-state-trigger",)),
    Keyword("rune gate", cited.RUNE_GATE, "play-static ability", ("play-from",),
            data=("banished", {"name": "Runechant"}, "without-paying")),
    *(_fusion(elements, joiner) for elements, joiner in (
        (("ice",), "and"), (("lightning",), "and"), (("earth",), "and"),
        (("earth", "lightning"), "and"), (("ice", "lightning"), "and"), (("earth", "ice"), "and"),
        (("earth", "ice"), "and/or"), (("ice", "lightning"), "and/or"), (("earth", "lightning"), "and/or"))),
    Keyword("phantasm", cited.PHANTASM, "triggered-static ability", ("state-trigger",)),
    Keyword("protect", cited.PROTECT, "static ability", ("defend-other",)),
    Keyword("crank", cited.CRANK, "static ability", ("enters",), data=("steam",)),
    Keyword("cloaked", cited.CLOAKED, "static ability", ("equip-face-down",)),
    Keyword("boost", cited.BOOST, "optional additional-cost play-static ability", ("additional-cost",)),
    Keyword("meld", cited.MELD, "static ability", ("split",)),
    Keyword("specialization", cited.SPECIALIZATION, "meta-static ability", ("card-pool",)),
    Keyword("legendary", cited.LEGENDARY, "meta-static ability", ("card-pool",)),
    Keyword("essence", cited.ESSENCE, "meta-static ability", ("card-pool",)),
    Keyword("stealth", cited.STEALTH, "ability that means nothing", ("nothing",)),
    Keyword("combo", cited.COMBO, "label", ("label",)),
    Keyword("crush", cited.CRUSH, "label", ("label",)),
    Keyword("reprise", cited.REPRISE, "label", ("label",)),
    Keyword("galvanize", cited.GALVANIZE, "label", ("label",), data=("defend", "defends")),
    Keyword("contract", cited.CONTRACT, "label", ("label",), data=("banished",)),
    Keyword("evo upgrade", cited.EVO_UPGRADE, "label", ("label",), data=("static",)),
    Keyword("lightning flow", cited.LIGHTNING_FLOW, "label", ("label",), data=("conditional", "hit", "attack")),
    Keyword("earth bond", cited.EARTH_BOND, "label", ("label",), data=("conditional", "attack")),
    Keyword("solflare", cited.SOLFLARE, "label", ("label",), data=("charge",)),
    Keyword("decompose", cited.DECOMPOSE, "label", ("label",), data=("attack", "conditional")),
    # 8.4.13: "Tower - If this has 13 or more {p}, …": the label of a conditional ability (its text says the rest)
    Keyword("tower", cited.TOWER, "label", ("label",), data=("conditional",)),
)

KEYWORDS: dict[str, Keyword] = {k.name: k for k in KEYWORD_ROWS}
VALUED = tuple(k.name for k in KEYWORD_ROWS if k.valued)

# keywords of the rules the engine does not play: a card that has one (or an effect that gives one) is refused
# at load time, naming it, rather than played as if the keyword were not there
NOT_PLAYED: dict[str, str] = {
    "fusion": cited.FUSION,
    "heave": cited.HEAVE, "pairs": cited.PAIRS, "ambush": cited.AMBUSH,
    "modular": cited.MODULAR,
    "universal": cited.UNIVERSAL, "channel": cited.CHANNEL, "material": cited.MATERIAL, "rupture": cited.RUPTURE,
    "surge": cited.SURGE, "unity": cited.UNITY,
    "heavy": cited.HEAVY,
    "mentor": cited.MENTOR,
}


def label_rules(keywords: dict, event: str) -> list[str]:
    """The rules of the label keywords a card has that name its triggered abilities on ``event`` (8.4.12:
    galvanize labels a "when this defends" trigger)."""
    return [rule for row in with_hook("label") if row.name in keywords and event in row.data
            for rule in (row.rule, *LABEL_RULES.get(row.name, ()))]


# label rows whose ability is also an effect keyword's procedure: the rules cited with the label's own
LABEL_RULES = {"contract": (cited.CONTRACT_COMPLETED, cited.CONTRACT_ANY_NUMBER)}


def selector_keyword_rules(spec) -> list[str]:
    """The rules of the keywords a selector names ("a card with combo" → 8.4.1): what a judge quotes for whether a
    card has it."""
    if not isinstance(spec, dict):
        return []
    out = [KEYWORDS[spec["keyword"]].rule] if spec.get("keyword") in KEYWORDS else []
    for part in spec.get("any_of", []) or []:
        out += selector_keyword_rules(part)
    return out


def with_hook(hook: str) -> tuple[Keyword, ...]:
    """The keyword rows that act at ``hook``."""
    return _BY_HOOK.get(hook, ())


_BY_HOOK: dict[str, tuple[Keyword, ...]] = {}
for _k in KEYWORD_ROWS:
    for _h in _k.hooks:
        _BY_HOOK[_h] = _BY_HOOK.get(_h, ()) + (_k,)

# the hooks with one keyword each, by name for the code that acts on them
GO_AGAIN = with_hook("resolve")[0].name          # 5.3.5, 7.6.2
PHANTASM = with_hook("state-trigger")[0].name    # 8.3.13
BOOST = with_hook("additional-cost")[0].name     # 8.3.9
EPHEMERAL = with_hook("replacement")[0].name     # 8.3.21
MIRAGE = with_hook("defending-state-trigger")[0].name   # 8.3.25
CRANK = with_hook("enters")[0].name              # 8.3.29

# cost-paid rows: what the player has done once the keyword's optional additional cost is paid — (the words, the
# event's name, the rule that says it, the rule that says it cannot be done when the cost cannot be paid, the fact
# listing the cards played paying it, the fact listing the cards the cost moved when the rule names them: 8.3.32a
# calls the banished card "scrapped")
_DONE = {"scrap": ("scrapped", "scrap", cited.SCRAPPED, cited.CANNOT_SCRAP, "scrap_paid", "scrapped"),
         "beat chest": ("beaten chest", "beat-chest", cited.BEATEN_CHEST, cited.CANNOT_BEAT_CHEST, "beaten_chest", None)}
COST_PAID: dict[str, tuple] = {row.name: _DONE[row.name] for row in with_hook("cost-paid")}


def implied_abilities(keywords: dict) -> list[tuple[str, dict]]:
    """(keyword, ability table) for each ability a card's keywords mean (the ``ability`` rows), each table
    marked with the keyword it comes from so that the engine plays it only while the card has the keyword."""
    out = []
    for row in with_hook("ability"):
        if row.name in keywords:
            for ab in row.data:
                out.append((row.name, {**ab, "name": row.name.title(), "_keyword": row.name}))
    return out


def parse_keywords(written) -> dict:
    """Keywords as a scenario writes them — ``["go again", "ward 2", "specialization HERO"]`` or ``{ ward = 2 }``
    — as name → value (True, N for a keyword written with a number, the hero's moniker for specialization)."""
    import re

    if isinstance(written, dict):
        return {str(k).lower().replace("_", " "): v for k, v in written.items()}
    out = {}
    for k in written if isinstance(written, list) else []:
        m = re.match(r"^(.*?)\s+(-?\d+)$", str(k).lower().strip())
        spec = re.fullmatch(r"specialization\s+(.+)", str(k).strip(), re.IGNORECASE)
        if spec:    # "HERO Specialization" (8.3.7): the hero's moniker is its value
            out["specialization"] = spec.group(1)
        elif m:
            out[m.group(1)] = int(m.group(2))
        else:
            out[str(k).lower().strip()] = True
    return out


# effect keywords (8.5): a card prints them as the effect of an ability ("Opt 2", "When this hits, opt 1"); a
# scenario writes them as effects of the ability that does them, never in a card's keyword list
EFFECT_KEYWORDS: dict[str, tuple] = {
    "opt": (cited.OPT, '{ do = "opt", amount = N }'),
    "reload": (cited.RELOAD, '{ do = "reload" } (the play action names the card: reload = "HANDLE")'),
    "intimidate": (cited.INTIMIDATE, '{ do = "intimidate", who = "defending-hero" | "target" }'),
}


def refusal(name: str) -> tuple[str, str | None]:
    """Why a keyword the engine does not play is refused: (words, rule id or None)."""
    if name in EFFECT_KEYWORDS:
        rule, form = EFFECT_KEYWORDS[name]
        return (f"'{name}' ({rule}) is an effect, not a keyword ability a card has: write it as an effect of the "
                f"ability that does it, {form}", rule)
    rule = NOT_PLAYED.get(name)
    known = ", ".join(sorted(KEYWORDS))
    if rule:
        return (f"the keyword '{name}' ({rule}) is not modelled by this engine: it would be played as if the card did "
                f"not have it, so the scenario is refused (keywords played: {known})", rule)
    return f"'{name}' is not a keyword this engine knows (keywords played: {known})", None
