# Conditions of abilities and effects (FaB CR 5.4.7, 6.6.5, 1.8.4): one row per condition and its check.
"""Conditions of abilities and effects (``while``, ``if``: 5.4.7, 6.6.5, 1.8.4): one row per condition — the
event information it reads, if any, and its check. A condition that reads an event is refused at load time
where no event is there to read (a ``while`` of a static ability, an ``if`` of a card's resolution ability,
a trigger whose event does not carry that information), so that no condition is ever silently false.

Each check is ``check(game, want, src, event) -> bool``.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from judge.engine.fab.cards import ARENA_ZONES, matches
from judge.engine.fab.contests import attacks_hero, rolled, won_clash
from judge.engine.fab.counts import EXTRA_CONDITIONS


class Condition(NamedTuple):
    """One condition key: the event information it needs (None: it reads the game), its check."""

    name: str
    needs: str | None
    check: Callable


def _ctrl(src):
    return src.controller if src else None


def _in(g, want, src, event):
    return src is not None and src.zone == want


def _face_down(g, want, src, event):
    return src is not None and src.face_down == want


def _defending(g, want, src, event):
    return (src is not None and g.is_defending(src)) == want


def _attacking(g, want, src, event):
    link = g.s.active_link
    return (src is not None and link is not None and link.attack == src.handle) == want


def _you_control(g, want, src, event):
    ctrl = _ctrl(src)
    return any(c.zone in ARENA_ZONES and c.controller == ctrl and not g.is_defending(c) and matches(c, want, g, ctrl)
               for c in g.s.cards.values())


def _played_this_turn(g, want, src, event):
    ctrl = _ctrl(src)
    played = g.s.players[ctrl].played_this_turn if ctrl in g.s.players else []
    return any(matches(g.card(h), want, g, ctrl) for h in played)


def _played_other_this_turn(g, want, src, event):
    # "if you have played another 'non-attack' action card this turn" in a play trigger: a card that fits, played by
    # its controller this turn, other than the card whose play is the trigger's event
    ctrl = _ctrl(src)
    played = g.s.players[ctrl].played_this_turn if ctrl in g.s.players else []
    return any(h != event.get("card") and matches(g.card(h), want, g, ctrl) for h in played)


def _created_this_turn(g, want, src, event):
    # "if you've created an aura this turn": a token or card created this turn under its controller's control
    # (8.5.2, 8.5.2c) that fits — as it was created, though it may have left since
    ctrl = _ctrl(src)
    return any(name in ("create-token", "create-card") and info.get("player") == ctrl
               and any(h in g.s.cards and matches(g.card(h), want, g, ctrl) for h in info.get("cards", []))
               for name, info in g.s.history)


def _any_of(g, want, src, event):
    # "if you've played or created an aura this turn": one of the conditions holds (a list of condition tables)
    return any(g.condition(c, src, event) for c in want)


def _dealt_arcane(g, want, src, event):
    return (g.s.players[_ctrl(src)].dealt_arcane_this_turn > 0) == want


def event_attack(g, event):
    """The attack a condition speaks of: the event's attack, the event's card when it is played or activated as
    an attack, else the active-attack (the object identity "attack", 1.2.2)."""
    att = event.get("attack")
    if isinstance(att, str):
        return g.card(att)
    if event.get("is_attack") and event.get("card"):
        return g.card(event["card"])
    link = g.s.active_link
    return g.card(link.attack) if link is not None else None


def _attack(g, want, src, event):
    att = event_attack(g, event)
    return att is not None and matches(att, want, g, _ctrl(src))


def _card(g, want, src, event):
    c = event.get("card")
    return c is not None and matches(g.card(c), want, g, _ctrl(src))


def _this(g, want, src, event):
    return src is not None and matches(src, want, g, _ctrl(src))


def _attack_power_above_base(g, want, src, event):
    a = event_attack(g, event)
    if a is None:
        return False
    return ((g.power(a) or 0) > (g.base_value(a, "power") or 0)) == want


def _defends_alone(g, want, src, event):
    # 7.0.5e: exactly one card put onto the chain link as a defending card in the defend event
    return (len(event.get("together", [])) == 1) == want


def _together_with(g, want, src, event):
    return any(matches(g.card(h), want, g, _ctrl(src)) and h != (src.handle if src else None)
               for h in event.get("together", []))


def _last_attack(g, want, src, event):
    last = g._previous_attack(src)   # 8.4.1 combo: the attack of the chain link before this one
    return last is not None and matches(last, want, g, _ctrl(src))


def _last_attack_hit(g, want, src, event):
    # "if the last attack on this combat chain hit": the chain link before this one (the previous chain link,
    # 7.0.3b) hit — a hit-event occurred while it was the active chain link (7.5.5d)
    link = g.previous_link(src)
    return link is not None and bool(link.hit) == want


def _damage_at_least(g, want, src, event):
    return (event.get("amount") or 0) >= want


def _damage_at_most(g, want, src, event):
    return event.get("amount") is not None and event["amount"] <= want


def _link(g, src):
    return (g._link_of(src) if src is not None else None) or g.s.active_link


def _defended_from_hand(g, want, src, event):
    link = _link(g, src)
    return (link is not None and any(g._defended_from_hand(h) for h, _, _ in g.defending(link))) == want


def _max_defense(g, want, src, event):
    return src is not None and (g.defense(src) or 0) <= want


def _is_defended(g, want, src, event):
    link = _link(g, src)
    return (link is not None and bool(g.defending(link))) == want


def _by(g, want, src, event):
    who = event.get("player")   # who played or activated: "you" or "opponent", from the source's controller
    return who is not None and (who == _ctrl(src)) == (want == "you")


def _by_this(g, want, src, event):
    # "whenever this banishes …": the event's source is this object (an effect of its own ability or layer, 1.7.1a)
    return (src is not None and event.get("source") == src.handle) == bool(want)


def _played_from(g, want, src, event):
    return src is not None and src.__dict__.get("_origin") == want


def _fused(g, want, src, event):
    return src is not None and bool(src.__dict__.get("_fused")) == want   # 8.3.17a


def _scrapped(g, want, src, event):
    return src is not None and ("scrap" in src.__dict__.get("_keyword_costs", ())) == want   # 8.3.32a


def _charged_this_turn(g, want, src, event):
    # 8.5.29a: its controller has charged a card this turn (a charge event by them)
    n = g.quantity({"count": "events-this-turn", "event": "charge", "by": "you"}, src) if src is not None else 0
    return (n >= 1) == want


def _pitched(g, want, src, event):
    ctrl = _ctrl(src)
    return any(c.zone == "pitch" and c.owner == ctrl and matches(c, want, g, ctrl) for c in g.s.cards.values())


def _pitched_this_turn(g, want, src, event):
    # "if you've pitched a blue card this turn": a pitch event of its controller this turn whose card fits, or a card
    # the scenario set in their pitch zone (the zone is emptied at every end of turn, 4.4.3c: pitched this turn)
    ctrl = _ctrl(src)
    return any(name == "pitch" and info.get("player") == ctrl and info.get("card") in g.s.cards
               and matches(g.card(info["card"]), want, g, ctrl) for name, info in g.s.history) \
        or _pitched(g, want, src, event)


def _pitched_for(g, want, src, event):
    # "if an Earth card was pitched to play this" (earth bond, 8.4.15): a card pitched while paying for it
    return src is not None and any(matches(g.card(h), want, g, _ctrl(src))
                                   for h in src.__dict__.get("_pitched_for", []) if h in g.s.cards)


def _boost_banished(g, want, src, event):
    # "if an item or equipment was banished from boosting this": the card its boost banished (8.3.9) fits
    h = src.__dict__.get("_boost_banished") if src is not None else None
    return h in g.s.cards and matches(g.card(h), want, g, _ctrl(src))


def _paid_with(g, want, src, event):
    # "if the discarded card has 6 or more {p}", "if a card with 6 or more {p} is banished this way": the cards
    # the source's own costs moved as it was played (costs.py)
    return src is not None and any(matches(g.card(h), want, g, _ctrl(src))
                                   for h in src.__dict__.get("_paid_with", []) if h in g.s.cards)


def _dealt_damage(g, want, src, event):
    # "if you've been dealt damage this turn": a damage event this turn whose target is its controller's hero
    ctrl = _ctrl(src)
    return any(name == "damage" and info.get("target") == ctrl and (info.get("amount") or 0) > 0
               for name, info in g.s.history) == want


def _phase(g, want, src, event):
    return g.s.phase == want   # the phase of the turn: start, action or end (4.0.3a)


def _defending_hero_marked(g, want, src, event):
    # "if this is attacking a marked hero", "if the defending hero is marked": the hero its chain link's attack
    # targets has the marked condition now (9.3)
    link = _link(g, src)
    hero = link.targets[0] if link is not None and link.targets else None
    return (hero in g.s.players and g.s.players[hero].marked) == want


def _hit_hero_marked(g, want, src, event):
    # "when this hits a marked hero": the hero was marked as it was hit; the hit itself removes the condition
    # (9.3.3), so the hit event carries what it was
    return bool(event.get("marked")) == want


def hero_is(hero: str, word: str) -> bool:
    """Is a hero named ``hero`` "``word``"? Its name, or its moniker — the first word of a personal name, before a
    last name or a comma suffix (a hero named "NAME, SUFFIX" or "NAME LASTNAME" is NAME, 2.7.3, 2.7.3b)."""
    name, word = hero.strip().lower(), word.strip().lower()
    return name == word or name.startswith(word + ",") or name.startswith(word + " ")


def _target_hero(g, want, src, event):
    # "Mark target opposing hero. If that hero is NAME, …": a hero the layer targets has that name or moniker
    return any(t in g.s.players and hero_is(g.s.players[t].hero or "", want) for t in event.get("layer_targets", []))


def _target_is_hero(g, want, src, event):
    # "when this hits a hero", "when this attacks a hero", "deals damage to a hero": the event's attack-target, the
    # object hit or dealt damage, is a hero (a player's hero), not an ally or another attack-target (1.4.5)
    return (event.get("target") in g.s.players) == want


def _dealt_to(g, want, src, event):
    # "when your hero is dealt damage": the hero dealt the damage (a player's hero, 8.5.3) is the source's controller's
    # ("you") or an opponent's — not an ally or another object
    target = event.get("target")
    return target in g.s.players and (target == _ctrl(src)) == (want == "you")


def _from_boosting(g, want, src, event):
    # "when this is banished from boosting": the banish event was a boost's, of the top card of the deck (8.3.9)
    return bool(event.get("boosting")) == want


def _random(g, want, src, event):
    # "when this is discarded at random": the discard event was a random discard (8.5.5, 1.8.6)
    return bool(event.get("random")) == want


def _rolled(g, want, src, event):
    # "if the number rolled is a 4, 5, or 6": the source's last roll (8.5.18)
    return rolled(g, src) in want


def _less_life(g, want, src, event):
    # "if you have less {h} than an opposing hero": some opponent's hero has a greater life total than its
    # controller's hero (2.5.2: a hero's life total)
    ctrl = _ctrl(src)
    if ctrl not in g.s.players:
        return False
    mine = g.s.players[ctrl].life
    return any(p.life > mine for name, p in g.s.players.items() if name != ctrl and not p.lost) == want


def _revealed(g, want, src, event):
    # "if it's an arrow": the card the source's reveal effect revealed last (8.5.17), as it is now
    h = g.__dict__.get("revealed_by", {}).get(src.handle if src else None)
    return h is not None and h in g.s.cards and matches(g.card(h), want, g, _ctrl(src))


def _charged(g, want, src, event):
    # "If a yellow card is charged this way": the card the source's charge effect charged last (8.5.29a)
    h = g.__dict__.get("charged_by", {}).get(src.handle if src else None)
    return h is not None and h in g.s.cards and matches(g.card(h), want, g, _ctrl(src))


def _banished(g, want, src, event):
    # "if an attack action card and a 'non-attack' action card are banished this way": among the cards the source's
    # banish effect banished last (8.5.1), a different one fits each description (one table: one description)
    got = [g.card(h) for h in g.__dict__.get("banished_by", {}).get(src.handle if src else None, [])
           if h in g.s.cards]
    return _distinct_fit(g, want if isinstance(want, list) else [want], got, _ctrl(src))


def _distinct_fit(g, specs, cards, ctrl) -> bool:
    if not specs:
        return True
    return any(matches(c, specs[0], g, ctrl) and _distinct_fit(g, specs[1:], [d for d in cards if d is not c], ctrl)
               for c in cards)


def _discarded(g, want, src, event):
    # "if a card with 6 or more {p} is discarded this way": the card the source's discard effect discarded last
    # (8.5.5), as it is now in its owner's graveyard
    h = g.__dict__.get("discarded_by", {}).get(src.handle if src else None)
    return h is not None and h in g.s.cards and matches(g.card(h), want, g, _ctrl(src))


def _dealt_more_than(g, want, src, event):
    # surge, "if this deals more than N damage" (8.4.8): a damage event whose source is this object — since it was
    # last played, when it became the object it is now (3.0.9) — dealt more than N
    if src is None:
        return False
    best = 0
    for name, info in g.s.history:
        if name == "play" and info.get("card") == src.handle:
            best = 0
        elif name == "damage" and info.get("card") == src.handle and not info.get("hit_event"):
            best = max(best, info.get("amount") or 0)
    return best > want


def _that_card(g, want, src, event):
    # "If that card has watery grave": a card the source's effect before it moved (discarded, destroyed, …) fits
    return any(h in g.s.cards and matches(g.card(h), want, g, _ctrl(src))
               for h in g.__dict__.get("moved_by", {}).get(src.handle if src else None, []))


def _dealt_damage_to_hero(g, want, src, event):
    # "if this … deals damage to a hero": a damage event whose source is this object, since it was last played
    # (3.0.9), dealt to a hero (8.5.3) — not to an ally, a living object that is no hero (2.5.1)
    if src is None:
        return not want
    dealt = False
    for name, info in g.s.history:
        if name == "play" and info.get("card") == src.handle:
            dealt = False
        elif name == "damage" and src.handle in (info.get("card"), info.get("attack")) and \
                info.get("target") in g.s.players and (info.get("amount") or 0) > 0:
            dealt = True
    return dealt == want


def _ability_type(g, want, src, event):
    return str(event.get("ability_type") or "").lower() == str(want).lower()   # the activated ability's type (5.2)


def _to_your_graveyard(g, want, src, event):
    # "when this is put into your graveyard from the arena" (watery grave, 2026-02 8.3.41): the card left the
    # arena for a graveyard, its owner's (3.8.2), which is "your" graveyard when its owner controlled it
    card = g.s.cards.get(event.get("card"))
    mine = card is not None and event.get("destination") == "graveyard" and card.owner == event.get("player")
    return mine == want


def _is_attack(g, want, src, event):
    return bool(event.get("is_attack")) == want   # played or activated as an attack


def _gains_exactly(g, want, src, event):
    # "gains exactly +1{p} from an effect" (6.2.5): the +N of one application of an effect, as a replacement effect
    # left it — not the change of the value, and not a counter
    return bool(event.get("by_effect")) and event.get("amount") == want


def _stat(g, want, src, event):
    return event.get("stat") == want   # the property an "increased" event is about: power or defense (2.0.3b)


def _banished_from(g, want, src, event):
    # "if this was banished from your hand this turn": the history of the object (3.0.9c) — the last event this turn
    # that banished it came from that zone, and it is still the object that event made (in the banished zone)
    if src is None or src.zone != "banished":
        return False
    last = next((info for ev, info in reversed(g.s.history) if ev == "banished" and info.get("card") == src.handle),
                None)
    return last is not None and last.get("origin") == want


def _during_step(g, want, src, event):
    return g.s.chain_open and g.s.step == want   # "during the reaction step": the combat step now (7.0.2)


CONDITION_ROWS = (
    Condition("in", None, _in),
    Condition("face_down", None, _face_down),
    Condition("defending", None, _defending),
    Condition("attacking", None, _attacking),
    Condition("you_control", None, _you_control),
    Condition("played_this_turn", None, _played_this_turn),
    Condition("played_other_this_turn", "card", _played_other_this_turn),
    Condition("dealt_arcane_this_turn", None, _dealt_arcane),
    Condition("attack", None, _attack),
    Condition("card", "card", _card),
    Condition("this", None, _this),
    Condition("attack_power_above_base", None, _attack_power_above_base),
    Condition("together_with", "together", _together_with),
    Condition("defends_alone", "together", _defends_alone),
    Condition("last_attack", None, _last_attack),
    Condition("last_attack_hit", None, _last_attack_hit),
    Condition("damage_at_least", "amount", _damage_at_least),
    Condition("damage_at_most", "amount", _damage_at_most),
    Condition("defended_from_hand", None, _defended_from_hand),
    Condition("max_defense", None, _max_defense),
    Condition("is_defended", None, _is_defended),
    Condition("by", "player", _by),
    Condition("by_this", "source", _by_this),
    Condition("played_from", None, _played_from),
    Condition("fused", None, _fused),
    Condition("scrapped", None, _scrapped),
    Condition("charged_this_turn", None, _charged_this_turn),
    Condition("pitched", None, _pitched),
    Condition("pitched_this_turn", None, _pitched_this_turn),
    Condition("is_attack", "is_attack", _is_attack),
    Condition("ability_type", "ability_type", _ability_type),
    Condition("dealt_more_than", None, _dealt_more_than),
    Condition("dealt_damage_to_hero", None, _dealt_damage_to_hero),
    Condition("that_card", None, _that_card),
    Condition("revealed", None, _revealed),
    Condition("charged", None, _charged),
    Condition("discarded", None, _discarded),
    Condition("banished", None, _banished),
    Condition("defending_hero_marked", None, _defending_hero_marked),
    Condition("hit_hero_marked", "marked", _hit_hero_marked),
    Condition("target_is_hero", "target", _target_is_hero),
    Condition("dealt_to", "target", _dealt_to),
    Condition("from_boosting", "boosting", _from_boosting),
    Condition("target_hero", None, _target_hero),
    Condition("created_this_turn", None, _created_this_turn),
    Condition("any_of", None, _any_of),
    Condition("less_life_than_an_opponent", None, _less_life),
    Condition("paid_with", None, _paid_with),
    Condition("pitched_for", None, _pitched_for),
    Condition("boost_banished", None, _boost_banished),
    Condition("phase", None, _phase),
    Condition("dealt_damage_this_turn", None, _dealt_damage),
    Condition("won_clash", None, won_clash),
    Condition("attacks_hero", "attack", attacks_hero),
    Condition("to_your_graveyard", "destination", _to_your_graveyard),
    Condition("random", "random", _random),
    Condition("rolled", None, _rolled),
    Condition("gains_exactly", "amount", _gains_exactly),
    Condition("stat", "stat", _stat),
    Condition("during_step", None, _during_step),
    Condition("banished_from", None, _banished_from),
)

def _extra(name):
    """The conditions over counts and turns (counts.py): ``your_turn``, ``at_least``, ``at_most``, ``if_you_do``,
    ``otherwise``."""
    return Condition(name, None, lambda g, want, src, event: g.extra_condition(name, want, src, event))


CONDITION_ROWS += tuple(_extra(name) for name in EXTRA_CONDITIONS)

CONDITIONS: dict[str, Condition] = {c.name: c for c in CONDITION_ROWS}
