# 6.4.9 standard-replacement effects on creating tokens, 1.9.2b a replacement of a compound event replaces none of its parts.
""""Until end of turn, if you would create one or more tokens of a kind, instead create that many plus 1" — the
``increase-tokens`` primitive: a standard-replacement effect (6.4.9) on the event of its controller creating tokens
that fit ``of``. Creating N tokens is one compound event of N individual "create a token" events (1.9.2): the
effect replaces the compound event, N becoming N plus its amount, once (6.4.5), and none of the individual events
of the new compound event (1.9.2b).
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import Card, matches
from judge.engine.fab.state import Effect


def _probe(eff: dict, who: str) -> Card:
    """The token as it would be created, to read ``of`` against (its name and types, before it exists)."""
    c = Card("_would_be_created", eff.get("name", "token"), who)
    c.types = {t.lower() for t in eff.get("types", [])} | {"token"}
    c.subtypes = {t.lower() for t in eff.get("subtypes", [])}
    c.supertypes = {t.lower() for t in eff.get("supertypes", [])}
    return c


def replaced_count(game, eff: dict, who: str, count: int) -> int:
    """The number of tokens a create-token effect creates for ``who`` after the replacement effects in force on
    that compound event, each applied once (6.4.5); the individual events are not replaced (1.9.2b)."""
    rs = [e for e in game.s.effects if e.kind == "increase-tokens" and e.controller == who]
    if not rs or count < 1:
        return count
    probe = _probe(eff, who)
    for r in rs:
        if not matches(probe, r.data.get("of") or {}, game, who):
            continue
        n = r.data.get("amount", 1)
        game.step(f"{game.player_name(who)} would create {count} {probe.name} token{'s' if count != 1 else ''} — one "
                  f"compound event; {game._src_name(r)}'s standard-replacement effect replaces it: they create "
                  f"{count} plus {n}, {count + n}. The replacement applies to the compound event once, not to each "
                  "individual token it creates.",
                  [cited.STANDARD_REPLACEMENT, cited.COMPOUND_REPLACED_NOT_PARTS, cited.REPLACE_ONCE], tag="telling")
        count += n
    return count


def effect_increase_tokens(game, eff: dict, src, controller: str, layer) -> None:
    """The ``increase-tokens`` primitive: in force for its duration (6.4.9), on each event of its controller
    creating tokens that fit ``of``."""
    data = {k: eff[k] for k in ("amount", "of") if k in eff}
    e = Effect(game.s.next_id(), game.s.tick(), src.handle if src else None, controller, "increase-tokens", data,
               duration=eff.get("duration", "turn"))
    game.add_effect(e)
    what = _describe_selector(eff.get("of") or {}, plural=False) or "token"
    game.step(f"{src.name if src else 'The effect'} creates a standard-replacement effect: until end of turn, if "
              f"{game.player_name(controller)} would create {what} tokens, instead they create that many plus "
              f"{eff.get('amount', 1)}.", [cited.STANDARD_REPLACEMENT])
