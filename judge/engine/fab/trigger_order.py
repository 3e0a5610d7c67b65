# 6.6.6b the order a player puts their own triggered-layers on the stack.
"""6.6.6b: when two or more triggered-layers would be created, each player in turn adds all the pending
triggered-layers they control onto the stack in an order they choose. The choice is the player's
``trigger_order`` in the file (card handles: the source whose triggered-layer resolves first, first); without it,
the layers go on in the order they triggered, and the trace says so."""

from __future__ import annotations

from judge.engine.fab import cited


def own_order(game, player: str, layers: list) -> list:
    """The player's pending triggered-layers in the order they add them (the last added resolves first): those of
    the sources their ``trigger_order`` lists on top, the first listed last; the others below, as they triggered."""
    chosen = game.s.players[player].trigger_order if player in game.s.players else []
    if len(layers) < 2:
        return layers
    named = []
    for h in chosen:
        named += [l for l in layers if l.source == h and l not in named]
    added = [l for l in layers if l not in named] + list(reversed(named))
    if named:
        game.step(f"{game.player_name(player)} adds their {len(layers)} triggered-layers in the order they choose "
                  f"(the file's trigger_order), though they may not be the turn player, so that they resolve "
                  f"{', then '.join(l.name for l in named)}" + (", before the others" if len(named) < len(layers) else "")
                  + ".", [cited.TRIGGERED_LAYERS_ORDER], tag="telling")
    else:
        game.step(f"{game.player_name(player)} adds their {len(layers)} triggered-layers in an order they choose; the "
                  "file gives no trigger_order, so in the order they triggered (the last resolves first).",
                  [cited.TRIGGERED_LAYERS_ORDER])
    return added
