"""A number of modes that depends on a condition (FaB CR 1.7.5e): either number is accepted when the file is loaded,
any other is refused; which one is legal is decided as the card is played (the 1.7.5e scenarios)."""

import pytest

from judge.errors import ScenarioError

from test_card_scenarios import _run

CARD = """
[cards.a]
name = "Modal instant"
owner = "alice"
types = ["instant"]
cost = 0
modes = {modes}
[[cards.a.abilities]]
kind = "resolution"
effects = [{{ do = "modes", choose = 1, choose_if = {{ if = {{ your_turn = {turn} }}, choose = 3 }}, modes = [
  {{ effects = [{{ do = "gain-life", amount = 1 }}] }}, {{ effects = [{{ do = "gain-life", amount = 2 }}] }},
  {{ effects = [{{ do = "gain-life", amount = 4 }}] }}] }}]
"""
PLAY = '\n[[actions]]\nplayer = "alice"\nplay = "a"\n'


def test_a_number_neither_condition_gives_is_refused_at_load(tmp_path):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, CARD.format(modes="[1, 2]", turn="true"), PLAY)
    assert "1.7.5b" in str(exc.value)


@pytest.mark.parametrize("modes, turn, legal, life", [("[1, 2, 3]", "true", True, 27), ("[3]", "false", True, 24),
                                                      ("[1, 2, 3]", "false", False, 20), ("[3]", "true", False, 20)])
def test_the_number_is_the_one_the_condition_gives_as_it_is_played(tmp_path, modes, turn, legal, life):
    _, out = _run(tmp_path, CARD.format(modes=modes, turn=turn), PLAY)
    assert out.facts["legal"]["a"] is legal and out.facts["life"]["alice"] == life
    if not legal:
        assert out.facts["illegal_because"]["a"] == "1.7.5e"
