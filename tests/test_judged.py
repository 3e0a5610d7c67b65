"""The judged-outcome cache (judge/scenarios/judged.py): a run over unchanged files reads what it judged
before, gives the same rows and pages, and plays again whatever changed: the file, the rules document, the
code, the imported card data."""

import json
import shutil

import pytest

from judge import scenarios
from judge.scenarios import judged, runner
from judge.rulebook import store

from conftest import ROOT

NIMBLISM = ROOT / "scenarios" / "fab" / "5.1.2a-nimblism-does-not-apply-to-cost-3-attack.toml"


@pytest.fixture
def few(tmp_path):
    """A folder of a few scenarios of each game (copied from the suite)."""
    folder = tmp_path / "few"
    for game in ("fab", "ga", "mc"):
        (folder / game).mkdir(parents=True)
        for path in sorted((ROOT / "scenarios" / game).glob("*.toml"))[:4]:
            shutil.copy(path, folder / game / path.name)
    return folder


@pytest.fixture
def plays(monkeypatch, tmp_path):
    """The paths of the scenarios actually played (not read from the cache), in order: in this process (no
    forked workers), with a cache of this test's own."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "own-cache"))
    monkeypatch.setattr(runner, "PARALLEL_MIN_SCENARIOS", 10**9)
    seen = []
    real = runner.play

    def counting(scenario, book=None):
        seen.append(str(scenario.path))
        return real(scenario, book)

    monkeypatch.setattr(runner, "play", counting)
    monkeypatch.setattr(scenarios, "play", counting)      # as the rulings call it
    return seen


def _check(run_cli, *targets):
    rows = []
    for target in targets:
        code, out, err = run_cli("resolve", "--check", str(target), "--json")
        assert err == "", err
        rows.append((code, json.loads(out)))
    return rows


def test_a_second_check_reads_every_row_and_gives_the_same_output(run_cli, plays, monkeypatch, few):
    first = _check(run_cli, few, NIMBLISM)
    count = len(plays)
    assert count == 13 and first[0][1]["passed"] == 12
    second = _check(run_cli, few, NIMBLISM)
    assert second == first and len(plays) == count          # nothing played again
    monkeypatch.setenv("JUDGE_NO_JUDGED_CACHE", "1")
    assert _check(run_cli, few, NIMBLISM) == first and len(plays) == 2 * count   # off: all played, same rows
    monkeypatch.delenv("JUDGE_NO_JUDGED_CACHE")
    code, out, _ = run_cli("resolve", "--check", str(few), "--quiet")
    assert code == 0 and out.splitlines() == ["12 passed, 0 failed"] and len(plays) == 2 * count


def test_a_changed_file_is_judged_again(run_cli, plays, tmp_path):
    path = tmp_path / "nimblism.toml"
    text = NIMBLISM.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    [(code, data)] = _check(run_cli, path)
    assert code == 0 and data["passed"] == 1 and plays == [str(path)]
    path.write_text(text.replace("power = { onslaught = 7 }", "power = { onslaught = 6 }"), encoding="utf-8")
    [(code, data)] = _check(run_cli, path)
    assert code == 1 and data["failed"] == 1 and len(plays) == 2
    assert any("power" in p for p in data["scenarios"][0]["problems"])
    path.write_text(text, encoding="utf-8")                     # back as it was: the first entry again
    [(code, data)] = _check(run_cli, path)
    assert code == 0 and len(plays) == 2
    moved = tmp_path / "moved.toml"                              # the same text under another name
    shutil.copy(path, moved)
    [(code, data)] = _check(run_cli, moved)
    assert code == 0 and data["scenarios"][0]["file"] == str(moved) and len(plays) == 3


def test_another_rules_document_is_judged_again(run_cli, plays, corpora):
    [(code, seed)] = _check(run_cli, NIMBLISM)
    assert code == 0 and len(plays) == 1
    code, _, err = run_cli("rules", "import", str(corpora / "fab" / "en-fab-cr-2.10.1.txt"), "--game", "fab",
                           "--version", "2.10.1")
    assert code == 0, err
    [(code, full)] = _check(run_cli, NIMBLISM)                  # the full CR is now the 2.10.1 document
    assert code == 0 and len(plays) == 2
    code, _, err = run_cli("resolve", "--check", str(NIMBLISM), "--rules", "fab-2.10.1-seed", "--quiet")
    assert code == 0 and len(plays) == 2                       # the seed's entry, still kept


def test_imported_card_data_is_an_input(run_cli, plays, isolated_store):
    [(code, _)] = _check(run_cli, NIMBLISM)
    assert code == 0 and len(plays) == 1
    embedded = (ROOT / "judge" / "cards" / "fab-cards.tsv").read_text(encoding="utf-8")
    head, _, body = embedded.partition("\n")
    printed = "Raging Onslaught\tRed\t1\t3\t7\t3\t"
    assert printed in body
    newer = head.replace("version=", "version=zz-newer-") + "\n" + body.replace(printed, printed.replace("\t7\t", "\t6\t"))
    imports = isolated_store / "cards"
    imports.mkdir()
    (imports / "newer.tsv").write_text(newer, encoding="utf-8")
    [(code, data)] = _check(run_cli, NIMBLISM)
    assert code == 1 and len(plays) == 2                       # judged again with the newer data: power 6
    (imports / "newer.tsv").unlink()
    [(code, _)] = _check(run_cli, NIMBLISM)
    assert code == 0 and len(plays) == 2


def test_the_code_key_changes_with_any_source_file(tmp_path):
    package = tmp_path / "judge"
    shutil.copytree(ROOT / "judge", package, ignore=shutil.ignore_patterns("__pycache__"))
    before = judged.code_key(str(package))
    assert judged.code_key(str(package)) == before
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "x.pyc").write_bytes(b"byte-code is not source")
    assert judged.code_key(str(package)) == before
    keywords = package / "engine" / "fab" / "keywords.py"
    text = keywords.read_text(encoding="utf-8")
    keywords.write_text(text + "\n", encoding="utf-8")
    assert judged.code_key(str(package)) != before
    keywords.write_text(text, encoding="utf-8")
    assert judged.code_key(str(package)) == before
    (package / "cards" / "fab-cards.tsv").write_bytes((package / "cards" / "fab-cards.tsv").read_bytes()[:-1])
    changed = judged.code_key(str(package))
    assert changed != before
    (package / "engine" / "new_module.py").write_text("", encoding="utf-8")
    assert judged.code_key(str(package)) not in (before, changed)


def test_entries_are_named_by_the_code(run_cli, plays, monkeypatch):
    _check(run_cli, NIMBLISM)
    monkeypatch.setattr(judged, "_CODE", [b"other code" * 2])
    _check(run_cli, NIMBLISM)
    assert len(plays) == 2


def test_the_file_keeps_one_version_of_the_code(run_cli, plays, monkeypatch, tmp_path):
    import marshal

    other = tmp_path / "nimblism.toml"
    other.write_text(NIMBLISM.read_text(encoding="utf-8"), encoding="utf-8")
    _check(run_cli, NIMBLISM)
    _check(run_cli, other)
    cache = store.cache_dir() / "judged-check.marshal"
    assert len(marshal.loads(cache.read_bytes())[1]) == 2
    monkeypatch.setattr(judged, "_CODE", [b"other code" * 2])
    _check(run_cli, NIMBLISM)
    assert len(plays) == 3
    tag, entries = marshal.loads(cache.read_bytes())
    assert len(entries) == 1 and tag[-1] == b"other code" * 2     # the other version's entries are gone


def test_a_corrupt_cache_file_is_ignored_and_rewritten(run_cli, plays):
    first = _check(run_cli, NIMBLISM)
    cache = store.cache_dir() / "judged-check.marshal"
    assert cache.is_file()
    for junk in (b"", b"\x00garbage", b"\xe9" * 100):
        cache.write_bytes(junk)
        assert _check(run_cli, NIMBLISM) == first
    assert len(plays) == 4
    assert _check(run_cli, NIMBLISM) == first and len(plays) == 4


def test_a_book_without_a_digest_is_never_kept():
    class Book:
        pass

    kept = judged.Judged("check")
    assert kept.key("a.toml", "text", Book()) is None
    assert kept.get(None) is None


def test_rulings_read_back_write_the_same_site(run_cli, tmp_path, plays, few):
    folder = few
    outs = []
    for n in range(2):
        out = tmp_path / f"site{n}"
        code, stdout, err = run_cli("site", "-o", str(out), "--scenarios", str(folder), "--scenarios", str(NIMBLISM))
        assert code == 0, err
        outs.append(out)
    played = len(plays)
    assert played == len(list(folder.rglob("*.toml"))) + 1       # the second build played nothing
    first = {p.relative_to(outs[0]): p.read_bytes() for p in sorted(outs[0].rglob("*")) if p.is_file()}
    second = {p.relative_to(outs[1]): p.read_bytes() for p in sorted(outs[1].rglob("*")) if p.is_file()}
    assert first.keys() == second.keys() and len(first) > 2 * played
    assert [k for k in first if first[k] != second[k]] == []


def test_a_failure_is_kept_with_its_message(run_cli, tmp_path, plays):
    bad = tmp_path / "bad.toml"
    bad.write_text(NIMBLISM.read_text(encoding="utf-8").replace("damage = 7", "damage = 8"), encoding="utf-8")
    messages = []
    for _ in range(2):
        code, out, err = run_cli("rulings", str(tmp_path), "-o", str(tmp_path / "out"))
        messages.append((code, out, err))
    assert messages[0] == messages[1] and messages[0][0] == 1 and "damage" in messages[0][1] + messages[0][2]
    assert len(plays) == 1
