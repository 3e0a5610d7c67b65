"""Grand Archive GitBook pages: the seeds byte for byte (rendered text), the whole Markdown corpus, ids that
agree between the two, bad input, and the lookup commands on these documents."""

import json
import shutil

import pytest

from judge.errors import RulesFileError
from judge.rulebook import store
from judge.rulebook.check import check
from judge.rulebook.formats import gitbook
from judge.rulebook.search import search

from conftest import RULES, corpus_file

SEED_FILES = [RULES / "004_7447e1f113420e06.txt", RULES / "002_42b99ab96b5736e6.txt"]
CORPUS = ("grand-archive", "gitbook-rules")


def parse_seeds():
    return gitbook.parse([(str(p), p.read_bytes()) for p in SEED_FILES], game="ga", version="seed",
                         format="gitbook-text")


@pytest.fixture(scope="module")
def seeds():
    return parse_seeds()


@pytest.fixture(scope="module")
def full():
    return gitbook.parse([str(corpus_file(*CORPUS))], game="ga", version="2026-08-21", format="gitbook")


def problems(book, code):
    return [p for p in book.problems if p.code == code]


def write_book(root, pages, summary=None):
    """A small GitBook folder: ``pages`` maps a relative path to its Markdown."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, text in pages.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if summary is None:
        summary = "# Table of contents\n\n" + "".join(f"* [{rel}]({rel})\n" for rel in pages)
    (root / "SUMMARY.md").write_text(summary, encoding="utf-8")
    return root


# -- ids and names ----------------------------------------------------------------------------------------

def test_page_slug_is_the_topic_after_the_last_dash():
    assert gitbook.page_slug("Game Mechanics - Playing Cards") == "playing-cards"
    assert gitbook.page_slug("Abilities -  Activated Abilities") == "activated-abilities"
    assert gitbook.page_slug("Die Results / D Effects") == "die-results-d-effects"
    assert gitbook.slugify("Lineage (term)") == "lineage-term"
    assert gitbook.slugify("Player’s Turn") == "players-turn"
    assert gitbook.is_heading_line("General Rules:")
    assert not gitbook.is_heading_line("The following pages discuss these topics:")
    assert not gitbook.is_heading_line("Abilities of action cards generally only function in the Effects Stacks.")


# -- the seeds: rendered text --------------------------------------------------------------------------------

def test_seed_counts(seeds):
    assert seeds.stats["pages"] == 2
    assert len(seeds.rules) == 39
    assert seeds.stats["items"] == 23
    assert seeds.stats["paragraphs"] == 13
    assert seeds.stats["sections"] == 1
    assert seeds.stats["examples"] == 3
    assert sum(len(r.examples) for r in seeds) == 3
    assert seeds.stats["navigation_entries"] == 103    # 004's table of contents (+ "Other Resources")
    assert [r.id for r in seeds if "/" not in r.id] == ["abilities", "playing-cards"]


def test_seed_playing_cards_ids_and_texts(seeds):
    ids = [r.id for r in seeds if r.id.startswith("playing-cards")]
    assert ids == ["playing-cards", "playing-cards/general-rules"] + [f"playing-cards/{n}" for n in range(1, 8)] + [
        "playing-cards/7.1", "playing-cards/8", "playing-cards/9", "playing-cards/9.1", "playing-cards/9.2",
        "playing-cards/9.3", "playing-cards/general-rules/p1"]
    rule = seeds.get("playing-cards/7.1")
    assert rule.text.startswith("Cards with reserve costs will go to the Graveyard from the Effects Stack;")
    assert rule.parent == "playing-cards/7"
    assert rule.label == "Playing Cards 7.1"
    assert seeds.cite("playing-cards/7.1") == "GA rules seed, Playing Cards 7.1 [playing-cards/7.1]"
    assert seeds.get("playing-cards/7").children == ["playing-cards/7.1"]
    assert seeds.get("playing-cards").title == "Game Mechanics - Playing Cards"
    # the E.g. block between items 8 and "1." is item 8's example; the list after it continues at 9
    assert seeds.get("playing-cards/8").examples == [
        "if a card activation is negated via Frostbind, the corresponding card for that activation will also be "
        "banished. If there were any other copies of the activation of that card, those copies will fizzle since "
        "the sourced card for those activations is now removed from the Effects Stack."]
    assert seeds.get("playing-cards/9").text.startswith("Activations, materializations, and bestowments of a card")
    assert len(seeds.get("playing-cards/9").children) == 3


def test_seed_chrome_is_not_rules(seeds):
    texts = [r.text for r in seeds] + [r.title for r in seeds]
    assert not any("llms.txt" in t or "Last updated" in t or "LogoLogo" in t for t in texts)
    assert not any(t in ("Game Mechanics", "Parts of a Card - Name", "Keywords") for t in texts)
    assert seeds.stats["chrome_lines"] == 111
    assert seeds.stats["footer_lines"] == 9


def test_seed_abilities_page(seeds):
    assert seeds.get("abilities/p1").text.startswith("Abilities are characteristics of cards and objects")
    assert [c for c in seeds.get("abilities/1").children] == ["abilities/1.1", "abilities/1.2"]
    # the rendered lists after paragraphs restart at 1; the page numbers them on: 2, 3, 4, ...
    assert seeds.get("abilities/2").text.startswith("Abilities specifying a zone or zones in which they function")
    assert seeds.get("abilities/8").text.startswith("Face-down cards or cards in any non-public zones")
    assert "abilities/9" not in seeds
    assert seeds.get("abilities/p11").examples[0].startswith("If an ally with an On Death trigger")
    # the vigor example the page shows after its footer belongs to the page, with a warning
    assert seeds.get("abilities").examples[0].startswith("If an ally has three instances of vigor")
    (misplaced,) = problems(seeds, "misplaced-example")
    assert misplaced.line == 168 and misplaced.file.endswith("004_7447e1f113420e06.txt")


def test_seeds_through_the_store():
    book = store.load(store.resolve(None, "ga"))
    assert book.name == "ga-seed" and book.format == "gitbook-text"
    assert "playing-cards/7.1" in book
    assert [p.level for p in check(book)] == ["warning"]


# -- the whole corpus: Markdown ------------------------------------------------------------------------------

def test_corpus_counts(full):
    s = full.stats
    assert s["pages"] == 110                # 111 files, less SUMMARY.md
    assert len(full.rules) == 2512
    assert s["items"] == 1476
    assert s["bullets"] == 523
    assert s["sections"] == 339
    assert s["paragraphs"] == 47
    assert s["steps"] == 17
    assert s["sectioned_pages"] == 25
    assert s["hints"] == 106
    assert s["examples"] == 69 and sum(len(r.examples) for r in full) == 69
    assert s["notes"] == 37 and sum(len(r.notes) for r in full) == 37
    assert s["links"] == 374                # relative links between pages
    assert s["resolved_links"] == 367
    assert s["unknown_anchors"] == 6
    assert s["unresolved_links"] == 1
    assert s["external_links"] == 11
    assert s["refs"] == 373
    assert len(full.terms) == 306
    assert not [p for p in full.problems if p.level == "error"]
    assert len(full.problems) == 10


def test_corpus_agrees_with_the_seed(seeds, full):
    seed_rules = [r for r in seeds if r.id.startswith("playing-cards")]
    assert len(seed_rules) == 16
    for rule in seed_rules:
        other = full.get(rule.id)
        assert other is not None, rule.id
        assert (other.text, other.title, other.label) == (rule.text, rule.title, rule.label), rule.id
    assert full.get("playing-cards/8").examples == seeds.get("playing-cards/8").examples


def test_corpus_structure(full):
    assert next(iter(full.rules)) == "changelog"            # SUMMARY.md order
    assert full.get("card-activation").parent == "playing-cards"
    assert full.get("playing-cards").parent == "game-mechanics"
    assert full.get("playing-cards").children[-5:] == ["card-activation", "card-materialization",
                                                       "bestowing-boons", "costs-and-memory", "resolution"]
    step = full.get("card-activation/1.3")
    assert (step.title, step.parent, step.label) == ("Declaring Costs", "card-activation/1", "Card Activation 1.3")
    assert step.text == "Next, the player declares the intended cost parameters for the card."
    assert step.children == [f"card-activation/1.3.{n}" for n in range(1, 5)]
    assert full.get("card-activation/1.3.4").notes[0].startswith("Innervate Fury cannot choose 8 allies")
    assert full.get("card-activation/1.4").title == "Selecting Modes"           # **1.4 Selecting Modes:**
    # sectioned pages: lists restart under each heading
    assert full.get("game-terms/fizzle/1").text.startswith("Fizzle refers to card activations")
    assert full.get("champion/leveling-up/7.2.1").parent == "champion/leveling-up/7.2"
    assert full.get("champion/deleveling").title == "Deleveling"                 # **Deleveling**
    assert full.get("ending-the-game/4/bullet-2").text.startswith("All opponents do not control a champion")
    assert full.get("type-list/types/bullet-1/bullet-1").text == "Pantheon Specific: Greater Boon, Lesser Boon"
    assert full.get("starting-the-game").text == "Steps taken to start a game of Grand Archive, including Turn One"
    assert full.get("starting-the-game/standard-games-turn-one").parent == "starting-the-game/standard-games"


def test_corpus_text_is_clean(full):
    for rule in full:
        for text in [rule.text, rule.title] + rule.examples + rule.notes:
            assert "&#x20;" not in text and "{%" not in text and "<img" not in text and "![" not in text, rule.id


def test_corpus_links(full):
    assert full.get("playing-cards/7").refs == ["state-based-checks-and-effects"]
    assert full.get("champion/leveling-up/1").refs == ["game-terms/lineage-term", "game-terms/level-up"]
    assert full.get("playing-cards/general-rules/p1/bullet-1").refs == ["card-activation"]
    assert full.cited_by("game-terms/fizzle") == ["action/3"]
    # <a id="dies"> names the first heading; the copy-pasted anchor on "Leave/Leaves" is reported
    assert full.get("game-terms/dies").title == "Died/Dies and Kills/Killed"
    (dup,) = problems(full, "duplicate-anchor")
    assert dup.file.endswith("glossary/game-terms.md") and dup.line == 254
    assert "game-terms/leave-leaves" in full
    # an unknown anchor cites the page, with a warning at the link's line
    unknown = [p for p in problems(full, "unknown-anchor") if p.file.endswith("card-types-supertypes.md")]
    assert [p.line for p in unknown] == [9]
    citing = [r.id for r in full if r.id.startswith("supertypes") and "card-characteristics" in r.refs]
    assert len(citing) == 1
    (broken,) = problems(full, "broken-link")
    assert broken.file.endswith("types-of-effects-continuous-effects/README.md") and broken.line == 15
    (restart, naming) = problems(full, "list-restart")
    assert restart.file.endswith("game-mechanics-objects-and-targeting.md") and restart.line == 42
    assert full.get("objects-and-targeting/target/2").text.startswith("An effect, action, activation, attack")
    assert naming.line == 18 and full.get("naming/7").text.startswith("Some cards ask a player to name a card")


def test_search_finds_the_defining_section(full):
    hits = search(full, "fizzle", limit=5)
    assert hits[0].rule_id == "game-terms/fizzle" and hits[0].why == "defines 'Fizzle'"
    assert "game-terms/fizzle/1" in [h.rule_id for h in hits]


# -- bad input ------------------------------------------------------------------------------------------------

@pytest.fixture
def corpus_copy(corpora, tmp_path):
    """A writable copy of the corpus folder (the corpus itself is never edited)."""
    dest = tmp_path / "gitbook-rules"
    shutil.copytree(corpora.joinpath(*CORPUS), dest)
    for path in dest.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    dest.chmod(0o755)
    return dest


def test_page_missing_from_summary(corpus_copy):
    summary = corpus_copy / "SUMMARY.md"
    lines = summary.read_text(encoding="utf-8").split("\n")
    summary.write_text("\n".join(ln for ln in lines if "game-mechanics-counters.md" not in ln), encoding="utf-8")
    book = gitbook.parse([str(corpus_copy)], format="gitbook")
    (missing,) = problems(book, "not-in-summary")
    assert missing.level == "warning" and missing.line == 1
    assert missing.file.endswith("game-mechanics/game-mechanics-counters.md")
    assert book.get("counters").parent is None                 # still parsed, not dropped
    assert "counters/buff/1" in book
    assert list(book.rules)[-len([r for r in book.rules if r.startswith("counters")]):][0] == "counters"


def test_summary_lists_a_missing_page(corpus_copy):
    (corpus_copy / "game-mechanics" / "game-mechanics-counters.md").unlink()
    book = gitbook.parse([str(corpus_copy)], format="gitbook")
    (missing,) = problems(book, "missing-page")
    assert missing.level == "error" and missing.file.endswith("SUMMARY.md") and missing.line == 85
    assert "counters" not in book


def test_unknown_anchor_in_a_copy(corpus_copy):
    page = corpus_copy / "game-mechanics" / "game-mechanics-playing-cards" / "README.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("(see [state-based checks](../game-mechanics-miscellaneous-topics/"
                                 "state-based-checks-and-effects.md))",
                                 "(see [state-based checks](../game-mechanics-miscellaneous-topics/"
                                 "state-based-checks-and-effects.md#no-such-heading))"), encoding="utf-8")
    book = gitbook.parse([str(corpus_copy)], format="gitbook")
    found = [p for p in problems(book, "unknown-anchor") if p.file == str(page)]
    assert [(p.line, p.level) for p in found] == [(11, "warning")]
    assert "#no-such-heading" in found[0].message
    assert book.get("playing-cards/7").refs == ["state-based-checks-and-effects"]   # the page, not lost


def test_malformed_markdown_in_a_copy(corpus_copy):
    page = corpus_copy / "game-mechanics" / "game-mechanics-playing-cards" / "README.md"
    text = page.read_text(encoding="utf-8")
    text = text.replace("{% endhint %}\n", "", 1)          # a hint that never closes
    text = text.replace("[state-based checks](../", "[state-based checks](../broken", 1)
    text = text.replace("4. All cards in the Effects Stack", "4. All [cards](nowhere.md in the Effects Stack", 1)
    page.write_text(text, encoding="utf-8")
    book = gitbook.parse([str(corpus_copy)], format="gitbook")
    here = [p for p in book.problems if p.file == str(page)]
    codes = {(p.code, p.level, p.line) for p in here}
    assert ("malformed", "error", 15) in codes                 # the unclosed {% hint %}
    assert ("malformed", "warning", 8) in codes                # '](' left by the unclosed link
    assert ("broken-link", "warning", 11) in codes
    # the rules after the unclosed hint are still rules, not swallowed by it
    assert book.get("playing-cards/9.3").text.startswith("Static modifications to the source card")
    assert book.get("playing-cards/8").examples[0].startswith("if a card activation is negated via Frostbind")


def test_small_book_structure_and_problems(tmp_path):
    root = write_book(tmp_path / "book", {
        "README.md": "# Rules - Basics\n\n#### General Rules:\n\n1. One.\n   1. One point one.\n2. Two, see "
                     "[zones](zones.md#hand) and [nowhere](zones.md#nope).\n\n{% hint style=\"info\" %}\n"
                     "E.g., an example of two.\n{% endhint %}\n\n3. Three.\n\n{% tabs %}\n\nA closing remark.\n",
        "zones.md": "# Zones\n\n#### Hand\n\n1. The hand is private.\n\n#### Deck\n\n1. The deck is face down.\n",
        "extra.md": "# Extra\n\n1. Not in the summary.\n",
    }, summary="# Summary\n\n* [Basics](README.md)\n  * [Zones](zones.md)\n* [Ghost](ghost.md)\n")
    book = gitbook.parse([str(root)], format="gitbook")
    assert list(book.rules)[:5] == ["basics", "basics/general-rules", "basics/1", "basics/1.1", "basics/2"]
    assert book.get("basics/2").examples == ["an example of two."]
    assert book.get("basics/2").refs == ["zones/hand", "zones"]
    assert book.get("zones").parent == "basics"
    assert book.get("zones/deck/1").text == "The deck is face down."        # a sectioned page
    assert book.get("basics/general-rules/p1").text == "A closing remark."
    assert book.get("extra/1").text == "Not in the summary."
    found = {(p.code, p.level, p.file.rsplit("/", 1)[-1], p.line) for p in book.problems}
    assert found == {("unknown-anchor", "warning", "README.md", 7), ("unknown-tag", "warning", "README.md", 15),
                     ("missing-page", "error", "SUMMARY.md", 5), ("not-in-summary", "warning", "extra.md", 1)}


def test_unclosed_front_matter_and_empty_inputs(tmp_path):
    root = write_book(tmp_path / "fm", {"README.md": "---\ndescription: never closed\n\n# Page\n\n1. Item.\n"})
    book = gitbook.parse([str(root)], format="gitbook")
    assert [(p.code, p.line) for p in book.problems] == [("front-matter", 1)]
    assert book.get("page/1").text == "Item."
    (tmp_path / "empty").mkdir()
    with pytest.raises(RulesFileError):
        gitbook.parse([str(tmp_path / "empty")], format="gitbook")
    with pytest.raises(RulesFileError):
        gitbook.parse([("blank.txt", b"  \n")], format="gitbook-text")
    with pytest.raises(RulesFileError):
        gitbook.parse([("no-title.txt", b"  1. an item with no page title.\n")], format="gitbook-text")


# -- commands -------------------------------------------------------------------------------------------------

def test_cli_rule_on_the_seed(run_cli):
    code, out, err = run_cli("rule", "playing-cards/7.1", "--game", "ga")
    assert code == 0, err
    assert out.startswith("GA rules seed, Playing Cards 7.1 [playing-cards/7.1]")
    assert "Cards with reserve costs will go to the Graveyard" in out
    code, out, err = run_cli("rule", "Playing Cards 7.1", "--game", "ga", "--json")
    assert code == 0 and json.loads(out)["id"] == "playing-cards/7.1"
    code, out, err = run_cli("rule", "playing-cards/7.5", "--game", "ga")
    assert code == 2 and "nearest: playing-cards/7.1" in err and "Traceback" not in err


def test_cli_breadcrumb_refs_path_on_the_seed(run_cli):
    code, out, err = run_cli("rule", "playing-cards/9.2", "--game", "ga")
    # the breadcrumb names parents by their titles and labels, not by their slugs
    assert out.splitlines()[0] == ("GA rules seed, Playing Cards 9.2 [playing-cards/9.2]   "
                                   "(Game Mechanics - Playing Cards › General Rules › Playing Cards 9)")
    code, out, err = run_cli("path", "playing-cards/7.1", "playing-cards/9.2", "--game", "ga", "--json")
    assert code == 0, err
    assert [s["id"] for s in json.loads(out)["steps"]] == [
        "playing-cards/7.1", "playing-cards/7", "playing-cards/general-rules", "playing-cards/9",
        "playing-cards/9.2"]
    code, out, err = run_cli("refs", "playing-cards/7", "--game", "ga")
    assert code == 0 and out.startswith("GA rules seed, Playing Cards 7 [playing-cards/7]\nCites:")


def test_cli_search_all_games(run_cli):
    code, out, err = run_cli("search", "play a card", "--game", "all", "--json", "--limit", "40")
    assert code == 0, err
    data = json.loads(out)
    assert {"ga-seed", "mc-seed", "fab-2.10.1-seed"} <= {h["document"] for h in data["hits"]}


def test_cli_import_and_commands_on_the_corpus(run_cli, corpora, tmp_path):
    code, out, err = run_cli("rules", "import", str(corpora.joinpath(*CORPUS)), "--game", "ga",
                             "--version", "2026-08-21")
    assert code == 0, err
    assert "2,512 rules" in out
    code, out, err = run_cli("search", "fizzle", "--game", "ga", "--limit", "3")
    assert code == 0 and out.startswith("game-terms/fizzle Fizzle  (defines 'Fizzle')")
    code, out, err = run_cli("rule", "playing-cards/7.1", "--game", "ga")
    assert out.startswith("GA rules 2026-08-21, Playing Cards 7.1 [playing-cards/7.1]")
    code, out, err = run_cli("refs", "playing-cards/7", "--game", "ga", "--json")
    assert [c["id"] for c in json.loads(out)["cites"]] == ["state-based-checks-and-effects"]
    code, out, err = run_cli("check", "--game", "ga")
    assert code == 0
    assert "types-of-effects-continuous-effects/README.md:15: warning: link to /broken/pages/" in out
    assert out.rstrip().endswith("0 error(s), 10 warning(s)")
    code, out, err = run_cli("graph", "export", "--game", "ga", "--format", "json", "-o", str(tmp_path / "g.json"))
    assert code == 0, err
    graph = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in graph["nodes"]}
    assert nodes["playing-cards/7.1"]["label"] == "Playing Cards 7.1"
    edges = {(e["source"], e["target"], e["kind"]) for e in graph["links"]}
    assert ("playing-cards/7", "playing-cards/7.1", "contains") in edges
    assert ("playing-cards/7", "state-based-checks-and-effects", "cites") in edges
    assert ("term:fizzle", "game-terms/fizzle", "defines") in edges


def test_cli_bad_folder_is_one_error_and_changes_nothing(run_cli, tmp_path, isolated_store):
    root = write_book(tmp_path / "bad", {"README.md": "# Page\n\n{% hint style=\"info\" %}\nE.g., never closed.\n\n"
                                                      "1. Item.\n"})
    code, out, err = run_cli("rules", "import", str(root), "--game", "ga", "--version", "9")
    assert code == 2 and "Traceback" not in err
    assert "never closed" in err and ":3" in err
    assert not (isolated_store / "docs" / "ga-9").exists()
    code, out, err = run_cli("check", "--rules", str(root), "--game", "ga")
    assert code == 1 and "README.md:3: error: {% hint %} is never closed" in out
