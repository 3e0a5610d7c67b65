# The words of the Grand Archive engine's explanations (counters, lists, names) and small value helpers.
"""Sentence pieces for the Grand Archive engine's explanations, and small value helpers."""

from __future__ import annotations


def as_list(value) -> list:
    """A scenario value as a list: None → [], a single value → [value]."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def cost_rules(head: str) -> dict[int, str]:
    """The cost calculation rule (0) and its four ordered steps (1-4): start, set, add/subtract, remove."""
    return {i: f"{head}.{i}" if i else head for i in range(5)}


def zone_name(zone: str) -> str:
    """A zone as a sentence names it."""
    return {"material-deck": "the material deck", "main-deck": "the main deck", "effects-stack": "the Effects Stack",
            "pantheon": "the Pantheon"}.get(zone, zone)


def counters(n: int) -> str:
    """"1 damage counter", "3 damage counters"."""
    return f"{n} damage counter{'' if n == 1 else 's'}"


def cards_word(n: int) -> str:
    """"1 card", "2 cards"."""
    return f"{n} card{'' if n == 1 else 's'}"


def naming(chosen: list, unnamed: int) -> str:
    """' (Name, Name and 1 other card)' when named cards are among them, else ''."""
    if not chosen:
        return ""
    names = [c.name for c in chosen] + ([f"{cards_word(unnamed).replace('card', 'other card')}"] if unnamed else [])
    return " (" + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]) + ")"


def past(kind: str) -> str:
    """activation → activated, materialization → materialized, bestowment → bestowed."""
    return {"activation": "activated", "materialization": "materialized", "bestowment": "bestowed"}[kind]


def a_an(word: str) -> str:
    """The word with its indefinite article."""
    return ("an " if word[0] in "aeiou" else "a ") + word


def quote(ab) -> str:
    """An ability's printed text in quotes (or its position when the scenario gives no text)."""
    text = ab.get("text")
    return f'"{text}"' if text else f"ability {ab.index}"


def stats_text(card) -> str:
    """" (power 2, life 3)" for the stats a card has."""
    parts = [f"{s} {card.stat(s)}" for s in ("power", "life", "durability") if getattr(card, s) is not None]
    return f" ({', '.join(parts)})" if parts else ""
