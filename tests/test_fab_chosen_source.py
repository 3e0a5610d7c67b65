"""A prevention "by a source of your choice" (1.8.6, 1.8.6b): the source the play action names must be a public
card; a private one, or none named, is refused with the file's key and the rule, never guessed."""

import pytest

from judge import scenarios as sc
from judge.engine.core import InvalidScenario
from judge.errors import ScenarioError

from conftest import ROOT

EXAMPLE = ROOT / "scenarios" / "fab" / "1.8.6b-oasis-respite-public-card-on-the-stack.toml"


def _variant(tmp_path, old: str, new: str):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_example_prevents_only_the_chosen_source():
    out = sc.play(sc.load(EXAMPLE))
    assert out.facts["life"]["alice"] == 16


def test_a_private_card_cannot_be_the_chosen_source(tmp_path):
    path = _variant(tmp_path, 'choose = "bolt"', 'choose = "hidden"')
    path.write_text(path.read_text(encoding="utf-8") + '\n[cards.hidden]\nname = "Face-down card"\nowner = "bob"\n'
                    'zone = "arsenal"\nface_down = true\ntypes = ["action"]\ndefense = 2\n', encoding="utf-8")
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        sc.play(sc.load(path))
    assert "private" in str(exc.value) and "1.8.6b" in str(exc.value)


def test_no_source_named_is_refused(tmp_path):
    path = _variant(tmp_path, 'choose = "bolt"\n', "")
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        sc.play(sc.load(path))
    assert "choose" in str(exc.value) and "1.8.6" in str(exc.value)
