"""The scenario layer: scenario files loaded and checked, played through their game's engine, compared with
their ``[expect]`` (:mod:`.runner`), and checked against newer rules versions (:mod:`.stale`).

The runner's API is re-exported here: ``from judge import scenarios; scenarios.play(scenarios.load(path))``.
"""

from judge.scenarios.runner import (Scenario, engine_of, find_scenarios, load, loads, play, rulebook_for,
                                    unknown_citations, validate)

__all__ = ["Scenario", "engine_of", "find_scenarios", "load", "loads", "play", "rulebook_for", "unknown_citations",
           "validate"]
