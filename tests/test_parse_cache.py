"""The TOML parse cache of runs over many scenario files (judge.scenarios.files.ParseCache): an unchanged file
is read from it, an edited one is parsed again, a broken one is still refused, a corrupt cache is ignored."""

import shutil
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fab" / "1.14.2d-pitch-until-the-cost-is-paid.toml"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "s"
    out.mkdir()
    shutil.copy(SCENARIO, out / "a.toml")
    return out


def test_a_second_run_reads_the_cache_and_gives_the_same_rows(folder):
    first = sc.check(sc.find_scenarios(folder))
    cache = folder.parent / "cache" / "scenarios-toml.marshal"
    assert cache.is_file()
    with sc.parse_cache() as pc:
        assert len(pc.known) == 1
    assert sc.check(sc.find_scenarios(folder)) == first
    assert first[0]["passed"]


def test_an_edited_file_is_parsed_again(folder):
    sc.check(sc.find_scenarios(folder))
    path = folder / "a.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title = "', 'title = "Edited: ', 1), encoding="utf-8")
    with sc.parse_cache():
        assert sc.load(path).title.startswith("Edited: ")
    path.write_text(text + "\n[broken\n", encoding="utf-8")
    with sc.parse_cache(), pytest.raises(ScenarioError, match="TOML syntax error"):
        sc.load(path)


def test_a_corrupt_cache_file_is_ignored_and_rewritten(folder):
    cache = folder.parent / "cache" / "scenarios-toml.marshal"
    cache.parent.mkdir()
    cache.write_bytes(b"\x00garbage")
    rows = sc.check(sc.find_scenarios(folder))
    assert rows[0]["passed"]
    with sc.parse_cache() as pc:
        assert len(pc.known) == 1


def test_a_key_line_is_the_same_from_the_cache(folder):
    path = folder / "a.toml"
    plain = sc.load(path)
    with sc.parse_cache():
        sc.load(path)
    with sc.parse_cache() as pc:
        cached = sc.load(path)
        assert pc.used
    assert cached.data == plain.data
    assert cached.line_of("scenario.title") == plain.line_of("scenario.title") is not None


def test_a_file_beyond_the_bounds_is_never_kept_and_refused_every_time(folder):
    """The cache keeps only tables within the depth and size bounds, so a text found in it is not walked for
    them again; one beyond them is refused on every load, with its key."""
    from judge.engine import shapes

    path = folder / "a.toml"
    deep = "[" * (shapes.MAX_DEPTH + 2) + "]" * (shapes.MAX_DEPTH + 2)
    path.write_text(path.read_text(encoding="utf-8") + f"\n[cards.deep]\nnest = {deep}\n", encoding="utf-8")
    for _ in range(2):
        with sc.parse_cache() as pc, pytest.raises(ScenarioError, match="nested more than"):
            sc.load(path)
        assert not pc.used
    with sc.parse_cache() as pc:
        assert not pc.known


def test_a_process_parses_the_same_text_once(folder, monkeypatch):
    """Outside a run's parse cache too, a text this process parsed is not parsed again (``judge serve``, the
    tests): the same tables as new objects; an edited text is parsed, a broken one refused every time."""
    from judge.scenarios import files

    parsed = []
    real = files._parse
    monkeypatch.setattr(files, "_parse", lambda text, path: parsed.append(path) or real(text, path))
    path = folder / "a.toml"
    text = path.read_text(encoding="utf-8").replace('title = "', 'title = "Once: ', 1)
    path.write_text(text, encoding="utf-8")
    first, second = sc.load(path), sc.load(path)
    assert parsed == [str(path)]
    assert second.data == first.data and second.data is not first.data
    assert second.line_of("scenario.title") == first.line_of("scenario.title") is not None
    second.data["scenario"]["title"] = "changed in place"
    assert sc.load(path).title.startswith("Once: ")
    path.write_text(text.replace("Once: ", "Twice: ", 1), encoding="utf-8")
    assert sc.load(path).title.startswith("Twice: ") and len(parsed) == 2
    path.write_text(text + "\n[broken\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ScenarioError, match="TOML syntax error"):
            sc.load(path)
    assert len(parsed) == 4
