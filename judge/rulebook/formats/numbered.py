"""Numbered rules documents: Flesh and Blood and Magic: The Gathering Comprehensive Rules.

One rule per numbered line (``7.5.5b The attack…``, ``100.1. These Magic rules…``, ``100.1a …``). What the
real files do, and what this parser does about it:

* Flesh and Blood web text ends each rule with ``§``; a line without it was split where a power or defense
  icon was lost (``gains +3`` / ``,"``) and is joined back with one space.
* ``Example:`` lines follow their rule, sometimes glued to the previous sentence (``…immediately.Example:``):
  they become the rule's examples. ``Note:`` lines become notes. Other unnumbered lines (``Stage 1: …``)
  are paragraphs of the rule above.
* Headings (``7.5 Damage Step``, ``8.3.5 Go again``, ``100. General``) are rules with a title and no text.
* References: ``[1.6.2a]``, runs ``[7.0.5][7.4.2d].[8.5.32]``, ranges ``[5.1.3]-,[5.1.10]`` (every rule of
  the range at that level), and Magic's prose ``see rule 702.19c``, ``rules 100.2a–100.2c``, ``section 8``.
* Magic: UTF-8 BOM, CRLF and bare CR, a table of contents repeating the headings (skipped), and a glossary
  at the end whose entries become terms defined by the rules they name.
"""

from __future__ import annotations

import re

from judge.errors import RulesFileError
from judge.rulebook.model import Problem, Rule, Rulebook, Term, id_key, numbered_parent

# ``7.5.5b text`` / ``100.1. text`` / ``100. General`` / ``1 Game Concepts``
_RULE_LINE = re.compile(r"^(\d{1,3}(?:\.\d{1,3})*)(\.?)([a-z]{1,2})?\.?(?:\s+|$)(.*)$")
_BRACKET_REF = re.compile(r"\[(\d{1,3}(?:\.\d{1,3})*[a-z]{0,2})\]")
_BRACKET_RANGE = re.compile(r"\[(\d{1,3}(?:\.\d{1,3})*[a-z]{0,2})\]\s*[-–]\s*,?\s*\[(\d{1,3}(?:\.\d{1,3})*[a-z]{0,2})\]")
_PROSE_ID = r"\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?"
_PROSE_REF = re.compile(   # the word boundary before "rule" is checked in code: a leading \b slows the scan
    r"(?:rule|section)s?\s+(" + _PROSE_ID + r"(?:(?:\s*[–-]\s*|,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through)\s+)"
    + _PROSE_ID + r")*)")
# Magic subrule numbers have a three-digit section, so any printed one is a reference: ``601.2a``, and a
# range written in full or by its tail (``601.2a–601.2h``, ``601.2a–h``, ``712.9–10``). Matched only where
# a fast scan finds a dot before a digit (a pattern starting with \d would try every position).
_DOT_DIGIT = re.compile(r"\.(?=\d)")
_PROSE_SUBRULE = re.compile(r"(\d{3}\.\d{1,3}[a-z]{0,2})"
                            r"(?:\s*[–-]\s*(\d{3}\.\d{1,3}[a-z]{0,2}|\d{1,3}(?![a-z])|[a-z]{1,2})(?!\w))?(?!\w|\.\d)")
# a bare section number before its quoted name: ``see rules 701.42, “Meld,” and 729, “Merging with …”``
_PROSE_SECTION = re.compile(r"(\d{3}),?\s*$")
_PROSE_SPLIT = re.compile(r"(\s*[–-]\s*|,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through)\s+)")
_MAGIC_STYLE = re.compile(r"^\d{3}\.\d{1,3}\. ")
_EXAMPLE_SPLIT = re.compile(r"(?<=\S)(?=Example: )")
_DEFINITION = re.compile(r"^(?:An?|The)\s+([A-Za-z][\w\-]*(?:[ -][a-z][\w\-]*){0,3}),?\s+(?:is|are)\s+(?:an?|the|any)\b")
_SENTENCE_END = ('.', '?', '!', ':', ';', ',', '"', '”', ')')


def decode(data: bytes, path: str) -> str:
    """Bytes of a rules file → text with ``\\n`` line ends; a clear error for binary or empty input."""
    if not data.strip():
        raise RulesFileError("the file is empty; expected a rules document", file=path)
    if b"\x00" in data[:65536]:
        raise RulesFileError("the file is binary data, not a rules document", file=path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RulesFileError(f"not UTF-8 text (byte {exc.start})", file=path, line=line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def is_heading_text(text: str) -> bool:
    """A short line with no sentence punctuation and no reference reads as a heading (``Go again``)."""
    if not text or len(text) > 80 or "[" in text:
        return False
    if text.endswith(")") and "(" in text and not any(c in text for c in ".?!:;,"):
        # keyword headings with a qualifier: ``8.5.2 Create (token)``, ``8.2.1 (1H)``
        return text[0].isupper() or text[0].isdigit() or text[0] == "("
    if text.endswith(_SENTENCE_END):
        return False
    return text[0].isupper() or text[0].isdigit()


class _FileParser:
    """Parses one file into rules (appended to a shared dict, so a document can span several files)."""

    def __init__(self, path: str, text: str, rules: dict, problems: list, stats: dict, terms: dict):
        self.path = path
        self.lines = text.split("\n")
        self.rules = rules
        self.problems = problems
        self.stats = stats
        self.terms = terms
        self.uses_terminators = any(line.rstrip().endswith("§") for line in self.lines)
        # Magic writes "100.1." and cites in prose ("see rule 702.19c"); its brackets are symbols ("[0]")
        self.prose_refs_only = any(_MAGIC_STYLE.match(line) for line in self.lines[:2000])
        self.current: Rule | None = None
        self.current_part = None      # ("text"|"example"|"note", index) that a continuation line extends
        self.current_complete = True  # the element ended with § (or the document has no § at all)

    def parse(self):
        lines = self.lines
        i = 0
        n = len(lines)
        toc_first = None
        in_glossary = False
        seen_rule = False
        while i < n:
            raw = lines[i]
            lineno = i + 1
            i += 1
            line = raw.strip()
            if not line:
                continue
            if toc_first is not None:
                # skipping the table of contents until its first heading comes round again
                if line == toc_first:
                    toc_first = None
                else:
                    continue
            if line == "Contents" and not seen_rule:
                # the next non-blank line is the first heading of the table of contents
                j = i
                while j < n and not lines[j].strip():
                    j += 1
                if j < n:
                    toc_first = lines[j].strip()
                    i = j + 1
                    self.stats["toc_lines_skipped"] = self.stats.get("toc_lines_skipped", 0)
                continue
            if seen_rule and line == "Glossary":
                in_glossary = True
                i = self._parse_glossary(i)
                continue
            if in_glossary and line == "Credits":
                break
            m = _RULE_LINE.match(line)
            if m and self._accept_rule_line(m):
                seen_rule = True
                self._start_rule(m, lineno)
                continue
            if not seen_rule:
                continue  # page chrome or an introduction before the first rule
            self._continuation(line, lineno)
        self._flush()

    # -- rules ---------------------------------------------------------------------------------------------
    def _accept_rule_line(self, m) -> bool:
        number, _dot, letters, rest = m.group(1), m.group(2), m.group(3) or "", m.group(4)
        rule_id = number + letters
        parent = numbered_parent(rule_id)
        if parent is None:
            # a chapter: only a heading line ("7 Combat", "1. Game Concepts") starts one
            return is_heading_text(rest.rstrip("§").strip())
        # anything else must hang under a rule we already have (otherwise it is a sentence
        # that happens to start with a number) - or under the chapter of a Magic section (100 → 1)
        if parent in self.rules:
            return True
        if "." not in number and len(number) == 3 and number[0] in self.rules:
            return True
        if rest and rule_id not in self.rules and not self.rules:
            return True  # a document that starts mid-chapter
        return self._magic_parent(rule_id) in self.rules

    def _magic_parent(self, rule_id: str):
        if "." not in rule_id and len(rule_id) == 3:
            return rule_id[0]
        return numbered_parent(rule_id)

    def _start_rule(self, m, lineno: int):
        self._flush()
        number, letters, rest = m.group(1), m.group(3) or "", m.group(4)
        rule_id = number + letters
        ended = rest.rstrip().endswith("§")
        rest = rest.rstrip().rstrip("§").rstrip()
        title, text = "", rest
        if not letters and is_heading_text(rest):
            title, text = rest, ""
        parent = numbered_parent(rule_id)
        if parent is None or parent not in self.rules:
            magic = self._magic_parent(rule_id)
            if magic in self.rules:
                parent = magic
        rule = Rule(rule_id, title=title, text="", parent=parent, file=self.path, line=lineno)
        if rule_id in self.rules:
            first = self.rules[rule_id]
            self.problems.append(Problem("error", "duplicate-id", self.path, lineno,
                                         f"duplicate rule id {rule_id} (first at {first.file}:{first.line})",
                                         rule_id))
            self.current = None  # keep the first; drop the duplicate's text
            self.current_part = None
            return
        self.rules[rule_id] = rule
        self.current = rule
        self.current_part = ("text", 0)
        self.current_complete = ended or not self.uses_terminators
        if text:
            self._add_text(text, ended)

    def _add_text(self, text: str, ended: bool):
        """Text that may contain glued ``Example:`` paragraphs."""
        pieces = _EXAMPLE_SPLIT.split(text) if "Example: " in text else [text]
        for k, piece in enumerate(pieces):
            piece = piece.strip()
            if piece.startswith("Example:"):
                self.stats["examples"] = self.stats.get("examples", 0) + 1
                self.current.examples.append(piece[len("Example:"):].strip())
                self.current_part = ("example", len(self.current.examples) - 1)
            elif k == 0:
                self._extend(piece, new_paragraph=self.current_complete)
        self.current_complete = ended or not self.uses_terminators

    def _extend(self, piece: str, new_paragraph: bool):
        rule = self.current
        kind, idx = self.current_part
        if kind == "text":
            if not rule.text:
                rule.text = piece
            else:
                rule.text += ("\n" if new_paragraph else " ") + piece
        elif kind == "example":
            rule.examples[idx] += ("\n" if new_paragraph else " ") + piece
        else:
            rule.notes[idx] += ("\n" if new_paragraph else " ") + piece

    def _continuation(self, line: str, lineno: int):
        if self.current is None:
            return
        ended = line.endswith("§")
        line = line.rstrip("§").rstrip()
        if line.startswith("Example:"):
            self.current_complete = True
            self._add_text(line, ended)
            # an example paragraph itself never carries §: it is complete unless the next line is glued
            self.current_complete = ended or not self.uses_terminators
            return
        if line.startswith("Note:"):
            self.current.notes.append(line[len("Note:"):].strip())
            self.current_part = ("note", len(self.current.notes) - 1)
            self.current_complete = ended or not self.uses_terminators
            return
        if self.current_part is None:
            return
        self._add_text(line, ended)

    def _flush(self):
        self.current = None
        self.current_part = None

    # -- Magic glossary ------------------------------------------------------------------------------------
    def _parse_glossary(self, i: int) -> int:
        lines = self.lines
        n = len(lines)
        while i < n:
            line = lines[i].strip()
            if not line:
                i += 1
                continue
            if line == "Credits":
                return i
            term_line = i + 1
            name = line
            i += 1
            body = []
            while i < n and lines[i].strip():
                body.append(lines[i].strip())
                i += 1
            text = "\n".join(body)
            refs = []
            for ref in extract_refs(text, brackets=not self.prose_refs_only):
                if ref not in refs:
                    refs.append(ref)
            key = name.lower()
            term = self.terms.get(key)
            if term is None:
                self.terms[key] = Term(name, refs, text, self.path, term_line)
            else:
                term.text = (term.text + "\n" + text).strip()
            self.stats["glossary_terms"] = self.stats.get("glossary_terms", 0) + 1
        return i


def extract_refs(text: str, brackets: bool = True) -> list[str]:
    """Every rule id cited in ``text``, in text order; a range is one token ``A..B`` for :func:`_expand`.

    With ``brackets`` (Flesh and Blood): ``[1.6.2a]``, runs of them, ranges ``[5.1.3]-,[5.1.10]``, and
    prose ``rule N``. Without (Magic, whose brackets are symbols such as ``[0]``): every printed subrule
    number (``101.4a``, ``see 601.3d``, ``exception to 608.2h``), ranges written in full or by their tail
    (``100.2a–100.2c``, ``103.2a–e``, ``712.9–10``), and bare section numbers after ``rule``/``section``
    or before a quoted name (``rules 113``, ``729, “Merging …”``)."""
    found: list[tuple[int, str]] = []
    if brackets:
        spans = []
        for m in _BRACKET_RANGE.finditer(text):
            found.append((m.start(), f"{m.group(1)}..{m.group(2)}"))
            spans.append((m.start(), m.end()))
        for m in _BRACKET_REF.finditer(text):
            if not any(a <= m.start() < b for a, b in spans):
                found.append((m.start(), m.group(1)))
    else:
        done = 0
        for dot in _DOT_DIGIT.finditer(text):
            at = dot.start() - 3
            if at < done or at < 0 or (at > 0 and (text[at - 1].isalnum() or text[at - 1] in "_.[")):
                continue
            m = _PROSE_SUBRULE.match(text, at)
            if m is None:
                continue
            done = m.end()
            start, tail = m.group(1), m.group(2)
            if tail is None:
                found.append((m.start(), start))
                continue
            if tail[0].isdigit() and "." not in tail:      # 712.9–10
                end = start.rsplit(".", 1)[0] + "." + tail
            elif tail[0].isalpha():                        # 103.2a–e
                end = start.rstrip("abcdefghijklmnopqrstuvwxyz") + tail
            else:
                end = tail
            found.append((m.start(), f"{start}..{end}"))
        quote = text.find("“")
        while quote > 0:
            m = _PROSE_SECTION.search(text, max(0, quote - 6), quote)
            if m and (m.start() == 0 or not (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_.")):
                found.append((m.start(), m.group(1)))
            quote = text.find("“", quote + 1)
    for m in _PROSE_REF.finditer(text) if ("rule" in text or "section" in text) else ():
        if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] == "_"):
            continue   # "overrule 3", not "rule 3"
        pieces = _PROSE_SPLIT.split(m.group(1))
        ids = pieces[0::2]
        seps = pieces[1::2]
        pos = m.start(1)
        k = 0
        while k < len(ids):
            if k < len(seps) and seps[k].strip() in ("–", "-", "through"):
                ref, step = f"{ids[k]}..{ids[k + 1]}", 2
            else:
                ref, step = ids[k], 1
            if brackets or "." not in ref:   # without brackets, dotted ids were all found above
                found.append((pos + k, ref))
            k += step
    found.sort(key=lambda t: t[0])
    out: list[str] = []
    for _pos, ref in found:
        if not out or out[-1] != ref:
            out.append(ref)
    return out


def count_refs(text: str, brackets: bool = True) -> int:
    """How many references a text prints: bracketed ids (a range counts its two ends), or for prose
    documents every cited id and range end as :func:`extract_refs` finds them."""
    if brackets:
        return len(_BRACKET_REF.findall(text))
    return sum(2 if ".." in ref else 1 for ref in extract_refs(text, brackets=False))


def _expand(ref: str, rules: dict) -> list[str]:
    """``5.1.3..5.1.10`` → every rule at that level from 5.1.3 to 5.1.10 that the document has."""
    if ".." not in ref:
        return [ref]
    start, end = ref.split("..", 1)
    lo, hi = id_key(start), id_key(end)
    if lo > hi:
        lo, hi = hi, lo
    depth = lambda r: (r.count("."), r[-1].isalpha())  # noqa: E731
    level = depth(start)
    parent = numbered_parent(start)
    # the range's siblings are its parent's children (known by now); scan every rule only without a parent
    candidates = rules[parent].children if parent in rules else rules
    inside = [rid for rid in candidates if depth(rid) == level and numbered_parent(rid) == parent
              and lo <= id_key(rid) <= hi]
    if not inside:
        return [start, end]
    return sorted(inside, key=id_key)


def _definitions(rule: Rule) -> list[str]:
    """Terms a rule defines: its title (``Go again``), or its opening ``A chain link is …`` sentence."""
    out = []
    if rule.title and rule.parent is not None:
        out.append(rule.title)
        bare = rule.title.split(" (", 1)[0].strip()
        if bare != rule.title and bare:
            out.append(bare)   # ``Create (token)`` also defines "Create"
    m = _DEFINITION.match(rule.text)
    if m:
        out.append(m.group(1))
    return out


def parse(files, *, name="", game="fab", title="", version="", format="numbered") -> Rulebook:
    """Parse ``files`` — a list of ``(path, bytes)`` — into one :class:`Rulebook`.

    Raises :class:`RulesFileError` when a file is empty, binary, not UTF-8, or holds no numbered rule.
    Duplicate ids, references to nowhere and other oddities are recorded as problems on the rulebook.
    """
    rules: dict[str, Rule] = {}
    problems: list[Problem] = []
    stats: dict = {"examples": 0, "references": 0}
    terms: dict[str, Term] = {}
    paths = []
    prose_files: set[str] = set()
    for path, data in files:
        path = str(path)
        paths.append(path)
        text = decode(data, path)
        before = len(rules)
        fp = _FileParser(path, text, rules, problems, stats, terms)
        fp.parse()
        if fp.prose_refs_only:
            prose_files.add(path)
        if len(rules) == before:
            raise RulesFileError("no numbered rules found (expected lines like '7.5.5b The attack …'); "
                                 "is this a rules document?", file=path)
    # structure: children in document order
    for rule in rules.values():
        if rule.parent is not None:
            parent = rules.get(rule.parent)
            if parent is not None:
                parent.children.append(rule.id)
            else:
                problems.append(Problem("warning", "orphan", rule.file, rule.line,
                                        f"rule {rule.id} has no parent {rule.parent} in the document", rule.id))
    # references (ranges expanded now that every rule is known)
    for rule in rules.values():
        raw = []
        brackets = rule.file not in prose_files
        for part in [rule.text] + rule.notes + rule.examples:
            found = extract_refs(part, brackets=brackets)
            if brackets:
                stats["references"] += count_refs(part)
            else:
                stats["references"] += sum(2 if ".." in ref else 1 for ref in found)
            raw.extend(found)
        seen = []
        for ref in raw:
            for target in _expand(ref, rules):
                if target != rule.id and target not in seen:
                    seen.append(target)
        rule.refs = seen
        for ref in seen:
            if ref not in rules:
                stats["external_refs"] = stats.get("external_refs", 0) + 1
        if not rule.title and not rule.text and not rule.examples:
            problems.append(Problem("warning", "empty", rule.file, rule.line, f"rule {rule.id} has no text",
                                    rule.id))
    # terms: titles and definitional sentences; Magic glossary entries were added while parsing
    for rule in rules.values():
        for name_ in _definitions(rule):
            key = name_.lower()
            term = terms.get(key)
            if term is None:
                terms[key] = Term(name_, [rule.id], "", rule.file, rule.line)
            elif rule.id not in term.rules:
                term.rules.append(rule.id)
    stats["rules"] = len(rules)
    return Rulebook(name, game, title, version, format, paths, rules, terms, problems, stats)
