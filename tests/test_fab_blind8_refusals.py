"""What blind round r8 asked the format for, refused where it cannot be evaluated: the older life-total spelling
points at the one to write; a roll whose result the file does not give, or gives out of range, is refused; the
condition ``random`` reads only a discard event; a create-token ``card`` must name a token card."""

import pytest

from judge import scenarios as sc
from judge.engine.core import InvalidScenario
from judge.errors import ScenarioError

from conftest import ROOT

FAB = ROOT / "scenarios" / "fab"


def _variant(tmp_path, name: str, old: str, new: str):
    text = (FAB / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _refusal(path) -> str:
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        sc.play(sc.load(path))
    return str(exc.value)


def test_the_older_life_spelling_names_the_one_to_write(tmp_path):
    path = _variant(tmp_path, "own-life-at-least-threshold.toml", 'at_least = { count = "life", n = 20 }',
                    "life_at_least = 20")
    said = _refusal(path)
    assert 'at_least = { count = "life", n = N }' in said and "life_at_least" in said


def test_a_roll_with_no_result_written_is_refused(tmp_path):
    path = _variant(tmp_path, "own-roll-bad-beats-rolls-5.toml", "roll = [5]\n", "")
    said = _refusal(path)
    assert "roll = [N]" in said and "8.5.18" in said


def test_a_roll_out_of_range_is_refused(tmp_path):
    path = _variant(tmp_path, "own-roll-bad-beats-rolls-5.toml", "roll = [5]", "roll = [7]")
    assert "1 to 6" in _refusal(path)


def test_random_is_read_only_on_a_discard_event(tmp_path):
    path = _variant(tmp_path, "own-discarded-at-random-trigger-written-by-hand.toml", 'on = "discard"', 'on = "hit"')
    said = _refusal(path)
    assert "random" in said and "cannot be evaluated" in said


def test_create_token_names_a_token_card(tmp_path):
    path = _variant(tmp_path, "own-create-token-by-card-frostbite.toml", 'card = "Frostbite"', 'card = "Snatch (red)"')
    assert "is not one" in _refusal(path)
    path = _variant(tmp_path, "own-create-token-by-card-frostbite.toml", 'card = "Frostbite"',
                    'card = "Blasmophet, the Soul Harvester"')
    assert "does not understand" in _refusal(path)


def test_the_scenarios_play_as_written():
    assert sc.play(sc.load(FAB / "own-roll-bad-beats-rolls-5.toml")).facts["power"]["smash"] == 9
    assert sc.play(sc.load(FAB / "own-roll-bad-beats-rolls-3.toml")).facts["power"]["smash"] == 4
