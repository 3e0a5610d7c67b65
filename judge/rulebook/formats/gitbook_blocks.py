# Grand Archive rule ids (docs/rule-ids.md): page slugs, the block model of a page, and blocks → numbered rules.
"""The part of the GitBook reader both formats share (:mod:`.gitbook` for Markdown, :mod:`.gitbook_text` for
rendered page text): page titles and slugs, the block model both readers produce (:class:`Block`,
:class:`Item`, :class:`Page`), and :class:`PageBuilder`, which turns a page's blocks into rules with ids
built from the page slug and the position printed on the page (``playing-cards/7.1``), so that a page gets
the same ids whichever reader read it.
"""

from __future__ import annotations

import re

from judge.rulebook.model import Problem, Rule

# ---------------------------------------------------------------------------------------------------------
# names and slugs
# ---------------------------------------------------------------------------------------------------------

_TITLE_SEP = re.compile(r"\s+-\s+")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "per", "the",
                "to", "vs", "with"}
_WORD = re.compile(r"\b[A-Za-z][\w'’-]*")
EXAMPLE_START = re.compile(r"^(?:e\.\s?g\.|for example\b|example:)\s*,?\s*", re.I)



def slugify(text: str) -> str:
    """``Lineage (term)`` → ``lineage-term``; ``Player’s Turn`` → ``players-turn`` (GitBook's anchors)."""
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def short_title(title: str) -> str:
    """``Game Mechanics - Playing Cards`` → ``Playing Cards``: the topic after the last `` - ``."""
    return _TITLE_SEP.split(" ".join(title.split()))[-1]


def page_slug(title: str) -> str:
    """The id of a page: the slug of its short title (``playing-cards``)."""
    return slugify(short_title(title))


def is_heading_line(text: str) -> bool:
    """A short Title Case line with no sentence punctuation reads as a heading (``General Rules:``)."""
    text = text.strip()
    if not text or len(text) > 60 or "\n" in text or text.endswith((".", ",", ";", "?", "!", '"', "”", ")")):
        return False
    words = _WORD.findall(text.rstrip(":"))
    if not words or not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words)


def looks_like_title(line: str) -> bool:
    """A page title in rendered text: at the margin, short, not a sentence, not a list item."""
    if not line or line[0].isspace() or len(line) > 100 or line[0].isdigit() or line[0] in "•*-":
        return False
    return not line.rstrip().endswith((".", ":", ";", ",", "?", "!"))


def clean_text(text: str) -> str:
    """Collapse spaces inside lines, drop empty lines."""
    lines = (" ".join(part.split()) for part in text.split("\n"))
    return "\n".join(line for line in lines if line)


# ---------------------------------------------------------------------------------------------------------
# the block model both readers produce
# ---------------------------------------------------------------------------------------------------------

class Block:
    """One top-level piece of a page.

    ``kind`` is ``heading`` (``level`` None for a bold or plain heading line: a sibling of the current
    section), ``para``, ``step`` (``number`` like ``1.3``, ``title``), ``list`` (``ordered``, ``start``,
    ``items``) or ``hint`` (``example`` says whether it reads as an example; otherwise it is a note).
    ``links`` are ``(href, line)`` pairs to resolve once every page is known.
    """

    __slots__ = ("kind", "line", "text", "links", "level", "title", "number", "ordered", "start", "items",
                 "example", "anchor", "plain")

    def __init__(self, kind, line, text="", links=None, **kw):
        self.kind = kind
        self.line = line
        self.text = text
        self.links = links if links is not None else []
        self.level = kw.get("level")
        self.title = kw.get("title", "")
        self.number = kw.get("number", "")
        self.ordered = kw.get("ordered", False)
        self.start = kw.get("start", 1)
        self.items = kw.get("items", [])
        self.example = kw.get("example", False)
        self.anchor = kw.get("anchor")
        self.plain = kw.get("plain", False)   # a heading that is only a Title Case line, not marked up


class Item:
    """A list item: its printed number (None for a bullet), text, links and nested lists."""

    __slots__ = ("number", "line", "text", "links", "lists")

    def __init__(self, number, line, text="", links=None, lists=None):
        self.number = number
        self.line = line
        self.text = text
        self.links = links if links is not None else []
        self.lists = lists if lists is not None else []


class Page:
    """A page before ids are assigned."""

    __slots__ = ("path", "rel", "title", "line", "description", "blocks", "parent", "rendered")

    def __init__(self, path, rel, title="", line=1, description="", blocks=None, parent=None, rendered=False):
        self.path = path
        self.rel = rel
        self.title = title
        self.line = line
        self.description = description
        self.blocks = blocks if blocks is not None else []
        self.parent = parent        # rel of the page above it in SUMMARY.md
        self.rendered = rendered    # rendered text: lists restart at 1 by design, no warning for that


def classify_text(text: str, line: int, links) -> Block:
    """A paragraph of plain text: an example, a heading line, or a paragraph."""
    m = EXAMPLE_START.match(text)
    if m:
        return Block("hint", line, text[m.end():], links, example=True)
    if is_heading_line(text):
        return Block("heading", line, text.rstrip(":").strip(), links, plain=True)
    return Block("para", line, text, links)


# ---------------------------------------------------------------------------------------------------------
# blocks → rules
# ---------------------------------------------------------------------------------------------------------

class PageBuilder:
    """Assigns ids to the blocks of one page and makes its rules.

    Ids: the page is ``<slug>``; a section ``<slug>/<anchor>``. Numbered items keep the number printed on
    the page: ``<scope>/<n>``, nested ``…<n>.<m>``, bold sub-steps ``<scope>/<1.3>``; the scope is the
    page, or on a *sectioned* page (one whose numbering restarts under a new heading, like the glossary)
    the section. Unnumbered pieces are counted under their parent: paragraphs ``<parent>/p<k>``, bullets
    ``<parent>/bullet-<k>``.
    """

    def __init__(self, page: Page, slug: str, sectioned: bool, problems: list, stats: dict):
        self.page = page
        self.slug = slug
        self.short = short_title(page.title)
        self.sectioned = sectioned
        self.problems = problems
        self.stats = stats
        self.rules: dict[str, Rule] = {}
        self.links: dict[str, list] = {}       # rule id → [(href, line)]
        self.anchors: dict[str, str] = {}      # anchor → section id
        self.restarted_at_heading = False
        self.headings: list[str] = []
        self.section_ids: list[str] = []

    # -- helpers ------------------------------------------------------------------------------------------
    def _warn(self, code, line, message, rule_id=None, level="warning"):
        self.problems.append(Problem(level, code, self.page.path, line, message, rule_id))

    def _add(self, rid, parent, line, text="", title="", label="", links=()):
        if rid in self.rules:
            k = 2
            while f"{rid}~{k}" in self.rules:
                k += 1
            self._warn("duplicate-id", line, f"{rid} is already used on this page (line "
                       f"{self.rules[rid].line}); this one is {rid}~{k}", rid)
            rid = f"{rid}~{k}"
        rule = Rule(rid, title=title, text=text, parent=parent.id if parent is not None else None,
                    file=self.page.path, line=line, label=label)
        self.rules[rid] = rule
        if parent is not None:
            parent.children.append(rid)
        if links:
            self.links.setdefault(rid, []).extend(links)
        return rule

    def _count(self, key) -> int:
        self.counters[key] = self.counters.get(key, 0) + 1
        return self.counters[key]

    # -- the walk -----------------------------------------------------------------------------------------
    def build(self) -> "PageBuilder":
        """Number the page's blocks into rules (the page, its sections, paragraphs and list items); returns self."""
        page = self.page
        self.page_rule = self._add(self.slug, None, page.line, text=page.description, title=page.title,
                                   label=self.short)
        self.sections: list[tuple[int, Rule]] = []
        self.container = self.page_rule
        self.scope, self.scope_label = self.slug, self.short
        self.owner = None            # a bold sub-step owning the numbered lists after it
        self.last = self.page_rule   # the rule a hint or a following bullet list belongs to
        self.prev = None             # kind of the previous non-hint block
        self.fresh_section = False   # no list yet since the last heading
        self.max_used: dict[str, int] = {}
        self.counters: dict = {}
        for block in page.blocks:
            getattr(self, "_" + block.kind)(block)
            if block.kind not in ("hint", "stray"):
                self.prev = block.kind
        return self

    def _heading(self, b: Block):
        level = b.level if b.level is not None else (self.sections[-1][0] if self.sections else 4)
        while self.sections and self.sections[-1][0] >= level:
            self.sections.pop()
        parent = self.sections[-1][1] if self.sections else self.page_rule
        anchor = b.anchor or slugify(b.text)
        if not anchor:
            return
        if anchor in self.anchors:
            other = self.anchors[anchor]
            fallback = slugify(b.text)
            self._warn("duplicate-anchor", b.line, f"anchor #{anchor} already names {other}; this heading is "
                       f"#{fallback}")
            anchor = fallback
        label = f"{self.short}, {b.text}"
        rule = self._add(f"{self.slug}/{anchor}", parent, b.line, title=b.text, label=label, links=b.links)
        self.anchors.setdefault(anchor, rule.id)
        if not b.plain:
            self.headings.append(b.text)
            self.section_ids.append(rule.id)
        self.sections.append((level, rule))
        self.container, self.owner, self.last = rule, None, rule
        self.fresh_section = True
        self.stats["sections"] = self.stats.get("sections", 0) + 1
        if self.sectioned:
            self.scope, self.scope_label = rule.id, label

    def _para(self, b: Block):
        k = self._count((self.container.id, "p"))
        rule = self._add(f"{self.container.id}/p{k}", self.container, b.line, text=b.text,
                         label=f"{self.container.label}, paragraph {k}", links=b.links)
        self.owner, self.last = None, rule
        self.stats["paragraphs"] = self.stats.get("paragraphs", 0) + 1

    def _step(self, b: Block):
        head = b.number.split(".")[0]
        parent = self.rules.get(f"{self.scope}/{head}") or self.container
        rule = self._add(f"{self.scope}/{b.number}", parent, b.line, text=b.text, title=b.title,
                         label=f"{self.scope_label} {b.number}", links=b.links)
        self.owner, self.last = rule, rule
        self.stats["steps"] = self.stats.get("steps", 0) + 1

    def _hint(self, b: Block):
        target = self.last
        if b.example:
            target.examples.append(b.text)
            self.stats["examples"] = self.stats.get("examples", 0) + 1
        else:
            target.notes.append(b.text)
            self.stats["notes"] = self.stats.get("notes", 0) + 1
        if b.links:
            self.links.setdefault(target.id, []).extend(b.links)

    def _stray(self, b: Block):
        """An example the rendered page shows after its footer: it belongs to no item we can tell."""
        self.page_rule.examples.append(b.text)
        self.stats["examples"] = self.stats.get("examples", 0) + 1

    def _list(self, b: Block):
        if not b.ordered:
            if self.prev in ("list", "para", "step") and self.last is not self.container:
                self._items(b, self.last, self.last.id + "/", self.last.label + ", ")
            else:
                self._items(b, self.container, self.container.id + "/", self.container.label + ", ")
            return
        if self.owner is not None:
            parent, prefix, label = self.owner, self.owner.id + ".", self.owner.label + "."
        else:
            parent, prefix, label = self.container, self.scope + "/", self.scope_label + " "
            if self.fresh_section and b.start <= self.max_used.get(prefix, 0):
                self.restarted_at_heading = True
        self.fresh_section = False
        self._items(b, parent, prefix, label)

    def _items(self, b: Block, parent: Rule, prefix: str, label: str):
        """Rules for the items of a list; ``prefix`` + number (or ``bullet-k``) is each item's id."""
        offset = 0
        if b.ordered:
            used = self.max_used.get(prefix, 0)
            if b.start <= used:
                offset = used + 1 - b.start
                if not self.page.rendered:
                    self._warn("list-restart", b.line, f"numbered list starts again at {b.start} after item "
                               f"{prefix}{used}; numbering continued as {prefix}{used + 1}")
        for item in b.items:
            if b.ordered:
                n = item.number + offset
                self.max_used[prefix] = max(self.max_used.get(prefix, 0), n)
                rid, lab = f"{prefix}{n}", f"{label}{n}"
                self.stats["items"] = self.stats.get("items", 0) + 1
            else:
                k = self._count((prefix, "bullet"))
                rid, lab = f"{prefix}bullet-{k}", f"{label}bullet {k}"
                self.stats["bullets"] = self.stats.get("bullets", 0) + 1
            if not item.text and not item.lists:
                self._warn("empty", item.line, f"list item {rid} has no text", rid)
            rule = self._add(rid, parent, item.line, text=item.text, label=lab, links=item.links)
            self.last = rule
            for sub in item.lists:
                if sub.ordered:
                    self._items(sub, rule, rule.id + ("." if b.ordered else "/"),
                                rule.label + ("." if b.ordered else ", "))
                else:
                    self._items(sub, rule, rule.id + "/", rule.label + ", ")
                # the deepest last item stays self.last: a hint after the list belongs to it


def build_page(page: Page, slug: str, problems: list, stats: dict) -> PageBuilder:
    """Build a page; a page whose numbering restarts under a heading is rebuilt with section scopes."""
    trial_problems: list = []
    trial_stats: dict = {}
    builder = PageBuilder(page, slug, False, trial_problems, trial_stats).build()
    if builder.restarted_at_heading:
        builder = PageBuilder(page, slug, True, problems, stats).build()
        stats["sectioned_pages"] = stats.get("sectioned_pages", 0) + 1
        return builder
    problems.extend(trial_problems)
    for key, value in trial_stats.items():
        stats[key] = stats.get(key, 0) + value
    return builder


def decode(data: bytes, path: str, problems: list) -> str:
    """A page's bytes as text with ``\n`` line ends; bytes that are not UTF-8 are replaced and reported."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.append(Problem("error", "encoding", path, line, f"not UTF-8 text (byte {exc.start}); "
                                "undecodable bytes replaced"))
        text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")
