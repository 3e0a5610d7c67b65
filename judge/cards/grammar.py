"""The grammar of Flesh and Blood card text: effect verbs, objects, targets, conditions, durations.

A paragraph is read as an ability (CR 1.4, 5): a label (``**Instant** - COST:``, ``**Combo** -``), a
trigger clause (``When this hits,``), conditions (``If …,``), then effect sentences built from an effect
verb, its object or target, an amount and a duration. Each part maps onto the scenario format's
primitives; anything left over means the paragraph is not understood and :func:`read_paragraph` returns
None.
"""

from __future__ import annotations

import re


class Context:
    """What the grammar knows about the card whose text it reads (its name is read as "this")."""

    def __init__(self, record):
        self.record = record
        self.name = record.name
        types, subtypes, supertypes = record.type_parts()
        self.types, self.subtypes, self.supertypes = set(types), set(subtypes), set(supertypes)

    @property
    def is_attack(self) -> bool:
        return "action" in self.types and "attack" in self.subtypes


class Reading:
    """What one paragraph compiles to."""

    def __init__(self, abilities=None, keywords=None, fields=None):
        self.abilities = abilities or []
        self.keywords = keywords or []
        self.fields = fields or {}


def read_paragraph(para: str, ctx: Context) -> Reading | None:
    """The abilities of one paragraph, or None when its whole meaning is not captured."""
    return None
