"""The ``judge`` command line: a thin click layer over the Python API.

Each command parses its options, calls the API (:mod:`judge.rulebook`, :mod:`judge.scenarios`, …) and
prints text or ``--json``. Errors a user can cause become one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import sys

import click

from judge import games
from judge.cli_group import (  # noqa: F401 — the group and shared options, also read from here
    _complete_rule, cli, document_options, emit_json, example, json_option)
from judge.errors import JudgeError
from judge.lookup import load_book


# ---------------------------------------------------------------------------------------------------------
# lookup
# ---------------------------------------------------------------------------------------------------------

@cli.command(epilog=example("judge rule 7.5.5b", "judge rule 7.5 --no-children --json"))
@click.argument("rule_id", shell_complete=_complete_rule)
@click.option("--no-children", is_flag=True, help="Show the rule alone, without its children.")
@document_options
@json_option
def rule(rule_id, no_children, rules_sel, game, as_json):
    """Show a rule by number: text, examples, parents, children, what it cites and what cites it."""
    from judge.lookup import rule_output

    click.echo(rule_output(rule_id, rules_sel, game, children=not no_children, as_json=as_json))


@cli.command(epilog=example('judge search "go again"', 'judge search defence --limit 3 --json',
                            'judge search fizzle --game all', 'judge search --cards "draw a card"'))
@click.argument("query")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=1), help="Most hits to show.")
@click.option("--cards", "in_cards", is_flag=True, help="Search the text of real Flesh and Blood cards instead.")
@document_options
@json_option
def search(query, limit, in_cards, rules_sel, game, as_json):
    """Search rules by words: defining rules and exact phrases first, then fuzzy matches.

    With --game all, every game's newest document is searched and hits are labelled by document. With
    --cards, card names and texts are searched (see 'judge card NAME').
    """
    from judge.lookup import card_search_output, search_books, search_output

    if in_cards:
        return click.echo(card_search_output(query, limit, as_json))
    click.echo(search_output(query, search_books(rules_sel, game), limit, as_json))


@cli.command(epilog=example("judge refs 5.3.5", "judge refs 7.4.2d --depth 2 --json"))
@click.argument("rule_id", shell_complete=_complete_rule)
@click.option("--depth", default=1, show_default=True, type=click.IntRange(min=1),
              help="Follow references transitively this many hops.")
@document_options
@json_option
def refs(rule_id, depth, rules_sel, game, as_json):
    """Rules a rule cites and rules that cite it (transitively with --depth)."""
    from judge.rulebook import graph
    from judge.rulebook.query import get_rule

    book = load_book(rules_sel, game)
    rule_ = get_rule(book, rule_id)
    result = graph.refs(book, rule_.id, depth)
    if as_json:
        emit_json({"id": rule_.id, "citation": book.cite(rule_.id), "depth": depth,
                   "cites": [{"id": n, "distance": d, "kind": k} for n, d, k in result["cites"]],
                   "cited_by": [{"id": n, "distance": d, "kind": k} for n, d, k in result["cited_by"]]})
        return
    from judge.render import refs_text

    click.echo(refs_text(book, rule_.id, result))


@cli.command(epilog=example("judge path 5.2.2b 5.1.10", "judge path 7.4.2d 5.3.2c --json"))
@click.argument("a")
@click.argument("b")
@document_options
@json_option
def path(a, b, rules_sel, game, as_json):
    """Shortest path between two rules over contains and cites links."""
    import networkx as nx

    from judge.rulebook import graph
    from judge.rulebook.query import get_rule

    book = load_book(rules_sel, game)
    ra, rb = get_rule(book, a), get_rule(book, b)
    try:
        steps = graph.path(book, ra.id, rb.id)
    except nx.NetworkXNoPath:
        raise JudgeError(f"no path between {ra.id} and {rb.id}") from None
    if as_json:
        emit_json({"from": ra.id, "to": rb.id, "steps": [{"id": n, "how": h} for n, h in steps]})
        return
    from judge.render import path_text

    click.echo(path_text(book, steps))


@cli.command(epilog=example("judge check", "judge check --rules fab-2.10.1 --json"))
@document_options
@json_option
@click.option("--warnings/--no-warnings", default=True, help="Also list warnings (external references, gaps).")
def check(rules_sel, game, as_json, warnings):
    """Integrity of a rules document: duplicate ids, numbering gaps and disorder, dangling references.

    Exits 1 when there are errors (warnings alone exit 0).
    """
    from judge.rulebook.check import check as run_check

    book = load_book(rules_sel, game)
    problems = run_check(book)
    errors = [p for p in problems if p.level == "error"]
    shown = problems if warnings else errors
    if as_json:
        emit_json({"document": book.cite_prefix, "rules": len(book.rules), "errors": len(errors),
                   "warnings": len(problems) - len(errors), "problems": [p.to_dict() for p in shown]})
    else:
        for p in shown:
            click.echo(str(p))
        click.echo(f"{book.describe()}: {len(errors)} error(s), {len(problems) - len(errors)} warning(s)")
    if errors:
        sys.exit(1)


@cli.group(epilog=example("judge graph export --format graphml -o rules.graphml"))
def graph():
    """The cross-reference graph of a rules document."""


@graph.command("export", epilog=example("judge graph export --format dot -o rules.dot",
                                        "judge graph export --format json --game mtg > mtg.json"))
@click.option("--format", "fmt", type=click.Choice(["graphml", "json", "dot"]), default="graphml",
              show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file (atomically).")
@document_options
def graph_export(fmt, output, rules_sel, game):
    """Export rules, terms and their contains/cites/defines links."""
    from pathlib import Path

    from judge.rulebook import graph as graph_mod
    from judge.rulebook.store import write_atomic

    book = load_book(rules_sel, game)
    g = graph_mod.build(book)
    text = graph_mod.export(book, fmt, g)
    if output:
        write_atomic(Path(output), (text + "\n").encode("utf-8"))
        click.echo(f"wrote {output}: {graph_mod.summary(g)}", err=True)
    else:
        click.echo(text)


# ---------------------------------------------------------------------------------------------------------
# documents
# ---------------------------------------------------------------------------------------------------------

@cli.group(epilog=example("judge rules list",
                          "judge rules import ../shared/corpora/fab/en-fab-cr-2.10.1.txt --game fab --version 2.10.1"))
def rules():
    """Rules documents: list them, import a full document, remove an import."""


@rules.command("list", epilog=example("judge rules list", "judge rules list --json"))
@json_option
def rules_list(as_json):
    """Every embedded and imported rules document; the default per game is marked with *."""
    from judge.rulebook import store

    docs = store.list_documents()
    defaults = {}
    for d in docs:
        best = defaults.get(d.game)
        if best is None or d.sort_key() > best.sort_key():
            defaults[d.game] = d
    rows = []
    for d in docs:
        try:
            count = len(store.load(d))
        except JudgeError as exc:
            count = f"error: {exc}"
        rows.append({**d.to_dict(), "rules": count, "default": defaults[d.game] is d})
    if as_json:
        emit_json(rows)
        return
    for r in rows:
        mark = "*" if r["default"] else " "
        click.echo(f"{mark} {r['name']:<22} {r['game']:<4} {r['version']:<10} {r['origin']:<9} "
                   f"{r['rules']!s:>6} rules  {r['title']}")


@rules.command("import", epilog=example(
    "judge rules import ../shared/corpora/fab/en-fab-cr-2.10.1.txt --game fab --version 2.10.1",
    "judge rules import https://example.org/en-fab-cr.txt --game fab --version 2.11"))
@click.argument("source")
@click.option("--game", required=True, type=click.Choice(games.IDS))
@click.option("--version", "version", required=True, help="The document's version, shown in every citation.")
@click.option("--name", help="Name in the store (default GAME-VERSION).")
@click.option("--format", "fmt", type=click.Choice(["numbered", "gitbook", "gitbook-text", "glossary-html",
                                                    "glossary-text"]),
              help="Document format (guessed from the file by default).")
@click.option("--title", help="Title of the document.")
@json_option
def rules_import(source, game, version, name, fmt, title, as_json):
    """Import a rules document (file, folder of Markdown pages, or http(s) URL) into your store.

    The document is parsed first; if it does not parse, nothing in the store changes.
    """
    from judge.rulebook import store
    from judge.rulebook.check import check as run_check

    doc, book = store.import_document(source, game, version, name=name, fmt=fmt, title=title)
    # what 'judge check' would say (references to nowhere, gaps, …): shown now, one line each, on stderr
    problems = run_check(book)
    errors = [p for p in problems if p.level == "error"]
    warnings = [p for p in problems if p.level == "warning"]
    if as_json:
        emit_json({"name": doc.name, "game": doc.game, "version": doc.version, "rules": len(book),
                   "terms": len(book.terms), "errors": len(errors), "warnings": len(warnings),
                   "problems": [p.to_dict() for p in problems], "home": doc.home})
        return
    shown = 5
    for p in problems[:shown]:
        click.echo(str(p), err=True)
    if len(problems) > shown:
        click.echo(f"… and {len(problems) - shown} more: judge check --rules {doc.name}", err=True)
    found = f"{len(warnings)} warning(s)" if not errors else f"{len(errors)} error(s), {len(warnings)} warning(s)"
    click.echo(f"imported {doc.name}: {len(book):,} rules, {len(book.terms):,} terms, {found} → {doc.home}")


@rules.command("remove", epilog=example("judge rules remove fab-2.10.1"))
@click.argument("name")
def rules_remove(name):
    """Remove an imported document from your store."""
    from judge.rulebook import store

    store.remove_document(name)
    click.echo(f"removed {name}")


# Commands that live beside their own API: each module adds its commands to ``cli`` (judge/cli_group.py)
# when imported here.
from judge import commands_cards, commands_docs, commands_engine, commands_serve, commands_versions  # noqa: E402,F401


def report_error(exc: JudgeError, as_json: bool) -> None:
    """A user error: one line on stderr, or with ``--json`` the object ``{"error": {"file", "line", "key",
    "message", "code"}}`` on stdout (the exit code is the same, 2)."""
    if as_json:
        sys.stdout.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
    else:
        sys.stderr.write(f"judge: error: {exc}\n")


def main(argv=None) -> int:
    """Run the click interface; user errors become one line and exit 2, never a traceback."""
    try:
        cli.main(args=argv, prog_name="judge", standalone_mode=False)
    except JudgeError as exc:
        report_error(exc, "--json" in (sys.argv[1:] if argv is None else argv))
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    return 0
