# FaB CR 8.5.51 retrieve: the player may pay {r} to equip a card (a weapon from their graveyard back into a hand).
"""The ``retrieve`` effect primitive (8.5.51): "you may retrieve a dagger from your graveyard".

To retrieve a card the player may pay {r} to equip it (8.5.51): the card must exist and be able to be equipped —
a weapon needs a free weapon zone (a 2H weapon both: the player's zones, 3.0.2), an equipment the zone its subtype
names — or the player cannot choose to pay (8.5.51a). The card is the one the action's ``choose`` names among those
that fit, else the first in the file.
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.subcards import EQUIP_SLOTS

HANDS = 2     # a player has two weapon zones; a 2H weapon fills both (the engine's position check says the same)


def _hands(c) -> int:
    return 2 if "2h" in c.subtypes else 1


def _why_not_equipped(game, c, player: str) -> str | None:
    """Why ``c`` cannot be equipped by ``player`` now, or None when it can."""
    held = [x for x in game.s.cards.values() if x.zone == "equipment" and x.controller == player and x is not c]
    if "weapon" in c.types:
        used = sum(_hands(x) for x in held if x.types & {"weapon"} or x.subtypes & {"off-hand", "quiver"})
        if used + _hands(c) > HANDS:
            return f"{game.player_name(player)}'s weapon zones hold {used} hand(s) of weapons: no room for {c.name}"
        return None
    slot = next((s for s in EQUIP_SLOTS if s in c.subtypes), None)
    if slot is None:
        return f"{c.name} is neither a weapon nor an equipment with a zone"
    taken = next((x for x in held if slot in x.subtypes), None)
    return f"{game.player_name(player)}'s {slot} zone holds {taken.name}" if taken is not None else None


def effect_retrieve(game, eff: dict, src, controller: str, layer):
    """8.5.51: the chosen card of the controller's graveyard that fits ``what``; it must be able to be equipped
    (8.5.51a), then its player pays {r} (floating resources, then cards pitched) and equips it; any of these
    failing: the effect fails and nothing is paid."""
    what = dict(eff.get("what") or {})
    what.setdefault("zone", "graveyard")
    found = [c for c in game.chosen_objects({"what": what, "amount": 1}, "it", src, layer, controller)
             if c is not src]
    game.last_ok = False
    game.last_objects = []
    who = game.player_name(controller)
    if not found:
        game.step(f"{who} has no such card to retrieve: the retrieve fails.", [cited.RETRIEVE, cited.EFFECT_FAILS])
        return
    card = found[0]
    why = _why_not_equipped(game, card, controller)
    if why is not None:
        game.step(f"{card.name} cannot be equipped ({why}), so {who} cannot choose to pay {{r}} to retrieve it: the "
                  "retrieve fails.", [cited.RETRIEVE_MUST_BE_EQUIPPABLE, cited.PLAYER_ZONES])
        return
    if not game._pay_optional(controller, 1, keep=src):
        game.step(f"{who} cannot pay {{r}} to retrieve {card.name}: the retrieve fails.",
                  [cited.RETRIEVE, cited.ASSET_COST_CANNOT_BE_PAID])
        return
    was = card.zone
    game.move(card, "equipment", controller=controller)
    game.last_ok = True
    game.last_objects = [card.handle]
    game.step(f"{card.name} can be equipped, so {who} may pay {{r}} for it: they pay and retrieve it — it is "
              f"equipped, put from the {was} into their " + ("weapon zone" if "weapon" in card.types else
                                                             "equipment zone") + " as a permanent.",
              [cited.RETRIEVE, cited.RETRIEVE_MUST_BE_EQUIPPABLE, cited.EQUIP], tag="telling")
