"""The engines cite rules by registry name, never by a bare rule number typed into the code (issue 13): a number
typed into the code is 2.10.1's number under every version of the rules, and nothing checks its words."""

import ast
import re

import pytest

from judge.engine import registry as engines

from conftest import ROOT

ENGINE = ROOT / "judge" / "engine"
REGISTRIES = {"fab": "judge/engine/fab/cited.py", "grand_archive": "judge/engine/grand_archive/cited.py",
              "marvel_champions": "judge/engine/marvel_champions/cited.py"}
GAME_OF_PACKAGE = {"fab": "fab", "grand_archive": "ga", "marvel_champions": "mc"}

# a whole string that is a rule number ("7.5.5b", and "2.5.1.3" appended to a page slug)
NUMBER = re.compile(r"^\d+(\.\d+)+[a-z]?$")
# a rule number written into a sentence the engine prints: "a new object (3.0.9)"
IN_PROSE = re.compile(r"\(\s*(\d+\.\d+(?:\.\d+)*[a-z]?)\s*\)")


def bare_citations(source: str) -> list[tuple[int, str, str]]:
    """(line, the literal, what kind) for every rule number typed into ``source`` (docstrings aside)."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        if NUMBER.match(node.value):
            found.append((node.lineno, node.value, "number"))
        else:
            found += [(node.lineno, m.group(1), "prose") for m in IN_PROSE.finditer(node.value)]
    return sorted(found)


def fix(package: str, literal: str, kind: str) -> str:
    """How to fix one finding: the registry name to write, or the entry to add."""
    registry = REGISTRIES.get(package)
    if registry is None:
        return "cite through a game's registry (judge/engine/GAME/cited.py), not by number"
    reg = engines.cited(GAME_OF_PACKAGE[package])
    entry = reg.get(literal) if reg is not None else None
    if kind == "prose":
        return (f"drop the number from the sentence and cite the rule in the step's list "
                f"({'cited.' + entry.name if entry else 'a name from ' + registry}): "
                "the sentence would print this version's number under every version")
    if entry is not None:
        return f"write cited.{entry.name} (from judge.engine.{package} import cited; registry {registry})"
    return (f"add NAME = cite(\"{literal}\", \"words its text contains\") to {registry} (a name that says what "
            "the rule is about; tests check the words against the document), then write cited.NAME")


def findings() -> list[str]:
    out = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in REGISTRIES.values():
            continue
        package = path.parent.name if path.parent != ENGINE else ""
        for line, literal, kind in bare_citations(path.read_text(encoding="utf-8")):
            out.append(f"{rel}:{line}: \"{literal}\" is a bare rule number — {fix(package, literal, kind)}")
    return out


def test_the_scan_finds_every_shape_of_bare_citation():
    source = '''
"""Module docstring citing 7.5.5 (7.5.5b) is fine."""
PREFIX = "attack-declaration/declaring-an-attack/"
def f(game):
    """A docstring may name (1.0.2b)."""
    game.step("The attack hits.", ["7.5.5"])        # a comment may say 7.5.5 too
    game.step("x", [PREFIX + "2.5.1.3"])
    game.step("there it is a new object (3.0.9).", [cited.NEW_OBJECT])
    game.step("power 2.5 is not a rule", [])
'''
    assert [(line, literal, kind) for line, literal, kind in bare_citations(source)] == [
        (6, "7.5.5", "number"), (7, "2.5.1.3", "number"), (8, "3.0.9", "prose")]
    assert fix("fab", "7.5.5", "number") == ("write cited.HIT (from judge.engine.fab import cited; "
                                              "registry judge/engine/fab/cited.py)")
    assert "add NAME = cite(\"9.9.9\"" in fix("fab", "9.9.9", "number")


def test_the_engines_cite_by_name_never_by_bare_number():
    scanned = [p for p in ENGINE.rglob("*.py") if p.relative_to(ROOT).as_posix() not in REGISTRIES.values()]
    assert len(scanned) > 40
    problems = findings()
    if problems:
        pytest.fail(f"{len(problems)} rule number(s) typed into the engine code. The engines cite a rule by its "
                    "registry name (judge/engine/GAME/cited.py: NAME = cite(\"7.5.5\", \"words its text contains\")), "
                    "so that the citation is checked against the rulebook and located by its words under another "
                    "version:\n" + "\n".join(problems), pytrace=False)


def test_every_name_the_engines_cite_is_in_their_registry():
    """``cited.NAME`` in engine code names an entry of that game's registry (a renamed or misspelt name fails
    here, not only on the one path of play that reaches it)."""
    missing, used = [], 0
    for package, game in GAME_OF_PACKAGE.items():
        reg = engines.cited(game)
        for path in sorted((ENGINE / package).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "cited" and node.attr.isupper()):
                    used += 1
                    if node.attr not in reg.by_name:
                        missing.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: cited.{node.attr} is "
                                       f"not in {REGISTRIES[package]}")
    assert used > 500
    assert missing == []
