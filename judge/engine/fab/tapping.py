# Tapped and untapped permanents (FaB CR 2026-02 1.3.3b, 1.12.4g-h, 8.5.55, 8.5.56, 4.4.3d; 1.14.4b for {t} costs).
"""Tapped and untapped permanents, as FaB CR 2026-02 defines them (CR 2.10.1 does not: every rule here is a
registry entry bound to 2026-02, ``cite(..., since="2026-02")``, and a scenario judged under 2.10.1 that
depends on one is refused, naming the mechanism and the version).

* A permanent is untapped or tapped (1.3.3b); it is untapped unless a rule or effect puts it into the arena
  tapped or changes its state. A scenario says ``tapped = true`` on a card in the arena.
* Tap and untap are discrete effects (``do = "tap"`` / ``do = "untap"``, 8.5.55, 8.5.56): they change the state;
  an effect that would tap a permanent already tapped (untap one already untapped) fails (8.5.55a, 8.5.56a).
  ``what`` is ``self``, ``target``, ``it``, a handle, or a selector of permanents in the arena with ``amount``
  (the player chooses which, the action's ``pay_with`` / ``choose``; else an untapped one first, said in the
  trace) or without it (all of them).
* ``{t}`` written as a cost is the tap effect (1.12.4g) paid as an effect-cost (1.14.4): ``effect_cost = [{ do =
  "tap" }]`` ("{t}": this), ``{ do = "tap", what = { subtypes = ["cog"], controller = "you" }, amount = 1 }``
  ("{t} a cog you control"). A tap that would fail cannot be paid, so the activation is reversed (1.14.4b).
* In the end phase the turn-player untaps all permanents they control (4.4.3d of 2026-02). The CR says
  nothing more about what a tapped permanent may do: it only cannot pay a {t} cost again while tapped.
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import ARENA_ZONES

_STATE_RULE = {"tap": (cited.TAP, cited.TAP_ALREADY_TAPPED), "untap": (cited.UNTAP, cited.UNTAP_ALREADY_UNTAPPED)}


def _name(src) -> str:
    return src.name if src else "The effect"


def tap_objects(game, eff: dict, src, controller: str, layer) -> list:
    """The permanents a tap or untap effect acts on (see the module docstring)."""
    what = eff.get("what", "self")
    cards = [c for c in game._target_cards(what, src, layer, controller) if c.zone in ARENA_ZONES]
    n = eff.get("amount")
    if not isinstance(what, dict) or not isinstance(n, int) or isinstance(n, bool):
        return cards
    changeable = (lambda c: not c.tapped) if eff["do"] == "tap" else (lambda c: c.tapped)
    return determined(game, cards, n, what, layer, controller, changeable,
                      "untapped" if eff["do"] == "tap" else "tapped")


def determined(game, cards: list, n: int, what: dict, layer, controller: str, first=lambda c: True,
               words: str = "") -> list:
    """1.8.6: N of the objects ``cards`` that fit the selector ``what`` ("a cog you control"), determined by the
    player as the effect is generated — those the action's ``choose`` / ``pay_with`` names; when it names none, the
    first in the file (those for which ``first`` holds before the others), said in the trace."""
    if len(cards) <= n:
        return cards
    chosen = layer.params.get("chosen") if layer is not None else None
    named = [game.card(h) for h in (chosen if isinstance(chosen, list) else [chosen] if chosen else [])
             if h in game.s.cards and game.card(h) in cards]
    if named:
        return named[:n]
    picked = sorted(cards, key=lambda c: not first(c))[:n]
    game.step(f"{game.player_name(controller)} determines which {_describe_selector(what, plural=False)} the effect "
              f"acts on as it is generated; the scenario names none, so the first in the file"
              f"{' that is ' + words if words else ''}: {', '.join(c.name for c in picked)}.",
              [cited.UNDETERMINED_PARAMETERS])
    return picked


def effect_tap(game, eff: dict, src, controller: str, layer) -> None:
    """8.5.55 / 8.5.56: tap (untap) each permanent ``what`` names; one already in that state: that part fails."""
    do = eff["do"]
    rule, fails = _STATE_RULE[do]
    cards = tap_objects(game, eff, src, controller, layer)
    if not cards:
        game.step(f"{_name(src)}: there is no permanent to {do}, so that effect fails.", [rule, cited.EFFECT_FAILS])
        game.last_ok = False
        return
    changed = []
    for c in cards:
        if c.tapped == (do == "tap"):
            game.step(f"{c.name} is already {do}ped: the {do} effect fails for it.", [fails, rule])
            continue
        c.tapped = do == "tap"
        changed.append(c)
        game.step(f"{_name(src)}: {c.name} is {do}ped (its state changes from {'un' if do == 'tap' else ''}tapped to "
                  f"{'' if do == 'tap' else 'un'}tapped).", [rule, cited.PERMANENT_STATES])
    game.last_objects = [c.handle for c in changed]
    game.last_ok = bool(changed)


def fails_rules(eff: dict) -> list:
    """The rules that make a tap (untap) of a permanent already in that state fail (8.5.55a, 8.5.56a), for a
    tap or untap effect; [] for any other."""
    rules = _STATE_RULE.get(eff.get("do"))
    return [rules[1], rules[0]] if rules else []


def too_few(game, eff: dict, controller: str, layer) -> str:
    """Why an optional tap (untap) of N chosen permanents cannot resolve successfully (1.8.3b): fewer than N that
    fit are untapped (tapped), so each would fail (8.5.55a, 8.5.56a); '' when it can."""
    what, n = eff.get("what"), eff.get("amount", 1)
    if not isinstance(what, dict) or not isinstance(n, int) or isinstance(n, bool):
        return ""
    tap = eff["do"] == "tap"
    pool = [c for c in game._target_cards(what, None, layer, controller) if c.tapped != tap]
    if len(pool) >= n:
        return ""
    return f"{'' if pool else 'no '}{_describe_selector(what, plural=False)} it could {eff['do']} is " \
        f"{'untapped' if tap else 'tapped'}" + (f" (only {len(pool)} of {n})" if pool else "")


def cannot_tap(game, player: str, c, cost: dict, pay_with: list) -> str | None:
    """Why a ``{t}`` effect-cost cannot be paid now (None: it can): the permanent is not in the arena or is
    already tapped, so tapping it would fail (8.5.55a, 1.14.4b); "{t} a cog you control": too few untapped."""
    what = cost.get("what", "self")
    if what == "self":
        if c.zone not in ARENA_ZONES:
            return f"{c.name} is not a permanent in the arena"
        return f"{c.name} is already tapped" if c.tapped else None
    if not isinstance(what, dict):
        return f"the engine does not pay \"tap\" of {what!r} as a cost"
    n = cost.get("amount", 1)
    pool = [x for x in game.s.cards.values() if x.zone in ARENA_ZONES and not x.private and x.controller == player
            and game._applies(what, x, player, c) and not x.tapped]
    if len(pool) < n:
        return f"{game.player_name(player)} controls {len(pool)} untapped {_describe_selector(what, plural=True)}, not {n}"
    named = [h for h in pay_with if h in game.s.cards]
    if named and not all(game.card(h) in pool for h in named[:n]):
        return "a permanent named by pay_with is not an untapped one that fits"
    return None


def describe_tap(cost: dict) -> str:
    """A tap effect-cost in words: ``{t} (tap this)``, ``tap 1 cog you control``."""
    what = cost.get("what", "self")
    word = "untap" if cost.get("do") == "untap" else "tap"
    if what == "self":
        return f"{{{word[0]}}} ({word} this)"
    n = cost.get("amount", 1)
    return f"{word} {n} {_describe_selector(what, plural=n != 1) if isinstance(what, dict) else what}"


def start_tapped(game) -> None:
    """1.3.3b: the permanents the scenario puts into the arena tapped, said once as the game starts."""
    tapped = [c for c in game.s.cards.values() if c.tapped]
    if tapped:
        game.step(f"Tapped as the scenario begins: {', '.join(c.name for c in tapped)}; every other permanent is "
                  "untapped.", [cited.PERMANENT_STATES])


def untap_at_end_of_turn(game, player: str) -> None:
    """4.4.3d (2026-02): the turn-player untaps all permanents they control (said only when one is tapped)."""
    tapped = [c for c in game.s.cards.values() if c.zone in ARENA_ZONES and c.controller == player and c.tapped]
    if not tapped:
        return
    for c in tapped:
        c.tapped = False
    game.step(f"End-of-turn: {game.player_name(player)} untaps all permanents they control "
              f"({', '.join(c.name for c in tapped)}).", [cited.UNTAP_AT_END_OF_TURN, cited.UNTAP])
