"""The registry of games (judge/games.py) and the harness that runs every registered engine the same way.

Every registered game has all its parts (docs/adding-a-game.md): a name and citation prefix, rules formats
the store can parse, embedded documents of that game, and — for a game with an engine — an engine package
implementing :class:`judge.engine.core.Engine`, its scenario-format page and a passing scenario suite. The
harness then checks, game by game and in one way, what every engine promises: a good file resolves and
validates, a bad file is one line naming file, line and key (and ``--validate`` says the same reason without
playing), the suite passes. The per-game test files keep what is particular to each game.
"""

import ast
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from judge import games
from judge import scenarios as sc
from judge.engine import core, registry
from judge.rulebook import store

from conftest import ROOT, played, source_nodes
from scenario_checks import assert_passes, line_of

PLAYABLE = games.playable()
SUITE = [(g, p) for g in PLAYABLE for p in sorted((ROOT / "scenarios" / g).glob("*.toml"))]


@lru_cache(maxsize=None)
def _book(game: str, version: str):
    """The rulebook of (game, version), loaded once for the whole harness."""
    return store.load(store.resolve(version or None, game))


def _outcome(path: Path):
    """The scenario and its outcome under the document its ``rules`` names (played once a session)."""
    return played(path)


# ---------------------------------------------------------------------------------------------------------
# the registry: every game has all its parts
# ---------------------------------------------------------------------------------------------------------

# The modules every game's engine package has, so that a reader of one game finds the same parts in another
# (docs/adding-a-game.md says what each holds).
SHARED_MODULES = ("build", "state", "cards", "game", "effects", "answer", "cited")

def test_the_engine_registry_loads_exactly_the_games_with_an_engine():
    assert list(registry.LOADERS) == list(games.playable())
    assert registry.engine("mtg") is None and registry.cited("mtg") is None


@pytest.mark.parametrize("game", list(games.GAMES.values()), ids=list(games.GAMES))
def test_every_registered_game_has_its_parts(game):
    assert games.GAMES[game.id] is game and game.id.isalnum() and game.id == game.id.lower()
    assert game.name and game.cite_prefix
    assert game.formats and all(fmt in store.FORMATS for fmt in game.formats), game.formats
    embedded = {d.name: d for d in store.list_documents() if d.origin == "embedded"}
    for name in game.default_documents:
        assert name in embedded and embedded[name].game == game.id, name
        assert embedded[name].format in game.formats
    if game.card_data is not None:
        assert (ROOT / game.card_data).is_file(), game.card_data
    if not game.has_engine:
        return
    assert game.default_documents, "a game with an engine needs an embedded document to judge under"
    engine = registry.engine(game.id)
    assert engine is not None and engine.__name__ == game.engine_package, "add its loader to judge/engine/registry.py"
    assert isinstance(engine, core.Engine), f"{engine.__name__} lacks validate() or play()"
    assert registry.cited(game.id) is not None, f"{engine.__name__}.cited registers no citations when imported"
    assert (ROOT / game.scenario_doc).is_file(), game.scenario_doc
    assert [p for g, p in SUITE if g == game.id], f"scenarios/{game.id}/ holds no scenario"
    package = Path(engine.__file__).parent
    missing = [name for name in SHARED_MODULES if not (package / f"{name}.py").is_file()]
    assert missing == [], f"judge/engine/{package.name}/ lacks {', '.join(m + '.py' for m in missing)}"
    for module in sorted(package.glob("*.py")):
        text = module.read_text(encoding="utf-8")
        assert _opens_with_one_line_comment(text), \
            f"{module.name} does not open with a one-line comment naming the rules it implements"
        assert ast.get_docstring(ast.parse(text)), f"{module.name} has no opening docstring"


def _opens_with_one_line_comment(text: str) -> bool:
    """Does the module's first line say, as a comment of its own, what it implements?"""
    first, second = (text.split("\n") + ["", ""])[:2]
    return bool(re.fullmatch(r"# \S.{20,}", first)) and not second.startswith("#")


def test_the_module_check_would_catch_a_missing_opening_comment():
    assert _opens_with_one_line_comment("# Combat (FaB CR chapter 7): the steps of a chain link.\n\"\"\"Doc.\"\"\"\n")
    for bad in ('"""A docstring first."""\n', "#\n", "# Two lines of\n# comment, not one.\n", "# Too short.\n"):
        assert not _opens_with_one_line_comment(bad), bad


def test_the_store_the_citations_and_the_command_line_read_the_registry(run_cli):
    from judge.rulebook.model import CITE_PREFIX, GAME_NAMES

    assert store.GAMES == games.IDS == tuple(games.GAMES)
    assert CITE_PREFIX == {g: games.cite_prefix(g) for g in games.IDS}
    assert GAME_NAMES == {g: games.name(g) for g in games.IDS}
    code, out, _ = run_cli("rules", "import", "--help")
    assert code == 0 and "[" + "|".join(games.IDS) + "]" in out
    code, out, _ = run_cli("rule", "--help")
    assert code == 0 and games.help_list() in " ".join(out.split())


def test_a_game_is_guessed_from_its_format_and_first_bytes():
    assert games.guess_game("numbered", b"Flesh and Blood Comprehensive Rules") == "fab"
    assert games.guess_game("numbered", b"Magic: The Gathering Comprehensive Rules") == "mtg"
    assert games.guess_game("gitbook") == "ga" and games.guess_game("glossary-html") == "mc"


def test_an_unknown_game_is_one_line():
    from judge.errors import JudgeError

    with pytest.raises(JudgeError, match=r"unknown game 'zz' \(known: fab, mtg, ga, mc\)"):
        games.get("zz")


# ---------------------------------------------------------------------------------------------------------
# one engine interface: reason codes and the illegal-action type
# ---------------------------------------------------------------------------------------------------------

def _reason_codes_in_source() -> dict[str, str]:
    """Every reason code written as a literal in judge/ (first argument of reason()/Reason(), or code=)."""
    found = {}
    for path in sorted((ROOT / "judge").rglob("*.py")):
        for node in source_nodes(path):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = [node.args[0]] if name in ("reason", "Reason") and node.args else []
            args += [k.value for k in node.keywords if k.arg == "code"]
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.setdefault(arg.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_reason_code_an_engine_names_is_in_the_enum():
    found = _reason_codes_in_source()
    assert len(found) >= 40, "the scan finds the engines' reason codes"
    unknown = {code: where for code, where in found.items() if code not in core.ReasonCode.__members__.values()}
    assert not unknown, f"add these to ReasonCode in judge/engine/core.py: {unknown}"
    unused = [str(code) for code in core.ReasonCode if code not in found]
    assert not unused, f"no engine gives these reasons any more: remove them from ReasonCode: {unused}"


def test_a_reason_with_an_unknown_code_is_refused():
    assert core.Reason("unknown-key", "m").code is core.ReasonCode.UNKNOWN_KEY
    with pytest.raises(ValueError, match="unknown reason code 'no-such-code'"):
        core.Reason("no-such-code", "m")


def test_every_engine_signals_an_illegal_action_with_the_one_type():
    from judge.engine.fab.game import IllegalAction as FabIllegal
    from judge.engine.grand_archive.game import Illegal as GaIllegal
    from judge.engine.marvel_champions.state import Illegal as McIllegal

    for kind in (FabIllegal, GaIllegal, McIllegal):
        assert issubclass(kind, core.IllegalAction), kind
    exc = McIllegal("check-1", "no valid target", ["check-1/bullet-1"])
    assert (exc.rule, exc.more, exc.cites, exc.message) == ("check-1", ["check-1/bullet-1"],
                                                            ["check-1", "check-1/bullet-1"], "no valid target")


# ---------------------------------------------------------------------------------------------------------
# the harness: every game the same way
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,path", SUITE, ids=[f"{g}/{p.stem}" for g, p in SUITE])
def test_suite_scenario_passes(game, path):
    scenario, outcome = _outcome(path)
    assert scenario.game == game
    assert_passes(path, outcome)
    assert outcome.cite_prefix == _book(game, scenario.rules).cite_prefix
    assert sc.validate(scenario, _book(game, scenario.rules)) == []


def _first(game: str) -> Path:
    return next(p for g, p in SUITE if g == game)


@pytest.mark.parametrize("game", PLAYABLE)
def test_good_file_resolves_and_validates(game, run_cli):
    path = _first(game)
    code, out, err = run_cli("resolve", str(path))
    assert (code, err) == (0, "") and "\nAnswer:\n" in out
    code, out, err = run_cli("resolve", "--validate", str(path))
    assert (code, err) == (0, "")
    assert out == f"{path}: valid under {_outcome(path)[1].cite_prefix}\n"


@pytest.mark.parametrize("game", PLAYABLE)
def test_bad_file_is_one_line_and_validate_gives_the_same_reason(game, run_cli, tmp_path):
    text = _first(game).read_text(encoding="utf-8") + "\n[nonsense]\nkey = 1\n"
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    line = line_of(text, "[nonsense]")
    code, out, err = run_cli("resolve", str(bad))
    assert (code, out) == (2, "") and "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith(f"judge: error: {bad}:{line}: [nonsense] unknown "), err
    error = err[len("judge: error: "):].rstrip("\n")
    code, out, err = run_cli("resolve", "--validate", str(bad))
    assert (code, err) == (2, "")
    assert out.splitlines() == [error]
    code, out, _ = run_cli("resolve", "--validate", str(bad), "--json")
    data = json.loads(out)
    assert code == 2 and (data["valid"], data["invalid"]) == (0, 1)
    reason = data["scenarios"][0]["reasons"][0]
    assert (reason["code"], reason["key"], reason["line"]) == ("unknown-key", "nonsense", line)


@pytest.mark.parametrize("game", PLAYABLE)
def test_validate_plays_nothing(game, monkeypatch):
    scenario = sc.load(_first(game))
    engine = registry.engine(game)
    played = []
    monkeypatch.setattr(core.Trace, "add", lambda self, *a, **k: played.append(a))
    assert engine.validate(scenario, _book(game, scenario.rules)) == []
    assert played == []


@pytest.mark.parametrize("game,path", SUITE, ids=[f"{g}/{p.stem}" for g, p in SUITE])
def test_suite_scenario_has_title_question_and_cites(game, path):
    scenario = _outcome(path)[0]   # the file as loaded for the session's play (read only)
    assert scenario.title and scenario.title != path.stem
    assert scenario.question.endswith("?")
    assert scenario.expect.get("cites"), f"{path.name}: [expect] names no cites"


@pytest.mark.parametrize("game", PLAYABLE)
def test_check_runs_the_whole_suite_of_a_game(game, run_cli, monkeypatch):
    files = [p for g, p in SUITE if g == game]
    folder = ROOT / "scenarios" / game
    # the files of a subfolder name a later rules version (scenarios/fab/cr-2026-02): the test store holds only
    # the embedded documents, so they are reported as not judged (tests/test_tapping.py judges them)
    later = [p for p in sorted(folder.rglob("*.toml")) if p.parent != folder]
    # named as the README's `judge resolve --check scenarios` names them (test_engine_fab runs it), so that one
    # of the two runs plays the suite and the other reads the rows it kept (judge.scenarios.judged)
    monkeypatch.chdir(ROOT)
    folder = Path("scenarios") / game
    code, out, err = run_cli("resolve", "--check", str(folder))
    lines = out.splitlines()
    assert (code, err) == (0, ""), out
    assert lines[-1] == f"{len(files)} passed, 0 failed" + (
        f", {len(later)} not judged (their rules version is not in the store)" if later else "")
    assert sum(1 for line in lines if line.startswith("PASS  ")) == len(files)
    assert sum(1 for line in lines if line.startswith("SKIP  ")) == len(later)
    assert not any(line.startswith("FAIL") for line in lines)
    code, out, _ = run_cli("resolve", "--check", str(folder), "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"passed", "failed", "scenarios"} | ({"not_judged"} if later else set())
    assert (data["passed"], data["failed"], data.get("not_judged", 0)) == (len(files), 0, len(later))
    judged = [r for r in data["scenarios"] if r["passed"] is not None]
    assert [Path(r["file"]).name for r in judged] == [p.name for p in files]
    for row in judged:
        assert set(row) == {"file", "title", "passed", "problems", "steps"}
        assert row["passed"] is True and row["problems"] == [] and row["steps"] > 0
    for row in data["scenarios"]:
        if row["passed"] is None:
            assert row["problems"][0].startswith("not judged: the file names rules 2026-02, which the store does not ")


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_bad_file_in_check_mode_is_a_failure_not_a_crash(game, run_cli, tmp_path):
    text = _first(game).read_text(encoding="utf-8")
    (tmp_path / "good.toml").write_text(text, encoding="utf-8")
    (tmp_path / "bad.toml").write_text(text + "\n[nonsense]\nkey = 1\n", encoding="utf-8")
    code, out, err = run_cli("resolve", "--check", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    line = line_of(text + "\n[nonsense]\nkey = 1\n", "[nonsense]")
    assert f"bad.toml:{line}: [nonsense] unknown " in out


@pytest.mark.parametrize("game", PLAYABLE)
def test_check_loads_each_rulebook_once(game, run_cli, monkeypatch):
    """--check judges a whole folder with one load per (game, version), not one per scenario."""
    from judge.rulebook import store

    calls = []
    real = store.load
    monkeypatch.setattr(store, "load", lambda *a, **k: calls.append(a) or real(*a, **k))
    monkeypatch.chdir(ROOT)   # the files named as in test_check_runs_the_whole_suite_of_a_game (rows kept)
    folder = Path("scenarios") / game
    code, _, _ = run_cli("resolve", "--check", str(folder), "--quiet")
    versions = {(s.game, s.rules) for s in (_outcome(p)[0] for g, p in SUITE if g == game)}
    assert code == 0 and len(calls) == len(versions), (len(calls), versions)
