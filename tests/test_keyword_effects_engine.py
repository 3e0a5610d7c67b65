"""The engine's effect keywords on real cards where the outcome is a refusal, not a ruling: a transcended card's
back face is not in the card data (8.5.48), so playing it again is refused with the file's key."""

import textwrap

import pytest

from judge import scenarios as sc
from judge.engine.core import InvalidScenario
from judge.errors import ScenarioError

SCENARIO = """
[scenario]
title = "t"
game = "fab"
rules = "2.10.1"

[players.alice]
hero = "Zen"
[players.bob]
hero = "Defender"

[cards.sigil]
card = "Sigil of Solace (blue)"
owner = "alice"

[cards.homage]
card = "Homage to Ancestors (blue)"
owner = "alice"

[[actions]]
player = "alice"
play = "sigil"

[[actions]]
player = "alice"
play = "homage"

[[actions]]
pass = true
"""


def test_transcended_card_is_in_hand_and_playing_its_back_face_is_refused(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")
    out = sc.play(sc.load(path))
    assert out.facts["zones"]["homage"] == "hand" and out.facts["transcended"] == ["alice"]
    path.write_text(textwrap.dedent(SCENARIO) + '\n[[actions]]\nplayer = "alice"\nplay = "homage"\n', encoding="utf-8")
    with pytest.raises((InvalidScenario, ScenarioError)) as exc:
        sc.play(sc.load(path))
    text = str(exc.value)
    assert "back-face active" in text and "8.5.48" in text and "actions.4" in text
