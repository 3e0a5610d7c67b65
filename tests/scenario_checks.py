"""Checks shared by the engine test files: a malformed scenario is one line with file, line and key, exit 2.

Each game's tests keep their own BASE scenario and table of mutations; this module runs one mutation the
same way for every game, so the promise ("file:line: [key] message, no traceback") is tested identically.
"""


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing ``needle`` in ``text`` (written by the test, not the engine)."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def resolve_bad_file(run_cli, tmp_path, text: str):
    """Write ``text`` to bad.toml and resolve it: returns (path, stderr) after checking the error's shape."""
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = run_cli("resolve", str(path))
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    return str(path), err


def check_bad_mutation(run_cli, tmp_path, base: str, old: str, new: str, key, needle: str, words: str,
                       line: int | None = None):
    """Apply one mutation to ``base`` and check the one-line error names the file, line, key and words."""
    assert old in base, f"the mutation's text is not in the base scenario: {old!r}"
    text = base.replace(old, new, 1)
    if line is None:
        line = line_of(text, needle.strip())
    path, err = resolve_bad_file(run_cli, tmp_path, text)
    prefix = f"judge: error: {path}:{line}: "
    assert err.startswith(prefix + (f"[{key}] " if key else "")), err
    assert words in err, err
    return err


def check_good_file(run_cli, tmp_path, text: str, words: str):
    """The unmutated base scenario resolves cleanly (exit 0, nothing on stderr) and says ``words``."""
    path = tmp_path / "good.toml"
    path.write_text(text)
    code, out, err = run_cli("resolve", str(path))
    assert code == 0 and err == "", err
    assert words in out, out
    return out


def assert_passes(path, outcome):
    """A suite scenario matches its [expect] and cites what it must, with a trace and an answer."""
    problems = outcome.mismatches + [f"the explanation does not cite {c}" for c in outcome.missing_cites]
    assert outcome.passed, f"{path.name}: " + "; ".join(problems)
    assert outcome.trace.steps, "a played scenario has a trace"
    assert outcome.summary, "a played scenario has an answer"
