"""Tapped and untapped permanents and watery grave, rules only FaB CR 2026-02 defines: the scenarios of
scenarios/fab/cr-2026-02 judged under that version, refused under 2.10.1, and the card-text shapes."""

import json

import pytest

from judge.cards import data as card_data
from judge.cards.compiler import compile_card

from conftest import ROOT, corpus_file

LATER = ROOT / "scenarios" / "fab" / "cr-2026-02"
FILES = sorted(LATER.glob("*.toml"))


@pytest.fixture
def with_2026_02(run_cli):
    """The test's store with FaB CR 2026-02 imported from ../shared/corpora (skips when it is absent)."""
    path = corpus_file("fab", "en-fab-cr-2026-02.txt")
    code, out, err = run_cli("rules", "import", str(path), "--game", "fab", "--version", "2026-02")
    assert code == 0, err
    return run_cli


def test_the_later_scenarios_name_their_version_and_real_cards():
    assert len(FILES) >= 12
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert 'rules = "2026-02"' in text, path.name
        # real cards, but for the one file that proves the tap and untap primitives by hand (test_fab_coverage)
        assert 'card = "' in text or path.name.startswith("own-"), path.name


def test_every_later_scenario_passes_under_2026_02(with_2026_02):
    code, out, err = with_2026_02("resolve", "--check", str(LATER), "--json")
    data = json.loads(out)
    assert code == 0, out
    assert (data["passed"], data["failed"]) == (len(FILES), 0)
    assert all(row["passed"] is True for row in data["scenarios"])


def test_judged_under_2026_02_the_steps_cite_its_rules(with_2026_02):
    code, out, _ = with_2026_02("resolve", str(LATER / "card-barnacle-tapped-cannot-attack.toml"), "--json")
    data = json.loads(out)
    assert code == 0
    cites = [c for step in data["trace"] for c in step["cites"]]
    assert {"8.5.55a", "1.14.4b", "1.12.4g", "1.3.3b"} <= set(cites)
    assert not [c for c in cites if "@" in c]                 # never the registry's tagged id
    code, out, _ = with_2026_02("resolve", str(LATER / "card-swabbie-untaps-in-its-controllers-end-phase.toml"),
                                "--json")
    steps = json.loads(out)["trace"]
    untap = next(s for s in steps if "untaps all permanents" in s["text"])
    assert untap["cites"][0] == "4.4.3d"                      # 2026-02's 4.4.3d, the untap step
    lost = next(s for s in steps if "loses their" in s["text"] and "action point" in s["text"])
    assert "4.4.3e" in lost["cites"] and "4.4.3d" not in lost["cites"]   # 2.10.1's 4.4.3d, located in 2026-02


def test_under_2_10_1_a_scenario_that_taps_is_refused_naming_the_mechanism_and_version(with_2026_02):
    """Judged under the 2.10.1 seed (--rules), the scenario is one error naming the mechanism and the version
    that defines it: no wrong number is cited."""
    path = LATER / "card-barnacle-taps-to-attack.toml"
    code, out, err = with_2026_02("resolve", str(path), "--rules", "2.10.1")
    assert code == 2 and out == ""
    assert "[scenario.rules] tap symbol (TAP_SYMBOL: FaB CR 2026-02 1.12.4g" in err
    assert "FaB CR 2.10.1, under which this scenario is judged, does not" in err and len(err.splitlines()) == 1
    code, out, _ = with_2026_02("resolve", "--check", str(LATER), "--rules", "2.10.1")
    assert code == 1 and out.splitlines()[-1] == f"0 passed, {len(FILES)} failed"


def test_without_2026_02_in_the_store_the_later_scenarios_are_not_judged(run_cli):
    code, out, _ = run_cli("resolve", "--check", str(LATER))
    assert code == 0
    assert out.splitlines()[-1] == f"0 passed, 0 failed, {len(FILES)} not judged (their rules version is not in the store)"
    assert all(line.startswith(("SKIP  ", "        not judged: the file names rules 2026-02"))
               for line in out.splitlines()[:-1])


# ---------------------------------------------------------------------------------------------------------
# the card text
# ---------------------------------------------------------------------------------------------------------

def _compiled(name: str, pitch=None):
    data = card_data.load()
    record = next(r for r in data.records if r.name == name and (pitch is None or r.pitch == pitch))
    return compile_card(record, data)


def test_tap_costs_compile_for_permanents():
    barnacle = _compiled("Barnacle")
    assert barnacle.fully and barnacle.keywords == ["watery grave"]
    assert barnacle.abilities == [{"kind": "activated", "type": "action", "effect_cost": [{"do": "tap"}], "cost": 0,
                                   "attack": True}]
    zeppelin = _compiled("Cogwerx Zeppelin", "1")
    assert zeppelin.fully
    assert zeppelin.abilities[1] == {"kind": "activated", "type": "instant", "limit": 2, "cost": 0,
                                     "effect_cost": [{"do": "tap", "what": {"subtypes": ["cog"], "controller": "you"},
                                                      "amount": 1}],
                                     "effects": [{"do": "modify", "stat": "power", "by": 1}]}


def test_tap_shapes_the_engine_cannot_play_stay_not_understood():
    # a hero is not a permanent card in the engine's arena: "{t}" of a hero, "{t} your hero", "{t} them"
    for name, words in (("Bolfar, Bear Hands", "{t}: The next attack"), ("Goldkiss Rum", "{t} your hero"),
                        ("Kelpie, Tangled Mess", "{t} target hero or ally")):
        compiled = _compiled(name)
        assert not compiled.fully and any(words in p for p in compiled.not_understood), (name, compiled.not_understood)
    # "Legend of the Watery Grave" is defined by no CR version the project has
    amulet = _compiled("Amethyst Amulet")
    assert any("Legend of the Watery Grave" in p for p in amulet.not_understood)
