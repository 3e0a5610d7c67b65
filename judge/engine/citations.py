"""The registry of the rules the engines cite, each bound to words of its text and located in any version.

An engine cites a rule by a name (``HIT``, ``DOMINATE_REACTIONS``): a :class:`Cited`, which *is* the rule id
under the version the engine was written against (a ``str``: ``"7.5.5"``), and carries the words that rule's
text must contain (``"an attack is considered to have"``). Each game lists its names in one module
(``cited.py`` of the engine package: ``judge/engine/fab/cited.py`` …) that ends with a :class:`Registry`. Tests check every entry against the
documents (the id exists, its text holds the words) and that the engines cite no id the registry lacks.

When a scenario is judged under another version of the rules (``rules = "2026-02"``, ``--rules``), every
citation is *located* in that document (:meth:`Registry.locate`): the same id when its text still holds the
words, else the rule of the same chapter or page holding the words nearest the old position (how the diff pairs a renumbered rule:
FaB 2.10.1 4.4.3d is 2026-02 4.4.3e); a part the version does not have is cited as the rule it belongs to
(``within``) when the registry says so; an entry that cannot be located is an :class:`UnlocatedCitation`
naming it, never a wrong number. :func:`apply` does this to a whole :class:`~judge.engine.core.Outcome`.
"""

from __future__ import annotations

import functools
import re
import weakref

from judge.errors import JudgeError

_WORD = re.compile(r"\w+")


def word_key(text: str) -> str:
    """Lower-cased words of a text, single-spaced, with a space at each end (for whole-word containment)."""
    return " " + " ".join(_WORD.findall(text.lower())) + " "


class Cited(str):
    """A rule id the engine cites, bound to words its text must contain.

    It is the id string itself (``Cited("7.5.5", …) == "7.5.5"``), so it goes wherever a cited id goes.
    ``within`` is the id of the rule this one belongs to, cited instead in a version that lacks this part.
    ``name`` is set by the :class:`Registry` that collects it.
    """

    def __new__(cls, rule_id: str, words: str, within: str | None = None, moved=(), since: str | None = None):
        obj = super().__new__(cls, f"{rule_id}@{since}" if since else rule_id)
        obj.words = words
        obj.within = within
        obj.moved = tuple(moved)
        obj.since = since
        obj.rule = rule_id
        obj.name = ""
        return obj

    @property
    def id(self) -> str:
        """The rule id under the version the engine was written against; of a rule only a later version
        defines (``since``), that id tagged with the version (``"8.5.55@2026-02"``), which no document numbers:
        it is always located (:meth:`Registry.locate_all`)."""
        return str(self)

    def holds(self, rule, words: str | None = None) -> bool:
        """Does this rule's title and text contain the registered words (or ``words``)?"""
        return rule is not None and word_key(words or self.words) in word_key(f"{rule.title} {rule.text}")

    def holds_any(self, rule) -> bool:
        """Does this rule hold the registered words, or the words of one of the places they :attr:`moved` to?"""
        return any(self.holds(rule, words) for words in (self.words, *self.moved))


def cite(rule_id: str, words: str, within: str | None = None, moved=(), since: str | None = None) -> Cited:
    """A registry entry: ``HIT = cite("7.5.5", "an attack is considered to have hit")``.

    ``since`` binds the entry to a rule that only a later version defines (a mechanism the registry's own
    version does not have): ``TAP = cite("8.5.55", "to tap a permanent", since="2026-02")`` is rule 8.5.55 *of
    that version*. Judged under it (or a later one, located there by words and position), it cites the real
    rule; judged under an older version, citing it is an :class:`UndefinedMechanism` naming the mechanism and
    the version that defines it — the engine refuses rather than cite a number the older document does not
    give that meaning (tests check such entries against the named version).

    ``moved`` follows sentences that left the rule in a later version (words and position cannot: the words are
    in no rule there): the words of each rule that now says what this one said, in the order to cite them, e.g.
    for 2.10.1 7.2.4, ``("the attack event occurs", "attacking objects on a chain link remain attacking")``
    (2026-02 7.2.4 and 7.2.3). A document where the registered words are in no rule cites every rule those
    words locate (each by words and position, as the entry itself would be)."""
    return Cited(rule_id, words, within, moved, since)


class UnlocatedCitation(JudgeError):
    """A registry entry that the document a scenario is judged under does not hold."""


class UndefinedMechanism(UnlocatedCitation):
    """A registry entry bound to a rule of a later version (``since``) cited under an older document: the
    scenario uses a mechanism the rules it is judged under do not define. ``since`` is the version that does."""

    def __init__(self, message: str, since: str):
        super().__init__(message)
        self.since = since


_REGISTRIES: dict = {}     # game id → its Registry, filled as each engine's cited.py is imported


class Registry:
    """Every rule one game's engine cites: name → :class:`Cited`, id → :class:`Cited`.

    ``base`` names the version the ids are written against (``"2.10.1"``; Grand Archive and Marvel
    Champions cite the seed's ids for the pages the seed holds and the full document's for the rest).
    """

    def __init__(self, game: str, base: str, namespace: dict):
        self.game = game
        self.base = base
        self.by_name: dict[str, Cited] = {}
        self.by_id: dict[str, Cited] = {}
        for name, value in namespace.items():
            if isinstance(value, Cited):
                if value.id in self.by_id:
                    raise ValueError(f"{game} registry: {name} and {self.by_id[value.id].name} both name {value.id}")
                value.name = name
                self.by_name[name] = value
                self.by_id[value.id] = value
        for entry in self.by_name.values():
            if entry.within is not None and entry.within not in self.by_id:
                raise ValueError(f"{game} registry: {entry.name} belongs within {entry.within}, which is not registered")
        self.later = frozenset(e.id for e in self.by_name.values() if e.since)   # entries of a later version
        self._located: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        _REGISTRIES[game] = self     # the engine's citations, found by registry(game)

    def __len__(self) -> int:
        return len(self.by_name)

    def __iter__(self):
        return iter(self.by_name.values())

    def __getitem__(self, name: str) -> Cited:
        """The entry of this name (or, failing that, registered under this id)."""
        entry = self.by_name.get(name) or self.by_id.get(name)
        if entry is None:
            raise KeyError(name)
        return entry

    def get(self, rule_id: str) -> Cited | None:
        """The entry registered under this id, or None."""
        return self.by_id.get(rule_id)

    def describe(self, entry: Cited) -> str:
        """``HIT (7.5.5: "an attack is considered to have")``."""
        return f'{entry.name} ({entry.id}: "{entry.words}")'

    # -- locating ---------------------------------------------------------------------------------------
    def locate(self, entry: Cited, book) -> str:
        """The id under which ``book`` states this entry (see the module docstring); of an entry whose
        sentences moved to several rules in ``book``'s version (:func:`cite`'s ``moved``), the first.

        A document that does not hold the entry's chapter or page at all (an embedded excerpt) keeps the id.
        Raises :class:`UnlocatedCitation` when no rule of the document holds the words.
        """
        return self.locate_all(entry, book)[0]

    def locate_all(self, entry: Cited, book) -> tuple[str, ...]:
        """Every id under which ``book`` states this entry: those ``moved`` names for its version, each
        checked to hold its words, else the one :meth:`locate` finds by words and position."""
        cache = self._located.get(book)
        if cache is None:
            cache = self._located[book] = {}
        found = cache.get(entry.id)
        if found is None:
            if entry.since:
                self._check_defined(entry, book)
            try:
                found = (self._find(entry, book, set(), entry.words if entry.moved else None),)
            except UnlocatedCitation:
                if not entry.moved:
                    raise
                # the sentences left the rule: cite each rule that now holds one of them
                found = tuple(dict.fromkeys(self._find(entry, book, set(), words) for words in entry.moved))
            cache[entry.id] = found
        return found

    def _check_defined(self, entry: Cited, book) -> None:
        """Raise :class:`UndefinedMechanism` when ``book`` is older than the version ``entry`` is bound to."""
        from judge.rulebook.model import format_version_key

        if format_version_key(book.version or "") >= format_version_key(entry.since):
            return
        mechanism = entry.name.lower().replace("_", " ")
        later = book.cite_prefix[: -len(book.version)].strip() if book.version and \
            book.cite_prefix.endswith(book.version) else self.game
        raise UndefinedMechanism(
            f"{mechanism} ({entry.name}: {later} {entry.since} {entry.rule}, \"{entry.words}\") is a rule that "
            f"{later} {entry.since} defines and {book.cite_prefix}, under which this scenario is judged, does not: "
            f"judge it under {entry.since} (rules = \"{entry.since}\", with that document imported: judge rules "
            f"import FILE --game {self.game} --version {entry.since})", entry.since)

    def _find(self, entry: Cited, book, seen: set, words: str | None = None) -> str:
        """Locate ``entry`` (by ``words`` when given: then with no ``within`` fallback)."""
        rules = book.rules
        if entry.holds(rules.get(entry.rule), words) or _outside(book, entry.rule):
            return entry.rule
        group = _group(entry.rule)
        sought = words
        words = word_key(words or entry.words)
        candidates = [rid for rid, key in _keys(book).items() if words in key and _group(rid) == group]
        if candidates:
            anchor = _anchor(book, entry.rule)
            return min(candidates, key=lambda rid: (abs(book.position(rid) - anchor), book.position(rid)))
        if entry.within is not None and entry.within not in seen and sought is None:
            seen.add(entry.id)
            return self._find(self.by_id[entry.within], book, seen)
        moved = f' (moved: "{sought}")' if sought and sought != entry.words else ""
        raise UnlocatedCitation(f"citation {self.describe(entry)}{moved} cannot be located in {book.cite_prefix}: no rule "
                                "there holds those words (the rule was reworded or removed; judge it under the "
                                f"version the engine was written against, {self.game} {self.base}, or update the "
                                "registry)")

    def repoint(self, rule_id: str, book) -> str:
        """A cited id as ``book`` numbers it: located through the registry; an unregistered id unchanged."""
        entry = self.by_id.get(rule_id)
        return rule_id if entry is None else self.locate(entry, book)

    def repoint_ids(self, rule_id: str, book) -> tuple[str, ...]:
        """Every id a cited id stands for in ``book`` (several when its sentences moved to several rules)."""
        entry = self.by_id.get(rule_id)
        return (rule_id,) if entry is None else self.locate_all(entry, book)


def _outside(book, rule_id: str) -> bool:
    """A rule of a chapter (numbered) or page (slug ids) the document does not hold at all."""
    if book.format == "numbered":
        return book.is_outside(rule_id)
    pages = _PAGES.get(book)
    if pages is None:
        pages = _PAGES[book] = frozenset(rid.split("/", 1)[0] for rid in book.rules)
    return rule_id not in book.rules and rule_id.split("/", 1)[0] not in pages


_KEYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_PAGES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _keys(book) -> dict[str, str]:
    """Rule id → word key of its title and text, computed once per document."""
    keys = _KEYS.get(book)
    if keys is None:
        keys = _KEYS[book] = {rid: word_key(f"{r.title} {r.text}") for rid, r in book.rules.items()}
    return keys


def _group(rule_id: str) -> str:
    """The chapter of a numbered id (``7`` for ``7.5.5``), the page of a slug id."""
    return rule_id.split("/", 1)[0] if "/" in rule_id else rule_id.split(".", 1)[0]


def _anchor(book, rule_id: str) -> int:
    """Where ``rule_id`` would stand in ``book``: its position, else that of its nearest present ancestor."""
    probe = rule_id
    while probe:
        pos = book.position(probe)
        if pos >= 0:
            return pos
        if "/" in probe:
            probe = probe.rsplit("/", 1)[0]
        elif probe[-1].isalpha():
            probe = probe[:-1]
        else:
            probe = probe.rsplit(".", 1)[0] if "." in probe else ""
    return 0


def registry(game: str) -> Registry | None:
    """The registry of ``game``'s engine (``REGISTRY`` in the ``cited`` module of its engine package, which
    registers itself when the engine is imported: :func:`judge.engine.registry.cited` imports it first), or
    None for a game without an engine.

    Raises RuntimeError for a game with an engine not imported yet: citations are never left unchecked."""
    reg = _REGISTRIES.get(game)
    if reg is None:
        from judge import games

        entry = games.GAMES.get(game)
        if entry is not None and entry.has_engine:
            raise RuntimeError(f"the {entry.name} engine is not imported, so its citations are not registered: "
                               f"call judge.engine.registry.cited({game!r})")
    return reg


def apply(outcome, book) -> None:
    """Cite every step and answer line of ``outcome`` as ``book`` numbers the rules (see :meth:`Registry.locate`).

    Raises :class:`UnlocatedCitation` for an entry the document does not hold.
    """
    reg = registry(outcome.game)
    if reg is None:
        return
    moved = _moved(reg, book)
    if reg.later and not reg.later.isdisjoint(outcome.cited_so_far()):
        moved = moved | reg.later   # rules of a later version: located, or refused under an older document
    if not moved:   # the document numbers every registered rule as the registry does (its own version);
        # a step's cites are already plain ids, each once (core.Step keeps them so)
        outcome.summary = [(text, _dedupe(cites)) for text, cites in outcome.summary]
        return
    def cite(cites):
        return _dedupe(x for c in cites for x in (reg.repoint_ids(c, book) if c in moved else (c,)))

    for step in outcome.trace.steps:
        step.cites = cite(step.cites)
    outcome.summary = [(text, cite(cites)) for text, cites in outcome.summary]
    outcome.recited()


def prepare(game: str, book) -> None:
    """Work out once what citing ``game``'s steps under ``book`` needs (the entries the document numbers
    otherwise, the patterns of key citations), e.g. before forking workers that will each cite under it."""
    reg = registry(game)
    if reg is not None:
        _moved(reg, book)
        concepts(game)


_MOVED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _moved(reg, book) -> frozenset:
    """The registered ids ``book`` does not state under the same id (relocated, or not locatable: repointing
    those raises as it should), computed once per registry and document."""
    per_book = _MOVED.get(book)
    if per_book is None:
        per_book = _MOVED[book] = {}
    moved = per_book.get(reg.game)
    if moved is None:
        out = set()
        for rule_id, entry in reg.by_id.items():
            if entry.since:
                continue   # always located where cited (apply)
            try:
                if reg.locate_all(entry, book) != (rule_id,):
                    out.add(rule_id)
            except UnlocatedCitation:
                out.add(rule_id)
        moved = per_book[reg.game] = frozenset(out)
    return moved


def _dedupe(ids) -> list[str]:
    return list(dict.fromkeys(map(str, ids)))


def repoint_all(game: str, ids, book) -> list[str]:
    """Rule ids written against the registry's version (a scenario's ``cites``) as ``book`` numbers them;
    ids the registry does not hold, or cannot locate, are kept (the comparison then reports them)."""
    reg = registry(game)
    out = []
    for rule_id in ids:
        try:
            out.append(reg.repoint(rule_id, book) if reg is not None and isinstance(rule_id, str) else rule_id)
        except UnlocatedCitation:
            out.append(rule_id)
    return out


# ---------------------------------------------------------------------------------------------------------
# key citations: the rule a judge quotes first
# ---------------------------------------------------------------------------------------------------------

MINOR = "minor"
"""Marks an outcome that a sentence mentions on the way (a prevention, an additional cost): its rule is key,
after the outcome the sentence is about."""

OUTCOME_RULES = {
    "fab": [
        (r"\bhits?\b|\bno hit\b|\bhit\b", "HIT"),
        (r"\b(?:play|activation|action|declaration) is illegal\b|game state is reversed", "ILLEGAL_ACTION_REVERSED"),
        (r"\bfails? to resolve\b", "CHECK_FAILS_TO_RESOLVE"),
        (r"\ba new object\b", "NEW_OBJECT"),
        (r"last known information", "LAST_KNOWN_INFORMATION"),
        (r"\badditional costs?\b", "DECLARE_ADDITIONAL_COSTS", MINOR),
        (r"\bloses the game\b", "HERO_DIED_PLAYER_LOSES"),
        # a prevention of damage; an effect that prevents a trigger is the trigger's rule (6.6.5f)
        (r"\bprevent(s|ed|ion)?\b(?![^.]*\bfrom trigger)", "PREVENTION", MINOR),
        (r"\bprevents?\b[^.]*\bfrom trigger", "TRIGGER_PREVENTED", MINOR),
        (r"\ba restriction\b", "RESTRICTION_PRECEDENCE", MINOR),
        # a {t} cost or a tap of a permanent already tapped (FaB CR 2026-02 only: skipped under an older version)
        (r"\bis already tapped\b", "TAP_ALREADY_TAPPED", MINOR),
        (r"\beffect-cost\b[^.]*\bcannot be paid\b", "EFFECT_COST", MINOR),
        (r"\b(?:non-)?functional\b", "ABILITY_FUNCTIONAL", MINOR),
        (r"\battack-proxy\b", "ATTACK_PROXY_EXTENSION", MINOR),
        # where a card is played from (a defense reaction from arsenal against dominate)
        (r"\bis played from (?:the |their |his |her )?(?:hand|arsenal)\b", "PLAY_FROM_HAND_OR_ARSENAL", MINOR),
        (r"\bis played from (?:the |their |his |her )?arsenal\b", "ARSENAL_CARDS_PLAYABLE", MINOR),
        # a target phrase's DESCRIPTION checked (legal or not: "target attack action card with cost 1 or less")
        (r"\b(?:is|not) a legal target\b", "TARGETED_EFFECT", MINOR),
        # action points other than go again's (that keyword's own rule says it): paid, gained by an effect
        (r"^(?!.*\bgo again\b).*\baction points?\b", "ACTION_POINT", MINOR),
    ],
    "ga": [
        (r"\b(?:activation|materialization|bestowment|play) is illegal\b", "playing-cards/3"),
        (r"does not control|has no permission|permission to play|without a permission", "playing-cards/2"),
        (r"\bfizzles\b", "game-terms/fizzle/1"),
        # a champion leveling up: the Leveling Up rules (their items the sentence cites are its sub-rules)
        (r"\blevels? up\b|\bleveling up\b", "LEVEL_UP_ONTO_LINEAGE"),
    ],
    "mc": [
        (r"cannot pay|is aborted|abort", "STEP_PAY"),
        (r"no longer in\s+(?:their |the )?hand|faceup on the table", "STEP_FACEUP"),
        (r"\b(?:\w+ )?controls it\b|\bdoes not control\b|\bcards they control\b", "PLAYER_CONTROLS_CARDS"),
        (r"\bplays? (?:only )?cards (?:they control, )?from (?:their|his|her) own hand\b|\bpermission\b",
         "PERMISSION_OPTIONAL_PLAY"),
        (r"\bis canceled\b|\bcancels?\b", "cancel"),
    ],
}
"""Per game: words of an answer sentence → the registry name (or id) of the rule that defines that outcome
("no hit" → HIT, "illegal … reversed" → 1.10.3). The sub-rules of it the sentence cites come with it.""" 

KEYWORD_IDS = {"fab": re.compile(r"^(?!8\.1\.[16]$)8\.[1-4]\.\d+$"),
               "ga": re.compile(r"^keywords-and-abilities/[^/]+/1$")}
"""Per game: the registry ids of keyword definitions (FaB 8.1–8.4, Grand Archive's first item of each
Keywords and Abilities entry; not the types action and instant, FaB 8.1.1 and 8.1.6, words of nearly every
answer sentence — they are cited where a card's type decides, never made key by their word): the term each defines, read from its words (``dominate is a static ability``
defines *dominate*, ``ranged n is …`` *ranged*), is looked for in every answer sentence. A Grand Archive
keyword's other items (``taunt/2``) are its sub-rules."""

PRINCIPLES = {"fab": {"NOT_RETROACTIVE": ("DOMINATE_GAINED_LATE", "OVERPOWER_GAINED_LATE")}}
"""Per game: a principle → the rules that apply it. A sentence citing one of those rules cites the
principle too (1.0.2b: a restriction does not retroactively change the game state)."""


def keyword_terms(game: str) -> list[tuple[str, Cited]]:
    """The keyword terms of ``game`` with the registry entry defining each, longest first."""
    reg = registry(game)
    shape = KEYWORD_IDS.get(game)
    if reg is None or shape is None:
        return []
    out = []
    for entry in reg:
        if shape.match(entry.rule):
            term = entry.words.split(" is ")[0]
            term = re.sub(r"^(?:a|an|the) | card$| n$", "", term).strip()
            if term:
                out.append((term, entry))
    return sorted(out, key=lambda te: -len(te[0]))


_CONCEPTS: dict[str, list] = {}


def concepts(game: str) -> list[tuple[re.Pattern, Cited, bool]]:
    """Every pattern that makes a rule key to an answer sentence of ``game``: outcomes, then keywords; each
    with its registry entry and whether it is a keyword or a minor outcome (ranked after the outcomes)."""
    found = _CONCEPTS.get(game)
    if found is None:
        reg = registry(game)
        found = [(re.compile(pattern, re.I), reg[name], bool(minor))
                 for pattern, name, *minor in OUTCOME_RULES.get(game, [])]
        for term, entry in keyword_terms(game):
            words = r"\s+".join(re.escape(w) for w in term.split())
            found.append((re.compile(rf"(?<![\w-]){words}(?:s|es|d|ing)?(?![\w-])", re.I), entry, True))
        _CONCEPTS[game] = found
        # a pattern can only match a sentence holding one of its literal needles (an outcome) or each of its
        # words (a keyword): a cheap test before the regex (a keyword's longest word first, it is the rarest)
        outcomes = len(OUTCOME_RULES.get(game, []))
        needles = [(n, _literal_needles(pattern)) for n, (pattern, _e, _m) in enumerate(found[:outcomes])]
        keywords = [(n, sorted({w.lower() for w in term.split()}, key=len, reverse=True))
                    for n, (term, _entry) in enumerate(keyword_terms(game), outcomes)]
        _NEEDLES[game] = ([n for n, x in needles if x is None], [(n, x) for n, xs in needles if xs for x in xs],
                          [(n, words[0], tuple(words[1:])) for n, words in keywords])
    return found


_NEEDLES: dict[str, tuple] = {}


def _literal_needles(pattern: re.Pattern) -> tuple[str, ...] | None:
    """Lower-cased ASCII strings one of which every match of ``pattern`` contains (its longest run of plain
    characters; for alternatives, one run of each), or None when the pattern has none to offer."""
    try:
        from re import _constants as sre, _parser

        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:   # noqa: BLE001 — another Python's internals: the pattern is simply always tried
        return None

    def required(items):
        # the options: each run of plain characters, and each group or set of alternatives the sequence
        # cannot skip; the one whose shortest needle is longest is kept
        options, run = [], []
        for op, av in [*items, (None, None)]:
            if op is sre.LITERAL:
                run.append(chr(av))
                continue
            text, run = "".join(run), []
            if text.strip() and text.isascii():
                options.append((text.lower(),))
            if op is sre.BRANCH:
                alternatives = [required(list(branch)) for branch in av[1]]
                if all(alternatives):
                    options.append(tuple(dict.fromkeys(needle for alt in alternatives for needle in alt)))
            elif op is sre.SUBPATTERN:
                inner = required(list(av[-1]))
                if inner:
                    options.append(inner)
        return max(options, key=lambda needles: min(map(len, needles)), default=None)

    return required(list(tree))


def _may_match(game: str, low: str) -> list[int]:
    """The indices of the concepts of ``game`` whose pattern can match a sentence (lower-cased): the
    outcomes holding one of their needles, and the keywords whose every word the sentence holds."""
    always, needles, keywords = _NEEDLES[game]
    if not _CASE_SPECIAL.isdisjoint(low):   # a letter the patterns match with another: every pattern is tried
        return list(range(len(_CONCEPTS[game])))
    return sorted({*always, *(n for n, needle in needles if needle in low)}) + \
        [n for n, first, rest in keywords if first in low and (not rest or all(w in low for w in rest))]


@functools.lru_cache(maxsize=None)
def _keyword_ids(game: str) -> frozenset[str]:
    return frozenset(entry.id for _, entry in keyword_terms(game))


@functools.lru_cache(maxsize=65536)
def _under(rule_id: str, head: str) -> bool:
    """Is ``rule_id`` a sub-rule of ``head`` (``8.3.4b`` of ``8.3.4``, ``cost/bullet-3`` of ``cost``)?"""
    if "/" in head or "/" in rule_id:
        return rule_id.startswith(head + "/") or rule_id.startswith(head + ".")
    from judge.rulebook.model import is_descendant

    return is_descendant(rule_id, head)


def _maskable(names) -> tuple[set[str], list[str] | None]:
    """The names a sentence is masked for (those of more than two characters), and the same lower-cased
    when all are ASCII (else None)."""
    names = {n for n in names if n and len(n) > 2}
    return names, [n.lower() for n in names] if all(n.isascii() for n in names) else None


_CASE_SPECIAL = frozenset("\u0130\u0131\u017f")
"""The characters other than ASCII letters that a case-insensitive pattern matches with an ASCII letter and
whose ``lower()`` is not that letter (İ ı ſ; the Kelvin sign lowers to k): a sentence holding one is masked
by the pattern."""


def _mask(text: str, maskable) -> str:
    """The sentence with the names of the scenario's cards and heroes blanked (a card named after a
    keyword is not the keyword); ``maskable`` as :func:`_maskable` gives it."""
    names, lowered = maskable
    low = text.lower()
    if lowered is not None and (text.isascii() or len(low) == len(text) and _CASE_SPECIAL.isdisjoint(text)):
        # ASCII names (nearly always), found by plain search as the pattern would match them (leftmost first,
        # the longest at one place; whole words by the sentence's own characters), without compiling a
        # pattern for each scenario
        present = [n for n in lowered if n in low]
        if not present:
            return text
        out, pos = [], 0
        ahead = {n: _find_word(low, n, 0, text) for n in present}   # each name's next place (-1: none)
        while True:
            at, size = -1, 0
            for n, i in ahead.items():
                if 0 <= i < pos:   # overlapped by the name masked last: its next place after that one
                    i = ahead[n] = _find_word(low, n, pos, text)
                if i >= 0 and (at < 0 or i < at or (i == at and len(n) > size)):
                    at, size = i, len(n)
            if at < 0:
                break
            out += [text[pos:at], "§" * size]
            pos = at + size
        return "".join(out) + text[pos:]
    pattern = _mask_pattern(tuple(sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda m: "§" * len(m.group(0)), text) if pattern is not None else text


def _find_word(low: str, name: str, pos: int, text: str | None = None) -> int:
    """Where ``name`` next stands in ``low`` (a lower-cased ``text`` of the same length) from ``pos`` as whole
    words by the characters of ``text`` (a handle "ars" is not in "arsenal"), or -1."""
    text = low if text is None else text
    i = low.find(name, pos)
    while i >= 0:
        before = text[i - 1] if i else " "
        after = text[i + len(name)] if i + len(name) < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return i
        i = low.find(name, i + 1)
    return -1


@functools.lru_cache(maxsize=256)
def _mask_pattern(names: tuple):
    """One pattern for all the names (longest first) as whole words, compiled once per set of names."""
    if not names:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)", re.I)


def key_citations(outcome, book, names=()) -> None:
    """Mark the key citations of every answer sentence and put them first (:attr:`Outcome.keys`).

    A sentence's key rules are, in the order the sentence mentions them: for each outcome it states ("no
    hit", "illegal", "fails to resolve", "a new object", "last known information") or keyword it depends on
    (dominate, go again, phantasm, defense reaction …), the sub-rules of the defining rule the engine cited
    (the most specific, which decide the case), then the defining rule itself (the rulebook's ``defines``
    edge for a keyword); then any principle the cited rules apply (1.0.2b: a step of the trace that applies
    one is added to the answer); else the engine's first citation. ``names`` are the names of the scenario's cards and heroes, not read as keywords.
    """
    reg = registry(outcome.game)
    if reg is None:
        return
    principles = {}
    for principle, rules in PRINCIPLES.get(outcome.game, {}).items():
        for name in rules:
            principles[reg.locate(reg[name], book)] = reg[principle]
    # a step that applies such a principle (an effect gained late removes no defender) is part of the answer
    said = {text for text, _ in outcome.summary}
    for step in outcome.trace.steps if principles else ():
        if not principles.keys().isdisjoint(step.cites) and step.text not in said:
            outcome.summary.append((step.text, list(step.cites)))
            said.add(step.text)
    keys_all, summary = [], []
    names = _maskable(names)
    found = concepts(outcome.game)
    for text, cites in outcome.summary:
        # the concepts the sentence can match, found before the names are masked (masking takes words away,
        # never adds them), so that a sentence matching none is not masked at all
        candidates = _may_match(outcome.game, text.lower())
        plain = _mask(text, names) if candidates else text
        ranked = []
        for n in candidates:
            pattern, entry, secondary = found[n]
            m = pattern.search(plain)
            if m is None:
                continue
            try:
                head = reg.locate(entry, book)
            except UnlocatedCitation:
                continue
            # a keyword whose entry is a list (GA: taunt/1 defines it, taunt/2 …): its items are its sub-rules
            # (likewise an outcome defined by the first item of a list page, fizzle/1, leveling-up/1)
            scope = head.rsplit("/", 1)[0] if "/" in head and (entry.id in _keyword_ids(outcome.game)
                                                               or head.endswith("/1")) else head
            specific = sorted((c for c in cites if c != head and _under(c, scope)), key=lambda c: -len(c))
            # a concept whose sub-rule the engine applied decides the case; then the outcomes; then the rest
            rank = 0 if specific and not (secondary and entry.id not in _keyword_ids(outcome.game)) else \
                1 if not secondary else 2
            ranked.append(((rank, m.start(), n), specific + [head]))
        keys: list[str] = [c for _, group in sorted(ranked) for c in group]
        for c in cites:
            if c in principles:
                keys += [c, reg.locate(principles[c], book)]
        keys = _dedupe(keys) or list(cites[:1])
        keys_all.append(keys)
        summary.append((text, keys + [c for c in cites if c not in keys]))
    outcome.summary = summary
    outcome.keys = keys_all
