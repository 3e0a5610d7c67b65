"""Commands about versions of a rules document: ``judge diff``, ``judge history`` and ``judge stale``.

A thin click layer over :mod:`judge.rulebook.diff` and :mod:`judge.scenarios.stale`, which (with rapidfuzz) are
imported only when one of these commands runs, never at start-up.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge import games
from judge.cli_group import cli, emit_json, example, json_option
from judge.rulebook.versions import imported_versions, known_versions, load_pair, load_version
from judge.errors import JudgeError

KINDS = ("renumbered", "removed", "added", "reworded")


def _echo_diff(text: str) -> None:
    """Print a report holding word diffs: coloured on a terminal (NO_COLOR respected), plain when piped."""
    from judge.rulebook.diff import colorize, use_color

    click.echo(colorize(text) if use_color(sys.stdout) else text)


# ---------------------------------------------------------------------------------------------------------
# judge diff
# ---------------------------------------------------------------------------------------------------------

@cli.command("diff", epilog=example("judge diff 2.10.1 2026-02",
                                    "judge diff fab-2.10.1 fab-2026-02 --chapter 4 --limit 0",
                                    "judge diff 2025-11-14 2026-01-16 --game mtg --json"))
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--game", metavar="GAME", help=f"Game of the documents when OLD/NEW are versions: {games.help_list(False)}.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=0),
              help="Most changes listed per kind in text output (0: all). --json lists every change.")
@click.option("--chapter", metavar="CHAPTER", help="Only changes in this chapter (1, 702, playing-cards).")
@click.option("--context", default=8, show_default=True, type=click.IntRange(min=0),
              help="Unchanged words kept on each side of a change in word diffs.")
@click.option("--full", is_flag=True, help="Show whole rules in word diffs (no eliding).")
@click.option("--hide-cosmetic", is_flag=True,
              help="Leave out rewordings that only change punctuation, case or where a reference stands.")
@json_option
def diff_cmd(old, new, game, limit, chapter, context, full, hide_cosmetic, as_json):
    """Compare two versions of a rules document: rules added, removed, reworded and renumbered.

    OLD and NEW are document names (see 'judge rules list'), versions, or file paths. Rewordings show a
    word diff inline, [-deleted-]{+inserted+}; a renumbered rule is matched by its text, even when
    slightly reworded.
    """
    from judge.rulebook.diff import chapter_of, diff

    book_old, book_new = load_pair(old, new, game)
    result = diff(book_old, book_new)
    lists = {kind: getattr(result, kind) for kind in KINDS}
    if chapter is not None:
        known = {chapter_of(rid) for book in (book_old, book_new) for rid in book.rules}
        if chapter not in known:
            raise JudgeError(f"no chapter {chapter!r} in {book_old.cite_prefix} or {book_new.cite_prefix}")
        lists = {kind: [c for c in items if c.chapter == chapter] for kind, items in lists.items()}
    if hide_cosmetic:
        lists["reworded"] = [c for c in lists["reworded"] if not c.cosmetic]
    if as_json:
        data = result.to_dict()
        if chapter is not None:
            data["chapters"] = [r for r in data["chapters"] if r["chapter"] == chapter]
        for kind, items in lists.items():
            data[kind] = [c.to_dict() for c in items]
        emit_json(data)
        return
    _echo_diff(render_diff(result, lists, limit=limit, context=None if full else context))


def _one_line(text: str, width: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _rule_line(rule) -> str:
    return _one_line(rule.text or rule.title)


def render_change(change, context: int | None, indent: str = "    ") -> list[str]:
    """The word diff of each changed part of a rule, one line a part (``text: … [-a-]{+b+} …``)."""
    from judge.rulebook.diff import inline

    lines = []
    for part, segments in change.diffs.items():
        shown = inline(segments, context).replace("\n", " ¶ ")
        lines.append(f"{indent}{part}: {shown}")
    return lines


def _describe(change) -> str:
    notes = [", ".join(change.parts)] if change.parts else []
    if change.cosmetic:
        notes.append("punctuation/case only")
    elif change.similarity is not None and change.similarity < 100:
        notes.append(f"similarity {int(change.similarity)}%")
    return f"  ({'; '.join(notes)})" if notes else ""


def render_diff(result, lists: dict, limit: int = 10, context: int | None = 8) -> str:
    """The text of ``judge diff``: a summary, counts per chapter, then each kind of change."""
    counts = result.counts()
    out = [f"{result.old.describe()} → {result.new.describe()}",
           f"{counts['added']} added, {counts['removed']} removed, {counts['reworded']} reworded "
           f"({counts['reworded_cosmetic']} punctuation/case only), {counts['renumbered']} renumbered "
           f"({counts['renumbered_reworded']} also reworded), {counts['unchanged']} unchanged"]
    chapters = result.chapters()
    shown_chapters = {c.chapter for items in lists.values() for c in items}
    rows = [r for r in chapters if r.chapter in shown_chapters]
    if rows:
        out.append("")
        out.append(f"{'chapter':<36} {'added':>6} {'removed':>8} {'reworded':>9} {'renumbered':>11}")
        for r in rows:
            label = _one_line(f"{r.chapter} {r.title}".strip(), 36)
            out.append(f"{label:<36} {r.added:>6} {r.removed:>8} {r.reworded:>9} {r.renumbered:>11}")
        if len(rows) > 1:
            total = [sum(getattr(r, k) for r in rows) for k in ("added", "removed", "reworded", "renumbered")]
            out.append(f"{'total':<36} {total[0]:>6} {total[1]:>8} {total[2]:>9} {total[3]:>11}")
    titles = {"renumbered": "Renumbered", "removed": "Removed", "added": "Added", "reworded": "Reworded"}
    for kind in KINDS:
        items = lists[kind]
        if not items:
            continue
        out.append("")
        out.append(f"{titles[kind]} ({len(items)}):")
        id_width = min(max([10] + [len(c.id) + 1 for c in items[: limit or None]]), 44)
        for change in items[: limit or None]:
            if kind == "renumbered":
                out.append(f"  {change.old_id} → {change.new_id}{_describe(change)}")
                if change.reworded:
                    out.extend(render_change(change, context))
                else:
                    out.append(f"    {_rule_line(change.new)}")
            elif kind in ("removed", "added"):
                rule = change.old if kind == "removed" else change.new
                out.append(f"  {rule.id:<{id_width}} {_rule_line(rule)}")
            else:
                out.append(f"  {change.id}{_describe(change)}")
                out.extend(render_change(change, context))
        if limit and len(items) > limit:
            out.append(f"  … {len(items) - limit} more (--limit 0 shows all, --chapter narrows)")
    if not any(lists.values()):
        out.append("")
        out.append("no changes" + (" in this selection" if any(counts[k] for k in KINDS) else ""))
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------------------
# judge history
# ---------------------------------------------------------------------------------------------------------

@cli.command("history", epilog=example("judge history 1.3.3b", "judge history 4.4.3f --json",
                                       "judge history 702.124k --game mtg"))
@click.argument("rule_id", metavar="ID")
@click.option("--game", default=games.DEFAULT, show_default=True, metavar="GAME",
              help=f"Game: {games.help_list(False)}.")
@click.option("--context", default=8, show_default=True, type=click.IntRange(min=0),
              help="Unchanged words kept on each side of a change in word diffs.")
@json_option
def history_cmd(rule_id, game, context, as_json):
    """The life of one rule over every imported version of a game's document.

    When it appeared, each rewording (as a word diff) and each renumbering, followed across versions in
    both directions. ID may be the rule's id in any version; the newest version holding it decides which
    rule is meant.
    """
    from judge.rulebook import store
    from judge.rulebook.diff import history

    books = [store.load(doc) for doc in imported_versions(game)]
    result = history(books, rule_id)
    if as_json:
        emit_json(result.to_dict())
        return
    _echo_diff(render_history(result, context))


_EVENT_WORDS = {"first": "present in the earliest imported version", "added": "added", "unchanged": "unchanged",
                "reworded": "reworded", "removed": "removed"}


def render_history(result, context: int | None = 8) -> str:
    """The text of ``judge history``: one line per version, word diffs under rewordings."""
    from judge.games import cite_prefix

    books = result.books
    out = [f"{cite_prefix(books[0].game)} {result.rule_id}: "
           f"{len(books)} version{'s' if len(books) != 1 else ''} ({', '.join(b.version for b in books)})"]
    width = max(len(b.version) for b in books)
    id_width = max([10] + [len(e.rule_id) + 1 for e in result.events])
    current = removed = None
    for event in result.events:
        change = event.change
        if event.kind == "moved":
            what = f"renumbered from {change.old_id}"
            if change.reworded:
                what += f", reworded ({', '.join(change.parts)})"
        elif event.kind == "reworded":
            what = f"reworded ({', '.join(change.parts)}{'; punctuation/case only' if change.cosmetic else ''})"
        else:
            what = _EVENT_WORDS[event.kind]
        out.append(f"  {event.version:<{width}}  {event.rule_id:<{id_width}} {what}")
        if change is not None and change.reworded:
            out.extend(render_change(change, context, indent=" " * (width + 6)))
        if event.kind == "removed":
            removed = event
        else:
            current = (event.book, event.book.rules.get(event.rule_id))
    if current is not None and current[1] is not None:
        book, rule = current
        label = f"Last text, removed in {removed.version}" if removed is not None else "Now"
        out.append(f"{label} ({book.cite(rule.id)}): {_rule_line(rule)}")
    for book, rule, fate in result.others:
        then = ""
        if fate is not None:
            following = books[books.index(book) + 1].version
            if fate.kind == "moved":
                then = f" (renumbered {fate.new_id} in {following})"
            else:
                then = f" ({fate.kind} in {following})"
        out.append(f"Note: in {book.version}, {rule.id} was another rule{then}: "
                   f"{_one_line(rule.text or rule.title, 70)}")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------------------
# judge stale
# ---------------------------------------------------------------------------------------------------------

@cli.command("stale", epilog=example("judge stale scenarios/fab --against 2026-02",
                                     "judge stale scenarios/fab/7.2.4-two-attack-triggers.toml --against 2026-02 "
                                     "--diffs",
                                     "judge stale scenarios/fab --against fab-2026-02 --json"))
@click.argument("target", metavar="DIR", type=click.Path())
@click.option("--against", "against", required=True, metavar="VERSION",
              help="The newer version (or document name, or file) to check the scenarios' citations against.")
@click.option("--game", metavar="GAME",
              help="Game of the scenarios and of VERSION (default: the game the scenario files name).")
@click.option("--strict", is_flag=True,
              help="Count rewordings that only change punctuation, case or where a reference stands as stale too.")
@click.option("--diffs", is_flag=True, help="Show the word diff of each stale rewording.")
@click.option("--all", "show_all", is_flag=True, help="List every scenario and every changed rule it cites, the rules "
              "only its steps apply too (by default: only the scenarios whose answer or key rules changed).")
@click.option("--context", default=8, show_default=True, type=click.IntRange(min=0),
              help="Unchanged words kept on each side of a change in word diffs.")
@click.option("--reviews", "reviews", metavar="DIR", type=click.Path(file_okay=False),
              help="The folder of judges' reviews of rule changes (default: rules/reviews beside the embedded "
                   "documents); an empty folder lists every change as unreviewed.")
@json_option
def stale_cmd(target, against, game, strict, diffs, show_all, context, reviews, as_json):
    """Scenarios whose cited rules changed in a newer version of their rules document.

    DIR is a scenario file or a folder of them, of one game (Grand Archive and Marvel Champions rules are
    compared page by page and item by item). For each scenario, every rule it cites (its [expect] cites,
    its example_of, and each citation of the engine's explanation under the scenario's own version) that
    was reworded, renumbered (with the new id to cite) or removed in VERSION; then the scenario is played
    again under VERSION, its citations located there: does it still pass, does its answer read the same, and
    does every rule it cites exist? By default only the scenarios a judge must act on are listed, summary
    first: the answer changed, or a key rule (its cites, example_of, the key citations of its answer) changed
    in meaning, was renumbered or removed; --all lists everything. Exit 1 when a scenario is listed (with
    --all: when anything is stale), 0 otherwise, 2 on bad input. The scenario's own version is its
    imported document ('judge rules import'), else the embedded excerpt of that version, whose missing
    chapters or pages are listed as not compared. A key rule's change that a judge reviewed as leaving the
    rulings standing (rules/reviews/*.toml, bound to both texts by the change's fingerprint in --json) is
    not a reason to list a scenario; --all shows the review.
    """
    from judge import scenarios as sc
    from judge.games import name as game_name
    from judge.scenarios.stale import check

    paths = sc.find_scenarios(target)
    if not paths:
        raise JudgeError(f"no scenario files (*.toml) in {target}")
    given = game is not None
    if not given:
        with sc.parse_cache():   # unchanged files are not parsed again (here, nor by the check below)
            games = sorted({sc.load(p).game for p in paths})
        if len(games) > 1:
            raise JudgeError(f"the scenarios in {target} are of several games ({', '.join(games)}); give --game "
                             "or one game's folder")
        game = games[0]
    try:
        doc, new = load_version(against, game)
    except JudgeError:
        if given:
            raise
        try:   # a version or document of another game: say so
            doc, new = load_version(against, None)
        except JudgeError:
            raise JudgeError(f"unknown version or document {against!r} of the {game_name(game)} rules; "
                             f"known: {known_versions(game)} (or give a file path)") from None
    if doc.game != game:
        whose = f"--game {game}" if given else "the game of the scenarios"
        raise JudgeError(f"--against {against} is a {game_name(doc.game)} document ({doc.name}), "
                         f"not {game_name(game)} ({whose})")
    if doc.origin == "embedded":   # an excerpt: every rule outside it would look removed
        raise JudgeError(f"--against {against} is the embedded excerpt {doc.name} ({doc.title}), not a whole "
                         f"document; import the version to check against with 'judge rules import FILE --game "
                         f"{game} --version VERSION'")
    if reviews is not None and not Path(reviews).is_dir():
        raise JudgeError(f"--reviews {reviews}: no such folder")
    report = check(paths, new, strict=strict, reviews=Path(reviews) if reviews is not None else None)
    if as_json:
        emit_json(report.to_dict())
    else:
        _echo_diff(render_stale(report, context if diffs else None) if show_all
                   else render_review(report, context if diffs else None))
    if report.stale if show_all else report.to_review:
        sys.exit(1)


def describe_stale(citation, old_prefix: str = "its version") -> str:
    """``7.0.3b reworded (text; similarity 73%)``, ``4.4.3e moved → 4.4.3f``, ``2.1.3 removed``."""
    what = {"reworded": "reworded", "removed": "removed", "unknown": f"not in {old_prefix}",
            "moved": f"moved → {citation.new_id}"}[citation.kind]
    notes = []
    detail = citation.detail()
    if detail:
        notes.append(("also reworded: " if citation.kind == "moved" else "") + detail)
    if citation.reused:
        notes.append(f"{citation.rule_id} now names another rule")
    if citation.review is not None:
        notes.append(f"reviewed in {citation.review.source}: {citation.review.note}")
    return f"{citation.rule_id} {what}" + (f" ({'; '.join(notes)})" if notes else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _rerun_line(check) -> str:
    from judge.games import name as game_name

    new, run = check.new, check.new_run
    if run.error is not None and run.error == check.old_run.error:
        return f"re-run under {new.cite_prefix}: the engine cannot play it either"
    if not run.played:
        return f"not played under {new.cite_prefix}: there is no {game_name(new.game)} engine yet"
    if run.error is not None:
        return f"under {new.cite_prefix} the engine cannot play it: {run.error}"
    if run.passed:
        verdict = "still passes"
    else:
        problems = run.mismatches + [f"the explanation does not cite {c}" for c in run.missing_cites]
        verdict = ("no longer passes: " if check.regressed else "does not pass (nor under its own version): ") \
            + "; ".join(problems)
    cites = (f"cites rules {new.cite_prefix} does not hold: {', '.join(run.unknown)}" if run.unknown
             else "every rule it cites exists")
    return f"re-run under {new.cite_prefix}: {verdict}; {cites}"


def render_stale_check(check, strict: bool = False, context: int | None = None) -> list[str]:
    """The block of one scenario: its file, each stale citation, the cosmetic rewordings, the re-run.

    A scenario that is up to date is one line.
    """
    head = f"{check.path}  ({check.old.cite_prefix} → {check.new.version})"
    counted = check.counted(strict)
    cosmetic = [c for c in check.cosmetic() if not c.counts(strict)]
    if not check.stale(strict):
        notes = [_plural(len(cosmetic), "punctuation/case-only rewording")] if cosmetic else []
        if check.new_run.passed:
            notes.append("still passes")
        if check.not_compared:
            notes.append(f"{_plural(len(check.not_compared), 'cited rule')} outside the excerpt "
                         f"{check.old.name}, not compared")
        return [f"{head}: up to date" + (f" ({', '.join(notes)})" if notes else "")]
    lines = [head] + _changed_citations(counted, check.old.cite_prefix, context)
    if cosmetic:
        ids = [c.rule_id for c in cosmetic]
        more = f", … {len(ids) - 12} more" if len(ids) > 12 else ""
        lines.append(f"  punctuation/case only, not counted: {', '.join(ids[:12])}{more}")
    if check.not_compared:
        ids = check.not_compared
        more = f", … {len(ids) - 8} more" if len(ids) > 8 else ""
        lines.append(f"  not compared (the excerpt {check.old.name} lacks their pages or chapters): "
                     f"{', '.join(ids[:8])}{more}")
    if check.old_run.error is not None:
        lines.append(f"  under {check.old.cite_prefix} the engine cannot play it ({check.old_run.error}); "
                     "only the file's own citations were checked")
    lines.append(f"  {_rerun_line(check)}")
    return lines


def _changed_citations(changes, cite_prefix: str, context: int | None, label: str = "") -> list[str]:
    """One line per changed citation (what changed, aligned, and the steps citing it), each followed by the
    change itself with ``context`` words around it when asked."""
    lines = []
    described = [describe_stale(c, cite_prefix) for c in changes]
    width = min(max((len(d) for d in described), default=0), 44)
    for c, text in zip(changes, described):
        lines.append(f"  {label}{text:<{width}}  [{', '.join(c.sources)}]")
        if context is not None and c.change is not None and c.change.parts:
            lines.extend(render_change(c.change, context, indent="      "))
    return lines


def render_review(report, context: int | None = None) -> str:
    """The default text of ``judge stale``: the summary, then each scenario a judge must act on with why,
    its changed key rules and how it reads now under the new version."""
    counts = report.counts()
    review = report.to_review
    why = [f"{counts['answer_changed']} answer{'s' if counts['answer_changed'] != 1 else ''} changed",
           f"{counts['key_changed']} with a key rule changed"]
    if counts["regressed"]:
        why.append(f"{counts['regressed']} no longer pass")
    if counts["unknown_in_rerun"]:
        why.append(f"{counts['unknown_in_rerun']} cite rules {report.new.cite_prefix} does not hold")
    steps = sum(len(c.counted(report.strict)) - len(c.key_changes(report.strict))
                - len(c.key_changes(report.strict, reviewed=True)) for c in report.checks)
    out = [f"{_plural(counts['scenarios'], 'scenario')} against {report.new.cite_prefix}: {len(review)} to review "
           f"({', '.join(why)}), {counts['scenarios'] - len(review)} unchanged for a judge"
           + (f" ({counts['reviewed']} of them after a judge's review of the change: --all)" if counts["reviewed"]
              else "") + "; "
           f"{_plural(steps, 'other changed citation')} (rules only their steps cite, examples) and "
           f"{_plural(counts['cosmetic'], 'punctuation/case-only rewording')} (--all lists them)"]
    for check in review:
        out += ["", f"{check.path}  ({check.old.cite_prefix} → {check.new.version}): {', '.join(check.review(report.strict))}"]
        out += _changed_citations(check.key_changes(report.strict), check.old.cite_prefix, context, "key rule ")
        if check.answer_changed:
            old, new = check.old_run, check.new_run
            for i, text in enumerate(new.answer):
                if i >= len(old.answer) or old.answer[i] != text or \
                        [check.new_id(k) for k in old.keys[i]] != new.keys[i]:
                    out.append(f"  now: {text} ({', '.join(new.keys[i])})")
        if check.regressed or check.new_run.unknown:
            out.append(f"  {_rerun_line(check)}")
    return "\n".join(out)


def render_stale(report, context: int | None = None) -> str:
    """The text of ``judge stale``: a block per scenario, the most common stale rules, a summary line."""
    out: list[str] = []
    for check in report.checks:
        block = render_stale_check(check, report.strict, context)
        if len(block) > 1 and out and out[-1] != "":
            out.append("")
        out.extend(block)
        if len(block) > 1:
            out.append("")
    if out and out[-1] != "":
        out.append("")
    frequent = report.frequent()
    if len(report.checks) > 1 and frequent and frequent[0][1] > 1:
        out.append("Most cited stale rules: " + ", ".join(f"{rid} ({_plural(n, 'scenario')})" for rid, n in frequent))
    counts = report.counts()
    kinds = counts["citations"]
    total = sum(kinds.values())
    labels = {"moved": "moved", "removed": "removed", "reworded": "reworded", "unknown": "not in their version"}
    parts = [f"{kinds[k]} {label}" for k, label in labels.items() if kinds[k]]
    summary = (f"{_plural(counts['scenarios'], 'scenario')} against {report.new.cite_prefix}: "
               f"{counts['stale']} stale, {counts['up_to_date']} up to date; {_plural(total, 'stale citation')}"
               + (f" ({', '.join(parts)})" if parts else ""))
    if counts["regressed"]:
        summary += f"; {counts['regressed']} no longer pass"
    if counts["unknown_in_rerun"]:
        summary += f"; {counts['unknown_in_rerun']} cite rules {report.new.cite_prefix} does not hold"
    if counts["cosmetic"]:
        summary += (f"; {_plural(counts['cosmetic'], 'punctuation/case-only rewording')}"
                    + (" counted (--strict)" if report.strict else " not counted"))
    not_compared = sum(len(c.not_compared) for c in report.checks)
    if not_compared:
        summary += f"; {_plural(not_compared, 'citation')} outside an excerpt not compared"
    out.append(summary)
    return "\n".join(out)
