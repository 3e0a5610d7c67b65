# UK/US spelling folding shared by search, terms and vocabulary (no rule: the documents' own words).
"""Words as every look-up compares them: lower case with UK spellings folded to US ones (defence/defense,
colour/color, …). Kept apart from :mod:`.search` so that term look-ups and the vocabulary check fold words
without importing the search (and without the search importing them back)."""

from __future__ import annotations

import re

_UK_US = {
    "defence": "defense", "defences": "defenses", "offence": "offense", "colour": "color", "colours": "colors",
    "coloured": "colored", "armour": "armor", "honour": "honor", "favour": "favor", "behaviour": "behavior",
    "centre": "center", "licence": "license", "recognise": "recognize", "recognised": "recognized",
    "organise": "organize", "realise": "realize", "analyse": "analyze", "catalogue": "catalog", "grey": "gray",
    "travelling": "traveling", "cancelled": "canceled", "cancelling": "canceling", "fulfil": "fulfill",
    "fulfils": "fulfills", "judgement": "judgment", "counterattack": "counter-attack",
}
# one scan for the UK words only (most texts hold none): much faster than looking at every word
_UK_WORD = re.compile(r"(?<![a-z0-9])(?:" + "|".join(sorted(_UK_US, key=len, reverse=True)) + r")(?![a-z0-9])")


def normalize(text: str) -> str:
    """Lower case with UK spellings folded to US ones."""
    return _UK_WORD.sub(lambda m: _UK_US[m.group(0)], text.lower())
