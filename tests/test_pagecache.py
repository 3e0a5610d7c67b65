"""The rendered-page cache (judge/docs/pagecache.py): a site built again from unchanged inputs puts the pages
kept from the last run in place instead of rendering them, and its every byte equals a site rendered whole;
whatever changed (a scenario, the rules document, the code) is rendered again; a kept page that changed
since (an output page edited in place) or a corrupt index is never used."""

import os
import shutil

import pytest

from judge.docs import output, pagecache, site as site_mod
from judge.docs import rulings as rulings_mod
from judge.rulebook import store
from judge.scenarios import judged

from conftest import ROOT


@pytest.fixture
def few(tmp_path):
    """A folder of a few FaB scenarios (copied from the suite)."""
    folder = tmp_path / "few"
    folder.mkdir()
    for path in sorted((ROOT / "scenarios" / "fab").glob("*.toml"))[:5]:
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture
def renders(monkeypatch, tmp_path):
    """What is rendered (not put in place from the cache), by kind: in this process, with a cache of this
    test's own."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "own-cache"))
    monkeypatch.setattr(output, "PARALLEL_MIN_PAGES", 10**9)
    seen = {"ruling": [], "rules": []}
    real_ruling, real_rules = rulings_mod.ruling_html, site_mod.SiteBuilder.rules_page

    def ruling_html(ruling, builder, page_path):
        seen["ruling"].append(page_path)
        return real_ruling(ruling, builder, page_path)

    def rules_page(self, doc, path):
        seen["rules"].append(path)
        return real_rules(self, doc, path)

    monkeypatch.setattr(rulings_mod, "ruling_html", ruling_html)
    monkeypatch.setattr(site_mod.SiteBuilder, "rules_page", rules_page)
    return seen


def _snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _site(run_cli, out, *args):
    code, _, err = run_cli("site", "-o", str(out), *args)
    assert code == 0, err
    return _snapshot(out)


def _rendered_whole(run_cli, monkeypatch, out, *args):
    """The same site with the cache off: every page rendered."""
    monkeypatch.setenv("JUDGE_NO_PAGE_CACHE", "1")
    try:
        return _site(run_cli, out, *args)
    finally:
        monkeypatch.delenv("JUDGE_NO_PAGE_CACHE")


def _count(seen):
    return {kind: len(paths) for kind, paths in seen.items()}


def test_a_second_site_puts_every_page_in_place_and_is_the_same(run_cli, renders, monkeypatch, tmp_path, few):
    out = tmp_path / "site"
    first = _site(run_cli, out, "--scenarios", str(few))
    counted = _count(renders)
    assert counted["ruling"] == 5 and counted["rules"] > 0
    assert _site(run_cli, out, "--scenarios", str(few)) == first
    assert _count(renders) == counted                         # nothing rendered again
    page = out / "rulings" / f"{sorted(few.glob('*.toml'))[0].stem.lower()}.html"
    assert page.stat().st_nlink == 2                           # the kept page, linked
    assert _rendered_whole(run_cli, monkeypatch, tmp_path / "whole", "--scenarios", str(few)) == first
    assert _count(renders)["ruling"] == 2 * counted["ruling"]  # off: rendered


def test_a_changed_scenario_renders_its_pages_and_the_lists_again(run_cli, renders, monkeypatch, tmp_path, few):
    out = tmp_path / "site"
    _site(run_cli, out, "--scenarios", str(few))
    before = _count(renders)
    path = sorted(few.glob("*.toml"))[2]
    text = path.read_text(encoding="utf-8")
    assert text.count('title = "') == 1
    path.write_text(text.replace('title = "', 'title = "Retitled: ', 1), encoding="utf-8")
    second = _site(run_cli, out, "--scenarios", str(few))
    assert renders["ruling"][before["ruling"]:] == [f"rulings/{path.stem.lower()}.html"]
    assert _count(renders)["rules"] == 2 * before["rules"]     # they list the rulings citing each rule
    assert "Retitled: " in second[f"rulings/{path.stem.lower()}.html"].decode()
    assert _rendered_whole(run_cli, monkeypatch, tmp_path / "whole", "--scenarios", str(few)) == second


def test_a_changed_document_or_code_renders_every_page_again(run_cli, renders, monkeypatch, tmp_path, few):
    code, _, err = run_cli("rules", "import", str(ROOT / "rules" / "000_a36789f275d725a6.txt"), "--game", "fab",
                           "--version", "2.10.1", "--name", "fab-copy")
    assert code == 0, err
    out = tmp_path / "site"
    args = ("--rules", "fab-copy", "--scenarios", str(few))
    first = _site(run_cli, out, *args)
    before = _count(renders)
    [doc_file] = [f for f in store.resolve("fab-copy").files]
    text = open(doc_file, encoding="utf-8").read()
    changed = text.replace("Go again", "Go  again", 1)
    assert changed != text
    with open(doc_file, "w", encoding="utf-8") as fh:
        fh.write(changed)
    second = _site(run_cli, out, *args)
    assert _count(renders) == {k: 2 * v for k, v in before.items()}
    assert second != first and second == _rendered_whole(run_cli, monkeypatch, tmp_path / "whole", *args)
    monkeypatch.setattr(judged, "_CODE", [b"another version of the code"])
    assert _site(run_cli, out, *args) == second
    assert _count(renders) == {k: 4 * v for k, v in before.items()}   # (the whole site above: 3×)


def test_a_page_edited_in_place_or_a_corrupt_index_is_not_used(run_cli, renders, tmp_path, few):
    out = tmp_path / "site"
    first = _site(run_cli, out, "--scenarios", str(few))
    page = out / "rulings" / f"{sorted(few.glob('*.toml'))[1].stem.lower()}.html"
    with open(page, "r+b") as fh:          # in place: the kept page is the same file
        fh.write(b"<!-- edited -->")
    before = _count(renders)["ruling"]
    assert _site(run_cli, out, "--scenarios", str(few)) == first
    assert renders["ruling"][before:] == [str(page.relative_to(out))]
    folder = pagecache.PageCache(out).folder
    (folder / "index.marshal").write_bytes(b"\x00not marshal")
    assert _site(run_cli, out, "--scenarios", str(few)) == first
    assert _count(renders)["ruling"] == before + 1 + 5


def test_the_cache_keeps_the_last_pages_of_the_last_outputs(run_cli, renders, monkeypatch, tmp_path, few):
    monkeypatch.setattr(pagecache, "KEEP_OUTPUTS", 2)
    out = tmp_path / "site"
    _site(run_cli, out, "--scenarios", str(few))
    folder = pagecache.PageCache(out).folder
    kept = set(os.listdir(folder))
    (few / sorted(os.listdir(few))[0]).unlink()
    pages = _site(run_cli, out, "--scenarios", str(few))
    assert len(os.listdir(folder)) == len(pages) - 1 + 1      # every page but the marker, and the index
    assert len(kept - set(os.listdir(folder))) >= 2           # the removed ruling's pages are gone
    _site(run_cli, tmp_path / "other", "--game", "ga")
    _site(run_cli, tmp_path / "third", "--game", "mc")
    assert sorted(os.listdir(folder.parent)) == sorted([pagecache.PageCache(tmp_path / "other").folder.name,
                                                        pagecache.PageCache(tmp_path / "third").folder.name])
