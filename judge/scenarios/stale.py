"""Stale citations: which scenarios cite rules that changed in a newer version of their rules document.

A scenario is a ruling made under one version (``[scenario] rules = "2.10.1"``). It cites rules three ways:
its ``[expect] cites``, its ``example_of``, and every citation the engine's explanation makes when it plays
the scenario under that version. :func:`check` compares each of those rules with a newer version through
:func:`judge.rulebook.diff.diff` and reports every one that was

* **reworded** – same id, other text. :attr:`StaleCitation.cosmetic` marks a rewording that only changes
  punctuation, letter case or where a reference stands (the same words in the same order); such a
  rewording does not make the ruling stale unless ``strict`` is set;
* **moved** – renumbered: the text now stands under :attr:`StaleCitation.new_id`. When the old id now
  names another rule, :attr:`StaleCitation.reused` is set: the citation would silently point at it;
* **removed** – no rule of the new version continues it;
* **unknown** – not in the scenario's own version at all (a broken citation).

When the scenario's version is an embedded excerpt (the seeds), the rules of chapters or pages it does not
hold cannot be compared: they are listed as :attr:`ScenarioCheck.not_compared`, not counted.

A change a judge has reviewed (``rules/reviews``: :mod:`judge.scenarios.reviews`, bound to the two texts) as
leaving the ruling standing is not a reason to list the scenario again; ``--all`` shows it with the review.

Then the scenario is played again under the new version (where the game has an engine): does it still pass,
and does every citation of that run exist in the new document? A run that passed under the scenario's own
version and fails under the new one, or that cites a rule the new document does not hold, makes the
scenario stale too.
"""

from __future__ import annotations

import weakref

from judge import games
from judge.scenarios import runner as sc
from judge.errors import JudgeError, UnknownRuleError
from judge.rulebook.model import Rulebook

SOURCES = ("cites", "example_of", "explanation")
"""Where a scenario cites a rule: ``[expect] cites``, ``[scenario] example_of``, the engine's explanation."""


class StaleCitation:
    """One rule a scenario cites that is not the same in the new version.

    ``kind`` is ``reworded``, ``moved``, ``removed`` or ``unknown``; ``new_id`` the rule's id in the new
    version (None when removed or unknown); ``change`` the :class:`judge.rulebook.diff.Change` (None for
    unknown); ``sources`` a subset of :data:`SOURCES`, in that order.
    """

    __slots__ = ("rule_id", "kind", "new_id", "change", "sources", "reused", "review")

    def __init__(self, rule_id, kind, new_id=None, change=None, sources=(), reused=False):
        self.rule_id = rule_id
        self.kind = kind
        self.new_id = new_id
        self.change = change
        self.sources = list(sources)
        self.reused = reused
        self.review = None   # a judge's verdict on this change that covers the scenario (judge.scenarios.reviews)

    @property
    def fingerprint(self) -> str | None:
        """The change's fingerprint, which a review names (None when there is no change to name)."""
        from judge.scenarios.reviews import fingerprint

        return fingerprint(self.change) if self.change is not None else None

    @property
    def cosmetic(self) -> bool:
        """A rewording under the same id that only changes punctuation, case or reference placement."""
        return self.kind == "reworded" and self.change is not None and self.change.cosmetic

    def counts(self, strict: bool = False) -> bool:
        """Does this citation make its scenario stale? (Cosmetic rewordings only when ``strict``.)"""
        return strict or not self.cosmetic

    @property
    def declared(self) -> bool:
        """Cited by the scenario file itself (``cites`` or ``example_of``), not only by the explanation."""
        return any(s != "explanation" for s in self.sources)

    def detail(self) -> str:
        """What changed, in a few words: ``text; similarity 96%``, ``punctuation/case only``."""
        change = self.change
        if change is None or not change.parts:
            return ""
        notes = [", ".join(change.parts)]
        if change.cosmetic:
            notes.append("punctuation/case only")
        elif change.similarity is not None and change.similarity < 100:
            notes.append(f"similarity {int(change.similarity)}%")
        return "; ".join(notes)

    def to_dict(self) -> dict:
        """As data; ``diff`` holds the word diff of each changed part, ``…[-old-]{+new+}…``."""
        from judge.rulebook.diff import inline

        change = self.change
        out = {"id": self.rule_id, "kind": self.kind, "new_id": self.new_id, "sources": self.sources,
               "cosmetic": self.cosmetic, "reused": self.reused, "parts": [], "similarity": None, "diff": {},
               "fingerprint": self.fingerprint,
               "review": self.review.to_dict() if self.review is not None else None}
        if change is not None and change.old is not None and change.new is not None:
            out["parts"] = list(change.parts)
            out["similarity"] = round(change.similarity, 1) if change.similarity is not None else None
            out["diff"] = {p: inline(segments) for p, segments in change.diffs.items()}
        return out

    def __repr__(self) -> str:
        arrow = f" → {self.new_id}" if self.kind == "moved" else ""
        return f"StaleCitation({self.rule_id} {self.kind}{arrow})"


class Run:
    """One play of a scenario under one version: passed or not, why, and citations the document lacks.

    ``error`` is set (and ``passed`` is None) when the engine could not play it; ``played`` is False when
    the game has no engine.
    """

    __slots__ = ("version", "played", "passed", "error", "mismatches", "missing_cites", "unknown", "citations",
                 "answer", "keys")

    def __init__(self, version, played=True, passed=None, error=None, mismatches=(), missing_cites=(),
                 unknown=(), citations=(), answer=(), keys=()):
        self.version = version
        self.played = played
        self.passed = passed
        self.error = error
        self.mismatches = list(mismatches)
        self.missing_cites = list(missing_cites)
        self.unknown = list(unknown)
        self.citations = list(citations)
        self.answer = list(answer)   # the answer's sentences
        self.keys = list(keys)       # per sentence, its key citations (the rules a judge quotes)

    def to_dict(self) -> dict:
        """As data: version, played, passed, error, mismatches, missing and unknown citations."""
        return {"version": self.version, "played": self.played, "passed": self.passed, "error": self.error,
                "mismatches": self.mismatches, "missing_cites": self.missing_cites,
                "unknown_citations": self.unknown, "answer": self.answer, "key_cites": self.keys}


class ScenarioCheck:
    """The stale citations of one scenario and its runs under its own version and the new one."""

    def __init__(self, path, scenario, old: Rulebook, new: Rulebook, citations, old_run: Run, new_run: Run):
        self.path = str(path)
        self.scenario = scenario
        self.old = old
        self.new = new
        self.citations: list[StaleCitation] = citations
        self.old_run = old_run
        self.new_run = new_run
        # cited rules of chapters/pages the scenario's version (an excerpt) lacks: not compared
        self.not_compared: list[str] = []

    def counted(self, strict: bool = False) -> list[StaleCitation]:
        """The citations that make the scenario stale."""
        return [c for c in self.citations if c.counts(strict)]

    def cosmetic(self) -> list[StaleCitation]:
        """The rewordings that only change punctuation, case or reference placement."""
        return [c for c in self.citations if c.cosmetic]

    @property
    def regressed(self) -> bool:
        """Passed under its own version, does not pass (or cannot be played) under the new one."""
        return self.old_run.passed is True and self.new_run.played and self.new_run.passed is not True

    def stale(self, strict: bool = False) -> bool:
        """Is the scenario stale: a counted citation, a regression, or an unknown citation in the re-run?"""
        return bool(self.counted(strict)) or self.regressed or bool(self.new_run.unknown)

    @property
    def key_rules(self) -> list[str]:
        """The rules the ruling rests on: its ``cites`` and ``example_of``, and the key citations of its
        answer under its own version (the rules a judge quotes), in that order."""
        keys = list(cited_rules(self.scenario))
        keys += [k for line in self.old_run.keys for k in line]
        return list(dict.fromkeys(keys))

    def key_changes(self, strict: bool = False, reviewed: bool = False) -> list[StaleCitation]:
        """The counted changes (:meth:`counted`) of key rules that touch what the rule says: its text or title
        reworded (not only punctuation or case; not only its examples or notes), renumbered, or removed —
        those a judge has not reviewed as leaving this ruling standing (with ``reviewed``: only those)."""
        keys = set(self.key_rules)
        return [c for c in self.counted(strict) if c.rule_id in keys and (c.review is not None) == reviewed and
                (c.kind != "reworded" or c.change is None or {"text", "title"} & set(c.change.parts))]

    @property
    def answer_changed(self) -> bool:
        """Judged under the new version, does the answer read differently, or cite other key rules than its
        own version's answer did (renumbered to the new version's ids)?"""
        old, new = self.old_run, self.new_run
        if old is new or not new.played or new.error is not None or old.error is not None:
            return False
        return old.answer != new.answer or [[self.new_id(k) for k in line] for line in old.keys] != new.keys

    def new_id(self, rule_id: str) -> str:
        """A rule id of the scenario's version as the new version numbers it (itself when not renumbered)."""
        for c in self.citations:
            if c.rule_id == rule_id and c.kind == "moved":
                return c.new_id
        return rule_id

    def review(self, strict: bool = False) -> list[str]:
        """Why a judge should look at this ruling again under the new version (empty: nothing to act on):
        it no longer passes, its answer changed, a key rule changed in meaning (not only in punctuation or
        case), or it cites a rule the new version lacks. Rules that only its steps cite are not reasons."""
        why = []
        if self.regressed:
            why.append("no longer passes")
        if self.answer_changed:
            why.append("answer changed")
        if self.key_changes(strict):
            why.append("key rule changed")
        if self.new_run.unknown:
            why.append("cites a rule the new version lacks")
        return why

    def to_dict(self, strict: bool = False) -> dict:
        """As data: the scenario, its citations (each marked counted or not), its runs and what was not compared."""
        return {"file": self.path, "title": self.scenario.title, "game": self.scenario.game,
                "rules": self.old.version, "document": self.old.name, "stale": self.stale(strict),
                "citations": [c.to_dict() | {"counted": c.counts(strict)} for c in self.citations],
                "regressed": self.regressed, "run": self.old_run.to_dict(), "rerun": self.new_run.to_dict(),
                "review": self.review(strict), "key_rules": self.key_rules,
                "key_changes": [c.rule_id for c in self.key_changes(strict)],
                "reviewed": [c.rule_id for c in self.key_changes(strict, reviewed=True)],
                "answer_changed": self.answer_changed,
                "not_compared": self.not_compared}


class StaleReport:
    """Every scenario checked against one new version."""

    def __init__(self, new: Rulebook, checks: list[ScenarioCheck], strict: bool = False):
        self.new = new
        self.checks = checks
        self.strict = strict

    @property
    def stale(self) -> list[ScenarioCheck]:
        """The checks of the scenarios that are stale."""
        return [c for c in self.checks if c.stale(self.strict)]

    @property
    def to_review(self) -> list[ScenarioCheck]:
        """The scenarios a judge should act on (:meth:`ScenarioCheck.review`)."""
        return [c for c in self.checks if c.review(self.strict)]

    def counts(self) -> dict:
        """Stale scenarios, counted citations per kind, and cosmetic rewordings not counted."""
        kinds = {"moved": 0, "removed": 0, "reworded": 0, "unknown": 0}
        for check in self.checks:
            for c in check.counted(self.strict):
                kinds[c.kind] += 1
        return {"scenarios": len(self.checks), "stale": len(self.stale),
                "up_to_date": len(self.checks) - len(self.stale), "citations": kinds,
                "cosmetic": sum(len(c.cosmetic()) for c in self.checks),
                "regressed": sum(1 for c in self.checks if c.regressed),
                "review": len(self.to_review),
                "answer_changed": sum(1 for c in self.checks if c.answer_changed),
                "key_changed": sum(1 for c in self.checks if c.key_changes(self.strict)),
                "reviewed": sum(1 for c in self.checks if c.key_changes(self.strict, reviewed=True)
                                and not c.review(self.strict)),
                "unknown_in_rerun": sum(1 for c in self.checks if c.new_run.unknown)}

    def frequent(self, n: int = 5) -> list[tuple[str, int]]:
        """The stale rules cited by the most scenarios: ``[(rule id, scenarios), …]``."""
        tally: dict[str, int] = {}
        for check in self.checks:
            for c in check.counted(self.strict):
                tally[c.rule_id] = tally.get(c.rule_id, 0) + 1
        return sorted(tally.items(), key=lambda kv: -kv[1])[:n]

    def to_dict(self) -> dict:
        """As data (``judge stale --json``): the new version, the counts and every scenario."""
        return {"against": {"name": self.new.name, "game": self.new.game, "version": self.new.version,
                            "citation": self.new.cite_prefix},
                "strict": self.strict, "counts": self.counts(),
                "scenarios": [c.to_dict(self.strict) for c in self.checks]}


# ---------------------------------------------------------------------------------------------------------
# checking
# ---------------------------------------------------------------------------------------------------------

def imported_version(game: str, version: str, scenario=None) -> Rulebook:
    """The document of ``game`` at ``version`` a scenario's ruling was made under: the imported one (the
    preferred one when there are several), else the embedded excerpt of that version (the seeds: the Grand
    Archive and Marvel Champions scenarios name ``rules = "seed"``). Only the chapters or pages an excerpt
    holds are compared (:func:`outside`). Raises a one-line :class:`JudgeError` pointing at the scenario's
    ``rules`` key when no document has that version.
    """
    from judge.rulebook import store

    docs = [d for d in store.list_documents() if d.game == game]
    same = [d for d in docs if d.version == version]
    if same:
        return store.load(max(same, key=store.DocRef.sort_key))
    name = f"{games.cite_prefix(game)} {version}"
    have = ", ".join(sorted({d.version for d in docs})) or "none"
    message = (f"{name} is not imported ({games.name(game)} versions: {have}); import it with "
               f"'judge rules import FILE --game {game} --version {version}'")
    if scenario is not None:
        raise scenario.error(message, "scenario.rules")
    raise JudgeError(message)


def outside(book: Rulebook, rule_id: str) -> bool:
    """A rule of a chapter (numbered ids) or page (slug ids) the document does not hold at all: the
    document is an excerpt (the embedded seeds) and cannot say what became of it."""
    if rule_id in book.rules:
        return False
    if book.format == "numbered":
        return book.is_outside(rule_id)
    return rule_id.split("/", 1)[0] not in _pages(book)


_PAGES: "weakref.WeakKeyDictionary[Rulebook, frozenset]" = weakref.WeakKeyDictionary()


def _pages(book: Rulebook) -> frozenset:
    """The page (or entry) slugs a slug-id document holds, computed once per document."""
    pages = _PAGES.get(book)
    if pages is None:
        pages = _PAGES[book] = frozenset(rid.split("/", 1)[0] for rid in book.rules)
    return pages


def engine_available(game: str) -> bool:
    """Does this game have an engine package that imports (can its scenarios be played)?"""
    registered = games.GAMES.get(game)
    if registered is None or not registered.has_engine:
        return False
    from judge.engine import registry

    try:
        registry.engine(game)
    except ImportError:
        return False
    return True


def _error_text(exc: JudgeError) -> str:
    where = f"line {exc.line}: " if exc.line else ""
    key = f"[{exc.key}] " if exc.key else ""
    return f"{where}{key}{exc.message}"


def play(scenario, book: Rulebook) -> Run:
    """Play ``scenario`` under ``book``; a scenario the engine cannot play gives a :class:`Run` with ``error``."""
    if not engine_available(scenario.game):
        return Run(book.version, played=False)
    try:
        outcome = sc.play(scenario, book)
    except JudgeError as exc:
        return Run(book.version, error=_error_text(exc))
    return Run(book.version, passed=outcome.passed, mismatches=outcome.mismatches,
               missing_cites=outcome.missing_cites, unknown=sc.unknown_citations(outcome, book),
               citations=outcome.citations(), answer=[text for text, _ in outcome.summary],
               keys=[outcome.key_cites(i) for i in range(len(outcome.summary))])


def cited_rules(scenario, run: Run | None = None) -> dict[str, list[str]]:
    """Every rule id the scenario cites → where (:data:`SOURCES`), in the order first cited."""
    out: dict[str, list[str]] = {}

    def add(rule_id, source):
        if isinstance(rule_id, str) and rule_id:
            where = out.setdefault(rule_id, [])
            if source not in where:
                where.append(source)

    add(scenario.example_of, "example_of")   # the rule the scenario illustrates comes first
    cites = scenario.expect.get("cites", [])
    for rule_id in [cites] if isinstance(cites, str) else cites if isinstance(cites, list) else []:
        add(rule_id, "cites")
    for rule_id in run.citations if run is not None else ():
        add(rule_id, "explanation")
    return {rule_id: sorted(where, key=SOURCES.index) for rule_id, where in out.items()}


def stale_citations(cited: dict[str, list[str]], change) -> list[StaleCitation]:
    """What became of each cited rule in the new version, for those that are not unchanged.

    ``change`` is the :class:`judge.rulebook.diff.Diff` from the scenario's version to the new one.
    """
    out = []
    for rule_id, sources in cited.items():
        if outside(change.old, rule_id):
            continue   # the scenario's version is an excerpt without this rule's chapter or page
        try:
            status = change.status(rule_id)
        except UnknownRuleError:
            out.append(StaleCitation(rule_id, "unknown", sources=sources))
            continue
        if status.kind == "unchanged":
            continue
        reused = status.kind in ("moved", "removed") and change.new.get(rule_id) is not None
        out.append(StaleCitation(rule_id, status.kind, status.new_id, status.change, sources, reused))
    return out


def _same_document(a: Rulebook, b: Rulebook) -> bool:
    return a.name == b.name and a.version == b.version and a.files == b.files


def check(paths, new: Rulebook, strict: bool = False, reviews=None) -> StaleReport:
    """Check scenario files against the new version ``new`` (see the module docstring).

    ``reviews``: a folder of review files (:func:`judge.scenarios.reviews.load`; by default the one beside the
    embedded documents), or (rule id, fingerprint) → :class:`judge.scenarios.reviews.Review` itself.

    Every file is loaded and its game and ``rules`` version checked before anything is played: a file that
    does not load, a scenario of another game than ``new``'s, or one whose version is not imported raises
    a one-line :class:`JudgeError`.
    """
    from judge.cards.data import listing_held

    with sc.parse_cache(), listing_held():   # unchanged files not parsed again, the card data listed once
        return _check(paths, new, strict, reviews)


def _check(paths, new: Rulebook, strict: bool, reviews) -> StaleReport:
    """:func:`check`, inside the run's parse cache and card data listing."""
    from judge.rulebook.diff import diff
    from judge.scenarios import reviews as rv

    loaded: dict[str, dict] = {}

    def reviews_of(game: str, version: str) -> dict:
        if isinstance(reviews, dict):
            return reviews
        if version not in loaded:
            loaded[version] = rv.load(game, version, new.version, reviews)
        return loaded[version]

    scenarios = []
    for path in paths:
        s = sc.load(path)
        if s.game != new.game:
            raise s.error(f"a {games.name(s.game)} scenario cannot be checked against "
                          f"{new.cite_prefix} ({games.name(new.game)})", "scenario.game")
        if not s.rules:
            raise s.error("no rules version: set [scenario] rules to the version the ruling was made under",
                          "scenario")
        scenarios.append((path, s))
    books: dict[str, Rulebook] = {}
    for _path, s in scenarios:
        if s.rules not in books:
            books[s.rules] = imported_version(s.game, s.rules, s)
    diffs = {}
    checks = []
    for path, s in scenarios:
        old = books[s.rules]
        same = _same_document(old, new)
        old_run = play(s, old)
        new_run = old_run if same else play(s, new)
        citations = []
        if not same:
            if s.rules not in diffs:
                diffs[s.rules] = diff(old, new)
            citations = stale_citations(cited_rules(s, old_run), diffs[s.rules])
            citations.sort(key=lambda c: not c.declared)   # the ruling's own citations first
            _mark_reviewed(citations, path, reviews_of(s.game, old.version))
        check_ = ScenarioCheck(path, s, old, new, citations, old_run, new_run)
        if not same:
            check_.not_compared = [r for r in cited_rules(s, old_run) if outside(old, r)]
        checks.append(check_)
    return StaleReport(new, checks, strict)


def _mark_reviewed(citations: list[StaleCitation], path, reviews: dict) -> None:
    """Attach to each changed citation the judge's review of that very change that covers this scenario."""
    for c in citations:
        if c.change is not None and reviews:
            review = reviews.get((c.rule_id, c.fingerprint))
            if review is not None and review.covers(path):
                c.review = review
