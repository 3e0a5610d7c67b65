"""Fuzzing the rules-document parsers: the embedded seeds and the full corpora (FaB, Magic, Grand Archive,
Marvel Champions) mutated at the byte level, each parsed and imported the way a user imports it. Every case
must end in a rulebook or a typed one-line error, within the time limit.

``JUDGE_FUZZ_CASES=N`` multiplies the number of cases; ``JUDGE_FUZZ_SEED`` replays one case.
"""

import os
import random
import shutil
from pathlib import Path

import pytest

from fuzzlib import cases, mutate_bytes, run_cli, time_limit, verdict

ROOT = Path(__file__).resolve().parents[2]
CORPORA = Path(os.environ.get("JUDGE_CORPORA", ROOT.parent / "shared" / "corpora"))
ONLY = os.environ.get("JUDGE_FUZZ_SEED")
SLICE = 96 * 1024      # mutate the first part of a big document: the parsers' paths are all there, and fast

# (file, game, format) — the seeds always, the corpora where present
DOCUMENTS = [(ROOT / "rules" / "000_a36789f275d725a6.txt", "fab", "numbered"),
             (ROOT / "rules" / "004_7447e1f113420e06.txt", "ga", "gitbook-text"),
             (ROOT / "rules" / "003_046759c8b9308011.txt", "mc", "glossary-text")]
for rel, game, fmt in (("fab/en-fab-cr-2.10.1.txt", "fab", "numbered"), ("mtg/MagicCompRules-2026-01-16.txt", "mtg",
                       "numbered"), ("marvel-champions/rules-reference.html", "mc", "glossary-html")):
    if (CORPORA / rel).is_file():
        DOCUMENTS.append((CORPORA / rel, game, fmt))
GITBOOK = CORPORA / "grand-archive" / "gitbook-rules"


def _seeds(base: int, n: int):
    return [int(ONLY)] if ONLY else range(base, base + cases(n))


def _import(path: Path, game: str, fmt: str, version: str) -> str | None:
    try:
        with time_limit():
            code, out, err = run_cli(["rules", "import", str(path), "--game", game, "--version", version,
                                      "--format", fmt])
    except BaseException as exc:    # noqa: BLE001 — everything that escapes is the finding
        if isinstance(exc, KeyboardInterrupt):
            raise
        return f"{type(exc).__name__}: {str(exc)[:300]}"
    return verdict(code, out, err if code == 2 else "")


def test_byte_level_mutations_of_the_rules_documents(tmp_path):
    failures = []
    for seed in _seeds(20_000, 24):
        rng = random.Random(seed)
        src, game, fmt = rng.choice(DOCUMENTS)
        path = tmp_path / f"case-{seed}{src.suffix}"
        path.write_bytes(mutate_bytes(src.read_bytes()[:SLICE], rng))
        why = _import(path, game, fmt, f"fuzz{seed}")
        if why:
            failures.append((seed, src.name, why))
    assert not failures, "\n".join(f"seed {s} ({n}): {w}" for s, n, w in failures[:20])


def test_byte_level_mutations_of_a_gitbook_folder(tmp_path):
    if not GITBOOK.is_dir():
        pytest.skip(f"{GITBOOK} is not present")
    pages = sorted(p.relative_to(GITBOOK) for p in GITBOOK.rglob("*.md"))
    failures = []
    for seed in _seeds(30_000, 4):
        rng = random.Random(seed)
        folder = tmp_path / f"case-{seed}"
        shutil.copytree(GITBOOK, folder)
        for rel in rng.sample(pages + [Path("SUMMARY.md")] * 3, 3):
            target = folder / rel
            target.write_bytes(mutate_bytes(target.read_bytes(), rng))
        why = _import(folder, "ga", "gitbook", f"fuzz{seed}")
        if why:
            failures.append((seed, "gitbook-rules", why))
        shutil.rmtree(folder)
    assert not failures, "\n".join(f"seed {s} ({n}): {w}" for s, n, w in failures[:20])
