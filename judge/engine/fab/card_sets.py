# Effects that act on a set of distinct cards chosen by kinds (FaB CR 8.5.1 banish, 8.4.14 decompose, 1.8.3b).
"""``{ do = "banish-set", from = "graveyard", sets = [{ of = SELECTOR, amount = N }, …] }``: banish, from the
effect's controller's zone, N cards fitting each part — all distinct cards ("banish 2 Earth cards and an action
card from your graveyard", the decompose label's cost-like effect, 8.4.14). The player chooses the cards (the
action's ``choose``, else the first in the file that complete the set); when no such set exists the effect cannot
resolve successfully (1.8.3b) and nothing is banished."""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import matches


def _assign(slots: list, pool: list, game, controller: str, taken: tuple = ()) -> tuple | None:
    """Distinct cards of ``pool`` for each selector of ``slots`` in order (backtracking, pool order), or None."""
    if not slots:
        return taken
    for c in pool:
        if c not in taken and matches(c, slots[0], game, controller):
            got = _assign(slots[1:], pool, game, controller, taken + (c,))
            if got is not None:
                return got
    return None


def effect_banish_set(game, eff: dict, src, controller: str, layer):
    """8.5.1 on a set of distinct cards, every part of it or none (1.8.3b)."""
    zone = eff.get("from", "graveyard")
    sets = [s for s in eff.get("sets", []) if isinstance(s, dict)]
    slots = [s.get("of", {}) for s in sets for _ in range(int(s.get("amount", 1)))]
    pool = [c for c in game.s.cards.values() if c.zone == zone and c.owner == controller]
    chosen = layer.params.get("chosen") if layer is not None else None
    named = [h for h in (chosen if isinstance(chosen, list) else [chosen] if chosen else []) if h in game.s.cards]
    pool.sort(key=lambda c: (c.handle not in named, named.index(c.handle) if c.handle in named else 0))
    what = " and ".join(f"{s.get('amount', 1)} {_describe_selector(s.get('of', {}), plural=False)}" for s in sets)
    picked = _assign(slots, pool, game, controller)
    if picked is None:
        game.last_ok = False
        game.step(f"{game.player_name(controller)} cannot banish {what} card(s) — distinct cards — from their {zone}: "
                  "the effect cannot resolve successfully, so nothing is banished.",
                  [cited.BANISH, cited.OPTIONAL_EFFECT_IMPOSSIBLE])
        return
    how = "as the scenario chooses" if named else "the first in the file that complete the set"
    game.step(f"{game.player_name(controller)} banishes {what} card(s) from their {zone}: "
              f"{', '.join(c.name for c in picked)} ({how}).", [cited.BANISH, cited.UNDETERMINED_PARAMETERS])
    for c in picked:
        game.move(c, "banished")
        c.__dict__["_banished_from"] = zone
        game.event("banished", card=c.handle, player=controller, origin=zone, source=src.handle if src else None)
    game.last_objects = [c.handle for c in picked]
    game.last_ok = True
