"""The lookup commands as a user runs them: rule, search, refs, path, check, graph export, rules."""

import json
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


@pytest.mark.parametrize("args", [["rule", "7.0.5"], ["rule", "7.5", "--json", "--no-children"],
                                  ["search", "go again", "--limit", "3"], ["rule", "7.9.9"]])
def test_fast_path_and_click_path_print_the_same(capsys, args):
    from judge.__main__ import main as fast_main
    from judge.cli import main as click_main

    fast_code = fast_main(args)
    fast = capsys.readouterr()
    click_code = click_main(args)
    slow = capsys.readouterr()
    assert (fast_code, fast.out, fast.err) == (click_code, slow.out, slow.err)
    assert fast.out or fast.err


def test_lookup_imports_neither_networkx_nor_click():
    env_cmd = [sys.executable, "-X", "importtime", "-c", "import sys; from judge.__main__ import main; "
               "sys.exit(main(['rule', '7.5.5b']))"]
    proc = subprocess.run(env_cmd, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if "|" in line}
    assert "networkx" not in imported and "click" not in imported and "rapidfuzz" not in imported
    assert "judge.rulebook.store" in imported


def test_search_ranks_defining_rule_first(run_cli, full_cr):
    code, out, _ = run_cli("search", "go again", "--json", "--limit", "5")
    hits = json.loads(out)["hits"]
    assert hits[0]["rule_id"] == "8.3.5" and hits[0]["why"] == "defines 'Go again'"
    assert all(h["why"] in ("phrase", "defines 'Go again'", "title") for h in hits)


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


def test_check_seed_and_broken_document(run_cli, tmp_path):
    code, out, _ = run_cli("check")
    assert code == 0
    assert out.splitlines()[-1].startswith("FaB CR 2.10.1 (fab-2.10.1-seed, 175 rules): 0 error(s)")
    bad = tmp_path / "bad.txt"
    bad.write_text("7 Combat\n7.1 Layer Step\n7.1.1 See [7.1.9].\n7.1.4 Fourth.\n7.1.2 Second.\n7.1.2 Again.\n")
    code, out, _ = run_cli("check", "--rules", str(bad), "--json")
    assert code == 1
    codes = sorted((p["code"], p["line"]) for p in json.loads(out)["problems"])
    assert codes == [("dangling-ref", 3), ("disorder", 5), ("duplicate-id", 6), ("gap", 4)]


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


def test_failed_import_leaves_store_untouched(run_cli, full_cr, tmp_path):
    before = sorted(p.name for p in (store.store_dir() / "docs").iterdir())
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, out, err = run_cli("rules", "import", str(empty), "--game", "fab", "--version", "2.10.1")
    assert code == 2 and err.startswith("judge: error: ") and "empty" in err and "Traceback" not in err
    assert sorted(p.name for p in (store.store_dir() / "docs").iterdir()) == before
    assert len(store.load(store.resolve("fab-2.10.1"))) == 1225


def test_import_from_url_on_a_local_server(run_cli, tmp_path):
    (tmp_path / "cr.txt").write_bytes((ROOT / "rules" / "001_c7307d4e5fb55f12.txt").read_bytes())
    handler = partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/cr.txt"
        code, out, err = run_cli("rules", "import", url, "--game", "fab", "--version", "9.9")
        assert code == 0, err
        assert "91 rules" in out
        code, out, err = run_cli("rules", "import", url + ".missing", "--game", "fab", "--version", "9.8")
        assert code == 2 and "cannot download" in err
    finally:
        server.shutdown()


def test_second_load_parses_nothing(monkeypatch):
    doc = store.resolve()
    first = store.load(doc)
    from judge.rulebook.formats import numbered

    def boom(*a, **k):
        raise AssertionError("parsed again")

    monkeypatch.setattr(numbered, "parse", boom)
    second = store.load(doc)
    assert second.get("7.5.5b").text == first.get("7.5.5b").text
    assert len(second) == len(first)


def test_help_ends_with_an_example(run_cli):
    for cmd in (["rule"], ["search"], ["refs"], ["path"], ["check"], ["graph", "export"], ["rules", "list"],
                ["rules", "import"]):
        code, out, _ = run_cli(*cmd, "--help")
        assert code == 0
        assert "Example:" in out.split("Options:")[-1], cmd


def test_unknown_document_and_bad_option(run_cli):
    code, _, err = run_cli("rule", "7.5.5b", "--rules", "nope")
    assert code == 2 and err.startswith("judge: error: no rules document named 'nope'")
    code, _, err = run_cli("search", "x", "--limit", "0")
    assert code == 2 and "Invalid value" in err
