# FaB CR 6.6 triggered effects, 4.2.2 / 4.3.1 / 4.4.2 phase events: a permanent's trigger on any of several events.
"""Card-text grammar of a permanent's triggered ability written on several events joined by "or": ``At the
beginning of your end phase or when you play a card or activate an ability, destroy this.`` Each event phrase maps
to one event and its condition; the ability is written once per event (each is the same ability, for either
event), as :mod:`.effects_grammar` writes "when you play an attack action card or activate a weapon attack".

:mod:`judge.cards.grammar` calls :func:`paragraph` before its own rules: None when the paragraph is not of this
shape; :class:`~judge.cards.phrases.NotUnderstood` when it is, but not captured whole.
"""

from __future__ import annotations

import re

from judge.cards import phrases as g

# event phrase → (event, its condition, whether it is about any object rather than this one)
EVENT_PHRASES = {
    "at the beginning of your end phase": ("end-phase", {"your_turn": True}, False),
    "at the beginning of your action phase": ("action-phase", {"your_turn": True}, False),
    "at the start of your turn": ("start-of-turn", {"your_turn": True}, False),
    "when you play a card": ("play", {"by": "you"}, True),
    "when you activate an ability": ("activate", {"by": "you"}, True),
}


def _events(head: str) -> list[tuple] | None:
    """``A or when you B or C`` → the events of each phrase ("or C" keeps the "when you" of the phrase before it);
    None unless there are two or more and every one is known."""
    parts = [p.strip() for p in re.split(r" or ", head.lower())]
    if len(parts) < 2:
        return None
    out, lead = [], ""
    for part in parts:
        m = re.match(r"(when you |at the )", part)
        if m:
            lead = m.group(1)
        else:
            part = lead + part
        if part not in EVENT_PHRASES:
            return None
        out.append(EVENT_PHRASES[part])
    return out


COST_MORE = re.compile(r"(cards|cards and abilities) cost you an additional ((?:\{r\})+) to play( or activate)?\.?")


def _cost_more(text: str, ctx) -> g.Reading | None:
    """A permanent's ``Cards [and abilities] cost you an additional {r} to play [or activate].``: a static cost
    effect on what its controller plays (5.1.6a) — and activates (``activations``, 5.2.2b)."""
    m = COST_MORE.fullmatch(text.lower())
    if not m:
        return None
    if ctx.resolves or (m.group(1) == "cards and abilities") != bool(m.group(3)):
        raise g.NotUnderstood(text)
    effect = {"do": "cost", "by": m.group(2).count("{r}"), "to": {"controller": "you"}}
    if m.group(3):
        effect["activations"] = True
    return g.Reading(abilities=[{"kind": "static", "effect": effect}])


PLURAL_ATTACKS = {"weapon attacks": {"types": ["weapon"], "is_attack": True},
                  "attack action cards": {"types": ["action"], "subtypes": ["attack"]}}


def _yours_have(text: str, ctx) -> g.Reading | None:
    """A permanent's ``Your NOUNS [played from arsenal] and NOUNS have -1{p}.``: a static +N/−N on the attacks of its
    controller that fit one of the nouns (6.2.3)."""
    m = re.fullmatch(r"your (.+?) have ([+-]\d+)\{p\}\.?", text.lower())
    if not m:
        return None
    kinds = []
    for noun in m.group(1).split(" and "):
        nm = re.fullmatch(r"(.+?)(?: played from (arsenal|hand))?", noun)
        if nm.group(1) not in PLURAL_ATTACKS or ctx.resolves:
            raise g.NotUnderstood(text)
        spec = dict(PLURAL_ATTACKS[nm.group(1)])
        if nm.group(2):
            spec["played_from"] = nm.group(2)
        kinds.append(spec)
    to = {"controller": "you", **({"any_of": kinds} if len(kinds) > 1 else kinds[0])}
    return g.Reading(abilities=[{"kind": "static", "effect": {"do": "modify", "stat": "power", "by": int(m.group(2)),
                                                               "to": to}}])


def paragraph(text: str, ctx) -> g.Reading | None:
    """``EVENT or EVENT …, EFFECTS`` of a permanent → one triggered ability per event, the same effects; a
    permanent's "cost you an additional {r}" (:func:`_cost_more`), "your … attacks have -1{p}" (:func:`_yours_have`)."""
    for reader in (_cost_more, _yours_have):
        got = reader(text, ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"((?:at the|when you) [^,]+), (.+?)\.?", text, re.IGNORECASE)
    if not m:
        return None
    events = _events(m.group(1))
    if events is None:
        return None
    if ctx.resolves:
        raise g.NotUnderstood(text)     # a card that resolves has no lasting trigger here
    from judge.cards.effects_grammar import destroy_then

    frame = g.Frame(ctx, "trigger")
    effects = destroy_then(m.group(2), frame)
    reading = g.Reading()
    for on, cond, any_object in events:
        ability = {"kind": "trigger", "on": on, **({"of": "any"} if any_object else {}), "if": dict(cond),
                   "effects": [dict(e) for e in effects]}
        g._finish(frame, reading, ability)
    return reading
