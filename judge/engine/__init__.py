"""The engines: what every game shares (:mod:`.core`, :mod:`.citations`) and one package per game."""
