# Delayed-triggered effects (FaB CR 6.6.3, 6.6.3a, 1.8.1a), ordinal trigger conditions (6.6.5d) and the events of this turn they count.
"""Delayed-triggered effects created by a resolving card or ability.

``{ do = "delayed-trigger", on = EVENT, when = { … }, effects = [ … ], once = true, duration = "turn" }`` makes a
layer-continuous triggered effect (6.6.3): from then on, each event ``on`` that meets ``when`` creates a
triggered-layer whose source is the source of the effect that created it (1.8.1a) and whose controller is
that effect's controller. ``once`` ("The next time …", "at the beginning of your end phase") ends the effect
when it triggers (6.6.3a); without it ("whenever … this turn") it lasts its duration.

Every event of the turn is written to ``State.history`` so that conditions and ordinals can count them:
a triggered ability with ``nth = N`` ("the first / second time … each turn") triggers only on the Nth time
this turn its condition is met, counted whether or not the ability was functional (6.6.5d).
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.cards import CHANGES
from judge.engine.fab.base import _describe_effect_data, _describe_selector
from judge.engine.fab.state import Effect, kept_values

DELAYED_KEYS = {"on", "effects", "once", "name", "target", "nth"}


class Delayed:
    """Mixin of :class:`judge.engine.fab.game.Game`."""

    def effect_delayed_trigger(self, eff: dict, src, controller: str, layer):
        """The ``delayed-trigger`` primitive: put a delayed-triggered effect in force (6.6.3)."""
        data = {k: v for k, v in eff.items() if k in DELAYED_KEYS}
        data["if"] = dict(eff.get("when") or {})   # the trigger condition (an effect's own ``if`` is its 1.8.4 condition)
        data["of"] = "any"
        data.setdefault("once", True)
        if data.get("target") == "event-target" or any(e.get("to") == "event-target" for e in eff.get("effects", [])):
            data["_event_target"] = True
        e = Effect(self.s.next_id(), self.s.tick(), src.handle if src else None, controller, "trigger", data,
                   duration=eff.get("duration", "turn"))
        self.add_effect(e)
        what = "; ".join(_describe_effect_data(x) for x in eff.get("effects", []))
        when = {"once": "the next time", "whenever": "whenever"}["once" if data["once"] else "whenever"]
        cond = eff.get("when") or {}
        self.step(f"{src.name if src else 'The effect'} creates a delayed-triggered effect: {when} "
                  f"{self.describe_event(eff.get('on'), cond)}, {what or 'it triggers'}"
                  + ("" if data["once"] else f" ({_duration_words(e.duration)})") + ".",
                  [cited.DELAYED_TRIGGER]
                  + ([cited.DELAYED_TRIGGER_DURATION] if data["once"] and eff.get("on") in (
                      "end-phase", "combat-chain-closes", "start-of-turn") else []))

    def delayed_triggers(self, name: str, info: dict) -> list:
        """(source, effect) for each delayed-triggered effect this event triggers; a one-shot one ends."""
        out = []
        for eff in list(self.s.effects):
            if eff.kind != "trigger" or eff.data.get("on") != name:
                continue
            if eff.data.get("_attack") and info.get("attack") != eff.data["_attack"]:
                continue   # a wager's trigger: the chain link of its own attack (8.5.46)
            src = self.s.cards.get(eff.source)
            cond = eff.data.get("if")
            if cond and not self.condition(cond, src, info):
                self.step(f"The delayed-triggered effect of {self._src_name(eff)} does not trigger on this event: its "
                          f"condition is not met ({'; '.join(self.unmet_clauses(cond, src, info))}).",
                          [cited.DELAYED_TRIGGER, cited.TRIGGER_CONDITION_MET] + self.condition_rules(cond),
                          tag="telling")
                continue
            if eff.data.get("nth") and not self.nth_time(eff.data, src, name, info):
                continue
            if eff.data.get("_event_target") and info.get("target") is not None:
                info = dict(info, _event_target=info["target"])
            out.append((src, eff))
            if eff.data.get("once"):
                self.s.effects.remove(eff)
                self.step(f"The delayed-triggered effect of {self._src_name(eff)} triggers and, having triggered, "
                          "ends.", [cited.DELAYED_TRIGGER, cited.DELAYED_TRIGGER_DURATION])
        return out

    def nth_time(self, ab_data: dict, src, name: str, info: dict) -> bool:
        """6.6.5d: is this the Nth time this turn that the event meets the trigger condition?"""
        want = ab_data.get("nth")
        if not want:
            return True
        cond = ab_data.get("if") or {}
        about_this = ab_data.get("of", "this") == "this" and ab_data.get("kind", "trigger") != "delayed"
        times = 0
        for ev, past in self.s.history:
            if ev != name:
                continue
            if about_this and src is not None and not self._is_about(src, _Ab(ab_data), past):
                continue
            if cond and not self.condition(cond, src, past):
                continue
            times += 1
        who = f"The triggered ability of {src.name}" if src is not None else "The triggered effect"
        if times == want:
            self.step(f"{who} triggers the {_ordinal(want)} time its condition is met this turn, and this is the "
                      f"{_ordinal(times)} time.", [cited.ORDINAL_TRIGGER])
            return True
        self.step(f"{who} triggers only the {_ordinal(want)} time its condition is met this turn; this event is the "
                  f"{_ordinal(times)} time (counted whether or not the ability was functional then): it does not "
                  "trigger.", [cited.ORDINAL_TRIGGER], tag="telling")
        return False

    def state_triggers(self):
        """1.10.2d, 6.6.5c: a state-based triggered ability (``on = "state"``) triggers when its state-condition
        becomes met — or at once if it is met when the ability becomes functional — and again only after the
        condition has stopped being met."""
        s = self.s
        values = s.__dict__.get("_derived")   # kept_values() inlined: asked at every game state action
        values = values[1] if values is not None and values[0] == CHANGES[0] else kept_values(s)
        listening = values["in-game"][1].get("state", ())
        for src, ab in listening:
            key = (src.handle, ab.key, src.timestamp)
            live = src.zone in ("arena", "equipment") and not src.private or \
                (ab.get("while") is not None and self.functional(src, ab))
            met = live and self.condition(ab.get("if") or {}, src, {})
            if met and key not in s.state_met:
                s.state_met.add(key)
                self.step(f"The state-condition of {src.name}'s state-based triggered ability is met: it triggers.",
                          [cited.STATE_BASED_TRIGGERED_EFFECT, cited.GSA_TRIGGERS])
                self.add_triggered_layer(src, ab, {"card": src.handle})
            elif not met and key in s.state_met:
                s.state_met.discard(key)

    def record_event(self, name: str, info: dict):
        """Every event is kept for this turn, for counts and ordinals (6.6.5d)."""
        self.s.history.append((name, info))

    def describe_event(self, on, cond: dict) -> str:
        """A trigger condition in words ("an attack hits during your turn")."""
        words = {"play": "a card is played", "hit": "an attack hits", "damage": "damage is dealt",
                 "end-phase": "the end phase begins", "start-of-turn": "a turn starts", "discard": "a card is discarded",
                 "action-phase": "the action phase begins", "attack": "an attack is made", "defend": "a card defends",
                 "activate": "an ability is activated", "boost": "a player boosts", "destroyed": "a card is destroyed",
                 "enters-arena": "a card enters the arena", "leaves-arena": "a card leaves the arena",
                 "banished": "a card is banished", "combat-chain-closes": "the combat chain closes",
                 "counter-removed": "a counter is removed", "increased": "a card's {p} or {d} increases", "create-token": "a token is created",
                 "chain-link-resolves": "a chain link resolves", "reveal": "a card is revealed",
                 "equip": "an equipment is equipped", "draw": "a card is drawn", "intimidate": "a hero is intimidated"}.get(on, str(on))
        if cond.get("is_attack"):
            words += " by an attack"
        if cond.get("target_is_hero"):
            words += " to a hero"
        if "attack" in cond or "card" in cond:   # "whenever an arrow with an aim counter hits"
            fits = _describe_selector(cond.get("attack") or cond.get("card"), plural=False)
            words += f" (the {'attack' if 'attack' in cond else 'card'} being {'an' if fits[0] in 'aeiou' else 'a'} " \
                     f"{fits})"
        if cond.get("your_turn"):
            words += " during your turn"
        if cond.get("by") == "you":
            words += " (by you)"
        elif cond.get("by") == "opponent":
            words += " (by an opponent)"
        return words


class _Ab:
    """A view of an ability table with ``get``, for ``_is_about``."""

    __slots__ = ("data",)

    def __init__(self, data):
        self.data = data

    def get(self, k, default=None):
        return self.data.get(k, default)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _duration_words(d: str) -> str:
    return {"turn": "this turn", "chain": "this combat chain", "link": "this chain link",
            "until-your-next-turn": "until the start of your next turn", "your-next-turn": "until the end of your next "
            "turn", "opponent-next-turn": "during your opponent's next turn",
            "until-end-of-opponent-next-turn": "until the end of their next turn"}.get(d, d)


class Returning:
    """Mixin of :class:`judge.engine.fab.game.Game`: objects banished "until" a moment return then (8.5.1c,
    8.5.10)."""

    def return_at_end_phase(self, card, why: str, cites):
        """A delayed-triggered effect: at the beginning of the end phase, return ``card`` to its owner's hand —
        only that object: if it has become a new object meanwhile, the return fails (8.5.10c, 8.5.1c)."""
        data = {"on": "end-phase", "once": True, "of": "any", "name": f"the {why} return of {card.name}",
                "effects": [{"do": "return-object", "what": card.handle, "_object": card.timestamp}]}
        self.add_effect(Effect(self.s.next_id(), self.s.tick(), card.handle, card.owner, "trigger", data,
                               duration="turn"))
        self.step(f"A delayed-triggered effect will return {card.name} to {self.player_name(card.owner)}'s hand at the "
                  "beginning of the end phase.", list(cites) + [cited.DELAYED_TRIGGER])

    def effect_return_object(self, eff: dict, src, controller: str, layer):
        """Return a banished card to its owner's hand, if it is still the object that was banished (8.5.15)."""
        c = self.s.cards.get(eff.get("what"))
        if c is None or c.timestamp != eff.get("_object") or c.zone != "banished":
            self.step(f"{c.name if c else 'The card'} is no longer the object that was banished: the return fails.",
                      [cited.BANISHED_UNTIL])
            self.last_ok = False
            return
        self.move(c, "hand")
        c.face_down = False
        self.step(f"{c.name} returns from the banished zone to {self.player_name(c.owner)}'s hand.",
                  [cited.BANISHED_UNTIL, cited.PUT_OR_RETURN])
