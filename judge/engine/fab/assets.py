# 1.13 assets (resource and chi points), 1.14.2 paying asset-costs, 1.14.3 pitching, 2.8.2 the pitch symbols {r} and {c}.
"""Paying asset-costs (1.14.2) with the assets pitching gains (1.14.3).

A card's pitch symbols say what pitching it gains (2.8.2): {r} resource points, or {c} chi points (a card's
``pitch_chi = true``). Asset-costs are paid in order — chi points, resource points, life points, action points
(1.14.2a): a chi point cost only with chi points, so while one is being paid only a card that gains chi may be
pitched (1.14.2c, 1.14.3b); a resource point cost with chi points and resource points, all chi points first
(1.13.5b, 1.14.2d). A card is pitched only while the cost it is pitched for is not covered (1.14.3b).
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import IllegalAction


def gain_by_pitching(game, player: str, pc) -> str:
    """Pitch ``pc`` (1.14.3): it moves from its owner's hand to the pitch zone and they gain its pitch value in
    the asset its symbols name (2.8.2) — words for the trace."""
    p = game.s.players[player]
    game.move(pc, "pitch")
    if pc.pitch_chi:
        p.chi += pc.pitch
    else:
        p.resources += pc.pitch
    game.event("pitch", card=pc.handle, player=player)   # "if you've pitched a blue card this turn"
    return f"{pc.name} ({pc.pitch} {'chi' if pc.pitch_chi else 'resource'})"


def _card_to_pitch(game, player: str, h: str):
    pc = game.s.cards.get(h)
    if pc is None or pc.zone != "hand" or pc.owner != player:
        raise IllegalAction(f"{h} is not a card in {player}'s hand to pitch", [cited.PITCH_CARD])
    if not pc.pitch:
        raise IllegalAction(f"{pc.name} has no pitch value and cannot be pitched", [cited.CANNOT_PITCH_WITHOUT_PITCH])
    return pc


def spend_resource_cost(p, n: int) -> int:
    """Pay a resource point cost of ``n`` from the player's points: all chi points first (1.14.2d, 1.13.5b).
    Returns the chi points used."""
    from_chi = min(p.chi, n)
    p.chi -= from_chi
    p.resources -= n - from_chi
    return from_chi


def pay(game, player: str, c, resources: int, action_points: int, pitch: list, chi: int = 0) -> None:
    """Pay the asset-costs of playing ``c`` or activating its ability (5.1.7, 5.2.2d): chi points, then resource
    points, then action points (1.14.2a), pitching the cards ``pitch`` lists, in order, while a cost is not
    covered (1.14.2c, 1.14.2d, 1.14.3b); the cards pitched are the cards pitched to play it (earth bond)."""
    p = game.s.players[player]
    c.__dict__["_pitched_for"] = []     # the cards pitched to play it (earth bond, 8.4.15)
    queue = list(pitch)
    paid_from = []
    while chi and p.chi < chi and queue:   # 1.14.2c: a chi point cost only with chi points
        pc = _card_to_pitch(game, player, queue.pop(0))
        if not pc.pitch_chi:
            raise IllegalAction(f"{pc.name} gains resource points, not chi points, and the cost being paid is a chi "
                                "point cost: it may not be pitched for it",
                                [cited.PITCH_ONLY_FOR_NEEDED_ASSETS, cited.PAY_CHI_POINT_COST])
        c.__dict__["_pitched_for"].append(pc.handle)
        paid_from.append(gain_by_pitching(game, player, pc))
    if p.chi < chi:
        raise IllegalAction(f"the chi point cost of {chi} is not paid in full ({p.chi} chi points)",
                            [cited.PAY_CHI_POINT_COST, cited.ASSET_COST_UNPAID_ILLEGAL])
    p.chi -= chi
    while queue:
        if p.resources + p.chi >= resources:
            unused = [game.s.cards[x].name for x in queue if x in game.s.cards]
            game.step(f"{', '.join(unused)} {'is' if len(unused) == 1 else 'are'} not pitched: the cost is covered, "
                      "and a card may only be pitched for assets the player needs.", [cited.PITCH_ONLY_FOR_NEEDED_ASSETS])
            break
        pc = _card_to_pitch(game, player, queue.pop(0))
        c.__dict__["_pitched_for"].append(pc.handle)
        paid_from.append(gain_by_pitching(game, player, pc))
    chi_cards = any(game.card(h).pitch_chi for h in c.__dict__["_pitched_for"])
    if paid_from:
        game.step(f"{game.player_name(player)} pitches {', '.join(paid_from)}.",
                  [cited.PAY_RESOURCE_POINT_COST, cited.PITCH_CARD] + ([cited.PITCH_SYMBOLS, cited.CHI_FROM_PITCHING]
                                                                       if chi_cards else []))
    if p.resources + p.chi < resources:
        raise IllegalAction(f"the resource cost of {resources} is not paid in full ({p.resources} available"
                            + (f", and {p.chi} chi points" if p.chi else "") + ")",
                            [cited.ASSET_COST_UNPAID_ILLEGAL, cited.ASSET_COST_CANNOT_BE_PAID])
    if p.action_points < action_points:
        raise IllegalAction(f"it costs {action_points} action point and {game.player_name(player)} has "
                            f"{p.action_points}",   # the action point is an action's own cost (8.1.1c)
                            [cited.ACTION_COSTS_ACTION_POINT, cited.ASSET_COST_UNPAID_ILLEGAL, cited.PAY_ACTION_POINT_COST])
    from_chi = spend_resource_cost(p, resources)
    p.action_points -= action_points
    chi_words = f"{chi} chi point{'s' if chi != 1 else ''}, " if chi else ""
    used = f" ({from_chi} of them with chi points, all used before resource points)" if from_chi else ""
    game.step(f"Pay asset-costs: {chi_words}{resources} resource{'s' if resources != 1 else ''}{used} and "
              f"{action_points} action point{'s' if action_points != 1 else ''} paid"
              + (f"; left: {p.resources} resource point(s), {p.chi} chi point(s)" if chi or from_chi or chi_cards else "")
              + ".", [cited.PAY_ASSET_COSTS, cited.ASSET_COST_PAYMENT]
              + ([cited.ASSET_PAYMENT_ORDER, cited.PAY_CHI_POINT_COST] if chi else [])
              + ([cited.PAY_RESOURCE_POINT_COST, cited.CHI_IN_PLACE_OF_RESOURCE] if from_chi else []))
