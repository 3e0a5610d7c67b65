"""The scenario layer: scenario files read and checked (:mod:`.files`), judged under their rulebook and
played through their game's engine, compared with their ``[expect]`` (:mod:`.runner`), and checked against
newer rules versions (:mod:`.stale`).

The runner's API is re-exported here: ``from judge import scenarios; scenarios.play(scenarios.load(path))``.
"""

from judge.scenarios.runner import (Rulebooks, Scenario, check, engine_of, find_scenarios, load, loads,
                                    parse_cache, play, resolve_file, rulebook_for, unknown_citations, validate, validate_files)

__all__ = ["Rulebooks", "Scenario", "check", "engine_of", "find_scenarios", "load", "loads", "parse_cache", "play", "resolve_file",
           "rulebook_for", "unknown_citations", "validate", "validate_files"]
