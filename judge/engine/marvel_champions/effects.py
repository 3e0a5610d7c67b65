# Damage, Heal, Prevent, Cancel, Then, Threat, Exhausted, Ready, Play (put into play): the effect primitives.
"""The effect primitives of Marvel Champions abilities (docs/scenario-format-mc.md, "Effect primitives").

:class:`Effects` is mixed into :class:`~judge.engine.marvel_champions.game.Game`: each primitive
(``damage``, ``heal``, ``prevent``, ``cancel``, ``draw``, ``remove-threat``, ``place-threat``, ``exhaust``,
``ready``, ``discard``, ``cost``, ``put-into-play``) is a method ``_eff_<name>`` that changes the state
through :meth:`Game.occur` (so that its triggering conditions get their interrupt and response windows),
records a step with its rules, and says whether it fully resolved (for "then").
"""

from __future__ import annotations

from judge.engine.marvel_champions.cards import SCENARIO, Card, describe_selector, matches, plural, possessive
from judge.engine.marvel_champions.state import Condition, Initiation, Lasting
from judge.engine.marvel_champions import cited


class Effects:
    """Effect primitives; needs the Game's state ``s``, ``step``, ``occur``, ``window`` and ``fail``."""

    def ref(self, init: Initiation, what) -> Card | None:
        """The card an effect acts on: the target, the ability's card, your identity, the triggering card, or
        (in an action's effect) a card handle or player name."""
        if what == "target":
            return init.target
        if what == "self":
            return init.card
        if what == "you":
            return self.identity(init.player)
        if what == "trigger":
            return init.trigger.subject if init.trigger is not None else None
        if what == "attached":
            return self.s.cards.get(init.card.attached_to) if init.card.attached_to else None
        if what in ("villain", "main-scheme"):
            return next((c for c in self.s.cards.values() if c.type == what and c.in_play), None)
        if isinstance(what, str) and what in self.s.players:
            return self.identity(what)
        return self.s.cards.get(what) if isinstance(what, str) else None

    def amount(self, init: Initiation, eff: dict, key: str = "amount") -> int:
        """An effect's amount (``X`` is the X chosen for the cost)."""
        value = eff.get(key, 1)
        return (init.x or 0) if value == "X" else value

    def resolve_effects(self, init: Initiation) -> None:
        """Resolve the effects in order; a ``then`` effect only if the text before it fully resolved."""
        full = True
        for eff in init.effects:
            if eff.get("then"):
                if not full:
                    self.step("The text before “then” did not fully resolve, so the text after it does not attempt "
                              "to resolve.", [cited.THEN, cited.THEN_NOT_AFTER_PARTIAL_RESOLUTION])
                    init.notes.append("the text after “then” does not resolve")
                    init.note_cites.append(cited.THEN_NOT_AFTER_PARTIAL_RESOLUTION)
                    return
                self.step("The text before “then” fully resolved, so the text after it attempts to resolve.",
                          [cited.THEN_AFTER_FULL_RESOLUTION])
            full = self.apply_effect(init, eff)

    def apply_effect(self, init: Initiation, eff: dict) -> bool:
        """Apply one effect primitive; True if it fully resolved."""
        do = eff["do"]
        handler = getattr(self, "_eff_" + do.replace("-", "_"))
        return handler(init, eff)

    def _gone(self, init: Initiation, card: Card | None, what: str) -> bool:
        if card is None or not card.in_play and not card.is_identity:
            name = card.name if card is not None else "its target"
            self.step(f"{name} is no longer in play: {what} has nothing to act on and does not resolve.",
                      [cited.ABILITIES_TARGET_ONLY_IN_PLAY])
            init.notes.append(f"{what} does not resolve ({name} is not in play)")
            init.note_cites.append(cited.ABILITIES_TARGET_ONLY_IN_PLAY)
            return True
        return False

    def _eff_damage(self, init: Initiation, eff: dict) -> bool:
        target = self.ref(init, eff.get("to", "target"))
        if self._gone(init, target, "the damage"):
            return False
        return self.deal_damage(init, target, self.amount(init, eff))

    def deal_damage(self, init: Initiation, target: Card, amount: int) -> bool:
        """Deal damage to a character with its interrupt window (prevention) and response window; True when dealt."""
        if amount <= 0:
            self.step(f"{target.name} is dealt no damage.", [cited.DAMAGE])
            return True
        if "tough" in target.status:
            # a status card's ability has timing priority over every conflicting ability (status-cards/bullet-2)
            target.status.discard("tough")
            self.step(f"{target.name} has a tough status card: all {amount} damage is prevented and the tough "
                      "status card is discarded instead.", [cited.STATUS_CARDS, cited.STATUS_CARD_PRIORITY,
                                                            cited.PREVENTED_DAMAGE_REDUCED])
            init.notes.append(f"{target.name}'s tough status card prevents the damage")
            init.note_cites.append(cited.STATUS_CARDS)
            return False
        dmg = Condition("damage", target, target.controller if target.controller != SCENARIO else None, amount)
        conds = [dmg]
        if amount >= (target.remaining or 0):
            conds.append(Condition("defeated", target, dmg.player))
        by = init.player if init.card.owner != SCENARIO else None     # who deals it: a player's card or power
        for c in conds:
            c.by = by
        self.window("interrupt", conds)
        if dmg.amount <= 0:
            self.step(f"All of the damage to {target.name} was prevented: no damage is dealt.",
                      [cited.PREVENTED_DAMAGE_REDUCED])
            init.notes.append(f"no damage to {target.name} (all prevented)")
            init.note_cites.append(cited.PREVENTED_DAMAGE_REDUCED)
            return True
        dealt = dmg.amount
        target.damage += dealt
        if target.is_identity or target.type == "villain":
            self.step(f"{target.name} takes {dealt} damage: its hit point dial goes from {target.remaining + dealt} to "
                      f"{max(0, target.remaining)}.", [cited.DAMAGE, cited.DAMAGE_ON_HIT_POINT_DIAL, cited.HIT_POINT_DIAL_REDUCED])
        else:
            self.step(f"{target.name} takes {dealt} damage: {plural(dealt, 'damage token')} on it, "
                      f"{max(0, target.remaining)} of {target.hit_points} hit points remaining.",
                      [cited.DAMAGE, cited.DAMAGE_TOKENS_ON_ALLY_OR_MINION, cited.DAMAGE_TOKENS_REDUCE_HIT_POINTS])
        init.notes.append(f"{dealt} damage to {target.name}")
        after = [dmg]
        if target.remaining <= 0:
            after += self._defeat(target)
            for c in after:
                c.by = by
        self.window("response", after)
        return True

    def _defeat(self, target: Card) -> list[Condition]:
        self.defeated.append(target.handle)
        out = [Condition("defeated", target, target.controller)]
        if target.is_identity:
            self.step(f"{target.name}'s hit point dial is at zero: {target.owner} is defeated.",
                      [cited.PLAYER_DIAL_ZERO_DEFEATED, cited.PLAYER_ELIMINATION])
            self.eliminate(target.owner)
        elif target.type == "villain":
            out += self.villain_stage_defeated(target)
        else:
            self.step(f"{target.name} has zero remaining hit points: it is defeated and discarded.",
                      [cited.DEFEAT, cited.DEFEATED_CARD_DISCARDED] + ([cited.ALLY_ENTERS_PLAY] if target.type == "ally" else
                                                       [cited.MINION_DEFEATED_AT_ZERO] if target.type == "minion" else []))
            out.append(Condition("leaves-play", target, target.controller))
            self._to_discard(target)
            self.when_defeated(target)
        return out

    def _to_discard(self, card: Card) -> None:
        was = card.in_play
        if card.in_play:
            self.left_play.add(card.handle)
        card.zone = "encounter-discard" if card.owner == SCENARIO else "discard"
        card.exhausted = False
        card.damage = 0 if not card.is_identity else card.damage
        card.controller = card.owner
        card.status = set()
        card.attached_to = None
        card.engaged = None
        card.uses = None
        if was:
            for other in list(self.s.cards.values()):
                if other.in_play and other.attached_to == card.handle:
                    self.step(f"{other.name} was attached to {card.name}, which left play: it is discarded.",
                              [cited.ATTACHED_CARD_STAYS])
                    self._to_discard(other)

    def _eff_heal(self, init: Initiation, eff: dict) -> bool:
        target = self.ref(init, eff.get("to", "target"))
        if self._gone(init, target, "the heal"):
            return False
        amount = self.amount(init, eff)
        healed = min(amount, target.damage)
        cond = Condition("heal", target, target.controller, healed)

        def apply():
            target.damage -= healed
            self.step(f"{target.name} heals {healed} damage"
                      + (f" (only {healed} of {amount}: a heal cannot bring it above its maximum hit points)"
                         if healed < amount else "") + f"; {target.remaining} of {target.hit_points} remaining.",
                      [cited.HEAL] + ([cited.HEAL_UP_TO_MAXIMUM] if healed < amount else []))
        self.occur([cond], apply)
        init.notes.append(f"{target.name} heals {healed}")
        return healed == amount

    def _eff_prevent(self, init: Initiation, eff: dict) -> bool:
        pending = init.trigger       # the damage about to be dealt, or the threat about to be placed
        value = eff.get("amount", "all")
        n = pending.amount if value == "all" else min(self.amount(init, eff), pending.amount)
        pending.amount -= n
        if pending.kind == "damage":
            what, rule, left = f"{n} of the damage to", cited.PREVENTED_DAMAGE_REDUCED, f"{pending.amount} damage is left to deal"
        else:
            what, rule, left = f"{n} of the threat to be placed on", cited.PREVENTED_THREAT_REDUCED, \
                f"{pending.amount} threat is left to place"
        self.step(f"{self.source_name(init)} prevents {what} "
                  f"{pending.subject.name}: {left}.", [cited.PREVENT, rule])
        init.notes.append(f"prevents {what} {pending.subject.name}")
        return value == "all" or n == self.amount(init, eff)

    def _eff_cancel(self, init: Initiation, eff: dict) -> bool:
        """Cancel the effects of the card played, the ability initiated or the encounter card revealed. Only
        the effects: the play, the initiation, the reveal itself — the triggering condition — still happens
        (cancel/bullet-2, /bullet-3, /bullet-4), so the interrupt window stays open and the response window
        after it still comes; interrupt/bullet-4 (a canceled triggering condition) does not apply."""
        victim = init.trigger.init
        victim.canceled_by = init.key
        card = victim.card
        if victim.is_event:
            what, still, rules = f"the effects of {card.name}", f"{card.name} is still played", \
                [cited.CANCELED_EVENT_STILL_PLAYED, cited.CANCELED_EVENT_COSTS_REMAIN_PAID]
        elif victim.reveal and card.type == "treachery":
            what, still, rules = f"the effects of {card.name}", f"{card.name} is still revealed", [cited.CANCELED_TREACHERY_STILL_REVEALED]
        elif victim.reveal:
            what, still, rules = f"the When Revealed effects of {card.name}", f"{card.name} is still revealed", \
                [cited.CANCELED_ABILITY_STILL_INITIATED]
        else:
            name = self.ability_name(card, victim.ability)
            what, still, rules = f"the effects of {name}", f"{name} is still regarded as initiated", \
                [cited.CANCELED_ABILITY_STILL_INITIATED]
        self.step(f"{self.source_name(init)} cancels {what}: they are prevented from initiating. Only the effects "
                  f"are canceled: {still}, so the triggering condition itself is not canceled (interrupt/bullet-4 "
                  "does not apply): further interrupts to it can still be used, and its response window follows.",
                  [cited.CANCEL, cited.CANCEL_STOPS_INITIATION] + rules + [cited.INTERRUPT_CHANGES_CONDITION])
        init.notes.append(f"cancels {what}")
        return True

    def _eff_draw(self, init: Initiation, eff: dict) -> bool:
        n = self.amount(init, eff)
        deck = [c for c in self.s.cards.values() if c.owner == init.player and c.zone == "deck"]
        drawn = deck[:n]
        for c in drawn:
            c.zone = "hand"
        self.step(f"{init.player} draws {plural(len(drawn), 'card')} from the top of their deck"
                  f"{': ' + ', '.join(c.name for c in drawn) if drawn else ''}.", [cited.DRAWING_CARDS])
        init.notes.append(f"{init.player} draws {len(drawn)}")
        return len(drawn) == n

    def _eff_remove_threat(self, init: Initiation, eff: dict) -> bool:
        scheme = self.ref(init, eff.get("from", "target"))
        if self._gone(init, scheme, "removing threat"):
            return False
        n = self.amount(init, eff)
        crisis = self.crisis() if scheme.type == "main-scheme" else None
        if crisis is not None:
            self.step(f"{crisis.name} has the crisis icon: no threat can be removed from the main scheme until it "
                      "is discarded.", [cited.SIDE_SCHEME, cited.CRISIS_ICON])
            init.notes.append(f"no threat removed from {scheme.name} ({crisis.name} has the crisis icon)")
            init.note_cites.append(cited.SIDE_SCHEME)
            return False
        removed = min(n, scheme.threat or 0)
        conds = [Condition("threat-removed", scheme, init.player, removed)]
        defeats = scheme.type == "side-scheme" and removed == scheme.threat     # no threat left: defeated
        if defeats:
            conds += [Condition("defeated", scheme, None), Condition("leaves-play", scheme, None)]
        for c in conds:
            c.by = init.player if init.card.owner != SCENARIO else None

        def apply():
            scheme.threat -= removed
            self.step(f"{removed} threat is removed from {scheme.name}"
                      + (f" (only {removed} of {n}: there was no more)" if removed < n else "")
                      + f"; {scheme.threat} threat remains.", [cited.THREAT])
            if defeats:
                self.step(f"{scheme.name} has no threat on it: it is defeated and discarded.",
                          [cited.DEFEAT, cited.SIDE_SCHEME_STAYS_UNTIL_NO_THREAT])
                self.defeated.append(scheme.handle)
                self._to_discard(scheme)
                self.when_defeated(scheme)
        self.occur(conds, apply)
        init.notes.append(f"{removed} threat removed from {scheme.name}")
        return removed == n

    def _eff_place_threat(self, init: Initiation, eff: dict) -> bool:
        scheme = self.ref(init, eff.get("on", "target"))
        if self._gone(init, scheme, "placing threat"):
            return False
        cond = Condition("threat-placed", scheme, init.player, self.amount(init, eff))
        self.window("interrupt", [cond])
        if cond.amount <= 0:
            self.step(f"All of the threat was prevented: none is placed on {scheme.name}.",
                      [cited.PREVENTED_THREAT_REDUCED])
            init.notes.append(f"no threat placed on {scheme.name} (all prevented)")
            return True

        scheme.threat = (scheme.threat or 0) + cond.amount
        self.step(f"{cond.amount} threat is placed on {scheme.name}; it has {scheme.threat}.", [cited.THREAT])
        self.check_main_scheme(scheme)
        self.window("response", [cond])
        init.notes.append(f"{cond.amount} threat placed on {scheme.name}")
        return True

    def _eff_exhaust(self, init: Initiation, eff: dict) -> bool:
        return self._turn(init, eff, True)

    def _eff_ready(self, init: Initiation, eff: dict) -> bool:
        return self._turn(init, eff, False)

    def _turn(self, init: Initiation, eff: dict, exhaust: bool) -> bool:
        card = self.ref(init, eff.get("what", "target"))
        word = "exhausted" if exhaust else "ready"
        if self._gone(init, card, "exhausting" if exhaust else "readying"):
            return False
        if card.exhausted == exhaust:
            self.step(f"{card.name} is already {word}.",
                      [cited.EXHAUSTED_CANNOT_EXHAUST_AGAIN if exhaust else cited.READY_EXHAUSTED_CARD])
            return False

        def apply():
            card.exhausted = exhaust
            self.step(f"{card.name} is {word}.", [cited.EXHAUSTED if exhaust else cited.READY_EXHAUSTED_CARD])
        self.occur([Condition("exhaust" if exhaust else "ready", card, init.player)], apply)
        init.notes.append(f"{card.name} {word}")
        return True

    def _eff_discard(self, init: Initiation, eff: dict) -> bool:
        card = self.ref(init, eff.get("what", "target"))
        if card is None or card.zone not in ("play", "hand"):
            return not self._gone(init, card, "the discard")
        conds = [Condition("discard", card, init.player, origin=card.zone)]
        if card.in_play:
            conds.append(Condition("leaves-play", card, card.controller))

        def apply():
            origin = "play" if card.in_play else f"{possessive(card.owner)} hand"
            pile = "the encounter" if card.owner == SCENARIO else possessive(card.owner)
            self._to_discard(card)
            self.step(f"{card.name} is discarded from {origin} to {pile} discard pile.",
                      [cited.CARD_LEAVES_PLAY] if origin == "play" else [])
        self.occur(conds, apply)
        init.notes.append(f"{card.name} discarded")
        return True

    def _eff_cost(self, init: Initiation, eff: dict) -> bool:
        self.s.lasting.append(Lasting(init.player, eff, init.card.name))
        sel = describe_selector(eff.get("to", {}))
        change = f"costs {abs(eff['by'])} {'less' if eff['by'] < 0 else 'more'}" if "by" in eff else \
            f"costs {eff['set']}"
        self.step(f"Lasting effect: the {'next ' if eff.get('next') else ''}{sel} {init.player} plays "
                  f"{change}.", [cited.LASTING_EFFECTS, cited.LASTING_EFFECT_DURATION])
        init.notes.append(f"the next {sel} {change}" if eff.get("next") else f"{sel} {change}")
        return True

    def _put_candidates(self, init: Initiation, eff: dict) -> list[Card]:
        zone = eff.get("from", "hand")
        return [c for c in self.s.cards.values() if c.controller == init.player and c.zone == zone
                and matches(eff.get("what", {}), c, init.player)]

    def _eff_put_into_play(self, init: Initiation, eff: dict) -> bool:
        options = self._put_candidates(init, eff)
        chosen = init.act.get("choose") if init.act else None
        if chosen:
            options = [c for c in options if c.handle == chosen]
        if not options:
            self.step("There is no card to put into play.", [cited.PUT_INTO_OWN_PLAY_AREA])
            return False
        if len(options) > 1:
            self.fail(f"{init.akey}.choose", f"{len(options)} cards could be put into play "
                                             f"({', '.join(c.handle for c in options)}): declare choose = …")
        card = options[0]
        if card.type == "ally":
            allies = [c for c in self.s.cards.values() if c.in_play and c.type == "ally" and c.controller == init.player]
            if len(allies) >= 3:
                self.step(f"{card.name} cannot be put into play: {init.player} already controls three allies, and a card "
                          "put into play must enter play as the rules of playing it allow.", [cited.PUT_INTO_OWN_PLAY_AREA,
                                                                                           cited.ALLY_LIMIT])
                init.notes.append(f"{card.name} cannot be put into play (ally limit)")
                return False

        def apply():
            card.zone = "play"
            card.controller = card.owner
            card.exhausted = False
            self.step(f"{card.name} is put into play, ready: its resource cost is ignored, and it is not considered "
                      "to have been played.", [cited.PLAY, cited.PUT_INTO_PLAY_NOT_PLAYED, cited.PUT_INTO_PLAY_IGNORES_COST,
                                               cited.ENTERS_PLAY])
            self.entered(card)
        self.occur([Condition("enters-play", card, init.player)], apply)
        init.notes.append(f"{card.name} is put into play")
        return True

    # -- status cards, indirect damage, form, enemy activations ----------------------------------------
    def _status(self, init: Initiation, eff: dict, status: str, rule: str) -> bool:
        card = self.ref(init, eff.get("to", "target"))
        if self._gone(init, card, f"the {status} status card"):
            return False
        if not card.is_character:
            self.fail(init.akey, f"{card.name} is not a character: only characters are given status cards",
                      cited.STATUS_CARDS)
        given = self.give_status(card, status, [rule])
        init.notes.append(f"{card.name} is {status}" if given else f"{card.name} already {status}")
        return given

    def _eff_stun(self, init: Initiation, eff: dict) -> bool:
        return self._status(init, eff, "stunned", cited.STUN)

    def _eff_confuse(self, init: Initiation, eff: dict) -> bool:
        return self._status(init, eff, "confused", cited.CONFUSE)

    def _eff_tough(self, init: Initiation, eff: dict) -> bool:
        return self._status(init, eff, "tough", cited.TOUGH)

    def _eff_indirect_damage(self, init: Initiation, eff: dict) -> bool:
        """Indirect damage to a player: split among the characters they control as the player assigns it
        (the action's ``indirect``), none assigned more than would defeat it (indirect-damage)."""
        ident = self.ref(init, eff.get("to", "you"))
        if ident is None or not ident.is_identity:
            self.fail(init.akey, "indirect damage is dealt to a player: to = \"you\" or a player's name",
                      cited.INDIRECT_DAMAGE)
        player = ident.owner
        n = self.amount(init, eff)
        chars = [c for c in self.s.cards.values() if c.controller == player and c.is_character
                 and (c.in_play or c.is_identity)]
        plan = (self.current_act or {}).get("indirect")
        if plan is None:
            if len(chars) > 1:
                self.fail(f"{init.akey}.indirect", f"{player} assigns {n} indirect damage among "
                                                   f"{', '.join(c.handle for c in chars)}: declare indirect = "
                                                   "{ HANDLE = N, … }", cited.INDIRECT_DAMAGE)
            plan = {chars[0].handle: n}
        total = 0
        for handle, amount in plan.items():
            card = self.s.cards.get(handle)
            if card not in chars:
                self.fail(f"{init.akey}.indirect", f"{handle!r} is not a character {player} controls",
                          cited.INDIRECT_DAMAGE)
            if amount > card.remaining:
                self.fail(f"{init.akey}.indirect", f"{card.name} is assigned {amount} indirect damage, more than its "
                                                   f"{card.remaining} remaining hit points", cited.INDIRECT_DAMAGE)
            total += amount
        room = sum(c.remaining for c in chars)
        if total != min(n, room):
            self.fail(f"{init.akey}.indirect", f"the assignment totals {total}, and {min(n, room)} indirect damage "
                                               "must be assigned", cited.INDIRECT_DAMAGE)
        self.step(f"{player} splits {n} indirect damage among the characters they control: "
                  + ", ".join(f"{v} to {self.s.cards[h].name}" for h, v in plan.items() if v)
                  + " (no character more than would defeat it).", [cited.INDIRECT_DAMAGE])
        for handle, amount in plan.items():
            if amount:
                self.deal_damage(init, self.s.cards[handle], amount)
        return total == n

    def _eff_change_form(self, init: Initiation, eff: dict) -> bool:
        self.flip(init.player, voluntary=False)
        return True

    def _eff_enemy_attack(self, init: Initiation, eff: dict) -> bool:
        enemy = self.ref(init, eff.get("by", "villain"))
        if self._gone(init, enemy, "the attack"):
            return False
        self.undefendable = bool(eff.get("undefendable"))
        try:
            self.activate(enemy, init.player, self.defend_choice(enemy, init.player), init.akey, as_="attack")
        finally:
            self.undefendable = False
        return True

    def _eff_enemy_scheme(self, init: Initiation, eff: dict) -> bool:
        enemy = self.ref(init, eff.get("by", "villain"))
        if self._gone(init, enemy, "the scheme"):
            return False
        self.activate(enemy, init.player, None, init.akey, as_="scheme")
        return True

    def _eff_deal_encounter(self, init: Initiation, eff: dict) -> bool:
        """The player is dealt encounter cards facedown from the top of the encounter deck (deal); in steps 3
        and 4 of the villain phase they join the cards being revealed (deal/bullet-1)."""
        n = self.amount(init, eff)
        dealt = []
        for _ in range(n):
            top = self.encounter_top()
            if top is None:
                break
            top.zone, top.dealt_to = "dealt", init.player
            dealt.append(top.name)
        queue = " and joins the cards revealed in this villain phase" if self.s.phase == "villain" else ""
        self.step(f"{init.player} is dealt {plural(len(dealt), 'encounter card')} facedown"
                  f"{' (' + ', '.join(dealt) + ')' if dealt else ''}{queue}.",
                  [cited.DEAL] + ([cited.EXTRA_ENCOUNTER_CARD_IN_VILLAIN_PHASE] if queue else []))
        init.notes.append(f"{init.player} is dealt {', '.join(dealt) or 'nothing'}")
        return len(dealt) == n
