# Modal abilities (FaB CR 1.7.5, 5.1.4a, 6.6.6a): "Choose N; - A - B - C" and the modes its controller declares.
"""Modal abilities: ``{ do = "modes", choose = N, modes = [{ effects = [...], target = … }, …] }`` in a card's
ability, and the card's ``modes = [2, 1]`` — the modes its controller declares as it is played (1.7.5a, 5.1.4a),
in the order chosen (1.7.5b).

A card with a modal ability and no ``modes`` key, a wrong number of modes, a mode out of range or chosen twice,
or ``modes`` on a card without a modal ability is refused when the file is loaded: the engine never picks a
mode for the player. The chosen modes' target (a mode may target, 1.8.5) becomes the card's target, declared
by the play action as any card's (5.1.4a: modes first, then targets).
"""

from __future__ import annotations

from judge.engine.fab import cited


def modal_effects(card) -> list[dict]:
    """The ``do = "modes"`` effects of a card's abilities, in order."""
    out = []
    for ab in card.abilities:
        for eff in (ab.get("effects") or []) if isinstance(ab.get("effects"), list) else []:
            if isinstance(eff, dict) and eff.get("do") == "modes":
                out.append(eff)
    return out


def check_card_modes(scenario, key: str, cd: dict, card, reasons: list) -> None:
    """Check the card's ``modes`` against its modal ability (1.7.5a, 1.7.5b) and give the card the chosen modes'
    target; append a Reason for each problem."""
    modal = modal_effects(card)
    chosen = cd.get("modes")
    card.modes = []
    if chosen is None:
        if modal:
            n = len(modal[0].get("modes", []))
            reasons.append(scenario.reason(
                "declare-mode", f"{card.name} has a modal ability (choose {modal[0].get('choose', 1)} of {n}): say which "
                f"modes its controller declares as it is played, modes = [1] (numbered as printed)", f"{key}",
                cited.MODES_DECLARED))
        return
    if not modal:
        reasons.append(scenario.reason("declare-mode", f"modes = {chosen!r}: {card.name} has no modal ability",
                                       f"{key}.modes", cited.MODAL_ABILITY))
        return
    if len(modal) > 1:
        reasons.append(scenario.reason("unsupported", f"{card.name} has {len(modal)} modal abilities: one modes list "
                                       "cannot say which modes belong to which (not modelled)", f"{key}.modes",
                                       cited.MODAL_ABILITY))
        return
    options = modal[0].get("modes", [])
    want = min(int(modal[0].get("choose", 1)), len(options))
    if not isinstance(chosen, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in chosen):
        reasons.append(scenario.reason("wrong-type", f"modes must be a list of mode numbers such as [1], not {chosen!r}",
                                       f"{key}.modes"))
        return
    if len(chosen) != want or len(set(chosen)) != len(chosen) or any(i < 1 or i > len(options) for i in chosen):
        reasons.append(scenario.reason(
            "declare-mode", f"modes = {chosen!r}: {card.name}'s modal ability chooses {want} "
            f"{'different modes' if want != 1 else 'mode'} of {len(options)} (numbered 1 to {len(options)} as printed)",
            f"{key}.modes", cited.MODES_DIFFERENT))
        return
    targets = [options[i - 1]["target"] for i in chosen if isinstance(options[i - 1], dict) and "target" in options[i - 1]]
    if len(targets) > 1:
        reasons.append(scenario.reason("unsupported", f"modes = {chosen!r}: two chosen modes each declare a target "
                                       "(not modelled: one card target)", f"{key}.modes", cited.MODES_DECLARED))
        return
    if targets and "target" not in cd:
        card.target_spec = targets[0]
    card.modes = list(chosen)


def effect_modes(game, eff, src, controller, layer):
    """Generate the effects of the modes declared as the card was played, in the order chosen (1.7.5b, 1.7.5d)."""
    options = eff.get("modes", [])
    chosen = list(getattr(src, "modes", None) or [])
    name = src.name if src is not None else "the ability"
    game.step(f"{name}'s modal ability: the modes declared as it was put on the stack are {', '.join(map(str, chosen))} "
              f"(of {len(options)}); only those are its abilities, in that order.",
              [cited.MODES_DECLARED, cited.MODES_ARE_BASE_ABILITIES])
    for i in chosen:
        game.generate(list(options[i - 1].get("effects", [])), src, controller, layer)
