"""What the FaB engine keeps between queries (judge.engine.fab.state.derived: the static and triggered
abilities in the game; snapshots sharing what is never changed in place) never changes an outcome: every
FaB scenario gives the same full outcome with and without it, the kept values move when abilities or
cards change, and the engine's code changes none of the shared containers in place."""

import re
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.engine.fab import state as st
from judge.engine.fab.cards import Ability, Card

from conftest import judged_under, played

ROOT = Path(__file__).resolve().parents[1]
FAB = ROOT / "judge" / "engine" / "fab"


def _outcome(scenario, book) -> dict:
    try:
        out = sc.play(scenario, book)
    except Exception as exc:   # noqa: BLE001 — a refused scenario must be refused the same way
        return {"error": f"{type(exc).__name__}: {exc}"}
    return _as_dict(out)


def _as_dict(out) -> dict:
    return {**out.to_dict(), "passed": out.passed, "mismatches": out.mismatches, "missing": out.missing_cites}


def _kept_outcome(path, book) -> dict:
    """The outcome with the kept values (the engine's default): the session's play of the file
    (conftest.played, the same document), else played here."""
    try:
        scenario, out = played(path)
    except Exception as exc:   # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}
    assert out.cite_prefix == book.cite_prefix
    return _as_dict(out)


def test_every_fab_scenario_gives_the_same_outcome_with_and_without_kept_values(monkeypatch):
    assert st.KEEP   # the session's plays were made with the kept values
    scenarios = [sc.load(p) for p in sc.find_scenarios(ROOT / "scenarios" / "fab")]
    assert len(scenarios) > 400
    pairs = [(s, judged_under(s)) for s in scenarios]   # the session's loaded documents
    kept = [_kept_outcome(s.path, b) for s, b in pairs]
    monkeypatch.setattr(st, "KEEP", False)
    fresh = [_outcome(s, b) for s, b in pairs]
    differ = [s.path for s, a, b in zip(scenarios, kept, fresh) if a != b]
    assert not differ, differ[:5]
    assert sum(1 for k in kept if "error" not in k) > 400


def test_steps_kept_as_rows_cite_and_number_as_the_steps_made_from_them():
    """The trace's rows (core.Trace.rows) are made into Steps only when read: the cited ids worked out from the
    rows (what --check compares with [expect] cites) are those of the Steps made later, and each Step is
    numbered by its place, over a sample of real scenarios (every 7th; illegal plays reversed included)."""
    from judge.engine.core import Step

    paths = sc.find_scenarios(ROOT / "scenarios" / "fab")[::7]
    checked = unmade = 0
    for path in paths:
        scenario = sc.load(path)
        try:
            out = sc.play(scenario, judged_under(scenario))
        except Exception:   # noqa: BLE001 — a refused file has no trace to read
            continue
        unmade += any(r.__class__ is tuple for r in out.trace.rows)   # played without making the Steps
        from_rows = out.trace.cited_ids()   # what the runner compared with the file's cites, from the rows
        steps = out.trace.steps
        assert [st_.n for st_ in steps] == list(range(1, len(steps) + 1)) and all(isinstance(x, Step) for x in steps)
        assert out.trace.cited_ids() == from_rows == {c for x in steps for c in x.cites}, path
        assert out.cited_so_far() <= set(out.citations()), path
        checked += 1
    assert checked > 100 and unmade > checked // 2   # most answers need no step read back (answer.py, key citations)


def test_a_truncated_trace_numbers_its_later_rows_after_what_it_kept():
    """Rows and Steps mixed, made, truncated (an illegal action reversed, 1.10.3) and added to again: every
    step is numbered by its place and keeps its text, cites and phase."""
    from judge.engine.core import Trace

    trace = Trace()
    trace.phase = "action phase"
    trace.rows.append(("Alice plays Snatch.", ("5.1.1",), "action phase"))
    trace.add("Announce Snatch.", ["5.1.2", "5.1.2"])
    assert [s.n for s in trace.steps] == [1, 2] and trace.steps[1].cites == ["5.1.2"]
    trace.rows.append(("Pay {r}.", ("5.1.7",), "action phase"))
    trace.truncate(1)
    trace.phase = "Reaction Step"
    trace.rows.append(("Bob passes.", ("1.11.4",), "Reaction Step"))
    trace.add("Damage is dealt.", ["7.5.5"])
    got = [(s.n, s.text, s.cites, s.phase) for s in trace.steps]
    assert got == [(1, "Alice plays Snatch.", ["5.1.1"], "action phase"), (2, "Bob passes.", ["1.11.4"], "Reaction Step"),
                   (3, "Damage is dealt.", ["7.5.5"], "Reaction Step")]
    assert trace.cited_ids() == {"5.1.1", "1.11.4", "7.5.5"} and len(trace) == 3


def _state_with(*cards: Card) -> st.State:
    s = st.State()
    for c in cards:
        s.cards[c.handle] = c
    return s


def _statics(s: st.State) -> list:
    return st.derived(s, ("static", ()), lambda: [(c.handle, ab.index) for c in s.cards.values()
                                                   for ab in c.abilities if ab.kind == "static"])


def test_kept_statics_move_when_abilities_are_replaced_or_cards_added_or_removed():
    a = Card("a", "A", "alice")
    a.abilities = [Ability(1, "static", {"effect": {"do": "modify"}}, "k")]
    s = _state_with(a)
    assert _statics(s) == [("a", 1)]
    a.abilities = []                                # an effect takes its abilities (lose all abilities)
    assert _statics(s) == []
    b = Card("b", "B", "bob")
    b.abilities = [Ability(2, "static", {}, "k2")]
    s.cards["b"] = b                                # a token is created
    assert _statics(s) == [("b", 2)]
    s.cards.pop("b")
    assert _statics(s) == []
    s.cards.setdefault("b", b)
    assert _statics(s) == [("b", 2)]


def test_the_abilities_in_game_are_those_of_the_cards_in_order_and_move_with_them():
    """state.abilities_in_game (one pass: the static abilities, the triggered abilities by event) lists what a
    scan of every card's abilities finds, in the cards' and abilities' order, and is made again when they change."""
    a, b = Card("a", "A", "alice"), Card("b", "B", "bob")
    a.abilities = [Ability(1, "trigger", {"on": "hit"}, "k1"), Ability(2, "static", {}, "k2"),
                   Ability(3, "trigger", {"on": "play"}, "k3")]
    b.abilities = [Ability(1, "static", {}, "k4"), Ability(2, "trigger", {"on": "hit"}, "k5"),
                   Ability(3, "activated", {}, "k6")]
    s = _state_with(a, b)

    def scan(kind, on=None):
        return [(c.handle, ab.key) for c in s.cards.values() for ab in c.abilities
                if ab.kind == kind and (on is None or ab.data.get("on") == on)]

    def index():
        statics, triggers = st.abilities_in_game(s)
        return ([(c.handle, ab.key) for c, ab in statics],
                {on: [(c.handle, ab.key) for c, ab in pairs] for on, pairs in triggers.items()})

    assert index() == (scan("static"), {"hit": scan("trigger", "hit"), "play": scan("trigger", "play")})
    assert index()[1]["hit"] == [("a", "k1"), ("b", "k5")]
    b.abilities = [Ability(1, "trigger", {"on": "play"}, "k7")]   # an effect replaces its abilities
    assert index() == (scan("static"), {"hit": scan("trigger", "hit"), "play": scan("trigger", "play")})
    s.cards.pop("a")
    assert index() == ([], {"play": [("b", "k7")]})


def test_a_snapshot_starts_without_the_kept_values():
    a = Card("a", "A", "alice")
    a.abilities = [Ability(1, "static", {}, "k")]
    s = _state_with(a)
    first = _statics(s)
    copy = st.snapshot(s)
    assert "_derived" not in copy.__dict__
    assert _statics(copy) == first and _statics(copy) is not first
    assert isinstance(copy.cards, st.Cards)


def test_a_snapshot_owns_the_containers_the_engine_changes():
    """Reversing an illegal action (1.10.3) restores the snapshot: nothing the engine changes in place after it
    (an effect's data and bound objects, the stack, the history, a player's plays, last known information) may
    be shared with the state it was taken from."""
    a = Card("a", "A", "alice")
    s = _state_with(a)
    s.players["alice"] = st.Player("alice", "Hero", 20, 0)
    eff = st.Effect(1, 1, "a", "alice", "modify", {"stat": "power", "by": 1}, applies_to={"a"})
    s.effects.append(eff)
    s.dormant.append(st.Effect(2, 2, "a", "alice", "modify", {"stat": "defense"}, applies_to={"a"}))
    s.history.append(("play", {"card": "a"}))
    s.lki["a"] = {"power": 3}
    copy = st.snapshot(s)
    eff.data["by"] = 5
    eff.applies_to.add("b")
    s.dormant[0].applies_to.discard("a")
    s.effects.append(eff)
    s.history.clear()
    s.lki["a"]["power"] = 0
    s.players["alice"].played_this_turn.append("a")
    a.counters.append((1, "power", 1))
    got = copy.effects[0]
    assert got is not eff and got.data == {"stat": "power", "by": 1} and got.applies_to == {"a"}
    assert copy.dormant[0].applies_to == {"a"} and len(copy.effects) == 1
    assert copy.history == [("play", {"card": "a"})] and copy.lki == {"a": {"power": 3}}
    assert copy.players["alice"].played_this_turn == [] and copy.cards["a"].counters == []


def test_a_clone_copies_the_containers_an_object_holds_now_whatever_shape_it_had_before():
    """state._clone finds an object's lists, dicts and sets by the types of its values at every clone: the same
    names with a value of another type, or a container added later, are copied as they are now."""
    eff = st.Effect(1, 1, "a", "alice", "modify", {"stat": "power"})
    assert st._clone(eff).applies_to is None                 # not a container: shared as it is
    eff.applies_to = {"a"}                                   # the same attribute names, now holding a set
    copy = st._clone(eff)
    assert copy.applies_to == {"a"} and copy.applies_to is not eff.applies_to
    assert copy.data == eff.data and copy.data is not eff.data
    link = st.ChainLink(1, "a", "alice", ["bob"])
    link.__dict__["_mirage"] = {"d"}                         # a container added after the object was made
    copied = st._clone(link)
    assert copied._mirage == {"d"} and copied._mirage is not link._mirage
    assert copied.targets == ["bob"] and copied.targets is not link.targets
    eff.applies_to = None
    assert st._clone(eff).applies_to is None


SHARED = ("types", "subtypes", "supertypes", "keywords", "abilities", "sides")
_IN_PLACE = re.compile(r"\.(%s)(\[[^\]]*\]\s*[-+|&]?=(?!=)|\.(add|append|remove|discard|pop|update|clear|extend|insert|"
                       r"setdefault|sort|reverse|popitem)\(|\s*[-+|&]=)" % "|".join(SHARED))


@pytest.mark.parametrize("path", sorted(p.name for p in FAB.glob("*.py") if p.name != "build.py"))
def test_engine_code_never_changes_a_shared_container_in_place(path):
    """A snapshot shares a card's types, subtypes, supertypes, keywords, abilities and sides with the state it
    copies (state._clone_card), and the kept values rest on abilities being replaced, never changed: the
    engine assigns a new container instead (build.py fills them before the game begins)."""
    text = (FAB / path).read_text(encoding="utf-8")
    found = [m.group(0) for m in _IN_PLACE.finditer(text)]
    assert not found, f"{path} changes a shared card container in place: {found}"
