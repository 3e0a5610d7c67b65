"""Version-to-version diff of a rules document: what was added, removed, reworded and renumbered.

:func:`diff` pairs every rule of the old document with at most one rule of the new one, then classifies:

* **unchanged** – same id, same title, text, notes and examples (to the character);
* **reworded** – same id, something changed. :attr:`Change.parts` says which of ``title``, ``text``,
  ``notes``, ``examples`` changed, :attr:`Change.diffs` holds a word-level diff of each, and
  :attr:`Change.cosmetic` is true when only punctuation, letter case, spacing or the place of a reference
  changed (``arena-cards[1.3.2d].`` → ``arena-cards.[1.3.2d]``): the same words in the same order;
* **moved** (renumbered) – the old rule's text now stands under another id, possibly reworded a little;
* **removed** / **added** – a rule with no partner on the other side.

How rules are paired, cheapest first (each step only sees what the earlier steps left over):

1. same id and identical text → unchanged;
2. same id and the same *word key* (the lower-cased words, punctuation dropped) → a cosmetic rewording;
3. the same word key under different ids → moved. When several rules share a key they are paired in
   document order. Then the same for the title and text alone (:func:`text_key`, at least
   :data:`MIN_FUZZY_CHARS` long): a rule that moved and gained or lost an example is still a move;
4. fuzzy pairing of what is left, with :func:`rapidfuzz.fuzz.ratio` on word keys (0–100):

   * a rule left under the same id on both sides is a candidate at any similarity, with a bonus of
     :data:`SAME_ID_BONUS` points: an id is what rulings cite, so a citation to a rewritten rule now
     points at the new text and the change is shown as a rewording, however large (the similarity is
     reported so that a reader can tell a touch-up from a rewrite);
   * a pair under different ids is a candidate only from :data:`MOVE_CUTOFF` up (at most about 15 % of the
     text edited), and only when both word keys are at least :data:`MIN_FUZZY_CHARS` long: short
     headings (``Unlimited`` / ``Limited``, ``Tap`` / ``Untap``) must match exactly to count as a move.

   The candidates are then taken greedily, best score first (ties: same id first, then the pair closest
   in document order), each rule at most once – the one-to-one pairing git's rename detection makes.
   So when an inserted rule pushes its siblings down (FaB 4.4.3d → 4.4.3e, 4.4.3e → 4.4.3f) the moved
   texts win over the unrelated texts now sitting under their old ids, and the inserted rule is added;
5. what is still unpaired is removed (old side) or added (new side).

Counts per chapter use the first component of a numbered id (``1`` for FaB ``1.3.3b``, ``702`` for Magic
``702.124k``) and the page slug of slug ids (``playing-cards`` for ``playing-cards/7.1``). Added, reworded
and moved rules count under their new id, removed rules under their old id.

The later question "did rule X of version A change between A and B, and what is its id now?" is
:meth:`Diff.status`; :func:`history` follows one rule across many versions. rapidfuzz is imported here
and nowhere on the start-up path of ``judge rule``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from difflib import SequenceMatcher

from rapidfuzz import fuzz, process

from judge.errors import UnknownRuleError
from judge.rulebook.model import Rule, Rulebook, id_key

MOVE_CUTOFF = 85.0
"""Least similarity (rapidfuzz ratio of the word keys, 0–100) for a text under a new id to be a move."""
SAME_ID_BONUS = 10.0
"""Points added to a same-id pair when the fuzzy pairing ranks candidates: an id keeps its text unless
the text is clearly better matched elsewhere."""
MIN_FUZZY_CHARS = 30
"""Shorter word keys (headings, one-line rules) move only on an exact word-key match."""
_LENGTH_RATIO = MOVE_CUTOFF / (200.0 - MOVE_CUTOFF)   # shortest / longest length that can still reach the cutoff

PARTS = ("title", "text", "notes", "examples")

_WORD = re.compile(r"\w+")
# a diff token: a bracketed reference or symbol ([1.3.2d], {p}), a rule number (611.2f), a word with
# inner hyphens and apostrophes (turn-player, hero's), or one other character; with the whitespace before it
_TOKEN = re.compile(r"(\s*)(\[[^\]\s]*\]|\{[^}\s]*\}|\d+(?:\.\w+)+|\w+(?:[-'’]\w+)*|\S)")


# ---------------------------------------------------------------------------------------------------------
# text helpers
# ---------------------------------------------------------------------------------------------------------

def part_text(rule: Rule, part: str) -> str:
    """One part of a rule as a single string (notes and examples one per line)."""
    value = getattr(rule, part)
    return "\n".join(value) if isinstance(value, list) else value


def word_key(rule: Rule) -> str:
    """The rule's words, lower-cased, without punctuation: what matching and ``cosmetic`` compare."""
    return " ".join(_WORD.findall(rule.full_text().lower()))


def text_key(rule: Rule) -> str:
    """Like :func:`word_key`, of the title and text only (without notes and examples)."""
    return " ".join(_WORD.findall(f"{rule.title}\n{rule.text}".lower()))


def _same(a: Rule, b: Rule) -> bool:
    return a.text == b.text and a.title == b.title and a.examples == b.examples and a.notes == b.notes


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Word-level diff of two texts: ``[("=", same), ("-", deleted), ("+", inserted), …]``.

    Each segment keeps the whitespace in front of its first word, so joining the ``=`` and ``+`` segments
    gives back ``new`` and joining the ``=`` and ``-`` ones gives ``old`` (up to trailing spaces).
    """
    a = _TOKEN.findall(old)
    b = _TOKEN.findall(new)
    matcher = SequenceMatcher(None, [t for _, t in a], [t for _, t in b], autojunk=False)
    out: list[tuple[str, str]] = []

    def add(op, tokens):
        if tokens:
            text = "".join(ws + tok for ws, tok in tokens)
            if out and out[-1][0] == op:
                out[-1] = (op, out[-1][1] + text)
            else:
                out.append((op, text))

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            add("=", b[j1:j2])
        else:
            add("-", a[i1:i2])
            add("+", b[j1:j2])
    return out


def inline(segments, context: int | None = None) -> str:
    """A word diff as one string, ``…the [-old-]{+new+} words…``.

    With ``context``, unchanged runs longer than twice that many words keep only ``context`` words on
    each side of a change (``…`` stands for the rest).
    """
    out = []
    prev = None
    last = len(segments) - 1
    for k, (op, text) in enumerate(segments):
        if op == "=":
            if context is not None:
                text = _elide(text, context, keep_head=k > 0, keep_tail=k < last)
            out.append(text)
        else:
            body = text.lstrip()
            ws = "" if (op == "+" and prev == "-") else text[: len(text) - len(body)]
            out.append(ws + ("[-" + body + "-]" if op == "-" else "{+" + body + "+}"))
        prev = op
    return "".join(out)


_MARKED = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}", re.S)


def colorize(text: str) -> str:
    """Word-diff markers coloured for a terminal: ``[-deleted-]`` red, ``{+inserted+}`` green (the markers
    stay, so the diff still reads without colour)."""
    return _MARKED.sub(lambda m: f"\x1b[31m{m.group(0)}\x1b[0m" if m.group(1) is not None
                       else f"\x1b[32m{m.group(0)}\x1b[0m", text)


def use_color(stream) -> bool:
    """Colour on a terminal unless ``NO_COLOR`` is set (https://no-color.org); never when piped."""
    import os

    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def _elide(text: str, context: int, keep_head: bool, keep_tail: bool) -> str:
    tokens = _TOKEN.findall(text)
    head = context if keep_head else 0
    tail = context if keep_tail else 0
    if len(tokens) <= head + tail + 2:
        return text
    kept_head = "".join(ws + tok for ws, tok in tokens[:head])
    kept_tail = "".join(ws + tok for ws, tok in tokens[len(tokens) - tail:]).lstrip() if tail else ""
    lead = text[: len(text) - len(text.lstrip())] if head else ""   # the space before the first kept word
    return lead + " ".join(p for p in (kept_head.strip(), "…", kept_tail) if p)


def chapter_of(rule_id: str) -> str:
    """``1`` for ``1.3.3b``, ``702`` for ``702.124k``, ``playing-cards`` for ``playing-cards/7.1``."""
    if "/" in rule_id:
        return rule_id.split("/", 1)[0]
    if id_key(rule_id)[0] == 0:
        return rule_id.split(".", 1)[0]
    return rule_id


# ---------------------------------------------------------------------------------------------------------
# the result
# ---------------------------------------------------------------------------------------------------------

class Change:
    """One rule that differs between the two versions.

    ``kind`` is ``added``, ``removed``, ``reworded`` or ``moved``. ``old``/``new`` are the rules (None on
    the side where the rule does not exist). ``parts`` names what changed (empty for a move with the
    text intact), ``diffs`` maps each of those parts to its :func:`word_diff`, ``similarity`` is the
    rapidfuzz ratio of the word keys (100 when the words are the same).
    """

    __slots__ = ("kind", "old", "new", "parts", "cosmetic", "similarity", "_diffs")

    def __init__(self, kind, old=None, new=None, similarity=None):
        self.kind = kind
        self.old: Rule | None = old
        self.new: Rule | None = new
        self.similarity = similarity
        self.parts: tuple[str, ...] = ()
        self.cosmetic = False
        self._diffs = None
        if old is not None and new is not None:
            self.parts = tuple(p for p in PARTS if part_text(old, p) != part_text(new, p))
            self.cosmetic = bool(self.parts) and word_key(old) == word_key(new)

    @property
    def diffs(self) -> dict[str, list[tuple[str, str]]]:
        """Each changed part → its :func:`word_diff` (computed on first use)."""
        if self._diffs is None:
            self._diffs = {p: word_diff(part_text(self.old, p), part_text(self.new, p)) for p in self.parts}
        return self._diffs

    @property
    def old_id(self) -> str | None:
        """The rule's id in the old version (None when added)."""
        return self.old.id if self.old is not None else None

    @property
    def new_id(self) -> str | None:
        """The rule's id in the new version (None when removed)."""
        return self.new.id if self.new is not None else None

    @property
    def id(self) -> str:
        """The id the change is listed under: the new id, or the old one for a removed rule."""
        return self.new.id if self.new is not None else self.old.id

    @property
    def reworded(self) -> bool:
        """True when the wording differs (a moved rule may be reworded too)."""
        return bool(self.parts)

    @property
    def chapter(self) -> str:
        """The chapter (or page) the change belongs to."""
        return chapter_of(self.id)

    def __repr__(self) -> str:
        if self.kind == "moved":
            return f"Change(moved {self.old_id} → {self.new_id}, parts={self.parts})"
        return f"Change({self.kind} {self.id}, parts={self.parts})"

    def to_dict(self) -> dict:
        """As data: kind, old and new ids, and for a rule in both versions its similarity and changed parts."""
        out = {"kind": self.kind, "old_id": self.old_id, "new_id": self.new_id}
        if self.old is not None and self.new is not None:
            out["similarity"] = round(self.similarity, 1) if self.similarity is not None else None
            out["parts"] = list(self.parts)
            out["cosmetic"] = self.cosmetic
            out["diff"] = {p: [list(seg) for seg in segs] for p, segs in self.diffs.items()}
            out["inline"] = {p: inline(segs) for p, segs in self.diffs.items()}
        rule = self.new if self.new is not None else self.old
        out["title"] = rule.title
        out["text"] = rule.text
        return out


class RuleStatus:
    """What became of one rule of the old version: ``unchanged``, ``reworded``, ``moved`` or ``removed``
    (``added`` when asked about a new id through :meth:`Diff.origin`). ``new_id`` is its id in the new
    version (None when removed); ``change`` the :class:`Change` (None when unchanged)."""

    __slots__ = ("kind", "old_id", "new_id", "change")

    def __init__(self, kind, old_id, new_id, change=None):
        self.kind = kind
        self.old_id = old_id
        self.new_id = new_id
        self.change = change

    @property
    def reworded(self) -> bool:
        """Is the rule's text different in the new version?"""
        return self.change is not None and self.change.reworded

    def __eq__(self, other) -> bool:
        if isinstance(other, str):
            return self.kind == other
        return NotImplemented

    def __repr__(self) -> str:
        if self.kind == "moved":
            return f"RuleStatus(moved {self.old_id} → {self.new_id}{', reworded' if self.reworded else ''})"
        return f"RuleStatus({self.kind} {self.old_id or self.new_id})"

    def to_dict(self) -> dict:
        """As data: kind, old and new ids, reworded."""
        return {"kind": self.kind, "old_id": self.old_id, "new_id": self.new_id, "reworded": self.reworded}


class ChapterCount:
    """How many rules of one chapter were added, removed, reworded and renumbered."""

    __slots__ = ("chapter", "title", "added", "removed", "reworded", "renumbered")

    def __init__(self, chapter, title=""):
        self.chapter = chapter
        self.title = title
        self.added = self.removed = self.reworded = self.renumbered = 0

    @property
    def total(self) -> int:
        """Every change counted in this chapter."""
        return self.added + self.removed + self.reworded + self.renumbered

    def to_dict(self) -> dict:
        """As data: the count of each kind of change."""
        return {k: getattr(self, k) for k in self.__slots__}


class Diff:
    """The differences between two versions of one rules document (see the module docstring).

    ``added``, ``removed``, ``reworded`` and ``renumbered`` are lists of :class:`Change`, in the document
    order of the new version (of the old one for ``removed``). ``mapping`` maps every old id that
    survives to its new id.
    """

    def __init__(self, old: Rulebook, new: Rulebook, changes: list[Change], mapping: dict[str, str]):
        self.old = old
        self.new = new
        self.mapping = mapping
        self.reverse = {n: o for o, n in mapping.items()}
        self._by_old = {c.old_id: c for c in changes if c.old is not None}
        self._by_new = {c.new_id: c for c in changes if c.new is not None}
        in_new = lambda c: new.position(c.new_id)  # noqa: E731
        self.added = sorted((c for c in changes if c.kind == "added"), key=in_new)
        self.removed = sorted((c for c in changes if c.kind == "removed"), key=lambda c: old.position(c.old_id))
        self.reworded = sorted((c for c in changes if c.kind == "reworded"), key=in_new)
        self.renumbered = sorted((c for c in changes if c.kind == "moved"), key=in_new)

    # -- questions about one rule -------------------------------------------------------------------------
    def status(self, rule_id: str) -> RuleStatus:
        """What became of old rule ``rule_id``: unchanged, reworded, moved (with ``new_id``) or removed.

        Raises :class:`UnknownRuleError` when the old version has no such rule.
        """
        return self._lookup(self.old, self._by_old, rule_id)

    def origin(self, rule_id: str) -> RuleStatus:
        """Where new rule ``rule_id`` came from: unchanged, reworded, moved (``old_id`` is where it was)
        or added. Raises :class:`UnknownRuleError` when the new version has no such rule."""
        return self._lookup(self.new, self._by_new, rule_id)

    @staticmethod
    def _lookup(book: Rulebook, changes: dict, rule_id: str) -> RuleStatus:
        rule = book.get(rule_id)
        if rule is None:
            raise _unknown(book, rule_id)
        change = changes.get(rule.id)
        if change is None:
            return RuleStatus("unchanged", rule.id, rule.id)
        return RuleStatus(change.kind, change.old_id, change.new_id, change)

    def new_id(self, rule_id: str) -> str | None:
        """The id of old rule ``rule_id`` in the new version, or None when it was removed."""
        return self.status(rule_id).new_id

    # -- summaries ----------------------------------------------------------------------------------------
    @property
    def changes(self) -> list[Change]:
        """Every change: renumbered, removed, added, reworded."""
        return self.renumbered + self.removed + self.added + self.reworded

    @property
    def unchanged(self) -> int:
        """How many rules kept their id and their text."""
        return sum(1 for o, n in self.mapping.items() if o == n and o not in self._by_old)

    def counts(self) -> dict[str, int]:
        """How many rules were added, removed, reworded (cosmetically or not) and renumbered."""
        cosmetic = sum(1 for c in self.reworded if c.cosmetic)
        return {"added": len(self.added), "removed": len(self.removed), "reworded": len(self.reworded),
                "reworded_cosmetic": cosmetic, "renumbered": len(self.renumbered),
                "renumbered_reworded": sum(1 for c in self.renumbered if c.reworded),
                "unchanged": self.unchanged}

    def chapters(self) -> list[ChapterCount]:
        """Counts per chapter, chapters in natural order, only chapters with a change."""
        table: dict[str, ChapterCount] = {}
        for field, items in (("added", self.added), ("removed", self.removed), ("reworded", self.reworded),
                             ("renumbered", self.renumbered)):
            for change in items:
                chapter = change.chapter
                row = table.get(chapter)
                if row is None:
                    head = self.new.rules.get(chapter) or self.old.rules.get(chapter)
                    row = table[chapter] = ChapterCount(chapter, head.title if head is not None else "")
                setattr(row, field, getattr(row, field) + 1)
        return sorted(table.values(), key=lambda r: id_key(r.chapter))

    def to_dict(self) -> dict:
        """As data (``judge diff --json``): both documents, the counts and every change."""
        def doc(book):
            return {"name": book.name, "game": book.game, "version": book.version,
                    "citation": book.cite_prefix, "rules": len(book.rules)}

        return {
            "old": doc(self.old), "new": doc(self.new), "counts": self.counts(),
            "chapters": [r.to_dict() for r in self.chapters()],
            "renumbered": [c.to_dict() for c in self.renumbered],
            "removed": [c.to_dict() for c in self.removed],
            "added": [c.to_dict() for c in self.added],
            "reworded": [c.to_dict() for c in self.reworded],
        }


def _unknown(book: Rulebook, rule_id: str) -> UnknownRuleError:
    near = book.nearest(rule_id)
    hint = f"; nearest: {', '.join(near)}" if near else ""
    return UnknownRuleError(f"no rule {rule_id} in {book.cite_prefix}{hint}")


# ---------------------------------------------------------------------------------------------------------
# the pairing
# ---------------------------------------------------------------------------------------------------------

def diff(old: Rulebook, new: Rulebook) -> Diff:
    """Compare two versions of a rules document (see the module docstring for how rules are paired)."""
    old_rules, new_rules = old.rules, new.rules
    pairs: dict[str, str] = {}        # old id → new id
    scores: dict[str, float] = {}     # old id → similarity of its pair
    # 1. same id, identical text
    for rid, rule in old_rules.items():
        other = new_rules.get(rid)
        if other is not None and _same(rule, other):
            pairs[rid] = rid
    left_old = [rid for rid in old_rules if rid not in pairs]
    left_new = [rid for rid in new_rules if rid not in pairs]   # unchanged pairs are identities
    old_key = {rid: word_key(old_rules[rid]) for rid in left_old}
    new_key = {rid: word_key(new_rules[rid]) for rid in left_new}
    free_new = set(left_new)

    def take(o, n, score):
        pairs[o] = n
        scores[o] = score
        free_new.discard(n)

    # 2. same id, same words
    for rid in left_old:
        if rid in free_new and old_key[rid] and old_key[rid] == new_key[rid]:
            take(rid, rid, 100.0)
    # 3. same words under another id, paired in document order
    by_key: dict[str, list[str]] = {}
    for rid in left_new:
        if rid in free_new and new_key[rid]:
            by_key.setdefault(new_key[rid], []).insert(0, rid)   # reversed: pop() takes the first
    for rid in left_old:
        if rid in pairs:
            continue
        queue = by_key.get(old_key[rid])
        while queue and queue[-1] not in free_new:
            queue.pop()
        if queue:
            take(rid, queue.pop(), 100.0)
    # 3b. the same title and text under another id, only the examples or notes changed (a page that gained
    # an example box when its items were renumbered); long texts only, paired in document order
    by_text: dict[str, list[str]] = {}
    for rid in left_new:
        if rid in free_new:
            key = text_key(new_rules[rid])
            if len(key) >= MIN_FUZZY_CHARS:
                by_text.setdefault(key, []).insert(0, rid)
    for rid in left_old:
        if rid in pairs:
            continue
        queue = by_text.get(text_key(old_rules[rid]))
        while queue and queue[-1] not in free_new:
            queue.pop()
        if queue:
            n = queue.pop()
            take(rid, n, fuzz.ratio(old_key[rid], new_key[n]))
    # 4. fuzzy pairing of the rest
    rest_old = [rid for rid in left_old if rid not in pairs]
    rest_new = [rid for rid in left_new if rid in free_new]
    if rest_old and rest_new:
        _fuzzy(old, new, rest_old, rest_new, old_key, new_key, take)
    changes = []
    for o, n in pairs.items():
        if o == n and o not in scores:
            continue  # unchanged
        kind = "reworded" if o == n else "moved"
        changes.append(Change(kind, old_rules[o], new_rules[n], scores[o]))
    changes.extend(Change("removed", old=old_rules[rid]) for rid in left_old if rid not in pairs)
    changes.extend(Change("added", new=new_rules[rid]) for rid in left_new if rid in free_new)
    return Diff(old, new, changes, pairs)


def _fuzzy(old, new, rest_old, rest_new, old_key, new_key, take):
    new_set = set(rest_new)
    candidates = []   # (ranking score, same id, position distance, similarity, old id, new id)
    for rid in rest_old:
        if rid in new_set:
            score = fuzz.ratio(old_key[rid], new_key[rid])
            candidates.append((score + SAME_ID_BONUS, 1, 0, score, rid, rid))
    # ratio = 200·matches / (len a + len b) ≥ MOVE_CUTOFF needs len a / len b ≥ _LENGTH_RATIO: only the
    # new texts in that length window are scored (sorted by length, found by bisection)
    long_new = sorted((rid for rid in rest_new if len(new_key[rid]) >= MIN_FUZZY_CHARS),
                      key=lambda rid: len(new_key[rid]))
    lengths = [len(new_key[rid]) for rid in long_new]
    choices = [new_key[rid] for rid in long_new]
    for rid in rest_old:
        key = old_key[rid]
        if len(key) < MIN_FUZZY_CHARS or not choices:
            continue
        lo = bisect_left(lengths, len(key) * _LENGTH_RATIO)
        hi = bisect_right(lengths, len(key) / _LENGTH_RATIO)
        if lo >= hi:
            continue
        pos = old.position(rid)
        for _choice, score, k in process.extract(key, choices[lo:hi], scorer=fuzz.ratio,
                                                 score_cutoff=MOVE_CUTOFF, limit=None):
            target = long_new[lo + k]
            if target != rid:
                candidates.append((score, 0, abs(new.position(target) - pos), score, rid, target))
    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
    used_old: set[str] = set()
    used_new: set[str] = set()
    for _rank, _same_id, _dist, score, o, n in candidates:
        if o in used_old or n in used_new:
            continue
        used_old.add(o)
        used_new.add(n)
        take(o, n, score)


# ---------------------------------------------------------------------------------------------------------
# one rule across many versions
# ---------------------------------------------------------------------------------------------------------

class Event:
    """One version in the life of a rule: ``first`` (present in the earliest version compared),
    ``added``, ``unchanged``, ``reworded``, ``moved`` or ``removed``. ``rule_id`` is its id in that
    version (the last id it had, for ``removed``)."""

    __slots__ = ("version", "book", "kind", "rule_id", "change")

    def __init__(self, version, book, kind, rule_id, change=None):
        self.version = version
        self.book = book
        self.kind = kind
        self.rule_id = rule_id
        self.change = change

    def __repr__(self) -> str:
        return f"Event({self.version} {self.kind} {self.rule_id})"

    def to_dict(self) -> dict:
        """As data: version, document, kind, id and the change."""
        out = {"version": self.version, "document": self.book.name, "kind": self.kind, "id": self.rule_id}
        if self.change is not None:
            out["change"] = self.change.to_dict()
        return out


class History:
    """The life of one rule over the versions of a document, and where its id meant another rule."""

    def __init__(self, rule_id, books, events, others):
        self.rule_id = rule_id
        self.books = books
        self.events: list[Event] = events
        # (book, the other rule under that id, what became of it in the next version or None)
        self.others: list[tuple[Rulebook, Rule, RuleStatus | None]] = others

    def to_dict(self) -> dict:
        """As data (``judge history --json``): the versions and what happened to the rule in each."""
        return {"id": self.rule_id, "game": self.books[0].game,
                "versions": [{"version": b.version, "document": b.name} for b in self.books],
                "events": [e.to_dict() for e in self.events],
                "other_rules": [{"version": b.version, "id": r.id, "title": r.title, "text": r.text,
                                 "next": fate.to_dict() if fate is not None else None}
                                for b, r, fate in self.others]}


def history(books: list[Rulebook], rule_id: str, diffs: list[Diff] | None = None) -> History:
    """Follow ``rule_id`` through ``books`` (oldest first), across renumbering in both directions.

    The rule followed is the one holding ``rule_id`` in the newest version that has that id; versions in
    which the same id held another rule are reported in :attr:`History.others`. Raises
    :class:`UnknownRuleError` when no version has the id.
    """
    if diffs is None:
        diffs = [diff(a, b) for a, b in zip(books, books[1:])]
    anchor = None
    for k in range(len(books) - 1, -1, -1):
        rule = books[k].get(rule_id)
        if rule is not None:
            anchor, rule_id = k, rule.id
            break
    if anchor is None:
        near = books[-1].nearest(rule_id)
        hint = f"; nearest in {books[-1].version}: {', '.join(near)}" if near else ""
        versions = ", ".join(b.version for b in books)
        raise UnknownRuleError(f"no rule {rule_id} in any version ({versions}){hint}")
    chain = {anchor: rule_id}
    events: list[Event] = []
    # backwards to where it appeared
    cur, k = rule_id, anchor
    while k > 0:
        came = diffs[k - 1].origin(cur)
        if came.kind == "added":
            events.append(Event(books[k].version, books[k], "added", cur))
            break
        events.append(Event(books[k].version, books[k], came.kind, cur, came.change))
        cur, k = came.old_id, k - 1
        chain[k] = cur
    if k == 0:
        events.append(Event(books[0].version, books[0], "first", cur))
    events.reverse()
    # forwards to the newest version or its removal
    cur = rule_id
    for k in range(anchor, len(books) - 1):
        st = diffs[k].status(cur)
        if st.kind == "removed":
            events.append(Event(books[k + 1].version, books[k + 1], "removed", cur, st.change))
            break
        events.append(Event(books[k + 1].version, books[k + 1], st.kind, st.new_id, st.change))
        cur = st.new_id
        chain[k + 1] = cur
    others = []
    for k, book in enumerate(books):
        rule = book.rules.get(rule_id)
        if rule is not None and chain.get(k) != rule_id:
            fate = diffs[k].status(rule_id) if k + 1 < len(books) else None
            others.append((book, rule, fate))
    return History(rule_id, books, events, others)
