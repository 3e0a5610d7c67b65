"""Commands about versions of a rules document: ``judge diff`` and ``judge history``.

A thin click layer over :mod:`judge.rulebook.diff`, which (with rapidfuzz) is imported only when one of
these commands runs, never at start-up.
"""

from __future__ import annotations

import os

import click

from judge.cli import cli, emit_json, example, json_option
from judge.errors import JudgeError

KINDS = ("renumbered", "removed", "added", "reworded")


def _load_version(selector: str, game: str | None):
    from judge.rulebook import store

    try:
        doc = store.resolve(selector, game)
    except JudgeError:
        if os.path.exists(selector):
            raise
        if "/" in selector or os.sep in selector:
            raise JudgeError(f"no such file: {selector}") from None
        known = [f"{d.version} ({d.name})" for d in store.list_documents() if game is None or d.game == game]
        raise JudgeError(f"unknown version or document {selector!r}; known: {', '.join(known) or 'none'} "
                         "(or give a file path)") from None
    if not doc.version:          # a document given by path: name it by its file
        doc.version = doc.name
    return doc, store.load(doc)


def _same_files(a, b) -> bool:
    return sorted(os.path.realpath(f) for f in a.files) == sorted(os.path.realpath(f) for f in b.files)


def load_pair(old_sel: str, new_sel: str, game: str | None):
    """Both documents of a diff, or a one-line error: different games, the same document twice."""
    old_doc, old = _load_version(old_sel, game)
    new_doc, new = _load_version(new_sel, game)
    if old_doc.game != new_doc.game:
        raise JudgeError(f"cannot compare documents of different games: {old_sel} is {old_doc.game} "
                         f"({old_doc.name}), {new_sel} is {new_doc.game} ({new_doc.name})")
    if _same_files(old_doc, new_doc):
        raise JudgeError(f"{old_sel} and {new_sel} are the same document ({old_doc.name}); "
                         "give two different versions")
    return old, new


# ---------------------------------------------------------------------------------------------------------
# judge diff
# ---------------------------------------------------------------------------------------------------------

@cli.command("diff", epilog=example("judge diff 2.10.1 2026-02",
                                    "judge diff fab-2.10.1 fab-2026-02 --chapter 4 --limit 0",
                                    "judge diff 2025-11-14 2026-01-16 --game mtg --json"))
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--game", metavar="GAME", help="Game of the documents when OLD/NEW are versions: fab, mtg, ga, mc.")
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
    click.echo(render_diff(result, lists, limit=limit, context=None if full else context))


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
        for change in items[: limit or None]:
            if kind == "renumbered":
                out.append(f"  {change.old_id} → {change.new_id}{_describe(change)}")
                if change.reworded:
                    out.extend(render_change(change, context))
                else:
                    out.append(f"    {_rule_line(change.new)}")
            elif kind in ("removed", "added"):
                rule = change.old if kind == "removed" else change.new
                out.append(f"  {rule.id:<10} {_rule_line(rule)}")
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

def imported_versions(game: str):
    """The imported documents of ``game``, one per version (the preferred one), oldest first."""
    from judge.rulebook import store
    from judge.rulebook.model import GAME_NAMES, format_version_key

    best = {}
    for doc in store.list_documents():
        if doc.game == game and doc.origin == "imported":
            if doc.version not in best or doc.sort_key() > best[doc.version].sort_key():
                best[doc.version] = doc
    if not best:
        raise JudgeError(f"no imported versions of the {GAME_NAMES.get(game, game)} rules; import them with "
                         f"'judge rules import FILE --game {game} --version VERSION'")
    return sorted(best.values(), key=lambda d: (format_version_key(d.version), d.version))


@cli.command("history", epilog=example("judge history 1.3.3b", "judge history 4.4.3f --json",
                                       "judge history 702.124k --game mtg"))
@click.argument("rule_id", metavar="ID")
@click.option("--game", default="fab", show_default=True, metavar="GAME", help="Game: fab, mtg, ga, mc.")
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
    click.echo(render_history(result, context))


_EVENT_WORDS = {"first": "present in the earliest imported version", "added": "added", "unchanged": "unchanged",
                "reworded": "reworded", "removed": "removed"}


def render_history(result, context: int | None = 8) -> str:
    """The text of ``judge history``: one line per version, word diffs under rewordings."""
    from judge.rulebook.model import CITE_PREFIX

    books = result.books
    out = [f"{CITE_PREFIX.get(books[0].game, books[0].game)} {result.rule_id}: "
           f"{len(books)} version{'s' if len(books) != 1 else ''} ({', '.join(b.version for b in books)})"]
    width = max(len(b.version) for b in books)
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
        out.append(f"  {event.version:<{width}}  {event.rule_id:<10} {what}")
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
