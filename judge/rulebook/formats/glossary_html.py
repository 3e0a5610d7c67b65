# Marvel Champions Rules Reference as HTML (format "glossary-html"): the page read into glossary entries.
"""The HTML reader of the Marvel Champions Rules Reference (:mod:`.glossary` turns its entries into rules):
``<h2 id>`` headings start entries, paragraphs and lists are their blocks, ``href="#…"`` links are kept with
their text and line. Tolerant of the page's slips (``<li>`` for ``</li>``, ``</p>`` closing an ``<li>``,
text outside any ``<p>``), each a problem with its line. Imported only when an HTML document is parsed.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from judge.rulebook.formats.glossary_entries import Entry, Item
from judge.rulebook.model import Problem

_CONTAINERS = ("div", "section", "article", "main", "body")
_TEMPLATE = re.compile(r"^\s*(?:\{[%{#].*?[%}#]\}\s*)+$", re.S)    # Twig/Jinja markup around the page


def html_entries(text: str, path: str, problems: list, stats: dict) -> tuple[list[Entry], str]:
    """Entries of the Rules Reference page, tolerant of its slips (``<li>`` for ``</li>``, ``</p>`` closing
    an ``<li>``, text outside any ``<p>``)."""
    reader = _Reader(path, problems, stats)
    reader.feed(text)
    reader.close()
    for entry in reader.entries:
        for block in entry.blocks:
            if block[0] == "list":
                _clean_items(block[2])
    return reader.entries, reader.doc_title


def _clean_items(items):
    for item in items:
        item.text = " ".join(item.text.split())
        for sub in item.lists:
            _clean_items(sub[2])


class _Reader(HTMLParser):
    """The Rules Reference page, read tag by tag into entries; its slips are problems."""

    def __init__(self, path: str, problems: list, stats: dict):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.problems = problems
        self.stats = stats
        self.entries: list[Entry] = []
        self.doc_title = ""
        self.entry = None
        self.capture = None     # "h1", "h2", "p" or None
        self.buf: list[str] = []
        self.para_links: list = []
        self.para_line = 0
        self.lists: list = []   # open lists: [ordered, items, line, container]
        self.link = None        # (anchor, line, start offset in the text being built)
        self.skip = 0           # inside <script>/<style>
        self.containers = 0     # open <div>/<section>/…: an entry ends with the element holding it
        self.entry_depth = 0

    # -- where text goes ----------------------------------------------------------------------------
    def _target(self):
        if self.lists and self.lists[-1][1] and self.lists[-1][4]:
            return self.lists[-1][1][-1]
        return None

    def _write(self, data):
        item = self._target()
        if item is not None and self.capture != "h2":
            item.text += data
        elif self.capture:
            self.buf.append(data)
        elif self.entry is not None and data.strip():
            # text outside any element inside an entry: an implicit paragraph
            self.capture, self.para_line, self.buf, self.para_links = "p", self.getpos()[0], [data], []

    def _current_text_len(self):
        item = self._target()
        return len(item.text) if item is not None and self.capture != "h2" else len("".join(self.buf))

    def _end_para(self):
        if self.capture == "p" and self.entry is not None:
            text = " ".join("".join(self.buf).split())
            if text or self.para_links:
                self.entry.blocks.append(("p", text, self.para_links, self.para_line))
        if self.capture == "p":
            self.capture, self.buf, self.para_links = None, [], []

    def _close_lists(self, why):
        if self.lists:
            self.problems.append(Problem("warning", "malformed", self.path, self.getpos()[0],
                                    f"{len(self.lists)} list(s) not closed before {why}"))
        while self.lists:
            self._pop_list()

    def _pop_list(self):
        ordered, items, line, parent, _open = self.lists.pop()
        block = ("list", ordered, items, line)
        if parent is not None:
            parent.lists.append(block)
        elif self.entry is not None:
            self.entry.blocks.append(block)

    # -- tags ---------------------------------------------------------------------------------------
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in _CONTAINERS:
            self._end_para()
            self.containers += 1
        elif tag in ("h1", "h2"):
            self._end_para()
            if tag == "h2":
                self._close_lists(f"the next entry (line {line})")
                self.entry = Entry("", attrs.get("id") or "", line)
                self.entries.append(self.entry)
                self.entry_depth = self.containers
            self.capture, self.buf = tag, []
        elif tag == "p":
            if self._target() is not None:
                return  # a paragraph inside a list item: its text is the item's
            self._end_para()
            self.capture, self.para_line, self.buf, self.para_links = "p", line, [], []
        elif tag in ("ul", "ol"):
            self._end_para()
            parent = self._target()
            self.lists.append([tag == "ol", [], line, parent, False])
        elif tag == "li":
            if not self.lists:
                self.problems.append(Problem("warning", "malformed", self.path, line, "<li> outside a list"))
                self.lists.append([False, [], line, None, False])
            current = self.lists[-1]     # an open <li> ends here (</li> is optional in HTML)
            current[1].append(Item(line))
            current[4] = True
        elif tag == "br":
            self._write("\n")
        elif tag == "a":
            href = attrs.get("href") or ""
            anchor = href[1:] if href.startswith("#") else None
            if not href.startswith("#"):
                self.stats["external_links"] = self.stats.get("external_links", 0) + 1
            self.link = (anchor, line, self._current_text_len()) if anchor is not None else None

    def handle_endtag(self, tag):
        line = self.getpos()[0]
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        elif tag in _CONTAINERS:
            self._end_para()
            self.containers = max(0, self.containers - 1)
            if self.entry is not None and self.containers < self.entry_depth:
                self._close_lists(f"</{tag}>")
                self.entry = None   # what follows the element holding the entries is page chrome
        elif tag in ("h1", "h2") and self.capture == tag:
            title = " ".join("".join(self.buf).split())
            if tag == "h1":
                self.doc_title = title
            elif self.entry is not None:
                self.entry.title = title
            self.capture, self.buf = None, []
        elif tag == "p":
            if self.capture == "p":
                self._end_para()
            else:
                self.problems.append(Problem("warning", "malformed", self.path, line, "</p> without <p>"))
        elif tag == "li":
            if self.lists:
                self.lists[-1][4] = False
        elif tag in ("ul", "ol"):
            if self.lists:
                self._pop_list()
            else:
                self.problems.append(Problem("warning", "malformed", self.path, line, f"</{tag}> without <{tag}>"))
        elif tag == "a" and self.link is not None:
            anchor, at, start = self.link
            item = self._target()
            whole = item.text if item is not None and self.capture != "h2" else "".join(self.buf)
            link = (anchor, " ".join(whole[start:].split()), at)
            if item is not None:
                item.links.append(link)
            elif self.capture == "p":
                self.para_links.append(link)
            self.link = None

    def handle_data(self, data):
        if self.skip:
            return
        if _TEMPLATE.match(data):
            self.stats["template_tags"] = self.stats.get("template_tags", 0) + data.count("{%") + data.count("{{")
            return
        self._write(data)

    def close(self):
        super().close()
        self._end_para()
        self._close_lists("the end of the file")
