"""Double-faced cards (FaB CR 9.1) in scenario files: what a back face is refused for, and the face each kind of
double-faced card has after a move (the scenarios 9.1.2c, 9.1.3b and 9.1.5b play the whole procedure)."""

import pytest

from judge.errors import ScenarioError

from test_card_scenarios import _run

ATTACKER = """
[cards.a]
name = "Plain attack"
owner = "alice"
types = ["action"]
subtypes = ["attack"]
cost = 0
power = 3
{extra}
"""


def test_a_back_face_on_a_card_that_is_neither_flip_nor_transcend_is_refused(tmp_path):
    # a twin-card (9.1.4) has both faces active together: not modelled, refused rather than played as one face
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, ATTACKER.format(extra='[cards.a.back]\nname = "Other face"\ntypes = ["action"]\n'))
    assert "neither a flip-card" in str(exc.value) and "9.1.4" in str(exc.value)


def test_a_back_face_active_without_a_back_face_is_refused(tmp_path):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, ATTACKER.format(extra='face = "back"\n'))
    assert "[cards.X.back]" in str(exc.value)


def test_a_back_face_takes_only_the_keys_of_a_face(tmp_path):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, ATTACKER.replace('["attack"]', '["attack", "construct"]').format(
            extra='[cards.a.back]\nname = "B"\nzone = "arena"\n'))
    assert "cards.a.back" in str(exc.value) and "zone" in str(exc.value)


def _flip_in_arena(extra_card: str, actions: str):
    return f"""
[cards.c]
name = "Front face"
owner = "alice"
zone = "arena"
types = ["action"]
subtypes = ["construct"]
cost = 0
face = "back"
{extra_card}
[cards.c.back]
name = "Back face"
types = ["weapon"]
subtypes = ["item"]
power = 5

[cards.smash]
name = "Destroy target item"
owner = "bob"
types = ["instant"]
cost = 0
target = {{ subtypes = ["item"] }}
[[cards.smash.abilities]]
kind = "resolution"
effects = [{{ do = "{actions}", what = "target" }}]
"""


@pytest.mark.parametrize("how, zone", [("destroy", "graveyard"), ("banish", "banished")])
def test_a_flip_card_that_becomes_a_new_object_has_its_front_face_again(tmp_path, how, zone):
    _, out = _run(tmp_path, _flip_in_arena("", how),
                  '\n[[actions]]\nplayer = "alice"\npass = true\n\n[[actions]]\nplayer = "bob"\nplay = "smash"\n'
                  'target = "c"\n')
    assert out.facts["zones"]["c"] == zone
    assert out.facts["active_face"] == {"c": "Front face"}
    assert "9.1.3b" in " ".join(c for st in out.trace.steps for c in st.cites)


def test_a_flip_card_that_stays_in_the_arena_keeps_its_back_face(tmp_path):
    _, out = _run(tmp_path, _flip_in_arena("", "destroy"))
    assert out.facts["zones"]["c"] == "arena" and out.facts["active_face"] == {"c": "Back face"}
