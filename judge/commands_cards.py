"""``judge card`` and ``judge cards …``: look up real Flesh and Blood cards, import card data, coverage."""

from __future__ import annotations

import click

from judge.cli_group import cli, emit_json, example, json_option
from judge.errors import JudgeError


def _fab_book():
    """The newest Flesh and Blood rules document (for keyword → defining rule links), or None."""
    from judge.rulebook import store

    try:
        return store.load(store.resolve(None, "fab"))
    except JudgeError:
        return None


def cards_option(f):
    """``--cards``: which imported card data a command reads."""
    return click.option("--cards", "cards_sel", metavar="NAME|VERSION",
                        help="Card data to use (see 'judge cards list'; default: the newest).")(f)


@cli.command("card", epilog=example('judge card "NAME" --pitch 1', 'judge card "NAME (red)"',
                                    'judge card "NAME" --color blue --json'))
@click.argument("name")
@click.option("--pitch", type=click.IntRange(0, 3), help="The printing with this pitch value.")
@click.option("--color", "--colour", "color", type=click.Choice(["red", "yellow", "blue"]),
              help="The printing of this colour (red = pitch 1, yellow = 2, blue = 3).")
@cards_option
@json_option
def card(name, pitch, color, cards_sel, as_json):
    """Show a real Flesh and Blood card: its text, its keywords' rules, and how the engine reads it.

    Typo-tolerant (a letter missing or swapped still finds the card). A name printed in several colours lists them; choose one with
    --pitch, --color or "NAME (red)".
    """
    from judge.cards import data as cd
    from judge.cards.view import card_view, render_ambiguous, render_card

    if color:
        if pitch is not None and pitch != cd.COLORS[color]:
            raise JudgeError(f"--color {color} is pitch {cd.COLORS[color]}, not --pitch {pitch}")
        pitch = cd.COLORS[color]
    data = cd.load(cards_sel)
    found = cd.find(data, name, pitch, fuzzy=True)
    variants = data.variants(found[0].name)
    if len(found) > 1:
        if as_json:
            emit_json({"ambiguous": True, "name": found[0].name, "variants": [v.to_dict() for v in found]})
        else:
            click.echo(render_ambiguous(found))
        return
    view = card_view(found[0], variants, _fab_book(), data)
    emit_json(view) if as_json else click.echo(render_card(view))


@cli.group(epilog=example("judge cards list", "judge cards import card.csv --version 2026-03",
                          "judge cards coverage"))
def cards():
    """Real Flesh and Blood card data: list, import a newer card.csv, compiler coverage."""


@cards.command("list", epilog=example("judge cards list --json"))
@json_option
def cards_list(as_json):
    """The embedded card data and every import; the default (newest) is marked with *."""
    from judge.cards import data as cd

    rows = [{"name": n, "version": v, "path": p} for n, v, p in cd.available()]
    for r in rows:
        r["default"] = r is rows[-1]
    if as_json:
        emit_json(rows)
        return
    for r in rows:
        click.echo(f"{'*' if r['default'] else ' '} {r['name']:<24} {r['version']:<12} {r['path']}")


@cards.command("import", epilog=example("judge cards import ../shared/corpora/fab/card.csv --version d18a40af"))
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("--version", "version", required=True, help="The release's version or date (newest is the default).")
@click.option("--name", help="Name in the store (default fab-cards-VERSION).")
@json_option
def cards_import(source, version, name, as_json):
    """Import a the-fab-cube card.csv into your store.

    The file is parsed completely first; a file that does not parse leaves the store unchanged.
    """
    from judge.cards import data as cd

    path, data = cd.import_csv(source, version, name)
    if as_json:
        emit_json({"path": path, "cards": len(data), "version": version})
    else:
        click.echo(f"imported {len(data):,} cards (version {version}) → {path}")


@cards.command("coverage", epilog=example("judge cards coverage", "judge cards coverage --json --top 50"))
@click.option("--top", default=25, show_default=True, type=click.IntRange(min=1),
              help="How many paragraph shapes not understood to list.")
@cards_option
@json_option
def cards_coverage(top, cards_sel, as_json):
    """How much of the card pool the text compiler reads fully, by type, and what it does not understand."""
    from judge.cards import data as cd
    from judge.cards.coverage import coverage, render

    report = coverage(cd.load(cards_sel), top)
    emit_json(report) if as_json else click.echo(render(report))
