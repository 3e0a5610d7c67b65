# Reviewed rule changes for judge stale: a judge's verdict on a rule reworded or renumbered between two versions.
"""Reviewed rule changes: what a judge decided about a rule that changed between two versions of a rules
document, so that ``judge stale`` lists only the rulings that still need one.

A review file (``rules/reviews/GAME-OLD-NEW.toml``, or ``$JUDGE_RULES_DIR/reviews``) holds, for one game and
one pair of versions, one ``[[review]]`` per changed rule::

    game = "fab"
    from = "2.10.1"
    to = "2026-02"

    [[review]]
    rule = "1.14.2d"
    change = "5be0b2f1c9a0"     # the change's fingerprint (judge stale --json gives it)
    verdict = "same"            # the meaning is the same: every ruling resting on the rule stands
    note = "a reference moved"

    [[review]]
    rule = "8.5.10"
    change = "…"
    verdict = "stands"          # the meaning changed; the rulings named were judged again and stand
    scenarios = ["own-smash-instinct-intimidate.toml"]
    note = "…"

The fingerprint binds a review to the two texts it was made on: when either version's text of the rule
changes again, the review no longer applies and the rulings are listed again. A ``stands`` verdict covers
only the scenario files it names (by file name); a new ruling resting on that rule is listed for a judge.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

from judge.errors import JudgeError

VERDICTS = {"same": "the meaning is the same", "stands": "the meaning changed; the rulings named stand"}
KEYS = {"rule", "change", "verdict", "note", "scenarios"}


class Review:
    """One judge's verdict on one rule change (see the module docstring)."""

    __slots__ = ("rule", "change", "verdict", "note", "scenarios", "source")

    def __init__(self, rule: str, change: str, verdict: str, note: str, scenarios=(), source: str = ""):
        self.rule = rule
        self.change = change
        self.verdict = verdict
        self.note = note
        self.scenarios = frozenset(scenarios)
        self.source = source

    def covers(self, scenario_path) -> bool:
        """Does the verdict hold for this scenario file (every file for ``same``; the named ones for ``stands``)?"""
        return self.verdict == "same" or Path(str(scenario_path)).name in self.scenarios

    def to_dict(self) -> dict:
        """As data: rule, change, verdict, note, scenarios and the file it is recorded in."""
        return {"rule": self.rule, "change": self.change, "verdict": self.verdict, "note": self.note,
                "scenarios": sorted(self.scenarios), "file": self.source}


def fingerprint(change) -> str:
    """Twelve hex digits naming one change of a rule: both ids and every part of both texts (a
    :class:`judge.rulebook.diff.Change`)."""
    from judge.rulebook.diff import PARTS, part_text

    digest = hashlib.sha256()
    for rule in (change.old, change.new):
        digest.update(b"\x01" if rule is None else rule.id.encode())
        for part in PARTS if rule is not None else ():
            digest.update(b"\x00" + part_text(rule, part).encode())
        digest.update(b"\x02")
    return digest.hexdigest()[:12]


def folder() -> Path:
    """Where the review files are: ``reviews/`` beside the embedded documents."""
    from judge.rulebook.store import embedded_dir

    return embedded_dir() / "reviews"


def load(game: str, old_version: str, new_version: str, where=None) -> dict[tuple[str, str], Review]:
    """Every review of ``game`` from ``old_version`` to ``new_version``: (rule id, change fingerprint) → review.
    A malformed file is a one-line :class:`JudgeError` naming the file and the key."""
    where = folder() if where is None else Path(where)
    out: dict[tuple[str, str], Review] = {}
    if not where.is_dir():
        return out
    for path in sorted(where.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise JudgeError(f"{path}: not a review file: {exc}") from None
        if (data.get("game"), str(data.get("from")), str(data.get("to"))) != (game, old_version, new_version):
            continue
        for n, entry in enumerate(data.get("review", []), 1):
            review = _review(entry, f"{path}: review {n}", path.name)
            out[(review.rule, review.change)] = review
    return out


def _review(entry, where: str, source: str) -> Review:
    if not isinstance(entry, dict):
        raise JudgeError(f"{where}: a review is a table (rule, change, verdict, note)")
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        raise JudgeError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(KEYS))})")
    for key in ("rule", "change", "verdict", "note"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise JudgeError(f"{where}: {key} must be a non-empty string")
    if entry["verdict"] not in VERDICTS:
        raise JudgeError(f"{where}: verdict must be one of {', '.join(VERDICTS)}, not {entry['verdict']!r}")
    scenarios = entry.get("scenarios", [])
    if not isinstance(scenarios, list) or not all(isinstance(s, str) and s for s in scenarios):
        raise JudgeError(f"{where}: scenarios must be a list of scenario file names")
    if entry["verdict"] == "stands" and not scenarios:
        raise JudgeError(f"{where}: a 'stands' verdict names the scenarios judged again (scenarios = [...])")
    return Review(entry["rule"], entry["change"], entry["verdict"], entry["note"], scenarios, source)
