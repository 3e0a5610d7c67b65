"""The text the command line prints for scenarios and rule links: one function per output, no click.

The commands (:mod:`judge.cli`, :mod:`judge.commands_engine`) parse options, call the API and print what
these functions return; ``--json`` prints the same data unrendered. Rules and search hits are rendered by
:mod:`judge.rulebook.query`, rulings pages by :mod:`judge.docs`.
"""

from __future__ import annotations


def short(text: str, width: int = 80) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


# ---------------------------------------------------------------------------------------------------------
# judge resolve
# ---------------------------------------------------------------------------------------------------------

def outcome_text(scenario, outcome, brief: bool = False) -> str:
    """A played scenario: title and rules version, the question, the numbered trace by phase (unless
    ``brief``), the answer with each line's key citations first (only those when ``brief``), and what does
    not match ``[expect]``."""
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
    for i, (sentence, cites) in enumerate(outcome.summary):
        lines.append(f"  {sentence}" + answer_cites(outcome.key_cites(i), [] if brief else cites))
    if outcome.mismatches or outcome.missing_cites:
        lines += ["", "Does not match [expect]:"]
        lines += [f"  {m}" for m in outcome.mismatches]
        lines += [f"  the explanation does not cite {c}" for c in outcome.missing_cites]
    return "\n".join(lines)


def answer_cites(key: list[str], cites: list[str]) -> str:
    """`` (8.3.4b, 8.3.4, 1.10.3; 7.4.2c)``: an answer line's key citations, the rules a judge quotes,
    then after a semicolon the other rules its steps applied (none with ``--brief``); "" when none."""
    rest = [c for c in cites if c not in key]
    if not key and not rest:
        return ""
    return " (" + ", ".join(key) + ("; " if key and rest else "") + ", ".join(rest) + ")"


def check_text(rows: list[dict], quiet: bool = False) -> str:
    """``--check``: a PASS/FAIL line per scenario with its problems under it (only failures when ``quiet``),
    then the totals (rows of :func:`judge.scenarios.check`)."""
    failed = sum(1 for r in rows if r["passed"] is False)
    skipped = sum(1 for r in rows if r["passed"] is None)
    width = max(len(r["file"]) for r in rows)
    lines = []
    for r in rows:
        if quiet and r["passed"] is not False:   # passed, or not judged (the totals count it)
            continue
        lines.append(f"{'PASS' if r['passed'] else 'SKIP' if r['passed'] is None else 'FAIL'}  {r['file']:<{width}}  "
                     f"{r['title']}")
        lines += [f"        {prob}" for prob in r["problems"]]
    lines.append(f"{len(rows) - failed - skipped} passed, {failed} failed"
                 + (f", {skipped} not judged (their rules version is not in the store)" if skipped else ""))
    return "\n".join(lines)


def validate_text(rows: list[dict]) -> str:
    """``--validate``: every reason as the one-line error of ``judge resolve`` shows it (file:line: [key]
    message (rule)), ``FILE: valid under …`` for a valid file, and totals when there are several files
    (rows of :func:`judge.scenarios.validate_files`)."""
    from judge.errors import JudgeError

    lines = []
    for row in rows:
        for r in row["reasons"]:
            rule = f" ({r.cite})" if r.cite else ""
            lines.append(str(JudgeError(f"{r.message}{rule}", file=row["file"], line=r.line, key=r.key)))
        if row["valid"]:
            lines.append(f"{row['file']}: valid under {row['rules']}")
    if len(rows) > 1:
        invalid = [r for r in rows if not r["valid"]]
        reasons = sum(len(r["reasons"]) for r in invalid)
        lines.append(f"{len(rows) - len(invalid)} valid, {len(invalid)} invalid ({reasons} reason(s))")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------
# judge refs, judge path
# ---------------------------------------------------------------------------------------------------------

def refs_text(book, rule_id: str, result: dict) -> str:
    """``judge refs``: the rule's citation, then the rules it cites and the rules citing it, with hops."""
    lines = [book.cite(rule_id)]
    for label, items in (("Cites", result["cites"]), ("Cited by", result["cited_by"])):
        lines.append(f"{label}:")
        if not items:
            lines.append("  —")
        for n, d, _kind in items:
            r = book.rules.get(n)
            desc = (r.title or short(r.text)) if r else "(not in this document)"
            hop = f" [{d} hops]" if d > 1 else ""
            lines.append(f"  {n}{hop}  {desc}")
    return "\n".join(lines)


def path_text(book, steps: list[tuple[str, str]]) -> str:
    """``judge path``: each rule of the path with the link that leads to it."""
    lines = []
    for n, how in steps:
        r = book.rules.get(n)
        desc = (r.title or short(r.text, 70)) if r else "(not in this document)"
        lines.append(f"{'  ' + how + ' → ' if how else ''}{n}  {desc}")
    return "\n".join(lines)
