"""Compiled cards kept in the store's cache (judge.cards.scenario._Kept): a kept card is exactly what the
compiler gives, and a kept file is never read for another card data file, another compiler or a changed
data file."""

from pathlib import Path

from judge import scenarios as sc
from judge.cards import data as cd
from judge.cards import scenario as named
from judge.cards.compiler import compile_card

ROOT = Path(__file__).resolve().parents[1]


def _named_tables() -> list[dict]:
    tables = []
    for path in sc.find_scenarios(ROOT / "scenarios" / "fab"):
        cards = sc.load(path).data.get("cards") or {}
        tables += [t for t in cards.values() if isinstance(t, dict) and isinstance(t.get("card"), str)]
    return tables


def test_every_card_the_scenarios_name_reads_back_as_compiled(monkeypatch):
    tables = _named_tables()
    assert len({t["card"] for t in tables}) > 50
    monkeypatch.setattr(named, "_KEPT", named._Kept())
    monkeypatch.setattr(named, "_COMPILED", {})
    named.precompile(tables)                       # compiled and written
    fresh = named._Kept()                          # another process: reads the file
    data = cd.load()
    served = 0
    for t in tables:
        pitch = t.get("pitch") if isinstance(t.get("pitch"), int) else None
        try:
            record = cd.find_one(data, t["card"], pitch)
        except cd.JudgeError:
            continue
        kept = fresh.get((data.path, record.name, record.pitch))
        assert kept is not None, t["card"]
        assert kept.to_dict() == compile_card(record, data).to_dict(), t["card"]
        served += 1
    assert served >= len(tables) - 5


def _forged(tmp_path, monkeypatch):
    """A kept file for a small data file, holding a forged compile of card ("x", "1")."""
    data_file = tmp_path / "cards.tsv"
    data_file.write_text("one\n", encoding="utf-8")
    kept = named._Kept()
    assert kept.get((str(data_file), "x", "1")) is None
    forged = named.Compiled()
    forged.keywords = ["forged"]
    kept.add((str(data_file), "x", "1"), forged)
    kept.save()
    return data_file


def test_kept_card_is_served_only_to_the_same_data_and_compiler(tmp_path, monkeypatch):
    data_file = _forged(tmp_path, monkeypatch)
    key = (str(data_file), "x", "1")
    assert named._Kept().get(key).keywords == ["forged"]
    assert named._Kept().get((str(tmp_path / "other.tsv"), "x", "1")) is None
    monkeypatch.setattr(named._Kept, "FORMAT", named._Kept.FORMAT + 1)   # another compiler: another file
    assert named._Kept().get(key) is None


def test_a_changed_data_file_is_not_served_its_old_compiles(tmp_path, monkeypatch):
    data_file = _forged(tmp_path, monkeypatch)
    key = (str(data_file), "x", "1")
    kept = named._Kept()
    assert kept.get(key).keywords == ["forged"]
    data_file.write_text("one\ntwo\n", encoding="utf-8")
    assert kept.get(key) is None                   # the same process sees the change
    assert named._Kept().get(key) is None


def test_a_corrupt_kept_file_is_ignored(tmp_path, monkeypatch):
    data_file = _forged(tmp_path, monkeypatch)
    kept = named._Kept()
    kept._mine(str(data_file))
    kept._file().write_bytes(b"\x00not marshal")
    assert named._Kept().get((str(data_file), "x", "1")) is None


def test_tokens_and_back_faces_a_check_compiles_are_kept_for_the_next_run(tmp_path, monkeypatch):
    """A card a file names below its card tables (a created token's ``card``, a back face's) is compiled as the
    file is played: ``--check`` keeps it too (before it forks, and after it plays), so the next run reads it."""
    import shutil

    from judge.scenarios import runner

    folder = tmp_path / "s"
    folder.mkdir()
    for name in ("own-create-token-by-card-frostbite.toml",
                 "9.1.3b-construct-back-face-then-front-face-in-graveyard.toml"):
        shutil.copy(ROOT / "scenarios" / "fab" / name, folder / name)
    below = [t["card"] for p in sorted(folder.iterdir())
             for t in runner._card_tables(sc.load(p).data.get("cards"))
             if t not in (sc.load(p).data.get("cards") or {}).values()]
    assert "Frostbite" in below and len(below) >= 2
    monkeypatch.setattr(named, "_KEPT", named._Kept())
    monkeypatch.setattr(named, "_COMPILED", {})
    assert all(row["passed"] for row in sc.check(sc.find_scenarios(folder)))   # one process: played here
    data = cd.load()
    fresh = named._Kept()
    for name in below:
        (record,) = cd.find(data, name)
        assert fresh.get((data.path, record.name, record.pitch)) is not None, name
    monkeypatch.setattr(named, "_KEPT", named._Kept())
    monkeypatch.setattr(named, "_COMPILED", {})
    runner._prepare([(p, sc.load(p), None, None) for p in sorted(folder.iterdir())], set())   # before a fork
    assert {k[1] for k in named._COMPILED} >= set(below)
