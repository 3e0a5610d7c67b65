"""Scenario files: load and validate the TOML, hand it to its game's engine, compare with ``[expect]``.

The runner does not know which game it runs: ``[scenario] game = "fab"`` selects the registered game
(:mod:`judge.games`), whose engine (:class:`judge.engine.core.Engine`) provides ``validate(scenario, book)``
and ``play(scenario, book) -> Outcome``. The format is documented in docs/scenario-format.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge import games
from judge.engine.core import InvalidScenario, Outcome, Reason, compare
from judge.errors import JudgeError, ScenarioError

SCENARIO_KEYS = {"title", "question", "game", "rules", "example_of", "answer", "notes"}


class Scenario:
    """A parsed scenario file: the raw tables plus where each key sits in the file."""

    def __init__(self, path: str, data: dict, text: str):
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
        self._lines = _index_lines(text)

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
    (:mod:`judge.scenarios.shapes`), the ``[scenario]`` keys and the game.
    """
    import tomllib

    from judge.scenarios import shapes

    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"the file is over {MAX_BYTES:,} bytes; a scenario is refused beyond that", file=path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError("not UTF-8 text", file=path, line=raw[: exc.start].count(b"\n") + 1) from None
    long_key = _LONG_DOTTED_KEY.search(text)
    if long_key:
        raise ScenarioError(f"a key with more than {MAX_KEY_PARTS} dotted parts; the format never needs one",
                            file=path, line=text.count("\n", 0, long_key.start()) + 1)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        raise ScenarioError(f"TOML syntax error: {re.sub(r' [(]at line.*', '', msg)}", file=path, line=line) from None
    except RecursionError:
        raise ScenarioError(f"arrays or tables nested too deeply (the format nests at most {shapes.MAX_DEPTH})",
                            file=path) from None
    scenario = Scenario(path, data, text)
    _raise_shapes(scenario, shapes.check(data, shapes.COMMON))
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


def _raise_shapes(scenario: Scenario, problems: list[tuple[str, str]]) -> None:
    """Raise the shape problems found in a scenario as one :class:`ScenarioError` (the first, and how many
    more), with the line of its key."""
    if not problems:
        return
    reasons = [scenario.reason("wrong-type", message, key or None)
               for key, message in problems]
    raise _invalid(scenario, InvalidScenario(reasons))


def check_shapes(scenario: Scenario, engine) -> None:
    """The shapes the game's engine declares for its keys (``engine.SHAPE``), checked before it reads them."""
    from judge.scenarios import shapes

    shape = getattr(engine, "SHAPE", None)
    if shape is not None:
        _raise_shapes(scenario, shapes.check(scenario.data, shape))


def _declared_words(data, pattern: str, key: str = ""):
    """(dotted key, word, respell) for every word at ``pattern`` (``cards.*.types``; ``*`` is any entry) in
    ``data``: a string, each string of a list, each key of a table (``keywords = { arcane_barrier = 1 }``).
    ``respell(new)`` writes the word back in the document's own spelling."""
    head, _, rest = pattern.partition(".")
    if head == "*":
        items = list(data.items()) if isinstance(data, dict) else list(enumerate(data)) \
            if isinstance(data, list) else []
    else:
        items = [(head, data[head])] if isinstance(data, dict) and head in data else []
    for k, v in items:
        where = f"{key}.{k + 1 if isinstance(k, int) else k}" if key else str(k)
        if rest:
            yield from _declared_words(v, rest, where)
        elif isinstance(v, str):
            yield where, v, lambda new, d=data, k=k: d.__setitem__(k, new)
        elif isinstance(v, list):
            for i, w in enumerate(v):
                if isinstance(w, str):
                    yield where, w, lambda new, lst=v, i=i: lst.__setitem__(i, new)
        elif isinstance(v, dict):
            for w in list(v):
                yield where, str(w), lambda new, d=v, w=w: d.__setitem__(new, d.pop(w)) if new != w else None


def check_words(scenario: Scenario, engine, book) -> None:
    """Values checked against the loaded rules document's own vocabulary (:mod:`judge.rulebook.vocabulary`):
    the engine declares where its words are (``engine.WORDS``: pattern → category) and may add words of its
    own tables (``engine.extra_words()``: category → {word: rule}). A word the document does not define is
    an error naming the nearest term and the rule that defines it; where the document does not spell out a
    category (a seed excerpt), only a near miss of a known word is refused."""
    from judge.rulebook import vocabulary

    patterns = getattr(engine, "WORDS", None)
    if not patterns:
        return
    vocab = vocabulary.of_book(book)
    extra = engine.extra_words() if hasattr(engine, "extra_words") else {}
    reasons = []
    for pattern, category in patterns.items():
        known = dict(vocab.words.get(category, {}))
        for w, rule in extra.get(category, {}).items():
            known.setdefault(vocabulary.fold(w), rule)
        for key, word, respell in _declared_words(scenario.data, pattern):
            number = re.search(r"\s+-?\d+$", word)                       # "arcane barrier 1"
            folded = vocabulary.fold(word[: number.start()] if number else word)
            if folded in known:
                if folded != word.lower().strip() and not number:
                    respell(folded)      # "defence reaction" is the document's "defense reaction"
                continue
            spelled = bool(known) and vocab.knows(category) or category in extra
            pool = known if spelled else {**vocab.words.get("terms", {}), **known}
            near = vocabulary.Vocabulary()
            near.words["pool"] = pool
            close = near.nearest(folded, ["pool"])
            what = category[:-1] if category.endswith("s") else category
            hint = f" (did you mean {close[0]!r}{', ' + close[1] if close[1] else ''}?)" if close else ""
            if spelled:
                reasons.append(scenario.reason("unknown-word", f"{word!r} is not a {what} {book.cite_prefix} defines"
                                               f"{hint}", key))
            elif close and close[0] != folded:
                reasons.append(scenario.reason("unknown-word", f"{word!r} is not a word {book.cite_prefix} defines"
                                               f"{hint}", key))
    if reasons:
        raise _invalid(scenario, InvalidScenario(reasons))


def rulebook_for(scenario: Scenario):
    """The rules document a scenario is judged under: its game, at its ``rules`` version if available."""
    from judge.rulebook import store

    docs = [d for d in store.list_documents() if d.game == scenario.game]
    if scenario.rules:
        same = [d for d in docs if d.version == scenario.rules]
        if same:
            return store.load(max(same, key=store.DocRef.sort_key))
    return store.load(store.resolve(None, scenario.game))


def engine_of(scenario: Scenario):
    """The engine of the scenario's game (:class:`judge.engine.core.Engine`), imported on first use.

    Raises ImportError when the game's engine package cannot be imported.
    """
    engine = games.get(scenario.game).engine
    if engine is None:
        raise ImportError(f"the game {scenario.game!r} registers no engine")
    return engine


def validate(scenario: Scenario, book=None) -> list[Reason]:
    """Every reason the scenario cannot be played, found by its engine without playing it (``[]``: valid)."""
    if book is None:
        book = rulebook_for(scenario)
    engine = engine_of(scenario)
    check_shapes(scenario, engine)
    check_words(scenario, engine, book)
    try:
        return engine.validate(scenario, book)
    except JudgeError:
        raise
    except Exception as exc:   # a bug in an engine must not end in a traceback for the user
        raise _engine_failure(scenario, exc) from None


def play(scenario: Scenario, book=None) -> Outcome:
    """Run a scenario through its game's engine and compare the outcome with ``[expect]``.

    Raises :class:`ScenarioError` for a malformed or impossible scenario (with every reason found).
    """
    if book is None:
        book = rulebook_for(scenario)
    engine = engine_of(scenario)
    check_shapes(scenario, engine)
    check_words(scenario, engine, book)
    try:
        outcome = engine.play(scenario, book)
    except JudgeError:
        raise
    except InvalidScenario as exc:
        raise _invalid(scenario, exc) from None
    except Exception as exc:   # a bug in an engine must not end in a traceback for the user
        raise _engine_failure(scenario, exc) from None
    from judge.engine import citations

    try:   # every citation as the judged document numbers it (the registry locates it by its words)
        citations.apply(outcome, book)
    except citations.UnlocatedCitation as exc:
        raise ScenarioError(exc.message, file=scenario.path, key="scenario.rules") from None
    outcome.mismatches = compare(scenario.expect, outcome.facts)
    wanted = list(scenario.expect.get("cites", []))
    if scenario.example_of and scenario.example_of not in wanted:
        wanted.append(scenario.example_of)   # a scenario encoding a CR example must cite the rule it illustrates
    if scenario.rules and scenario.rules != book.version:   # the file's citations, located like the engine's
        wanted = citations.repoint_all(scenario.game, wanted, book)
    have = set(outcome.citations())
    outcome.missing_cites = [c for c in wanted if c not in have]
    return outcome


def _invalid(scenario: Scenario, exc: InvalidScenario) -> ScenarioError:
    """One :class:`ScenarioError` for every reason a scenario is invalid: the first, then how many more."""
    first = exc.reasons[0]
    more = f" (and {len(exc.reasons) - 1} more: " + "; ".join(str(r) for r in exc.reasons[1:]) + ")" \
        if len(exc.reasons) > 1 else ""
    rule = f" ({first.cite})" if first.cite else ""
    err = ScenarioError(first.message + rule + more, file=scenario.path, line=first.line, key=first.key)
    err.reasons = exc.reasons
    err.code = str(first.code)
    return err


def _engine_failure(scenario: Scenario, exc: Exception) -> ScenarioError:
    """A one-line error for an engine that crashed on a scenario, naming where (a bug in judge)."""
    where = ""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        where = f" at {Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}"
    return ScenarioError(f"the {scenario.game} engine failed on this scenario ({type(exc).__name__}{where}: "
                         f"{exc}) — a bug in judge, not in the file; please report it", file=scenario.path)


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


def unknown_citations(outcome: Outcome, book) -> list[str]:
    """Citations of the outcome that the rulebook does not hold, among the chapters/pages it does hold."""
    if book.format == "numbered":
        chapters = {rid.split(".")[0] for rid in book.rules}
        return [c for c in outcome.citations() if c not in book.rules and c.split(".")[0] in chapters]
    pages = {rid.split("/")[0] for rid in book.rules}
    return [c for c in outcome.citations() if c not in book.rules and c.split("/")[0] in pages]
