"""Scenario files: read one (size and shape checked before it costs anything), parse its TOML, check its
``[scenario]`` table, know the line of every key; find the files below a folder. The format is documented
in docs/scenario-format.md (and -ga, -mc).
"""

from __future__ import annotations

import marshal
import re
from pathlib import Path

from judge import games
from judge.engine.core import InvalidScenario, Reason
from judge.errors import ScenarioError

SCENARIO_KEYS = {"title", "question", "game", "rules", "example_of", "answer", "notes"}


class Scenario:
    """A parsed scenario file: the raw tables plus where each key sits in the file."""

    def __init__(self, path: str, data: dict, text: str, lines: dict[str, int] | None = None):
        self.path = path
        self.data = data
        self.text = text
        meta = data.get("scenario", {})
        meta = meta if isinstance(meta, dict) else {}    # a wrong shape is reported by load(), with its line
        self.title = meta.get("title", Path(path).stem)
        self.question = meta.get("question", "")
        self.game = meta.get("game", "")
        self.rules = str(meta.get("rules", ""))
        self.example_of = meta.get("example_of", "")
        self.expect = data.get("expect", {}) if isinstance(data.get("expect", {}), dict) else {}
        self._lines = _index_lines(text) if lines is None else lines
        self.card_notes: list[str] = []   # what the card data gave each card named by its real name
        self.bounded = False   # the depth and size bounds of ``data`` were checked (by loads)

    def real_card(self, key: str, table: dict, reasons: list) -> dict | None:
        """A ``[cards.X]`` table naming a real card (``card = "NAME"``) with the game's card data filled in
        under the file's own keys (:func:`judge.cards.scenario.expand`); None, with a reason added to
        ``reasons``, when it cannot be. The engines call this rather than import the card data themselves."""
        from judge.cards.scenario import expand

        return expand(self, key, table, reasons)

    def real_tokens(self, key: str, abilities, reasons: list):
        """``abilities`` with each ``create-token`` effect naming its token by ``card = "NAME"`` filled in from the
        game's card data (:func:`judge.cards.scenario.expand_tokens`)."""
        from judge.cards.scenario import expand_tokens

        return expand_tokens(self, key, abilities, reasons)

    def line_of(self, key: str) -> int | None:
        """Line of a dotted key path such as ``cards.jab.power`` or ``actions.2.card`` (1-based index)."""
        probe = key
        while probe:
            if probe in self._lines:
                return self._lines[probe]
            if "." not in probe:
                break
            probe = probe.rsplit(".", 1)[0]
        return None

    def error(self, message: str, key: str | None = None, cite: str | None = None) -> ScenarioError:
        """A :class:`ScenarioError` pointing at ``key`` in this file."""
        rule = f" ({cite})" if cite else ""
        return ScenarioError(message + rule, file=self.path, line=self.line_of(key) if key else None, key=key)

    def reason(self, code: str, message: str, key: str | None = None, cite: str | None = None) -> Reason:
        """A :class:`Reason` (code from :class:`judge.engine.core.ReasonCode`) pointing at ``key`` in this file."""
        return Reason(code, message, cite, key, self.line_of(key) if key else None)


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+)\s*=")


def _index_lines(text: str) -> dict[str, int]:
    """Dotted key path → line, for error messages (tomllib reports no positions for valid files)."""
    out: dict[str, int] = {}
    counts: dict[str, int] = {}
    table = ""
    for n, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            name = m.group(2).replace('"', "").replace("'", "")
            if m.group(1) == "[[":
                counts[name] = counts.get(name, 0) + 1
                table = f"{name}.{counts[name]}"
            else:
                parts = name.split(".")
                # keys under an array-of-tables element: [[cards.x.abilities]] handled above
                table = name
                for i, part in enumerate(parts):
                    prefix = ".".join(parts[: i + 1])
                    if prefix in counts:
                        table = f"{prefix}.{counts[prefix]}" + ("." + ".".join(parts[i + 1:]) if parts[i + 1:] else "")
            out.setdefault(table, n)
            continue
        m = _KEY.match(line)
        if m:
            key = m.group(1).strip("\"'")
            out.setdefault(f"{table}.{key}" if table else key, n)
    return out


MAX_BYTES = 2 * 1024 * 1024
"""Largest scenario file judge reads (the project's biggest is a few kB): a bigger one is refused before it
is parsed."""

MAX_KEY_PARTS = 32
"""Most dotted parts one TOML key may have (``a.b.c`` has 3; the format uses at most about 6). Checked before
parsing: the standard TOML reader takes time quadratic in the parts of a long dotted key."""

_LONG_DOTTED_KEY = re.compile(r"(?:[A-Za-z0-9_-]+\s*\.\s*){%d,}" % MAX_KEY_PARTS)


def load(path: str | Path) -> Scenario:
    """Read and check the top level of a scenario file. Raises :class:`ScenarioError` (exit 2).

    ``-`` reads standard input (``judge resolve -``), named ``<stdin>`` in errors. At most
    :data:`MAX_BYTES` are read.
    """
    path = str(path)
    if path == "-":
        import sys

        return loads(sys.stdin.buffer.read(MAX_BYTES + 1), "<stdin>")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror}", file=path) from None
    return loads(raw, path)


def loads(raw: bytes, path: str = "<scenario>") -> Scenario:
    """Check the top level of a scenario given as bytes; ``path`` names it in errors.

    Checked in this order, each before the next costs anything: the size (:data:`MAX_BYTES`), UTF-8, dotted
    keys (:data:`MAX_KEY_PARTS`), the TOML syntax and nesting, the shapes of the shared tables
    (:mod:`judge.engine.shapes`), the ``[scenario]`` keys and the game. Inside :class:`parse_cache`, a text
    parsed before is not parsed again (nor its dotted keys counted: it passed).
    """
    from judge.engine import shapes

    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"the file is over {MAX_BYTES:,} bytes; a scenario is refused beyond that", file=path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError("not UTF-8 text", file=path, line=raw[: exc.start].count(b"\n") + 1) from None
    cache = _CACHE
    digest, data, lines = cache.find(text) if cache is not None else (None, None, None)
    blob = _RECENT.get(text) if data is None else None
    if blob is not None:   # parsed before by this process: the same tables, as new objects
        data, lines = marshal.loads(blob)
        if cache is not None:
            cache.used[digest] = blob
    elif data is None:
        data = _parse(text, path)
    scenario = Scenario(path, data, text, lines)
    if lines is None:
        blob = kept_form(data, scenario._lines)
        if blob is not None:
            if cache is not None:
                cache.used[digest] = blob
            else:   # a run's parse cache finds the text again by itself: its memory is not doubled
                _remember(text, blob)
    # a text kept by the parse cache was within the bounds then (ParseCache.keep; its tag names the limits)
    raise_shape_problems(scenario, shapes.check(data, shapes.COMMON, bounded=lines is not None))
    scenario.bounded = True
    meta = data.get("scenario")
    if not isinstance(meta, dict):
        raise ScenarioError("missing the [scenario] table (title, question, game, rules)", file=path)
    for key in meta:
        if key not in SCENARIO_KEYS:
            raise scenario.error(f"unknown key '{key}' in [scenario] (known: {', '.join(sorted(SCENARIO_KEYS))})",
                                 f"scenario.{key}")
    if scenario.game not in games.playable():
        raise scenario.error(f"game must be one of {', '.join(games.playable())}, not {scenario.game!r}",
                             "scenario.game")
    return scenario


# ---------------------------------------------------------------------------------------------------------
# the TOML parse cache of a run over many files
# ---------------------------------------------------------------------------------------------------------

class ParseCache:
    """Parsed scenario files kept in the store's cache (``scenarios-toml.marshal``), named by a digest of
    their text: a run over a folder (``judge resolve --check``, ``judge site``) reads each unchanged file's
    tables from it instead of parsing the TOML again. Only what parsed cleanly is kept (a syntax error is
    found again, with its line); a missing, corrupt or foreign cache file is ignored and rewritten."""

    FORMAT = 1      # a new number when what loads() checks before parsing changes (the cache skips it)
    MAX_ENTRIES = 5000

    def __init__(self):
        import sys

        from judge.rulebook import store

        self.path = store.cache_dir() / "scenarios-toml.marshal"
        from judge.engine import shapes

        self.tag = (self.FORMAT, tuple(sys.version_info[:2]), shapes.MAX_DEPTH, shapes.MAX_ITEMS)
        self.known: dict = {}
        self.used: dict = {}
        try:
            with open(self.path, "rb") as fh:
                tag, known = marshal.loads(fh.read())
            if tag == self.tag and isinstance(known, dict):
                self.known = known
        except Exception:   # noqa: BLE001 — missing or corrupt: the files are parsed
            pass

    def find(self, text: str):
        """``(key, tables, key lines)`` of ``text`` when it was parsed before, else ``(key, None, None)``."""
        import hashlib

        key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
        blob = self.known.get(key)
        if isinstance(blob, bytes):
            try:
                data, lines = marshal.loads(blob)
                if isinstance(data, dict) and isinstance(lines, dict):
                    self.used[key] = blob
                    return key, data, lines
            except Exception:   # noqa: BLE001 — a corrupt entry: parsed again
                pass
        return key, None, None

    def keep(self, key: bytes, data: dict, lines: dict) -> None:
        """Keep the tables and key lines of a text just parsed (:func:`kept_form`)."""
        blob = kept_form(data, lines)
        if blob is not None:
            self.used[key] = blob

    def save(self) -> None:
        """Write the entries used in this run, then older ones up to :attr:`MAX_ENTRIES`; silent on failure."""
        write_kept(self.path, self.tag, self.used, self.known, self.MAX_ENTRIES)


def kept_form(data: dict, lines: dict) -> bytes | None:
    """The tables and key lines of a text just parsed as the parse caches keep them (marshal), or None when
    they are not kept: beyond the depth and size bounds (:func:`judge.engine.shapes.bounds`; a text found
    again is not walked for them again), or holding a date or time value (marshal has none)."""
    from judge.engine import shapes

    if not shapes.within(data):
        return None
    try:
        return marshal.dumps((data, lines))
    except ValueError:
        return None


_RECENT: dict[str, bytes] = {}
"""The scenario texts this process parsed outside a run's parse cache, each with its :func:`kept_form` (at
most :data:`RECENT_MAX`, the oldest dropped first): a process loading the same file again and again
(``judge serve``, the test suite) parses its TOML once."""

RECENT_MAX = 2000


def _remember(text: str, blob: bytes) -> None:
    if len(_RECENT) >= RECENT_MAX:
        del _RECENT[next(iter(_RECENT))]
    _RECENT[text] = blob


def write_kept(path, tag, used: dict, known: dict, most: int) -> None:
    """Write a cache file of ``(tag, entries)`` (marshal, atomically): the entries ``used`` in this run, then
    older ``known`` ones up to ``most`` in all. Nothing is written when nothing is new; silent on failure."""
    import marshal

    from judge.rulebook import store

    if all(known.get(k) is v for k, v in used.items()):
        return          # nothing new
    keep = dict(used)
    for k, v in known.items():
        if len(keep) >= most:
            break
        keep.setdefault(k, v)
    try:
        store.write_atomic(path, marshal.dumps((tag, keep)))
    except (OSError, ValueError):
        pass


_CACHE: ParseCache | None = None


class parse_cache:
    """``with parse_cache(): ...``: scenario files loaded inside read and fill the TOML parse cache
    (:class:`ParseCache`), which is saved at the end. Nested uses share the outer one."""

    def __enter__(self):
        global _CACHE
        self.outer = _CACHE is not None
        if not self.outer:
            _CACHE = ParseCache()
        return _CACHE

    def __exit__(self, *exc):
        global _CACHE
        if not self.outer:
            cache, _CACHE = _CACHE, None
            cache.save()
            save_named_cards()
        return False


def save_named_cards() -> None:
    """Keep the cards the files named, compiled in this process, in the store's cache (when any was)."""
    import sys

    named = sys.modules.get("judge.cards.scenario")
    if named is not None:
        named.save_compiled()


def _parse(text: str, path: str) -> dict:
    """The tables of a scenario's text; a one-line :class:`ScenarioError` for a key with too many dotted
    parts, a TOML syntax error (with its line) or too deep a nesting."""
    import tomllib

    from judge.engine import shapes

    long_key = _LONG_DOTTED_KEY.search(text)
    if long_key:
        raise ScenarioError(f"a key with more than {MAX_KEY_PARTS} dotted parts; the format never needs one",
                            file=path, line=text.count("\n", 0, long_key.start()) + 1)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        raise ScenarioError(f"TOML syntax error: {re.sub(r' [(]at line.*', '', msg)}", file=path, line=line) from None
    except RecursionError:
        raise ScenarioError(f"arrays or tables nested too deeply (the format nests at most {shapes.MAX_DEPTH})",
                            file=path) from None


def raise_shape_problems(scenario: Scenario, problems: list[tuple[str, str]]) -> None:
    """Raise the shape problems found in a scenario as one :class:`ScenarioError` (the first, and how many
    more), with the line of its key."""
    if not problems:
        return
    reasons = [scenario.reason("wrong-type", message, key or None)
               for key, message in problems]
    raise invalid_error(scenario, InvalidScenario(reasons))


def invalid_error(scenario: Scenario, exc: InvalidScenario) -> ScenarioError:
    """One :class:`ScenarioError` for every reason a scenario is invalid: the first, then how many more."""
    first = exc.reasons[0]
    more = f" (and {len(exc.reasons) - 1} more: " + "; ".join(str(r) for r in exc.reasons[1:]) + ")" \
        if len(exc.reasons) > 1 else ""
    rule = f" ({first.cite})" if first.cite else ""
    err = ScenarioError(first.message + rule + more, file=scenario.path, line=first.line, key=first.key)
    err.reasons = exc.reasons
    err.code = str(first.code)
    return err


def find_scenarios(target: str | Path) -> list[Path]:
    """A scenario file, or every ``*.toml`` below a folder, in name order (``-``: standard input)."""
    if str(target) == "-":
        return [Path("-")]
    p = Path(target)
    if p.is_dir():
        return sorted(p.rglob("*.toml"))
    if not p.exists():
        raise ScenarioError("no such file or folder", file=str(p))
    return [p]
