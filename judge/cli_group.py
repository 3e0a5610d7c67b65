"""The click group every ``judge`` command joins, and the options and helpers the commands share.

:mod:`judge.cli` (rules look-up and the rules store) and each ``judge/commands_*.py`` module add their
commands to :data:`cli` here; :mod:`judge.cli` imports them all, so no command module imports it back.
"""

from __future__ import annotations

import click

from judge import games
from judge.lookup import json_text


def example(*lines: str) -> str:
    """An epilog for ``--help`` that keeps the example lines as written."""
    return "\b\nExample:\n" + "\n".join(f"  {line}" for line in lines)


def document_options(f):
    """``--rules`` and ``--game``: which rules document a command reads."""
    from judge import completion

    f = click.option("--game", metavar="GAME", shell_complete=completion.game_ids,
                     help=f"Game of the document: {games.help_list()}.")(f)
    f = click.option("--rules", "rules_sel", metavar="NAME|VERSION|PATH", shell_complete=completion.documents,
                     help="Rules document by name (see 'judge rules list'), version, or file path.")(f)
    return f


def _complete_rule(ctx, param, incomplete):
    from judge import completion

    return completion.rule_ids(ctx, param, incomplete)


def json_option(f):
    """``--json``: print the command's result as data instead of text."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(f)


def emit_json(data) -> None:
    """Print ``data`` as every command's ``--json`` prints it."""
    click.echo(json_text(data))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
             epilog=example("judge rule 7.5.5b", 'judge search "go again"', "judge resolve scenarios/fab"))
@click.version_option(package_name="judge")
def cli():
    """judge: look up trading card game rules, resolve disputed scenarios, write rulings.

    Rules documents: the embedded seeds (Flesh and Blood CR 2.10.1 chapters 5 and 7, Grand Archive and
    Marvel Champions pages) and any document you import with 'judge rules import'.
    """
