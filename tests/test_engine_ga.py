"""The Grand Archive engine over its scenario suite: every item of seed 002 has a
scenario, every citation exists (seed pages in the seed, other pages in the full document), the same play
under the full document cites that document's ids, `judge resolve --check`, bad scenario files, behaviour
checks, card-agnosticism.
The suite passing, --check over the folder and the good/bad-file checks run in tests/test_games.py."""

import json
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.engine.core import InvalidScenario, Outcome
from judge.engine.grand_archive import play as ga_play
from judge.engine.grand_archive.cited import REGISTRY
from judge.engine.grand_archive.game import Citer
from judge.rulebook.formats import gitbook

from conftest import ROOT, RULES, corpus_file, names_written_in, played
from scenario_checks import assert_passes, check_bad_mutation, check_good_file

SCENARIOS = ROOT / "scenarios" / "ga"
FILES = sorted(SCENARIOS.glob("*.toml"))
ENGINE = ROOT / "judge" / "engine" / "grand_archive"
SEED_FILES = [RULES / "004_7447e1f113420e06.txt", RULES / "002_42b99ab96b5736e6.txt"]
SEED_PAGES = ("playing-cards", "abilities")


@lru_cache(maxsize=1)
def seed_book():
    """The embedded GA seed (Playing Cards and Abilities pages), parsed straight from rules/."""
    return gitbook.parse([(str(p), p.read_bytes()) for p in SEED_FILES], game="ga", version="seed",
                         format="gitbook-text")


@lru_cache(maxsize=1)
def _full_book(path: str):
    return gitbook.parse([path], game="ga", version="2026-08-21", format="gitbook")


@pytest.fixture(scope="module")
def corpus():
    return _full_book(str(corpus_file("grand-archive", "gitbook-rules")))


@lru_cache(maxsize=None)
def _outcome(path: Path):
    return played(path)     # played once a session, shared with the harness and the citation audits


def _page(rule_id: str) -> str:
    return rule_id.split("/")[0]


# ---------------------------------------------------------------------------------------------------------
# (a) the suite passes and covers seed 002
# ---------------------------------------------------------------------------------------------------------

def test_the_suite_is_not_empty():
    assert len(FILES) >= 25
    assert len([p for p in FILES if p.name.startswith("own-")]) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_has_title_question_cites_and_seed_rules(path):
    scenario = sc.load(path)
    assert scenario.game == "ga" and scenario.rules == "seed"
    assert scenario.title and scenario.title != path.stem
    assert scenario.question.endswith("?")
    assert scenario.expect.get("cites"), f"{path.name}: [expect] names no cites"


def test_every_numbered_item_of_seed_002_has_a_scenario():
    items = [r.id for r in seed_book() if re.fullmatch(r"playing-cards/\d+(\.\d+)*", r.id)]
    assert items == ["playing-cards/1", "playing-cards/2", "playing-cards/3", "playing-cards/4", "playing-cards/5",
                     "playing-cards/6", "playing-cards/7", "playing-cards/7.1", "playing-cards/8", "playing-cards/9",
                     "playing-cards/9.1", "playing-cards/9.2", "playing-cards/9.3"]
    for rule_id in items:
        prefix = rule_id.replace("/", "-") + "-"
        named = [p for p in FILES if p.name.startswith(prefix)]
        assert named, f"no scenario for {rule_id}"
        # the scenario named after an item cites it
        assert any(rule_id in _outcome(p)[1].citations() for p in named), rule_id


def test_the_frostbind_example_is_a_scenario():
    examples = {sc.load(p).example_of: p for p in FILES if sc.load(p).example_of}
    assert "playing-cards/8" in examples
    assert "frostbind" in seed_book().get("playing-cards/8").examples[0].lower()
    scenario, outcome = _outcome(examples["playing-cards/8"])
    facts = outcome.facts
    assert facts["negated"] == ["blast"] and facts["fizzled"] == ["blast.copy1"]
    assert facts["zones"]["blast"] == "banishment" and facts["damage"]["bob"] == 0


@pytest.mark.parametrize("path", [p for p in FILES if sc.load(p).example_of],
                         ids=[p.stem for p in FILES if sc.load(p).example_of])
def test_example_of_names_a_rule_with_an_example(path):
    """A seed rule with an E.g.; a rule of the other pages with an example or a hint (note) in the full document."""
    rule_id = sc.load(path).example_of
    assert path.name.startswith(rule_id.replace("/", "-") + "-")
    if _page(rule_id) in SEED_PAGES:
        rule = seed_book().get(rule_id)
        assert rule is not None and rule.examples, f"{rule_id} has no example in the seed"
        return
    rule = _full_book(str(corpus_file("grand-archive", "gitbook-rules"))).get(rule_id)
    assert rule is not None and (rule.examples or rule.notes), f"{rule_id} has no example or hint"


HINT_PAGES = ("turn-order", "wake-up-phase", "materialize-phase", "recollection-phase", "draw-phase", "main-phase",
              "end-phase", "ending-phases", "skipping-phases", "attacking-and-the-combat-phase", "attack-declaration",
              "retaliation-step", "damage-step", "end-of-combat-step", "champion")


def test_every_hint_of_the_combat_turn_order_and_champion_pages_is_a_scenario(corpus):
    """Each example or hint of these pages is encoded by a scenario (one per hint: example_of names the rule as
    many times as it has hints)."""
    wanted = {}
    for rule_id, rule in corpus.rules.items():
        if _page(rule_id) in HINT_PAGES and (rule.examples or rule.notes):
            wanted[rule_id] = len(rule.examples) + len(rule.notes)
    encoded = {}
    for path in FILES:
        ex = sc.load(path).example_of
        if ex:
            encoded[ex] = encoded.get(ex, 0) + 1
    assert len(wanted) >= 7
    assert {k: v for k, v in wanted.items() if encoded.get(k, 0) < v} == {}


# ---------------------------------------------------------------------------------------------------------
# (b) every citation exists: seed pages in the seed, the other pages in the full document
# ---------------------------------------------------------------------------------------------------------

def test_seed_citations_exist_in_the_seed():
    unknown = {}
    for path in FILES:
        _, outcome = _outcome(path)
        missing = [c for c in outcome.citations() if _page(c) in SEED_PAGES and c not in seed_book().rules]
        if missing:
            unknown[path.name] = missing
    assert unknown == {}


def test_other_citations_exist_in_the_full_document(corpus):
    unknown = {}
    for path in FILES:
        _, outcome = _outcome(path)
        cited = outcome.citations() + list(sc.load(path).expect.get("cites", []))
        missing = [c for c in cited if _page(c) not in SEED_PAGES and c not in corpus.rules]
        if missing:
            unknown[path.name] = missing
    assert unknown == {}


def test_expected_citations_of_seed_pages_exist_in_the_seed():
    bad = {p.name: [c for c in sc.load(p).expect["cites"] if _page(c) in SEED_PAGES and c not in seed_book().rules]
           for p in FILES}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_engine_cites_detailed_pages_and_seed_pages():
    cited = {c for p in FILES for c in _outcome(p)[1].citations()}
    assert {"playing-cards/3", "playing-cards/7.1", "playing-cards/9.3", "abilities/6", "abilities/p11"} <= cited
    assert {f"card-activation/1.{n}" for n in range(1, 10)} <= cited
    assert {"card-materialization/3.1", "card-materialization/3.4", "bestowing-boons/3.4"} <= cited
    assert {"costs-and-memory/1", "costs-and-memory/2", "costs-and-memory/3", "costs-and-memory/1.4"} <= cited


def test_an_unknown_citation_would_be_caught(corpus):
    assert "playing-cards/10" not in seed_book().rules and "card-activation/1.10" not in corpus.rules
    assert "abilities/p11" in seed_book().rules and "abilities/p11" not in corpus.rules


def test_the_seed_judges_scenarios_citing_detailed_pages():
    # unknown_citations checks only the pages the seed holds: card-activation/1.3 is another page's rule,
    # a made-up playing-cards/99 is an error
    outcome = Outcome("ga", "GA rules seed")
    outcome.trace.add("x", ["card-activation/1.3", "playing-cards/6", "playing-cards/99", "abilities/6"])
    assert sc.unknown_citations(outcome, seed_book()) == ["playing-cards/99"]


# ---------------------------------------------------------------------------------------------------------
# (c) judged under the full document, the engine cites that document's ids
# ---------------------------------------------------------------------------------------------------------

def test_citer_finds_the_abilities_rules_by_their_words(corpus):
    seed = Citer(seed_book())
    full = Citer(corpus)
    abilities = [e for e in REGISTRY if e.id.startswith("abilities/")]
    assert len(abilities) == 6
    for entry in abilities:
        assert seed.one(entry.id) == entry.id
        assert entry.holds(seed_book().get(entry.id))
        moved = full.one(entry.id)
        assert moved in corpus.rules and entry.holds(corpus.get(moved))
    assert full.one("abilities/6") == "abilities/14" and full.one("abilities/p11") == "abilities/13"
    assert full.one("playing-cards/7.1") == "playing-cards/7.1"
    assert Citer(None).one("abilities/6") == "abilities/6"   # what the engine itself cites


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_under_the_full_document_every_citation_exists_and_facts_agree(path, corpus):
    scenario = sc.load(path)
    outcome = sc.play(scenario, corpus)
    assert outcome.cite_prefix == "GA rules 2026-08-21"
    assert outcome.mismatches == []
    assert [c for c in outcome.citations() if c not in corpus.rules] == []
    assert sc.unknown_citations(outcome, corpus) == []


# ---------------------------------------------------------------------------------------------------------
# (d) judge resolve --check and --json
# ---------------------------------------------------------------------------------------------------------

def test_resolve_one_file_json(run_cli):
    path = SCENARIOS / "playing-cards-8-frostbind-banishes-the-card-copies-fizzle.toml"
    code, out, _ = run_cli("resolve", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["game"] == "ga" and data["rules"] == "GA rules seed" and data["passed"] is True
    assert data["facts"]["fizzled"] == ["blast.copy1"]
    assert "playing-cards/8" in data["citations"]
    assert [s["n"] for s in data["trace"]] == list(range(1, len(data["trace"]) + 1))


def test_resolve_one_file_text(run_cli):
    path = SCENARIOS / "playing-cards-3-illegal-play-reverts.toml"
    code, out, _ = run_cli("resolve", str(path))
    assert code == 0
    assert out.splitlines()[0].endswith("—  GA rules seed")
    assert "Answer:" in out and "Does not match" not in out
    assert "reverts to before alice began to play Gathering Storm" in out


def test_check_reports_a_failing_expectation(run_cli, tmp_path):
    text = (SCENARIOS / "playing-cards-7.1-reserve-cost-to-graveyard.toml").read_text()
    (tmp_path / "wrong.toml").write_text(text.replace('bolt = "graveyard"', 'bolt = "banishment"'))
    code, out, _ = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1
    assert "zones.bolt: expected 'banishment', got 'graveyard'" in out


# ---------------------------------------------------------------------------------------------------------
# (e) bad scenario files: one line with file, line and key; exit 2; no traceback
# ---------------------------------------------------------------------------------------------------------

BASE = """\
[scenario]
title = "A two-damage spell"
question = "How much damage?"
game = "ga"
rules = "seed"

[players.alice]
champion = "Mage"
hand = ["bolt", 2]

[players.bob]
champion = "Rival"
hand = ["spare"]

[cards.bolt]
name = "Arcane Bolt"
types = ["action"]
speed = "fast"
reserve_cost = 1
target = { kind = "champion" }
effects = [{ do = "damage", amount = 2, to = "target" }]

[cards.spare]
name = "Spare card"
types = ["action"]
speed = "fast"
reserve_cost = 0

[[actions]]
player = "alice"
activate = "bolt"
target = "bob"

[expect]
damage = { bob = 2 }
"""


def test_base_scenario_is_good(run_cli, tmp_path):
    check_good_file(run_cli, tmp_path, BASE, "deals 2 damage to bob's champion (Rival)")


BAD = [
    # (what, replace old, by new, key in the message, line needle in the bad text, words in the message)
    ("toml-syntax", 'rules = "seed"', 'rules = "seed', None, 'rules = "seed', "TOML syntax error"),
    ("unknown-top-level", "[expect]", "[board]\nsize = 2\n\n[expect]", "board", "[board]", "unknown table [board]"),
    ("unknown-card-key", "reserve_cost = 1", "reserve_cost = 1\ncolour = 2", "cards.bolt.colour", "colour = 2",
     "unknown key 'colour' for a card"),
    ("unknown-action-key", 'activate = "bolt"', 'activate = "bolt"\nhaste = true', "actions.1.haste",
     "haste = true", "unknown key 'haste' in an action"),
    ("unknown-player-key", 'hand = ["spare"]', 'hand = ["spare"]\nhnad = ["x"]', "players.bob.hnad", "hnad =",
     "unknown key 'hnad' for a player"),
    ("wrong-type", "reserve_cost = 1", 'reserve_cost = "one"', "cards.bolt.reserve_cost", 'reserve_cost = "one"',
     "must be a whole number ≥ 0 or \"X\", not str 'one'"),
    ("owner-not-a-player", 'name = "Spare card"', 'name = "Spare card"\nowner = "carol"', "cards.spare.owner",
     'owner = "carol"', "owner 'carol' is not a player"),
    ("two-places", 'hand = ["spare"]', 'hand = ["spare", "bolt"]', "players.bob.hand", 'hand = ["spare", "bolt"]',
     "is listed in alice's hand and again in bob's hand"),
    ("no-zone", 'hand = ["spare"]', "hand = 1", "cards.spare", "[cards.spare]", "is in no zone"),
    ("zone-unknown-card", 'hand = ["spare"]', 'hand = ["spare", "sword"]', "players.bob.hand", '"sword"',
     "no card 'sword' in [cards]"),
    ("no-such-card", 'activate = "bolt"', 'activate = "blot"', "actions.1.activate", 'activate = "blot"',
     "no card 'blot' in [cards]"),
    ("no-such-target", 'target = "bob"', 'target = "dave"', "actions.1.target", 'target = "dave"',
     "target 'dave' is neither a player, a card, nor an instance"),
    ("no-such-player", 'player = "alice"\nactivate', 'player = "carl"\nactivate', "actions.1.player",
     'player = "carl"', "player 'carl' is not in the scenario"),
    ("bad-effect", 'do = "damage"', 'do = "burn"', "cards.bolt.effects", 'do = "burn"', "unknown effect do = 'burn'"),
    ("bad-target-kind", 'kind = "champion"', 'kind = "planet"', "cards.bolt.target", 'kind = "planet"',
     "target kind must be one of"),
    ("x-not-declared", "reserve_cost = 1", 'reserve_cost = "X"', "actions.1", "[[actions]]",
     "has X in its cost: declare x = N"),
    ("x-without-x-cost", 'target = "bob"', 'target = "bob"\nx = 3', "actions.1.x", "x = 3",
     "Arcane Bolt has no X in its cost"),
    ("mode-not-selected", "reserve_cost = 1", 'reserve_cost = 1\nmodes = { hit = [], draw = [] }', "actions.1",
     "[[actions]]", "Arcane Bolt has modes: select mode = one of hit, draw"),
    ("times-without-pass", 'target = "bob"', 'target = "bob"\ntimes = 2', "actions.1.times", "times = 2",
     "times = N (N ≥ 1) goes with pass = true"),
    ("cannot-act-draw-phase", 'rules = "seed"', 'rules = "seed"\n\n[game]\nphase = "draw"', "actions.1",
     "[[actions]]", "alice cannot act: no player receives Opportunity in the draw phase"),
    ("cannot-act-materialize-phase", 'rules = "seed"', 'rules = "seed"\n\n[game]\nphase = "materialize"',
     "actions.1", "[[actions]]", "alice cannot act: in the materialize phase, with nothing pending"),
    ("target-count-zero", 'kind = "champion" }', 'kind = "champion", count = 0 }', "cards.bolt.target.count",
     "count = 0", "must be a whole number ≥ 1 (how many targets"),
    ("target-count-not-a-number", 'kind = "champion" }', 'kind = "champion", count = "two" }',
     "cards.bolt.target.count", 'count = "two"', "must be a whole number ≥ 1"),
    ("target-up-to-not-a-bool", 'kind = "champion" }', 'kind = "champion", up_to = "yes" }',
     "cards.bolt.target.up_to", 'up_to = "yes"', "must be true or false"),
    ("unsupported-keyword", 'types = ["action"]\nspeed = "fast"\nreserve_cost = 1',
     'types = ["action"]\nkeywords = ["imbue 2"]\nspeed = "fast"\nreserve_cost = 1', "cards.bolt.keywords",
     'keywords = ["imbue 2"]', "the engine does not model imbue (a keyword of the Keywords and Abilities glossary)"),
    ("unknown-keyword", 'types = ["action"]\nspeed = "fast"\nreserve_cost = 1',
     'types = ["action"]\nkeywords = ["haste"]\nspeed = "fast"\nreserve_cost = 1', "cards.bolt.keywords",
     'keywords = ["haste"]', "keyword 'haste' is not one the engine applies"),
    ("pride-needs-a-number", 'types = ["action"]\nspeed = "fast"\nreserve_cost = 1',
     'types = ["action"]\nkeywords = ["pride"]\nspeed = "fast"\nreserve_cost = 1', "cards.bolt.keywords",
     'keywords = ["pride"]', "keyword 'pride' takes a number"),
    ("start-in-combat", 'rules = "seed"', 'rules = "seed"\n\n[game]\nphase = "combat"', "game.phase",
     'phase = "combat"', "a combat phase begins with an attack action"),
]


@pytest.mark.parametrize("what,old,new,key,needle,words", BAD, ids=[b[0] for b in BAD])
def test_bad_scenario_file(run_cli, tmp_path, what, old, new, key, needle, words):
    check_bad_mutation(run_cli, tmp_path, BASE, old, new, key, needle, words)


def test_every_problem_is_listed_not_only_the_first(tmp_path):
    text = BASE.replace("reserve_cost = 1", 'reserve_cost = "one"').replace('target = "bob"', 'target = "dave"')
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InvalidScenario) as err:
        ga_play(sc.load(path), seed_book())
    keys = [r.key for r in err.value.reasons]
    assert keys == ["cards.bolt.reserve_cost", "actions.1.target"]
    assert all(r.line for r in err.value.reasons)


def test_bad_file_in_check_mode_is_a_failure_not_a_crash(run_cli, tmp_path):
    (tmp_path / "bad.toml").write_text(BASE.replace('hand = ["spare"]', 'hand = ["spare", "bolt"]'))
    (tmp_path / "good.toml").write_text(BASE)
    code, out, err = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    assert "[players.bob.hand]" in out


# ---------------------------------------------------------------------------------------------------------
# (f) behaviour: facts derived by the procedures, checked on variations of the base position
# ---------------------------------------------------------------------------------------------------------

def _facts(tmp_path, text):
    path = tmp_path / "s.toml"
    path.write_text(text)
    return ga_play(sc.load(path), seed_book())


def test_an_illegal_play_leaves_the_state_as_it_was(tmp_path):
    # three cards in hand can't pay a reserve cost of 5: every fact is as if nothing had been attempted
    idle = _facts(tmp_path, BASE.split("[[actions]]")[0]).facts
    tried = _facts(tmp_path, BASE.replace("reserve_cost = 1", "reserve_cost = 5")).facts
    assert tried["legal"] == {"bolt": False} and tried["illegal_because"] == {"bolt": "card-activation/1.8"}
    assert tried["instances"] == {} and tried["played"] == {} and tried["costs"] == {}
    for key in ("zones", "hand", "memory", "damage", "stack", "timestamps", "field"):
        assert tried[key] == idle[key], key


def test_reserve_payment_moves_exactly_the_cost_into_memory(tmp_path):
    for cost in (0, 1, 2):
        f = _facts(tmp_path, BASE.replace("reserve_cost = 1", f"reserve_cost = {cost}")).facts
        assert f["memory"]["alice"] == cost and f["hand"]["alice"] == 2 - cost
        assert f["costs"]["bolt"] == {"reserve": cost} and f["damage"]["bob"] == 2


def test_a_slow_card_needs_an_empty_stack(tmp_path):
    text = BASE.replace('hand = ["bolt", 2]', 'hand = ["bolt", "second", 2]') + """
[cards.second]
name = "Slow second spell"
types = ["action"]
speed = "slow"
reserve_cost = 0
effects = [{ do = "draw", amount = 1 }]
"""
    text = text.replace("[expect]", '[[actions]]\nplayer = "alice"\nactivate = "second"\n\n[expect]')
    out = _facts(tmp_path, text)
    assert out.facts["legal"] == {"bolt": True, "second": False}
    assert out.facts["illegal_because"]["second"] == "timing-and-permissions/fast-vs-slow/1.1"
    # the slow card is still in hand; the spell on the stack resolved afterwards
    assert out.facts["zones"]["second"] == "hand" and out.facts["damage"]["bob"] == 2


def test_stop_leaves_the_instance_pending(tmp_path):
    text = BASE.replace("[expect]", "[[actions]]\nstop = true\n\n[expect]")
    f = _facts(tmp_path, text).facts
    assert f["stack"] == ["bolt"] and f["cards_on_stack"] == ["bolt"] and f["damage"]["bob"] == 0
    assert f["played"]["bolt"] == {"method": "activation", "controller": "alice", "timestamp": 1}


def test_a_target_that_leaves_makes_the_spell_fizzle_but_the_card_still_leaves_the_stack(tmp_path):
    _, outcome = _outcome(SCENARIOS / "own-target-leaves-in-response-spell-fizzles.toml")
    f = outcome.facts
    assert f["fizzled"] == ["scorch"] and f["zones"]["scorch"] == "graveyard" and f["memory"]["alice"] == 2


def test_copy_of_an_object_activation_is_a_token_and_the_card_follows_the_non_copy_instance():
    _, with_original = _outcome(SCENARIOS / "playing-cards-9-instances-create-objects-from-the-source-card.toml")
    _, negated = _outcome(SCENARIOS / "playing-cards-9.2-negated-original-copy-becomes-a-token.toml")
    assert with_original.facts["zones"]["squire"] == "field"
    assert negated.facts["zones"]["squire"] == "graveyard"
    for outcome in (with_original, negated):
        assert outcome.facts["objects"]["squire.copy1"]["token"] is True


def test_answer_names_the_rules_that_decided():
    _, outcome = _outcome(SCENARIOS / "playing-cards-8-frostbind-banishes-the-card-copies-fizzle.toml")
    answer = " ".join(s for s, _ in outcome.summary)
    assert "negates the activation of Searing Blast [blast]" in answer
    assert "[blast.copy1] (a copy) fizzles" in answer
    cites = {c for _, cs in outcome.summary for c in cs}
    assert {"playing-cards/8", "game-terms/fizzle/3"} <= cites


# ---------------------------------------------------------------------------------------------------------
# (g) the engine is card-agnostic
# ---------------------------------------------------------------------------------------------------------

def _scenario_card_names() -> list[str]:
    names = set()
    for path in FILES:
        for card in tomllib.loads(path.read_text()).get("cards", {}).values():
            names.add(card.get("name", ""))
    return sorted(n for n in names if n)


def test_scenario_card_names_are_collected():
    names = _scenario_card_names()
    assert "Frostbind" in names and len(names) >= 20


def test_no_card_name_in_engine_source():
    sources = sorted(ENGINE.rglob("*.py"))
    assert len(sources) >= 3
    found = []
    names = _scenario_card_names()   # the scenarios read once
    for src in sources:
        found += [f"{src.relative_to(ROOT)}: {name}" for name in names_written_in(src.read_text(), names)]
    assert found == []


def test_card_name_search_would_find_a_name():
    text = 'if card.name == "frostbind":\n'
    assert re.search(r"(?<![A-Za-z])" + re.escape("Frostbind") + r"(?![A-Za-z])", text, re.IGNORECASE)
    assert names_written_in(text, ["Frostbind", "Frost"]) == ["Frostbind"]


# ---------------------------------------------------------------------------------------------------------
# (h) targets: count, necessary targets, state-based checks and Checking Resolution
# ---------------------------------------------------------------------------------------------------------

TWO_TARGETS = SCENARIOS / "own-two-targets-one-leaves-the-whole-spell-fizzles-on-resolution.toml"


def _twin(tmp_path, target_line: str, targets: str, sacrifice: bool = False):
    """The two-target scenario with its target table and declared targets replaced; Bob's response kept or not."""
    text = TWO_TARGETS.read_text().split("[expect]")[0]
    text = text.replace('target = { kind = "ally", count = 2 }', target_line)
    text = text.replace('targets = ["sprite", "golem"]', targets)
    if not sacrifice:
        text = text.split('[[actions]]\nplayer = "bob"')[0]
    return _facts(tmp_path, text)


def test_count_means_exactly_that_many_targets_unless_up_to(tmp_path):
    exactly = 'target = { kind = "ally", count = 2 }'
    up_to = 'target = { kind = "ally", count = 2, up_to = true }'
    cases = [
        (exactly, 'targets = ["golem"]', False, "Twin Bolts needs 2 targets (target ally), and only 1 is declared"),
        (exactly, "targets = []", False, "Twin Bolts needs 2 targets (target ally) and none is declared"),
        (exactly, 'targets = ["golem", "sprite", "golem"]', False, "Twin Bolts takes 2 targets, and 3 are declared"),
        (exactly, 'targets = ["golem", "golem"]', False, "Clay Golem is declared twice for Twin Bolts"),
        (exactly, 'targets = ["golem", "sprite"]', True, None),
        (up_to, 'targets = ["golem"]', True, None),
        (up_to, "targets = []", True, None),
        (up_to, 'targets = ["golem", "sprite", "golem"]', False, "Twin Bolts takes up to 2 targets, and 3 are declared"),
    ]
    for target_line, targets, legal, words in cases:
        out = _twin(tmp_path, target_line, targets)
        assert out.facts["legal"] == {"twin": legal}, (target_line, targets)
        if not legal:
            text = " ".join(st.text for st in out.trace.steps)
            assert words in text, text
            cause = out.facts["illegal_because"]["twin"]
            assert cause == ("objects-and-targeting/target/1.1" if "twice" in words else "card-activation/1.5")


def test_one_of_two_necessary_targets_leaves_the_card_fizzles_on_resolution_not_before():
    _, outcome = _outcome(TWO_TARGETS)
    f = outcome.facts
    assert f["fizzled"] == ["twin"] and f["resolved"]["twin"] is False
    assert f["objects"]["golem"]["damage"] == 0 and f["zones"]["twin"] == "graveyard"
    steps = outcome.trace.steps
    # state-based checks stop targeting the Sprite but do not fizzle the card: the Golem is still legal
    sbc = next(i for i, st in enumerate(steps) if st.text.startswith("State-based checks: Fleeting Sprite"))
    assert "does not fizzle now" in steps[sbc].text
    assert "state-based-checks-and-effects/general-rules/2.1" in steps[sbc].cites
    # the fizzle comes later, when the card begins to resolve, by Checking Resolution 1.4.1.1
    fizzle = next(i for i, st in enumerate(steps) if "fizzles" in st.text)
    assert fizzle > sbc and "resolution/checking-resolution/1.4.1.1" in steps[fizzle].cites
    assert steps[fizzle - 1].text.startswith("The top layer of the Effects Stack resolves: the activation of Twin")
    # the resolution check never claims the card's targets are still legal
    assert not [st.text for st in steps if st.text.startswith("Check resolution: the activation of Twin Bolts")]


def test_check_resolution_says_still_legal_only_of_targets_that_are(tmp_path):
    # both targets stay: the card resolves and the sentence names both, citing the rule it checked
    out = _twin(tmp_path, 'target = { kind = "ally", count = 2 }', 'targets = ["golem", "sprite"]')
    check = next(st for st in out.trace.steps if st.text.startswith("Check resolution"))
    assert "its targets (Clay Golem, Fleeting Sprite) are still legal" in check.text
    assert "resolution/checking-resolution/1.4.1" in check.cites


def test_up_to_targets_resolve_for_the_targets_still_legal():
    _, outcome = _outcome(SCENARIOS / "own-up-to-two-targets-one-leaves-the-other-is-still-hit.toml")
    assert outcome.facts["fizzled"] == [] and outcome.facts["objects"]["golem"]["damage"] == 2
    assert "resolution/checking-resolution/1.3" in outcome.citations()
    assert "resolution/checking-resolution/1.4.1.1" not in outcome.citations()


def test_all_targets_gone_fizzles_at_state_based_checks():
    _, outcome = _outcome(SCENARIOS / "own-target-leaves-in-response-spell-fizzles.toml")
    fizzle = next(st for st in outcome.trace.steps if "fizzles" in st.text)
    assert "its required target is now illegal" in fizzle.text
    assert "state-based-checks-and-effects/general-rules/2.1" in fizzle.cites


# ---------------------------------------------------------------------------------------------------------
# (i) messages and citations the blind review found wrong
# ---------------------------------------------------------------------------------------------------------

def test_reserve_shortfall_counts_named_and_unnamed_cards(tmp_path):
    text = BASE.replace('hand = ["bolt", 2]', 'hand = ["bolt", "extra", 1]').replace("reserve_cost = 1",
                                                                                  "reserve_cost = 4")
    text += '\n[cards.extra]\nname = "Extra"\ntypes = ["action"]\nreserve_cost = 0\n'
    out = _facts(tmp_path, text)
    assert out.facts["legal"] == {"bolt": False}
    text = " ".join(st.text for st in out.trace.steps)
    assert "The reserve cost is 4, but alice has only 2 other cards in hand to reserve." in text
    assert "(s)" not in text


def test_on_death_cites_the_way_the_ally_died():
    _, sacrificed = _outcome(SCENARIOS / "own-on-death-from-a-sacrifice-cost-resolves-before-the-ability.toml")
    placed = next(st for st in sacrificed.trace.steps if "triggered ability [martyr.2]" in st.text)
    assert "game-terms/sacrifice/3" in placed.cites and "game-terms/destruction/2.1" not in placed.cites
    assert "on top of the ability it was sacrificed for" in placed.text
    _, destroyed = _outcome(SCENARIOS / "abilities-p11-on-death-uses-last-known-power.toml")
    assert "game-terms/destruction/2.1" in destroyed.citations()
    _, banished = _outcome(SCENARIOS / "own-regalia-ally-banished-instead-does-not-die.toml")
    assert banished.facts["triggered"] == [] and "keywords-and-abilities/on-death/2" in banished.citations()
    assert not [st.text for st in banished.trace.steps if "graveyard and dies" in st.text]


def test_negated_2_1_is_cited_only_when_a_trigger_of_the_activation_remains():
    _, kept = _outcome(SCENARIOS / "own-negating-an-activation-leaves-the-trigger-it-caused.toml")
    assert "game-terms/negated/2.1" in kept.citations() and kept.facts["damage"]["alice"] == 1
    _, frostbind = _outcome(SCENARIOS / "playing-cards-8-frostbind-banishes-the-card-copies-fizzle.toml")
    assert "game-terms/negated/2.1" not in frostbind.citations()


def test_a_resolved_copy_becomes_a_token_by_the_copy_rules_not_tokens_4():
    cited = {c for p in FILES for c in _outcome(p)[1].citations()}
    assert "tokens/4" not in cited   # "copies created on the Effects Stack ... are not tokens"
    _, outcome = _outcome(SCENARIOS / "playing-cards-9.2-negated-original-copy-becomes-a-token.toml")
    token = next(st for st in outcome.trace.steps if "becomes a token" in st.text)
    assert {"copy/general-rules/2", "copy/copying-abilities-card-activations-and-materializations/4"} <= set(token.cites)


# ---------------------------------------------------------------------------------------------------------
# (i) the whole game: turns, combat, champions
# ---------------------------------------------------------------------------------------------------------

def test_the_format_docs_combat_example_is_a_scenario_that_passes():
    """docs/scenario-format-ga.md's combat example is the scenario file, byte for byte, and it passes."""
    doc = (ROOT / "docs" / "scenario-format-ga.md").read_text()
    block = re.search(r"```toml\n(.*?)```", doc[doc.index("## Combat"):], re.S).group(1)
    path = SCENARIOS / "own-an-intercepting-ally-retaliates-and-an-on-death-ability-resolves.toml"
    assert path.read_text() == block
    scenario, outcome = _outcome(path)
    assert_passes(path, outcome)
    facts = outcome.facts
    assert facts["triggered"] == ["guard.intercept", "guard.1"] and facts["damage"] == {"alice": 2, "bob": 0}
    assert facts["zones"]["guard"] == "graveyard" and facts["phase"] == "main"


COMBAT = (SCENARIOS / "attacking-and-the-combat-phase-1.4-an-ally-attack-rests-it-and-deals-its-power.toml").read_text()
LANCER = (SCENARIOS / "attack-declaration-declaring-an-attack-1.4-must-attack-but-may-refuse-the-extra-cost.toml"
          ).read_text()


def _play_text(tmp_path, text: str):
    path = tmp_path / "s.toml"
    path.write_text(text)
    return ga_play(sc.load(path), seed_book())


def test_passing_without_attempting_a_required_attack_is_refused(tmp_path):
    text = LANCER.split("[[actions]]")[0] + "[[actions]]\npass = true\n"
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    assert "must attempt to declare an attack with Fervent Lancer" in str(err.value)
    assert err.value.reasons[0].cite == "attack-declaration/declaring-an-attack/1.4"


def test_retaliating_outside_combat_is_refused(tmp_path):
    text = COMBAT.split("[[actions]]")[0] + '[[actions]]\nplayer = "bob"\nretaliate = "bob"\n'
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    assert "no combat is at its retaliation step" in str(err.value)


def test_no_action_after_the_game_is_over(tmp_path):
    text = COMBAT.replace("damage = 4", "damage = 18").split("[expect]")[0] + "[[actions]]\npass = true\ntimes = 5\n"
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    assert "the game is over" in str(err.value)


def test_an_attack_by_the_non_turn_player_is_refused(tmp_path):
    # bob's champion as a card on his field, so that the attack names a unit that could attack
    text = COMBAT.replace('attack = "knight"', 'player = "bob"\nattack = "bob"').replace(
        'target = "bob"', 'target = "alice"').replace('damage = 4\n', 'damage = 4\nfield = ["mage"]\n').replace(
        "[cards.knight]", '[cards.mage]\nname = "Mage"\ntypes = ["champion"]\nlife = 20\n\n[cards.knight]')
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    assert "attacks are slow player actions" in str(err.value)


def test_an_attack_by_a_champion_only_named_in_players_is_a_load_error(tmp_path):
    """`champion = "Warrior"` names the champion; attack = "alice" needs her champion card on the field."""
    text = COMBAT.replace('attack = "knight"', 'attack = "alice"')
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    reason = err.value.reasons[0]
    assert reason.code == "no-champion-card" and reason.key == "actions.1.attack"
    assert "only names the champion" in reason.message and reason.cite == "attack-declaration/declaring-an-attack/2.1"
    # described as a card on her field, the champion attacks with its power
    described = text.replace('field = ["knight"]', 'field = ["warrior", "knight"]').replace(
        "[cards.knight]", '[cards.warrior]\nname = "Warrior"\ntypes = ["champion"]\nlife = 20\npower = 2\n\n'
        "[cards.knight]")
    outcome = _play_text(tmp_path, described.split("[expect]")[0])
    assert outcome.facts["legal"] == {"attack:alice": True} and outcome.facts["damage"]["bob"] == 6


def test_combat_damage_is_simultaneous_and_cited_step_by_step():
    path = SCENARIOS / "retaliation-step-3-the-defending-ally-rests-to-retaliate-both-die.toml"
    _, outcome = _outcome(path)
    texts = [s.text for s in outcome.trace.steps]
    dealt = [i for i, t in enumerate(texts) if "combat damage to" in t]
    died = [i for i, t in enumerate(texts) if t.endswith("it dies.")]
    assert len(dealt) == 2 and len(died) == 2 and max(dealt) < min(died)   # both dealt before either dies
    cited = outcome.citations()
    for rule in ("retaliation-step/2", "retaliation-step/3", "damage-step/1", "damage-step/3", "end-of-combat-step/1.3",
                 "end-of-combat-step/2"):
        assert rule in cited


def test_the_least_damage_order_of_replacement_effects_is_chosen():
    path = SCENARIOS / "damage-step-4-the-defending-player-orders-prevention-before-doubling.toml"
    _, outcome = _outcome(path)
    order = next(s.text for s in outcome.trace.steps if "order of their choice" in s.text)
    assert order.index("prevents 1") < order.index("doubles it") < order.index("adds 1")
    assert outcome.facts["damage"]["bob"] == 5


@pytest.mark.parametrize("keyword", ["imbue 1", "agility 1", "link", "preserve"])
def test_glossary_keywords_the_engine_does_not_play_are_refused(tmp_path, keyword):
    text = COMBAT.replace("power = 3\n", f'power = 3\nkeywords = ["{keyword}"]\n', 1)
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, text)
    assert "does not model" in str(err.value) and err.value.reasons[0].key == "cards.knight.keywords"


def test_keyword_rules_exist_in_the_full_document(corpus):
    from judge.engine.grand_archive.keywords import KEYWORDS
    assert [k.rule for k in KEYWORDS.values() if k.rule not in corpus.rules] == []


def test_the_new_scenarios_cover_turns_combat_and_champions():
    """At least 30 scenarios of the whole game, a quarter of them combining several mechanisms."""
    pages = ("turn-order", "wake-up-phase", "materialize-phase", "recollection-phase", "draw-phase", "main-phase",
             "end-phase", "ending-phases", "skipping-phases", "attacking-and-the-combat-phase", "attack-declaration",
             "retaliation-step", "damage-step", "end-of-combat-step", "champion", "keywords-and-abilities",
             "ending-the-game", "objectives", "weapon", "damage-prevention", "counters", "attack")
    whole = []
    for path in FILES:
        cited = _outcome(path)[1].citations()
        if any(_page(c) in pages[:14] or _page(c) in ("ending-the-game", "objectives") for c in cited):
            whole.append((path, {_page(c) for c in cited if _page(c) in pages}))
    assert len(whole) >= 30
    combined = [p for p, used in whole if len(used) >= 4]
    assert len(combined) * 4 >= len(whole)


CLEAVE = (SCENARIOS / "keywords-and-abilities-cleave-1.2-a-cleave-attack-hits-every-attackable-object.toml").read_text()
CRITICAL = (SCENARIOS / "keywords-and-abilities-critical-n-1-critical-damage-is-doubled-unless-an-opponent-discards.toml"
            ).read_text()


def test_a_cleave_attack_names_a_player_not_an_object(tmp_path):
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, CLEAVE.replace('target = "bob"', 'target = "guard"'))
    assert "an attack with cleave is declared by selecting a player" in str(err.value)
    assert err.value.reasons[0].cite == "keywords-and-abilities/cleave/1.2"


def test_critical_on_a_cleave_attack_with_several_defenders_is_refused(tmp_path):
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, CLEAVE.replace('keywords = ["cleave"]', 'keywords = ["cleave", "critical 1"]'))
    assert "critical on an attack dealing damage to several defenders at once" in str(err.value)


def test_a_discard_for_critical_is_not_doubled_and_costs_the_cards(tmp_path):
    outcome = _play_text(tmp_path, CRITICAL.replace("[expect]", '[[actions]]\nplayer = "bob"\ncritical = "discard"'
                                                    '\n\n[expect]', 1))
    assert outcome.facts["damage"]["bob"] == 3 and outcome.facts["hand"]["bob"] == 1


def test_critical_takes_only_the_word_discard(tmp_path):
    with pytest.raises(InvalidScenario) as err:
        _play_text(tmp_path, CRITICAL.replace("[expect]", '[[actions]]\nplayer = "bob"\ncritical = "yes"'
                                              '\n\n[expect]', 1))
    assert err.value.reasons[0].key == "actions.2.critical"
