"""Reading a generated site back: element ids, links, and every internal link checked (no browser)."""

from __future__ import annotations

import posixpath
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


def parse_page(path: Path) -> PageParser:
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
    cache: dict[Path, PageParser] = {}

    def parsed(p: Path) -> PageParser:
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

    for page in html_files(root):
        for attr, url, _ in parsed(page).links:
            if url.startswith("data:"):
                continue
            parts = urlsplit(url)
            if parts.scheme or parts.netloc:
                problems.append(f"{page.relative_to(root)}: external link {url}")
                continue
            target, exists, inside = locate(page, parts.path) if parts.path else \
                (page, page.exists(), within in page.parents)
            if not exists:
                problems.append(f"{page.relative_to(root)}: {url} → missing file")
                continue
            if not inside:
                problems.append(f"{page.relative_to(root)}: {url} leaves the site")
            if parts.fragment and target.suffix == ".html":
                if unquote(parts.fragment) not in parsed(target).ids:
                    problems.append(f"{page.relative_to(root)}: {url} → no anchor #{parts.fragment}")
    return problems


def resolve_link(page: Path, url: str) -> tuple[Path, str]:
    """File and fragment a relative link of ``page`` points at."""
    parts = urlsplit(url)
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return target, unquote(parts.fragment)


def relpath(a: str, b: str) -> str:
    return posixpath.relpath(a, b)
