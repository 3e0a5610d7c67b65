# Initiating Abilities: which rule of the loaded document states each part of the procedure.
"""Which rule of the loaded Rules Reference each part of the Initiating Abilities procedure cites.

The engine applies the procedure of the newer wording (seed 003): declare intent, check 1 (play
restrictions, at least one valid target), check 2 (costs with modifiers, X chosen), step 1 (faceup, not in
play), step 2 (modifiers), step 3 (pay or abort), step 4 (commence), step 5 (resolve) and the three bullets
after the steps. Versions number these differently (the 2019 page has no faceup step and pays in step 2), so
each part is found in the loaded document by its wording; a part the document does not have is cited as the
rule it belongs to (a target is a play restriction: check 1; X is part of the cost: check 2), else the entry. Other glossary entries (``cost/bullet-3``, ``cancel/bullet-2`` …) are cited by their ids as the
full Rules Reference gives them (docs/rule-ids.md).
"""

from __future__ import annotations

ENTRY = "initiating-abilities"

# part → (the id in the newer wording, words that identify it in any version, is it a bullet)
PROCEDURE = {
    "intent": (ENTRY, None, False),
    "restrictions": (f"{ENTRY}/check-1", "play restrictions", False),
    "targets": (f"{ENTRY}/check-1/bullet-1", "valid target", True),
    "cost": (f"{ENTRY}/check-2", "determine the cost", False),
    "x": (f"{ENTRY}/check-2/bullet-1", "cost of x", True),
    "faceup": (f"{ENTRY}/step-1", "faceup", False),
    "modifiers": (f"{ENTRY}/step-2", "apply any modifiers", False),
    "pay": (f"{ENTRY}/step-3", "pay the cost", False),
    "commence": (f"{ENTRY}/step-4", "commences being played", False),
    "resolve": (f"{ENTRY}/step-5", "the card is played or the ability", False),
    "interrupt": (f"{ENTRY}/step-5/bullet-1", "interrupt ability", True),
    "response": (f"{ENTRY}/step-5/bullet-2", "response ability", True),
    "leaves": (f"{ENTRY}/step-5/bullet-3", "leaves play", True),
}


# a part missing from a version is cited as the part it belongs to (PROCEDURE lists those first)
FALLBACK = {"targets": "restrictions", "x": "cost"}


def procedure_ids(book) -> dict[str, str]:
    """Part of the procedure → the rule id that states it in ``book`` (found by wording)."""
    rules = getattr(book, "rules", {}) or {}
    if ENTRY not in rules:
        return {part: seed for part, (seed, _, _) in PROCEDURE.items()}
    children = [(rid, (rule.text or "").lower()) for rid, rule in rules.items() if rid.startswith(ENTRY + "/")]
    out = {}
    for part, (seed, words, bullet) in PROCEDURE.items():
        if words is None:
            out[part] = seed
            continue
        found = [rid for rid, text in children if words in text and ("bullet" in rid) == bullet]
        out[part] = seed if seed in found else (found[0] if found else out.get(FALLBACK.get(part), ENTRY))
    return out
