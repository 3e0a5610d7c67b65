"""Flesh and Blood card data: the embedded compact file, imports of newer ``card.csv`` releases, look-ups.

The compact form (``fab-cards.tsv`` beside this module) is one card per line, tab-separated, built from the
the-fab-cube ``card.csv`` by ``scripts/build_card_data.py`` (the same :func:`parse_csv` and :func:`dump`
that ``judge cards import`` uses). Its first line records the source, the commit and the version. Nothing
is read until a command asks for a card (:func:`load` caches the parsed data in the process).

Card types follow CR 1.3 (types, subtypes, supertypes): the printed type line ``Guardian Action - Attack``
gives supertypes (class, talent) before the type, subtypes after the dash.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from judge.errors import JudgeError

EMBEDDED = Path(__file__).with_name("fab-cards.tsv")
FORMAT_TAG = "#judge-cards 1"
# csv column → compact field, in the compact file's order
COLUMNS = (("Name", "name"), ("Color", "color"), ("Pitch", "pitch"), ("Cost", "cost"), ("Power", "power"),
           ("Defense", "defense"), ("Health", "health"), ("Intelligence", "intelligence"), ("Arcane", "arcane"),
           ("Types", "types"), ("Card Keywords", "keywords"), ("Functional Text", "text"),
           ("Type Text", "type_text"))
FIELDS = tuple(f for _, f in COLUMNS)
COLORS = {"red": 1, "yellow": 2, "blue": 3}
PITCH_COLOR = {v: k for k, v in COLORS.items()}
# card types (CR 1.3.2) as printed on the type line; everything before them is a supertype (class, talent)
TYPES = ("attack reaction", "defense reaction", "action", "instant", "equipment", "weapon", "hero", "demi-hero",
         "resource", "token", "block", "mentor", "event", "macro", "companion")


class CardLookupError(JudgeError):
    """A card name that is unknown or ambiguous; the message names the nearest cards and their colours."""


_TYPE_PATTERNS = [(t, re.compile(rf"(?<![\w-]){re.escape(t)}(?![\w-])")) for t in TYPES]
"""Each card type as a whole word of a lower-cased type line (compiled once)."""


class CardRecord:
    """One printed card (one name and pitch) as the card data holds it."""

    __slots__ = FIELDS

    def __init__(self, **values):
        for f in FIELDS:
            setattr(self, f, values.get(f, ""))

    @property
    def label(self) -> str:
        """``Name (red)`` for a card with colour variants' pitch, else the name."""
        return f"{self.name} ({self.color.lower()})" if self.color else self.name

    def number(self, field: str) -> int | str | None:
        """A numeric property: an int, a string such as ``X`` or ``*``, or None when the card has none."""
        v = getattr(self, field)
        if v == "":
            return None
        return int(v) if v.lstrip("-").isdigit() else v

    def type_parts(self) -> tuple[list[str], list[str], list[str]]:
        """(types, subtypes, supertypes) in lower case, from the printed type line (CR 1.3). A hybrid card's
        ``A / B`` supertypes are all its supertypes (2.14.1b): the slash is not one; commas between words ("Shadow,
        Runeblade, Action") are not part of them. A type the line names but the data's own Types column lacks (two
        trap cards' lines say "Action Defense Reaction") is not taken."""
        head, _, tail = self.type_text.partition(" - ")
        head_l = head.lower()
        listed = {w.strip().lower() for w in self.types.split(",")} if self.types.strip() else None
        types = []
        for t, pattern in _TYPE_PATTERNS:
            if t in head_l and pattern.search(head_l):
                if listed is None or t in listed:
                    types.append(t)
                head_l = pattern.sub(" ", head_l)
        supertypes = [w for w in re.split(r"[\s,]+", head_l) if w and w != "/"]   # "Shadow, Runeblade, Action"
        subtypes = [w.strip("()").lower() for w in tail.split()]
        return types, subtypes, supertypes

    def keyword_list(self) -> list[str]:
        """The card's keywords as printed (``Go again``, ``Ward 10``), in the data's order."""
        return [k.strip() for k in self.keywords.split(",") if k.strip()]

    def to_dict(self) -> dict:
        """Every field, numbers as numbers, plus the engine's reading of the type line."""
        types, subtypes, supertypes = self.type_parts()
        out = {"name": self.name, "label": self.label, "color": self.color.lower() or None}
        for f in ("pitch", "cost", "power", "defense", "health", "intelligence", "arcane"):
            out[f] = self.number(f)
        out.update(types=types, subtypes=subtypes, supertypes=supertypes, keywords=self.keyword_list(),
                   type_text=self.type_text, text=self.text)
        return out


class CardData:
    """All cards of one release. Lines are parsed into :class:`CardRecord` only when a card is asked for, so
    that loading costs little more than reading the file; ``by_name`` maps a lower-case name to line
    indices."""

    def __init__(self, lines: list[str], meta: dict, path: str):
        self._lines = lines
        self._records: list[CardRecord | None] = [None] * len(lines)
        self.source, self.commit = meta.get("source", ""), meta.get("commit", "")
        self.version, self.path = meta.get("version", ""), path
        self.meta = meta
        self.by_name: dict[str, list[int]] = {}
        self.names: dict[str, str] = {}        # lower-case name → as printed
        for i, line in enumerate(lines):
            name = line[: line.index("\t")]
            low = name.lower()
            self.by_name.setdefault(low, []).append(i)
            self.names[low] = name

    def __len__(self) -> int:
        return len(self._lines)

    def record(self, i: int) -> CardRecord:
        """The card on line ``i`` (parsed once)."""
        rec = self._records[i]
        if rec is None:
            values = self._lines[i].split("\t")
            if len(values) != len(FIELDS):
                raise JudgeError(f"expected {len(FIELDS)} tab-separated fields, found {len(values)}", file=self.path,
                                 line=i + 3)
            rec = self._records[i] = CardRecord(**{f: _unescape(v) for f, v in zip(FIELDS, values)})
        return rec

    @property
    def records(self) -> list[CardRecord]:
        """Every card, in the data's order (parses them all: for search, coverage and sampling)."""
        return [self.record(i) for i in range(len(self._lines))]

    def variants(self, name: str) -> list[CardRecord]:
        """The printed cards of one name (any case), by pitch; [] when there is none."""
        found = [self.record(i) for i in self.by_name.get(name.lower(), ())]
        return sorted(found, key=lambda r: (r.pitch == "", r.pitch))

    def hero_names(self) -> tuple[str, ...]:
        """The names of the hero cards (their Types column says Hero), read once from the lines."""
        if getattr(self, "_heroes", None) is None:
            col = FIELDS.index("types")
            self._heroes = tuple(line[: line.index("\t")] for line in self._lines
                                 if "hero" in {w.strip().lower() for w in line.split("\t")[col].split(",")})
        return self._heroes

    def vocabulary(self) -> tuple[frozenset, frozenset]:
        """(supertype words of the pool, names of its token cards), as recorded by :func:`dump`."""
        sups = frozenset(w for w in self.meta.get("supertypes", "").split(",") if w)
        tokens = frozenset(w for w in self.meta.get("tokens", "").split("|") if w)
        return sups, tokens

    def describe(self) -> str:
        """``3,878 cards, card.csv of the-fab-cube/flesh-and-blood-cards @ d18a40af``."""
        return f"{len(self):,} cards, {self.source} @ {self.commit} (version {self.version})"


# ---------------------------------------------------------------------------------------------------------
# the compact form
# ---------------------------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\r\n", "\n").replace("\n", "\\n")


_UNESCAPE = re.compile(r"\\(.)")


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    return _UNESCAPE.sub(lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), value)


def dump(records: list[CardRecord], source: str, commit: str, version: str) -> str:
    """The compact text of ``records``: a header line (source, commit, version, and the pool's vocabulary for
    the compiler: supertype words, token card names), a column line, then one card per line."""
    from collections import Counter

    counts, tokens = Counter(), set()
    for r in records:
        types, _, supertypes = r.type_parts()
        counts.update(w for w in supertypes if w.isalpha())
        if "token" in types:
            tokens.add(r.name.lower())
    sups = {w for w, n in counts.items() if n >= 5}    # classes and talents, not a misprinted type line
    lines = [f"{FORMAT_TAG}\tsource={source}\tcommit={commit}\tversion={version}\tcards={len(records)}"
             f"\tsupertypes={','.join(sorted(sups))}\ttokens={'|'.join(sorted(tokens))}",
             "\t".join(FIELDS)]
    for r in records:
        lines.append("\t".join(_escape(getattr(r, f)) for f in FIELDS))
    return "\n".join(lines) + "\n"


def parse_compact(text: str, path: str) -> CardData:
    """Read the compact form written by :func:`dump` (cards are parsed when first asked for)."""
    lines = text.split("\n")
    head = lines[0].split("\t")
    if head[0] != FORMAT_TAG or len(lines) < 2 or lines[1].split("\t") != list(FIELDS):
        raise JudgeError(f"not a judge card data file (first line must be {FORMAT_TAG!r})", file=path, line=1)
    meta = dict(part.split("=", 1) for part in head[1:] if "=" in part)
    body = [line for line in lines[2:] if line]
    for i, line in enumerate(body):
        if "\t" not in line:
            raise JudgeError("a card line without tab-separated fields", file=path, line=i + 3)
    return CardData(body, meta, path)


def parse_csv(path: str | Path) -> list[CardRecord]:
    """Read a the-fab-cube ``card.csv`` (tab-separated, ``"``-quoted multi-line fields).

    Raises :class:`JudgeError` naming the file and line of the first problem: a missing column, a card
    without a name, a pitch that is not 1–3, a name and pitch given twice.
    """
    import csv
    import io

    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise JudgeError(f"cannot read: {exc.strerror}", file=str(path)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise JudgeError("not UTF-8 text", file=str(path)) from None
    csv.field_size_limit(1 << 24)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter="\t", quotechar='"')
    try:
        header = next(reader)
    except StopIteration:
        raise JudgeError("empty file: a card.csv starts with a header line of column names", file=str(path),
                         line=1) from None
    missing = [col for col, _ in COLUMNS if col not in header]
    if missing:
        raise JudgeError(f"not a card.csv: missing column(s) {', '.join(missing)} (the-fab-cube's tab-separated "
                         f"card.csv has Name, Pitch, Cost, …, Functional Text, Type Text)", file=str(path), line=1)
    where = {col: header.index(col) for col, _ in COLUMNS}
    records, seen = [], set()
    line = 1
    try:
        for row in reader:
            start, line = line + 1, reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) < len(header):
                row = row + [""] * (len(header) - len(row))
            values = {field: row[where[col]].strip() for col, field in COLUMNS}
            if not values["name"]:
                raise JudgeError("a card without a Name", file=str(path), line=start)
            if values["pitch"] and values["pitch"] not in ("0", "1", "2", "3"):
                raise JudgeError(f"Pitch must be 0–3 or empty, not {values['pitch']!r}", file=str(path), line=start)
            ident = (values["name"].lower(), values["pitch"])
            if ident in seen:
                raise JudgeError(f"{values['name']!r} with pitch {values['pitch'] or 'none'} appears twice",
                                 file=str(path), line=start)
            seen.add(ident)
            records.append(CardRecord(**values))
    except csv.Error as exc:
        raise JudgeError(f"not a readable tab-separated file: {exc}", file=str(path), line=line) from None
    if not records:
        raise JudgeError("no cards in the file", file=str(path))
    return records


# ---------------------------------------------------------------------------------------------------------
# where card data lives: embedded, or imported into the store
# ---------------------------------------------------------------------------------------------------------

def imports_dir() -> Path:
    """The store's folder of imported card data (``$JUDGE_HOME/cards``)."""
    from judge.rulebook.store import store_dir

    return store_dir() / "cards"


def available() -> list[tuple[str, str, str]]:
    """(name, version, path) of the embedded data and every import; the last one is the default."""
    if _HELD:
        return list(_HELD[0])
    from judge.rulebook.model import format_version_key

    folder = imports_dir()
    try:   # each import as the folder lists it now: a new, replaced or removed file is a new listing
        stamp = (str(folder), tuple(sorted((e.name, e.inode(), e.stat().st_size, e.stat().st_mtime_ns)
                                           for e in os.scandir(folder) if e.name.endswith(".tsv"))))
    except OSError:
        stamp = (str(folder), None)
    known = _AVAILABLE.get(stamp)
    if known is not None:
        return list(known)
    out = [("embedded", _embedded_version(), str(EMBEDDED))]
    found = []
    if folder.is_dir():
        for p in sorted(folder.glob("*.tsv")):
            found.append((p.stem, _read_header(p).get("version", ""), str(p)))
    found.sort(key=lambda t: format_version_key(t[1]))
    _AVAILABLE.clear()
    _AVAILABLE[stamp] = out + found
    return out + found


_HELD: list = []   # the listing held by listing_held() for a run, once read


class listing_held:
    """``with listing_held(): ...``: :func:`available` lists the imports folder once for the whole block, not
    at every card a run over many scenario files names (each lookup listed the folder again); the run reads
    the card data as it was when it began. Nested uses share the outer listing."""

    def __enter__(self):
        self.outer = bool(_HELD)
        if not self.outer:
            _HELD.append(available())
        return self

    def __exit__(self, *exc):
        if not self.outer:
            _HELD.clear()
        return False


_AVAILABLE: dict[tuple, list] = {}
"""The last listing of :func:`available`, by the imports folder's files (name, inode, size, time), so that a run
expanding many cards reads each header once."""


@functools.lru_cache(maxsize=1)
def _embedded_version() -> str:
    return _read_header(EMBEDDED).get("version", "")


def _read_header(path: Path) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            first = fh.readline().rstrip("\n").split("\t")
    except OSError:
        return {}
    return dict(part.split("=", 1) for part in first[1:] if "=" in part)


_LOADED: dict[str, CardData] = {}


def load(selector: str | None = None) -> CardData:
    """The card data: an import by name or version, else the newest import, else the embedded data."""
    choices = available()
    if selector:
        picked = [c for c in choices if selector in (c[0], c[1])]
        if not picked:
            raise JudgeError(f"no card data named {selector!r} (available: "
                             f"{', '.join(f'{n} ({v})' for n, v, _ in choices)})")
        path = picked[-1][2]
    else:
        path = choices[-1][2]
    if path not in _LOADED:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise JudgeError(f"cannot read card data: {exc.strerror}", file=path) from None
        _LOADED[path] = parse_compact(text, path)
    return _LOADED[path]


def import_csv(source: str, version: str, name: str | None = None) -> tuple[str, CardData]:
    """Parse a ``card.csv`` and store its compact form as ``$JUDGE_HOME/cards/NAME.tsv`` (atomically).

    The file is parsed completely first: a bad file raises and the store is left as it was.
    """
    from judge.rulebook.store import write_atomic

    records = parse_csv(source)
    name = name or f"fab-cards-{version}"
    if not re.fullmatch(r"[\w.\-]+", name):
        raise JudgeError(f"card data name {name!r} may hold only letters, digits, '.', '-' and '_'")
    text = dump(records, source=os.path.basename(source), commit="imported", version=version)
    target = imports_dir() / f"{name}.tsv"
    write_atomic(target, text.encode("utf-8"))
    _LOADED.pop(str(target), None)
    return str(target), parse_compact(text, str(target))


# ---------------------------------------------------------------------------------------------------------
# look-ups
# ---------------------------------------------------------------------------------------------------------

_COLOR_SUFFIX = re.compile(r"^(.*?)\s*\((red|yellow|blue)\)\s*$", re.IGNORECASE)


def split_color(name: str) -> tuple[str, int | None]:
    """``"NAME (red)"`` → (``"NAME"``, 1); a name without a colour → (name, None)."""
    m = _COLOR_SUFFIX.match(name)
    if m:
        return m.group(1), COLORS[m.group(2).lower()]
    return name.strip(), None


def nearest(data: CardData, name: str, limit: int = 5) -> list[str]:
    """The card names closest to ``name`` (rapidfuzz), each with its colours: ``NAME (red, yellow, blue)``."""
    from rapidfuzz import fuzz, process

    keys = list(data.by_name)
    hits = process.extract(name.lower(), keys, scorer=fuzz.WRatio, limit=limit)
    return [variants_label(data.variants(k)) for k, _, _ in hits]


def variants_label(variants: list[CardRecord]) -> str:
    """``NAME (red, yellow, blue)``, or ``NAME`` for a card without colours."""
    colors = [v.color.lower() for v in variants if v.color]
    return f"{variants[0].name} ({', '.join(colors)})" if colors else variants[0].name


def find(data: CardData, name: str, pitch: int | None = None, *, fuzzy: bool = False) -> list[CardRecord]:
    """The printed cards called ``name`` (``Name (red)`` selects a colour), filtered by ``pitch``.

    Exact names (any case) first; with ``fuzzy`` a misspelt name is taken as its closest card when that
    one is clearly the best match. Raises :class:`CardLookupError` naming the nearest cards otherwise.
    """
    base, color_pitch = split_color(name)
    if color_pitch is not None:
        if pitch is not None and pitch != color_pitch:
            raise CardLookupError(f"{name!r} is pitch {color_pitch}, but pitch {pitch} was asked for")
        pitch = color_pitch
    variants = data.variants(base)
    if not variants and fuzzy:
        variants = _fuzzy_one(data, base)
    if not variants:
        raise CardLookupError(f"no card named {base!r}; nearest: {'; '.join(nearest(data, base))}")
    if pitch is not None:
        chosen = [v for v in variants if v.number("pitch") == pitch]
        if not chosen:
            raise CardLookupError(f"{variants[0].name} has no pitch {pitch} version (printed: "
                                  f"{variants_label(variants)})")
        return chosen
    return variants


def _fuzzy_one(data: CardData, name: str):
    from rapidfuzz import fuzz, process

    hits = process.extract(name.lower(), list(data.by_name), scorer=fuzz.WRatio, limit=2)
    if hits and hits[0][1] >= 85 and (len(hits) == 1 or hits[0][1] - hits[1][1] >= 3):
        return data.variants(hits[0][0])
    return []


def find_one(data: CardData, name: str, pitch: int | None = None, *, fuzzy: bool = False) -> CardRecord:
    """Exactly one printed card; an ambiguous name raises with its colour variants."""
    found = find(data, name, pitch, fuzzy=fuzzy)
    if len(found) > 1:
        raise CardLookupError(f"{found[0].name!r} is printed in {len(found)} colours: "
                              f"{', '.join(v.label for v in found)}; say which with pitch = N or \"{found[0].name} "
                              f"({found[0].color.lower()})\"")
    return found[0]


def search_text(data: CardData, query: str, limit: int = 10) -> list[tuple[CardRecord, float]]:
    """Cards whose name or text holds the query's words (all of them), best first; fuzzy when none do."""
    from rapidfuzz import fuzz

    words = [w for w in re.findall(r"[\w{}']+", query.lower()) if w]
    if not words:
        return []
    scored = []
    seen = set()
    for r in data.records:
        hay = f"{r.name}\n{r.text}".lower()
        if all(w in hay for w in words):
            score = 100.0 + (50 if query.lower() in r.name.lower() else 0) + (20 if query.lower() in hay else 0)
            scored.append((r, score))
    if not scored:
        for r in data.records:
            score = fuzz.partial_ratio(query.lower(), f"{r.name} {r.text}".lower())
            if score >= 80:
                scored.append((r, score))
    scored.sort(key=lambda t: (-t[1], t[0].name, t[0].pitch))
    out = []
    for r, s in scored:
        if (r.name, r.text) in seen:
            continue   # colour variants with the same text: one hit
        seen.add((r.name, r.text))
        out.append((r, s))
    return out[:limit]
