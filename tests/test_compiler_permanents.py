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
