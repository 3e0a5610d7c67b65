"""``judge resolve``: play scenario files through their game's engine."""

from __future__ import annotations

import sys

import click

from judge.cli import cli, emit_json, example, json_option
from judge.errors import JudgeError


def _render(scenario, outcome, book, brief: bool = False) -> str:
    lines = [f"{scenario.title}  —  {outcome.cite_prefix}"]
    if scenario.question:
        lines.append(f"Q: {scenario.question}")
    lines.append("")
    phase = None
    for st in ([] if brief else outcome.trace.steps):
        if st.phase != phase:
            phase = st.phase
            lines.append(f"  [{phase}]")
        cites = f"  ({', '.join(st.cites)})" if st.cites else ""
        lines.append(f"  {st.n:>3}. {st.text}{cites}")
    if not brief:
        lines.append("")
    lines.append("Answer:")
    for sentence, cites in outcome.summary:
        lines.append(f"  {sentence}" + (f" ({', '.join(cites)})" if cites else ""))
    return "\n".join(lines)


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
@click.option("--brief", is_flag=True, help="Print the question and the answer only, not the numbered trace.")
@click.option("--quiet", "-q", is_flag=True, help="With --check: print only the failures and the totals.")
@json_option
def resolve(target, check_mode, validate_mode, rules_sel, brief, quiet, as_json):
    """Play a scenario file out by the rules and explain every step with the rule it applies.

    A scenario that is malformed or impossible gets one line naming file, line and key (exit 2).
    """
    from judge import scenarios as sc
    from judge.rulebook import store

    paths = sc.find_scenarios(target)
    if not paths:
        raise JudgeError(f"no scenario files (*.toml) in {target}")
    book = store.load(store.resolve(rules_sel)) if rules_sel else None
    if validate_mode:
        _validate(paths, book, as_json)
        return
    if not check_mode:
        if len(paths) != 1:
            raise JudgeError(f"{target} holds {len(paths)} scenarios: give one file, or use --check")
        s = sc.load(paths[0])
        b = book or sc.rulebook_for(s)
        outcome = sc.play(s, b)
        if as_json:
            emit_json({"file": str(paths[0]), "title": s.title, "question": s.question, **outcome.to_dict()})
        else:
            click.echo(_render(s, outcome, b, brief))
            if outcome.mismatches or outcome.missing_cites:
                click.echo("")
                click.echo("Does not match [expect]:")
                for m in outcome.mismatches:
                    click.echo(f"  {m}")
                for c in outcome.missing_cites:
                    click.echo(f"  the explanation does not cite {c}")
        if not outcome.passed:
            sys.exit(1)
        return
    rows = []
    for p in paths:
        try:
            s = sc.load(p)
            outcome = sc.play(s, book or sc.rulebook_for(s))
            problems = outcome.mismatches + [f"missing citation {c}" for c in outcome.missing_cites]
            rows.append({"file": str(p), "title": s.title, "passed": outcome.passed, "problems": problems,
                         "steps": len(outcome.trace)})
        except JudgeError as exc:
            rows.append({"file": str(p), "title": "", "passed": False, "problems": [str(exc)], "steps": 0})
    failed = [r for r in rows if not r["passed"]]
    if as_json:
        emit_json({"passed": len(rows) - len(failed), "failed": len(failed), "scenarios": rows})
    else:
        width = max(len(r["file"]) for r in rows)
        for r in rows:
            if quiet and r["passed"]:
                continue
            click.echo(f"{'PASS' if r['passed'] else 'FAIL'}  {r['file']:<{width}}  {r['title']}")
            for prob in r["problems"]:
                click.echo(f"        {prob}")
        click.echo(f"{len(rows) - len(failed)} passed, {len(failed)} failed")
    if failed:
        sys.exit(1)


def _validate(paths, book, as_json) -> None:
    """``--validate``: each file's reasons, found by its engine without playing; exit 2 if any."""
    from judge import scenarios as sc
    from judge.engine.core import Reason

    rows = []
    for p in paths:
        row = {"file": str(p), "title": "", "game": "", "rules": "", "valid": False, "reasons": []}
        try:
            s = sc.load(p)
            b = book or sc.rulebook_for(s)
            row.update(title=s.title, game=s.game, rules=b.cite_prefix)
            reasons = sc.validate(s, b)
        except JudgeError as exc:
            reasons = [Reason("invalid", exc.message, key=exc.key, line=exc.line)]
        row["valid"] = not reasons
        row["reasons"] = [r.to_dict() for r in reasons]
        rows.append(row)
        if not as_json:
            for r in reasons:   # each as the one-line error of 'judge resolve' shows it: file:line: [key] …
                rule = f" ({r.cite})" if r.cite else ""
                click.echo(str(JudgeError(f"{r.message}{rule}", file=str(p), line=r.line, key=r.key)))
            if not reasons:
                click.echo(f"{p}: valid under {row['rules']}")
    invalid = [r for r in rows if not r["valid"]]
    if as_json:
        emit_json({"valid": len(rows) - len(invalid), "invalid": len(invalid), "scenarios": rows})
    elif len(rows) > 1:
        reasons = sum(len(r["reasons"]) for r in invalid)
        click.echo(f"{len(rows) - len(invalid)} valid, {len(invalid)} invalid ({reasons} reason(s))")
    if invalid:
        sys.exit(2)
