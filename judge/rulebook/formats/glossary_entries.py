# Marvel Champions Rules Reference: the glossary entry model both readers (text and HTML) produce.
"""The entries of a glossary document as its readers find them (:mod:`.glossary` reads text,
:mod:`.glossary_html` the HTML page), before :mod:`.glossary` turns them into rules."""

from __future__ import annotations


class Entry:
    """One glossary entry: title, HTML anchor, paragraphs and lists in order."""

    __slots__ = ("title", "anchor", "line", "blocks")

    def __init__(self, title, anchor, line):
        self.title = title
        self.anchor = anchor
        self.line = line
        self.blocks = []    # ("p", text, links, line) or ("list", ordered, [items], line)


class Item:
    """A list item of an entry: its text, its links and the lists nested in it."""

    __slots__ = ("text", "links", "line", "lists")

    def __init__(self, line):
        self.text = ""
        self.links = []     # (anchor or None, link text, line)
        self.line = line
        self.lists = []     # nested ("list", ordered, items, line)
