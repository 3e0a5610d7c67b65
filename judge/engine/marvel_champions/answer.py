# Initiating Abilities, Cancel, Forced: the facts [expect] compares and the judge's answer, one sentence per play.
"""The facts a Marvel Champions scenario's ``[expect]`` compares (docs/scenario-format-mc.md) and the judge's
answer: one sentence for each card played, ability initiated and encounter card revealed, with its rules."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import cap
from judge.engine.marvel_champions.game import Game
from judge.engine.marvel_champions.state import Initiation
from judge.engine.marvel_champions import cited


def report(game: Game) -> None:
    """The facts ``[expect]`` compares (docs/scenario-format-mc.md) and the judge's answer."""
    s = game.s
    f = game.out.facts
    inits = [i for i in game.inits if i.key != "effect" and not i.key.startswith("effect@")]
    f["legal"] = {i.key: i.result != "illegal" for i in inits if i.result != "not-initiated"}
    f["illegal_because"] = {i.key: i.rule for i in inits if i.result == "illegal"}
    f["result"] = {i.key: i.result for i in inits}
    f["aborted"] = [i.key for i in inits if i.result == "aborted"]
    f["canceled"] = [i.key for i in inits if i.result == "canceled"]
    f["canceled_by"] = {i.key: i.canceled_by for i in inits if i.canceled_by}
    f["initiated"] = list(game.initiated)
    f["costs"] = {i.key: _cost_fact(i) for i in inits if i.result in ("resolved", "canceled") and i.cost is not None}
    f["zones"] = {h: ("play" if c.zone == "play" else c.zone) for h, c in s.cards.items() if not c.is_identity}
    f["exhausted"] = {h: c.exhausted for h, c in s.cards.items() if c.in_play}
    f["hit_points"] = {h: max(0, c.remaining) for h, c in s.cards.items() if c.hit_points is not None
                       and (c.in_play or c.is_identity)}
    f["damage"] = {h: c.damage for h, c in s.cards.items() if c.hit_points is not None and (c.in_play or c.is_identity)}
    f["threat"] = {h: c.threat for h, c in s.cards.items() if c.threat is not None and c.in_play}
    f["defeated"] = list(game.defeated)
    f["eliminated"] = [p for p, pl in s.players.items() if pl.eliminated]
    f["hand"] = {p: [h for h, c in s.cards.items() if c.zone == "hand" and c.owner == p] for p in s.players}
    f["used"] = {f"{h}.{i}": n for h, c in s.cards.items() for i, n in c.used.items()}
    _round_facts(game, f)
    lines = [(i.seq, _answer(game, i)) for i in inits]
    lines += [(p.seq, (f"{cap(p.words)} is not allowed: {p.why}.", p.cites)) for p in game.powers
              if p.result == "illegal"]
    lines += [(p.seq, (f"{cap(p.words)}: {p.done}.", p.cites)) for p in game.powers
              if p.result != "illegal" and p.done]
    lines += [(a.seq, _attack_answer(game, a)) for a in game.attacks]
    lines += [(r.seq, _scheme_answer(game, r)) for r in game.schemes]
    for _, (sentence, cites) in sorted(lines, key=lambda line: line[0]):
        game.out.conclude(sentence, cites)
    for p in f["eliminated"]:
        game.out.conclude(f"{p} was eliminated: their hero was defeated.", [cited.PLAYER_ELIMINATION])
    if s.over:
        game.out.conclude("The players win the game." if s.over == "players" else
                          "The villain wins the game: the players lose.", [cited.WINNING_THE_GAME])
    if not game.out.summary and game.trace.steps:
        last = game.trace.steps[-1]
        game.out.conclude(last.text, last.cites)


def _round_facts(game: Game, f: dict) -> None:
    """Facts of the whole game: attacks, schemes, basic powers, phase and players, statuses, the winner."""
    s = game.s
    for p in game.powers:
        f["result"][p.key] = p.result
        f["legal"][p.key] = p.result != "illegal"
        if p.result == "illegal":
            f["illegal_because"][p.key] = p.rule
    f["attacks"] = [a.fact() for a in game.attacks]
    f["schemes"] = [dict(r) for r in game.schemes]
    f["boosted"] = list(game.boosted)
    reveals = [i for i in game.inits if i.reveal and not i.automatic]
    f["revealed"] = [i.card.handle for i in reveals]
    f["revealed_by"] = {i.card.handle: i.player for i in reveals}
    f["phase"] = s.phase
    f["active_player"] = s.active_player
    f["first_player"] = s.first_player
    f["form"] = {p: game.identity(p).form for p in s.players}
    f["status"] = {h: sorted(c.status) for h, c in s.cards.items() if c.is_character and (c.in_play or c.is_identity)}
    f["engaged"] = {h: c.engaged for h, c in s.cards.items() if c.in_play and c.type == "minion"}
    f["attached_to"] = {h: c.attached_to for h, c in s.cards.items() if c.in_play and c.attached_to}
    f["uses"] = {h: c.uses for h, c in s.cards.items() if c.in_play and c.uses is not None}
    f["winner"] = s.over or "none"
    main = game.main_scheme()
    f["acceleration_tokens"] = main.acceleration_tokens if main is not None else 0


def _attack_answer(game: Game, att) -> tuple[str, list[str]]:
    """One sentence for one attack: who attacked whom, the boost, the defender, the damage."""
    if att.result in ("stunned",):
        return (f"{att.attacker.name} was stunned: it discarded the stunned status card instead of attacking.",
                [cited.STATUS_CARDS])
    dealt = ", ".join(f"{n} to {game.s.cards[h].name}" for h, n in att.dealt.items()) or "no damage"
    if not att.enemy:
        notes = "".join(f"; {n}" for n in att.notes)
        return (f"{att.attacker.name} attacks {att.target.name} for {att.atk}: {dealt}{notes}.",
                [cited.HERO_BASIC_ATTACK if att.attacker.is_identity else cited.ALLY_BASIC_ATTACK]
                + ([cited.RETALIATE] if notes else []))
    boost = f" with {att.boost_icons} boost icon(s) from {', '.join(c.name for c in att.boost_cards)}" \
        if att.boost_cards else ""
    defended = f"{att.defender.name} defends" if att.defender else "the attack is undefended"
    cites = [cited.ENEMY_ATTACKS, cited.ATTACK_DEALS_ATK_DAMAGE] + ([cited.BOOST] if att.boost_cards else []) + \
        [cited.HERO_DEFENSE_REDUCES_DAMAGE if att.defender and att.defender.is_identity else
         cited.ALLY_DEFENDER_TAKES_ALL_DAMAGE if att.defender else cited.UNDEFENDED_ATTACK]
    notes = "".join(f"; {n}" for n in att.notes)
    cites += ([cited.STATUS_CARDS] if any("tough" in n for n in att.notes) else []) + \
        ([cited.RETALIATE] if any("retaliate" in n for n in att.notes) else [])
    return f"{att.attacker.name} attacks {att.player} (ATK {att.atk}{boost}); {defended}: {dealt}{notes}.", cites


def _scheme_answer(game: Game, rec) -> tuple[str, list[str]]:
    """One sentence for one enemy scheme."""
    if rec["result"] == "confused":
        return f"{rec.enemy.name} was confused: it discarded the confused status card instead of scheming.", \
            [cited.STATUS_CARDS]
    boost = f" with the boost card(s) {', '.join(game.s.cards[h].name for h in rec['boost'])}" if rec["boost"] else ""
    return (f"{rec.enemy.name} schemes against {rec['player']}{boost}: SCH {rec['sch']}, placed on the main scheme.",
            [cited.ENEMY_SCHEMES, cited.SCHEME_PLACES_THREAT])


def _cost_fact(init: Initiation) -> dict:
    fact = {"cost": init.cost, "generated": init.generated, "lost": init.lost, "paid_with": list(init.paid_with)}
    if init.x is not None:
        fact["x"] = init.x
    return fact


def _answer(game: Game, init: Initiation) -> tuple[str, list[str]]:
    """One sentence of the judge's answer for one card played or ability initiated."""
    what = game.describe(init)
    who = init.player
    if init.automatic:
        effects = ", ".join(init.notes) if init.notes else "nothing changes"
        if init.result == "canceled":
            effects = "its effects were canceled"
        rule = {"Boost": cited.BOOST, "When Defeated": cited.WHEN_DEFEATED_ABILITIES}.get(init.automatic,
                                                                                  cited.WHEN_REVEALED_ABILITIES)
        return f"{cap(init.card.name)}'s {init.automatic} ability resolves: {effects}.", [rule, cited.MANDATORY_ABILITY_TYPES]
    if init.reveal:
        done = "its effects were canceled, but it is still regarded as revealed" if init.result == "canceled" else \
            "it has no When Revealed ability, so no effect of it resolves" if init.ability is None else \
            "its effects resolve" + (": " + ", ".join(init.notes) if init.notes else "")
        if init.card.type != "treachery" and init.result != "canceled":
            where = {"minion": f"enters play engaged with {who}", "attachment": "enters play attached"}.get(
                init.card.type, "enters play")
            done = (where if init.card.in_play else "it does not stay in play") + \
                ("; its When Revealed effects resolve: " + ", ".join(init.notes) if init.notes else "")
        canceled = [cited.CANCELED_TREACHERY_STILL_REVEALED if init.card.type == "treachery" else cited.CANCELED_ABILITY_STILL_INITIATED] \
            if init.canceled_by else []
        return f"{who} reveals {init.card.name}: {done}.", [cited.REVEAL] + canceled
    if init.result == "not-initiated":
        return f"{cap(what)} is never initiated: {init.why}.", [
            cited.TRIGGERING_CONDITION, cited.INTERRUPT if init.ability and init.ability.kind == "interrupt" else cited.RESPONSE]
    if init.result == "illegal":
        verb = "play" if init.playing else "initiate"
        return f"{who} cannot {verb} {what}: {init.why}.", [init.rule] + init.more
    if init.result == "aborted":
        return (f"{who} cannot pay for {what} in step 3 ({init.why}), so the process is aborted and nothing is "
                f"paid" + (f"; {init.card.name} stays in {who}'s hand" if init.playing else "") + ".",
                [init.rule] + init.more)
    paid = ""
    if init.cost is not None and (init.cost or init.paid_with or init.modifiers):
        printed = f"X (X = {init.x})" if init.playing and init.card.x_cost else \
            str(init.card.cost if init.playing else len(init.typed))
        paid = f" for {init.cost}" + (f" (printed {printed}, modified)" if init.modifiers else "")
        if init.paid_with:
            names = ", ".join(game.s.cards[h.split('.')[0]].name for h in init.paid_with)
            paid += f" (paid with {names}; {init.generated} generated"
            paid += f", {init.lost} lost)" if init.lost else ")"
    verb = "plays" if init.playing else "initiates"
    if init.forced:
        effects = ", ".join(init.notes) if init.notes else "nothing changes"
        return f"{cap(what)} initiates, as it must: {effects}.", [cited.FORCED, game.p("resolve")]
    cites = [game.p("pay")] if paid else []
    if init.lost:
        cites.append(cited.EXCESS_RESOURCES_LOST)
    if init.result == "canceled":
        by = game.s.cards[init.canceled_by.split(".")[0].split("@")[0]].name
        rest = "it is still played, its costs stay paid and it goes to the discard pile" if init.is_event else \
            "it is still regarded as initiated and its costs stay paid"
        return (f"{who} {verb} {what}{paid}, but {by} cancels its effects: {rest}.",
                cites + ([cited.CANCELED_EVENT_STILL_PLAYED,
                          cited.CANCELED_EVENT_COSTS_REMAIN_PAID] if init.is_event else [cited.CANCELED_ABILITY_STILL_INITIATED]))
    if init.playing and init.card.type != "event":
        return f"{who} {verb} {what}{paid}: it enters play.", cites + [game.p("resolve")]
    effects = ", ".join(init.notes) if init.notes else "nothing changes"
    tail = f"; it goes to {init.card.owner}'s discard pile" if init.is_event else ""
    if init.source_left_play:
        tail += f"; {init.card.name} left play, and the sequence still completed"
        cites.append(game.p("leaves"))
    return f"{who} {verb} {what}{paid}: {effects}{tail}.", cites + [game.p("resolve")] + init.note_cites
