"""Declared shapes of the scenario format: every table, list and scalar checked before an engine reads it.

The scenario layer checks the tables every game shares (:data:`COMMON`); each engine declares the shapes of
its own keys (``SHAPE`` in its package: Flesh and Blood in ``judge/engine/fab/schema.py``, Grand Archive and
Marvel Champions in their ``build`` modules), and :func:`check` walks the file against them. A value of the
wrong shape is a :class:`judge.engine.core.Reason` with the file's line and the dotted key
(``cards.strike.power: must be a whole number, not a list``), so that no engine ever meets a list where it
expects a name, a float where it expects a count, or a table nested a thousand deep.

Shapes only speak about the keys they declare; unknown keys are each engine's to report (with its own
did-you-mean), and meanings (a name that is not a player, an effect that does not exist) too.
"""

from __future__ import annotations

import math

MAX_DEPTH = 24
"""Deepest nesting of tables and arrays a scenario may use (the format itself nests at most about 8)."""

MAX_ITEMS = 10_000
"""Most entries a single table or array may hold."""

MAX_INT = 10 ** 9
"""Largest whole number a scenario may write (life totals, counts, costs): anything bigger is refused
rather than looped over."""


class Shape:
    """A shape a value must have; :meth:`check` appends (key, message) for every mismatch."""

    what = "a value"

    def check(self, value, key: str, out: list) -> None:   # pragma: no cover - overridden
        """Append ``(key, message)`` to ``out`` for every way ``value`` does not have this shape."""
        raise NotImplementedError

    def __or__(self, other: "Shape") -> "Shape":
        return Either(self, other)


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _wrong(shape: Shape, value) -> str:
    return f"must be {shape.what}, not {type(value).__name__} {_show(value)}"


class AnyValue(Shape):
    """Anything (still bounded in depth and size by :func:`check`)."""

    what = "any value"

    def check(self, value, key, out):
        """Any value has this shape."""
        pass


class Str(Shape):
    """A string, optionally one of ``choices`` (checked by the engine when ``choices`` is None)."""

    def __init__(self, choices=None, what: str | None = None):
        self.choices = tuple(choices) if choices is not None else None
        self.what = what or "a string"

    def check(self, value, key, out):
        """A string, one of ``choices`` when given."""
        if not isinstance(value, str):
            out.append((key, _wrong(self, value)))
        elif self.choices is not None and value not in self.choices:
            out.append((key, f"must be one of {', '.join(self.choices)}, not {_show(value)}"))


class Int(Shape):
    """A whole number (not a boolean) between ``low`` and ``high``."""

    def __init__(self, low: int | None = None, high: int = MAX_INT, what: str | None = None):
        self.low, self.high = low, high
        self.what = what or ("a whole number" + (f" ≥ {low}" if low is not None else ""))

    def check(self, value, key, out):
        """A whole number (not a boolean), at least ``low`` when given."""
        if not isinstance(value, int) or isinstance(value, bool):
            out.append((key, _wrong(self, value)))
        elif self.low is not None and value < self.low:
            out.append((key, f"must be {self.what}, not {value}"))
        elif abs(value) > self.high:
            out.append((key, f"{value} is too big (the format takes whole numbers up to {self.high:,})"))


class Num(Shape):
    """A finite number, whole or decimal."""

    what = "a number"

    def check(self, value, key, out):
        """A finite number (not a boolean)."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            out.append((key, _wrong(self, value)))
        elif isinstance(value, float) and not math.isfinite(value):
            out.append((key, f"must be a finite number, not {value}"))
        elif abs(value) > MAX_INT:
            out.append((key, f"{value} is too big (the format takes numbers up to {MAX_INT:,})"))


class Bool(Shape):
    """true or false."""
    what = "true or false"

    def check(self, value, key, out):
        """A boolean."""
        if not isinstance(value, bool):
            out.append((key, _wrong(self, value)))


class Either(Shape):
    """The first of ``shapes`` whose kind matches the value decides."""

    def __init__(self, *shapes: Shape):
        flat = []
        for s in shapes:
            flat.extend(s.shapes if isinstance(s, Either) else [s])
        self.shapes = flat
        self.what = " or ".join(s.what for s in flat)

    def check(self, value, key, out):
        """One of the shapes; the message names them all."""
        for s in self.shapes:
            probe: list = []
            s.check(value, key, probe)
            if not probe:
                return
        # report against the shape of the same kind, if any (its message is the most precise)
        for s in self.shapes:
            if _same_kind(s, value):
                s.check(value, key, out)
                return
        out.append((key, _wrong(self, value)))


def _same_kind(shape: Shape, value) -> bool:
    kinds = {Str: str, Int: int, Num: (int, float), Bool: bool, ListOf: list, Table: dict, MapOf: dict}
    want = kinds.get(type(shape))
    return want is not None and isinstance(value, want) and (want is bool or not isinstance(value, bool))


class ListOf(Shape):
    """An array whose every element has shape ``item``; ``single=True`` also takes one bare element."""

    def __init__(self, item: Shape, single: bool = False, what: str | None = None):
        self.item, self.single = item, single
        plural = {Str: "strings", Table: "tables", Int: "whole numbers"}.get(type(item))
        self.what = what or ("an array" + (f" of {plural}" if plural else "") + (f" (or {item.what})" if single else ""))

    def check(self, value, key, out):
        """A list whose every item has the item shape (or, when allowed, a single item)."""
        if not isinstance(value, list):
            if self.single:
                probe: list = []
                self.item.check(value, key, probe)
                if not probe:
                    return
            out.append((key, _wrong(self, value)))
            return
        for i, v in enumerate(value, 1):
            self.item.check(v, f"{key}.{i}", out)


class Table(Shape):
    """A table whose declared ``fields`` have their shapes; other keys are the engine's to judge."""

    def __init__(self, fields: dict[str, Shape] | None = None, what: str = "a table"):
        self.fields = fields or {}
        self.what = what

    def check(self, value, key, out):
        """A table whose known keys have their shapes."""
        if not isinstance(value, dict):
            out.append((key, _wrong(self, value)))
            return
        for k, shape in self.fields.items():
            if k in value:
                shape.check(value[k], f"{key}.{k}" if key else k, out)


class MapOf(Shape):
    """A table of named entries (``[cards.HANDLE]``, ``[players.NAME]``), each of shape ``value``."""

    def __init__(self, value: Shape, what: str | None = None):
        self.value = value
        self.what = what or "a table of named tables"

    def check(self, value, key, out):
        """A table whose every value has the value shape."""
        if not isinstance(value, dict):
            out.append((key, _wrong(self, value)))
            return
        for k, v in value.items():
            self.value.check(v, f"{key}.{k}", out)


class Lazy(Shape):
    """A shape defined later (recursive shapes: an ability granting an ability)."""

    def __init__(self, get):
        self.get = get

    @property
    def what(self):
        """The words of the shape this one stands for."""
        return self.get().what

    def check(self, value, key, out):
        """Check with the shape this one stands for (made on first use: shapes that nest themselves)."""
        self.get().check(value, key, out)


NAME = Str(what="a name (a string)")
NAMES = ListOf(NAME, single=True)

COMMON = Table({
    "scenario": Table({"title": Str(), "question": Str(), "game": Str(), "rules": Str() | Num(),
                       "example_of": Str(), "answer": Str(), "notes": Str()}, what="a table ([scenario])"),
    "expect": Table({"cites": ListOf(Str(what="a rule id (a string)"))}, what="a table ([expect])"),
    "players": MapOf(Table(what="a table ([players.NAME])"), what="a table of [players.NAME] tables"),
    "cards": MapOf(Table(what="a table ([cards.HANDLE])"), what="a table of [cards.HANDLE] tables"),
    "actions": ListOf(Table(what="a table ([[actions]])"), what="an array of [[actions]] tables"),
})
"""The tables every game's scenario shares."""


def bounds(data, out: list, key: str = "", limit: int = MAX_DEPTH) -> None:
    """Depth and size limits over the whole file, without recursion (a hostile file can nest deeply).

    Only tables, arrays and floats are stacked (the values that can break a limit), each with its path as
    (parent path, key) links: the dotted key is spelt out only for a value that breaks a limit. A file
    within every limit (nearly all) is told by a first walk that keeps no paths."""
    if not _within(data, limit):
        _walk_bounds(data, out, key, limit)


def _walk_bounds(data, out: list, key: str, limit: int) -> None:
    """The walk of :func:`bounds` that names the key of every value breaking a limit."""
    stack = [(data, None, 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= limit:
                out.append((_dotted(path, key), f"is nested more than {limit} tables or arrays deep; the format "
                                                 f"never is"))
                continue
            if len(value) > MAX_ITEMS:
                out.append((_dotted(path, key), f"holds {len(value):,} entries; at most {MAX_ITEMS:,} are taken"))
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value, 1)
            stack += [(v, (path, k), depth + 1) for k, v in items if isinstance(v, (dict, list, float))]
        elif isinstance(value, float) and not math.isfinite(value):
            out.append((_dotted(path, key), f"is {value}: the format takes finite numbers only"))


def within(data) -> bool:
    """Does ``data`` keep every limit :func:`bounds` checks (depth, entries, finite floats)?"""
    return _within(data, MAX_DEPTH)


def _within(data, limit: int) -> bool:
    """Does ``data`` keep every limit :func:`bounds` checks (depth, entries, finite floats)?"""
    if not isinstance(data, (dict, list)):
        return not (isinstance(data, float) and not math.isfinite(data))
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth >= limit or len(value) > MAX_ITEMS:
            return False
        for v in value.values() if isinstance(value, dict) else value:
            if isinstance(v, (dict, list)):
                stack.append((v, depth + 1))
            elif isinstance(v, float) and not math.isfinite(v):
                return False
    return True


def _dotted(path, key: str) -> str:
    """The dotted key of a (parent path, key) chain below ``key``."""
    parts = []
    while path is not None:
        path, k = path
        parts.append(k)
    for k in reversed(parts):
        key = f"{key}.{k}" if key else str(k)
    return key


def check(data: dict, *shapes: Shape, bounded: bool = False) -> list[tuple[str, str]]:
    """Every (dotted key, message) where ``data`` breaks the bounds or one of ``shapes`` (``bounded``: the
    bounds of this very data were checked already)."""
    out: list[tuple[str, str]] = []
    if not bounded:
        bounds(data, out)
        if out:
            return out
    for shape in shapes:
        shape.check(data, "", out)
    return out
