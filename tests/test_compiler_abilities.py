"""The card-text compiler on real card text (the embedded card data): activated abilities of heroes, weapons,
equipment and items, their costs and activation conditions (5.2.1c, 5.2.1e), card selectors and prevention."""

import pytest


def _compiled(name, pitch=None):
    from judge.cards import data as cd
    from judge.cards.compiler import compile_card

    return compile_card(cd.find_one(cd.load("embedded"), name, pitch))


def _only_ability(name, pitch=None):
    c = _compiled(name, pitch)
    assert c.fully, c.not_understood
    assert len(c.abilities) == 1, c.abilities
    return c.abilities[0]


def test_activation_condition_names_a_card_played_this_turn():
    ab = _only_ability("Swiftstrike Bracers")
    assert ab == {"kind": "activated", "type": "action", "effect_cost": "destroy this", "cost": 0,
                  "if": {"played_this_turn": {"name": "Nimblism"}}, "go_again": True,
                  "effects": [{"do": "modify", "stat": "power", "by": 2, "next": True, "to": {"is_attack": True}}]}


def test_non_attack_action_card_selector_and_activation_condition():
    ab = _only_ability("Sutcliffe's Suede Hides")
    assert ab["if"] == {"played_this_turn": {"types": ["action"], "not_subtypes": ["attack"]}}
    assert ab["target"] == {"types": ["action"], "subtypes": ["attack"]}   # a card: defending ones too (1.2.2 example)
    boots = _only_ability("Mage Master Boots")
    assert boots["effects"] == [{"do": "gain-keyword", "keyword": "go again", "next": True,
                                 "to": {"types": ["action"], "not_subtypes": ["attack"]}}]


def test_base_power_and_keyword_selectors():
    assert _only_ability("Fleet Foot Sandals")["target"] == {"is_attack": True, "max_base_power": 1}
    assert _compiled("Razor's Edge", 1).fields["target"] == {"types": ["action"], "subtypes": ["attack"],
                                                             "keyword": "stealth"}


def test_typed_prevention_needs_its_duration():
    ab = _only_ability("Cloud Cover")
    assert ab["effects"] == [{"do": "prevent", "amount": 2, "to": "you"}]
    peace = _compiled("Peace of Mind", 1)      # "{p} damage" without "this turn": lasts until used — refused
    assert not peace.fully


def test_mark_in_hit_triggers_and_activated_abilities():
    klaive = _compiled("Hunter's Klaive")
    assert klaive.fully and klaive.abilities[1] == {"kind": "trigger", "on": "hit",
                                                    "effects": [{"do": "mark", "who": "defending-hero"}]}
    call = _only_ability("Reaper's Call", 1)
    assert call["effects"] == [{"do": "mark", "who": "target"}] and call["target"] == "opponent"
    assert call["functional_in"] == "hand"


def test_marked_hero_conditions():
    scuttle = _only_ability("Scuttle the Canal", 1)
    assert scuttle == {"kind": "trigger", "on": "attack", "if": {"defending_hero_marked": True},
                       "effects": [{"do": "gain-keyword", "keyword": "go again"}]}
    # a weapon's "the attack" is its attack, not the weapon (1.4.3e)
    chelicera = _compiled("Graphene Chelicera")
    assert chelicera.abilities[1]["effects"] == [{"do": "gain-keyword", "keyword": "go again", "to": "attack"}]
    plunge = _only_ability("Plunge the Prospect", 1)
    assert plunge["while"] == {"defending_hero_marked": True}


def test_mark_of_another_hero_is_not_understood():
    # "Mark target Arakni" names a hero by name: not read
    assert not _compiled("Vow of Vengeance").fully


def test_a_permanent_trigger_on_leaving_the_arena():
    sigil = _compiled("Sigil of Fyendal")
    assert sigil.fully
    assert sigil.abilities[1] == {"kind": "trigger", "on": "leaves-arena", "effects": [{"do": "gain-life", "amount": 1}]}
    # a card that is not a permanent does not leave the arena as itself: not this shape
    from judge.cards.grammar import Context, NotUnderstood
    from judge.cards.hero_grammar import arena_trigger
    from judge.cards import data as cd

    snatch = cd.find_one(cd.load("embedded"), "Snatch", 1)
    with pytest.raises(NotUnderstood):
        arena_trigger("When this leaves the arena, gain 1{h}.", Context(snatch))


def test_class_or_class_and_name_word_selectors():
    lead = _compiled("Lead with Power", 2)
    assert lead.abilities[0]["effects"][0]["to"] == {"any_of": [{"supertypes": ["brute"]}, {"supertypes": ["guardian"]}],
                                                     "is_attack": True}
    hiss = _compiled("Hiss", 1)     # its first paragraph: "Target Assassin or Mystic attack action card gets +3{p}"
    assert hiss.fields["target"] == {"types": ["action"], "subtypes": ["attack"],
                                     "any_of": [{"supertypes": ["assassin"]}, {"supertypes": ["mystic"]}]}
    wrath = _compiled("Angelic Wrath", 1)
    assert wrath.fields["target"]["name_contains"] == "herald"


def test_an_ally_attacks_itself():
    from judge.cards import data as cd
    from judge.cards.grammar import Context, read_paragraph

    record = cd.find_one(cd.load("embedded"), "Cintari Sellsword")
    reading = read_paragraph("**Once per Turn Action** - {r}: **Attack**. **Go again**", Context(record))
    assert reading.abilities == [{"kind": "activated", "type": "action", "cost": 1, "limit": 1, "attack": True,
                                  "go_again": True}]


def test_engine_selectors_one_of_two_supertypes_and_a_word_of_the_name():
    from judge.engine.fab.cards import Card, matches

    c = Card("h", "Herald of Ravages", "alice")
    c.types, c.subtypes, c.supertypes = {"action"}, {"attack"}, {"light", "illusionist"}
    assert matches(c, {"name_contains": "herald"}) and not matches(c, {"name_contains": "rav"})
    assert matches(c, {"any_of": [{"supertypes": ["assassin"]}, {"supertypes": ["light"]}]})
    assert not matches(c, {"any_of": [{"supertypes": ["assassin"]}, {"supertypes": ["mystic"]}]})


def test_amp_as_a_resolution_and_as_an_activated_ability_from_hand():
    assert _only_ability("Exploding Aether", 1)["effects"] == [{"do": "amp", "amount": 3}]
    twining = _compiled("Arcane Twining", 1)
    assert twining.fully and twining.fields["target"] == "any"
    assert twining.abilities[1] == {"kind": "activated", "type": "instant", "cost": 0, "effect_cost": "discard this",
                                    "functional_in": "hand", "effects": [{"do": "amp", "amount": 1}]}


def test_damage_of_this_attack_cannot_be_prevented():
    assert _only_ability("Malign", 1) == {"kind": "static", "effect": {"do": "cannot-be-prevented"}}


def test_an_ability_granted_to_the_next_attack_is_read_as_the_attack_s():
    effects = _only_ability("Hunt a Killer", 1)["effects"]
    assert effects[1] == {"do": "gain-ability", "to": {"subtypes": ["dagger"], "is_attack": True}, "next": True,
                          "ability": {"kind": "trigger", "on": "hit",
                                      "effects": [{"do": "mark", "who": "defending-hero"}]}}


def test_a_weapon_static_while_a_condition_of_the_turn_or_the_pitch_zone():
    nebula = _compiled("Nebula Blade")
    assert nebula.fully
    assert nebula.abilities[2] == {"kind": "static", "effect": {"do": "modify", "stat": "power", "by": 3},
                                   "while": {"played_this_turn": {"types": ["action"], "not_subtypes": ["attack"]}}}
    assert _compiled("Titan's Fist").abilities[1]["while"] == {"pitched": {"min_cost": 3}}
    assert _compiled("Hammer of Havenhold").abilities[1]["while"] == {"pitched": {"name": "Chivalry"}}
    assert _only_ability("Searing Ray", 1)["while"] == {"pitched": {"color": "yellow"}}


def test_a_weapon_s_attacks_get_what_it_has_while_a_condition_holds():
    star = _compiled("Star Fall")
    assert star.fully
    assert [ab["effect"] for ab in star.abilities[1:]] == [{"do": "modify", "stat": "power", "by": 1},
                                                           {"do": "gain-keyword", "keyword": "go again"}]
    assert star.abilities[1]["while"] == {"played_this_turn": {"supertypes": ["lightning"]}}


def test_a_permanent_puts_a_counter_on_itself():
    helm = _compiled("Frontline Helm")
    assert helm.fully and helm.keywords == ["blade break"]
    assert helm.abilities == [{"kind": "trigger", "on": "end-phase", "if": {"your_turn": True},
                               "effects": [{"do": "put-counter", "stat": "defense", "amount": -1, "what": "self"}]}]
