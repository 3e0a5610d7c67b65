# Cards under a permanent (FaB CR 3.0.14 sub-cards, 3.1.2a), transform (8.5.36) and equip (8.5.41).
"""Sub-cards: cards under a permanent, and the two effects that put them there or take a card to its zone.

* A card under a permanent is in the zone ``under`` with ``Card.under`` naming its top-card (3.0.14). It is
  not in the arena (3.1.2a); becoming a sub-card makes it a new object (3.0.14b). When its top-card becomes a
  sub-card of another permanent, it follows (3.0.14c); when its top-card ceases to exist — leaves the arena
  for a zone outside it, or stops existing — it is cleared as part of the same event (3.0.14e).
* ``transform``: put the objects ``what`` names under the permanent ``into`` names — this card (which first
  becomes a permanent if it is not one, 8.5.36b) or a token created for it (8.5.36c). Several objects that
  must all transform and do not all exist: the effect fails, none transforms (8.5.36d).
* ``equip``: put the object into the equipment zone its subtype names, if that zone is empty (8.5.41a–c);
  one that cannot be equipped does not become a permanent (8.5.41e).
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.fab import cited
from judge.engine.fab.base import _describe_selector
from judge.engine.fab.cards import ARENA_ZONES, Card

# 8.5.41b: the subtypes an object must have to be equipped, each naming the zone it goes to; a player has one
# zone of each of these (3.2.2, 3.5.2, 3.10.2, 3.12.2)
EQUIP_SLOTS = ("head", "chest", "arms", "legs")


class SubCards:
    """Part of :class:`judge.engine.fab.game.Game`: cards under permanents, transform and equip."""

    def sub_cards(self, top: Card) -> list[Card]:
        """The cards under ``top`` (3.0.14), in the order they were put there."""
        return sorted((c for c in self.s.cards.values() if c.zone == "under" and c.under == top.handle),
                      key=lambda c: c.timestamp)

    def put_under(self, card: Card, top: Card):
        """Put ``card`` under the permanent ``top``: a new object (3.0.14b); its own sub-cards follow (3.0.14c)."""
        followers = self.sub_cards(card)
        was = card.zone
        self.move(card, "under")
        card.under = top.handle
        card.face_down = False
        self.step(f"{card.name} is put from the {was} under {top.name}: a sub-card, no longer in the arena and a new "
                  "object with no relation to its previous existence.",
                  [cited.SUB_CARD, cited.SUB_CARD_NEW_OBJECT, cited.SUB_CARD_NOT_IN_ARENA])
        for sub in followers:
            sub.under = top.handle
            self.step(f"{sub.name}, a sub-card of {card.name}, becomes a sub-card of {top.name} with it.",
                      [cited.SUB_CARDS_FOLLOW_TOP])

    def clear_sub_cards(self, top: Card):
        """3.0.14e: ``top`` ceased to exist (it left the arena or the stack for a zone outside them): its
        sub-cards are cleared as part of the same event — to their owners' graveyards, tokens cease to exist
        (3.0.12)."""
        for sub in self.sub_cards(top):
            sub.under = None
            self.move(sub, "graveyard")
            if sub.token:
                sub.zone = "outside"
            self.step(f"{sub.name} was under {top.name}, which ceased to exist: it is cleared as part of the same event"
                      + (" (a token: it ceases to exist)." if sub.token else ", to its owner's graveyard."),
                      [cited.SUB_CARDS_CLEARED, cited.CLEAR] + ([cited.CLEARED_TOKEN_CEASES_TO_EXIST] if sub.token
                                                                  else []))

    # ---------------------------------------------------------------------------------------------------
    # transform (8.5.36)
    # ---------------------------------------------------------------------------------------------------
    def effect_transform(self, eff: dict, src, controller: str, layer):
        """8.5.36: put the objects ``what`` names under the permanent ``into`` names ("self", or a token table)."""
        objects = [c for c in self.chosen_objects(eff, "target", src, layer, controller)
                   if c.zone in ARENA_ZONES or c.zone == "stack"]
        n = eff.get("amount", 1)
        name = src.name if src else "The effect"
        if not objects or (not eff.get("up_to") and isinstance(n, int) and len(objects) < n):
            self.last_ok = False
            what = eff.get("what")
            words = _describe_selector(what) if isinstance(what, dict) else "object"
            self.step(f"{name}: the transform needs {n} {words} to put under the permanent and "
                      f"{len(objects) or 'none'} exist: the effect fails and nothing transforms.",
                      [cited.TRANSFORM_ALL_OR_NOTHING, cited.EFFECT_FAILS])
            return
        into = eff.get("into", "self")
        if into == "self":
            top = src
            if top.zone not in ARENA_ZONES:
                top.__dict__["_became_permanent"] = True
                self.step(f"{top.name} is what the objects transform into and is not a permanent ({top.zone}): it "
                          "first becomes a permanent.", [cited.TRANSFORM_BECOMES_PERMANENT])
        else:
            self.effect_create_token(dict(into, count=1), src, controller, layer)
            top = self.card(self.last_objects[0])
            self.step(f"The permanent to transform into is a token, {top.name}: it is created first, then the "
                      "objects are put under it.", [cited.TRANSFORM_INTO_TOKEN])
        for c in objects:
            self.put_under(c, top)
        self.step(f"{' and '.join(c.name for c in objects)} {'has' if len(objects) == 1 else 'have'} transformed into "
                  f"{top.name}; {top.name} has transformed from {'it' if len(objects) == 1 else 'them'}.",
                  [cited.TRANSFORM, cited.TRANSFORMED_INTO])
        self.facts.setdefault("transformed", {}).setdefault(top.handle, []).extend(c.handle for c in objects)
        self.last_objects = [top.handle]
        self.last_ok = True

    # ---------------------------------------------------------------------------------------------------
    # equip (8.5.41)
    # ---------------------------------------------------------------------------------------------------
    def effect_equip(self, eff: dict, src, controller: str, layer):
        """8.5.41: put the object into the equipment zone its subtype names, if that zone is empty."""
        cards = self._objects(eff, "self", src, layer, controller)
        self.last_ok = False
        for c in cards:
            slot = next((s for s in EQUIP_SLOTS if s in c.subtypes), None)
            if slot is None:
                if c.subtypes & {"1h", "2h", "off-hand", "quiver"}:
                    raise InvalidScenario([self.scenario.reason(
                        "unsupported", f"equipping {c.name} to a weapon zone is not modelled (only head, chest, arms "
                        "and legs zones)", self.current_key or "cards", cited.EQUIP)])
                self.step(f"{c.name} has no subtype that names an equipment zone: it cannot be equipped and does not "
                          "become a permanent.", [cited.EQUIP_NEEDS_SUBTYPE, cited.NOT_EQUIPPED_NOT_PERMANENT])
                continue
            player = c.controller if c.zone in ARENA_ZONES or c.zone == "stack" else controller
            taken = next((x for x in self.s.cards.values() if x is not c and x.zone == "equipment"
                          and x.controller == player and slot in x.subtypes), None)
            if taken is not None:
                c.__dict__.pop("_became_permanent", None)
                self.step(f"{self.player_name(player)}'s {slot} zone holds {taken.name}: {c.name} cannot be equipped "
                          "there, and it does not become a permanent.",
                          [cited.EQUIP_ZONE_EMPTY, cited.NOT_EQUIPPED_NOT_PERMANENT])
                continue
            c.__dict__.pop("_became_permanent", None)
            was = c.zone
            self.move(c, "equipment", controller=player)
            self.step(f"{c.name} is equipped: it is put from the {was} into {self.player_name(player)}'s {slot} zone "
                      "as a permanent.", [cited.EQUIP, cited.EQUIP_ZONE_BY_SUBTYPE])
            self.last_ok = True
            self.last_objects = [c.handle]
