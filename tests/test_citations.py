"""The citation registry (judge.engine.citations): every rule the engines cite, audited against the documents,
located in other versions by its words."""

import contextlib
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from judge import scenarios as sc
from judge.engine import citations, registry
from judge.rulebook import store
from judge.rulebook.diff import diff
from judge.rulebook.formats import gitbook, glossary, numbered
from judge.rulebook.model import Rulebook

from conftest import ROOT, corpus_file, played

ENGINES = {"fab": ROOT / "judge/engine/fab", "ga": ROOT / "judge/engine/grand_archive",
           "mc": ROOT / "judge/engine/marvel_champions"}


@lru_cache(maxsize=None)
def fab(version: str) -> Rulebook:
    path = corpus_file("fab", f"en-fab-cr-{version}.txt")
    return numbered.parse([(str(path), path.read_bytes())], game="fab", version=version)


@lru_cache(maxsize=None)
def ga_full() -> Rulebook:
    return gitbook.parse([str(corpus_file("grand-archive", "gitbook-rules"))], game="ga", version="2026-08-21",
                         format="gitbook")


@lru_cache(maxsize=None)
def mc_full() -> Rulebook:
    path = corpus_file("marvel-champions", "rules-reference.html")
    return glossary.parse([(str(path), path.read_bytes())], game="mc", version="2019", format="glossary-html")


def seed(game: str) -> Rulebook:
    return store.load(store.resolve({"fab": "fab-2.10.1-seed"}.get(game, f"{game}-seed")))


# ---------------------------------------------------------------------------------------------------------
# the registry itself
# ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["fab", "ga", "mc"])
def test_every_registry_names_its_entries_once(game):
    reg = registry.cited(game)
    assert len(reg) > 80
    assert all(re.fullmatch(r"[A-Z][A-Z0-9_]*", e.name) for e in reg)
    # a name says what the rule is about in words, not where it stands (ATTACKER_NEEDS_POWER, not
    # ATTACKING_AND_THE_COMBAT_PHASE_1_3: a number in a name is the id again, and wrong in the next version)
    assert [e.name for e in reg if re.search(r"\d", e.name)] == []
    assert len({e.id for e in reg}) == len(reg)
    assert all(len(e.words.split()) >= 1 and e.words == e.words.lower() for e in reg)
    # a name is the rule id itself: it goes wherever the engine puts an id
    entry = next(iter(reg))
    assert entry == entry.id and isinstance(entry, str) and reg.get(entry.id) is entry


def test_key_fab_entries_say_what_a_judge_quotes():
    reg = registry.cited("fab")
    assert reg["HIT"] == "7.5.5" and reg["HIT"].words == "an attack is considered to have hit"
    assert reg["DOMINATE"] == "8.3.4" and reg["GO_AGAIN_LKI"] == "5.3.5a"
    assert reg["ILLEGAL_ACTION_REVERSED"] == "1.10.3" and reg["NEW_OBJECT"] == "3.0.9"


def proposals(game: str, ids) -> str:
    """For the failure message: a registry line to add for each id (words: the opening of its text)."""
    books = [seed(game)]
    with contextlib.suppress(BaseException):   # the full documents when ../shared/corpora is there
        books.insert(0, {"fab": lambda: fab("2.10.1"), "ga": ga_full, "mc": mc_full}[game]())
    lines = []
    for rule_id in sorted(ids):
        rule = next((b.rules[rule_id] for b in reversed(books) if rule_id in b.rules), None)
        if rule is None:
            lines.append(f"# {rule_id}: no such rule in {', '.join(b.cite_prefix for b in books)}: a wrong citation")
            continue
        words = " ".join(citations.word_key(rule.text or rule.title).split()[:6])
        lines.append(f'NAME = cite("{rule_id}", "{words}")')
    return f"add to judge/engine/{ENGINES[game].name}/cited.py (a name a judge recognises, words that stay):\n" + \
        "\n".join(lines)


@pytest.mark.parametrize("game", ["fab", "ga", "mc"])
def test_the_engine_cites_only_registered_ids_when_playing_the_suite(game):
    """Ids the code computes (GA cost steps, the MC procedure) are registered too: every citation of every
    scenario of the suite, under the version the scenario names."""
    reg = registry.cited(game)
    unregistered = {}
    for path in sorted((ROOT / "scenarios" / game).glob("*.toml")):
        for rule_id in played(path)[1].citations():    # played once a session (conftest.played)
            if reg.get(rule_id) is None:
                unregistered.setdefault(rule_id, path.name)
    assert unregistered == {}, proposals(game, unregistered)


# ---------------------------------------------------------------------------------------------------------
# the audit: every entry against the documents
# ---------------------------------------------------------------------------------------------------------

def test_every_fab_entry_is_in_cr_2_10_1_with_its_words():
    book = fab("2.10.1")
    reg = registry.cited("fab")
    base = [e for e in reg if not e.since]   # entries bound to a later version: the test below
    assert [e.name for e in base if e.id not in book.rules] == []
    assert [citations.Registry.describe(reg, e) for e in base if not e.holds(book.get(e.id))] == []
    # the embedded excerpt (chapters 5 and 7) agrees on the rules it holds
    excerpt = seed("fab")
    assert [e.name for e in reg if e.id in excerpt.rules and not e.holds(excerpt.get(e.id))] == []


@pytest.mark.parametrize("game, full", [("ga", ga_full), ("mc", mc_full)])
def test_every_ga_and_mc_entry_is_in_the_seed_or_the_full_document(game, full):
    """An entry of a page the seed holds is the seed's rule with its words, and the full document states it
    too (located by its words); every other entry is the full document's rule with its words."""
    reg = registry.cited(game)
    little, whole = seed(game), full()
    pages = {rid.split("/")[0] for rid in little.rules}
    problems = []
    for e in reg:
        if e.id.split("/")[0] in pages:
            if not e.holds(little.get(e.id)):
                problems.append(f"{e.name}: not in the seed")
            located = reg.locate(e, whole)   # raises when the words are nowhere
            if e.within is None and not e.holds(whole.get(located)):
                problems.append(f"{e.name}: located at {located} without its words")
        elif not e.holds(whole.get(e.id)):
            problems.append(f"{e.name}: not in the full document at {e.id}")
    assert problems == []


# ---------------------------------------------------------------------------------------------------------
# locating an entry in another version
# ---------------------------------------------------------------------------------------------------------

def test_located_ids_agree_with_the_diff_pairing():
    old, new = fab("2.10.1"), fab("2026-02")
    pairs = diff(old, new).mapping
    reg = registry.cited("fab")
    located = {e.id: reg.locate_all(e, new) for e in reg if not e.since}
    assert all(e.holds_any(new.get(rid)) for e in reg if not e.since for rid in located[e.id])
    assert {rid: (loc[0], pairs.get(rid)) for rid, loc in located.items() if loc[0] != pairs.get(rid)} == {}


def test_a_sentence_that_moved_to_another_rule_is_cited_where_it_stands_now():
    """2026-02 moved "the active-attack is considered to be attacking until it leaves the combat chain" from 7.2.4
    to 7.2.3: words and position alone cannot follow it; the entry says where it went, checked against the text."""
    old, new = fab("2.10.1"), fab("2026-02")
    reg = registry.cited("fab")
    entry = reg["ATTACKING"]
    assert entry.holds(old.get("7.2.4")) and not entry.holds(new.get("7.2.4"))
    assert reg.locate_all(entry, old) == ("7.2.4",)
    assert reg.locate_all(entry, new) == ("7.2.4", "7.2.3")
    assert "remain attacking until they leave the combat chain" in new.get("7.2.3").text
    without = citations.Registry("fab-moved-test", "2.10.1", {"ATTACKING": citations.cite(entry.id, entry.words)})
    with pytest.raises(citations.UnlocatedCitation):
        without.locate(without["ATTACKING"], new)
    wrong = citations.Registry("fab-moved-test", "2.10.1", {"ATTACKING": citations.cite(
        entry.id, entry.words, moved=("the attack event occurs", "attacking objects remain on the stack"))})
    with pytest.raises(citations.UnlocatedCitation, match=r'ATTACKING .*\(moved: "attacking objects remain on'):
        wrong.locate(wrong["ATTACKING"], new)
    # judged under 2026-02, the step saying the attack is attacking cites both rules that now say it
    outcome = sc.play(sc.load(ROOT / "scenarios/fab/7.2.4-two-attack-triggers.toml"), new)
    step = next(st for st in outcome.trace.steps if " is attacking;" in st.text)
    assert step.cites[:2] == ["7.2.4", "7.2.3"] and outcome.passed


def test_a_renumbered_rule_is_found_by_its_words():
    ga = registry.cited("ga")
    assert ga.locate(ga.get("abilities/6"), ga_full()) == "abilities/14"
    assert ga.locate(ga.get("abilities/6"), seed("ga")) == "abilities/6"
    mc = registry.cited("mc")
    assert mc.locate(mc["STEP_PAY"], mc_full()) == "initiating-abilities/step-2"
    # a part the 2019 wording lacks is cited as the rule it belongs to
    assert mc.locate(mc["STEP_FACEUP"], mc_full()) == "initiating-abilities"
    assert mc.locate(mc["CHECK_VALID_TARGET"], mc_full()) == "initiating-abilities/check-1"


def test_an_excerpt_without_the_chapter_keeps_the_id():
    reg = registry.cited("fab")
    assert reg.locate(reg["LAST_KNOWN_INFORMATION"], seed("fab")) == "1.2.3"   # chapter 1 is not in the seed
    # but never the id of a rule only a later version defines: the seed is 2.10.1, which has no tapping
    with pytest.raises(citations.UndefinedMechanism):
        reg.locate(reg["TAP"], seed("fab"))


# ---------------------------------------------------------------------------------------------------------
# entries bound to a rule only a later version defines (cite(..., since=VERSION))
# ---------------------------------------------------------------------------------------------------------

def test_every_later_fab_entry_is_in_its_version_with_its_words_and_not_in_2_10_1():
    """Each ``since`` entry is its version's rule with the words (tapping, untapping, watery grave: FaB CR
    2026-02), and CR 2.10.1 states those words nowhere (else the entry would be an ordinary one)."""
    reg = registry.cited("fab")
    later = [e for e in reg if e.since]
    assert {e.name for e in later} >= {"TAP", "UNTAP", "PERMANENT_STATES", "UNTAP_AT_END_OF_TURN", "WATERY_GRAVE"}
    for e in later:
        book = fab(e.since)
        assert e.holds(book.get(e.rule)), reg.describe(e)
        assert reg.locate_all(e, book) == (e.rule,)
        assert e.id == f"{e.rule}@{e.since}" and e.id not in book.rules   # never a number of its own
    old = fab("2.10.1")
    assert [e.name for e in later if any(e.holds(r) for r in old.rules.values())] == []


def test_a_later_entry_under_an_older_version_is_refused_naming_the_mechanism_and_version():
    reg = registry.cited("fab")
    with pytest.raises(citations.UndefinedMechanism) as err:
        reg.locate(reg["TAP"], fab("2.10.1"))
    assert err.value.since == "2026-02"
    assert str(err.value).startswith('tap (TAP: FaB CR 2026-02 8.5.55, "to tap a permanent change the state of the '
                                     'object from untapped to tapped") is a rule that FaB CR 2026-02 defines and FaB '
                                     "CR 2.10.1, under which this scenario is judged, does not")
    # 2.10.1's 4.4.3d (action and resource points lost) and 2026-02's 4.4.3d (untapping) are two entries
    assert reg.locate(reg["ASSETS_LOST"], fab("2026-02")) == "4.4.3e"
    assert reg.locate(reg["UNTAP_AT_END_OF_TURN"], fab("2026-02")) == "4.4.3d"
    assert reg.locate(reg["ASSETS_LOST"], fab("2.10.1")) == "4.4.3d"


def test_an_entry_that_cannot_be_located_is_an_error_naming_it():
    book = Rulebook.from_data(fab("2026-02").to_data())
    book.version = "2026-02-edited"
    book.rules["7.5.5"].text = "An attack hits when it deals damage to a hero."
    reg = registry.cited("fab")
    with pytest.raises(citations.UnlocatedCitation) as err:
        reg.locate(reg["HIT"], book)
    assert str(err.value).startswith('citation HIT (7.5.5: "an attack is considered to have hit") cannot be '
                                     "located in FaB CR 2026-02-edited")


def test_resolve_under_a_version_that_lacks_a_cited_rule_is_one_line_exit_2(run_cli, tmp_path, monkeypatch):
    src = corpus_file("fab", "en-fab-cr-2026-02.txt").read_text(encoding="utf-8")
    edited = tmp_path / "cr-edited.txt"
    edited.write_text(src.replace("An attack is considered to have hit if", "An attack hits if"), encoding="utf-8")
    assert run_cli("rules", "import", str(edited), "--game", "fab", "--version", "2099")[0] == 0
    scenario = "scenarios/fab/7.5.2-power-6-against-3-and-2.toml"
    monkeypatch.chdir(ROOT)
    code, out, err = run_cli("resolve", scenario, "--rules", "2099")
    assert code == 2 and out == ""
    assert err.startswith(f"judge: error: {scenario}: [scenario.rules] citation HIT (7.5.5: \"an attack is "
                          "considered to have hit\") cannot be located in FaB CR 2099")
    assert len(err.splitlines()) == 1


# ---------------------------------------------------------------------------------------------------------
# the seed examples judged under FaB CR 2026-02
# ---------------------------------------------------------------------------------------------------------

EXAMPLES = sorted(p for p in (ROOT / "scenarios" / "fab").glob("*.toml")
                  if re.search(r"^example_of\s*=", p.read_text(encoding="utf-8"), re.M))


def test_the_seed_examples_are_forty():
    assert len(EXAMPLES) >= 40   # the seed (chapters 5 and 7) has 40; the CR examples of other chapters add to them


def test_seed_examples_under_2026_02_cite_only_rules_there_with_their_words():
    new = fab("2026-02")
    reg = registry.cited("fab")
    located: dict[str, list] = {}
    for e in reg:
        for rid in reg.locate_all(e, new):
            located.setdefault(rid, []).append(e)
    problems = []
    for path in EXAMPLES:
        s = sc.load(path)
        outcome = sc.play(s, new)
        assert outcome.cite_prefix == "FaB CR 2026-02"
        for rule_id in outcome.citations():
            entries = located.get(rule_id, [])
            if rule_id not in new.rules:
                problems.append(f"{path.name}: {rule_id} is not in 2026-02")
            elif not any(e.holds_any(new.get(rule_id)) for e in entries):
                problems.append(f"{path.name}: {rule_id} is not a located registry entry")
    assert problems == []


# ---------------------------------------------------------------------------------------------------------
# key citations: the rule a judge quotes first
# ---------------------------------------------------------------------------------------------------------

def _answer(path: str, book=None):
    if book is None:
        _, outcome = played(ROOT / path)    # under judged_under's document, played once a session
    else:
        outcome = sc.play(sc.load(ROOT / path), book)
    return [(text, outcome.key_cites(i), cites) for i, (text, cites) in enumerate(outcome.summary)]


def test_dominate_answer_cites_the_deciding_sub_rule_the_keyword_and_the_reversal_first():
    lines = _answer("scenarios/fab/own-dominate-reactions-and-prevention.toml")
    text, key, cites = lines[0]
    assert "dominate" in text and key == ["8.3.4b", "8.3.4", "1.10.3", "8.1.3"]
    assert cites[:len(key)] == key and "7.4.2c" in cites[len(key):]   # the step's rule stays, after the key
    # the attacking card is named "Dominating 8-power attack": a name, not the keyword
    text, key, _ = lines[1]
    assert text.startswith("Chain link 1: Dominating") and key[0] == "7.5.5" and "8.3.4" not in key


def test_no_hit_answer_cites_the_rule_that_defines_a_hit():
    text, key, _ = _answer("scenarios/fab/7.5.5b-prevented-damage-is-not-a-hit.toml")[0]
    assert "does not hit" in text and key[:2] == ["7.5.5b", "7.5.5"]


def test_a_late_change_that_undoes_nothing_cites_1_0_2b_in_the_answer():
    lines = _answer("scenarios/fab/1.0.2b-overpower-gained-late-removes-nothing.toml")
    assert [key for text, key, _ in lines if "gains overpower while already defended" in text] == \
        [["8.3.22b", "8.3.22", "1.0.2b"]]


def test_fails_to_resolve_and_a_new_object_cite_their_defining_rules():
    keys = [key for path in sorted((ROOT / "scenarios" / "fab").glob("*.toml"))
            for text, key, _ in _answer(str(path.relative_to(ROOT))) if "fails to resolve" in text]
    assert keys and all("5.3.2" in key for key in keys)
    lines = _answer("scenarios/fab/1.0.2b-overpower-gained-late-removes-nothing.toml")
    assert [key[0] for text, key, _ in lines if "is a new object" in text] == ["3.0.9"]


def test_blind_round_4_answers_cite_the_rule_a_judge_quotes_first():
    """Outcomes a blind writer found right but without the key rule: each now a mechanism, checked on every
    FaB scenario whose answer has a sentence of that kind."""
    wanted = {   # words of an answer sentence → the rule among its key citations
        "it has cloaked": "8.3.36", "does not have go again": "8.3.5", "is a legal target": "1.8.5",
        "action points from": "1.13.2"}
    found = {words: 0 for words in wanted}
    for path in sorted((ROOT / "scenarios" / "fab").glob("*.toml")):
        for text, key, _ in _answer(str(path.relative_to(ROOT))):
            for words, rule in wanted.items():
                if words in text and not (rule == "1.13.2" and "go again" in text):   # go again: 8.3.5
                    found[words] += 1
                    assert rule in key, (path.name, text, key)
    assert all(found.values()), found
    text, key, _ = next(line for line in _answer("scenarios/fab/blind4-20-time-skippers.toml")
                        if "action points" in line[0])
    assert key == ["1.13.2a", "1.13.2"]


def test_audited_outcomes_cite_their_defining_rules_not_only_the_step():
    """The audit of every answer (key citations only step rules while a defined term decides): each fixed as a
    pattern of the outcome, checked on a scenario of each kind."""
    def key_of(path, words):
        return next(key for text, key, _ in _answer(f"scenarios/fab/{path}.toml") if words in text)

    # an effect preventing a trigger is 6.6.5f, not a prevention effect (6.4.10 replaces damage)
    key = key_of("7.5.5c-hit-triggers-suppressed", "from triggering")
    assert "6.6.5f" in key and "6.4.10" not in key
    assert key_of("blind3-g01-hypothermia-printed-go-again-stays", "a restriction")[-1] == "1.0.2"
    assert key_of("1.14.4-banish-from-graveyard-cost-unpayable", "cannot be paid")[:3] == ["1.10.3", "1.14.4b", "1.14.4"]
    assert key_of("1.7.4e-play-static-from-banished-ghostly-visit", "functional") == ["1.7.4e", "1.7.4"]
    assert "1.4.3a" in key_of("1.4.3a-edge-of-autumn-weapon-go-again", "attack-proxy")
    assert key_of("own-hero-dies-to-hit-trigger", "loses the game")[0] == "4.5.3a"
    # Grand Archive: a champion leveling up keys on the Leveling Up rules it applied, not the card leaving the stack
    key = next(key for text, key, _ in _answer("scenarios/ga/champion-leveling-up-4-a-rested-champion-levels-up-rested-"
                                                "with-its-damage.toml") if "levels up" in text)
    assert key[-1] == "champion/leveling-up/1" and "champion/leveling-up/4" in key and "playing-cards/7" not in key


def test_keyword_terms_are_the_rules_the_cr_graph_says_define_them():
    """Each keyword the answers look for is defined, by the CR 2.10.1 graph's `defines` edge, by the rule
    the registry names for it."""
    book = fab("2.10.1")
    terms = {re.sub(r"\s*\[.*?\]", "", t.name.lower()): t.rules for t in book.terms.values()}   # Pairs [with OBJECT]
    pairs = citations.keyword_terms("fab")
    assert len(pairs) > 50
    assert {"dominate", "overpower", "go again", "phantasm", "defense reaction"} <= {t for t, _ in pairs}
    defined = {rid for rules in terms.values() for rid in rules}
    wrong = [(term, entry.id) for term, entry in pairs if entry.id in defined
             and entry.id not in terms.get(term, []) and entry.id not in terms.get(term + " card", [])]
    assert wrong == []
    # the one keyword heading the parser gives no term ("8.3.26 Pairs [with OBJECT]") is still found by its words
    assert [entry.id for _, entry in pairs if entry.id not in defined and not entry.since] == ["8.3.26"]
    # a keyword only a later version defines: that version's graph defines it by the registered rule
    later = fab("2026-02")
    later_terms = {t.name.lower(): t.rules for t in later.terms.values()}
    assert [(term, entry.rule) for term, entry in pairs if entry.since
            and entry.rule not in later_terms.get(term, [])] == []


def test_principle_rules_are_those_the_cr_says_act_not_retroactively():
    reg = registry.cited("fab")
    book = fab("2.10.1")
    applying = {reg[name].id for names in citations.PRINCIPLES["fab"].values() for name in names}
    assert applying == {rid for rid, r in book.rules.items() if "retroactively removed" in r.text}


def test_ga_and_mc_outcomes_cite_their_defining_rules():
    ga = [key for path in sorted((ROOT / "scenarios" / "ga").glob("*.toml"))
          for text, key, _ in _answer(str(path.relative_to(ROOT))) if "activation is illegal" in text]
    assert ga and all(key[0] == "playing-cards/3" or "playing-cards/3" in key for key in ga)
    lines = _answer("scenarios/mc/initiating-abilities-step-3-abort-without-paying.toml")
    assert lines[0][1] == ["initiating-abilities/step-3"]


def test_a_defense_reaction_from_arsenal_against_dominate_cites_where_cards_are_played_from():
    lines = _answer("scenarios/fab/own-dominate-reactions-and-prevention.toml")
    [key] = [key for text, key, _ in lines if "is played from the arsenal" in text]
    assert key == ["8.3.4b", "8.3.4", "5.1.1a", "3.3.4"]
    # a condition about where a card was played from stays a conditional effect (1.8.4), not the play rule
    [key] = [key for text, key, _ in _answer("scenarios/fab/card-springboard-from-hand.toml")
             if "played from the hand, not the arsenal" in text]
    assert key[0] == "1.8.4" and "5.1.1a" not in key


def test_playing_another_players_card_cites_the_control_and_permission_rules():
    text, key, cites = _answer("scenarios/mc/own-another-players-card-cannot-be-played.toml")[0]
    assert "bob controls it" in text
    assert key == ["ownership-and-control/bullet-3", "play-restrictions-and-permissions/bullet-2"]
    assert "initiating-abilities/check-1" in cites   # the step where it was checked stays, after the key
    text, key, _ = _answer("scenarios/ga/playing-cards-2-no-control-no-play.toml")[0]
    assert "does not control" in text and key[:2] == ["playing-cards/2", "playing-cards/3"]
    text, key, _ = _answer("scenarios/ga/own-activating-from-banishment-needs-a-permission.toml")[0]
    assert "without a permission" in text and key == ["playing-cards/2", "playing-cards/3"]
    # "cannot pay": the step that says the card is no longer in hand is key with the payment step
    text, key, _ = _answer("scenarios/mc/initiating-abilities-step-1-card-is-not-in-hand-to-pay-for-itself.toml")[0]
    assert "no longer in hand" in text and key == ["initiating-abilities/step-3", "initiating-abilities/step-1"]


def test_a_card_handle_inside_a_word_does_not_hide_the_word():
    """The names masked before looking for keywords are whole words: a handle "ars" leaves "arsenal"."""
    text = "Ars Nova is played from the arsenal; ars hits."
    names = citations._maskable(["ars", "Ars Nova"])
    assert citations._mask(text, names) == "§§§§§§§§ is played from the arsenal; §§§ hits."
    assert citations._mask("Ünï ars arsenal", citations._maskable(["ars"])) == "Ünï §§§ arsenal"   # the pattern


def test_masking_by_plain_search_masks_as_the_pattern_does():
    """Names are masked by plain search (no pattern compiled per scenario), also in a sentence with an em dash
    or accents, exactly where the whole-word pattern would mask them; the letters a case-blind pattern
    matches differently (dotless i, long s) leave it to the pattern."""
    import random

    rng = random.Random(7)
    pieces = ["ars", "Ars", " nova", "Nova", "arsenal", " ", "—", "é", "-", "_", "§", "K", "\u212a", "bıg", "bİg", "ſ", "1"]
    pool = ["ars", "Ars Nova", "nova", "k", "a-b", "Ünï", "big", "s"]
    for _ in range(3000):
        names = citations._maskable(rng.sample(pool, rng.randint(1, 4)))
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in sorted(names[0], key=len, reverse=True))
                             + r")(?!\w)", re.I)
        assert citations._mask(text, names) == pattern.sub(lambda m: "§" * len(m.group(0)), text), (text, names)


@pytest.mark.parametrize("game", ["fab", "ga", "mc"])
def test_the_cheap_test_before_each_pattern_never_drops_a_match(game):
    """Before its regex, a concept is tried only on a sentence holding one of its needles (an outcome: runs of
    plain characters read from the pattern) or each of its words (a keyword): over sentences made of the
    words of every pattern, cased and ended at random, no sentence a pattern matches is left out."""
    import random

    found = citations.concepts(game)
    words = [w for term, _ in citations.keyword_terms(game) for w in term.split()]
    phrases = ["hit", "no hit", "play is illegal", "game state is reversed", "fails to resolve", "a new object",
               "last known information", "additional cost", "prevented", "is played from the arsenal",
               "does not control", "has no permission", "fizzles", "cannot pay", "is aborted", "no longer in hand",
               "faceup on the table", "bob controls it", "plays cards from their own hand", "is canceled"]
    rng = random.Random(11)
    matched = 0
    for _ in range(4000):
        parts = []
        for _ in range(rng.randint(1, 7)):
            w = rng.choice(words + phrases)
            w = rng.choice([w, w.upper(), w.capitalize()]) + rng.choice(["", "", "s", "es", "d", "ing"])
            parts += [w, rng.choice([" ", ", ", "-", ". ", " — ", "\n"])]
        text = "".join(parts)
        tried = set(citations._may_match(game, text.lower()))
        for n, (pattern, _entry, _minor) in enumerate(found):
            if pattern.search(text):
                matched += 1
                assert n in tried, (text, pattern.pattern)
    assert matched > 1000
    assert not citations._NEEDLES[game][0]   # every outcome has its needles (none is tried on every sentence)


def test_brief_prints_key_citations_and_json_separates_them(run_cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = "scenarios/fab/own-dominate-reactions-and-prevention.toml"
    code, out, _ = run_cli("resolve", path, "--brief")
    assert code == 0 and "(8.3.4b, 8.3.4, 1.10.3, 8.1.3)\n" in out and "7.4.2c" not in out.split("Answer:")[1]
    code, out, _ = run_cli("resolve", path)
    assert "(8.3.4b, 8.3.4, 1.10.3, 8.1.3; 7.4.2c, 5.1.5)\n" in out
    code, out, _ = run_cli("resolve", path, "--json")
    first = json.loads(out)["summary"][0]
    assert first["key_cites"] == ["8.3.4b", "8.3.4", "1.10.3", "8.1.3"] and first["step_cites"] == ["7.4.2c", "5.1.5"]


def test_judged_under_2026_02_the_end_of_turn_rules_are_cited_by_their_new_numbers():
    """2026-02 inserts a new 4.4.3d: 'all players lose all action points' is 4.4.3e there, the draw 4.4.3f; the
    file's own cites (2.10.1 numbers) are located the same way, so the scenario still passes."""
    s = sc.load(ROOT / "scenarios/fab/own-end-of-turn-procedure-then-next-turn.toml")
    old = sc.play(s, fab("2.10.1"))
    new = sc.play(s, fab("2026-02"))
    assert {"4.4.3d", "4.4.3e"} <= set(old.citations())
    steps = {st.text: st.cites for st in new.trace.steps}
    lose = next(c for t, c in steps.items() if "loses their" in t and "action point" in t)
    draw = next(c for t, c in steps.items() if "draws up to" in t)
    assert "4.4.3e" in lose and "4.4.3d" not in lose and "4.4.3f" in draw
    assert new.passed, new.mismatches + new.missing_cites


def test_a_step_keeps_its_cites_plain_and_each_once_in_first_cited_order():
    """core.Step does at creation what citations.apply did to every step after the resolution: registry names
    become plain ids (marshal and JSON see a str), a repeated id is kept once, the first-cited order stays; a
    sequence met again (kept once converted) gives a list of its own."""
    from judge.engine.core import Step
    from judge.engine.fab import cited as fab_cited

    step = Step(1, "x", [fab_cited.HIT, "7.5.5", fab_cited.NEW_OBJECT, fab_cited.HIT, "1.0.2"])
    assert step.cites == ["7.5.5", "3.0.9", "1.0.2"]
    assert all(type(c) is str for c in step.cites)
    again = Step(2, "y", (fab_cited.HIT, "7.5.5", fab_cited.NEW_OBJECT, fab_cited.HIT, "1.0.2"))
    again.cites.append("9.9.9")
    assert step.cites == ["7.5.5", "3.0.9", "1.0.2"]
    step.cites = [fab_cited.NEW_OBJECT, "3.0.9", fab_cited.HIT]
    assert step.cites == ["3.0.9", "7.5.5"] and all(type(c) is str for c in step.cites)
    assert Step(3, "z").cites == []
