"""What a judge sees in a terminal: coloured word diffs (NO_COLOR respected, plain when piped) and shell
completion of rule ids, terms, documents and games."""

import os
import pty
import subprocess
import sys

import pytest

from judge.rulebook.diff import colorize


def _import_both(env, corpora):
    for path, version in (("en-fab-cr-2.10.1.txt", "2.10.1"), ("en-fab-cr-2026-02.txt", "2026-02")):
        subprocess.run([sys.executable, "-m", "judge", "rules", "import", str(corpora / "fab" / path), "--game",
                        "fab", "--version", version], env=env, check=True, capture_output=True)


def _in_a_terminal(args, env) -> bytes:
    """Output of ``judge ARGS`` run with a pseudo-terminal as its stdout."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "judge", *args], env=env, stdout=follower,
                            stderr=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks)


def test_colorize_marks_deleted_red_and_inserted_green():
    assert colorize("a [-old-]{+new+} b") == "a \x1b[31m[-old-]\x1b[0m\x1b[32m{+new+}\x1b[0m b"
    assert colorize("no change") == "no change"


def test_diff_coloured_on_a_terminal_only(corpora, tmp_path):
    env = {**os.environ, "JUDGE_HOME": str(tmp_path / "home"), "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("NO_COLOR", None)
    _import_both(env, corpora)
    args = ["diff", "2.10.1", "2026-02", "--limit", "3"]
    assert b"\x1b[32m{+" in _in_a_terminal(args, env)
    assert b"\x1b[" not in _in_a_terminal(args, {**env, "NO_COLOR": "1"})
    piped = subprocess.run([sys.executable, "-m", "judge", *args], env=env, capture_output=True, check=True)
    assert b"{+" in piped.stdout and b"\x1b[" not in piped.stdout


def _complete(words: str, env) -> list[str]:
    env = {**env, "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
           "_JUDGE_COMPLETE": "bash_complete"}
    out = subprocess.run([sys.executable, "-m", "judge"], env=env, capture_output=True, text=True).stdout
    return [line.split(",", 1)[1] for line in out.splitlines()]


def test_completion_of_ids_terms_documents_and_games(tmp_path):
    env = {**os.environ, "JUDGE_HOME": str(tmp_path / "home"), "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    assert _complete("judge rule 7.5.5", env)[:3] == ["7.5.5", "7.5.5a", "7.5.5b"]
    assert "combat chain" in _complete("judge rule comb", env)
    assert _complete("judge search x --game ", env)[:4] == ["fab", "mtg", "ga", "mc"]
    assert "fab-2.10.1-seed" in _complete("judge rule 7.5 --rules ", env)
    assert _complete("judge rule --game ga playing-cards/7", env)[:2] == ["playing-cards/7", "playing-cards/7.1"]
