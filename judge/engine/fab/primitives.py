# Effect primitives (FaB CR 6.1, 6.2, 8.5): one row per do = "...", its fields, its rules and its handler.
"""Flesh and Blood effect primitives (6.1, 6.2, 8.5): one row per ``do = "…"`` — its fields, its rules, its handler.

The scenario schema (schema.EFFECTS), the format docs' primitive table (tested against this one) and the
engine (``Effects.generate_one``) all read this table, so they cannot drift. A newcomer adds an effect
primitive in one row and one handler ``handler(game, eff, src, controller, layer)``.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited, gains, more_tokens, tapping
from judge.engine.fab.base import _describe_effect_data, _describe_selector, restriction_words
from judge.engine.fab.card_sets import effect_banish_set
from judge.engine.fab.control import effect_gain_control
from judge.engine.fab.cards import ARENA_ZONES
from judge.engine.fab.contests import effect_clash, effect_roll, effect_transcend, effect_wager
from judge.engine.fab.counters import Counters
from judge.engine.fab.delayed import Delayed, Returning
from judge.engine.fab.keyword_play import KeywordPlay
from judge.engine.fab.looking import effect_look
from judge.engine.fab.retrieving import effect_retrieve
from judge.engine.fab.modes import effect_either, effect_modes
from judge.engine.fab.naming import effect_name
from judge.engine.fab.state import Effect
from judge.engine.fab.subcards import SubCards
from judge.engine.fab.zones import Zones


class Primitive(NamedTuple):
    """One effect primitive: the fields it reads (besides do / if / duration), its rules, its handler."""

    name: str
    fields: frozenset
    rules: tuple
    handler: Callable


# ---------------------------------------------------------------------------------------------------------
# handlers
# ---------------------------------------------------------------------------------------------------------

def _name(src) -> str:
    return src.name if src else "the effect"


def _static_only(game, eff, src, controller, layer):
    """An effect a static ability has while it is functional (6.2.3), never one a resolving ability creates: refused
    at load time elsewhere (schema.STATIC_ONLY), so reaching here is a bug."""
    raise AssertionError(f"do = {eff.get('do')!r} is a static ability's effect only")


def _continuous(game, eff, src, controller, layer):
    """A continuous effect in force from now on (6.2.2): bound to the objects it names, to a selector, to the
    next card played (5.1.2a) or defended with (7.3.2c)."""
    s = game.s
    do = eff.get("do")
    to = eff.get("to", "self")
    bound = selector = None
    if eff.get("next_defend"):
        selector = to if isinstance(to, dict) else {}
    elif isinstance(to, dict):
        selector = to
    else:
        cards = game._target_cards(to, src, layer, controller)
        if to == "it":
            cards = _still_referenced(game, cards, eff)
            if not cards:   # nothing left for "it" to name: the effect has no object (1.8.9)
                game.last_ok = False
                return
        bound = {c.handle for c in cards}
    e = Effect(s.next_id(), s.tick(), src.handle if src else None, controller, do, dict(eff),
               applies_to=bound, selector=selector, duration=eff.get("duration", "turn"),
               next_play=bool(eff.get("next")))
    if bound and len(bound) == 1 and game._as_attack(to, layer):
        n = game.proxy_link_number(next(iter(bound)))
        if n is not None:
            e.data["_attack_link"] = n
            game.step(f"The effect is given to the attack of {game.card(next(iter(bound))).name} — an attack-proxy, "
                      f"chain link {n} — and not to the weapon: a later attack with it is a new attack without it.",
                      [cited.PROXY_EFFECTS_APPLY_TO_ATTACK])
    if selector is not None and not e.next_play and not eff.get("next_defend"):
        e.data["_held"] = {c.handle for c in s.cards.values() if game._applies(selector, c, controller, src)}
    if do == "prevent":
        e.remaining = eff.get("amount", "all")
        e.data["shielded"] = _shielded(game, eff.get("to", "you"), controller, layer)
        if eff.get("source") == "chosen":
            e.data["_source"] = _chosen_source(game, src, layer)
    game.add_effect(e)
    game.step(game._describe_effect(e, _name(src)), game._effect_cites(e))
    if not e.pending:   # 6.2.5: its first application to each object it applies to now is an event
        gains.applied(game, e, [s.cards[h] for h in (bound if bound is not None else e.data.get("_held", ()))
                                if h in s.cards])


def _chosen_source(game, src, layer) -> str:
    """"… by a source of your choice": a parameter its controller determines as the effect is generated (1.8.6) —
    a card or macro (the source of attack-proxies and layers, 1.2.4), and a public one (1.8.6b). The action's
    ``choose`` names it; a private card or none named is refused, never guessed."""
    chosen = layer.params.get("chosen") if layer is not None else None
    handle = chosen[0] if isinstance(chosen, list) and chosen else chosen
    key = f"cards.{src.handle}" if src is not None else "actions"
    if not isinstance(handle, str) or handle not in game.s.cards:
        raise InvalidScenario([game.scenario.reason(
            "missing-target", f"{_name(src)} prevents damage from a source of its controller's choice: the action that "
            "plays it must name that card with choose = \"HANDLE\"", key, cited.UNDETERMINED_PARAMETERS)])
    c = game.card(handle)
    if c.private:
        raise InvalidScenario([game.scenario.reason(
            "bad-target", f"{c.name} is private (face down or in a private zone): only a public object can be "
            "determined as the source", key, cited.PUBLIC_PARAMETERS_ONLY)])
    game.step(f"{game.player_name(layer.controller)} determines the source as the effect is generated: {c.name}, a "
              f"public card (a card, not the attack or layer it is the source of).",
              [cited.UNDETERMINED_PARAMETERS, cited.PUBLIC_PARAMETERS_ONLY, cited.SOURCE_IS_CARD_OR_MACRO])
    return handle


def _still_referenced(game, cards, eff) -> list:
    """3.0.9b: "it" — the object the effect before it moved — is still referenced by the rest of the ability's
    effects while it is public; one now private (a card put face down, into a hand) is no longer referenced."""
    kept = [c for c in cards if not c.face_down and c.zone not in ("hand", "deck")]   # a face-up arsenal card is
    # public (3.0.4d)
    for c in kept:
        game.step(f"\"It\" is {c.name}, the object the effect before this one moved: the ability still references "
                  f"the new object for the rest of its effects, as it is public.", [cited.MOVED_OBJECT_REFERENCED])
    for c in cards:
        if c not in kept:
            game.step(f"\"It\" was {c.name}, now a private object in the {c.zone}: the ability no longer references "
                      f"it, so \"{_describe_effect_data(eff)}\" has no object.",
                      [cited.MOVED_OBJECT_REFERENCED, cited.EFFECT_FAILS])
    return kept


def event_card_referenced(game, card, event: dict, layer) -> list:
    """3.0.9a: a triggered-layer whose event moved its card to another zone still references the new object it
    became there while it stays public; once it moves again or turns private, the reference is lost."""
    if layer is None or layer.kind != "triggered" or card.zone in ARENA_ZONES + ("stack",) \
            or "card_ts" not in event:
        return [card]
    if card.timestamp != event["card_ts"] or card.private:
        game.step(f"The triggered-layer referenced {card.name} as the new object it became in the zone the "
                  f"triggering event moved it to; it has since {'moved again' if card.timestamp != event['card_ts'] else 'become private'} "
                  f"(now in the {card.zone}), so the layer has lost that reference.",
                  [cited.TRIGGER_REFERENCES_NEW_OBJECT, cited.NEW_OBJECT], tag="telling")
        return []
    game.step(f"{card.name} became a new object in the {card.zone} as the triggering event moved it; the "
              "triggered-layer still references that new object, which is still there and public.",
              [cited.TRIGGER_REFERENCES_NEW_OBJECT, cited.NEW_OBJECT])
    return [card]


def _shielded(game, to, controller, layer) -> str:
    """The shielded object of a prevention effect (6.4.10): a hero (``you``, ``opponent``, a player), or a living
    object — the declared target or a card handle ("prevent the next 2 damage that would be dealt to target
    ally")."""
    if to == "target" and layer is not None:
        cards = [t for t in layer.targets if t in game.s.cards]
        if cards:
            return cards[0]
        heroes = [t for t in layer.targets if t in game.s.players]   # "… dealt to target hero"
        if heroes:
            return heroes[0]
    if isinstance(to, str) and to in game.s.cards:
        return to
    return game._resolve_target_word(to, controller, {})


def _reduce_prevention(game, eff, src, controller, layer):
    """"The next prevention effect that prevents {p} damage this turn, prevents 1 less of that damage" (6.4.10g):
    in force until a prevention effect it applies to has used it (``next``, the default), or for its duration."""
    s = game.s
    e = Effect(s.next_id(), s.tick(), src.handle if src else None, controller, "reduce-prevention", dict(eff),
               duration=eff.get("duration", "turn"))
    game.add_effect(e)
    game.step(game._describe_effect(e, _name(src)), game._effect_cites(e))


def _gain_keyword(game, eff, src, controller, layer):
    """A keyword gained; dominate or overpower gained late removes no defending card (8.3.4c, 8.3.22b)."""
    from judge.engine.fab.keywords import KEYWORDS, with_hook

    link = game.s.active_link
    row = KEYWORDS.get(eff.get("keyword"))
    to = eff.get("to", "self")
    if link and row in with_hook("defend-limit"):
        targets = game._target_cards(to, src, layer, controller) if not isinstance(to, dict) else []
        if any(t.handle == link.attack for t in targets):
            counts, what = row.data[0], row.data[4]
            counted = [h for h, _, _ in game.defending(link) if game.counts_for_limit(counts, h)]
            if len(counted) >= 2:
                game.step(f"The attack gains {row.name} while already defended by {len(counted)} {what}s: none is "
                          "removed from defending; it only limits what is added from now on.",
                          [row.data[3], cited.NOT_RETROACTIVE])
    _continuous(game, eff, src, controller, layer)


def _set_base_defense(game, eff, src, controller, layer):
    for c in game._target_cards(eff.get("to", "self"), src, layer, controller):
        c.base_defense_set = eff.get("value", 0)
        game.step(f"{c.name}'s base defense is set to {eff.get('value', 0)} (an effect that says it changes the base "
                  "value).", [cited.EFFECT_MODIFIES_VALUE])


def _damage(game, eff, src, controller, layer):
    """8.5.3: damage to each hero the effect names — every declared target hero for ``to = "target"`` (or when the
    layer targets heroes and ``to`` is not written), else the player ``to`` names."""
    to = eff.get("to")
    declared = [t for t in (layer.targets if layer else []) if t in game.s.players or t in game.s.cards]
    if to in (None, "target") and declared:
        targets = declared          # heroes, or living objects ("any target", 1.8.5)
    elif to == "target":
        game.step(f"{_name(src)}: its damage has no declared target left to be dealt to, so that effect fails.",
                  [cited.EFFECT_FAILS])
        return
    elif to == "event-target":
        # "… hits a hero, it deals 3 damage to them": the object the triggering event was about
        hit = (layer.params.get("event", {}) if layer is not None else {}).get("target")
        if hit not in game.s.players and hit not in game.s.cards:
            game.step(f"{_name(src)}: its damage is dealt to the object of the triggering event, and there is none: "
                      "that effect fails.", [cited.EFFECT_FAILS])
            return
        targets = [hit]
    else:
        targets = [game._player_word(to or "opponent", controller, layer)]
    if len(targets) > 1:
        game.step(f"{_name(src)} deals damage to each of its targets: "
                  f"{', '.join(game._name_of(t) for t in targets)}.", [cited.DEAL_DAMAGE])
    source = src
    if eff.get("source") == "attack":
        # 8.5.3a: the effect specifies the source of the damage — the attack deals it, not the effect's source
        link = game.s.active_link
        event_attack = (layer.params.get("event", {}).get("attack") if layer is not None else None)
        handle = event_attack if isinstance(event_attack, str) else (link.attack if link else None)
        if handle is None or handle not in game.s.cards:
            game.step(f"{_name(src)}: its damage is dealt by the attack, and there is no attack: that effect fails.",
                      [cited.DAMAGE_DEALT_BY_SOURCE, cited.EFFECT_FAILS])
            return
        source = game.card(handle)
        game.step(f"{_name(src)}'s effect says the attack deals the damage: {source.name} is its source, not "
                  f"{_name(src)}, the source of the ability that generated it.",
                  [cited.EFFECT_SOURCE_UNLESS_SPECIFIED, cited.DAMAGE_DEALT_BY_SOURCE])
    for target in targets:
        game.deal_damage(target, eff.get("amount", 0), source, kind=eff.get("kind", "generic"),
                         unpreventable=bool(eff.get("unpreventable")))


def _gain_action_point(game, eff, src, controller, layer):
    game.gain_action_points(controller, eff.get("amount", 1), f"{_name(src)}'s effect",
                            [cited.GAIN, cited.GAIN_ACTION_POINTS])


def _zone(game, eff, src, controller, layer):
    """destroy, banish, discard (8.5.4, 8.5.1, 8.5.5); with a selector and ``amount`` ("destroy an item you
    control") the player chooses that many as the effect is generated (1.8.6); none there: nothing is done."""
    cards = game.chosen_objects(eff, "target", src, layer, controller)
    for c in cards:
        game.zone_effect(eff["do"], c)
    game.last_ok = bool(cards)
    # "that card": the cards this source's effect just moved (a ``that_card`` condition reads them)
    game.__dict__.setdefault("moved_by", {})[src.handle if src else None] = [c.handle for c in cards]


def _close_combat_chain(game, eff, src, controller, layer):
    name = _name(src)
    if game.s.chain_open:
        game.step(f"{name}'s effect closes the combat chain.", [cited.EFFECT_CLOSES_COMBAT_CHAIN])
        game.close_combat_chain(f"{name}'s effect closed it", [cited.EFFECT_CLOSES_COMBAT_CHAIN])
    else:
        game.step(f"{name}'s effect would close the combat chain, but it is not open.",
                  [cited.EFFECT_CLOSES_COMBAT_CHAIN])


def _restrict(game, eff, src, controller, layer):
    who = eff.get("who", "opponent")
    if who == "defending-hero":
        link = game.s.active_link
        player = link.targets[0] if link else (layer.attack_targets[0] if layer and layer.attack_targets
                                               else game.opponents(controller)[0])
        game.step(f"The effect refers to the defending hero, {game.player_name(player)}, and keeps referring to that "
                  "hero until the combat chain closes.", [cited.DEFENDING_HERO])
    else:
        player = game._player_word(who, controller, layer)
    s = game.s
    e = Effect(s.next_id(), s.tick(), src.handle if src else None, controller, "restrict", dict(eff, player=player),
               duration=eff.get("duration", "chain"))
    game.add_effect(e)
    game.step(f"{_name(src)} creates a restriction: {game.player_name(player)} can't {restriction_words(eff)}.",
              [cited.RESTRICTION_PRECEDENCE, cited.LAYER_CONTINUOUS_EFFECT])


def _replace_attack(game, eff, src, controller, layer):
    link = game.s.active_link
    new = game.s.cards.get(layer.params.get("chosen")) if layer else None
    if link is None or new is None:
        game.step("There is no attacking card to replace: the effect fails.", [cited.EFFECT_FAILS])
        return
    game.move(new, "combat-chain", controller=controller)
    old = link.attack
    link.attack = new.handle
    game.power_seen[new.handle] = game.power(new)
    game.step(f"{new.name} is put onto the active chain link as the attacking card: the previous active-attack is "
              "cleared and it is a new attack, but the attack-targets stay the same.",
              [cited.NEW_ATTACKING_CARD_NEW_ATTACK])
    game.facts.setdefault("replaced_attack", {})[old] = new.handle


def _put_on_deck_bottom(game, eff, src, controller, layer):
    for c in game._objects(eff, "target", src, layer, controller):
        game.move(c, "deck")
        game.step(f"{c.name} is put on the bottom of its owner's deck.", [cited.PUT_OR_RETURN])


def _lose_abilities(game, eff, src, controller, layer):
    for c in game._objects(eff, "target", src, layer, controller):
        lost_meta = [ab for ab in c.abilities if ab.kind == "meta"]
        lost_kws = sorted(k for k in c.keywords if k not in ("specialization",))
        c.abilities = []
        c.keywords = {k: v for k, v in c.keywords.items() if k == "specialization"}
        game.step(f"{c.name} loses all its abilities"
                  + (f", its keyword abilities ({', '.join(lost_kws)}) included" if lost_kws else "") + ".",
                  [cited.LAYER_CONTINUOUS_EFFECT] + ([cited.ABILITY_KEYWORD] if lost_kws else []))
        if lost_meta:
            game.step(f"{c.name}'s meta-static ability ceases to exist during the game: it does not affect the "
                      "legality of what was done outside the game under it, so the card-pool stays legal.",
                      [cited.META_STATIC_CEASES_LEGALITY_KEPT, cited.META_STATIC_FUNCTIONAL])


def _defend_with(game, eff, src, controller, layer):
    """7.0.5b: add cards as defending cards — this card, or cards from another zone (``what`` as for banish:
    a selector with ``zone``, ``top-of-deck``, a handle); their "when this defends" abilities trigger."""
    cards = game.chosen_objects(eff, "self", src, layer, controller)
    game.last_ok = bool(cards)   # "…, otherwise they discard it" (1.8.4a)
    for c in cards:
        if c.zone == "hand" and c.controller != controller:
            # 7.0.5a: the card's controller as it defends is the one who has defended with it
            game.step(f"An effect adds {c.name} from {game.player_name(c.owner)}'s hand to the active chain link as a "
                      f"defending card; {game.player_name(c.controller)} controls it, so they have defended with it.",
                      [cited.EFFECT_ADDS_DEFENDING_CARD, cited.ADDED_AS_DEFENDING])
        elif c.zone not in ("hand", "stack", "combat-chain"):
            game.step(f"An effect adds {c.name} from the {c.zone} to the active chain link as a defending card"
                      + (" (it becomes public before it moves)" if c.face_down else "") + ".",
                      [cited.EFFECT_ADDS_DEFENDING_CARD] + ([cited.BECOMES_PUBLIC_BEFORE_MOVE] if c.face_down else []))
            c.face_down = False
        game.add_defending([c.handle], game._defending_target(controller), "effect")


def _search(game, eff, src, controller, layer):
    game.search(eff, src, controller, layer)


def _gain_resources(game, eff, src, controller, layer):
    who = game._player_word(eff.get("who", "you"), controller, layer)
    n = eff.get("amount", 1)
    game.s.players[who].resources += n
    game.step(f"{game.player_name(who)} gains {n} resource point{'s' if n != 1 else ''} (now "
              f"{game.s.players[who].resources}).", [cited.GAIN, cited.RESOURCE_POINT_ASSET])


def _return_to_hand(game, eff, src, controller, layer):
    for c in game._objects(eff, "self", src, layer, controller):
        game.move(c, "hand")
        c.face_down = False
        game.step(f"{c.name} is put into its owner's hand; there it is a new object.",
                  [cited.PUT_OR_RETURN, cited.NEW_OBJECT])


def _pay(game, eff, src, controller, layer):
    """"[You may] pay {r}…" as an effect: a resource asset-cost the effect incurs (1.14.1), paid with floating
    resources, then cards pitched from hand (1.14.2d, in the order the file lists them); one that cannot be paid
    is not paid (1.14.2b), so an "if you do" after it is not met (1.8.4a)."""
    n = eff.get("amount", 1)
    who = game.player_name(controller)
    if game._pay_optional(controller, n, keep=src):
        game.step(f"{who} pays {'{r}' * n} for {src.name if src is not None else 'the effect'} (an asset-cost the "
                  "effect incurs).", [cited.COST_OF_EFFECT, cited.PAY_RESOURCE_POINT_COST])
        return
    game.last_ok = False
    game.step(f"{who} cannot pay {'{r}' * n}: too few resources and cards to pitch, so it is not paid.",
              [cited.COST_OF_EFFECT, cited.ASSET_COST_CANNOT_BE_PAID])


def _draw(game, eff, src, controller, layer):
    game.draw(game._player_word(eff.get("who", "you"), controller, layer), eff.get("amount", 1))


def _life(game, eff, src, controller, layer):
    """gain-life (8.5.7), lose-life (8.5.12: not damage)."""
    do = eff["do"]
    who = game._player_word(eff.get("who", "you"), controller, layer)
    p = game.s.players[who]
    n = eff.get("amount", 1)
    before = p.life
    p.life = before + n if do == "gain-life" else max(0, before - n)
    if do == "lose-life":
        p.life_lost_this_turn += before - p.life
    not_hit, hit_cites = ("; the attack-target losing life this way does not make the attack hit",
                          [cited.NOT_HIT_OTHER_LIFE_LOSS]) \
        if do == "lose-life" and p.life < before and game._is_attack_target(who) else ("", [])
    game.step(f"{game.player_name(who)} {'gains' if do == 'gain-life' else 'loses'} {n} life (life {before} → "
              f"{p.life})" + (f"; losing life is not damage{not_hit}." if do == "lose-life" else "."),
              [cited.GAIN, cited.GAIN_LIFE] if do == "gain-life" else [cited.LOSE, cited.LOSE_LIFE,
                                                                       cited.LOSING_LIFE_NOT_DAMAGE] + hit_cites)


def _intimidate(game, eff, src, controller, layer):
    who = game._player_word(eff.get("who", "defending-hero"), controller, layer)
    if eff.get("who") == "target":
        game.step(f"The intimidate names no player, so it is a targeted effect: it intimidates the declared target, "
                  f"{game.player_name(who)}.", [cited.INTIMIDATE_TARGETED, cited.TARGETED_EFFECT])
    game.intimidate(who, eff, layer, by=controller)


def _negate(game, eff, src, controller, layer):
    """8.5.26: the layers targeted are cleared from the stack; ``what = "self"`` ("If you don't, negate this"): the
    resolving layer negates itself and does not finish resolving (8.5.26a)."""
    s = game.s
    if eff.get("what") == "self":
        if layer is None or layer not in s.stack:
            game.step("There is no resolving layer to negate.", [cited.NEGATE])
            return
        layer.params["negated_itself"] = True
        game.step(f"{layer.name} negates itself while resolving: it does not finish resolving.",
                  [cited.NEGATE, cited.NEGATES_ITSELF], tag="failed")
        return
    for t in (layer.targets if layer else []):
        victim = next((l for l in s.stack if l.source == t and l is not layer), None)
        if victim is None:
            game.step(f"There is no layer of {game._name_of(t)} on the stack to negate.", [cited.NEGATE])
            continue
        n = s.stack.index(victim) + 1          # layer N: the bottom layer is layer 1 (3.15.5)
        s.stack.remove(victim)
        above = [l for l in s.stack[n - 1:] if l is not layer]
        game.failed.append(game._layer_fact_name(victim))
        game.facts["resolved"][game._layer_fact_name(victim)] = False
        vsrc = s.cards.get(victim.source)
        if victim.kind == "card" and vsrc is not None and vsrc.zone == "stack":
            game.move(vsrc, "graveyard")
        game.step(f"{victim.name} is negated: it is cleared from the stack and does not resolve.",
                  [cited.NEGATE] + ([cited.CLEAR] if victim.kind == "card" else []))
        if above:
            game.step(f"{victim.name} was layer {n} of the stack: each layer above it moves down one — "
                      + ", ".join(f"{l.name} becomes layer {s.stack.index(l) + 1}" for l in above) + ".",
                      [cited.LAYER_RENUMBERED])


def _amp(game, eff, src, controller, layer):
    """8.5.47: a continuous effect for the turn: its controller's next arcane damage event deals N more."""
    n = eff.get("amount", 1)
    e = Effect(game.s.next_id(), game.s.tick(), src.handle if src else None, controller, "amp", {"amount": n},
               duration="turn")
    game.add_effect(e)
    game.step(f"{_name(src)}: {game.player_name(controller)} amps {n} — the next time an event they control would deal "
              f"arcane damage this turn, it deals that much plus {n}.", [cited.AMP])


def _increase_damage(game, eff, src, controller, layer):
    """6.4.9: a standard-replacement effect for its duration — "if/whenever [a source] would deal damage, instead it
    deals that much plus N" — on every such damage event, or on the next one only (``next = true``)."""
    data = {k: eff[k] for k in ("amount", "of", "damage_type", "next") if k in eff}
    card = eff.get("to") if isinstance(eff.get("to"), dict) else None   # the next card played that fits (5.1.2a)
    e = Effect(game.s.next_id(), game.s.tick(), src.handle if src else None, controller, "increase-damage", data,
               duration=eff.get("duration", "turn"), selector=card, next_play=card is not None)
    game.add_effect(e)
    if card is not None:
        kind = {"arcane": "arcane ", "physical": "{p} "}.get(eff.get("damage_type"), "")
        game.step(f"{_name(src)} creates a standard-replacement effect for the next "
                  f"{_describe_selector(card, plural=False)} its controller plays this turn: "
                  f"{'the next time' if eff.get('next') else 'whenever'} that card would deal {kind}damage, instead it "
                  f"deals that much plus {eff.get('amount', 1)}.", [cited.STANDARD_REPLACEMENT, cited.NEXT_CARD_EFFECTS])
        return
    what = _describe_selector(eff["of"], plural=False) if eff.get("of") else "source"
    kind = {"arcane": "arcane ", "physical": "{p} "}.get(eff.get("damage_type"), "")
    span = {"chain": "this combat chain", "link": "this chain link"}.get(eff.get("duration"), "this turn")
    game.step(f"{_name(src)} creates a standard-replacement effect: {'the next time' if eff.get('next') else 'whenever'} "
              f"{'an' if what[0] in 'aeiou' else 'a'} {what} would deal {kind}damage {span}, instead it deals that "
              f"much plus {eff.get('amount', 1)}.", [cited.STANDARD_REPLACEMENT])


def _mark(game, eff, src, controller, layer):
    """8.5.50: the hero gets the marked condition (9.3); a marked hero stays marked (9.3.2a)."""
    who = game._player_word(eff.get("who", "target"), controller, layer)
    p = game.s.players[who]
    if p.marked:
        game.step(f"{game.player_name(who)} is already marked and continues to be marked.",
                  [cited.MARK, cited.MARKED_STAYS_MARKED])
        return
    p.marked = True
    game.step(f"{_name(src)} marks {game.player_name(who)}: their hero has the marked condition until hit by a source "
              "an opponent controls.", [cited.MARK, cited.MARKED, cited.MARKED_UNTIL_HIT])


def _reveal(game, eff, src, controller, layer):
    """8.5.17: reveal the top card of a player's deck (``what = "top-of-deck"``) — public, then private again; it
    stays where it is (8.5.17c); it is the object "it" names in the effects after it, and the card ``revealed``
    checks; an empty deck: fails. Cards from hand (``what`` a selector): the player's choice (keyword_play.py)."""
    if eff.get("what") != "top-of-deck":
        KeywordPlay.effect_reveal(game, eff, src, controller, layer)
        return
    who = game._player_word(eff.get("who", "you"), controller, layer)
    deck = game.deck_of(who)
    if not deck:
        game.last_ok = False
        game.step(f"{game.player_name(who)}'s deck is empty: there is no top card to reveal, the effect fails.",
                  [cited.REVEAL, cited.EFFECT_FAILS])
        return
    top = deck[0]
    game.last_objects = [top.handle]
    game.__dict__.setdefault("revealed_by", {})[src.handle if src else None] = top.handle
    game.step(f"{game.player_name(who)} reveals the top card of their deck: {top.name}. It becomes public, then private "
              "again, and stays on top of the deck.", [cited.REVEAL, cited.REVEAL_DISCRETE, cited.REVEAL_STAYS])


def _turn_face_up(game, eff, src, controller, layer):
    for c in game._objects(eff, "self", src, layer, controller):
        c.face_down = False
        game.step(f"{c.name} is turned face up.", [cited.TURN_FACE])


def _turn_face_down(game, eff, src, controller, layer):
    """8.5.24: the card becomes private; in a public zone (the graveyard) it is a private object there until a
    rule or effect makes it public (3.0.4c); a card already face-down: the effect fails (8.5.24a)."""
    turned = []
    for c in game._objects(eff, "self", src, layer, controller):
        if c.face_down:
            game.step(f"{c.name} is already face-down: the turn effect fails.", [cited.TURN_FACE_FAILS])
            continue
        c.face_down = True
        turned.append(c)
        public = c.zone in ("graveyard", "banished", "arena", "equipment", "combat-chain", "pitch")
        game.step(f"{c.name} is turned face-down" + (f": a private object in the public {c.zone} zone, until a rule or "
                  "effect makes it public." if public else "."),
                  [cited.TURN_FACE] + ([cited.PRIVATE_OBJECT_IN_PUBLIC_ZONE] if public else []), tag="telling")
    game.last_ok = bool(turned)


# ---------------------------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------------------------

def _p(name, fields, rules, handler) -> Primitive:
    return Primitive(name, frozenset(fields), tuple(rules), handler)


PRIMITIVE_ROWS = (
    _p("modify", {"stat", "by", "to", "next", "next_defend"}, (cited.CONTINUOUS_EFFECTS, cited.SUBSTAGE_ORDER),
       _continuous),
    _p("cost", {"by", "to", "next", "activations"}, (cited.RULES_DEFINE_STARTING_ASSET,), _continuous),
    _p("gain-keyword", {"keyword", "value", "to", "next"}, (cited.TIMESTAMP_ORDER,), _gain_keyword),
    _p("lose-keyword", {"keyword", "to"}, (cited.TIMESTAMP_ORDER,), _continuous),
    _p("cannot-gain-keyword", {"keyword", "to"}, (cited.RESTRICTION_PRECEDENCE,), _continuous),
    _p("cannot-gain-power", {"to"}, (cited.RESTRICTION_PRECEDENCE, cited.NOT_RETROACTIVE), _continuous),
    _p("cannot-be-defended-by", {"to", "what", "cost_less_than"}, (cited.RESTRICTION_PRECEDENCE, cited.CARD_CANNOT_DEFEND), _continuous),
    _p("gain-ability", {"ability", "to", "next"}, (cited.LAYER_CONTINUOUS_EFFECT,), _continuous),
    _p("set-base-defense", {"value", "to"}, (cited.DEFENSE_MODIFIED,), _set_base_defense),
    _p("modify-base", {"stat", "set", "halve", "by", "to", "next"}, (cited.EFFECT_MODIFIES_VALUE, cited.STAGE_ORDER),
       _continuous),
    _p("lose-supertypes", {"supertypes", "to"}, (cited.LOSE_SUPERTYPES,), _continuous),
    _p("gain-supertypes", {"supertypes", "to", "next"}, (cited.LOSE_SUPERTYPES, cited.REMOVAL_KEEPS_ADDED), _continuous),
    _p("prevent", {"amount", "to", "damage_type", "shield", "when", "source"}, (cited.PREVENTION,), _continuous),
    _p("reduce-prevention", {"amount", "damage_type", "next"}, (cited.PREVENTION_DECREASED,), _reduce_prevention),
    _p("cannot-be-prevented", {"to", "when"}, (cited.PREVENTION_CANNOT_PREVENT,), _continuous),
    # a static ability only: "If your hero would be dealt damage, you may banish this to prevent 2 of that damage"
    _p("prevent-by", {"sub_event", "amount", "may", "damage_type"}, (cited.PREVENTION, cited.SUB_EVENT), _static_only),
    _p("damage", {"amount", "kind", "to", "unpreventable", "source"}, (cited.DEAL_DAMAGE,), _damage),
    _p("gain-action-point", {"amount"}, (cited.GAIN_ACTION_POINTS,), _gain_action_point),
    _p("create-token", {"name", "types", "subtypes", "supertypes", "handle", "power", "defense", "life", "keywords",
                        "abilities", "count", "who", "equip"}, (cited.CREATE_TOKEN, cited.TOKEN_ENTERS_UNDER_CREATOR_CONTROL),
       Zones.effect_create_token),
    _p("create-card", {"name", "types", "subtypes", "supertypes", "handle", "cost", "pitch", "power", "defense",
                       "keywords", "abilities", "zone", "target"}, (cited.CREATE_TOKEN,), Zones.effect_create_card),
    _p("destroy", {"what", "amount", "who"}, (cited.DESTROY,), _zone),
    _p("banish", {"what", "face_down", "amount", "who", "random", "up_to"}, (cited.BANISH,), Zones.effect_banish),
    _p("discard", {"what", "random", "who"}, (cited.DISCARD,), Zones.effect_discard),
    _p("put", {"what", "to", "face_down", "amount", "who", "up_to", "shuffle"}, (cited.PUT_OR_RETURN,), Zones.effect_put),
    _p("allow-play", {"what"}, (cited.ANNOUNCE_ONLY_IF_ALLOWED, cited.RESTRICTION_PRECEDENCE), Zones.effect_allow_play),
    _p("delayed-trigger", {"on", "when", "effects", "once", "name", "target", "nth"}, (cited.DELAYED_TRIGGER,),
       Delayed.effect_delayed_trigger),
    _p("return-object", {"what"}, (cited.BANISHED_UNTIL, cited.PUT_OR_RETURN), Returning.effect_return_object),
    _p("remove-counter", {"kind", "stat", "amount", "what"}, (cited.REMOVE_COUNTER,), Counters.effect_remove_counter),
    _p("put-on-deck-bottom", {"what"}, (cited.PUT_OR_RETURN,), _put_on_deck_bottom),
    _p("lose-abilities", {"what"}, (cited.ABILITY_KEYWORD,), _lose_abilities),
    _p("defend-with", {"what", "amount", "who"}, (cited.EFFECT_ADDS_DEFENDING_CARD,), _defend_with),
    _p("turn-face-up", {"what"}, (cited.TURN_FACE,), _turn_face_up),
    _p("turn-face-down", {"what"}, (cited.TURN_FACE,), _turn_face_down),
    _p("tap", {"what", "amount"}, (cited.TAP,), tapping.effect_tap),
    _p("gain-control", {"what", "amount", "from_hero"}, (cited.GAIN_CONTROL,), effect_gain_control),
    _p("steal", {"what", "amount", "from_hero"}, (cited.GAIN_CONTROL,), effect_gain_control),
    _p("untap", {"what", "amount"}, (cited.UNTAP,), tapping.effect_tap),
    _p("close-combat-chain", set(), (cited.EFFECT_CLOSES_COMBAT_CHAIN,), _close_combat_chain),
    _p("restrict", {"who", "types", "what", "activations", "from", "only_from"}, (cited.DEFENDING_HERO,), _restrict),
    _p("replace-attack", set(), (cited.NEW_ATTACKING_CARD_NEW_ATTACK,), _replace_attack),
    _p("search", {"for", "then"}, (cited.SEARCH,), _search),
    _p("suppress-triggers", {"of"}, (cited.HIT_TRIGGER_PREVENTED,), _continuous),
    _p("additional-activations", {"count", "to", "spread", "attack_only"}, (cited.EFFECT_ALLOWS_ABILITY,), _continuous),
    _p("set-limit", {"total", "to", "attack_only"}, (cited.EFFECTS_STATE_HOW_MANY,), _continuous),
    _p("pay", {"amount"}, (cited.COST_OF_EFFECT, cited.PAY_RESOURCE_POINT_COST), _pay),
    _p("draw", {"who", "amount"}, (cited.DRAW,), _draw),
    _p("gain-resources", {"who", "amount"}, (cited.GAIN, cited.RESOURCE_POINT_ASSET), _gain_resources),
    _p("return-to-hand", {"what"}, (cited.PUT_OR_RETURN,), _return_to_hand),
    _p("gain-life", {"who", "amount"}, (cited.GAIN,), _life),
    _p("lose-life", {"who", "amount"}, (cited.LOSE,), _life),
    _p("put-counter", {"stat", "kind", "amount", "what", "choose"}, (cited.PUT_COUNTER, cited.COUNTERS),
       Counters.effect_put_counter),
    _p("intimidate", {"who", "card"}, (cited.INTIMIDATE,), _intimidate),
    _p("mark", {"who"}, (cited.MARK,), _mark),
    _p("amp", {"amount"}, (cited.AMP,), _amp),
    _p("enters-with", {"counters", "to"}, (cited.IDENTITY_REPLACEMENT,), _continuous),
    _p("increase-damage", {"amount", "of", "damage_type", "next", "to"}, (cited.STANDARD_REPLACEMENT,),
       _increase_damage),
    _p("increase-tokens", {"amount", "of"}, (cited.STANDARD_REPLACEMENT, cited.COMPOUND_REPLACED_NOT_PARTS),
       more_tokens.effect_increase_tokens),
    _p("increase-gain", {"amount", "of", "next", "stat"}, (cited.STANDARD_REPLACEMENT, cited.APPLICATION_IS_EVENT),
       gains.effect_increase_gain),
    _p("opt", {"amount", "who"}, (cited.OPT,), KeywordPlay.effect_opt),
    _p("charge", {"what"}, (cited.CHARGE,), KeywordPlay.effect_charge),
    _p("reload", set(), (cited.RELOAD,), KeywordPlay.effect_reload),
    _p("negate", {"what"}, (cited.NEGATE,), _negate),
    _p("reveal", {"what", "amount", "who"}, (cited.REVEAL,), _reveal),
    _p("look", {"what", "amount", "who"}, (cited.LOOK,), effect_look),
    _p("retrieve", {"what"}, (cited.RETRIEVE,), effect_retrieve),
    _p("modes", {"choose", "choose_up_to", "choose_if", "modes"}, (cited.MODAL_ABILITY,), effect_modes),
    _p("name", set(), (cited.NAME_A_CARD,), effect_name),
    _p("either", {"options"}, (cited.UNDETERMINED_PARAMETERS,), effect_either),
    _p("clash", {"with", "winner"}, (cited.CLASH,), effect_clash),
    _p("roll", {"sides", "dice"}, (cited.ROLL,), effect_roll),
    _p("wager", {"with", "prize"}, (cited.WAGER,), effect_wager),
    _p("transcend", set(), (cited.TRANSCEND,), effect_transcend),
    _p("banish-set", {"from", "sets"}, (cited.BANISH,), effect_banish_set),
    _p("transform", {"what", "into", "amount", "up_to"}, (cited.TRANSFORM, cited.SUB_CARD), SubCards.effect_transform),
    _p("equip", {"what"}, (cited.EQUIP,), SubCards.effect_equip),
)

PRIMITIVES: dict[str, Primitive] = {p.name: p for p in PRIMITIVE_ROWS}
# the primitives that generate a layer-continuous effect; the others generate discrete effects
CONTINUOUS = frozenset(p.name for p in PRIMITIVE_ROWS if p.handler in (_continuous, _gain_keyword))
