"""judge: a rules-judge assistant and rules-query tool for trading card games.

The Python API a bot or an app embeds (the command line and ``judge serve`` call the same functions)::

    import judge

    book = judge.load()                      # newest Flesh and Blood document (embedded seeds by default)
    book.get("7.5.5b").text                  # one rule's text
    book.cite("7.5.5b")                      # 'FaB CR 2.10.1 7.5.5b'
    judge.rule("7.5.5b")                     # the rule as data: text, parents, children, cites, cited-by
    judge.rule("dominate")                   # a term goes to the rule that defines it
    judge.define("go again")                 # every rule defining a term (and Magic's glossary text)
    [h.rule_id for h in judge.search("go again", limit=3)]
    outcome = judge.resolve("scenarios/fab/7.5.2-power-6-against-3-and-2.toml")
    outcome.passed, outcome.summary          # the answer's sentences with their citations

Errors a user can cause are :class:`judge.errors.JudgeError` (an unknown rule, a malformed scenario…), each
with a one-line message.
"""

__version__ = "0.1.0"


def load(rules=None, game=None):
    """Load a rules document by name, version or path (default: newest Flesh and Blood document)."""
    from judge.rulebook import store

    return store.load(store.resolve(rules, game))


def rule(rule_id: str, rules=None, game=None) -> dict:
    """A rule (or the rule defining a term) as data: what ``judge rule --json`` prints."""
    from judge.rulebook.query import rule_view

    return rule_view(load(rules, game), rule_id)


def define(term: str, rules=None, game=None) -> dict:
    """The rules defining ``term``: what ``judge define --json`` prints."""
    from judge.rulebook.terms import define as define_term

    return define_term(load(rules, game), term)


def search(query: str, rules=None, game=None, limit: int = 10) -> list:
    """Ranked :class:`judge.rulebook.search.Hit` objects for ``query`` (definitions first)."""
    from judge.rulebook.search import search as run_search

    return run_search(load(rules, game), query, limit=limit)


def resolve(scenario, rules=None):
    """Play a scenario (a file path, or its TOML as ``bytes``) and return the
    :class:`judge.engine.core.Outcome`, compared with the file's ``[expect]`` (``outcome.passed``).
    ``rules`` judges it under another document than the one it names."""
    from judge import scenarios as sc

    loaded = sc.loads(scenario, "<scenario>") if isinstance(scenario, bytes) else sc.load(scenario)
    return sc.play(loaded, sc.Rulebooks(rules, game=loaded.game)(loaded))


def __getattr__(name):
    if name == "Rulebook":
        from judge.rulebook.model import Rulebook

        return Rulebook
    raise AttributeError(name)
