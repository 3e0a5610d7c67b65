# Initiating Abilities check 1: play restrictions, valid targets, "could change the game" (event, ability).
"""Check 1 of the Initiating Abilities procedure: can the card be played, or the ability initiated, at this
time — where the card is, whose turn and which phase, form, Limit, Max, uniqueness, a valid target, and
whether its effects could change the game (event/bullet-3, triggered-ability/bullet-1)."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import (SCENARIO, Card, article, describe_selector, matches, plural,
                                                 possessive)
from judge.engine.marvel_champions.state import Illegal, Initiation
from judge.engine.marvel_champions import cited


class Checks:
    """Check 1, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

    def check_restrictions(self, init: Initiation) -> None:
        """Check 1: can the card be played, or the ability initiated, at this time (and has it a valid target)?"""
        card, ab, player = init.card, init.ability, init.player
        c1 = self.p("restrictions")
        if self.s.players[player].eliminated:
            raise Illegal(c1, f"{player} has been eliminated", [cited.PLAYER_ELIMINATION])
        if init.playing:
            if card.type == "resource":
                raise Illegal(c1, f"{card.name} is a resource card: resource cards are discarded from hand to "
                                  "generate resources, not played", [cited.RESOURCE_CARDS])
            allowed = ["hand"] + [a.get("from") for a in card.abilities if a.kind == "permission"]
            if card.zone not in allowed or card.controller != player:
                where = f"{card.owner}'s {card.zone}" if card.zone in ("hand", "deck", "discard") else card.zone
                if card.controller != player:   # another player's card: its controller is the one who may play it
                    raise Illegal(c1, f"{card.name} is in {where}, so {card.controller} controls it, and {player} "
                                      "plays only cards they control, from their own hand",
                                  [cited.PLAYER_CONTROLS_CARDS, cited.PLAY,
                                   cited.PLAY_RESTRICTIONS_OBSERVED])
                raise Illegal(c1, f"{card.name} is in {where}, and {player} plays cards from their own hand",
                              [cited.PLAY, cited.PLAY_RESTRICTIONS_OBSERVED])
            if card.zone != "hand":
                self.step(f"Check 1: {card.name} is in {player}'s {card.zone}; the rules play cards from hand, but its "
                          "permission allows playing it from there, and card text takes precedence over the rules.",
                          [c1, cited.PERMISSION_OPTIONAL_PLAY, cited.PLAY, cited.GOLDEN_RULES])
        elif not init.reveal:
            if not card.in_play and not card.is_identity:
                where = ("it left play and is " if card.handle in self.left_play else "it is ") + \
                    self._zone_words(card, card.zone)
                raise Illegal(c1, f"{card.name} is not in play ({where}), and the abilities of {article(card.type)} "
                                  "can only be initiated while it is in play", self._out_of_play_rules(card))
            if card.controller != player and card.controller != SCENARIO:
                raise Illegal(c1, f"{card.name} is controlled by {card.controller}, not by {player}",
                              [cited.TURN_TRIGGER_ACTION])
        if ab is not None and ab.kind == "action" or init.playing and card.type != "event":
            self._check_timing(init)
        form = ab.get("form") if ab is not None else None
        if form and self.identity(player).form != form:
            raise Illegal(c1, f"{possessive(card.name)} ability is a {ab.label()}, which can only be used in {form} "
                              f"form, and {player} is in {self.identity(player).form} form",
                              [cited.HERO_OR_ALTER_EGO_TIMING])
        if ab is not None and ab.get("limit") is not None and card.used.get(ab.index, 0) >= ab.get("limit"):
            raise Illegal(c1, f"{self.ability_name(card, ab)} has “Limit {ab.get('limit')} per round” and was "
                              f"already used {plural(card.used.get(ab.index, 0), 'time')} this round", [cited.LIMIT])
        most = card.max if init.playing else None
        if most is not None and self.s.max_used.get(card.name, 0) >= most:
            raise Illegal(c1, f"{card.name} has “Max {most} per round” and copies of it were already played "
                              f"{plural(self.s.max_used.get(card.name, 0), 'time')} this round", [cited.MAX])
        if init.playing and card.unique:
            twin = next((c for c in self.s.cards.values() if c.in_play and c.name == card.name and c is not card),
                        None)
            if twin is not None:
                raise Illegal(c1, f"{card.name} is unique and a copy ({twin.handle}) is already in play",
                              [cited.ONE_UNIQUE_COPY_IN_PLAY])
        if init.playing and card.type == "ally":
            allies = [c for c in self.s.cards.values() if c.in_play and c.type == "ally" and c.controller == player]
            if len(allies) >= 3:
                raise Illegal(c1, f"{player} already controls {len(allies)} allies "
                                  f"({', '.join(c.name for c in allies)}), and the ally limit is three", [cited.ALLY_LIMIT])
        if self.peril and player != self.peril and not init.forced:
            raise Illegal(c1, f"{self.peril} is resolving a card with peril, and the other players cannot play cards "
                              "or trigger abilities meanwhile", [cited.PERIL])
        if init.playing and card.attach_to is not None:
            self._check_attach(init)
        self._check_targets(init)
        if ab is not None and init.effects and not any(self.could_change(init, e) for e in init.effects):
            rule = cited.EVENT_MUST_CHANGE_GAME if init.is_event else cited.TRIGGERED_ABILITY_MUST_CHANGE_GAME
            raise Illegal(c1, f"resolving {self.describe(init)} could not change the game "
                              f"({self._no_change_reason(init)})", [rule, cited.ABILITY_MUST_CHANGE_GAME])
        if not init.forced:
            request = [cited.TURN_ASK_ANOTHER_PLAYER, cited.ACTION] if init.player != self.s.active_player and \
                init.trigger is None else []
            timing = [] if init.trigger is None else \
                [cited.INTERRUPT_ABILITY_EXECUTED if init.ability.kind == "interrupt" else cited.RESPONSE_AFTER_CONDITION_RESOLVES]
            self.step(f"Check 1: {self._restrictions_ok(init)}", [c1] + timing + request)

    @staticmethod
    def _out_of_play_rules(card: Card) -> list[str]:
        """Why an ability of a card out of play cannot be initiated: in-play-and-out-of-play/bullet-4 for every
        card type but events and treacheries; ability/bullet-2 names the player card types."""
        return [cited.ABILITIES_ACTIVE_ONLY_IN_PLAY] + (
            [cited.ABILITIES_ONLY_IN_PLAY] if card.type in ("hero", "alter-ego", "ally", "upgrade",
                                                               "support") else [])

    @staticmethod
    def _zone_words(card: Card, zone: str) -> str:
        if zone in ("hand", "deck", "discard"):
            return f"in {possessive(card.owner)} {zone}" + (" pile" if zone == "discard" else "")
        return {"encounter-deck": "in the encounter deck", "encounter-discard": "in the encounter discard pile",
                "removed": "removed from the game", "table": "faceup on the table"}.get(zone, zone)

    def _check_timing(self, init: Initiation) -> None:
        c1 = self.p("restrictions")
        if self.s.phase != "player":
            what = "cards are played" if init.playing else "Action abilities are triggered"
            raise Illegal(c1, f"it is the villain phase, and {what} "
                              "during a player's turn", [cited.TURN_PLAY_ALLY_UPGRADE_SUPPORT if init.playing else cited.ACTION])
        if init.playing and init.card.type != "event" and init.player != self.s.active_player:
            raise Illegal(c1, f"it is {self.s.active_player}'s turn, and {init.player} plays {init.card.type} cards "
                              "during their own turn", [cited.TURN_PLAY_ALLY_UPGRADE_SUPPORT])

    def _restrictions_ok(self, init: Initiation) -> str:
        parts = []
        if init.trigger is not None:
            # an interrupt: its condition is imminent (interrupt/bullet-2); a response: it has resolved
            # (response/bullet-2)
            state = "is imminent and has not yet resolved" if init.ability.kind == "interrupt" else \
                "has just resolved"
            parts.append(f"its triggering condition {state} ({init.trigger.words()})")
            if init.ability.get("form"):
                parts.append(f"{init.player} is in {init.ability.get('form')} form")
        elif init.ability is not None and init.ability.kind == "action" or init.playing and init.card.type != "event":
            parts.append(f"it is {self.s.active_player}'s turn in the player phase"
                         + ("" if init.player == self.s.active_player else
                            f" and {init.player} uses it at the active player's request"))
        if init.target is not None:
            parts.append(f"its target is {init.target.name}")
        if init.effects:
            parts.append("its effects could change the game")
        return ("nothing restricts it: " + ", ".join(parts) if parts else "nothing restricts it") + "."

    def _check_targets(self, init: Initiation) -> None:
        ab = init.ability
        spec = ab.get("target") if ab is not None else None
        if spec is None:
            return
        valid = self.valid_targets(init, spec)
        wanted = init.act.get("target")
        rule = self.p("targets")
        if wanted is not None:
            card = self.s.cards.get(wanted)
            if card not in valid:
                guard = self.guard_problem(init.player, card) if card is not None and \
                    init.ability.get("labeled") == "attack" else ""
                why = "it is not in play" if card is not None and not card.in_play and not card.is_identity else \
                    guard or "it does not match what the ability targets"
                raise Illegal(rule, f"{card.name if card else wanted} is not a valid target ({why})",
                              [cited.GUARD,
                               cited.ATTACK_ANY_ENEMY] if guard else [cited.ABILITIES_TARGET_ONLY_IN_PLAY])
            init.target = card
            return
        if not valid:
            raise Illegal(rule, f"{self.describe(init)} needs a target ({describe_selector(spec)}) and there is "
                                "no valid one in play", [cited.ABILITIES_TARGET_ONLY_IN_PLAY])
        if len(valid) > 1:
            self.fail(f"{init.akey}.target" if init.act else init.ability.key,
                      f"{self.describe(init)} has {len(valid)} valid targets ({', '.join(c.handle for c in valid)}): "
                      "the player must choose one — declare target = …", rule)
        init.target = valid[0]

    def valid_targets(self, init: Initiation, spec) -> list[Card]:
        """The cards in play (and identities of players not eliminated) that match a target selector; an attack
        ability cannot target a villain its player's guard minions protect (guard, attack/bullet-4)."""
        sel = {"type": spec} if isinstance(spec, str) else spec
        attack = init.ability is not None and init.ability.get("labeled") == "attack"
        return [c for c in self.s.cards.values()
                if (c.in_play or c.is_identity and not self.s.players[c.owner].eliminated)
                and matches(sel, c, init.player, init.card)
                and not (attack and self.guard_problem(init.player, c))]

    def _check_attach(self, init: Initiation) -> None:
        """A card played with “attach to” needs an element to attach to as it enters play (attach-to/bullet-3)."""
        card = init.card
        sel = {"type": card.attach_to} if isinstance(card.attach_to, str) else card.attach_to
        hosts = [c for c in self.s.cards.values() if (c.in_play or c.is_identity) and c is not card
                 and matches(sel, c, init.player, card)]
        wanted = init.act.get("target") if init.act else None
        if wanted is not None:
            hosts = [c for c in hosts if c.handle == wanted]
        if not hosts:
            raise Illegal(self.p("restrictions"), f"{card.name} attaches to {describe_selector(sel)}, and there is no "
                                                  "such element in play to attach it to",
                          [cited.ATTACH_CHECKED_ON_ATTACHING, cited.UPGRADE_ATTACHES])
        if len(hosts) > 1:
            self.fail(f"{init.akey}.target", f"{card.name} could attach to {', '.join(c.handle for c in hosts)}: "
                                             "declare target = …", cited.ATTACH_TO)
        init.attach_host = hosts[0]

    # could the effects change the game? (event/bullet-3, ability/bullet-3, triggered-ability/bullet-1)
    def could_change(self, init: Initiation, eff: dict) -> bool:
        """Could this effect change the game if it resolved now (event/bullet-3, ability/bullet-3)?"""
        do = eff["do"]
        if do in ("draw", "place-threat", "cost", "damage"):
            if do == "damage":
                t = self.ref(init, eff.get("to", "target"))
                return t is not None and (t.in_play or t.is_identity)
            return True
        if do == "heal":
            t = self.ref(init, eff.get("to", "target"))
            return t is not None and t.damage > 0
        if do == "remove-threat":
            t = self.ref(init, eff.get("from", "target"))
            return t is not None and t.in_play and (t.threat or 0) > 0
        if do in ("exhaust", "ready"):
            t = self.ref(init, eff.get("what", "target"))
            return t is not None and t.in_play and t.exhausted == (do == "ready")
        if do == "discard":
            t = self.ref(init, eff.get("what", "target"))
            return t is not None and t.zone in ("play", "hand")
        if do == "prevent":
            return init.trigger is not None and init.trigger.kind in ("damage", "threat-placed") and \
                (init.trigger.amount or 0) > 0
        if do == "cancel":
            target = init.trigger.init if init.trigger is not None else None
            return target is not None and not target.canceled_by and bool(target.effects)
        if do == "put-into-play":
            return bool(self._put_candidates(init, eff))
        return True

    def _no_change_reason(self, init: Initiation) -> str:
        reasons = []
        for eff in init.effects:
            do = eff["do"]
            t = self.ref(init, eff.get("to") or eff.get("from") or eff.get("what") or "target")
            if do == "heal" and t is not None:
                reasons.append(f"{t.name} has no damage to heal")
            elif do == "remove-threat" and t is not None:
                reasons.append(f"{t.name} has no threat to remove")
            elif do in ("exhaust", "ready") and t is not None:
                reasons.append(f"{t.name} is already {'exhausted' if do == 'exhaust' else 'ready'}")
            elif do == "cancel":
                reasons.append("there is nothing whose effects it could cancel")
            elif do == "prevent":
                reasons.append("no damage is about to be dealt")
            else:
                reasons.append(f"“{do}” has nothing to act on")
        return "; ".join(reasons)

