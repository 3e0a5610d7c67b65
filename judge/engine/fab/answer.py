# 7.5 damage and hits, 6.6.5 triggers, 4.5 the end of the game: the facts [expect] names and the judge's answer.
"""The facts a Flesh and Blood scenario's ``[expect]`` compares (docs/scenario-format.md) and the answer a
judge reads: what was illegal or failed, each chain link's damage and hit, what triggered, who won."""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.cards import ARENA_ZONES
from judge.engine.fab.game import STEP_NAMES, Game

def report(game: Game):
    """Derive the facts ``[expect]`` may name from the game at its end, then the answer (:func:`_summarise`)."""
    s = game.s
    f = game.facts
    f["links"] = [_link_fact(game, link) for link in s.all_links]
    f["hit"] = any(l["hit"] for l in f["links"])
    f["damage"] = sum(sum(l["damage"].values()) for l in f["links"])
    f["life"] = {name: p.life for name, p in s.players.items()}
    # living objects in the arena (allies) by handle: their life totals (2.5.3a)
    f["life"].update({h: game.life_total(c) for h, c in s.cards.items() if c.life is not None and c.zone in ARENA_ZONES})
    f["action_points"] = {name: p.action_points for name, p in s.players.items()}
    f["resources"] = {name: p.resources for name, p in s.players.items()}
    f["chi"] = {name: p.chi for name, p in s.players.items()}
    zones, face_down, tapped, under = {}, {}, {}, {}   # one pass over the cards
    for h, c in s.cards.items():
        zones[h] = c.zone
        face_down[h] = c.face_down
        tapped[h] = c.tapped   # 2026-02 1.3.3b: a permanent's state at the end
        if c.zone == "under":
            under[h] = c.under   # sub-cards → top-card (3.0.14)
    f["zones"], f["face_down"], f["tapped"], f["under"] = zones, face_down, tapped, under
    # who controls each object in the arena at the end (a stolen token: its new controller, 8.5.35)
    f["controllers"] = {h: c.controller for h, c in s.cards.items() if c.zone in ARENA_ZONES}
    # double-faced cards (9.1): the name of the face active at the end
    f["active_face"] = {h: c.name for h, c in s.cards.items() if c.faces is not None}
    f.setdefault("transformed", {})
    for key in ("dead", "lost", "boosted", "cranked", "charged", "scrapped", "scrap_paid", "beaten_chest", "intimidated", "died",
                "won_clash", "wagered", "won_wager", "transcended"):
        f.setdefault(key, [])
    f.setdefault("winner", None)
    f.setdefault("draw", False)
    f["counters"] = game.counter_facts()
    f["marked"] = sorted(name for name, p in s.players.items() if p.marked)
    f["turn"] = s.turn_number
    f["turn_player"] = s.turn_player
    f["hand"] = {name: sorted(h for h, c in s.cards.items() if c.zone == "hand" and c.owner == name) for name in s.players}
    f["deck"] = {name: [c.handle for c in game.deck_of(name)] for name in s.players}
    f["looked_at"] = {name: list(f.get("looked_at", {}).get(name, [])) for name in s.players}   # 8.5.11
    f["power"] = dict(game.power_seen)
    f["defense"] = dict(game.defense_seen)
    f["costs"] = dict(game.costs_paid)
    f["defended"] = dict(game.defended)
    f["triggered"] = list(game.triggered)
    f["failed"] = list(game.failed)
    f["tokens"] = list(game.tokens)
    f.setdefault("created", [])
    f["activations"] = {f"{h}.{i}": n for h, c in s.cards.items() for i, n in c.activations.items()}
    f["stack"] = [l.name for l in s.stack]
    f["functional"] = {f"{h}.{ab.index}": game.functional(c, ab) for h, c in s.cards.items() for ab in c.abilities
                       if ab.kind in ("static", "trigger")}
    f.setdefault("chain_closed", not s.chain_open)
    _summarise(game)


def _link_fact(game, link) -> dict:
    """One chain link as the ``links`` fact shows it (its attack as last known if it has left the chain)."""
    att = game.s.cards[link.attack]
    info = link.lki or game.s.lki.get(link.attack) if att.zone != "combat-chain" and not link.proxy else None
    supertypes = sorted(info["supertypes"]) if info else sorted(game.supertypes(att))
    controller = info["controller"] if info else link.controller
    return {"n": link.n, "attack": link.attack, "power": link.power, "defense": dict(link.defense),
            "controller": controller, "supertypes": supertypes,
            "defenders": [h for h, _, _ in link.defenders], "hit": link.hit, "damage": dict(link.damage),
            "targets": list(link.targets), "resolved": link.resolved}


def _summarise(game: Game):
    """The answer a judge reads: what was illegal, what failed, each chain link's damage, what triggered or
    did not, who won. The steps it repeats were tagged as the engine took them (``Game.step(tag=…)``)."""
    out = game.out
    f = game.facts
    tagged: dict[str, list] = {}
    for tag, st in game.notable:
        tagged.setdefault(tag, []).append(st)
    said: set[str] = set()

    def repeat(tag: str, keep=lambda st: True):
        for st in tagged.get(tag, []):
            if st.text not in said and keep(st):
                said.add(st.text)
                out.conclude(st.text, st.cites)

    repeat("illegal")
    repeat("failed")
    closed_why = f.get("chain_closed_because")
    for link in f["links"]:
        att = game.s.cards[link["attack"]].name
        power = link["power"]
        if power is None and (f.get("winner") or f.get("draw")):
            out.conclude(f"Chain link {link['n']}: the game ended before damage was calculated, so {att} deals no "
                         "damage.", [cited.GAME_ENDS_IMMEDIATELY])
            continue
        if power is None:
            why = f" ({closed_why})" if closed_why else ""
            out.conclude(f"Chain link {link['n']}: the combat chain closed in the "
                         f"{STEP_NAMES.get(f.get('chain_closed_at', ''), 'combat')}, before damage was calculated{why}, "
                         f"so {att} deals no damage and does not hit.",
                         [cited.CHAIN_CLOSES_EARLY] + (game.closing_cites or [cited.DAMAGE_CALCULATED]))
            continue
        for target, total in link["defense"].items():
            dmg = link["damage"].get(target, 0)
            if dmg > 0:
                prevented = power - total - dmg
                part = f"{power - total} damage, {prevented} of it prevented: " if prevented > 0 else ""
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}: {part}it "
                             f"deals {dmg} damage to {game.player_name(target)} and hits.",
                             [cited.DAMAGE_CALCULATED, cited.HIT]
                             + ([cited.PREVENTION_AMOUNT] if prevented > 0 else []))
            elif power > total:
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}, but all "
                             f"{power - total} damage is prevented: the attack does not hit.",
                             [cited.DAMAGE_CALCULATED, cited.HIT_NO_DAMAGE_DEALT])
            else:
                out.conclude(f"Chain link {link['n']}: {att} has power {power} against total defense {total}: no damage, "
                             "no hit.", [cited.DAMAGE_CALCULATED])
    if not f["links"] and closed_why:
        out.conclude(f"The combat chain closed in the {STEP_NAMES.get(f.get('chain_closed_at', ''), 'combat')} "
                     f"because {closed_why}: no chain link was made and no damage is dealt.",
                     game.closing_cites or [cited.NO_VALID_ATTACK_TARGET_CLOSES, cited.ATTACK_TARGET_STILL_LEGAL])
    repeat("go-again")
    # what triggered, and what did not (a frequent point of dispute)
    fired: dict[str, int] = {}
    for h in game.triggered:
        fired[h] = fired.get(h, 0) + 1
    if fired:
        groups: dict[str, list[str]] = {}
        for h, n in fired.items():
            name = (game.s.cards[h].name if h in game.s.cards else h) + (f" (×{n})" if n > 1 else "")
            ok = f["resolved"].get(f"{h}.trigger") if h != "phantasm" else f["resolved"].get("phantasm")
            state = "and resolved" if ok else "but did not resolve" if ok is False else \
                "but the game ended before they resolved" if f.get("winner") or f.get("draw") else \
                "and were still on the stack at the end"
            groups.setdefault(state, []).append(name)
        for state, names in groups.items():
            whose = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            out.conclude(f"The triggered abilit{'y' if len(names) == 1 and '×' not in names[0] else 'ies'} of "
                         f"{whose} triggered {state}.", [cited.TRIGGER_CONDITION_MET])
    repeat("telling")
    repeat("prevention", lambda st: st.phase != "Damage Step")   # in combat the chain link's sentence says it
    # permanents that left the arena (destroyed, banished) — equipment, auras, items
    gone = [c.name for h, c in game.s.cards.items() if game.start_zones.get(h) in ("equipment", "arena")
            and c.zone not in ("equipment", "arena", "combat-chain")]
    if gone:
        out.conclude(f"No longer in the arena at the end: {', '.join(gone)}.")
    repeat("game")
    if not out.summary and len(game.trace):
        steps = game.trace.steps
        # no combat and nothing illegal: the answer is what the layers and events did
        procedural = ("Announce", "Declare", "Check", "Calculate", "Pay", "Play:", "All players pass", "Clear",
                      "The turn-player", "Layer effects", "The stack is empty", "Close Step", "The combat chain is closed")
        telling = [st for st in steps[1:] if not st.text.startswith(procedural)]
        for st in telling[-3:]:
            out.conclude(st.text, st.cites)
        if not out.summary:
            # only procedure: what was paid is the answer (the cost calculated, the cost paid)
            for st in [st for st in steps if st.text.startswith(("Calculate asset-costs", "Pay asset-costs"))][-2:]:
                out.conclude(st.text, st.cites)
    start = game.start_life
    changed = [n for n, life in f["life"].items() if n in game.s.players and start.get(n) != life]
    if changed:
        out.conclude("Life totals at the end: " + ", ".join(
            f"{game.player_name(n)} {start.get(n)} → {f['life'][n]}" for n in changed) + ".")
