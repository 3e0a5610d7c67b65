# Self-replacement effects (FaB CR 6.4.7, 6.4.7a-b): "[EFFECT]. [CONDITION], instead [MODIFICATION]."
"""Self-replacement effects (6.4.7): a replacement effect that applies to the preceding effect of the same ability,
written on that effect as ``instead = { … }``:

* ``instead = { if = CONDITION, FIELD = VALUE, … }`` — "Draw 2 cards. If a card has been put into your soul this
  turn, instead draw 3 cards" is ``{ do = "draw", amount = 2, instead = { if = { … }, amount = 3 } }``. The
  condition is evaluated as the preceding effect is generated (6.4.7b); met, the effect is generated with the fields
  the modification gives it instead — one event, never both.
* ``instead = { it = SELECTOR, FIELD = VALUE, … }`` on an effect that waits for the next card (``next = true``) —
  "The next Earth or Elemental attack action card you play this turn gains +3{p}. If it's fused, instead it gains
  +4{p}" is ``instead = { it = { played_with = "fusion" }, by = 4 }``. The condition depends on a parameter of that
  future card, so it is evaluated when the parameter is determined: as the effect first applies to the card, once
  its costs are paid when the selector reads how it was played (6.4.7b).
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import _describe_effect_data
from judge.engine.fab.cards import matches

MARKS = ("if", "it")   # the condition of a self-replacement: on the game state, or on the object it applies to


def modified(eff: dict) -> dict:
    """The effect as its self-replacement modifies it: the modification's fields in place of the effect's."""
    inst = eff["instead"]
    out = {k: v for k, v in eff.items() if k != "instead"}
    out.update({k: v for k, v in inst.items() if k not in MARKS})
    return out


def _words(eff: dict, game) -> str:
    return _describe_effect_data({k: v for k, v in eff.items() if k != "instead"})


def as_generated(game, eff: dict, src, layer) -> dict:
    """6.4.7, 6.4.7b: the effect ``eff`` about to be generated, with its self-replacement applied when its condition
    (``instead.if``) is met now; an ``instead.it`` waits for the object (:func:`as_it_applies`)."""
    inst = eff.get("instead")
    if not isinstance(inst, dict) or "if" not in inst:
        return eff
    name = src.name if src is not None else "The effect"
    cond = inst["if"]
    event = dict(layer.params.get("event", {})) if layer is not None else {}
    if game.condition(cond, src, event):
        new = modified(eff)
        game.step(f"{name}: a self-replacement effect — its condition is met as \"{_words(eff, game)}\" is generated, "
                  f"so that event is replaced: instead, \"{_words(new, game)}\".",
                  [cited.SELF_REPLACEMENT, cited.SELF_REPLACEMENT_CONDITION] + game.condition_rules(cond), tag="telling")
        return new
    unmet = "; ".join(game.unmet_clauses(cond, src, event))
    game.step(f"{name}: the self-replacement effect's condition is not met as \"{_words(eff, game)}\" is generated "
              f"({unmet}): the effect is generated as it is written.",
              [cited.SELF_REPLACEMENT, cited.SELF_REPLACEMENT_CONDITION] + game.condition_rules(cond), tag="telling")
    return {k: v for k, v in eff.items() if k != "instead"}


def as_it_applies(game, e, card) -> None:
    """6.4.7b: the effect ``e`` — waiting for the next card — first applies to ``card``: its self-replacement's
    condition on that card (``instead.it``), a parameter determined only now, is evaluated now; met, the effect's
    fields become the modification's."""
    inst = e.data.get("instead")
    if not isinstance(inst, dict) or "it" not in inst:
        return
    name = game._src_name(e)
    if matches(card, inst["it"], game, e.controller):
        before = _words(e.data, game)
        e.data = modified(e.data)
        game.step(f"The effect of {name} has a self-replacement whose condition depends on the card it applies to: "
                  f"{card.name} fits it as it is determined, so instead of \"{before}\" the effect is "
                  f"\"{_words(e.data, game)}\".", [cited.SELF_REPLACEMENT, cited.SELF_REPLACEMENT_CONDITION],
                  tag="telling")
        return
    e.data = {k: v for k, v in e.data.items() if k != "instead"}
    game.step(f"The effect of {name} has a self-replacement whose condition depends on the card it applies to: "
              f"{card.name} does not fit it, so the effect applies as it is written.",
              [cited.SELF_REPLACEMENT, cited.SELF_REPLACEMENT_CONDITION], tag="telling")


def waits_for_costs(e) -> bool:
    """Does the self-replacement of ``e`` read how the next card was played (boosted, fused, …), known only once its
    costs are paid (8.3.9a, 8.3.17a)?"""
    inst = (e.data or {}).get("instead")
    return isinstance(inst, dict) and isinstance(inst.get("it"), dict) and "played_with" in inst["it"]
