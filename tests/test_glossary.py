"""Marvel Champions Rules Reference: seed 003 byte for byte (rendered text), the whole HTML page, bad input,
and the lookup commands on these documents."""

import json

import pytest

from judge.errors import RulesFileError
from judge.rulebook import store
from judge.rulebook.formats import glossary

from conftest import RULES, corpus_file

SEED = RULES / "003_046759c8b9308011.txt"


@pytest.fixture(scope="module")
def seed():
    return glossary.parse([(str(SEED), SEED.read_bytes())], game="mc", version="seed", format="glossary-text")


@pytest.fixture(scope="module")
def html():
    path = corpus_file("marvel-champions", "rules-reference.html")
    return glossary.parse([(str(path), path.read_bytes())], game="mc", version="2019", format="glossary-html")


def parse_html(tmp_path, text):
    path = tmp_path / "rr.html"
    path.write_text(text, encoding="utf-8")
    return glossary.parse([(str(path), path.read_bytes())], format="glossary-html")


def test_names_and_slugs():
    assert glossary.entry_slug("INITIATING ABILITIES, PLAYING CARDS") == "initiating-abilities"
    assert glossary.entry_slug("SUSTAINED DAMAGE; DAMAGE SUSTAINED") == "sustained-damage"
    assert glossary.names("PLAY, PUT INTO PLAY") == ["Play", "Put into Play"]
    assert glossary.title_case("ALL-PURPOSE COUNTER") == "All-Purpose Counter"
    assert glossary.title_case("Initiating Abilities") == "Initiating Abilities"


# -- seed 003 ---------------------------------------------------------------------------------------------------

def test_seed_entry(seed):
    assert seed.stats["entries"] == 1
    assert len(seed.rules) == 13
    assert (seed.stats["checks"], seed.stats["steps"], seed.stats["bullets"]) == (2, 5, 5)
    assert list(seed.rules) == [
        "initiating-abilities",
        "initiating-abilities/check-1", "initiating-abilities/check-1/bullet-1",
        "initiating-abilities/check-2", "initiating-abilities/check-2/bullet-1",
        "initiating-abilities/step-1", "initiating-abilities/step-2", "initiating-abilities/step-3",
        "initiating-abilities/step-4", "initiating-abilities/step-5",
        "initiating-abilities/step-5/bullet-1", "initiating-abilities/step-5/bullet-2",
        "initiating-abilities/step-5/bullet-3"]
    entry = seed.get("initiating-abilities")
    assert entry.title == "Initiating Abilities" and entry.label == "Initiating Abilities"
    assert entry.text.startswith("When a player wishes to play a card or initiate a triggered ability")
    assert entry.text.endswith("If both conditions are met, follow these steps in order:")
    assert "Skip to main content" not in entry.text and seed.stats["chrome_lines"] == 1
    assert seed.problems == []


def test_seed_texts_and_labels(seed):
    assert seed.get("initiating-abilities/check-2/bullet-1").text == (
        "If a card has a resource cost of X, the player playing that card chooses the value of X during this step.")
    step = seed.get("initiating-abilities/step-3")
    assert step.text.startswith("Pay the cost(s). If this step is reached and the cost(s) cannot be paid")
    assert step.label == "Initiating Abilities, step 3"
    assert seed.cite("initiating-abilities/step-3") == (
        "MC Rules Reference seed, Initiating Abilities, step 3 [initiating-abilities/step-3]")
    assert seed.get("initiating-abilities/step-1").text.startswith("If playing a card, the player places that card")
    bullets = [seed.get(f"initiating-abilities/step-5/bullet-{k}").text for k in (1, 2, 3)]
    assert "interrupt ability" in bullets[0] and "response ability" in bullets[1] and "leaves play" in bullets[2]
    assert seed.get("initiating-abilities/step-5/bullet-2").label == "Initiating Abilities, step 5, bullet 2"
    assert seed.terms["initiating abilities"].rules == ["initiating-abilities"]


def test_seed_through_the_store():
    book = store.load(store.resolve(None, "mc"))
    assert book.name == "mc-seed" and book.format == "glossary-text"
    assert book.get("Initiating Abilities, step 3").id == "initiating-abilities/step-3"


# -- the HTML page ------------------------------------------------------------------------------------------------

def test_html_counts(html):
    s = html.stats
    assert s["entries"] == 143
    assert len(html.rules) == 392
    assert (s["checks"], s["steps"], s["bullets"]) == (2, 25, 222)
    assert s["links"] == 171                # <a href="#…">
    assert s["repaired_links"] == 11        # anchors that name no entry, resolved by their text
    assert s["see_also"] == 144             # names after "See also:"
    assert s["named_refs"] == 8             # of those, names with no link
    assert s["unresolved_names"] == 1
    assert s["refs"] == 175
    assert s["template_tags"] == 4           # the Twig {% … %} around the page, not text
    assert len(html.terms) == 153
    assert html.title == "Rules Reference"
    assert [(p.code, p.line) for p in html.problems] == [
        ("unknown-anchor", 55), ("unknown-anchor", 55), ("empty", 72), ("unknown-anchor", 132),
        ("unknown-anchor", 205), ("unknown-anchor", 208), ("unknown-anchor", 219), ("malformed", 312),
        ("unknown-anchor", 317), ("unknown-anchor", 430), ("unknown-anchor", 478), ("unresolved-name", 514),
        ("unknown-anchor", 647), ("unknown-anchor", 671)]
    assert all(p.level == "warning" for p in html.problems)


def test_html_initiating_abilities(html):
    # the id comes from the title, not from the typo'd HTML id "initating_abilities"
    entry = html.get("initiating-abilities")
    assert entry.title == "Initiating Abilities, Playing Cards" and entry.line == 443
    assert [c for c in entry.children] == [
        "initiating-abilities/check-1", "initiating-abilities/check-2"] + [
        f"initiating-abilities/step-{k}" for k in range(1, 6)]
    assert html.get("initiating-abilities/step-3").text == "Make all “choose” decisions required to resolve the card."
    assert html.get("initiating-abilities/step-5").children == [
        f"initiating-abilities/step-5/bullet-{k}" for k in (1, 2, 3)]
    assert entry.refs == ["ability", "cost", "play-restrictions-and-permissions"]    # plain-text "See also"
    assert html.cited_by("initiating-abilities") == ["ability", "cost"]
    assert html.terms["playing cards"].rules == ["initiating-abilities"]


def test_html_entries(html):
    assert html.get("ability").refs[:3] == ["cancel", "constant-ability", "delayed-effects"]
    assert len(html.get("ability").children) == 7
    assert html.get("enemy-attacks/step-4/bullet-3").text.startswith("If no character defends the attack")
    assert html.get("enemy").text.startswith("An enemy is a minion or villain.")      # text outside any <p>
    assert [c for c in html.get("activation").children] == [f"activation/bullet-{k}" for k in (1, 2, 3)]
    assert html.get("all-purpose-counter").refs == ["response", "keywords"]           # "Keywords (Uses)"
    assert html.get("forced/bullet-3").refs == ["triggered-ability"]                  # "See also" in an <li>
    assert "See also" not in html.get("forced/bullet-3").text
    assert html.get("acceleration-icon").text == "See: Side Scheme"
    assert html.get("acceleration-icon").refs == ["side-scheme"]
    assert html.terms["put into play"].rules == ["play"]
    assert html.get("round-overview/step-6").refs == ["activation", "enemy-attacks", "enemy-schemes"]
    for rule in html:
        assert "{%" not in rule.text and "curInnerHTML" not in rule.text, rule.id


# -- bad input ------------------------------------------------------------------------------------------------------

def test_malformed_html_is_reported_not_fatal(tmp_path):
    book = parse_html(tmp_path, """<h1>Rules</h1>
<h2 id="alpha">ALPHA</h2>
<p>Alpha text. See also: <a href="#beta">Beta</a>, <a href="#nowhere">Nowhere</a>, Gamma, Delta</p>
<ol>
<li>First step.
<li>Second step.
<ul><li>A nested bullet.</li></ul>
</li>
<h2 id="beta">BETA</h2>
<p>Beta text.</p></p>
<h2 id="gamma_x">GAMMA</h2>
<p>Gamma text.</p>
""")
    assert list(book.rules) == ["alpha", "alpha/step-1", "alpha/step-2", "alpha/step-2/bullet-1", "beta", "gamma"]
    assert book.get("alpha").refs == ["beta", "gamma"]
    found = [(p.code, p.line) for p in book.problems]
    assert found == [("broken-link", 3), ("unresolved-name", 3), ("malformed", 9), ("malformed", 10)]
    assert "#nowhere" in book.problems[0].message and "Delta" in book.problems[1].message


def test_empty_or_entryless_input(tmp_path):
    with pytest.raises(RulesFileError):
        parse_html(tmp_path, "   \n")
    with pytest.raises(RulesFileError):
        parse_html(tmp_path, "<html><p>No entries here.</p></html>")
    with pytest.raises(RulesFileError):
        glossary.parse([("x.txt", b"\x00\x01binary")], format="glossary-text")


# -- commands --------------------------------------------------------------------------------------------------------

def test_cli_on_the_seed(run_cli):
    code, out, err = run_cli("rule", "initiating-abilities/step-3", "--game", "mc")
    assert code == 0, err
    assert out.startswith("MC Rules Reference seed, Initiating Abilities, step 3 [initiating-abilities/step-3]")
    code, out, err = run_cli("rule", "initiating-abilities/step-9", "--game", "mc")
    assert code == 2 and "nearest: initiating-abilities/step-5" in err
    code, out, err = run_cli("check", "--game", "mc")
    assert code == 0 and "0 error(s), 0 warning(s)" in out


def test_cli_import_and_check_the_html(run_cli, corpora, tmp_path):
    source = corpora / "marvel-champions" / "rules-reference.html"
    code, out, err = run_cli("rules", "import", str(source), "--game", "mc", "--version", "2019")
    assert code == 0, err
    assert "392 rules, 153 terms, 14 warning(s)" in out
    code, out, err = run_cli("check", "--game", "mc")
    assert code == 0
    assert "rules-reference.html:514: warning: 'See also: Appendix I: Deck Customization'" in out
    code, out, err = run_cli("refs", "initiating-abilities", "--game", "mc", "--json")
    data = json.loads(out)
    assert [c["id"] for c in data["cites"]] == ["ability", "cost", "play-restrictions-and-permissions"]
    assert [c["id"] for c in data["cited_by"]] == ["ability", "cost"]
    code, out, err = run_cli("graph", "export", "--game", "mc", "--format", "dot")
    assert code == 0 and '"initiating-abilities" -> "initiating-abilities/step-1" [label="contains"];' in out
