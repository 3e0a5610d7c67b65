"""judge serve: the HTTP API tested through a real server process on 127.0.0.1 with a real HTTP client
(urllib), and the term lookups it shares with the command line (judge define, judge rule TERM)."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import CORPORA, ROOT

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

SCENARIO = ROOT / "scenarios" / "fab" / "7.5.2-power-6-against-3-and-2.toml"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _judge(env, *args, check=True):
    proc = subprocess.run([sys.executable, "-m", "judge", *args], env=env, capture_output=True, text=True,
                          timeout=120)
    if check and proc.returncode != 0:
        raise AssertionError(proc.stderr)
    return proc


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `judge serve` process on 127.0.0.1, with the full CR 2.10.1 and 2026-02 imported when the
    corpora are present (the embedded seeds otherwise). Yields (base url, env, full)."""
    home = tmp_path_factory.mktemp("serve-home")
    env = {**os.environ, "JUDGE_HOME": str(home), "JUDGE_CACHE_DIR": str(tmp_path_factory.mktemp("serve-cache"))}
    full = (CORPORA / "fab" / "en-fab-cr-2.10.1.txt").exists()
    if full:
        _judge(env, "rules", "import", str(CORPORA / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
               "--version", "2.10.1")
        _judge(env, "rules", "import", str(CORPORA / "fab" / "en-fab-cr-2026-02.txt"), "--game", "fab",
               "--version", "2026-02")
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--port", str(port), "--quiet"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/docs", timeout=2).read()
            break
        except (urllib.error.URLError, ConnectionError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise AssertionError("the server did not start: " + proc.stderr.read().decode())
            time.sleep(0.1)
    yield base, env, full
    proc.terminate()
    proc.wait(timeout=10)


def get(base, path, method="GET", data=None):
    """(status, parsed JSON or text, content type) of one request."""
    req = urllib.request.Request(base + path, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            status, body, ctype = resp.status, resp.read(), resp.headers.get("content-type", "")
    except urllib.error.HTTPError as exc:
        status, body, ctype = exc.code, exc.read(), exc.headers.get("content-type", "")
    if ctype.startswith("application/json"):
        return status, json.loads(body), ctype
    return status, body.decode("utf-8"), ctype


def test_rule_by_id(server):
    base, _env, full = server
    status, data, _ = get(base, "/rules/fab-2.10.1-seed/7.5.5b")
    assert status == 200
    assert data["id"] == "7.5.5b" and data["citation"] == "FaB CR 2.10.1 7.5.5b"
    status, newest, _ = get(base, "/rules/fab/7.5.5b")      # a game id: its newest document
    assert newest["citation"] == ("FaB CR 2026-02 7.5.5b" if full else "FaB CR 2.10.1 7.5.5b")
    assert "no longer a hit-event" in data["text"]
    assert [p["id"] for p in data["parents"]][-1] == "7.5.5"


def test_unknown_rule_is_404_json_with_nearest(server):
    base, _env, _full = server
    status, data, ctype = get(base, "/rules/fab/7.5.5z")
    assert status == 404 and ctype.startswith("application/json")
    assert "7.5.5a" in data["error"]["message"] and data["error"]["code"] == "unknown"
    status, data, _ = get(base, "/rules/no-such-doc/7.5.5")
    assert status == 404 and "no-such-doc" in data["error"]["message"]


def test_search_define_complete(server):
    base, _env, full = server
    status, data, _ = get(base, "/search?" + urllib.parse.urlencode({"q": "go again", "limit": 3}))
    assert status == 200 and 1 <= len(data["hits"]) <= 3
    if full:
        assert data["hits"][0]["rule_id"] == "8.3.5"
        status, data, _ = get(base, "/define/go%20again")
        assert status == 200 and [r["id"] for r in data["rules"]] == ["8.3.5"]
        status, data, _ = get(base, "/define/dominat")
        assert status == 404 and "Dominate" in data["error"]["message"]
    status, data, _ = get(base, "/complete?q=7.5.5")
    values = [c["value"] for c in data["completions"]]
    assert values[:5] == ["7.5.5", "7.5.5a", "7.5.5b", "7.5.5c", "7.5.5d"]
    status, data, _ = get(base, "/search")
    assert status == 400 and "q=" in data["error"]["message"]
    status, data, _ = get(base, "/search?q=x&limit=100000")
    assert status == 400 and "limit" in data["error"]["message"]


def test_refs_and_docs(server):
    base, _env, _full = server
    status, data, _ = get(base, "/refs/7.5.5?doc=fab-2.10.1-seed")
    assert status == 200 and "7.5.2a" in [c["id"] for c in data["cited_by"]]
    status, data, _ = get(base, "/docs")
    assert "fab-2.10.1-seed" in [d["name"] for d in data["documents"]]


def test_diff_and_history(server):
    base, _env, full = server
    if not full:
        pytest.skip("../shared/corpora is not present")
    status, data, _ = get(base, "/diff?from=2.10.1&to=2026-02&game=fab")
    assert status == 200 and "1.3.3b" in [c["new_id"] for c in data["added"]]
    status, data, _ = get(base, "/history/1.3.3b?game=fab")
    assert status == 200 and data["events"]
    status, data, _ = get(base, "/diff?from=2.10.1")
    assert status == 400


def test_resolve_matches_the_command_line(server):
    base, env, _full = server
    status, data, _ = get(base, "/resolve", "POST", SCENARIO.read_bytes())
    assert status == 200
    cli = json.loads(_judge(env, "resolve", str(SCENARIO), "--json").stdout)
    cli.pop("file")
    assert data == cli


def test_resolve_bad_scenario_is_422_with_line_and_key(server):
    base, _env, _full = server
    bad = SCENARIO.read_text().replace('game = "fab"', 'game = "chess"').encode()
    status, data, _ = get(base, "/resolve", "POST", bad)
    assert status == 422
    assert data["error"]["key"] == "scenario.game" and data["error"]["line"] == 4
    assert "chess" in data["error"]["message"]
    status, data, _ = get(base, "/resolve", "POST", b"x" * (300 * 1024))
    assert status == 413 and data["error"]["code"] == "too-large"


def test_read_only_and_json_errors_everywhere(server):
    base, _env, _full = server
    for method, path in (("DELETE", "/docs"), ("PUT", "/rules/fab/7.5.5"), ("POST", "/search?q=x")):
        status, data, ctype = get(base, path, method, b"")
        assert status == 405 and ctype.startswith("application/json"), (method, path)
    status, data, _ = get(base, "/no/such/page.html")
    assert status == 404 and data["error"]["code"] == "not-found"


def test_site_at_root(server):
    base, _env, _full = server
    status, page, ctype = get(base, "/")
    assert status == 200 and ctype.startswith("text/html") and "<!DOCTYPE html>" in page
    # every link of the home page is served
    import re

    links = [h for h in re.findall(r'href="([^"#:]+)"', page) if not h.startswith("data")]
    assert links
    for href in links:
        status, _body, _ = get(base, "/" + href.lstrip("/"))
        assert status == 200, href


def test_openapi_lists_every_route(server):
    base, _env, _full = server
    status, spec, _ = get(base, "/openapi.json")
    assert status == 200 and spec["openapi"].startswith("3.")
    from judge.serve import create_app

    paths = {r.path.replace("{rule_id:path}", "{id}").replace("{rule_id}", "{id}") for r in create_app().routes}
    paths.discard("/{path:path}")
    assert paths == set(spec["paths"])
    status, page, _ = get(base, "/api")
    assert "/resolve" in page


def test_command_line_works_without_the_extra(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    # a stand-in that makes 'import starlette' fail, as on an install without judge[serve]
    (tmp_path / "starlette.py").write_text("raise ImportError('not installed')\n")
    proc = subprocess.run([sys.executable, "-m", "judge", "serve"], env=env, capture_output=True, text=True)
    assert proc.returncode == 2
    assert "judge[serve]" in proc.stderr and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "judge", "rule", "7.5.5b"], env=env, capture_output=True, text=True)
    assert proc.returncode == 0 and "7.5.5b" in proc.stdout


def test_rule_accepts_a_term_and_define(run_cli, corpora):
    code, out, _ = run_cli("rules", "import", str(corpora / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
                           "--version", "2.10.1")
    assert code == 0
    code, out, _ = run_cli("rule", "Dominate", "--no-children")
    assert code == 0 and out.splitlines()[0].startswith("FaB CR 2.10.1 8.3.4")
    code, out, _ = run_cli("rule", "defence reaction", "--json")
    assert code == 0 and json.loads(out)["id"] == "8.1.3"
    code, out, err = run_cli("define", "go-again")
    assert code == 0 and "8.3.5 Go again" in out
    code, out, err = run_cli("define", "dominat")
    assert code == 2 and "nearest terms: Dominate" in err


def test_rule_outside_the_embedded_excerpt(run_cli):
    code, _out, err = run_cli("rule", "1.0.1")
    assert code == 2
    assert "outside the chapters" in err and "judge rules import" in err
    code, _out, err = run_cli("rule", "7.5.5z")
    assert code == 2 and "nearest: 7.5.5a" in err


def test_magic_glossary_shown_with_the_term(run_cli, corpora):
    code, _o, _e = run_cli("rules", "import", str(corpora / "mtg" / "MagicCompRules-2026-01-16.txt"), "--game",
                           "mtg", "--version", "2026-01-16")
    assert code == 0
    code, out, _ = run_cli("rule", "trample", "--game", "mtg", "--no-children")
    assert code == 0 and "702.19" in out.splitlines()[0]
    assert "Glossary: A keyword ability that modifies how a creature assigns combat damage" in out
