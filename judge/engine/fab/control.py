# Gaining control of an object (FaB CR 2.10.1 8.5.35; steal, FaB CR 2026-02 8.5.54, 8.5.54a, 8.5.54b).
"""Gain control and steal: an object in the arena comes under another player's control.

``gain-control`` is 8.5.35: the player is considered to control the object instead of its previous controller.
``steal`` is the same change of control, which FaB CR 2026-02 names a discrete effect of its own (8.5.54: the
player that controls the effect is considered to have stolen, 8.5.54a); under CR 2.10.1, which does not define
steal, it is read as the gain of control it says it is, and cited as such. Stealing an equipped object (it would
be equipped by the new controller, 8.5.54b) is not modelled: it is refused.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import matches
from judge.rulebook.model import format_version_key

# the heroes an effect takes objects from: named by the effect's ``from_hero``
FROM_HEROES = ("defending-hero", "attacking-hero", "target", "opponent", "each-opponent", "each-with-more")


def _cites(game, do: str) -> list:
    """Gain control (8.5.35), and for a steal under FaB CR 2026-02 or later its own rules (8.5.54, 8.5.54a)."""
    version = getattr(game, "rules_version", None) or ""
    later = bool(version) and format_version_key(version) >= format_version_key("2026-02")
    return [cited.GAIN_CONTROL] + ([cited.STEAL, cited.STEALER] if do == "steal" and later else [])


def _fits(game, c, spec: dict, hero: str, controller: str) -> bool:
    return c.zone in ("arena", "equipment") and c.controller == hero and matches(c, spec, game, controller)


def _heroes(game, eff: dict, controller: str, layer) -> list[str]:
    """The heroes whose objects the effect takes, in clockwise order from the controller (1.9.2c)."""
    word = eff.get("from_hero", "opponent")
    if word in ("each-opponent", "each-with-more"):
        heroes = [p for p in game.clockwise_from(controller) if p != controller and not game.s.players[p].lost]
        if word == "each-opponent":
            return heroes
        # "for each hero that controls more NAME than you": the count of objects that fit, compared now
        spec = eff.get("what") if isinstance(eff.get("what"), dict) else {}
        mine = sum(_fits(game, c, spec, controller, controller) for c in game.s.cards.values())
        more = []
        for p in heroes:
            theirs = sum(_fits(game, c, spec, p, controller) for c in game.s.cards.values())
            game.step(f"{game.player_name(p)} controls {theirs} and {game.player_name(controller)} {mine} "
                      f"({_describe_selector(spec)}): "
                      + ("more, so the effect takes from them." if theirs > mine else "not more, so nothing is taken "
                         "from them."), [cited.GAIN_CONTROL])
            if theirs > mine:
                more.append(p)
        return more
    return [game._player_word(word, controller, layer)]


def effect_gain_control(game, eff: dict, src, controller: str, layer) -> None:
    """``gain-control`` / ``steal``: ``what`` (a selector of objects in the arena the hero ``from_hero`` controls, or
    ``"target"`` / ``"it"``), ``amount`` (how many from each such hero, default 1). The controller of the effect
    gains control of them; which ones, when several fit, is chosen as the effect is generated (the action's
    ``choose``, else the first in the file, 1.8.6)."""
    do = eff.get("do")
    what = eff.get("what", "target")
    if isinstance(what, dict):
        chosen = layer.params.get("chosen") if layer is not None else None
        chosen = set(chosen if isinstance(chosen, list) else [chosen] if chosen else [])
        n = eff.get("amount", 1) if isinstance(eff.get("amount", 1), int) else 1
        cards = []
        for hero in _heroes(game, eff, controller, layer):
            fit = [c for c in game.s.cards.values() if _fits(game, c, what, hero, controller)]
            fit.sort(key=lambda c: c.handle not in chosen)   # the chosen ones first, then the file's order
            cards += fit[:n]
    else:
        cards = [c for c in game.chosen_objects(eff, "target", src, layer, controller)
                 if c.zone in ("arena", "equipment")]
    taken = []
    for c in cards:
        if c.zone == "equipment":
            raise InvalidScenario([game.scenario.reason(
                "unsupported", f"{src.name if src else 'An effect'} would take control of {c.name}, an equipped object: "
                "the new controller equipping it (8.5.54b) is not modelled", game.current_key or "actions",
                cited.GAIN_CONTROL)])
        before = c.controller
        if before == controller:
            continue
        c.controller = controller
        taken.append(c.handle)
        game.step(f"{game.player_name(controller)} {'steals' if do == 'steal' else 'gains control of'} {c.name}: "
                  f"they control it instead of {game.player_name(before)}, and it stays where it is.", _cites(game, do))
        game.event("gain-control", card=c.handle, player=controller, previous=before)
    if not taken:
        game.step(f"{src.name if src else 'The effect'}: there is nothing to {'steal' if do == 'steal' else 'gain control of'}"
                  " (no object fits): nothing changes control.", _cites(game, do))
    game.last_ok = bool(taken)
    game.last_objects = taken
