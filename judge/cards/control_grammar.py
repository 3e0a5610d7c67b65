# Card text → gain control and steal effects (FaB CR 2.10.1 8.5.35; steal: FaB CR 2026-02 8.5.54).
"""Sentences that take control of another hero's objects: ``steal a NAME token they control`` (an attack's hit or
attack trigger: the defending hero), ``gain control of an item with cost 2 or less they control``, ``For each hero
that controls more NAME than you, steal a NAME token they control``; and the sentence after one of them that reads
whether it took anything, ``If you gain control of 1 or more NAME tokens this way, …`` / ``If you don't gain
control of an item this way, …``. The object is a token name (``NAME``) or a subtype (``item``, ``ally``) with an
optional ``with cost N or less``; anything else is not understood."""

from __future__ import annotations

import re

from judge.cards import phrases as g

_NOUN = r"(?:an? )?(?:(?P<sub>item|ally|items|allies)|(?P<token>\w+) tokens?)(?: with cost (?P<cost>\d+) or less)?"
_VERB = r"(?P<verb>steal|gain control of)"


def _what(m) -> dict:
    """The selector of the objects a sentence takes: a token by name, or a subtype with a cost bound."""
    if m.group("token"):
        return {"name": m.group("token").capitalize()}
    what = {"subtypes": [{"items": "item", "allies": "ally"}.get(m.group("sub"), m.group("sub"))]}
    if m.group("cost"):
        what["max_cost"] = int(m.group("cost"))
    return what


def effect(low: str, frame) -> list[dict] | None:
    """``steal a NAME token they control`` and the other shapes this module reads, or None."""
    m = re.fullmatch(rf"for each hero that controls more (?P<more>\w+) than you, {_VERB} {_NOUN} they control", low)
    if m:
        if m.group("token") is None or m.group("token") != m.group("more"):
            raise g.NotUnderstood(low)   # "more NAME than you, steal a NAME token": the same objects counted
        frame.took_control = True
        return [{"do": "steal" if m.group("verb") == "steal" else "gain-control", "what": _what(m),
                 "from_hero": "each-with-more"}]
    m = re.fullmatch(rf"{_VERB} {_NOUN} they control", low)
    if m:
        if not (frame.ctx.is_attack and frame.event in ("attack", "hit")):
            raise g.NotUnderstood(low)   # "they": the hero this attack attacks or hits, read in its triggers only
        frame.took_control = True
        return [{"do": "steal" if m.group("verb") == "steal" else "gain-control", "what": _what(m),
                 "from_hero": "defending-hero"}]
    return None


def this_way(sentence: str, frame, read) -> list[dict] | None:
    """``If you gain control of 1 or more NAME tokens this way, Y`` (Y conditional on the effect before having
    taken something, 1.8.4) and ``If you don't gain control of … this way, Y`` / ``If you don't, Y`` /
    ``Otherwise, Y`` right after a sentence that takes control (on its having taken nothing)."""
    m = re.fullmatch(r"(?:if you (don't )?gain control of (?:1 or more|an?) [\w ]+? this way|if you (don't)|(otherwise)),? "
                     r"(.+)", sentence, re.IGNORECASE)
    if not m or (not m.group(1) and not m.group(2) and not m.group(3) and not
                 re.match(r"if you gain control", sentence, re.IGNORECASE)):
        return None
    if (m.group(2) or m.group(3)) and not getattr(frame, "took_control", False):
        return None     # "If you don't" / "Otherwise" after another effect: choices_grammar.py reads it
    if not getattr(frame, "took_control", False):
        raise g.NotUnderstood(sentence)   # "this way": only right after a sentence that takes control
    frame.took_control = False
    effects = read([m.group(4)], frame)
    took = not (m.group(1) or m.group(2) or m.group(3))   # "If you don't" / "Otherwise": it took nothing
    for e in effects:
        if "if" in e:
            raise g.NotUnderstood(sentence)
        e["if"] = {"if_you_do": took}
    return effects
