# The judged-outcome cache of runs over many scenario files (resolve --check, rulings, site): no rule of its own.
"""Scenarios already judged, kept in the store's cache so that a run over an unchanged suite does not play it
again.

An entry is named by a digest of everything that decides a judgement: the scenario's path as given (it is
in the messages) and its text; the rules document it is judged under (``Rulebook.cache_key``: the
document's bytes, its name, game, version, title and parser, :func:`judge.rulebook.store.load`); the code
of the whole ``judge`` package (every ``.py`` file and the embedded card data, by content), the Python
version and the installed ``rapidfuzz`` and ``networkx``; and the card data imported into the store (by
content). Any change of any of these names a different entry: nothing is invalidated by hand, and an
entry is never read under other inputs than those it was judged under. A file holds the entries of one
version of the code (its digest is in the file's tag): the first run under new code starts it afresh.

``JUDGE_NO_JUDGED_CACHE=1`` turns the cache off (each scenario is played); a missing, corrupt or foreign
cache file is ignored and rewritten.
"""

from __future__ import annotations

import os

FORMAT = 1
"""A new number when what an entry holds changes shape (the kinds' values)."""

MAX_ENTRIES = 25_000
"""Most entries kept in one kind's file: those used in the last run first, then older ones."""

_CODE: list = []   # the digest of the judge package's code, Python and libraries: computed once a process


def code_key(root: str | None = None) -> bytes:
    """A digest of the code that judges: every ``.py`` and ``.tsv`` file below the ``judge`` package (or
    ``root``), by relative path and content; the Python version; where the installed ``rapidfuzz`` and
    ``networkx`` live, with their size and time (an upgrade replaces them)."""
    import hashlib
    import sys

    if root is None and _CODE:
        return _CODE[0]
    here = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{FORMAT}\0{sys.version}\0{sys.implementation.cache_tag}\0".encode())
    for folder, dirs, files in os.walk(here):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".tsv")):
                path = os.path.join(folder, name)
                with open(path, "rb") as fh:
                    data = fh.read()
                h.update(os.path.relpath(path, here).encode() + b"\0" + len(data).to_bytes(8, "little"))
                h.update(data)
    for library in ("rapidfuzz", "networkx"):
        h.update(_library_stamp(library))
    if root is None:
        _CODE.append(h.digest())
    return h.digest()


def _library_stamp(name: str) -> bytes:
    """Where an installed library's package lives, with its size and time (found without importing it)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        st = os.stat(origin) if origin else None
    except (ImportError, ValueError, OSError):
        return f"{name}\0absent\0".encode()
    return f"{name}\0{origin}\0{st.st_size if st else 0}\0{st.st_mtime_ns if st else 0}\0".encode()


def cards_key() -> bytes:
    """A digest of the card data imported into the store (``$JUDGE_HOME/cards``), by name and content."""
    import hashlib

    from judge.cards.data import imports_dir

    h = hashlib.blake2b(digest_size=20)
    folder = imports_dir()
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".tsv"))
    except OSError:
        return h.digest()
    for name in names:
        try:
            with open(folder / name, "rb") as fh:
                data = fh.read()
        except OSError:
            data = b"\0unreadable"
        h.update(name.encode() + b"\0" + len(data).to_bytes(8, "little"))
        h.update(data)
    return h.digest()


class Judged:
    """The kept judgements of one kind (``check``: a row of ``judge resolve --check``; ``rulings``: a
    published ruling's record or why it is not published), read at the start of a run and written at its end
    (:meth:`save`). :meth:`key` names an entry; :meth:`get` and :meth:`put` read and add one."""

    def __init__(self, kind: str):
        import marshal
        import sys

        from judge.rulebook import store

        self.enabled = os.environ.get("JUDGE_NO_JUDGED_CACHE", "") in ("", "0")
        self.path = store.cache_dir() / f"judged-{kind}.marshal"
        self.tag = (FORMAT, kind, tuple(sys.version_info[:2]))
        self.known: dict = {}
        self.used: dict = {}
        self._inputs = None
        if not self.enabled:
            return
        # the file holds one code version's entries: those of another can never be read again by this code,
        # and a file of 10,000 rulings under two versions held 22,000 records in memory (511 MiB)
        self.tag += (code_key(),)
        try:
            with open(self.path, "rb") as fh:
                tag, known = marshal.loads(fh.read())
            if tag == self.tag and isinstance(known, dict):
                self.known = known
        except Exception:   # noqa: BLE001 — missing, corrupt or foreign: everything is judged again
            pass

    def key(self, path, text: str, book) -> bytes | None:
        """The name of the judgement of the scenario ``text`` read from ``path`` under ``book``; None when the
        book has no content digest (a document built in memory, not loaded from the store): not kept."""
        import hashlib

        book_key = getattr(book, "cache_key", None)
        if not self.enabled or not isinstance(book_key, str):
            return None
        if self._inputs is None:
            self._inputs = code_key() + cards_key()
        h = hashlib.blake2b(self._inputs, digest_size=20)
        h.update(book_key.encode() + b"\0" + str(path).encode() + b"\0")
        h.update(text.encode("utf-8"))
        return h.digest()

    def get(self, key: bytes | None):
        """The value kept under ``key``, or None."""
        if key is None:
            return None
        value = self.known.get(key)
        if value is not None:
            self.used[key] = value
        return value

    def put(self, key: bytes | None, value) -> None:
        """Keep ``value`` (marshal-able data) under ``key``, to be written by :meth:`save`."""
        if key is not None:
            self.used[key] = value

    def save(self) -> None:
        """Write the entries used in this run, then older ones up to :data:`MAX_ENTRIES` (atomically); silent
        on failure."""
        from judge.scenarios.files import write_kept

        if self.enabled:
            write_kept(self.path, self.tag, self.used, self.known, MAX_ENTRIES)
