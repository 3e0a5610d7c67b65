"""Rulings docs from the real scenario files: one Markdown page (and its HTML) per scenario, every citation
linked to its rule and quoted, the board in words, failing scenarios reported and not published."""

import json
import re
import shutil
from pathlib import Path

import pytest

from judge import scenario as scenario_mod
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
    data = json.loads((out / "assets" / "search-index.json").read_text())
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
    assert code == 0, err
    assert stdout.startswith(f"wrote {out}: {len(files)} ruling(s), 0 not published")
    assert "(not in " not in "".join(p.read_text() for p in out.glob("*.md"))
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
