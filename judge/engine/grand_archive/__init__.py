# The Grand Archive engine: validate (build) and play a scenario, every step cited.
"""Grand Archive engine: build the game from a scenario, validate it, play its actions, report facts.

``validate(scenario, book)`` and ``play(scenario, book) -> Outcome`` are its :class:`judge.engine.core.Engine`
interface, the one the scenario runner calls for every game. The format
is documented in docs/scenario-format-ga.md.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Outcome, Reason, bounded, reasons_from
from judge.engine.grand_archive.answer import report
from judge.engine.grand_archive.build import SHAPE, WORDS, build_state  # noqa: F401 — checked by the scenario layer
from judge.engine.grand_archive.game import Game
from judge.engine.grand_archive.state import PHASE_NAMES
from judge.engine.grand_archive.words import as_list
from judge.engine.grand_archive import cited

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
    """Play the actions in order; afterwards every player passes until the Effects Stack is empty and any combat in
    progress is over."""
    s = game.s
    game.trace.phase = PHASE_NAMES[s.phase]
    game.step(f"It is {s.turn_player}'s {PHASE_NAMES[s.phase]}; turn order: {', '.join(s.order)}."
              + (" The turn player receives Opportunity." if s.phase == "main" else ""),
              [cited.MAIN_PHASE_OPPORTUNITY] if s.phase == "main" else [cited.OPPORTUNITY_TURN_PLAYER_FIRST])
    stopped = False
    for n, act in enumerate(scenario.data.get("actions", []), 1):
        key = f"actions.{n}"
        game.current_key = key
        player = act.get("player", game.s.turn_player)
        if "stop" in act:
            game.step("The scenario stops here: nothing more resolves.")
            stopped = True
            break
        if "pass" in act:
            _pass(game, act, key)
            continue
        if "retaliate" in act:
            game.ready(player, key, "retaliate")
            if game.s.combat is not None and player != game.s.combat.defending_player and \
                    not any(game.keyword(game.unit(u), "ambush") for u in as_list(act["retaliate"]) if game.unit(u)):
                raise InvalidScenario([scenario.reason(
                    "not-defending", f"{player} is not the defending player: only the defending player's units "
                    "retaliate (or an ambush unit)", key, cited.DEFENDERS_MAY_RETALIATE)])
            game.retaliate(player, act, key)
            continue
        if "intercept" in act:
            _intercept(game, player, act, key)
            continue
        if "critical" in act:   # a choice made when critical damage would be dealt (critical/1, 2)
            game.s.decisions[f"critical:{player}"] = act["critical"]
            continue
        if "attack" in act:
            game.ready(player, key)
            _slow_action_check(game, player, key)
            game.declare_attack(player, act, key)
            continue
        verb = next(k for k in ("activate", "materialize", "bestow") if k in act)
        card = game.card(act[verb])
        if game.s.point == "materialize" and not game.s.stack and not (verb == "materialize" and
                                                                      player == game.s.turn_player):
            raise InvalidScenario([scenario.reason(
                "no-opportunity", f"{player} cannot act: in the materialize phase, with nothing pending, no player has "
                "Opportunity; only the turn player may materialize, as a turn-based action", key,
                cited.MATERIALIZE_TURN_BASED_ACTION)])
        game.ready(player, key, verb)
        if "ability" in act:
            game.activate_ability(player, card, act["ability"], act, key)
        else:
            game.play(player, card, verb, act, key)
    if not stopped:
        for _ in bounded(500, "passing until the Effects Stack is empty and combat is over"):
            game.resolve_blocked()
            if game.s.game_over or (not game.s.stack and game.s.combat is None):
                break
            game.all_pass()


def _pass(game: Game, act: dict, key: str):
    """pass = true: every player passes once (times = N), or until a phase begins (until = PHASE; the return to
    the main phase after combat is not a new main phase, main-phase/2.2.1)."""
    until = act.get("until")
    start = len(game.began)
    for _ in range(act.get("times", 1) if until is None else 500):
        if game.s.game_over:
            raise InvalidScenario([game.scenario.reason(
                "game-over", "no player can pass: the game is over", key, cited.GAME_END_NOT_RESPONDED_TO)])
        if game.s.opportunity is not None:
            game.ready(game.s.opportunity, key)
        game.all_pass()
        if until is not None and until in game.began[start:] and game.s.phase == until and not game.s.stack:
            return
    if until is not None:
        raise InvalidScenario([game.scenario.reason("bad-until", f"the {until} phase never begins", key)])


def _slow_action_check(game: Game, player: str, key: str):
    """Attacks are declared as a slow player action in the turn player's main phase with the Effects Stack empty
    (attacking-and-the-combat-phase/1.2, main-phase/2.2)."""
    s = game.s
    if player != s.turn_player or s.phase != "main" or s.stack:
        why = (f"{player} is not the turn player" if player != s.turn_player else
               "the Effects Stack is not empty" if s.stack else f"it is the {PHASE_NAMES[s.phase]}")
        raise InvalidScenario([game.scenario.reason(
            "slow-action", f"{player} cannot declare an attack: attacks are slow player actions, declared in the turn "
            f"player's main phase with the Effects Stack empty, and {why}", key,
            cited.ATTACK_SLOW_ACTION_MAIN_PHASE)])


def _intercept(game: Game, player: str, act: dict, key: str):
    """intercept = ALLY: the player chooses to redirect the attack when that ally's intercept resolves; the
    players pass until it has resolved."""
    s = game.s
    ally = act["intercept"]
    pending = [i for i in s.stack if i.source == ally and i.id.endswith(".intercept")]
    if not pending:
        raise InvalidScenario([game.scenario.reason(
            "no-intercept", f"no intercept ability of {game.describe(ally)} is waiting on the Effects Stack", key,
            cited.INTERCEPT)])
    if pending[0].controller != player:
        raise InvalidScenario([game.scenario.reason(
            "no-intercept", f"{player} does not control that intercept ability", key, cited.INTERCEPT)])
    s.decisions[f"intercept:{ally}"] = "yes"
    inst = pending[0]
    for _ in range(200):
        if inst not in game.s.stack or game.s.game_over:
            return
        game.ready(game.s.opportunity or game.s.turn_player, key)
        game.all_pass()
