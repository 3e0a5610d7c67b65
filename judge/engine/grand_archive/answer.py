# Playing Cards, Combat, Damage as they ended: the facts [expect] compares and the judge's answer.
"""The facts a Grand Archive scenario's [expect] names and the judge's answer (docs/scenario-format-ga.md,
[expect])."""

from __future__ import annotations

from judge.engine.grand_archive.keywords import KEYWORDS

# ---------------------------------------------------------------------------------------------------------

def report(game):
    """Facts the [expect] table may name (docs/scenario-format-ga.md, [expect])."""
    s = game.s
    f = game.facts
    f["zones"] = {h: c.zone for h, c in s.cards.items() if not c.token}
    f["field"] = {p: [h for h, c in s.cards.items() if c.zone == "field" and c.controller == p] for p in s.order}
    f["objects"] = {h: {"controller": c.controller, "token": c.token, "owner": c.owner,
                        **{k: c.stat(k) for k in ("power", "life", "durability", "level") if getattr(c, k) is not None},
                        "rested": c.rested, "damage": c.damage, "counters": dict(c.counters),
                        "distant": c.distant, "fostered": c.fostered, "elements": sorted(c.elements),
                        "types": sorted(c.supertypes | c.types | c.subtypes),
                        "keywords": sorted({kw[0] for kw in c.keyword_list + c.gained} | {
                            n for n in KEYWORDS if game.keyword(c, n) is not None})}
                    for h, c in s.cards.items() if c.zone == "field"}
    f.setdefault("tokens", [])
    f["stack"] = [i.id for i in s.stack]
    f["cards_on_stack"] = [h for h, c in s.cards.items() if c.zone == "effects-stack"]
    f["timestamps"] = {h: c.timestamp for h, c in s.cards.items() if c.timestamp}
    f["damage"] = {p: pl.damage for p, pl in s.players.items()}
    f["hand"] = {p: pl.unnamed["hand"] + sum(1 for c in s.cards.values() if c.zone == "hand" and c.owner == p)
                 for p, pl in s.players.items()}
    f["memory"] = {p: pl.unnamed["memory"] + sum(1 for c in s.cards.values() if c.zone == "memory" and c.owner == p)
                   for p, pl in s.players.items()}
    f["level"] = {p: game.base_level(p) for p in s.players if game.base_level(p) is not None}
    f["elements"] = {p: sorted(game.enabled_elements(p)) for p in s.players}
    f["opportunity"] = s.opportunity or ""   # "" when no player has it
    f["phase"] = s.phase
    f["turn"] = s.turn
    f["turn_player"] = s.turn_player
    f["game_over"] = s.game_over
    f["winner"] = s.winner or ""   # "" for no winner (yet, or a draw)
    f.setdefault("lost", [])
    f.setdefault("attacks", [])
    f.setdefault("retaliation", {})
    f["life"] = {p: game.champion_life(p) for p in s.players if game.champion_life(p) is not None}
    f["combat"] = _combat(game)
    f.setdefault("drawn", {})
    f.setdefault("boons", {})
    _summarise(game)


def _combat(game) -> dict:
    """The combat in progress (after a stop), or {}: attacker, defenders, retaliators, wielded, intent."""
    c = game.s.combat
    if c is None:
        return {}
    return {"attacker": c.attacker, "targets": list(c.targets), "defenders": list(c.defenders),
            "retaliators": dict(c.retaliators), "wielded": list(c.wielded), "intent": list(c.intent),
            "step": c.step, "attacking_player": c.attacking_player, "defending_player": c.defending_player}


def _summarise(game):
    """The answer: the steps that decided the outcome, in order (procedural steps left out)."""
    for st in game.answer_steps:
        game.out.conclude(st.text, st.cites)
    if not game.out.summary and game.trace.steps:
        last = game.trace.steps[-1]
        game.out.conclude(last.text, last.cites)
