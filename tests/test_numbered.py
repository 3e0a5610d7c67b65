"""The numbered-rules parser on the real files: the seeds byte for byte, the whole FaB CR, Magic's CR."""

import pytest

from judge.errors import RulesFileError
from judge.rulebook.formats import numbered
from judge.rulebook.model import id_key, is_descendant, numbered_parent

from conftest import RULES, SEEDS, corpus_file

SEED_FILES = [RULES / "000_a36789f275d725a6.txt", RULES / "001_c7307d4e5fb55f12.txt"]


def parse(*paths, **kw):
    return numbered.parse([(str(p), p.read_bytes()) for p in paths], **kw)


@pytest.fixture(scope="module")
def seeds():
    return parse(*SEED_FILES, version="2.10.1")


@pytest.fixture(scope="module")
def full_cr():
    return parse(corpus_file("fab", "en-fab-cr-2.10.1.txt"), version="2.10.1")


@pytest.fixture(scope="module")
def magic():
    return parse(corpus_file("mtg", "MagicCompRules-2026-01-16.txt"), game="mtg", version="2026-01-16")


# -- ids ------------------------------------------------------------------------------------------------

def test_ids_order_naturally_and_are_prefix_safe():
    ids = ["5.1.10", "5.1.9", "5.1", "5.1.1a", "5.1.1", "702.60", "702.6", "100.1a", "100.1", "100.2"]
    assert sorted(ids, key=id_key) == ["5.1", "5.1.1", "5.1.1a", "5.1.9", "5.1.10", "100.1", "100.1a", "100.2",
                                       "702.6", "702.60"]
    assert numbered_parent("7.5.5b") == "7.5.5"
    assert numbered_parent("7.5.5") == "7.5"
    assert numbered_parent("7") is None
    assert is_descendant("702.6a", "702.6")
    assert not is_descendant("702.60a", "702.6")


def test_seed_files_are_byte_identical_to_shared_seeds():
    if not SEEDS.is_dir():
        pytest.skip("../shared/seeds is not present")
    for name in ["000_a36789f275d725a6.txt", "001_c7307d4e5fb55f12.txt", "002_42b99ab96b5736e6.txt",
                 "003_046759c8b9308011.txt", "004_7447e1f113420e06.txt"]:
        assert (RULES / name).read_bytes() == (SEEDS / name).read_bytes(), name


# -- seeds 000 and 001 ----------------------------------------------------------------------------------

def test_seed_counts(seeds):
    assert len(seeds.rules) == 175
    assert seeds.stats["examples"] == 40
    assert sum(len(r.examples) for r in seeds) == 40
    assert seeds.stats["references"] == 73
    assert seeds.problems == []


def test_seed_headings_and_text(seeds):
    assert seeds.get("5").title == "Layers, Cards, & Abilities"
    assert seeds.get("7.5").title == "Damage Step" and seeds.get("7.5").text == ""
    assert seeds.get("7.5.5b").text.startswith("If the hit-event is modified by replacement effects")
    assert seeds.get("7.5.5b").examples[0].startswith("Feign Death has the text")
    assert [r.id for r in seeds.ancestors("7.5.5b")] == ["7", "7.5", "7.5.5"]
    assert seeds.get("7.5").children == ["7.5.1", "7.5.2", "7.5.3", "7.5.4", "7.5.5"]
    assert seeds.get("5.1.1").children == ["5.1.1a"]
    # nothing of the page chrome became text
    assert not any("Skip to content" in r.full_text() for r in seeds)


def test_seed_000_glued_examples_are_split(seeds):
    examples = seeds.get("5.1.2a").examples
    assert len(examples) == 2
    assert examples[0].endswith("all three effects begin to apply immediately.")
    assert examples[1].startswith("Goliath Gauntlet has the text")


def test_seed_000_lines_split_by_lost_icons_are_joined(seeds):
    ex = seeds.get("5.3.2b").examples[0]
    assert "defended by an attack action card with 6 . Before the phantasm" in ex
    assert "giving the defending card -2 . When the phantasm" in ex
    assert seeds.get("5.4.5").examples[0].startswith("Mutated Mass has the text \"This card's and are equal")
    assert seeds.get("5.4.4c").notes[0].startswith("Cards printed before 2022")


def test_seed_001_icons_and_reference_runs(seeds):
    assert "+1{p} for each non-equipment card" in seeds.get("7.0.5a").examples[0]
    assert seeds.get("7.0.5").refs == ["7.3.2", "7.4.2d", "8.5.32"]
    assert seeds.get("7.0.1a").refs == ["7.6"]


def test_reference_range_cites_every_rule_in_it(seeds):
    assert seeds.get("5.2.2b").refs == ["5.1.3", "5.1.4", "5.1.5", "5.1.6", "5.1.7", "5.1.8", "5.1.9", "5.1.10"]
    assert "5.2.2b" in seeds.cited_by("5.1.7")


def test_external_references_are_kept(seeds):
    ext = seeds.external_refs()
    assert set(ext) >= {"1.2.3", "3.0.12", "6.6", "8.3.5", "8.3.38"}
    assert ext["8.3.5"] == ["5.3.5"]
    assert {r.split(".")[0] for r in ext} == {"1", "2", "3", "6", "8", "9"}


def test_terms_from_titles_and_definitions(seeds):
    assert seeds.terms["damage step"].rules == ["7.5"]
    assert seeds.terms["chain link"].rules == ["7.0.3"]
    assert seeds.terms["while-static ability"].rules == ["5.4.7"]


# -- the whole FaB CR -----------------------------------------------------------------------------------

def test_full_cr_counts(full_cr):
    assert len(full_cr.rules) == 1225
    assert full_cr.stats["examples"] == 203
    assert full_cr.stats["references"] == 355
    assert [p for p in full_cr.problems if p.level == "error"] == []


def test_full_cr_heading_counts_and_qualified_keywords(full_cr):
    # 1,225 numbered lines = 112 headings (chapters, sections, keyword titles without text) + the rest;
    # the corpora README's "~1,130 numbered rules" leaves the headings out
    assert sum(1 for r in full_cr if r.title and not r.text) == 112
    # keyword headings with a qualifier are headings and define the bare word too
    assert (full_cr.get("8.5.2").title, full_cr.get("8.5.2").text) == (
        "Create (token)", "Create is a discrete effect. To create a token, produce the specified token in the arena.")
    assert full_cr.get("8.2.1").title == "(1H)" and full_cr.get("8.2.1").children == ["8.2.1a", "8.2.1b"]
    assert full_cr.terms["create"].rules == ["8.5.2", "8.5.40"]
    assert full_cr.terms["deal (damage)"].rules == ["8.5.3"]
    assert len(full_cr.terms) == 384


def test_later_fab_cr_counts():
    book = parse(corpus_file("fab", "en-fab-cr-2026-02.txt"), version="2026-02")
    assert len(book.rules) == 1261
    assert book.stats["examples"] == 216
    assert book.stats["references"] == 365
    assert book.get("1.3.3b") is not None
    assert [p for p in book.problems if p.level == "error"] == []


def test_full_cr_headings_terms_and_paragraphs(full_cr):
    assert full_cr.get("1").title == "Game Concepts"
    assert full_cr.get("1.0").title == "General"
    assert full_cr.get("8.3.5").title == "Go again"
    assert full_cr.terms["go again"].rules[0] == "8.3.5"
    # unnumbered "Stage N:" lines belong to the rule above
    assert "\nStage 1: Effects that modify copyable properties are applied.[8.5.25]" in full_cr.get("6.3.2").text
    assert "8.5.25" in full_cr.get("6.3.2").refs
    # an example written without the "Example:" label stays with its rule
    assert "Lead the Charge has the text" in full_cr.get("1.13.2b").text
    # references with and without a space before them
    assert full_cr.get("1.1.3").refs[:2] == ["1.3.2c", "1.3.2d"]
    assert full_cr.get("4.1.6").refs == ["4.1.4", "4.1.5"]


# -- Magic: The Gathering -------------------------------------------------------------------------------

def test_magic_structure(magic):
    assert len(magic.rules) == 3269
    assert magic.problems == []
    one = magic.get("1")
    assert one.title == "Game Concepts" and one.line == 181   # the body heading, not the table of contents
    assert magic.get("100").parent == "1"
    assert magic.get("100.1").text.startswith("These Magic rules apply")
    assert magic.get("100.1a").text.startswith("A two-player game")
    assert magic.get("100.1.") is magic.get("100.1")
    assert magic.get("702.6").title == "Equip" and magic.get("702.60").title == "Ripple"
    assert "702.60a" not in magic.get("702.6").children
    # a lettered rule printed with a period ("119.1d.") is still a rule, not text of 119.1c
    assert magic.get("119.1d").text.startswith("In a two-player Brawl game")
    assert "Brawl" not in magic.get("119.1c").text


def test_magic_counts_are_rules_not_toc_or_glossary(magic):
    # 3,269 = 9 chapters + 146 sections ("100. General") + 3,114 numbered rules (1,157 "100.1." and 1,957
    # lettered "100.1a"); the corpora README's "~3,100 rules" counts the last kind only. Neither the table
    # of contents (lines 13-179) nor the glossary (line 7002 on) adds a rule.
    chapters = [r for r in magic if "." not in r.id and len(r.id) == 1]
    sections = [r for r in magic if "." not in r.id and len(r.id) == 3]
    lettered = [r for r in magic if "." in r.id and r.id[-1].isalpha()]
    assert (len(chapters), len(sections), len(lettered), len(magic.rules)) == (9, 146, 1957, 3269)
    assert all(181 <= r.line < 7002 for r in magic)
    assert magic.stats["examples"] == 276 and sum(len(r.examples) for r in magic) == 276
    assert magic.stats["references"] == 1194            # printed references (a range counts its two ends)
    assert sum(len(r.refs) for r in magic) == 1314      # cites edges, ranges expanded
    assert magic.external_refs() == {}                  # every reference lands on a rule of the document
    assert len(magic.terms) == 836


def test_magic_previous_release_counts():
    book = parse(corpus_file("mtg", "MagicCompRules-2025-11-14.txt"), game="mtg", version="2025-11-14")
    assert len(book.rules) == 3264
    assert book.stats["references"] == 1191 and book.stats["glossary_terms"] == 725
    assert book.problems == []


def test_magic_references_and_glossary(magic):
    assert magic.get("702.19c").refs == ["702.19b"]
    assert "0" not in magic.get("107.7").refs            # "[0]" is a loyalty symbol, not a reference
    # references without the word "rule", and ranges written by their tail
    assert magic.get("101.4b").refs == ["101.4a"]                                  # "except as specified in 101.4a"
    assert magic.get("103.2").refs == ["103.2a", "103.2b", "103.2c", "103.2d", "103.2e"]   # "103.2a–e"
    assert magic.get("701.28a").refs == ["701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f",
                                         "712.9", "712.10", "712.18"]   # "701.27a–f, 712.9–10, and 712.18"
    assert magic.get("701.27g").refs == ["701.42", "729"]                          # "and 729, “Merging …”"
    assert magic.get("608.3g").refs == ["702.109", "702.152", "702.185"]           # names between the numbers
    assert "100" not in magic.get("903.5a").refs                                   # "exactly 100 cards"
    assert magic.stats["glossary_terms"] == 725
    assert magic.terms["deathtouch"].rules == ["702.2"]
    assert magic.terms["ability"].rules == ["113", "6"]
    assert magic.terms["active player"].text == "The player whose turn it is. See rule 102.1."


def test_magic_line_endings_bom_and_ranges(magic):
    text = magic.get("100.2a").text
    assert "\r" not in text and not text.startswith("\ufeff")
    refs = numbered.extract_refs("See rules 100.2a–100.2c and rule 702.19.", brackets=False)
    assert refs == ["100.2a..100.2c", "702.19"]
    refs = numbered.extract_refs("See 718, “Prototype,” section 6, and 601.2f–h; 100 cards.", brackets=False)
    assert refs == ["718", "6", "601.2f..601.2h"]
    # numbers inside longer numbers or words are not references
    assert numbered.extract_refs("1100.5 x702.1a overrule 3 1.702.1", brackets=False) == []


# -- bad input -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("data,message", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b"Just some prose.\nNo numbered rules here.\n", "no numbered rules"),
    (b"7.1 Layer Step\n\xff\xfe bad bytes\n", "not UTF-8"),
])
def test_bad_files_raise_clear_errors(data, message):
    with pytest.raises(RulesFileError) as exc:
        numbered.parse([("bad.txt", data)])
    assert message in str(exc.value)
    assert str(exc.value).startswith("bad.txt")


def test_duplicate_id_is_a_problem_with_file_and_line():
    text = b"7 Combat\n7.1 Layer Step\n7.1.1 First text.\n7.1.1 Second text.\n"
    book = numbered.parse([("dup.txt", text)])
    [problem] = book.problems
    assert (problem.level, problem.code, problem.line) == ("error", "duplicate-id", 4)
    assert "first at dup.txt:3" in problem.message
    assert book.get("7.1.1").text == "First text."
