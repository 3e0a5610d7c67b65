"""The rule model shared by every document format.

A :class:`Rulebook` is one rules document (possibly several files) of one game and version. It holds
:class:`Rule` objects in document order, the terms the document defines, and the problems found while
parsing it. Everything here is plain Python: a rule lookup must not import networkx, rapidfuzz or even
``dataclasses`` (start-up time is a feature), so the classes use ``__slots__`` and serialise to plain
tuples for the parse cache.
"""

from __future__ import annotations

from judge.games import GAMES

# ---------------------------------------------------------------------------------------------------------
# Rule ids
# ---------------------------------------------------------------------------------------------------------


def id_key(rule_id: str) -> tuple:
    """Natural sort key of a numbered rule id: ``5.1.9 < 5.1.10``, ``100.1 < 100.1a < 100.2``.

    Each dot-separated part becomes ``(number, letters)``, so ``702.6`` and ``702.60`` are distinct and
    ordered (6 < 60) and never confused by string prefix. Ids that are not numbered (slugs of Grand
    Archive or Marvel Champions pages) sort after every numbered id, by their text.
    """
    parts = []
    for part in rule_id.split("."):
        digits = ""
        i = 0
        while i < len(part) and part[i].isdigit():
            i += 1
        digits, letters = part[:i], part[i:]
        if not digits:
            return (1, rule_id)
        parts.append((int(digits), letters))
    return (0, tuple(parts))


def numbered_parent(rule_id: str) -> str | None:
    """The structural parent of a numbered id: ``7.5.5b`` → ``7.5.5`` → ``7.5`` → ``7`` → None."""
    head = rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")
    if head != rule_id:
        return head
    if "." in rule_id:
        return rule_id.rsplit(".", 1)[0]
    return None


def is_descendant(rule_id: str, ancestor: str) -> bool:
    """True when ``rule_id`` lies under ``ancestor`` by structure (``702.60a`` is not under ``702.6``)."""
    parent = numbered_parent(rule_id)
    while parent is not None:
        if parent == ancestor:
            return True
        parent = numbered_parent(parent)
    return False


# ---------------------------------------------------------------------------------------------------------
# Problems found in a document
# ---------------------------------------------------------------------------------------------------------


class Problem:
    """One thing wrong (``error``) or suspicious (``warning``) in a rules document, with its place."""

    __slots__ = ("level", "code", "file", "line", "message", "rule_id")

    def __init__(self, level, code, file, line, message, rule_id=None):
        self.level = level
        self.code = code
        self.file = file
        self.line = line
        self.message = message
        self.rule_id = rule_id

    def where(self) -> str:
        """``file:line`` (or just the file) where the problem is."""
        return f"{self.file}:{self.line}" if self.line else str(self.file)

    def __str__(self) -> str:
        return f"{self.where()}: {self.level}: {self.message}"

    def to_tuple(self):
        """The fields as a tuple, for the parse cache."""
        return (self.level, self.code, self.file, self.line, self.message, self.rule_id)

    def to_dict(self) -> dict:
        """As data: level, code, file, line, message, rule id."""
        return {k: getattr(self, k) for k in self.__slots__}


# ---------------------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------------------


class Rule:
    """One rule (or heading, page, list item, glossary entry) of a document.

    ``id`` is the id as printed for numbered documents (``7.5.5b``) or a stable slug id for documents
    without global numbers (``playing-cards/7.1``). ``label`` is the human label used in citations when
    the id alone does not read well ("Playing Cards 7.1"); empty for numbered rules. ``refs`` are the ids
    this rule cites, in order, with ranges already expanded. ``line`` is the 1-based line in ``file``.
    """

    __slots__ = ("id", "title", "text", "examples", "notes", "refs", "parent", "children", "file", "line",
                 "label")

    def __init__(self, id, title="", text="", examples=None, notes=None, refs=None, parent=None,
                 children=None, file="", line=0, label=""):
        self.id = id
        self.title = title
        self.text = text
        self.examples = examples if examples is not None else []
        self.notes = notes if notes is not None else []
        self.refs = refs if refs is not None else []
        self.parent = parent
        self.children = children if children is not None else []
        self.file = file
        self.line = line
        self.label = label

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, title={self.title!r}, text={self.text[:40]!r})"

    @property
    def heading(self) -> str:
        """``7.5 Damage Step`` for a titled rule, else the id (with its label when it has one)."""
        if self.title:
            return f"{self.id} {self.title}"
        return self.id

    def full_text(self) -> str:
        """Text, notes and examples together (what search and diff compare)."""
        parts = [self.title, self.text] + self.notes + ["Example: " + e for e in self.examples]
        return "\n".join(p for p in parts if p)

    def to_tuple(self) -> tuple:
        """The fields as a tuple, for the parse cache."""
        return tuple(getattr(self, k) for k in self.__slots__)

    @classmethod
    def from_tuple(cls, values) -> "Rule":
        """A rule from :meth:`to_tuple`'s tuple."""
        rule = cls.__new__(cls)
        for key, value in zip(cls.__slots__, values):
            setattr(rule, key, value)
        return rule

    def to_dict(self) -> dict:
        """As data: every field of the rule."""
        return {k: getattr(self, k) for k in self.__slots__}


class Term:
    """A term the document defines: ``go again`` → rule 8.3.5, or a Magic glossary entry."""

    __slots__ = ("name", "rules", "text", "file", "line")

    def __init__(self, name, rules=None, text="", file="", line=0):
        self.name = name
        self.rules = rules if rules is not None else []
        self.text = text
        self.file = file
        self.line = line

    def to_tuple(self):
        """The fields as a tuple, for the parse cache."""
        return tuple(getattr(self, k) for k in self.__slots__)

    @classmethod
    def from_tuple(cls, values) -> "Term":
        """A term from :meth:`to_tuple`'s tuple."""
        return cls(*values)

    def to_dict(self) -> dict:
        """As data: every field of the term."""
        return {k: getattr(self, k) for k in self.__slots__}


# ---------------------------------------------------------------------------------------------------------
# Documents
# ---------------------------------------------------------------------------------------------------------

GAME_NAMES = {g.id: g.name for g in GAMES.values()}
"""Game id → full name, read from the registry (:mod:`judge.games`); prefer :func:`judge.games.name`."""
CITE_PREFIX = {g.id: g.cite_prefix for g in GAMES.values()}
"""Game id → citation prefix, read from the registry; prefer :func:`judge.games.cite_prefix`."""


class Rulebook:
    """One loaded rules document: its rules in document order, its terms, and parse problems.

    >>> book.get("7.5.5b").text      # doctest: +SKIP
    >>> book.cite("7.5.5b")          # 'FaB CR 2.10.1 7.5.5b'      # doctest: +SKIP
    """

    def __init__(self, name, game, title, version, format, files=(), rules=None, terms=None, problems=None,
                 stats=None):
        self.name = name
        self.game = game
        self.title = title
        self.version = version
        self.format = format
        self.files = list(files)
        self.rules: dict[str, Rule] = rules if rules is not None else {}
        self.terms: dict[str, Term] = terms if terms is not None else {}
        self.problems: list[Problem] = problems if problems is not None else []
        self.stats: dict = stats if stats is not None else {}
        self._cited_by = None
        self._positions = None
        self._labels = None
        self._chapters = None

    # -- lookup -------------------------------------------------------------------------------------------
    def __contains__(self, rule_id) -> bool:
        return rule_id in self.rules

    def __len__(self) -> int:
        return len(self.rules)

    def __iter__(self):
        return iter(self.rules.values())

    def get(self, rule_id: str) -> Rule | None:
        """The rule with this id, or None. Accepts ``100.1.`` for ``100.1``, any letter case, and the human
        label of a slug id (``Playing Cards 7.1`` for ``playing-cards/7.1``)."""
        rule = self.rules.get(rule_id)
        if rule is None and rule_id:
            alt = rule_id.strip().rstrip(".")
            rule = self.rules.get(alt) or self.rules.get(alt.lower())
            if rule is None and self.format != "numbered":
                if self._labels is None:
                    self._labels = {" ".join(r.label.lower().split()): r.id
                                    for r in self.rules.values() if r.label}
                rule = self.rules.get(self._labels.get(" ".join(alt.lower().split()), ""))
        return rule

    def position(self, rule_id: str) -> int:
        """Index of a rule in document order (for stable sorting); -1 when absent."""
        if self._positions is None:
            self._positions = {rid: i for i, rid in enumerate(self.rules)}
        return self._positions.get(rule_id, -1)

    def ancestors(self, rule_id: str) -> list[Rule]:
        """Parents from the top (chapter) down to the direct parent."""
        chain = []
        rule = self.rules.get(rule_id)
        while rule is not None and rule.parent:
            rule = self.rules.get(rule.parent)
            if rule is not None:
                chain.append(rule)
        chain.reverse()
        return chain

    def cited_by(self, rule_id: str) -> list[str]:
        """Ids of the rules that cite ``rule_id``, in document order."""
        if self._cited_by is None:
            index: dict[str, list[str]] = {}
            for rule in self.rules.values():
                for ref in rule.refs:
                    lst = index.setdefault(ref, [])
                    if not lst or lst[-1] != rule.id:
                        lst.append(rule.id)
            self._cited_by = index
        return self._cited_by.get(rule_id, [])

    def external_refs(self) -> dict[str, list[str]]:
        """Cited ids that are not in this document → the rules citing them (e.g. chapter 8 from the seeds)."""
        out: dict[str, list[str]] = {}
        for rule in self.rules.values():
            for ref in rule.refs:
                if ref not in self.rules:
                    out.setdefault(ref, [])
                    if rule.id not in out[ref]:
                        out[ref].append(rule.id)
        return out

    def is_outside(self, rule_id: str) -> bool:
        """True when an absent id belongs outside this document (a chapter it does not hold: the seeds cite
        chapters 1, 3, 6 and 8) rather than missing from it (``7.1.9`` in a document holding chapter 7)."""
        if rule_id in self.rules or self.format != "numbered":
            return False
        if self._chapters is None:
            self._chapters = {rid.split(".", 1)[0] for rid in self.rules}
        return rule_id.split(".", 1)[0] not in self._chapters

    def nearest(self, rule_id: str, n: int = 3) -> list[str]:
        """Existing ids closest to an unknown one: same parent first, then by natural order, then by text."""
        if not self.rules:
            return []
        ids = list(self.rules)
        key = id_key(rule_id)
        if key[0] == 0:
            # numbered: walk up until some ancestor exists, offer its children and itself
            probe = rule_id
            while probe:
                parent = numbered_parent(probe)
                if parent is None:
                    break
                if parent in self.rules:
                    kids = self.rules[parent].children
                    ranked = sorted(kids, key=lambda k: _id_distance(k, rule_id))
                    return (ranked + [parent])[:n]
                probe = parent
            keyed = sorted(ids, key=lambda k: _id_distance(k, rule_id))
            return keyed[:n]
        # slugs: common prefix, then shorter edit distance
        from difflib import get_close_matches
        return get_close_matches(rule_id, ids, n=n, cutoff=0.3) or ids[:n]

    # -- citations ----------------------------------------------------------------------------------------
    @property
    def cite_prefix(self) -> str:
        """``FaB CR 2.10.1``: what precedes a rule id in a citation."""
        prefix = CITE_PREFIX.get(self.game, self.game)
        return f"{prefix} {self.version}".strip()

    def cite(self, rule_id: str) -> str:
        """A citation string for display: ``FaB CR 2.10.1 7.5.5b`` (with the human label for slug ids)."""
        rule = self.rules.get(rule_id)
        if rule is not None and rule.label:
            return f"{self.cite_prefix}, {rule.label} [{rule_id}]"
        return f"{self.cite_prefix} {rule_id}"

    # -- (de)serialisation for the parse cache -----------------------------------------------------------
    def to_data(self) -> dict:
        """The whole document as plain tuples and lists, for the parse cache (:mod:`marshal`)."""
        return {
            "meta": (self.name, self.game, self.title, self.version, self.format, tuple(self.files)),
            "rules": [r.to_tuple() for r in self.rules.values()],
            "terms": [t.to_tuple() for t in self.terms.values()],
            "problems": [p.to_tuple() for p in self.problems],
            "stats": self.stats,
        }

    @classmethod
    def from_data(cls, data: dict) -> "Rulebook":
        """A rulebook from :meth:`to_data`'s data."""
        name, game, title, version, fmt, files = data["meta"]
        rules = {}
        for values in data["rules"]:
            rule = Rule.from_tuple(values)
            rules[rule.id] = rule
        terms = {}
        for values in data["terms"]:
            term = Term.from_tuple(values)
            terms[term.name.lower()] = term
        problems = [Problem(*p) for p in data["problems"]]
        return cls(name, game, title, version, fmt, files, rules, terms, problems, dict(data["stats"]))

    def describe(self) -> str:
        """``FaB CR 2.10.1 (fab-2.10.1, 1,130 rules)``."""
        return f"{self.cite_prefix} ({self.name}, {len(self.rules):,} rules)"


def _id_distance(candidate: str, wanted: str):
    a, b = id_key(candidate)[1], id_key(wanted)[1]
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return (99, candidate)
    common = 0
    for x, y in zip(a, b):
        if x != y:
            break
        common += 1
    tail_a = a[common] if common < len(a) else (0, "")
    tail_b = b[common] if common < len(b) else (0, "")
    return (-common, abs(tail_a[0] - tail_b[0]), abs(len(a) - len(b)), tail_a[1] != tail_b[1], candidate)


def format_version_key(version: str) -> tuple:
    """Order versions naturally: ``2.10.1 < 2.11 < 2026-02``."""
    out = []
    num = ""
    for ch in version:
        if ch.isdigit():
            num += ch
        else:
            if num:
                out.append(int(num))
                num = ""
    if num:
        out.append(int(num))
    return tuple(out)
