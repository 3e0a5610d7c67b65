"""Writing a whole output folder safely.

The pages are written into a fresh folder beside the target, made by :func:`tempfile.mkdtemp`
(``.NAME.partial-PID-RANDOM``), and swapped in only when every page is there: with
``renameat2(RENAME_EXCHANGE)`` where Linux offers it (one atomic step), else two renames. A run removes
only what it made itself. A run that is killed halfway leaves the previous output whole and a partial
folder that a later run removes: only a folder whose name is exactly that pattern, whose process is gone
and which holds the marker file :data:`MARKER` (a user's ``.NAME.partial-1-notes`` is never touched). A
target that exists but was not written by judge is never replaced (it could be a user's own folder): it
must be empty or hold the marker file :data:`MARKER`.

Test hook: with ``JUDGE_TEST_STALL_AFTER_PAGES=N`` the writer prints ``stalled after N pages`` to stderr
after the N-th page and sleeps, so that a test can kill it mid-run.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from judge.errors import JudgeError
from judge.rulebook.store import exchange

MARKER = ".judge-output"
STALL_ENV = "JUDGE_TEST_STALL_AFTER_PAGES"


class Page:
    """One file of the output: its path relative to the output folder, a function giving its content, and
    optionally ``key``: a digest of everything the content depends on, under which the rendered page is kept
    and reused (:mod:`judge.docs.pagecache`); None renders it every time."""

    __slots__ = ("path", "render", "key")

    def __init__(self, path: str, render, key: bytes | None = None):
        self.path = path
        self.render = render   # () -> str | bytes
        self.key = key


def check_target(out: Path) -> None:
    """Refuse a target we must not replace: a file, or a non-empty folder judge did not write."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise JudgeError(f"{out} exists and is not a folder; choose another output folder")
    if out.is_dir() and not (out / MARKER).exists() and any(out.iterdir()):
        raise JudgeError(f"{out} is a folder judge did not write (no {MARKER} in it); choose another "
                         "output folder or empty it")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _chmod_as_mkdir(folder: Path) -> None:
    """Give a folder from :func:`tempfile.mkdtemp` (mode 0700) the mode a plain mkdir would give it, so
    that the output is as readable as any folder the user makes (a site served by a web server)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(folder, 0o777 & ~mask)


def _partial_prefix(out: Path) -> str:
    return f".{out.name}.partial-{os.getpid()}-"


def remove_stale_partials(out: Path) -> None:
    """Delete partial folders left beside ``out`` by runs that were killed: named exactly as
    :func:`tempfile.mkdtemp` names ours, holding :data:`MARKER`, and whose process is gone."""
    if not out.parent.is_dir():
        return
    ours = re.compile(re.escape(f".{out.name}.partial-") + r"(\d+)-[a-z0-9_]{8}\Z")
    for p in out.parent.iterdir():
        m = ours.match(p.name)
        if (m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))) and not p.is_symlink()
                and p.is_dir() and (p / MARKER).is_file()):
            shutil.rmtree(p, ignore_errors=True)


PARALLEL_MIN_PAGES = 60
"""From this many pages on, pages are rendered by worker processes (one per core, at most 4) where the
platform can fork; the parent writes them in order. Below it, or without fork, one process renders all."""


_PAGES: list[Page] = []   # the pages being rendered, inherited by forked workers


def _render(i: int):
    return _PAGES[i].render()


def _rendered(pages: list[Page]):
    """Each page's content, in order: in forked worker processes when there are many pages and cores."""
    from judge import forked

    global _PAGES
    _PAGES = pages
    try:
        yield from forked.ordered_map(_render, len(pages), PARALLEL_MIN_PAGES)
    finally:
        _PAGES = []


def write_tree(out: Path, pages: list[Page], progress=None) -> int:
    """Write ``pages`` under a fresh folder and swap it in for ``out``. Returns the number of files.

    ``progress(n)`` is called after each page with the number of pages written so far. A page with a key
    kept from an earlier run is put in place from the page cache (:mod:`judge.docs.pagecache`); the others
    are rendered, in parallel when there are many (:data:`PARALLEL_MIN_PAGES`), and written here in order.
    """
    from judge.docs import pagecache

    out = Path(out).absolute()
    check_target(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_partials(out)
    stall = os.environ.get(STALL_ENV)
    stall_after = int(stall) if stall and stall.isdigit() else None
    cache = pagecache.PageCache(out) if pagecache.enabled() and any(p.key for p in pages) else None
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=_partial_prefix(out)))   # ours alone: removed below
    try:
        _chmod_as_mkdir(tmp)
        (tmp / MARKER).write_text("written by judge; this folder is replaced whole on the next run\n")
        made = set()
        n = 0
        root = str(tmp)

        def target_of(page) -> str:
            folder, _, _name = page.path.rpartition("/")
            if folder not in made:
                os.makedirs(os.path.join(root, folder), exist_ok=True)
                made.add(folder)
            return os.path.join(root, page.path)

        def written():
            nonlocal n
            n += 1
            if progress is not None:
                progress(n)
            if stall_after is not None and n == stall_after:
                print(f"stalled after {n} pages", file=sys.stderr, flush=True)
                time.sleep(3600)

        todo = []
        for page in pages:
            if cache is not None and page.key and cache.fetch(page.key, target_of(page)):
                written()
            else:
                todo.append(page)
        for page, data in zip(todo, _rendered(todo)):
            data = data.encode("utf-8") if isinstance(data, str) else data
            if cache is not None and page.key:
                cache.keep(page.key, data, target_of(page))
            else:
                with open(target_of(page), "wb") as fh:
                    fh.write(data)
            written()
        _swap_in(tmp, out)
        if cache is not None:
            cache.save()
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return len(pages)


def _swap_in(tmp: Path, out: Path) -> None:
    if out.exists():
        if exchange(tmp, out):
            return     # tmp now holds the old output; the caller removes it
        old = Path(tempfile.mkdtemp(dir=out.parent, prefix=_partial_prefix(out)))
        os.replace(out, old / "old")
        os.replace(tmp, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, out)
