"""The card-text grammar of choices and triggers against real card text from the embedded card data: "you may
X. If you do, Y" (1.8.3, 1.8.4), tokens' play triggers on "the attack", modes (5.1.4), and what stays refused."""

import pytest

from judge.cards import data as cd
from judge.cards.compiler import compile_card


@pytest.fixture(scope="module")
def data():
    return cd.load()


def _compiled(data, name, pitch=None):
    return compile_card(cd.find_one(data, name, pitch), data)


def test_you_may_then_if_you_do_is_an_optional_effect_and_conditional_effects(data):
    c = _compiled(data, "Sink Below", 1)
    assert c.fully
    assert c.abilities == [{"kind": "resolution", "effects": [
        {"do": "put", "what": {"zone": "hand"}, "to": "deck", "may": True},
        {"do": "draw", "amount": 1, "if": {"if_you_do": True}}]}]


def test_if_you_do_with_two_effects_gives_each_the_condition(data):
    c = _compiled(data, "Golden Tipple", 1)
    assert c.fully and c.keywords == ["go again"]
    effects = c.abilities[0]["effects"]
    assert c.abilities[0]["on"] == "attack"
    assert effects[0] == {"do": "discard", "what": {"zone": "hand", "color": "yellow"}, "may": True}
    assert [e["do"] for e in effects[1:]] == ["draw", "create-token"]
    assert all(e["if"] == {"if_you_do": True} for e in effects[1:])
    assert effects[2]["name"] == "Gold"


def test_if_you_do_without_an_optional_effect_before_it_is_not_understood(data):
    from judge.cards import grammar as g

    record = cd.find_one(data, "Sink Below", 1)
    ctx = g.Context(record)
    assert g.read_paragraph("Draw a card. If you do, gain 1{h}.", ctx) is None
    assert g.read_paragraph("You may draw a card. If you do, gain 1{h}.", ctx) is not None


def test_a_tokens_play_trigger_acts_on_the_card_played(data):
    c = _compiled(data, "Quicken")
    assert c.fully
    play, activate = c.abilities
    assert play["on"] == "play" and play["if"] == {"by": "you", "is_attack": True}
    assert activate["on"] == "activate" and activate["if"]["card"] == {"types": ["weapon"]}
    for ab in (play, activate):
        assert ab["effects"] == [{"do": "destroy", "what": "self"},
                                 {"do": "gain-keyword", "keyword": "go again", "to": "event-card"}]
    eloquence = _compiled(data, "Eloquence")
    assert eloquence.abilities[0]["if"] == {"by": "you", "card": {"types": ["action"], "not_subtypes": ["attack"]}}


def test_they_in_a_hit_trigger_is_the_defending_hero(data):
    c = _compiled(data, "Kiss of Death", 1)
    assert c.fully and c.keywords == ["stealth"]
    assert c.abilities == [{"kind": "trigger", "on": "hit", "if": {"target_is_hero": True}, "effects": [
        {"do": "lose-life", "who": "defending-hero", "amount": 1}]}]


def test_choose_one_with_a_list_of_modes_is_a_modal_ability_each_mode_with_its_target(data):
    c = _compiled(data, "Short and Sharp", 1)
    assert c.fully and "target" not in c.fields
    [ability] = c.abilities
    [modal] = ability["effects"]
    assert ability["kind"] == "resolution" and modal["do"] == "modes" and modal["choose"] == 1
    assert modal["modes"] == [
        {"effects": [{"do": "modify", "stat": "power", "by": 3, "to": "target"}],
         "target": {"subtypes": ["dagger"], "is_attack": True}},
        {"effects": [{"do": "modify", "stat": "power", "by": 3, "to": "target"}],
         "target": {"types": ["action"], "subtypes": ["attack"], "max_base_power": 2}}]


@pytest.mark.parametrize("modes,message", [
    (None, "has a modal ability (choose 1 of 2): say which modes"),
    ("[1, 2]", "chooses 1 mode of 2"),
    ("[3]", "chooses 1 mode of 2"),
])
def test_the_file_declares_the_modes_or_the_scenario_is_refused(tmp_path, modes, message):
    from judge import scenarios as sc
    from judge.errors import ScenarioError

    path = tmp_path / "s.toml"
    path.write_text('[scenario]\ntitle = "t"\ngame = "fab"\nrules = "2.10.1"\n[players.alice]\n[players.bob]\n'
                    '[cards.s]\ncard = "Short and Sharp (red)"\nowner = "alice"\n'
                    + (f"modes = {modes}\n" if modes else ""), encoding="utf-8")
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        sc.play(sc.load(path))


def test_a_permanent_leaving_the_arena_triggers(data):
    c = _compiled(data, "Sigil of Fyendal", 3)
    assert c.fully and c.keywords == ["go again"]
    assert c.abilities[1] == {"kind": "trigger", "on": "leaves-arena", "effects": [{"do": "gain-life", "amount": 1}]}


def test_if_inside_a_trigger_makes_its_effects_conditional(data):
    c = _compiled(data, "Concuss", 1)
    assert c.fully and c.abilities == [{"kind": "trigger", "on": "hit", "if": {"target_is_hero": True}, "effects": [
        {"do": "discard", "who": "defending-hero", "if": {"this": {"power_above_base": True}}}]}]


def test_the_next_time_an_attack_hits_this_turn_is_a_delayed_trigger(data):
    c = _compiled(data, "Plunder Run", 1)
    assert c.fully
    assert c.abilities[0] == {"kind": "resolution", "effects": [{
        "do": "delayed-trigger", "on": "hit",
        "when": {"attack": {"types": ["action"], "subtypes": ["attack"], "controller": "you"}},
        "effects": [{"do": "draw", "amount": 1}]}]}


def test_a_permanents_end_phase_counter_on_itself(data):
    c = _compiled(data, "Frontline Gauntlets")
    assert c.fully and c.keywords == ["blade break"]
    assert c.abilities == [{"kind": "trigger", "on": "end-phase", "if": {"your_turn": True}, "effects": [
        {"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"}]}]


def test_surge_is_a_resolution_ability_conditional_on_the_damage_this_dealt(data):
    c = _compiled(data, "Open the Flood Gates", 1)
    assert c.fully and c.fields == {"target": "hero"}
    assert c.abilities[1] == {"kind": "resolution", "if": {"dealt_more_than": 3}, "effects": [{"do": "draw", "amount": 2}]}


def test_one_of_two_classes_or_subtypes_is_an_any_of_selector(data):
    lead = _compiled(data, "Lead with Speed", 1)
    assert lead.fully and lead.abilities[0]["effects"][0]["to"] == {
        "any_of": [{"supertypes": ["brute"]}, {"supertypes": ["warrior"]}], "is_attack": True}
    puncture = _compiled(data, "Puncture", 1)
    assert puncture.fully and puncture.fields["target"] == {
        "any_of": [{"subtypes": ["sword"]}, {"subtypes": ["dagger"]}], "is_attack": True}


def test_conditions_on_the_source_and_an_empty_hand_inside_an_attack_trigger(data):
    dragon = _compiled(data, "Dragon Power", 1)
    assert dragon.fully and dragon.abilities[0]["effects"][0]["if"] == {"this": {"supertypes": ["draconic"]}}
    spring = _compiled(data, "Spring Load", 1)
    assert spring.fully and spring.abilities == [{"kind": "trigger", "on": "attack", "effects": [
        {"do": "modify", "stat": "power", "by": 3, "if": {"at_most": {"count": "in-hand", "n": 0}}}]}]


def test_reveal_the_top_card_then_if_its_and_otherwise(data):
    c = _compiled(data, "Pack Call", 1)
    assert c.fully and c.abilities == [{"kind": "trigger", "on": "defends", "effects": [
        {"do": "reveal", "what": "top-of-deck"},
        {"do": "put", "what": "it", "to": "deck-top", "if": {"revealed": {"min_power": 6}}},
        {"do": "put", "what": "it", "to": "deck", "if": {"otherwise": True}}]}]
    lanterns = _compiled(data, "Sky Fire Lanterns", 1)
    assert lanterns.fully and lanterns.abilities[0]["effects"][1]["if"] == {"revealed": {"color": "red"}}


def test_when_this_is_played_is_a_trigger_on_its_own_play_event(data):
    # 1.7.4i: it is functional as the card is played (on the stack, outside the arena)
    scar = _compiled(data, "Scar for a Scar", 1)
    assert scar.fully and scar.keywords == []
    assert scar.abilities == [{"kind": "trigger", "on": "play", "effects": [
        {"do": "gain-keyword", "keyword": "go again", "if": {"less_life_than_an_opponent": True}}]}]
    rush = _compiled(data, "Adrenaline Rush", 2)
    assert rush.fully and rush.abilities == [{"kind": "trigger", "on": "play", "effects": [
        {"do": "modify", "stat": "power", "by": 3, "if": {"less_life_than_an_opponent": True}}]}]


def test_attacks_a_hero_names_a_hero_not_an_ally(data):
    rumble = _compiled(data, "Rawhide Rumble", 1)
    assert rumble.fully and rumble.keywords == ["beat chest"]
    assert rumble.abilities == [{"kind": "trigger", "on": "attack", "if": {"attacks_hero": True}, "effects": [
        {"do": "intimidate", "if": {"at_least": {"count": "events-this-turn", "event": "beat-chest", "by": "you",
                                                 "n": 1}}}]}]


def test_look_at_the_top_card_or_the_defending_heros_hand(data):
    # 8.5.11: a look effect; "you may" makes it optional (1.8.3)
    horizon = _compiled(data, "On the Horizon", 1)
    assert horizon.fully and horizon.abilities == [
        {"kind": "trigger", "on": "defends", "effects": [{"do": "look", "what": "top-of-deck"}]}]
    scout = _compiled(data, "Frontline Scout", 1)
    assert scout.fully
    assert scout.abilities[0] == {"kind": "resolution", "effects": [
        {"do": "look", "what": "hand", "who": "defending-hero", "may": True}]}


def test_a_look_the_grammar_cannot_place_stays_refused(data):
    from judge.cards import grammar as g

    ctx = g.Context(cd.find_one(data, "Frontline Scout", 1))
    assert g.read_paragraph("Look at target hero's hand.", ctx) is None
    # "their hand" is the hero an attack hit: not on a card that does not attack
    assert g.read_paragraph("Look at their hand.", g.Context(cd.find_one(data, "Sink Below", 1))) is None


def test_put_into_your_graveyard_from_anywhere_trigger_and_replacement(data):
    green = _compiled(data, "Fiddler's Green", 1)
    assert green.fully and green.abilities == [
        {"kind": "trigger", "on": "put-into-graveyard", "effects": [{"do": "gain-life", "amount": 3}]}]
    drone = _compiled(data, "Drone of Brutality", 1)
    assert drone.fully and drone.abilities == [{"kind": "replacement", "would": "graveyard", "instead": "deck"}]
    beast = _compiled(data, "Mark of the Beast")
    assert beast.fully and beast.abilities == [{"kind": "replacement", "would": "graveyard", "instead": "banished"}]


def test_target_hero_in_an_attack_trigger_and_it_was_fused(data):
    # 6.6.6a: the triggered-layer's target, any hero; "if it was fused" is a condition of its effect (6.6.1c)
    blade = _compiled(data, "Singeing Steelblade", 1)
    assert blade.fully and blade.abilities == [{"kind": "trigger", "on": "attack", "target": "hero", "effects": [
        {"do": "damage", "amount": 1, "to": "target", "kind": "arcane"}]}]
    shock = _compiled(data, "Arcanic Shockwave", 1)
    assert shock.fully and shock.keywords == ["lightning fusion"]
    assert shock.abilities == [{"kind": "trigger", "on": "attack", "target": "hero", "effects": [
        {"do": "damage", "amount": 1, "to": "target", "kind": "arcane", "if": {"fused": True}}]}]


def test_put_an_item_with_cost_n_or_n_from_hand_into_the_arena(data):
    # 3.0.5a: into the arena, naming no zone: a permanent; 1.8.6: the card chosen as the effect is generated
    expedite = _compiled(data, "Expedite", 1)
    assert expedite.fully and expedite.keywords == ["boost"]
    assert expedite.abilities == [{"kind": "trigger", "on": "hit", "effects": [
        {"do": "put", "what": {"zone": "hand", "subtypes": ["item"], "min_cost": 0, "max_cost": 1}, "to": "arena",
         "may": True}]}]
    from judge.cards import grammar as g

    ctx = g.Context(cd.find_one(data, "Expedite", 1))
    assert g.read_paragraph("When this hits, you may put an item with cost 0 or 2 from your hand into the arena.",
                            ctx) is None       # two costs that are not a range


def test_attacks_or_defends_is_one_ability_on_each_event(data):
    spirit = _compiled(data, "Fyendal's Fighting Spirit", 1)
    effects = [{"do": "gain-life", "amount": 1, "if": {"less_life_than_an_opponent": True}}]
    assert spirit.fully and spirit.abilities == [{"kind": "trigger", "on": "attack", "effects": effects},
                                                 {"kind": "trigger", "on": "defends", "effects": effects}]
    # either event's reading failing refuses the paragraph
    assert not _compiled(data, "Ten Foot Tall and Bulletproof").fully


def test_a_marked_heros_hand_or_arsenal_card_banished_on_hit(data):
    widow = _compiled(data, "Mark of the Black Widow", 1)
    assert widow.fully and widow.abilities == [{"kind": "trigger", "on": "hit", "if": {"hit_hero_marked": True},
                                                "effects": [{"do": "banish", "what": {"zone": "hand"},
                                                             "who": "defending-hero"}]}]
    web = _compiled(data, "Mark of the Funnel Web", 1)
    assert web.fully and web.abilities[0]["effects"] == [
        {"do": "banish", "what": {"zone": "arsenal"}, "who": "defending-hero"}]


def test_retrieve_and_look_at_target_heros_deck(data):
    pick = _compiled(data, "Pick Up the Point", 1)
    assert pick.fully and pick.abilities == [{"kind": "trigger", "on": "attack", "effects": [
        {"do": "retrieve", "what": {"zone": "graveyard", "subtypes": ["dagger"]}, "may": True}]}]
    scout = _compiled(data, "Scout the Periphery", 1)
    assert scout.fully and scout.fields == {"target": "hero"}
    assert scout.abilities[0] == {"kind": "resolution", "effects": [{"do": "look", "what": "top-of-deck",
                                                                     "who": "target"}]}
    crest = _compiled(data, "Wayfinder's Crest")
    assert crest.fully and crest.abilities == [{"kind": "trigger", "on": "defends", "target": "hero", "effects": [
        {"do": "look", "what": "top-of-deck", "who": "target"}]}]


def test_banished_from_boosting_this_is_a_condition_on_the_boosted_card(data):
    # 8.3.9: the card boost banished; only on a card with boost
    rocket = _compiled(data, "Sprocket Rocket", 1)
    assert rocket.fully and rocket.abilities == [{"kind": "static", "while": {"boost_banished": {"any_of": [
        {"subtypes": ["item"]}, {"types": ["equipment"]}]}}, "effect": {"do": "modify", "stat": "power", "by": 1}}]
    from judge.cards import grammar as g

    ctx = g.Context(cd.find_one(data, "Snatch", 1))
    assert g.read_paragraph("If an item was banished from boosting this, this gets +1{p}.", ctx) is None


def test_defends_alone_is_a_trigger_condition(data):
    bastion = _compiled(data, "Battlefront Bastion", 1)     # 7.0.5e
    assert bastion.fully and bastion.abilities == [{"kind": "trigger", "on": "defends", "if": {"defends_alone": True},
                                                    "effects": [{"do": "prevent", "amount": 1, "to": "you",
                                                                 "shield": True}]}]
