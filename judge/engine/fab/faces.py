# Double-faced cards (FaB CR 9.1): flip-cards (9.1.3) and transcend-cards (9.1.5), and which face is active.
"""Double-faced cards (9.1): a card with two sets of properties, each a face (9.1.1, 9.1.2).

A scenario writes the back face as ``[cards.X.back]`` — a real card by name (``card = "NAME"``) or its properties
written as a card's — and which face is active at the start with ``face = "back"`` (default: the front, 9.1.3a,
9.1.5a). The properties of the card are its active face's (9.1.3, 9.1.5): switching faces replaces every printed
property and ability at once; the card stays the same object, so effects that apply to it go on applying
(9.1.2c).

* A **flip-card** (9.1.3: its front face has the subtype figment, invocation or construct) turns its back face
  active as a construct or invocation resolves into the arena (8.2.14a, 8.2.13a); when it becomes a new object
  (3.0.9) its front face is active again (9.1.3b).
* A **transcend-card** (9.1.5: its front face has an ability that transcends) turns its back face active when it
  transcends (8.5.48), and the back face stays active even as it becomes a new object (9.1.5b).

A twin-card (9.1.4) is refused when the file is loaded: its faces being active together is not modelled.
"""

from __future__ import annotations

from judge.engine.fab import cited

FLIP_SUBTYPES = frozenset(("figment", "invocation", "construct"))   # 9.1.3
ENTERS_WITH_BACK_FACE = {"construct": cited.CONSTRUCT_BACK_FACE, "invocation": cited.INVOCATION_BACK_FACE}
# the properties a face defines (9.1.2: each face has its own set of printed properties)
FACE_FIELDS = ("name", "types", "subtypes", "supertypes", "cost", "x_cost", "x_count", "pitch", "pitch_chi", "power",
               "defense", "life", "keywords", "abilities", "printed", "target_spec", "playable_as_instant")


def _copy(value):
    return type(value)(value) if isinstance(value, (set, dict, list)) else value


def snapshot(card) -> dict:
    """The card's properties as one face: the values of :data:`FACE_FIELDS`."""
    return {f: _copy(getattr(card, f)) for f in FACE_FIELDS}


def _transcends(abilities) -> bool:
    """Does any of these abilities generate a transcend effect (9.1.5)?"""
    stack = [ab.data for ab in abilities]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("do") == "transcend":
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def face_kind(front: dict) -> str | None:
    """``"flip"`` (9.1.3), ``"transcend"`` (9.1.5), or None for a front face that is neither."""
    if front["subtypes"] & FLIP_SUBTYPES:
        return "flip"
    if _transcends(front["abilities"]):
        return "transcend"
    return None


def make_double_faced(scenario, key: str, card, back, active: str, reasons: list) -> None:
    """Give ``card`` (built from its front face) the back face ``back`` (a Card built from ``[cards.X.back]``) and
    make ``active`` the active face; append a Reason for a card that is no flip- or transcend-card."""
    front = snapshot(card)
    kind = face_kind(front)
    if kind is None:
        reasons.append(scenario.reason(
            "unsupported", f"{card.name} has a back face but is neither a flip-card (a front face with the subtype "
            "figment, invocation or construct, 9.1.3) nor a transcend-card (a front face that transcends, 9.1.5); "
            "twin-cards (9.1.4), whose faces can be active together, are not modelled", f"{key}.back",
            cited.TWIN_CARD))
        return
    card.faces = {"front": front, "back": snapshot(back)}
    card.face_kind = kind
    if active == "back":
        set_face(card, "back")


def set_face(card, face: str) -> None:
    """Make ``face`` the card's active face: its properties and abilities become that face's (9.1.3, 9.1.5)."""
    for field, value in card.faces[face].items():
        setattr(card, field, _copy(value))
    card.face = face


class Faces:
    """Part of :class:`judge.engine.fab.game.Game`: the active face of double-faced cards (9.1); owns no state
    (each card's ``face``)."""

    def enter_with_back_face(self, card) -> None:
        """8.2.14a, 8.2.13a: a construct or invocation resolving as a layer enters the arena with its back face
        active — the same object, now with the back face's properties."""
        sub = next((s for s in ENTERS_WITH_BACK_FACE if s in card.subtypes), None)
        if sub is None or card.faces is None or card.face == "back":
            return
        was = card.name
        set_face(card, "back")
        self.step(f"{was} is a{'n' if sub[0] in 'aeiou' else ''} {sub}: it enters the arena with its back-face active, "
                  f"so it is now {card.name} — the same card with the back face's properties ("
                  + ", ".join(sorted(card.types | card.subtypes)) + ").",
                  [ENTERS_WITH_BACK_FACE[sub], cited.FLIP_CARD, cited.DOUBLE_FACED], tag="telling")
        self._effects_stay(card)

    def _effects_stay(self, card) -> None:
        """9.1.2c: effects that apply to the card — given to it, or bound to it as their chosen source — go on
        applying when another face defines its properties: it did not cease to exist."""
        from judge.engine.fab.base import _effect_phrase

        bound = [e for e in self.s.effects if card.handle in (e.applies_to or ())
                 or card.handle in [v for v in e.data.values() if isinstance(v, str)]]
        if bound:
            self.step(f"{card.name} did not cease to exist as its face changed, so the effects that apply to it go on "
                      "applying: " + "; ".join(f"{self._src_name(e)}: {_effect_phrase(e)}" for e in bound) + ".",
                      [cited.FACE_EFFECTS_CONTINUE], tag="telling")

    def face_on_new_object(self, card) -> None:
        """3.0.9 with 9.1.3b, 9.1.5b: a double-faced card that becomes a new object — a flip-card has its front face
        active again; a transcend-card that has transcended keeps its back face."""
        if card.faces is None or card.face != "back":
            return
        if card.face_kind == "flip":
            was = card.name
            set_face(card, "front")
            self.step(f"{was} becomes a new object in the {card.zone}: it is a flip-card, so its front-face is active "
                      f"again — it is {card.name}.", [cited.FLIP_FRONT_AGAIN, cited.NEW_OBJECT], tag="telling")
        else:
            self.step(f"{card.name} becomes a new object in the {card.zone}: it is a transcend-card whose back-face "
                      "is active, and the back face stays active.", [cited.TRANSCEND_BACK_STAYS, cited.NEW_OBJECT],
                      tag="telling")

    def transcend_face(self, card) -> bool:
        """8.5.48, 9.1.5b: the transcend source's back face becomes active; False when the file gave the card no
        back face (its properties are then unknown)."""
        if card.faces is None:
            return False
        set_face(card, "back")
        return True
