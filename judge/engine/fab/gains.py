# 6.2.5 a continuous effect's first application as an event, 2.0.3b a property considered increased, 6.4.9 and 1.4.3d "if an attack would gain {p}, instead …".
"""An effect's application as an event (6.2.5).

The first time a layer-continuous +N{p} / +N{d} effect applies to an object is an event of its own — one for
each object it applies to (6.2.5): replacement effects on it apply first ("If an attack would gain {p} this
turn, instead it gains that much plus 1": the ``increase-gain`` primitive, a standard-replacement, 6.4.9), then
the object is considered to have increased (2.0.3b) — the event ``increased``, which triggered abilities
("when an attack you control gains exactly +1{p} from an effect") and counts ("no card has had {p} increased
this turn") read. A +1{p} / +1{d} counter put on an object increases it too (2.0.3b), as an event whose
``counter`` is true.

An attack is an attack-card, attack-layer or attack-proxy (1.4.1): an effect given to a weapon — the
attack-source — is not given to its attack, so a replacement effect on an attack gaining {p} does not modify it
(1.4.3d), though the attack-proxy inherits the weapon's {p}.

What the engine does not play as such an event is refused when the file is loaded rather than left silently
uncounted (:func:`check_listeners`): a static ability's +N, a change to a base value (an increase under 2.10.1, none under 2026-02: 2.0.3b was reworded), piercing's +N.
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import _describe_quantity, _describe_selector
from judge.engine.fab.cards import matches
from judge.engine.fab.state import Effect

STATS = ("power", "defense")
SYMBOL = {"power": "{p}", "defense": "{d}"}


def _increase(e: Effect) -> int:
    """The +N an effect gives, or 0 when it is no layer-continuous increase of power or defense."""
    d = e.data
    if e.kind != "modify" or d.get("stat") not in STATS:
        return 0
    by = d.get("by", 0)
    return by if isinstance(by, int) and by > 0 else 0


def gained(e: Effect, handle: str) -> int:
    """What a replacement effect added to ``e``'s application to the object ``handle`` (6.4.9): "instead it gains
    that much plus N"."""
    return e.data.get("_extra", {}).get(handle, 0)


CONDITION_KEYS = ("gains_exactly", "stat", "during_step")


def unmet_words(game, key: str, want, event: dict) -> str:
    """Why a condition on an ``increased`` event, or on the combat step, is not met, in words."""
    if key == "gains_exactly":
        if not event.get("by_effect"):
            return "the increase came from counters, not from an effect"
        return f"the effect applied as +{event.get('amount')}{SYMBOL.get(event.get('stat'), '')}, not exactly +{want}"
    if key == "stat":
        return f"it is its {event.get('stat')} that increased, not its {want}"
    return f"it is not the {want} step (the combat chain is {'in the ' + game.s.step + ' step' if game.s.chain_open else 'closed'})"


def applied(game, e: Effect, cards) -> None:
    """6.2.5: ``e`` starts to apply to each of ``cards`` (public objects only): for each, an event — replacement
    effects on it first (6.4.2, 6.4.9), then the object has increased (2.0.3b, event ``increased``)."""
    by = _increase(e)
    if not by:
        return
    stat = e.data["stat"]
    for c in cards:
        if c is None or c.private:
            continue
        n = by + _replace(game, e, c, by) if stat == "power" else by
        game.event("increased", card=c.handle, player=c.controller, stat=stat, amount=n, source=e.source,
                   by_effect=True)


def variables_wait(game, eff: dict, src) -> None:
    """6.2.2b: an effect that applies to an object that does not exist yet ("the next Brute attack action card you
    play this turn gains +X{p}, where X is its base {p}") leaves its variables to be determined when it first
    applies to an object (:func:`first_applies`)."""
    game.step(f"{src.name if src else 'The effect'}: the effect applies to an object that does not exist yet, so X "
              f"({_describe_quantity(eff['by'])}) is determined when it first applies to an object, not now.",
              [cited.FUTURE_OBJECT_VARIABLES])


def first_applies(game, e: Effect, c) -> None:
    """``e`` — an effect that waited for the next card played or defended with — first applies to ``c``: its
    variables are determined now and do not change thereafter (6.2.2b; ``object-base-power`` reads ``c``'s base
    {p}), then its application is an event (6.2.5, :func:`applied`). A self-replacement whose condition is on that
    card (6.4.7b) is evaluated first."""
    from judge.engine.fab.self_replacement import as_it_applies

    as_it_applies(game, e, c)
    by = e.data.get("by")
    if isinstance(by, dict):
        src = game.s.cards.get(e.source)
        if by.get("count") == "object-base-power":
            n = by.get("times", 1) * (game.base_value(c, "power") or 0)
        else:
            n = game.amount(by, src)
        e.data["by"] = n
        game.step(f"The effect of {game._src_name(e)} first applies to {c.name}: X ({_describe_quantity(by)}) is "
                  f"determined now, X = {n}, and does not change thereafter.", [cited.FUTURE_OBJECT_VARIABLES])
    applied(game, e, [c])


def counter_put(game, c, stat: str, value: int, count: int) -> None:
    """2.0.3b: +1{p} / +1{d} counters put on an object increase that property (each put is an event)."""
    if stat in STATS and value > 0 and count > 0:
        game.event("increased", card=c.handle, player=c.controller, stat=stat, amount=count, source=None,
                   by_effect=False)


def is_attack_application(game, e: Effect, c) -> bool:
    """Is ``e`` an effect applying to an attack (1.4.1), not to an attack-source (1.4.3d)? One given to a
    weapon's attack-proxy is; one given to the weapon is not, though the proxy inherits the weapon's values."""
    if e.data.get("_attack_link") is not None:
        return True
    if game.proxy_link_number(c.handle) is not None:
        return False
    return game.is_attack(c)


def _replace(game, e: Effect, c, by: int) -> int:
    """6.4.9: the standard-replacement effects "if [an object] would gain {p}, instead it gains that much plus
    N" in force, each applied once to this event (6.4.5), in the order they were generated; returns the N added.
    A ``next`` one is used up by the event it replaced."""
    added = 0
    src = game.s.cards.get(e.source)
    for r in [x for x in game.s.effects if x.kind == "increase-gain" and x.data.get("stat", "power") == "power"]:
        of = dict(r.data.get("of") or {"is_attack": True})
        want_attack = of.pop("is_attack", None)
        rname = game._src_name(r)
        if want_attack is not None and is_attack_application(game, e, c) != want_attack:
            if want_attack and game.is_attack(c):
                game.step(f"{rname}'s replacement effect does not modify the +{by}{{p}} from "
                          f"{src.name if src else 'the effect'}: that effect applies to {c.name}, the attack-source, "
                          "and not to its attack-proxy; a replacement effect that modifies effects applying to attacks "
                          "does not modify one applying to the attack-source.",
                          [cited.SOURCE_EFFECTS_INHERITED, cited.ATTACK_OBJECT], tag="telling")
            continue
        if of and not matches(c, of, game, r.controller):
            continue
        n = r.data.get("amount", 1)
        added += n
        extra = e.data.setdefault("_extra", {})
        extra[c.handle] = extra.get(c.handle, 0) + n
        what = "an attack" if want_attack else _describe_selector(of, plural=False)
        whose = f"{c.name}'s attack" if e.data.get("_attack_link") is not None else c.name
        game.step(f"{whose} would gain +{by}{{p}} from {src.name if src else 'an effect'}; the first time that effect "
                  f"applies to it is an event, and {rname}'s standard-replacement effect (\"{'the next time' if r.data.get('next') else 'if'} "
                  f"{what} would gain {{p}}, instead it gains that much plus {n}\") replaces it: it gains "
                  f"+{by + added}{{p}}.",
                  [cited.APPLICATION_IS_EVENT, cited.STANDARD_REPLACEMENT, cited.REPLACE_ONCE]
                  + ([cited.ATTACK_OBJECT] if want_attack else []), tag="telling")
        if r.data.get("next"):
            game.s.effects.remove(r)
    return added


def effect_increase_gain(game, eff: dict, src, controller: str, layer) -> None:
    """The ``increase-gain`` primitive: "If an attack would gain {p} this turn, instead it gains that much plus N"
    (``next = true``: "the next time …") — a standard-replacement effect in force for its duration (6.4.9) on each
    first application of a +N{p} effect to an object that fits ``of`` (default: an attack, 1.4.1)."""
    data = {k: eff[k] for k in ("amount", "of", "next", "stat") if k in eff}
    e = Effect(game.s.next_id(), game.s.tick(), src.handle if src else None, controller, "increase-gain", data,
               duration=eff.get("duration", "turn"))
    game.add_effect(e)
    of = dict(eff.get("of") or {"is_attack": True})
    what = "an attack" if of.pop("is_attack", False) and not of else \
        _describe_selector(dict(eff.get("of") or {}), plural=False)
    game.step(f"{src.name if src else 'The effect'} creates a standard-replacement effect: "
              f"{'the next time' if eff.get('next') else 'if'} {what} would gain {{p}} this turn, instead it gains "
              f"that much plus {eff.get('amount', 1)}.", [cited.STANDARD_REPLACEMENT, cited.APPLICATION_IS_EVENT])


# ---------------------------------------------------------------------------------------------------------
# what is refused at load time
# ---------------------------------------------------------------------------------------------------------

def _walk(node):
    """Every table inside an ability (its effects, their conditions and quantities)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            yield n
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)


def _listens(ab) -> bool:
    return any(t.get("on") == "increased" or t.get("event") == "increased" or t.get("do") == "increase-gain"
               for t in _walk(ab.data))


def _unplayed_increase(card, ab, keywords) -> str:
    """Words for an increase of {p} / {d} this card's ability makes that is not played as an event, or ''."""
    if ab.kind == "static":
        eff = ab.get("effect") or {}
        if eff.get("do") in ("modify", "modify-base") and eff.get("stat") in STATS and not (
                isinstance(eff.get("by"), int) and eff["by"] <= 0 and "set" not in eff):
            return f"{card.name}'s static ability gives {eff.get('stat')}"
    for t in _walk(ab.data):
        # a change to a base value: an increase under 2.10.1, none under 2026-02 (2.0.3b was reworded)
        if t.get("do") == "modify-base" and t.get("stat") in STATS:
            return f"{card.name} changes a base {t.get('stat')}, which the two versions of the rules count differently"
    return ""


def check_listeners(scenario, s, reasons: list) -> None:
    """Refuse a file where something reads increases of {p} / {d} as events (a trigger on ``increased``, a count
    of them, an ``increase-gain`` replacement) and something else increases them in a way the engine does not
    play as such an event (a static ability's +N, a base value changed, piercing): it would be left out silently."""
    listening = [c for c in s.cards.values() for ab in c.abilities if _listens(ab)]
    if not listening:
        return
    for c in s.cards.values():
        kws = {str(k).lower() for k in (c.keywords or {})}
        why = "piercing's +N{p}" if "piercing" in kws else ""
        for ab in c.abilities:
            why = why or _unplayed_increase(c, ab, kws)
        if why:
            reasons.append(scenario.reason(
                "unsupported", f"{listening[0].name} reads increases of {{p}} / {{d}} as events, and "
                f"{why}: the engine plays only a layer-continuous effect's +N and +1 counters as such events, so this "
                "increase would be left out", f"cards.{c.handle}", cited.APPLICATION_IS_EVENT))
            return
