# The illegal-action signal (FaB CR 1.10.3), the names of combat's steps (7) and sentence helpers the parts share.
"""Shared pieces of the Flesh and Blood engine: step names, the IllegalAction signal, sentence helpers."""

from __future__ import annotations

from judge.engine import core
from judge.engine.fab import cited
from judge.engine.fab.cards import Card
from judge.engine.fab.state import Effect

STEP_NAMES = {"action": "action phase", "layer": "Layer Step", "attack": "Attack Step", "defend": "Defend Step",
              "reaction": "Reaction Step", "damage": "Damage Step", "resolution": "Resolution Step",
              "close": "Close Step"}


# An action that the rules do not allow; the game state is reversed (1.10.3). One type for every engine.
IllegalAction = core.IllegalAction


def _apply_side(c: Card, props: dict, merge: bool):
    for key in ("types", "subtypes", "supertypes"):
        if key in props:
            vals = set(props[key])
            setattr(c, key, (getattr(c, key) | vals) if merge else vals)
    for key in ("cost", "power", "defense", "pitch"):
        if key in props:
            setattr(c, key, props[key] if not merge or getattr(c, key) is None else getattr(c, key))


def _describe_selector(sel, plural: bool = True) -> str:
    if not sel:
        return "cards" if plural else "card"
    if isinstance(sel, str):
        return sel
    parts = []
    if sel.get("name"):
        return sel["name"]
    if sel.get("any_of"):
        return " or ".join(_describe_selector(alt, plural) for alt in sel["any_of"])
    parts += sel.get("supertypes", [])
    parts += [f"'non-{w}'" for w in sel.get("not_subtypes", [])]   # a 'non-attack' action card (1.3.2)
    parts += sel.get("subtypes", [])
    parts += sel.get("types", [])
    if sel.get("color"):
        parts = [sel["color"]] + (parts or ["card"])    # "a blue card" (2.1.2)
    text = " ".join(parts) or "card"
    if sel.get("played_with"):
        text = f"{PLAYED_WITH_WORDS[sel['played_with']]} {text}"   # "a boosted card" (8.3.9a)
    if not plural:
        pass
    elif sel.get("controller") == "you":
        text += "s you control"
    elif not text.endswith(("s", "equipment")):     # "equipment" is its own plural
        text += "s"
    if sel.get("zone"):
        text += f" in the {sel['zone']}"
    if sel.get("owner") in ("you", "opponent"):
        text += " you own" if sel["owner"] == "you" else " an opponent owns"
    if "min_cost" in sel and sel.get("max_cost") == sel["min_cost"]:
        text += f" with cost {sel['min_cost']}"
    else:
        if "min_cost" in sel:
            text += f" with cost {sel['min_cost']} or greater"
        if "max_cost" in sel:
            text += f" with cost {sel['max_cost']} or less"
    if sel.get("deals_arcane"):
        text += " with an effect that deals arcane damage"
    if sel.get("keyword"):
        text += f" with {sel['keyword']}"
    if sel.get("name_contains"):
        text += f" with {sel['name_contains']} in its name"
    if "min_power" in sel:
        text += f" with {sel['min_power']} or more power"
    if sel.get("base_keyword"):
        text += f" with base {sel['base_keyword']}"
    if sel.get("counter"):
        text += f" with {'an' if str(sel['counter'])[0] in 'aeiou' else 'a'} {sel['counter']} counter"
    return text + _base_power_limits(sel)


PLAYED_WITH_WORDS = {"boost": "boosted", "rune gate": "rune gated", "fusion": "fused", "charge": "charged-for"}
"""A selector's ``played_with`` in words (8.3.9a, 8.3.27a, 8.3.17a)."""
PLAYED_WITH_RULES = {"boost": [cited.BOOSTED], "rune gate": [cited.RUNE_GATED], "fusion": [cited.FUSED],
                     "charge": [cited.CHARGED]}
"""The rule that makes a card played using the keyword boosted, rune gated, fused (the selector ``played_with``)."""


BASE_POWER_KEYS = {"min_base_power", "max_base_power"}
"""Selector keys that read an object's base power (cited.NO_PRINTED_POWER)."""


def _base_power_limits(sel: dict) -> str:
    """A selector's limits on base power in words: " with 3 or less base power"."""
    return "".join(f" with {sel[k]} or {word} base power" for k, word in
                   (("max_base_power", "less"), ("min_base_power", "greater")) if k in sel)


def _effect_phrase(eff: Effect) -> str:
    d = eff.data
    if eff.kind == "modify":
        if isinstance(d.get("by"), dict):   # 6.2.2b: X, fixed as it first applies to an object
            return f"gets +X {d.get('stat')}"
        return f"gets {d.get('by', 0):+d} {d.get('stat')}"
    if eff.kind == "cost":
        by = d.get("by", 0)
        return f"costs {abs(by)} {'less' if by < 0 else 'more'}"
    if eff.kind == "gain-keyword":
        return f"gains {d.get('keyword')}"
    if eff.kind == "lose-keyword":
        return f"loses {d.get('keyword')}"
    if eff.kind == "modify-base":
        how = f"set to {d['set']}" if "set" in d else "halved, rounded up" if d.get("halve") else \
            f"{d.get('by', 0):+d}"
        return f"has its base {d.get('stat')} {how}"
    if eff.kind == "lose-supertypes":
        return "loses " + (" and ".join(d["supertypes"]) if d.get("supertypes") else "all class and talent types")
    if eff.kind == "gain-supertypes":
        return "is " + " and ".join(d.get("supertypes") or []) + " in addition to its other types"
    if eff.kind == "increase-damage":
        kind = {"arcane": "arcane ", "physical": "{p} "}.get(d.get("damage_type"), "")
        return f"deals that much {kind}damage plus {d.get('amount', 1)} instead"
    if eff.kind == "gain-ability":
        ab = d.get("ability", {})
        when = "when the combat chain closes" if ab.get("on") == "combat-chain-closes" else f"when this {ab.get('on', '?')}s"
        return f"gains the triggered ability \"{when}, " \
               f"{'; '.join(_describe_effect_data(x) for x in ab.get('effects', []))}\""
    return eff.kind


def _describe_effect_data(eff: dict) -> str:
    """A short description of an effect table from a scenario, for sentences."""
    do = eff.get("do", "?")
    if do == "modify":
        by = eff.get("by", 0)
        n = f"{by:+d}" if isinstance(by, int) else ("-X" if isinstance(by, dict) and by.get("times", 1) < 0 else "+X")
        return f"{n} {eff.get('stat', '')}".strip()
    if do in ("gain-keyword",):
        return f"gains {eff.get('keyword')}"
    if do in ("damage", "draw", "gain-life", "lose-life"):
        return f"{do.replace('-', ' ')} {eff.get('amount', 1)}"
    return do.replace("-", " ")


def _describe_cost(e: dict, game) -> str:
    """An additional cost as words: "discard Spare card", "banish the top card of your deck (boost)"."""
    do = e.get("do")
    if do == "described":
        return str(e.get("text"))
    if do == "boost":
        return "banish the top card of the deck (boost)"
    if do == "banish-top-of-deck":
        return "banish the top card of the deck"
    if do == "lose-life":
        return f"lose {e.get('amount', 1)} life"
    card = game.s.cards.get(e.get("card"))
    return f"{do.replace('-', ' ')} {card.name if card else e.get('card')}"


def _as_list(words) -> list:
    """A word or a list of words, as a list."""
    return [words] if isinstance(words, str) else list(words or [])


def restriction_words(e: dict) -> str:
    """What a restriction bars, in words: "play or activate action and instant", "play cards", "play attack
    action cards with 3 or less base power, or activate abilities"."""
    parts = []
    if e.get("types"):
        parts.append(f"play or activate {' and '.join(_as_list(e['types']))}")
    if e.get("from") or e.get("only_from"):
        what = _describe_selector(e.get("what") or {})
        parts.append(f"play {what} from their {e['from']} zone" if e.get("from") else
                     f"play {what} from anywhere other than their {e['only_from']}")
    elif isinstance(e.get("what"), dict):
        parts.append(f"play {_describe_selector(e['what'])}")
    if e.get("activations"):
        parts.append("activate abilities")
    return " or ".join(parts) or "do nothing it names"


def _describe_quantity(q: dict) -> str:
    """A quantity table in words: "for each aura you control"."""
    what = q.get("count", "")
    of = q.get("of", {})
    noun = _describe_selector(of, plural=False) if of else "card"
    where = {"you-control": f"{noun} you control", "in-pitch": f"{noun} in your pitch zone",
             "in-graveyard": f"{noun} in your graveyard", "in-hand": f"{noun} in your hand",
             "in-banished": f"{noun} in your banished zone", "in-arsenal": f"{noun} in your arsenal",
             "defending-cards": f"defending {noun}", "cards-in-pitch": "card in your pitch zone",
             "distinct-costs-in-pitch": "different cost in your pitch zone",
             "opposing-heroes-with-more-life": "opposing hero with more life than you",
             "own-defense": "point of its {d}"}.get(what, what)
    times = q.get("times", 1)
    if what == "object-base-power":
        return f"{'' if times == 1 else str(times) + ' × '}its base {{p}}"
    if what == "revealed-pitch":
        return f"{'' if times == 1 else str(times) + ' × '}the pitch value of the card revealed this way"
    if what == "dealt-by-this":
        return f"{'' if times == 1 else str(times) + ' × '}the damage dealt by this"
    return f"{'' if times == 1 else str(times) + ' '}for each {where}"
