"""The one registry of games judge knows: ids, names, citation prefixes, rules formats, engines, card data.

Every list of games in judge reads from :data:`GAMES` — the rules store, the citation prefix of a rulebook,
the ``--game`` choices and help of the command line, the scenario runner's choice of engine. Adding a game is
one :class:`Game` entry here plus one engine package (docs/adding-a-game.md); ``tests/test_games.py``
checks that every registered game has all its parts.

This module imports nothing: a ``judge rule`` lookup reads it on its fast path. It names each game's engine
package (:attr:`Game.engine_package`) but does not import it: :mod:`judge.engine.registry`, above the
engines, imports it when a scenario of the game is played, so that no import runs back down from here.
"""

from __future__ import annotations


class Game:
    """One game: what the rules store, the citations, the command line and the scenario runner need to know.

    * ``id`` — the short name used everywhere (``--game fab``, ``[scenario] game = "fab"``, manifests);
    * ``name`` — the game's full name, in messages (``Flesh and Blood``);
    * ``cite_prefix`` — what precedes the version and rule id in a citation (``FaB CR`` → ``FaB CR 2.10.1 7.5.5b``);
    * ``formats`` — the rules-document formats its documents come in (keys of
      :data:`judge.rulebook.store.FORMATS`), the first being the one guessed for an import;
    * ``sniff`` — bytes near the start of a document that tell this game apart from another game sharing
      the same format (Magic's CR and FaB's CR are both ``numbered``), or ``b""``;
    * ``default_documents`` — names of the embedded documents (``rules/*.toml``) of this game, if any;
    * ``engine_package`` — the module name of its engine package (a :class:`judge.engine.core.Engine`,
      loaded by :func:`judge.engine.registry.engine`), or None when the game has rules lookup only
      (Magic: the scale test);
    * ``scenario_doc`` — the page documenting its scenario format (for games with an engine);
    * ``card_data`` — its embedded real card data (a path from the repository root, read by
      :mod:`judge.cards.data`), or None.
    """

    __slots__ = ("id", "name", "cite_prefix", "formats", "sniff", "default_documents", "engine_package",
                 "scenario_doc", "card_data")

    def __init__(self, id: str, name: str, cite_prefix: str, formats: tuple[str, ...], *, sniff: bytes = b"",
                 default_documents: tuple[str, ...] = (), engine_package: str | None = None,
                 scenario_doc: str | None = None, card_data: str | None = None):
        self.id = id
        self.name = name
        self.cite_prefix = cite_prefix
        self.formats = tuple(formats)
        self.sniff = sniff
        self.default_documents = tuple(default_documents)
        self.engine_package = engine_package
        self.scenario_doc = scenario_doc
        self.card_data = card_data

    @property
    def has_engine(self) -> bool:
        """Can this game's scenarios be played (does it register an engine)?"""
        return self.engine_package is not None

    def __repr__(self) -> str:
        return f"Game({self.id!r}, {self.name!r})"


GAMES: dict[str, Game] = {g.id: g for g in (
    Game("fab", "Flesh and Blood", "FaB CR", ("numbered",), default_documents=("fab-2.10.1-seed",),
         engine_package="judge.engine.fab", scenario_doc="docs/scenario-format.md", card_data="judge/cards/fab-cards.tsv"),
    Game("mtg", "Magic: The Gathering", "MTG CR", ("numbered",), sniff=b"Magic"),
    Game("ga", "Grand Archive", "GA rules", ("gitbook", "gitbook-text"), default_documents=("ga-seed",),
         engine_package="judge.engine.grand_archive", scenario_doc="docs/scenario-format-ga.md"),
    Game("mc", "Marvel Champions", "MC Rules Reference", ("glossary-html", "glossary-text"),
         default_documents=("mc-seed",), engine_package="judge.engine.marvel_champions",
         scenario_doc="docs/scenario-format-mc.md"),
)}
"""Every game, by id, in the order help texts list them."""

IDS: tuple[str, ...] = tuple(GAMES)
"""The game ids: ``('fab', 'mtg', 'ga', 'mc')``."""

DEFAULT = "fab"
"""The game a command reads when given neither ``--game`` nor ``--rules``."""


def get(game_id: str) -> Game:
    """The registered game ``game_id``; a one-line :class:`judge.errors.JudgeError` naming the known ids."""
    game = GAMES.get(game_id)
    if game is None:
        from judge.errors import JudgeError

        raise JudgeError(f"unknown game {game_id!r} (known: {', '.join(IDS)})")
    return game


def name(game_id: str) -> str:
    """The full name of a game (``Flesh and Blood``), or the id itself for an unregistered one."""
    game = GAMES.get(game_id)
    return game.name if game else game_id


def cite_prefix(game_id: str) -> str:
    """What precedes version and rule id in a citation of this game (``FaB CR``); the id when unregistered."""
    game = GAMES.get(game_id)
    return game.cite_prefix if game else game_id


def playable() -> tuple[str, ...]:
    """The ids of the games with an engine: those a scenario file may name."""
    return tuple(g.id for g in GAMES.values() if g.has_engine)


def games_of_format(fmt: str) -> list[Game]:
    """The games whose documents come in the rules format ``fmt``, in registry order."""
    return [g for g in GAMES.values() if fmt in g.formats]


def guess_game(fmt: str, head: bytes = b"") -> str:
    """The game of a document in format ``fmt`` whose first bytes are ``head``: among the games of that
    format, the one whose :attr:`Game.sniff` marker ``head`` holds, else the first without a marker."""
    candidates = games_of_format(fmt)
    for game in candidates:
        if game.sniff and game.sniff in head:
            return game.id
    for game in candidates:
        if not game.sniff:
            return game.id
    return DEFAULT


def help_list(with_default: bool = True) -> str:
    """The game ids for a help text: ``fab (default), mtg, ga, mc``."""
    return ", ".join(f"{g} (default)" if with_default and g == DEFAULT else g for g in IDS)
