"""The card-text compiler on real heroes, allies, weapons and items (the embedded card data): a card's moniker
in its own text (2.7.3), allies' attack triggers (8.2.8c), counters on permanents (8.5.14, 8.5.16), written
from the printed text."""

import pytest

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


def test_banish_this_and_a_card_from_the_soul_are_two_effect_costs():
    # Radiant Flow: "Instant - Banish this and a card from your hero's soul: Prevent the next 2 damage that would
    # be dealt to your hero this turn."
    c = _compiled("Radiant Flow")
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "activated", "type": "instant", "cost": 0,
                            "effect_cost": [{"do": "banish", "what": "self"},
                                            {"do": "banish", "what": {"zone": "soul"}}],
                            "effects": [{"do": "prevent", "amount": 2, "to": "you", "shield": True}]}]


def test_a_hero_banishes_from_its_own_soul_by_its_moniker():
    # Prism, Sculptor of Arc Light: "Once per Turn Instant - {r}{r}, banish a card from Prism's soul: Create a
    # Spectral Shield token."
    c = _compiled("Prism, Sculptor of Arc Light")
    assert c.fully, c.not_understood
    ab = c.abilities[0]
    assert {k: v for k, v in ab.items() if k != "effects"} == {
        "kind": "activated", "type": "instant", "cost": 2, "limit": 1,
        "effect_cost": [{"do": "banish", "what": {"zone": "soul"}}]}
    assert [e["do"] for e in ab["effects"]] == ["create-token"] and ab["effects"][0]["name"] == "Spectral Shield"


def test_charging_the_soul_as_an_activation_cost():
    # V for Valor (red), an aura: "Attack Reaction - {r}, destroy this, charge your hero's soul: Target attack gains +3{p}."
    c = _compiled("V for Valor", 1)
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "activated", "type": "attack reaction", "cost": 1, "target": "attack",
                            "effect_cost": [{"do": "destroy", "what": "self"}, {"do": "charge"}],
                            "effects": [{"do": "modify", "stat": "power", "by": 3, "to": "target"}]}]


def test_return_a_card_from_the_graveyard_to_hand():
    # Backup Protocol: RED: "Instant - {r}{r}, destroy this: Return a red Mechanologist attack action card from
    # your graveyard to your hand."
    c = _compiled("Backup Protocol: RED")
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {"kind": "activated", "type": "instant", "cost": 2, "effect_cost": "destroy this",
                               "effects": [{"do": "put", "to": "hand", "what": {
                                   "zone": "graveyard", "color": "red", "supertypes": ["mechanologist"],
                                   "types": ["action"], "subtypes": ["attack"]}}]}
    # Rise from the Ashes: "You may return a Phoenix Flame from your graveyard to your hand." — a card by its name
    rise = _compiled("Rise from the Ashes", 1)
    assert rise.fully and rise.abilities[-1]["effects"] == [
        {"do": "put", "what": {"zone": "graveyard", "name": "Phoenix Flame"}, "to": "hand", "may": True}]


def test_once_per_turn_when_you_boost_a_card():
    # Hyper Driver (red): "This enters the arena with 3 steam counters. When it has none, destroy it." / "Once per
    # turn, when you boost a card, remove a steam counter from this and gain {r}."
    c = _compiled("Hyper Driver", 1)
    assert c.fully, c.not_understood
    assert c.abilities == [
        {"kind": "enters", "counters": {"steam": 3}},
        {"kind": "trigger", "on": "state", "if": NO_STEAM, "effects": [{"do": "destroy", "what": "self"}]},
        {"kind": "trigger", "on": "boost", "of": "any", "if": {"by": "you"}, "limit": 1,
         "effects": [{"do": "remove-counter", "kind": "steam", "amount": 1, "what": "self"},
                     {"do": "gain-resources", "amount": 1}]}]


def test_a_static_bonus_after_a_discard_of_six_or_more_power_this_turn():
    # Ball Breaker: "Once per Turn Action - {r}{r}: Attack" / "If you've discarded a card with 6 or more {p} this
    # turn, this gets +1{p}."
    c = _compiled("Ball Breaker")
    assert c.fully, c.not_understood
    assert c.abilities == [
        {"kind": "activated", "type": "action", "cost": 2, "limit": 1, "attack": True},
        {"kind": "static", "while": {"at_least": {"count": "events-this-turn", "event": "discard", "by": "you",
                                                  "of": {"min_power": 6}, "n": 1}},
         "effect": {"do": "modify", "stat": "power", "by": 1}}]


def test_a_defends_trigger_on_the_kind_of_attack_defended():
    # Teklonetic Force Field (red), a block card: "When this defends an attack with overpower, this gets +2{d}."
    c = _compiled("Teklonetic Force Field", 1)
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "trigger", "on": "defends", "if": {"attack": {"keyword": "overpower"}},
                            "effects": [{"do": "modify", "stat": "defense", "by": 2}]}]
    # Den of the Spider (red): "When this defends an attack with {p} greater than its base, mark the attacking hero."
    den = _compiled("Den of the Spider", 1)
    assert den.fully and den.abilities == [{"kind": "trigger", "on": "defends",
                                            "if": {"attack": {"power_above_base": True}},
                                            "effects": [{"do": "mark", "who": "attacking-hero"}]}]


def test_your_attack_action_cards_get_a_bonus_from_a_permanent():
    # Penetration Script: "Your Mechanologist attack action cards get +1{p}." (after its crank paragraphs)
    mech = {"supertypes": ["mechanologist"], "types": ["action"], "subtypes": ["attack"], "controller": "you"}
    c = _compiled("Penetration Script")
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {"kind": "static", "effect": {"do": "modify", "stat": "power", "by": 1, "to": mech}}
    # MHz Script: "Your Mechanologist attack action cards get go again."
    assert _compiled("MHz Script").abilities[-1] == {"kind": "static", "effect": {
        "do": "gain-keyword", "keyword": "go again", "to": mech}}


def test_a_card_discarded_this_way_by_an_attack_trigger():
    # Bare Fangs (red): "When this attacks, draw a card then discard a random card. If a card with 6 or more {p} is
    # discarded this way, Bare Fangs gains +2{p}."
    c = _compiled("Bare Fangs", 1)
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "trigger", "on": "attack", "effects": [
        {"do": "draw", "amount": 1}, {"do": "discard", "random": True},
        {"do": "modify", "stat": "power", "by": 2, "if": {"discarded": {"min_power": 6}}}]}]
    # Mini Meataxe, a weapon: "When this attacks, draw a card then discard a random card."
    assert _compiled("Mini Meataxe").abilities[-1] == {"kind": "trigger", "on": "attack", "effects": [
        {"do": "draw", "amount": 1}, {"do": "discard", "random": True}]}


def test_a_permanent_triggers_on_its_controllers_attack_hitting_a_hero():
    # Boom Grenade (red): "When a Mechanologist attack action card you control hits a hero, destroy this and deal 4
    # damage to them."
    c = _compiled("Boom Grenade", 1)
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {
        "kind": "trigger", "on": "hit", "of": "any",
        "if": {"attack": {"supertypes": ["mechanologist"], "types": ["action"], "subtypes": ["attack"],
                          "controller": "you"}, "attacks_hero": True},
        "effects": [{"do": "destroy", "what": "self"}, {"do": "damage", "amount": 4, "to": "defending-hero"}]}


def test_a_printed_star_defined_by_a_count_of_heroes_with_more_life():
    # Headliner Helm: "Headliner Helm's {d} is equal to the number of opposing heroes with greater {h} than you."
    # Grandstand Legplates: the same sentence after "Grandstand Legplates'" (the possessive of a name ending in s)
    for name in ("Headliner Helm", "Grandstand Legplates"):
        c = _compiled(name)
        assert c.fully, c.not_understood
        assert {"kind": "property", "defines": ["defense"], "count": "opposing-heroes-with-more-life"} in c.abilities


def test_a_property_ability_with_an_unknown_count_is_refused(run_cli, tmp_path):
    path = tmp_path / "bad-count.toml"
    path.write_text('[scenario]\ntitle = "t"\nquestion = "q"\ngame = "fab"\nrules = "2.10.1"\n\n'
                    '[players.alice]\nhero = "A"\n\n[players.bob]\nhero = "B"\n\n'
                    '[cards.helm]\nname = "Helm"\nowner = "alice"\nzone = "equipment"\ntypes = ["equipment"]\n'
                    'subtypes = ["head"]\n[[cards.helm.abilities]]\nkind = "property"\ndefines = ["defense"]\n'
                    'count = "heroes-with-more-life"\n\n[expect]\nlife = { alice = 20 }\ncites = ["5.4.5"]\n',
                    encoding="utf-8")
    code, out, err = run_cli("resolve", str(path))
    assert code == 2, (out, err)
    assert "count must be one of" in out + err and "opposing-heroes-with-more-life" in out + err


def test_a_hero_lets_a_weapon_that_hit_attack_again():
    # Dorinthea Ironsong: "Once per turn Effect - When a weapon you control hits, you may attack an additional time
    # with that weapon this turn."
    c = _compiled("Dorinthea Ironsong")
    assert c.fully, c.not_understood
    assert c.abilities == [{"kind": "trigger", "on": "hit", "of": "any", "limit": 1,
                            "if": {"attack": {"types": ["weapon"], "controller": "you"}},
                            "effects": [{"do": "additional-activations", "count": 1, "attack_only": True,
                                         "to": "attack", "may": True}]}]


def test_a_weapon_bonus_while_its_controller_pitched_big_cards():
    # Anothos: "Once per turn Action - {r}{r}{r}: Attack" / "While there are 2 or more cards with cost 3 or greater
    # in your pitch zone, Anothos has +2{p}."
    c = _compiled("Anothos")
    assert c.fully, c.not_understood
    assert c.abilities == [
        {"kind": "activated", "type": "action", "cost": 3, "limit": 1, "attack": True},
        {"kind": "static", "while": {"at_least": {"count": "in-pitch", "of": {"min_cost": 3}, "n": 2}},
         "effect": {"do": "modify", "stat": "power", "by": 2}}]


def test_a_counter_on_one_permanent_its_controller_chooses():
    # Steam Canister: "Instant - Put this on the bottom of its owner's deck: Put a steam counter on an item you
    # control with crank." — one such item, determined as the effect is generated (1.8.6), not each of them
    c = _compiled("Steam Canister")
    assert c.fully, c.not_understood
    assert c.abilities[0]["effects"] == [{"do": "put-counter", "kind": "steam", "amount": 1, "choose": 1,
                                          "what": {"subtypes": ["item"], "controller": "you", "keyword": "crank"}}]
    # Expedition to Azuro Keys: "When this attacks, you may put a gold counter on Treasure Island." — a card name
    c = _compiled("Expedition to Azuro Keys")
    assert c.abilities == [{"kind": "trigger", "on": "attack", "effects": [
        {"do": "put-counter", "kind": "gold", "amount": 1, "what": {"name": "Treasure Island"}, "choose": 1,
         "may": True}]}]


def test_banished_from_boosting_is_the_cards_own_banish_trigger():
    # Big Bertha: "When this is banished from boosting, put a steam counter on a Hyper Driver you control."
    c = _compiled("Big Bertha", 1)
    assert c.keywords == ["boost"]
    assert c.abilities == [{"kind": "trigger", "on": "banished", "if": {"from_boosting": True}, "effects": [
        {"do": "put-counter", "kind": "steam", "amount": 1, "what": {"name": "Hyper Driver", "controller": "you"},
         "choose": 1}]}]


def test_when_your_hero_is_dealt_damage_of_a_permanent():
    # Bloodspill Invocation: "When your hero is dealt damage, destroy Bloodspill Invocation." — its controller's
    # hero only (dealt_to = "you"), on any damage event (8.5.3)
    c = _compiled("Bloodspill Invocation", 1)
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {"kind": "trigger", "on": "dealt-damage", "of": "any", "if": {"dealt_to": "you"},
                               "effects": [{"do": "destroy", "what": "self"}]}


def test_one_of_two_modifiers_and_thrice_per_turn():
    # Cogwerx Dovetail: "Thrice per Turn Instant - {t} a cog you control: This gets +1{p} or go again."
    c = _compiled("Cogwerx Dovetail")
    assert c.fully, c.not_understood
    ab = c.abilities[1]      # after "When this hits a hero, {u} all cogs you control."
    assert ab["limit"] == 3
    assert ab["effects"] == [{"do": "either", "options": [
        {"effects": [{"do": "modify", "stat": "power", "by": 1}]},
        {"effects": [{"do": "gain-keyword", "keyword": "go again"}]}]}]


def test_an_option_the_action_does_not_name_is_refused(run_cli, tmp_path):
    from conftest import ROOT

    text = (ROOT / "scenarios" / "fab" / "own-either-option-the-action-names.toml").read_text(encoding="utf-8")
    assert "\noption = 2\n" in text
    for written, words in (("", "(it names none)"), ("option = 3", "(it names option 3, but there are 2)")):
        path = tmp_path / "either.toml"
        path.write_text(text.replace("\noption = 2\n", f"\n{written}\n"), encoding="utf-8")
        code, out, err = run_cli("resolve", str(path))
        assert code == 2, (out, err)
        assert "must say which, option = N " + words in err and "(1.8.6)" in err


def test_counters_and_tokens_for_the_other_hero_of_the_combat():
    # Drill Shot: "When this hits a hero, put a -1{d} counter on an equipment they control." — "they": the hero hit
    c = _compiled("Drill Shot", 1)
    assert c.abilities[-1]["effects"] == [{"do": "put-counter", "stat": "defense", "amount": -1, "choose": 1,
                                           "what": {"types": ["equipment"], "controller": "defending-hero"}}]
    # Stalagmite: "Whenever you defend with Stalagmite, create a Frostbite token under the attacking hero's control."
    c = _compiled("Stalagmite, Bastion of Isenloft")
    assert c.fully, c.not_understood
    assert c.abilities[0]["effects"][0]["who"] == "attacking-hero"
    # an attack's own trigger has no "attacking hero" other than its controller: not this shape
    from judge.cards import grammar
    from judge.cards.phrases import Frame, NotUnderstood

    frame = Frame(_ctx("Drill Shot"), "trigger")
    frame.event = "hit"
    with pytest.raises(NotUnderstood):
        grammar.effect_sentence("create a Frostbite token under the attacking hero's control", frame)


def test_target_hero_gains_life_at_the_start_of_your_turn():
    # Blessing of Patience: "At the start of your turn, destroy Blessing of Patience then target hero gains 3{h}."
    c = _compiled("Blessing of Patience", 1)
    assert c.abilities == [{"kind": "trigger", "on": "start-of-turn", "if": {"your_turn": True}, "target": "hero",
                            "effects": [{"do": "destroy", "what": "self"},
                                        {"do": "gain-life", "amount": 3, "who": "target"}]}]


def _ctx(name):
    from judge.cards import data as cd
    from judge.cards import grammar

    data = cd.load("embedded")
    record = cd.find_one(data, name, 1)
    supertypes, tokens = data.vocabulary()
    from judge.cards.compiler import compile_card, created_card

    ctx = grammar.Context(record, supertypes, {t: data.variants(t)[0] for t in tokens if data.variants(t)},
                          data.names, lambda rec: compile_card(rec, data), lambda n: created_card(n, record, data))
    ctx.hero_names = data.hero_names
    return ctx


def test_a_token_under_the_control_of_the_hero_a_delayed_hit_is_about():
    # Ice Quake: "Whenever an attack hits a hero this turn, create a Frostbite token under their control."
    c = _compiled("Ice Quake", 1)
    assert c.fully, c.not_understood
    trig = c.abilities[1]["effects"][0]
    assert (trig["do"], trig["on"], trig["when"], trig["once"]) == ("delayed-trigger", "hit", {"target_is_hero": True},
                                                                     False)
    assert trig["effects"][0]["name"] == "Frostbite" and trig["effects"][0]["who"] == "event-target"


def test_if_you_control_no_permanents_of_a_kind():
    # Essence of Ancestry: Body: "When this leaves the arena, if you control no Illusionist auras, the next time you
    # would be dealt damage by a red source this turn, prevent it."
    c = _compiled("Essence of Ancestry: Body")
    assert c.fully, c.not_understood
    effect = c.abilities[0]["effects"][0]
    assert effect["if"] == {"at_most": {"count": "you-control", "n": 0,
                                        "of": {"subtypes": ["aura"], "supertypes": ["illusionist"]}}}
    assert (effect["do"], effect["amount"], effect["when"]) == ("prevent", "all", {"card": {"color": "red"}})


def test_a_keyword_valued_by_the_counters_on_the_card():
    # Mini Forcefield: "Ward X, where X is the number of steam counters on this."
    c = _compiled("Mini Forcefield", 1)
    assert c.fully, c.not_understood
    assert c.abilities[-1] == {"kind": "static", "effect": {"do": "gain-keyword", "keyword": "ward",
                                                            "value": {"count": "counters", "kind": "steam"}}}


def test_each_end_phase_and_another_target_hero():
    # Terra: "At the beginning of each end phase, if there is an Earth card in your pitch zone, you may pay {r}. If you
    # do, create a Might token." — every player's end phase: no your_turn condition
    c = _compiled("Terra")
    assert c.fully, c.not_understood
    assert c.abilities[0]["on"] == "end-phase" and "if" not in c.abilities[0]
    assert c.abilities[0]["effects"][0] == {"do": "pay", "amount": 1, "may": True,
                                            "if": {"pitched": {"supertypes": ["earth"]}}}
    # Civic Peak: "Whenever this defends, another target hero draws a card." — a hero other than its controller's
    c = _compiled("Civic Peak")
    assert c.abilities == [{"kind": "trigger", "on": "defends", "target": "opponent",
                            "effects": [{"do": "draw", "amount": 1, "who": "target"}]}]


def test_the_attack_of_an_attack_or_hit_trigger():
    # Refraction Bolters: "When a weapon you control hits, you may destroy Refraction Bolters. If you do, the attack
    # gains go again." — "the attack": the attack the hit event is about, the active-attack
    c = _compiled("Refraction Bolters")
    assert c.fully, c.not_understood
    assert c.abilities[0]["effects"][1] == {"do": "gain-keyword", "keyword": "go again", "to": "attack",
                                            "if": {"if_you_do": True}}
