"""Cards under a permanent and transform (CR 3.0.14, 8.5.36), split-cards and meld (9.2, 8.3.38) in the card
compiler and in scenarios naming real cards: what is read, and what is refused and why."""

import textwrap

import pytest

from judge import scenarios as sc
from judge.cards.compiler import compile_card
from judge.cards.data import load
from judge.engine.core import InvalidScenario
from judge.errors import ScenarioError

from test_card_scenarios import HEAD   # the same two-player scenario head


def _compiled(name, pitch=None):
    data = load()
    return compile_card(next(r for r in data.variants(name) if pitch is None or r.pitch == str(pitch)), data)


def test_a_split_card_compiles_each_side_on_its_own():
    c = _compiled("Arcane Seeds // Life")
    sides = c.fields["sides"]
    assert list(sides) == ["Arcane Seeds", "Life"]
    assert c.keywords == ["meld"]
    assert sides["Arcane Seeds"]["keywords"] == ["go again"] and "keywords" not in sides["Life"]   # its own text
    assert sides["Arcane Seeds"]["cost"] == 0 and "cost" not in sides["Life"]   # the data's one cost: the first side's
    assert sides["Life"]["abilities"] == [{"kind": "resolution", "effects": [{"do": "gain-life", "amount": 1}]}]
    assert c.not_understood == ["//"]     # the second side's cost is not in the data


def _play(tmp_path, side_line):
    path = tmp_path / "s.toml"
    path.write_text(HEAD + textwrap.dedent(f"""
        [cards.c]
        card = "Comet Storm // Shock"
        owner = "alice"

        [[actions]]
        player = "alice"
        play = "c"
        {side_line}
        target = "bob"
        without_paying = true
        """), encoding="utf-8")
    return sc.play(sc.load(path))


@pytest.mark.parametrize("side_line", ['side = "Shock"', "meld = true"])
def test_a_side_whose_cost_the_data_lacks_is_refused_not_guessed(tmp_path, side_line):
    with pytest.raises((InvalidScenario, ScenarioError), match="not in the card data"):
        _play(tmp_path, side_line)


def test_the_first_side_plays_with_the_data_cost(tmp_path):
    out = _play(tmp_path, 'side = "Comet Storm"')
    assert out.facts["life"]["bob"] == 15


def test_evo_equip_and_ash_transform_are_read_and_several_into_one_is_refused():
    evo = _compiled("Evo Sentry Base Head")
    assert evo.fully and [e["do"] for e in evo.abilities[0]["effects"]] == ["transform", "equip"]
    sands = _compiled("Skittering Sands", 1)
    assert sands.fully and sands.abilities[0]["effects"][0]["into"]["name"] == "Aether Ashwing"
    assert sands.abilities[0]["effects"][0]["into"]["life"] == 1        # a token ally is a living object (2.5.1)
    assert _compiled("Billowing Mirage", 1).fully     # "transform up to 1 ash you control into an Aether Ashwing"
    rake = _compiled("Rake the Embers", 1)   # "up to 3 ash … into Aether Ashwings": one each or all in one, unsaid
    assert not rake.fully and any("up to 3" in p for p in rake.not_understood)
