"""Real card data: the embedded compact file, look-ups, ``judge card``, ``judge cards import``, search."""

import subprocess
import sys

import pytest

from conftest import ROOT, corpus_file
from judge.cards import data as cd


def test_embedded_data_records_source_and_commit():
    data = cd.load("embedded")
    assert len(data) == 3878
    assert data.commit == "d18a40af"
    assert "the-fab-cube/flesh-and-blood-cards" in data.source
    size = cd.EMBEDDED.stat().st_size
    assert 500_000 < size < 1_200_000


def test_embedded_data_is_the_build_of_card_csv():
    """scripts/build_card_data.py on the corpus gives the embedded file byte for byte."""
    records = cd.parse_csv(corpus_file("fab", "card.csv"))
    text = cd.dump(records, source="the-fab-cube/flesh-and-blood-cards csvs/english/card.csv",
                   commit="d18a40af", version="d18a40af")
    assert text == cd.EMBEDDED.read_text(encoding="utf-8")


def test_record_properties_from_the_type_line():
    data = cd.load()
    snatch = cd.find_one(data, "Snatch (red)")
    assert (snatch.number("pitch"), snatch.number("cost"), snatch.number("power"), snatch.number("defense")) == \
        (1, 0, 4, 2)
    assert snatch.type_parts() == (["action"], ["attack"], ["generic"])
    assert snatch.text == "When this hits, draw a card."
    sword = cd.find_one(data, "Dawnblade")
    assert sword.type_parts() == (["weapon"], ["sword", "2h"], ["warrior"])
    assert sword.number("pitch") is None


def test_hybrid_supertypes_and_types_the_data_does_not_list():
    """A hybrid's ``A / B`` gives both supertypes and no "/" (2.14.1b); the two trap cards whose type line says
    "Action Defense Reaction" while the data's Types column says Defense Reaction are not action cards (an action
    card would cost an action point, 1.13.2, and could not be played in the Reaction Step); commas between the
    words of a type line are not part of a supertype."""
    data = cd.load()
    assert cd.find_one(data, "Bleed Out (red)").type_parts() == (["action"], ["attack"], ["assassin", "ninja"])
    assert cd.find_one(data, "Lair of the Spider").type_parts() == (["defense reaction"], ["trap"],
                                                                      ["assassin", "ninja"])
    # a type line with commas between its words keeps each supertype (it lost them: "draconic," was no word)
    assert cd.find_one(data, "Loyalty Beyond the Grave").type_parts()[2] == ["draconic"]
    assert cd.find_one(data, "Cull").type_parts()[2] == ["shadow", "runeblade"]


def test_find_colours_pitch_and_errors():
    data = cd.load()
    assert [r.label for r in cd.find(data, "snatch")] == ["Snatch (red)", "Snatch (yellow)", "Snatch (blue)"]
    assert cd.find_one(data, "Snatch", 3).label == "Snatch (blue)"
    with pytest.raises(cd.CardLookupError, match=r"printed in 3 colours: Snatch \(red\), Snatch \(yellow\)"):
        cd.find_one(data, "Snatch")
    with pytest.raises(cd.CardLookupError, match=r"no card named 'Snach'; nearest: Snatch \(red, yellow, blue\)"):
        cd.find(data, "Snach")
    assert cd.find(data, "Snach", fuzzy=True)[0].name == "Snatch"
    with pytest.raises(cd.CardLookupError, match="is pitch 1, but pitch 2"):
        cd.find(data, "Snatch (red)", 2)


def test_judge_card_prints_text_symbols_and_engine_reading(run_cli):
    code, out, err = run_cli("card", "Command and Conquer")
    assert code == 0, err
    assert "Command and Conquer (red)  —  Generic Action - Attack" in out
    assert "{p}" in out or "{d}" in out or "{r}" in out or "How the engine reads it" in out
    code, out, _ = run_cli("card", "snach")
    assert code == 0
    assert "printed in 3 colours" in out and "Snatch (blue)" in out


def test_judge_card_json_and_keyword_rules_with_full_cr(run_cli, corpora):
    code, _, err = run_cli("rules", "import", str(corpora / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
                           "--version", "2.10.1")
    assert code == 0, err
    import json

    code, out, err = run_cli("card", "Snatch", "--color", "red", "--json")
    assert code == 0, err
    view = json.loads(out)
    assert view["label"] == "Snatch (red)" and view["power"] == 4
    assert view["variants"] == ["Snatch (red)", "Snatch (yellow)", "Snatch (blue)"]
    code, out, err = run_cli("card", "Overload (red)", "--json")
    links = {k["keyword"].lower(): k["rules"] for k in json.loads(out)["keyword_rules"]}
    assert links == {"dominate": ["8.3.4"], "go again": ["8.3.5"]}
    code, out, err = run_cli("card", "Overload (red)")
    assert "  Dominate           8.3.4" in out


def test_judge_card_unknown_is_one_line_exit_2(run_cli):
    code, out, err = run_cli("card", "Qwxyzzy Nonsense")
    assert code == 2 and out == ""
    assert err.startswith("judge: error: no card named 'Qwxyzzy Nonsense'; nearest: ")
    assert err.count("\n") == 1


def test_import_bad_file_changes_nothing(run_cli, tmp_path, isolated_store):
    bad = tmp_path / "card.csv"
    bad.write_text("Name\tPitch\nSomething\t1\n", encoding="utf-8")
    code, out, err = run_cli("cards", "import", str(bad), "--version", "2099")
    assert code == 2
    assert err.startswith(f"judge: error: {bad}:1: not a card.csv: missing column(s) Color, Cost, Power")
    assert not (isolated_store / "cards").exists()
    assert cd.load().version == "d18a40af"


def test_import_then_default_and_list(run_cli, corpora, isolated_store):
    code, out, err = run_cli("cards", "import", str(corpora / "fab" / "card.csv"), "--version", "2099-01")
    assert code == 0, err
    assert "imported 3,878 cards (version 2099-01)" in out
    assert cd.load().version == "2099-01"
    code, out, _ = run_cli("cards", "list")
    assert out.splitlines()[-1].startswith("* fab-cards-2099-01")


def test_search_cards(run_cli):
    code, out, _ = run_cli("search", "--cards", "bottom of your deck. If you do, draw a card", "--limit", "50")
    assert code == 0
    assert "Sink Below (red, yellow, blue)  —  Generic Defense Reaction" in out


def test_rule_lookup_does_not_load_card_data():
    code = ("import sys; from judge.__main__ import main; main(['rule', '7.5.5b']); "
            "print('judge.cards' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip().endswith("False")


def test_every_keyword_only_card_with_played_keywords_compiles():
    """A card whose text is only keywords the engine plays is fully compiled, each keyword listed."""
    import re

    from judge.cards.compiler import compile_card, keyword_of, paragraphs, plain

    data = cd.load()
    checked = 0
    for r in data.records:
        paras = paragraphs(r.text)
        words = [w.strip() for p in paras for w in re.split(r",|\n", plain(p)) if w.strip()]
        if not paras or not all(re.fullmatch(r"\*\*[^*]+\*\*", p) for p in paras):
            continue
        if all(keyword_of(w) for w in words):
            c = compile_card(r, data)
            assert c.fully and sorted(c.keywords) == sorted({keyword_of(w) for w in words}), r.label
            checked += 1
    assert checked >= 80


def test_coverage_json(run_cli):
    import json

    code, out, err = run_cli("cards", "coverage", "--json", "--top", "5")
    assert code == 0, err
    report = json.loads(out)
    assert report["cards_with_text"] == 3841
    assert 0 < report["fully_compiled_share"] < 1
    assert report["fully_compiled"] == sum(g["fully_compiled"] for g in report["by_type"].values())
    assert {"attack action", "action", "instant", "attack reaction", "defense reaction", "equipment", "weapon",
            "aura", "item", "hero", "ally"} <= set(report["by_type"])
    assert len(report["top_not_understood"]) == 5
    assert report["top_not_understood"][0]["paragraphs"] >= report["top_not_understood"][-1]["paragraphs"]


def test_readme_card_examples_are_real_output(run_cli, corpora, monkeypatch, tmp_path):
    """The README's `judge card` console lines print what the README shows (full CR imported)."""
    import re
    import shlex

    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    assert run_cli("rules", "import", str(corpora / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
                   "--version", "2.10.1")[0] == 0
    checked = 0
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            line, _, expected = chunk.partition("\n")
            args = shlex.split(line.partition("  #")[0])
            if args[:2] != ["judge", "card"]:
                continue
            code, out, err = run_cli(*args[1:])
            assert (err + out).rstrip("\n") == expected.rstrip("\n"), line
            checked += 1
    assert checked >= 2


def test_counters_on_a_face_up_arsenal_card_but_not_a_face_down_one(run_cli, tmp_path):
    """1.15.1: counters are on public objects — a face-up arsenal card (3.0.4d) may hold an aim counter and keeps
    it as it is played (the stack is not a zone that resets it, 3.0.9); a face-down one is refused at load."""
    good = ROOT / "scenarios" / "fab" / "card-long-shot-aim-counter-from-arsenal.toml"
    source = good.read_text(encoding="utf-8")
    code, out, _ = run_cli("resolve", "--check", str(good))
    assert code == 0 and "1 passed" in out
    bad = tmp_path / "face-down.toml"
    bad.write_text(source.replace('zone = "arsenal"\n', 'zone = "arsenal"\nface_down = true\n'), encoding="utf-8")
    code, out, err = run_cli("resolve", str(bad))
    assert code == 2
    assert "[cards.arrow.counters]" in err and "face down" in err and "1.15.1" in err


def test_token_keywords_are_checked_and_keep_their_value(run_cli, tmp_path):
    """8.5.2: a created token has the keywords it is given — "ward 1" is ward with N = 1 (the Prismatic Shield
    scenario takes 3 of 4 damage); a keyword the engine does not play, or ward without its number, is refused at
    load time rather than created as a keyword that does nothing."""
    good = ROOT / "scenarios" / "fab" / "card-prismatic-shield-spectral-shield-ward-1.toml"
    code, out, _ = run_cli("resolve", "--check", str(good))
    assert code == 0 and "1 passed" in out
    base = (ROOT / "scenarios" / "fab" / "own-runechants-trigger-on-play-and-weapon-attack.toml").read_text(
        encoding="utf-8")
    made = base.replace('[cards.slice]', '[[cards.rune2.abilities]]\nkind = "trigger"\non = "hit"\n'
                        'effects = [{ do = "create-token", name = "Shield", types = ["token"], keywords = ["KW"] }]\n\n'
                        '[cards.slice]')
    for kw, needle in (("ward", "ward needs its number"), ("warded 1", "not a keyword")):
        bad = tmp_path / "token.toml"
        bad.write_text(made.replace("KW", kw), encoding="utf-8")
        code, out, err = run_cli("resolve", str(bad))
        assert code == 2 and needle in err, err
