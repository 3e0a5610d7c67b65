# The Flesh and Blood engine: validate (build) and play a scenario, every step cited.
"""Flesh and Blood engine: build the game from a scenario, validate it, play its actions, report facts.

``validate(scenario, book)`` and ``play(scenario, book) -> Outcome`` are its :class:`judge.engine.core.Engine`
interface, the one the scenario runner calls for every game. The position is built and validated first
(:mod:`.build`); the actions are played by the Game (:mod:`.game`, its parts one per chapter of the rules);
the facts and the answer come last (:mod:`.answer`). The scenario format is docs/scenario-format.md.
"""

from __future__ import annotations

from judge.engine.core import Outcome, Reason, reasons_from
from judge.engine.fab.answer import report
from judge.engine.fab.build import build_state
from judge.engine.fab.game import Game, check_card_pools, run
from judge.engine.fab.schema import SHAPE, WORDS, extra_words  # noqa: F401 — checked by the scenario layer
from judge.engine.fab.state import State, snapshot

__all__ = ["play", "report", "validate"]


def validate(scenario, book) -> list[Reason]:
    """Every problem of the position and the actions the file describes, found without playing."""
    return reasons_from(_start, scenario)


def play(scenario, book) -> Outcome:
    """Validate the scenario, then play its actions; raises InvalidScenario listing every problem found."""
    outcome = Outcome("fab", book.cite_prefix)
    start = _start(scenario)
    for note in scenario.card_notes:   # cards named by their real name (judge.cards)
        outcome.trace.phase = "cards"
        outcome.trace.add(note)
    game = Game(snapshot(start), outcome, scenario)
    # the version the file asks for (else the document's): a mechanism a later version names (steal) is cited by that
    # version's rule, and a file asking for a version the store lacks is then not judged under an older one
    game.rules_version = scenario.rules or book.version
    check_card_pools(game)
    game.equipped_face_down()   # 8.3.36 cloaked
    run(game, scenario)
    report(game)
    return outcome


def _start(scenario) -> State:
    """The validated starting position; it depends only on the file, so it is built once per loaded scenario."""
    template = scenario.__dict__.get("_fab_start")
    if template is None:
        template = scenario.__dict__["_fab_start"] = build_state(scenario)
    return template
