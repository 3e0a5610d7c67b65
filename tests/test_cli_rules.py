"""The lookup commands as a user runs them: rule, search, refs, path, check, graph export, rules."""

import json
import os
import subprocess
import sys
import threading
from functools import partial
from http.server import HTTPServer, SimpleHTTPRequestHandler

import pytest

from judge.rulebook import store

from conftest import ROOT, corpus_file


@pytest.fixture
def full_cr(run_cli):
    code, out, err = run_cli("rules", "import", str(corpus_file("fab", "en-fab-cr-2.10.1.txt")), "--game", "fab",
                             "--version", "2.10.1")
    assert code == 0, err
    return out


def test_rule_shows_text_breadcrumb_examples_children(run_cli):
    code, out, err = run_cli("rule", "7.5.5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "FaB CR 2.10.1 7.5.5   (7 Combat › 7.5 Damage Step)"
    assert "7.5.5 An attack is considered to have hit" in out
    assert "Children:" in out and "  7.5.5b If the hit-event is modified" in out
    assert "Cites:    8.5.3 (external)" in out


def test_rule_json_and_no_children(run_cli):
    code, out, _ = run_cli("rule", "7.5.5b", "--json", "--no-children")
    view = json.loads(out)
    assert view["citation"] == "FaB CR 2.10.1 7.5.5b"
    assert [p["id"] for p in view["parents"]] == ["7", "7.5", "7.5.5"]
    assert view["examples"][0].startswith("Feign Death")
    assert "children" not in view
    code, out, _ = run_cli("rule", "5.1.7", "--json")
    assert [c["id"] for c in json.loads(out)["cited_by"]] == ["5.2.2b"]


def test_unknown_rule_is_one_line_with_nearest_ids(run_cli):
    code, out, err = run_cli("rule", "7.5.5z")
    assert code == 2 and out == ""
    assert err == "judge: error: no rule 7.5.5z in FaB CR 2.10.1; nearest: 7.5.5a, 7.5.5b, 7.5.5c\n"
    code, out, err = run_cli("rule", "")
    assert code == 2 and err == "judge: error: no rule id given; for example: 5.1.1\n"
    code, out, err = run_cli("rule", " 7.5.5B ")        # pasted with spaces, or in upper case
    assert code == 0 and out.startswith("FaB CR 2.10.1 7.5.5b")


@pytest.mark.parametrize("args", [["rule", "7.0.5"], ["rule", "7.5", "--json", "--no-children"],
                                  ["search", "go again", "--limit", "3"], ["search", "defence", "--json"],
                                  ["rule", "7.9.9"], ["rule", "playing-cards/7.1", "--game", "ga"]])
def test_fast_path_and_click_path_print_the_same(capsys, args):
    from judge.__main__ import main as fast_main
    from judge.cli import main as click_main

    fast_code = fast_main(args)
    fast = capsys.readouterr()
    click_code = click_main(args)
    slow = capsys.readouterr()
    assert (fast_code, fast.out, fast.err) == (click_code, slow.out, slow.err)
    assert fast.out or fast.err


@pytest.mark.parametrize("args,light", [(["rule", "7.5.5b"], True), (["search", "damage"], True),
                                        (["search", "phantsam"], False)])
def test_lookup_imports_neither_networkx_nor_click(args, light):
    env_cmd = [sys.executable, "-X", "importtime", "-c", "import sys; from judge.__main__ import main; "
               f"sys.exit(main({args!r}))"]
    proc = subprocess.run(env_cmd, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if "|" in line}
    assert "networkx" not in imported and "click" not in imported
    # rapidfuzz only when the exact tiers leave the list short (a typo)
    assert ("rapidfuzz" not in imported) is light
    assert "judge.rulebook.store" in imported


def test_search_ranks_defining_rule_first(run_cli, full_cr):
    code, out, _ = run_cli("search", "go again", "--json", "--limit", "5")
    hits = json.loads(out)["hits"]
    assert hits[0]["rule_id"] == "8.3.5" and hits[0]["why"] == "defines 'Go again'"
    assert all(h["why"] in ("phrase", "defines 'Go again'", "title") for h in hits)


def test_search_finds_a_misspelt_term(run_cli, full_cr):
    code, out, _ = run_cli("search", "go agian", "--limit", "3")
    assert out.splitlines()[0] == "8.3.5 Go again  (close to 'Go again')"
    code, out, _ = run_cli("search", "defence", "--limit", "2")
    # a heading that defines the word has no snippet line: its title is the match
    assert out.splitlines()[:2] == ["2.3 Defense  (defines 'Defense')", "8.1.3 Defense Reaction  (phrase)"]


def test_search_all_games_labels_hits_by_game_and_version(run_cli):
    code, out, _ = run_cli("search", "cost", "--game", "all", "--limit", "40")
    assert code == 0
    labels = {line.split("]")[0] + "]" for line in out.splitlines() if line.startswith("[")}
    assert labels == {"[FaB CR 2.10.1]", "[GA rules seed]", "[MC Rules Reference seed]"}
    code, out, _ = run_cli("search", "cost", "--game", "all", "--limit", "40", "--json")
    data = json.loads(out)
    assert data["documents"] == ["FaB CR 2.10.1", "GA rules seed", "MC Rules Reference seed"]
    assert {h["game"] for h in data["hits"]} == {"fab", "ga", "mc"}
    hit = next(h for h in data["hits"] if h["game"] == "ga")
    assert hit["citation"].startswith("GA rules seed, ") and hit["source"] == "GA rules seed"


def test_search_matches_uk_and_us_spellings(run_cli):
    _, us, _ = run_cli("search", "defense reaction", "--json", "--limit", "3")
    _, uk, _ = run_cli("search", "defence reaction", "--json", "--limit", "3")
    assert [h["rule_id"] for h in json.loads(us)["hits"]] == [h["rule_id"] for h in json.loads(uk)["hits"]]
    # the seed's own "defence reaction" (7.4.2c example) is found by the US spelling
    _, out, _ = run_cli("search", "defense reaction cards cannot be played from hand", "--json")
    assert json.loads(out)["hits"][0]["rule_id"] == "7.4.2c"


def test_search_text_output_has_id_title_and_snippet(run_cli):
    code, out, _ = run_cli("search", "damage step", "--limit", "2")
    assert code == 0
    assert out.splitlines()[0] == "7.5 Damage Step  (defines 'Damage Step')"
    code, out, _ = run_cli("search", "phantsam", "--limit", "3")   # a typo still finds the phantasm example
    assert "5.3.2b" in out and "(fuzzy)" in out


def test_refs_and_depth(run_cli):
    code, out, _ = run_cli("refs", "7.4.2d", "--json")
    data = json.loads(out)
    assert [c["id"] for c in data["cites"]] == ["5.3.2c", "7.0.5"]   # by distance, then document order
    code, out, _ = run_cli("refs", "7.4.2d", "--depth", "2", "--json")
    ids = {c["id"]: c["distance"] for c in json.loads(out)["cites"]}
    assert ids["7.3.2"] == 2 and ids["8.5.32"] == 2


def test_path_between_rules(run_cli):
    code, out, _ = run_cli("path", "5.2.2b", "5.1.10", "--json")
    steps = json.loads(out)["steps"]
    assert steps == [{"id": "5.2.2b", "how": ""}, {"id": "5.1.10", "how": "cites"}]


def test_path_names_each_step_the_same_on_every_run():
    # 7.0.5 and 7.4.2d cite each other: the step is "cites" whatever order Python's hashing gives a set
    script = ("import sys; from judge.__main__ import main; sys.exit(main(['path', '7.0.5', '7.4.2d']) or "
              "main(['path', '7.4.2d', '7.0.5']))")
    outputs = set()
    for seed in ("0", "1", "2", "3"):
        proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stderr
        outputs.add(proc.stdout)
    (out,) = outputs
    assert [line.split("  ")[1].split(" →")[0] for line in out.splitlines() if "→" in line] == ["cites", "cites"]


def test_check_seed_and_broken_document(run_cli, tmp_path):
    code, out, _ = run_cli("check")
    assert code == 0
    assert out.splitlines()[-1] == "FaB CR 2.10.1 (fab-2.10.1-seed, 175 rules): 0 error(s), 51 warning(s)"
    # the seeds cite chapters 1, 2, 3, 6, 8 and 9 they do not hold: warnings, not errors
    assert "001_c7307d4e5fb55f12.txt:229: warning: rule 7.7.6 cites 3.0.12, which is outside this document" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("7 Combat\n7.1 Layer Step\n7.1.1 See [7.1.9] and [8.1].\n7.1.4 Fourth.\n7.1.2 Second.\n"
                   "7.1.2 Again.\n7.1.5\n")
    code, out, _ = run_cli("check", "--rules", str(bad), "--json")
    assert code == 1
    codes = sorted((p["code"], p["level"], p["line"]) for p in json.loads(out)["problems"])
    assert codes == [("dangling-ref", "error", 3), ("disorder", "error", 5), ("duplicate-id", "error", 6),
                     ("empty", "warning", 7), ("external-ref", "warning", 3), ("gap", "warning", 4)]
    code, out, _ = run_cli("check", "--rules", str(bad))
    assert f"{bad}:3: error: rule 7.1.1 cites 7.1.9, which does not exist" in out.splitlines()
    assert out.splitlines()[-1] == "FaB CR bad.txt (bad, 6 rules): 3 error(s), 3 warning(s)"
    # the rule view tells a rule missing from the document from one outside it
    code, out, _ = run_cli("rule", "7.1.1", "--rules", str(bad))
    assert "Cites:    7.1.9 (missing), 8.1 (external)" in out


@pytest.mark.parametrize("fmt,marker", [("graphml", "<graphml"), ("json", '"links"'), ("dot", "digraph")])
def test_graph_export(run_cli, tmp_path, fmt, marker):
    target = tmp_path / f"g.{fmt}"
    code, _, err = run_cli("graph", "export", "--format", fmt, "-o", str(target))
    assert code == 0, err
    text = target.read_text()
    assert marker in text and "7.5.5b" in text


def test_graph_has_contains_cites_defines_and_external_nodes():
    from judge import load
    from judge.rulebook import graph

    g = graph.build(load())
    kinds = {d["kind"] for _, _, d in g.edges(data=True)}
    assert kinds == {"contains", "cites", "defines"}
    assert g.nodes["8.3.5"]["kind"] == "external"
    assert g.has_edge("term:damage step", "7.5")


def test_import_sets_default_and_version_in_citations(run_cli, full_cr):
    assert "imported fab-2.10.1: 1,225 rules" in full_cr
    code, out, _ = run_cli("rules", "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert rows["fab-2.10.1"]["default"] and not rows["fab-2.10.1-seed"]["default"]
    code, out, _ = run_cli("rule", "8.3.5")
    assert out.startswith("FaB CR 2.10.1 8.3.5") and "Go again" in out


@pytest.mark.parametrize("data,message", [
    (b"", "the file is empty; expected a rules document"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "the file is binary data, not a rules document"),
    (b"Dear judge,\nthis is a letter.\n", "no numbered rules found"),
    (b"7 Combat\n7.1 Layer Step\n7.1.1 First.\n7.1.1 Again.\n", "4: 1 error(s), first: duplicate rule id 7.1.1"),
])
def test_failed_import_leaves_store_untouched(run_cli, full_cr, tmp_path, data, message):
    before = sorted(p.name for p in (store.store_dir() / "docs").iterdir())
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data)
    code, out, err = run_cli("rules", "import", str(bad), "--game", "fab", "--version", "2.10.1")
    assert code == 2 and out == ""
    # one line naming the user's file (not a staging copy), no traceback
    assert err.startswith(f"judge: error: {bad}:") and message in err and err.count("\n") == 1
    assert sorted(p.name for p in (store.store_dir() / "docs").iterdir()) == before
    assert len(store.load(store.resolve("fab-2.10.1"))) == 1225


def test_import_reports_references_to_nowhere(run_cli, tmp_path):
    doc = tmp_path / "cr.txt"
    doc.write_text("7 Combat\n7.1 Layer Step\n7.1.1 See [7.1.9].\n7.1.2 Fine.\n")
    code, out, err = run_cli("rules", "import", str(doc), "--game", "fab", "--version", "0.1")
    assert code == 0
    assert err == f"{doc}:3: error: rule 7.1.1 cites 7.1.9, which does not exist\n"
    assert out.startswith("imported fab-0.1: 4 rules, 1 terms, 1 error(s), 0 warning(s) → ")


def test_a_document_given_by_path_cites_the_version_in_its_name(run_cli, tmp_path):
    doc = tmp_path / "en-fab-cr-9.8.7.txt"
    doc.write_bytes((ROOT / "rules" / "001_c7307d4e5fb55f12.txt").read_bytes())
    code, out, _ = run_cli("rule", "7.5.5b", "--rules", str(doc))
    assert out.startswith("FaB CR 9.8.7 7.5.5b")
    plain = tmp_path / "combat.txt"
    plain.write_bytes(doc.read_bytes())
    code, out, _ = run_cli("rule", "7.5.5b", "--rules", str(plain))
    assert out.startswith("FaB CR combat.txt 7.5.5b")


def test_store_follows_xdg_and_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("JUDGE_HOME")
    monkeypatch.delenv("JUDGE_CACHE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert store.store_dir() == tmp_path / "data" / "judge"
    assert store.cache_dir() == tmp_path / "cache" / "judge"
    monkeypatch.setenv("JUDGE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "c"))
    assert (store.store_dir(), store.cache_dir()) == (tmp_path / "home", tmp_path / "c")


def test_import_from_url_on_a_local_server(run_cli, tmp_path):
    (tmp_path / "cr.txt").write_bytes((ROOT / "rules" / "001_c7307d4e5fb55f12.txt").read_bytes())
    class QuietHandler(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/cr.txt"
        code, out, err = run_cli("rules", "import", url, "--game", "fab", "--version", "9.9")
        assert code == 0, err
        assert "91 rules" in out
        code, out, err = run_cli("rules", "import", url + ".missing", "--game", "fab", "--version", "9.8")
        assert code == 2 and "cannot download" in err
        (tmp_path / "empty.txt").write_bytes(b"")
        code, out, err = run_cli("rules", "import", url[: -len("cr.txt")] + "empty.txt", "--game", "fab",
                                 "--version", "9.7")
        assert code == 2 and err.startswith(f"judge: error: {url[: -len('cr.txt')]}empty.txt: the file is empty")
        assert not (store.store_dir() / "docs" / "fab-9.7").exists()
    finally:
        server.shutdown()


@pytest.mark.parametrize("game,module", [("fab", "numbered"), ("ga", "gitbook"), ("mc", "glossary")])
def test_second_load_parses_nothing(monkeypatch, game, module):
    import importlib

    doc = store.resolve(None, game)
    first = store.load(doc)

    def boom(*a, **k):
        raise AssertionError("parsed again")

    monkeypatch.setattr(importlib.import_module(f"judge.rulebook.formats.{module}"), "parse", boom)
    second = store.load(doc)
    assert [r.to_tuple() for r in second] == [r.to_tuple() for r in first]


@pytest.mark.parametrize("parts,game,module", [
    (("fab", "en-fab-cr-2.10.1.txt"), "fab", "numbered"),
    (("grand-archive", "gitbook-rules"), "ga", "gitbook"),
    (("marvel-champions", "rules-reference.html"), "mc", "glossary"),
])
def test_import_fills_the_parse_cache(monkeypatch, parts, game, module):
    import importlib

    doc, _ = store.import_document(str(corpus_file(*parts)), game, "1.0")
    fresh = store.parse_document(doc)
    fresh.name, fresh.game, fresh.version = doc.name, doc.game, doc.version

    def boom(*a, **k):
        raise AssertionError("parsed again")

    monkeypatch.setattr(importlib.import_module(f"judge.rulebook.formats.{module}"), "parse", boom)
    cached = store.load(store.resolve(doc.name))      # not even the first lookup parses
    assert cached.to_data() == fresh.to_data()       # and it is what parsing the stored copy gives
    assert cached.rules[next(iter(cached.rules))].file.startswith(doc.home)


def test_parse_cache_is_keyed_by_content(tmp_path):
    doc = tmp_path / "cr.txt"
    doc.write_text("7 Combat\n7.1 Layer Step\n7.1.1 First wording.\n")
    assert store.load(store.resolve(str(doc))).get("7.1.1").text == "First wording."
    doc.write_text("7 Combat\n7.1 Layer Step\n7.1.1 Second wording.\n")
    assert store.load(store.resolve(str(doc))).get("7.1.1").text == "Second wording."


def test_help_ends_with_an_example(run_cli):
    import click

    from judge.cli import cli

    def walk(command, path):
        yield path
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, path + [name])

    paths = list(walk(cli, []))
    assert ["graph", "export"] in paths and ["rules", "import"] in paths
    for path in paths:
        code, out, _ = run_cli(*path, "--help")
        assert code == 0
        tail = out[out.rfind("Example:"):]
        assert "Example:" in out and "Options:" not in tail and "Commands:" not in tail, path
        assert tail.strip().splitlines()[1].strip().startswith("judge"), path


def test_unknown_document_and_bad_option(run_cli):
    code, _, err = run_cli("rule", "7.5.5b", "--rules", "nope")
    assert code == 2 and err.startswith("judge: error: no rules document named 'nope'")
    code, _, err = run_cli("rule", "7.5.5b", "--game", "yugioh")
    assert code == 2
    assert err == "judge: error: unknown game 'yugioh' (known: fab, mtg, ga, mc; 'judge search' also takes all)\n"
    code, _, err = run_cli("rule", "100.1", "--game", "mtg")
    assert code == 2 and "no rules document for game 'mtg'; import one with 'judge rules import'" in err
    code, _, err = run_cli("search", "x", "--limit", "0")
    assert code == 2 and "Invalid value" in err


def test_readme_shows_real_output(run_cli, corpora, monkeypatch, tmp_path):
    """Every lookup command in the README's console blocks prints what the README shows.

    A block's state is in its comments: the embedded documents by default, "full CR" with the whole FaB CR
    imported, "GitBook" with the Grand Archive pages imported as well.
    """
    import re
    import shlex

    homes = {state: tmp_path / state for state in ("seeds", "full CR", "GitBook")}
    monkeypatch.chdir(tmp_path)             # where "graph export -o" writes
    for state in ("full CR", "GitBook"):
        monkeypatch.setenv("JUDGE_HOME", str(homes[state]))
        assert run_cli("rules", "import", str(corpora / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
                       "--version", "2.10.1")[0] == 0
    assert run_cli("rules", "import", str(corpora / "grand-archive" / "gitbook-rules"), "--game", "ga",
                   "--version", "2026-08-21")[0] == 0
    checked = 0
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        state = "seeds"
        commands = re.split(r"^\$ ", block, flags=re.M)[1:]
        for chunk in commands:
            line, _, expected = chunk.partition("\n")
            command, _, comment = line.partition("  #")
            args = shlex.split(command)
            state = next((s for s in ("full CR", "GitBook") if s in comment), state)
            if args[0] != "judge" or args[1] not in ("rule", "search", "refs", "path", "check", "rules", "graph", "define"):
                continue
            if args[1:3] == ["rules", "import"]:
                continue      # prints where the store is; the list after it is checked
            monkeypatch.setenv("JUDGE_HOME", str(homes["GitBook" if args[1] == "rules" else state]))
            code, out, err = run_cli(*args[1:])
            got = (err + out).replace(str(homes["GitBook"]), "~/.local/share/judge")
            assert got.rstrip("\n") == expected.rstrip("\n"), line
            checked += 1
    assert checked >= 12
