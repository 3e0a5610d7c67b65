"""The card-text compiler on the effect keywords it reads from real card text (CR 8.5): clash (8.5.45) and its
winner, "If you win", "When you win a clash revealing this"; shapes it must not claim."""


def _compiled(name, pitch=None):
    from judge.cards import data as cd
    from judge.cards.compiler import compile_card

    return compile_card(cd.find_one(cd.load("embedded"), name, pitch))


def test_clash_in_a_defends_trigger_gives_the_token_to_the_winner():
    c = _compiled("Clash of Vigor", 2)
    assert c.fully, c.not_understood
    [ab] = c.abilities
    assert ab["kind"] == "trigger" and ab["on"] == "defends"
    [clash] = ab["effects"]
    assert clash["do"] == "clash" and clash["with"] == "attacking-hero"
    [token] = clash["winner"]
    assert token["do"] == "create-token" and token["name"] == "Vigor" and "who" not in token


def test_if_you_win_is_a_condition_on_the_clash_just_made():
    [ab] = _compiled("Stonewall Impasse").abilities[:1]
    assert ab["effects"][0] == {"do": "clash", "with": "attacking-hero"}
    assert ab["effects"][1]["if"] == {"won_clash": True} and ab["effects"][1]["stat"] == "defense"


def test_win_a_clash_revealing_this_is_a_trigger_on_the_card_revealed():
    c = _compiled("Thunk", 3)
    assert c.fully
    [ab] = c.abilities
    assert ab["on"] == "win-clash" and ab["effects"][0]["name"] == "Might"


def test_clash_shapes_not_captured_stay_not_understood():
    # "If they win, …" names the other hero's win; "a Guardian attack" narrows the trigger; "clash again"
    for name, pitch in (("Miller's Grindstone", None), ("Trounce", 1)):
        c = _compiled(name, pitch)
        assert not c.fully and any("clash" in p.lower() for p in c.not_understood), name


def test_wager_on_attack_and_granted_to_the_next_attack():
    [ab] = _compiled("Wage Agility", 1).abilities
    assert ab["on"] == "attack" and ab["if"] == {"attacks_hero": True}
    [wager] = ab["effects"]
    assert wager["do"] == "wager" and wager["may"] is True and [t["name"] for t in wager["prize"]] == ["Agility"]
    hold = _compiled("Hold 'em", 2)
    assert hold.fully
    granted = [e for e in hold.abilities[0]["effects"] if e["do"] == "gain-ability"]
    assert granted and granted[0]["ability"]["effects"][0]["do"] == "wager"


def test_wager_shapes_not_captured_stay_not_understood():
    # a wager without a prize whose winner draws and the other discards; "the next attack that wagers"
    for name in ("Drink 'Em Under the Table", "Double Down"):
        c = _compiled(name, 1)
        assert any("wager" in p.lower() for p in c.not_understood), name


def test_contract_is_a_banished_trigger_by_its_controller_on_opponents_cards():
    c = _compiled("Rob the Rich", 2)
    assert c.fully and "contract" in c.keywords
    [ab] = [a for a in c.abilities if a.get("name") == "Contract"]
    assert ab["on"] == "banished" and ab["of"] == "any"
    assert ab["if"] == {"by": "you", "card": {"owner": "opponent", "min_cost": 2}}
    assert [e["name"] for e in ab["effects"]] == ["Silver"]


def test_contract_conditions_not_captured_stay_not_understood():
    # "{d} 2 or less" has no selector; "base go again"; "hit a marked hero named …" is not a banish
    for name, pitch in (("Fleece the Frail", 1), ("Sack the Shifty", 1), ("Defang the Dragon", 1)):
        c = _compiled(name, pitch)
        assert any("contract" in p.lower() for p in c.not_understood), name


def test_surge_it_gets_go_again_is_the_card_gaining_go_again_as_it_resolves():
    c = _compiled("Trailblazing Aether", 2)
    assert c.fully
    assert c.abilities[1] == {"kind": "resolution", "if": {"dealt_more_than": 2},
                              "effects": [{"do": "gain-keyword", "keyword": "go again"}]}


def test_evo_upgrade_counts_the_evos_equipped():
    evos = {"count": "you-control", "of": {"types": ["equipment"], "subtypes": ["evo"]}}
    strength = _compiled("Mechanical Strength", 3)
    assert strength.keywords == ["evo upgrade"]
    assert strength.abilities == [{"kind": "static", "effect": {"do": "modify", "stat": "power", "by": evos}}]
    mayhem = _compiled("Liquid-Cooled Mayhem", 1)
    assert mayhem.abilities[0]["effect"] == {"do": "cost", "by": {**evos, "times": -1}}
    # "can't defend this with attack action cards with cost less than X": not read
    assert not _compiled("Heavy Artillery", 1).fully


def test_guardwell_and_a_defending_cards_static_for_a_kind_of_attack():
    c = _compiled("Blade Beckoner Gauntlets")
    assert c.fully and c.keywords == ["guardwell"]
    assert c.abilities == [{"kind": "static", "while": {"defending": True, "attack": {"types": ["weapon"]}},
                            "effect": {"do": "modify", "stat": "defense", "by": 1}}]


def test_condition_labels_and_solflare():
    crackling = _compiled("Crackling", 1)
    assert crackling.keywords == ["lightning flow"]
    assert crackling.abilities[0]["while"] == {"played_this_turn": {"supertypes": ["lightning"]}}
    wood = _compiled("Strong Wood", 2)
    assert wood.keywords == ["earth bond"] and wood.abilities[0]["while"] == {"pitched_for": {"supertypes": ["earth"]}}
    banneret = _compiled("Banneret of Courage", 2)
    assert banneret.keywords == ["solflare"] and banneret.abilities[0]["on"] == "charge"
    # "instead create 3 Might tokens" under earth bond; Tower's "13 or more {p}": not read
    assert not _compiled("Seeds of Strength", 2).fully
    assert not _compiled("Smack of Reality", 1).fully


def test_decompose_is_an_optional_set_of_distinct_cards_then_if_you_do():
    c = _compiled("Rootbound Carapace", 1)
    assert c.fully and c.keywords == ["decompose"]
    banish, then = c.abilities[0]["effects"]
    assert banish == {"do": "banish-set", "from": "graveyard", "may": True,
                      "sets": [{"of": {"supertypes": ["earth"]}, "amount": 2}, {"of": {"types": ["action"]}, "amount": 1}]}
    assert then["if"] == {"if_you_do": True} and then["stat"] == "defense"
    # "put up to 1 target aura …" after it: not read
    assert not _compiled("Summer's Fall", 1).fully


def test_defends_a_kind_of_attack_is_the_defends_trigger_with_that_condition():
    c = _compiled("Clash of Mountains", 2)
    assert c.fully
    [ab] = c.abilities
    assert ab["on"] == "defends" and ab["if"] == {"attack": {"supertypes": ["guardian"]}}
    assert ab["effects"][0]["winner"][0]["name"] == "Seismic Surge"


def test_surge_puts_the_card_itself_on_the_bottom_of_its_owners_deck():
    c = _compiled("Perennial Aetherbloom", 3)
    assert c.fully
    assert c.abilities[1] == {"kind": "resolution", "if": {"dealt_more_than": 1},
                              "effects": [{"do": "put-on-deck-bottom", "what": "self"}]}
