"""What every game engine shares: the Engine interface, the trace of steps with citations, the outcome,
typed reasons and the one "illegal action" signal.

Every game package (``judge.engine.fab``, ``…grand_archive``, ``…marvel_champions``) is an :class:`Engine`:
``validate(scenario, book) -> list[Reason]`` checks the position and the actions a file describes without
playing anything (python-chess's ``Board.status()``), ``play(scenario, book) -> Outcome`` plays it.
The scenario runner (:mod:`judge.scenarios`) reaches the engine of a game through the registry
(:mod:`judge.games`) and never knows which game it runs.

An engine plays a scenario as a sequence of state transitions. Each transition appends a :class:`Step` to
the :class:`Trace`: a plain sentence saying what happened (numbers shown), the rule ids that justify it,
and the state changes it made. The :class:`Outcome` gathers the trace, the facts the scenario's ``[expect]``
table is compared with, and the summary sentences a judge reads.

A scenario that describes an impossible position or an illegal action is not half-run: the engine raises
:class:`InvalidScenario` with a list of :class:`Reason` (code, message, rule, scenario key and line).
"""

from __future__ import annotations

from enum import StrEnum
from operator import itemgetter
from typing import Protocol, runtime_checkable

_PLAIN: dict[tuple, tuple] = {}
_SENTENCE_CITES = itemgetter(1)       # an answer sentence's cited ids


def plain_ids(cites) -> list[str]:
    """Cited rule ids as plain ``str`` (a registry name is a ``str`` subclass), each once, in first-cited order.

    Engines cite the same few sequences again and again (a list of registry names written at the step), so
    each distinct sequence is converted once and kept (a bounded memo: it starts again past 4,096)."""
    key = tuple(cites)
    got = _PLAIN.get(key)
    if got is None:
        if len(_PLAIN) >= 4096:
            _PLAIN.clear()
        got = _PLAIN[key] = tuple(dict.fromkeys(map(str, key)))
    return list(got)


class Step:
    """One transition of the game, with the rules that justify it.

    Its :attr:`cites` are kept as plain rule ids, each once, in first-cited order, however they are given
    (registry names, repeats): what :func:`judge.engine.citations.apply` would make of them, done once here
    rather than over the whole trace after the resolution. Until :attr:`cites` is first read, ``_cites`` is the
    memo's shared tuple (no list made for a step nobody reads the citations of one by one)."""

    __slots__ = ("n", "text", "_cites", "changes", "phase")

    def __init__(self, n, text, cites=(), changes=(), phase=""):
        self.n = n
        self.text = text
        key = tuple(cites)
        got = _PLAIN.get(key)   # plain_ids, inlined
        self._cites = got if got is not None else tuple(plain_ids(key))
        self.changes = list(changes) if changes else []
        self.phase = phase

    @property
    def cites(self) -> list[str]:
        """The rule ids the step cites: plain ids, each once, in first-cited order."""
        got = self._cites
        if got.__class__ is tuple:
            got = self._cites = list(got)
        return got

    @cites.setter
    def cites(self, value):
        """Replace the cited ids (kept plain and once each, as given at creation)."""
        self._cites = plain_ids(value)

    def to_dict(self) -> dict:
        """As data: number, phase, text, cited rules, state changes."""
        return {"n": self.n, "phase": self.phase, "text": self.text, "cites": self.cites, "changes": self.changes}


STEP_BUDGET = 10_000
"""Most steps one resolution may take, in every engine (the project's longest scenario takes a few hundred): a
loop of triggers that never ends (a hero with a million life and a damage effect that triggers itself) stops
with the error "did not terminate in 10,000 steps" in seconds instead of running for minutes."""


def bounded(rounds: int, what: str):
    """``range(rounds)`` for a loop that runs until something happens (players pass until the stack is empty,
    checks repeat until nothing changes) and breaks or returns then: a loop that asks for one more round
    did not terminate, and that is the error "did not terminate in N rounds", never a silent stop."""
    yield from range(rounds)
    raise InvalidScenario([Reason("step-budget", f"{what} did not terminate in {rounds:,} rounds (a loop of "
                                  "triggers or effects that does not end?); judge stops there rather than guess")])


class Trace:
    """The numbered steps of a resolution, in order.

    An engine may add a step as a plain row, ``(text, cites, phase)`` appended to :attr:`rows` (the cheapest
    thing a step can be: most steps of a resolution are never read one by one, as when ``--check`` only asks
    whether a scenario passes); :attr:`steps` makes every row a :class:`Step` (numbered by its place) when it is
    first read, the same Step :meth:`add` would have made then. A row's cites are kept as given (registry
    names, repeats): :meth:`cited_ids` reads them as the set of plain ids they stand for."""

    def __init__(self):
        self.rows: list = []   # Step objects and (text, cites, phase) rows, in order
        self._made = 0         # rows[:_made] are all Step objects
        self.phase = ""

    @property
    def steps(self) -> list[Step]:
        """Every step, in order, as :class:`Step` objects (rows made into Steps here, once)."""
        rows = self.rows
        made = self._made
        if made < len(rows):
            for i in range(made, len(rows)):
                row = rows[i]
                if row.__class__ is tuple:
                    rows[i] = Step(i + 1, row[0], row[1], (), row[2])
            self._made = len(rows)
        return rows

    def add(self, text: str, cites=(), changes=()) -> Step:
        """Append a new step (numbered in order) and return it."""
        return self.append(Step(len(self.rows) + 1, text, cites, changes, self.phase))

    def append(self, step: Step) -> Step:
        """Append a made step, within the :data:`STEP_BUDGET` of every resolution."""
        if len(self.rows) >= STEP_BUDGET:
            raise InvalidScenario([Reason(
                "step-budget", f"the resolution did not terminate in {STEP_BUDGET:,} steps (a loop of triggers or "
                "effects that does not end?); judge stops there rather than run on")])
        self.rows.append(step)
        return step

    def truncate(self, n: int) -> None:
        """Drop every step after the first ``n`` (an illegal action reversed, 1.10.3)."""
        del self.rows[n:]
        if self._made > n:
            self._made = n

    def cited_ids(self) -> set:
        """The rule ids the steps cite, as a set (rows read as they are, without making Steps)."""
        return set().union(*[r._cites if r.__class__ is Step else r[1] for r in self.rows])

    def citations(self) -> list[str]:
        """Every rule id cited, first occurrence order."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for c in step.cites:
                seen[c] = None
        return list(seen)

    def __len__(self):
        return len(self.rows)


class ReasonCode(StrEnum):
    """Why a scenario cannot be played: the one list of reason codes of every engine.

    A code is a string (``ReasonCode.UNKNOWN_KEY == "unknown-key"``), shown in ``--json`` output. An engine
    that needs a new kind of reason adds it here (``tests/test_games.py`` checks that every code an engine
    names is listed).
    """

    ALL_PASSED = "all-passed"
    BAD_ABILITY = "bad-ability"
    BAD_ACTION = "bad-action"
    BAD_COST = "bad-cost"
    BAD_DEFEND_TARGET = "bad-defend-target"
    BAD_EFFECT = "bad-effect"
    BAD_HANDLE = "bad-handle"
    BAD_PAYMENT = "bad-payment"
    BAD_PHASE = "bad-phase"
    BAD_SIDES = "bad-sides"
    BAD_SPEED = "bad-speed"
    BAD_STEP = "bad-step"
    BAD_TARGET = "bad-target"
    BAD_TIMES = "bad-times"
    BAD_TRIGGER = "bad-trigger"
    BAD_UNTIL = "bad-until"
    BAD_ZONE = "bad-zone"
    CANNOT_DERIVE = "cannot-derive"
    CHOOSE_PAYMENT = "choose-payment"
    DECLARE_MODE = "declare-mode"
    DECLARE_X = "declare-x"
    ILLEGAL_ACTION = "illegal-action"
    GAME_OVER = "game-over"
    IMPOSSIBLE = "impossible"
    INVALID = "invalid"
    KEYWORD_VALUE = "keyword-value"
    LATE_DEFEND = "late-defend"
    LISTED_TWICE = "listed-twice"
    MISSING_INTELLECT = "missing-intellect"
    MISSING_TARGET = "missing-target"
    MISSING_X = "missing-x"
    MUST_ATTACK = "must-attack"
    NO_ATTACK = "no-attack"
    NO_CHAMPION_CARD = "no-champion-card"
    NO_INTERCEPT = "no-intercept"
    NO_OPPORTUNITY = "no-opportunity"
    NO_PRIORITY = "no-priority"
    NO_RETALIATION = "no-retaliation"
    NO_STEP = "no-step"
    NO_ZONE = "no-zone"
    NOT_DEFENDING = "not-defending"
    NOT_FUNCTIONAL = "not-functional"
    NOT_UNDERSTOOD = "not-understood"
    ORDER = "order"
    OWNER_ZONE = "owner-zone"
    PLAYERS = "players"
    RANDOM = "random"
    SEATING = "seating"
    SLOW_ACTION = "slow-action"
    SPLIT_CARD = "split-card"
    STEP_BUDGET = "step-budget"
    TWO_COSTS = "two-costs"
    TWO_PLACES = "two-places"
    UNKNOWN_CARD = "unknown-card"
    UNKNOWN_CONDITION = "unknown-condition"
    UNKNOWN_EFFECT = "unknown-effect"
    UNKNOWN_EVENT = "unknown-event"
    UNKNOWN_KEY = "unknown-key"
    UNKNOWN_PLAYER = "unknown-player"
    UNKNOWN_QUANTITY = "unknown-quantity"
    UNKNOWN_TARGET = "unknown-target"
    UNKNOWN_WORD = "unknown-word"
    UNNAMED = "unnamed"
    UNSUPPORTED = "unsupported"
    WRONG_TYPE = "wrong-type"


class Reason:
    """Why a scenario is invalid or an action illegal: a typed reason with its rule and place."""

    __slots__ = ("code", "message", "cite", "key", "line")

    def __init__(self, code, message, cite=None, key=None, line=None):
        try:
            self.code = ReasonCode(code)
        except ValueError:
            raise ValueError(f"unknown reason code {code!r}: add it to ReasonCode in judge/engine/core.py") from None
        self.message = message
        self.cite = cite
        self.key = key
        self.line = line

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        key = f"[{self.key}] " if self.key else ""
        rule = f" ({self.cite})" if self.cite else ""
        return f"{where}{key}{self.message}{rule}"

    def to_dict(self) -> dict:
        """As data: code, message, cite, key, line."""
        return {k: str(self.code) if k == "code" else getattr(self, k) for k in self.__slots__}


class IllegalAction(Exception):
    """An action the rules do not allow, found while playing: the engine reverses it (FaB 1.10.3, GA's
    reversal of an illegal activation, MC's checks of Initiating Abilities) and says why.

    ``cites`` are the rules that forbid it, the first being the main one (:attr:`rule`). Every engine raises
    this type (or a subclass keeping its own constructor), so a caller can catch one type for all games.
    """

    def __init__(self, message: str, cites=()):
        super().__init__(message)
        self.message = message
        self.cites = list(cites)

    @property
    def rule(self) -> str | None:
        """The main rule that forbids the action."""
        return self.cites[0] if self.cites else None

    @property
    def more(self) -> list[str]:
        """The other rules cited beside :attr:`rule`."""
        return self.cites[1:]


class InvalidScenario(Exception):
    """The scenario cannot be played: an impossible position or a malformed description."""

    def __init__(self, reasons: list[Reason]):
        super().__init__("; ".join(str(r) for r in reasons))
        self.reasons = reasons


@runtime_checkable
class Engine(Protocol):
    """What every game's engine package provides (registered in :mod:`judge.games`).

    ``validate`` checks the position and the actions a scenario describes — every problem found, each a
    :class:`Reason` with its key, line and rule — without playing anything: an empty list means the file
    can be played. ``play`` validates, plays and returns the :class:`Outcome`; it raises
    :class:`InvalidScenario` for a scenario ``validate`` rejects, or one whose action turns out impossible
    while playing.
    """

    def validate(self, scenario, book) -> list[Reason]:
        """Every reason the scenario cannot be played, without playing it (``[]`` when it is valid)."""
        ...

    def play(self, scenario, book) -> "Outcome":
        """Play the scenario under ``book`` and return its outcome."""
        ...


class Outcome:
    """The result of playing a scenario: trace, facts, summary, and the comparison with ``[expect]``."""

    def __init__(self, game: str, cite_prefix: str):
        self.game = game
        self.cite_prefix = cite_prefix   # "FaB CR 2.10.1"
        self.trace = Trace()
        self.facts: dict = {}
        self._keying = None   # key citations to work out when first asked for (defer_keys)
        self.summary: list[tuple[str, list[str]]] = []   # (sentence, cites): the key citations first
        self.keys: list[list[str]] = []   # per sentence, its key citations (judge.engine.citations.key_citations)
        self.mismatches: list[str] = []
        self.missing_cites: list[str] = []

    def defer_keys(self, work) -> None:
        """Work out the key citations (``work(outcome)``, which sets :attr:`summary` and :attr:`keys`) only when
        the answer is first read: a run that only asks whether a scenario passes (``--check``) never pays for
        them. Key citations only add to the answer's citations (:meth:`cited_so_far` is a part of them).
        ``work`` is handed the outcome rather than holding it, so an outcome is no reference cycle: its trace
        is freed as soon as it is dropped, not by the cyclic garbage collector."""
        self._keying = work

    def _keyed(self) -> None:
        work, self._keying = self._keying, None
        work(self)

    @property
    def summary(self) -> list[tuple[str, list[str]]]:
        """The answer's sentences, each with its citations, the key citations first."""
        if self._keying is not None:
            self._keyed()
        return self._summary

    @summary.setter
    def summary(self, value):
        """Set the answer's sentences (the engine's report; key citations reorder each one's citations)."""
        self._summary = value

    @property
    def keys(self) -> list[list[str]]:
        """Per sentence of :attr:`summary`, its key citations (judge.engine.citations.key_citations)."""
        if self._keying is not None:
            self._keyed()
        return self._keys

    @keys.setter
    def keys(self, value):
        """Set the key citations of every sentence of :attr:`summary`."""
        self._keys = value

    def cited_so_far(self) -> set[str]:
        """The rule ids the trace and the answer cite before any deferred key citations are worked out (every
        one of them is in :meth:`citations`). Kept until a step or sentence is added, or :meth:`recited`."""
        # as a set: the trace's order (Trace.citations) is not needed here
        kept = self.__dict__.get("_cited")
        size = (len(self.trace.rows), len(self._summary))
        if kept is not None and kept[0] == size:
            return kept[1]
        ids = self.trace.cited_ids().union(*map(_SENTENCE_CITES, self._summary))
        self._cited = (size, ids)
        return ids

    def recited(self) -> None:
        """The steps' or sentences' citations were rewritten in place (another version's numbers): what
        :meth:`cited_so_far` kept is dropped."""
        self.__dict__.pop("_cited", None)

    @property
    def passed(self) -> bool:
        """Does the outcome match ``[expect]`` and cite every rule it must?"""
        return not self.mismatches and not self.missing_cites

    def conclude(self, sentence: str, cites=()) -> None:
        """Add one sentence of the answer a judge reads, with its citations."""
        self.summary.append((sentence, list(cites)))

    def key_cites(self, i: int) -> list[str]:
        """The key citations of answer sentence ``i`` (the rules a judge quotes), else its first citation."""
        if i < len(self.keys):
            return self.keys[i]
        cites = self.summary[i][1]
        return cites[:1]

    def citations(self) -> list[str]:
        """Every rule id the trace and the answer cite, first occurrence order."""
        seen = self.trace.citations()
        for _, cites in self.summary:
            for c in cites:
                if c not in seen:
                    seen.append(c)
        return seen

    def to_dict(self) -> dict:
        """As data (``judge resolve --json``): answer, trace, facts, citations and the comparison."""
        return {
            "game": self.game, "rules": self.cite_prefix,
            "summary": [{"text": s, "cites": c, "key_cites": self.key_cites(i),
                         "step_cites": [x for x in c if x not in self.key_cites(i)]}
                        for i, (s, c) in enumerate(self.summary)],
            "trace": [s.to_dict() for s in self.trace.steps],
            "facts": self.facts, "citations": self.citations(),
            "passed": self.passed, "mismatches": self.mismatches, "missing_cites": self.missing_cites,
        }


def wrong_type(scenario, key: str, want: str, got) -> Reason:
    """A ``wrong-type`` reason: the value at ``key`` must be ``want`` (``a table``, ``a whole number ≥ 0``…)."""
    return scenario.reason("wrong-type", f"must be {want}, not {type(got).__name__} {got!r}", key)


def table_at(scenario, data: dict, key: str, want: str, reasons: list, empty=dict):
    """``data[key]`` (absent: an empty one) when it is a table (``empty=dict``) or an array (``empty=list``);
    otherwise a wrong-type reason saying it must be ``want``, and an empty one, so that a position builder
    goes on to find every other problem."""
    value = data.get(key, empty())
    if not isinstance(value, empty):
        reasons.append(wrong_type(scenario, key, want, value))
        value = empty()
    return value


def unknown_keys(scenario, table: dict, allowed, where: str, what: str, reasons: list, at: str | None = None):
    """An ``unknown-key`` reason for every key of ``table`` that is not one of ``allowed``, naming the known
    ones; ``at`` is the key path errors point at (default: the unknown key itself, ``where.KEY``)."""
    for k in table:
        if k not in allowed:
            reasons.append(scenario.reason("unknown-key", f"unknown key '{k}' {what} (known: "
                                           f"{', '.join(sorted(allowed))})", at or f"{where}.{k}"))


def known_card(scenario, handle, cards, key: str, reasons: list) -> bool:
    """Is ``handle`` a card of ``[cards]``? If not, an ``unknown-card`` reason naming the cards there."""
    if handle in cards:
        return True
    reasons.append(scenario.reason("unknown-card", f"no card {handle!r} in [cards] (cards: {', '.join(cards) or 'none'})",
                                   key))
    return False


def known_player(scenario, player, players, key: str, reasons: list) -> bool:
    """Is ``player`` a player of the scenario? If not, an ``unknown-player`` reason naming the players."""
    if player in players:
        return True
    reasons.append(scenario.reason("unknown-player", f"player {player!r} is not in the scenario (players: "
                                   f"{', '.join(players)})", key))
    return False


def reasons_from(build, *args) -> list[Reason]:
    """The reasons ``build(*args)`` gives for raising :class:`InvalidScenario`, or ``[]`` when it succeeds:
    how an engine's ``validate`` runs the checks of its position builder without playing."""
    try:
        build(*args)
    except InvalidScenario as exc:
        return list(exc.reasons)
    return []


def compare(expect: dict, facts: dict, path: str = "") -> list[str]:
    """Differences between an ``[expect]`` table and the facts an engine derived (nested tables allowed).

    Only the keys the scenario names are compared; a key the engine did not derive is a mismatch.
    """
    out = []
    for key, want in expect.items():
        if key == "cites":
            continue
        where = f"{path}{key}"
        if key not in facts:
            from difflib import get_close_matches

            near = get_close_matches(str(key), [str(k) for k in facts], n=1, cutoff=0.6)
            hint = f" (did you mean {path}{near[0]}?)" if near else ""
            out.append(f"{where}: expected {want!r}, but the engine derived no such fact{hint}")
            continue
        got = facts[key]
        if key == "illegal_because" and "illegal_rules" in facts:
            out.extend(_compare_because(want, got, facts["illegal_rules"], where))
        elif isinstance(want, dict) and isinstance(got, dict):
            out.extend(compare(want, got, where + "."))
        elif isinstance(want, list) and isinstance(got, list) and want and all(isinstance(w, dict) for w in want):
            # a list of tables (chain links): same length, each table compared on the keys it names
            if len(want) != len(got):
                out.append(f"{where}: expected {len(want)} entries, got {len(got)}")
            else:
                for i, (w, g) in enumerate(zip(want, got), 1):
                    out.extend(compare(w, g, f"{where}.{i}.") if isinstance(g, dict) else
                               [f"{where}.{i}: expected a table, got {g!r}"])
        elif want != got:
            out.append(f"{where}: expected {want!r}, got {got!r}")
    return out


def _compare_because(want, got, rules, where: str) -> list[str]:
    """``illegal_because`` against what the engine derived: the expected rule may be any rule the engine cited for
    that illegality (``illegal_rules``: the step's rule and the keyword's own, 7.3.2b and 8.3.4a), not only the
    first; per name when both are tables."""
    if isinstance(want, dict) and isinstance(got, dict) and isinstance(rules, dict):
        out = []
        for name, w in want.items():
            if name not in got:
                out.append(f"{where}.{name}: expected {w!r}, but the engine derived no such fact")
            else:
                out.extend(_compare_because(w, got[name], rules.get(name, [got[name]]), f"{where}.{name}"))
        return out
    if want == got or isinstance(rules, list) and want in rules:
        return []
    also = f" (the rules cited for it: {', '.join(rules)})" if isinstance(rules, list) and len(rules) > 1 else ""
    return [f"{where}: expected {want!r}, got {got!r}{also}"]
