# Player Turn, Attack, Thwart, Recover, Form, Consequential Damage, Stun/Confuse, Guard, Ally Limit: basic powers.
"""What a player does on their turn besides playing cards: change form once (form/bullet-1), use their
hero's basic attack or thwart or their alter-ego's recovery (player-turn/bullet-3), use an ally to attack
or thwart (player-turn/bullet-4, ally/bullet-2) with its consequential damage. A stunned or confused
character discards the status card instead, its costs still paid (status-cards); guard keeps a player from
attacking the villain (guard)."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import Card, plural, possessive
from judge.engine.marvel_champions.state import Attack, Condition, Initiation, Power
from judge.engine.marvel_champions import cited


class Powers:
    """Basic powers and form changes, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

    def power(self, key: str, player: str, words: str) -> Power:
        """Record a basic power or round step a player takes, under its ``[expect]`` key."""
        rec = Power(self.new_key(key), player, words)
        self.powers.append(rec)
        return rec

    def refuse(self, rec: Power, rule: str, why: str, more=()) -> None:
        """The power cannot be used: an outcome, explained, never an error."""
        rec.result, rec.rule, rec.why, rec.cites = "illegal", rule, why, [rule] + list(more)
        self.step(f"{rec.words[:1].upper() + rec.words[1:]} is not allowed: {why}.", rec.cites)

    def _turn_problem(self, player: str) -> tuple[str, str] | None:
        if self.s.over:
            return cited.WINNING_THE_GAME, "the game is over"
        if self.s.players[player].eliminated:
            return cited.PLAYER_ELIMINATION, f"{player} has been eliminated"
        if self.s.phase != "player" or self.s.active_player != player:
            now = "the villain phase" if self.s.phase != "player" else f"{self.s.active_player}'s turn"
            return cited.PLAYER_TURN, f"it is {now}, and a player uses their basic powers and allies during their own turn"
        return None

    def _character(self, act: dict, akey: str, power: str) -> tuple[Card, str]:
        by = act.get("by", act.get("player", self.s.active_player))
        card = self.s.cards.get(by)
        if card is None or not (card.is_identity or card.type == "ally"):
            self.fail(f"{akey}.by", f"{by!r} is neither a player nor an ally: by names who uses the {power} "
                                    "(a player's name for their identity)", cited.PLAYER_TURN)
        return card, card.controller

    def _exhaust_cost(self, card: Card, player: str) -> None:
        cond = Condition("exhaust", card, player)

        def apply():
            card.exhausted = True
            self.step(f"{card.name} exhausts to pay the cost of the power.",
                      [cited.HERO_BASIC_ATTACK if card.is_identity else cited.ALLIES_ATTACK_OR_THWART, cited.EXHAUSTED])
        self.occur([cond], apply)

    def _user_problem(self, card: Card, player: str, power: str, form: str) -> tuple[str, str] | None:
        """Why ``card`` cannot use its basic ``power`` now, or None."""
        problem = self._turn_problem(player)
        if problem:
            return problem
        if card.is_identity and card.form != form:
            return cited.TURN_USE_BASIC_POWER, f"{card.name} is in {card.form} form, and {power} is a power of the {form}"
        if not card.is_identity and not card.in_play:
            return cited.ABILITIES_ACTIVE_ONLY_IN_PLAY, f"{card.name} is not in play"
        if card.exhausted:
            return cited.EXHAUSTED_CANNOT_EXHAUST_AGAIN, f"{card.name} is exhausted, and it must exhaust to use this power"
        stat = {"attack": "atk", "thwart": "thw", "recover": "rec"}[power]
        if stat not in card.stats:
            return cited.DASH, f"{card.name} has no {stat.upper()} value (a dash)"
        return None

    def _pay_power(self, rec: Power, char: Card, player: str, target: Card, power: str, rule: str) -> bool:
        """Use the power: exhaust to pay for it; a stunned (attack) or confused (thwart) character discards the
        status card instead, its cost still paid (status-cards). True when the power goes on."""
        self.step(f"{self.who(player)} uses {possessive(char.name)} basic {power} power against {target.name}.",
                  [rule, cited.TURN_USE_BASIC_POWER if char.is_identity else cited.TURN_USE_ALLY])
        self._exhaust_cost(char, player)
        status, word = ("stunned", "stun") if power == "attack" else ("confused", "confuse")
        if status not in char.status:
            return True
        char.status.discard(status)
        rec.result = status
        rec.done = f"the {status} status card is discarded instead; {char.name} stays exhausted"
        rec.cites = [cited.STATUS_CARDS]
        self.step(f"{char.name} is {status}: the {status} status card is discarded instead of the {power}; the "
                  "cost (exhausting) stays paid.", [cited.STATUS_CARDS, word])
        return False

    # -- attack ----------------------------------------------------------------------------------------
    def _basic_power(self, act: dict, akey: str, power: str, verb: str, kinds: tuple, rule: str, what: str):
        """The start of a basic attack or thwart: the character using it and its player, the card it is used
        against, its record, and why it cannot be used (a rule and words) or None: the character cannot use
        it now, or the card is not ``what`` (one of ``kinds``) in play."""
        char, player = self._character(act, akey, power)
        against = self.s.cards.get(act[power])
        rec = self.power(f"{char.handle}.{power}", player, f"{char.name} {verb} {against.name}")
        problem = self._user_problem(char, player, power, "hero")
        if problem is None and not (against.in_play and against.type in kinds):
            problem = rule, f"{against.name} is not {what} in play"
        return char, player, against, rec, problem

    def basic_attack(self, act: dict, akey: str) -> None:
        """A hero's or an ally's basic attack against an enemy (attack/bullet-1, /bullet-2)."""
        char, player, target, rec, problem = self._basic_power(act, akey, "attack", "attacking", ("minion", "villain"),
                                                               cited.ATTACK_ANY_ENEMY, "an enemy")
        if problem is None and self.guard_problem(player, target):
            problem = cited.GUARD, self.guard_problem(player, target)
        if problem:
            self.refuse(rec, problem[0], problem[1], [cited.ATTACK_ANY_ENEMY] if problem[0] == "guard" else [])
            return
        rule = cited.HERO_BASIC_ATTACK if char.is_identity else cited.ALLY_BASIC_ATTACK
        if not self._pay_power(rec, char, player, target, "attack", rule):
            return
        atk, parts = self.stat(char, "atk")
        att = Attack(char, player, enemy=False)
        att.atk, att.target = atk, target
        self.attacks.append(att)
        cond = Condition("attack", char, player, other=target)
        self.window("interrupt", [cond])
        init = Initiation(f"attack:{char.handle}", player, char, None, False, {}, akey)
        excess = 0
        if self.keyword(char, "overkill") and target.type == "minion":
            excess = max(0, atk - (target.remaining or 0))
        self.step(f"The attack deals damage equal to {possessive(char.name)} ATK ({atk}"
                  + (f": {char.stats.get('atk', 0)} " + " ".join(parts) if parts else "") + f") to {target.name}"
                  + (f"; it has overkill: the {excess} damage beyond the minion's remaining hit points goes to the "
                     "villain" if excess else "") + ".", [rule] + ([cited.OVERKILL] if excess else []) + self.stat_cites(parts))
        before = target.damage
        self.deal_damage(init, target, atk - excess)
        att.dealt[target.handle] = target.damage - before if target.in_play else atk - excess
        villain = next((c for c in self.s.cards.values() if c.type == "villain" and c.in_play), None)
        if excess and villain is not None and not target.in_play:
            before = villain.damage
            self.deal_damage(init, villain, excess)
            att.dealt[villain.handle] = villain.damage - before if villain.in_play else excess
        self.consequential(char, "atk", akey)
        survived = target.in_play
        self.window("response", [cond], first=[lambda: self.retaliate(target, char, survived, akey)])

    def consequential(self, char: Card, stat: str, akey: str) -> None:
        """After an ally attacks or thwarts, it takes the damage of the pips beneath that power
        (consequential-damage), dealt directly to the ally (ally/bullet-3)."""
        pips = char.consequential.get(stat, 0)
        if char.is_identity or not pips or not char.in_play:
            return
        self.step(f"{char.name} takes consequential damage: {plural(pips, 'pip')} beneath its {stat.upper()}.",
                  [cited.CONSEQUENTIAL_DAMAGE, cited.ALLY_CONSEQUENTIAL_DAMAGE])
        self.deal_damage(Initiation(f"consequential:{char.handle}", char.controller, char, None, False, {}, akey),
                         char, pips)

    # -- thwart ----------------------------------------------------------------------------------------
    def basic_thwart(self, act: dict, akey: str) -> None:
        """A hero's or an ally's basic thwart against a scheme (thwart/bullet-1, /bullet-2)."""
        char, player, scheme, rec, problem = self._basic_power(act, akey, "thwart", "thwarting",
                                                               ("main-scheme", "side-scheme"), cited.THWART, "a scheme")
        if problem:
            self.refuse(rec, *problem)
            return
        rule = cited.HERO_BASIC_THWART if char.is_identity else cited.ALLY_USE_BASIC_THWART
        if not self._pay_power(rec, char, player, scheme, "thwart", rule):
            return
        thw, parts = self.stat(char, "thw")
        cond = Condition("thwart", char, player, other=scheme)
        self.window("interrupt", [cond])
        init = Initiation(f"thwart:{char.handle}", player, char, None, False, {}, akey)
        self.step(f"The thwart removes threat equal to {possessive(char.name)} THW ({thw}) from {scheme.name}.",
                  [rule] + self.stat_cites(parts))
        self._eff_remove_threat(init, {"do": "remove-threat", "amount": thw, "from": scheme.handle})
        rec.done, rec.cites = "; ".join(init.notes), [rule] + init.note_cites
        self.consequential(char, "thw", akey)
        self.window("response", [cond])

    # -- recover and change form -----------------------------------------------------------------------
    def recover(self, act: dict, akey: str) -> None:
        """The alter-ego's basic recovery: exhaust, heal REC (recover)."""
        player = act.get("player", self.s.active_player)
        ident = self.identity(player)
        rec = self.power(f"{player}.recover", player, f"{ident.name} recovering")
        problem = self._user_problem(ident, player, "recover", "alter-ego")
        if problem:
            self.refuse(rec, *problem)
            return
        self.step(f"{self.who(player)} uses their alter-ego's basic recovery power.", [cited.RECOVER,
                                                                                       cited.TURN_USE_BASIC_POWER])
        self._exhaust_cost(ident, player)
        rec_value, _ = self.stat(ident, "rec")
        init = Initiation(f"recover:{player}", player, ident, None, False, {}, akey)
        if ident.damage == 0:
            self.step(f"{ident.name} has no damage to heal.", [cited.HEAL])
            return
        self._eff_heal(init, {"do": "heal", "amount": rec_value, "to": player})
        rec.done, rec.cites = f"{ident.name} exhausts; " + "; ".join(init.notes), [cited.RECOVER] + init.note_cites

    def change_form(self, act: dict, akey: str) -> None:
        """Change form by flipping the identity card: once per turn, during the player's turn (form/bullet-1)."""
        player = act.get("player", self.s.active_player)
        ident = self.identity(player)
        to = "alter-ego" if ident.form == "hero" else "hero"
        rec = self.power(f"{player}.change-form", player, f"{ident.name} ({player}) changing to {to} form")
        problem = self._turn_problem(player)
        if problem:
            self.refuse(rec, cited.CHANGE_FORM_ONCE_PER_ROUND, problem[1].replace("use their basic powers and allies",
                                                                   "changes form"), [cited.TURN_CHANGE_FORM])
            return
        if player in self.s.changed_form:
            self.refuse(rec, cited.CHANGE_FORM_ONCE_PER_ROUND,
                        f"{player} has already changed form this turn, and a player may "
                                              "change form once each turn", [cited.TURN_CHANGE_FORM])
            return
        before = ident.name
        self.flip(player, voluntary=True)
        now = f" ({ident.name})" if ident.name != before else ""
        rec.done, rec.cites = f"the identity card flips to {to} form{now}", [cited.CHANGE_FORM_ONCE_PER_ROUND,
                                                                             cited.CHANGE_FORM_KEEPS_STATE]

    def flip(self, player: str, voluntary: bool) -> None:
        """Flip the identity card: only the form changes (form/bullet-2); a card ability's flip does not count
        against the player's one change per turn (form/bullet-3)."""
        ident = self.identity(player)
        to = "alter-ego" if ident.form == "hero" else "hero"
        cond = Condition("change-form", ident, player)

        def apply():
            ident.form = to
            ident.name = ident.sides.get(to, ident.name)
            if voluntary:
                self.s.changed_form.add(player)
            keeps = "its damage, status cards, attachments and ready or exhausted state stay as they were"
            self.step(f"{self.who(player)} flips their identity card to {to} form; only the form changes: {keeps}.",
                      [cited.CHANGE_FORM_ONCE_PER_ROUND if voluntary else cited.ABILITY_FORM_CHANGE_NOT_COUNTED,
                       cited.CHANGE_FORM_KEEPS_STATE]
                      + ([cited.TURN_CHANGE_FORM] if voluntary else []))
        self.occur([cond], apply)
