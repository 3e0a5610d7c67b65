"""Shared fixtures.

* Every test runs with its own ``JUDGE_HOME`` and ``JUDGE_CACHE_DIR`` (no user store is touched).
* ``corpora`` is ``../shared/corpora``; tests that need it skip cleanly when it is absent (a fresh clone).
"""

import contextlib
import gc
import itertools
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"
CORPORA = Path(os.environ.get("JUDGE_CORPORA", ROOT.parent / "shared" / "corpora"))
SEEDS = ROOT.parent / "shared" / "seeds"


_HOMES = itertools.count()
_SINCE_FREEZE = [0]


def pytest_runtest_setup(item):
    """Every 25 tests, the objects alive are moved out of the cyclic garbage collector's reach
    (:func:`gc.freeze`, after collecting the young generations): the session keeps large read-only caches
    (played outcomes, loaded documents, syntax trees), and each full collection walked all of them again —
    about a tenth of the suite's CPU."""
    _SINCE_FREEZE[0] += 1
    if _SINCE_FREEZE[0] >= 25:
        _SINCE_FREEZE[0] = 0
        gc.collect(1)
        gc.freeze()


@pytest.fixture(autouse=True)
def isolated_store(tmp_path_factory, monkeypatch):
    # a new empty home per test, numbered here: tmp_path_factory.mktemp lists the whole base folder to number
    # each new folder (quadratic: about 13 s of CPU over 4,600 tests), and would fill it for every tmp_path
    homes = tmp_path_factory.getbasetemp() / "judge-homes"
    homes.mkdir(exist_ok=True)
    home = homes / str(next(_HOMES))
    home.mkdir()
    monkeypatch.setenv("JUDGE_HOME", str(home))
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "judge-cache"))
    monkeypatch.delenv("JUDGE_RULES_DIR", raising=False)
    return home


@pytest.fixture
def corpora():
    """Path of ../shared/corpora, or skip."""
    if not CORPORA.is_dir():
        pytest.skip("../shared/corpora is not present")
    return CORPORA


def corpus_file(*parts) -> Path:
    path = CORPORA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not present")
    return path


@pytest.fixture
def run_cli(capsys):
    """Run the judge command in-process: returns (exit code, stdout, stderr)."""
    from judge.__main__ import main

    def run(*args):
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def names_written_in(text: str, names) -> list[str]:
    """The names written in ``text`` as whole words in any case (the card-name check over engine code): each
    name's case-blind pattern, tried only where its lower-cased letters are in the lower-cased text (unless
    the text holds a letter that a case-blind pattern matches with another: dotless i, long s, Kelvin sign)."""
    import re

    low = text.lower()
    blind = any(ch in text for ch in "\u0130\u0131\u017f\u212a")
    return [name for name in names if (blind or name.lower() in low) and
            re.search(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z])", text, re.IGNORECASE)]


_BOOKS: dict = {}


def judged_under(scenario):
    """The rulebook ``scenario`` is judged under (:func:`judge.scenarios.rulebook_for`), each document loaded
    once while the stores list the same documents (the same files, by size and time; whatever the test's
    home): a test going over the whole suite, and each test of one scenario in its own empty store, use the
    same loaded documents (and their per-document caches: where each registered citation stands, the
    vocabulary) instead of loading them once per test."""
    from judge import scenarios as sc

    listing = _listing()
    books = _BOOKS.get(listing)
    if books is None:
        _BOOKS.clear()
        books = _BOOKS[listing] = sc.Rulebooks()
    return books(scenario)


def _listing() -> tuple:
    """The documents the test's store lists, each with its files' sizes and times."""
    from judge.rulebook import store

    return tuple((d.name, d.game, d.version, d.origin, tuple(_stamp(f) for f in d.files))
                 for d in store.list_documents())


def _stamp(path: str) -> tuple:
    try:
        st = os.stat(path)
    except OSError:
        return (path, None)
    return (path, st.st_size, st.st_mtime_ns)


_PLAYED: dict = {}


def played(path):
    """``(scenario, outcome)`` of a scenario file played under :func:`judged_under`'s rulebook, once per
    session for each file and document: the tests that go over the whole suite (the harness, the citation
    audits, each engine's tests) read the same outcomes instead of playing every scenario again. Tests only
    read what it returns."""
    from judge import scenarios as sc

    key = (_stamp(str(path)), _listing())   # the file's text and the documents decide the play
    got = _PLAYED.get(key)
    if got is None:
        scenario = sc.load(path)
        got = _PLAYED[key] = (scenario, sc.play(scenario, judged_under(scenario)))
    return got


_NODES: dict = {}


def source_nodes(path) -> list:
    """Every node of a Python file's syntax tree in :func:`ast.walk` order, parsed once per session for each
    version of the file (its size and time): the checks over the package's source (layers, cycles,
    docstrings, citations by name) walk the same trees. Tests only read the nodes."""
    import ast

    stat = os.stat(path)
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    nodes = _NODES.get(key)
    if nodes is None:
        nodes = _NODES[key] = list(ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))))
    return nodes


@contextlib.contextmanager
def judge_env(home: Path, cache: Path):
    """Point the store at ``home`` for a block (module-scoped fixtures cannot use monkeypatch)."""
    saved = {k: os.environ.get(k) for k in ("JUDGE_HOME", "JUDGE_CACHE_DIR")}
    os.environ["JUDGE_HOME"], os.environ["JUDGE_CACHE_DIR"] = str(home), str(cache)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
