# Keyword abilities played at their own hooks (FaB CR 8.3): ephemeral (8.3.21), quell (8.3.19), rune gate (8.3.27), mirage (8.3.25).
"""Handlers for the keywords of :mod:`judge.engine.fab.keywords` whose hook is not one of the engine's older
parts: each method is the one place the engine applies that keyword's rule.

* ``replacement`` (ephemeral): a card that would be put into a graveyard from anywhere ceases to exist instead;
* ``prevention`` with ``pay-then-destroy`` (quell): after paying, destroy the card at the beginning of the
  end phase (a delayed-triggered effect);
* ``play-from`` (rune gate): from the banished zone, without paying its {r} cost, if its controller controls
  enough of the objects the row counts;
* ``defending-state-trigger`` (mirage): a defending card destroyed when the attack it defends meets the
  keyword's condition.
"""

from __future__ import annotations

from judge.engine.fab import cited
from judge.engine.fab.base import IllegalAction
from judge.engine.fab.cards import ARENA_ZONES, Ability, matches
from judge.engine.fab.keywords import EPHEMERAL, MIRAGE, with_hook


class KeywordPlay:
    """Mixin of :class:`judge.engine.fab.game.Game`: the keyword handlers listed in the module docstring."""

    # ---- ephemeral (8.3.21) -------------------------------------------------------------------------------
    def replaced_destination(self, card, zone: str) -> str:
        """8.3.21: a card with ephemeral that would be put into a graveyard ceases to exist instead (it is
        removed from the game, 8.3.21b): its destination is outside the game."""
        if zone != "graveyard" or EPHEMERAL not in self.keywords(card):
            return zone
        self.step(f"{card.name} has ephemeral: instead of being put into a graveyard it ceases to exist and is removed "
                  "from the game.", [cited.EPHEMERAL, cited.EPHEMERAL_REMOVED])
        self.facts.setdefault("ceased_to_exist", []).append(card.handle)
        return "outside"

    # ---- quell (8.3.19) -----------------------------------------------------------------------------------
    def quell_destroys_later(self, card):
        """8.3.19: "If you do, destroy this at the beginning of the end phase" — a delayed-triggered effect."""
        self.effect_delayed_trigger({"do": "delayed-trigger", "on": "end-phase", "name": f"Quell of {card.name}",
                                     "effects": [{"do": "destroy", "what": "self"}]}, card, card.controller, None)
        self.step(f"{card.name}'s quell was paid: it will be destroyed at the beginning of the end phase.",
                  [cited.QUELL])

    # ---- rune gate (8.3.27) -------------------------------------------------------------------------------
    def keyword_play_permission(self, c, origin: str, player: str):
        """A play-static keyword allowing ``c`` to be played from ``origin`` now: (its row, cites) or None. Rune
        gate: from the banished zone, if its controller controls as many Runechants as its {r} cost or more."""
        for row in with_hook("play-from"):
            zone, counted, _ = row.data
            if origin != zone or row.name not in self.keywords(c):
                continue
            have = sum(1 for o in self.s.cards.values() if o.zone in ARENA_ZONES and o.controller == player
                       and matches(o, counted, self, player))
            need = c.cost or 0
            what = counted.get("name", "objects")
            if have < need:
                raise IllegalAction(f"it has {row.name}, but {self.player_name(player)} controls {have} {what}(s), fewer "
                                    f"than its cost {need}, and nothing else allows it to be played from the {origin} "
                                    "zone", [cited.RUNE_GATE, cited.PLAY_FROM_HAND_OR_ARSENAL])
            self.step(f"{c.name} has {row.name} and is public in the {origin} zone; {self.player_name(player)} "
                      f"controls {have} {what}(s), at least its cost {need}: it may be played from there without "
                      "paying its resource cost, and it is rune gated.",
                      [cited.RUNE_GATE, cited.RUNE_GATED, cited.PLAY_STATIC_FUNCTIONAL])
            return row
        return None

    # ---- mirage (8.3.25) ----------------------------------------------------------------------------------
    def check_defending_state_triggers(self):
        """8.3.25 as a game state action (1.10.2d): a defending card with mirage defending a non-Illusionist
        attack with 6 or more power triggers once; its triggered-layer destroys it."""
        link = self.s.active_link
        if link is None or not link.defenders:
            return
        att = self.card(link.attack)
        fired = link.__dict__.setdefault("_mirage", set())
        for h, _, _ in self.defending(link):
            d = self.card(h)
            if h in fired or MIRAGE not in self.keywords(d):
                continue
            if "illusionist" in att.supertypes or (self.power(att) or 0) < 6:
                continue
            fired.add(h)
            ab = Ability(0, "trigger", {"name": f"Mirage of {d.name}", "effects": [{"do": "destroy", "what": "self"}]},
                         f"keyword.{h}.mirage")
            self.step(f"{d.name} has mirage and is defending {att.name}, a non-Illusionist attack with "
                      f"{self.power(att)} power (6 or more): it triggers.", [cited.MIRAGE, cited.GSA_TRIGGERS])
            self.add_triggered_layer(d, ab, {"card": h})

