"""HTML building blocks shared by the rules site and the rulings: escaping, anchors, relative links, the
page template, and rule text with its references turned into links."""

from __future__ import annotations

import functools
import posixpath
import re
from html import escape as _escape

_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-")


def esc(text) -> str:
    """HTML-escape text for element content and attribute values."""
    return _escape(str(text), quote=True)


def anchor_id(rule_id: str) -> str:
    """The fragment of a rule: the id itself when it is letters, digits, dots and hyphens (``7.5.5b``),
    otherwise every other character as ``_`` + hex of its UTF-8 bytes (``a/b`` → ``a_2Fb``)."""
    if all(c in _SAFE for c in rule_id):
        return rule_id
    out = []
    for c in rule_id:
        if c in _SAFE:
            out.append(c)
        else:
            out.extend(f"_{b:02X}" for b in c.encode("utf-8"))
    return "".join(out)


def rule_id_of_anchor(anchor: str) -> str:
    """The inverse of :func:`anchor_id`."""
    return re.sub(r"(?:_[0-9A-F]{2})+",
                  lambda m: bytes.fromhex(m.group(0).replace("_", "")).decode("utf-8", "replace"), anchor)


def relative(from_page: str, to_path: str) -> str:
    """URL of ``to_path`` (relative to the output root, may carry ``#fragment``) seen from ``from_page``."""
    path, hash_, frag = to_path.partition("#")
    rel = _relpath(path, posixpath.dirname(from_page) or ".") if path else ""
    if path and path.endswith("/") and not rel.endswith("/"):
        rel += "/"
    return rel + (hash_ + frag if hash_ else "")


def ref_text(book, rule_id: str) -> str:
    """How a link to a rule reads: the id as printed for a numbered rule (``7.5.5b``), the human label
    for a slug id (``Playing Cards 7.1`` for ``playing-cards/7.1``; the id itself when it has none)."""
    if "/" not in rule_id and rule_id[:1].isdigit():
        return rule_id
    rule = book.rules.get(rule_id) if book is not None else None
    return rule.label if rule is not None and rule.label else rule_id


@functools.lru_cache(maxsize=65536)
def _relpath(path: str, base: str) -> str:
    return posixpath.relpath(path, base)


def root_prefix(page: str) -> str:
    """``../`` per folder level of ``page`` (how a page reaches the output root)."""
    return "../" * page.count("/")


# ---------------------------------------------------------------------------------------------------------
# references inside rule text
# ---------------------------------------------------------------------------------------------------------

# ``[7.0.5]`` anywhere, or a dotted id in prose (``see rule 702.19c``); a bare number is never linked
_REF_TOKEN = re.compile(r"\[(\d{1,3}(?:\.\d{1,3})*[a-z]{0,2})\]|(?<![\w.\[])(\d{1,3}(?:\.\d{1,3})+[a-z]{0,2})(?![\w\]])")


def link_refs(text: str, refs, link, escape=esc) -> tuple[str, set]:
    """Escape ``text`` and turn every cited id in it into a link.

    ``refs`` is the set of ids the rule cites (only those are linked, so "+2.5" never becomes a link);
    ``link(id, shown)`` returns the markup of a link to that id showing ``shown`` (or a marked span when
    the rule is external). ``escape`` is :func:`esc` for HTML or :func:`md_escape` for Markdown. Returns
    the markup and the set of ids that were linked inline.
    """
    if not refs:
        return escape(text), set()
    out = []
    used = set()
    pos = 0
    for m in _REF_TOKEN.finditer(text):
        rid = m.group(1) or m.group(2)
        if rid not in refs:
            continue
        out.append(escape(text[pos:m.start()]))
        out.append(link(rid, m.group(0)))
        used.add(rid)
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out), used


# at the start of a line: a list item ("1. ", "2) ", "- ", "+ "), or a setext heading underline ("===")
_MD_LINE_START = re.compile(r"(?m)^(\s*)(?:(\d{1,9})([.)])(?=\s|$)|([-+])(?=\s|$)|(=+)(?=\s*$))")


_MAY_START_BLOCK = frozenset("0123456789-+= \t")


def _line_start(m) -> str:
    if m.group(2):
        return f"{m.group(1)}{m.group(2)}\\{m.group(3)}"
    return f"{m.group(1)}\\{m.group(4) or m.group(5)}"


# the characters Markdown reads as inline markup, each escaped by a backslash (the backslash first): a
# replace per character the text holds is several times faster than str.translate with a table of strings
_MD_ESCAPES = tuple((c, "\\" + c) for c in "\\`*_[]<>#|~!&")


def md_escape(text) -> str:
    """Backslash-escape the characters Markdown would read as markup (text from rules and scenarios),
    and what would start a list or a heading at the start of a line."""
    text = str(text)
    for c, escaped in _MD_ESCAPES:
        if c in text:
            text = text.replace(c, escaped)
    if "\n" in text or text[:1] in _MAY_START_BLOCK:
        text = _MD_LINE_START.sub(_line_start, text)
    return text


def paragraphs(html_text: str, cls: str = "") -> str:
    """Split escaped text on newlines into ``<p>`` elements."""
    attr = f' class="{cls}"' if cls else ""
    return "".join(f"<p{attr}>{part}</p>" for part in html_text.split("\n") if part.strip())


# ---------------------------------------------------------------------------------------------------------
# the page template
# ---------------------------------------------------------------------------------------------------------

def page(path: str, title: str, body: str, crumbs=(), home: str = "index.html", site_name: str = "judge",
         search: bool = True, version: str = "") -> str:
    """A whole HTML page. ``crumbs`` is a list of (label, target-path-or-None) from the home page down;
    every path is relative to the output root and made relative to ``path`` here. ``version`` (the
    document and version, ``FaB CR 2.10.1``) stays visible in the sticky header."""
    root = root_prefix(path)
    nav = ""
    if crumbs:
        parts = []
        for label, target in crumbs:
            if target:
                parts.append(f'<a href="{esc(relative(path, target))}">{esc(label)}</a>')
            else:
                parts.append(f'<span aria-current="page">{esc(label)}</span>')
        nav = '<nav class="crumbs" aria-label="Breadcrumb">' + ' <span class="sep">›</span> '.join(parts) + "</nav>"
    tag = f'<span class="version" title="rules document and version">{esc(version)}</span>' if version else ""
    box = ""
    if search:
        box = ('<form class="search" role="search" autocomplete="off" onsubmit="return false">'
               '<input id="search" type="search" placeholder="Search rules and rulings…" '
               'aria-label="Search rules and rulings" aria-controls="search-results">'
               '<ol id="search-results" hidden></ol></form>')
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{esc(title)}</title>\n"
        "<link rel=\"icon\" href=\"data:,\">\n"
        f"<link rel=\"stylesheet\" href=\"{root}assets/style.css\">\n"
        f"<script src=\"{root}assets/search.js\" defer></script>\n"
        "</head>\n"
        f"<body data-root=\"{root}\">\n"
        f"<header class=\"top\"><a class=\"home\" href=\"{esc(relative(path, home))}\">{esc(site_name)}</a>"
        f"{tag}{box}</header>\n"
        f"{nav}\n<main>\n{body}\n</main>\n"
        "<footer>Generated by judge. Rules text belongs to its publishers; ids and citations as printed.</footer>\n"
        "</body>\n</html>\n"
    )
