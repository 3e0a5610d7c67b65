"""judge: a rules-judge assistant and rules-query tool for trading card games.

Python API::

    from judge import load
    book = load()                 # newest Flesh and Blood document (embedded seeds by default)
    book.get("7.5.5b").text
    book.cite("7.5.5b")           # 'FaB CR 2.10.1 7.5.5b'
"""

__version__ = "0.1.0"


def load(rules=None, game=None):
    """Load a rules document by name, version or path (default: newest Flesh and Blood document)."""
    from judge.rulebook import store

    return store.load(store.resolve(rules, game))


def __getattr__(name):
    if name == "Rulebook":
        from judge.rulebook.model import Rulebook

        return Rulebook
    raise AttributeError(name)
