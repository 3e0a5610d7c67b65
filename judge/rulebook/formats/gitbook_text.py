# Grand Archive rules as rendered page text (format "gitbook-text"): page chrome, title, body, footer.
"""Rendered GitBook page text, one page per file (format ``gitbook-text``): a navigation tree or a notice
before the page title, ``Last updated`` after the page; margin lines are paragraphs, indented ``1.`` / ``•``
lines are list items. Rendered lists always restart at 1 after an interruption, so a list whose numbers
repeat continues the numbering (as the Markdown source does). The blocks become rules in
:mod:`.gitbook_blocks`, as the Markdown reader's do.
"""

from __future__ import annotations

import os
import re

from judge.errors import RulesFileError
from judge.rulebook.formats.gitbook_blocks import (EXAMPLE_START, Block, Item, Page, classify_text, decode,
                                                   looks_like_title)
from judge.rulebook.model import Problem

_FOOTER = re.compile(r"^(?:Last updated\b|Previous.+Next)")
_TEXT_ITEM = re.compile(r"^( *)(\d+)\.\s+(.*)$")
_TEXT_BULLET = re.compile(r"^( *)[•*\-]\s+(.*)$")


# ---------------------------------------------------------------------------------------------------------
# rendered page text (format "gitbook-text")
# ---------------------------------------------------------------------------------------------------------

def read_text_page(path: str, data: bytes, problems: list, stats: dict) -> Page:
    """One rendered page: chrome, the title, the body, then the footer."""
    if not data.strip():
        raise RulesFileError("the file is empty; expected the text of a rules page", file=path)
    lines = decode(data, path, problems).split("\n")
    toc = {ln.strip()[1:].strip() for ln in lines if ln.strip().startswith("•")}
    # with a navigation tree, the title is the first margin line the tree names; else the first title-like line
    title_at = next((i for i, ln in enumerate(lines) if ln.strip() in toc and looks_like_title(ln)), None)
    if title_at is None:
        toc = set()
        title_at = next((i for i, ln in enumerate(lines) if looks_like_title(ln)), None)
    if title_at is None:
        raise RulesFileError("no page title found (expected a line like 'Game Mechanics - Playing Cards')",
                             file=path)
    if toc:
        stats["navigation_entries"] = stats.get("navigation_entries", 0) + len(toc)
    stats["chrome_lines"] = stats.get("chrome_lines", 0) + sum(1 for ln in lines[:title_at] if ln.strip())
    page = Page(path, os.path.basename(path), title=lines[title_at].strip(), line=title_at + 1, rendered=True)
    end = next((i for i in range(title_at + 1, len(lines)) if _FOOTER.match(lines[i].strip())), len(lines))
    page.blocks = _text_blocks(lines, title_at + 1, end)
    misplaced = []
    for i in range(end, len(lines)):
        line = lines[i].strip()
        m = EXAMPLE_START.match(line)
        if m and not lines[i][:1].isspace():
            misplaced.append(Block("stray", i + 1, line[m.end():], example=True))
            problems.append(Problem("warning", "misplaced-example", path, i + 1,
                                    "an example after the page footer; attached to the page"))
        elif line:
            stats["footer_lines"] = stats.get("footer_lines", 0) + 1
    page.blocks.extend(misplaced)
    return page


def _text_blocks(lines: list[str], start: int, end: int) -> list[Block]:
    """Blocks of a rendered page body: margin lines are paragraphs, indented ``1.`` / ``•`` lines items
    (two spaces of indent per level)."""
    blocks: list[Block] = []
    para: list[str] = []
    para_line = 0
    stack: list[tuple[int, Item]] = []     # (depth, item) of the open items

    def flush():
        if para:
            blocks.append(classify_text(" ".join(para), para_line, []))
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
                current = Block("list", i + 1, ordered=number is not None, start=number or 1)
                siblings.append(current)
            item = Item(number, i + 1, m.group(m.lastindex).strip())
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
