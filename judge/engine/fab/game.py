# The game (FaB CR 1.10 game state, 1.11 priority) and the scenario's actions, played by its parts chapter by chapter.
"""The Flesh and Blood engine: the rules' own procedures as state transitions, every step cited.

* 5.1 playing a card in nine steps (announce, declare costs, modes and targets, check legal play,
  calculate and pay asset-costs, calculate and pay effect-costs, play); an illegal play reverses the state.
* 5.2 activating an ability (LIMIT, additional activations, private sources).
* 5.3 resolving a layer in six steps (check resolution, static effects, layer effects, go again, leave
  stack, clear).
* 7 combat: Layer, Attack, Defend, Reaction, Damage, Resolution and Close steps with priority passing.

Cards are described by properties and ability primitives (see cards.py and docs/scenario-format.md); no
card is known by name. Priority follows the scenario's actions: a player who acts next receives priority
when the players before them pass (1.11.4a), and when an action can only be taken in a later step, all
players pass in succession until that step (1.11.4a, 5.3.1, the steps of chapter 7).
"""

from __future__ import annotations

from judge.engine.core import STEP_BUDGET, InvalidScenario, Outcome, Step, bounded
from judge.engine.fab.base import IllegalAction, STEP_NAMES, _effect_phrase
from judge.engine.fab.cards import ARENA_ZONES, CHANGES, Card, has_moniker
from judge.engine.fab.state import State, abilities_in_game
from judge.engine.fab.combat import Combat
from judge.engine.fab.damage import Damage
from judge.engine.fab.effects import Effects
from judge.engine.fab.activating import Activating
from judge.engine.fab.playing import Playing
from judge.engine.fab.properties import Properties
from judge.engine.fab.counters import Counters
from judge.engine.fab.counts import Counts
from judge.engine.fab.costs import Costs
from judge.engine.fab.delayed import Delayed, Returning
from judge.engine.fab.faces import Faces
from judge.engine.fab.turn import Turn
from judge.engine.fab.zones import Zones
from judge.engine.fab.keyword_play import KeywordPlay
from judge.engine.fab.resolving import Resolving
from judge.engine.fab.subcards import SubCards
from judge.engine.fab.targets import Targets
from judge.engine.fab import cited, tapping

__all__ = ["Game", "IllegalAction", "STEP_NAMES", "check_card_pools", "run"]


class Game(Properties, Effects, Damage, Playing, Targets, Activating, Resolving, Combat, Turn, Delayed, Returning,
           Counts, Costs, Counters, Zones, KeywordPlay, SubCards, Faces):
    """One game in progress, with its trace.

    The Game is made of parts, one per chapter of the rules, each a class whose docstring says what it owns:
    Properties (6.2, 6.3: values, conditions), Effects (6.6 triggers, effect primitives), Damage (8.5.3 damage,
    6.4.10 prevention), Playing (5.1), Targets (1.4.5, 1.8.5), Activating (5.2), Resolving (5.3), Combat (7), Turn (4), Delayed (6.6.3), Counts, Counters (1.15),
    Zones (3, 8.5). The
    Game itself owns the state ``s``, the trace, priority (1.11) and game state actions (1.10.2), and the
    facts the answer reports (``facts``, ``triggered``, ``failed``, ``tokens``, ``power_seen``,
    ``defense_seen``, ``costs_paid``, ``defended``, ``notable``).
    """

    def __init__(self, state: State, outcome: Outcome, scenario):
        self.s = state
        self.out = outcome
        self.trace = outcome.trace
        self.scenario = scenario
        self.queue: list[tuple[int, dict]] = []
        self.advancing = False    # passing priority until the current action can be taken (ready_for)
        self.current_key = None   # the scenario key of the action being taken, for errors
        self.start_life = {name: p.life for name, p in state.players.items()}   # for the answer's life totals
        self.start_zones = {h: c.zone for h, c in state.cards.items()}
        self.notable: list = []   # (tag, step): steps the answer repeats (illegal, failed, go-again, telling, game)
        self.closing_cites: list[str] = []   # the rules that closed the combat chain early
        self.facts = outcome.facts
        self.facts.setdefault("legal", {})
        self.facts.setdefault("resolved", {})
        self.triggered: list[str] = []
        self.failed: list[str] = []
        self.tokens: list[str] = []
        self.power_seen: dict[str, int] = {}
        self.defense_seen: dict[str, int] = {}
        self.costs_paid: dict[str, dict] = {}
        self.defended: dict[str, str] = {}
        self._evaluating: set = set()   # static abilities whose while-condition is being evaluated
        self._player_names: dict = {}   # player → how the trace names them (player_name)
        # does any card have a static ability that grants a triggered ability (looked up only when one does)
        self.static_grants = any(ab.get("effect", {}).get("do") == "gain-ability"
                                 for _, ab in abilities_in_game(state)[0])

    # =====================================================================================================
    # helpers
    # =====================================================================================================
    def step(self, text: str, cites=(), changes=(), tag: str | None = None):
        """Add a step to the trace; ``tag`` marks a step the answer should repeat (see ``_summarise``)."""
        trace = self.trace
        rows = trace.rows
        if tag is None and not changes and len(rows) < STEP_BUDGET:
            rows.append((text, tuple(cites), trace.phase))   # a row: made a Step when the trace is read (core.Trace)
            return
        st = Step(len(rows) + 1, text, cites, changes, trace.phase)
        trace.append(st)   # past the budget of every resolution: raises
        if tag:
            self.notable.append((tag, st))

    def record_action(self, key: str, legal: bool, because: str = "", card: str | None = None, rules=()):
        """Per action of the file (``actions.N``): was it legal, and the first rule that made it illegal; for a
        declaration of several cards, also per card (``cards``). ``rules``: every rule cited for the illegality
        (``illegal_rules``), any of which an ``illegal_because`` expectation may name."""
        rec = self.facts.setdefault("actions", {}).setdefault(key.split(".")[-1], {"legal": True})
        if not legal:
            rec["legal"] = False
            if "illegal_because" not in rec:
                rec["illegal_because"] = because
                rec["illegal_rules"] = list(dict.fromkeys([because, *rules]))
        if card is not None:
            rec.setdefault("cards", {})[card] = legal

    def record_illegal(self, name: str, rules: list):
        """``name`` (a card played, an ability activated, a card declared) is illegal: ``illegal_because`` is the
        first rule cited for it, and ``illegal_rules`` every rule cited for it (a judge may quote the step's rule
        or the keyword's own: 7.3.2b and 8.3.4a)."""
        self.facts["legal"][name] = False
        self.facts.setdefault("illegal_because", {})[name] = rules[0] if rules else ""
        self.facts.setdefault("illegal_rules", {})[name] = list(dict.fromkeys(rules))

    def until_created(self, handle: str, key: str):
        """An action naming a card an effect creates (``create-card``): players pass in succession until it exists;
        if the stack empties and the combat chain closes first, the file names a card never created."""
        for _ in bounded(200, "passing until the card is created"):
            if handle in self.s.cards:
                return
            if self.s.game_over or not self.s.stack and not self.s.chain_open:
                break
            self.all_pass()
        if handle not in self.s.cards:
            raise InvalidScenario([self.scenario.reason(
                "unknown-card", f"no card {handle!r} was created before this action: nothing in the game made it", key)])

    def card(self, handle: str) -> Card:
        """The card with this handle."""
        return self.s.cards[handle]

    def player_name(self, name: str) -> str:
        """The player as the trace names them: their hero and their name."""
        said = self._player_names.get(name)   # a player's name and hero never change: each worked out once
        if said is None:
            p = self.s.players.get(name)
            said = self._player_names[name] = f"{p.hero} ({name})" if p and p.hero and p.hero != name else name
        return said

    def clockwise_from(self, start: str) -> list[str]:
        """The players in clockwise order starting from ``start`` (1.1.6)."""
        seats = self.s.seating
        i = seats.index(start)
        return seats[i:] + seats[:i]

    def opponents(self, player: str) -> list[str]:
        """Every other player, in seating order."""
        return [p for p in self.s.seating if p != player]

    def move(self, card: Card, zone: str, controller: str | None = None):
        """Move a card to a zone: a new timestamp, its controller, and a new object when it leaves the arena or the
        stack."""
        old, was_controlled_by = card.zone, card.controller
        zone = self.replaced_destination(card, zone)   # 8.3.21 ephemeral
        replaced = self.own_move_replaced(card, old, zone)   # "if this would be put into your graveyard, instead …"
        if replaced != zone and replaced == old:
            return old   # 3.0.7b: the replaced destination is its origin, no move occurs
        zone = replaced
        if card.token and zone not in ARENA_ZONES + ("stack", "outside", "under"):   # 8.1.8a: or as a sub-card
            if zone != "graveyard":   # a token destroyed or cleared says so where it happens (3.0.12a)
                self.step(f"{card.name} is a token, and tokens exist only in the arena: leaving it, it ceases to exist "
                          f"instead of being put into the {zone}.", [cited.TOKEN_ONLY_IN_ARENA, cited.MOVE_TO_NO_ZONE])
            zone = "outside"
        if old in ARENA_ZONES or old == "stack":
            self.remember(card)
        card.zone = zone
        card.timestamp = self.s.tick()
        if zone in ("hand", "deck", "graveyard", "banished", "pitch", "arsenal", "soul"):
            card.controller = card.owner
        elif controller is not None:
            card.controller = controller
        if zone not in ARENA_ZONES and zone != "stack" and old != zone:
            self.reset_object(card)
            if old in ARENA_ZONES or old == "stack":
                if zone != "under":
                    self.clear_sub_cards(card)   # 3.0.14e: its sub-cards are cleared with it
            elif old == "under":
                card.under = None
        if zone == "deck":
            self.place_in_deck(card)
        self.zone_changed(card, old, zone, was_controlled_by)
        return old

    def cleared_to(self, card: Card) -> str:
        """Where a card cleared to its graveyard went: its graveyard, or what a replacement of that move made it
        (the bottom of its deck, its banished zone, out of the game)."""
        return {"graveyard": "to its owner's graveyard", "deck": "instead to the bottom of its owner's deck",
                "banished": "instead to its owner's banished zone",
                "outside": "and instead ceases to exist"}.get(card.zone, f"instead to its owner's {card.zone}")

    def reset_object(self, card: Card):
        """3.0.9: a card that enters a zone outside the arena and the stack is a new object with no relation to
        its previous existence: effects bound to it end, its counters and set base values are gone, and what an
        effect took from it (lose-abilities) is back."""
        card.base_defense_set = None
        card.base_power_set = None
        card.counters = []
        card.tapped = False   # no longer a permanent: its state goes with it (2026-02 1.3.3b)
        card.__dict__.pop("_chosen", None)   # the choices written for the action that played it
        card.__dict__.pop("_names", None)
        card.__dict__.pop("_boost_banished", None)   # the card its boost banished: of that play only (8.3.9)
        card.__dict__.pop("_played_with", None)   # boosted, fused, rune gated: that play's (8.3.9a, 8.3.17a, 8.3.27a)
        if card.printed is not None:
            card.abilities = list(card.printed[0])
            card.keywords = dict(card.printed[1])
        if card.faces is not None:
            self.face_on_new_object(card)   # 9.1.3b, 9.1.5b: which face a double-faced card has as a new object
        ended = []
        for eff in self.s.effects:
            eff.data.get("_held", set()).discard(card.handle)   # 6.2.2c holds the previous existence only
            if eff.applies_to and card.handle in eff.applies_to:
                eff.applies_to = eff.applies_to - {card.handle}
                ended.append(eff)
        if ended:
            self.step(f"{card.name} is a new object in the {card.zone} zone: the effects given to its previous existence "
                      f"({'; '.join(f'{self._src_name(e)}: {_effect_phrase(e)}' for e in ended)}) no longer apply to it.",
                      [cited.NEW_OBJECT], tag="telling")

    def remember(self, card: Card):
        """Last known information (1.2.3): a snapshot of the object before it leaves."""
        self.s.lki[card.handle] = {"power": self.power(card), "defense": self.defense(card),
                                   "keywords": self.keywords(card), "controller": card.controller,
                                   "name": card.name, "types": set(card.types), "subtypes": set(card.subtypes),
                                   "supertypes": set(self.supertypes(card)), "counters": list(card.counters)}

    # =====================================================================================================
    # priority and passing (1.11)
    # =====================================================================================================
    def give_priority(self, player: str):
        """The players before ``player`` pass until ``player`` has priority (1.11.4a)."""
        if self.s.priority == player:
            return
        if self.s.priority is None:
            raise IllegalAction(f"{self.player_name(player)} cannot act now: no player has priority in the "
                                f"{STEP_NAMES[self.s.step]}", [cited.PRIORITY_IN_ACTION_PHASE_ONLY])
        s = self.s
        passers = []
        for _ in range(100):
            if s.priority == player:
                break
            p = s.priority
            passers.append(p)
            s.passed.append(p)
            if set(s.seating) <= set(s.passed):
                # 1.11.4a: every player has passed in succession — the game moves on before anyone else acts
                names = ", ".join(self.player_name(x) for x in passers)
                if not s.stack and s.step == "action":
                    raise InvalidScenario([self.scenario.reason(
                        "all-passed", f"{names} pass{'es' if len(passers) == 1 else ''}: every player has now passed "
                        "in succession with an empty stack, so the action phase ends and "
                        f"{self.player_name(player)} cannot act — an illegal action that was reversed does not "
                        "count as acting; drop the actions that need priority after it",
                        self.current_key, cited.ACTION_PHASE_ENDS)])
                self.step(f"{names} pass{'es' if len(passers) == 1 else ''}: every player has passed in succession "
                          "(an illegal action that was reversed does not break the succession).",
                          [cited.ALL_PASS_IN_SUCCESSION, cited.ILLEGAL_ACTION_REVERSED])
                passers = []
                self.all_pass()
                if s.priority is None:
                    raise IllegalAction(f"{self.player_name(player)} cannot act now: no player has priority in the "
                                        f"{STEP_NAMES[s.step]}", [cited.PRIORITY_IN_ACTION_PHASE_ONLY])
                continue
            s.priority = self.clockwise_from(p)[1]
        if passers:
            self.step(f"{', '.join(self.player_name(x) for x in passers)} pass{'es' if len(passers) == 1 else ''}; "
                      f"{self.player_name(player)} receives priority.",
                      [cited.ACTIVE_PLAYER_PASS_PRIORITY, cited.ALL_PASS_IN_SUCCESSION])
        s.priority = player

    def all_pass(self):
        """All players pass in succession (1.11.4a): the top layer resolves, or the step ends."""
        s = self.s
        if s.game_over:
            raise StopIteration
        s.passed = []
        if s.pending:
            self.add_pending_triggers()
        if s.priority is None and s.step not in ("close",):
            s.priority = s.turn_player
        if s.stack:
            top = s.stack[-1]
            if s.step == "layer" and top.is_attack and len(s.stack) == 1:
                self.step("All players pass in succession with the attack as the top layer: the Layer Step "
                          "ends and the Attack Step begins.", [cited.LAYER_STEP_ENDS])
                self.attack_step()
                return
            self.step(f"All players pass in succession: the top layer of the stack ({top.name}) resolves.",
                      [cited.ALL_PASS_IN_SUCCESSION, cited.RESOLUTION_ABILITY])
            self.resolve_layer(top)
            return
        if s.step == "action":
            raise StopIteration
        if s.step == "attack":
            self.step("The stack is empty and all players pass: the Attack Step ends and the Defend Step begins.",
                      [cited.ATTACK_STEP_ENDS])
            self.defend_step()
        elif s.step == "defend":
            self.step("The stack is empty and all players pass: the Defend Step ends and the Reaction Step "
                      "begins.", [cited.DEFEND_STEP_ENDS])
            self.reaction_step()
        elif s.step == "reaction":
            self.step("The stack is empty and all players pass: the Reaction Step ends and the Damage Step "
                      "begins.", [cited.REACTION_STEP_ENDS])
            self.damage_step()
        elif s.step == "damage":
            self.step("The stack is empty and all players pass: the Damage Step ends and the Resolution Step "
                      "begins.", [cited.DAMAGE_STEP_ENDS])
            self.resolution_step()
        elif s.step == "resolution":
            self.step("The stack is empty and all players pass during the Resolution Step: the Close Step "
                      "begins.", [cited.RESOLUTION_STEP_ENDS, cited.RESOLUTION_STEP_CLOSES_CHAIN])
            self.close_step()
        elif s.step == "layer":
            # the attack left the stack some other way
            self.close_step()

    def turn_player_gains_priority(self, cite: str, text: str | None = None):
        """The turn player gains priority: game state actions first (1.10.2), then, if the step goes on,
        ``text`` is said with ``cite``."""
        step_before = self.s.step
        self.s.priority = self.s.turn_player
        self.s.passed = []
        self.game_state_actions()
        if text and not self.s.game_over and self.s.step == step_before:
            self.step(text, [cite])

    def _clear_dead_objects(self):
        """1.10.2b: living objects in the arena with 0 life total are cleared simultaneously, as one event; they
        have died (2.5.3f, 2.5.3g)."""
        dead = [c for c in self.s.cards.values() if c.life is not None and c.zone in ARENA_ZONES
                and self.life_total(c) == 0]
        if not dead:
            return
        names = ", ".join(c.name for c in dead)
        self.step(f"Game state action: {names} {'has' if len(dead) == 1 else 'have'} 0 life: cleared from the arena "
                  f"as one event — {'it has' if len(dead) == 1 else 'they have'} died.",
                  [cited.GSA_LIVING_OBJECTS_CLEARED, cited.LIFE_TOTAL_REDUCED_ZERO, cited.LIVING_OBJECT_DIED], tag="game")
        for c in dead:
            self.remember(c)
            self.move(c, "graveyard")
            if c.token:
                c.zone = "outside"
                self.step(f"{c.name} is a token: it has left the arena and ceases to exist.",
                          [cited.CLEARED_TOKEN_CEASES_TO_EXIST])
        self.facts.setdefault("died", []).extend(c.handle for c in dead)

    def game_state_actions(self):
        """1.10.2: performed first whenever the game transitions to a new priority state."""
        s = self.s
        if s.game_over:
            return
        # 1.10.2a: heroes that have died (life total reduced to zero, 2.5.3f) — their players lose
        dying = [p for p in s.players.values() if p.life <= 0 and not p.lost]
        if dying:
            for p in dying:
                p.lost = True
                self.facts.setdefault("dead", []).append(p.name)
                self.facts.setdefault("lost", []).append(p.name)
                self.step(f"Game state action: {self.player_name(p.name)} has 0 life, so their hero has died and "
                          f"{p.name} loses the game.",
                          [cited.GSA_HERO_DIED, cited.LIFE_TOTAL_REDUCED_ZERO, cited.HERO_DIED_PLAYER_LOSES], tag="game")
            remaining = [n for n in s.seating if not s.players[n].lost]
            if not remaining:
                s.game_over = True
                self.facts["draw"] = True
                self.step("Every remaining hero's life total was reduced to zero at the same time: the game is a draw "
                          "and ends.", [cited.GAME_DRAW, cited.GAME_ENDS_IMMEDIATELY], tag="game")
                return
            if len(remaining) == 1:
                s.game_over = True
                self.facts["winner"] = remaining[0]
                self.step(f"All of {remaining[0]}'s opponents have lost: {self.player_name(remaining[0])} wins and the "
                          "game ends immediately.", [cited.PLAYER_WINS_GAME, cited.GAME_ENDS_IMMEDIATELY], tag="game")
                return
            for p in dying:
                self._leave_game(p.name)
        self._clear_dead_objects()
        # 1.10.2d: state-based triggered effects whose state-condition is met trigger; then pending
        # triggered-layers are added to the stack
        if s.chain_open and s.chain:   # both look at the active chain link only
            self._check_state_triggers()
            self.check_defending_state_triggers()   # 8.3.25 mirage
        values = s.__dict__.get("_derived")   # kept_values() inlined: is any state-based triggered ability listening?
        if values is None or values[0] != CHANGES[0] or values[1]["in-game"][1].get("state"):
            self.state_triggers()
        if s.pending:
            self.add_pending_triggers()
        # 1.10.2e: a rule or effect has closed the combat chain
        if s.closing is not None and s.chain_open and s.step != "close":
            why, cites = s.closing
            s.closing = None
            self.step(f"Game state action: the combat chain closes ({why}); the current step ends and the Close Step "
                      "begins.", list(cites) + [cited.CHAIN_CLOSES_EARLY, cited.GSA_CHAIN_CLOSES])
            self.facts["chain_closed_because"] = why
            self.closing_cites = list(cites)
            self.close_step()

    def _leave_game(self, name: str):
        """4.5.1a: a player lost but the game goes on — their objects are cleared, then removed from the game."""
        s = self.s
        s.seating = [n for n in s.seating if n != name]
        cleared, gone_layers = [], []
        for layer in list(s.stack):
            if layer.controller == name:
                s.stack.remove(layer)
                if layer.kind != "card":   # a non-card layer cleared ceases to exist (3.0.12a)
                    gone_layers.append(layer.name)
                    self.failed.append(self._layer_fact_name(layer))
                    self.facts["resolved"][self._layer_fact_name(layer)] = False
        for c in s.cards.values():
            if c.controller == name and c.zone in ARENA_ZONES + ("stack", "combat-chain"):
                self.move(c, "graveyard")
                cleared.append(c.name)
        removed = []
        for c in s.cards.values():
            if c.owner == name and c.zone != "outside":
                if c.controller != name and c.zone in ARENA_ZONES:
                    removed.append(c.name)
                c.zone = "outside"
        self.step(f"{self.player_name(name)} lost but the game does not end: everything they control is cleared"
                  + (f" ({', '.join(cleared)} to their graveyard)" if cleared else "")
                  + (f"; {', '.join(gone_layers)} ceases to exist on the stack" if gone_layers else "")
                  + "; then everything they own is removed from the game"
                  + (f", {', '.join(removed)} that another player controls included" if removed else "")
                  + ". The player and their hero cease to exist for the rest of the game.",
                  [cited.LOST_PLAYER_LEAVES_GAME] + ([cited.CLEARED_TOKEN_CEASES_TO_EXIST] if gone_layers else []),
                  tag="game")
        if s.priority == name or s.priority is not None and s.priority not in s.seating:
            s.priority = s.turn_player if s.turn_player in s.seating else s.seating[0]

    def close_combat_chain(self, why: str, cites):
        """A rule or effect closes the combat chain: the Close Step begins as a game state action (7.7.2, 1.10.2e)."""
        if self.s.chain_open and self.s.closing is None and self.s.step != "close":
            self.s.closing = (why, list(cites))


# ---------------------------------------------------------------------------------------------------------
# playing the scenario's actions
# ---------------------------------------------------------------------------------------------------------

def check_card_pools(game: Game):
    """Card-pool legality as determined outside the game (1.1.3, 8.3.7), with meta-static abilities (1.7.4d)."""
    s = game.s
    if not any(c.keywords.get("specialization") not in (None, True) for c in s.cards.values()):
        return
    legal = {}
    for name, player in s.players.items():
        heroes = [c for c in s.cards.values() if c.owner == name and "hero" in c.types]
        hero_names = {player.hero} | {c.name for c in heroes}
        any_specialization = any(ab.kind == "meta" and ab.get("allows") == "specialization-of-any-hero"
                                 for c in heroes for ab in c.abilities)
        ok = True
        for c in s.cards.values():
            spec = c.keywords.get("specialization")
            if c.owner != name or spec in (None, True) or spec in hero_names:
                continue
            if any(has_moniker(h, str(spec)) for h in hero_names):
                game.step(f"{c.name} is a specialization card of {spec}, the moniker of {name}'s hero: the card-pool "
                          "is legal.", [cited.SPECIALIZATION, cited.MONIKER])
                continue
            if any_specialization:
                game.step(f"{c.name} is a specialization card of {spec}; {name}'s hero has a meta-static ability allowing "
                          "specialization cards of any hero, functional outside the game, so the card-pool is legal.",
                          [cited.META_STATIC_ABILITY, cited.META_STATIC_FUNCTIONAL])
            else:
                ok = False
                game.step(f"{c.name} is a specialization card of {spec}, not of {name}'s hero: the card-pool is not "
                          "legal.", [cited.SPECIALIZATION])
        legal[name] = ok
    if any(c.keywords.get("specialization") not in (None, True) for c in s.cards.values()):
        game.facts["card_pool_legal"] = legal


def _n(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless n is 1."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def run(game: Game, scenario):
    """Take the scenario's actions in order (4.3 the action phase, 1.11 priority); afterwards every player
    passes until the stack is empty and the combat chain is closed. An illegal action is an InvalidScenario."""
    actions = scenario.data.get("actions", [])
    game.queue = list(enumerate(actions, 1))
    game.trace.phase = "action phase"
    game.step(f"{game.player_name(game.s.turn_player)} is the turn-player and has priority in their action phase with "
              f"{_n(game.s.players[game.s.turn_player].action_points, 'action point')}.",
              [cited.TURN_PLAYER_HAS_ONE_ACTION_POINT, cited.ACTION_PHASE_PRIORITY])
    tapping.start_tapped(game)
    while game.queue:
        if game.s.game_over:
            left = len(game.queue)
            game.step(f"The game is over: the remaining {left} action{'s are' if left != 1 else ' is'} not taken.",
                      [cited.GAME_ENDS_IMMEDIATELY])
            game.queue.clear()
            break
        idx, act = game.queue.pop(0)
        key = f"actions.{idx}"
        game.current_key = key
        if "random" in act:
            game.random_results = list(act["random"])
        if "roll" in act:   # 8.5.18: what the dice showed, in the order rolled
            game.roll_results = list(act["roll"])
        player = act.get("player", game.s.turn_player)
        if player in game.s.players and game.s.players[player].lost:
            raise InvalidScenario([scenario.reason(
                "illegal-action", f"{player} has lost the game and ceased to exist with their hero: they take no more "
                "actions", key, cited.LOST_PLAYER_LEAVES_GAME)])
        try:
            if "pass" in act:
                until = act.get("until")
                _pass(game, until)
            elif "play" in act:
                game.until_created(act["play"], key)
                card = game.card(act["play"])
                game.ready_for(player, card, act)
                if game.s.step == "close" or game.s.priority is None:
                    raise InvalidScenario([scenario.reason("no-priority", f"{player} cannot act: no player has "
                                                           "priority now", key, cited.PRIORITY_IN_ACTION_PHASE_ONLY)])
                game.play_card(player, card, act, key)
            elif "activate" in act:
                game.until_created(act["activate"], key)     # a token an effect creates (build.created_handles)
                card = game.card(act["activate"])
                number = card.ability_number(act)
                if "ability" not in act and not any(a.kind == "activated" for a in card.abilities):
                    number = len(card.abilities) + 1   # none of its own: the first one an effect gives it (1.7.7)
                ab = game.ability_at(card, number)
                timing = {"defense reaction": "reaction", "attack reaction": "reaction", "action": "main"}.get(
                    ab.get("type", "instant") if ab is not None else "instant", "now")
                game.ready_for(player, None, dict(act, _timing=timing))
                game.activate(player, card, number, act, key)
            elif "defend" in act:
                game.queue.insert(0, (idx, act))
                _advance_to_defend(game, key)
            elif "trigger" in act:
                _hidden_trigger(game, player, act, key)
            elif "end_turn" in act:
                game.end_turn(act, key)
        except IllegalAction as exc:
            raise InvalidScenario([scenario.reason("illegal-action", exc.message, key, exc.cites[0])]) from None
        except StopIteration:
            if game.s.game_over:
                left = len(game.queue) + 1
                game.step(f"The game is over: the remaining {left} action{'s are' if left != 1 else ' is'} not taken.",
                          [cited.GAME_ENDS_IMMEDIATELY])
                game.queue.clear()
                break
            raise InvalidScenario([scenario.reason(
                "no-step", "every player passed with an empty stack: the action phase would end before this action "
                "— nothing is left for it to respond to", key, cited.ACTION_PHASE_ENDS)]) from None
    # after the last action: all players pass until the combat chain closes and the stack is empty — triggered
    # layers created as the chain closed (the cards cleared to a graveyard, 7.7.6) go on it first (6.6.6)
    for _ in bounded(200, "passing until the stack is empty and the combat chain closed"):
        if game.s.game_over or not game.s.stack and not game.s.chain_open and not game.s.pending:
            break
        try:
            game.all_pass()
        except StopIteration:
            break


def _pass(game: Game, until):
    """pass = true: all players pass in succession once, or until the step ``until`` (1.11.4a)."""
    if until:
        for _ in bounded(60, f"passing until {until}"):
            if game.s.step == until or (until == "closed" and not game.s.chain_open):
                return
            try:
                game.all_pass()
            except StopIteration:
                return
        return
    try:
        game.all_pass()
    except StopIteration:
        pass


def _advance_to_defend(game: Game, key: str):
    """All players pass until the Defend Step, where the next action declares defending cards (7.3)."""
    for _ in range(60):
        if game.s.step == "defend" and game.queue and "defend" in game.queue[0][1]:
            # declarations happen on entering the step; here it is too late
            raise InvalidScenario([game.scenario.reason("late-defend", "defending cards are declared at the start of "
                                                        "the Defend Step; this declaration comes after it", key,
                                                        cited.DEFENDING_CARDS_DECLARED)])
        if not game.queue or "defend" not in game.queue[0][1]:
            return
        if not game.s.chain_open:
            if game.facts["legal"] and not all(game.facts["legal"].values()):
                # an earlier play was illegal and reversed: the declaration has nothing to defend
                idx, act = game.queue.pop(0)
                game.step(f"{game.player_name(act.get('player', ''))}'s declaration of defending cards (action {idx}) "
                          "is not made: there is no attack, since the play before it was illegal and reversed.",
                          [cited.DEFEND_STEP, cited.ILLEGAL_ACTION_REVERSED])
                return
            raise InvalidScenario([game.scenario.reason("no-attack", "there is no attack to defend: the combat chain is "
                                                        "closed", key, cited.DEFEND_STEP)])
        game.all_pass()


def _hidden_trigger(game: Game, player: str, act: dict, key: str):
    """5.4.7b: the owner of a private source decides to trigger its hidden triggered ability."""
    card = game.card(act["trigger"])
    ab = next((a for a in card.abilities if a.kind == "trigger"), None)
    if ab is None or not game.functional(card, ab):
        raise InvalidScenario([game.scenario.reason("not-functional", f"{card.name} has no functional triggered ability "
                                                    "to trigger now", key, cited.HIDDEN_TRIGGERED_ABILITY)])
    was_private = card.private
    game.step(f"The trigger condition of {card.name}'s hidden triggered ability is met while it is functional and "
              f"private; {game.player_name(player)} decides to trigger it"
              + (f", and {card.name} becomes public." if was_private else "."), [cited.HIDDEN_TRIGGERED_ABILITY])
    card.__dict__["_public_until_resolved"] = was_private   # public, though still face down, until it resolves
    game.add_triggered_layer(card, ab, {"card": card.handle})
    game.game_state_actions()
    game.all_pass()
