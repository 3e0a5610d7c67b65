# No rule: the HTML of the Markdown judge writes itself (rulings pages), without markdown-it's block parser.
"""Markdown → HTML for the few block shapes judge's own pages are made of, byte for byte as markdown-it-py
(CommonMark, with the rules :func:`judge.docs.rulings._markdown_it` disables) renders them.

A ruling page is headings, one-line paragraphs, ``- `` lists (an item's text may go on, indented, on the next
lines) and ``N. `` lists whose items hold indented paragraphs, and a rule; every piece of rules or scenario text in it is escaped (:func:`judge.docs.html.md_escape`),
so its block structure is known without parsing it. :func:`render` reads exactly those shapes and
returns None for anything else (a line that could open another kind of block, a lazy continuation, a
tab, a deeper indent): the caller then renders with markdown-it, so the result never differs.
``tests/test_rulings.py`` compares the two over every scenario and over hostile text.

The text inside each block is rendered by markdown-it's inline parser (``inline``), except text holding
no character that could be inline markup, which is only HTML-escaped.
"""

from __future__ import annotations

import re

_HEADING = re.compile(r"(#{1,6}) (\S(?:.*\S)?)\Z")
_BULLET = re.compile(r"- (\S.*)\Z")
_ORDERED = re.compile(r"(\d{1,9})\. (\S.*)\Z")
_RULE = "---"
# a line that would open a block of its own (or interrupt a paragraph): a heading, a quote, a list item, a
# thematic break, a fence, raw HTML, a setext underline, an indented line; such text is left to markdown-it
_BLOCK_START = re.compile(r"[ \t]|#{1,6}(?:[ \t]|\Z)|>|[-+*](?:[ \t]|\Z)|\d{1,9}[.)](?:[ \t]|\Z)|"
                          r"([-*_])[ \t]*\1[ \t]*\1|[`~]{3}|<|=+[ \t]*\Z|-+[ \t]*\Z")
# characters markdown-it's inline rules act on (with images, autolinks, raw HTML and entities disabled,
# ``!`` and ``&`` are plain text and only escaped)
_INLINE_MARKUP = re.compile(r"[\\`*_\[\]<\n]|  ")


def escape_html(text: str) -> str:
    """``&``, ``<``, ``>`` and ``"`` as markdown-it escapes them in text."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if '"' in text:
        text = text.replace('"', "&quot;")
    return text


def inline_html(text: str, inline) -> str:
    """The inline HTML of ``text``: escaped as it is when nothing in it is markup, put together directly
    when its markup is only what judge writes (:func:`_inline`), else ``inline(text)``."""
    if _INLINE_MARKUP.search(text) is None:
        return escape_html(text)
    html = _inline(text, 0, len(text), True) if "\n" not in text else None
    return html if html is not None else inline(text)


_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_URL = re.compile(r"[A-Za-z0-9._~:/?#@!$&'+,;=%-]+\)")
_UNSAFE_URL = re.compile(r"(?:javascript|vbscript|file|data):", re.IGNORECASE)


def _boundary(c: str) -> bool:
    """A space or ASCII punctuation other than a delimiter: what may stand outside an emphasis."""
    return c == " " or c in _ASCII_PUNCT and c not in "*_"


def _solid(c: str) -> bool:
    """A letter, digit or ASCII punctuation other than a delimiter: what may stand inside an emphasis, next
    to its delimiter (never Unicode whitespace or punctuation, whose flanking rules this does not follow)."""
    return c.isalnum() or c in _ASCII_PUNCT and c not in "*_"


def _inline(text: str, i: int, end: int, links: bool) -> str | None:
    """The HTML of ``text[i:end]`` made of escaped text (``\\#``), ``[text](url)`` links, ``**strong**`` /
    ``*emphasis*`` around whole words and ``code`` spans, as markdown-it renders them; None for anything
    else."""
    out = []
    start = i
    while i < end:
        c = text[i]
        if c == "\\":
            if i + 1 < end and text[i + 1] in _ASCII_PUNCT:
                out.append(escape_html(text[start:i]))
                out.append(escape_html(text[i + 1]))
                i += 2
                start = i
                continue
            i += 1
        elif c == "[" and links:
            close = text.find("](", i)
            if close < 0 or close >= end:
                return None
            m = _URL.match(text, close + 2, end)
            if m is None or _UNSAFE_URL.match(text, close + 2) or close == i + 1:
                return None
            label = _inline(text, i + 1, close, False)
            if label is None:
                return None
            out.append(escape_html(text[start:i]))
            out.append(f'<a href="{escape_html(text[close + 2:m.end() - 1])}">{label}</a>')
            i = start = m.end()
        elif c == "*":
            n = 2 if text.startswith("**", i) else 1
            if i + n >= end or not _solid(text[i + n]) or i > 0 and not _boundary(text[i - 1]):
                return None
            close = text.find("*" * n, i + n, end)
            if close < 0 or not _solid(text[close - 1]) or text[close - 1] == "\\" or \
                    close + n < end and not _boundary(text[close + n]) or text.startswith("*", close + n) or \
                    "*" in text[i + n:close]:
                return None
            if "`" in text[i + n:close]:
                return None                   # a code span may hold the closing delimiter
            inner = _inline(text, i + n, close, links)
            if inner is None:
                return None
            tag = "strong" if n == 2 else "em"
            out.append(escape_html(text[start:i]))
            out.append(f"<{tag}>{inner}</{tag}>")
            i = start = close + n
        elif c == "`" and links:
            close = _code_end(text, i, end)
            if close is None:
                return None
            n = close[1]
            code = text[i + n:close[0]]
            if code.startswith(" ") and code.endswith(" ") and code.strip(" "):
                code = code[1:-1]             # one space stripped from each side (CommonMark 6.1)
            out.append(escape_html(text[start:i]))
            out.append(f"<code>{escape_html(code)}</code>")
            i = start = close[0] + n
        elif c in "_`<[]":
            return None
        else:
            i += 1
    out.append(escape_html(text[start:end]))
    return "".join(out)


def _code_end(text: str, i: int, end: int):
    """``(where, length)`` of the backtick string closing the code span opened by the one at ``text[i]``
    (the same length, not part of a longer string), or None when there is none before ``end``."""
    n = i
    while n < end and text[n] == "`":
        n += 1
    n -= i
    j = text.find("`", i + n, end)
    while j >= 0:
        k = j
        while k < end and text[k] == "`":
            k += 1
        if k - j == n:
            return j, n
        j = text.find("`", k, end)
    return None


def _plain(text: str) -> bool:
    """Can ``text`` (a whole line's content) only be a paragraph's text, whatever follows it?"""
    return bool(text) and "\t" not in text and "\r" not in text and "\0" not in text and \
        _BLOCK_START.match(text) is None and text == text.strip()


def render(markdown: str, inline) -> str | None:
    """The HTML of ``markdown`` when it is made only of the shapes above, else None (render it with
    markdown-it). ``inline(text)`` renders the text of one block (markdown-it's ``renderInline``)."""
    if "\t" in markdown or "\r" in markdown or "\0" in markdown:
        return None
    lines = markdown.split("\n")
    out: list[str] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line:
            i += 1
            continue
        if i + 1 < n and lines[i + 1] and not _ORDERED.match(line) and not _BULLET.match(line):
            return None                      # two lines in a row: a longer paragraph or a lazy continuation
        m = _HEADING.match(line)
        if m:
            if m.group(2).endswith("#"):
                return None
            level = len(m.group(1))
            out.append(f"<h{level}>{inline_html(m.group(2), inline)}</h{level}>\n")
            i += 1
        elif line == _RULE:
            out.append("<hr />\n")
            i += 1
        elif _BULLET.match(line):
            i = _bullets(lines, i, out, inline)
        elif _ORDERED.match(line):
            i = _ordered(lines, i, out, inline)
        elif _plain(line):
            out.append(f"<p>{inline_html(line, inline)}</p>\n")
            i += 1
        else:
            return None
        if i < 0:
            return None
    return "".join(out)


def _bullets(lines: list[str], i: int, out: list[str], inline) -> int:
    """A tight ``- `` list from line ``i``: the index after it, or -1 when it is not that simple."""
    items = []
    while i < len(lines) and lines[i]:
        m = _BULLET.match(lines[i])
        if m is None or not _plain(m.group(1).rstrip(" ")):
            return -1
        text = m.group(1)
        i += 1
        while i < len(lines) and lines[i].startswith("  ") and lines[i][2:3] not in (" ", ""):
            if not _plain(lines[i][2:].rstrip(" ")):
                return -1
            text += "\n" + lines[i][2:]       # the item's text goes on, indented to it (after a hard break)
            i += 1
        if text != text.rstrip():
            return -1
        items.append(f"<li>{inline_html(text, inline)}</li>\n")
    j = i
    while j < len(lines) and not lines[j]:
        j += 1
    if j < len(lines) and j > i and _BULLET.match(lines[j]):
        return -1                            # blank lines between items: a loose list
    out.append("<ul>\n")
    out.extend(items)
    out.append("</ul>\n")
    return i


def _ordered(lines: list[str], i: int, out: list[str], inline) -> int:
    """An ``N. `` list from line ``i`` whose items are one line, each followed by paragraphs indented to its
    text and set apart by blank lines: the index after it, or -1 when it is not that simple."""
    n = len(lines)
    items: list[list[str]] = []     # each item: its paragraphs' text
    start = None
    loose = False
    while i < n:
        m = _ORDERED.match(lines[i])
        if m is None:
            break
        if start is None:
            start = int(m.group(1))
        if not _plain(m.group(2)):
            return -1
        indent = " " * (len(m.group(1)) + 2)
        item = [m.group(2)]
        i += 1
        while i < n:
            if lines[i]:
                if _ORDERED.match(lines[i]) is None:
                    return -1                 # a lazy continuation of the item's text
                break                         # the next item, right after this one
            j = i
            while j < n and not lines[j]:
                j += 1
            if j < n and lines[j].startswith(indent) and lines[j][len(indent):len(indent) + 1] not in (" ", ""):
                text = lines[j][len(indent):]
                if not _plain(text) or j + 1 < n and lines[j + 1]:
                    return -1
                item.append(text)
                loose = True                  # a blank line between the blocks of an item
                i = j + 1
                continue
            if j < n and _ORDERED.match(lines[j]):
                loose = True                  # a blank line between two items
                i = j
            elif j < n and lines[j][:1] == " ":
                return -1                     # indented, but not to the item's text: left to markdown-it
            break
        items.append(item)
        if i < n and lines[i] and _ORDERED.match(lines[i]) is None:
            break
    if i < n and lines[i] and (i == 0 or lines[i - 1]):
        return -1                             # the list runs straight into other text
    out.append("<ol>\n" if start == 1 else f'<ol start="{start}">\n')
    for item in items:
        if loose:
            out.append("<li>\n" + "".join(f"<p>{inline_html(t, inline)}</p>\n" for t in item) + "</li>\n")
        else:
            out.append(f"<li>{inline_html(item[0], inline)}</li>\n")
    out.append("</ol>\n")
    return i
