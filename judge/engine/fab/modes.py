# Modal abilities (FaB CR 1.7.5, 5.1.4a, 6.6.6a): "Choose N; - A - B - C" and the modes its controller declares.
"""Modal abilities, written either way a judge writes them:

* one ability with ``{ do = "modes", choose = N, modes = [{ effects = [...], target = … }, …] }``, or
* one resolution ability per mode, each with ``mode = N`` (numbered as printed) and the number to choose,
  ``choose = N`` (filled in from the printed "Choose N" for a real card); they are folded into the first form.

The modes its controller declares as the card is played (1.7.5a, 5.1.4a), in the order chosen (1.7.5b), are the
card's ``modes = [2, 1]`` or the play action's ``modes = [2]``. A card with a modal ability whose modes are
declared nowhere, a wrong number of modes, a mode out of range or chosen twice, modes declared both on the card
and on the action, or modes for a card without a modal ability are refused when the file is loaded: the engine
never picks a mode for the player. The chosen modes' target (a mode may target, 1.8.5) becomes the card's
target, declared by the play action as any card's (5.1.4a: modes first, then targets).
"""

from __future__ import annotations

from judge.engine.fab import cited

MODE_ABILITY_KEYS = {"kind", "mode", "choose", "choose_up_to", "effects", "name"}


def modal_effects(card) -> list[dict]:
    """The ``do = "modes"`` effects of a card's abilities, in order."""
    out = []
    for ab in card.abilities:
        for eff in (ab.get("effects") or []) if isinstance(ab.get("effects"), list) else []:
            if isinstance(eff, dict) and eff.get("do") == "modes":
                out.append(eff)
    return out


def fold_mode_abilities(scenario, key: str, card, reasons: list) -> None:
    """Abilities written one per mode (``mode = N``) become one modal ability in place of the first (1.7.5);
    their effects were checked under their own keys. Appends a Reason for misnumbered modes, a missing or
    disagreeing ``choose``, or a mode that is not a resolution ability."""
    from judge.engine.fab.cards import Ability

    modal = [ab for ab in card.abilities if "mode" in ab.data]
    if not modal:
        return
    ok = True
    for ab in modal:
        extra = sorted(set(ab.data) - MODE_ABILITY_KEYS)
        if ab.kind != "resolution" or extra:
            what = f"a {ab.kind} ability" if ab.kind != "resolution" else f"an ability with {', '.join(extra)}"
            reasons.append(scenario.reason("unsupported", f"mode = {ab.data['mode']!r} on {what}: a mode written as its "
                                           "own ability is a resolution ability with effects (modes of triggered or "
                                           "activated abilities, and conditions on a mode, are not modelled)",
                                           f"{ab.key}.mode", cited.MODAL_ABILITY))
            ok = False
    numbers = sorted(ab.data["mode"] for ab in modal if isinstance(ab.data["mode"], int))
    if numbers != list(range(1, len(modal) + 1)):
        reasons.append(scenario.reason("declare-mode", f"{card.name}'s modes are numbered {numbers}: number them 1 to "
                                       f"{len(modal)} as printed, each once", f"{modal[0].key}.mode",
                                       cited.MODAL_ABILITY))
        ok = False
    chooses = {ab.data["choose"] for ab in modal if "choose" in ab.data}
    if len(chooses) != 1:
        words = "disagree" if chooses else "do not say how many modes are chosen"
        reasons.append(scenario.reason("declare-mode", f"{card.name}'s mode abilities {words}: write the printed "
                                       "\"Choose N\" as choose = N on them", f"{modal[0].key}.choose",
                                       cited.MODAL_ABILITY))
        ok = False
    if not ok:
        return
    folded = {"kind": "resolution", "effects": [{"do": "modes", "choose": chooses.pop(), "modes": [
        {"effects": list(ab.data.get("effects", []))} for ab in sorted(modal, key=lambda a: a.data["mode"])]}]}
    up_to = {ab.data["choose_up_to"] for ab in modal if "choose_up_to" in ab.data}
    if up_to:   # "Choose 1 or both": the most modes that may be chosen
        folded["effects"][0]["choose_up_to"] = max(up_to)
    first = card.abilities.index(modal[0])
    rest = [ab for ab in card.abilities if ab not in modal]
    rest.insert(first, Ability(modal[0].index, "resolution", folded, modal[0].key))
    card.abilities = rest


def check_card_modes(scenario, key: str, cd: dict, card, reasons: list, on_action: bool = False) -> None:
    """Check the card's ``modes`` against its modal ability (1.7.5a, 1.7.5b) and give the card the chosen modes'
    target; append a Reason for each problem. ``on_action``: a play action of the card declares its modes."""
    modal = modal_effects(card)
    chosen = cd.get("modes")
    card.modes = []
    if chosen is None:
        if modal and not on_action:
            n = len(modal[0].get("modes", []))
            reasons.append(scenario.reason(
                "declare-mode", f"{card.name} has a modal ability (choose {modal[0].get('choose', 1)} of {n}): say which "
                f"modes its controller declares as it is played, modes = [1] (numbered as printed) on the card or on "
                "the action that plays it", f"{key}", cited.MODES_DECLARED))
        return
    if on_action:
        reasons.append(scenario.reason("two-places", f"{card.name}'s modes are declared both on the card and on the "
                                       "action that plays it: declare them once", f"{key}.modes", cited.MODES_DECLARED))
        return
    target = check_chosen(scenario, f"{key}.modes", card, chosen, reasons)
    if target is not False:
        if target is not None and "target" not in cd:
            card.target_spec = target
        card.modes = list(chosen)


def check_action_modes(scenario, key: str, act: dict, card, reasons: list) -> None:
    """A play action's ``modes`` (1.7.5a: declared as the card is played) against the card's modal ability; a
    modal card played without modes declared anywhere is refused here too."""
    if "modes" in act:
        check_chosen(scenario, f"{key}.modes", card, act["modes"], reasons)
    elif modal_effects(card) and not card.modes:
        reasons.append(scenario.reason("declare-mode", f"{card.name} has a modal ability: say which modes its "
                                       "controller declares as it is played, modes = [1] on this action",
                                       f"{key}.play", cited.MODES_DECLARED))


def check_chosen(scenario, where: str, card, chosen, reasons: list):
    """The chosen modes' target spec (None when they target nothing), or False with a Reason appended when
    ``chosen`` is not a legal declaration for the card's modal ability (1.7.5, 1.7.5b)."""
    modal = modal_effects(card)
    if not modal:
        reasons.append(scenario.reason("declare-mode", f"modes = {chosen!r}: {card.name} has no modal ability",
                                       where, cited.MODAL_ABILITY))
        return False
    if len(modal) > 1:
        reasons.append(scenario.reason("unsupported", f"{card.name} has {len(modal)} modal abilities: one modes list "
                                       "cannot say which modes belong to which (not modelled)", where,
                                       cited.MODAL_ABILITY))
        return False
    options = modal[0].get("modes", [])
    want = min(int(modal[0].get("choose", 1)), len(options))
    most = min(int(modal[0].get("choose_up_to", want)), len(options))   # "Choose 1 or both" (1.7.5)
    alt = modal[0].get("choose_if")   # "If …, choose 3. Otherwise, choose 1": either number, checked as played (1.7.5e)
    if isinstance(alt, dict) and isinstance(alt.get("choose"), int) and len(chosen if isinstance(chosen, list) else []) \
            == min(alt["choose"], len(options)):
        want = most = min(alt["choose"], len(options))
    if not isinstance(chosen, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in chosen):
        reasons.append(scenario.reason("wrong-type", f"modes must be a list of mode numbers such as [1], not {chosen!r}",
                                       where))
        return False
    if not want <= len(chosen) <= max(want, most) or len(set(chosen)) != len(chosen) or \
            any(i < 1 or i > len(options) for i in chosen):
        count = f"{want} to {most}" if most > want else f"{want}"
        reasons.append(scenario.reason(
            "declare-mode", f"modes = {chosen!r}: {card.name}'s modal ability chooses {count} "
            f"{'different modes' if most != 1 else 'mode'} of {len(options)} (numbered 1 to {len(options)} as printed)",
            where, cited.MODES_DIFFERENT))
        return False
    targets = [options[i - 1]["target"] for i in chosen if isinstance(options[i - 1], dict) and "target" in options[i - 1]]
    if len(targets) > 1:
        reasons.append(scenario.reason("unsupported", f"modes = {chosen!r}: two chosen modes each declare a target "
                                       "(not modelled: one card target)", where, cited.MODES_DECLARED))
        return False
    return targets[0] if targets else None


def declare_action_modes(game, c, action: dict) -> None:
    """5.1.4a, 1.7.5a: the modes the play action declares become the card's modes (checked at load time)."""
    if "modes" not in action:
        return
    c.modes = list(action["modes"])
    options = modal_effects(c)[0].get("modes", [])
    targets = [options[i - 1]["target"] for i in c.modes if "target" in options[i - 1]]
    if targets and c.__dict__.get("_written_target") is None:
        c.target_spec = targets[0]
    modal = modal_effects(c)[0]
    lo, hi = int(modal.get("choose", 1)), int(modal.get("choose_up_to", modal.get("choose", 1)))
    how_many = f"; it may choose {lo} to {min(hi, len(options))} different modes" if hi > lo else ""
    game.step(f"Declare modes: {game.player_name(c.controller or c.owner)} declares mode "
              f"{', '.join(map(str, c.modes))} of {c.name}'s modal ability (of {len(options)}{how_many})"
              + (", in that order." if len(c.modes) > 1 else "."),
              [cited.DECLARE_MODES_TARGETS, cited.MODES_DECLARED]
              + ([cited.MODAL_ABILITY] if hi > lo else []) + ([cited.MODES_DIFFERENT] if len(c.modes) > 1 else []))


def check_mode_count(game, c) -> None:
    """1.7.5e: a number of modes that depends on a condition (``choose_if = { if = …, choose = N }``: "If …, choose N.
    Otherwise, choose M") is fixed by evaluating the condition as the modes are selected — as the card is played, not
    as it resolves; modes declared in another number make the play illegal."""
    from judge.engine.fab.base import IllegalAction

    modal = modal_effects(c)
    alt = modal[0].get("choose_if") if modal else None
    if not isinstance(alt, dict):
        return
    options = modal[0].get("modes", [])
    met = game.condition(alt["if"], c, {})
    n = min(int(alt["choose"] if met else modal[0].get("choose", 1)), len(options))
    said = "; ".join(game.unmet_clauses(alt["if"], c, {})) if not met else "it is met"
    rules = [cited.MODES_CONDITIONAL_NUMBER, cited.MODES_DECLARED] + game.condition_rules(alt["if"])
    if len(c.modes) != n:
        raise IllegalAction(f"the number of modes depends on a condition evaluated as the modes are selected ({said}), "
                            f"so {c.name} chooses {n} mode{'s' if n != 1 else ''}, not {len(c.modes)}", rules)
    game.step(f"{c.name}'s number of modes depends on a condition, evaluated now as the modes are selected ({said}): "
              f"it chooses {n} mode{'s' if n != 1 else ''}, and that number does not change later.", rules,
              tag="telling")


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


def effect_either(game, eff, src, controller, layer):
    """"This gets +1{p} or go again": one of the ``options`` — which is a parameter its controller determines as the
    effect is generated (1.8.6), the action's ``option = N`` (numbered as printed). None named, or a number out of
    range, is refused: the engine never decides for the player."""
    from judge.engine.core import InvalidScenario

    options = eff.get("options", [])
    n = layer.params.get("option") if layer is not None else None
    name = src.name if src is not None else "The effect"
    if not isinstance(n, int) or not 1 <= n <= len(options):
        words = f"names option {n}, but there are {len(options)}" if n is not None else "names none"
        raise InvalidScenario([game.scenario.reason(
            "missing-target", f"{name} has its controller choose one of {len(options)} options as the effect is "
            f"generated: the action that plays or activates it must say which, option = N (it {words})",
            f"cards.{src.handle}" if src is not None else "actions", cited.UNDETERMINED_PARAMETERS)])
    game.step(f"{name}: {game.player_name(controller)} determines which of its {len(options)} options the effect is as "
              f"it is generated: option {n}.", [cited.UNDETERMINED_PARAMETERS])
    game.generate(list(options[n - 1].get("effects", [])), src, controller, layer)

