# No rule of its own: which engine package plays the scenarios of each game of judge/games.py.
"""The engine of every game that has one, imported on first use by a plain ``import`` in its loader below.

:mod:`judge.games` lies below everything (a rule lookup reads it) and only *names* each engine package
(:attr:`judge.games.Game.engine_package`); this module, above the engine packages, imports them, so that no
import runs back down the layers and none closes a circle. Adding a game with an engine is one loader here
(``tests/test_games.py`` checks that each names the package the registry names).
"""

from __future__ import annotations


def _fab():
    from judge.engine import fab
    from judge.engine.fab import cited  # noqa: F401 — registers the rules it cites

    return fab


def _grand_archive():
    from judge.engine import grand_archive
    from judge.engine.grand_archive import cited  # noqa: F401 — registers the rules it cites

    return grand_archive


def _marvel_champions():
    from judge.engine import marvel_champions
    from judge.engine.marvel_champions import cited  # noqa: F401 — registers the rules it cites

    return marvel_champions


LOADERS = {"fab": _fab, "ga": _grand_archive, "mc": _marvel_champions}
"""Game id → the function importing its engine package and the package's ``cited`` registry, returning the
package (a :class:`judge.engine.core.Engine`)."""


_LOADED: dict = {}
"""Loader → the package it returned: asked for at every scenario played, imported once (a loader replaced in
``LOADERS`` is a new key, so it runs)."""


def engine(game_id: str):
    """The engine package of ``game_id`` (imported on first use), or None for a game without an engine.

    Raises ImportError when the package cannot be imported."""
    load = LOADERS.get(game_id)
    if load is None:
        return None
    package = _LOADED.get(load)
    if package is None:
        package = _LOADED[load] = load()
    return package


def cited(game_id: str):
    """The citation registry of ``game_id``'s engine (:class:`judge.engine.citations.Registry`; the engine is
    imported first, which registers it), or None for a game without an engine."""
    if engine(game_id) is None:
        return None
    from judge.engine import citations

    return citations.registry(game_id)
