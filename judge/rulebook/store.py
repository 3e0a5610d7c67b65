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
        return tuple(getattr(self, k) for k in self.__slots__)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}

    def sort_key(self):
        return (format_version_key(self.version), self.origin == "imported", len(self.files))


# ---------------------------------------------------------------------------------------------------------
# locations
# ---------------------------------------------------------------------------------------------------------

def embedded_dir() -> Path:
    env = os.environ.get("JUDGE_RULES_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "rules"


def store_dir() -> Path:
    env = os.environ.get("JUDGE_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "judge"


def cache_dir() -> Path:
    env = os.environ.get("JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------------------
# manifests
# ---------------------------------------------------------------------------------------------------------

def _manifest_paths() -> list[Path]:
    out = []
    emb = embedded_dir()
    if emb.is_dir():
        out.extend(sorted(emb.glob("*.toml")))
    docs = store_dir() / "docs"
    if docs.is_dir():
        out.extend(sorted(docs.glob("*/manifest.toml")))
    return out


def _read_manifest(path: Path, origin: str) -> DocRef:
    import tomllib

    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise RulesFileError(f"manifest is not valid TOML: {exc}", file=str(path)) from None
    for key in ("name", "game", "version", "format", "files"):
        if key not in data:
            raise RulesFileError(f"manifest lacks the key '{key}'", file=str(path), key=key)
    if data["format"] not in FORMATS:
        raise RulesFileError(f"unknown format {data['format']!r} (known: {', '.join(FORMATS)})",
                             file=str(path), key="format")
    home = path.parent
    files = [str(home / f) for f in data["files"]]
    return DocRef(data["name"], data["game"], data.get("title", ""), str(data["version"]), data["format"],
                  files, origin, str(home))


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
    index = cache_dir() / "manifests.marshal"
    try:
        with open(index, "rb") as fh:
            cached = marshal.load(fh)
        if cached[0] == _INDEX_VERSION and cached[1] == stamp:
            return [DocRef(*t) for t in cached[2]]
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        pass
    emb = embedded_dir().resolve()
    docs = []
    for p in paths:
        origin = "embedded" if p.resolve().parent == emb else "imported"
        docs.append(_read_manifest(p, origin))
    try:
        write_atomic(index, marshal.dumps((_INDEX_VERSION, stamp, [d.to_tuple() for d in docs])))
    except OSError:
        pass
    return docs


def guess_format(path: Path) -> str:
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
    import re

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

def _read_files(doc: DocRef) -> list[tuple[str, bytes]]:
    out = []
    for f in doc.files:
        p = Path(f)
        if p.is_dir():
            continue  # folder formats read their own files
        try:
            with open(p, "rb") as fh:
                out.append((f, fh.read()))
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
    """All files below a folder document, in name order, for the cache key."""
    root = Path(doc.files[0])
    out = []
    for p in sorted(root.rglob("*")):
        if p.is_file():
            with open(p, "rb") as fh:
                out.append((str(p.relative_to(root)), fh.read()))
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
                return Rulebook.from_data(marshal.load(fh))
        except (OSError, EOFError, ValueError, TypeError, KeyError):
            pass
    book = parse_document(doc, None if _is_folder_doc(doc) else contents)
    book.name, book.game, book.version = doc.name, doc.game, doc.version
    if use_cache:
        try:
            write_atomic(path, marshal.dumps(book.to_data()))
        except (OSError, ValueError):
            pass
    return book


# ---------------------------------------------------------------------------------------------------------
# importing
# ---------------------------------------------------------------------------------------------------------

def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fetch_url(url: str, dest_dir: Path) -> Path:
    """Download a rules document over HTTP(S) into ``dest_dir`` (used by ``judge rules import URL``)."""
    import urllib.error
    import urllib.request

    name = url.rstrip("/").rsplit("/", 1)[-1] or "rules.txt"
    target = dest_dir / name
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            write_atomic(target, resp.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise JudgeError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None
    return target


def import_document(source: str, game: str, version: str, name: str | None = None, fmt: str | None = None,
                    title: str | None = None) -> tuple[DocRef, Rulebook]:
    """Copy a rules document into the user store after parsing it successfully.

    The document is parsed first; a document that does not parse leaves the store untouched. The new
    folder is assembled beside the store and renamed into place, replacing an older import of the same
    name only once the new one is complete.
    """
    import shutil
    import tempfile

    if game not in GAMES:
        raise JudgeError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    docs_root = store_dir() / "docs"
    docs_root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=docs_root, prefix=".import-") as tmp:
        tmp_path = Path(tmp)
        if source.startswith(("http://", "https://")):
            src = fetch_url(source, tmp_path / "download")
        else:
            src = Path(source)
            if not src.exists():
                raise JudgeError(f"no such file: {source}")
        fmt = fmt or guess_format(src)
        if fmt not in FORMATS:
            raise JudgeError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        name = name or f"{game}-{version}"
        staged = tmp_path / "doc"
        staged.mkdir()
        if src.is_dir():
            shutil.copytree(src, staged / src.name)
            files = [src.name]
        else:
            shutil.copyfile(src, staged / src.name)
            files = [src.name]
        title = title or f"{src.name}"
        manifest = (f"name = {_toml_str(name)}\ngame = {_toml_str(game)}\ntitle = {_toml_str(title)}\n"
                    f"version = {_toml_str(version)}\nformat = {_toml_str(fmt)}\n"
                    f"files = [{', '.join(_toml_str(f) for f in files)}]\n")
        (staged / "manifest.toml").write_text(manifest, encoding="utf-8")
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
        final = docs_root / name
        old = docs_root / f".old-{name}-{os.getpid()}"
        if final.exists():
            os.replace(final, old)
        os.replace(staged, final)
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)
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
    """Remove an imported document from the user store."""
    import shutil

    folder = store_dir() / "docs" / name
    if not (folder / "manifest.toml").exists():
        raise JudgeError(f"no imported document named {name!r}")
    shutil.rmtree(folder)
