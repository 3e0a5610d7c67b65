"""What every game engine shares: the trace of steps with citations, the outcome, typed reasons.

An engine plays a scenario as a sequence of state transitions. Each transition appends a :class:`Step` to
the :class:`Trace`: a plain sentence saying what happened (numbers shown), the rule ids that justify it,
and the state changes it made. The :class:`Outcome` gathers the trace, the facts the scenario's ``[expect]``
table is compared with, and the summary sentences a judge reads.

A scenario that describes an impossible position or an illegal action is not half-run: the engine raises
:class:`InvalidScenario` with a list of :class:`Reason` (code, message, rule, scenario key and line).
"""

from __future__ import annotations


class Step:
    """One transition of the game, with the rules that justify it."""

    __slots__ = ("n", "text", "cites", "changes", "phase")

    def __init__(self, n, text, cites=(), changes=(), phase=""):
        self.n = n
        self.text = text
        self.cites = list(cites)
        self.changes = list(changes) if changes else []
        self.phase = phase

    def to_dict(self) -> dict:
        return {"n": self.n, "phase": self.phase, "text": self.text, "cites": self.cites, "changes": self.changes}


class Trace:
    """The numbered steps of a resolution, in order."""

    def __init__(self):
        self.steps: list[Step] = []
        self.phase = ""

    def add(self, text: str, cites=(), changes=()) -> Step:
        step = Step(len(self.steps) + 1, text, cites, changes, self.phase)
        self.steps.append(step)
        return step

    def citations(self) -> list[str]:
        """Every rule id cited, first occurrence order."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for c in step.cites:
                seen[c] = None
        return list(seen)

    def __len__(self):
        return len(self.steps)


class Reason:
    """Why a scenario is invalid or an action illegal: a typed reason with its rule and place."""

    __slots__ = ("code", "message", "cite", "key", "line")

    def __init__(self, code, message, cite=None, key=None, line=None):
        self.code = code
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
        return {k: getattr(self, k) for k in self.__slots__}


class InvalidScenario(Exception):
    """The scenario cannot be played: an impossible position or a malformed description."""

    def __init__(self, reasons: list[Reason]):
        super().__init__("; ".join(str(r) for r in reasons))
        self.reasons = reasons


class Outcome:
    """The result of playing a scenario: trace, facts, summary, and the comparison with ``[expect]``."""

    def __init__(self, game: str, cite_prefix: str):
        self.game = game
        self.cite_prefix = cite_prefix   # "FaB CR 2.10.1"
        self.trace = Trace()
        self.facts: dict = {}
        self.summary: list[tuple[str, list[str]]] = []   # (sentence, cites)
        self.mismatches: list[str] = []
        self.missing_cites: list[str] = []

    @property
    def passed(self) -> bool:
        return not self.mismatches and not self.missing_cites

    def conclude(self, sentence: str, cites=()) -> None:
        """Add one sentence of the answer a judge reads, with its citations."""
        self.summary.append((sentence, list(cites)))

    def citations(self) -> list[str]:
        seen = self.trace.citations()
        for _, cites in self.summary:
            for c in cites:
                if c not in seen:
                    seen.append(c)
        return seen

    def to_dict(self) -> dict:
        return {
            "game": self.game, "rules": self.cite_prefix,
            "summary": [{"text": s, "cites": c} for s, c in self.summary],
            "trace": [s.to_dict() for s in self.trace.steps],
            "facts": self.facts, "citations": self.citations(),
            "passed": self.passed, "mismatches": self.mismatches, "missing_cites": self.missing_cites,
        }


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
        if isinstance(want, dict) and isinstance(got, dict):
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
