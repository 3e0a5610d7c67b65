"""Rules documents by version: the two documents of a diff, the imported versions of a game.

The API under ``judge diff``, ``judge history`` and ``judge stale`` (:mod:`judge.commands_versions`) and
the HTTP API (:mod:`judge.serve`).
"""

from __future__ import annotations

import os

from judge.errors import JudgeError


def load_version(selector: str, game: str | None):
    """A document given by version, name or path, and its rulebook; a one-line error naming the known
    versions when there is none."""
    from judge.rulebook import store

    try:
        doc = store.resolve(selector, game)
    except JudgeError:
        if os.path.exists(selector):
            raise
        if "/" in selector or os.sep in selector:
            raise JudgeError(f"no such file: {selector}") from None
        raise JudgeError(f"unknown version or document {selector!r}; known: {known_versions(game)} "
                         "(or give a file path)") from None
    if not doc.version:          # a document given by path: name it by its file
        doc.version = doc.name
    return doc, store.load(doc)


def known_versions(game: str | None) -> str:
    """The versions (and document names) of ``game``'s documents, or of every game, for an error message."""
    from judge.rulebook import store

    known = [f"{d.version} ({d.name})" for d in store.list_documents() if game is None or d.game == game]
    return ", ".join(known) or "none"


def same_files(a, b) -> bool:
    """Are two document references the same files on disk?"""
    return sorted(os.path.realpath(f) for f in a.files) == sorted(os.path.realpath(f) for f in b.files)


def load_pair(old_sel: str, new_sel: str, game: str | None):
    """Both documents of a diff, or a one-line error: different games, the same document twice."""
    old_doc, old = load_version(old_sel, game)
    new_doc, new = load_version(new_sel, game)
    if old_doc.game != new_doc.game:
        raise JudgeError(f"cannot compare documents of different games: {old_sel} is {old_doc.game} "
                         f"({old_doc.name}), {new_sel} is {new_doc.game} ({new_doc.name})")
    if same_files(old_doc, new_doc):
        raise JudgeError(f"{old_sel} and {new_sel} are the same document ({old_doc.name}); "
                         "give two different versions")
    if _same_rules(old, new):   # a copy of one file, or one file imported under two versions
        raise JudgeError(f"{old_sel} and {new_sel} hold the same rules, word for word ({old_doc.name}, "
                         f"{new_doc.name}): the same document twice; give two different versions")
    return old, new


def _same_rules(a, b) -> bool:
    if len(a.rules) != len(b.rules):
        return False
    return all(r.id == o.id and r.title == o.title and r.text == o.text and r.examples == o.examples
               and r.notes == o.notes for r, o in zip(a.rules.values(), b.rules.values()))


def imported_versions(game: str):
    """The imported documents of ``game``, one per version (the preferred one), oldest first."""
    from judge.rulebook import store
    from judge.games import name as game_name
    from judge.rulebook.model import format_version_key

    best = {}
    for doc in store.list_documents():
        if doc.game == game and doc.origin == "imported":
            if doc.version not in best or doc.sort_key() > best[doc.version].sort_key():
                best[doc.version] = doc
    if not best:
        raise JudgeError(f"no imported versions of the {game_name(game)} rules; import them with "
                         f"'judge rules import FILE --game {game} --version VERSION'")
    return sorted(best.values(), key=lambda d: (format_version_key(d.version), d.version))
