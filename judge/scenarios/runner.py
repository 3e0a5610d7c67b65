"""The scenario runner: choose the rulebook, hand the scenario to its game's engine, compare with ``[expect]``.

The runner does not know which game it runs: ``[scenario] game = "fab"`` selects the registered game
(:mod:`judge.games`), whose engine (:class:`judge.engine.core.Engine`) provides ``validate(scenario, book)``
and ``play(scenario, book) -> Outcome``. The format is documented in docs/scenario-format.md.
"""

from __future__ import annotations

import re
import weakref
from pathlib import Path

from judge import games
from judge.engine import citations
from judge.engine.core import InvalidScenario, Outcome, Reason, compare
from judge.errors import JudgeError, ScenarioError
from judge.scenarios.files import (Scenario, find_scenarios, invalid_error, load, loads, parse_cache,
                                   raise_shape_problems, save_named_cards)

__all__ = ["Rulebooks", "Scenario", "check", "engine_of", "find_scenarios", "load", "loads", "parse_cache", "play",
           "resolve_file", "rulebook_for", "unknown_citations", "validate", "validate_files"]


def check_shapes(scenario: Scenario, engine) -> None:
    """The shapes the game's engine declares for its keys (``engine.SHAPE``), checked before it reads them."""
    from judge.engine import shapes

    shape = getattr(engine, "SHAPE", None)
    if shape is not None:
        raise_shape_problems(scenario, shapes.check(scenario.data, shape, bounded=scenario.bounded))


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


def _check_file(scenario: Scenario, engine, book) -> None:
    """Shapes and words depend only on the file and the rules document: checked once per loaded scenario and
    document (a scenario played again and again, as the benchmark does, is not checked again)."""
    if scenario.__dict__.get("_checked_against") is book:
        return
    check_shapes(scenario, engine)
    check_words(scenario, engine, book)
    scenario.__dict__["_checked_against"] = book


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
    # per rulebook and engine: the known words of each category and the verdict on each unknown word, so
    # that a run of many scenarios folds and compares each word once
    memo = vocab.__dict__.setdefault("_checks", {}).setdefault(id(engine), {})
    reasons = []
    for pattern, category in patterns.items():
        known = memo.get(category)
        if known is None:
            known = dict(vocab.words.get(category, {}))
            for w, rule in extra.get(category, {}).items():
                known.setdefault(vocabulary.fold(w), rule)
            memo[category] = known
        for key, word, respell in _declared_words(scenario.data, pattern):
            number = re.search(r"\s+-?\d+$", word)                       # "arcane barrier 1"
            folded = vocabulary.fold(word[: number.start()] if number else word)
            if folded in known:
                if folded != word.lower().strip() and not number:
                    respell(folded)      # "defence reaction" is the document's "defense reaction"
                continue
            spelled = bool(known) and vocab.knows(category) or category in extra
            verdict = (category, folded)
            if verdict not in memo:
                pool = known if spelled else {**vocab.words.get("terms", {}), **known}
                near = vocabulary.Vocabulary()
                near.words["pool"] = pool
                memo[verdict] = near.nearest(folded, ["pool"])
            close = memo[verdict]
            what = category[:-1] if category.endswith("s") else category
            hint = f" (did you mean {close[0]!r}{', ' + close[1] if close[1] else ''}?)" if close else ""
            if spelled:
                reasons.append(scenario.reason("unknown-word", f"{word!r} is not a {what} {book.cite_prefix} defines"
                                               f"{hint}", key))
            elif close and close[0] != folded:
                reasons.append(scenario.reason("unknown-word", f"{word!r} is not a word {book.cite_prefix} defines"
                                               f"{hint}", key))
    if reasons:
        raise invalid_error(scenario, InvalidScenario(reasons))


# ---------------------------------------------------------------------------------------------------------
# which rulebook a scenario is judged under
# ---------------------------------------------------------------------------------------------------------

def rulebook_for(scenario: Scenario):
    """The rules document a scenario is judged under, by default: its game's document at the version its
    ``rules`` names (the preferred one when several), else its game's newest document.

    This is the one rule of choice; :class:`Rulebooks` applies it (or an override) once per document in a run.
    """
    from judge.rulebook import store

    return store.load(_document_for(scenario))


def _document_for(scenario: Scenario):
    """The store's reference of the document :func:`rulebook_for` chooses (not loaded)."""
    from judge.rulebook import store

    docs = [d for d in store.list_documents() if d.game == scenario.game]
    if scenario.rules:
        same = [d for d in docs if d.version == scenario.rules]
        if same:
            return max(same, key=store.DocRef.sort_key)
    return store.resolve(None, scenario.game)


class Rulebooks:
    """Which rulebook each scenario of a run is judged under, each document loaded once per run.

    With ``book``, or ``rules`` (a document name, version or path: ``judge resolve --rules``, resolved
    within ``game`` when given), every scenario is judged under that one document, loaded at once so that
    a bad selector is one error before anything is played. Otherwise each scenario gets
    :func:`rulebook_for`, cached by (game, version).
    """

    def __init__(self, rules: str | None = None, book=None, game: str | None = None):
        if book is None and rules:
            from judge.rulebook import store

            book = store.load(store.resolve(rules, game))
        self.fixed = book
        self._loaded: dict[tuple[str, str], object] = {}

    def __call__(self, scenario: Scenario):
        """The rulebook ``scenario`` is judged under."""
        if self.fixed is not None:
            return self.fixed
        key = (scenario.game, scenario.rules)
        book = self._loaded.get(key)
        if book is None:
            from judge.rulebook import store

            ref = _document_for(scenario)   # two versions named may fall back to one document: loaded once
            book = self._loaded.get(("doc", ref.name, ref.home))
            if book is None:
                book = store.load(ref)
            self._loaded[key] = self._loaded[("doc", ref.name, ref.home)] = book
        return book


# ---------------------------------------------------------------------------------------------------------
# validating and playing one scenario
# ---------------------------------------------------------------------------------------------------------

def engine_of(scenario: Scenario):
    """The engine of the scenario's game (:class:`judge.engine.core.Engine`), imported on first use.

    Raises ImportError when the game's engine package cannot be imported.
    """
    from judge.engine import registry

    engine = registry.engine(games.get(scenario.game).id)
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
    _check_file(scenario, engine, book)
    try:
        outcome = engine.play(scenario, book)
    except JudgeError:
        raise
    except InvalidScenario as exc:
        raise invalid_error(scenario, exc) from None
    except Exception as exc:   # a bug in an engine must not end in a traceback for the user
        raise _engine_failure(scenario, exc) from None
    try:   # every citation as the judged document numbers it (the registry locates it by its words)
        citations.apply(outcome, book)
    except citations.UnlocatedCitation as exc:
        err = ScenarioError(exc.message, file=scenario.path, key="scenario.rules")
        err.since = getattr(exc, "since", None)   # a mechanism only a later version defines
        raise err from None
    outcome.defer_keys(lambda out: citations.key_citations(out, book, _names(scenario)))   # worked out when read
    outcome.mismatches = compare(scenario.expect, outcome.facts)
    wanted = list(scenario.expect.get("cites", []))
    if scenario.example_of and scenario.example_of not in wanted:
        wanted.append(scenario.example_of)   # a scenario encoding a CR example must cite the rule it illustrates
    if scenario.rules and scenario.rules != book.version:   # the file's citations, located like the engine's
        wanted = citations.repoint_all(scenario.game, wanted, book)
    have = outcome.cited_so_far()
    if any(c not in have for c in wanted):   # one only a key citation gives?
        have = set(outcome.citations())
    outcome.missing_cites = [c for c in wanted if c not in have]
    return outcome


def _names(scenario: Scenario) -> list[str]:
    """The names a scenario gives its cards, heroes and players (not read as keywords in its answer)."""
    names = []
    for table in ("cards", "players"):
        for handle, entry in (scenario.data.get(table) or {}).items():
            names.append(str(handle))
            if isinstance(entry, dict):
                names += [str(entry[k]) for k in ("name", "hero", "card") if isinstance(entry.get(k), str)]
    return names


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


# ---------------------------------------------------------------------------------------------------------
# runs over files: one scenario, --check, --validate
# ---------------------------------------------------------------------------------------------------------

def resolve_file(path: str | Path, books: Rulebooks | None = None):
    """Load and play one scenario file: ``(scenario, rulebook, outcome)``. Raises :class:`ScenarioError`."""
    books = books or Rulebooks()
    scenario = load(path)
    book = books(scenario)
    return scenario, book, play(scenario, book)


def check(paths, books: Rulebooks | None = None) -> list[dict]:
    """Play every scenario file and compare it with its ``[expect]`` (``judge resolve --check``).

    One row per file: ``file``, ``title``, ``passed``, ``problems`` (mismatches, missing citations, or the
    one-line error of a file that cannot be played) and ``steps``. ``passed`` is None for a file not judged: it
    names a rules version the store does not hold and uses a mechanism only that version defines (the document it
    fell back to does not), so it can be neither passed nor failed. Each rulebook is loaded once. The files
    are read here; from :data:`PARALLEL_MIN_SCENARIOS` on they are played by forked worker processes (one
    per core, at most 4) which inherit what was read, loaded and imported; the rows come back in order.
    A file judged before under the same text, document and code is not played: its row is read from the
    judged-outcome cache (:mod:`judge.scenarios.judged`).
    """
    from judge.cards.data import listing_held
    from judge.scenarios.judged import Judged

    with listing_held():   # the imported card data listed once for the run, not at every named card
        return _check(paths, books or Rulebooks(), Judged("check"))


def _check(paths, books: Rulebooks, kept) -> list[dict]:
    """:func:`check` with its rulebooks and the judged-outcome cache ``kept`` (rows judged before under the same
    file, document and code)."""
    work, engines, rows, keys = [], set(), [], []
    with parse_cache():
        for path in paths:
            try:
                scenario = load(path)
                book = books(scenario)
            except JudgeError as exc:
                rows.append(_check_row((path, None, None, str(exc))))
                continue
            key = kept.key(path, judged_text(scenario, book), book)
            row = kept.get(key)
            if row is not None:
                rows.append(row)
                continue
            try:
                engine_of(scenario)   # imported once, before any fork
                engines.add(scenario.game)
            except ImportError:
                pass                  # raised again where it is played, as it always was
            rows.append(None)
            keys.append(key)
            work.append((path, scenario, book, None))
    if len(work) >= PARALLEL_MIN_SCENARIOS:
        _prepare(work, engines)
    played = zip(keys, _checked(work))
    for i, row in enumerate(rows):
        if row is None:
            key, rows[i] = next(played)
            kept.put(key, rows[i])
    kept.save()
    save_named_cards()   # and the cards compiled as they were played (tokens, back faces), for the next run
    return rows


def _prepare(work: list, engines: set) -> None:
    """Work out before the fork what every worker would otherwise work out again for itself: where each
    registered citation stands in each document, the key-citation patterns (a row needs key citations only
    for a rule the file expects that only they give), the documents' vocabulary and the cards the files
    name, compiled."""
    from judge.engine import citations
    from judge.rulebook import vocabulary

    for game, book in {(s.game, b): None for _, s, b, _ in work if s is not None and s.game in engines}:
        citations.prepare(game, book)
        vocabulary.of_book(book)
    named = [t for _, s, _, _ in work if s is not None for t in _card_tables(s.data.get("cards"))]
    if named:
        from judge.cards import scenario   # the card compiler: each named card compiled once, here

        scenario.precompile(named)


def _card_tables(value) -> list[dict]:
    """Every table below ``value`` (a file's ``[cards]``) that names a printed card (``card = "NAME"``): the
    cards themselves, and the back faces and created tokens their tables name."""
    found, stack = [], [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("card"), str):
                found.append(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


PARALLEL_MIN_SCENARIOS = 100
"""From this many scenarios on, ``--check`` plays them in forked worker processes where the platform can fork
and there are several cores; below it, one process plays all."""

_WORK: list = []   # the scenarios being checked, inherited by forked workers


def _checked(work: list):
    """The row of each (path, scenario, rulebook, error) of ``work``, in order (see :func:`check`)."""
    from judge import forked

    global _WORK
    _WORK = work
    try:
        yield from forked.ordered_map(_check_index, len(work), PARALLEL_MIN_SCENARIOS, chunksize=8)
    finally:
        _WORK = []


def _check_index(i: int) -> dict:
    return _check_row(_WORK[i])


def _check_row(item) -> dict:
    """Play one loaded scenario and compare it with its ``[expect]``: its row of :func:`check`."""
    path, scenario, book, error = item
    if error is None:
        try:
            outcome = play(scenario, book)
            problems = outcome.mismatches + [f"missing citation {c}" for c in outcome.missing_cites]
            return {"file": str(path), "title": scenario.title, "passed": outcome.passed, "problems": problems,
                    "steps": len(outcome.trace)}
        except JudgeError as exc:
            if not_judged(scenario, book, exc):
                return {"file": str(path), "title": scenario.title, "passed": None, "problems": [
                    f"not judged: the file names rules {scenario.rules}, which the store does not hold, and it uses "
                    f"a mechanism only {exc.since} defines ({exc.message.split(' (', 1)[0]}); import that document "
                    f"to judge it (judge rules import FILE --game {scenario.game} --version {scenario.rules})"], "steps": 0}
            error = str(exc)
    return {"file": str(path), "title": "", "passed": False, "problems": [error], "steps": 0}


def judged_text(scenario: Scenario, book) -> str:
    """What a kept judgement of ``scenario`` under ``book`` rests on besides the document and the code: its text,
    and, judged under another version than it names, whether the store holds that version (a file the store
    cannot judge under its own version is not judged, :func:`not_judged`, until that document is imported)."""
    if not scenario.rules or scenario.rules == book.version:
        return scenario.text
    from judge.rulebook import store

    held = any(d.game == scenario.game and d.version == scenario.rules for d in store.list_documents())
    return f"{scenario.text}\0store holds {scenario.rules}: {held}"


def not_judged(scenario: Scenario, book, exc) -> bool:
    """Could this scenario not be judged only because the store lacks the version it names? It names a
    version (``rules``) that defines the mechanism the document it fell back to lacks (``exc.since``), and
    the store holds no document of that version (neither passed nor failed: ``judge resolve --check``,
    ``judge rulings``)."""
    from judge.rulebook.model import format_version_key

    from judge.rulebook import store

    since = getattr(exc, "since", None)
    return bool(since and scenario.rules and scenario.rules != book.version
                and format_version_key(scenario.rules) >= format_version_key(since)
                and not any(d.game == scenario.game and d.version == scenario.rules for d in store.list_documents()))


def validate_files(paths, books: Rulebooks | None = None) -> list[dict]:
    """Validate every scenario file without playing it (``judge resolve --validate``).

    One row per file: ``file``, ``title``, ``game``, ``rules`` (the citation prefix of the document it is
    judged under), ``valid`` and ``reasons`` (:class:`Reason` objects; a file that does not load gives
    one reason, code ``invalid``).
    """
    from judge.cards.data import listing_held

    books = books or Rulebooks()
    rows = []
    with parse_cache(), listing_held():
        for path in paths:
            row = {"file": str(path), "title": "", "game": "", "rules": "", "valid": False, "reasons": []}
            try:
                scenario = load(path)
                book = books(scenario)
                row.update(title=scenario.title, game=scenario.game, rules=book.cite_prefix)
                reasons = validate(scenario, book)
            except JudgeError as exc:   # the file's shape: its reasons, or the one-line error of a file that does not load
                reasons = list(getattr(exc, "reasons", None) or [Reason("invalid", exc.message, key=exc.key,
                                                                        line=exc.line)])
            row["valid"] = not reasons
            row["reasons"] = reasons
            rows.append(row)
    return rows


def unknown_citations(outcome: Outcome, book) -> list[str]:
    """Citations of the outcome that the rulebook does not hold, among the chapters/pages it does hold."""
    if book.format == "numbered":   # the document's chapters are gathered once (Rulebook.is_outside)
        return [c for c in outcome.citations() if c not in book.rules and not book.is_outside(c)]
    pages = _PAGES.get(book)
    if pages is None:
        pages = _PAGES[book] = frozenset(rid.split("/")[0] for rid in book.rules)
    return [c for c in outcome.citations() if c not in book.rules and c.split("/")[0] in pages]


_PAGES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # rulebook → the pages it holds
