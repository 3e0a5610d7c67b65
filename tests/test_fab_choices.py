"""Choices a player makes as an effect resolves or a card is played (FaB CR 1.8.4b "unless [player] pays",
1.7.5a modes declared on the play action): the file declares them, and misuse is refused with its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.errors import ScenarioError

FAB = Path(__file__).resolve().parent.parent / "scenarios" / "fab"
PAID = FAB / "own-unless-they-pay-paid-by-pitching.toml"


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
