"""The card-text compiler on real heroes, allies, weapons and items (the embedded card data): a card's moniker
in its own text (2.7.3), allies' attack triggers (8.2.8c), counters on permanents (8.5.14, 8.5.16), written
from the printed text."""

from judge.cards.phrases import monikers


def _compiled(name, pitch=None):
    from judge.cards import data as cd
    from judge.cards.compiler import compile_card

    return compile_card(cd.find_one(cd.load("embedded"), name, pitch))


def test_the_moniker_of_a_personal_name():
    # 2.7.3's own example: Ser Boltyn, Breaker of Dawn (Boltyn), Blasmophet, the Soul Harvester (Blasmophet)
    assert monikers("Ser Boltyn, Breaker of Dawn", True) == ("Boltyn",)
    assert monikers("Blasmophet, the Soul Harvester", True) == ("Blasmophet",)
    assert monikers("Dorinthea Ironsong", True) == ("Dorinthea",)
    assert monikers("Dawnblade", False) == ()
    assert monikers("Hatchet of Body", False) == ()          # not a personal name: no last name dropped
    assert monikers("10,000 Year Reunion", False) == ()      # a number is no moniker


def test_an_ally_attack_trigger_read_through_its_moniker():
    # "Once per Turn Action - {r}{r}: Attack" / "When Suraya attacks, you may banish a card from your hero's soul.
    # If you do, draw 2 cards." / "Ward 4"
    c = _compiled("Suraya, Archangel of Erudition")
    assert c.fully, c.not_understood
    assert c.keywords == ["ward 4"]
    assert c.abilities == [
        {"kind": "activated", "type": "action", "cost": 2, "limit": 1, "attack": True},
        {"kind": "trigger", "on": "attack", "effects": [
            {"do": "banish", "what": {"zone": "soul"}, "may": True},
            {"do": "draw", "amount": 2, "if": {"if_you_do": True}}]}]


def test_creating_several_tokens_is_one_effect_with_a_count():
    # "When Aegis attacks, you may banish a card from your hero's soul. If you do, create 2 Spectral Shield tokens."
    c = _compiled("Aegis, Archangel of Protection")
    assert c.fully, c.not_understood
    made = c.abilities[1]["effects"][1]
    assert made["do"] == "create-token" and made["name"] == "Spectral Shield" and made["count"] == 2
    assert made["keywords"] == ["ward 1"] and made["if"] == {"if_you_do": True}


def test_an_attack_trigger_needs_something_that_attacks():
    # an item does not attack: "When this attacks" on it is not read
    from judge.cards import grammar
    from judge.cards import data as cd

    d = cd.load("embedded")
    item = cd.find_one(d, "Cognition Nodes")
    sup, _ = d.vocabulary()
    ctx = grammar.Context(item, sup, {}, d.names, None)
    assert grammar.read_paragraph("When this attacks, draw a card.", ctx) is None


NO_STEAM = {"at_most": {"count": "counters", "kind": "steam", "n": 0}}


def test_entering_with_counters_then_destroyed_when_none_are_left():
    # "Optekal Monocle enters the arena with 5 steam counters on it. When Optekal Monocle has no steam counters on
    # it, destroy it." / "Action - Remove a steam counter from Optekal Monocle: Opt 1. Go again"
    c = _compiled("Optekal Monocle")
    assert c.fully, c.not_understood
    assert c.abilities == [
        {"kind": "enters", "counters": {"steam": 5}},
        {"kind": "trigger", "on": "state", "if": NO_STEAM, "effects": [{"do": "destroy", "what": "self"}]},
        {"kind": "activated", "type": "action", "cost": 0, "go_again": True,
         "effect_cost": [{"do": "remove-counter", "kind": "steam", "amount": 1}],
         "effects": [{"do": "opt", "amount": 1}]}]


def test_when_it_has_none_reads_the_counters_it_entered_with():
    # Hyper Driver: "This enters the arena with 3 steam counters. When it has none, destroy it."
    from judge.cards import grammar
    from judge.cards import data as cd

    d = cd.load("embedded")
    sup, _ = d.vocabulary()
    ctx = grammar.Context(cd.find_one(d, "Optekal Monocle"), sup, {}, d.names, None)
    got = grammar.read_paragraph("This enters the arena with 3 steam counters. When it has none, destroy it.", ctx)
    assert got.abilities == [{"kind": "enters", "counters": {"steam": 3}},
                             {"kind": "trigger", "on": "state", "if": NO_STEAM,
                              "effects": [{"do": "destroy", "what": "self"}]}]


def test_a_weapon_loads_a_steam_counter_only_when_it_has_none():
    # "Action - Remove a steam counter from Teklo Plasma Pistol: Attack" / "Action - {r}: If there are no steam
    # counters on Teklo Plasma Pistol, put a steam counter on it. Go again"
    c = _compiled("Teklo Plasma Pistol")
    assert c.fully, c.not_understood
    assert c.abilities == [
        {"kind": "activated", "type": "action", "cost": 0, "attack": True,
         "effect_cost": [{"do": "remove-counter", "kind": "steam", "amount": 1}]},
        {"kind": "activated", "type": "action", "cost": 1, "go_again": True,
         "effects": [{"do": "put-counter", "kind": "steam", "amount": 1, "what": "self", "if": NO_STEAM}]}]


def test_destroyed_at_resolution_when_its_last_counter_paid_the_cost():
    # Dissolving Shield: "Instant - Remove a steam counter from this: Prevent the next 1 damage that would be dealt
    # to you this turn. If this has no steam counters, destroy it."
    c = _compiled("Dissolving Shield", 1)
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {
        "kind": "activated", "type": "instant", "cost": 0,
        "effect_cost": [{"do": "remove-counter", "kind": "steam", "amount": 1}],
        "effects": [{"do": "prevent", "amount": 1, "to": "you", "shield": True},
                    {"do": "destroy", "what": "self", "if": NO_STEAM}]}


def test_counters_of_a_card_that_resolves_are_not_read():
    # an action card keeps no counters: the same sentence on it is not understood
    from judge.cards import grammar
    from judge.cards import data as cd

    d = cd.load("embedded")
    sup, _ = d.vocabulary()
    ctx = grammar.Context(cd.find_one(d, "Raging Onslaught", 1), sup, {}, d.names, None)
    assert grammar.read_paragraph("If there are no steam counters on this, put a steam counter on it.", ctx) is None
