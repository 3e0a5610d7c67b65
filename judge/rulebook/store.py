"""Where rules documents live, and the parse cache.

* Embedded documents: ``rules/*.toml`` manifests beside the seed files (``JUDGE_RULES_DIR`` overrides).
* Imported documents: ``$JUDGE_HOME`` (default ``$XDG_DATA_HOME/judge``, i.e. ``~/.local/share/judge``),
  one folder per document under ``docs/`` holding ``manifest.toml`` and the files.
* Parse cache: ``$JUDGE_CACHE_DIR`` (default ``$XDG_CACHE_HOME/judge``): parsed rulebooks keyed by the
  bytes of their files, the format and the parser version, stored with :mod:`marshal` so that loading a
  parsed document costs a few milliseconds and imports nothing heavy. A second run parses nothing.

The fast path of ``judge rule`` goes through :func:`resolve` and :func:`load` only; neither imports
``tomllib`` when the manifest index is cached.
"""

from __future__ import annotations

import marshal
import os
import re
from pathlib import Path

from judge import games
from judge.errors import JudgeError, RulesFileError
from judge.rulebook.model import Rulebook, format_version_key

# format name → parser module. The parse cache is keyed by the bytes of the parser's source (and of the
# model), so changing a parser invalidates its cached parses without anyone remembering to bump a number.
FORMATS = {
    "numbered": "judge.rulebook.formats.numbered",
    "gitbook": "judge.rulebook.formats.gitbook",
    "gitbook-text": "judge.rulebook.formats.gitbook",
    "glossary-html": "judge.rulebook.formats.glossary",
    "glossary-text": "judge.rulebook.formats.glossary",
}
GAMES = games.IDS   # the registered games (judge/games.py)
_INDEX_VERSION = 3


class DocRef:
    """A rules document that can be loaded: its manifest fields and absolute file paths."""

    __slots__ = ("name", "game", "title", "version", "format", "files", "origin", "home")

    def __init__(self, name, game, title, version, format, files, origin, home):
        self.name = name
        self.game = game
        self.title = title
        self.version = version
        self.format = format
        self.files = list(files)
        self.origin = origin   # "embedded", "imported" or "path"
        self.home = home       # folder holding the manifest (or the file's folder)

    def to_tuple(self):
        """The fields as a tuple, for the manifest index cache."""
        return tuple(getattr(self, k) for k in self.__slots__)

    def to_dict(self) -> dict:
        """As data: every field of the reference."""
        return {k: getattr(self, k) for k in self.__slots__}

    def sort_key(self):
        """Orders the documents of a game: newest version, then imported before embedded, then fuller."""
        return (format_version_key(self.version), self.origin == "imported", len(self.files))


# ---------------------------------------------------------------------------------------------------------
# locations
# ---------------------------------------------------------------------------------------------------------

def embedded_dir() -> Path:
    """The folder of the embedded documents (``rules/``, or ``$JUDGE_RULES_DIR``)."""
    env = os.environ.get("JUDGE_RULES_DIR")
    if env:
        return Path(env)
    if not _RULES:   # where this package is installed: resolved once a process (each resolve is a system call a part)
        _RULES.append(Path(__file__).resolve().parents[2] / "rules")
    return _RULES[0]


_RULES: list[Path] = []


def store_dir() -> Path:
    """The user store of imported documents (``$JUDGE_HOME``, else ``$XDG_DATA_HOME/judge``)."""
    env = os.environ.get("JUDGE_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "judge"


def cache_dir() -> Path:
    """The parse cache (``$JUDGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/judge``)."""
    env = os.environ.get("JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: readers never see half a file.

    The temporary file is made by :mod:`tempfile` beside ``path`` (a unique name, so that two writers, in
    two processes or two threads, never share one) and removed if the write fails.
    """
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``); False when not available."""
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


# ---------------------------------------------------------------------------------------------------------
# names and paths inside the store
# ---------------------------------------------------------------------------------------------------------

NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}"
"""Names and versions of imported documents: a letter or digit, then letters, digits and ``. _ + -``, at
most 64 characters. A name is one folder of the store: no separator, no ``..``, no control character."""
_NAME = re.compile(NAME_PATTERN + r"\Z")
_NAME_RULE = "a letter or digit, then letters, digits, '.', '_', '+' or '-' (at most 64 characters)"


def check_name(value: str, what: str = "name") -> str:
    """``value`` if it matches :data:`NAME_PATTERN`, else a :class:`JudgeError` saying what the pattern is."""
    if not isinstance(value, str) or not _NAME.match(value):
        raise JudgeError(f"invalid {what} {value!r}: a {what} is {_NAME_RULE}", key=what)
    return value


def _check_text(value: str, what: str) -> str:
    """One line of printable text (a title): no newline or other control character."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value):
        raise JudgeError(f"invalid {what} {value!r}: it must be one line of text without control characters",
                         key=what)
    return value


def _docs_root() -> Path:
    return store_dir() / "docs"


def inside_store(path: Path) -> Path:
    """``path`` resolved, if it lies strictly inside the store's ``docs/`` folder; otherwise an error.

    Every path the store writes, renames or deletes goes through here, after symlinks are resolved.
    """
    root = _docs_root().resolve()
    real = Path(path).resolve()
    if real == root or root not in real.parents:
        raise JudgeError(f"refusing to touch {path}: it is not inside the store {root}")
    return real


# ---------------------------------------------------------------------------------------------------------
# manifests
# ---------------------------------------------------------------------------------------------------------

def _manifest_paths() -> list[Path]:
    """The embedded manifests (``rules/*.toml``), then the imported ones (``docs/*/manifest.toml``), each
    group in name order. Listed with :func:`os.scandir` (a tenth of ``Path.glob``'s time: every command
    lists them, and a test suite or a server thousands of times)."""
    out = [Path(p) for p in _listed(str(embedded_dir()), lambda e: e.name.endswith(".toml"))]
    # folders starting with '.' are imports being assembled or removed, never documents
    for folder in _listed(str(_docs_root()), lambda e: not e.name.startswith(".") and e.is_dir()):
        manifest = os.path.join(folder, "manifest.toml")
        if os.path.exists(manifest):
            out.append(Path(manifest))
    return out


def _listed(folder: str, keep) -> list[str]:
    """The paths of the entries of ``folder`` that ``keep`` (a test of an :class:`os.DirEntry`) keeps, in
    name order; none when it is not a readable folder."""
    try:
        with os.scandir(folder) as entries:
            return [os.path.join(folder, e.name) for e in sorted(entries, key=lambda e: e.name) if keep(e)]
    except OSError:
        return []


def _read_manifest(path: Path, origin: str) -> DocRef:
    """A manifest as a :class:`DocRef`; every key checked for its shape (a clear error naming the key)."""
    import tomllib

    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise RulesFileError(f"cannot read the manifest: {exc.strerror}", file=str(path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RulesFileError(f"manifest is not valid TOML: {exc}", file=str(path)) from None
    shapes = {"name": str, "game": str, "version": (str, int, float), "format": str, "files": list}
    for key, shape in shapes.items():
        if key not in data:
            raise RulesFileError(f"manifest lacks the key '{key}'", file=str(path), key=key)
        if not isinstance(data[key], shape) or isinstance(data[key], bool):
            raise RulesFileError(f"manifest key '{key}' has the wrong type ({type(data[key]).__name__})",
                                 file=str(path), key=key)
    if not isinstance(data.get("title", ""), str):
        raise RulesFileError("manifest key 'title' must be a string", file=str(path), key="title")
    if data["format"] not in FORMATS:
        raise RulesFileError(f"unknown format {data['format']!r} (known: {', '.join(FORMATS)})",
                             file=str(path), key="format")
    if data["game"] not in GAMES:
        raise RulesFileError(f"unknown game {data['game']!r} (known: {', '.join(GAMES)})", file=str(path),
                             key="game")
    home = path.parent
    files = []
    for f in data["files"]:
        # a manifest names files beside it, never elsewhere
        if not isinstance(f, str) or not f or f in (".", "..") or "/" in f or "\\" in f or "\0" in f:
            raise RulesFileError(f"manifest 'files' entry {f!r} is not a file name beside the manifest",
                                 file=str(path), key="files")
        files.append(str(home / f))
    return DocRef(data["name"], data["game"], data.get("title", ""), str(data["version"]), data["format"],
                  files, origin, str(home))


def _cached_index(index: Path, stamp: list) -> list[DocRef] | None:
    """The cached manifest index if it is current and well formed; None for anything else (a corrupt
    cache is ignored and rebuilt, never an error)."""
    try:
        with open(index, "rb") as fh:
            cached = marshal.loads(fh.read())
        if (isinstance(cached, tuple) and len(cached) == 3 and cached[0] == _INDEX_VERSION
                and cached[1] == stamp and isinstance(cached[2], list)):
            docs = []
            for t in cached[2]:
                if not (isinstance(t, tuple) and len(t) == len(DocRef.__slots__)
                        and all(isinstance(v, str) for i, v in enumerate(t) if i != 5)
                        and isinstance(t[5], list) and all(isinstance(f, str) for f in t[5])):
                    return None
                docs.append(DocRef(*t))
            return docs
    except Exception:   # noqa: BLE001 — marshal raises many types on corrupt data; the cache is derived
        pass
    return None


def list_documents() -> list[DocRef]:
    """Every embedded and imported document. The manifest index is cached by manifest mtimes."""
    paths = _manifest_paths()
    stamp = []
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            continue
        stamp.append((str(p), st.st_mtime_ns, st.st_size))
    known = _LISTED.get(tuple(stamp))   # the same manifests, unchanged, listed before by this process
    if known is not None:
        return [DocRef(*t) for t in known]
    index = cache_dir() / "manifests.marshal"
    cached = _cached_index(index, stamp)
    if cached is not None:
        _remember_listing(stamp, cached)
        return cached
    emb = embedded_dir().resolve()
    docs = []
    for p in paths:
        origin = "embedded" if p.resolve().parent == emb else "imported"
        try:
            docs.append(_read_manifest(p, origin))
        except FileNotFoundError:
            continue    # removed while we listed: no longer a document
    try:
        write_atomic(index, marshal.dumps((_INDEX_VERSION, stamp, [d.to_tuple() for d in docs])))
    except OSError:
        pass
    _remember_listing(stamp, docs)
    return docs


_LISTED: dict[tuple, tuple] = {}
"""The documents :func:`list_documents` found, by the stamp of their manifests (path, time, size), for the
rest of the process: a process listing them again and again (a server, the test suite) reads neither the
manifests nor the index again while they are unchanged. Each call gets its own :class:`DocRef` objects."""


def _remember_listing(stamp: list, docs: list[DocRef]) -> None:
    if len(_LISTED) >= 64:
        _LISTED.clear()
    _LISTED[tuple(stamp)] = tuple(d.to_tuple() for d in docs)


def guess_format(path: Path) -> str:
    """The document format a path most likely holds: a folder or Markdown is GitBook, HTML a glossary,
    anything else numbered."""
    if path.is_dir():
        return "gitbook"
    suffix = path.suffix.lower()
    if suffix in (".md", ".markdown"):
        return "gitbook"
    if suffix in (".html", ".htm", ".twig"):
        return "glossary-html"
    return "numbered"


def _guess_game(path: Path, fmt: str) -> str:
    """The registered game of a document given by path (:func:`judge.games.guess_game`): its format, and
    its first bytes when several games share that format."""
    if len(games.games_of_format(fmt)) <= 1:
        return games.guess_game(fmt)
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        head = b""
    return games.guess_game(fmt, head)


def doc_from_path(path: str, game: str | None = None, version: str | None = None,
                  fmt: str | None = None) -> DocRef:
    """A document given as a file (or folder) path rather than by name."""
    p = Path(path)
    if not p.exists():
        raise JudgeError(f"no such file: {path}")
    fmt = fmt or guess_format(p)
    game = game or _guess_game(p, fmt)
    return DocRef(p.stem, game, p.name, version or version_from_name(p.name), fmt, [str(p.resolve())], "path",
                  str(p.resolve().parent))


def version_from_name(filename: str) -> str:
    """The version a citation shows for a document read from a path: a date or version number in the file
    name (``MagicCompRules-2026-01-16.txt`` → ``2026-01-16``, ``en-fab-cr-2.10.1.txt`` → ``2.10.1``), else
    the file name itself, so a citation always says which document it comes from."""
    stem = filename.rsplit(".", 1)[0] if "." in filename and not filename.startswith(".") else filename
    m = re.search(r"\d{4}-\d{2}(?:-\d{2})?|\d+(?:\.\d+)+", stem)
    return m.group(0) if m else filename


def resolve(selector: str | None = None, game: str | None = None) -> DocRef:
    """Choose a document: by name, by version, by path, or the newest of a game (default Flesh and Blood)."""
    docs = list_documents()
    if selector:
        for doc in docs:
            if doc.name == selector:
                return doc
        matches = [d for d in docs if d.version == selector and (game is None or d.game == game)]
        if matches:
            return max(matches, key=DocRef.sort_key)
        if os.path.exists(selector):
            return doc_from_path(selector, game=game)
        names = ", ".join(d.name for d in docs) or "none"
        raise JudgeError(f"no rules document named {selector!r} (available: {names}; or give a file path)")
    wanted = game or games.DEFAULT
    if wanted not in GAMES:
        raise JudgeError(f"unknown game {wanted!r} (known: {', '.join(GAMES)}; 'judge search' also takes all)")
    matches = [d for d in docs if d.game == wanted]
    if not matches:
        raise JudgeError(f"no rules document for game {wanted!r}; import one with 'judge rules import'")
    return max(matches, key=DocRef.sort_key)


# ---------------------------------------------------------------------------------------------------------
# loading with the parse cache
# ---------------------------------------------------------------------------------------------------------

RULES_MAX_BYTES = 64 * 1024 * 1024
"""Largest rules file judge reads (Magic's CR, the biggest document, is under 1 MB): a bigger file, or
something that is not a regular file (a device, a pipe), is refused before it is read."""


def _read_files(doc: DocRef) -> list[tuple[str, bytes]]:
    import stat

    out = []
    for f in doc.files:
        p = Path(f)
        if p.is_dir():
            continue  # folder formats read their own files
        try:
            with open(p, "rb") as fh:
                st = os.fstat(fh.fileno())
                if not stat.S_ISREG(st.st_mode):
                    raise RulesFileError("not a regular file", file=f)
                if st.st_size > RULES_MAX_BYTES:
                    raise RulesFileError(f"the file is {st.st_size:,} bytes; rules documents over "
                                         f"{RULES_MAX_BYTES:,} bytes are refused", file=f)
                out.append((f, fh.read(RULES_MAX_BYTES + 1)))
        except OSError as exc:
            raise RulesFileError(f"cannot read: {exc.strerror}", file=f) from None
    return out


def _digest(doc: DocRef, contents) -> str:
    import hashlib

    h = hashlib.blake2b(digest_size=20)
    h.update(f"{doc.format}\0{doc.name}\0{doc.game}\0{doc.version}\0{doc.title}".encode())
    package = Path(__file__).parent
    for source in (package / "model.py", package / "formats" / (FORMATS[doc.format].rsplit(".", 1)[1] + ".py")):
        try:
            with open(source, "rb") as fh:
                h.update(fh.read())
        except OSError:
            pass
    for path, data in contents:
        h.update(os.path.basename(path).encode() + b"\0")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def parse_document(doc: DocRef, contents=None) -> Rulebook:
    """Parse a document with its format's parser (no cache)."""
    import importlib

    module = importlib.import_module(FORMATS[doc.format])
    if contents is None:
        contents = _read_files(doc)
    return module.parse(contents if not _is_folder_doc(doc) else doc.files, name=doc.name, game=doc.game,
                        title=doc.title, version=doc.version, format=doc.format)


def _is_folder_doc(doc: DocRef) -> bool:
    return len(doc.files) == 1 and os.path.isdir(doc.files[0])


def _folder_contents(doc: DocRef):
    """All files below a folder document, in name order, for the cache key. Symlinked folders are not
    followed (as the GitBook parser does not follow them); a file that vanishes is a clear error."""
    root = doc.files[0]
    out = []
    try:
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                if os.path.isfile(path):
                    with open(path, "rb") as fh:
                        out.append((os.path.relpath(path, root), fh.read()))
    except OSError as exc:
        raise RulesFileError(f"cannot read: {exc.strerror}", file=getattr(exc, "filename", None) or root) from None
    return out


def load(doc: DocRef | None = None, *, use_cache: bool = True) -> Rulebook:
    """Load a document, from the parse cache when its bytes are unchanged."""
    if doc is None:
        doc = resolve()
    contents = _folder_contents(doc) if _is_folder_doc(doc) else _read_files(doc)
    key = _digest(doc, contents)
    path = cache_dir() / f"{key}.marshal"
    if use_cache:
        try:
            with open(path, "rb") as fh:
                book = Rulebook.from_data(marshal.loads(fh.read()))   # one read: load(fh) reads per object
            book.cache_key = key          # other caches of this parse (the search index) are named by it
            return book
        except Exception:   # noqa: BLE001 — a corrupt or foreign cache file (any shape) is ignored and rebuilt
            pass
    book = parse_document(doc, None if _is_folder_doc(doc) else contents)
    book.name, book.game, book.version = doc.name, doc.game, doc.version
    if use_cache:
        try:
            write_atomic(path, marshal.dumps(book.to_data()))
            book.cache_key = key
        except (OSError, ValueError):
            pass
    return book


# ---------------------------------------------------------------------------------------------------------
# importing
# ---------------------------------------------------------------------------------------------------------

def toml_string(value: str) -> str:
    """A TOML basic string holding ``value`` exactly: quotes, backslashes and control characters escaped."""
    out = []
    for c in value:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


IMPORT_MAX_FILES = 20_000
"""Most files a folder document may hold (a GitBook export has a few hundred): a bigger folder is refused
before anything is copied."""


def _source_files(src: Path) -> list[str]:
    """The files of a folder document, relative to it, checked before anything is parsed or copied.

    Refused, one clear line each: a symlink that leads outside the folder, to nothing, or to a folder (a
    loop or a second path to the same pages: the parser does not follow symlinked folders), and a folder
    with more than :data:`IMPORT_MAX_FILES` files. A symlink to a file inside the folder is copied as a file.
    """
    root = src.resolve()
    out = []

    def refuse(path, why):
        raise RulesFileError(f"{why}; judge imports a folder's own files only", file=str(path))

    def walk_error(exc):
        refuse(exc.filename or src, f"cannot read the folder: {exc.strerror}")

    for folder, dirs, files in os.walk(src, onerror=walk_error):
        dirs.sort()
        for name in list(dirs):
            path = Path(folder) / name
            if path.is_symlink():
                refuse(path, "a symlink to a folder (symlinked folders are not followed)")
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_symlink():
                try:
                    target = path.resolve(strict=True)
                except (OSError, RuntimeError):
                    refuse(path, "a symlink that leads nowhere (or loops)")
                if root not in target.parents:
                    refuse(path, f"a symlink that leads outside the folder (to {target})")
                if not target.is_file():
                    refuse(path, "a symlink to something that is not a file")
            elif not path.is_file():
                continue    # sockets, fifos: not pages
            out.append(str(path.relative_to(src)))
            if len(out) > IMPORT_MAX_FILES:
                refuse(src, f"more than {IMPORT_MAX_FILES:,} files in the folder")
    return out


def _copy_folder(src: Path, files: list[str], dest: Path) -> None:
    """Copy the checked ``files`` of ``src`` into ``dest`` (symlinks inside the folder become files)."""
    import shutil

    dest.mkdir()
    for rel in files:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / rel, target)


def fetch_url(url: str, dest_dir: Path) -> Path:
    """Download a rules document over HTTP(S) into ``dest_dir`` (used by ``judge rules import URL``)."""
    import urllib.error
    import urllib.request

    name = url.split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    if not _NAME.match(name):
        name = "rules.txt"     # the file name in the URL is not a safe file name in the store
    target = dest_dir / name
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            write_atomic(target, resp.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise JudgeError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None
    return target


def _stored_name(src: Path) -> str:
    """The name of the document's file (or folder) inside its store folder: the source's own name when it
    is a plain file name, else a neutral one."""
    name = src.resolve().name if src.name in ("", ".", "..") else src.name
    if not name or name in (".", "..") or name == "manifest.toml" or any(ord(c) < 32 for c in name):
        return "document" + (src.suffix if src.suffix[1:].isalnum() else "")
    return name


def _swap_into_store(staged: Path, final: Path) -> None:
    """Put the assembled folder ``staged`` at ``final`` atomically; an older ``final`` ends up in
    ``staged``'s place (the caller's temporary folder removes it). Two imports of the same name at once:
    the last one to finish wins, and neither fails."""
    inside_store(final)
    for _attempt in range(20):
        if final.exists() or final.is_symlink():
            if exchange(staged, final):
                return
            # no atomic exchange on this system: move the old folder aside, then the new one in
            old = staged.with_name(staged.name + ".old")
            try:
                os.replace(final, old)
            except FileNotFoundError:
                continue
        try:
            os.rename(staged, final)
            return
        except OSError as exc:
            import errno

            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
            # another import put the same name in place meanwhile: exchange with it on the next attempt
    raise JudgeError(f"could not put {final.name} in place: other imports of the same name kept replacing it")


def import_document(source: str, game: str, version: str, name: str | None = None, fmt: str | None = None,
                    title: str | None = None) -> tuple[DocRef, Rulebook]:
    """Copy a rules document into the user store after parsing it successfully.

    Checked before anything is written: the game, the name and version (:data:`NAME_PATTERN`), the title
    (one line), the source (a folder's symlinks, :func:`_source_files`), the document itself (it must
    parse) and the manifest (read back). The new folder is assembled in a temporary folder inside the
    store and swapped into place in one atomic step, replacing an older import of the same name only once
    the new one is complete: a failed import changes nothing, and readers never see half a document.
    """
    import tempfile

    if game not in GAMES:
        raise JudgeError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    check_name(str(version), "version")
    name = check_name(name if name is not None else f"{game}-{version}", "name")
    if title is not None:
        _check_text(title, "title")
    if fmt is not None and fmt not in FORMATS:
        raise JudgeError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    docs_root = _docs_root()
    final = docs_root / name
    inside_store(final)
    # a download goes to a temporary folder of the system; nothing in the store exists until the document
    # has parsed
    with tempfile.TemporaryDirectory(prefix="judge-download-") as download:
        if source.startswith(("http://", "https://")):
            src = fetch_url(source, Path(download))
        else:
            src = Path(source)
            if not src.exists():
                raise JudgeError(f"no such file: {source}")
        fmt = fmt or guess_format(src)
        folder_files = _source_files(src) if src.is_dir() else None
        stored = _stored_name(src)
        title = title if title is not None else _stored_name(src)
        _check_text(title, "title")
        # parse the source where the user has it, so that errors name their file (or URL), not the staging
        # copy; a bad document raises here, before anything has touched the store
        probe = DocRef(name, game, title, version, fmt, [str(src)], "path", str(src.parent))
        shown = source if source.startswith(("http://", "https://")) else None
        try:
            book = parse_document(probe)
        except RulesFileError as exc:
            if shown:
                exc.file = shown
            raise
        errors = [p for p in book.problems if p.level == "error"]
        if errors:
            first = errors[0]
            raise RulesFileError(f"{len(errors)} error(s), first: {first.message}",
                                 file=shown or first.file or str(src), line=first.line)
        docs_root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=docs_root, prefix=".import-") as tmp:
            staged = Path(tmp) / "doc"
            staged.mkdir()
            if folder_files is not None:
                _copy_folder(src, folder_files, staged / stored)
            else:
                import shutil

                shutil.copyfile(src, staged / stored)
            manifest = (f"name = {toml_string(name)}\ngame = {toml_string(game)}\ntitle = {toml_string(title)}\n"
                        f"version = {toml_string(version)}\nformat = {toml_string(fmt)}\n"
                        f"files = [{toml_string(stored)}]\n")
            (staged / "manifest.toml").write_text(manifest, encoding="utf-8")
            _read_manifest(staged / "manifest.toml", "imported")   # never put a manifest in place we cannot read
            _swap_into_store(staged, final)
            doc = _read_manifest(final / "manifest.toml", "imported")
        _cache_imported(doc, book, str(src))
    return doc, book


def _cache_imported(doc: DocRef, book: Rulebook, parsed_from: str) -> None:
    """Put the parse made at import into the parse cache as the stored copy would parse, so that not even
    the first lookup after an import parses: the same book with its file names moved to the store."""
    stored_at = doc.files[0]

    def move(path):
        if path == parsed_from or path.startswith(parsed_from + os.sep):
            return stored_at + path[len(parsed_from):]
        return path

    copy = Rulebook.from_data(marshal.loads(marshal.dumps(book.to_data())))
    copy.name, copy.game, copy.version = doc.name, doc.game, doc.version
    copy.files = [move(f) for f in copy.files]
    for item in list(copy.rules.values()) + list(copy.terms.values()):
        item.file = move(item.file)
    for problem in copy.problems:
        problem.file = move(problem.file)
        problem.message = problem.message.replace(parsed_from + os.sep, stored_at + os.sep).replace(
            parsed_from + ":", stored_at + ":")
    try:
        contents = _folder_contents(doc) if _is_folder_doc(doc) else _read_files(doc)
        write_atomic(cache_dir() / f"{_digest(doc, contents)}.marshal", marshal.dumps(copy.to_data()))
    except (OSError, ValueError):
        pass   # only a missed speed-up: the first lookup parses


def remove_document(name: str) -> None:
    """Remove an imported document from the user store.

    The folder is first renamed to a hidden name in one atomic step (readers listing the store at that
    moment see the document or not, never half of it), then deleted. Only a folder inside the store,
    named by :data:`NAME_PATTERN`, is ever removed.
    """
    import shutil
    import tempfile

    check_name(name, "name")
    folder = _docs_root() / name
    if folder.is_symlink() or not (folder / "manifest.toml").is_file():
        raise JudgeError(f"no imported document named {name!r}")
    inside_store(folder)
    trash = Path(tempfile.mkdtemp(dir=_docs_root(), prefix=".remove-"))
    try:
        try:
            os.rename(folder, trash / name)
        except FileNotFoundError:
            raise JudgeError(f"no imported document named {name!r}") from None
    finally:
        shutil.rmtree(inside_store(trash), ignore_errors=True)
