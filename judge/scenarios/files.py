"""Scenario files: read one, parse its TOML, check its ``[scenario]`` table, know the line of every key;
find the files below a folder. The format is documented in docs/scenario-format.md (and -ga, -mc).
"""

from __future__ import annotations

import re
from pathlib import Path

from judge import games
from judge.engine.core import Reason
from judge.errors import ScenarioError

SCENARIO_KEYS = {"title", "question", "game", "rules", "example_of", "answer", "notes"}


class Scenario:
    """A parsed scenario file: the raw tables plus where each key sits in the file."""

    def __init__(self, path: str, data: dict, text: str):
        self.path = path
        self.data = data
        self.text = text
        meta = data.get("scenario", {})
        self.title = meta.get("title", Path(path).stem)
        self.question = meta.get("question", "")
        self.game = meta.get("game", "")
        self.rules = str(meta.get("rules", ""))
        self.example_of = meta.get("example_of", "")
        self.expect = data.get("expect", {})
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


def load(path: str | Path) -> Scenario:
    """Read and check the top level of a scenario file. Raises :class:`ScenarioError` (exit 2)."""
    path = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror}", file=path) from None
    return loads(raw, path)


def loads(raw: bytes, path: str = "<scenario>") -> Scenario:
    """Check the top level of a scenario given as bytes; ``path`` names it in errors."""
    import tomllib

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("not UTF-8 text", file=path) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        raise ScenarioError(f"TOML syntax error: {re.sub(r' [(]at line.*', '', msg)}", file=path, line=line) from None
    scenario = Scenario(path, data, text)
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
    if "expect" in data and not isinstance(data["expect"], dict):
        raise scenario.error("[expect] must be a table", "expect")
    return scenario


def find_scenarios(target: str | Path) -> list[Path]:
    """A scenario file, or every ``*.toml`` below a folder, in name order."""
    p = Path(target)
    if p.is_dir():
        return sorted(p.rglob("*.toml"))
    if not p.exists():
        raise ScenarioError("no such file or folder", file=str(p))
    return [p]
