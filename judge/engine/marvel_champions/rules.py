# Initiating Abilities: which rule of the loaded document states each part of the procedure.
"""Which rule of the loaded Rules Reference each part of the Initiating Abilities procedure cites.

The engine applies the procedure of the newer wording (seed 003): declare intent, check 1 (play
restrictions, at least one valid target), check 2 (costs with modifiers, X chosen), step 1 (faceup, not in
play), step 2 (modifiers), step 3 (pay or abort), step 4 (commence), step 5 (resolve) and the three bullets
after the steps. Versions number these differently (the 2019 page has no faceup step and pays in step 2), so
each part is found in the loaded document by its wording (judge.engine.citations); a part the document does
not have is cited as the rule it belongs to (a target is a play restriction: check 1; X is part of the cost: check 2), else the entry. Other glossary entries (``cost/bullet-3``, ``cancel/bullet-2`` …) are cited by their ids as the
full Rules Reference gives them (docs/rule-ids.md).
"""

from __future__ import annotations

ENTRY = "initiating-abilities"

# part → the id in the newer wording (the seed); its words and the rule a version lacking it cites instead
# (a target is a play restriction: check 1; X is part of the cost: check 2) are in the citation registry
# (judge/engine/marvel_champions/cited.py)
PROCEDURE = {
    "intent": ENTRY,
    "restrictions": f"{ENTRY}/check-1",
    "targets": f"{ENTRY}/check-1/bullet-1",
    "cost": f"{ENTRY}/check-2",
    "x": f"{ENTRY}/check-2/bullet-1",
    "faceup": f"{ENTRY}/step-1",
    "modifiers": f"{ENTRY}/step-2",
    "pay": f"{ENTRY}/step-3",
    "commence": f"{ENTRY}/step-4",
    "resolve": f"{ENTRY}/step-5",
    "interrupt": f"{ENTRY}/step-5/bullet-1",
    "response": f"{ENTRY}/step-5/bullet-2",
    "leaves": f"{ENTRY}/step-5/bullet-3",
}


def procedure_ids(book=None) -> dict[str, str]:
    """Part of the procedure → the rule id that states it in ``book`` (found by its words through the
    citation registry); without a book, the seed's ids, which the engine cites."""
    if book is None:
        return dict(PROCEDURE)
    from judge.engine.marvel_champions.cited import REGISTRY

    return {part: REGISTRY.repoint(rule_id, book) for part, rule_id in PROCEDURE.items()}
