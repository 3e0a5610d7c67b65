"""Marvel Champions Rules Reference: an alphabetical glossary (HTML or rendered text) → rules.

One rule per glossary entry (``<h2 id="…">TITLE</h2>`` in HTML, a title line in text), its lists as child
rules, every name of the entry (``PLAY, PUT INTO PLAY``) a term. Ids (see ``docs/rule-ids.md``):

* the entry: the slug of its first name, ``initiating-abilities`` (never the HTML id, which has typos such
  as ``initating_abilities``; the HTML id is kept as an anchor for links);
* a list introduced by "… the following conditions" holds checks: ``initiating-abilities/check-1``;
  another numbered list holds steps: ``…/step-3``; a bullet list holds bullet rules: ``…/bullet-2``;
* a bullet list that follows a numbered list directly, or is nested in an item, belongs to that list's last
  item: ``initiating-abilities/step-5/bullet-2``; numbering continues across lists of the same kind.

"See also: …" (linked or plain names) and links ``href="#…"`` become refs. A link whose anchor is unknown
is resolved by its text when that names an entry; every link that needs such help or cannot be resolved
is a problem with file and line. The HTML is read by :mod:`.glossary_html` (the standard library's
:mod:`html.parser`), imported only when an HTML document is parsed.
"""

from __future__ import annotations

import re

from judge.errors import RulesFileError
from judge.rulebook.formats.glossary_entries import Entry, Item
from judge.rulebook.formats.numbered import decode
from judge.rulebook.model import Problem, Rule, Rulebook, Term

_SMALL = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "out", "the", "to",
          "with"}
_LEAD_NOUN = re.compile(r"\b(?:the following|these)\s+(\w+)", re.I)
_SEE_ALSO = re.compile(r"\s*See also:\s*", re.I)
_SEE = re.compile(r"^See:\s*", re.I)
_ITEM = re.compile(r"^( *)(\d+)\.\s+(.*)$")
_BULLET = re.compile(r"^( *)[•*\-]\s+(.*)$")


def entry_slug(title: str) -> str:
    """``INITIATING ABILITIES, PLAYING CARDS`` → ``initiating-abilities`` (the first name)."""
    first = re.split(r"[,;]", title, maxsplit=1)[0]
    text = first.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def names(title: str) -> list[str]:
    """Every name an entry goes by: ``PLAY, PUT INTO PLAY`` → ``['Play', 'Put into Play']``."""
    return [title_case(n) for n in re.split(r"[,;]", title) if n.strip()]


def title_case(text: str) -> str:
    """``INITIATING ABILITIES`` → ``Initiating Abilities``; mixed case is kept as printed."""
    text = " ".join(text.split())
    if text != text.upper():
        return text
    words = text.lower().split(" ")
    return " ".join(w if (k and w in _SMALL) else "-".join(p[:1].upper() + p[1:] for p in w.split("-"))
                    for k, w in enumerate(words))


def _key(name: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", name.lower()).split())


def _list_kind(lead: str, ordered: bool) -> str:
    """What a list holds, from the sentence that introduces it: "checks the following conditions" →
    ``check``; otherwise a numbered list holds ``step``s and a bullet list ``bullet`` rules."""
    nouns = _LEAD_NOUN.findall(lead)
    if nouns and nouns[-1].lower() in ("conditions", "condition", "checks"):
        return "check"
    return "step" if ordered else "bullet"


def _split_see_also(text: str):
    """``…in the game.See also: Keywords (Uses)`` → (``…in the game.``, ``['Keywords (Uses)']``)."""
    m = _SEE_ALSO.search(text)
    if not m:
        return text, []
    tail = text[m.end():].strip().rstrip(".")
    return text[: m.start()].strip(), [n.strip() for n in tail.split(",") if n.strip()]


class _EntryBuilder:
    """Rules of one entry: the entry, then its checks, steps and bullets."""

    def __init__(self, entry: Entry, path: str, problems: list, stats: dict):
        self.entry = entry
        self.path = path
        self.problems = problems
        self.stats = stats
        self.rules: dict[str, Rule] = {}
        self.links: dict[str, list] = {}        # rule id → [(anchor, text, line)]
        self.see_names: dict[str, list] = {}    # rule id → [(name, line)]
        self.counters: dict = {}

    def build(self):
        entry = self.entry
        slug = entry_slug(entry.title) or "entry"
        label = names(entry.title)[0] if names(entry.title) else slug
        root = Rule(slug, title=title_case(entry.title), file=self.path, line=entry.line, label=label)
        self.rules[slug] = root
        self.root = root
        texts = []
        lead = ""
        prev_list = None    # (kind, last item rule) of a list that the next bullet list may belong to
        for block in entry.blocks:
            if block[0] == "p":
                _kind, text, links, line = block
                self._links(root, links)
                text, see = _split_see_also(text)
                self._see(root, see, line)
                if text:
                    texts.append(text)
                    lead = text
                prev_list = None
                continue
            _kind, ordered, items, line = block
            if not ordered and prev_list is not None:
                self._items(items, prev_list, "bullet")
                continue
            kind = _list_kind(lead, ordered)
            last = self._items(items, root, kind)
            prev_list = last if ordered or kind == "check" else None
            lead = ""
        root.text = "\n".join(texts)
        if not root.text and not root.children and not root.refs and not self.see_names.get(root.id):
            self.problems.append(Problem("warning", "empty", self.path, entry.line,
                                         f"entry {root.id} has no text", root.id))
        return self

    def _items(self, items, parent: Rule, kind: str):
        """Rules for list items under ``parent``; returns the last item rule (or None)."""
        last = None
        for item in items:
            text, see = _split_see_also(item.text)
            if not text and not item.lists:
                self.problems.append(Problem("warning", "empty", self.path, item.line,
                                             f"an empty list item in entry {self.root.id} (a stray <li>?)",
                                             parent.id))
                continue
            k = self.counters[(parent.id, kind)] = self.counters.get((parent.id, kind), 0) + 1
            rid = f"{parent.id}/{kind}-{k}"
            rule = Rule(rid, text=text, parent=parent.id, file=self.path, line=item.line,
                        label=f"{parent.label}, {kind} {k}")
            self.rules[rid] = rule
            parent.children.append(rid)
            self.stats[kind + "s"] = self.stats.get(kind + "s", 0) + 1
            self._links(rule, item.links)
            self._see(rule, see, item.line)
            for sub in item.lists:
                _tag, ordered, sub_items, _line = sub
                self._items(sub_items, rule, "step" if ordered else "bullet")
            last = rule
        return last

    def _links(self, rule, links):
        if links:
            self.links.setdefault(rule.id, []).extend(links)

    def _see(self, rule, see, line):
        linked = {_key(text) for _anchor, text, _line in self.links.get(rule.id, ())}
        self.stats["see_also"] = self.stats.get("see_also", 0) + len(see)
        for name in see:
            if _key(name) not in linked:    # a linked name is resolved through its link
                self.see_names.setdefault(rule.id, []).append((name, line))


# ---------------------------------------------------------------------------------------------------------
# rendered text (format "glossary-text")
# ---------------------------------------------------------------------------------------------------------

def _is_title(line: str) -> bool:
    return (bool(line) and not line[0].isspace() and len(line) <= 80 and not line[0].isdigit()
            and not line.rstrip().endswith((".", ":", ";", ",", "?", "!")))


def _text_entries(text: str, path: str, stats: dict) -> list[Entry]:
    """Entries of rendered glossary text: a title line, paragraphs at the margin, indented ``1.`` steps and
    ``•`` bullets (deeper indent = nested in the item above). Lines before the first title are page chrome."""
    entries: list[Entry] = []
    entry = None
    stack: list = []    # (indent, item)
    lines = text.split("\n")
    chrome = 0
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        if not line.strip():
            continue
        m_item = _ITEM.match(line)
        m_bullet = None if m_item else _BULLET.match(line)
        if entry is None:
            if _is_title(line) and _next_is_text(lines, i):
                # a title is followed by the entry's text, not by another title
                entry = Entry(line.strip(), "", i + 1)
                entries.append(entry)
            else:
                chrome += 1
            continue
        if m_item or m_bullet:
            m = m_item or m_bullet
            indent = len(m.group(1))
            ordered = m_item is not None
            item = Item(i + 1)
            item.text = m.group(3 if ordered else 2).strip()
            while stack and stack[-1][0] >= indent:
                stack.pop()
            siblings = stack[-1][1].lists if stack else entry.blocks
            last = siblings[-1] if siblings else None
            if last is None or last[0] != "list" or last[1] != ordered:
                last = ("list", ordered, [], i + 1)
                siblings.append(last)
            last[2].append(item)
            stack.append((indent, item))
        elif raw[:1].isspace() and stack:
            stack[-1][1].text += " " + line.strip()
        elif _is_title(line) and not stack and entry.blocks and _next_is_text(lines, i):
            entry = Entry(line.strip(), "", i + 1)
            entries.append(entry)
        else:
            stack.clear()
            entry.blocks.append(("p", line.strip(), [], i + 1))
    stats["chrome_lines"] = stats.get("chrome_lines", 0) + chrome
    return entries


def _next_is_text(lines, i) -> bool:
    for raw in lines[i + 1:]:
        if raw.strip():
            return not _is_title(raw.rstrip())
    return False


# ---------------------------------------------------------------------------------------------------------
# the document
# ---------------------------------------------------------------------------------------------------------

def parse(files, *, name="", game="mc", title="", version="", format="glossary-html") -> Rulebook:
    """Parse a Marvel Champions Rules Reference into a :class:`Rulebook`.

    ``files`` is ``[(path, bytes)]``; ``format`` is ``glossary-html`` (the Rules Reference page) or
    ``glossary-text`` (rendered entries). Raises :class:`RulesFileError` for an empty or binary file or one
    holding no entry; unresolved links, names and malformed HTML are problems on the rulebook.
    """
    problems: list[Problem] = []
    stats: dict = {}
    rules: dict[str, Rule] = {}
    builders: list[_EntryBuilder] = []
    paths = []
    for path, data in files:
        path = str(path)
        paths.append(path)
        text = decode(data, path)
        if format == "glossary-html":
            from judge.rulebook.formats.glossary_html import html_entries

            entries, doc_title = html_entries(text, path, problems, stats)
            title = title or doc_title
        else:
            entries = _text_entries(text, path, stats)
        if not entries:
            raise RulesFileError("no glossary entries found (expected <h2> headings or an entry title line)",
                                 file=path)
        for entry in entries:
            if not entry.title:
                problems.append(Problem("warning", "empty", path, entry.line, "an entry heading with no title"))
                continue
            builder = _EntryBuilder(entry, path, problems, stats).build()
            for rid, rule in builder.rules.items():
                if rid in rules:
                    first = rules[rid]
                    problems.append(Problem("error", "duplicate-id", path, rule.line,
                                            f"duplicate rule id {rid} (first at {first.file}:{first.line})", rid))
                    continue
                rules[rid] = rule
            builders.append(builder)
    terms = _resolve(builders, rules, problems, stats)
    problems.sort(key=lambda p: (paths.index(p.file) if p.file in paths else len(paths), p.line or 0))
    stats["entries"] = len(builders)
    stats["rules"] = len(rules)
    stats["refs"] = sum(len(r.refs) for r in rules.values())
    return Rulebook(name, game, title, version, format, paths, rules, terms, problems, stats)


def _resolve(builders, rules, problems, stats) -> dict[str, Term]:
    """Terms from entry names; links and "See also" names → refs."""
    by_anchor: dict[str, str] = {}
    by_name: dict[str, str] = {}
    terms: dict[str, Term] = {}
    for b in builders:
        root = b.root
        if root.id not in rules or rules[root.id] is not root:
            continue
        if b.entry.anchor:
            by_anchor.setdefault(b.entry.anchor, root.id)
        for n in names(b.entry.title):
            by_name.setdefault(_key(n), root.id)
            if n.endswith(" X"):
                by_name.setdefault(_key(n[:-2]), root.id)
            terms.setdefault(n.lower(), Term(n, [root.id], root.text.split("\n")[0], root.file, root.line))
    loose = {a.lower().replace("-", "_"): rid for a, rid in by_anchor.items()}

    def by_text(text):
        key = _key(text)
        return by_name.get(key) or by_name.get(_key(re.sub(r"\(.*?\)", "", text)))

    for b in builders:
        for rid, links in b.links.items():
            rule = b.rules[rid]
            for anchor, text, line in links:
                stats["links"] = stats.get("links", 0) + 1
                target = by_anchor.get(anchor)
                if target is None:
                    target = loose.get(anchor.lower().replace("-", "_")) or by_text(text)
                    if target is not None:
                        problems.append(Problem("warning", "unknown-anchor", b.path, line,
                                                f"link #{anchor} ({text!r}) names no entry; resolved to "
                                                f"{target} by its text", rid))
                        stats["repaired_links"] = stats.get("repaired_links", 0) + 1
                    else:
                        problems.append(Problem("warning", "broken-link", b.path, line,
                                                f"link #{anchor} ({text!r}) names no entry", rid))
                        stats["unresolved_links"] = stats.get("unresolved_links", 0) + 1
                        continue
                if target != rid and target not in rule.refs:
                    rule.refs.append(target)
        for rid, see in b.see_names.items():
            rule = b.rules[rid]
            for name, line in see:
                stats["named_refs"] = stats.get("named_refs", 0) + 1
                target = by_text(name)
                if target is None:
                    problems.append(Problem("warning", "unresolved-name", b.path, line,
                                            f"'See also: {name}' names no entry in this document", rid))
                    stats["unresolved_names"] = stats.get("unresolved_names", 0) + 1
                elif target != rid and target not in rule.refs:
                    rule.refs.append(target)
    return terms
