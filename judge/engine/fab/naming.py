# Naming a card (FaB CR 8.5.21, 2.7.5): "name a card", and the restrictions that read the name named.
"""Naming (8.5.21): ``{ do = "name" }`` — the player declares a name, written on the action that plays or activates
the source as ``names = ["NAME", …]`` (one per name effect of the card, in order; the engine never names for the
player). The name must be a card's full name, never a moniker (8.5.21a): a name that is only the moniker of a card
of the file is refused. An effect after it reads the name with the selector ``named = true`` in its ``what``
("They can't play the named card": ``{ do = "restrict", what = { named = true }, … }``): it identifies the cards whose
name equals the named one, an exact match without regard to case (2.7.5) — a longer name that only contains the
named one is another name."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.cards import has_moniker


def effect_name(game, eff: dict, src, controller: str, layer):
    """8.5.21: the effect's controller declares the name the action wrote for this source (its next unused one)."""
    names = list(src.__dict__.get("_names") or []) if src is not None else []
    used = game.__dict__.setdefault("names_used", {})
    n = used.get(src.handle if src else None, 0)
    who = game.player_name(controller)
    if n >= len(names):
        raise InvalidScenario([game.scenario.reason(
            "unnamed", f"{src.name if src else 'the effect'} has {who} name a card: the action that plays or activates "
            "it must say which, names = [\"NAME\"] (one per name effect, in order)", game.current_key or "actions",
            cited.NAME_A_CARD)])
    name = names[n]
    used[src.handle] = n + 1
    exact = {c.name.lower() for c in game.s.cards.values()}
    only_moniker = [c.name for c in game.s.cards.values() if has_moniker(c.name, name) and name.lower() not in exact]
    if only_moniker:
        raise InvalidScenario([game.scenario.reason(
            "unnamed", f"names = [{name!r}]: that is the moniker of {only_moniker[0]}, not a full name — an object cannot "
            "be named by its moniker; declare its full name", game.current_key or "actions", cited.NAME_NOT_MONIKER)])
    game.__dict__.setdefault("named", {})[src.handle] = name
    game.step(f"{who} names a card: \"{name}\". A name equals another only as an exact match, without regard to case: "
              f"the effects that read it identify cards named exactly \"{name}\", not cards whose name only contains it.",
              [cited.NAME_A_CARD, cited.NAME_NOT_MONIKER, cited.NAME_EXACT_MATCH], tag="telling")
    game.last_ok = True


def with_named(game, eff: dict, src) -> dict:
    """``eff`` with the selector key ``named = true`` in its ``what`` replaced by the name its source named (2.7.5:
    ``name``, compared without case); when the source named nothing, the selector fits no card."""
    what = eff.get("what")
    if not (isinstance(what, dict) and what.get("named")):
        return eff
    name = game.__dict__.get("named", {}).get(src.handle if src else None)
    rest = {k: v for k, v in what.items() if k != "named"}
    rest["name"] = name if name is not None else "\u0000no card was named"
    return dict(eff, what=rest)
