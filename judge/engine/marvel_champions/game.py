# Initiating Abilities (declare intent, steps 1, 4, 5), Reveal, Treachery: playing the scenario's actions.
"""The Marvel Champions procedure as state transitions: Initiating Abilities, interrupt and response windows,
paying with resources (the effect primitives are in :mod:`.effects`).

One :class:`Initiation` is one run of the procedure of the Rules Reference entry "Initiating Abilities"
(seed 003): declare intent → check 1 (play restrictions, at least one valid target) → check 2 (costs with
modifiers, X chosen) → step 1 (the card faceup, not in play) → step 2 (apply modifiers) → step 3 (pay, or
abort paying nothing) → step 4 (commence: the interrupt window of "is played" / "is initiated", where
cancel effects live) → step 5 (the card enters play, or the event's effects resolve and it goes to its
owner's discard pile; the ability resolves unless canceled). Every triggering condition the procedure or an
effect makes true gets an interrupt window just before it and a response window just after it
(:meth:`Game.occur`), forced abilities first. Each transition adds a step to the trace with the rule ids
that justify it.
"""

from __future__ import annotations

from judge.engine.core import InvalidScenario
from judge.engine.marvel_champions.cards import (Ability, Card, article, cap, describe_selector, matches, plural,
                                                 possessive)
from judge.engine.marvel_champions.attacks import Attacks
from judge.engine.marvel_champions.checks import Checks
from judge.engine.marvel_champions.costs import Costs, assign  # noqa: F401  (assign: part of the API)
from judge.engine.marvel_champions.effects import Effects
from judge.engine.marvel_champions.state import Chronicle, Condition, Illegal, Initiation, State
from judge.engine.marvel_champions.windows import Windows
from judge.engine.marvel_champions.powers import Powers
from judge.engine.marvel_champions.round import Round
from judge.engine.marvel_champions.rules import procedure_ids
from judge.engine.marvel_champions.threat import Threat
from judge.engine.marvel_champions import cited

MAX_DEPTH = 12    # interrupts of interrupts of …: deeper than this, the scenario does not end


class Game(Checks, Costs, Windows, Effects, Attacks, Powers, Round, Threat):
    """A Marvel Champions game in a position: plays the scenario's actions and records the trace and facts."""

    def __init__(self, state: State, outcome, scenario, book):
        self.s = state
        self.out = outcome
        self.trace = outcome.trace
        self.scenario = scenario
        self.ids = procedure_ids()   # the registry's ids; located in the judged document by the runner
        clock = [0]
        self.inits: list[Initiation] = Chronicle(clock)
        self.initiated: list[str] = []      # interrupts and responses (forced ones too), in order
        # interrupts and responses the players will use: (player, card, ability, playing?, action, action key)
        self.held: list[tuple[str, Card, Ability | None, bool, dict, str]] = []
        self.depth = 0
        self.keys_seen: dict[str, int] = {}
        self.defeated: list[str] = []
        self.left_play: set[str] = set()    # cards that moved from play to an out-of-play area
        self.missed: dict[int, tuple[Condition, str]] = {}   # held → a window it answered while out of play
        self.attacks: list = Chronicle(clock)   # every attack made (enemy attacks and the players' attacks)
        self.schemes: list = Chronicle(clock)   # every enemy scheme
        self.powers: list = Chronicle(clock)    # basic powers and form changes the players used
        self.boosted: list[str] = []        # boost cards turned faceup, in order
        self.peril: str | None = None       # the player resolving a card with peril
        self.current_act: dict = {}         # the main action being played (its decisions: defend, indirect …)
        self.undefendable = False           # the attack being resolved cannot be defended (card text)

    # -- small helpers ---------------------------------------------------------------------------------
    def step(self, text: str, cites=()) -> None:
        """Add one step to the trace with its rules (empty and repeated ids dropped)."""
        self.trace.add(text, list(dict.fromkeys(c for c in cites if c)))

    def p(self, part: str) -> str:
        """The rule id of a part of the Initiating Abilities procedure in the loaded document."""
        return self.ids[part]

    def who(self, player: str) -> str:
        """A player as sentences name them: “<identity> (<player>)”."""
        ident = self.s.cards.get(player)
        return f"{ident.name} ({player})" if ident is not None and ident.name != player else player

    def identity(self, player: str) -> Card:
        """The identity card of ``player``."""
        return self.s.cards[self.s.players[player].identity]

    def ability_name(self, card: Card, ab: Ability) -> str:
        """“<card>'s Hero Action ability”."""
        return f"{possessive(card.name)} {ab.label()} ability"

    def fail(self, key: str, message: str, cite: str | None = None):
        """The scenario cannot be played on: one error with its key and rule."""
        raise InvalidScenario([self.scenario.reason("cannot-derive", message, key, cite)])

    def new_key(self, base: str) -> str:
        """The [expect] key of a play or use: the handle, then ``@2``, ``@3`` for repeats."""
        n = self.keys_seen.get(base, 0) + 1
        self.keys_seen[base] = n
        return base if n == 1 else f"{base}@{n}"

    # -- running the actions ---------------------------------------------------------------------------
    def run(self, actions: list[dict]) -> None:
        """Play the main actions in order; the interrupts and responses listed after one are held, ready to be
        used at the first window whose triggering condition they match."""
        self.trace.phase = "the position"
        groups: list[tuple[int, dict, list]] = []
        waiting: list = []
        for i, act in enumerate(actions, 1):
            if self._is_reaction(act):
                (groups[-1][2] if groups else waiting).append((i, act))
            else:
                groups.append((i, act, waiting))
                waiting = []
        if waiting:
            groups.append((0, {}, waiting))
        now = f"it is {self.who(self.s.active_player)}'s turn in the player phase" if self.s.phase == "player" \
            else "it is the villain phase"
        self.step(f"{self.who(self.s.first_player)} is the first player; {now}.",
                  [cited.FIRST_PLAYER, cited.PLAYER_TURN if self.s.phase == "player" else cited.VILLAIN_PHASE])
        for i, act, reactions in groups:
            for j, r in reactions:
                self._hold(j, r)
            if i:
                self._main(i, act)
        for held in self.held:
            player, card, ab, playing, act, akey = held
            key = self.new_key(card.handle if playing else f"{card.handle}.{ab.index}")
            init = Initiation(key, player, card, ab, playing, act, akey)
            self.inits.append(init)
            if id(held) in self.missed:
                # its window came, but its card was not in play: check 1 would fail
                cond, zone = self.missed[id(held)]
                init.result, init.rule = "illegal", self.p("restrictions")
                init.more = self._out_of_play_rules(card)
                init.why = (f"its triggering condition occurred ({cond.words()}), but {card.name} was not in play "
                            f"then ({self._zone_words(card, zone)}), and the abilities of {article(card.type)} can "
                            "only be initiated while it is in play")
                self.step(f"{cap(self.describe(init))} cannot be initiated: {init.why}.", [init.rule] + init.more)
                continue
            init.result = "not-initiated"
            when = f" (“{ab.get('when')}”)" if ab is not None else ""
            init.why = (f"its triggering condition{when} did not occur after it was declared, so {player} never had "
                        "the opportunity to use it")
            self.step(f"{cap(self.describe(init))} is never initiated: {init.why}.",
                      [cited.TRIGGERING_CONDITION,
                       cited.INTERRUPT if ab and ab.kind == "interrupt" else cited.RESPONSE])

    def _is_reaction(self, act: dict) -> bool:
        card = self.s.cards.get(act.get("play") or act.get("use"))
        if card is None:
            return False
        ab = self._play_ability(card) if "play" in act else card.ability(act.get("ability", 1))
        return ab is not None and ab.kind in ("interrupt", "response")

    @staticmethod
    def _play_ability(card: Card) -> Ability | None:
        """Playing an event initiates its ability; playing another card initiates none."""
        return card.timing_ability() if card.type == "event" else None

    def _hold(self, i: int, act: dict) -> None:
        player = act.get("player", self.s.active_player)
        if "play" in act:
            card = self.s.cards[act["play"]]
            self.held.append((player, card, self._play_ability(card), True, act, f"actions.{i}"))
        else:
            card = self.s.cards[act["use"]]
            self.held.append((player, card, card.ability(act.get("ability", 1)), False, act, f"actions.{i}"))

    def _main(self, i: int, act: dict) -> None:
        akey = f"actions.{i}"
        player = act.get("player", self.s.active_player)
        self.current_act = act
        if self.s.over:
            self.step(f"Action {i} is not played: the game is over ({self.s.over} won).", [cited.WINNING_THE_GAME])
            return
        simple = {"attack": self.basic_attack, "thwart": self.basic_thwart, "recover": self.recover,
                  "change_form": self.change_form, "end_turn": self.end_turn, "villain_phase": self.villain_phase}
        kind = next((k for k in simple if k in act), None)
        if kind is not None:
            saved = self.trace.phase
            if kind not in ("end_turn", "villain_phase"):
                self.trace.phase = f"{player}: {kind.replace('_', ' ')}"
            simple[kind](act, akey)
            if kind not in ("end_turn", "villain_phase"):
                self.trace.phase = saved
            return
        if "activate" in act:
            enemy = self.s.cards[act["activate"]]
            if not enemy.in_play or enemy.type not in ("villain", "minion"):
                self.fail(f"{akey}.activate", f"{enemy.name} is not an enemy in play: only the villain and minions "
                                              "activate", cited.ACTIVATION)
            target = act.get("player") or (self.engagement(enemy) if enemy.type == "minion" else None)
            if target is None:
                target = self.s.first_player
            saved = self.trace.phase
            self.trace.phase = f"{enemy.name} activates against {target}"
            self.activate(enemy, target, act.get("defend"), akey, as_=act.get("as"))
            self.trace.phase = saved
            return
        if "play" in act:
            card = self.s.cards[act["play"]]
            self.initiate(Initiation(self.new_key(card.handle), player, card, self._play_ability(card), True, act,
                                     akey))
        elif "use" in act:
            card = self.s.cards[act["use"]]
            ab = card.ability(act.get("ability", 1))
            self.initiate(Initiation(self.new_key(f"{card.handle}.{ab.index}"), player, card, ab, False, act, akey))
        elif "reveal" in act:
            self.reveal(player, self.s.cards[act["reveal"]], act, akey)
        elif "effect" in act:
            self.occurrence(player, act, akey)

    def source_name(self, init: Initiation) -> str:
        """Who an effect comes from, as a sentence's subject: the card played or the ability."""
        return init.card.name if init.playing or init.reveal else self.ability_name(init.card, init.ability)

    def describe(self, init: Initiation) -> str:
        """The card being played ("<name> (an event)") or the ability initiated, for sentences."""
        if init.playing or init.ability is None:
            return f"{init.card.name} ({article(init.card.type)})"
        return self.ability_name(init.card, init.ability)

    # -- the procedure: Initiating Abilities ----------------------------------------------------------
    def initiate(self, init: Initiation) -> Initiation:
        """Run the Initiating Abilities procedure for one card or ability; returns it with its result."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(init.akey, "interrupts and responses keep initiating each other: the scenario does not end")
        self.inits.append(init)
        saved_phase = self.trace.phase
        verb = "plays" if init.playing else "initiates"
        if init.forced:
            self.trace.phase = f"{self.ability_name(init.card, init.ability)} (forced)"
        else:
            self.trace.phase = f"{init.player} {verb} " + (init.card.name if init.playing else
                                                          self.ability_name(init.card, init.ability))
        try:
            self._procedure(init)
        finally:
            self.trace.phase = saved_phase
            self.depth -= 1
        return init

    def _procedure(self, init: Initiation) -> None:
        card, ab = init.card, init.ability
        init.source_in_play = card.in_play and not card.is_identity
        if init.forced:
            self.step(f"{cap(self.describe(init))} is forced: its initiation is mandatory, so it initiates "
                      f"at this timing point.", [cited.FORCED, cited.GAME_TRIGGERED_ABILITIES,
                                                 self.p("intent")])
        else:
            if init.playing:
                printed = f", cost {self._printed_cost(card)}" if card.cost is not None or card.x_cost else ""
                what = f"play {card.name} ({article(card.type)}{printed})"
            else:
                what = f"initiate {self.ability_name(card, ab)}"
            self.step(f"{self.who(init.player)} declares their intent to {what}.", [self.p("intent")])
        # check 1: play restrictions, at least one valid target
        for n, check in ((1, self.check_restrictions), (2, self.check_cost)):
            try:
                check(init)
            except Illegal as exc:
                init.result, init.rule, init.why, init.more = "illegal", exc.rule, exc.message, exc.more
                cannot = "the card cannot be played" if init.playing else "the ability cannot be initiated"
                later = "; the cost is never determined and nothing is paid" if n == 1 else "; nothing is paid"
                self.step(f"Check {n} fails: {exc.message}. Not both conditions are met: {cannot}{later}.",
                          [exc.rule] + exc.more)
                return
        init.origin = origin = card.zone
        # step 1: the card is placed faceup on the table; it is not in play
        if init.playing:
            card.zone = "table"
            self.step(f"Step 1: {self.who(init.player)} places {card.name} faceup on the table in front of them. "
                      f"It is not in play.", [self.p("faceup"), cited.IN_PLAY_AND_OUT_OF_PLAY])
        # step 2: modifiers
        self.apply_modifiers(init)
        # step 3: pay, or abort without paying anything
        if not self.pay(init):
            card.zone = origin if init.playing else card.zone
            return
        # step 4: commences
        self.commence(init)
        # step 5: resolves
        self.resolve(init)

    def _printed_cost(self, card: Card) -> str:
        return "X" if card.x_cost else str(card.cost)

    # step 4 ------------------------------------------------------------------------------------------
    def commence(self, init: Initiation) -> None:
        """Step 4: the card commences being played or the ability's effects attempt to initiate: the interrupt window."""
        s4 = self.p("commence")
        if init.ability is not None and init.ability.kind in ("interrupt", "response") or init.forced:
            self.initiated.append(init.key)     # paid for: initiated, even if its effects get canceled
        if init.playing:
            self.step(f"Step 4: {init.card.name} commences being played.", [s4])
            cond = Condition("play", init.card, init.player, init=init)
        else:
            self.step(f"Step 4: the effects of {self.ability_name(init.card, init.ability)} attempt to initiate.", [s4])
            cond = Condition("initiate", init.card, init.player, init=init)
        init.commenced = cond
        self.window("interrupt", [cond], procedure=True)

    # step 5 ------------------------------------------------------------------------------------------
    def resolve(self, init: Initiation) -> None:
        """Step 5: the card enters play, or the effects resolve (unless canceled); the response window."""
        s5 = self.p("resolve")
        card = init.card
        if init.source_in_play and not init.playing and not card.in_play:
            init.source_left_play = True
            self.step(f"{card.name} left play during this sequence; the sequence still completes, because its "
                      "leaving play did not prevent a required cost from being paid.", [self.p("leaves")])
        if init.playing and card.type != "event":
            init.result = "resolved"
            cond = Condition("enters-play", card, init.player)
            type_rule = {"ally": cited.ALLY_ENTERS_PLAY, "support": cited.SUPPORT_CARDS_ENTER_PLAY,
                         "upgrade": cited.UPGRADE_ENTERS_NEAR_IDENTITY}.get(
                card.type, cited.ENTERS_PLAY)

            host = self.attach_host(init)

            def enter():
                card.zone = "play"
                card.controller = card.owner
                card.exhausted = False
                attached = ""
                if host is not None:
                    card.attached_to = host.handle
                    attached = f", attached to {host.name}"
                self.step(f"Step 5: {card.name} is played and enters play, ready, under {card.owner}'s control"
                          f"{attached}.", [s5, cited.ENTERS_PLAY, cited.READY, cited.ENTER_PLAY_UNDER_OWNER, type_rule]
                          + ([cited.ATTACH_TO, cited.UPGRADE_ATTACHES] if host is not None else []))
                self.entered(card)
            self.occur([cond], enter, after=[init.commenced, cond], procedure=True)
            init.notes.append(f"{card.name} enters play")
            return
        if init.canceled_by:
            init.result = "canceled"
            if init.is_event:
                self.step(f"Step 5: {card.name} is still played, but its effects were canceled: they do not resolve. "
                          f"Its costs stay paid, and it is placed in {card.owner}'s discard pile.",
                          [s5, cited.CANCELED_EVENT_STILL_PLAYED, cited.CANCELED_EVENT_COSTS_REMAIN_PAID])
                card.zone = "discard"
            else:
                self.step(f"Step 5: {self.ability_name(card, init.ability)} is still regarded as initiated, but its "
                          "effects were canceled and do not resolve; its costs stay paid.", [s5, cited.CANCELED_ABILITY_STILL_INITIATED])
            if init.ability is not None and init.ability.get("limit") is not None:
                self.step(f"The canceled ability still counts toward its limit "
                          f"({init.card.used.get(init.ability.index, 0)} of {init.ability.get('limit')} this round).",
                          [cited.CANCELED_LIMIT_STILL_COUNTS])
            if init.playing and card.max is not None:
                self.step(f"The canceled card still counts toward its maximum ({self.s.max_used.get(card.name)} of "
                          f"{card.max} this round).", [cited.CANCELED_MAX_STILL_COUNTS])
        elif self.replaced_by_status(init):
            init.result = "resolved"
            if init.is_event:
                card.zone = "discard"
                self.step(f"{card.name} is placed in its owner's ({card.owner}'s) discard pile.", [s5, cited.EVENT_CARD_PLAYED])
        else:
            init.result = "resolved"
            what = f"{card.name} is played: its effects resolve" if init.is_event else \
                f"{self.ability_name(card, init.ability)} resolves"
            self.step(f"Step 5: {what}{' one sentence at a time' if len(init.effects) > 1 else ''}.",
                      [s5, cited.EVENT if init.is_event else "", cited.ABILITY_ONE_SENTENCE_AT_A_TIME if len(init.effects) > 1 else ""])
            self.resolve_effects(init)
            if init.is_event:
                card.zone = "discard"
                self.step(f"{card.name} is placed in its owner's ({card.owner}'s) discard pile.", [s5, cited.EVENT_CARD_PLAYED])
        retaliate = self._labeled_attack_target(init)
        self.window("response", [init.commenced], procedure=True,
                    first=[retaliate] if retaliate is not None else [])
        self.spent_uses(init)

    def _labeled_attack_target(self, init: Initiation):
        """An ability labeled “attack” that resolved against an enemy: resolving it attacks that enemy
        (attack/bullet-3), so the enemy's retaliate answers it once it is over (retaliate-x)."""
        target = init.target
        if init.ability is None or init.ability.get("labeled") != "attack" or init.canceled_by or target is None \
                or target.type not in ("minion", "villain") or not self.keyword(target, "retaliate"):
            return None
        hero = self.identity(init.player)
        survived = target.in_play
        self.step(f"Resolving {self.describe(init)}, labeled attack, was an attack on {target.name} by {hero.name}.",
                  [cited.ABILITY_LABELED_ATTACK])
        return lambda: self.retaliate(target, hero, survived, init.akey)

    def replaced_by_status(self, init: Initiation) -> bool:
        """An attack (thwart) ability used by a stunned (confused) hero: the status card is discarded instead of
        the effects; the costs stay paid (status-cards)."""
        label = init.ability.get("labeled") if init.ability is not None else None
        status = {"attack": "stunned", "thwart": "confused"}.get(label)
        hero = self.identity(init.player)
        if status is None or status not in hero.status:
            return False
        hero.status.discard(status)
        init.notes.append(f"{hero.name} was {status}: the status card is discarded instead of the {label}")
        init.note_cites.append(cited.STATUS_CARDS)
        self.step(f"Step 5: the ability is labeled {label}, and {hero.name} is {status}: the {status} status card is "
                  f"discarded instead, and the effects do not resolve; the costs stay paid.",
                  [self.p("resolve"), cited.STATUS_CARDS, cited.STUN if status == "stunned" else cited.CONFUSE,
                   cited.ABILITY_LABELED_ATTACK if label == "attack" else cited.TRIGGERED_ABILITY_LABELED_THWART])
        return True

    def spent_uses(self, init: Initiation) -> None:
        """A card that spent its final use is discarded once the effect has resolved (uses-x)."""
        card = init.card
        if init.ability is None or not (init.ability.get("cost") or {}).get("uses") or not card.in_play:
            return
        if card.uses == 0:
            self.step(f"{card.name} has spent its final use and the effect has resolved: it is discarded.",
                      [cited.USES])
            self.occur([Condition("discard", card, init.player, origin="play"),
                        Condition("leaves-play", card, init.player)], lambda: self._to_discard(card))

    def attach_host(self, init: Initiation) -> Card | None:
        """The card an upgrade played with “attach to” attaches to (checked in check 1)."""
        if init.card.attach_to is None:
            return None
        return init.attach_host

    # -- reveal (encounter cards) and occurrences ------------------------------------------------------
    def reveal(self, player: str, card: Card, act: dict, akey: str) -> None:
        """A player reveals an encounter card: the interrupt window (cancel its When Revealed effects), its
        effects, where it goes (reveal/bullet-1..5), the response window; then quickstrike and surge."""
        ab = next((a for a in card.abilities if a.kind == "when-revealed"), None)
        init = Initiation(self.new_key(card.handle), player, card, ab, False, act, akey, reveal=True)
        self.inits.append(init)
        saved = self.trace.phase
        self.trace.phase = f"{player} reveals {card.name}"
        where = "dealt to them" if card.zone == "dealt" else "from the encounter deck"
        card.dealt_to = None
        card.zone = "revealed"
        self.step(f"{self.who(player)} reveals {card.name} ({article(card.type)}) {where}.", [cited.REVEAL])
        peril = bool(self.keyword(card, "peril"))
        if peril:
            self.peril = player
            self.step(f"{card.name} has peril: while {player} resolves it, they cannot consult the other players, "
                      "and the other players cannot play cards or trigger abilities.", [cited.PERIL,
                                                                                        cited.PERIL_NO_CONSULTING])
        cond = Condition("reveal", card, player, init=init)
        init.commenced = cond
        self.window("interrupt", [cond])
        after = [cond]
        if card.type == "treachery":
            if init.canceled_by:
                init.result = "canceled"
                self.step(f"The effects of {card.name} were canceled; it is still regarded as revealed.",
                          [cited.CANCELED_TREACHERY_STILL_REVEALED])
            elif ab is None:
                init.result = "resolved"
                self.step(f"{card.name} has no effects to resolve.", [cited.TREACHERY_CARD_REVEALED,
                                                                      cited.TREACHERY_EFFECTS_RESOLVE_DISCARDED])
            else:
                init.result = "resolved"
                self.step(f"{possessive(card.name)} When Revealed effects resolve.",
                          [cited.TREACHERY_CARD_REVEALED, cited.TREACHERY_EFFECTS_RESOLVE_DISCARDED,
                           cited.MANDATORY_ABILITY_TYPES])
                self.resolve_effects(init)
            card.zone = "encounter-discard"
            self.step(f"{card.name} is placed in the encounter discard pile.", [cited.TREACHERY_TO_ENCOUNTER_DISCARD])
        else:
            init.result = "canceled" if init.canceled_by else "resolved"
            after += self._reveal_enters(card, player, akey)
            if ab is not None and not init.canceled_by and card.zone == "play":
                self.step(f"{possessive(card.name)} When Revealed effects resolve.",
                          [cited.WHEN_REVEALED_ABILITIES, cited.MANDATORY_ABILITY_TYPES])
                self.resolve_effects(init)
        self.window("response", after)
        if peril:
            self.peril = None
        if card.type == "minion" and card.in_play:
            self.quickstrike(card, player, akey)
        self.trace.phase = saved
        if self.keyword(card, "surge") and not self.s.over:
            self.step(f"{card.name} has surge: its resolution is complete, so {player} reveals an additional "
                      "encounter card.", [cited.SURGE, cited.MANDATORY_ABILITY_TYPES])
            top = self.encounter_top()
            if top is not None:
                self.reveal(player, top, act, akey)

    def _reveal_enters(self, card: Card, player: str, akey: str) -> list[Condition]:
        """A revealed minion, side scheme, environment or attachment enters play (reveal/bullet-1..5)."""
        host = None
        if card.type == "attachment":
            spec = card.attach_to or "villain"
            sel = {"type": spec} if isinstance(spec, str) else spec
            hosts = [c for c in self.s.cards.values() if (c.in_play or c.is_identity) and c is not card
                     and matches(sel, c, player, card)]
            if not hosts:
                card.zone = "encounter-discard"
                self.step(f"{card.name} cannot attach: nothing in play matches its “attach to” ({describe_selector(sel)})"
                          "; it cannot remain revealed, so it is discarded.", [cited.ATTACH_CHECKED_ON_ATTACHING])
                return []
            if len(hosts) > 1:
                chosen = self.current_act.get("target") if self.current_act else None
                host = next((h for h in hosts if h.handle == chosen), None)
                if host is None:
                    self.fail(f"{akey}.target", f"{card.name} could attach to {', '.join(h.handle for h in hosts)}: the "
                                                "first player chooses — declare target = …", cited.FIRST_PLAYER_CHOOSES_ENCOUNTER_TARGET)
            else:
                host = hosts[0]
        enters = Condition("enters-play", card, player)
        engage = Condition("engage", card, player, other=self.identity(player)) if card.type == "minion" else None
        rule = {"minion": [cited.MINION_ENTERS_PLAY_ENGAGED, cited.ENGAGED],
                "side-scheme": [cited.REVEALED_SIDE_SCHEME_ENTERS_PLAY, cited.SIDE_SCHEME_ENTERS_PLAY],
                "attachment": [cited.ATTACHMENT_ENTERS_PLAY_ATTACHED,
                               cited.ATTACH_TO], "environment": [cited.ENVIRONMENT_ENTERS_PLAY, cited.ENVIRONMENT]}

        def enter():
            card.zone = "play"
            card.controller = card.owner
            extra = f" with {card.threat} threat on it" if card.type == "side-scheme" else \
                f", engaged with {player}" if card.type == "minion" else \
                f", attached to {host.name}" if host is not None else ""
            if card.type == "minion":
                card.engaged = player
            if host is not None:
                card.attached_to = host.handle
            self.step(f"{card.name} enters play{extra}.", rule.get(card.type, [cited.REVEAL]) + [cited.ENTERS_PLAY])
            self.entered(card)
        conds = [enters] + ([engage] if engage else [])
        self.occur(conds, enter, after=[])
        return conds

    def entered(self, card: Card) -> None:
        """What a card's keywords do as it enters play: tough (a tough status card), uses (its counters)."""
        if self.keyword(card, "tough") and card.is_character:
            self.give_status(card, "tough", [cited.TOUGH])
        if "uses" in card.keywords:
            card.uses = card.keywords["uses"]
            self.step(f"{card.name} enters play with {plural(card.uses, 'uses counter')} on it.", [cited.USES])

    def occurrence(self, player: str, act: dict, akey: str) -> None:
        """A game occurrence the scenario describes directly (an enemy's damage, threat placed …)."""
        eff = act["effect"]
        source = self.s.cards.get(act.get("source")) if act.get("source") else None
        init = Initiation(self.new_key("effect"), player, source or self.identity(player), None, False, act, akey)
        saved = self.trace.phase
        self.trace.phase = "game occurrence"
        self.apply_effect(init, eff)
        self.trace.phase = saved

