"""The Flesh and Blood engine over the scenario suite (what every game shares — the suite passes, --check, good
and bad files — is run by tests/test_games.py): every citation exists in the CR,
CR examples name rules that have examples, `judge resolve --check`, bad scenario files, card-agnosticism."""

import json
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.rulebook.formats import numbered

from conftest import ROOT, RULES, corpus_file, names_written_in, played
from scenario_checks import assert_passes, check_bad_mutation, check_good_file, line_of, resolve_bad_file

SCENARIOS = ROOT / "scenarios" / "fab"
FILES = sorted(SCENARIOS.glob("*.toml"))
ENGINE = ROOT / "judge" / "engine"


@lru_cache(maxsize=None)
def _outcome(path: Path):
    return played(path)     # played once a session, shared with the harness and the citation audits


@lru_cache(maxsize=1)
def _seed_book():
    """The embedded FaB seed (CR 2.10.1 chapters 5 and 7), parsed straight from rules/."""
    files = [RULES / "000_a36789f275d725a6.txt", RULES / "001_c7307d4e5fb55f12.txt"]
    return numbered.parse([(str(p), p.read_bytes()) for p in files], game="fab", version="2.10.1")


# ---------------------------------------------------------------------------------------------------------
# (a) the suite passes
# ---------------------------------------------------------------------------------------------------------

def test_the_suite_is_not_empty():
    assert len(FILES) >= 40
    assert len([p for p in FILES if p.name.startswith("own-")]) >= 15


# ---------------------------------------------------------------------------------------------------------
# (b) every citation is a rule of FaB CR 2.10.1
# ---------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def full_cr():
    path = corpus_file("fab", "en-fab-cr-2.10.1.txt")
    return numbered.parse([(str(path), path.read_bytes())], game="fab", version="2.10.1")


def test_full_cr_is_the_whole_document(full_cr):
    assert len(full_cr) == 1225
    assert "7.5.5b" in full_cr.rules and "8.3.4a" in full_cr.rules and "1.10.3" in full_cr.rules


def test_every_citation_the_engine_emits_exists_in_the_cr(full_cr):
    unknown = {}
    for path in FILES:
        _, outcome = _outcome(path)
        cited = outcome.citations()
        assert cited, f"{path.name} cites nothing"
        missing = [c for c in cited if c not in full_cr.rules]
        if missing:
            unknown[path.name] = missing
    assert unknown == {}


def test_every_expected_citation_exists_in_the_cr(full_cr):
    unknown = {p.name: [c for c in sc.load(p).expect.get("cites", []) if c not in full_cr.rules] for p in FILES}
    assert {k: v for k, v in unknown.items() if v} == {}


def test_an_unknown_citation_would_be_caught(full_cr):
    # the check above can fail: a made-up id and a prefix of a real one are not rules
    assert "7.5.5z" not in full_cr.rules
    assert "7.5.5b." not in full_cr.rules


# ---------------------------------------------------------------------------------------------------------
# (c) scenarios that encode a CR example name a rule with an Example:
# ---------------------------------------------------------------------------------------------------------

EXAMPLE_FILES = [p for p in FILES if sc.load(p).example_of]


def test_some_scenarios_encode_cr_examples():
    assert len(EXAMPLE_FILES) >= 30


@lru_cache(maxsize=1)
def _full_book():
    """The whole FaB CR 2.10.1 from ../shared/corpora (skips when absent)."""
    path = corpus_file("fab", "en-fab-cr-2.10.1.txt")
    return numbered.parse([(str(path), path.read_bytes())], game="fab", version="2.10.1")


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_of_names_a_rule_with_an_example(path):
    rule_id = sc.load(path).example_of
    # the seed holds chapters 5 and 7; the examples of the other chapters are checked in the full CR
    rule = _seed_book().get(rule_id) if rule_id.split(".")[0] in ("5", "7") else _full_book().get(rule_id)
    assert rule is not None, f"{path.name}: example_of = {rule_id!r} is not a rule of the CR"
    assert rule.examples, f"{path.name}: rule {rule_id} has no Example: paragraph"
    # a blind writer's file keeps its own name behind the round's prefix (blind3-…)
    assert path.name.startswith(rule_id + "-") or path.name.startswith("blind"), \
        "a CR example scenario is named after its rule"


def test_rules_without_examples_exist_in_the_seed():
    # the check above is not vacuous: 7.5.5 and 5.1.7a have no Example: paragraph
    assert _seed_book().get("7.5.5").examples == []
    assert _seed_book().get("5.1.7a").examples == []


# ---------------------------------------------------------------------------------------------------------
# (d) judge resolve --check and --json
# ---------------------------------------------------------------------------------------------------------

def test_resolve_one_file_json(run_cli):
    path = SCENARIOS / "7.5.5b-prevented-damage-is-not-a-hit.toml"
    code, out, _ = run_cli("resolve", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert {"file", "title", "question", "game", "rules", "summary", "trace", "facts", "citations", "passed",
            "mismatches", "missing_cites"} <= set(data)
    assert data["game"] == "fab" and data["rules"] == "FaB CR 2.10.1"
    assert data["passed"] is True and data["mismatches"] == [] and data["missing_cites"] == []
    assert [s["n"] for s in data["trace"]] == list(range(1, len(data["trace"]) + 1))
    assert all(set(s) == {"n", "phase", "text", "cites", "changes"} for s in data["trace"])
    assert data["facts"]["hit"] is False and data["facts"]["life"]["bob"] == 20
    assert "7.5.5b" in data["citations"]
    assert all({"text", "cites", "key_cites", "step_cites"} == set(s) for s in data["summary"])
    assert all(s["cites"] == s["key_cites"] + s["step_cites"] for s in data["summary"])


def test_resolve_one_file_text(run_cli):
    path = SCENARIOS / "own-partial-prevention-still-hits.toml"
    code, out, _ = run_cli("resolve", str(path))
    assert code == 0
    assert out.splitlines()[0].endswith("—  FaB CR 2.10.1")
    assert "Answer:" in out and "Does not match" not in out


def test_check_reports_a_failing_expectation(run_cli, tmp_path):
    text = (SCENARIOS / "own-partial-prevention-still-hits.toml").read_text()
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace("life = { bob = 19 }", "life = { bob = 17 }"))
    code, out, _ = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1
    assert out.splitlines()[-1] == "0 passed, 1 failed"
    assert "life.bob: expected 17, got 19" in out


# ---------------------------------------------------------------------------------------------------------
# (e) bad scenario files: one line with file, line and key; exit 2; no traceback
# ---------------------------------------------------------------------------------------------------------

BASE = """\
[scenario]
title = "A four-power attack against a three-defense card"
question = "How much damage?"
game = "fab"
rules = "2.10.1"

[players.alice]
hero = "Attacker"

[players.bob]
hero = "Defender"

[cards.strike]
name = "Four-power attack"
owner = "alice"
types = ["action"]
subtypes = ["attack"]
cost = 0
power = 4
defense = 2

[cards.block]
name = "Block"
owner = "bob"
types = ["action"]
defense = 3

[cards.spare]
name = "Spare card"
owner = "bob"
types = ["action"]
defense = 1

[[actions]]
player = "alice"
play = "strike"

[[actions]]
player = "bob"
defend = ["block"]

[expect]
damage = 1
"""


def test_base_scenario_is_good(run_cli, tmp_path):
    check_good_file(run_cli, tmp_path, BASE, 'deals 1 damage')


BAD = [
    # (what, replace old, by new, key in the message, line needle in the bad text, words in the message)
    ("toml-syntax", 'rules = "2.10.1"', 'rules = "2.10.1', None, 'rules = "2.10.1', "TOML syntax error"),
    ("unknown-top-level", "[expect]", "[board]\nsize = 2\n\n[expect]", "board", "[board]", "unknown table [board]"),
    ("unknown-scenario-key", 'game = "fab"', 'game = "fab"\nauthor = "me"', "scenario.author", "author =",
     "unknown key 'author'"),
    ("unknown-card-key", "power = 4", "power = 4\nrange = 2", "cards.strike.range", "range = 2",
     "unknown key 'range' for a card"),
    ("unknown-action-key", 'play = "strike"', 'play = "strike"\nspeed = "fast"', "actions.1.speed", "speed =",
     "unknown key 'speed' in an action"),
    ("wrong-type", "power = 4", 'power = "six"', "cards.strike.power", 'power = "six"',
     "must be a whole number, not str 'six'"),
    ("owner-not-a-player", 'name = "Spare card"\nowner = "bob"', 'name = "Spare card"\nowner = "carol"',
     "cards.spare.owner", 'owner = "carol"', "owner 'carol' is not a player"),
    ("no-such-card", 'play = "strike"', 'play = "strik"', "actions.1.play", 'play = "strik"',
     "no card 'strik' in [cards]"),
    ("no-such-target", 'play = "strike"', 'play = "strike"\ntarget = "dave"', "actions.1.target", 'target = "dave"',
     "target 'dave' is neither a player nor a card"),
    ("defend-without-attack", '[[actions]]\nplayer = "alice"\nplay = "strike"\n\n', "", "actions.1",
     '[[actions]]', "no attack to defend"),
    ("bad-zone", 'name = "Block"\nowner = "bob"', 'name = "Block"\nowner = "bob"\nzone = "hnad"', "cards.block.zone",
     'zone = "hnad"', "not 'hnad'"),
    ("duplicate-handle", "[cards.spare]", "[cards.block]", None, "[cards.block]\nname = \"Spare card\"",
     "TOML syntax error: Cannot declare ('cards', 'block') twice"),
    ("unknown-effect-primitive", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\non = "hit"\n'
     'effects = [{ do = "drew", amount = 1 }]\n', "cards.strike.abilities.1.effects.1", "effects = [{ do",
     "do = 'drew' is not an effect primitive (did you mean 'draw'?)"),
    ("unknown-event", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\non = "hits"\n'
     'effects = [{ do = "draw" }]\n', "cards.strike.abilities.1.on", 'on = "hits"',
     "on = 'hits' is not an event the engine knows (did you mean 'hit'?)"),
    ("unknown-condition", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "static"\n'
     'while = { defnding = true }\neffect = { do = "modify", stat = "power", by = 1 }\n',
     "cards.strike.abilities.1.while", "while = {", "unknown condition 'defnding' (did you mean 'defending'?)"),
    ("unknown-effect-field", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\non = "hit"\n'
     'effects = [{ do = "draw", amont = 1 }]\n', "cards.strike.abilities.1.effects.1", "effects = [{ do",
     "unknown field 'amont' for do = \"draw\" (did you mean 'amount'?)"),
    ("not-equipment-in-equipment-zone", 'name = "Block"\nowner = "bob"', 'name = "Block"\nowner = "bob"\nzone = "equipment"',
     "cards.block.zone", 'zone = "equipment"', "is neither an equipment nor a weapon"),
    ("non-permanent-in-arena", 'name = "Block"\nowner = "bob"', 'name = "Block"\nowner = "bob"\nzone = "arena"',
     "cards.block.zone", 'zone = "arena"', "is not a permanent"),
    ("attack-target-not-declared", '[players.bob]\nhero = "Defender"\n',
     '[players.bob]\nhero = "Defender"\n\n[players.carol]\nhero = "Third"\n', "actions.1", '[[actions]]',
     "the attack can target bob, carol: the action must declare target (1.4.5)"),
    ("keyword-not-played", "power = 4", 'power = 4\nkeywords = ["modular"]', "cards.strike.keywords",
     'keywords = ["modular"]', "the keyword 'modular' (8.3.30) is not modelled by this engine"),
    ("keyword-misspelt", "power = 4", 'power = 4\nkeywords = ["go agian"]', "cards.strike.keywords",
     'keywords = ["go agian"]', "'go agian' is not a keyword FaB CR 2.10.1 defines (did you mean 'go again', 8.3.5?)"),
    ("trigger-target-undeclared", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "destroy", what = "target" }]\n', "cards.strike.abilities.1", "[[cards.strike.abilities]]",
     "the ability does not say what it targets"),
    ("condition-without-its-event", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "static"\n'
     'while = { damage_at_least = 4 }\neffect = { do = "modify", stat = "power", by = 1 }\n',
     "cards.strike.abilities.1.while", "while = {", "the condition 'damage_at_least' reads the amount of the event"),
    ("condition-the-event-lacks", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "combat-chain-closes"\nif = { card = { types = ["action"] } }\neffects = [{ do = "draw" }]\n',
     "cards.strike.abilities.1.if", "if = {", "the event on = \"combat-chain-closes\" does not carry it"),
    ("hero-target-without-a-target", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "play"\nif = { target_is_hero = true }\neffects = [{ do = "draw" }]\n',
     "cards.strike.abilities.1.if", "if = {", "the condition 'target_is_hero' reads the target of the event"),
    ("gained-keyword-not-played", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "gain-keyword", keyword = "ambush", to = "self" }]\n',
     "cards.strike.abilities.1.effects.1.keyword", "effects = [{ do", "the keyword 'ambush' (8.3.28) is not modelled"),
    ("effect-keyword-listed", "power = 4", 'power = 4\nkeywords = ["opt 2"]', "cards.strike.keywords",
     'keywords = ["opt 2"]', "'opt' (8.5.22) is an effect, not a keyword ability a card has: write it as an effect"),
    ("ability-keyword-gained", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "gain-keyword", keyword = "blood debt", to = "self" }]\n',
     "cards.strike.abilities.1.effects.1.keyword", "effects = [{ do",
     "gaining 'blood debt' (8.3.11) from an effect is not modelled"),
    # every selector key's value is checked, wherever the selector is (an effect cost's ``what`` included)
    ("selector-zone-unknown", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "activated"\n'
     'type = "instant"\neffect_cost = [{ do = "destroy", what = { zone = "inventory" } }]\neffects = [{ do = "draw" }]\n',
     "cards.strike.abilities.1.effect_cost.1.what.zone", "effect_cost = [",
     "a selector's zone must be one of hand, arsenal"),
    ("selector-controller-unknown", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "destroy", what = { types = ["aura"], controller = "carol" } }]\n',
     "cards.strike.abilities.1.effects.1.what.controller", "effects = [{ do",
     "a selector's controller must be you, opponent or a player (alice, bob), not 'carol'"),
    ("selector-keyword-unknown", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "static"\n'
     'effect = { do = "modify", stat = "power", by = 1, to = { any_of = [{ keyword = "go agian" }] } }\n',
     "cards.strike.abilities.1.effect.to.any_of.1.keyword", "effect = {",
     "a selector's keyword must be a keyword the engine knows, not 'go agian'"),
    ("selector-key-in-what", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "banish", what = { zone = "graveyard", colour = "red" } }]\n',
     "cards.strike.abilities.1.effects.1.what.colour", "effects = [{ do",
     "unknown selector key 'colour'"),
    ("restrict-names-nothing", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "restrict", who = "opponent" }]\n', "cards.strike.abilities.1.effects.1",
     "effects = [{ do", "a restriction names what it bars"),
    ("supertype-unknown", "defense = 2\n", 'defense = 2\n[[cards.strike.abilities]]\nkind = "trigger"\n'
     'on = "hit"\neffects = [{ do = "gain-supertypes", supertypes = ["dracnic"], to = "self" }]\n',
     "cards.strike.abilities.1.effects.1.supertypes", "effects = [{ do",
     "'dracnic' is not a class or talent supertype (did you mean 'draconic'?)"),
]


@pytest.mark.parametrize("what,old,new,key,needle,words", BAD, ids=[b[0] for b in BAD])
def test_bad_scenario_file(run_cli, tmp_path, what, old, new, key, needle, words):
    # a duplicate table header is reported on the line of the second header
    line = line_of(BASE.replace(old, new, 1), "Spare card") - 1 if "\n" in needle else None
    check_bad_mutation(run_cli, tmp_path, BASE, old, new, key, needle, words, line=line)


def test_playing_a_card_no_effect_created_is_an_error(run_cli, tmp_path):
    # Biting Breeze creates its Crouching Tiger only when it hits; blocked, it creates none, and an action playing
    # the card is refused at that action (8.5.2)
    text = (ROOT / "scenarios" / "fab" / "card-biting-breeze-blocked-creates-no-tiger.toml").read_text()
    bad = text.replace('defend = ["snatch", "jab"]\n', 'defend = ["snatch", "jab"]\n\n[[actions]]\nplayer = "alice"\n'
                       'play = "crouching-tiger"\n')
    assert bad != text
    path, err = resolve_bad_file(run_cli, tmp_path, bad)
    assert "no card 'crouching-tiger' was created before this action" in err and "actions.3" in err


def test_a_card_created_outside_a_hand_or_banished_zone_is_refused(run_cli, tmp_path):
    text = (ROOT / "scenarios" / "fab" / "card-companion-of-the-claw-yellow-pitched-no-tiger.toml").read_text()
    bad = text.replace('zone = "hand" }]', 'zone = "deck" }]')
    assert bad != text
    path, err = resolve_bad_file(run_cli, tmp_path, bad)
    assert "cards.companion.abilities.1.effects.1.zone" in err and "'deck'" in err


def test_opt_naming_a_card_not_looked_at_is_an_error(run_cli, tmp_path):
    text = (ROOT / "scenarios" / "fab" / "card-whisper-of-the-oracle-opt.toml").read_text()
    bad = text.replace('opt = { top = ["sigil"], bottom = ["snatch"] }', 'opt = { top = ["sigil", "assault"] }')
    assert bad != text
    path, err = resolve_bad_file(run_cli, tmp_path, bad)
    assert "opt puts back exactly the cards looked at (snatch, sigil), each once" in err and "actions.1.opt" in err


def test_two_helmets_are_an_impossible_position(run_cli, tmp_path):
    text = BASE.replace('name = "Block"\nowner = "bob"\ntypes = ["action"]',
                        'name = "Block"\nowner = "bob"\nzone = "equipment"\ntypes = ["equipment"]\nsubtypes = ["head"]')
    text = text.replace('name = "Spare card"\nowner = "bob"\ntypes = ["action"]',
                        'name = "Spare card"\nowner = "bob"\nzone = "equipment"\ntypes = ["equipment"]\nsubtypes = ["head"]')
    path, err = resolve_bad_file(run_cli, tmp_path, text)
    assert "bob has 2 head equipment equipped (Block, Spare card): a head zone holds one object (3.10.2)" in err


def test_bad_file_in_check_mode_is_a_failure_not_a_crash(run_cli, tmp_path):
    (tmp_path / "bad.toml").write_text(BASE.replace("power = 4", 'power = "six"'))
    (tmp_path / "good.toml").write_text(BASE)
    code, out, err = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    assert f"bad.toml:{line_of(BASE, 'power = 4')}: [cards.strike.power]" in out


def test_missing_file_is_oneline_of(run_cli, tmp_path):
    code, out, err = run_cli("resolve", str(tmp_path / "absent.toml"))
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert "absent.toml" in err and "no such file" in err


# ---------------------------------------------------------------------------------------------------------
# (f) the engine is card-agnostic
# ---------------------------------------------------------------------------------------------------------

# card names from the Example: paragraphs of CR 2.10.1 chapters 5 and 7
CR_EXAMPLE_CARDS = [
    "Feign Death", "Blinding Beam", "Command and Conquer", "Snap Shot", "Tri-shot", "Mutated Mass",
    "Goliath Gauntlet", "Tome of Torment", "Twinning Blade", "Blood on Her Hands", "Vigorous Windup", "Shiyana",
    "Merciful Retribution", "Yinti Yanti", "Heave", "Blood Debt", "The Librarian", "Double Strike", "Uzuri",
    "Surging Militia", "Inertia Trap", "Amulet of Havencall", "Rally the Rearguard", "Quickdodge Flexors",
    "Head Jab", "Bone Basher", "Dracai of Aesir", "Dread Triptych", "Exude Confidence", "Flic Flak",
    "Bastion of Unity", "Apocalypse Automaton", "Stamp Authority", "Luminaris", "Spectral Shield",
    "Lead the Charge", "Null||Shock",
]


def test_example_card_names_come_from_the_examples():
    examples = " ".join(e for r in _seed_book() for e in r.examples)
    # every name but "Lead the Charge" (a 1.13.2b example, outside the seed) is in the seed's examples
    absent = [n for n in CR_EXAMPLE_CARDS if n.lower() not in examples.lower()]
    assert absent == ["Lead the Charge"]


# names that are also keywords of the rules (8.3.11 Blood Debt, 8.3.18 Heave): the keyword table names them
KEYWORD_NAMES = {"Heave", "Blood Debt"}


def test_no_card_name_in_engine_source():
    sources = sorted(ENGINE.rglob("*.py")) + sorted((ROOT / "judge" / "scenarios").glob("*.py"))
    assert len(sources) >= 5
    found = []
    for src in sources:
        names = [name for name in CR_EXAMPLE_CARDS   # keyword rules by name
                 if not (name in KEYWORD_NAMES and src.name in ("keywords.py", "cited.py"))]
        found += [f"{src.relative_to(ROOT)}: {name}" for name in names_written_in(src.read_text(), names)]
    assert found == []


# names a rule itself uses in a keyword's definition (8.3.27 Rune Gate: "Runechants"): the keyword table says them
RULE_NAMED = {"Runechant": ("keywords.py", "cited.py"), "Seismic Surge": ("heave_grammar.py",)}   # tokens rules name (8.6, 8.3.18)


def _real_card_names_in_scenarios() -> set[str]:
    """The printed names of every real card a FaB scenario names with ``card = …`` (colour dropped)."""
    names = set()
    for path in (ROOT / "scenarios" / "fab").glob("*.toml"):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("cards", {}).values():
            if isinstance(card, dict) and isinstance(card.get("card"), str):
                names.add(re.sub(r"\s*\((?:red|yellow|blue)\)$", "", card["card"]))
    return names


def test_no_real_card_name_in_engine_or_compiler_source():
    """The engine and the card-text compiler are card-agnostic: no real card the scenarios use is named in their
    code, comments or docstrings (written as printed: "Snatch", not the word "snatch")."""
    names = sorted(n for n in _real_card_names_in_scenarios() if len(n) >= 4)
    assert len(names) > 100
    found = []
    for src in sorted(ENGINE.rglob("*.py")) + sorted((ROOT / "judge" / "cards").glob("*.py")):
        text = src.read_text(encoding="utf-8")
        for name in names:
            if src.name in RULE_NAMED.get(name, ()):
                continue
            # the pattern needs the name's own letters, as printed: only a text holding them is searched
            if name in text and re.search(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z])", text):
                found.append(f"{src.relative_to(ROOT)}: {name}")
    assert found == []


def test_card_name_search_would_find_a_name(tmp_path):
    # the search above is not vacuous: it finds a name written in any case inside code
    text = 'if card.name == "feign death":\n'
    assert re.search(r"(?<![A-Za-z])" + re.escape("Feign Death") + r"(?![A-Za-z])", text, re.IGNORECASE)
    assert names_written_in(text, ["Feign Death", "Feig"]) == ["Feign Death"]


# ---------------------------------------------------------------------------------------------------------
# (g) the README's resolve examples print what the README shows
# ---------------------------------------------------------------------------------------------------------

def test_readme_resolve_examples_are_real_output(tmp_path):
    """Every README console block that runs `judge resolve` (and shows whole output) prints what it shows."""
    import os
    import re
    import subprocess
    import sys

    (tmp_path / "scenarios").symlink_to(ROOT / "scenarios")
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    checked = 0
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        if "judge resolve" not in block or "…" in block:
            continue
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, expected = chunk.partition("\n")
            run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True)
            assert (run.stderr + run.stdout).rstrip("\n") == expected.rstrip("\n"), command
            checked += 1
    assert checked >= 5


def test_the_documented_complete_example_passes(tmp_path):
    """docs/scenario-format.md's worked example is a real scenario: it plays and meets its [expect]."""
    import re

    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    example = re.search(r"## A complete example\n\n```toml\n(.*?)```", text, re.S).group(1)
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    scenario = sc.load(path)
    outcome = sc.play(scenario, sc.rulebook_for(scenario))
    assert_passes(path, outcome)
    assert outcome.facts["hit"] is False and outcome.facts["life"]["bob"] == 20
