"""``judge site`` and ``judge rulings``: the click layer over :mod:`judge.docs`."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import click

from judge import games as games_registry
from judge.cli_group import cli, document_options, emit_json, example, json_option
from judge.errors import JudgeError


@contextmanager
def _progress(label: str):
    """A click progress bar on stderr when it is a terminal (long runs); otherwise nothing is drawn.

    Yields ``start(total) -> update(n)``: call ``start`` once the number of items is known.
    """
    bars = []

    def start(total: int):
        if not sys.stderr.isatty() or total < 2:
            return lambda n: None
        bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)
        bar.__enter__()
        bars.append(bar)
        last = [0]

        def update(n: int):
            bar.update(n - last[0])
            last[0] = n
        return update

    try:
        yield start
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)


def _load_books(rules_sels, games, all_docs):
    from judge.rulebook import store

    if all_docs:
        refs = store.list_documents()
    else:
        refs = [store.resolve(sel, None if len(games) != 1 else games[0]) for sel in rules_sels]
        if not rules_sels:
            refs += [store.resolve(None, g) for g in (games or (games_registry.DEFAULT,))]
    books = []
    seen = set()
    for ref in refs:
        if ref.name in seen:
            continue
        seen.add(ref.name)
        try:
            books.append(store.load(ref))
        except ImportError:
            raise JudgeError(f"no parser for the format {ref.format!r} of {ref.name} yet") from None
    return books


def _judge(targets, book, as_json):
    from judge.docs import rulings as rulings_mod

    with _progress("judging scenarios") as start:
        progress = start(rulings_mod.count_scenarios(targets))
        rulings, failures = rulings_mod.judge_scenarios(targets, book=book, progress=progress)
    if not as_json:
        for failure in failures:
            click.echo(f"judge: {failure}", err=True)
    return rulings, failures


def _elsewhere(rulings, books, only=None) -> list:
    """Link the citations a ruling's document lacks (an excerpt) into other documents: ``books`` first,
    then the imported documents of that game, newest first (only those named in ``only`` when given).
    Returns the documents used (:func:`judge.docs.rulings.link_elsewhere`)."""
    from judge.docs import rulings as rulings_mod
    from judge.rulebook import store
    from judge.scenarios.stale import outside

    games = {r.book.game for r in rulings if any(outside(r.book, c) for c in r.citations)}
    if not games:
        return []
    candidates = [b for b in books if only is None or b.name in only]
    have = {b.name for b in candidates} | {r.book.name for r in rulings}
    docs = [d for d in store.list_documents() if d.game in games and d.origin == "imported" and d.name not in have
            and (only is None or d.name in only)]
    for doc in sorted(docs, key=store.DocRef.sort_key, reverse=True):
        try:
            candidates.append(store.load(doc))
        except (JudgeError, ImportError):
            continue
    return rulings_mod.link_elsewhere(rulings, candidates)


def _write(out, books, rulings, **kw):
    from judge.docs import site as site_mod

    with _progress("writing pages") as start:
        return site_mod.build(Path(out), books, rulings, progress=start, **kw)


@cli.command(epilog=example("judge site -o site", "judge site -o site --all --scenarios scenarios/fab",
                            "judge site -o site --rules fab-2.10.1 --rules ga-seed"))
@click.option("-o", "--output", "out", required=True, type=click.Path(),
              help="Folder to write (replaced whole once the new site is complete).")
@click.option("--rules", "rules_sel", multiple=True, metavar="NAME|VERSION|PATH",
              help="A rules document to include (repeatable; see 'judge rules list').")
@click.option("--game", "games", multiple=True, type=click.Choice(games_registry.IDS),
              help="Include the default document of this game (repeatable).")
@click.option("--all", "all_docs", is_flag=True, help="Include every embedded and imported document.")
@click.option("--scenarios", multiple=True, type=click.Path(exists=True),
              help="Scenario file or folder whose rulings join the site, cross-linked with the rules (repeatable).")
@json_option
def site(out, rules_sel, games, all_docs, scenarios, as_json):
    """Write a static, hyperlinked rules site: a page per chapter or page, an anchor per rule, links for every
    reference, cited-by lists, a term index and an offline search box.

    Without --rules, --game or --all the site holds the default Flesh and Blood document. With --scenarios,
    the rulings are published under rulings/ and every rule lists the rulings that cite it; a scenario that
    fails its [expect] is reported, left out, and the command exits 1.
    """
    books = _load_books(rules_sel, games, all_docs)
    rulings, failures = _judge(scenarios, None, as_json) if scenarios else ([], [])
    for ruling in rulings:
        if all(b.name != ruling.book.name for b in books):
            books.append(ruling.book)
    for book in _elsewhere(rulings, books):
        if all(b.name != book.name for b in books):
            books.append(book)
    files = _write(out, books, rulings)
    if as_json:
        emit_json({"output": str(out), "files": files, "documents": [b.name for b in books],
                   "rulings": [r.slug for r in rulings], "failures": [f.to_dict() for f in failures]})
    else:
        docs = ", ".join(f"{b.name} ({len(b):,} rules)" for b in books)
        extra = f", {len(rulings)} ruling(s)" if scenarios else ""
        click.echo(f"wrote {out}: {docs}{extra}; {files} files")
    if any(not f.not_judged for f in failures):   # a file naming a version the store lacks is no failure
        sys.exit(1)


@cli.command(epilog=example("judge rulings scenarios/fab -o rulings",
                            "judge rulings scenarios/fab -o rulings --site site"))
@click.argument("target", type=click.Path(exists=True))
@click.option("-o", "--output", "out", required=True, type=click.Path(),
              help="Folder to write (replaced whole once every page is written).")
@click.option("--site", "site_dir", type=click.Path(exists=True, file_okay=False),
              help="Link citations into this site (written by 'judge site') instead of writing rules pages.")
@document_options
@json_option
def rulings(target, out, site_dir, rules_sel, game, as_json):
    """Write one Markdown ruling (and its HTML) per scenario: question, answer, the board in words, the
    explanation with every citation linked and quoted, the rules version; plus an index.

    Citations link into the rules pages written alongside (rules/) or, with --site, into an existing site.
    A scenario that fails its [expect] or is invalid is reported and not published, and the command exits 1
    (one that names a rules version the store does not hold, for a mechanism only that version defines, is
    reported and not published, without exiting 1).
    --rules/--game judge every scenario under that document instead of the one its file names.
    """
    book = None
    if rules_sel or game:
        from judge.lookup import load_book

        book = load_book(rules_sel, game)
    rulings_, failures = _judge([target], book, as_json)
    if site_dir:
        from judge.docs.site import read_site_manifest

        external = read_site_manifest(site_dir, out)
        _elsewhere(rulings_, [], only=set(external))
        missing = sorted({r.book.name for r in rulings_} - set(external))
        if missing:
            raise JudgeError(f"the site {site_dir} has no pages for {', '.join(missing)}; build it with "
                             f"'judge site -o {site_dir} --rules {missing[0]}'")
        files = _write(out, [], rulings_, rulings_root="", external=external)
    else:
        books = []
        for r in rulings_:
            if all(b.name != r.book.name for b in books):
                books.append(r.book)
        books += [b for b in _elsewhere(rulings_, books) if all(b.name != o.name for o in books)]
        files = _write(out, books, rulings_, rules_root="rules/", rulings_root="")
    if as_json:
        emit_json({"output": str(out), "files": files, "rulings": [r.slug for r in rulings_],
                   "failures": [f.to_dict() for f in failures]})
    else:
        where = f"linked into {site_dir}" if site_dir else "rules pages in rules/"
        click.echo(f"wrote {out}: {len(rulings_)} ruling(s), {len(failures)} not published; {where}; "
                   f"{files} files")
    if any(not f.not_judged for f in failures):   # a file naming a version the store lacks is no failure
        sys.exit(1)
