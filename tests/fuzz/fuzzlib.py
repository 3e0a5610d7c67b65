"""Mutations for the fuzzing suite: byte-level (any file) and data-level (a parsed TOML scenario).

Every mutation is drawn from a seeded :class:`random.Random`, so that a failing case is reproduced by its
seed alone. The number of cases is ``JUDGE_FUZZ_CASES`` (a multiplier on each test's default count).
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import random
import signal

SCALE = float(os.environ.get("JUDGE_FUZZ_CASES", "1") or 1)
"""Raise the number of cases: ``JUDGE_FUZZ_CASES=20 pytest tests/fuzz`` runs twenty times the default."""

TIME_LIMIT = int(os.environ.get("JUDGE_FUZZ_TIME_LIMIT", "20"))
"""Seconds one case may take before it counts as a failure (a hang or runaway loop)."""


def cases(default: int) -> int:
    """How many cases a test runs: its default times :data:`SCALE`."""
    return max(1, int(default * SCALE))


# ---------------------------------------------------------------------------------------------------------
# byte level
# ---------------------------------------------------------------------------------------------------------

def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One to a few byte-level edits: flip, insert, delete, duplicate or truncate."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not buf:
            buf.extend(rng.randbytes(rng.randint(1, 16)))
            continue
        i = rng.randrange(len(buf))
        op = rng.randrange(7)
        if op == 0:
            buf[i] = rng.randrange(256)
        elif op == 1:
            buf[i:i] = rng.choice([b"\x00", b"\xff", b"\n", b"[", b"]", b"=", b'"', b"{", b".", b"\r", b"\xe2\x80"])
        elif op == 2:
            del buf[i:i + rng.randint(1, 64)]
        elif op == 3:
            j = rng.randrange(len(buf))
            buf[i:i] = buf[j:j + rng.randint(1, 200)]
        elif op == 4:
            del buf[i:]
        elif op == 5:   # swap two lines
            lines = bytes(buf).split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            buf = bytearray(b"\n".join(lines))
        else:           # duplicate a line
            lines = bytes(buf).split(b"\n")
            a = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[a])
            buf = bytearray(b"\n".join(lines))
    return bytes(buf)


# ---------------------------------------------------------------------------------------------------------
# data level
# ---------------------------------------------------------------------------------------------------------

ODD_VALUES = [
    0, -1, -(2 ** 63), 2 ** 63 - 1, 10 ** 6, 1.5, -0.0, math.inf, -math.inf, math.nan, True, False, "", "x",
    "X", "all", "attack", "hand", "go agian", "defence reaction", "\u0000", "a" * 300, [], [1], ["x"], [[]],
    {}, {"x": 1}, {"kind": "trigger"}, {"do": "dmage"}, {"count": "you-control"}, "1.5", "-3", "nope",
]


def _paths(data, prefix=()):
    """Every (path, value) inside nested dicts and lists."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _deep(depth: int):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def mutate_data(data: dict, rng: random.Random, names=()) -> dict:
    """One to three data-level edits of a parsed scenario: drop a key, a value of the wrong type, a huge,
    negative or NaN number, deep nesting, an unknown primitive or key, a swapped or duplicated element."""
    import copy

    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p, _ in _paths(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = _get(data, path[:-1])
        last = path[-1]
        op = rng.randrange(8)
        if op == 0:                                 # drop the key / element
            del parent[last]
        elif op == 1:                               # a value of another type, or an odd number
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif op == 2:                               # a name from elsewhere in the file (player, card handle)
            parent[last] = rng.choice(list(names) or ["alice"])
        elif op == 3:                               # deep nesting
            parent[last] = _deep(rng.choice([5, 50, 200]))
        elif op == 4 and isinstance(parent, dict):  # an unknown key
            parent[rng.choice(["x", "kind", "do", "on", "power", "player", "defend", "zone"]) + "_"] = 1
        elif op == 5:                               # duplicate an element of a list
            if isinstance(parent, list):
                parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[last]))
            else:
                parent[str(last) + "2"] = copy.deepcopy(parent[last])
        elif op == 6:                               # a table where a scalar is, or the reverse
            v = parent[last]
            parent[last] = {"value": v} if not isinstance(v, dict) else (list(v.values())[:1] or [0])
        else:                                       # a number made huge or negative
            v = parent[last]
            if isinstance(v, int) and not isinstance(v, bool):
                parent[last] = rng.choice([v * 10 ** 6, -v - 1, 10 ** 18, -10 ** 18])
            else:
                parent[last] = rng.choice([10 ** 6, -5])
    return data


def names_in(data: dict) -> list[str]:
    """Player names and card handles of a scenario (plausible values for a mutation)."""
    out = []
    for table in ("players", "cards"):
        if isinstance(data.get(table), dict):
            out.extend(data[table])
    return out


# ---------------------------------------------------------------------------------------------------------
# TOML writer (the standard library reads TOML but does not write it)
# ---------------------------------------------------------------------------------------------------------

def _key(k) -> str:
    k = str(k)
    if k and all(c.isalnum() or c in "-_" for c in k) and k.isascii():
        return k
    return _str(k)


def _str(s: str) -> str:
    from judge.rulebook.store import toml_string

    return toml_string(s)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    return _str(str(v))


def dumps(data: dict) -> str:
    """TOML text for ``data``: tables of tables as ``[a.b]`` headers, arrays of tables as ``[[a]]``, the rest
    inline. Keys keep their order."""
    lines: list[str] = []

    def table(prefix: tuple, d: dict):
        scalars = {k: v for k, v in d.items() if not _is_table(v) and not _is_table_array(v)}
        if prefix:
            lines.append(f"[{'.'.join(_key(p) for p in prefix)}]")
        for k, v in scalars.items():
            lines.append(f"{_key(k)} = {_value(v)}")
        lines.append("")
        for k, v in d.items():
            if _is_table(v):
                table(prefix + (k,), v)
            elif _is_table_array(v):
                for item in v:
                    lines.append(f"[[{'.'.join(_key(p) for p in prefix + (k,))}]]")
                    for ik, iv in item.items():
                        lines.append(f"{_key(ik)} = {_value(iv)}")
                    lines.append("")

    table((), data)
    return "\n".join(lines)


def _is_table(v) -> bool:
    return isinstance(v, dict)


def _is_table_array(v) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


# ---------------------------------------------------------------------------------------------------------
# running one case
# ---------------------------------------------------------------------------------------------------------

class TimeLimit(Exception):
    """A case that ran past :data:`TIME_LIMIT`."""


@contextlib.contextmanager
def time_limit(seconds: int = TIME_LIMIT):
    """Raise :class:`TimeLimit` in the main thread after ``seconds``."""
    def alarm(signum, frame):
        raise TimeLimit(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """The judge command in-process, (exit code, stdout, stderr); an exception escaping it propagates."""
    from judge.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def verdict(code: int, out: str, err: str) -> str | None:
    """Why a command's ending is not acceptable, or None: a result (exit 0 or 1), or exit 2 with one typed
    line on stderr that is not an engine's internal failure."""
    if "Traceback" in err or "Traceback" in out:
        return "traceback"
    if "a bug in judge" in err or "a bug in judge" in out:
        return "a bug in judge: " + err.strip()[:300]
    if code == 2:
        if not err.startswith("judge: error: ") and not err.startswith("Error: ") and "Usage:" not in err:
            return f"exit 2 without a typed error: {err[:200]!r}"
        if not err.startswith("Usage:") and err.count("\n") != 1:
            return f"exit 2 with {err.count(chr(10))} lines of error: {err[:300]!r}"
    elif code not in (0, 1):
        return f"exit code {code}: {err[:200]!r}"
    return None
