"""The store never writes or deletes outside itself, a failed import changes nothing, corrupt caches are
rebuilt, and concurrent readers and importers never see a traceback (issue 12)."""

import marshal
import os
import subprocess
import sys
import time

import pytest

from judge.rulebook import store

from conftest import ROOT

SEED = ROOT / "rules" / "001_c7307d4e5fb55f12.txt"   # FaB CR 2.10.1 chapter 7, 91 rules
PATTERN_SAYS = "a letter or digit, then letters, digits, '.', '_', '+' or '-' (at most 64 characters)"


def _tree(folder):
    """Every path below ``folder`` (hidden ones too), for before/after comparisons."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


def _gitbook(folder):
    """A small GitBook export: SUMMARY.md and two pages, one linking the other."""
    folder.mkdir()
    (folder / "SUMMARY.md").write_text("# Summary\n\n* [Intro](README.md)\n* [Playing Cards](playing.md)\n")
    (folder / "README.md").write_text("# Intro\n\nSee [playing cards](playing.md).\n")
    (folder / "playing.md").write_text("# Playing Cards\n\n1. A card is played from the hand.\n"
                                       "2. A played card goes to the stack.\n")
    return folder


@pytest.mark.parametrize("option,value", [
    ("--name", "../../x"), ("--name", "ABSOLUTE"), ("--name", ".."), ("--name", "a/b"),
    ("--name", ".hidden"), ("--name", "x" * 65), ("--version", "../../x"), ("--version", "1\n2"),
    ("--version", "1\x1b[31m"), ("--version", ""),
])
def test_names_and_versions_outside_the_pattern_are_refused_and_change_nothing(run_cli, tmp_path, option,
                                                                               value):
    home = store.store_dir()
    before = _tree(home)
    args = {"--name": None, "--version": "9.9"}
    args[option] = str(tmp_path / "escape") if value == "ABSOLUTE" else value
    cmd = ["rules", "import", str(SEED), "--game", "fab", "--version", args["--version"]]
    if args["--name"] is not None:
        cmd += ["--name", args["--name"]]
    code, out, err = run_cli(*cmd)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and PATTERN_SAYS in err and "Traceback" not in err
    assert _tree(home) == before
    assert not (home.parent / "x").exists() and not (tmp_path / "escape").exists()


def test_a_title_or_file_name_with_control_characters_leaves_no_invalid_manifest(run_cli, tmp_path):
    code, _, err = run_cli("rules", "import", str(SEED), "--game", "fab", "--version", "9.9", "--title", "a\nb")
    assert code == 2 and "one line of text" in err
    assert not (store.store_dir() / "docs" / "fab-9.9").exists()
    odd = tmp_path / "chapter\n7\x07.txt"
    odd.write_bytes(SEED.read_bytes())
    code, out, err = run_cli("rules", "import", str(odd), "--game", "fab", "--version", "9.9")
    assert code == 0, err
    # the store stays readable: every later command works
    code, out, err = run_cli("rules", "list")
    assert code == 0 and "fab-9.9" in out, err
    code, out, err = run_cli("rule", "7.5.5b", "--rules", "fab-9.9")
    assert code == 0 and out.startswith("FaB CR 9.9 7.5.5b"), err


@pytest.mark.parametrize("target", ["../../dir", "/tmp", "..", ".", "docs", "fab-2.10.1-seed"])
def test_remove_never_deletes_outside_the_store(run_cli, tmp_path, target):
    victim = store.store_dir().parent / "dir"
    victim.mkdir(exist_ok=True)
    (victim / "manifest.toml").write_text("keep me")
    code, out, err = run_cli("rules", "remove", target)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert (victim / "manifest.toml").read_text() == "keep me"


def test_remove_refuses_a_store_entry_that_is_a_symlink(run_cli, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "manifest.toml").write_text("keep me")
    docs = store.store_dir() / "docs"
    docs.mkdir(parents=True)
    (docs / "evil").symlink_to(outside)
    code, _, err = run_cli("rules", "remove", "evil")
    assert code == 2 and "no imported document named 'evil'" in err
    assert (outside / "manifest.toml").read_text() == "keep me"


def test_inside_store_resolves_symlinks_before_deciding(tmp_path):
    docs = store.store_dir() / "docs"
    docs.mkdir(parents=True)
    (docs / "link").symlink_to(tmp_path)
    assert store.inside_store(docs / "fab-1") == (docs / "fab-1").resolve()
    for path in (docs / "link" / "x", docs / ".." / "x", docs, tmp_path):
        with pytest.raises(store.JudgeError, match="not inside the store"):
            store.inside_store(path)


@pytest.mark.parametrize("make,message", [
    (lambda d: (d / "loop").symlink_to(".."), "a symlink to a folder"),
    (lambda d: (d / "self").symlink_to("."), "a symlink to a folder"),
    (lambda d: (d / "big").symlink_to("/usr"), "a symlink to a folder"),
    (lambda d: (d / "secret.md").symlink_to("/etc/hostname"), "leads outside the folder"),
    (lambda d: (d / "gone.md").symlink_to("nowhere.md"), "leads nowhere"),
    (lambda d: (d / "a.md").symlink_to("b.md") or (d / "b.md").symlink_to("a.md"), "leads nowhere"),
])
def test_gitbook_symlinks_out_of_the_folder_or_looping_are_refused(run_cli, tmp_path, make, message):
    folder = _gitbook(tmp_path / "pages")
    make(folder)
    before = _tree(store.store_dir())
    code, out, err = run_cli("rules", "import", str(folder), "--game", "ga", "--version", "1")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
    assert _tree(store.store_dir()) == before


def test_a_gitbook_symlink_to_a_page_inside_is_copied_as_a_file(run_cli, tmp_path):
    folder = _gitbook(tmp_path / "pages")
    (folder / "sub").mkdir()
    (folder / "sub" / "real.txt").write_text("# Real\n\n1. One rule.\n")
    (folder / "alias.md").symlink_to("sub/real.txt")
    code, out, err = run_cli("rules", "import", str(folder), "--game", "ga", "--version", "1")
    assert code == 0, err
    stored = store.store_dir() / "docs" / "ga-1" / "pages"
    assert (stored / "alias.md").is_file() and not (stored / "alias.md").is_symlink()
    assert not any(p.is_symlink() for p in stored.rglob("*"))
    code, out, err = run_cli("rule", "real/1", "--rules", "ga-1")
    assert code == 0 and "One rule." in out, err


def test_a_corrupt_parse_cache_is_ignored_and_rebuilt(run_cli):
    code, out, _ = run_cli("rule", "7.5.5b")
    assert code == 0
    cache = store.cache_dir()
    files = list(cache.glob("*.marshal"))
    assert files
    for garbage in (marshal.dumps({"a": 1}), marshal.dumps([1, 2]), b"\x00garbage", marshal.dumps(None),
                    marshal.dumps((3, [], [(1,)])), marshal.dumps([[]] * 9), marshal.dumps({0: {}, 1: {}, 2: {}})):
        for f in files:
            f.write_bytes(garbage)
        code, again, err = run_cli("rule", "7.5.5b")
        assert code == 0 and again == out, err
    assert (cache / "manifests.marshal").read_bytes() != marshal.dumps((3, [], [(1,)]))   # rewritten


@pytest.mark.parametrize("text,message", [
    ("name = 1\ngame = 'fab'\nversion = '1'\nformat = 'numbered'\nfiles = ['a.txt']\n", "'name' has the wrong type"),
    ("name = 'x'\ngame = 'fab'\nversion = '1'\nformat = 'numbered'\nfiles = 'a.txt'\n", "'files' has the wrong type"),
    ("name = 'x'\ngame = 'fab'\nversion = '1'\nformat = 'numbered'\nfiles = ['../../etc/passwd']\n",
     "is not a file name beside the manifest"),
    ("name = 'x'\ngame = 'chess'\nversion = '1'\nformat = 'numbered'\nfiles = ['a.txt']\n", "unknown game"),
    ("name = [[[[", "manifest is not valid TOML"),
    ("name = 'x'\n", "manifest lacks the key 'game'"),
])
def test_a_manifest_of_the_wrong_shape_is_a_clear_error(run_cli, text, message):
    folder = store.store_dir() / "docs" / "x"
    folder.mkdir(parents=True)
    (folder / "manifest.toml").write_text(text)
    code, out, err = run_cli("rules", "list")
    assert code == 2 and message in err and str(folder / "manifest.toml") in err and err.count("\n") == 1
    code, out, err = run_cli("rules", "remove", "x")
    assert code == 0 and not folder.exists()


def _python(code: str):
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


# a reader: the CLI run in-process over and over (a process start-up would hide the race), every exit
# code counted; an exception escaping main() is a traceback and fails the process
READER = """
import collections, contextlib, io, sys, time
from judge.__main__ import main
codes = collections.Counter()
end = time.monotonic() + {seconds}
while time.monotonic() < end:
    for args in (["rules", "list"], ["rule", "7.5.5b"], ["search", "go again", "--limit", "1"]):
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main(args)
        assert code == 0 or (code == 2 and err.getvalue().count("\\n") == 1), err.getvalue()
        codes[code] += 1
print(dict(codes))
"""


def test_lookups_during_imports_and_removes_never_crash():
    """Readers in two other processes while one process imports and removes a document over and over."""
    writer = _python(f"from judge.rulebook import store\n"
                     f"for i in range(40):\n"
                     f"    store.import_document({str(SEED)!r}, 'fab', '9.9')\n"
                     f"    store.remove_document('fab-9.9')\n")
    readers = [_python(READER.format(seconds=4)) for _ in range(2)]
    for proc in [writer, *readers]:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and "Traceback" not in err, err
    assert all(out for out in readers)
    assert [p.name for p in (store.store_dir() / "docs").iterdir()] == []   # nothing left behind


def test_two_imports_of_the_same_name_at_once_all_succeed():
    code = (f"from judge.rulebook import store\n"
            f"for i in range(15):\n"
            f"    doc, book = store.import_document({str(SEED)!r}, 'fab', '9.9')\n"
            f"    assert len(book) == 91\n")
    procs = [_python(code) for _ in range(3)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0 and "Traceback" not in err, err
    docs = store.store_dir() / "docs"
    assert [p.name for p in docs.iterdir()] == ["fab-9.9"]
    assert sorted(p.name for p in (docs / "fab-9.9").iterdir()) == [SEED.name, "manifest.toml"]
    assert len(store.load(store.resolve("fab-9.9"))) == 91


def test_concurrent_writers_of_one_cache_file_in_threads(tmp_path):
    import threading

    target = tmp_path / "cache.bin"
    errors = []

    def write(n):
        try:
            for _ in range(50):
                store.write_atomic(target, bytes([n]) * 1000)
        except Exception as exc:   # noqa: BLE001 — the test reports it
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    data = target.read_bytes()
    assert len(data) == 1000 and len(set(data)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["cache.bin"]


def test_the_output_writer_never_deletes_a_sibling_that_looks_like_its_temporary_folder(tmp_path):
    from judge.docs.output import MARKER, Page, write_tree

    out = tmp_path / "OUT"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()      # a process id that is gone
    user = [tmp_path / f".OUT.partial-{dead}-notes", tmp_path / f".OUT.partial-{dead}",
            tmp_path / f".OUT.partial-{dead}-abcdefgh"]   # the last one: our name pattern, but no marker
    for folder in user:
        folder.mkdir()
        (folder / "notes.txt").write_text("keep me")
    ours = tmp_path / f".OUT.partial-{dead}-k2j4h5g6"      # a dead run's partial: our pattern and marker
    ours.mkdir()
    (ours / MARKER).write_text("written by judge")
    for _ in range(2):
        assert write_tree(out, [Page("index.html", lambda: "hello"), Page("a/b.html", lambda: "b")]) == 2
    assert (out / "index.html").read_text() == "hello" and (out / MARKER).is_file()
    for folder in user:
        assert (folder / "notes.txt").read_text() == "keep me"
    assert not ours.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["OUT"] + [f.name for f in user])
    assert oct(out.stat().st_mode & 0o777) == oct(0o777 & ~_umask())


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask
