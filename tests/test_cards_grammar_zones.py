"""The card-text grammar of cards created in a zone and played from there ("create a Crouching Tiger in your
banished zone. You may play it this turn", 8.5.2, 5.1.2b), "pitched … this turn", "banish a card from their
graveyard" — against real card text from the embedded card data, and what stays refused."""

import pytest

from judge.cards import data as cd
from judge.cards.compiler import compile_card

TIGER = {"do": "create-card", "name": "Crouching Tiger", "types": ["action"], "subtypes": ["attack"],
         "supertypes": ["ninja"], "cost": 0, "power": 0, "keywords": ["ephemeral", "go again"]}


@pytest.fixture(scope="module")
def data():
    return cd.load()


def _compiled(data, name, pitch=None):
    return compile_card(cd.find_one(data, name, pitch), data)


def test_a_card_created_in_the_banished_zone_and_the_permission_to_play_it(data):
    c = _compiled(data, "Biting Breeze", 1)
    assert c.fully and c.keywords == ["go again"]
    assert c.abilities == [{"kind": "trigger", "on": "hit", "effects": [
        dict(TIGER, zone="banished"), {"do": "allow-play", "what": "it"}]}]


def test_a_card_created_in_hand_when_a_blue_card_was_pitched_this_turn(data):
    c = _compiled(data, "Companion of the Claw", 2)
    assert c.fully
    assert c.abilities == [{"kind": "trigger", "on": "attack", "effects": [
        dict(TIGER, zone="hand", **{"if": {"pitched_this_turn": {"color": "blue"}}})]}]
    tiger_form = _compiled(data, "Tiger Form Incantation", 1)
    assert tiger_form.fully
    assert tiger_form.abilities[1] == {"kind": "resolution", "if": {"pitched_this_turn": {"color": "blue"}},
                                       "effects": [dict(TIGER, zone="hand")]}


def test_banish_a_card_from_the_graveyard_of_the_hero_attacked(data):
    c = _compiled(data, "Gravekeeping", 1)
    assert c.fully
    assert c.abilities == [{"kind": "trigger", "on": "attack", "if": {"target_is_hero": True}, "effects": [
        {"do": "banish", "what": {"zone": "graveyard"}, "who": "defending-hero", "may": True}]}]


def test_what_stays_refused(data):
    # a token is created in the arena, not in a zone of a hand; a card whose own text is not fully compiled
    # cannot be created; "it" of another player's card is not a permission to play it
    infiltrate = _compiled(data, "Infiltrate")
    assert not infiltrate.fully
    assert any("You may play it" in p for p in infiltrate.not_understood)
