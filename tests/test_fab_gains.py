"""6.2.5 / 2.0.3b: an increase the engine does not play as an ``increased`` event is refused where something reads
those events, never left out of them silently; a condition on the event is refused where there is no event."""

from conftest import ROOT
from scenario_checks import resolve_bad_file

TALISMAN = ROOT / "scenarios" / "fab" / "own-increase-gain-talisman-exactly-one-triggers.toml"
KORSHEM = ROOT / "scenarios" / "fab" / "own-increase-korshem-destroyed-without-an-increase.toml"

STATIC_BOOST = '''
[cards.banner]
name = "Banner (static: your attacks get +1{p})"
owner = "alice"
zone = "arena"
types = ["action"]
subtypes = ["aura"]
[[cards.banner.abilities]]
kind = "static"
effect = { do = "modify", stat = "power", by = 1, to = { is_attack = true, controller = "you" } }
'''


def _with(path, extra: str, before: str = "[[actions]]") -> str:
    text = path.read_text()
    assert before in text
    return text.replace(before, extra + "\n" + before, 1)


def test_a_static_increase_beside_a_trigger_on_increases_is_refused(run_cli, tmp_path):
    _, err = resolve_bad_file(run_cli, tmp_path, _with(TALISMAN, STATIC_BOOST))
    assert "[cards.banner]" in err and "static ability gives power" in err and "Talisman of Featherfoot" in err


def test_a_static_increase_beside_a_count_of_increases_is_refused(run_cli, tmp_path):
    _, err = resolve_bad_file(run_cli, tmp_path, _with(KORSHEM, STATIC_BOOST))
    assert "[cards.banner]" in err and "Korshem" in err


def test_a_base_power_change_beside_a_count_of_increases_is_refused(run_cli, tmp_path):
    # 2.10.1 counts an increase of a base value as an increase, 2026-02 does not (2.0.3b was reworded)
    text = KORSHEM.read_text().replace(
        'defense = 3\n', 'defense = 3\n[[cards.att.abilities]]\nkind = "trigger"\non = "attack"\n'
        'effects = [{ do = "modify-base", stat = "power", by = 1, to = "self" }]\n', 1)
    _, err = resolve_bad_file(run_cli, tmp_path, text)
    assert "changes a base power" in err


def test_without_a_reader_a_static_increase_is_not_refused(run_cli, tmp_path):
    text = _with(TALISMAN, STATIC_BOOST).replace('on = "increased"', 'on = "hit"').replace(
        'if = { stat = "power", gains_exactly = 1, during_step = "reaction", card = { is_attack = true, '
        'controller = "you" } }\n', '')
    path = tmp_path / "good.toml"
    path.write_text(text)
    code, out, err = run_cli("resolve", str(path))
    assert code != 2 and err == "", err     # resolved (its [expect], written for the trigger, may not hold)
    assert "Banner" in out


def test_gains_exactly_outside_an_increased_trigger_is_refused(run_cli, tmp_path):
    text = TALISMAN.read_text().replace('on = "increased"', 'on = "attack"')
    _, err = resolve_bad_file(run_cli, tmp_path, text)
    assert "gains_exactly" in err and "does not carry it" in err
