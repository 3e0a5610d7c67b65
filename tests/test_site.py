"""The rules site without a browser: pages, anchors, links, cited-by lists, the term index, the offline
search index, and the output folder replaced whole (never half-written)."""

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.docs.html import anchor_id, rule_id_of_anchor
from judge.docs.site import read_search_index
from judge.rulebook import store

from conftest import ROOT, corpus_file
from sitecheck import broken_links, parse_page, resolve_link


def rule_block(html: str, rule_id: str) -> str:
    """The HTML of one rule's element (up to the next rule)."""
    start = html.index(f'id="{anchor_id(rule_id)}"')
    nxt = re.compile(r'<(?:div|section) class="rule').search(html, start)
    return html[start: nxt.start() if nxt else len(html)]


@pytest.fixture
def seed_site(run_cli, tmp_path):
    out = tmp_path / "site"
    code, stdout, err = run_cli("site", "-o", str(out))
    assert code == 0, err
    assert stdout == f"wrote {out}: fab-2.10.1-seed (175 rules); 10 files\n"
    return out


def import_corpus(run_cli, parts, game, version):
    """Import a document of ../shared/corpora (or skip when it is absent)."""
    code, _, err = run_cli("rules", "import", str(corpus_file(*parts)), "--game", game, "--version", version)
    assert code == 0, err


@pytest.fixture
def full_site(run_cli, tmp_path):
    import_corpus(run_cli, ("fab", "en-fab-cr-2.10.1.txt"), "fab", "2.10.1")
    out = tmp_path / "full"
    code, stdout, err = run_cli("site", "-o", str(out), "--rules", "fab-2.10.1")
    assert code == 0, err
    return out


def test_seed_site_has_one_page_per_chapter_and_the_index_pages(seed_site):
    doc = seed_site / "fab-2.10.1-seed"
    assert sorted(p.name for p in doc.iterdir()) == ["5.html", "7.html", "index.html", "terms.html"]
    for name in ("style.css", "search.js", "search-index.js", "search-0.js"):
        assert (seed_site / "assets" / name).is_file()
    assert not (seed_site / "assets" / "search-index.json").exists()      # the index is written once
    home = (seed_site / "index.html").read_text()
    assert 'href="fab-2.10.1-seed/index.html">FaB CR 2.10.1</a>' in home
    contents = (doc / "index.html").read_text()
    assert 'href="7.html">7 Combat</a>' in contents and 'href="7.html#7.5">7.5 Damage Step</a>' in contents


def test_every_rule_has_an_anchor_on_its_chapter_page(seed_site):
    book = store.load(store.resolve("fab-2.10.1-seed"))
    ids = {ch: parse_page(seed_site / "fab-2.10.1-seed" / f"{ch}.html").ids for ch in ("5", "7")}
    for rule in book:
        assert rule.id in ids[rule.id.split(".")[0]], rule.id
    assert "7.5.5b" in ids["7"] and "7.5.5b" not in ids["5"]


def test_inline_references_are_links_and_external_ones_are_marked(seed_site):
    html = (seed_site / "fab-2.10.1-seed" / "7.html").read_text()
    block = rule_block(html, "7.0.5")
    # [7.3.2][7.4.2d] are on this page; [8.5.32] is chapter 8, not in the seed document
    assert '<a class="ref" href="#7.3.2"' in block and ">[7.3.2]</a>" in block
    assert '<a class="ref" href="#7.4.2d"' in block
    assert re.search(r'<span class="ref ext" title="8\.5\.32 is not in FaB CR 2\.10\.1 \(fab-2\.10\.1-seed\)">'
                     r'\[8\.5\.32\]</span>', block)
    # a reference to the other chapter's page is a relative link to that page's anchor
    html5 = (seed_site / "fab-2.10.1-seed" / "5.html").read_text()
    assert re.search(r'<a class="ref" href="7\.html#7\.4\.2d"', html5)


def test_every_rule_lists_the_rules_that_cite_it(seed_site):
    book = store.load(store.resolve("fab-2.10.1-seed"))
    pages = {ch: (seed_site / "fab-2.10.1-seed" / f"{ch}.html").read_text() for ch in ("5", "7")}
    checked = 0
    for rule in book:
        citing = book.cited_by(rule.id)
        block = rule_block(pages[rule.id.split(".")[0]], rule.id)
        if not citing:
            assert "Cited by:" not in block
            continue
        cited_part = block[block.index("Cited by:"):]
        for c in citing:
            assert f'#{anchor_id(c)}"' in cited_part, (rule.id, c)
        checked += 1
    assert checked > 10
    assert 'href="#5.2.2b"' in rule_block(pages["5"], "5.1.7").split("Cited by:")[1]


def test_a_linked_rule_shows_its_breadcrumbs_and_the_page_has_them_too(seed_site):
    html = (seed_site / "fab-2.10.1-seed" / "7.html").read_text()
    trail = rule_block(html, "7.5.5b").split('<p class="trail">')[1].split("</p>")[0]
    assert [a for a in re.findall(r'href="#([^"]+)"', trail)] == ["7", "7.5", "7.5.5"]
    assert '<nav class="crumbs"' in html and ">7 Combat</span></nav>" in html


def test_no_broken_internal_links_and_nothing_external(seed_site):
    assert broken_links(seed_site) == []


def test_the_link_check_finds_every_kind_of_broken_link(seed_site, tmp_path):
    """broken_links (the check the site and rulings tests rely on) reports a missing file, a missing anchor,
    a link out of the site and an external link, on every page holding one (each link is judged once per
    folder, its report given for every page)."""
    doc = seed_site / "fab-2.10.1-seed"
    bad = ('<p><a href="7.html#7.5.5b">ok</a> <a href="nowhere.html">x</a> <a href="7.html#no-such-rule">y</a>'
           ' <a href="#also-missing">z</a> <a href="../../outside.html">o</a> <a href="https://example.com/">e</a>'
           ' <img src="../assets/none.png"></p>')
    (tmp_path / "outside.html").write_text("<p>outside</p>")
    for name in ("bad.html", "worse.html"):
        (doc / name).write_text(bad)
    found = broken_links(seed_site)
    for name in ("bad.html", "worse.html"):
        page = f"fab-2.10.1-seed/{name}"
        assert [f for f in found if f.startswith(page + ":")] == [
            f"{page}: nowhere.html → missing file", f"{page}: 7.html#no-such-rule → no anchor #no-such-rule",
            f"{page}: #also-missing → no anchor #also-missing", f"{page}: ../../outside.html leaves the site",
            f"{page}: external link https://example.com/", f"{page}: ../assets/none.png → missing file"]
    assert len(found) == 12


def test_the_fast_page_reading_finds_what_the_html_parser_finds(seed_site):
    """sitecheck.read_page (regular expressions, used by every link check) gives the ids and links the standard
    library's HTML parser gives, on every page of a site and on markup judge does not write itself."""
    from sitecheck import PageParser, html_files, parse_page_slowly, read_page

    pages = html_files(seed_site)
    assert len(pages) >= 5
    for page in pages:
        slow, fast = parse_page_slowly(page), parse_page(page)
        assert fast.ids == slow.ids and fast.links == [(a, u, d["_tag"]) for a, u, d in slow.links], page
    for html in ['<a href>x</a><a id=y href=z>', '<!-- <a href="c"> --><p id="after-comment">',
                 '<script src="s.js">var a = "<a href=q id=r>";</script><p id="&amp;x">',
                 "<A HREF='u&lt;' ID=k>", '<a href="1" href="2">', '<style>a{}</style><img src=x.png alt="a>b">',
                 '<a\nhref="n"\nid="m">', '<div class="x" data-id="d" id = "spaced">', '<p>id="text" href="t"</p>']:
        slow = PageParser()
        slow.feed(html)
        fast = read_page(html)
        assert fast.ids == slow.ids and fast.links == [(a, u, d["_tag"]) for a, u, d in slow.links], html


def test_term_index_links_each_term_to_its_defining_rule(seed_site):
    terms = (seed_site / "fab-2.10.1-seed" / "terms.html").read_text()
    parser = parse_page(seed_site / "fab-2.10.1-seed" / "terms.html")
    assert "term-combat-chain" in parser.ids
    dt = terms.index('id="term-combat-chain"')
    assert 'href="7.html#7.0.2"' in terms[dt: terms.index("</dd>", dt)]
    # the rule links back to the term
    html = (seed_site / "fab-2.10.1-seed" / "7.html").read_text()
    assert 'href="terms.html#term-combat-chain">combat chain</a>' in rule_block(html, "7.0.2")


def test_offline_search_index_holds_rules_and_terms(seed_site):
    data = read_search_index(seed_site)
    assert data["docs"] == ["FaB CR 2.10.1"]
    rules = {row[2]: row for row in data["items"] if row[0] == "r"}
    assert len(rules) == 175
    kind, doc, rid, title, text, url = rules["7.5.5b"]
    assert url == "fab-2.10.1-seed/7.html#7.5.5b" and text.startswith("If the hit-event is modified")
    assert "Feign Death" in text     # examples are searchable too
    assert rules["7.5"][3] == "Damage Step"
    terms = {row[2]: row for row in data["items"] if row[0] == "t"}
    assert terms["combat chain"][5] == "fab-2.10.1-seed/7.html#7.0.2"
    js = (seed_site / "assets" / "search-index.js").read_text()
    assert js == 'window.JUDGE_SEARCH_SHARDS = ["search-0.js"];\n'
    shard = (seed_site / "assets" / "search-0.js").read_text()
    assert shard.startswith('JUDGE_SEARCH_SHARD("FaB CR 2.10.1",[["r","5","Layers, Cards, & Abilities","","fab-2.10.1-seed/5.html#5"],')
    # the pages load only our own script and stylesheet
    page_ = (seed_site / "fab-2.10.1-seed" / "7.html").read_text()
    assert '<script src="../assets/search.js" defer></script>' in page_ and "http" not in page_.split("<main>")[0]


def test_slug_ids_get_safe_reversible_anchors(run_cli, tmp_path):
    assert anchor_id("7.5.5b") == "7.5.5b"
    assert anchor_id("playing-cards/7.1") == "playing-cards_2F7.1"
    assert anchor_id("a_b c") == "a_5Fb_20c"
    for rid in ("playing-cards/7.1", "initiating-abilities/step-3", "a_b c", "é/ü", "7.5.5b"):
        assert rule_id_of_anchor(anchor_id(rid)) == rid
    out = tmp_path / "ga"
    code, _, err = run_cli("site", "-o", str(out), "--game", "ga")
    assert code == 0, err
    book = store.load(store.resolve(None, "ga"))
    slugged = [r for r in book if "/" in r.id]
    assert slugged
    for rule in slugged:
        top = rule.id.split("/")[0]
        assert anchor_id(rule.id) in parse_page(out / "ga-seed" / f"{top}.html").ids
    assert broken_links(out) == []


def test_all_documents_in_one_site(run_cli, tmp_path):
    out = tmp_path / "all"
    code, stdout, err = run_cli("site", "-o", str(out), "--all", "--json")
    assert code == 0, err
    report = json.loads(stdout)
    assert set(report["documents"]) == {d.name for d in store.list_documents()}
    for name in report["documents"]:
        assert (out / name / "index.html").is_file()
    assert broken_links(out) == []


def test_full_cr_site(full_site):
    doc = full_site / "fab-2.10.1"
    chapters = [f"{n}.html" for n in range(1, 10)]
    pages = sorted(p.name for p in doc.glob("[0-9]*.html"))
    # the two biggest chapters (1 Game Concepts, 8 Keywords) are written one section a page, the rest whole
    assert set(chapters) <= set(pages)
    assert {p.split(".")[0] for p in pages if p not in chapters} == {"1", "8"}
    assert "8.3.html" in pages and "7.5.html" not in pages
    book = store.load(store.resolve("fab-2.10.1"))
    ids = set()
    for name in pages:
        ids |= parse_page(doc / name).ids
    assert {r.id for r in book} <= ids
    assert broken_links(full_site) == []
    # the seed's external [8.5.3] is a real link in the full document, to the section's page
    html7 = (doc / "7.html").read_text()
    assert '<a class="ref" href="8.5.html#8.5.3"' in rule_block(html7, "7.5.5")
    # an old link into a split chapter (8.html#8.3.5) still reaches the rule: the chapter page lists its
    # sections and maps every rule of the chapter to the page that holds it
    html8 = (doc / "8.html").read_text()
    assert '<a href="8.3.html#8.3">8.3 Ability Keywords</a>' in html8
    moved = json.loads(re.search(r"var m=(\{.*?\});", html8).group(1))
    assert moved["8.3.5"] == "8.3.html" and len(moved) == sum(1 for r in book if r.id.startswith("8."))
    # go again is a keyword (chapter 8 Keywords), with its defining rule
    terms = (doc / "terms.html").read_text()
    keywords = terms.split("<h2>Keywords</h2>")[1].split("<h2>Terms</h2>")[0]
    assert 'id="term-go-again"' in keywords and 'href="8.3.html#8.3.5"' in keywords
    manifest = json.loads((full_site / "site.json").read_text())
    assert manifest["documents"][0]["rules"]["7.5.5b"] == "7.html"
    assert manifest["documents"][0]["rules"]["8.3.5"] == "8.3.html"


def test_output_folder_not_written_by_judge_is_refused(run_cli, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    code, out, err = run_cli("site", "-o", str(mine))
    assert code == 2 and out == ""
    assert err.startswith("judge: error: ") and "judge did not write" in err and err.count("\n") == 1
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    code, _, err = run_cli("site", "-o", str(afile))
    assert code == 2 and "is not a folder" in err


def _snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@contextlib.contextmanager
def stalled_site(args, after: int):
    """``judge site ARGS`` in a new process, stopped after ``after`` pages (the test hook of
    judge.docs.output); yields the process, then kills it with SIGKILL, as a crash would."""
    env = dict(os.environ, JUDGE_TEST_STALL_AFTER_PAGES=str(after))
    proc = subprocess.Popen([sys.executable, "-m", "judge", "site", *args], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr.readline() == f"stalled after {after} pages\n"
        yield proc
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()


def test_a_run_killed_halfway_leaves_the_previous_site_whole(run_cli, tmp_path):
    out = tmp_path / "site"
    code, _, err = run_cli("site", "-o", str(out), "--game", "ga")   # the previous, different site
    assert code == 0, err
    before = _snapshot(out)
    with stalled_site(["-o", str(out)], after=6) as proc:
        [partial] = tmp_path.glob(f".site.partial-{proc.pid}-*")
        assert partial.is_dir() and len([p for p in partial.rglob("*") if p.is_file()]) == 7  # 6 + marker
    assert _snapshot(out) == before
    # the next run clears the dead run's partial folder and replaces the site whole
    code, _, err = run_cli("site", "-o", str(out))
    assert code == 0, err
    assert not partial.exists()
    assert (out / "fab-2.10.1-seed" / "7.html").exists() and not (out / "ga-seed").exists()


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def test_a_parallel_run_killed_halfway_leaves_the_previous_site_and_no_workers(run_cli, tmp_path):
    """A site with many pages is rendered by worker processes: killing the command leaves the previous
    site whole, and the workers end with it."""
    from judge.docs.output import PARALLEL_MIN_PAGES

    if not Path("/proc/self/stat").exists() or (os.cpu_count() or 1) < 2:
        pytest.skip("needs Linux /proc and two cores")
    # enough rulings for a parallel run (two pages each), not the whole suite: judging them is not what is tested
    files = sorted((ROOT / "scenarios" / "fab").glob("*.toml"))[: PARALLEL_MIN_PAGES // 2 + 10]
    if len(files) * 2 < PARALLEL_MIN_PAGES + 10:
        pytest.skip("too few scenarios for a parallel run")
    out = tmp_path / "site"
    assert run_cli("site", "-o", str(out))[0] == 0
    before = _snapshot(out)
    args = [a for f in files for a in ("--scenarios", str(f))]
    with stalled_site(["-o", str(out), *args], after=PARALLEL_MIN_PAGES) as proc:
        workers = _children(proc.pid)
        assert workers, "the pages were not rendered by worker processes"
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()]
    assert _snapshot(out) == before


def test_an_error_halfway_leaves_the_previous_output_and_no_partial(tmp_path, monkeypatch):
    from judge.docs import site as site_mod
    from judge.docs.output import write_tree

    book = store.load(store.resolve("fab-2.10.1-seed"))
    out = tmp_path / "site"
    site_mod.build(out, [book])
    before = _snapshot(out)
    pages = site_mod.SiteBuilder([book]).plan()

    def boom():
        raise KeyboardInterrupt

    pages[5].render = boom
    pages[5].key = None      # rendered (not put in place from the pages kept by the build above)
    with pytest.raises(KeyboardInterrupt):
        write_tree(out, pages)
    assert _snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_an_error_in_a_worker_process_leaves_the_previous_output(tmp_path):
    from judge.docs.output import PARALLEL_MIN_PAGES, Page, write_tree

    out = tmp_path / "site"
    write_tree(out, [Page("index.html", lambda: "old")])
    before = _snapshot(out)

    def boom():
        raise ValueError("page 50 cannot be rendered")

    pages = [Page(f"p{i}.html", lambda i=i: f"page {i}") for i in range(PARALLEL_MIN_PAGES + 20)]
    pages[50].render = boom
    with pytest.raises(ValueError, match="page 50 cannot be rendered"):
        write_tree(out, pages)
    assert _snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]
    pages[50].render = lambda: "page 50"
    assert write_tree(out, pages) == len(pages)
    assert (out / "p50.html").read_text() == "page 50" and (out / f"p{len(pages) - 1}.html").read_text() == f"page {len(pages) - 1}"


def test_site_help_ends_with_an_example(run_cli):
    for cmd in ("site", "rulings"):
        code, out, _ = run_cli(cmd, "--help")
        assert code == 0
        lines = out.rstrip().splitlines()
        at = max(i for i, line in enumerate(lines) if line.strip() == "Example:")
        assert lines[at + 1:] and all(line.strip().startswith(f"judge {cmd} ") for line in lines[at + 1:])


def test_unknown_document_is_one_line(run_cli, tmp_path):
    code, out, err = run_cli("site", "-o", str(tmp_path / "x"), "--rules", "nope")
    assert code == 2 and out == "" and err.startswith("judge: error: no rules document named 'nope'")
    assert not (tmp_path / "x").exists()


def test_grand_archive_full_rules_one_page_per_gitbook_page(run_cli, tmp_path):
    """The 111 GitBook pages (nested: Game Mechanics › Abilities) each get their own page, nested in the
    contents and the breadcrumbs; every item has its anchor and every link resolves."""
    import_corpus(run_cli, ("grand-archive", "gitbook-rules"), "ga", "2026-08-21")
    out = tmp_path / "ga"
    code, stdout, err = run_cli("site", "-o", str(out), "--game", "ga")
    assert code == 0, err
    book = store.load(store.resolve("ga-2026-08-21"))
    pages = [r.id for r in book if "/" not in r.id]
    doc = out / "ga-2026-08-21"
    assert sorted(p.stem for p in doc.glob("*.html") if p.stem not in ("index", "terms")) == sorted(pages)
    assert len(pages) == 110
    # every item on its own page's anchor
    ids = {page_id: parse_page(doc / f"{page_id}.html").ids for page_id in pages}
    for rule in book:
        assert anchor_id(rule.id) in ids[rule.id.split("/")[0]], rule.id
    # a nested page: breadcrumbs through its parent page, and the contents nest it there
    html = (doc / "abilities.html").read_text()
    crumbs = html.split('<nav class="crumbs"')[1].split("</nav>")[0]
    assert ('<a href="index.html">GA rules 2026-08-21</a> <span class="sep">›</span> '
            '<a href="game-mechanics.html#game-mechanics">Game Mechanics</a> <span class="sep">›</span> '
            '<span aria-current="page">Game Mechanics - Abilities</span>') in crumbs
    contents = (doc / "index.html").read_text()
    mechanics = contents.index('<a href="game-mechanics.html">Game Mechanics</a>')
    assert mechanics < contents.index('<a href="abilities.html">Game Mechanics - Abilities</a>')
    # an item shows the number printed on the page; references read as labels
    block = rule_block(html, "abilities/3.1")
    assert '<a class="rid" href="#abilities_2F3.1"' in block and ">3.1</a>" in block
    assert ">Keywords and Abilities</a>" in block
    assert broken_links(out) == []


def test_marvel_champions_full_reference_one_page_per_entry(run_cli, tmp_path):
    import_corpus(run_cli, ("marvel-champions", "rules-reference.html"), "mc", "2019")
    out = tmp_path / "mc"
    assert run_cli("site", "-o", str(out), "--game", "mc")[0] == 0
    book = store.load(store.resolve("mc-2019"))
    entries = [r.id for r in book if "/" not in r.id]
    assert len(entries) == 143
    doc = out / "mc-2019"
    reserved = {"index", "terms", "search", "site"}   # entry "Search" → page-search.html
    assert {p.stem for p in doc.glob("*.html")} >= {f"page-{e}" if e in reserved else e for e in entries}
    assert (doc / "page-search.html").is_file()
    html = (doc / "initiating-abilities.html").read_text()
    assert 'id="initiating-abilities_2Fstep-3"' in html and "Make all “choose” decisions" in html
    # "See also" references are links to the other entries
    assert '<a class="ref" href="cost.html#cost"' in html
    terms = (doc / "terms.html").read_text()
    assert 'href="initiating-abilities.html#initiating-abilities"' in terms
    assert broken_links(out) == []


def test_long_runs_show_a_progress_bar_on_a_terminal(tmp_path):
    """On a terminal, the pages being written are counted on stderr; piped, nothing is drawn."""
    import pty

    out = tmp_path / "site"
    leader, follower = pty.openpty()
    env = dict(os.environ, COLUMNS="100")
    proc = subprocess.Popen([sys.executable, "-m", "judge", "site", "-o", str(out), "--all"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=follower, text=True)
    os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    proc.wait(timeout=60)
    os.close(leader)
    stdout = proc.stdout.read()
    proc.stdout.close()
    assert proc.returncode == 0 and stdout.startswith(f"wrote {out}: ")
    files = int(stdout.rsplit(";", 1)[1].split()[0])
    text = drawn.decode("utf-8", "replace")
    assert "writing pages" in text and f"{files}/{files}" in text
    # piped: no bar
    proc = subprocess.run([sys.executable, "-m", "judge", "site", "-o", str(out), "--all"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""


def test_home_page_tells_the_excerpt_from_the_full_document_and_headers_show_the_version(run_cli, tmp_path):
    full = corpus_file("fab", "en-fab-cr-2.10.1.txt")
    assert run_cli("rules", "import", str(full), "--game", "fab", "--version", "2.10.1")[0] == 0
    out = tmp_path / "site"
    code, _out, err = run_cli("site", "-o", str(out), "--rules", "fab-2.10.1-seed", "--rules", "fab-2.10.1")
    assert code == 0, err
    home = (out / "index.html").read_text(encoding="utf-8")
    names = re.findall(r'<ul class="docs">(.*?)</ul>', home, re.S)[0]
    shown = re.findall(r'<li><a href="[^"]+">([^<]+)</a>', names)
    assert shown == ["FaB CR 2.10.1 (fab-2.10.1-seed excerpt)", "FaB CR 2.10.1 (fab-2.10.1)"]
    page = (out / "fab-2.10.1" / "7.html").read_text(encoding="utf-8")
    assert '<span class="version" title="rules document and version">FaB CR 2.10.1 (fab-2.10.1)</span>' in page


def test_versions_on_rule_pages_and_a_diff_page_per_pair(run_cli, tmp_path):
    for name, version in (("en-fab-cr-2.10.1.txt", "2.10.1"), ("en-fab-cr-2026-02.txt", "2026-02")):
        assert run_cli("rules", "import", str(corpus_file("fab", name)), "--game", "fab", "--version", version)[0] == 0
    out = tmp_path / "site"
    code, _out, err = run_cli("site", "-o", str(out), "--rules", "2.10.1", "--rules", "2026-02")
    assert code == 0, err
    pair = "diffs/fab-2.10.1--fab-2026-02.html"
    assert f'<a href="{pair}">FaB CR 2.10.1 → 2026-02</a>' in (out / "index.html").read_text()
    diff_page = (out / pair).read_text()
    assert '<li id="added-1.3.3b"><b>1.3.3b</b>' in diff_page
    assert "<del>The properties of a card are determined by the true text" in diff_page
    new13 = (out / "fab-2026-02" / "1.3.html").read_text()
    assert ('<a class="diff" href="../diffs/fab-2.10.1--fab-2026-02.html#added-1.3.3b">added since 2.10.1</a>'
            in rule_block(new13, "1.3.3b"))
    block = rule_block(new13, "1.3.1")
    assert "reworded since 2.10.1" in block and 'href="../fab-2.10.1/1.3.html#1.3.1">FaB CR 2.10.1 1.3.1</a>' in block
    old13 = (out / "fab-2.10.1" / "1.3.html").read_text()
    assert "reworded in 2026-02" in rule_block(old13, "1.3.1")
    assert "unchanged in 2026-02" in rule_block(old13, "1.3.1a")
    assert broken_links(out) == []
