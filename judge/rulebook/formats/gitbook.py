"""Grand Archive rules: GitBook pages (a folder of Markdown, or the rendered text of pages) → rules.

Grand Archive has no global rule numbers: every page numbers its own lists from 1. This module gives every
page, section, paragraph and list item a stable id built from the page slug and the position printed on the
page (``playing-cards/7.1``); ``docs/rule-ids.md`` describes the scheme. Two inputs, one block model:

* ``gitbook``: a folder of GitBook Markdown (``SUMMARY.md`` gives page order and nesting). Parsed with
  markdown-it-py. ``{% hint %}`` blocks become examples (``E.g., …``) or notes of the rule they follow;
  bold sub-steps (``**1.3 Declaring Costs**: …``) are numbered rules; bold-only lines (``**Leveling Up**``)
  are section headings; HTML entities (``&#x20;``) are decoded; images are ignored; relative links between
  pages become ``refs`` (to the page, or to the section an anchor names). Links that cannot be resolved,
  pages missing from SUMMARY.md, unknown anchors and malformed Markdown are problems with file and line.
* ``gitbook-text``: rendered page text (one page per file) with page chrome: a navigation tree or a notice
  before the page title, ``Last updated`` after the page. Rendered lists always restart at 1 after an
  interruption, so a list whose numbers repeat continues the numbering (as the Markdown source does).

Both readers produce :class:`_Block` lists; :class:`_PageBuilder` turns blocks into rules, so a page gets the
same ids whether it comes from the Markdown or from its rendered text.
"""

from __future__ import annotations

import os
import posixpath
import re

from judge.errors import RulesFileError
from judge.rulebook.model import Problem, Rule, Rulebook, Term

# ---------------------------------------------------------------------------------------------------------
# names and slugs
# ---------------------------------------------------------------------------------------------------------

_TITLE_SEP = re.compile(r"\s+-\s+")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "per", "the",
                "to", "vs", "with"}
_WORD = re.compile(r"\b[A-Za-z][\w'’-]*")
_EXAMPLE_START = re.compile(r"^(?:e\.\s?g\.|for example\b|example:)\s*,?\s*", re.I)
_STEP = re.compile(r"^(\d+(?:\.\d+)+)\.?\s+(.+?)\s*:?\s*$")
_FOOTER = re.compile(r"^(?:Last updated\b|Previous.+Next)")
_TEXT_ITEM = re.compile(r"^( *)(\d+)\.\s+(.*)$")
_TEXT_BULLET = re.compile(r"^( *)[•*\-]\s+(.*)$")
_ANCHOR_ID = re.compile(r"""\bid\s*=\s*["']([^"']+)["']""")
_LIQUID = re.compile(r"^\s*\{%\s*(end)?(\w+)\b(.*?)%\}\s*$")
_STYLE = re.compile(r"""style\s*=\s*["']([^"']*)["']""")


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


def _looks_like_title(line: str) -> bool:
    """A page title in rendered text: at the margin, short, not a sentence, not a list item."""
    if not line or line[0].isspace() or len(line) > 100 or line[0].isdigit() or line[0] in "•*-":
        return False
    return not line.rstrip().endswith((".", ":", ";", ",", "?", "!"))


def _clean(text: str) -> str:
    """Collapse spaces inside lines, drop empty lines."""
    lines = (" ".join(part.split()) for part in text.split("\n"))
    return "\n".join(line for line in lines if line)


# ---------------------------------------------------------------------------------------------------------
# the block model both readers produce
# ---------------------------------------------------------------------------------------------------------

class _Block:
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


class _Item:
    """A list item: its printed number (None for a bullet), text, links and nested lists."""

    __slots__ = ("number", "line", "text", "links", "lists")

    def __init__(self, number, line, text="", links=None, lists=None):
        self.number = number
        self.line = line
        self.text = text
        self.links = links if links is not None else []
        self.lists = lists if lists is not None else []


class _Page:
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


def _classify_text(text: str, line: int, links) -> _Block:
    """A paragraph of plain text: an example, a heading line, or a paragraph."""
    m = _EXAMPLE_START.match(text)
    if m:
        return _Block("hint", line, text[m.end():], links, example=True)
    if is_heading_line(text):
        return _Block("heading", line, text.rstrip(":").strip(), links, plain=True)
    return _Block("para", line, text, links)


# ---------------------------------------------------------------------------------------------------------
# blocks → rules
# ---------------------------------------------------------------------------------------------------------

class _PageBuilder:
    """Assigns ids to the blocks of one page and makes its rules.

    Ids: the page is ``<slug>``; a section ``<slug>/<anchor>``. Numbered items keep the number printed on
    the page: ``<scope>/<n>``, nested ``…<n>.<m>``, bold sub-steps ``<scope>/<1.3>``; the scope is the
    page, or on a *sectioned* page (one whose numbering restarts under a new heading, like the glossary)
    the section. Unnumbered pieces are counted under their parent: paragraphs ``<parent>/p<k>``, bullets
    ``<parent>/bullet-<k>``.
    """

    def __init__(self, page: _Page, slug: str, sectioned: bool, problems: list, stats: dict):
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
    def build(self) -> "_PageBuilder":
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

    def _heading(self, b: _Block):
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

    def _para(self, b: _Block):
        k = self._count((self.container.id, "p"))
        rule = self._add(f"{self.container.id}/p{k}", self.container, b.line, text=b.text,
                         label=f"{self.container.label}, paragraph {k}", links=b.links)
        self.owner, self.last = None, rule
        self.stats["paragraphs"] = self.stats.get("paragraphs", 0) + 1

    def _step(self, b: _Block):
        head = b.number.split(".")[0]
        parent = self.rules.get(f"{self.scope}/{head}") or self.container
        rule = self._add(f"{self.scope}/{b.number}", parent, b.line, text=b.text, title=b.title,
                         label=f"{self.scope_label} {b.number}", links=b.links)
        self.owner, self.last = rule, rule
        self.stats["steps"] = self.stats.get("steps", 0) + 1

    def _hint(self, b: _Block):
        target = self.last
        if b.example:
            target.examples.append(b.text)
            self.stats["examples"] = self.stats.get("examples", 0) + 1
        else:
            target.notes.append(b.text)
            self.stats["notes"] = self.stats.get("notes", 0) + 1
        if b.links:
            self.links.setdefault(target.id, []).extend(b.links)

    def _stray(self, b: _Block):
        """An example the rendered page shows after its footer: it belongs to no item we can tell."""
        self.page_rule.examples.append(b.text)
        self.stats["examples"] = self.stats.get("examples", 0) + 1

    def _list(self, b: _Block):
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

    def _items(self, b: _Block, parent: Rule, prefix: str, label: str):
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


def _build_page(page: _Page, slug: str, problems: list, stats: dict) -> _PageBuilder:
    """Build a page; a page whose numbering restarts under a heading is rebuilt with section scopes."""
    trial_problems: list = []
    trial_stats: dict = {}
    builder = _PageBuilder(page, slug, False, trial_problems, trial_stats).build()
    if builder.restarted_at_heading:
        builder = _PageBuilder(page, slug, True, problems, stats).build()
        stats["sectioned_pages"] = stats.get("sectioned_pages", 0) + 1
        return builder
    problems.extend(trial_problems)
    for key, value in trial_stats.items():
        stats[key] = stats.get(key, 0) + value
    return builder


# ---------------------------------------------------------------------------------------------------------
# Markdown (format "gitbook")
# ---------------------------------------------------------------------------------------------------------

class _Inline:
    """Text of an inline token with its links, the anchor of an ``<a id>`` and a leading bold run."""

    __slots__ = ("text", "links", "anchor", "strong", "rest", "all_strong", "images")

    def __init__(self):
        self.text = ""
        self.links = []
        self.anchor = None
        self.strong = None      # text of a bold run that opens the paragraph
        self.rest = ""          # text after that bold run
        self.all_strong = False
        self.images = 0


def _inline(token, line: int) -> _Inline:
    out = _Inline()
    buf: list[str] = []
    strong_at = None            # (start, end) in the joined text of the first bold run
    depth = 0
    link_stack = []
    seen = False
    for child in token.children or ():
        kind = child.type
        if kind in ("text", "code_inline"):
            if child.content.strip():
                seen = True
            buf.append(child.content)
        elif kind == "softbreak":
            buf.append(" ")
            line += 1
        elif kind == "hardbreak":
            buf.append("\n")
            line += 1
        elif kind == "strong_open":
            depth += 1
            if not seen and strong_at is None:
                strong_at = [len("".join(buf)), None]
        elif kind == "strong_close":
            depth -= 1
            if strong_at is not None and strong_at[1] is None and depth == 0:
                strong_at[1] = len("".join(buf))
        elif kind == "link_open":
            link_stack.append((child.attrGet("href") or "", line))
        elif kind == "link_close" and link_stack:
            href, at = link_stack.pop()
            out.links.append((href, at))
        elif kind == "image":
            out.images += 1
        elif kind == "html_inline":
            content = child.content
            m = _ANCHOR_ID.search(content)
            if m and content.lstrip().lower().startswith("<a"):
                out.anchor = m.group(1)
            elif re.match(r"<br\s*/?>", content, re.I):
                buf.append("\n")
    joined = "".join(buf)
    out.text = _clean(joined)
    if strong_at is not None and strong_at[1] is not None:
        out.strong = _clean(joined[strong_at[0]:strong_at[1]])
        out.rest = _clean(joined[strong_at[1]:])
        out.all_strong = not out.rest.strip(" :")
    return out


def _preprocess(text: str, path: str, problems: list):
    """Blank out front matter and ``{% … %}`` tag lines (keeping line numbers); return the text, the
    front matter's description and the hint ranges ``[(first, last, style)]`` (0-based lines)."""
    lines = text.split("\n")
    description = ""
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if end is None:
            problems.append(Problem("warning", "front-matter", path, 1, "front matter '---' is never closed"))
        else:
            for i in range(end + 1):
                m = re.match(r"^description:\s*(.*)$", lines[i])
                if m:
                    description = m.group(1).strip().strip("'\"")
                lines[i] = ""
    hints = []
    open_hint = None
    for i, line in enumerate(lines):
        m = _LIQUID.match(line)
        if not m:
            if "{%" in line:
                problems.append(Problem("warning", "malformed", path, i + 1,
                                        "a '{%' tag that is not on a line of its own is kept as text"))
            continue
        end, tag, args = m.group(1), m.group(2), m.group(3)
        lines[i] = ""
        if tag != "hint":
            problems.append(Problem("warning", "unknown-tag", path, i + 1,
                                    f"unknown GitBook block '{{% {end or ''}{tag} %}}' ignored"))
        elif not end:
            if open_hint is not None:
                problems.append(Problem("error", "malformed", path, open_hint[0] + 1,
                                        "{% hint %} is not closed before the next {% hint %}"))
                hints.append((open_hint[0], i - 1, open_hint[1]))
            style = _STYLE.search(args)
            open_hint = (i, style.group(1) if style else "")
        elif open_hint is None:
            problems.append(Problem("warning", "malformed", path, i + 1, "{% endhint %} without {% hint %}"))
        else:
            hints.append((open_hint[0], i, open_hint[1]))
            open_hint = None
    if open_hint is not None:
        # an unclosed hint covers its first paragraph only, so the rules after it are not lost in it
        start = open_hint[0]
        j = start + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        while j < len(lines) and lines[j].strip():
            j += 1
        problems.append(Problem("error", "malformed", path, start + 1,
                                f"{{% hint %}} is never closed (taken to end at line {j})"))
        hints.append((start, j - 1, open_hint[1]))
    return "\n".join(lines), description, hints


def _walk(tokens, i: int, stop: str):
    """Raw block nodes from markdown-it tokens up to the ``stop`` token: (kind, line, payload)."""
    out = []
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if t.type == stop:
            return out, i + 1
        line = t.map[0] + 1 if t.map else 0
        if t.type == "heading_open":
            out.append(("heading", line, (int(t.tag[1:]), tokens[i + 1])))
            i += 3
        elif t.type == "paragraph_open":
            out.append(("para", line, tokens[i + 1]))
            i += 3
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            ordered = t.type == "ordered_list_open"
            start = int(t.attrGet("start") or 1) if ordered else 1
            items = []
            i += 1
            while i < n and tokens[i].type == "list_item_open":
                item_line = tokens[i].map[0] + 1 if tokens[i].map else line
                sub, i = _walk(tokens, i + 1, "list_item_close")
                items.append((item_line, sub))
            out.append(("list", line, (ordered, start, items)))
            i += 1
        elif t.type == "blockquote_open":
            sub, i = _walk(tokens, i + 1, "blockquote_close")
            out.extend(sub)
        elif t.type in ("html_block", "fence", "code_block"):
            out.append((t.type, line, t.content))
            i += 1
        else:
            i += 1
    return out, i


class _MarkdownPage:
    """Reads one Markdown page into blocks."""

    def __init__(self, path: str, rel: str, problems: list, stats: dict):
        self.path = path
        self.rel = rel
        self.problems = problems
        self.stats = stats

    def _inline(self, token, line) -> _Inline:
        info = _inline(token, line)
        self.stats["images"] = self.stats.get("images", 0) + info.images
        if "](" in info.text:
            self.problems.append(Problem("warning", "malformed", self.path, line,
                                         "a link is not closed: '](' left in the text"))
        for href, at in info.links:
            if not href.strip():
                self.problems.append(Problem("warning", "broken-link", self.path, at, "a link with no target"))
        return info

    def read(self, text: str, md) -> _Page:
        text, description, hints = _preprocess(text, self.path, self.problems)
        nodes, _ = _walk(md.parse(text), 0, "")
        page = _Page(self.path, self.rel, description=description)
        groups: list = []           # (hint index or None, node)
        for node in nodes:
            line0 = node[1] - 1
            hint = next((k for k, (a, z, _s) in enumerate(hints) if a < line0 <= z), None)
            groups.append((hint, node))
        current_hint, hint_nodes = None, []
        for hint, node in groups + [(None, None)]:
            if hint_nodes and hint != current_hint:
                block = self._hint_block(hint_nodes)
                if block is not None:
                    page.blocks.append(block)
                hint_nodes = []
            current_hint = hint
            if node is None:
                break
            if hint is not None:
                hint_nodes.append(node)
                continue
            self._node(node, page)
        if not page.title:
            self.problems.append(Problem("warning", "no-title", self.path, 1, "the page has no '# title'"))
        return page

    def _node(self, node, page: _Page):
        kind, line, payload = node
        if kind == "heading":
            level, token = payload
            info = self._inline(token, line)
            if level == 1 and not page.title:
                page.title, page.line = info.text, line
                return
            if info.text:
                page.blocks.append(_Block("heading", line, info.text.rstrip(":").strip(), info.links, level=level,
                                          anchor=info.anchor))
        elif kind == "para":
            block = self._para(payload, line)
            if block is not None:
                page.blocks.append(block)
        elif kind == "list":
            page.blocks.append(self._list(payload, line))
        elif kind in ("fence", "code_block"):
            if payload.strip():
                page.blocks.append(_Block("para", line, _clean(payload)))
        else:  # html_block: <br>, <img>, … carry no rule text; keep any words they hold
            words = _clean(re.sub(r"<[^>]*>", " ", payload))
            if words:
                page.blocks.append(_Block("para", line, words))

    def _para(self, token, line):
        info = self._inline(token, line)
        if not info.text:
            return None     # only images or line breaks
        if info.strong is not None:
            m = _STEP.match(info.strong)
            if m:
                return _Block("step", line, info.rest.lstrip(" :").strip(), info.links, number=m.group(1),
                              title=m.group(2).rstrip(":").strip())
            if info.all_strong and len(info.text) <= 80:
                return _Block("heading", line, info.text.rstrip(":").strip(), info.links)
        return _classify_text(info.text, line, info.links)

    def _list(self, payload, line) -> _Block:
        ordered, start, raw_items = payload
        items = []
        for k, (item_line, sub) in enumerate(raw_items):
            texts, links, lists = [], [], []
            for kind, at, inner in sub:
                if kind == "list":
                    lists.append(self._list(inner, at))
                elif kind in ("para", "heading"):
                    token = inner if kind == "para" else inner[1]
                    info = self._inline(token, at)
                    if info.text:
                        texts.append(info.text)
                    links.extend(info.links)
                elif kind in ("fence", "code_block", "html_block"):
                    words = _clean(re.sub(r"<[^>]*>", " ", inner))
                    if words:
                        texts.append(words)
            items.append(_Item(start + k if ordered else None, item_line, "\n".join(texts), links, lists))
        return _Block("list", line, ordered=ordered, start=start, items=items)

    def _hint_block(self, nodes):
        texts, links = [], []

        def collect(node):
            kind, at, payload = node
            if kind in ("para", "heading"):
                info = self._inline(payload if kind == "para" else payload[1], at)
                if info.text:
                    texts.append(info.text)
                links.extend(info.links)
            elif kind == "list":
                for _item_line, sub in payload[2]:
                    for inner in sub:
                        collect(inner)
            elif kind in ("fence", "code_block", "html_block"):
                words = _clean(re.sub(r"<[^>]*>", " ", payload))
                if words:
                    texts.append(words)

        for node in nodes:
            collect(node)
        self.stats["hints"] = self.stats.get("hints", 0) + 1
        text = "\n".join(texts)
        if not text:
            if links:
                return _Block("hint", nodes[0][1], "", links)
            return None     # a hint holding only an image
        m = _EXAMPLE_START.match(text)
        if m:
            return _Block("hint", nodes[0][1], text[m.end():], links, example=True)
        return _Block("hint", nodes[0][1], text, links)


def _read_summary(root: str, problems: list, md):
    """Pages in SUMMARY.md order: [(rel, title, parent rel, line)]."""
    path = os.path.join(root, "SUMMARY.md")
    try:
        with open(path, "rb") as fh:
            text = _decode(fh.read(), path, problems)
    except OSError:
        problems.append(Problem("warning", "no-summary", path, 0,
                                "SUMMARY.md is missing: pages are taken in folder order, without nesting"))
        return None
    tokens = md.parse(text)
    entries = []
    stack: list = []    # rel of the current page at each list depth
    depth = 0
    for k, t in enumerate(tokens):
        if t.type == "bullet_list_open" or t.type == "ordered_list_open":
            depth += 1
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif t.type == "inline" and depth > 0 and tokens[k - 1].type == "paragraph_open":
            line = t.map[0] + 1 if t.map else 0
            href = next((c.attrGet("href") for c in t.children or () if c.type == "link_open"), None)
            if not href:
                problems.append(Problem("warning", "summary", path, line,
                                        f"SUMMARY.md entry without a link: {t.content.strip()!r}"))
                continue
            title = _clean("".join(c.content for c in t.children if c.type in ("text", "code_inline")))
            rel = posixpath.normpath(_unquote(href.split("#")[0]))
            del stack[depth - 1:]
            parent = stack[-1] if stack else None
            while len(stack) < depth - 1:
                stack.append(parent)
            stack.append(rel)
            entries.append((rel, title, parent, line))
    if not entries:
        problems.append(Problem("error", "summary", path, 1, "SUMMARY.md lists no pages"))
    return entries


def _unquote(href: str) -> str:
    from urllib.parse import unquote

    return unquote(href)


def _decode(data: bytes, path: str, problems: list) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.append(Problem("error", "encoding", path, line, f"not UTF-8 text (byte {exc.start}); "
                                "undecodable bytes replaced"))
        text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _markdown_files(root: str) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(".md"):
                rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                if rel != "SUMMARY.md":
                    out.append(rel)
    return out


def _read_folder(root: str, problems: list, stats: dict) -> list[_Page]:
    from markdown_it import MarkdownIt

    if not os.path.isdir(root):
        raise RulesFileError("not a folder of GitBook pages", file=root)
    md = MarkdownIt("commonmark")
    files = _markdown_files(root)
    if not files:
        raise RulesFileError("no Markdown pages (*.md) in this folder; is it a GitBook export?", file=root)
    summary = _read_summary(root, problems, md)
    order: list[tuple[str, str, str | None, int]] = []
    if summary is None:
        order = [(rel, "", None, 0) for rel in files]
    else:
        summary_path = os.path.join(root, "SUMMARY.md")
        listed = set()
        for rel, title, parent, line in summary:
            if rel in listed:
                problems.append(Problem("warning", "summary", summary_path, line,
                                        f"SUMMARY.md lists {rel} twice; the first entry counts"))
                continue
            if rel not in files:
                problems.append(Problem("error", "missing-page", summary_path, line,
                                        f"SUMMARY.md lists {rel}, which is not in the folder"))
                continue
            listed.add(rel)
            order.append((rel, title, parent, line))
        for rel in files:
            if rel not in listed:
                problems.append(Problem("warning", "not-in-summary", os.path.join(root, rel), 1,
                                        f"page {rel} is not in SUMMARY.md; added at the end, without a parent"))
                order.append((rel, "", None, 0))
    pages = []
    for rel, title, parent, _line in order:
        path = os.path.join(root, rel)
        with open(path, "rb") as fh:
            text = _decode(fh.read(), path, problems)
        page = _MarkdownPage(path, rel, problems, stats).read(text, md)
        if not page.title:
            page.title = title or posixpath.splitext(posixpath.basename(rel))[0]
        elif title and " ".join(title.split()) != page.title:
            stats["summary_titles_differ"] = stats.get("summary_titles_differ", 0) + 1
        page.parent = parent
        pages.append(page)
    return pages


def _read_markdown_files(files, problems: list, stats: dict) -> list[_Page]:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    pages = []
    for path, data in files:
        path = str(path)
        if not data.strip():
            raise RulesFileError("the file is empty; expected a GitBook Markdown page", file=path)
        page = _MarkdownPage(path, os.path.basename(path), problems, stats).read(_decode(data, path, problems), md)
        page.title = page.title or posixpath.splitext(os.path.basename(path))[0]
        pages.append(page)
    return pages


# ---------------------------------------------------------------------------------------------------------
# rendered page text (format "gitbook-text")
# ---------------------------------------------------------------------------------------------------------

def _read_text_page(path: str, data: bytes, problems: list, stats: dict) -> _Page:
    """One rendered page: chrome, the title, the body, then the footer."""
    if not data.strip():
        raise RulesFileError("the file is empty; expected the text of a rules page", file=path)
    lines = _decode(data, path, problems).split("\n")
    toc = {ln.strip()[1:].strip() for ln in lines if ln.strip().startswith("•")}
    # with a navigation tree, the title is the first margin line the tree names; else the first title-like line
    title_at = next((i for i, ln in enumerate(lines) if ln.strip() in toc and _looks_like_title(ln)), None)
    if title_at is None:
        toc = set()
        title_at = next((i for i, ln in enumerate(lines) if _looks_like_title(ln)), None)
    if title_at is None:
        raise RulesFileError("no page title found (expected a line like 'Game Mechanics - Playing Cards')",
                             file=path)
    if toc:
        stats["navigation_entries"] = stats.get("navigation_entries", 0) + len(toc)
    stats["chrome_lines"] = stats.get("chrome_lines", 0) + sum(1 for ln in lines[:title_at] if ln.strip())
    page = _Page(path, os.path.basename(path), title=lines[title_at].strip(), line=title_at + 1, rendered=True)
    end = next((i for i in range(title_at + 1, len(lines)) if _FOOTER.match(lines[i].strip())), len(lines))
    page.blocks = _text_blocks(lines, title_at + 1, end)
    misplaced = []
    for i in range(end, len(lines)):
        line = lines[i].strip()
        m = _EXAMPLE_START.match(line)
        if m and not lines[i][:1].isspace():
            misplaced.append(_Block("stray", i + 1, line[m.end():], example=True))
            problems.append(Problem("warning", "misplaced-example", path, i + 1,
                                    "an example after the page footer; attached to the page"))
        elif line:
            stats["footer_lines"] = stats.get("footer_lines", 0) + 1
    page.blocks.extend(misplaced)
    return page


def _text_blocks(lines: list[str], start: int, end: int) -> list[_Block]:
    """Blocks of a rendered page body: margin lines are paragraphs, indented ``1.`` / ``•`` lines items
    (two spaces of indent per level)."""
    blocks: list[_Block] = []
    para: list[str] = []
    para_line = 0
    stack: list[tuple[int, _Item]] = []     # (depth, item) of the open items

    def flush():
        if para:
            blocks.append(_classify_text(" ".join(para), para_line, []))
            para.clear()

    for i in range(start, end):
        raw = lines[i]
        if not raw.strip():
            flush()
            continue
        m = _TEXT_ITEM.match(raw)
        number = int(m.group(2)) if m else None
        m = m or _TEXT_BULLET.match(raw)
        if m:
            flush()
            depth = max(1, len(m.group(1)) // 2)
            while stack and stack[-1][0] >= depth:
                stack.pop()
            siblings = stack[-1][1].lists if stack else blocks
            current = siblings[-1] if siblings and siblings[-1].kind == "list" else None
            if (current is None or current.ordered != (number is not None)
                    or (number is not None and number <= current.items[-1].number)):
                current = _Block("list", i + 1, ordered=number is not None, start=number or 1)
                siblings.append(current)
            item = _Item(number, i + 1, m.group(m.lastindex).strip())
            current.items.append(item)
            stack.append((depth, item))
        elif raw[:1].isspace() and stack:
            stack[-1][1].text += "\n" + raw.strip()     # an item's text wrapped onto another line
        else:
            stack.clear()
            if not para:
                para_line = i + 1
            para.append(raw.strip())
    flush()
    return blocks


# ---------------------------------------------------------------------------------------------------------
# the document
# ---------------------------------------------------------------------------------------------------------

def _resolve_links(pages, builders, root, problems, stats):
    """Turn each page's ``(href, line)`` links into refs: page ids, or section ids for known anchors."""
    by_rel = {page.rel: b for page, b in zip(pages, builders)}
    for page, builder in zip(pages, builders):
        here = posixpath.dirname(page.rel)
        for rid, links in builder.links.items():
            rule = builder.rules[rid]
            for href, line in links:
                target = _resolve_one(href, here, page, by_rel, root, problems, stats, line)
                if target and target != rule.id and target not in rule.refs:
                    rule.refs.append(target)


def _resolve_one(href, here, page, by_rel, root, problems, stats, line):
    href = href.strip()
    if not href:
        return None
    if re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I):
        stats["external_links"] = stats.get("external_links", 0) + 1
        return None
    stats["links"] = stats.get("links", 0) + 1
    path_part, _, anchor = href.partition("#")
    path_part = _unquote(path_part)
    if not path_part:
        rel = page.rel
    else:
        rel = posixpath.normpath(posixpath.join(here, path_part))
        if path_part.endswith("/") or (root and os.path.isdir(os.path.join(root, rel))):
            rel = posixpath.join(rel, "README.md")
    builder = by_rel.get(rel)
    if builder is None:
        if root and os.path.isfile(os.path.join(root, rel)) and not rel.lower().endswith(".md"):
            stats["file_links"] = stats.get("file_links", 0) + 1
            return None
        stats["unresolved_links"] = stats.get("unresolved_links", 0) + 1
        problems.append(Problem("warning", "broken-link", page.path, line,
                                f"link to {href}: no such page in this document"))
        return None
    if not anchor:
        stats["resolved_links"] = stats.get("resolved_links", 0) + 1
        return builder.slug
    target = builder.anchors.get(anchor)
    if target is None and f"{builder.slug}/{anchor}" in builder.rules:
        target = f"{builder.slug}/{anchor}"
    if target is None:
        stats["unknown_anchors"] = stats.get("unknown_anchors", 0) + 1
        problems.append(Problem("warning", "unknown-anchor", page.path, line,
                                f"link to {href}: page {builder.slug} has no anchor #{anchor}; citing the page"))
        return builder.slug
    stats["resolved_links"] = stats.get("resolved_links", 0) + 1
    return target


def parse(files, *, name="", game="ga", title="", version="", format="gitbook") -> Rulebook:
    """Parse Grand Archive GitBook pages into a :class:`Rulebook`.

    ``format="gitbook"``: ``files`` is ``[folder]``, a GitBook export with SUMMARY.md (or ``[(path, bytes)]``
    of single Markdown pages, taken in the order given).
    ``format="gitbook-text"``: ``files`` is ``[(path, bytes)]``, the rendered text of one page per file.
    Raises :class:`RulesFileError` for an empty folder or file, or a page without a title; everything else
    (broken links, unknown anchors, pages missing from SUMMARY.md, malformed Markdown) is a problem.
    """
    problems: list[Problem] = []
    stats: dict = {}
    if format == "gitbook-text":
        root = ""
        paths = [str(p) for p, _ in files]
        pages = [_read_text_page(str(p), data, problems, stats) for p, data in files]
    elif len(files) == 1 and isinstance(files[0], (str, os.PathLike)):
        root = str(files[0])
        paths = [root]
        pages = _read_folder(root, problems, stats)
    else:   # Markdown pages given one by one: no SUMMARY.md, pages in the order given
        root = ""
        paths = [str(p) for p, _ in files]
        pages = _read_markdown_files(files, problems, stats)
    rules: dict[str, Rule] = {}
    builders = []
    slug_of: dict[str, str] = {}
    for page in pages:
        slug = page_slug(page.title) or slugify(posixpath.splitext(page.rel)[0]) or "page"
        if slug in rules:
            fallback = slugify(page.title)
            problems.append(Problem("warning", "duplicate-id", page.path, page.line,
                                    f"page slug {slug} is already taken by {rules[slug].file}; this page is "
                                    f"{fallback}"))
            slug = fallback
        builder = _build_page(page, slug, problems, stats)
        builders.append(builder)
        slug_of[page.rel] = builder.slug
        for rid, rule in builder.rules.items():
            if rid in rules:
                problems.append(Problem("error", "duplicate-id", rule.file, rule.line,
                                        f"duplicate rule id {rid} (first at {rules[rid].file}:{rules[rid].line})",
                                        rid))
                continue
            rules[rid] = rule
    # page nesting from SUMMARY.md: sub-pages follow the page's own content among its children
    for page, builder in zip(pages, builders):
        parent = slug_of.get(page.parent) if page.parent else None
        if parent and parent in rules:
            builder.page_rule.parent = parent
            rules[parent].children.append(builder.slug)
    _resolve_links(pages, builders, root, problems, stats)
    order = {path: k for k, path in enumerate([os.path.join(root, "SUMMARY.md")] + [p.path for p in pages])}
    problems.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0))
    terms = _terms(builders)
    stats["pages"] = len(pages)
    stats["rules"] = len(rules)
    stats["refs"] = sum(len(r.refs) for r in rules.values())
    return Rulebook(name, game, title, version, format, paths, rules, terms, problems, stats)


def _terms(builders) -> dict[str, Term]:
    """Page topics and section headings as terms. A heading used on several pages (``General Rules``)
    names no one thing and is left out, and so is a plain Title Case line (a changelog date)."""
    pages_with: dict[str, set] = {}
    for b in builders:
        for heading in b.headings:
            pages_with.setdefault(heading.lower(), set()).add(b.slug)
    terms: dict[str, Term] = {}

    def add(name, rule):
        term = terms.setdefault(name.lower(), Term(name, [], "", rule.file, rule.line))
        if rule.id not in term.rules:
            term.rules.append(rule.id)

    for b in builders:
        add(b.short, b.page_rule)
        for rid in b.section_ids:
            rule = b.rules[rid]
            if len(pages_with.get(rule.title.lower(), ())) <= 1:
                add(rule.title, rule)
    return terms
