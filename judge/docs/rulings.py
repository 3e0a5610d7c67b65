"""Rulings docs: one Markdown page per scenario, rendered to HTML with markdown-it-py.

A ruling holds the question, the short answer (the outcome's summary sentences), the board in words
(:mod:`judge.docs.board`, from the scenario's ``[players]``, ``[game]``, ``[cards]`` and ``[[actions]]``), the
explanation step by step
with every citation linked to its rule and the cited text quoted where it is first cited, the rules cited,
and the rules version. Only a scenario the engine plays to its ``[expect]`` is published: one that fails
its expectations, raises :class:`~judge.errors.ScenarioError`, or cites a rule its document does not hold
is reported as a :class:`Failure` instead.
"""

from __future__ import annotations

import functools
import marshal
import os
import re
import sys
import weakref
import zlib
from pathlib import Path

from judge.docs import blocks
from judge.docs.board import board_markdown
from judge.docs.html import anchor_id, link_refs, md_escape, page, ref_text
from judge.errors import JudgeError


class Ruling:
    """A scenario played successfully, kept as what its pages need: title, question, the rules cited and the
    answer's sentences as they are, the explanation's steps and the board in words packed in one compressed
    record (:meth:`parts`). A site of 10,000 rulings holds no engine state, scenario data or trace objects,
    about 6 KiB a ruling."""

    __slots__ = ("slug", "book", "title", "question", "citations", "elsewhere", "summary", "path", "_packed",
                 "_markdown")

    def __init__(self, slug: str, scenario, book, outcome):
        self.slug = slug
        self.book = book
        self.title = scenario.title
        self.question = scenario.question
        self.citations = tuple(map(sys.intern, outcome.citations()))   # ids repeat across rulings: one copy
        self.elsewhere: dict[str, object] = {}   # rule id → another document holding it (link_elsewhere)
        self.summary = [(sentence, tuple(map(sys.intern, ids))) for sentence, ids in outcome.summary]
        self.path = str(scenario.path)
        meta = scenario.data.get("scenario", {})
        steps = [(step.n, step.phase, step.text, tuple(step.cites)) for step in outcome.trace.steps]
        parts = (steps, board_markdown(scenario.data, scenario.text), _text_of(meta.get("answer")),
                 _text_of(meta.get("notes")), scenario.rules, scenario.example_of)
        self._packed = zlib.compress(marshal.dumps(parts), 1)
        self._markdown = None

    def record(self) -> tuple:
        """What the ruling is made of besides its slug and document, as marshal-able data (kept between runs
        by the judged-outcome cache, :mod:`judge.scenarios.judged`); :meth:`from_record` makes it again."""
        return (self.title, self.question, self.citations, self.summary, self.path, self._packed)

    @classmethod
    def from_record(cls, slug: str, book, record: tuple) -> "Ruling":
        """The ruling :meth:`record` kept, published as ``slug`` under ``book``."""
        ruling = cls.__new__(cls)
        ruling.slug, ruling.book, ruling.elsewhere, ruling._markdown = slug, book, {}, None
        title, question, citations, summary, path, packed = record
        ruling.title, ruling.question, ruling.path, ruling._packed = title, question, path, packed
        ruling.citations = tuple(map(sys.intern, citations))
        ruling.summary = [(sentence, tuple(map(sys.intern, ids))) for sentence, ids in summary]
        return ruling

    def parts(self) -> tuple:
        """``(steps, board, answer, notes, rules, example_of)``: the explanation's steps as ``(n, phase, text,
        cites)``, the board's Markdown lines, the scenario's own answer and notes ("" when it has none), the
        rules version it names and the example it encodes."""
        return marshal.loads(zlib.decompress(self._packed))

    def book_of(self, rule_id: str):
        """The document a citation links to: the ruling's own, or the one :func:`link_elsewhere` found."""
        if rule_id in self.book.rules:
            return self.book
        return self.elsewhere.get(rule_id, self.book)

    def __repr__(self) -> str:
        return f"Ruling({self.slug!r})"


def link_elsewhere(rulings, books) -> list:
    """Find the citations a ruling's document cannot show because it lacks their chapter or page (a
    scenario judged under an embedded excerpt citing the rest of the rules) in other documents of the same
    game: the first of ``books`` holding the id, those of the same version first. The ruling links and
    quotes them there, saying which document. Returns the documents used."""
    from judge.scenarios.stale import outside

    used = []
    for ruling in rulings:
        own = ruling.book
        ranked = sorted((b for b in books if b.game == own.game and b.name != own.name),
                        key=lambda b: b.version != own.version)   # stable: the caller's order otherwise
        for rid in ruling.citations:
            if not outside(own, rid):
                continue
            other = next((b for b in ranked if rid in b.rules), None)
            if other is not None:
                ruling.elsewhere[rid] = other
                if all(other is not u for u in used):
                    used.append(other)
    return used


def _text_of(value) -> str:
    """A scenario's free text (``answer``, ``notes``) stripped; "" when it is absent or not text."""
    return value.strip() if isinstance(value, str) else ""


class Failure:
    """A scenario that is not published, and why."""

    def __init__(self, path: str, message: str, not_judged: bool = False):
        self.path = path
        self.message = message
        self.not_judged = not_judged   # names a rules version the store lacks (judge.scenarios.runner.not_judged)

    def __str__(self) -> str:
        return f"{self.path}: not published: {self.message}"

    def to_dict(self) -> dict:
        """As data: the scenario's path and why it was not published."""
        return {"path": self.path, "message": self.message} | ({"not_judged": True} if self.not_judged else {})


def _slug(path: Path, base: Path | None) -> str:
    rel = path.with_suffix("")
    if base is not None:
        try:
            rel = path.with_suffix("").relative_to(base)
        except ValueError:
            rel = Path(path.stem)
    else:
        rel = Path(path.stem)
    text = "-".join(rel.parts).lower()
    text = re.sub(r"[^a-z0-9.\-]+", "-", text).strip("-.")
    return text or "ruling"


def judge_scenarios(targets, book=None, progress=None) -> tuple[list[Ruling], list[Failure]]:
    """Play every scenario file under ``targets`` (files or folders). Returns (rulings, failures).

    ``book`` judges every scenario under one rulebook; by default each is judged under the document its
    ``rules`` version names (:func:`judge.scenarios.rulebook_for`). ``progress(n)`` is called after each.
    """
    from judge import scenarios as scenario_mod

    files: list[tuple[Path, Path | None]] = []
    for target in targets:
        base = Path(target) if Path(target).is_dir() else None
        found = scenario_mod.find_scenarios(target)
        if not found and base is not None:
            raise JudgeError(f"no scenario files (*.toml) under {target}")
        files.extend((p, base) for p in found)
    from judge.cards.data import listing_held
    from judge.scenarios.judged import Judged

    rulings: list[Ruling] = []
    failures: list[Failure] = []
    slugs: set[str] = set()
    books = scenario_mod.Rulebooks(book=book)
    kept = Judged("rulings")   # scenarios judged before under the same text, document and code
    with scenario_mod.parse_cache(), listing_held():   # unchanged files not parsed again, the card data listed once
        for n, (path, base) in enumerate(files, 1):
            _judge_one(path, base, books, rulings, failures, slugs, kept)
            if progress is not None:
                progress(n)
    kept.save()
    return rulings, failures


def _judge_one(path, base, books, rulings, failures, slugs, kept) -> None:
    """Play one scenario file: a ruling, or a failure (read from ``kept`` when judged before, and kept)."""
    from judge import scenarios as scenario_mod

    from judge.scenarios.runner import judged_text, not_judged

    shown = _display_path(path)
    scenario = rulebook = None
    key = None
    try:
        scenario = scenario_mod.load(path)
        rulebook = books(scenario)
        key = kept.key(path, judged_text(scenario, rulebook), rulebook)
        record = kept.get(key)
        if record is not None:
            if record[0] == "failure":
                failures.append(Failure(shown, record[1], bool(record[2:3] and record[2])))
            else:
                rulings.append(Ruling.from_record(_new_slug(path, base, slugs), rulebook, record[1]))
            return
        outcome = scenario_mod.play(scenario, rulebook)
    except JudgeError as exc:   # ScenarioError and a missing rules document
        failures.append(Failure(shown, _without_file(str(exc), str(path)),
                                rulebook is not None and not_judged(scenario, rulebook, exc)))
        kept.put(key, ("failure", failures[-1].message, failures[-1].not_judged))
    except ImportError as exc:
        failures.append(Failure(shown, f"no engine for this game yet ({exc})"))
    except Exception as exc:  # noqa: BLE001 - an engine bug must not stop the other rulings
        failures.append(Failure(shown, f"the engine failed: {type(exc).__name__}: {exc}"))
    else:
        problems = []
        problems.extend(outcome.mismatches)
        if outcome.missing_cites:
            problems.append("expected citations missing: " + ", ".join(outcome.missing_cites))
        unknown = scenario_mod.unknown_citations(outcome, rulebook)
        if unknown:
            problems.append(f"cites rules {rulebook.cite_prefix} does not hold: " + ", ".join(unknown))
        if problems:
            failures.append(Failure(shown, "; ".join(problems)))
            kept.put(key, ("failure", failures[-1].message))
        else:
            rulings.append(Ruling(_new_slug(path, base, slugs), scenario, rulebook, outcome))
            kept.put(key, ("ruling", rulings[-1].record()))


def _new_slug(path, base, slugs: set) -> str:
    """The ruling's slug: from its path below ``base``, made unique among ``slugs`` (and added to them)."""
    slug = _slug(path, base)
    while slug in slugs:
        slug += "-2"
    slugs.add(slug)
    return slug


def count_scenarios(targets) -> int:
    """How many scenario files ``targets`` (files or folders) hold."""
    from judge import scenarios as scenario_mod

    return sum(len(scenario_mod.find_scenarios(t)) for t in targets)


def _display_path(path: Path) -> str:
    """The path relative to the working folder when it lies below it, else absolute."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(Path(path).absolute())
    return str(Path(path).absolute()) if rel.startswith("..") else rel


def _without_file(message: str, path: str) -> str:
    """``scenarios/x.toml:12: [key] msg`` → ``line 12: [key] msg`` (the file is named before it)."""
    if message.startswith(path + ":"):
        rest = message[len(path) + 1:]
        m = re.match(r"(\d+): ", rest)
        return f"line {m.group(1)}: {rest[m.end():]}" if m else rest.lstrip()
    return message


# ---------------------------------------------------------------------------------------------------------
# Markdown and HTML of a ruling
# ---------------------------------------------------------------------------------------------------------

def _md_link(text: str, url: str | None) -> str:
    if url is None:
        return text
    return f"[{text}]({url.replace(' ', '%20').replace('(', '%28').replace(')', '%29')})"


_SHARED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # builder → folder → links and quotes


class _Cites:
    """Citation links of one ruling page, relative to the page."""

    def __init__(self, ruling: Ruling, builder, page_path: str):
        from judge.docs.html import relative

        self.ruling = ruling
        self.book = ruling.book
        self.builder = builder
        self.page_path = page_path
        self._relative = relative
        # links and quotes read the same in every ruling of one folder of one site: made once, shared
        self._shared = _SHARED.setdefault(builder, {}).setdefault(page_path.rpartition("/")[0], {})

    def url(self, rid: str, book=None) -> str | None:
        """The relative URL of rule ``rid`` of ``book`` (default: the ruling's), or None when no page holds it."""
        book = book or self.ruling.book_of(rid)
        key = ("url", book.name, rid)
        if key not in self._shared:
            target = self.builder.rule_url(book.name, rid)
            self._shared[key] = self._relative(self.page_path, target) if target else None
        return self._shared[key]

    def link(self, rid: str, text: str | None = None, mark: bool = True, book=None) -> str:
        """``[7.5.5b](../fab-2.10.1/7.html#7.5.5b)``; an id no page holds stays text (marked unless
        ``mark`` is false: references inside quoted rule text stay as printed). ``book``: the document
        the id belongs to (the one quoted), by default the ruling's (:meth:`Ruling.book_of`)."""
        book = book or self.ruling.book_of(rid)
        key = ("link", book.name, rid, text, mark, self.book.name)
        got = self._shared.get(key)
        if got is None:
            shown = md_escape(text if text is not None else ref_text(book, rid))
            url = self.url(rid, book)
            if url:
                got = _md_link(shown, url)
            else:
                got = f"{shown} (not in {md_escape(self.book.name)})" if mark else shown
            self._shared[key] = got
        return got

    def cite(self, rid: str) -> str:
        """``FaB CR 2.10.1 7.5.5b``, from the document the citation links to."""
        return self.ruling.book_of(rid).cite(rid)

    def quote(self, rid: str) -> list[str]:
        """The cited rule's text as a Markdown block quote, its own references linked."""
        book = self.ruling.book_of(rid)
        key = ("quote", book.name, rid, self.book.name)
        got = self._shared.get(key)
        if got is None:
            got = self._shared[key] = self._quote(book, rid)
        return got

    def _quote(self, book, rid: str) -> list[str]:
        rule = book.get(rid)
        if rule is None:
            return [f"> {md_escape(self.book.cite(rid))}: not in the document {md_escape(self.book.name)}, "
                    "so it cannot be quoted here."]
        head = f"**{self.link(rid, book=book)}**"
        if book is not self.book:
            head += f" *(from {md_escape(book.cite_prefix)})*"
        if rule.title:
            head += f" {md_escape(rule.title)}"
        refs = set(rule.refs)
        inline = lambda r, shown: self.link(r, shown, mark=False, book=book)  # noqa: E731
        text, _ = link_refs(rule.text, refs, inline, md_escape)
        lines = [f"> {head} " + text if text else f"> {head}"]
        for example in rule.examples:
            ex, _ = link_refs(example, refs, inline, md_escape)
            lines.append(">")
            lines.append("> *Example:* " + ex)
        # one element per line: a rule's text may hold line breaks, and every line must stay in the quote
        return [line for chunk in lines for line in chunk.replace("\n", "\n> ").split("\n")]


# A quoted rule is the same Markdown in every ruling of one folder that cites it, and most of a ruling's
# text: the HTML of a ruling is rendered from a skeleton in which each quote is a placeholder paragraph,
# and each distinct quote is rendered once (both by markdown-it-py) and put in its place. The result is the
# HTML of the whole Markdown page (tests/test_rulings.py checks it is identical), several times faster.
_QUOTE_MARK = "\ue000"     # a private-use character: never in rules text, removed from scenario text
_QUOTE_SLOT = re.compile(_QUOTE_MARK + r"q(\d+)" + _QUOTE_MARK)   # with the <p> and </p> around it, if any
# the citation links after each step, answer sentence and cited rule are inline placeholders likewise: each
# distinct list of links is rendered once (markdown-it-py, inline) and put in its place
_LINKS_SLOT = re.compile(_QUOTE_MARK + r"l(\d+)" + _QUOTE_MARK)


class _Page:
    """One ruling's Markdown (``markdown``), the same with each quote as a placeholder (``skeleton``),
    and the quotes' own Markdown in order (``quotes``)."""

    __slots__ = ("markdown", "skeleton", "quotes", "links")

    def __init__(self, markdown, skeleton, quotes, links=()):
        self.markdown = markdown
        self.skeleton = skeleton
        self.quotes = quotes
        self.links = list(links)


def _ruling_page(ruling: Ruling, builder, page_path: str) -> _Page:
    key = (id(builder), page_path.rpartition("/")[0])   # .md and .html side by side share their links
    if ruling._markdown is None or ruling._markdown[0] != key:
        ruling._markdown = (key, _ruling_markdown(ruling, builder, page_path))
    return ruling._markdown[1]


def ruling_markdown(ruling: Ruling, builder, page_path: str) -> str:
    """The Markdown page of one ruling (links relative to ``page_path``; computed once per page)."""
    return _ruling_page(ruling, builder, page_path).markdown


def _ruling_markdown(ruling: Ruling, builder, page_path: str) -> _Page:
    cites = _Cites(ruling, builder, page_path)
    book = ruling.book
    steps, board, answer, notes, rules, example_of = ruling.parts()
    out = [f"# {md_escape(ruling.title)}", ""]
    if ruling.question:
        out += [f"**Question:** {md_escape(ruling.question)}", ""]
    out += ["## Answer", ""]
    links: list[tuple[int, str]] = []   # (line, Markdown of a list of links at the end of that line)
    if answer:
        out += [md_escape(answer), ""]
    for sentence, ids in ruling.summary:
        refs = ", ".join(cites.link(r, _first_cite(ruling.book_of(r), r) if i == 0 else None)
                         for i, r in enumerate(ids))
        out.append(f"- {md_escape(sentence)}" + (f" ({refs})" if refs else ""))
        if refs:
            links.append((len(out) - 1, refs + ")"))
    if not ruling.summary:
        out.append("- (the engine drew no conclusion)")
    out += ["", "## The board", ""]
    out += board
    out += ["## Explanation", ""]
    quoted: set[str] = set()
    slots: list[tuple[int, int, str]] = []   # (first line, lines, Markdown) of each quote
    phase = None
    for n, step_phase, text, step_cites in steps:
        if step_phase and step_phase != phase:
            phase = step_phase
            out += [f"*{md_escape(phase[:1].upper() + phase[1:])}*", ""]
        marker = f"{n}. "
        indent = " " * len(marker)
        item = md_escape(text)
        if step_cites:
            item += " — " + ", ".join(cites.link(c) for c in step_cites)
        links.append((len(out), item))    # the whole step, rendered inline (identical HTML, far less parsing)
        out.append(marker + item)
        for c in step_cites:
            if c in quoted:
                continue
            quoted.add(c)
            out.append("")
            quote = cites.quote(c)
            slots.append((len(out), len(quote), "\n".join(quote).replace(_QUOTE_MARK, "")))
            out += [indent + q for q in quote]
        out.append("")
    if notes:
        out += ["## Notes", "", md_escape(notes), ""]
    out += ["## Rules cited", ""]
    for rid in sorted(ruling.citations, key=_id_order):
        rule = ruling.book_of(rid).get(rid)
        what = ""
        if rule is not None:
            what = rule.title or _short(rule.text, 90)
        item = f"{cites.link(rid, cites.cite(rid))}" + (f" — {md_escape(what)}" if what else "")
        out.append(f"- {item}")
        if item.startswith("["):
            links.append((len(out) - 1, item))
    others = list(dict.fromkeys(b.cite_prefix for b in ruling.elsewhere.values()))
    out += ["", "---", "",
            f"Rules version: **{md_escape(book.cite_prefix)}** (document `{book.name}`)"
            + (f"; the scenario names version {md_escape(rules)}" if rules and rules != book.version else "")
            + f". Scenario: `{_display_path(Path(ruling.path))}`."
            + (f" Example of {md_escape(example_of)}." if example_of else "")
            + (f" The rules of chapters or pages `{book.name}` does not hold are linked and quoted from "
               f"{md_escape(' and '.join(others))}." if others else ""),
            ""]
    if _QUOTE_MARK in "".join(out):       # (scenario text holding the private character: rare)
        out = [line.replace(_QUOTE_MARK, "") for line in out]
    skeleton = list(out)
    for k, (n, refs) in enumerate(links):
        if skeleton[n].endswith(refs) and refs.strip():
            skeleton[n] = skeleton[n][: len(skeleton[n]) - len(refs)] + f"{_QUOTE_MARK}l{k}{_QUOTE_MARK}"
    for k, (start, length, _md) in reversed(list(enumerate(slots))):
        indent = out[start][: len(out[start]) - len(out[start].lstrip(" "))]
        skeleton[start: start + length] = [f"{indent}{_QUOTE_MARK}q{k}{_QUOTE_MARK}"]
    return _Page("\n".join(out), "\n".join(skeleton), [md for _s, _n, md in slots], [refs for _n, refs in links])


@functools.lru_cache(maxsize=65536)
def _id_order(rule_id: str):
    """The natural order of a rule id (:func:`judge.rulebook.model.id_key`), worked out once per id: the
    same ids are cited by many rulings."""
    from judge.rulebook.model import id_key

    return id_key(rule_id)


def _first_cite(book, rule_id: str) -> str:
    """``FaB CR 2.10.1 7.5.2``; ``GA rules seed, Playing Cards 7.1`` for a slug id (its label)."""
    shown = ref_text(book, rule_id)
    return f"{book.cite_prefix} {shown}" if shown == rule_id else f"{book.cite_prefix}, {shown}"


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


_MD = None


def _markdown_it():
    global _MD
    if _MD is None:
        from markdown_it import MarkdownIt

        md = MarkdownIt("commonmark", {"html": False, "typographer": False})
        # what judge's Markdown never means (every piece of scenario or rules text is escaped): indented
        # code, fences, raw HTML, reference definitions, images, autolinks, entities, setext headings
        md.disable(["code", "fence", "html_block", "reference", "lheading", "image", "autolink", "html_inline",
                    "entity"])
        # link targets are judge's own relative paths and anchors, already URL-safe (anchor_id, _md_link)
        md.normalizeLink = lambda url: url
        _MD = md
    return _MD


def render_markdown(text: str) -> str:
    """Markdown → HTML as markdown-it-py renders it (CommonMark, raw HTML off: scenario text stays text):
    the block shapes judge writes itself are put together directly (:mod:`judge.docs.blocks`), anything
    else is parsed."""
    html = blocks.render(text, _render_inline)
    return html if html is not None else _markdown_it().render(text)


def _render_inline(text: str) -> str:
    return _markdown_it().renderInline(text)


@functools.lru_cache(maxsize=4096)
def _render_quote(text: str) -> str:
    return render_markdown(text)


@functools.lru_cache(maxsize=16384)
def _render_links(text: str) -> str:
    return blocks.inline_html(text, _render_inline)


def ruling_body_html(ruling: Ruling, builder, page_path: str) -> str:
    """The HTML of a ruling's Markdown page: the skeleton rendered, each quote and each list of citation
    links rendered once per folder."""
    page_ = _ruling_page(ruling, builder, page_path)
    html = render_markdown(page_.skeleton)
    html = _LINKS_SLOT.sub(lambda m: _render_links(page_.links[int(m.group(1))]), html)
    return _fill_quotes(html, page_.quotes)


def _fill_quotes(html: str, quotes: list) -> str:
    """Each quote placeholder of ``html`` (with the ``<p>`` before it and the ``</p>`` line end after it, when
    there) replaced by its quote's HTML. The pattern starts with the placeholder's own character, so the
    page is scanned by a fast search for it (a pattern opening with the optional ``<p>`` was tried at every
    character: a tenth of the site's time)."""
    out, last = [], 0
    for m in _QUOTE_SLOT.finditer(html):
        start, end = m.span()
        if start - 3 >= last and html.startswith("<p>", start - 3):
            start -= 3
        if html.startswith("</p>\n", end):
            end += 5
        out += (html[last:start], _render_quote(quotes[int(m.group(1))]))
        last = end
    out.append(html[last:])
    return "".join(out)


def ruling_html(ruling: Ruling, builder, page_path: str) -> str:
    """The HTML page of one ruling, at ``page_path`` in the site ``builder`` writes."""
    body = f'<article class="ruling" id="{anchor_id(ruling.slug)}">\n{ruling_body_html(ruling, builder, page_path)}</article>'
    ruling._markdown = None      # the page's Markdown was written just before (site plan order): not kept
    crumbs = [("Home", builder.home)]
    if builder.rulings_index != builder.home:
        crumbs.append(("Rulings", builder.rulings_index))
    crumbs.append((ruling.title, None))
    return page(page_path, f"{ruling.title} — ruling", body, crumbs=crumbs, site_name=builder.title,
                version=ruling.book.cite_prefix)


def index_markdown(rulings, builder, page_path: str) -> str:
    """The index of rulings: title, question and the first sentence of each answer."""
    from judge.docs.html import relative

    out = ["# Rulings", ""]
    if not rulings:
        out += ["No ruling was published.", ""]
    for ruling in rulings:
        link = _md_link(md_escape(ruling.title), relative(page_path, builder.ruling_path(ruling)))
        answer = ruling.summary[0][0] if ruling.summary else ""
        line = f"- {link}"
        if ruling.question:
            line += f" — {md_escape(ruling.question)}"
        if answer:
            line += f"  \n  *{md_escape(answer)}*"
        out.append(line)
    docs = getattr(builder, "docs", {})
    if docs:
        out += ["", "## Rules", ""]
        for doc in docs.values():
            url = relative(page_path, doc.index_path)
            out.append(f"- {_md_link(md_escape(doc.book.cite_prefix), url)} — {md_escape(doc.book.title)}")
    out.append("")
    return "\n".join(out)


def index_html(rulings, builder) -> str:
    """The HTML index of the rulings, linking each with its question."""
    path = builder.rulings_index
    body = render_markdown(index_markdown(rulings, builder, path))
    crumbs = [("Home", builder.home)] + ([("Rulings", None)] if path != builder.home else [])
    if path == builder.home:
        crumbs = [("Rulings", None)]
    return page(path, "Rulings", body, crumbs=crumbs, site_name=builder.title)
