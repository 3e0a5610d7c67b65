"""The card-text compiler on heroes' and allies' text (the embedded card data): statics over the cards a hero's
player owns (6.2.3), allies' own triggers (8.2.8)."""


def _compiled(name, pitch=None):
    from judge.cards import data as cd
    from judge.cards.compiler import compile_card

    return compile_card(cd.find_one(cd.load("embedded"), name, pitch))


def test_cards_you_own_lose_a_keyword_while_a_condition_holds_during_the_end_phase():
    for name in ("Levia", "Levia, Shadowborn Abomination"):
        c = _compiled(name)
        assert c.fully, c.not_understood
        assert c.abilities == [{"kind": "static", "effect": {"do": "lose-keyword", "keyword": "blood debt",
                                                             "to": {"owner": "you"}},
                                "while": {"at_least": {"count": "events-this-turn", "event": "put-into-banished",
                                                       "by": "you", "of": {"min_power": 6}, "n": 1},
                                          "phase": "end"}}]


def test_cards_you_own_lose_a_keyword_without_a_condition():
    c = _compiled("Levia, Redeemed")
    assert {"kind": "static", "effect": {"do": "lose-keyword", "keyword": "blood debt", "to": {"owner": "you"}}} \
        in c.abilities
    assert len(c.not_understood) == 1 and "Transform" in c.not_understood[0]   # its transform is not read


def test_an_allys_pronoun_deals_damage_to_the_hero_it_hit():
    c = _compiled("Vynserakai")
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "trigger", "on": "hit", "if": {"target_is_hero": True},
                            "effects": [{"do": "damage", "amount": 3, "to": "defending-hero", "kind": "arcane"}]}]


def test_an_allys_attack_trigger_targets_any_target():
    c = _compiled("Sekem, Archangel of Ravages")
    assert c.fully, c.not_understood
    assert c.abilities[1] == {"kind": "trigger", "on": "attack", "target": "any", "effects": [
        {"do": "banish", "what": {"zone": "soul"}, "may": True},
        {"do": "damage", "amount": 2, "to": "target", "kind": "arcane", "if": {"if_you_do": True}}]}


def test_your_attacks_this_turn_get_a_keyword():
    c = _compiled("Metis, Archangel of Tenacity")
    assert c.fully, c.not_understood
    assert c.abilities[1]["effects"][1] == {"do": "gain-keyword", "keyword": "dominate", "if": {"if_you_do": True},
                                            "to": {"is_attack": True, "controller": "you"}}


def test_counters_on_each_permanent_of_a_kind_you_control():
    c = _compiled("Bellona, Archangel of War")
    assert c.fully, c.not_understood
    assert c.abilities[1]["effects"][1] == {"do": "put-counter", "stat": "power", "amount": 1, "if": {"if_you_do": True},
                                            "what": {"subtypes": ["angel"], "controller": "you"}}


def test_cards_your_opponents_control_get_until_the_start_of_your_next_turn():
    c = _compiled("Victoria, Archangel of Triumph")
    assert c.fully, c.not_understood
    assert c.abilities[1]["effects"][1] == {
        "do": "modify", "stat": "power", "by": -1, "duration": "until-your-next-turn", "if": {"if_you_do": True},
        "to": {"types": ["action"], "subtypes": ["attack"], "controller": "opponent"}}


def test_allies_you_control_have_an_activated_ability():
    c = _compiled("Storm of Sandikai")
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "static", "effect": {
        "do": "gain-ability", "to": {"subtypes": ["dragon", "ally"], "controller": "you"},
        "ability": {"kind": "activated", "type": "action", "cost": 0, "limit": 1, "attack": True}}}]


def test_a_pitch_trigger_and_allies_of_a_kind_that_have_a_keyword_while_attacking():
    for name in ("Dromai", "Dromai, Ash Artist"):
        c = _compiled(name)
        assert c.fully, c.not_understood
        assert c.abilities[0]["on"] == "pitch" and c.abilities[0]["if"] == {"by": "you", "card": {"color": "red"}}
        assert c.abilities[0]["effects"][0]["name"] == "Ash"
        assert c.abilities[1] == {"kind": "static", "while": {"played_this_turn": {"color": "red"}}, "effect": {
            "do": "gain-keyword", "keyword": "go again",
            "to": {"subtypes": ["dragon", "ally"], "controller": "you", "is_attack": True}}}


def test_opponents_cant_play_cards_or_activate_abilities_during_your_turn():
    c = _compiled("Themai")
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "static", "while": {"your_turn": True},
                            "effect": {"do": "restrict", "who": "opponent", "what": {}, "activations": True}}]
