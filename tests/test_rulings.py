"""Rulings docs from the real scenario files: one Markdown page (and its HTML) per scenario, every citation
linked to its rule and quoted, the board in words, failing scenarios reported and not published."""

import json
import re
import shutil
from pathlib import Path

import pytest

from judge import scenarios as scenario_mod
from judge.engine import registry
from judge.docs.html import anchor_id

from conftest import ROOT, corpus_file
from sitecheck import broken_links, parse_page, resolve_link

SCENARIOS = ROOT / "scenarios" / "fab"
PREVENTED = SCENARIOS / "7.5.5b-prevented-damage-is-not-a-hit.toml"
DOMINATE = SCENARIOS / "7.4.2c-dominate-stops-defense-reaction-from-hand.toml"
MD_LINK = re.compile(r"\[([^\]]*)\]\(([^)]+)\)")


def needs(*paths):
    for p in paths:
        if not p.exists():
            pytest.skip(f"{p.name} is not in scenarios/fab")


@pytest.fixture
def two(tmp_path):
    """Two real scenario files in a folder of their own."""
    needs(PREVENTED, DOMINATE)
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for p in (PREVENTED, DOMINATE):
        shutil.copy(p, folder / p.name)
    return folder


def played(path):
    scenario = scenario_mod.load(path)
    book = scenario_mod.rulebook_for(scenario)
    return scenario, book, scenario_mod.play(scenario, book)


def test_one_ruling_per_scenario_with_an_index(run_cli, two, tmp_path):
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(two), "-o", str(out))
    assert code == 0, err
    assert stdout.startswith(f"wrote {out}: 2 ruling(s), 0 not published; rules pages in rules/;")
    slugs = ["7.4.2c-dominate-stops-defense-reaction-from-hand", "7.5.5b-prevented-damage-is-not-a-hit"]
    for slug in slugs:
        assert (out / f"{slug}.md").is_file() and (out / f"{slug}.html").is_file()
    index = (out / "index.md").read_text()
    for slug in slugs:
        assert f"]({slug}.html)" in index
    assert "(rules/fab-2.10.1-seed/index.html)" in index
    assert (out / "rules" / "fab-2.10.1-seed" / "7.html").is_file()
    assert broken_links(out) == []


def test_ruling_holds_question_answer_board_explanation_and_version(run_cli, two, tmp_path):
    out = tmp_path / "rulings"
    assert run_cli("rulings", str(two), "-o", str(out))[0] == 0
    md = (out / "7.5.5b-prevented-damage-is-not-a-hit.md").read_text()
    scenario, book, outcome = played(PREVENTED)
    assert md.startswith(f"# {scenario.title}\n")
    assert f"**Question:** {scenario.question}" in md
    answer = md.split("## Answer")[1].split("## The board")[0]
    for sentence, cites in outcome.summary:
        assert sentence.split(":")[0] in answer
    board = md.split("## The board")[1].split("## Explanation")[0]
    assert "**Players:** **alice** (hero Attacker, 20 life, turn-player); **bob** (hero Defender, 20 life)." in board
    assert "alice's hand: **Four-power attack** (Action – Attack; cost 0, power 4, defense 2)" in board
    # the card's own words, from the comment above its ability table
    assert '"The next time you would be dealt damage this turn, prevent it."' in board
    assert "2. bob plays **Prevent the next damage**, in the Reaction Step." in board
    assert f"Rules version: **{book.cite_prefix}** (document `{book.name}`)" in md


def test_every_citation_is_linked_to_its_rule_and_quoted(run_cli, two, tmp_path):
    out = tmp_path / "rulings"
    assert run_cli("rulings", str(two), "-o", str(out))[0] == 0
    page = out / "7.5.5b-prevented-damage-is-not-a-hit.md"
    md = page.read_text()
    scenario, book, outcome = played(PREVENTED)
    explanation = md.split("## Explanation")[1].split("## Rules cited")[0]
    links = {}
    for text, url in MD_LINK.findall(explanation):
        links.setdefault(text.replace("\\", ""), url)
    for step in outcome.trace.steps:
        for cite in step.cites:
            if cite in book.rules:
                target, frag = resolve_link(page, links[cite])
                assert frag == cite and target.name == cite.split(".")[0] + ".html"
                assert cite in parse_page(target).ids
            else:   # outside the seed's chapters: plain text, said to be missing
                assert f"{cite} (not in {book.name})" in explanation
    # the cited text is quoted where it is first cited
    rule = book.get("7.5.5b")
    quote = next(line for line in explanation.splitlines() if "**[7.5.5b]" in line)
    assert quote.lstrip().startswith("> ") and "If the hit-event is modified by replacement effects" in quote
    assert explanation.count("**[7.5.5b]") == 1 and rule is not None
    # the rendered HTML keeps the links and the quotes
    html = (out / "7.5.5b-prevented-damage-is-not-a-hit.html").read_text()
    assert '<a href="rules/fab-2.10.1-seed/7.html#7.5.5b">' in html and "<blockquote>" in html


def test_rules_pages_alongside_list_the_rulings_that_cite_them(run_cli, two, tmp_path):
    out = tmp_path / "rulings"
    assert run_cli("rulings", str(two), "-o", str(out))[0] == 0
    html = (out / "rules" / "fab-2.10.1-seed" / "7.html").read_text()
    start = html.index('id="7.5.5b"')
    block = html[start: html.index('class="rule', start + 20)]
    assert 'href="../../7.5.5b-prevented-damage-is-not-a-hit.html"' in block and "Rulings:" in block
    start = html.index('id="7.4.2c"')
    block = html[start: html.index('class="rule', start + 20)]
    assert "7.4.2c-dominate-stops-defense-reaction-from-hand.html" in block


def test_a_failing_or_invalid_scenario_is_reported_and_not_published(run_cli, two, tmp_path):
    wrong = two / "wrong-expect.toml"
    wrong.write_text(PREVENTED.read_text().replace("hit = false", "hit = true"))
    bad = two / "unknown-card.toml"
    bad.write_text(PREVENTED.read_text().replace('play = "feign"', 'play = "nosuchcard"'))
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(two), "-o", str(out))
    assert code == 1
    lines = err.splitlines()
    assert any(l.startswith("judge: ") and "wrong-expect.toml: not published: hit: expected True, got False" in l
               for l in lines), err
    assert any("unknown-card.toml: not published: line " in l and "no card 'nosuchcard'" in l for l in lines), err
    assert "Traceback" not in err
    assert stdout.startswith(f"wrote {out}: 2 ruling(s), 2 not published")
    assert not (out / "wrong-expect.md").exists() and not (out / "unknown-card.html").exists()
    assert (out / "7.5.5b-prevented-damage-is-not-a-hit.md").exists()


def test_rulings_linked_into_an_existing_site(run_cli, two, tmp_path):
    site = tmp_path / "site"
    assert run_cli("site", "-o", str(site))[0] == 0
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(two), "-o", str(out), "--site", str(site), "--json")
    assert code == 0, err
    assert json.loads(stdout)["failures"] == []
    assert not (out / "rules").exists()
    md = (out / "7.5.5b-prevented-damage-is-not-a-hit.md").read_text()
    assert "](../site/fab-2.10.1-seed/7.html#7.5.5b)" in md
    assert broken_links(out, within=tmp_path) == []


def test_site_flag_needs_a_judge_site(run_cli, two, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run_cli("rulings", str(two), "-o", str(tmp_path / "r"), "--site", str(empty))
    assert code == 2 and err.count("\n") == 1 and "is not a rules site written by 'judge site'" in err


def test_site_with_scenarios_cross_links_both_ways_and_search_finds_rulings(run_cli, two, tmp_path):
    out = tmp_path / "site"
    code, stdout, err = run_cli("site", "-o", str(out), "--scenarios", str(two))
    assert code == 0, err
    assert (out / "rulings" / "index.html").is_file()
    ruling = (out / "rulings" / "7.5.5b-prevented-damage-is-not-a-hit.html").read_text()
    assert 'href="../fab-2.10.1-seed/7.html#7.5.5b"' in ruling
    rules = (out / "fab-2.10.1-seed" / "7.html").read_text()
    assert 'href="../rulings/7.5.5b-prevented-damage-is-not-a-hit.html"' in rules
    from judge.docs.site import read_search_index

    data = read_search_index(out)
    titles = [row[3] for row in data["items"] if row[0] == "g"]
    assert scenario_mod.load(PREVENTED).title in titles
    assert broken_links(out) == []


def test_all_scenarios_publish_under_the_full_rules(run_cli, tmp_path):
    """Every scenario in scenarios/fab passes and every citation it makes links to a rule of the full CR."""
    files = sorted(SCENARIOS.glob("*.toml"))
    if not files:
        pytest.skip("no scenarios in scenarios/fab yet")
    code, _, err = run_cli("rules", "import", str(corpus_file("fab", "en-fab-cr-2.10.1.txt")), "--game", "fab",
                           "--version", "2.10.1")
    assert code == 0, err
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(SCENARIOS), "-o", str(out))
    # the files of scenarios/fab/cr-2026-02 use rules only FaB CR 2026-02 defines (tapping, watery grave): under
    # 2.10.1 each is refused, naming the mechanism and that version, and not published
    later = sorted(SCENARIOS.glob("*/*.toml"))
    assert code == 0, err   # the store holds no 2026-02: they are not judged, which is no failure
    assert stdout.startswith(f"wrote {out}: {len(files)} ruling(s), {len(later)} not published")
    assert err.count("is a rule that FaB CR 2026-02 defines and FaB CR 2.10.1") == len(later), err
    assert "(not in " not in "".join(p.read_text() for p in out.glob("*.md"))
    assert broken_links(out) == []


@pytest.mark.parametrize("game, parts, version", [
    ("ga", ("grand-archive", "gitbook-rules"), "2026-08-21"),
    ("mc", ("marvel-champions", "rules-reference.html"), "2019")])
def test_grand_archive_and_marvel_champions_rulings_link_every_citation(run_cli, tmp_path, game, parts, version):
    """The scenarios of scenarios/ga and scenarios/mc are judged under the embedded excerpt their files
    name (rules = "seed") and cite pages it does not hold: with the whole rules imported, those citations
    are linked and quoted from it, saying so; every rule page lists the rulings citing it."""
    folder = ROOT / "scenarios" / game
    files = sorted(folder.glob("*.toml"))
    if not files:
        pytest.skip(f"no scenarios in scenarios/{game} yet")
    out = tmp_path / "seed-only"
    code, stdout, err = run_cli("rulings", str(folder), "-o", str(out))
    assert code == 0, err
    assert stdout.startswith(f"wrote {out}: {len(files)} ruling(s), 0 not published")
    assert broken_links(out) == []
    code, _, err = run_cli("rules", "import", str(corpus_file(*parts)), "--game", game, "--version", version)
    assert code == 0, err
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(folder), "-o", str(out))
    assert code == 0, err
    pages = {p.name: p.read_text() for p in out.glob("*.md")}
    assert f"(not in {game}-seed)" not in "".join(pages.values())
    assert "cannot be quoted here" not in "".join(pages.values())
    prefix = "GA rules" if game == "ga" else "MC Rules Reference"
    elsewhere = [name for name, md in pages.items() if f"*(from {prefix} {version})*" in md]
    assert elsewhere and all(f"linked and quoted from {prefix} {version}." in pages[n] for n in elsewhere)
    assert (out / "rules" / f"{game}-{version}" / "index.html").is_file()
    assert broken_links(out) == []


def test_no_scenarios_is_an_error(run_cli, tmp_path):
    empty = tmp_path / "none"
    empty.mkdir()
    code, out, err = run_cli("rulings", str(empty), "-o", str(tmp_path / "r"))
    assert code == 2 and err == f"judge: error: no scenario files (*.toml) under {empty}\n"


def test_markdown_escapes_scenario_text(run_cli, two, tmp_path):
    text = PREVENTED.read_text().replace('name = "Four-power attack"', 'name = "<b>Four*power</b> [x](y)"')
    (two / "7.5.5b-prevented-damage-is-not-a-hit.toml").write_text(text)
    out = tmp_path / "rulings"
    assert run_cli("rulings", str(two), "-o", str(out))[0] == 0
    html = (out / "7.5.5b-prevented-damage-is-not-a-hit.html").read_text()
    assert "&lt;b&gt;Four*power&lt;/b&gt; [x](y)" in html and "<b>Four" not in html
    assert Path(out / "index.html").read_text().count("<h1>") == 1
    assert anchor_id("7.5.5b-prevented-damage-is-not-a-hit") in parse_page(
        out / "7.5.5b-prevented-damage-is-not-a-hit.html").ids


# ---------------------------------------------------------------------------------------------------------
# any game: the rulings know only the generic Outcome (judge/engine/core.py), never the game
# ---------------------------------------------------------------------------------------------------------

GA_SCENARIO = """\
[scenario]
title = "A negated activation takes its card with it"
question = "An activation on the Effects Stack is negated. Where does its card go?"
game = "ga"
rules = "seed"

[players.alice]
champion = "Lorraine, Wandering Warrior"
level = 1
memory = 4

[players.bob]
champion = "Rai, Storm Seer"

[game]
phase = "main"

[cards.bolt]
name = "Firebolt"
owner = "alice"
zone = "effects-stack"
types = ["action"]
element = "fire"
reserve_cost = 2

[[actions]]
player = "bob"
negate = "bolt"
with = "Frostbind"

[expect]
card_zone = "banishment"
cites = ["playing-cards/8"]
"""

MC_SCENARIO = """\
[scenario]
title = "Costs are modified before they are paid"
question = "Is a cost reduction applied before the player pays?"
game = "mc"
rules = "seed"

[players.alice]
hero = "Spider-Man"
hit_points = 10

[cards.web]
name = "Web-Shooter"
owner = "alice"
types = ["upgrade"]
cost = 1

[[actions]]
player = "alice"
play = "web"

[expect]
paid = 0
cites = ["initiating-abilities/step-2"]
"""


def _stub_engine(monkeypatch, steps):
    """An engine for GA and MC scenarios that plays ``steps`` ((text, cites), …): judge.docs must render
    any game's Outcome without knowing the game (the real engines are written elsewhere)."""
    import sys
    import types

    from judge.engine.core import Outcome

    module = types.ModuleType("judge_test_stub_engine")

    def play(scenario, book):
        outcome = Outcome(scenario.game, book.cite_prefix)
        outcome.trace.phase = "main phase"
        for text, cites in steps:
            outcome.trace.add(text, cites)
        last_text, last_cites = steps[-1]
        outcome.conclude(last_text, last_cites)
        outcome.facts = {k: v for k, v in scenario.expect.items() if k != "cites"}
        if scenario.data.get("stub_fails"):
            outcome.facts = {k: "something else" for k in outcome.facts}
        return outcome

    module.play = play
    module.validate = lambda scenario, book: []
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for game in ("ga", "mc"):
        monkeypatch.setitem(registry.LOADERS, game, lambda: module)


def test_grand_archive_ruling_links_slug_ids(run_cli, monkeypatch, tmp_path):
    from judge.rulebook import store

    _stub_engine(monkeypatch, [
        ("Firebolt is played: it moves to the Effects Stack.", ["playing-cards/1", "playing-cards/6"]),
        ("The activation is negated; the card for it is removed from the Effects Stack.",
         ["playing-cards/8", "playing-cards/7.1"])])
    folder = tmp_path / "ga"
    folder.mkdir()
    (folder / "negated.toml").write_text(GA_SCENARIO)
    (folder / "wrong.toml").write_text("stub_fails = true\n" + GA_SCENARIO)
    out = tmp_path / "rulings"
    code, stdout, err = run_cli("rulings", str(folder), "-o", str(out))
    assert code == 1 and "wrong.toml: not published: card_zone: expected 'banishment'" in err
    assert stdout.startswith(f"wrote {out}: 1 ruling(s), 1 not published")
    assert not (out / "wrong.md").exists()
    md = (out / "negated.md").read_text()
    book = store.load(store.resolve("ga-seed"))
    # citations read as the rules print them (the label) and link to the slug id's anchor
    assert "[Playing Cards 7.1](rules/ga-seed/playing-cards.html#playing-cards_2F7.1)" in md
    assert "- The activation is negated; the card for it is removed from the Effects Stack. " \
           "([GA rules seed, Playing Cards 8](rules/ga-seed/playing-cards.html#playing-cards_2F8)" in md
    assert "- [GA rules seed, Playing Cards 7.1 \\[playing-cards/7.1\\]](rules/ga-seed/playing-cards.html#" \
           "playing-cards_2F7.1)" in md
    # the cited text is quoted
    quote = next(line for line in md.splitlines() if "> **[Playing Cards 7.1]" in line)
    assert book.get("playing-cards/7.1").text[:40] in quote
    # the board in words, from whatever the scenario says (no FaB default life)
    board = md.split("## The board")[1].split("## Explanation")[0]
    assert "**alice** (champion Lorraine, Wandering Warrior, level 1, memory 4, turn-player); " \
           "**bob** (champion Rai, Storm Seer)." in board
    assert "life" not in board and "**Game:** phase main." in board
    assert "- alice's effects-stack: **Firebolt** (Action; element fire, reserve cost 2)" in board
    assert "1. bob: negate **Firebolt**, with Frostbind." in board
    assert "Rules version: **GA rules seed** (document `ga-seed`)" in md
    html = (out / "rules" / "ga-seed" / "playing-cards.html").read_text()
    assert 'href="../../negated.html"' in html
    assert broken_links(out) == []


def test_marvel_champions_ruling_in_a_site(run_cli, monkeypatch, tmp_path):
    _stub_engine(monkeypatch, [("Web-Shooter's cost is modified, then paid.",
                                ["initiating-abilities/step-2", "initiating-abilities/step-3"])])
    scenario = tmp_path / "costs.toml"
    scenario.write_text(MC_SCENARIO)
    out = tmp_path / "site"
    code, stdout, err = run_cli("site", "-o", str(out), "--game", "mc", "--scenarios", str(scenario))
    assert code == 0, err
    ruling = (out / "rulings" / "costs.html").read_text()
    assert ('<a href="../mc-seed/initiating-abilities.html#initiating-abilities_2Fstep-2">Initiating Abilities, '
            "step 2</a>") in ruling
    assert "<strong>alice</strong> (hero Spider-Man, hit points 10, turn-player)" in ruling
    page = (out / "mc-seed" / "initiating-abilities.html").read_text()
    assert 'href="../rulings/costs.html">Costs are modified before they are paid</a>' in page
    assert broken_links(out) == []


def test_a_game_without_an_engine_is_reported(run_cli, monkeypatch, tmp_path):
    def no_engine():
        import judge_test_no_such_engine  # noqa: F401 - an engine package that is not installed

    monkeypatch.setitem(registry.LOADERS, "mc", no_engine)
    scenario = tmp_path / "costs.toml"
    scenario.write_text(MC_SCENARIO)
    code, stdout, err = run_cli("rulings", str(scenario), "-o", str(tmp_path / "out"))
    assert code == 1 and "costs.toml: not published: no engine for this game yet" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------------------------------------------------
# the HTML of a ruling is the HTML of its whole Markdown page
# ---------------------------------------------------------------------------------------------------------

def test_html_is_the_whole_markdown_rendered(two):
    """Each quote is rendered once per folder and put in its place: the result must be what rendering the
    whole Markdown page gives."""
    from judge.docs import rulings as rulings_mod
    from judge.docs.site import SiteBuilder

    rulings, failures = rulings_mod.judge_scenarios([two])
    assert len(rulings) == 2 and not failures
    builder = SiteBuilder([r.book for r in rulings], rulings)
    for ruling in rulings:
        path = builder.ruling_path(ruling)
        whole = rulings_mod.render_markdown(rulings_mod.ruling_markdown(ruling, builder, path))
        assert rulings_mod.ruling_body_html(ruling, builder, path) == whole
        assert whole.count("<blockquote>") >= 5


def test_a_quoted_rule_of_several_lines_stays_in_its_step(run_cli, two, tmp_path):
    """FaB CR 2.10.1 1.14.4 has its example on a second line without "Example:": both lines are quoted
    inside the step that cites it (the ordered list of steps is not broken)."""
    from judge.docs import rulings as rulings_mod
    from judge.rulebook.model import Rule, Rulebook

    book = Rulebook("t", "fab", "", "1", "numbered", rules={
        "1.14.4": Rule("1.14.4", text="An effect-cost is a cost.\nHope Merchant's Hood has the text \"Instant\"."),
        "1.14.5": Rule("1.14.5", text="- not a list\n2. not a list either\n===")})

    class Builder:
        def rule_url(self, name, rid):
            return f"r.html#{rid}"

    class Fake:
        def book_of(self, rid):
            return book

    ruling = Fake()
    ruling.book = book
    cites = rulings_mod._Cites(ruling, Builder(), "x.html")
    md = "1. A step. — [1.14.4](r.html#1.14.4)\n\n" + "\n".join("   " + q for q in cites.quote("1.14.4")) + \
        "\n\n2. Next step.\n\n" + "\n".join("   " + q for q in cites.quote("1.14.5")) + "\n"
    html = rulings_mod.render_markdown(md)
    assert html.count("<ol>") == 1 and "<ol start" not in html
    assert "Hope Merchant's Hood" in html.split("</blockquote>")[0]
    assert "<ul>" not in html and "<h" not in html and "- not a list" in html and "2. not a list" in html
