"""The Marvel Champions engine over its scenario suite: every step of seed 003 has a
scenario, every citation exists (the seed for Initiating Abilities, the full Rules Reference for the other
entries), `judge resolve --check`, bad scenario files, behaviour of the procedure, card-agnosticism.
The suite passing, --check over the folder and the good/bad-file checks run in tests/test_games.py."""

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.engine.marvel_champions.game import Game, assign
from judge.engine.marvel_champions.cards import RESOURCE_TYPES
from judge.engine.marvel_champions.rules import procedure_ids
from judge.rulebook.formats import glossary

from conftest import ROOT, RULES, corpus_file, names_written_in, played
from scenario_checks import check_bad_mutation, line_of

SCENARIOS = ROOT / "scenarios" / "mc"
FILES = sorted(SCENARIOS.glob("*.toml"))
ENGINE = ROOT / "judge" / "engine" / "marvel_champions"
SEED = RULES / "003_046759c8b9308011.txt"


@lru_cache(maxsize=None)
def _outcome(path: Path):
    return played(path)     # played once a session, shared with the harness and the citation audits


@lru_cache(maxsize=1)
def _seed():
    return glossary.parse([(str(SEED), SEED.read_bytes())], game="mc", version="seed", format="glossary-text")


@pytest.fixture(scope="module")
def full_rr():
    path = corpus_file("marvel-champions", "rules-reference.html")
    return glossary.parse([(str(path), path.read_bytes())], game="mc", version="1.5", format="glossary-html")


def _play_text(text: str, tmp_path: Path, name: str = "s.toml"):
    path = tmp_path / name
    path.write_text(text)
    scenario = sc.load(path)
    return sc.play(scenario, sc.rulebook_for(scenario))


# ---------------------------------------------------------------------------------------------------------
# (a) the suite passes, and covers seed 003
# ---------------------------------------------------------------------------------------------------------

def test_the_suite_is_not_empty():
    assert len(FILES) >= 30
    assert len([p for p in FILES if p.name.startswith("own-")]) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_has_title_question_rules_and_cites(path):
    scenario = sc.load(path)
    assert scenario.game == "mc" and scenario.rules == "seed"
    assert scenario.title and scenario.title != path.stem
    assert scenario.question.endswith("?")
    assert scenario.expect.get("cites"), f"{path.name}: [expect] names no cites"
    assert len(scenario.expect) >= 2, f"{path.name}: [expect] checks no fact"


def test_every_rule_of_seed_003_has_a_scenario_named_after_it():
    """Each check, step and bullet of the entry (and the entry itself: declare intent) describes game
    behaviour; each has at least one scenario whose file name starts with its id and which cites it."""
    ids = [r.id for r in _seed()]
    assert len(ids) == 13
    for rule_id in ids:
        prefix = rule_id.replace("/", "-") + "-"
        named = [p for p in FILES if p.name.startswith(prefix)]
        if rule_id == "initiating-abilities":
            named = [p for p in FILES if p.name.startswith("initiating-abilities-declare-intent")]
        assert named, f"no scenario file named {prefix}*.toml"
        assert any(rule_id in sc.load(p).expect["cites"] or rule_id in _outcome(p)[1].citations() for p in named)


# ---------------------------------------------------------------------------------------------------------
# (b) every citation exists: Initiating Abilities in the seed, the other entries in the full Rules Reference
# ---------------------------------------------------------------------------------------------------------

def _split(cites):
    own = [c for c in cites if c.split("/")[0] == "initiating-abilities"]
    return own, [c for c in cites if c not in own]


def test_initiating_abilities_citations_exist_in_the_seed():
    unknown = {}
    for path in FILES:
        _, outcome = _outcome(path)
        own, _ = _split(outcome.citations() + list(sc.load(path).expect["cites"]))
        missing = [c for c in own if c not in _seed().rules]
        if missing:
            unknown[path.name] = missing
    assert unknown == {}


def test_other_citations_exist_in_the_full_rules_reference(full_rr):
    assert len(full_rr) > 350 and "cancel/bullet-2" in full_rr.rules
    unknown = {}
    for path in FILES:
        _, outcome = _outcome(path)
        _, other = _split(outcome.citations() + list(sc.load(path).expect["cites"]))
        missing = [c for c in other if c not in full_rr.rules]
        if missing:
            unknown[path.name] = missing
    assert unknown == {}


CITE_LITERAL = re.compile(r'"([a-z][a-z-]*(?:/(?:bullet|step|check)-\d+)+)"')


def test_every_cited_id_written_in_the_engine_exists(full_rr):
    """Ids with a list position written anywhere in the engine (also in paths no scenario takes)."""
    found = set()
    for src in ENGINE.glob("*.py"):
        found |= set(CITE_LITERAL.findall(src.read_text()))
    assert len(found) > 40
    own, other = _split(sorted(found))
    assert [c for c in own if c not in _seed().rules] == []
    assert [c for c in other if c not in full_rr.rules] == []


def test_an_unknown_citation_would_be_caught(full_rr):
    assert "cancel/bullet-9" not in full_rr.rules
    assert "initiating-abilities/step-6" not in _seed().rules
    # the seed and the 2019 page disagree on what step 3 is: this is why the seed is the reference
    assert "Pay the cost" in _seed().get("initiating-abilities/step-3").text
    assert "choose" in full_rr.get("initiating-abilities/step-3").text


def test_seed_scenarios_have_no_unknown_citations_under_the_embedded_rules():
    # the embedded MC document is one entry: citations of other entries are not held against it
    for path in FILES[:5]:
        scenario, outcome = _outcome(path)
        book = sc.rulebook_for(scenario)
        assert book.version == "seed"
        assert sc.unknown_citations(outcome, book) == []


def test_procedure_ids_follow_the_wording_of_the_loaded_document(full_rr):
    seed = procedure_ids(_seed())
    assert seed["faceup"] == "initiating-abilities/step-1"
    assert seed["pay"] == "initiating-abilities/step-3"
    assert seed["targets"] == "initiating-abilities/check-1/bullet-1"
    old = procedure_ids(full_rr)
    assert old["modifiers"] == "initiating-abilities/step-1"
    assert old["pay"] == "initiating-abilities/step-2"
    assert old["resolve"] == "initiating-abilities/step-5"
    assert old["faceup"] == "initiating-abilities"      # the 2019 wording has no faceup step
    assert old["targets"] == "initiating-abilities/check-1"   # nor a bullet for targets: a play restriction
    assert old["x"] == "initiating-abilities/check-2"
    assert old["leaves"] == "initiating-abilities/step-5/bullet-3"


def test_judged_under_the_older_wording_the_pay_step_is_step_2(full_rr):
    scenario = sc.load(SCENARIOS / "initiating-abilities-step-3-abort-without-paying.toml")
    outcome = sc.play(scenario, full_rr)
    assert "initiating-abilities/step-2" in outcome.citations()
    assert "initiating-abilities/step-3" not in outcome.citations()   # 2019's step 3 is another rule
    # the file's cites (the seed's step 3) are located in the 2019 wording the same way: nothing missing
    assert outcome.missing_cites == []
    assert outcome.facts["result"] == {"kick": "aborted"}


# ---------------------------------------------------------------------------------------------------------
# (c) behaviour of the procedure
# ---------------------------------------------------------------------------------------------------------

def _facts(name):
    return _outcome(SCENARIOS / name)[1].facts


def test_check_1_failure_pays_nothing_and_never_reaches_check_2():
    scenario, outcome = _outcome(SCENARIOS / "initiating-abilities-declare-intent-checks-in-order.toml")
    texts = [s.text for s in outcome.trace.steps]
    assert any(t.startswith("Check 1 fails") for t in texts)
    assert not any(t.startswith("Check 2") or t.startswith("Step") for t in texts)


def test_abort_returns_everything():
    f = _facts("initiating-abilities-step-3-abort-without-paying.toml")
    assert f["result"]["kick"] == "aborted" and f["costs"] == {}
    assert f["hand"]["alice"] == ["kick", "a", "b", "c"]


def test_canceled_event_costs_stay_paid_and_card_is_discarded():
    f = _facts("initiating-abilities-step-4-cancel-while-commencing.toml")
    assert f["result"]["haymaker"] == "canceled"
    assert f["costs"]["haymaker"]["paid_with"] == ["a"]
    assert f["zones"]["haymaker"] == "discard" and f["hit_points"]["soldier"] == 3


def test_forced_interrupt_comes_first_and_prevention_keeps_hit_points():
    f = _facts("own-forced-interrupt-before-optional-interrupt.toml")
    assert f["initiated"] == ["suit.1", "backflip"]
    assert f["hit_points"]["alice"] == 10 and f["damage"]["alice"] == 0


def test_interrupt_resolves_while_the_card_is_still_in_play():
    _, outcome = _outcome(SCENARIOS / "initiating-abilities-step-5-bullet-1-interrupt-just-before.toml")
    texts = [s.text for s in outcome.trace.steps]
    threat = next(i for i, t in enumerate(texts) if "threat is placed" in t)
    defeated = next(i for i, t in enumerate(texts) if "is defeated and discarded" in t)
    assert threat < defeated


def test_first_player_responds_first_even_on_another_players_turn():
    f = _facts("own-one-window-for-damage-and-defeat-in-player-order.toml")
    assert f["initiated"] == ["intel", "glory"]


def test_source_leaving_play_by_its_own_cost_still_resolves():
    f = _facts("initiating-abilities-step-5-bullet-3-card-leaves-play-sequence-completes.toml")
    assert f["zones"]["grenade"] == "discard" and f["hit_points"]["goon"] == 2


def _texts(name):
    return [s.text for s in _outcome(SCENARIOS / name)[1].trace.steps]


def test_canceling_an_events_effects_does_not_cancel_its_play():
    """cancel/bullet-3, event/bullet-1: only the effects are canceled; the event is still played, so other
    interrupts to its play can still be used and the response window after it opens."""
    name = "own-canceled-event-is-still-played-other-interrupts-and-responses.toml"
    f = _facts(name)
    assert f["result"]["haymaker"] == "canceled"
    assert f["initiated"] == ["field.1", "study", "spotter.1"]
    assert f["zones"]["bd"] == "hand" and f["zones"]["ad"] == "hand" and f["hit_points"]["soldier"] == 3
    texts = _texts(name)
    cancel = next(i for i, t in enumerate(texts) if "cancels the effects of Haymaker" in t)
    step5 = next(i for i, t in enumerate(texts) if t.startswith("Step 5: Haymaker is still played"))
    study = next(i for i, t in enumerate(texts) if "intent to play Quick Study" in t)
    assert cancel < study < step5                       # the same interrupt window, still open
    assert not any("triggering condition was canceled" in t or "did not occur" in t for t in texts)
    step = _outcome(SCENARIOS / name)[1].trace.steps[cancel]
    assert {"cancel/bullet-3", "event/bullet-1"} <= set(step.cites)


def test_a_canceled_treachery_is_revealed_and_has_its_response_window():
    f = _facts("own-canceled-treachery-still-has-its-response-window.toml")
    assert f["result"] == {"surprise": "canceled", "behind": "resolved", "tracker.1": "resolved"}
    assert f["threat"]["scheme"] == 3 and f["zones"]["d1"] == "hand"


def test_a_held_response_whose_card_left_play_had_its_window_and_is_illegal():
    name = "own-response-of-an-ally-that-left-play-cannot-be-initiated.toml"
    f = _facts(name)
    assert f["result"]["scout.1"] == "illegal" and f["legal"]["scout.1"] is False
    assert f["illegal_because"]["scout.1"] == "initiating-abilities/check-1"
    fails = [s for s in _outcome(SCENARIOS / name)[1].trace.steps if s.text.startswith("Check 1 fails")]
    assert len(fails) == 1 and "it left play" in fails[0].text and "did not occur" not in fails[0].text
    assert fails[0].cites == ["initiating-abilities/check-1", "in-play-and-out-of-play/bullet-4", "ability/bullet-2"]


RESPONDER = """
[cards.scout]
name = "Scout"
owner = "alice"
type = "ally"
cost = 1
hit_points = 1
# "Response: After a player plays an event, draw 1 card."
[[cards.scout.abilities]]
kind = "response"
when = "play"
if = { card = { type = "event" } }
effects = [{ do = "draw", amount = 1 }]

[cards.top]
name = "Top card"
owner = "alice"
type = "resource"
zone = "deck"
"""


def test_a_held_response_whose_card_was_never_in_play_is_illegal_not_never_initiated(tmp_path):
    """Its triggering condition occurred (Haymaker was played) while Scout was in hand: the window came, and
    check 1 would fail; "not-initiated" is kept for a condition that never occurred."""
    text = BASE.replace("[[actions]]", RESPONDER + "\n[[actions]]", 1) + '\n[[actions]]\nuse = "scout"\n'
    text = text.replace("hit_points = { goon = 2 }", "result = { \"scout.1\" = \"illegal\" }")
    outcome = _play_text(text, tmp_path)
    assert outcome.passed, outcome.mismatches
    last = outcome.trace.steps[-1]
    assert "its triggering condition occurred (Haymaker is played)" in last.text and "in alice's hand" in last.text
    assert "in-play-and-out-of-play/bullet-4" in last.cites
    # the same response, but no event is ever played: never initiated
    never = text.replace('[[actions]]\nplay = "haymaker"\npay = ["res"]\n', "").replace('"illegal"', '"not-initiated"')
    outcome = _play_text(never, tmp_path, "never.toml")
    assert outcome.passed, outcome.mismatches
    assert "did not occur" in outcome.trace.steps[-1].text


def test_check_1_of_an_interrupt_says_its_condition_is_imminent_and_of_a_response_that_it_resolved():
    texts = _texts("own-canceled-event-is-still-played-other-interrupts-and-responses.toml")
    steps = _outcome(SCENARIOS / "own-canceled-event-is-still-played-other-interrupts-and-responses.toml")[1].trace.steps
    interrupt = next(s for s in steps if s.text.startswith("Check 1") and "Haymaker is played" in s.text
                     and "imminent" in s.text)
    response = next(s for s in steps if s.text.startswith("Check 1") and "has just resolved" in s.text)
    assert "interrupt/bullet-2" in interrupt.cites and "response/bullet-2" in response.cites
    assert not any("is true now" in t for t in texts)
    hero = _texts("own-canceled-treachery-still-has-its-response-window.toml")
    assert any("imminent" in t and "alice is in hero form" in t for t in hero)   # a Hero Interrupt's form


def test_x_cost_answer_names_x_and_no_none_leaks(tmp_path):
    text = BASE.replace("cost = 1\n", 'cost = "X"\n', 1).replace("amount = 3", 'amount = "X"').replace(
        'pay = ["res"]', 'pay = ["res"]\nx = 2').replace("[[actions]]", """[cards.focus]
name = "Focus"
owner = "alice"
type = "support"
cost = 1
zone = "play"
# "Events you play cost 1 less."
[[cards.focus.abilities]]
kind = "constant"
effect = { do = "cost", by = -1, to = { type = "event" } }

[[actions]]""", 1).replace("hit_points = { goon = 2 }", "hit_points = { goon = 3 }")
    outcome = _play_text(text, tmp_path)
    assert outcome.passed, outcome.mismatches
    assert "for 1 (printed X (X = 2), modified)" in outcome.summary[0][0]
    for path in FILES:
        out = _outcome(path)[1]
        words = [s.text for s in out.trace.steps] + [line for line, _ in out.summary]
        assert not [w for w in words if re.search(r"\bNone\b", w)], path.name


def test_a_restricted_resource_ability_cites_the_play_restriction():
    _, outcome = _outcome(SCENARIOS / "own-restricted-resource-ability-cannot-pay-another-card.toml")
    abort = next(s for s in outcome.trace.steps if s.text.startswith("Step 3: the cost cannot be paid"))
    assert "only to pay for an Aggression card, and Planned Strike is not one" in abort.text
    assert "play-restrictions-and-permissions/bullet-1" in abort.cites
    assert not any(c.startswith("resource-ability") for s in outcome.trace.steps for c in s.cites)


def test_assign_resources():
    assert assign(["any", "any"], ["physical", "wild", "mental"]) == (True, [("physical", "any"), ("mental", "any")], 1)
    assert assign(["mental", "energy"], ["mental", "wild"])[:2] == (True, [("mental", "mental"), ("wild", "energy")])
    assert assign(["mental", "energy"], ["physical", "physical"])[0] is False
    assert assign(["any"], [])[0] is False


def test_modified_cost():
    assert Game.modified_cost(3, [("a", {"by": -1})]) == 2
    assert Game.modified_cost(1, [("a", {"by": -1}), ("b", {"by": -2})]) == 0          # never below 0
    assert Game.modified_cost(4, [("a", {"by": -1}), ("b", {"set": 1})]) == 1           # set overrides
    assert Game.modified_cost(4, [("a", {"set": 2}), ("b", {"set": 0})]) == 0           # the latest set wins


BASE = """\
[scenario]
title = "Haymaker against a minion"
question = "How much damage?"
game = "mc"
rules = "seed"

[players.alice]
identity = "Spider-Man"

[cards.haymaker]
name = "Haymaker"
owner = "alice"
type = "event"
cost = 1
# "Hero Action (attack): Deal 3 damage to an enemy."
[[cards.haymaker.abilities]]
kind = "action"
form = "hero"
target = "enemy"
effects = [{ do = "damage", amount = 3, to = "target" }]

[cards.res]
name = "Strength"
owner = "alice"
type = "resource"
resources = ["physical"]

[cards.goon]
name = "Hydra Soldier"
type = "minion"
hit_points = 5

[[actions]]
play = "haymaker"
pay = ["res"]

[expect]
hit_points = { goon = 2 }
"""


def test_base_scenario_plays(tmp_path):
    outcome = _play_text(BASE, tmp_path)
    assert outcome.passed, outcome.mismatches
    assert outcome.facts["zones"] == {"haymaker": "discard", "res": "discard", "goon": "play"}


def test_two_valid_targets_must_be_chosen(tmp_path):
    text = BASE.replace("[[actions]]", '[cards.goon2]\nname = "Hydra Soldier"\ntype = "minion"\nhit_points = 5\n\n'
                                       "[[actions]]")
    with pytest.raises(Exception) as err:
        _play_text(text, tmp_path)
    assert "2 valid targets (goon, goon2)" in str(err.value) and "target" in str(err.value)
    outcome = _play_text(text.replace('pay = ["res"]', 'pay = ["res"]\ntarget = "goon2"'), tmp_path, "t.toml")
    assert outcome.facts["hit_points"] == {"alice": 10, "goon": 5, "goon2": 2}


def test_a_missing_payment_is_an_error_not_an_abort(tmp_path):
    with pytest.raises(Exception) as err:
        _play_text(BASE.replace('pay = ["res"]\n', ""), tmp_path)
    assert "declare pay" in str(err.value)


def test_the_same_card_can_be_played_only_from_hand(tmp_path):
    outcome = _play_text(BASE + '\n[[actions]]\nplay = "haymaker"\npay = ["res"]\n', tmp_path)
    assert outcome.facts["result"] == {"haymaker": "resolved", "haymaker@2": "illegal"}
    assert "is in alice's discard" in outcome.summary[-1][0]


# ---------------------------------------------------------------------------------------------------------
# (d) judge resolve --check and --json
# ---------------------------------------------------------------------------------------------------------

def test_resolve_one_file_json(run_cli):
    code, out, _ = run_cli("resolve", str(SCENARIOS / "initiating-abilities-step-4-cancel-while-commencing.toml"),
                           "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "mc" and data["rules"] == "MC Rules Reference seed"
    assert data["passed"] is True
    assert data["facts"]["canceled_by"] == {"haymaker": "field.1"}
    assert "initiating-abilities/step-4" in data["citations"]


def test_resolve_one_file_text(run_cli):
    code, out, _ = run_cli("resolve", str(SCENARIOS / "initiating-abilities-step-3-abort-without-paying.toml"))
    assert code == 0
    assert out.splitlines()[0].endswith("—  MC Rules Reference seed")
    assert "Step 3: the cost cannot be paid" in out and "Answer:" in out


def test_check_reports_a_failing_expectation(run_cli, tmp_path):
    (tmp_path / "wrong.toml").write_text(BASE.replace("goon = 2", "goon = 1"))
    code, out, _ = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1
    assert "hit_points.goon: expected 1, got 2" in out


# ---------------------------------------------------------------------------------------------------------
# (e) bad scenario files: one line with file, line and key; exit 2; no traceback
# ---------------------------------------------------------------------------------------------------------

BAD = [
    # (what, replace old, by new, key in the message, line needle, words in the message)
    ("toml-syntax", 'rules = "seed"', 'rules = "seed', None, 'rules = "seed', "TOML syntax error"),
    ("unknown-top-level", "[expect]", "[board]\nsize = 2\n\n[expect]", "board", "[board]", "unknown key 'board'"),
    ("unknown-card-key", "hit_points = 5", "hit_points = 5\nattack = 2", "cards.goon.attack", "attack = 2",
     "unknown key 'attack' for a card"),
    ("unknown-action-key", 'play = "haymaker"', 'play = "haymaker"\nspeed = 1', "actions.1.speed", "speed = 1",
     "unknown key 'speed' in an action"),
    ("wrong-type", "cost = 1", 'cost = "one"', "cards.haymaker.cost", 'cost = "one"',
     "must be a whole number ≥ 0, not str 'one'"),
    ("bad-card-type", 'type = "minion"', 'type = "minoin"', "cards.goon.type", 'type = "minoin"',
     "type must be one of ally, event"),
    ("owner-not-a-player", 'name = "Strength"\nowner = "alice"', 'name = "Strength"\nowner = "carol"',
     "cards.res.owner", 'owner = "carol"', "owner 'carol' is not a player"),
    ("no-such-card", 'play = "haymaker"', 'play = "haymakr"', "actions.1.play", 'play = "haymakr"',
     "no card 'haymakr' in [cards]"),
    ("no-such-target", 'pay = ["res"]', 'pay = ["res"]\ntarget = "dave"', "actions.1.target", 'target = "dave"',
     "target 'dave' is neither a player nor a card"),
    ("no-such-payment", 'pay = ["res"]', 'pay = ["ress"]', "actions.1.pay", 'pay = ["ress"]', "no card 'ress'"),
    ("bad-zone", 'resources = ["physical"]', 'resources = ["physical"]\nzone = "hnad"', "cards.res.zone",
     'zone = "hnad"', "not 'hnad'"),
    ("event-in-play", 'type = "event"\ncost = 1', 'type = "event"\ncost = 1\nzone = "play"', "cards.haymaker.zone",
     'zone = "play"', "an event card is never in play"),
    ("lethal-damage", "hit_points = 5", "hit_points = 5\ndamage = 5", "cards.goon.damage", "damage = 5",
     "it would have been defeated"),
    ("unknown-effect", 'do = "damage"', 'do = "smash"', "cards.haymaker.abilities.1.effects.1.do",
     'do = "smash"', "do must be one of damage"),
    ("unknown-trigger", 'kind = "action"', 'kind = "response"\nwhen = "attacked"', "cards.haymaker.abilities.1.when",
     'when = "attacked"', "needs when = its triggering condition"),
    ("player-card-owned-by-scenario", 'name = "Strength"\nowner = "alice"', 'name = "Strength"\nowner = "scenario"',
     "cards.res.owner", 'owner = "scenario"', "a resource is a player card"),
    ("x-not-chosen", "cost = 1", 'cost = "X"', "actions.1.x", '[[actions]]', "declare x"),
    ("x-without-x-cost", 'pay = ["res"]', 'pay = ["res"]\nx = 2', "actions.1.x", "x = 2",
     "Haymaker has no X in its cost"),
    ("x-amount-without-x-cost", "amount = 3", 'amount = "X"', "cards.haymaker.abilities.1.effects.1.amount",
     'amount = "X"', "Haymaker has no X in its cost"),
]


@pytest.mark.parametrize("what,old,new,key,needle,words", BAD, ids=[b[0] for b in BAD])
def test_bad_scenario_file(run_cli, tmp_path, what, old, new, key, needle, words):
    check_bad_mutation(run_cli, tmp_path, BASE, old, new, key, needle, words)


def test_every_problem_is_listed(run_cli, tmp_path):
    text = BASE.replace("cost = 1", 'cost = "one"').replace('owner = "alice"\ntype = "resource"',
                                                              'owner = "carol"\ntype = "resource"')
    (tmp_path / "bad.toml").write_text(text)
    code, _, err = run_cli("resolve", str(tmp_path / "bad.toml"))
    assert code == 2 and "(and 1 more: " in err


def test_bad_file_in_check_mode_is_a_failure_not_a_crash(run_cli, tmp_path):
    (tmp_path / "bad.toml").write_text(BASE.replace("cost = 1", 'cost = "one"'))
    (tmp_path / "good.toml").write_text(BASE)
    code, out, err = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    assert f"bad.toml:{line_of(BASE, 'cost = 1')}: [cards.haymaker.cost]" in out


# ---------------------------------------------------------------------------------------------------------
# (f) the engine is card-agnostic
# ---------------------------------------------------------------------------------------------------------

def _card_names() -> set[str]:
    names = set()
    for path in FILES:
        data = sc.load(path).data
        names |= {c.get("name") for c in data.get("cards", {}).values() if c.get("name")}
        names |= {p.get("identity") for p in data.get("players", {}).values() if p.get("identity")}
    return names


def test_scenarios_name_many_cards():
    assert len(_card_names()) >= 50


def test_no_card_name_in_engine_source():
    sources = sorted(ENGINE.glob("*.py"))
    assert len(sources) >= 4
    # a resource card named after its resource type ("Energy") is the game's own word: the engine must know
    # the resource types, not the card
    names = {n for n in _card_names() if n.lower() not in RESOURCE_TYPES}
    assert len(_card_names()) - len(names) <= 1
    found = []
    for src in sources:
        found += [f"{src.name}: {name}" for name in names_written_in(src.read_text(), sorted(names))]
    assert found == []


def test_card_name_search_would_find_a_name():
    text = 'if card.name == "haymaker":\n'
    assert re.search(r"(?<![A-Za-z])" + re.escape("Haymaker") + r"(?![A-Za-z])", text, re.IGNORECASE)
    assert names_written_in(text, ["Haymaker", "Hay"]) == ["Haymaker"]


# ---------------------------------------------------------------------------------------------------------
# (g) the documented example is a scenario that passes
# ---------------------------------------------------------------------------------------------------------

def test_documented_example_passes(tmp_path):
    doc = (ROOT / "docs" / "scenario-format-mc.md").read_text()
    example = re.search(r"```toml\n(.*?)```", doc, re.S).group(1)
    outcome = _play_text(example, tmp_path)
    assert outcome.passed, outcome.mismatches + outcome.missing_cites
    assert outcome.facts["canceled_by"] == {"haymaker": "field.1"}
    printed = re.search(r"```\n(  \[alice plays Haymaker\].*?)```", doc, re.S).group(1)
    shown = [line.strip() for line in printed.splitlines() if re.match(r"\s+\d+\. ", line)]
    steps = {f"{s.n}. {s.text}" + (f"  ({', '.join(s.cites)})" if s.cites else "") for s in outcome.trace.steps}
    assert shown and all(line in steps for line in shown)


def test_documented_keys_are_the_validated_keys():
    from judge.engine.marvel_champions import build

    doc = (ROOT / "docs" / "scenario-format-mc.md").read_text()
    for key in build.CARD_KEYS | build.PLAYER_KEYS | build.GAME_KEYS | build.ACTION_KEYS | build.COST_KEYS:
        assert f"`{key}" in doc, key
    for do in build.EFFECTS:
        assert f"| `{do}`" in doc or f"`{do}`," in doc, do


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_ability_has_its_card_text_beside_it(path):
    lines = path.read_text().splitlines()
    bare = [n for n, line in enumerate(lines, 1) if re.match(r"\[\[cards\.[^\]]+\.abilities\]\]", line)
            and not lines[n - 2].startswith('# "')]
    assert bare == [], f"{path.name}: abilities without the card's text as a comment above them (lines {bare})"


# ---------------------------------------------------------------------------------------------------------
# (h) the whole game: the worked example of the round, and what the engine refuses
# ---------------------------------------------------------------------------------------------------------

def _whole_game_example():
    doc = (ROOT / "docs" / "scenario-format-mc.md").read_text()
    section = doc[doc.index("### A worked example: one villain phase"):]
    example = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    printed = re.search(r"prints \(abridged\):\n\n```\n(.*?)```", section, re.S).group(1)
    answers = re.search(r"and answers:\n\n```\n(.*?)```", section, re.S).group(1)
    return example, printed, answers


def test_the_whole_game_worked_example_plays_as_documented(tmp_path):
    example, printed, answers = _whole_game_example()
    outcome = _play_text(example, tmp_path)
    assert outcome.passed, outcome.mismatches + outcome.missing_cites
    steps = {f"{s.n}. {s.text}" + (f"  ({', '.join(s.cites)})" if s.cites else "") for s in outcome.trace.steps}
    shown = [line.strip() for line in printed.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(shown) >= 10 and all(line in steps for line in shown), [s for s in shown if s not in steps]
    said = [f"{text} ({', '.join(cites)})" for text, cites in outcome.summary]
    assert [line.strip() for line in answers.strip().splitlines()] == said
    f = outcome.facts
    assert f["attacks"][0]["defender"] == "luke" and f["hit_points"]["rhino"] == 13
    assert f["initiated"] == ["nurse.1"] and f["engaged"] == {"soldier": "alice"}


def _empty_tables(value, path=""):
    if isinstance(value, dict):
        if not value and path:
            yield path
        for k, v in value.items():
            yield from _empty_tables(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value, 1):
            yield from _empty_tables(v, f"{path}.{i}")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_expectation_is_an_empty_table(path):
    """``threat = {}`` compares no key: it could never fail. An empty list (``attacks = []``) is compared."""
    assert list(_empty_tables(sc.load(path).expect)) == []


def test_the_whole_game_has_its_scenarios():
    """At least 30 scenarios of the round, enemies and threat, a quarter combining several parts."""
    whole = [p for p in FILES if not p.name.startswith(("initiating-abilities", "own-a-", "own-ally-", "own-can",
                                                         "own-cost", "own-exh", "own-forced", "own-heal", "own-lasting",
                                                         "own-max", "own-one-", "own-partial", "own-perm", "own-prev",
                                                         "own-put", "own-res", "own-set", "own-source", "own-then",
                                                         "own-two", "own-typed", "own-unique", "own-villain-phase-int",
                                                         "own-wild", "own-x"))]
    assert len(whole) >= 30, len(whole)
    combined = [p for p in whole if len({c.split("/")[0] for c in sc.load(p).expect["cites"]}) >= 3]
    assert len(combined) * 4 >= len(whole)


GAME = BASE.replace('[cards.haymaker]', '''[cards.rhino]
name = "Rhino"
type = "villain"
hit_points = 14
atk = 2
sch = 1

[cards.haymaker]''', 1)


@pytest.mark.parametrize("old, new, key, words", [
    ('type = "minion"', 'type = "obligation"\nzone = "encounter-deck"', "cards.goon.type", "obligation cards"),
    ('hit_points = 5\n', 'hit_points = 5\nkeywords = ["restricted"]\n', "cards.goon.keywords",
     "keyword 'restricted' is not modelled"),
    ('form = "hero"\n', 'form = "hero"\nlabeled = "defense"\n', "cards.haymaker.abilities.1.labeled",
     "are not modelled"),
    ('hit_points = 5\n', 'hit_points = 5\nkeywords = ["retaliate"]\n', "cards.goon.keywords", "'retaliate N'"),
    ('hit_points = 5\n', 'hit_points = 5\nthw = 2\n', "cards.goon.thw", "a minion has no THW value"),
    ('hit_points = 5\n', 'hit_points = 5\nstatus = ["dazed"]\n', "cards.goon.status", "'dazed' is not one of"),
    ('play = "haymaker"\npay = ["res"]', 'activate = "rhino"\ndefend = "nobody"', "actions.1.defend",
     "'nobody' is neither a player nor a card"),
])
def test_what_is_not_modelled_or_malformed_is_refused(run_cli, tmp_path, old, new, key, words):
    field = key.split(".")[-1]
    needle = next((line for line in new.splitlines() if line.startswith(field + " =")), new.splitlines()[0])
    err = check_bad_mutation(run_cli, tmp_path, GAME, old, new, key, needle, words)
    assert "Traceback" not in err


def test_an_exhausted_defender_cannot_defend_and_the_attack_is_undefended(tmp_path):
    text = GAME.replace("[[actions]]\nplay = \"haymaker\"\npay = [\"res\"]", '''[cards.cat]
name = "Black Cat"
owner = "alice"
type = "ally"
cost = 2
zone = "play"
hit_points = 2
exhausted = true

[[actions]]
activate = "rhino"
defend = "cat"''').replace("hit_points = { goon = 2 }", "hit_points = { alice = 8 }")
    outcome = _play_text(text, tmp_path)
    assert outcome.passed, outcome.mismatches
    assert outcome.facts["result"]["cat.defend"] == "illegal"
    assert outcome.facts["illegal_because"]["cat.defend"] == "exhausted/bullet-1"
    assert outcome.facts["attacks"][0]["defender"] == "none"


def test_a_minion_with_several_players_needs_its_engaged_player(tmp_path):
    text = GAME.replace("[cards.res]", '[players.bob]\nidentity = "Hulk"\n\n[cards.res]', 1).replace(
        'play = "haymaker"\npay = ["res"]', 'activate = "goon"')
    with pytest.raises(Exception) as err:
        _play_text(text, tmp_path)
    assert "say which player it is engaged with" in str(err.value)


def test_a_defender_named_for_a_scheme_is_an_error_not_a_silent_skip(tmp_path):
    text = GAME.replace('[players.alice]\nidentity = "Spider-Man"', '[players.alice]\nidentity = "Spider-Man"\n'
                        'form = "alter-ego"', 1).replace('play = "haymaker"\npay = ["res"]',
                                                          'activate = "rhino"\ndefend = "alice"').replace(
        '[cards.res]', '[cards.scheme]\nname = "The Break-In!"\ntype = "main-scheme"\nthreat = 1\n\n[cards.res]', 1)
    with pytest.raises(Exception) as err:
        _play_text(text, tmp_path)
    assert "there is no attack to defend" in str(err.value)
