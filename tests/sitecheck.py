"""Reading a generated site back: element ids, links, and every internal link checked (no browser)."""

from __future__ import annotations

import posixpath
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class PageParser(HTMLParser):
    """Collects the ids, the links (href/src) and the elements with their classes of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, dict]] = []   # (attribute, url, all attributes)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for key in ("href", "src"):
            if attrs.get(key) is not None:
                self.links.append((key, attrs[key], dict(attrs, _tag=tag)))


class PageLinks:
    """The ids and the links (attribute, url, tag) of one page, as :class:`PageParser` finds them."""

    __slots__ = ("ids", "links")

    def __init__(self):
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []


# What the fast reading below skips as the HTML parser does: comments, and the content of script and
# style elements (raw text: a '<a href' in a script is no link); then every start tag and its attributes.
_RAW = re.compile(r"<(?:!--.*?-->|((script|style)\b[^>]*>).*?</\2\s*>)", re.S | re.I)
_START = re.compile(r"<([a-zA-Z][^\t\n\r\f />\x00]*)([^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*)>")
_ATTR = re.compile(r"""((?<=['"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?""")
_WANTED = frozenset(("id", "href", "src"))


def read_page(text: str) -> PageLinks:
    """The ids and links of a page's HTML, read with regular expressions: the same as :class:`PageParser`
    (tests/test_site.py compares them over every page of a site) in a fraction of its time, which matters
    for checks over every page of a site of a thousand pages."""
    found = PageLinks()
    text = _RAW.sub(lambda m: "<" + m.group(1) if m.group(1) else "", text)
    ids, links = found.ids, found.links
    for tag, rest in _START.findall(text):
        if "=" not in rest:
            continue
        attrs = {}
        for name, given, value in _ATTR.findall(rest):
            name = name.lower()
            if name not in _WANTED or not given:
                attrs.pop(name, None)     # a name without a value: no link (the parser gives None)
                continue
            if value[:1] in "'\"" and value[:1] == value[-1:] and len(value) > 1:
                value = value[1:-1]
            attrs[name] = unescape(value) if "&" in value else value
        if attrs.get("id"):
            ids.add(attrs["id"])
        for key in ("href", "src"):
            if key in attrs:
                links.append((key, attrs[key], tag.lower()))
    return found


def parse_page(path: Path) -> PageLinks:
    """The ids and links of one page (:func:`read_page`)."""
    return read_page(Path(path).read_text(encoding="utf-8"))


def parse_page_slowly(path: Path) -> PageParser:
    """The ids and links of one page by the standard library's HTML parser (what :func:`read_page` matches)."""
    parser = PageParser()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    return parser


def html_files(root: Path) -> list[Path]:
    return sorted(p for p in Path(root).rglob("*.html"))


def broken_links(root: Path, within: Path | None = None) -> list[str]:
    """Every internal link of every page that leads to a missing file or a missing anchor, and every link
    that leaves the site (there must be none: the site works offline). Links may lead into ``within``
    (default: the site's own folder)."""
    root = Path(root)
    within = Path(within or root).resolve()
    cache: dict[Path, PageLinks] = {}

    def parsed(p: Path) -> PageLinks:
        if p not in cache:
            cache[p] = parse_page(p)
        return cache[p]

    problems = []
    found: dict[tuple[Path, str], tuple[Path, bool, bool]] = {}   # (folder, path) → target, exists, inside

    def locate(page: Path, path: str) -> tuple[Path, bool, bool]:
        key = (page.parent, path)
        if key not in found:
            target = (page.parent / unquote(path)).resolve()
            found[key] = (target, target.exists(), within in target.parents)
        return found[key]

    def verdict(page: Path, url: str) -> list[str]:
        """What is wrong with one link of ``page`` (nothing: an empty list)."""
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            return [f"external link {url}"]
        target, exists, inside = locate(page, parts.path) if parts.path else \
            (page, page.exists(), within in page.parents)
        if not exists:
            return [f"{url} → missing file"]
        wrong = [] if inside else [f"{url} leaves the site"]
        if parts.fragment and target.suffix == ".html":
            if unquote(parts.fragment) not in parsed(target).ids:
                wrong.append(f"{url} → no anchor #{parts.fragment}")
        return wrong

    # a link reads the same from every page of a folder (one from the page itself when it has no path):
    # each is judged once
    judged: dict[tuple[str, str], list[str]] = {}
    for page in html_files(root):
        own, folder = str(page), str(page.parent)
        for attr, url, _ in parsed(page).links:
            key = (own if url[:1] in ("#", "?", "") else folder, url)
            wrong = judged.get(key)
            if wrong is None:
                wrong = judged[key] = [] if url.startswith("data:") else verdict(page, url)
            if wrong:
                problems += [f"{page.relative_to(root)}: {w}" for w in wrong]
    return problems


def resolve_link(page: Path, url: str) -> tuple[Path, str]:
    """File and fragment a relative link of ``page`` points at."""
    parts = urlsplit(url)
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return target, unquote(parts.fragment)


def relpath(a: str, b: str) -> str:
    return posixpath.relpath(a, b)
