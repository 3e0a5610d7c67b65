"""Every Flesh and Blood effect primitive and condition is evaluated by at least one scenario of the suite whose
outcome depends on it: remove the effect (or flip / drop the condition) and the facts the engine derives change.
A primitive or condition no scenario depends on could be doing nothing at all without any test noticing."""

import copy
from functools import lru_cache

import pytest

from judge import scenarios as sc
from judge.engine.core import InvalidScenario
from judge.engine.fab import conditions, primitives
from judge.errors import ScenarioError

from conftest import ROOT, corpus_file, judged_under

FILES = sorted((ROOT / "scenarios" / "fab").glob("*.toml"))
# primitives of rules only FaB CR 2026-02 defines: proved by the scenarios of scenarios/fab/cr-2026-02, judged
# under that document (skipped when ../shared/corpora is absent)
LATER = {"tap", "untap"}
LATER_FILES = sorted((ROOT / "scenarios" / "fab" / "cr-2026-02").glob("*.toml"))
FACTS = ("links", "hit", "damage", "life", "action_points", "resources", "zones", "face_down", "tapped", "legal", "resolved",
         "triggered", "failed", "tokens", "power", "defense", "costs", "counters", "dead", "winner", "draw",
         "activations", "stack", "intimidated", "boosted", "chain_closed_at", "resolution_order", "looked_at", "controllers")


OTHER = {"you": "opponent", "opponent": "you"}   # a two-valued condition flips to the other value


@lru_cache(maxsize=1)
def _loaded():
    return [sc.load(p) for p in FILES]


def _facts(scenario, data, book=None):
    s = copy.copy(scenario)
    s.data = data
    s.__dict__.pop("_fab_start", None)
    try:
        out = sc.play(s, book or judged_under(s))
    except (InvalidScenario, ScenarioError) as exc:
        return ("refused", str(exc)[:80])
    return {k: out.facts.get(k) for k in FACTS}


def _places(data):
    """(path, table) of every effect table and every condition table inside the cards' abilities."""
    found = []

    def walk(node, path, in_effect_list=False):
        if isinstance(node, dict):
            if "do" in node and in_effect_list:
                found.append(("effect", path, node))
            for k, v in node.items():
                if k in ("if", "while", "when") and isinstance(v, dict):
                    found.append(("condition", path + (k,), v))
                walk(v, path + (k,), k in ("effects", "effect"))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + (i,), in_effect_list)

    walk(data.get("cards", {}), ("cards",))
    return found


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _without_effect(data, path):
    new = copy.deepcopy(data)
    parent = _get(new, path[:-1])
    if isinstance(parent, list):
        del parent[path[-1]]
    else:   # a static ability's single effect: the ability goes
        ability_list = _get(new, path[:-2])
        del ability_list[path[-2]]
    return new


def _flipped(data, path, key):
    new = copy.deepcopy(data)
    cond = _get(new, path)
    if isinstance(cond[key], bool):
        cond[key] = not cond[key]
    elif isinstance(cond[key], str) and cond[key] in OTHER:
        cond[key] = OTHER[cond[key]]
    else:
        del cond[key]
        if not cond:
            del _get(new, path[:-1])[path[-1]]
    return new


@lru_cache(maxsize=2)
def _dependence(later: bool = False):
    """name → does some scenario's outcome change when that primitive / condition is taken away or flipped
    (``later``: of the scenarios of scenarios/fab/cr-2026-02, judged under FaB CR 2026-02)."""
    effects: dict[str, bool] = {}
    conds: dict[str, bool] = {}
    book = None
    if later:
        from judge.rulebook.formats import numbered

        path = corpus_file("fab", "en-fab-cr-2026-02.txt")
        book = numbered.parse([(str(path), path.read_bytes())], game="fab", version="2026-02")
    for scenario in [sc.load(p) for p in LATER_FILES] if later else _loaded():
        base = None
        for kind, path, table in _places(scenario.data):
            names = [table.get("do")] if kind == "effect" else list(table)
            seen = effects if kind == "effect" else conds
            for name in names:
                if seen.get(name):
                    continue
                if base is None:
                    base = _facts(scenario, scenario.data, book)
                mutated = _without_effect(scenario.data, path) if kind == "effect" else \
                    _flipped(scenario.data, path, name)
                seen[name] = _facts(scenario, mutated, book) != base
    return effects, conds


# not yet proved by a scenario whose outcome depends on them (the list may only shrink: see the last test)
NOT_YET = {"set-limit", "return-object"}


@pytest.mark.parametrize("name", sorted(set(primitives.PRIMITIVES) - NOT_YET))
def test_some_scenario_depends_on_the_primitive(name):
    effects, _ = _dependence(name in LATER)
    assert name in effects, f"no scenario uses do = \"{name}\""
    assert effects[name], f"no scenario's outcome changes when its do = \"{name}\" effect is taken away"


@pytest.mark.parametrize("name", sorted(set(conditions.CONDITIONS) - NOT_YET))
def test_some_scenario_depends_on_the_condition(name):
    _, conds = _dependence()
    assert name in conds, f"no scenario uses the condition '{name}'"
    assert conds[name], f"no scenario's outcome changes when its condition '{name}' is flipped or dropped"


def test_the_list_of_names_not_yet_proved_is_true():
    """A name proved since goes off the list, so the list says what is still unproved."""
    effects, conds = _dependence()
    proved = {n for n, ok in {**effects, **conds}.items() if ok}
    assert NOT_YET & proved == set()
    assert NOT_YET <= set(primitives.PRIMITIVES) | set(conditions.CONDITIONS)
