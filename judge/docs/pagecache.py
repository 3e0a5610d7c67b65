# The rendered-page cache of the site and rulings writers: no rule of its own.
"""Pages rendered before, kept in the store's cache so that a site whose inputs did not change is not
rendered again.

Each page of an output folder may carry a key (:attr:`judge.docs.output.Page.key`): a digest of everything
its bytes depend on (the code, the documents' content and where each rule's page is, the ruling's record,
the page's path; :meth:`judge.docs.site.SiteBuilder.plan` computes them). A page is kept as one file named
by its key, in a folder of the cache given to one output folder (``pages/<digest of the output's path>/``),
and put into the new output by a hard link (a copy where the two are on different file systems). An index
in that folder records each kept file's size and modification time: a file changed since it was written
(an output page edited in place shares the cache's inode) is not used, and the page is rendered again.

After a run the folder holds exactly that run's pages (the others are removed), and only the output folders
written last keep theirs (:data:`KEEP_OUTPUTS`). A missing, unreadable or corrupt cache is ignored: the
pages are rendered. ``JUDGE_NO_PAGE_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

FORMAT = 1
"""A new number when the folder's layout or the index's shape changes."""

KEEP_OUTPUTS = 8
"""Output folders whose pages are kept; the folders of the others (least recently written first) go."""

_INDEX = "index.marshal"


def enabled() -> bool:
    """Whether pages are kept and reused (``JUDGE_NO_PAGE_CACHE`` unset or ``0``)."""
    return os.environ.get("JUDGE_NO_PAGE_CACHE", "") in ("", "0")


class PageCache:
    """The kept pages of one output folder ``out``: :meth:`fetch` puts a kept page in place, :meth:`keep`
    writes a rendered one (kept, then linked), :meth:`save` records the run and removes what it did not use."""

    def __init__(self, out: Path):
        import hashlib
        import marshal

        from judge.rulebook import store

        self.root = store.cache_dir() / "pages"
        name = hashlib.blake2b(os.fsencode(Path(out).absolute()), digest_size=10).hexdigest()
        self.folder = self.root / name
        self._at = str(self.folder) + os.sep        # a kept page's path: this and its name
        self.known: dict[str, tuple[int, int]] = {}
        self.used: dict[str, tuple[int, int]] = {}
        try:
            with open(self.folder / _INDEX, "rb") as fh:
                tag, known = marshal.loads(fh.read())
            if tag == FORMAT and isinstance(known, dict):
                self.known = known
        except Exception:   # noqa: BLE001 — missing, corrupt or foreign: every page is rendered
            pass
        self.ready = False

    def fetch(self, key: bytes, target) -> bool:
        """Put the page kept under ``key`` at ``target``; False when none is kept (or it changed since)."""
        name = key.hex()
        stamp = self.known.get(name)
        if stamp is None:
            return False
        kept = self._at + name
        try:
            st = os.stat(kept)
            if (st.st_size, st.st_mtime_ns) != tuple(stamp):
                return False
            _place(kept, target)
        except OSError:
            return False
        self.used[name] = stamp
        return True

    def keep(self, key: bytes, data: bytes, target) -> None:
        """Write ``data`` at ``target``, keeping it under ``key`` (the page is written once, in the cache, and
        linked); when the cache cannot be written, at ``target`` alone."""
        name = key.hex()
        kept = self._at + name
        try:
            if not self.ready:
                self.folder.mkdir(parents=True, exist_ok=True)
                self.ready = True
            tmp = f"{self._at}.{name}.{os.getpid()}.tmp"
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)   # the mode a page gets
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                st = os.stat(tmp)
                os.replace(tmp, kept)
            except BaseException:
                _unlink(tmp)
                raise
            _place(kept, target)
        except OSError:
            with open(target, "wb") as fh:
                fh.write(data)
            return
        self.used[name] = (st.st_size, st.st_mtime_ns)

    def save(self) -> None:
        """Record this run's pages, remove the kept pages it did not use and the folders of older outputs
        beyond :data:`KEEP_OUTPUTS`; silent on failure."""
        import marshal

        from judge.rulebook import store

        if not self.used and not self.folder.is_dir():
            return
        try:
            store.write_atomic(self.folder / _INDEX, marshal.dumps((FORMAT, self.used)))
            for entry in os.scandir(self.folder):
                if entry.name != _INDEX and entry.name not in self.used and not entry.name.startswith("."):
                    _unlink(entry.path)
            others = sorted((e for e in os.scandir(self.root) if e.is_dir() and e.name != self.folder.name),
                            key=_written, reverse=True)
            for old in others[KEEP_OUTPUTS - 1:]:
                shutil.rmtree(old.path, ignore_errors=True)
        except OSError:
            pass


def _place(kept, target) -> None:
    """A hard link from the kept page to ``target``; a copy across file systems (or without links)."""
    try:
        os.link(kept, target)
    except OSError:
        shutil.copyfile(kept, target)


def _written(entry) -> float:
    """When an output's kept pages were last recorded (its index's time; 0 without one)."""
    try:
        return os.stat(os.path.join(entry.path, _INDEX)).st_mtime
    except OSError:
        return 0.0


def _unlink(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
