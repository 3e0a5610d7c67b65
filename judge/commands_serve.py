"""``judge define`` (a term's defining rules) and ``judge serve`` (the HTTP API): click layers over
:mod:`judge.rulebook.terms` and :mod:`judge.serve`."""

from __future__ import annotations

import click

from judge.cli_group import _complete_rule, cli, document_options, emit_json, example, json_option
from judge.lookup import load_book
from judge.errors import JudgeError


@cli.command(epilog=example('judge define "go again"', "judge define dominate --json",
                            "judge define trample --game mtg"))
@click.argument("term", shell_complete=_complete_rule)
@document_options
@json_option
def define(term, rules_sel, game, as_json):
    """What a term means: the rules that define it (and the glossary entry, where the document has one).

    Case, UK/US spelling, hyphens and plurals do not matter; an unknown term names the nearest defined ones.
    """
    from judge.rulebook.terms import define as define_term, render_definition

    view = define_term(load_book(rules_sel, game), term)
    if as_json:
        emit_json(view)
    else:
        click.echo(render_definition(view))


@cli.command(epilog=example("judge serve", "judge serve --port 8080 --site-rules fab-2.10.1",
                            "curl http://127.0.0.1:8000/rules/fab/7.5.5b"))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--site-rules", "site_rules", multiple=True, metavar="NAME|VERSION",
              help="Documents the site at / shows (repeatable; default: every game's newest).")
@click.option("--scenarios", type=click.Path(exists=True), help="Scenario file or folder whose rulings join the site.")
@click.option("--quiet", is_flag=True, help="Do not log each request.")
def serve(host, port, site_rules, scenarios, quiet):
    """Serve the JSON API (rules, search, refs, define, complete, docs, diff, history, resolve) and the rules
    site over HTTP. Read-only: nothing the network sends can change the store.

    Needs the optional extra: pip install 'judge[serve]'. The API is described at /openapi.json and /api.
    """
    try:
        from judge import serve as serve_mod
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise JudgeError("judge serve needs the optional extra: pip install 'judge[serve]' "
                         "(Starlette and uvicorn)") from None
    serve_mod.run(host, port, site_books=list(site_rules) or None, scenarios=scenarios, log=not quiet)
