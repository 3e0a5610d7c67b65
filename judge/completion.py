"""Shell completion for the ``judge`` command (click's own mechanism): rule ids, defined terms, document
names and ``--game`` values.

Enable it once per shell (see the README):  ``eval "$(_JUDGE_COMPLETE=bash_source judge)"``
(``zsh_source`` for zsh, ``fish_source`` for fish). Completing a rule id reads the document the command
line names so far (``--rules`` / ``--game``), from the parse cache.
"""

from __future__ import annotations

from click.shell_completion import CompletionItem


def _book(ctx):
    from judge.rulebook import store

    params = ctx.params if ctx is not None else {}
    return store.load(store.resolve(params.get("rules_sel"), params.get("game")))


def rule_ids(ctx, _param, incomplete: str) -> list[CompletionItem]:
    """Rule ids, then defined terms, starting with what is typed."""
    from judge.errors import JudgeError
    from judge.rulebook.terms import complete

    try:
        found = complete(_book(ctx), incomplete, limit=50)
    except (JudgeError, OSError):
        return []
    return [CompletionItem(c["value"], help=c["label"]) for c in found]


def documents(_ctx, _param, incomplete: str) -> list[CompletionItem]:
    """Names and versions of the documents in the store."""
    from judge.rulebook import store

    seen, out = set(), []
    for doc in store.list_documents():
        for value, help_ in ((doc.name, doc.title), (doc.version, f"{doc.game} {doc.name}")):
            if value and value not in seen and value.startswith(incomplete):
                seen.add(value)
                out.append(CompletionItem(value, help=help_))
    return out


def game_ids(_ctx, _param, incomplete: str) -> list[CompletionItem]:
    """The registered games (and ``all`` where a command takes it)."""
    from judge import games

    return [CompletionItem(g.id, help=g.name) for g in games.GAMES.values() if g.id.startswith(incomplete)]
