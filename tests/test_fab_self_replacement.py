"""Self-replacement effects (FaB CR 6.4.7) and a layer negating itself (8.5.26a) in scenario files: what is refused
when the file is loaded (the scenarios 6.4.7, 6.4.7b and their negations play the procedure)."""

import pytest

from judge.errors import ScenarioError

from test_card_scenarios import _run

CARD = """
[cards.a]
name = "Instant"
owner = "alice"
types = ["instant"]
cost = 0
[[cards.a.abilities]]
kind = "resolution"
effects = [{effect}]
"""


@pytest.mark.parametrize("effect, says", [
    ('{ do = "draw", amount = 2, instead = { amount = 3 } }', "one condition"),
    ('{ do = "draw", amount = 2, instead = { if = { your_turn = true } } }', "one condition"),
    ('{ do = "draw", amount = 2, instead = { if = { your_turn = true }, to = "you" } }', "one condition"),
    ('{ do = "draw", amount = 2, instead = { it = { types = ["action"] }, amount = 3 } }', "next = true"),
    ('{ do = "negate", what = "target" }', "what of a negate"),
])
def test_a_malformed_self_replacement_or_self_negation_is_refused(tmp_path, effect, says):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, CARD.format(effect=effect))
    assert says in str(exc.value)


@pytest.mark.parametrize("turn, drawn", [("true", 3), ("false", 2)])
def test_the_condition_is_read_as_the_effect_is_generated(tmp_path, turn, drawn):
    deck = "".join(f'\n[cards.d{i}]\nname = "D{i}"\nowner = "alice"\nzone = "deck"\n' for i in range(4))
    _, out = _run(tmp_path, CARD.format(effect=f'{{ do = "draw", amount = 2, instead = {{ if = {{ your_turn = {turn} '
                                               '}, amount = 3 } }') + deck,
                  '\n[[actions]]\nplayer = "alice"\nplay = "a"\n')
    assert len(out.facts["hand"]["alice"]) == drawn
