"""Scenario cards named by their real name (``card = "…"``): filled from the card data, overridden by the file,
refused when unknown, ambiguous or not fully understood."""

import textwrap

import pytest

from judge import scenarios as sc
from judge.errors import ScenarioError

HEAD = """
[scenario]
title = "t"
game = "fab"
rules = "2.10.1"

[players.alice]
[players.bob]
"""


def _run(tmp_path, cards: str, actions: str = "", expect: str = ""):
    path = tmp_path / "s.toml"
    path.write_text(HEAD + textwrap.dedent(cards) + textwrap.dedent(actions) + textwrap.dedent(expect),
                    encoding="utf-8")
    s = sc.load(path)
    return s, sc.play(s)


ATTACK = """
[[actions]]
player = "alice"
play = "a"

[[actions]]
player = "bob"
defend = []
"""


def test_named_card_gets_every_property_and_its_abilities(tmp_path):
    s, out = _run(tmp_path, """
        [cards.a]
        card = "Snatch"
        pitch = 2
        owner = "alice"
        [cards.d]
        card = "Sigil of Solace (blue)"
        owner = "alice"
        zone = "deck"
    """, ATTACK)
    assert out.facts["power"]["a"] == 3
    assert out.facts["zones"]["d"] == "hand"          # "When this hits, draw a card." compiled and played
    first = out.trace.steps[0]
    assert first.phase == "cards"
    assert first.text.startswith('a is Snatch (yellow) (Generic Action - Attack; pitch 2, cost 0, power 3, '
                                 'defense 2): "When this hits, draw a card." — from the card data (d18a40af)')


def test_keys_in_the_file_override_and_are_shown(tmp_path):
    s, out = _run(tmp_path, """
        [cards.a]
        card = "Snatch (red)"
        owner = "alice"
        power = 6
    """, ATTACK)
    assert out.facts["power"]["a"] == 6
    assert "power set by the scenario" in out.trace.steps[0].text


@pytest.mark.parametrize("card,message", [
    ('"Snach"', "no card named 'Snach'; nearest: Snatch (red, yellow, blue)"),
    ('"Snatch"', "'Snatch' is printed in 3 colours: Snatch (red), Snatch (yellow), Snatch (blue)"),
    ('"Snatch (red)"\npitch = 3', "'Snatch (red)' is pitch 1, but pitch 3 was asked for"),
])
def test_unknown_or_ambiguous_names(tmp_path, card, message):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, f"""
[cards.a]
card = {card}
owner = "alice"
""")
    assert message in str(exc.value)
    assert exc.value.key == "cards.a.card" and exc.value.line == 11


def test_text_not_understood_is_refused_unless_abilities_are_written(tmp_path):
    with pytest.raises(ScenarioError) as exc:
        _run(tmp_path, """
            [cards.a]
            card = "Miller's Grindstone"
            owner = "alice"
        """)
    assert ('Miller\'s Grindstone: the engine does not understand "When this hits a hero, clash with them. If you win, '
            'destroy the top card of their deck. If they win, put a -1{p} counter on this."') in str(exc.value)
    s, out = _run(tmp_path, """
        [cards.a]
        card = "Miller's Grindstone"
        owner = "alice"
        abilities = []
    """)
    assert "abilities set by the scenario" in out.trace.steps[0].text


def test_compiled_n_keeps_a_compiled_ability_beside_the_files_own(tmp_path):
    s, out = _run(tmp_path, """
        [cards.a]
        card = "Snatch (red)"
        owner = "alice"
        [[cards.a.abilities]]
        compiled = 1
        [[cards.a.abilities]]
        kind = "trigger"
        on = "hit"
        effects = [{ do = "gain-life", amount = 1 }]
        [cards.d]
        card = "Sigil of Solace (blue)"
        owner = "alice"
        zone = "deck"
    """, ATTACK)
    assert out.facts["zones"]["d"] == "hand"
    assert out.facts["life"]["alice"] == 21
    with pytest.raises(ScenarioError, match="compiled = 2: the card has 1 compiled abilities"):
        _run(tmp_path, """
            [cards.a]
            card = "Snatch (red)"
            owner = "alice"
            abilities = [{ compiled = 2 }]
        """)



@pytest.mark.parametrize("cards,message", [
    # 6.6.6a: the file declares the triggered-layer's target; a private card is no hero, and no legal target
    ("""
        [cards.a]
        card = "Arcanic Shockwave (red)"
        owner = "alice"
        trigger_target = "b"
        [cards.b]
        card = "Snatch (red)"
        owner = "bob"
        zone = "hand"
     """, "trigger_target = 'b' is not a legal target"),
    ("""
        [cards.a]
        card = "Snatch (red)"
        owner = "alice"
        trigger_target = "bob"
     """, "needs a triggered ability with a target"),
])
def test_a_trigger_target_that_is_not_legal_is_refused(tmp_path, cards, message):
    with pytest.raises(ScenarioError, match=message):
        _run(tmp_path, cards, ATTACK)


def test_a_printed_cards_abilities_are_checked_once_and_a_bad_list_every_time(tmp_path, monkeypatch):
    """The compiled abilities of a named card are one list shared by every scenario naming the card: found
    valid once, they are not walked again; a list with a problem is never kept and gives its reason each time."""
    from judge.engine.fab import build, schema

    card = """
        [cards.a]
        card = "Snatch"
        pitch = 2
        owner = "alice"
    """
    s1, out1 = _run(tmp_path, card, ATTACK)
    checked = []
    real_check = schema.check_ability
    monkeypatch.setattr(schema, "check_ability", lambda *a: checked.append(a[2]) or real_check(*a))
    s2, out2 = _run(tmp_path, card.replace("Snatch", "Snatch (yellow)").replace("pitch = 2\n", ""), ATTACK)
    assert checked == []                                   # the same card again: its abilities not walked again
    assert out2.facts == out1.facts and out2.facts["zones"]["a"] == "graveyard"
    assert [str(st.text) for st in out2.trace.steps] == [str(st.text) for st in out1.trace.steps]
    bad = [{"kind": "trigger", "on": "no-such-event", "effects": [{"do": "draw"}]}]
    for _ in range(2):
        assert build._shared_checked(s1, bad) is None     # checked again each time, never kept
    assert len(checked) == 2
    assert all(v is not bad for v in build._SHARED_CHECKED.values())


def test_a_run_lists_the_imported_card_data_once(isolated_store):
    """Inside ``listing_held`` (a ``--check`` or rulings run) the imports folder is listed once: a card data
    file imported meanwhile is seen by the next run, not halfway through this one."""
    from judge.cards import data as cd

    before = cd.available()
    folder = cd.imports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with cd.listing_held():
        assert cd.available() == before
        text = cd.EMBEDDED.read_text(encoding="utf-8").replace("version=", "version=9999-", 1)
        (folder / "later.tsv").write_text(text, encoding="utf-8")
        assert cd.available() == before
        with cd.listing_held():   # nested: the outer listing
            assert cd.available() == before
    after = cd.available()
    assert after[:-1] == before and after[-1][0] == "later"


def test_an_affliction_with_several_opponents_is_refused_not_put_under_a_guessed_player(tmp_path):
    # 8.2.11c: its controller declares which opponent controls it as it enters; with one opponent the engine plays
    # it (scenarios/fab/card-hypothermia-enters-under-an-opponents-control.toml), with two it refuses
    path = tmp_path / "s.toml"
    path.write_text(HEAD + '[players.carol]\n' + textwrap.dedent("""
        [cards.h]
        card = "Hypothermia"
        owner = "alice"

        [[actions]]
        player = "alice"
        play = "h"

        [[actions]]
        pass = true
    """), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"Hypothermia is an affliction.*among 2 opponents is not modelled"):
        sc.play(sc.load(path))
