"""``judge resolve``: play scenario files through their game's engine."""

from __future__ import annotations

import sys

import click

from judge.cli_group import cli, emit_json, example, json_option
from judge.errors import JudgeError


@cli.command(epilog=example("judge resolve scenarios/fab/7.5.2-power-6-against-3-and-2.toml",
                            "judge resolve --check scenarios/fab", "judge resolve --check scenarios --quiet",
                            "judge resolve FILE --brief", "judge resolve FILE --json", "judge resolve --validate FILE"))
@click.argument("target", type=click.Path())
@click.option("--check", "check_mode", is_flag=True,
              help="Run every scenario below TARGET, compare with [expect], print a pass/fail table; exit 1 on any "
                   "mismatch.")
@click.option("--validate", "validate_mode", is_flag=True,
              help="Check the position and actions of TARGET without playing: print every reason it cannot be "
                   "played; exit 2 when there is one.")
@click.option("--rules", "rules_sel", metavar="NAME|VERSION", help="Judge under this rules document instead of the "
              "scenario's own version.")
@click.option("--brief", is_flag=True, help="Print the question and the answer with its key citations only (the rules "
              "a judge quotes), not the numbered trace.")
@click.option("--quiet", "-q", is_flag=True, help="With --check: print only the failures and the totals.")
@json_option
def resolve(target, check_mode, validate_mode, rules_sel, brief, quiet, as_json):
    """Play a scenario file out by the rules and explain every step with the rule it applies.

    A scenario that is malformed or impossible gets one line naming file, line and key (exit 2).
    """
    from judge import render
    from judge import scenarios as sc

    paths = sc.find_scenarios(target)
    if not paths:
        raise JudgeError(f"no scenario files (*.toml) in {target}")
    books = sc.Rulebooks(rules_sel)
    if validate_mode:
        rows = sc.validate_files(paths, books)
        invalid = sum(1 for r in rows if not r["valid"])
        if as_json:
            emit_json({"valid": len(rows) - invalid, "invalid": invalid,
                       "scenarios": [r | {"reasons": [x.to_dict() for x in r["reasons"]]} for r in rows]})
        else:
            click.echo(render.validate_text(rows))
        if invalid:
            sys.exit(2)
        return
    if not check_mode:
        if len(paths) != 1:
            raise JudgeError(f"{target} holds {len(paths)} scenarios: give one file, or use --check")
        s, _book, outcome = sc.resolve_file(paths[0], books)
        if as_json:
            emit_json({"file": str(paths[0]), "title": s.title, "question": s.question, **outcome.to_dict()})
        else:
            click.echo(render.outcome_text(s, outcome, brief))
        if not outcome.passed:
            sys.exit(1)
        return
    rows = sc.check(paths, books)
    failed = sum(1 for r in rows if r["passed"] is False)
    skipped = sum(1 for r in rows if r["passed"] is None)   # names a rules version the store lacks
    if as_json:
        emit_json({"passed": len(rows) - failed - skipped, "failed": failed, "scenarios": rows}
                  | ({"not_judged": skipped} if skipped else {}))
    else:
        click.echo(render.check_text(rows, quiet))
    if failed:
        sys.exit(1)
