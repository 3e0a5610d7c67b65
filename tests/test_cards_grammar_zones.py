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
    assert c.abilities == [{"kind": "trigger", "on": "attack", "if": {"attacks_hero": True}, "effects": [
        {"do": "banish", "what": {"zone": "graveyard"}, "who": "defending-hero", "may": True}]}]


def test_what_stays_refused(data):
    # a token is created in the arena, not in a zone of a hand; a card whose own text is not fully compiled
    # cannot be created; "it" of another player's card is not a permission to play it
    infiltrate = _compiled(data, "Infiltrate")
    assert not infiltrate.fully
    assert any("You may play it" in p for p in infiltrate.not_understood)


FROSTBITE_ABILITIES = [
    {"kind": "static", "effect": {"do": "cost", "by": 1, "to": {"controller": "you"}, "activations": True}},
    {"kind": "trigger", "on": "end-phase", "if": {"your_turn": True}, "effects": [{"do": "destroy", "what": "self"}]},
    {"kind": "trigger", "on": "play", "of": "any", "if": {"by": "you"}, "effects": [{"do": "destroy", "what": "self"}]},
    {"kind": "trigger", "on": "activate", "of": "any", "if": {"by": "you"},
     "effects": [{"do": "destroy", "what": "self"}]}]


def test_an_affliction_token_its_tax_and_its_triggers_on_several_events(data):
    frostbite = _compiled(data, "Frostbite")
    assert frostbite.fully and frostbite.abilities == FROSTBITE_ABILITIES
    jail = _compiled(data, "Arctic Incarceration", 1)
    assert jail.fully and jail.fields == {"target": "hero"}
    assert jail.abilities == [{"kind": "resolution", "effects": [
        {"do": "create-token", "name": "Frostbite", "types": ["token"], "subtypes": ["aura"],
         "supertypes": ["elemental"], "abilities": FROSTBITE_ABILITIES, "count": 3, "who": "target"}]}]


def test_an_affliction_that_puts_hand_and_arsenal_on_the_bottom_of_the_deck(data):
    inertia = _compiled(data, "Inertia")
    assert inertia.fully and inertia.abilities == [{"kind": "trigger", "on": "end-phase", "if": {"your_turn": True},
                                                   "effects": [
        {"do": "destroy", "what": "self"},
        {"do": "put", "what": {"zone": "hand"}, "amount": "all", "to": "deck"},
        {"do": "put", "what": {"zone": "arsenal"}, "amount": "all", "to": "deck"}]}]
    sedate = _compiled(data, "Sedate", 1)
    assert sedate.fully and sedate.abilities[0]["if"] == {"target_is_hero": True}
    [made] = sedate.abilities[0]["effects"]
    assert made["do"] == "create-token" and made["name"] == "Inertia" and made["who"] == "defending-hero"
    assert made["abilities"] == inertia.abilities


def test_an_affliction_that_deals_damage_unless_its_controller_pays(data):
    pox = _compiled(data, "Bloodrot Pox")
    assert pox.fully and pox.abilities == [{"kind": "trigger", "on": "end-phase", "if": {"your_turn": True},
                                            "effects": [
        {"do": "destroy", "what": "self"},
        {"do": "damage", "amount": 2, "to": "you", "unless_paid": {"resources": 3, "by": "you"}}]}]
    infect = _compiled(data, "Infect", 1)
    assert infect.fully and infect.keywords == ["stealth"]
    assert infect.abilities[0]["effects"][0]["abilities"] == pox.abilities


def test_an_affliction_that_weakens_attacks_played_from_arsenal_and_weapon_attacks(data):
    frailty = _compiled(data, "Frailty")
    assert frailty.fully and frailty.abilities == [
        {"kind": "static", "effect": {"do": "modify", "stat": "power", "by": -1, "to": {"controller": "you", "any_of": [
            {"types": ["action"], "subtypes": ["attack"], "played_from": "arsenal"},
            {"types": ["weapon"], "is_attack": True}]}}},
        {"kind": "trigger", "on": "end-phase", "if": {"your_turn": True}, "effects": [{"do": "destroy", "what": "self"}]}]
