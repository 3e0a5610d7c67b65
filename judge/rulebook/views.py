"""One rule's lookup, read without loading its document: the fast path of ``judge rule ID``.

The first lookup in a document loads it (from the parse cache) and writes, beside the parse cache, every
rule's view as ``judge rule`` shows it (:func:`judge.rulebook.query.rule_view`: the rule, its parents,
children, cites, cited-by and defined terms), each marshalled on its own. A later lookup stats the
document's file, opens that one file, unmarshals its table of contents and reads only the record asked
for: no :class:`~judge.rulebook.model.Rulebook` is built and nothing is hashed.

The file is named by the document's name, the size and modification time of its files and of the modules
that shape a view, so an edit to any of them makes a new file. Anything unexpected (a folder document, a
missing or corrupt file, an id that is not a rule's exact id) falls back to loading the document.
Without the views file nothing changes but speed; ``judge rules remove`` leaves it to be overwritten.
"""

from __future__ import annotations

import marshal
import os

_FORMAT = 2
_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE = ("query.py", "model.py", "terms.py", "words.py", "store.py")


def _stamp(path: str) -> str:
    st = os.stat(path)
    return f"{st.st_size}.{st.st_mtime_ns}"


def views_path(doc, kind: str = "views", fmt: int = _FORMAT, code=()):
    """Where the views of ``doc`` are kept, or None for a document this fast path does not serve (a folder
    of pages, a file given by path). Another ``kind`` of file kept the same way (the search index) gives its
    own format number and the modules that shape it (``code``)."""
    from judge.rulebook import store

    if doc.origin not in ("embedded", "imported") or not doc.files:
        return None
    try:
        parser = os.path.join(_HERE, "formats", store.FORMATS[doc.format].rsplit(".", 1)[1] + ".py")
        if any(os.path.isdir(f) for f in doc.files):
            return None
        modules = [os.path.join(_HERE, c) for c in (*_CODE, *code)]
        stamp = "-".join(_stamp(p) for p in [*doc.files, parser, *modules])
    except (OSError, KeyError):
        return None
    if len(stamp) > 180:                      # many files: a short digest of the stamps keeps the name short
        import zlib

        stamp = f"{zlib.crc32(stamp.encode()):08x}{len(stamp)}"
    return store.cache_dir() / f"{kind}-{doc.name}-{fmt}-{stamp}.marshal"


def find(doc, rule_id: str) -> dict | None:
    """The view of rule ``rule_id`` (exact id) of ``doc``, or None when it must be computed the slow way."""
    path = views_path(doc)
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            size = int.from_bytes(fh.read(4), "little")
            where = marshal.loads(fh.read(size)).get(rule_id)
            if where is None:
                return None
            fh.seek(4 + size + where[0])
            return marshal.loads(fh.read(where[1]))
    except Exception:   # noqa: BLE001 — a missing, corrupt or foreign file: the slow path decides
        return None


def write(doc, book) -> None:
    """Write the view of every rule of ``book`` (loaded from ``doc``) for later lookups; silent on failure.

    The file is a table of contents (rule id → offset and length, marshalled, after its 4-byte size) and
    then the records, so a lookup reads the table and one record, whatever the size of the document."""
    from judge.rulebook import store
    from judge.rulebook.query import rule_view

    path = views_path(doc)
    if path is None or _readable(path, book):
        return
    try:
        table, blobs, offset = {}, [], 0
        for rid in book.rules:
            blob = marshal.dumps(rule_view(book, rid))
            table[rid] = (offset, len(blob))
            blobs.append(blob)
            offset += len(blob)
        head = marshal.dumps(table)
        store.write_atomic(path, len(head).to_bytes(4, "little") + head + b"".join(blobs))
    except (OSError, ValueError):
        pass


def _readable(path, book) -> bool:
    """Is the views file at ``path`` there and whole: its table of contents reads, names every rule of
    ``book``, and every record lies inside the file? (A corrupt or foreign one is rewritten, never kept.)"""
    try:
        with open(path, "rb") as fh:
            size = int.from_bytes(fh.read(4), "little")
            table = marshal.loads(fh.read(size))
        end = os.path.getsize(path) - 4 - size
        return (isinstance(table, dict) and len(table) == len(book.rules) and all(rid in table for rid in book.rules)
                and all(o + n <= end for o, n in table.values()))
    except Exception:   # noqa: BLE001 — corrupt: rewritten
        return False
