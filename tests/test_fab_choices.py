"""Choices a player makes as an effect resolves or a card is played (FaB CR 1.8.4b "unless [player] pays",
1.7.5a modes declared on the play action), and the restrictions and additions beside them (1.0.2 "can't gain {p}",
6.3.6 gained supertypes): the file declares them, and misuse is refused with its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.errors import ScenarioError

FAB = Path(__file__).resolve().parent.parent / "scenarios" / "fab"
PAID = FAB / "own-unless-they-pay-paid-by-pitching.toml"
MODAL = FAB / "blind3-m01-captains-call-choose-go-again.toml"


def _mutated(tmp_path, source: Path, *pairs: str) -> Path:
    """A copy of a real scenario file with each (old, new) pair of strings replaced."""
    text = source.read_text(encoding="utf-8")
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_player_who_could_pay_must_have_their_choice_written(tmp_path):
    path = _mutated(tmp_path, PAID, ', pays = true, pitch = ["blue"]', "")
    with pytest.raises(ScenarioError, match=r"could pay \{r\} to stop \"damage\": say whether they do") as exc:
        sc.play(sc.load(path))
    assert "1.8.4b" in str(exc.value)


def test_a_player_who_declines_to_pay_is_dealt_the_damage(tmp_path):
    path = _mutated(tmp_path, PAID, 'pays = true, pitch = ["blue"]', "pays = false",
                    "life = { alice = 20", "life = { alice = 18", "resources = { alice = 2 }", "resources = { alice = 0 }",
                    'zones = { blue = "pitch" }', 'zones = { blue = "hand" }')
    outcome = sc.play(sc.load(path))
    assert outcome.passed, outcome.mismatches + outcome.missing_cites
    assert any("chooses not to pay" in step.text for step in outcome.trace.steps)


@pytest.mark.parametrize("old,new,message", [
    ('by = "attacking-hero"', 'by = "attacker"', r"unless_paid.by = 'attacker': say who may pay"),
    ("resources = 1, ", "", r"unless_paid needs the cost the player may pay"),
    ("pays = true, ", "", r"unless_paid.pitch lists the cards the player pitches to pay"),
    ("resources = 1", "resources = 0", r"unless_paid.resources"),
])
def test_a_malformed_unless_paid_is_refused_with_its_key(tmp_path, old, new, message):
    path = _mutated(tmp_path, PAID, old, new)
    with pytest.raises(ScenarioError, match=message) as exc:
        sc.play(sc.load(path))
    assert "cards.trap.abilities.1.effects.1" in str(exc.value)


@pytest.mark.parametrize("pairs,key,message", [
    (("modes = [2]", "modes = [3]"), "actions.1.modes", r"modes = \[3\]: Captain's Call's modal ability chooses 1 mode of 2"),
    (("modes = [2]", "modes = [1, 2]"), "actions.1.modes", r"chooses 1 mode of 2"),
    (("modes = [2]\n", ""), "actions.1.play", r"has a modal ability: say which modes"),
    (("mode = 2\n", "mode = 3\n"), "cards.call.abilities.1.mode", r"modes are numbered \[1, 3\]: number them 1 to 2"),
    (("owner = \"alice\"\nkeywords", "owner = \"alice\"\nmodes = [2]\nkeywords"), "cards.call.modes",
     r"declared both on the card and on the action"),
    (("card = \"Captain's Call (red)\"", "name = \"Made-up modal card\"\ntypes = [\"action\"]\ncost = 0"),
     "cards.call.abilities.1.choose", r"do not say how many modes are chosen"),
    (("play = \"snatch\"", "play = \"snatch\"\nmodes = [1]"), "actions.2.modes", r"Snatch has no modal ability"),
])
def test_modes_on_the_play_action_are_checked_against_the_card(tmp_path, pairs, key, message):
    path = _mutated(tmp_path, MODAL, *pairs)
    with pytest.raises(ScenarioError, match=message) as exc:
        sc.play(sc.load(path))
    assert key in str(exc.value)


def test_the_modes_declared_on_the_action_are_the_cards_abilities():
    outcome = sc.play(sc.load(MODAL))
    assert outcome.passed, outcome.mismatches + outcome.missing_cites
    assert any(step.text.startswith("Declare modes:") and "1.7.5a" in step.cites for step in outcome.trace.steps)


BUZZSAW = FAB / "own-cant-gain-power-after-buzzsaw-trap.toml"
BRAND = FAB / "6.3.6-erase-face-keeps-draconic-from-brand.toml"


@pytest.mark.parametrize("source,pairs,key,message", [
    (BUZZSAW, ('kind = "trigger"\non = "defends"\nif = { attack_power_above_base = true }\neffects = [{ do = "cannot-gain-power", to = "attack" }]',
               'kind = "static"\neffect = { do = "cannot-gain-power", to = { is_attack = true } }'),
     "cards.trap.abilities.1.effect", r"do = \"cannot-gain-power\" in a static ability is not modelled"),
    (BRAND, ('supertypes = ["draconic"], ', ''), "cards.brand.abilities.1.effects.1",
     r"gain-supertypes needs the supertypes it adds"),
])
def test_restrictions_and_additions_are_refused_where_not_modelled(tmp_path, source, pairs, key, message):
    path = _mutated(tmp_path, source, *pairs)
    with pytest.raises(ScenarioError, match=message) as exc:
        sc.play(sc.load(path))
    assert key in str(exc.value)


def test_a_decrease_still_applies_under_cant_gain_power(tmp_path):
    path = _mutated(tmp_path, BUZZSAW, "by = 3, to = \"target\"", "by = -2, to = \"target\"",
                    "power = { strike = 6 }\nlife = { bob = 17 }", "power = { strike = 4 }\nlife = { bob = 19 }")
    outcome = sc.play(sc.load(path))
    assert outcome.passed, outcome.mismatches + outcome.missing_cites


BELITTLE = FAB / "blind3-m02-belittle-search-for-minnowism.toml"


def test_an_if_you_do_effect_of_an_additional_cost_must_follow_a_cost(tmp_path):
    reveal = '  { do = "reveal", what = { zone = "hand", types = ["action"], subtypes = ["attack"], max_base_power = 3 } },\n'
    path = _mutated(tmp_path, BELITTLE, reveal, "")
    with pytest.raises(ScenarioError, match=r"do = 'search' is not an effect-cost the engine pays.*if_you_do") as exc:
        sc.play(sc.load(path))
    assert "cards.belittle.abilities.1.effects.1" in str(exc.value)
