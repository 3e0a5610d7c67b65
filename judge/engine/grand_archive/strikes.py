# Keywords and Abilities: Cleave 1-8 and Critical N 1-3, keywords that change how an attack strikes.
"""Keywords that change how an attack strikes (Keywords and Abilities: Cleave 1-8, Critical N 1-3): a cleave attack
declared against a player, defended by every attackable object that player controls; critical damage doubled
unless an opponent discards N cards."""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.grand_archive import cited
from judge.engine.grand_archive.cards import Card
from judge.engine.grand_archive.playing import Illegal
from judge.engine.grand_archive.state import Combat

# per shroud keyword: the rule defining it, its sub-rule on spell triggers / activations, the rule on receiving it
# while targeted, and its rule on the only target (the layer fizzles)
SHROUD_RULES = {
    "omnishroud": (cited.OMNISHROUD, cited.OMNISHROUD_ACTIVATIONS, cited.OMNISHROUD_RECEIVED,
                   cited.OMNISHROUD_ONLY_TARGET_FIZZLES),
    "spellshroud": (cited.SPELLSHROUD, cited.SPELLSHROUD_SPELL_TRIGGERS, cited.SPELLSHROUD_RECEIVED,
                    cited.SPELLSHROUD_ONLY_TARGET_FIZZLES),
}

class Strikes:
    """Mixed into Game: cleave declarations and the critical replacement effect."""

    # ---------------------------------------------------------------------------------------------------------
    # cleave
    # ---------------------------------------------------------------------------------------------------------
    def cleave_sources(self, attacker: Card, used: list[Card]) -> list[Card]:
        """The attacker, wielded weapons and attack cards with cleave (cleave/1: attacks, weapons and units)."""
        return [c for c in [attacker] + used if self.keyword(c, "cleave")]

    def declare_cleave(self, player: str, targets: list[str], attacker: Card, used: list[Card],
                       sources: list[Card]) -> list[str]:
        """Cleave 1.2: rather than an attack target, the declaration selects a player; the defenders are every
        legal attackable object that player controls (units, siegeable domains). Returns the defenders."""
        chosen = targets[0]
        if chosen not in self.s.players:
            raise InvalidScenario([self.scenario.reason(
                "bad-target", f"an attack with cleave is declared by selecting a player, not {self.describe(chosen)}"
                f": write target = \"{self.card(chosen).controller if chosen in self.s.cards else 'PLAYER'}\"",
                self.current_key, cited.CLEAVE_SELECTS_PLAYER)])
        if chosen == player:
            raise Illegal(f"{player} can't choose themself for a cleave attack: players can't target objects they "
                          "control with attacks.", [cited.CLEAVE_SELECTS_PLAYER,
                                                    cited.NO_ATTACK_ON_OWN_OBJECTS])
        defenders, skipped = [], []
        champ = self.champion_of(chosen)
        candidates = ([champ.handle] if champ is not None else [chosen]) + [
            c.handle for c in self.s.cards.values() if c.zone == "field" and c.controller == chosen
            and ("ally" in c.types or self.siegeable(c))]
        for ident in candidates:
            why = self.attackable(ident, attacker, used)
            (skipped if why else defenders).append((ident, why))
        names = ", ".join(self.describe(d) for d, _ in defenders)
        self.step(f"{', '.join(c.name for c in sources)} {'has' if len(sources) == 1 else 'have'} cleave: {player} "
                  f"selects {chosen} rather than an attack target, and every legal attackable object {chosen} controls "
                  f"defends — {names}." + "".join(f" {self.describe(d)} is not a legal target ({why})." for d, why
                                                  in skipped),
                  [cited.CLEAVE, cited.CLEAVE_SELECTS_PLAYER]
                  + ([cited.CLEAVE_ATTACKABLE_DOMAINS] if any(self.siegeable(self.unit(d)) for d, _ in defenders)
                     else []) + ([cited.STEALTH] if any("stealth" in w for _, w in skipped)
                                 else []), answer=True)
        if not defenders:
            raise Illegal(f"{chosen} controls no legal attackable object.", [cited.CLEAVE_SELECTS_PLAYER,
                                                                             cited.ATTACK_TARGET_DECLARED])
        return [d for d, _ in defenders]

    # ---------------------------------------------------------------------------------------------------------
    # critical
    # ---------------------------------------------------------------------------------------------------------
    def critical_of(self, source: Card, combat: Combat | None) -> tuple[int, list[Card]]:
        """Critical N of the damage ``source`` deals: its own instances, and for the attacker those of the cards
        and weapons the attack uses (critical/3: instances from one source add up)."""
        cards = [source]
        if combat is not None and source.handle == combat.attacker:
            cards += [self.s.cards[h] for h in combat.wielded + combat.intent]
        found = [c for c in cards if self.keyword(c, "critical")]
        return sum(self.keyword(c, "critical") for c in found), found

    def critical_effect(self, source: Card | None, combat: bool) -> dict | None:
        """Critical N: "if this would deal combat damage, instead double that damage unless an opponent discards N
        cards" (critical/1-3). An opponent who said so discards (``critical = "discard"``); otherwise it doubles."""
        s = self.s
        if not combat or source is None:
            return None
        n, found = self.critical_of(source, s.combat)
        if not n:
            return None
        if len(found) > 1:
            raise InvalidScenario([self.scenario.reason(
                "unsupported", f"critical on several cards of one attack ({', '.join(c.name for c in found)}) is not "
                "modelled: the rules add up instances of one source only", self.current_key,
                cited.CRITICAL_INSTANCES_ADD)])
        names = ", ".join(c.name for c in found)
        for opp in self.opponents(source.controller):
            if s.decisions.get(f"critical:{opp}") != "discard":
                continue
            have = self.hand_size(opp)
            if have < n:
                self.step(f"{opp} would discard {n} cards for critical {n} ({names}), but has only {have} in hand.",
                          [cited.CRITICAL, cited.CRITICAL_ANY_OPPONENT], answer=True)
                continue
            self.discard(opp, n)
            self.step(f"Critical {n} ({names}): {opp} discards {n} card{'s' if n != 1 else ''}, so the damage is not "
                      "doubled.", [cited.CRITICAL, cited.CRITICAL_ANY_OPPONENT]
                      + ([cited.CRITICAL_INSTANCES_ADD] if len(found[0].keyword_list) > 1 else []), answer=True)
            return None
        return {"op": "double", "name": f"critical {n} ({names}), as no opponent discards {n}", "amount": 0,
                "cites": [cited.CRITICAL]}

    def hand_size(self, player: str) -> int:
        """How many cards are in the player's hand: the unnamed ones and the named ones."""
        return self.s.players[player].unnamed["hand"] + sum(
            1 for c in self.s.cards.values() if c.zone == "hand" and c.owner == player)

    def discard(self, player: str, n: int):
        """Discard n cards: the unnamed ones first, then named cards in the order listed."""
        p = self.s.players[player]
        take = min(n, p.unnamed["hand"])
        p.unnamed["hand"] -= take
        named = sorted((c for c in self.s.cards.values() if c.zone == "hand" and c.owner == player),
                       key=lambda c: c.deck_position)
        for c in named[:n - take]:
            self.move(c, "graveyard")


class Shrouds:
    """Mixed into Game: objects that can't be targeted (Spellshroud 1-2, Omnishroud 1-2)."""

    def shrouded(self, card: Card, by) -> str | None:
        """Why ``card`` can't be targeted by the instance ``by`` (an activation, materialization or ability),
        or None: omnishroud refuses them all, spellshroud those whose source is a Spell."""
        if by is None:
            return None
        if self.keyword(card, "omnishroud"):
            return (f"{card.name} has omnishroud and can't be targeted by activations, materializations or triggered "
                    "abilities")
        src = self.s.cards.get(by.source)
        subtypes = src.subtypes if src is not None else set(by.lki.get("subtypes", ()))
        if self.keyword(card, "spellshroud") and "spell" in subtypes:
            what = "a Spell" if by.kind != "ability" else "an ability of a Spell object, itself a Spell"
            return f"{card.name} has spellshroud and can't be targeted by spells, and this is {what}"
        return None

    @staticmethod
    def shroud_cites(why: str, received: bool = False) -> list[str]:
        """The rules a shroud reason applies; ``received``: the object got it while targeted (2, 2.1)."""
        for kw, (defined, sub, gained, fizzles) in SHROUD_RULES.items():
            if kw in why:
                return [defined] + ([sub] if "ability of a Spell" in why else []) + (
                    [gained, fizzles] if received else [])
        return []
