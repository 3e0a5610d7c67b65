# Initiating Abilities: which rule of the loaded document states each part of the procedure.
"""Which rule of the loaded Rules Reference each part of the Initiating Abilities procedure cites.

The engine applies the procedure of the newer wording (seed 003): declare intent, check 1 (play
restrictions, at least one valid target), check 2 (costs with modifiers, X chosen), step 1 (faceup, not in
play), step 2 (modifiers), step 3 (pay or abort), step 4 (commence), step 5 (resolve) and the three bullets
after the steps. Versions number these differently (the 2019 page has no faceup step and pays in step 2), so
each part is found in the loaded document by its wording (judge.engine.citations); a part the document does
not have is cited as the rule it belongs to (a target is a play restriction: check 1; X is part of the cost: check 2), else the entry. Other glossary entries (``cost/bullet-3``, ``cancel/bullet-2`` …) are cited by their registry names,
under the ids the full Rules Reference gives them (docs/rule-ids.md).
"""

from __future__ import annotations

from judge.engine.marvel_champions import cited

# part → the registry entry of the newer wording (the seed); its words and the rule a version lacking it cites
# instead (a target is a play restriction: check 1; X is part of the cost: check 2) are in the citation
# registry (judge/engine/marvel_champions/cited.py)
PROCEDURE = {
    "intent": cited.INITIATING_ABILITIES,
    "restrictions": cited.CHECK_PLAY_RESTRICTIONS,
    "targets": cited.CHECK_VALID_TARGET,
    "cost": cited.CHECK_COST,
    "x": cited.CHOOSE_X,
    "faceup": cited.STEP_FACEUP,
    "modifiers": cited.STEP_MODIFIERS,
    "pay": cited.STEP_PAY,
    "commence": cited.STEP_COMMENCE,
    "resolve": cited.STEP_RESOLVE,
    "interrupt": cited.INTERRUPT_WINDOW,
    "response": cited.RESPONSE_WINDOW,
    "leaves": cited.SOURCE_LEAVES_PLAY,
}


def procedure_ids(book=None) -> dict[str, str]:
    """Part of the procedure → the rule id that states it in ``book`` (found by its words through the
    citation registry); without a book, the seed's ids, which the engine cites."""
    if book is None:
        return dict(PROCEDURE)
    return {part: cited.REGISTRY.repoint(rule_id, book) for part, rule_id in PROCEDURE.items()}
