"""Version diffs (judge.rulebook.diff) on the real FaB and Magic releases, and `judge diff` / `judge history`."""

import json

import pytest

from judge.errors import UnknownRuleError
from judge.rulebook.diff import MOVE_CUTOFF, diff, history, inline, word_diff
from judge.rulebook.formats import numbered
from judge.rulebook.model import Rule, Rulebook

from conftest import corpus_file, judge_env

FAB_OLD = ("fab", "en-fab-cr-2.10.1.txt")
FAB_NEW = ("fab", "en-fab-cr-2026-02.txt")
MTG_OLD = ("mtg", "MagicCompRules-2025-11-14.txt")
MTG_NEW = ("mtg", "MagicCompRules-2026-01-16.txt")


def parse(parts, game, version):
    path = corpus_file(*parts)
    return numbered.parse([(str(path), path.read_bytes())], game=game, version=version)


@pytest.fixture(scope="module")
def fab_diff():
    return diff(parse(FAB_OLD, "fab", "2.10.1"), parse(FAB_NEW, "fab", "2026-02"))


@pytest.fixture(scope="module")
def mtg_diff():
    return diff(parse(MTG_OLD, "mtg", "2025-11-14"), parse(MTG_NEW, "mtg", "2026-01-16"))


def ids(changes, side="new_id"):
    return [getattr(c, side) for c in changes]


# ---------------------------------------------------------------------------------------------------------
# Flesh and Blood 2.10.1 → 2026-02
# ---------------------------------------------------------------------------------------------------------

def test_fab_counts(fab_diff):
    assert fab_diff.counts() == {"added": 39, "removed": 3, "reworded": 282, "reworded_cosmetic": 148,
                                 "renumbered": 2, "renumbered_reworded": 1, "unchanged": 938}
    c = fab_diff.counts()
    # every old rule is accounted for exactly once, and every new one
    assert c["unchanged"] + c["reworded"] + c["renumbered"] + c["removed"] == len(fab_diff.old) == 1225
    assert c["unchanged"] + c["reworded"] + c["renumbered"] + c["added"] == len(fab_diff.new) == 1261


def test_fab_added_and_removed(fab_diff):
    added = ids(fab_diff.added)
    assert added[:8] == ["1.3.3b", "1.12.4g", "1.12.4h", "2.1.2a", "2.5.1a", "4.0.3c", "4.1.2a", "4.4.3d"]
    assert "8.5.55" in added and "8.6.36" in added and added[-1] == "9.2.2c"
    assert fab_diff.origin("1.3.3b").kind == "added"
    assert ids(fab_diff.removed, "old_id") == ["2.0.2a", "2.1.3", "2.6.6a"]
    st = fab_diff.status("2.1.3")
    assert st.kind == "removed" and st.new_id is None


def test_fab_inserted_rule_pushes_siblings_down(fab_diff):
    # 2026-02 inserts 4.4.3d (untap permanents); the old 4.4.3d and 4.4.3e move down one letter
    assert [(c.old_id, c.new_id) for c in fab_diff.renumbered] == [("4.4.3d", "4.4.3e"), ("4.4.3e", "4.4.3f")]
    d = fab_diff.status("4.4.3d")
    assert d.kind == "moved" and d.new_id == "4.4.3e" and not d.reworded
    e = fab_diff.status("4.4.3e")
    assert e.kind == "moved" and e.new_id == "4.4.3f" and e.reworded and e.change.cosmetic
    assert "The [-turn player-]{+turn-player+} draws" in inline(e.change.diffs["text"])
    assert fab_diff.origin("4.4.3d").kind == "added"
    assert fab_diff.origin("4.4.3f").old_id == "4.4.3e"
    assert fab_diff.new_id("4.4.3e") == "4.4.3f"


def test_fab_rewordings(fab_diff):
    moved_ref = fab_diff.status("1.1.3")
    assert moved_ref.kind == "reworded" and moved_ref.change.parts == ("text",) and moved_ref.change.cosmetic
    assert "arena-cards{+.+}[1.3.2d][-.-] A card" in inline(moved_ref.change.diffs["text"])

    example = fab_diff.status("1.2.2b").change
    assert example.parts == ("examples",) and not example.cosmetic
    assert "[-Dorinthea, Quicksilver Prodigy-]{+Vow of Vengeance+}" in inline(example.diffs["examples"])

    title = fab_diff.status("2.1").change
    assert title.parts == ("title",) and inline(title.diffs["title"]) == "Color [-Strip-]"

    # a heavy rewrite under the same id is still a rewording of that rule, with its similarity
    rewrite = fab_diff.status("1.3.1").change
    assert rewrite.kind == "reworded" and rewrite.similarity < 60
    assert inline(rewrite.diffs["text"]).startswith("A card is an object represented by an official Flesh and "
                                                     "Blood card. [-The properties")
    assert fab_diff.status("7.5.5b").kind == "unchanged"
    assert fab_diff.status("7.5.5b").new_id == "7.5.5b"


def test_fab_counts_per_chapter(fab_diff):
    rows = {r.chapter: r for r in fab_diff.chapters()}
    assert list(rows) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    assert (rows["4"].title, rows["4"].added, rows["4"].reworded, rows["4"].renumbered) == ("Game Structure", 3, 14, 2)
    assert (rows["8"].added, rows["8"].removed, rows["8"].reworded) == (30, 0, 41)
    assert rows["2"].removed == 3
    for kind in ("added", "removed", "reworded", "renumbered"):
        assert sum(getattr(r, kind) for r in rows.values()) == fab_diff.counts()[kind]


def test_fab_to_dict_is_json(fab_diff):
    data = json.loads(json.dumps(fab_diff.to_dict()))
    assert data["old"]["version"] == "2.10.1" and data["new"]["rules"] == 1261
    assert len(data["reworded"]) == 282 and len(data["added"]) == 39
    moved = data["renumbered"][1]
    assert (moved["old_id"], moved["new_id"], moved["parts"], moved["cosmetic"]) == ("4.4.3e", "4.4.3f", ["text"], True)
    assert moved["diff"]["text"][:3] == [["=", "The"], ["-", " turn player"], ["+", " turn-player"]]
    assert moved["inline"]["text"].startswith("The [-turn player-]{+turn-player+} draws cards")


def test_status_of_unknown_rule(fab_diff):
    with pytest.raises(UnknownRuleError, match="no rule 4.4.3z in FaB CR 2.10.1; nearest: 4.4.3"):
        fab_diff.status("4.4.3z")
    with pytest.raises(UnknownRuleError):
        fab_diff.origin("2.1.3")   # removed: not in the new version


# ---------------------------------------------------------------------------------------------------------
# Magic 2025-11-14 → 2026-01-16
# ---------------------------------------------------------------------------------------------------------

def test_mtg_counts(mtg_diff):
    assert mtg_diff.counts() == {"added": 6, "removed": 1, "reworded": 6, "reworded_cosmetic": 0,
                                 "renumbered": 3, "renumbered_reworded": 0, "unchanged": 3254}
    assert ids(mtg_diff.added) == ["610.5", "701.68", "701.68a", "701.68b", "701.68c", "701.68d"]
    assert ids(mtg_diff.reworded) == ["115.7e", "205.3m", "207.2c", "601.2a", "702.124a", "702.124i"]


def test_mtg_partner_letters_close_up(mtg_diff):
    # "Friends forever" (702.124k) is deleted; m, n, p move up to k, m, n with their text intact
    assert [(c.old_id, c.new_id) for c in mtg_diff.renumbered] == [
        ("702.124m", "702.124k"), ("702.124n", "702.124m"), ("702.124p", "702.124n")]
    gone = mtg_diff.status("702.124k")
    assert gone.kind == "removed" and gone.change.old.text.startswith("“Friends forever” means")
    assert mtg_diff.origin("702.124k").old_id == "702.124m"
    assert mtg_diff.status("702.124p").new_id == "702.124n"


def test_mtg_word_diffs(mtg_diff):
    assert "Soltari, {+Sorcerer,+} Spawn" in inline(mtg_diff.status("205.3m").change.diffs["text"])
    cast = inline(mtg_diff.status("601.2a").change.diffs["text"], context=3)
    assert "{+Any one-shot effects that cause the spell to gain abilities" in cast
    assert cast.startswith("… 611.2f). {+Any one-shot") and cast.endswith("+} The spell remains …")
    partner = inline(mtg_diff.status("702.124a").change.diffs["text"])
    assert "[-friends forever,-] choose a Background" in partner


# ---------------------------------------------------------------------------------------------------------
# the pairing rules on small documents
# ---------------------------------------------------------------------------------------------------------

def book(version, rules):
    return Rulebook(f"t-{version}", "fab", "", version, "numbered",
                    rules={rid: Rule(rid, title=title, text=text) for rid, title, text in rules})


LONG = "When a player would draw a card from an empty deck, they instead lose the game immediately."


def test_short_headings_need_an_exact_match_to_move():
    old = book("1", [("8.3.10", "Unlimited", "")])
    new = book("2", [("8.3.11", "Limited", "")])
    d = diff(old, new)
    assert d.status("8.3.10").kind == "removed" and ids(d.added) == ["8.3.11"]


def test_moved_and_slightly_reworded_text_is_a_move():
    old = book("1", [("3.1", "", LONG), ("3.2", "", "Another rule entirely about zones and cards.")])
    new = book("2", [("3.2", "", "Another rule entirely about zones and cards."),
                     ("3.5", "", LONG.replace("immediately", "at once"))])
    d = diff(old, new)
    st = d.status("3.1")
    assert st.kind == "moved" and st.new_id == "3.5" and st.reworded and not st.change.cosmetic
    assert MOVE_CUTOFF <= st.change.similarity < 100
    assert inline(st.change.diffs["text"]).endswith("the game [-immediately-]{+at once+}.")


def test_identical_texts_pair_in_document_order():
    same = "Reserved for future use in a later edition of these rules."
    old = book("1", [("5.1", "", same), ("5.2", "", same), ("5.3", "", LONG)])
    new = book("2", [("5.3", "", LONG), ("6.1", "", same), ("6.2", "", same)])
    d = diff(old, new)
    assert [(c.old_id, c.new_id) for c in d.renumbered] == [("5.1", "6.1"), ("5.2", "6.2")]
    assert d.status("5.3").kind == "unchanged" and d.counts()["unchanged"] == 1


def test_unrelated_text_under_a_new_id_is_not_a_move():
    old = book("1", [("3.1", "", LONG)])
    new = book("2", [("3.7", "", "A player with no cards in hand may pass priority to their opponent.")])
    d = diff(old, new)
    assert d.status("3.1").kind == "removed" and ids(d.added) == ["3.7"]


def test_word_diff_round_trips():
    old, new = "The turn player draws [1.2] cards.", "The turn-player draws cards.[1.2] Then, go on."
    segments = word_diff(old, new)
    assert "".join(t for op, t in segments if op != "-") == new
    assert "".join(t for op, t in segments if op != "+") == old
    assert inline(segments) == "The [-turn player-]{+turn-player+} draws [-[1.2]-] cards.{+[1.2] Then, go on.+}"


def test_history_follows_a_rule_over_three_versions():
    v1 = book("1", [("1.1", "", LONG)])
    v2 = book("2", [("1.1", "", "A new rule that sits where the old one was, about something else."),
                    ("1.2", "", LONG)])
    v3 = book("3", [("1.1", "", "A new rule that sits where the old one was, about something else."),
                    ("1.2", "", LONG.replace("a card", "one card"))])
    h = history([v1, v2, v3], "1.2")
    assert [(e.version, e.kind, e.rule_id) for e in h.events] == [("1", "first", "1.1"), ("2", "moved", "1.2"),
                                                                   ("3", "reworded", "1.2")]
    assert h.others == []
    # asking by the old id: the newest version holding 1.1 is v3, where 1.1 is the other rule
    h = history([v1, v2, v3], "1.1")
    assert [(e.version, e.kind) for e in h.events] == [("2", "added"), ("3", "unchanged")]
    assert [(b.version, fate.kind, fate.new_id) for b, _rule, fate in h.others] == [("1", "moved", "1.2")]
    with pytest.raises(UnknownRuleError, match="no rule 4.4 in any version"):
        history([v1, v2, v3], "4.4")


# ---------------------------------------------------------------------------------------------------------
# the commands
# ---------------------------------------------------------------------------------------------------------

def _import(run_cli, parts, game, version):
    code, _, err = run_cli("rules", "import", str(corpus_file(*parts)), "--game", game, "--version", version)
    assert code == 0, err


@pytest.fixture
def fab_versions(run_cli):
    _import(run_cli, FAB_OLD, "fab", "2.10.1")
    _import(run_cli, FAB_NEW, "fab", "2026-02")


@pytest.fixture
def mtg_versions(run_cli):
    _import(run_cli, MTG_OLD, "mtg", "2025-11-14")
    _import(run_cli, MTG_NEW, "mtg", "2026-01-16")


def test_cli_diff_text(run_cli, fab_versions):
    code, out, err = run_cli("diff", "2.10.1", "2026-02", "--limit", "3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "FaB CR 2.10.1 (fab-2.10.1, 1,225 rules) → FaB CR 2026-02 (fab-2026-02, 1,261 rules)"
    assert lines[1] == ("39 added, 3 removed, 282 reworded (148 punctuation/case only), 2 renumbered "
                        "(1 also reworded), 938 unchanged")
    assert lines[3].split() == ["chapter", "added", "removed", "reworded", "renumbered"]
    assert lines[7].split() == ["4", "Game", "Structure", "3", "0", "14", "2"]
    assert "total                                    39        3       282           2" in out
    assert "Renumbered (2):\n  4.4.3d → 4.4.3e\n    All players lose all action points" in out
    assert "  4.4.3e → 4.4.3f  (text; punctuation/case only)\n    text: The [-turn player-]{+turn-player+}" in out
    assert "  1.3.3b     A permanent has one of two different states" in out
    assert "  … 36 more (--limit 0 shows all" in out and "  … 279 more" in out


def test_cli_diff_chapter_json_and_hide_cosmetic(run_cli, fab_versions):
    code, out, _ = run_cli("diff", "fab-2.10.1", "fab-2026-02", "--chapter", "2", "--json")
    data = json.loads(out)
    assert code == 0 and [r["chapter"] for r in data["chapters"]] == ["2"]
    assert [c["old_id"] for c in data["removed"]] == ["2.0.2a", "2.1.3", "2.6.6a"]
    assert [c["new_id"] for c in data["added"]] == ["2.1.2a", "2.5.1a"]
    assert len(data["reworded"]) == 24 and data["counts"]["reworded"] == 282
    code, out, _ = run_cli("diff", "2.10.1", "2026-02", "--chapter", "4", "--hide-cosmetic", "--limit", "0")
    assert "Renumbered (2):" in out and "Added (3):" in out and "Reworded" not in out
    code, out, _ = run_cli("diff", "2.10.1", "2026-02", "--chapter", "2", "--limit", "0", "--full")
    assert "  2.1  (title; similarity 62%)\n    title: Color [-Strip-]" in out


def test_cli_diff_files_by_path(run_cli):
    code, out, err = run_cli("diff", str(corpus_file(*FAB_OLD)), str(corpus_file(*FAB_NEW)), "--limit", "1")
    assert code == 0, err
    # a document read from a path takes its version from the file name
    assert out.startswith("FaB CR 2.10.1 (en-fab-cr-2.10.1, 1,225 rules) → FaB CR 2026-02 (en-fab-cr-2026-02,")
    assert "39 added, 3 removed, 282 reworded" in out


def test_cli_history(run_cli, fab_versions):
    code, out, err = run_cli("history", "4.4.3f")
    assert code == 0 and err == ""
    assert out.splitlines()[:4] == [
        "FaB CR 4.4.3f: 2 versions (2.10.1, 2026-02)",
        "  2.10.1   4.4.3e     present in the earliest imported version",
        "  2026-02  4.4.3f     renumbered from 4.4.3e, reworded (text)",
        "             text: The [-turn player-]{+turn-player+} draws cards until the number of cards in …"]
    code, out, _ = run_cli("history", "1.3.3b")
    assert out.splitlines()[1] == "  2026-02  1.3.3b     added"
    code, out, _ = run_cli("history", "2.1.3")
    assert "  2026-02  2.1.3      removed" in out and "Last text, removed in 2026-02 (FaB CR 2.10.1 2.1.3)" in out
    code, out, _ = run_cli("history", "4.4.3d")
    assert ("Note: in 2.10.1, 4.4.3d was another rule (renumbered 4.4.3e in 2026-02): All players lose all "
            "action points") in out


def test_cli_history_json_follows_renumbering(run_cli, mtg_versions):
    code, out, err = run_cli("history", "702.124k", "--game", "mtg", "--json")
    data = json.loads(out)
    assert code == 0, err
    assert [(e["version"], e["kind"], e["id"]) for e in data["events"]] == [
        ("2025-11-14", "first", "702.124m"), ("2026-01-16", "moved", "702.124k")]
    assert data["other_rules"][0]["id"] == "702.124k" and data["other_rules"][0]["next"]["kind"] == "removed"
    code, out, _ = run_cli("history", "702.124p", "--game", "mtg")
    assert "  2026-01-16  702.124n   renumbered from 702.124p" in out


@pytest.fixture(scope="module")
def versions_home(tmp_path_factory):
    """A store with both FaB and both Magic releases imported through the command, shared by the tests that
    only read it (bad input)."""
    from judge.__main__ import main

    home = tmp_path_factory.mktemp("diff-home")
    with judge_env(home, tmp_path_factory.getbasetemp() / "judge-cache"):
        for parts, game, version in ((FAB_OLD, "fab", "2.10.1"), (FAB_NEW, "fab", "2026-02"),
                                     (MTG_OLD, "mtg", "2025-11-14"), (MTG_NEW, "mtg", "2026-01-16")):
            assert main(["rules", "import", str(corpus_file(*parts)), "--game", game, "--version", version]) == 0
    return home


@pytest.mark.parametrize("args, message", [
    (("diff", "2.10.1", "2.10.1"), "2.10.1 and 2.10.1 are the same document (fab-2.10.1)"),
    (("diff", "2.10.1", "fab-2.10.1"), "are the same document"),
    (("diff", "2.10.1", "2025-11-14"), "cannot compare documents of different games: 2.10.1 is fab"),
    (("diff", "2.11", "2026-02", "--game", "fab"), "unknown version or document '2.11'; known: 2.10.1"),
    (("diff", "2.10.1", "nowhere/cr.txt"), "no such file: nowhere/cr.txt"),
    (("diff", "2.10.1", "2026-02", "--chapter", "44"), "no chapter '44' in FaB CR 2.10.1 or FaB CR 2026-02"),
    (("history", "9.9.9"), "no rule 9.9.9 in any version (2.10.1, 2026-02); nearest in 2026-02: 9.3"),
    (("history", "1.1", "--game", "ga"), "no imported versions of the Grand Archive rules"),
])
def test_cli_bad_input_is_one_line_exit_2(run_cli, versions_home, monkeypatch, args, message):
    monkeypatch.setenv("JUDGE_HOME", str(versions_home))
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert err.startswith("judge: error: ") and err.count("\n") == 1 and message in err


def test_cli_same_file_twice(run_cli):
    path = str(corpus_file(*FAB_OLD))
    code, out, err = run_cli("diff", path, path)
    assert code == 2 and out == "" and "are the same document" in err


@pytest.mark.parametrize("command", ["diff", "history"])
def test_help_ends_with_an_example(run_cli, command):
    code, out, _ = run_cli(command, "--help")
    tail = out.rstrip().splitlines()[-3:]
    assert code == 0 and "Example:" in out.rsplit("Options:", 1)[1]
    assert all(line.strip().startswith(f"judge {command} ") for line in tail)


# ---------------------------------------------------------------------------------------------------------
# Grand Archive and Marvel Champions: compared page by page (entry by entry) and item by item
# ---------------------------------------------------------------------------------------------------------

def mc_next_release(tmp_path):
    """The Rules Reference as a later release changes "Initiating Abilities" (the wording of seed 003): a new
    first step, the "choose" step dropped, step 5 reworded. Written to tmp_path; the corpus is not touched."""
    html = corpus_file("marvel-champions", "rules-reference.html").read_text(encoding="utf-8")
    old_steps = ("<li>Apply any modifiers to the cost(s).</li>\n", "<li>Make all “choose” decisions required to "
                 "resolve the card.</li>\n", "(if not canceled in step six)")
    assert all(html.count(s) == 1 for s in old_steps)
    html = html.replace(old_steps[0], "<li>If playing a card, the player places that card faceup on the table in "
                                      "front of them.</li>\n" + old_steps[0])
    html = html.replace(old_steps[1], "").replace(old_steps[2], "(if not canceled in the previous step)")
    path = tmp_path / "rules-reference-next.html"
    path.write_text(html, encoding="utf-8")
    return path


@pytest.fixture
def mc_versions(run_cli, tmp_path):
    code, _, err = run_cli("rules", "import", str(corpus_file("marvel-champions", "rules-reference.html")),
                           "--game", "mc", "--version", "2019")
    assert code == 0, err
    code, _, err = run_cli("rules", "import", str(mc_next_release(tmp_path)), "--game", "mc", "--version", "2024")
    assert code == 0, err


def test_mc_diff_by_entry_and_item(run_cli, mc_versions):
    code, out, err = run_cli("diff", "2019", "2024", "--game", "mc", "--json")
    data = json.loads(out)
    assert code == 0, err
    assert data["counts"] == {"added": 1, "removed": 1, "reworded": 1, "reworded_cosmetic": 0, "renumbered": 2,
                              "renumbered_reworded": 0, "unchanged": 388}
    assert [(c["old_id"], c["new_id"]) for c in data["renumbered"]] == [
        ("initiating-abilities/step-1", "initiating-abilities/step-2"),
        ("initiating-abilities/step-2", "initiating-abilities/step-3")]
    assert [c["old_id"] for c in data["removed"]] == ["initiating-abilities/step-3"]
    assert [c["new_id"] for c in data["added"]] == ["initiating-abilities/step-1"]
    assert "canceled in {+the previous+} step [-six-])" in data["reworded"][0]["inline"]["text"]
    assert data["chapters"] == [{"chapter": "initiating-abilities", "title": "Initiating Abilities, Playing Cards", "added": 1,
                                 "removed": 1, "reworded": 1, "renumbered": 2}]
    code, out, _ = run_cli("diff", "2019", "2024", "--game", "mc")
    assert "  initiating-abilities/step-1 → initiating-abilities/step-2\n    Apply any modifiers to the cost(s)." in out
    assert "  initiating-abilities/step-3  Make all “choose” decisions required to resolve the card." in out


def test_mc_history_of_an_item(run_cli, mc_versions):
    code, out, err = run_cli("history", "initiating-abilities/step-3", "--game", "mc")
    assert code == 0, err
    assert out.splitlines() == [
        "MC Rules Reference initiating-abilities/step-3: 2 versions (2019, 2024)",
        "  2019  initiating-abilities/step-2  present in the earliest imported version",
        "  2024  initiating-abilities/step-3  renumbered from initiating-abilities/step-2",
        "Now (MC Rules Reference 2024, Initiating Abilities, step 3 [initiating-abilities/step-3]): Pay the "
        "cost(s). If this step is reached and the cost(s) cannot be paid, abort this process without…",
        "Note: in 2019, initiating-abilities/step-3 was another rule (removed in 2024): Make all “choose” "
        "decisions required to resolve the card."]
    # by the human label, as citations print it
    code, out, _ = run_cli("history", "Initiating Abilities, step 1", "--game", "mc")
    assert code == 0 and out.splitlines()[1] == "  2024  initiating-abilities/step-1  added"


def test_ga_diff_by_page_and_item(run_cli):
    """The embedded GA seed (rendered pages of an older release) against the whole 2026-08-21 rules, page
    "Game Mechanics - Abilities": unnumbered paragraphs became numbered items; one item gained an example."""
    code, _, err = run_cli("rules", "import", str(corpus_file("grand-archive", "gitbook-rules")), "--game", "ga",
                           "--version", "2026-08-21")
    assert code == 0, err
    code, out, err = run_cli("diff", "ga-seed", "ga-2026-08-21", "--chapter", "abilities", "--json")
    data = json.loads(out)
    assert code == 0, err
    assert data["chapters"] == [{"chapter": "abilities", "title": "Game Mechanics - Abilities", "added": 16,
                                 "removed": 3, "reworded": 1, "renumbered": 18}]
    moves = {c["old_id"]: c for c in data["renumbered"]}
    assert moves["abilities/p2"]["new_id"] == "abilities/2" and moves["abilities/p2"]["parts"] == []
    assert moves["abilities/2"]["new_id"] == "abilities/4"
    # the same text under a new number, now with an example: still the same rule
    assert moves["abilities/5"]["new_id"] == "abilities/12" and moves["abilities/5"]["parts"] == ["examples"]
    assert moves["abilities/p10"]["inline"]["text"] == ("Multiple instances of the same ability [-stack-]{+are "
                                                        "taken into account+} only if that ability is not "
                                                        "classified as redundant.")
    assert [c["old_id"] for c in data["removed"]] == ["abilities/1", "abilities/1.1", "abilities/p3"]


def test_same_rules_under_two_names_is_refused(run_cli, tmp_path):
    copy = tmp_path / "copy-of-2.10.1.txt"
    copy.write_bytes(corpus_file(*FAB_OLD).read_bytes())
    code, out, err = run_cli("diff", str(corpus_file(*FAB_OLD)), str(copy))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "hold the same rules, word for word" in err and "the same document twice" in err
