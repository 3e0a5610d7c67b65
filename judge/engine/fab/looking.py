# FaB CR 8.5.11 look: a player learns the properties of private objects, which stay private and where they are.
"""The ``look`` effect primitive (8.5.11): "look at the top card of your deck", "look at the defending hero's hand".

Look changes no zone and makes nothing public (8.5.11b): what it changes is what its player knows, kept as the
fact ``looked_at`` (per player, the handles of the cards they looked at, in order). Without a duration it is a
discrete effect (8.5.11a); a public object cannot be looked at (8.5.11c) and an effect with nothing to look at
fails (1.8.9).
"""

from __future__ import annotations

from judge.engine.fab import cited

# what = … → the words of the trace
WHAT_WORDS = {"top-of-deck": "the top card of {whose} deck", "hand": "{whose} hand"}


def effect_look(game, eff: dict, src, controller: str, layer):
    """8.5.11: ``what = "top-of-deck"`` (``amount`` cards, default 1) or ``"hand"`` (every card of it) of the
    player ``who`` names (default ``"you"``); the controller looks. Public objects are not looked at (8.5.11c);
    nothing private to look at: the effect fails (1.8.9)."""
    what = eff.get("what", "top-of-deck")
    owner = game._player_word(eff.get("who", "you"), controller, layer)
    if what == "hand":
        found = [c for c in game.s.cards.values() if c.zone == "hand" and c.owner == owner]
    else:
        n = eff.get("amount", 1) if isinstance(eff.get("amount", 1), int) else 1
        found = game.deck_of(owner)[:n]
    whose = "their" if owner == controller else f"{game.player_name(owner)}'s"
    said = WHAT_WORDS[what].format(whose=whose)
    public = [c for c in found if not c.private]
    looked = [c for c in found if c.private]
    if public:
        game.step(f"{', '.join(c.name for c in public)} {'is' if len(public) == 1 else 'are'} public: the look effect "
                  "fails for it.", [cited.LOOK_PUBLIC_FAILS])
    game.last_ok = bool(looked)
    game.last_objects = [c.handle for c in looked]
    if not looked:
        game.step(f"{game.player_name(controller)} would look at {said}, but there is no private card there to look "
                  "at: the effect fails.", [cited.LOOK, cited.EFFECT_FAILS])
        return
    game.facts.setdefault("looked_at", {}).setdefault(controller, []).extend(c.handle for c in looked)
    game.step(f"{game.player_name(controller)} looks at {said}: {', '.join(c.name for c in looked)}. Only they learn "
              "it; the card" + ("s stay" if len(looked) > 1 else " stays") + " private and where "
              + ("they are" if len(looked) > 1 else "it is") + ", and the look ends with the next event.",
              [cited.LOOK, cited.LOOK_DISCRETE, cited.LOOK_STAYS_PRIVATE], tag="telling")
