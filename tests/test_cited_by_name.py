"""The engines cite rules by registry name, never by a bare rule number typed into the code (issue 13): a number
typed into the code is 2.10.1's number under every version of the rules, and nothing checks its words."""

import ast
import re

import pytest

from judge.engine import registry as engines

from conftest import ROOT, source_nodes

ENGINE = ROOT / "judge" / "engine"
REGISTRIES = {"fab": "judge/engine/fab/cited.py", "grand_archive": "judge/engine/grand_archive/cited.py",
              "marvel_champions": "judge/engine/marvel_champions/cited.py"}
GAME_OF_PACKAGE = {"fab": "fab", "grand_archive": "ga", "marvel_champions": "mc"}
# the packages whose rules have page ids (a slug and list position) rather than numbers
SLUG_IDS = {"grand_archive", "marvel_champions"}

# a whole string that is a rule number ("7.5.5b", and "2.5.1.3" appended to a page slug)
NUMBER = re.compile(r"^\d+(\.\d+)+[a-z]?$")
# a rule number written into a sentence the engine prints: "a new object (3.0.9)"
IN_PROSE = re.compile(r"\(\s*(\d+\.\d+(?:\.\d+)*[a-z]?)\s*\)")
# the start of a Grand Archive or Marvel Champions id built in an f-string: f"counters/{kind}/1"
PAGE_PREFIX = re.compile(r"^[a-z][a-z0-9-]*/")
# where a rule id is an argument: the cites of a step, a refusal's rule (name → positions of such arguments)
CITE_ARGUMENTS = {"step": {1}, "conclude": {1}, "fail": {2}, "bad": {2}, "Illegal": {0, 2}, "IllegalAction": {1},
                  "refuse": {1, 3}, "game_over": {2}, "give_status": {2}, "pending_trigger": {3}, "reason": {3}}
CITE_KEYWORDS = {"cites", "cite", "more", "rule"}


def _docstrings(tree) -> set[int]:
    """Strings standing alone as statements: docstrings, and the attribute docstrings after an assignment
    (never printed, so a rule number there is documentation)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _cited_as_argument(node, parent) -> bool:
    """Does the value of ``node`` reach a call's cites (through list literals, ``+`` and conditional values)?"""
    cur = node
    while True:
        up = parent.get(cur)
        if isinstance(up, (ast.List, ast.Tuple, ast.BinOp, ast.Starred)) or (isinstance(up, ast.IfExp)
                                                                              and cur is not up.test):
            cur = up
            continue
        if isinstance(up, ast.keyword):
            return up.arg in CITE_KEYWORDS
        if isinstance(up, ast.Call):
            name = up.func.attr if isinstance(up.func, ast.Attribute) else getattr(up.func, "id", "")
            return cur in up.args and up.args.index(cur) in CITE_ARGUMENTS.get(name, ())
        return False


def bare_citations(source: str, ids=frozenset()) -> list[tuple[int, str, str]]:
    """(line, the literal, what kind) for every rule number typed into ``source`` (docstrings aside); with
    ``ids`` (a Grand Archive or Marvel Champions registry's), every page id: one holding a ``/``
    (``"cost/bullet-3"``), one of a single word where a step or refusal takes its cites (``"cancel"``), and
    an f-string building one (``f"counters/{kind}/1"``)."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    parent = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if ids and isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and PAGE_PREFIX.match(first.value) and \
                    any(i.startswith(first.value) for i in ids):
                found.append((node.lineno, first.value + "…", "built"))
            continue
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        if isinstance(parent.get(node), ast.JoinedStr):
            continue
        if NUMBER.match(node.value):
            found.append((node.lineno, node.value, "number"))
        elif node.value in ids and ("/" in node.value or _cited_as_argument(node, parent)):
            found.append((node.lineno, node.value, "page id"))
        elif ids and node.value.endswith("/") and PAGE_PREFIX.match(node.value) and \
                any(i.startswith(node.value) for i in ids):
            found.append((node.lineno, node.value + "…", "built"))    # a prefix an id is built on: rule + "1"
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
    if kind == "built":
        return ("a rule id built from pieces is not checked against the rulebook: choose among registry names "
                f"(a table of cited.NAME values, {registry})")
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
        ids = frozenset(engines.cited(GAME_OF_PACKAGE[package]).by_id) if package in SLUG_IDS else frozenset()
        for line, literal, kind in bare_citations(path.read_text(encoding="utf-8"), ids):
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
            for node in source_nodes(path):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "cited" and node.attr.isupper() and node.attr != "REGISTRY"):
                    used += 1
                    if node.attr not in reg.by_name:
                        missing.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: cited.{node.attr} is "
                                       f"not in {REGISTRIES[package]}")
    assert used > 500
    assert missing == []


def test_the_scan_finds_page_ids_of_grand_archive_and_marvel_champions():
    """A page id in a step's cites, a single-word id where a step or refusal takes its cites, an id built in an
    f-string: each found, with the registry name to write; the same word as data (a card type) is not."""
    ga = frozenset(engines.cited("ga").by_id)
    source = '''
def f(game, kind, card):
    game.step("The attack is declared.", [cited.DECLARE_SELECT_ATTACKER, "retaliation-step/3"])
    game.step("x", ["counters/general-rules/4"] + [f"counters/{kind}/1"])
    rule = "keywords-and-abilities/on-leave/"
'''
    assert bare_citations(source, ga) == [(3, "retaliation-step/3", "page id"),
                                          (4, "counters/general-rules/4", "page id"), (4, "counters/…", "built"),
                                          (5, "keywords-and-abilities/on-leave/…", "built")]
    assert fix("grand_archive", "retaliation-step/3", "page id").startswith(
        f"write cited.{engines.cited('ga').get('retaliation-step/3').name} (from judge.engine.grand_archive")
    mc = frozenset(engines.cited("mc").by_id)
    source = '''
def g(self, card, init):
    if card.type == "event" and init.kind in ("attack", "cancel"):
        self.step("Its effects are canceled.", ["cancel/bullet-2", "event" if init.is_event else ""])
        raise Illegal("cancel", "cannot", more=["forced"])
    self.fail(key, "no", "limit")
'''
    assert bare_citations(source, mc) == [(4, "cancel/bullet-2", "page id"), (4, "event", "page id"),
                                          (5, "cancel", "page id"), (5, "forced", "page id"),
                                          (6, "limit", "page id")]
