"""``illegal_because`` names the first rule cited for an illegality, and an expectation may name any rule the engine
cited for it (``illegal_rules``): a judge quotes the Defend Step's 7.3.2b or overpower's own 8.3.22a; a rule that
was not cited for it is still a mismatch."""

from judge import scenarios as sc
from judge.engine.core import compare

from conftest import ROOT

EXAMPLE = ROOT / "scenarios" / "fab" / "blind8-15-monkey-powder-overpower.toml"


def test_the_second_action_card_is_illegal_for_both_rules():
    facts = sc.play(sc.load(EXAMPLE)).facts
    assert facts["legal"]["a2"] is False
    assert {"7.3.2b", "8.3.22a"} <= set(facts["illegal_rules"]["a2"])
    assert facts["illegal_because"]["a2"] == facts["illegal_rules"]["a2"][0]
    assert {"7.3.2b", "8.3.22a"} <= set(facts["actions"]["4"]["illegal_rules"])


def test_either_cited_rule_matches_and_an_uncited_one_does_not():
    facts = sc.play(sc.load(EXAMPLE)).facts
    for rule in ("7.3.2b", "8.3.22a"):
        assert compare({"illegal_because": {"a2": rule}}, facts) == []
        assert compare({"actions": {"4": {"illegal_because": rule}}}, facts) == []
    wrong = compare({"illegal_because": {"a2": "8.3.4a"}}, facts)
    assert len(wrong) == 1 and "8.3.4a" in wrong[0] and "7.3.2b" in wrong[0]
    assert compare({"actions": {"4": {"illegal_because": "8.3.4a"}}}, facts) != []
