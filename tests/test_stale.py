"""`judge stale`: citations of scenarios that changed between FaB CR 2.10.1 and 2026-02 (judge.scenarios.stale)."""

import json
import re
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.rulebook import store
from judge.rulebook.model import Rulebook
from judge.scenarios.stale import check, cited_rules

from conftest import ROOT, corpus_file, judge_env

SCENARIOS = ROOT / "scenarios" / "fab"
TWO_TRIGGERS = "scenarios/fab/7.2.4-two-attack-triggers.toml"
TWO_TARGETS = "scenarios/fab/7.3.2f-two-attack-targets.toml"
SPLIT_CARD = "scenarios/fab/5.1.2c-split-card-side-declared.toml"

# A scenario the engine plays and that passes under both versions; it cites 7.0.3b, whose text 2026-02
# rewrites (a chain link stays the active chain link until it resolves), and 7.5.5, which is unchanged.
HIT = """\
[scenario]
title = "An undefended attack hits"
question = "Does a 4-power attack nobody defends hit?"
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

[[actions]]
player = "alice"
play = "strike"

[expect]
hit = true
damage = 4
life = { bob = 16 }
cites = ["7.0.3b", "7.5.5"]
"""

# Only declared citations (no board: the engine cannot play it): the two rules 2026-02 renumbers when it
# inserts a new 4.4.3d, a removed rule, a punctuation-only rewording, and an id no version has.
RENUMBERED = """\
[scenario]
title = "End of turn: draw up to intellect"
game = "fab"
rules = "2.10.1"
example_of = "4.4.3e"

[expect]
cites = ["4.4.3d", "2.1.3", "1.1.3", "9.9.9"]
"""

COSMETIC_ONLY = """\
[scenario]
title = "A rule reworded in punctuation only"
game = "fab"
rules = "2.10.1"

[expect]
cites = ["1.1.3"]
"""


_RUNS: dict = {}


@pytest.fixture(autouse=True, scope="module")
def each_scenario_played_once():
    """Within this module, each scenario file (path and text) is played once under each document: the
    report's API and the command go over the same ~500 scenarios against the same two versions in a dozen
    tests. Loading, diffing, the reviews, the counting and the wording are run by every test as before;
    the tests writing their own scenarios have their own texts, hence their own plays."""
    from judge.scenarios import stale as stale_mod

    real = stale_mod.play

    def play(scenario, book):
        key = (str(Path(scenario.path).resolve()), scenario.text, book.name, book.cite_prefix, len(book.rules))
        run = _RUNS.get(key)
        if run is None:
            run = _RUNS[key] = real(scenario, book)
        return run

    stale_mod.play = play
    try:
        yield
    finally:
        stale_mod.play = real
        _RUNS.clear()


@pytest.fixture(scope="module")
def fab_home(tmp_path_factory):
    """A store with FaB CR 2.10.1 and 2026-02 imported, shared by the tests of this module."""
    old, new = corpus_file("fab", "en-fab-cr-2.10.1.txt"), corpus_file("fab", "en-fab-cr-2026-02.txt")
    home = tmp_path_factory.mktemp("stale-home")
    with judge_env(home, tmp_path_factory.getbasetemp() / "judge-cache"):
        store.import_document(str(old), "fab", "2.10.1")
        store.import_document(str(new), "fab", "2026-02")
    return home


@pytest.fixture
def versions(fab_home, monkeypatch):
    monkeypatch.setenv("JUDGE_HOME", str(fab_home))
    monkeypatch.chdir(ROOT)   # the scenarios are named as the README names them: scenarios/fab/...
    return fab_home


@pytest.fixture(scope="module")
def real_report(fab_home, tmp_path_factory):
    """The report of every scenario in scenarios/fab against 2026-02 (API, computed once), as if no judge had
    reviewed any change (the reviews are tested on their own below)."""
    with judge_env(fab_home, tmp_path_factory.getbasetemp() / "judge-cache"):
        new = store.load(store.resolve("fab-2026-02"))
        return check(sc.find_scenarios(SCENARIOS), new, reviews={})


@pytest.fixture(scope="module")
def no_reviews(tmp_path_factory):
    """An empty folder of reviews: ``judge stale --reviews`` it to see every change unreviewed."""
    return str(tmp_path_factory.mktemp("no-reviews"))


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def block(out: str, path: str) -> list[str]:
    """The lines of one scenario's block in the text output."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(path))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def by_id(checked):
    return {c.rule_id: c for c in checked.citations}


# ---------------------------------------------------------------------------------------------------------
# the real scenarios
# ---------------------------------------------------------------------------------------------------------

def test_real_scenarios_cite_rules_2026_02_rewrote(real_report):
    checks = {Path(c.path).name: c for c in real_report.checks}
    triggers = by_id(checks[Path(TWO_TRIGGERS).name])
    # the scenario's own citations: 7.2.4 (its example) lost "the active-attack is considered to be
    # attacking until it leaves the combat chain"; go again became the fourth step of resolving a layer
    assert triggers["7.2.4"].kind == "reworded" and not triggers["7.2.4"].cosmetic
    assert triggers["7.2.4"].sources == ["cites", "example_of", "explanation"]
    assert triggers["5.3.5"].kind == "reworded" and triggers["5.3.5"].sources == ["cites", "explanation"]
    # and the explanation's: layer effects are now the third step, not the second
    assert triggers["5.3.4"].sources == ["explanation"] and not triggers["5.3.4"].cosmetic
    assert "4.3.2" in triggers and triggers["4.3.2"].cosmetic and not triggers["4.3.2"].counts()
    targets = by_id(checks[Path(TWO_TARGETS).name])
    assert targets["7.5.2c"].kind == "reworded" and targets["7.5.2c"].change.similarity < 70
    assert targets["7.3.2f"].cosmetic and not targets["7.3.2f"].counts() and targets["7.3.2f"].counts(strict=True)
    # both still pass under 2026-02, and every rule their re-run cites exists there
    for name in (TWO_TRIGGERS, TWO_TARGETS):
        chk = checks[Path(name).name]
        assert chk.stale() and chk.old_run.passed and chk.new_run.passed
        assert not chk.new_run.unknown and not chk.regressed


def test_real_scenario_whose_own_citations_changed_only_in_punctuation(real_report):
    split = next(c for c in real_report.checks if c.path.endswith(Path(SPLIT_CARD).name))
    own = [c for c in split.citations if c.declared]
    assert sorted(c.rule_id for c in own) == ["5.1.2c", "9.2.3"] and all(c.cosmetic for c in own)
    # it is stale through the explanation alone (5.3.4, 5.3.7, 8.5.3 were rewritten)
    assert split.stale() and {c.rule_id for c in split.counted()} == {"5.3.4", "5.3.7", "8.5.3"}
    assert all(not c.declared for c in split.counted())


def test_cli_text_on_the_real_scenarios(run_cli, versions, no_reviews):
    code, out, err = run_cli("stale", "--all", "scenarios/fab", "--against", "2026-02", "--reviews", no_reviews)
    assert code == 1 and err == ""
    lines = block(out, TWO_TRIGGERS)
    assert lines[0] == f"{TWO_TRIGGERS}  (FaB CR 2.10.1 → 2026-02)"
    assert re.fullmatch(r"  7\.2\.4 reworded \(text; similarity 90%\) +\[cites, example_of, explanation\]", lines[1])
    assert lines[2].startswith("  5.3.5 reworded (text; similarity 96%)") and lines[2].endswith("[cites, explanation]")
    assert lines[-2].startswith("  punctuation/case only, not counted: 4.3.2, 4.3.3, ")
    assert lines[-1] == "  re-run under FaB CR 2026-02: still passes; every rule it cites exists"
    n = len(sc.find_scenarios(SCENARIOS))
    summary = out.splitlines()[-1]
    assert re.fullmatch(rf"{n} scenarios against FaB CR 2026-02: (\d+) stale, (\d+) up to date; \d+ stale "
                        r"citations \(.*\d+ reworded.*\); \d+ punctuation/case-only rewordings not counted", summary)
    assert out.splitlines()[-2].startswith("Most cited stale rules: ")


def test_by_default_only_rulings_a_judge_must_act_on_are_listed_summary_first(run_cli, versions, real_report,
                                                                               no_reviews):
    """Rewordings of rules only the steps cite, or of a key rule's punctuation or examples, are not reasons; a
    key rule reworded in its text is (7.2.3a: the attack-card 'becomes attacking' in 2026-02)."""
    code, out, err = run_cli("stale", "scenarios/fab", "--against", "2026-02", "--reviews", no_reviews)
    assert code == 1 and err == ""
    n = len(sc.find_scenarios(SCENARIOS))
    review = real_report.to_review
    assert 0 < len(review) < len(real_report.stale) / 2   # most stale citations are only the steps'
    first = out.splitlines()[0]
    assert re.fullmatch(rf"{n} scenarios against FaB CR 2026-02: {len(review)} to review \(\d+ answers? changed, "
                        rf"\d+ with a key rule changed\), {n - len(review)} unchanged for a judge; \d+ other "
                        r"changed citations \(rules only their steps cite, examples\) and \d+ punctuation/case-only "
                        r"rewordings \(--all lists them\)",
                        first)
    heads = [line for line in out.splitlines() if line.startswith("scenarios/")]
    assert len(heads) == len(review)
    assert "scenarios/fab/7.2.3a-attack-card-becomes-chain-link.toml  (FaB CR 2.10.1 → 2026-02): key rule changed" \
        in heads
    assert f"{TWO_TRIGGERS}  (FaB CR 2.10.1 → 2026-02): key rule changed" in heads   # its example, 7.2.4
    quiet = [c for c in real_report.stale if not c.review()]
    assert quiet and all(c.path not in out for c in quiet)   # listed by --all only
    for c in quiet:   # what changed there: rules only its steps cite, or a key rule's examples or punctuation
        keys = set(c.key_rules)
        assert all(x.rule_id not in keys or not {"text", "title"} & set(x.change.parts) for x in c.counted())
    for check in review:
        assert check.review() and all(c.rule_id in check.key_rules for c in check.key_changes())


def test_a_renumbered_key_rule_is_repointed_and_its_answer_compared(versions):
    new = store.load(store.resolve("fab-2026-02"))
    (checked,) = check([SCENARIOS / "7.5.5b-prevented-damage-is-not-a-hit.toml"], new).checks
    assert checked.old_run.keys[0][:2] == ["7.5.5b", "7.5.5"]
    assert checked.new_run.keys == checked.old_run.keys and not checked.answer_changed
    assert checked.review() == []


def test_not_stale_against_their_own_version(run_cli, versions):
    code, out, err = run_cli("stale", "--all", "scenarios/fab", "--against", "2.10.1", "--strict")
    # scenarios/fab/cr-2026-02 is written for FaB CR 2026-02 (tapping, watery grave): against the older 2.10.1
    # each is listed, the engine refusing the mechanism 2.10.1 does not define; every other file is up to date
    later = sorted(SCENARIOS.glob("*/*.toml"))
    n = len(sc.find_scenarios(SCENARIOS)) - len(later)
    assert err == "" and code == (1 if later else 0)
    assert f"{TWO_TRIGGERS}  (FaB CR 2.10.1 → 2.10.1): up to date (still passes)" in out.splitlines()
    if not later:
        assert out.splitlines()[-1] == f"{n} scenarios against FaB CR 2.10.1: 0 stale, {n} up to date; 0 stale citations"
        return
    assert out.splitlines()[-1].startswith(f"{n + len(later)} scenarios against FaB CR 2.10.1: {len(later)} stale, "
                                           f"{n} up to date;")
    assert out.count("under FaB CR 2.10.1 the engine cannot play it: [scenario.rules] ") == len(later)
    assert out.count("is a rule that FaB CR 2026-02 defines and FaB CR 2.10.1") == len(later)


def test_json(run_cli, versions, no_reviews):
    code, out, _ = run_cli("stale", TWO_TARGETS, "--against", "fab-2026-02", "--json", "--reviews", no_reviews)
    data = json.loads(out)
    assert code == 1
    assert data["against"] == {"name": "fab-2026-02", "game": "fab", "version": "2026-02",
                               "citation": "FaB CR 2026-02"}
    (only,) = data["scenarios"]
    assert (only["file"], only["rules"], only["stale"], only["regressed"]) == (TWO_TARGETS, "2.10.1", True, False)
    cites = {c["id"]: c for c in only["citations"]}
    assert cites["7.5.2c"]["kind"] == "reworded" and cites["7.5.2c"]["counted"] and not cites["7.5.2c"]["cosmetic"]
    assert "{+controlled by players+}" in cites["7.5.2c"]["diff"]["text"]
    assert cites["7.3.2f"]["cosmetic"] and not cites["7.3.2f"]["counted"]
    rerun = dict(only["rerun"])
    answer, keys = rerun.pop("answer"), rerun.pop("key_cites")
    assert rerun == {"version": "2026-02", "played": True, "passed": True, "error": None,
                     "mismatches": [], "missing_cites": [], "unknown_citations": []}
    assert answer == only["run"]["answer"] and len(keys) == len(answer) and keys[0][0] == "7.5.5"
    assert only["review"] == ["key rule changed"] and only["answer_changed"] is False
    assert data["counts"]["stale"] == 1 and data["counts"]["citations"]["reworded"] == sum(
        1 for c in only["citations"] if c["counted"])


# ---------------------------------------------------------------------------------------------------------
# scenarios written for the test: renumbered, removed, reworded for certain
# ---------------------------------------------------------------------------------------------------------

def test_renumbered_and_removed_citations(run_cli, versions, tmp_path, no_reviews):
    path = write(tmp_path, "renumbered.toml", RENUMBERED)
    code, out, err = run_cli("stale", path, "--against", "2026-02", "--json")
    assert code == 1 and err == ""
    (only,) = json.loads(out)["scenarios"]
    got = {c["id"]: (c["kind"], c["new_id"], c["reused"], c["sources"]) for c in only["citations"]}
    assert got == {
        "4.4.3e": ("moved", "4.4.3f", True, ["example_of"]),   # 2026-02 inserts 4.4.3d: both move down
        "4.4.3d": ("moved", "4.4.3e", True, ["cites"]),        # ... and the old ids now name other rules
        "2.1.3": ("removed", None, False, ["cites"]),
        "9.9.9": ("unknown", None, False, ["cites"]),
        "1.1.3": ("reworded", "1.1.3", False, ["cites"]),
    }
    assert [c["id"] for c in only["citations"] if not c["counted"]] == ["1.1.3"]
    assert only["run"]["error"].startswith("[players] a scenario needs at least two players")

    code, out, _ = run_cli("stale", "--all", path, "--against", "2026-02", "--diffs", "--reviews", no_reviews)
    lines = block(out, path)
    assert code == 1
    assert lines[1].startswith("  4.4.3e moved → 4.4.3f (also reworded: text; punctuation/case only; 4.4.3e now "
                               "names another rule)")
    assert lines[2] == "      text: The [-turn player-]{+turn-player+} draws cards until the number of cards in …"
    assert re.fullmatch(r"  4\.4\.3d moved → 4\.4\.3e \(4\.4\.3d now names another rule\) +\[cites\]", lines[3])
    assert re.fullmatch(r"  2\.1\.3 removed +\[cites\]", lines[4])
    assert re.fullmatch(r"  9\.9\.9 not in FaB CR 2\.10\.1 +\[cites\]", lines[5])
    assert "  punctuation/case only, not counted: 1.1.3" in lines
    assert lines[-2].startswith("  under FaB CR 2.10.1 the engine cannot play it ([players] a scenario needs")
    assert lines[-1] == "  re-run under FaB CR 2026-02: the engine cannot play it either"
    assert out.splitlines()[-1] == ("1 scenario against FaB CR 2026-02: 1 stale, 0 up to date; 4 stale citations "
                                    "(2 moved, 1 removed, 1 not in their version); 1 punctuation/case-only "
                                    "rewording not counted")


def test_reworded_declared_citation_of_a_passing_scenario(run_cli, versions, tmp_path, no_reviews):
    path = write(tmp_path, "hit.toml", HIT)
    code, out, _ = run_cli("stale", "--all", path, "--against", "2026-02", "--reviews", no_reviews)
    lines = block(out, path)
    assert code == 1
    assert lines[1] == "  7.0.3b reworded (text; similarity 73%)  [cites, explanation]"
    assert not any(line.startswith("  7.5.5 ") for line in lines)   # unchanged: not listed
    assert lines[-1] == "  re-run under FaB CR 2026-02: still passes; every rule it cites exists"


def test_punctuation_only_is_not_stale_unless_strict(run_cli, versions, tmp_path):
    path = write(tmp_path, "cosmetic.toml", COSMETIC_ONLY)
    code, out, _ = run_cli("stale", "--all", path, "--against", "2026-02")
    assert code == 0
    assert out.splitlines()[0] == f"{path}  (FaB CR 2.10.1 → 2026-02): up to date (1 punctuation/case-only rewording)"
    code, out, _ = run_cli("stale", "--all", path, "--against", "2026-02", "--strict")
    assert code == 1
    assert re.fullmatch(r"  1\.1\.3 reworded \(text; punctuation/case only\) +\[cites\]", out.splitlines()[1])
    assert out.splitlines()[-1].endswith("1 punctuation/case-only rewording counted (--strict)")


def test_rerun_citing_a_rule_the_new_version_lacks(fab_home, monkeypatch, tmp_path):
    """Against a document without 8.5.3, the re-run cannot cite the deal rule: an error naming the registry
    entry, never a number that does not exist."""
    monkeypatch.setenv("JUDGE_HOME", str(fab_home))
    new = store.load(store.resolve("fab-2026-02"))
    trimmed = Rulebook.from_data(new.to_data())
    trimmed.name, trimmed.version = "fab-2026-02-trimmed", "2026-02-trimmed"
    del trimmed.rules["8.5.3"]
    path = write(tmp_path, "hit.toml", HIT)
    (checked,) = check([path], trimmed).checks
    assert by_id(checked)["8.5.3"].kind == "removed"
    assert checked.new_run.passed is None
    assert re.search(r"citation \w+ \(8\.5\.3: .*\) cannot be located in FaB CR 2026-02-trimmed", checked.new_run.error)
    assert checked.stale() and checked.regressed
    assert cited_rules(checked.scenario, checked.old_run)["8.5.3"] == ["explanation"]


# ---------------------------------------------------------------------------------------------------------
# bad input: one line, exit 2
# ---------------------------------------------------------------------------------------------------------

GA_SCENARIO = '[scenario]\ntitle = "x"\ngame = "ga"\nrules = "seed"\n'


@pytest.mark.parametrize("args, message", [
    (("scenarios/fab", "--against", "2.11"), "unknown version or document '2.11' of the Flesh and Blood rules; "
                                             "known: 2.10.1"),
    (("scenarios/fab", "--against", "2.11", "--game", "fab"), "unknown version or document '2.11'; known: 2.10.1"),
    (("scenarios/fab", "--against", "mc-seed"), "--against mc-seed is a Marvel Champions document (mc-seed), not "
                                                "Flesh and Blood (the game of the scenarios)"),
    (("scenarios/fab", "--against", "mc-seed", "--game", "fab"), "--against mc-seed is a Marvel Champions document "
                                                                 "(mc-seed), not Flesh and Blood (--game fab)"),
    (("scenarios/fab", "--against", "fab-2.10.1-seed"), "is the embedded excerpt fab-2.10.1-seed"),
    (("scenarios/nowhere", "--against", "2026-02"), "scenarios/nowhere: no such file or folder"),
    (("{tmp}", "--against", "2026-02"), "no scenario files (*.toml) in"),
    (("{tmp}/old.toml", "--against", "2026-02"), "old.toml:4: [scenario.rules] FaB CR 2.9 is not imported (Flesh and "
                                                 "Blood versions: 2.10.1, 2026-02); import it with 'judge rules "
                                                 "import FILE --game fab --version 2.9'"),
    (("{tmp}/ga.toml", "--against", "2026-02"), "--against 2026-02 is a Flesh and Blood document (fab-2026-02), "
                                                "not Grand Archive (the game of the scenarios)"),
    (("{tmp}/ga.toml", "--against", "2026-02", "--game", "fab"), "ga.toml:3: [scenario.game] a Grand Archive "
                                                               "scenario cannot be checked against FaB CR 2026-02"),
    (("{tmp}", "--against", "2026-02", "--placeholder"), "are of several games (fab, ga); give --game"),
])
def test_bad_input_is_one_line_exit_2(run_cli, versions, tmp_path, args, message):
    if "--placeholder" in args:   # a folder holding a FaB and a GA scenario
        args = tuple(a for a in args if a != "--placeholder")
        write(tmp_path, "fab.toml", RENUMBERED)
        write(tmp_path, "ga.toml", GA_SCENARIO)
    elif any(a.startswith("{tmp}/") for a in args):
        write(tmp_path, "old.toml", RENUMBERED.replace('rules = "2.10.1"', 'rules = "2.9"'))
        write(tmp_path, "ga.toml", GA_SCENARIO)
    code, out, err = run_cli("stale", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert code == 2 and out == ""
    assert err.startswith("judge: error: ") and err.count("\n") == 1 and message in err


def test_scenario_version_only_embedded_is_compared_through_the_excerpt(run_cli, monkeypatch, no_reviews):
    """With only 2026-02 imported, 2.10.1 is the embedded excerpt (chapters 5 and 7): the citations of those
    chapters are compared, the others are listed as not compared."""
    monkeypatch.chdir(ROOT)
    store.import_document(str(corpus_file("fab", "en-fab-cr-2026-02.txt")), "fab", "2026-02")
    code, out, err = run_cli("stale", TWO_TRIGGERS, "--against", "2026-02", "--json", "--reviews", no_reviews)
    assert code == 1, err
    (only,) = json.loads(out)["scenarios"]
    assert only["document"] == "fab-2.10.1-seed"
    cites = {c["id"]: c for c in only["citations"]}
    assert cites["7.2.4"]["kind"] == "reworded" and cites["7.2.4"]["sources"] == ["cites", "example_of",
                                                                                  "explanation"]
    assert all(c.split(".")[0] in ("5", "7") for c in cites)
    assert "8.5.3" in only["not_compared"] and "4.3.2" in only["not_compared"]
    code, out, _ = run_cli("stale", "--all", TWO_TRIGGERS, "--against", "2026-02")
    assert "  not compared (the excerpt fab-2.10.1-seed lacks their pages or chapters): " in out
    assert out.splitlines()[-1].endswith("citations outside an excerpt not compared")


GA_SEED_RULING = """\
[scenario]
title = "An ability outlives its source"
game = "ga"
rules = "seed"

[expect]
cites = ["abilities/6", "playing-cards/8", "main-phase/2"]
"""


def test_grand_archive_scenario_of_the_seed_against_the_whole_rules(run_cli, tmp_path):
    """The GA scenarios name the embedded pages (rules = "seed"); the 2026-08-21 rules renumbered the
    Abilities page: the citation moved, the one of an unchanged page did not, the page the seed lacks
    is not compared."""
    code, _, err = run_cli("rules", "import", str(corpus_file("grand-archive", "gitbook-rules")), "--game", "ga",
                           "--version", "2026-08-21")
    assert code == 0, err
    path = write(tmp_path, "outlives.toml", GA_SEED_RULING)
    code, out, err = run_cli("stale", path, "--against", "2026-08-21", "--json")
    assert code == 1, err
    (only,) = json.loads(out)["scenarios"]
    assert [(c["id"], c["kind"], c["new_id"], c["reused"]) for c in only["citations"]] == [
        ("abilities/6", "moved", "abilities/14", True)]
    assert only["not_compared"] == ["main-phase/2"]
    code, out, _ = run_cli("stale", "--all", path, "--against", "2026-08-21")
    assert block(out, path)[1].startswith("  abilities/6 moved → abilities/14 (abilities/6 now names another rule)")


def test_help_ends_with_an_example(run_cli):
    code, out, _ = run_cli("stale", "--help")
    assert code == 0
    assert out.rstrip().splitlines()[-4:] == [
        "  Example:",
        "    judge stale scenarios/fab --against 2026-02",
        "    judge stale scenarios/fab/7.2.4-two-attack-triggers.toml --against 2026-02 --diffs",
        "    judge stale scenarios/fab --against fab-2026-02 --json"]


# ---------------------------------------------------------------------------------------------------------
# Marvel Champions: cited items renumbered, removed and reworded, by entry and item
# ---------------------------------------------------------------------------------------------------------

MC_RULING = """\
[scenario]
title = "Choose decisions come after paying the costs"
game = "mc"
rules = "2019"

[expect]
cites = ["initiating-abilities/step-1", "initiating-abilities/step-3", "initiating-abilities/step-5", "cost"]
"""


def test_marvel_champions_stale_by_entry_and_item(run_cli, tmp_path):
    from test_diff import mc_next_release

    for path, version in ((corpus_file("marvel-champions", "rules-reference.html"), "2019"),
                          (mc_next_release(tmp_path), "2024")):
        code, _, err = run_cli("rules", "import", str(path), "--game", "mc", "--version", version)
        assert code == 0, err
    path = write(tmp_path, "choose.toml", MC_RULING)
    code, out, err = run_cli("stale", path, "--against", "2024", "--json")   # the game is the scenario's
    assert code == 1, err
    (only,) = json.loads(out)["scenarios"]
    got = {c["id"]: (c["kind"], c["new_id"], c["reused"]) for c in only["citations"]}
    assert got == {
        "initiating-abilities/step-1": ("moved", "initiating-abilities/step-2", True),
        "initiating-abilities/step-3": ("removed", None, True),
        "initiating-abilities/step-5": ("reworded", "initiating-abilities/step-5", False),
    }
    code, out, _ = run_cli("stale", "--all", path, "--against", "mc-2024", "--diffs")
    lines = block(out, path)
    assert lines[0] == f"{path}  (MC Rules Reference 2019 → 2024)"
    assert lines[1].startswith("  initiating-abilities/step-1 moved → initiating-abilities/step-2 "
                               "(initiating-abilities/step-1 now names another rule)")
    assert "canceled in {+the previous+} step [-six-])" in out
    assert out.splitlines()[-1].startswith("1 scenario against MC Rules Reference 2024: 1 stale, 0 up to date; "
                                           "3 stale citations (1 moved, 1 removed, 1 reworded)")


# ---------------------------------------------------------------------------------------------------------
# judges' reviews of rule changes (rules/reviews, judge.scenarios.reviews)
# ---------------------------------------------------------------------------------------------------------

def test_reviewed_changes_leave_the_list_and_all_shows_the_review(run_cli, versions, real_report):
    """Every key-rule change between 2.10.1 and 2026-02 the scenarios rest on has been reviewed: by default
    nothing is left for a judge; --all still lists the change, with the review."""
    unreviewed = {c.path for c in real_report.to_review}
    assert len(unreviewed) > 50
    new = store.load(store.resolve("fab-2026-02"))
    reviewed = check(sc.find_scenarios(SCENARIOS), new)
    left = {c.path for c in reviewed.to_review}
    # what is left is what no judge has reviewed yet (rulings written since the review)
    assert left <= unreviewed and len(unreviewed - left) > 50
    assert all(c.key_changes() and all(x.review is None for x in c.key_changes()) for c in reviewed.to_review)
    code, out, err = run_cli("stale", "scenarios/fab", "--against", "2026-02")
    assert code == (1 if left else 0) and err == ""
    n = len(sc.find_scenarios(SCENARIOS))
    assert out.splitlines()[0].startswith(
        f"{n} scenarios against FaB CR 2026-02: {len(left)} to review (0 answers changed, {len(left)} with a key "
        f"rule changed), {n - len(left)} unchanged for a judge ({len(unreviewed - left)} of them after a judge's "
        "review of the change: --all); ")
    code, out, _ = run_cli("stale", "--all", TWO_TRIGGERS, "--against", "2026-02")
    assert code == 1
    assert re.fullmatch(r"  7\.2\.4 reworded \(text; similarity 90%; reviewed in fab-2\.10\.1-2026-02\.toml: 2026-02 "
                        r"moves 'considered to be attacking' into 7\.2\.3a-c; .*\) +\[cites, example_of, explanation\]",
                        block(out, TWO_TRIGGERS)[1])


def test_a_review_holds_for_the_texts_it_was_made_on_and_the_scenarios_it_names(versions):
    from judge.scenarios.reviews import Review

    new = store.load(store.resolve("fab-2026-02"))
    path = ROOT / TWO_TARGETS
    (plain,) = check([path], new, reviews={}).checks
    change = by_id(plain)["7.5.2c"]
    assert plain.review() == ["key rule changed"] and len(change.fingerprint) == 12

    def reviewed(review):
        (checked,) = check([path], new, reviews={(review.rule, review.change): review}).checks
        return checked.review()

    assert reviewed(Review("7.5.2c", change.fingerprint, "same", "no change of meaning")) == []
    # another text (the rule reworded again): the review does not apply
    assert reviewed(Review("7.5.2c", "0" * 12, "same", "no change of meaning")) == ["key rule changed"]
    # a changed meaning stands only for the rulings judged again
    assert reviewed(Review("7.5.2c", change.fingerprint, "stands", "…", ["other.toml"])) == ["key rule changed"]
    assert reviewed(Review("7.5.2c", change.fingerprint, "stands", "…", [Path(TWO_TARGETS).name])) == []


def test_every_recorded_review_is_of_a_change_2026_02_makes(versions):
    """A review whose fingerprint no change has is dead weight (the texts it was made on are gone): fail."""
    from judge.rulebook.diff import diff
    from judge.scenarios import reviews

    old, new = store.load(store.resolve("fab-2.10.1")), store.load(store.resolve("fab-2026-02"))
    recorded = reviews.load("fab", "2.10.1", "2026-02")
    assert len(recorded) >= 30
    changes = diff(old, new)
    for (rule_id, fingerprint), review in recorded.items():
        assert reviews.fingerprint(changes.status(rule_id).change) == fingerprint, (rule_id, review.note)
        assert review.source == "fab-2.10.1-2026-02.toml" and review.note


@pytest.mark.parametrize("text, message", [
    ('game = "fab"\nfrom = "2.10.1"\nto = "2026-02"\n[[review]]\nrule = "7.5.2c"\nchange = "abc"\nverdict = "ok"\n'
     'note = "x"\n', "review 1: verdict must be one of same, stands, not 'ok'"),
    ('game = "fab"\nfrom = "2.10.1"\nto = "2026-02"\n[[review]]\nrule = "7.5.2c"\nchange = "abc"\n'
     'verdict = "stands"\nnote = "x"\n', "review 1: a 'stands' verdict names the scenarios judged again"),
    ('game = "fab"\nfrom = "2.10.1"\nto = "2026-02"\n[[review]]\nrule = "7.5.2c"\nchange = "abc"\n'
     'verdict = "same"\nnote = "x"\nwhy = 1\n', "review 1: unknown key 'why'"),
    ('game = "fab"\n[[review]\n', "not a review file"),
])
def test_a_malformed_review_file_is_one_clear_error(tmp_path, run_cli, versions, text, message):
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    code, out, err = run_cli("stale", TWO_TARGETS, "--against", "2026-02", "--reviews", str(tmp_path))
    assert code == 2 and out == "" and message in err and "bad.toml" in err and "Traceback" not in err
