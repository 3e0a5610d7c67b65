# Forked worker processes for runs over many items (the pages of a site, the scenarios of a check), in order.
"""Runs over many independent items, in forked worker processes where that pays: each result in order.

The caller puts what the items are in module state before the call; workers inherit it by fork (nothing is
pickled on the way in), and send back only each result.
"""

from __future__ import annotations

import os


def ordered_map(fn, count: int, minimum: int, most: int = 4, chunksize: int = 4):
    """``fn(i)`` for each ``i`` in ``range(count)``, yielded in order: by forked worker processes (one per
    core, at most ``most``) when there are at least ``minimum`` items, several cores and the platform can
    fork; otherwise here, one after the other. ``fn`` is a module-level function (workers look it up by
    name) reading item ``i`` from state set before the call."""
    import multiprocessing

    cores = os.cpu_count() or 1
    if count < minimum or cores < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from map(fn, range(count))
        return
    with multiprocessing.get_context("fork").Pool(min(cores, most)) as pool:
        yield from pool.imap(fn, range(count), chunksize=chunksize)
