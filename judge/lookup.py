"""What ``judge rule`` and ``judge search`` print, computed once for both ways in.

The click commands (:mod:`judge.cli`) and the click-free fast path (:mod:`judge.__main__`) call these
functions, so the two print the same text by construction. Nothing here imports click or networkx: a rule
lookup must start fast (``tests/test_cli_rules.py`` checks the imports).
"""

from __future__ import annotations


def json_text(data) -> str:
    """Data as the ``--json`` output of every command prints it (indented, UTF-8 kept)."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False)


def load_book(rules_sel: str | None = None, game: str | None = None):
    """The rules document ``--rules``/``--game`` name (default: the newest Flesh and Blood document)."""
    from judge.rulebook import store

    return store.load(store.resolve(rules_sel, game))


def rule_output(rule_id: str, rules_sel: str | None = None, game: str | None = None, children: bool = True,
                as_json: bool = False) -> str:
    """The text ``judge rule`` prints: the rule with its context, or its ``--json`` view."""
    from judge.rulebook import store, views
    from judge.rulebook.query import render_rule, rule_view

    doc = store.resolve(rules_sel, game)
    view = views.find(doc, rule_id)          # one record read from the views file, no document loaded
    if view is None:
        book = store.load(doc)
        view = rule_view(book, rule_id)
        views.write(doc, book)
    if not children:
        view.pop("children", None)
    return json_text(view) if as_json else render_rule(view)


def search_books(rules_sel: str | None = None, game: str | None = None) -> list:
    """The documents ``judge search`` reads: one, or with ``--game all`` every game's newest document."""
    if game == "all" and not rules_sel:
        from judge.rulebook import store

        return [store.load(store.resolve(None, g)) for g in games_available()]
    from judge.rulebook import search, store

    doc = store.resolve(rules_sel, game)
    book = search.indexed(doc)          # the search index alone: no document loaded
    if book is None:
        book = store.load(doc)
        search.write_indexed(doc, book)
    return [book]


def search_output(query: str, books: list, limit: int = 10, as_json: bool = False) -> str:
    """The text ``judge search`` prints: the best ``limit`` hits over ``books``, labelled by document when
    there are several, or the ``--json`` data."""
    from judge.rulebook.query import render_hits
    from judge.rulebook.search import search

    hits = []
    for book in books:
        hits.extend(search(book, query, limit=limit))
    hits.sort(key=lambda h: -h.score)
    hits = hits[:limit]
    if as_json:
        return json_text({"query": query, "documents": [b.cite_prefix for b in books],
                          "hits": [h.to_dict() for h in hits]})
    return render_hits(hits, query, show_document=len(books) > 1)


def card_search_output(query: str, limit: int = 10, as_json: bool = False) -> str:
    """The text ``judge search --cards QUERY`` prints: the card names and texts holding the query's words,
    or the ``--json`` data."""
    from judge.cards import data as cd

    data = cd.load()
    hits = cd.search_text(data, query, limit)
    if as_json:
        return json_text({"query": query, "cards": data.describe(),
                          "hits": [{"name": r.name, "label": cd.variants_label(data.variants(r.name)),
                                    "type_text": r.type_text, "text": r.text} for r, _ in hits]})
    lines = [] if hits else [f"no card text holds {query!r}"]
    for r, _ in hits:
        text = " ".join(r.text.replace("**", "").split())
        lines.append(f"{cd.variants_label(data.variants(r.name))}  —  {r.type_text}")
        lines.append(f"    {text[:150] + ('…' if len(text) > 150 else '')}")
    return "\n".join(lines)


def games_available() -> list[str]:
    """The games that have at least one rules document (embedded or imported), in store order."""
    from judge.rulebook import store

    seen = []
    for doc in store.list_documents():
        if doc.game not in seen:
            seen.append(doc.game)
    return seen
