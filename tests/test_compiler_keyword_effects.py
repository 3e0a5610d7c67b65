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
    for name, pitch in (("Miller's Grindstone", None), ("Clash of Mountains", 1), ("Trounce", 1)):
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
