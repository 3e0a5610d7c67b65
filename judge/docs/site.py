"""The static, hyperlinked rules site.

Layout of an output folder (every path relative to its root)::

    index.html                 home: the documents and the rulings
    assets/style.css, search.js, search-index.js (the shard list), search-N.js (a shard per document)
    site.json                  which page holds which rule (read by ``judge rulings --site``)
    <doc>/index.html           a document's contents
    <doc>/terms.html           its keyword and term index
    <doc>/<page>.html          one page per chapter (numbered documents) or per page/entry (slug ids)
    rulings/index.html|.md     the rulings (when scenarios are given), one .md and one .html each

``<doc>`` is the document's name and ``<page>`` the anchor of the page's top rule (``7.html``,
``playing-cards.html``). Every rule has an anchor (:func:`judge.docs.html.anchor_id`); every reference in
its text is a link, a reference to a rule the document does not hold is marked external; each rule lists
the rules that cite it, the terms it defines and the rulings that cite it.

The site is built from the :class:`~judge.rulebook.model.Rulebook` model alone (rules, parents, children,
refs, terms, labels), so every document format gets the same site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from judge.docs import assets
from judge.docs.html import anchor_id, esc, link_refs, page, paragraphs, ref_text, relative
from judge.docs.output import Page
from judge.rulebook.model import id_key

SITE_JSON = "site.json"
_RESERVED = {"index", "terms", "search", "site"}


class DocPages:
    """Where one rulebook's rules are: folder, page of every rule, depth, and the pages in order."""

    def __init__(self, book, folder: str, extra: dict | None = None):
        self.book = book
        self.folder = folder                      # "fab-2.10.1/" (relative to the output root)
        self.split = _big_chapters(book, extra or {})   # chapters written one section a page
        self.page_of: dict[str, str] = {}         # rule id → page path
        self.depth: dict[str, int] = {}
        self.pages: dict[str, list[str]] = {}     # page path → rule ids in document order
        self.root_of_page: dict[str, str] = {}    # page path → its top rule id
        rules = book.rules
        for rule in rules.values():
            top = self._page_root(rule)
            depth = 0
            parent = rule
            while parent.id != top:
                depth += 1
                parent = rules[parent.parent]
            self.depth[rule.id] = depth
            path = self.page_path(top)
            self.page_of[rule.id] = path
            if path not in self.pages:
                self.pages[path] = []
                self.root_of_page[path] = top
            self.pages[path].append(rule.id)

    def _page_root(self, rule) -> str:
        """The rule heading the page that holds ``rule``: its chapter for a numbered id (``7`` for
        ``7.5.5b``); for a slug id the page or entry it belongs to (``playing-cards`` for
        ``playing-cards/7.1``), even when that page sits under another page (GitBook's nested pages)."""
        rules = self.book.rules
        top = rule
        while top.parent is not None and top.parent in rules:
            if "/" not in top.id and not _numbered(top.id):
                break
            if _numbered(top.id) and rules[top.parent].parent is None and top.parent in self.split:
                break       # a section (7.5, 702) of a big chapter is a page of its own
            top = rules[top.parent]
        return top.id

    def page_path(self, top_id: str) -> str:
        """The site path of the page holding the rules under ``top_id``."""
        name = anchor_id(top_id)
        if name.lower() in _RESERVED or name.startswith("."):
            name = "page-" + name
        return f"{self.folder}{name}.html"

    @property
    def index_path(self) -> str:
        """The site path of this document's index page."""
        return f"{self.folder}index.html"

    @property
    def terms_path(self) -> str:
        """The site path of this document's term index."""
        return f"{self.folder}terms.html"

    def url(self, rule_id: str) -> str | None:
        """The link to a rule's anchor on its page, or None when the site has no page for it."""
        path = self.page_of.get(rule_id)
        return f"{path}#{anchor_id(rule_id)}" if path else None

    def manifest(self) -> dict:
        """What the site manifest records of this document: its identity and the page of every rule."""
        book = self.book
        return {"name": book.name, "game": book.game, "version": book.version, "title": book.title,
                "cite_prefix": book.cite_prefix, "folder": self.folder,
                "rules": {rid: path[len(self.folder):] for rid, path in self.page_of.items()}}


class ExternalDoc:
    """A document whose pages are in another site folder (``judge rulings --site``), read from site.json."""

    def __init__(self, entry: dict, prefix: str):
        self.name = entry["name"]
        self.cite_prefix = entry.get("cite_prefix", "")
        self.folder = prefix + entry["folder"]
        self.rules = entry["rules"]

    def url(self, rule_id: str) -> str | None:
        """The link to a rule in the other site, or None when it has no page for it."""
        page_ = self.rules.get(rule_id)
        return f"{self.folder}{page_}#{anchor_id(rule_id)}" if page_ else None


def read_site_manifest(site_dir, out_dir) -> dict[str, ExternalDoc]:
    """The documents of an existing site, with links relative to ``out_dir``."""
    import os

    from judge.errors import JudgeError

    site_dir = Path(site_dir)
    path = site_dir / SITE_JSON
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise JudgeError(f"{site_dir} is not a rules site written by 'judge site' (no {SITE_JSON})") from None
    except ValueError as exc:
        raise JudgeError(f"{path}: not valid JSON ({exc})") from None
    prefix = os.path.relpath(site_dir.absolute(), Path(out_dir).absolute()).replace(os.sep, "/") + "/"
    return {e["name"]: ExternalDoc(e, prefix) for e in data.get("documents", [])}


# ---------------------------------------------------------------------------------------------------------
# building
# ---------------------------------------------------------------------------------------------------------

class SiteBuilder:
    """Plans every page of an output folder: the rules of ``books`` and the ``rulings``.

    ``rules_root`` and ``rulings_root`` place the two parts ("" for the root, or "rules/", "rulings/");
    ``external`` (name → :class:`ExternalDoc`) links rulings into another site instead of writing rules
    pages here.
    """

    def __init__(self, books, rulings=(), rules_root: str = "", rulings_root: str = "rulings/",
                 external: dict | None = None, title: str = "judge"):
        self.rulings = list(rulings)
        self.rules_root = rules_root
        self.rulings_root = rulings_root
        self.title = title
        self.external = external or {}
        # rule → rulings citing it (both ways: each ruling links its rules, each rule lists its rulings)
        self.rulings_for: dict[tuple[str, str], list] = {}
        weight: dict[tuple[str, str], int] = {}     # bytes of the links to them on the rule's page
        for ruling in self.rulings:
            size = len(ruling.title) + 120
            # each ruling once under each rule (a list scan per ruling made this quadratic: 10,000 rulings)
            for key in dict.fromkeys((ruling.book_of(rid).name, rid) for rid in ruling.citations):
                self.rulings_for.setdefault(key, []).append(ruling)
                weight[key] = weight.get(key, 0) + size
        self.docs: dict[str, DocPages] = {}
        seen_folders = set()
        for book in books:
            if book.name in self.docs:
                continue
            folder = anchor_id(book.name) or "rules"
            while folder in seen_folders:
                folder += "-"
            seen_folders.add(folder)
            links = {rid: w for (name, rid), w in weight.items() if name == book.name}
            self.docs[book.name] = DocPages(book, f"{rules_root}{folder}/", links)
        from judge.docs.versions import VersionPairs

        self.versions = VersionPairs(self.docs)

    # -- links ------------------------------------------------------------------------------------------
    def rule_url(self, book_name: str, rule_id: str) -> str | None:
        """Path (from the output root) of a rule's anchor, or None when no page here holds it."""
        doc = self.docs.get(book_name) or self.external.get(book_name)
        return doc.url(rule_id) if doc is not None else None

    @property
    def home(self) -> str:
        """The site path of the home page."""
        return "index.html"

    def ruling_path(self, ruling, ext: str = "html") -> str:
        """The site path of a ruling's page (``ext``: html or md)."""
        return f"{self.rulings_root}{ruling.slug}.{ext}"

    @property
    def rulings_index(self) -> str:
        """The site path of the rulings index."""
        return f"{self.rulings_root}index.html"

    # -- plan -------------------------------------------------------------------------------------------
    def plan(self) -> list[Page]:
        """Every file to write, in a stable order."""
        pages = [Page("assets/style.css", lambda: assets.STYLE), Page("assets/search.js", lambda: assets.SEARCH)]
        index = self.search_index()
        shards = []
        for d, name in enumerate(index["docs"]):
            rows = [it[:1] + it[2:] for it in index["items"] if it[1] == d]
            shards.append(f"search-{d}.js")
            pages.append(Page(f"assets/search-{d}.js", lambda n=name, r=rows: "JUDGE_SEARCH_SHARD("
                              + json.dumps(n, ensure_ascii=False) + ","
                              + json.dumps(r, ensure_ascii=False, separators=(",", ":")) + ");\n"))
        pages.append(Page("assets/search-index.js", lambda: "window.JUDGE_SEARCH_SHARDS = "
                          + json.dumps(shards) + ";\n"))
        if self.docs:
            pages.append(Page(self.rules_root + SITE_JSON, self.site_manifest))
        for doc in self.docs.values():
            pages.append(Page(doc.index_path, lambda d=doc: self.doc_index(d)))
            pages.append(Page(doc.terms_path, lambda d=doc: self.terms_page(d)))
            for path in doc.pages:
                pages.append(Page(path, lambda d=doc, p=path: self.rules_page(d, p)))
        pages += self.versions.pages(self)
        keys = self.page_keys()
        if self.rulings:
            from judge.docs import rulings as rulings_mod

            for ruling in self.rulings:
                md_path, html_path = self.ruling_path(ruling, "md"), self.ruling_path(ruling)
                own = self._ruling_key(keys[0], ruling) if keys else None
                pages.append(Page(md_path, lambda r=ruling: rulings_mod.ruling_markdown(r, self, self.ruling_path(r)),
                                  _page_key(own, md_path)))
                pages.append(Page(html_path, lambda r=ruling: rulings_mod.ruling_html(r, self, self.ruling_path(r)),
                                  _page_key(own, html_path)))
            pages.append(Page(self.rulings_root + "index.md",
                              lambda: rulings_mod.index_markdown(self.rulings, self, self.rulings_index)))
        if self.rulings_root:
            if self.rulings:
                from judge.docs import rulings as rulings_mod

                pages.append(Page(self.rulings_index, lambda: rulings_mod.index_html(self.rulings, self)))
            pages.append(Page(self.home, self.home_page))
        else:
            from judge.docs import rulings as rulings_mod

            pages.append(Page(self.home, lambda: rulings_mod.index_html(self.rulings, self)))
        if keys:
            for p in pages:
                if p.key is None:
                    p.key = _page_key(keys[1], p.path)
        return pages

    # -- keys of the kept pages -----------------------------------------------------------------------------
    def page_keys(self) -> tuple[bytes, bytes] | None:
        """The digests naming this site's kept pages (:mod:`judge.docs.pagecache`): ``(site, listing)``.
        ``site`` covers the code (:func:`judge.scenarios.judged.code_key`, and markdown-it-py), each document
        (its content digest, name, folder and the page of every rule, in order), the other sites linked
        into and the layout; ``listing`` adds what the rules pages, indexes and search show of each ruling.
        None when a document has no content digest (built in memory): then every page is rendered."""
        import hashlib
        import marshal

        from judge.scenarios.judged import _library_stamp, code_key

        import os

        # the working folder: a ruling names its scenario's path relative to it (rulings._display_path)
        layout = [PAGE_FORMAT, self.rules_root, self.rulings_root, self.title, os.getcwd()]
        for doc in self.docs.values():
            book = doc.book
            if not isinstance(getattr(book, "cache_key", None), str):
                return None
            layout.append((book.name, book.cache_key, book.cite_prefix, doc.folder, list(doc.page_of.items())))
        for name, ext in self.external.items():
            layout.append((name, ext.folder, ext.cite_prefix, list(ext.rules.items())))
        site = hashlib.blake2b(code_key() + _library_stamp("markdown_it"), digest_size=20)
        site.update(marshal.dumps(layout, 2))
        listing = hashlib.blake2b(site.digest(), digest_size=20)
        for r in self.rulings:
            listing.update(marshal.dumps((r.slug, r.title, r.question, r.summary, r.book.name, r.book.cite_prefix,
                                          [(r.book_of(c).name, c) for c in r.citations]), 2))
        return site.digest(), listing.digest()

    def _ruling_key(self, site: bytes, ruling) -> bytes | None:
        """The digest of what a ruling's own pages show: its record, its documents' content, where it is (the
        working folder its path is shown from is in ``site``)."""
        import hashlib
        import marshal

        books = [(rid, b.name, getattr(b, "cache_key", None)) for rid, b in ruling.elsewhere.items()]
        books.append(("", ruling.book.name, getattr(ruling.book, "cache_key", None)))
        if not all(isinstance(k, str) for _r, _n, k in books):
            return None
        h = hashlib.blake2b(site, digest_size=20)
        h.update(marshal.dumps((ruling.slug, ruling.record(), books, ruling.book.cite_prefix), 2))
        return h.digest()

    def site_manifest(self) -> str:
        """The site manifest (JSON): every document and where its rules are, for 'judge rulings --site'."""
        return json.dumps({"generator": "judge", "documents": [d.manifest() for d in self.docs.values()]},
                          ensure_ascii=False, indent=1)

    # -- crumbs -------------------------------------------------------------------------------------------
    def doc_crumbs(self, doc: DocPages, last: str | None = None, above=()):
        """Home › document › the pages ``above`` this one (GitBook's nested pages) › ``last``."""
        crumbs = [("Home", self.home)]
        crumbs.append((doc.book.cite_prefix, doc.index_path if last else None))
        for rule in above:
            crumbs.append((_heading(rule), doc.url(rule.id)))
        if last:
            crumbs.append((last, None))
        return crumbs

    def shown_name(self, doc: DocPages) -> str:
        """How a document is named on the site: its citation prefix (``FaB CR 2.10.1``), with the document's
        name added when another document of the site shows the same prefix (the embedded excerpt beside the
        full document)."""
        prefix = doc.book.cite_prefix
        if sum(1 for d in self.docs.values() if d.book.cite_prefix == prefix) > 1:
            excerpt = " excerpt" if doc.book.name.endswith("-seed") or doc.book.name.endswith("seed") else ""
            return f"{prefix} ({doc.book.name}{excerpt})"
        return prefix

    # -- pages --------------------------------------------------------------------------------------------
    def home_page(self) -> str:
        """The HTML of the home page: the documents and the rulings."""
        body = [f"<h1>{esc(self.title)}</h1>"]
        if self.docs:
            body.append("<h2>Rules documents</h2><ul class=\"docs\">")
            for doc in self.docs.values():
                book = doc.book
                body.append(f'<li><a href="{esc(doc.index_path)}">{esc(self.shown_name(doc))}</a> '
                            f'<span class="muted">{esc(book.title)} · {len(book.rules):,} rules · '
                            f'<a href="{esc(doc.terms_path)}">terms</a></span></li>')
            body.append("</ul>")
        if self.versions.pairs:
            body.append("<h2>Changes between versions</h2><ul class=\"diffs\">")
            for old, new, _ in self.versions.pairs:
                body.append(f'<li><a href="{esc(self.versions.page_path(old, new))}">{esc(old.book.cite_prefix)} → '
                            f'{esc(new.book.version)}</a></li>')
            body.append("</ul>")
        if self.rulings:
            body.append(f'<h2><a href="{esc(self.rulings_index)}">Rulings</a></h2><ul class="rulings">')
            for ruling in self.rulings:
                body.append(f'<li><a href="{esc(self.ruling_path(ruling))}">{esc(ruling.title)}</a>'
                            f' <span class="muted">{esc(ruling.question)}</span></li>')
            body.append("</ul>")
        return page(self.home, self.title, "\n".join(body), crumbs=[("Home", None)], site_name=self.title)

    def doc_index(self, doc: DocPages) -> str:
        """The HTML index of one document: its chapters or pages."""
        book = doc.book
        path = doc.index_path
        body = [f"<h1>{esc(book.cite_prefix)}</h1>",
                f'<p class="muted">{esc(book.title)} · document <code>{esc(book.name)}</code> · '
                f'{len(book.rules):,} rules · <a href="{esc(relative(path, doc.terms_path))}">keyword and '
                f'term index</a></p>', "<h2>Contents</h2>", '<ul class="toc">']
        # pages nest under the page holding their parent (GitBook's nested pages); chapters do not nest
        nested: dict[str | None, list[str]] = {}
        for page_path in doc.pages:
            parent = book.rules[doc.root_of_page[page_path]].parent
            nested.setdefault(doc.page_of.get(parent) if parent else None, []).append(page_path)

        def entry(page_path: str) -> None:
            ids = doc.pages[page_path]
            top = book.rules[doc.root_of_page[page_path]]
            body.append(f'<li><a href="{esc(relative(path, page_path))}">{esc(_heading(top))}</a>')
            subs = [book.rules[rid] for rid in ids if rid != top.id and book.rules[rid].title
                    and doc.depth[rid] == 1]
            inner = nested.get(page_path, [])
            if subs or inner:
                body.append('<ul>')
                for sub in subs:
                    body.append(f'<li><a href="{esc(relative(path, doc.url(sub.id)))}">{esc(_heading(sub))}</a></li>')
                for child in inner:
                    entry(child)
                body.append('</ul>')
            body.append("</li>")

        for page_path in nested.get(None, []):
            entry(page_path)
        body.append("</ul>")
        return page(path, book.cite_prefix, "\n".join(body), crumbs=self.doc_crumbs(doc), site_name=self.title,
                    version=self.shown_name(doc))

    def terms_page(self, doc: DocPages) -> str:
        """The HTML term index of one document: keywords, then the other defined terms."""
        book = doc.book
        path = doc.terms_path
        keywords, others = [], []
        for term in sorted(book.terms.values(), key=lambda t: t.name.lower()):
            (keywords if _is_keyword(book, term) else others).append(term)
        body = [f"<h1>Keywords and terms</h1><p class=\"muted\">{esc(book.cite_prefix)}: "
                f"{len(keywords)} keywords, {len(others)} other terms.</p>"]
        for title, terms in (("Keywords", keywords), ("Terms", others)):
            if not terms:
                continue
            letters = []
            for t in terms:
                letter = t.name[:1].upper()
                if letter not in letters:
                    letters.append(letter)
            body.append(f"<h2>{title}</h2>")
            body.append('<p class="letters">' + " ".join(
                f'<a href="#{title[0].lower()}-{anchor_id(letter)}">{esc(letter)}</a>' for letter in letters) + "</p>")
            body.append('<dl class="terms">')
            current = None
            for term in terms:
                letter = term.name[:1].upper()
                letter_id = f'<span id="{title[0].lower()}-{anchor_id(letter)}"></span>' if letter != current else ""
                current = letter
                links = ", ".join(self._rule_link(doc, path, rid) for rid in term.rules) or "—"
                about = term.text or _gist(book, term.rules)
                text = f' <span class="muted">{esc(_short(about, 160))}</span>' if about else ""
                body.append(f'<dt id="{term_anchor(term.name)}">{letter_id}{esc(term.name)}</dt>'
                            f"<dd>{links}{text}</dd>")
            body.append("</dl>")
        return page(path, f"Keywords and terms — {book.cite_prefix}", "\n".join(body), version=self.shown_name(doc),
                    crumbs=self.doc_crumbs(doc, "Keywords and terms"), site_name=self.title)

    def rules_page(self, doc: DocPages, path: str) -> str:
        """The HTML of one page of rules, an anchor per rule, every reference a link."""
        book = doc.book
        ids = doc.pages[path]
        top = book.rules[doc.root_of_page[path]]
        defines: dict[str, list[str]] = {}
        for term in book.terms.values():
            for rid in term.rules:
                defines.setdefault(rid, []).append(term.name)
        parts = []
        for rid in ids:
            parts.append(self._rule_html(doc, path, book.rules[rid], defines.get(rid, ())))
        elsewhere = [c for c in top.children if c in doc.page_of and doc.page_of[c] != path]
        if elsewhere:
            parts.append(self._sections_toc(doc, path, top, elsewhere))
        # previous / next page
        order = list(doc.pages)
        i = order.index(path)
        pager = []
        if i > 0:
            prev = book.rules[doc.root_of_page[order[i - 1]]]
            pager.append(f'<a rel="prev" href="{esc(relative(path, order[i - 1]))}">← {esc(_heading(prev))}</a>')
        if i + 1 < len(order):
            nxt = book.rules[doc.root_of_page[order[i + 1]]]
            pager.append(f'<a rel="next" href="{esc(relative(path, order[i + 1]))}">{esc(_heading(nxt))} →</a>')
        body = "\n".join(parts) + (f'\n<nav class="pager">{" ".join(pager)}</nav>' if pager else "")
        above = [a for a in book.ancestors(top.id) if a.id in doc.page_of]
        return page(path, f"{_heading(top)} — {book.cite_prefix}", body, version=self.shown_name(doc),
                    crumbs=self.doc_crumbs(doc, _heading(top), above), site_name=self.title)

    def _sections_toc(self, doc: DocPages, path: str, top, children) -> str:
        """A chapter's sections, each on its own page, and a script that takes an old link into the chapter
        page (``7.html#7.5.5b``) on to the page now holding that rule."""
        book = doc.book
        items = "".join(f'<li><a href="{esc(relative(path, doc.url(c)))}">{esc(_heading(book.rules[c]))}</a></li>'
                        for c in children)
        moved = {}
        for rid in _descendants(book, top.id):
            where = doc.page_of.get(rid)
            if where is not None and where != path:
                moved[anchor_id(rid)] = relative(path, where)
        script = ("<script>(function(){var m=" + json.dumps(moved, separators=(",", ":")).replace("</", "<\\/")
                  + ";var h=decodeURIComponent(location.hash.slice(1));"
                  "if(h&&!document.getElementById(h)&&m[h])location.replace(m[h]+'#'+h);})();</script>")
        return f'<nav class="sections"><h2>Sections</h2><ul class="toc">{items}</ul></nav>{script}'

    def _rule_link(self, doc: DocPages, from_page: str, rid: str, text: str | None = None) -> str:
        """A link to a rule of ``doc`` (same page: ``#anchor``), or a marked span when it is not here."""
        book = doc.book
        label = text if text is not None else rid
        url = doc.url(rid)
        if url is None:
            return (f'<span class="ref ext" title="{esc(rid)} is not in {esc(book.cite_prefix)} '
                    f'({esc(book.name)})">{esc(label)}</span>')
        target = book.rules[rid]
        hint = _heading(target) if target.title else f"{rid} {_short(target.text, 120)}"
        href = "#" + anchor_id(rid) if doc.page_of[rid] == from_page else relative(from_page, url)
        return f'<a class="ref" href="{esc(href)}" title="{esc(hint)}">{esc(label)}</a>'

    def _rule_html(self, doc: DocPages, path: str, rule, defines) -> str:
        book = doc.book
        depth = doc.depth[rule.id]
        aid = anchor_id(rule.id)
        refs = set(rule.refs)
        link = lambda rid, shown: self._rule_link(doc, path, rid, shown)  # noqa: E731
        used = set()
        body = []
        text_html, u = link_refs(rule.text, refs, link)
        used |= u
        shown_id = _display_id(rule)
        id_link = f'<a class="rid" href="#{esc(aid)}" title="{esc(book.cite(rule.id))}">{esc(shown_id)}</a>'
        if rule.title or depth == 0:
            level = min(depth + 1, 4)
            title = esc(rule.title or rule.label or "")
            head = f"<h{level}>{id_link} {title}</h{level}>"
            klass = "rule heading"
            body.append(paragraphs(text_html))
        else:
            head = id_link
            klass = "rule"
            body.append(paragraphs(text_html))
        for note in rule.notes:
            html_, u = link_refs(note, refs, link)
            used |= u
            body.append(f'<p class="note"><b>Note:</b> {html_}</p>')
        for example in rule.examples:
            html_, u = link_refs(example, refs, link)
            used |= u
            body.append(f'<p class="example"><b>Example:</b> {html_}</p>')
        meta = []
        rest = [r for r in rule.refs if r not in used]
        if rest:
            meta.append('<span class="k">Cites:</span> ' + ", ".join(link(r, ref_text(book, r)) for r in rest))
        cited = book.cited_by(rule.id)
        if cited:
            meta.append('<span class="k">Cited by:</span> ' + ", ".join(link(c, ref_text(book, c)) for c in cited))
        if defines:
            meta.append('<span class="k">Defines:</span> ' + ", ".join(
                f'<a class="term" href="{esc(relative(path, doc.terms_path))}#{term_anchor(t)}">{esc(t)}</a>'
                for t in defines))
        versions = self.versions.rule_meta(doc, rule.id, path)
        if versions:
            meta.append(versions)
        rulings = self.rulings_for.get((book.name, rule.id))
        if rulings:
            meta.append('<span class="k">Rulings:</span> ' + " · ".join(
                f'<a class="ruling" href="{esc(relative(path, self.ruling_path(r)))}">{esc(r.title)}</a>'
                for r in rulings))
        meta_html = f'<p class="meta">{" · ".join(meta)}</p>' if meta else ""
        inner = "".join(body) + meta_html
        if depth >= 2:
            # the rule's own breadcrumbs, shown when it is the link target (#7.5.5b)
            trail = " › ".join(link(a.id, _heading(a) if a.title else ref_text(book, a.id))
                               for a in book.ancestors(rule.id))
            inner = f'<p class="trail">{trail}</p>' + inner
        if klass == "rule heading":
            return f'<section class="{klass} d{depth}" id="{esc(aid)}">{head}{inner}</section>'
        return (f'<div class="{klass} d{depth}" id="{esc(aid)}"><div class="rid-col">{head}</div>'
                f'<div class="body">{inner}</div></div>')

    # -- search -------------------------------------------------------------------------------------------
    def search_index(self) -> dict:
        """The offline search index: documents and, per item, kind, document, id/name, title, text, url.

        ``items`` rows: ``[kind, doc, id, title, text, url]`` with kind ``r`` (rule), ``t`` (term) or
        ``g`` (ruling); urls are relative to the output root.
        """
        docs = []
        items = []
        for d, doc in enumerate(self.docs.values()):
            book = doc.book
            docs.append(book.cite_prefix)
            for rule in book.rules.values():
                text = " ".join(p for p in [rule.text] + rule.notes + rule.examples if p)
                items.append(["r", d, rule.id, rule.title or rule.label, text, doc.url(rule.id)])
            for term in book.terms.values():
                target = next((doc.url(r) for r in term.rules if doc.url(r)), None)
                if target:
                    items.append(["t", d, term.name, "term", _short(term.text, 200) if term.text else
                                  "defined in " + ", ".join(term.rules), target])
        if self.rulings:
            docs.append("Rulings")
            g = len(docs) - 1
            for ruling in self.rulings:
                text = ruling.question + " " + " ".join(s for s, _ in ruling.summary)
                items.append(["g", g, ruling.slug, ruling.title, text, self.ruling_path(ruling)])
        return {"docs": docs, "items": items}


def read_search_index(out) -> dict:
    """The search index of a written site, reassembled from its shards: ``{"docs": [...], "items": [[kind,
    doc index, id, title, text, url], ...]}`` (what :meth:`SiteBuilder.search_index` planned)."""

    assets = Path(out) / "assets"
    shards = json.loads(re.search(r"=\s*(\[.*?\]);", (assets / "search-index.js").read_text("utf-8")).group(1))
    docs, items = [], []
    for shard in shards:
        text = (assets / shard).read_text("utf-8")
        body = text[text.index("(") + 1: text.rindex(")")]
        name, rows = json.loads("[" + body + "]")
        docs.append(name)
        items += [[row[0], len(docs) - 1, *row[1:]] for row in rows]
    return {"docs": docs, "items": items}


# ---------------------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------------------

PAGE_FORMAT = 1
"""A new number when what a page key covers changes (:meth:`SiteBuilder.page_keys`)."""


def _page_key(base: bytes | None, path: str) -> bytes | None:
    """The key of the page at ``path`` whose content depends on what ``base`` digests."""
    if base is None:
        return None
    import hashlib

    return hashlib.blake2b(base + path.encode("utf-8"), digest_size=20).digest()


def term_anchor(name: str) -> str:
    """The anchor of a term in a term index (``term-go-again``)."""
    return "term-" + anchor_id("-".join(name.lower().split()))


def _display_id(rule) -> str:
    """What stands in the id column: a numbered id as printed; for a slug id its last part when that
    holds a number (``7.1``, ``step-3``), ``•`` for a bullet, ``¶`` for a paragraph, a page or an entry and
    ``§`` for a section (their titles follow, and the slug would only repeat them). The whole citation is
    the link's title."""
    if _numbered(rule.id):
        return rule.id
    if "/" in rule.id:
        last = rule.id.rsplit("/", 1)[1]
        if re.fullmatch(r"bullet-\d+", last):
            return "•"      # an unnumbered list item
        if re.fullmatch(r"p\d+", last):
            return "¶"      # an unnumbered paragraph
        return last if any(c.isdigit() for c in last) else "§"
    return "¶"


def _numbered(rule_id: str) -> bool:
    return id_key(rule_id)[0] == 0


PAGE_BUDGET = 150_000
"""Bytes of rule text, markup and ruling links above which a chapter is written one section a page, so that
pages stay small enough for a phone on event Wi-Fi (FaB chapter 7 with every ruling was 938 KB whole)."""


def _big_chapters(book, extra: dict) -> set[str]:
    """Chapters of a numbered document whose page would weigh more than :data:`PAGE_BUDGET` bytes: rule text,
    examples and notes, about 400 bytes of markup a rule, and ``extra[rule id]`` (the links to the rulings
    citing it)."""
    if book.format != "numbered":
        return set()
    weight: dict[str, int] = {}
    for rule in book.rules.values():
        chapter = rule.id.split(".", 1)[0]
        if len(chapter) > 1 and chapter[:1].isdigit() and chapter[:1] in book.rules:
            chapter = chapter[:1]            # Magic: rule 702.19c is in section 702 of chapter 7
        size = len(rule.text) + sum(map(len, rule.examples)) + sum(map(len, rule.notes)) + 400
        weight[chapter] = weight.get(chapter, 0) + size + extra.get(rule.id, 0)
    return {ch for ch, w in weight.items() if w > PAGE_BUDGET and ch in book.rules}


def _descendants(book, rule_id: str):
    """Every rule below ``rule_id``, depth first."""
    stack = list(reversed(book.rules[rule_id].children))
    while stack:
        rid = stack.pop()
        rule = book.rules.get(rid)
        if rule is None:
            continue
        yield rid
        stack.extend(reversed(rule.children))


def _heading(rule) -> str:
    """``7.5 Damage Step`` for a numbered rule; the title (or label) alone for a slug id."""
    if _numbered(rule.id):
        return f"{rule.id} {rule.title}" if rule.title else rule.id
    return rule.title or rule.label or rule.id


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _gist(book, rule_ids) -> str:
    """A line of what a term means: the text of its first defining rule (or of that rule's first child)."""
    for rid in rule_ids[:1]:
        rule = book.rules.get(rid)
        if rule is None:
            continue
        if rule.text:
            return rule.text
        for child in rule.children[:1]:
            if child in book.rules and not book.rules[child].title:
                return book.rules[child].text
    return ""


def _is_keyword(book, term) -> bool:
    """A term defined under a heading that names keywords (FaB 8 Keywords, Magic 702 Keyword Abilities)."""
    for rid in term.rules:
        for anc in book.ancestors(rid):
            if "keyword" in anc.title.lower():
                return True
    return False


def build(out, books, rulings=(), *, rules_root="", rulings_root="rulings/", external=None, progress=None,
          title="judge") -> int:
    """Plan and write a whole output folder atomically. Returns the number of files written."""
    from judge.docs.output import write_tree

    builder = SiteBuilder(books, rulings, rules_root=rules_root, rulings_root=rulings_root, external=external,
                          title=title)
    pages = builder.plan()
    return write_tree(out, pages, progress=progress(len(pages)) if progress else None)
