# Counters (FaB CR 1.15, 2.0.3d, 8.5.14, 8.5.16): tracked one by one, named kinds (steam, verse, …) and +1/−1 property counters side by side (1.15.4).
"""Counters on objects.

A card's ``counters`` is a list with one entry per counter: ``(timestamp, kind, value)``. ``kind`` is
``"power"`` / ``"defense"`` for a property counter whose ``value`` is +1 or −1 (it modifies the property,
1.15.2a), or a name (``"steam"``, ``"verse"``, ``"flow"``) with value 1. A +1{p} and a −1{p} counter stay
side by side (1.15.4). Counters cease to exist with their object (1.15.3, 3.0.9).

Counter names as a scenario writes them: ``steam``; ``"+1 power"``, ``"-1 defense"``; ``power`` / ``defense``
(+1 counters; a negative count means that many −1 counters).
"""

from __future__ import annotations

from judge.engine.fab.tapping import determined
from judge.engine.fab import cited, gains

STATS = ("power", "defense", "life")   # property counters: +1{p}, -1{d}, -1{h} (1.15.2a, 2.5.3)
_STAT_LABELS = tuple(f"{v:+d} {k}" for k in ("power", "defense") for v in (1, -1))   # "+1 power", "-1 power", …


def parse_counter_name(name: str) -> tuple[str, int]:
    """``"+1 power"`` → ("power", 1); ``"-1 defense"`` → ("defense", -1); ``"steam"`` → ("steam", 1)."""
    text = str(name).strip().lower().replace("{p}", " power").replace("{d}", " defense").replace("{h}", " life")
    parts = text.split()
    if len(parts) == 2 and parts[0] in ("+1", "-1", "−1") and parts[1] in STATS:
        return parts[1], -1 if parts[0] != "+1" else 1
    return text, 1


def counters_from_table(table: dict, ts: int) -> list[tuple[int, str, int]]:
    """The starting counters of a card from ``counters = { steam = 2, "-1 power" = 1 }``."""
    out = []
    for name, n in table.items():
        kind, value = parse_counter_name(name)
        if kind in STATS and parse_counter_name(name) == (kind, 1) and str(name).strip().lower() in STATS:
            value = 1 if n >= 0 else -1
            n = abs(n)
        out.extend((ts, kind, value) for _ in range(int(n)))
    return out


def counter_label(kind: str, value: int) -> str:
    """A counter as printed: ``+1{p}`` for a power or defense counter, else its name."""
    return f"{value:+d}{{{kind[0] if kind != 'life' else 'h'}}}" if kind in STATS else kind


class Counters:
    """Mixin of :class:`judge.engine.fab.game.Game`."""

    def counters_kept(self, card) -> tuple[str, list]:
        """Words and rules for a card with counters moved to the stack as it is played: the stack is no zone that
        resets an object (3.0.9), so its counters stay and still act on it (1.15.2)."""
        kept = ", ".join(sorted({counter_label(k, v) for _, k, v in card.counters}))
        if not kept:
            return "", []
        return (f"; a move to the stack is not a reset, so it is the same object and its counters ({kept}) stay on it",
                [cited.NEW_OBJECT, cited.COUNTER_ON_OBJECT])

    def counter_count(self, card, kind: str) -> int:
        """How many counters of ``kind`` (a name, or "+1 power") are on ``card``."""
        if card is None:
            return 0
        counters = card.counters
        if card.zone not in ("arena", "equipment", "combat-chain") and "counters" in self.s.lki.get(card.handle, {}):
            # 1.2.3a: the object that had the counters no longer exists — its last known information is used
            counters = self.s.lki[card.handle]["counters"]
            self.step(f"{card.name} has left the arena: the number of its {kind} counters is taken from last known "
                      "information.", [cited.LKI_FOR_OBJECT_GONE, cited.LAST_KNOWN_INFORMATION])
        k, v = parse_counter_name(kind)
        if k in STATS and not str(kind).strip().lower().startswith(("+", "-", "−")):
            return sum(1 for _, ck, _ in counters if ck == k)
        return sum(1 for _, ck, cv in counters if ck == k and cv == v)

    def effect_put_counter(self, eff: dict, src, controller: str, layer):
        """8.5.14: put N counters on the object, one by one; a property counter modifies that property."""
        kind = eff.get("kind") or eff.get("stat", "defense")
        n = eff.get("amount", 1)
        k, value = parse_counter_name(kind)
        if k in STATS and str(kind).strip().lower() in STATS:
            value = 1 if n >= 0 else -1
        count = abs(n)
        self.__dict__.setdefault("_kinds", set()).add(k)
        cards = self._objects(eff, "self", src, layer, controller)
        if isinstance(eff.get("what"), dict) and eff.get("choose"):
            # "put a steam counter on a NAME you control": one such object, chosen as it is generated (1.8.6)
            cards = determined(self, cards, eff["choose"], eff["what"], layer, controller)
        self.last_ok = bool(cards) and count > 0
        for c in cards:
            if c.private:
                self.last_ok = False
                self.step(f"A counter can only be put on a public object: {c.name} is private, so none is put on it.",
                          [cited.COUNTER_PUBLIC_OBJECT])
                continue
            had_opposite = k in STATS and any(ck == k and cv == -value for _, ck, cv in c.counters)
            for _ in range(count):
                c.counters.append((self.s.tick(), k, value))
            label = counter_label(k, value)
            now = self.numeric(c, k) if k in STATS else None
            after = (f" (now {now} {k})" if now is not None else f" (it has no {k} value to modify)") if k in STATS \
                else f" (now {self.counter_count(c, k)})"
            if k == "life" and c.life is not None:   # 2.5.3a: the life total follows its modified life
                after = f" (life total now {self.life_total(c)})"
            self.step(f"{count} {label} counter{'s are' if count != 1 else ' is'} put on {c.name}{after}.",
                      [cited.PUT_COUNTER] + ([cited.PROPERTY_COUNTER_KEEPS_BASE, cited.COUNTER_MODIFIES_PROPERTY]
                                             if k in STATS else [cited.COUNTER_PUBLIC_OBJECT]))
            if had_opposite:
                self.step(f"{c.name} already had {counter_label(k, -value)} counters: both kinds stay on it side by "
                          "side; they do not cancel out.", [cited.OPPOSING_COUNTERS_REMAIN])
            self.event("counter-added", card=c.handle, kind=k, amount=count, player=controller)
            gains.counter_put(self, c, k, value, count)   # 2.0.3b: a +1 counter increases the property

    def effect_remove_counter(self, eff: dict, src, controller: str, layer):
        """8.5.16: remove N counters of a kind; when there are not enough, the effect removes none and fails."""
        kind = eff.get("kind") or eff.get("stat", "")
        n = eff.get("amount", 1)
        k, value = parse_counter_name(kind)
        self.__dict__.setdefault("_kinds", set()).add(k)
        cards = self._objects(eff, "self", src, layer, controller)
        self.last_ok = False
        for c in cards:
            have = [x for x in c.counters if x[1] == k and (k not in STATS or x[2] == value)]
            want = len(have) if n == "all" else int(n)
            if want == 0 or len(have) < want:
                self.step(f"{c.name} has {len(have)} {counter_label(k, value)} counter(s): {want or 'none'} cannot be "
                          "removed, so the remove effect fails.", [cited.REMOVE_COUNTER, cited.EFFECT_FAILS],
                          tag="telling")
                continue
            for x in have[:want]:
                c.counters.remove(x)
            self.last_ok = True
            self.step(f"{want} {counter_label(k, value)} counter{'s are' if want != 1 else ' is'} removed from {c.name} "
                      f"({self.counter_count(c, kind)} left).",
                      [cited.REMOVE_COUNTER, cited.REMOVE_COUNTERS_TOGETHER] if want > 1 else [cited.REMOVE_COUNTER])
            self.event("counter-removed", card=c.handle, kind=k, amount=want, player=controller)

    def counter_facts(self) -> dict:
        """Per card: the total of its property counters by property, and the number of counters of each kind."""
        out = {}
        kinds = {k for c in self.s.cards.values() for _, k, _ in c.counters} | set(self.__dict__.get("_kinds", ()))
        for cd in (self.scenario.data.get("cards") or {}).values():   # kinds a card started with
            if isinstance(cd, dict) and isinstance(cd.get("counters"), dict):
                kinds |= {parse_counter_name(name)[0] for name in cd["counters"]}
        blank = {"power": 0, "defense": 0}   # the row of a card with no counters
        for k in kinds:
            if k not in STATS:
                blank[k] = 0
        for label in _STAT_LABELS:
            blank.setdefault(label, 0)
        for h, c in self.s.cards.items():
            if not c.counters:
                out[h] = dict(blank)
                continue
            row = {"power": 0, "defense": 0}
            for k in kinds:
                if k not in STATS:
                    row[k] = 0
            for _, k, v in c.counters:
                if k in STATS:
                    row[k] = row.get(k, 0) + v
                    label = f"{v:+d} {k}"
                    row[label] = row.get(label, 0) + 1
                else:
                    row[k] = row.get(k, 0) + 1
            for label in _STAT_LABELS:
                row.setdefault(label, 0)
            out[h] = row
        return out
