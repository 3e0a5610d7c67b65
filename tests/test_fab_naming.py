"""Naming a card (FaB CR 8.5.21, 2.7.5) in scenario files: the name is the player's declaration, a full name never a
moniker, and "the named card" matches a name exactly without regard to case."""

import pytest

from judge.engine.core import InvalidScenario
from judge.errors import ScenarioError

from test_card_scenarios import _run

CARDS = """
[cards.n]
name = "Namer"
owner = "alice"
types = ["instant"]
cost = 0
[[cards.n.abilities]]
kind = "resolution"
effects = [{ do = "name" }, { do = "restrict", who = "opponent", what = { named = true }, duration = "turn" }]

[cards.b]
name = "Bravo, Showstopper"
owner = "bob"
types = ["instant"]
cost = 0

[cards.c]
name = "Bravo"
owner = "bob"
types = ["instant"]
cost = 0
"""


def _play(tmp_path, names_line):
    return _run(tmp_path, CARDS, f'\n[[actions]]\nplayer = "alice"\nplay = "n"\n{names_line}\n\n[[actions]]\npass = true\n'
                '\n[[actions]]\nplayer = "bob"\nplay = "b"\n\n[[actions]]\nplayer = "bob"\nplay = "c"\n')


def test_the_named_card_is_an_exact_match_without_case(tmp_path):
    _, out = _play(tmp_path, 'names = ["bravo"]')
    assert out.facts["legal"] == {"n": True, "b": True, "c": False}   # "Bravo, Showstopper" is another name


def test_a_name_effect_without_a_name_written_is_refused(tmp_path):
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        _play(tmp_path, "")
    assert "names = [" in str(exc.value)


def test_a_moniker_is_not_a_name(tmp_path):
    cards = CARDS.replace('name = "Bravo"\nowner', 'name = "Dorinthea Ironsong"\nowner')
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        _run(tmp_path, cards, '\n[[actions]]\nplayer = "alice"\nplay = "n"\nnames = ["Dorinthea"]\n')
    assert "moniker" in str(exc.value)
