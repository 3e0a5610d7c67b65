"""A rules document's own vocabulary: the words it defines (``defines`` edges) and the keyword lists it spells
out (FaB CR 2.10.6a "The functional subtype keywords are …", 2.11.6a, 2.15.6a; chapter 8's keywords; the Grand
Archive page of keywords and abilities), each with the rule that defines it, so that a value a scenario writes (a type, a subtype, a class, a keyword) is checked against the
loaded document rather than a list in the code.

Words are compared folded: lower case, UK spellings as US ones (defence → defense), ``(2H)`` as ``2h``.
"""

from __future__ import annotations

import functools
import re

from judge.rulebook.words import normalize

# "The functional subtype keywords are (1H), (2H), Affliction, …, and Quiver.[8.2]"
_LIST = re.compile(r"\bThe ([A-Za-z -]+?) keywords(?: and phrases)? are (.+?)\.(?:\[[^\]]*\])?\s*$")
_CATEGORY = (("supertype", "supertypes"), ("subtype", "subtypes"), ("type", "types"), ("trait", "traits"))
# 2.14.1a 'If the SUPERTYPES of a type box is "Generic," the card has no supertypes': the word a type box
# prints for no supertype is a word of the supertypes too
_NONE_WORD = re.compile(r'\bthe (SUPERTYPES|SUBTYPES|TYPE) of a type box is "([A-Za-z]+),?"')


@functools.lru_cache(maxsize=4096)
def fold(word: str) -> str:
    """A word as the vocabulary compares it."""
    text = normalize(str(word)).strip()
    text = re.sub(r"^\((.*)\)$", r"\1", text)
    return " ".join(text.replace("_", " ").split())


class Vocabulary:
    """Words by category (``types``, ``subtypes``, ``supertypes``, ``keywords``, ``terms``) → defining rule."""

    def __init__(self):
        self.words: dict[str, dict[str, str]] = {}

    def add(self, category: str, word: str, rule: str | None) -> None:
        """Record ``word`` in ``category``, defined by ``rule`` (the first definition wins)."""
        self.words.setdefault(category, {}).setdefault(fold(word), rule or "")

    def knows(self, category: str) -> bool:
        """Whether the document spells out this category at all (a seed excerpt may not)."""
        return bool(self.words.get(category))

    def rule_of(self, category: str, word: str) -> str | None:
        """The rule defining ``word`` in ``category`` ('' when known without a rule), or None if unknown."""
        return self.words.get(category, {}).get(fold(word))

    def nearest(self, word: str, categories) -> tuple[str, str] | None:
        """The closest known word (and its rule) in any of ``categories``, for a did-you-mean."""
        from difflib import get_close_matches

        pool: dict[str, str] = {}
        for cat in categories:
            for w, rule in self.words.get(cat, {}).items():
                pool.setdefault(w, rule)
        close = get_close_matches(fold(word), list(pool), n=1, cutoff=0.75)
        return (close[0], pool[close[0]]) if close else None


def of_book(book) -> Vocabulary:
    """The vocabulary of a rulebook: its enumerated keyword lists and its defined terms (chapter 8's terms
    are the ability and label keywords of a numbered document)."""
    cached = getattr(book, "_vocabulary", None)
    if cached is not None:
        return cached
    vocab = Vocabulary()
    for rule in book.rules.values():
        none = _NONE_WORD.search(rule.text or "")
        if none:
            vocab.add(none.group(1).lower().rstrip("s") + "s", none.group(2), rule.id)
        m = _LIST.search(rule.text or "")
        if not m:
            continue
        name = m.group(1).lower()
        category = next((cat for word, cat in _CATEGORY if word in name), None)
        if category is None:
            continue
        items = re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(2))
        for item in items:
            if item.strip():
                vocab.add(category, item.strip(), rule.id)
    for name, term in book.terms.items():
        rule = term.rules[0] if term.rules else ""
        vocab.add("terms", name, rule)
        if book.format == "numbered" and str(rule).startswith("8."):
            vocab.add("keywords", name, rule)
        elif book.format != "numbered" and "keyword" in str(rule).split("/")[0]:
            # a GitBook page of keywords ("keywords-and-abilities/agility-n"): "Agility N" is the keyword agility
            vocab.add("keywords", re.sub(r"\s+(?:n\+?|x|\(keyword\))$", "", fold(name)), rule)
    try:
        book._vocabulary = vocab
    except AttributeError:
        pass
    return vocab
