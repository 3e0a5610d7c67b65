# Counts and the conditions that compare them (FaB CR 1.12, 6.6.5d): chain links, cards played or discarded this turn, counters, "N or more", "your turn", "if you do" / "otherwise" (1.8.4a).
"""Quantities and conditions over what happened this turn and what is on the board.

Quantities (``{ count = …, of = SELECTOR, times = N }``, used by ``amount``/``by`` and by ``at_least``):

* ``chain-links`` — chain links on the combat chain (``by = "you"``: those its controller controls; ``of``: those
  whose attack fits — "Draconic chain links");
* ``played-this-turn`` — cards its controller played this turn that fit ``of``;
* ``events-this-turn`` — events named ``event`` this turn (``by``: caused by "you" / "opponent"; ``of``: the
  event's card fits);
* ``played-or-activated`` — cards played and abilities activated this turn ("an attack reaction has been played or
  activated"): a card that fits ``of``, or an activated ability whose type is one of ``of``'s ``types`` (5.2.1b:
  an activated ability has a type); ``by`` as above; ``link = true``: only while the active chain link was
  the active one ("this chain link", 7.0.3);
* ``counters`` — counters of ``kind`` (``steam``, ``+1 power``, …) on the source;
* ``under-this`` — the cards under the source (3.0.14) that fit ``of``;
* ``life`` — its controller's life total (2.5.3: "if you have exactly 1{h}").

Conditions: ``your_turn`` (its controller is the turn player), ``at_least`` / ``at_most`` (a quantity table with
``n``), ``if_you_do`` / ``otherwise`` (the effect before it in the same ability was / was not generated and
did / did not fail, 1.8.4, 1.8.4a).
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario, Reason
from judge.engine.fab import cited
from judge.engine.fab.cards import matches

EXTRA_QUANTITIES = ("chain-links", "played-this-turn", "events-this-turn", "played-or-activated", "counters", "under-this",
                    "life", "dealt-by-this")
EXTRA_CONDITIONS = ("your_turn", "at_least", "at_most", "if_you_do", "otherwise")



# a clause of a condition → the rule that decides what it reads, cited where the condition is checked: "if you've
# charged this turn" reads who is considered to have charged (8.5.29a); a class or talent is read from the
# card's type box (2.11.3); power against base power reads the base power its printed power defines (2.9.2)
CONDITION_KEY_RULES = (("charged_this_turn", cited.CHARGED), ("defends_alone", cited.DEFEND_ALONE_OR_TOGETHER), ("boost_banished", cited.BOOST), ("from_boosting", cited.BOOST), ("supertypes", cited.SUPERTYPES_FROM_TYPE_BOX),
                       ("not_supertypes", cited.SUPERTYPES_FROM_TYPE_BOX),
                       ("attack_power_above_base", cited.NO_PRINTED_POWER), ("power_above_base", cited.NO_PRINTED_POWER),
                       # a hero, not another attackable object such as an ally (1.4.5, 1.4.5a)
                       ("target_is_hero", cited.ATTACK_TARGET), ("target_is_hero", cited.ATTACKABLE),
                       ("attacks_hero", cited.ATTACK_TARGET), ("attacks_hero", cited.ATTACKABLE),
                       ("ability_type", cited.ABILITY_TYPE),
                       # "your graveyard": a card goes to its owner's graveyard (3.8.2)
                       ("to_your_graveyard", cited.GRAVEYARD_OWNERS_CARDS),
                       # "when this is discarded at random": the discard event (8.5.5)
                       ("random", cited.DISCARD),
                       ("rolled", cited.ROLL),
                       # "if the last attack on this combat chain hit": the previous chain link hit
                       ("last_attack_hit", cited.ACTIVE_CHAIN_LINK), ("last_attack_hit", cited.HIT),
                       ("last_attack_hit", cited.CHAIN_LINK_HIT), ("target_hero", cited.MONIKER_REFERENCE),
                       ("created_this_turn", cited.CREATE_TOKEN),
                       # "if a yellow attack action card was the last attack this combat chain": combo's condition (8.4.1)
                       ("last_attack", cited.COMBO),
                       # "whenever this banishes …": the banish's source is this card, its layers' too (1.7.1a)
                       ("by_this", cited.ABILITY_SOURCE),
                       # "if the discarded card …": the following ability reads its leading additional cost (1.7.6)
                       ("paid_with", cited.CONNECTED_ABILITY_PAIR),
                       # "gains exactly +1{p} from an effect": one application of an effect, an event (6.2.5)
                       ("gains_exactly", cited.APPLICATION_IS_EVENT), ("stat", cited.PROPERTY_INCREASED),
                       # "if this was banished from your hand this turn": the object's history (3.0.9c)
                       ("banished_from", cited.HISTORY_PRESERVED))

# what an events-this-turn count of these events reads, cited where it is checked: a card drawn, not put into the
# hand otherwise (8.5.6a); a player intimidated whether or not a card was banished (8.5.10a); the player who dealt
# damage, the controller of its non-living source (8.5.3a)
EVENT_COUNT_RULES = {"draw": [cited.DRAW, cited.DRAWING_ONLY], "intimidate": [cited.INTIMIDATE, cited.INTIMIDATED],
                     "dealt-damage": [cited.DAMAGE_DEALT_BY_SOURCE], "transcend": [cited.TRANSCEND, cited.TRANSCENDED],
                     # a card is put into its owner's banished zone, whoever banished it (3.4.2)
                     "put-into-banished": [cited.BANISHED_OWNERS_CARDS],
                     "destroyed": [cited.DESTROY],   # by: the controller of the object as it was destroyed
                     "put-into-soul": [cited.HEROS_SOUL],
                     # a count of increases (2.0.3b), each one an event (6.2.5)
                     "increased": [cited.PROPERTY_INCREASED, cited.APPLICATION_IS_EVENT]}


class Counts:
    """Mixin of :class:`judge.engine.fab.game.Game`."""

    last_ok = True   # did the effect generated just before succeed (for "if you do" / "otherwise")

    def extra_quantity(self, spec: dict, card) -> int:
        """A number an effect counts (``count = …``: chain links, cards played this turn, events this turn, …) for
        the card's controller."""
        what = spec.get("count")
        ctrl = card.controller if card is not None else self.s.turn_player
        sel = spec.get("of", {})
        by = spec.get("by")
        if what == "chain-links":
            links = self.s.chain if self.s.chain_open else []
            return sum(1 for link in links if (by is None or (link.controller == ctrl) == (by == "you"))
                       and (not sel or self._link_fits(link, sel, ctrl)))
        if what == "played-this-turn":
            played = self.s.players[ctrl].played_this_turn if ctrl in self.s.players else []
            return sum(1 for h in played if matches(self.card(h), sel, self, ctrl))
        if what == "dealt-by-this":
            # "where X is the damage dealt by this": the damage of every damage event whose source is this object
            # since it was last played, when it became the object it is now (8.5.3a, 3.0.9)
            n = 0
            for ev, info in self.s.history:
                if ev == "play" and info.get("card") == card.handle:
                    n = 0
                elif ev == "damage" and card.handle in (info.get("card"), info.get("attack")):
                    n += info.get("amount") or 0
            return n
        if what == "events-this-turn":
            n = 0
            for ev, info in self._since(spec):
                if ev != spec.get("event"):
                    continue
                if by is not None and (info.get("player") == ctrl) != (by == "you"):
                    continue
                if sel and not (info.get("card") in self.s.cards and
                                matches(self._event_card(info), sel, self, ctrl)):
                    continue
                if not self._event_fits(spec, info, ctrl):
                    continue
                n += 1
            return n
        if what == "played-or-activated":
            return self._played_or_activated(spec, sel, by, ctrl)
        if what == "counters":
            return self.counter_count(card, spec.get("kind", ""))
        if what == "under-this":   # "for each card under this" (3.0.14): the source's sub-cards that fit
            return sum(1 for c in self.sub_cards(card) if matches(c, sel, self, ctrl)) if card is not None else 0
        if what == "life":
            return self.s.players[ctrl].life if ctrl in self.s.players else 0
        raise InvalidScenario([Reason("unknown-quantity", f"count = {what!r} is not a quantity the engine evaluates")])

    def _since(self, spec: dict) -> list:
        """This turn's events a count reads: all of them, or (``link = true``, "this chain link") those since the
        active chain link was created (7.0.3) — none while there is no active chain link —, or (``chain = true``,
        "this combat chain") those since the combat chain opened, its first attack's announcement included
        (7.0.2a) — none while it is closed."""
        if spec.get("chain"):
            return self.s.history[self.s.chain_since:] if self.s.chain_open else []
        if not spec.get("link"):
            return self.s.history
        link = self.s.active_link
        return self.s.history[link.since:] if link is not None else []

    def _event_fits(self, spec: dict, info: dict, ctrl: str) -> bool:
        """The damage filters of an ``events-this-turn`` count: ``damage_type`` (the event's type of damage, 8.5.3b)
        and ``to = "you" | "opponent"`` (the hero dealt it is its controller's / an opponent's)."""
        if "damage_type" in spec and info.get("kind") != spec["damage_type"]:
            return False
        if "to" in spec:
            target = info.get("target")
            if target not in self.s.players or (target == ctrl) != (spec["to"] == "you"):
                return False
        return True

    def _played_or_activated(self, spec: dict, sel: dict, by, ctrl: str) -> int:
        """Play events of cards that fit ``sel`` and activate events of abilities of one of its ``types``, this turn
        or (``link = true``) since the active chain link was created — none while there is no active chain link."""
        history = self._since(spec)
        types = {str(t).lower() for t in sel.get("types", [])}
        n = 0
        for ev, info in history:
            if by is not None and (info.get("player") == ctrl) != (by == "you"):
                continue
            if ev == "play" and info.get("card") in self.s.cards and matches(self._event_card(info), sel, self, ctrl):
                n += 1
            elif ev == "activate" and set(sel) == {"types"} and str(info.get("ability_type", "")).lower() in types:
                n += 1
        return n

    def attack_ordinal(self, card, sel: dict, viewer) -> int | None:
        """The place (1 = first) of ``card``'s current attack among the attacks its controller played or activated
        this turn that fit ``sel`` ("your second sword attack each turn"): each play or activate event of an attack
        (1.4.1) counts once; an earlier attack is judged by its card as it is now, without the keys that say it is an
        attack or who controls it (its event says both). None when ``card`` made no attack this turn."""
        earlier = {k: v for k, v in sel.items() if k not in ("is_attack", "controller", "zone")}
        n, place = 0, None
        for ev, info in self.s.history:
            if ev not in ("play", "activate") or not info.get("is_attack") or info.get("player") != card.controller:
                continue
            made = self.s.cards.get(info.get("card"))
            if made is not None and matches(made, earlier, self, viewer):
                n += 1
                if made.handle == card.handle:
                    place = n
        return place

    def _link_fits(self, link, sel: dict, ctrl: str) -> bool:
        """A chain link "of a kind" ("Draconic chain links", 7.0.3): its active-attack fits the selector — as last
        known (1.2.3) when the attack has left the chain (its types, subtypes and supertypes then)."""
        att = self.s.cards[link.attack]
        if att.zone == "combat-chain" or link.proxy:
            return matches(att, sel, self, ctrl)
        info = link.lki or self.s.lki.get(link.attack)
        if info is None or not set(sel) <= {"types", "subtypes", "supertypes"}:
            return matches(att, sel, self, ctrl)
        return all({str(w).lower() for w in (sel[k] if isinstance(sel[k], list) else [sel[k]])} <= set(info[k])
                   for k in sel)

    def _event_card(self, info: dict):
        """The card an event was about, as it was then (last known information when it has since moved)."""
        return self.card(info["card"])

    def extra_condition(self, key: str, want, src, event: dict) -> bool:
        """Whether a condition key not about one object is met (your turn, at least / at most N, if you do,
        otherwise)."""
        if key == "your_turn":
            ctrl = src.controller if src is not None else None
            return (ctrl == self.s.turn_player) == bool(want)
        if key in ("at_least", "at_most"):
            n = self.quantity(want, src) if src is not None else self.extra_quantity(want, None)
            if "who" in want:   # "if they have 4 or more cards in hand": another player's zone (the hero hit)
                n = self.hand_of(want, src)
            return n >= want.get("n", 1) if key == "at_least" else n <= want.get("n", 0)
        if key == "if_you_do":
            return self.last_ok == bool(want)
        if key == "otherwise":
            return (not self.last_ok) == bool(want)
        raise InvalidScenario([Reason("unknown-condition", f"unknown condition '{key}'")])

    def hand_of(self, want: dict, src) -> int:
        """The cards in the hand of the player ``who`` names (``count = "in-hand"``) that fit ``of``."""
        ctrl = src.controller if src is not None else self.s.turn_player
        who = self._player_word(want["who"], ctrl, None)
        return sum(1 for c in self.s.cards.values() if c.zone == "hand" and c.owner == who
                   and matches(c, want.get("of", {}), self, ctrl))

    @staticmethod
    def condition_rules(cond) -> list:
        """The rules checking ``cond`` rests on besides the condition's own: a count of chain links "you control"
        counts each chain link as its active-attack (its control and properties, 7.0.3c)."""
        stack, found = [cond], []
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                extra = [rule for key, rule in CONDITION_KEY_RULES if key in node and node[key] is not False]
                if node.get("count") == "chain-links":
                    extra.append(cited.CHAIN_LINK_AS_COLLECTION)
                if node.get("count") == "life":
                    extra.append(cited.LIFE_TOTAL)   # "if you have 13 or less {h}": the life total now (2.5.3)
                if node.get("count") == "counters":
                    extra.append(cited.COUNTER_ON_OBJECT)   # a counter interacts with effects that read it (1.15.2)
                if node.get("link") is True:     # "this chain link": the active chain link, as a time (7.0.3d, 7.0.3e)
                    extra += [cited.CHAIN_LINK_AS_TIME, cited.PLAYED_ON_CHAIN_LINK]
                if node.get("chain") is True:    # "this combat chain": since it opened (7.0.2a)
                    extra.append(cited.COMBAT_CHAIN_OPENS)
                if node.get("count") == "events-this-turn":
                    extra += EVENT_COUNT_RULES.get(node.get("event"), [])
                    if "damage_type" in node:
                        extra.append(cited.DAMAGE_TYPES)
                if node.get("count") == "played-or-activated":
                    extra.append(cited.ABILITY_TYPE)     # an activated ability counts by its own type
                if "power_above_base" in node:
                    # a condition on power against base power: the effect depends on stage 8 (6.3.2a)
                    extra.append(cited.DEPENDENT_EFFECT)
                found += [rule for rule in extra if rule not in found]
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        return found

    def extra_unmet(self, key: str, want, src) -> str | None:
        """Words for an unmet extra condition, or None."""
        if key == "your_turn":
            return "it is not its controller's turn" if want else "it is its controller's turn"
        if key in ("at_least", "at_most"):
            n = self.quantity(want, src) if src is not None else self.extra_quantity(want, None)
            what = {"chain-links": "chain link(s)", "played-this-turn": "card(s) of that kind played this turn",
                    "events-this-turn": f"{want.get('event')} event(s) this turn",
                    "played-or-activated": "card(s) played or ability(ies) activated of that kind",
                    "counters": f"{want.get('kind')} counter(s)", "life": "life point(s)",
                    "you-control": ("other " if want.get("other") else "") + "permanent(s) of that kind you control",
                    **{f"in-{z}": f"card(s) of that kind in the {z} zone" for z in ("hand", "graveyard", "banished",
                                                                                        "pitch", "arsenal")}
                    }.get(want.get("count"), "of them")
            bound = "at least" if key == "at_least" else "at most"
            return f"there are {n} {what}, not {bound} {want.get('n', 1 if key == 'at_least' else 0)}"
        if key == "banished_from":   # its history (3.0.9c): where the event that made it this object banished it from
            last = next((info for ev, info in reversed(self.s.history) if ev == "banished"
                         and info.get("card") == getattr(src, "handle", None)), None)
            return f"it was banished from the {last.get('origin')}" if last else "it was not banished this turn"
        if key == "if_you_do":
            return "the effect before it was not done"
        if key == "otherwise":
            return "the effect before it was done"
        return None
