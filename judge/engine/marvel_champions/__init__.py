# The Marvel Champions engine: validate (build) and play a scenario, every step cited.
"""Marvel Champions engine: the whole round — cards played and abilities initiated, enemy attacks and schemes,
the villain phase, threat, stages and the end of the game — every step cited.

``validate(scenario, book)`` and ``play(scenario, book) -> Outcome`` are its :class:`judge.engine.core.Engine`
interface, the one the scenario runner calls for every game. The position
is built and validated first (:mod:`.build`); the actions are played through the Initiating Abilities
procedure with its interrupt and response windows (:mod:`.game`, :mod:`.checks`, :mod:`.costs`,
:mod:`.windows`), the round (:mod:`.round`, :mod:`.powers`), enemies (:mod:`.attacks`) and threat and defeat
(:mod:`.threat`); the facts and the answer come last
(:func:`report`). The scenario format is docs/scenario-format-mc.md.
"""

from __future__ import annotations

from judge.engine.core import Outcome, Reason, reasons_from
from judge.engine.marvel_champions.build import SHAPE, build_state  # noqa: F401 — SHAPE: checked by the scenario layer
from judge.engine.marvel_champions.answer import report
from judge.engine.marvel_champions.game import Game

__all__ = ["play", "report", "validate"]


def validate(scenario, book) -> list[Reason]:
    """Every problem of the position and the actions the file describes, found without playing."""
    return reasons_from(build_state, scenario)


def play(scenario, book) -> Outcome:
    """Validate the scenario, play its actions, derive the facts; raises InvalidScenario listing every problem."""
    outcome = Outcome("mc", book.cite_prefix)
    state = build_state(scenario)
    game = Game(state, outcome, scenario, book)
    game.run(scenario.data.get("actions", []))
    report(game)
    return outcome
