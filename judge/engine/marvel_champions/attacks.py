# Activation, Enemy Attacks, Enemy Schemes, Boost, Defend, Retaliate, Overkill, Tough, Status Cards, Guard.
"""Enemies activating against a player: the villain and its minions attack a hero or scheme against an
alter-ego (activation/bullet-1, minion/bullet-3), with the villain's boost cards (boost), the defender
(enemy-attacks/step-2), the damage (enemy-attacks/step-4), and the keywords and status cards that act on
attacks (retaliate-x, overkill, tough, status-cards). Every change goes through the interrupt and response
windows of :mod:`.windows`."""

from __future__ import annotations

from judge.engine.marvel_champions.cards import SCENARIO, Card, article, plural, possessive
from judge.engine.marvel_champions.state import Attack, Condition, Initiation, Scheme
from judge.engine.marvel_champions import cited


class Attacks:
    """Enemy activations, attacks and schemes, mixed into :class:`~judge.engine.marvel_champions.game.Game`."""

    # -- values ----------------------------------------------------------------------------------------
    def stat(self, card: Card, name: str) -> tuple[int, list[str]]:
        """A character's modified ATK / THW / DEF / REC / SCH (modifiers): its printed value plus the fields of
        attachments on it (attachment/bullet-1) and the ``gets`` constant abilities in play (gets); never below
        zero. Returns the value and the parts in words."""
        base = card.stats.get(name, 0)
        value, parts = base, []
        for other in self.s.cards.values():
            if not other.in_play or other is card:
                continue
            if other.type == "attachment" and other.attached_to == card.handle and other.stats.get(name):
                value += other.stats[name]
                parts.append(f"{other.stats[name]:+d} ({other.name}, attached)")
            for ab in other.abilities:
                eff = ab.get("effect") or {}
                if ab.kind == "constant" and eff.get("do") == "gets" and eff.get(name) and \
                        self.constant_applies(other, eff, card):
                    value += eff[name]
                    parts.append(f"{eff[name]:+d} ({other.name})")
        return max(0, value), parts

    @staticmethod
    def stat_cites(parts: list[str]) -> list[str]:
        """The rules behind a modified value's parts: modifiers, an attachment's field, a “gets” ability."""
        if not parts:
            return []
        return [cited.MODIFIERS] + ([cited.ATTACHMENT_MODIFIES_VILLAIN] if any(p.endswith("attached)") for p in parts) else []) + \
            ([cited.GETS] if any(not p.endswith("attached)") for p in parts) else [])

    def constant_applies(self, source: Card, eff: dict, card: Card) -> bool:
        """Does a ``gets`` / ``gains`` constant ability of ``source`` apply to ``card``?"""
        to = eff.get("to", "attached")
        if to == "attached":
            return source.attached_to == card.handle
        if to == "self":
            return card is source
        if to == "you":
            return card.is_identity and card.owner == source.controller
        if to == "villain":
            return card.type == "villain"
        return False

    def keyword(self, card: Card, name: str) -> int:
        """The keyword's number on ``card`` (1 for one without a number, 0 if it has not got it): printed, or
        gained from a constant ability in play (gains)."""
        value = card.keywords.get(name, 0)
        for other in self.s.cards.values():
            if not other.in_play:
                continue
            for ab in other.abilities:
                eff = ab.get("effect") or {}
                if ab.kind == "constant" and eff.get("do") == "gains" and self.constant_applies(other, eff, card):
                    word, _, number = str(eff.get("keyword", "")).partition(" ")
                    if word == name:
                        value += int(number) if number else 1
        return value

    def gained(self, card: Card, name: str) -> list[str]:
        """``["gains"]`` when ``card`` has the keyword only because an ability gave it (gains), else []."""
        return [cited.GAINS] if self.keyword(card, name) and not card.keywords.get(name) else []

    def give_status(self, card: Card, status: str, cites=()) -> bool:
        """Give a character a status card, unless it already has one of that type (status-cards/bullet-1)."""
        if status in card.status:
            self.step(f"{card.name} already has a {status} status card: a character cannot have more than one "
                      "of each type.", [cited.ONE_STATUS_CARD_OF_EACH_TYPE])
            return False
        card.status.add(status)
        self.step(f"{card.name} is given a {status} status card.", [cited.STATUS_CARDS] + list(cites))
        return True

    # -- activation ------------------------------------------------------------------------------------
    def activate(self, enemy: Card, player: str, choice, akey: str, as_: str | None = None,
                 cites=()) -> None:
        """The enemy activates against ``player``: it attacks if the player is in hero form, schemes if in
        alter-ego form (activation/bullet-1, minion/bullet-3); ``as_`` forces one (activation/bullet-2)."""
        if self.s.over:
            return
        form = self.identity(player).form
        kind = as_ or ("attack" if form == "hero" else "scheme")
        rule = cited.VILLAIN_ACTIVATES_PER_PLAYER_STEP_TWO if enemy.type == "villain" else cited.ENGAGED_MINIONS_ACTIVATE
        if as_:
            self.step(f"{enemy.name} activates against {self.who(player)}: a card ability makes it {kind}.",
                      [cited.ABILITY_CAUSED_ACTIVATION] + list(cites))
        else:
            self.step(f"{enemy.name} activates against {self.who(player)}, who is in {form} form, so "
                      f"{enemy.name} {'attacks' if kind == 'attack' else 'schemes'}.", [rule] + list(cites))
        if kind == "scheme" and choice not in (None, "none", False):
            self.fail(f"{akey}.defend", f"{enemy.name} schemes against {player} (in {form} form): there is no attack "
                                        f"to defend, so defend = {choice!r} cannot be used (when an enemy activates against several "
                                        "players, name the defender per player: defend = { ENEMY = { PLAYER = … } })",
                      cited.VILLAIN_ACTIVATES_PER_PLAYER_STEP_TWO)
        cond = Condition("activate", enemy, player, other=self.identity(player))
        self.window("interrupt", [cond])
        if kind == "attack":
            self.enemy_attack(enemy, player, choice, akey)
        else:
            self.enemy_scheme(enemy, player, akey)
        self.window("response", [cond])

    def _attack_init(self, enemy: Card, player: str, akey: str) -> Initiation:
        """The source of an attack's damage, for the effect primitives (not a play or an initiation)."""
        return Initiation(f"attack:{enemy.handle}", player, enemy, None, False, {}, akey)

    def enemy_attack(self, enemy: Card, player: str, choice, akey: str) -> Attack:
        """Enemy Attacks, steps 1-4, with the attack's interrupt and response windows."""
        rec = Attack(enemy, player, enemy=True)
        self.attacks.append(rec)
        if "stunned" in enemy.status:
            enemy.status.discard("stunned")
            rec.result = "stunned"
            self.step(f"{enemy.name} is stunned: instead of attacking, it discards its stunned status card.",
                      [cited.STATUS_CARDS, cited.STUN])
            return rec
        hero = self.identity(player)
        cond = Condition("attack", enemy, player, other=hero)
        self.window("interrupt", [cond])
        # step 1: a boost card for the villain
        if enemy.type == "villain":
            rec.boost_cards = self.give_boosts(enemy, cited.ATTACK_BOOST_CARD)
        # step 2: the defender
        self.declare_defender(rec, choice, akey)
        player = rec.player
        hero = self.identity(player)
        cond.other = rec.defender or hero
        # step 3: the boost cards, one at a time
        if enemy.type == "villain":
            rec.boost_icons = self.flip_boosts(enemy, rec.boost_cards, "atk", player,
                                               cited.ATTACK_FLIP_BOOST, akey)
        atk, parts = self.stat(enemy, "atk")
        rec.atk = atk + rec.boost_icons
        words = " ".join([f"ATK {enemy.stats.get('atk', 0)}"] + parts +
                         ([f"+{rec.boost_icons} (boost)"] if rec.boost_icons else []))
        words += f" = {rec.atk}" if parts or rec.boost_icons else ""
        init = self._attack_init(enemy, player, akey)
        # step 4: the damage
        attacked = rec.defender or hero
        if rec.defender is not None and rec.defender.is_identity:
            defense, dparts = self.stat(rec.defender, "def")
            amount = max(0, rec.atk - defense)
            self.step(f"Step 4: the attack deals damage equal to {possessive(enemy.name)} modified ATK "
                      f"({words}); {rec.defender.name} defended, so it is reduced by their DEF "
                      f"({defense}): {amount} damage to {rec.defender.name}.",
                      [cited.ATTACK_DEALS_ATK_DAMAGE, cited.HERO_DEFENSE_REDUCES_DAMAGE, cited.HERO_BASIC_DEFENSE]
                      + self.stat_cites(parts))
            self._attack_damage(rec, init, rec.defender, amount)
        elif rec.defender is not None:
            ally = rec.defender
            overkill = self.keyword(enemy, "overkill")
            excess = max(0, rec.atk - (ally.remaining or 0)) if overkill else 0
            self.step(f"Step 4: the attack deals damage equal to {possessive(enemy.name)} modified ATK "
                      f"({words}); an ally defended, so all of it is dealt to {ally.name}"
                      + (f"; the attack has overkill, so the {excess} damage beyond its remaining hit points is "
                         f"dealt to {possessive(ally.controller)} hero" if excess else
                         "; damage does not carry over to the hero") + ".",
                      [cited.ATTACK_DEALS_ATK_DAMAGE, cited.ALLY_DEFENDER_TAKES_ALL_DAMAGE,
                       cited.ALLY_DEFENDS_ANY_PLAYER, cited.ALLY_DEFENDS]
                      + ([cited.OVERKILL] if excess else []) + self.stat_cites(parts))
            self._attack_damage(rec, init, ally, rec.atk - excess)
            if excess and not self.s.players[ally.controller].eliminated:
                self._attack_damage(rec, init, self.identity(ally.controller), excess)
        else:
            self.step(f"Step 4: no character defends: the attack is undefended, and all of its damage "
                      f"({words}) is dealt to {hero.name}, the hero resolving this activation.",
                      [cited.ATTACK_DEALS_ATK_DAMAGE, cited.UNDEFENDED_ATTACK,
                       cited.UNDEFENDED]
                      + self.stat_cites(parts))
            self._attack_damage(rec, init, hero, rec.atk)
        survived = attacked.in_play and not (attacked.is_identity and self.s.players[attacked.owner].eliminated)
        self.window("response", [cond], first=[lambda: self.retaliate(attacked, enemy, survived, akey)])
        return rec

    def _attack_damage(self, rec: Attack, init: Initiation, target: Card, amount: int) -> None:
        if rec.target is None:
            rec.target = target
        before, tough = target.damage, "tough" in target.status
        self.deal_damage(init, target, amount)
        if tough and "tough" not in target.status and amount > 0:
            rec.notes.append(f"{possessive(target.name)} tough status card prevented the damage")
        dealt = target.damage - before if target.in_play or target.is_identity else amount
        rec.dealt[target.handle] = rec.dealt.get(target.handle, 0) + max(0, dealt)

    def retaliate(self, attacked: Card, attacker: Card, survived: bool, akey: str) -> None:
        """Retaliate X: after the character is attacked, X damage to the attacker, if it survived the attack."""
        x = self.keyword(attacked, "retaliate")
        if not x or self.s.over:
            return
        if not survived:
            self.step(f"{attacked.name} has retaliate {x} but did not survive the attack: no damage is dealt.",
                      [cited.RETALIATE])
            return
        if not attacker.in_play:
            return
        rec = next((a for a in reversed(self.attacks) if a.attacker is attacker), None)
        if rec is not None:
            rec.notes.append(f"retaliate {x} dealt {x} damage to {attacker.name}")
        self.step(f"{attacked.name} was attacked and survived: retaliate {x} deals {x} damage to the attacker, "
                  f"{attacker.name} (a keyword: mandatory).", [cited.RETALIATE,
                                                               cited.MANDATORY_ABILITY_TYPES]
                  + self.gained(attacked, "retaliate"))
        player = attacked.controller if attacked.controller != SCENARIO else self.s.first_player
        self.deal_damage(Initiation(f"retaliate:{attacked.handle}", player, attacked, None, False, {}, akey),
                         attacker, x)

    # -- defend ------------------------------------------------------------------------------------------
    def declare_defender(self, rec: Attack, choice, akey: str) -> None:
        """Enemy Attacks step 2: a player may exhaust a hero or an ally as the defender; a player other than
        the target player who defends becomes the target player (enemy-attacks/step-2, defend/bullet-4)."""
        if choice in (None, "none", False):
            self.step("Step 2: no player defends.", [cited.DECLARE_DEFENDER])
            return
        if self.undefendable:
            self.power(f"{choice}.defend", self.s.cards[choice].controller, f"{self.s.cards[choice].name} defending")
            rec_power = self.powers[-1]
            rec_power.result, rec_power.rule = "illegal", cited.GOLDEN_RULES
            rec_power.why = "the card says this attack cannot be defended, and card text takes precedence over the rules"
            rec_power.cites = [cited.GOLDEN_RULES, cited.DECLARE_DEFENDER]
            self.step(f"Step 2: the rules let a player defend, but the card says this attack cannot be defended, and "
                      f"the text of a card takes precedence over the Rules Reference: {self.s.cards[choice].name} cannot "
                      "defend.", [cited.GOLDEN_RULES, cited.DECLARE_DEFENDER])
            return
        card = self.s.cards.get(choice)
        problem = ""
        if card is None or not (card.is_identity or card.type == "ally"):
            self.fail(f"{akey}.defend", f"{choice!r} is neither a player's identity nor an ally: only a hero or an "
                                        "ally defends", cited.DECLARE_DEFENDER)
        rule = cited.DECLARE_DEFENDER
        if card.is_identity and self.s.players[card.owner].eliminated:
            problem, rule = f"{card.owner} has been eliminated", cited.PLAYER_ELIMINATION
        elif card.is_identity and card.form != "hero":
            problem, rule = f"{card.name} is in alter-ego form, and only a hero or an ally defends", cited.HERO_BASIC_DEFENSE
        elif not card.is_identity and not card.in_play:
            problem, rule = f"{card.name} is not in play", cited.ABILITIES_TARGET_ONLY_IN_PLAY
        elif card.exhausted:
            problem, rule = f"{card.name} is exhausted, and a defender exhausts to defend", cited.EXHAUSTED_CANNOT_EXHAUST_AGAIN
        elif card.is_identity and "def" not in card.stats:
            problem, rule = f"{card.name} has no DEF value (a dash)", cited.DASH
        power = self.power(f"{choice}.defend", card.controller, f"{card.name} defends")
        if problem:
            power.result, power.rule, power.why = "illegal", rule, problem
            self.step(f"Step 2: {card.name} cannot defend: {problem}. No character defends.", [rule,
                                                                                             cited.DECLARE_DEFENDER])
            return
        cites = [cited.DECLARE_DEFENDER,
                 cited.HERO_BASIC_DEFENSE if card.is_identity else cited.ALLY_DEFENDS]
        exhaust = Condition("exhaust", card, card.controller)
        defend = Condition("defend", card, card.controller, other=rec.attacker)

        def apply():
            card.exhausted = True
            rec.defender = card
            moved = ""
            if card.controller != rec.player:
                moved = f"; {card.controller} becomes the target player of this attack"
                cites.append(cited.DEFENDING_ANOTHER_PLAYER)
                rec.player = card.controller
            self.step(f"Step 2: {card.controller} exhausts {card.name} as the defender{moved}.", cites)
        self.occur([exhaust, defend], apply)

    # -- boost -------------------------------------------------------------------------------------------
    def encounter_top(self) -> Card | None:
        """The top card of the encounter deck (the deck's cards in the order the scenario lists them), after
        the empty-deck rule (empty-encounter-deck) if it has run out."""
        top = next((c for c in self.s.cards.values() if c.zone == "encounter-deck"), None)
        if top is not None:
            return top
        main = self.main_scheme()
        if any(c.zone == "encounter-discard" for c in self.s.cards.values()):
            self.fail("cards", "the encounter deck is empty: its discard pile would be shuffled into a new deck, "
                               "and the order of a shuffled deck is not modelled — list the cards in the "
                               "encounter deck instead", cited.EMPTY_ENCOUNTER_DECK)
        if main is not None:
            main.acceleration_tokens += 1
            self.step(f"The encounter deck has run out of cards: an acceleration token is placed on {main.name} "
                      "(the encounter discard pile is empty: no new deck).",
                      [cited.EMPTY_ENCOUNTER_DECK, cited.EMPTY_ENCOUNTER_DECK_ACCELERATION])
        return None

    def give_boosts(self, villain: Card, rule: str, count: int = 1) -> list[Card]:
        """Give the villain ``count`` facedown boost cards from the encounter deck (activation/bullet-3)."""
        out = []
        for _ in range(count):
            top = self.encounter_top()
            if top is None:
                self.step(f"There is no encounter card to give {villain.name} as a boost card.", [rule])
                break
            top.zone = "boost"
            out.append(top)
            self.step(f"Step 1: {villain.name} is given one facedown boost card from the top of the encounter deck "
                      f"({top.name}).", [rule, cited.BOOST_CARD_PER_ACTIVATION, cited.BOOST])
        return out

    def flip_boosts(self, villain: Card, cards: list[Card], stat: str, player: str, rule: str, akey: str) -> int:
        """Turn the boost cards faceup one at a time: their boost icons add to ATK or SCH, their Boost
        abilities (a star icon) resolve, then each is discarded (boost, boost/bullet-1..4). Returns the icons."""
        total = 0
        for card in cards:
            ab = next((a for a in card.abilities if a.kind == "boost"), None)
            total += card.boost
            star = " and a star icon: its Boost ability resolves (only the text beneath the divider line)" \
                if ab is not None else ""
            self.step(f"{card.name} is turned faceup as a boost card: {plural(card.boost, 'boost icon')}, "
                      f"+{card.boost} {stat.upper()} for this activation{star}.",
                      [rule, cited.BOOST] + ([cited.STAR_ICON_NOT_BOOST, cited.BOOST_TEXT_ONLY,
                                              cited.STAR_ICON_REMINDER]
                                         if ab is not None else []) + ([cited.BOOSTS_CUMULATIVE] if len(cards) > 1 else []))
            init = Initiation(self.new_key(card.handle), player, card, ab, False, {}, akey, reveal=True)
            init.automatic = "Boost"
            cond = Condition("boost", card, player, init=init)
            init.commenced = cond
            self.window("interrupt", [cond])
            if ab is not None:
                self.inits.append(init)
                if init.canceled_by:
                    init.result = "canceled"
                    self.step(f"The Boost ability of {card.name} was canceled: it does not resolve.",
                              [cited.CANCELED_ABILITY_STILL_INITIATED])
                else:
                    init.result = "resolved"
                    self.resolve_effects(init)
            card.zone = "encounter-discard"
            self.boosted.append(card.handle)
            self.step(f"{card.name} is discarded after it is applied to the activation.",
                      [cited.BOOST_DISCARDED])
            self.window("response", [cond])
        return total

    # -- enemy schemes -----------------------------------------------------------------------------------
    def enemy_scheme(self, enemy: Card, player: str, akey: str) -> None:
        """Enemy Schemes, steps 1-3: boost for a villain, then threat equal to the modified SCH on the main
        scheme (with its prevention window)."""
        rec = Scheme(enemy, player)
        self.schemes.append(rec)
        if "confused" in enemy.status:
            enemy.status.discard("confused")
            rec["result"] = "confused"
            self.step(f"{enemy.name} is confused: instead of scheming, it discards its confused status card.",
                      [cited.STATUS_CARDS, cited.CONFUSE])
            return
        cond = Condition("scheme", enemy, player)
        self.window("interrupt", [cond])
        icons = 0
        if enemy.type == "villain":
            boosts = self.give_boosts(enemy, cited.SCHEME_BOOST_CARD)
            rec["boost"] = [c.handle for c in boosts]
            icons = self.flip_boosts(enemy, boosts, "sch", player, cited.SCHEME_FLIP_BOOST, akey)
        sch, parts = self.stat(enemy, "sch")
        rec["sch"] = sch + icons
        main = self.main_scheme()
        if main is None:
            self.fail(akey, f"{enemy.name} schemes, and there is no main scheme in play: add one to [cards]",
                      cited.SCHEME_PLACES_THREAT)
        words = " ".join([f"SCH {enemy.stats.get('sch', 0)}"] + parts + ([f"+{icons} (boost)"] if icons else []))
        words += f" = {rec['sch']}" if parts or icons else ""
        self.step(f"Step 3: {enemy.name} places threat equal to its modified SCH ({words}) on "
                  f"{main.name}.", [cited.SCHEME_PLACES_THREAT] + self.stat_cites(parts))
        init = self._attack_init(enemy, player, akey)
        self._eff_place_threat(init, {"do": "place-threat", "amount": rec["sch"], "on": main.handle})
        self.window("response", [cond])

    def main_scheme(self) -> Card | None:
        """The main scheme in play."""
        return next((c for c in self.s.cards.values() if c.type == "main-scheme" and c.in_play), None)

    # -- quickstrike and guard -----------------------------------------------------------------------------
    def quickstrike(self, minion: Card, player: str, akey: str) -> None:
        """Quickstrike: after the minion engages a player, it attacks them at once if they are in hero form."""
        if not self.keyword(minion, "quickstrike") or not minion.in_play or self.s.over:
            return
        if self.identity(player).form != "hero":
            self.step(f"{minion.name} has quickstrike, but {player} is in alter-ego form: it does not attack.",
                      [cited.QUICKSTRIKE])
            return
        self.step(f"{minion.name} has quickstrike: after engaging {player}, who is in hero form, it immediately "
                  "attacks them.", [cited.QUICKSTRIKE, cited.MANDATORY_ABILITY_TYPES])
        self.enemy_attack(minion, player, self.defend_choice(minion, player), akey)

    def guarded(self, player: str) -> list[Card]:
        """Minions with guard engaged with ``player`` (guard)."""
        return [c for c in self.s.cards.values() if c.in_play and c.type == "minion" and c.engaged == player
                and self.keyword(c, "guard")]

    def guard_problem(self, player: str, target: Card) -> str:
        """Why ``player`` cannot attack ``target`` because of guard, or ''."""
        if target.type != "villain" or self.keyword(target, "guard"):
            return ""
        guards = self.guarded(player)
        if not guards:
            return ""
        return (f"{guards[0].name} has guard and is engaged with {player}, so {player} cannot attack "
                f"{article('villain')} without guard")

    # -- a character's own attack: stun, consequential damage, overkill, retaliate ----------------------
    def engaged_minions(self, player: str) -> list[Card]:
        """The minions engaged with ``player``, in the order the scenario lists them."""
        return [c for c in self.s.cards.values() if c.in_play and c.type == "minion" and self.engagement(c) == player]

    def engagement(self, minion: Card) -> str | None:
        """The player the minion is engaged with; with several players the scenario must say (engaged)."""
        if minion.engaged is None and minion.in_play and len(self.s.players) > 1:
            self.fail(f"cards.{minion.handle}.engaged", f"{minion.name} is a minion in play: say which player it is "
                                                        "engaged with (engaged = \"NAME\")", cited.ENGAGED)
        return minion.engaged

    def defend_choice(self, enemy: Card, player: str):
        """The defender the scenario declares for this enemy's attack against ``player``."""
        table = self.current_act.get("defend") if self.current_act else None
        if isinstance(table, dict):
            got = table.get(enemy.handle)
            return got.get(player) if isinstance(got, dict) else got
        return table
