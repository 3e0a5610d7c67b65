"""judge rule's fast path: a rule's view read from the views file, without loading the document."""

import os

import pytest

from judge import lookup
from judge.rulebook import store, views


def test_second_lookup_reads_one_record_and_prints_the_same(monkeypatch):
    first = lookup.rule_output("7.5.5b")
    doc = store.resolve()
    assert views.views_path(doc).exists()

    def no_load(*_a, **_k):
        raise AssertionError("the document was loaded")

    monkeypatch.setattr(store, "load", no_load)
    assert lookup.rule_output("7.5.5b") == first
    assert lookup.rule_output("7.5.5b", as_json=True).startswith("{")
    short = lookup.rule_output("7.5.5b", children=False)
    assert "Children:" not in short and short.splitlines()[0] == first.splitlines()[0]


def test_unknown_ids_and_terms_take_the_slow_path_with_its_errors():
    lookup.rule_output("7.5.5")                     # writes the views
    with pytest.raises(Exception, match="nearest: 7.5.5a"):
        lookup.rule_output("7.5.5z")


def test_an_edited_document_gets_new_views(tmp_path, run_cli):
    src = tmp_path / "cr.txt"
    src.write_text("7 Combat\n7.1 Start\n7.1.1 The first text.\n", encoding="utf-8")
    assert run_cli("rules", "import", str(src), "--game", "fab", "--version", "9.9", "--name", "mine")[0] == 0
    assert "The first text." in lookup.rule_output("7.1.1", "mine")
    stored = store.resolve("mine").files[0]
    with open(stored, "w", encoding="utf-8") as fh:
        fh.write("7 Combat\n7.1 Start\n7.1.1 The second, longer text.\n")
    os.utime(stored, ns=(1, 1))
    assert "The second, longer text." in lookup.rule_output("7.1.1", "mine")


def test_a_corrupt_views_file_is_ignored():
    lookup.rule_output("7.5.5b")
    path = views.views_path(store.resolve())
    path.write_bytes(b"\x00garbage")
    assert "7.5.5b" in lookup.rule_output("7.5.5b")
    assert views.find(store.resolve(), "7.5.5b") is not None          # rewritten whole by that lookup


@pytest.mark.parametrize("query", ["go again", "defence", "go agian", "attack reaction", "xyzzy"])
def test_second_search_reads_the_index_alone_and_prints_the_same(monkeypatch, query):
    from judge.rulebook import search

    loaded = [store.load(store.resolve())]
    expected = lookup.search_output(query, loaded, as_json=True)
    lookup.search_books()                                   # writes the index beside the parse cache
    assert search.indexed(store.resolve()) is not None

    def no_load(*_a, **_k):
        raise AssertionError("the document was loaded")

    monkeypatch.setattr(store, "load", no_load)
    books = lookup.search_books()
    assert isinstance(books[0], search.IndexedDocument)
    assert lookup.search_output(query, books, as_json=True) == expected
    assert lookup.search_output(query, books, limit=3) == lookup.search_output(query, loaded, limit=3)


def test_a_corrupt_search_index_is_ignored():
    from judge.rulebook import search

    expected = lookup.search_output("go again", [store.load(store.resolve())])
    assert "go again" in expected.lower()
    lookup.search_books()
    path = views.views_path(store.resolve(), "search", search._INDEX_FORMAT, ("search.py",))
    path.write_bytes(b"\x00garbage")
    assert lookup.search_output("go again", lookup.search_books()) == expected
    assert search.indexed(store.resolve()) is not None                 # rewritten by that search
