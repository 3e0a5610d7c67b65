"""Grand Archive engine: build the game from a scenario, validate it, play its actions, report facts.

``validate(scenario, book)`` and ``play(scenario, book) -> Outcome`` are its :class:`judge.engine.core.Engine`
interface, the one the scenario runner calls for every game. The format
is documented in docs/scenario-format-ga.md.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Outcome, Reason, reasons_from
from judge.engine.grand_archive.answer import report
from judge.engine.grand_archive.build import SHAPE, build_state  # noqa: F401 — SHAPE: checked by the scenario layer
from judge.engine.grand_archive.game import Game
from judge.engine.grand_archive.state import PHASE_NAMES

__all__ = ["play", "validate"]


def validate(scenario, book) -> list[Reason]:
    """Every problem of the position and the actions the file describes, found without playing."""
    return reasons_from(build_state, scenario)


def play(scenario, book) -> Outcome:
    """Validate the scenario, then play its actions; raises InvalidScenario listing every problem found."""
    outcome = Outcome("ga", book.cite_prefix)
    state = build_state(scenario)
    game = Game(state, outcome, scenario, book)
    run(game, scenario)
    report(game)
    return outcome


# ---------------------------------------------------------------------------------------------------------
# playing the actions
# ---------------------------------------------------------------------------------------------------------

def run(game: Game, scenario):
    """Play the actions in order; afterwards every player passes until the Effects Stack is empty."""
    s = game.s
    game.trace.phase = PHASE_NAMES[s.phase]
    game.step(f"It is {s.turn_player}'s {PHASE_NAMES[s.phase]}; turn order: {', '.join(s.order)}."
              + (" The turn player receives Opportunity." if s.phase == "main" else ""),
              ["main-phase/2"] if s.phase == "main" else ["game-terms/opportunity-term/2"])
    stopped = False
    for n, act in enumerate(scenario.data.get("actions", []), 1):
        key = f"actions.{n}"
        player = act.get("player", s.turn_player)
        if "stop" in act:
            game.step("The scenario stops here: nothing more resolves.")
            stopped = True
            break
        if "pass" in act:
            for _ in range(act.get("times", 1)):
                game.ready(game.s.opportunity, key)
                game.all_pass()
            continue
        verb = next(k for k in ("activate", "materialize", "bestow") if k in act)
        card = game.card(act[verb])
        if game.s.phase == "materialize" and not game.s.stack and not (verb == "materialize" and
                                                                      player == game.s.turn_player):
            raise InvalidScenario([scenario.reason(
                "no-opportunity", f"{player} cannot act: in the materialize phase, with nothing pending, no player has "
                "Opportunity; only the turn player may materialize, as a turn-based action", key,
                "materialize-phase/3")])
        game.ready(player, key)
        if "ability" in act:
            game.activate_ability(player, card, act["ability"], act, key)
        else:
            game.play(player, card, verb, act, key)
    if not stopped:
        for _ in range(200):
            game.resolve_blocked()
            if not game.s.stack:
                break
            game.all_pass()
