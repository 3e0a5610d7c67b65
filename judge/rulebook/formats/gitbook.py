# Grand Archive rules: GitBook Markdown pages (format "gitbook") and the assembled document of either format.
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

Both readers produce :class:`~.gitbook_blocks.Block` lists; :class:`~.gitbook_blocks.PageBuilder` turns blocks
into rules, so a page gets the same ids whether it comes from the Markdown or from its rendered text. This
module reads the Markdown and assembles the document; :mod:`.gitbook_blocks` holds the block model and the
ids, :mod:`.gitbook_text` reads rendered text.
"""

from __future__ import annotations

import os
import posixpath
import re

from judge.errors import RulesFileError
from judge.rulebook.formats.gitbook_blocks import (EXAMPLE_START, Block, Item, Page, build_page,
                                                   classify_text, clean_text, decode, is_heading_line, page_slug,
                                                   short_title, slugify)
from judge.rulebook.formats.gitbook_text import read_text_page
from judge.rulebook.model import Problem, Rule, Rulebook, Term

__all__ = ["is_heading_line", "page_slug", "parse", "short_title", "slugify"]

_STEP = re.compile(r"^(\d+(?:\.\d+)+)\.?\s+(.+?)\s*:?\s*$")
_ANCHOR_ID = re.compile(r"""\bid\s*=\s*["']([^"']+)["']""")
_LIQUID = re.compile(r"^\s*\{%\s*(end)?(\w+)\b(.*?)%\}\s*$")
_STYLE = re.compile(r"""style\s*=\s*["']([^"']*)["']""")

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
    out.text = clean_text(joined)
    if strong_at is not None and strong_at[1] is not None:
        out.strong = clean_text(joined[strong_at[0]:strong_at[1]])
        out.rest = clean_text(joined[strong_at[1]:])
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

    def read(self, text: str, md) -> Page:
        text, description, hints = _preprocess(text, self.path, self.problems)
        nodes, _ = _walk(md.parse(text), 0, "")
        page = Page(self.path, self.rel, description=description)
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

    def _node(self, node, page: Page):
        kind, line, payload = node
        if kind == "heading":
            level, token = payload
            info = self._inline(token, line)
            if level == 1 and not page.title:
                page.title, page.line = info.text, line
                return
            if info.text:
                page.blocks.append(Block("heading", line, info.text.rstrip(":").strip(), info.links, level=level,
                                          anchor=info.anchor))
        elif kind == "para":
            block = self._para(payload, line)
            if block is not None:
                page.blocks.append(block)
        elif kind == "list":
            page.blocks.append(self._list(payload, line))
        elif kind in ("fence", "code_block"):
            if payload.strip():
                page.blocks.append(Block("para", line, clean_text(payload)))
        else:  # html_block: <br>, <img>, … carry no rule text; keep any words they hold
            words = clean_text(re.sub(r"<[^>]*>", " ", payload))
            if words:
                page.blocks.append(Block("para", line, words))

    def _para(self, token, line):
        info = self._inline(token, line)
        if not info.text:
            return None     # only images or line breaks
        if info.strong is not None:
            m = _STEP.match(info.strong)
            if m:
                return Block("step", line, info.rest.lstrip(" :").strip(), info.links, number=m.group(1),
                              title=m.group(2).rstrip(":").strip())
            if info.all_strong and len(info.text) <= 80:
                return Block("heading", line, info.text.rstrip(":").strip(), info.links)
        return classify_text(info.text, line, info.links)

    def _list(self, payload, line) -> Block:
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
                    words = clean_text(re.sub(r"<[^>]*>", " ", inner))
                    if words:
                        texts.append(words)
            items.append(Item(start + k if ordered else None, item_line, "\n".join(texts), links, lists))
        return Block("list", line, ordered=ordered, start=start, items=items)

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
                words = clean_text(re.sub(r"<[^>]*>", " ", payload))
                if words:
                    texts.append(words)

        for node in nodes:
            collect(node)
        self.stats["hints"] = self.stats.get("hints", 0) + 1
        text = "\n".join(texts)
        if not text:
            if links:
                return Block("hint", nodes[0][1], "", links)
            return None     # a hint holding only an image
        m = EXAMPLE_START.match(text)
        if m:
            return Block("hint", nodes[0][1], text[m.end():], links, example=True)
        return Block("hint", nodes[0][1], text, links)


def _read_summary(root: str, problems: list, md):
    """Pages in SUMMARY.md order: [(rel, title, parent rel, line)]."""
    path = os.path.join(root, "SUMMARY.md")
    try:
        with open(path, "rb") as fh:
            text = decode(fh.read(), path, problems)
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
            title = clean_text("".join(c.content for c in t.children if c.type in ("text", "code_inline")))
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


def _read_folder(root: str, problems: list, stats: dict) -> list[Page]:
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
            text = decode(fh.read(), path, problems)
        page = _MarkdownPage(path, rel, problems, stats).read(text, md)
        if not page.title:
            page.title = title or posixpath.splitext(posixpath.basename(rel))[0]
        elif title and " ".join(title.split()) != page.title:
            stats["summary_titles_differ"] = stats.get("summary_titles_differ", 0) + 1
        page.parent = parent
        pages.append(page)
    return pages


def _read_markdown_files(files, problems: list, stats: dict) -> list[Page]:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    pages = []
    for path, data in files:
        path = str(path)
        if not data.strip():
            raise RulesFileError("the file is empty; expected a GitBook Markdown page", file=path)
        page = _MarkdownPage(path, os.path.basename(path), problems, stats).read(decode(data, path, problems), md)
        page.title = page.title or posixpath.splitext(os.path.basename(path))[0]
        pages.append(page)
    return pages


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
        pages = [read_text_page(str(p), data, problems, stats) for p, data in files]
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
        builder = build_page(page, slug, problems, stats)
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
