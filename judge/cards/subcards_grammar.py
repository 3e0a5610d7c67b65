# Card text about cards under a permanent (FaB CR 3.0.14), transform (8.5.36), equip (8.5.41) and material (8.4.5).
"""Sentences and paragraphs about sub-cards: a grammar over their structure, each mapped onto the scenario
format's ``transform`` / ``equip`` primitives, the ``under`` zone of a selector and material's ``top-card``.

* ``If you have NOUN equipped, transform it into this, then equip this.`` (an action equipment: the equipped
  object goes under this, which is then equipped in the zone it left);
* ``Transform target NOUN you control into a TOKEN.`` / ``Transform up to N NOUN you control into a TOKEN(s).``
  (the token, from the card data, is created and the objects go under it, 8.5.36c); what the text transforms
  into that is not a token (a card named in the text) is not understood;
* effect-costs and effects ``destroy a card under this`` / ``banish a card from under this|it``;
* ``Material - While this is under a permanent|an object, that permanent|object has|gets MODIFIERS.``
"""

from __future__ import annotations

import re

from judge.cards.phrases import NUM, NotUnderstood, Reading, _token, listed_keywords, modifiers, number

# the subtypes an equipment zone is named by (8.5.41b: those the engine equips into) and the word "base"
SLOT_WORDS = ("head", "chest", "arms", "legs")


def _equipped_noun(phrase: str) -> dict:
    """``a base head`` / ``base arms`` → the equipped object's selector (its subtypes, in an equipment zone)."""
    words = re.sub(r"^an? ", "", phrase.strip()).split()
    if not words or words[-1] not in SLOT_WORDS or any(w not in ("base",) + SLOT_WORDS for w in words):
        raise NotUnderstood(phrase)
    return {"types": ["equipment"], "subtypes": words, "controller": "you", "zone": "equipment"}


def _token_subtype(word: str, ctx) -> str:
    """``ash`` / ``ashes``: a subtype a token of the card data has (the noun an object is transformed by)."""
    for w in (word, word[:-2] if word.endswith("es") else word, word[:-1] if word.endswith("s") else word):
        if any(w in rec.type_parts()[1] for rec in ctx.tokens.values()):
            return w
    raise NotUnderstood(word)


def _into_token(name: str, ctx) -> dict:
    """``a TOKEN`` / ``TOKENs``: the token's create-token table (8.5.36c), as ``into``."""
    name = re.sub(r"^an? ", "", name.strip())
    if name not in ctx.tokens and name.endswith("s") and name[:-1] in ctx.tokens:
        name = name[:-1]
    if name not in ctx.tokens:
        raise NotUnderstood(name)       # a card that is not a token (8.5.36b): not modelled
    into = {k: v for k, v in _token(name, ctx).items() if k != "do"}
    rec = ctx.tokens[name]
    if "ally" in rec.type_parts()[1] and rec.health.isdigit():
        into["life"] = int(rec.health)   # a token ally is a living object (2.5.1)
    return into


def effect(low: str, frame) -> list[dict] | None:
    """A transform or sub-card sentence → effect tables; None when it is not one."""
    ctx = frame.ctx
    m = re.fullmatch(r"transform target (\w+) you control into (.+)", low)
    if m:
        spec = {"subtypes": [_token_subtype(m.group(1), ctx)], "controller": "you"}
        into = _into_token(m.group(2), ctx)
        frame.declare(spec)
        frame.it = "permanent"          # "It gains …": the permanent transformed into
        return [{"do": "transform", "what": "target", "into": into}]
    m = re.fullmatch(rf"transform up to {NUM} (\w+) you control into (.+)", low)
    if m:
        if number(m.group(1)) != 1:
            # "up to 2 NOUN … into a TOKEN / into TOKENs": several objects into one permanent
            # (8.5.36d) or each into its own is not said clearly enough to rule on: not read
            raise NotUnderstood(low)
        spec = {"subtypes": [_token_subtype(m.group(2), ctx)], "controller": "you"}
        into = _into_token(m.group(3), ctx)
        frame.it = "permanent"
        return [{"do": "transform", "what": spec, "amount": number(m.group(1)), "up_to": True, "into": into}]
    m = re.fullmatch(r"(destroy|banish) a card (?:under|from under) (?:this|it)", low)
    if m and (m.group(1) == "destroy") == (" from under " not in low):
        return [{"do": m.group(1), "what": {"zone": "under"}}]
    if low.startswith("transform "):
        raise NotUnderstood(low)
    return None


def cost_part(p: str) -> dict | None:
    """An effect-cost ``destroy a card under this`` / ``banish a card from under this`` (5.2.1c); None for
    another phrase."""
    if p == "destroy a card under this":
        return {"do": "destroy", "what": {"zone": "under"}}
    if p == "banish a card from under this":
        return {"do": "banish", "what": {"zone": "under"}}
    return None


def paragraph(text: str, ctx) -> Reading | None:
    """The Evo equip paragraph and material abilities; None for another paragraph."""
    low = text.lower().rstrip(".")
    m = re.fullmatch(r"if you have (.+?) equipped, transform it into this, then equip this", low)
    if m:
        spec = _equipped_noun(m.group(1))
        slot = spec["subtypes"][-1]
        if not {"action", "equipment"} <= ctx.types or slot not in ctx.subtypes:
            raise NotUnderstood(text)   # only an action equipment of the same zone can be equipped there
        have = {k: v for k, v in spec.items() if k != "controller"}
        return Reading(abilities=[{"kind": "resolution", "effects": [
            {"do": "transform", "what": spec, "into": "self", "if": {"you_control": have}},
            {"do": "equip", "what": "self", "if": {"if_you_do": True}}]}])
    m = re.fullmatch(r"material - while this is under (?:a permanent|an object), that (?:permanent|object) "
                     r"(?:has|gets) (.+)", low)
    if m:
        out = Reading()
        said = m.group(1).strip()
        gained = [{"do": "gain-keyword", "keyword": said}] if said in listed_keywords()[0] else modifiers(said)
        for eff in gained:
            if eff.get("next") or "to" in eff:
                raise NotUnderstood(text)
            eff["to"] = "top-card"
            out.abilities.append({"kind": "static", "while": {"in": "under"}, "effect": eff})
        if not out.abilities:
            raise NotUnderstood(text)
        return out
    if low.startswith("material - "):
        raise NotUnderstood(text)       # another material condition ("other than NAME"): not read
    return None
