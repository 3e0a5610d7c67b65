"""Fuzzing the scenario loader and the engines: the project's own scenarios mutated at the byte level and at
the data level, each run through ``judge resolve`` in-process. Every case must end in a result or a typed
one-line error within the time limit: never a traceback, never "a bug in judge".

``JUDGE_FUZZ_CASES=N`` multiplies the number of cases; a failure names its seed (``JUDGE_FUZZ_SEED``
replays one case).
"""

import os
import random
import tomllib
from pathlib import Path

import pytest

from fuzzlib import cases, dumps, mutate_bytes, mutate_data, names_in, run_cli, time_limit, verdict

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.toml"))
ONLY = os.environ.get("JUDGE_FUZZ_SEED")


def _seeds(base: int, n: int):
    return [int(ONLY)] if ONLY else range(base, base + cases(n))


def _run(path: Path, seed: int) -> str | None:
    try:
        with time_limit():
            code, out, err = run_cli(["resolve", str(path), "--brief"])
    except BaseException as exc:    # noqa: BLE001 — everything that escapes is the finding
        if isinstance(exc, KeyboardInterrupt):
            raise
        return f"{type(exc).__name__}: {str(exc)[:300]}"
    return verdict(code, out, err)


def _report(failures):
    return "\n".join(f"seed {seed} ({src}): {why}" for seed, src, why in failures[:20]) + \
        f"\n{len(failures)} failing case(s)"


def test_data_level_mutations_of_the_scenarios(tmp_path):
    failures = []
    for seed in _seeds(0, 150):
        rng = random.Random(seed)
        src = rng.choice(SCENARIOS)
        data = tomllib.loads(src.read_text(encoding="utf-8"))
        path = tmp_path / f"case-{seed}.toml"
        try:
            path.write_text(dumps(mutate_data(data, rng, names_in(data))), encoding="utf-8")
        except RecursionError:
            continue    # the mutations nested deeper than this writer goes (the loader's own limit is tested)
        why = _run(path, seed)
        if why:
            failures.append((seed, src.name, why))
    assert not failures, _report(failures)


def test_byte_level_mutations_of_the_scenarios(tmp_path):
    failures = []
    for seed in _seeds(10_000, 100):
        rng = random.Random(seed)
        src = rng.choice(SCENARIOS)
        path = tmp_path / f"case-{seed}.toml"
        path.write_bytes(mutate_bytes(src.read_bytes(), rng))
        why = _run(path, seed)
        if why:
            failures.append((seed, src.name, why))
    assert not failures, _report(failures)
