# Effects of contest and chance (FaB CR 8.5.45 clash, 8.5.46 wager, 8.5.18 roll): who wins, what the winner gets, what a die shows.
"""Clash (8.5.45): the clashing players reveal the top card of their decks; the one who revealed the card with
the greatest {p} wins the clash by revealing that card (an event ``win-clash`` about that card, which the
card's own "When you win a clash revealing this" abilities trigger on, 1.7.4i); the effects the card text gives
"the winner" are generated with the winner as their controller; ``won_clash`` tells whether the clashing
ability's controller won its last clash.

Each handler is ``handler(game, eff, src, controller, layer)`` (the row in :mod:`.primitives`).
"""

from __future__ import annotations

from judge.engine.fab import cited


def effect_clash(game, eff: dict, src, controller: str, layer):
    """8.5.45: ``{ do = "clash", with = "attacking-hero" | "defending-hero" | "target", winner = [effects] }``."""
    other = game._player_word(eff.get("with", "defending-hero"), controller, layer)
    name = src.name if src else "The effect"
    record = game.__dict__.setdefault("_clashes", {})
    record[src.handle if src else None] = None
    if other == controller or other not in game.s.players:
        game.last_ok = False
        game.step(f"{name}: a clash needs two clashing heroes, and there is only "
                  f"{game.player_name(controller)}: the clash effect fails.", [cited.CLASH_FAILS, cited.EFFECT_FAILS])
        return
    revealed, powers = {}, {}
    for p in (controller, other):
        deck = game.deck_of(p)
        top = deck[0] if deck else None
        revealed[p] = top
        powers[p] = game.power(top) if top is not None else None
        if top is None:
            game.step(f"{game.player_name(p)}'s deck is empty: they reveal no card for the clash.",
                      [cited.CLASH, cited.CLASH_NO_POWER])
        else:
            game.step(f"{game.player_name(p)} reveals the top card of their deck for the clash: {top.name} ("
                      + (f"{powers[p]}{{p}}" if powers[p] is not None else "no power property") + "); it stays on top.",
                      [cited.CLASH, cited.REVEAL, cited.REVEAL_STAYS])
    with_power = {p: v for p, v in powers.items() if v is not None}
    best = max(with_power.values(), default=None)
    leaders = [p for p, v in with_power.items() if v == best]
    cites = [cited.CLASH_WON] + ([cited.CLASH_NO_POWER] if len(with_power) < len(powers) else [])
    if len(leaders) != 1:
        why = ("no revealed card has the power property" if not with_power
               else f"both revealed cards have {best}{{p}}, and neither is greater")
        game.step(f"{name}: {why}, so no player wins the clash.", [cited.CLASH_NO_WINNER] + cites[1:],
                  tag="telling")
        game.last_ok = True
        return
    winner = leaders[0]
    loser = other if winner == controller else controller
    card = revealed[winner]
    record[src.handle if src else None] = winner
    game.step(f"{game.player_name(winner)} wins the clash by revealing {card.name} ({best}{{p}}, greater than "
              + (f"{powers[loser]}{{p}}" if powers[loser] is not None else "a card without power or none") + ").",
              cites, tag="telling")
    game.facts.setdefault("won_clash", []).append(winner)
    game.event("win-clash", card=card.handle, player=winner)
    if eff.get("winner"):
        game.step(f"{name}: the winner, {game.player_name(winner)}, does what the effect gives the winner.",
                  [cited.CLASH_WON])
        game.generate(eff["winner"], src, winner, layer)
    game.last_ok = True


def won_clash(game, want, src, event) -> bool:
    """The condition ``won_clash``: the controller of ``src`` won the last clash ``src``'s ability made ("If you
    win, …"); false when no one won or it has not clashed."""
    winner = game.__dict__.get("_clashes", {}).get(src.handle if src else None)
    return (src is not None and winner == src.controller) == want


def effect_wager(game, eff: dict, src, controller: str, layer):
    """8.5.46: ``{ do = "wager", with = "defending-hero", prize = [effects] }`` — a continuous effect: as the chain
    link of the attack resolves, its trigger settles the wager (:func:`_settle_wager`)."""
    from judge.engine.fab.state import Effect

    if eff.get("_settle"):
        _settle_wager(game, eff, src, controller, layer)
        return
    name = src.name if src else "The effect"
    link = game.s.active_link
    attack = link.attack if link is not None else None
    other = game._player_word(eff.get("with", "defending-hero"), controller, layer)
    if attack is None or other == controller or other not in game.s.players:
        game.last_ok = False
        game.step(f"{name}: a wager needs an attack and another player to wager with; "
                  + ("there is no attack" if attack is None else "there is no other player") + ": the effect fails.",
                  [cited.WAGER, cited.EFFECT_FAILS])
        return
    settle = {"do": "wager", "_settle": True, "_attack": attack, "_with": other, "prize": list(eff.get("prize", []))}
    data = {"on": "chain-link-resolves", "once": True, "of": "any", "_attack": attack, "name": "Wager",
            "effects": [settle]}
    game.add_effect(Effect(game.s.next_id(), game.s.tick(), src.handle if src else None, controller, "trigger", data,
                           duration="chain"))
    game.facts.setdefault("wagered", []).append(attack)
    prize = "; ".join(e.get("name", e.get("do", "")) for e in eff.get("prize", [])) or "no prize named"
    game.step(f"{game.player_name(controller)} wagers ({prize}) with {game.player_name(other)} on "
              f"{game.card(attack).name}: when its chain link resolves, if it has hit, {game.player_name(controller)} "
              f"wins the prize, otherwise {game.player_name(other)} does. The attack and {game.player_name(controller)} "
              "have wagered.", [cited.WAGER, cited.WAGERED], tag="telling")
    game.last_ok = True


def _settle_wager(game, eff: dict, src, controller: str, layer):
    """8.5.46a: the wager's trigger resolves — the attack has hit: its controller wins; otherwise the other player;
    the winner gets the prize (a token: created under their control, 8.5.46b)."""
    attack = eff["_attack"]
    link = next((l for l in reversed(game.s.all_links) if l.attack == attack), None)
    hit = bool(link is not None and link.hit)
    winner = controller if hit else eff["_with"]
    game.facts.setdefault("won_wager", []).append(winner)
    game.step(f"The wager on {game.card(attack).name} is settled: the attack has {'hit' if hit else 'not hit'}, so "
              f"{game.player_name(winner)} wins the wager.", [cited.WAGERED], tag="telling")
    if eff.get("prize"):
        game.step(f"{game.player_name(winner)} wins the prize and creates it under their own control.",
                  [cited.WAGER_PRIZE])
        game.generate(eff["prize"], src, winner, layer)


def attacks_hero(game, want, src, event) -> bool:
    """The condition ``attacks_hero``: the attack the event is about has a hero among its attack-targets ("When
    this attacks a hero, …", 1.4.5), not only allies or other objects."""
    link = game.s.active_link
    attack = event.get("attack") if isinstance(event.get("attack"), str) else None
    targets = link.targets if link is not None and (attack is None or link.attack == attack) else []
    return any(t in game.s.players for t in targets) == want


def effect_transcend(game, eff: dict, src, controller: str, layer):
    """8.5.48: the transcend source is put into its owner's hand with its back-face active; the effect's controller
    has transcended (8.5.48a: event ``transcend``, fact ``transcended``). The back face is the card's ``back`` table
    (faces.py); a card written without one has unknown back-face properties: a later play of it is refused
    (:func:`back_face_refusal`)."""
    if src is None or src.zone in ("outside", "hand"):
        game.last_ok = False
        game.step("There is no transcend source to put into its owner's hand: the transcend fails.",
                  [cited.TRANSCEND, cited.EFFECT_FAILS])
        return
    origin, front = src.zone, src.name
    game.move(src, "hand")
    src.face_down = False
    game.facts.setdefault("transcended", []).append(controller)
    if game.transcend_face(src):   # the file gave its back face: the card's properties are now that face's (9.1.5)
        game.step(f"{game.player_name(controller)} transcends: {front} is put from the {origin} into its owner's hand "
                  f"with its back-face active (a new object): it is now {src.name}; they have transcended.",
                  [cited.TRANSCEND, cited.TRANSCENDED, cited.NEW_OBJECT, cited.TRANSCEND_CARD], tag="telling")
    else:
        src.__dict__["_back_face"] = True
        game.step(f"{game.player_name(controller)} transcends: {src.name} is put from the {origin} into its owner's hand "
                  "with its back-face active (a new object); they have transcended.",
                  [cited.TRANSCEND, cited.TRANSCENDED, cited.NEW_OBJECT], tag="telling")
    game.event("transcend", card=src.handle, player=controller)
    game.last_ok = True


def back_face_refusal(card) -> str | None:
    """Why ``card`` cannot be played by this engine: it transcended, and its active back face is not in the card
    data (8.5.48) — else None."""
    if card.__dict__.get("_back_face"):
        return (f"{card.name} is in its owner's hand with its back-face active (it transcended, 8.5.48); the back "
                "face is not written: give the card its back face, [cards.X.back] with card = \"NAME\" or its properties (9.1)")
    return None


def effect_roll(game, eff: dict, src, controller: str, layer):
    """8.5.18: ``{ do = "roll", sides = 6, dice = 1 }`` — the player rolls; the results are the action's ``roll =
    [N, …]`` in order (the engine never guesses chance). The total is what "the number rolled" reads (the quantity
    ``count = "rolled"`` and the condition ``rolled``), and the ``roll`` event records it."""
    sides, dice = int(eff.get("sides", 6)), int(eff.get("dice", 1))
    results = game.__dict__.setdefault("roll_results", [])
    name = src.name if src else "The effect"
    if len(results) < dice:
        from judge.engine.core import InvalidScenario

        raise InvalidScenario([game.scenario.reason(
            "random", f"{name} has {game.player_name(controller)} roll {dice} {sides}-sided "
            f"{'die' if dice == 1 else 'dice'}: the action that plays or activates it must say what was rolled, roll = [N]",
            game.current_key or "actions", cited.ROLL)])
    rolled = [results.pop(0) for _ in range(dice)]
    bad = [n for n in rolled if not isinstance(n, int) or not 1 <= n <= sides]
    if bad:
        from judge.engine.core import InvalidScenario

        raise InvalidScenario([game.scenario.reason(
            "random", f"roll = {bad[0]!r}: a {sides}-sided die shows a number from 1 to {sides}",
            game.current_key or "actions", cited.ROLL)])
    total = sum(rolled)
    game.__dict__.setdefault("rolled_by", {})[src.handle if src else None] = total
    game.step(f"{game.player_name(controller)} rolls {dice} {sides}-sided {'die' if dice == 1 else 'dice'} for "
              f"{name}: {', '.join(map(str, rolled))}" + (f" (taken together: {total})" if dice > 1 else "") + ".",
              [cited.ROLL] + ([cited.ROLL_DICE] if dice > 1 else []))
    game.event("roll", card=src.handle if src else None, player=controller, amount=total)
    game.last_ok = True


def rolled(game, src) -> int:
    """The number the source's last roll rolled (0 before any)."""
    return game.__dict__.get("rolled_by", {}).get(src.handle if src else None, 0)
