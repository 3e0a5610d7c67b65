"""One parser per rules-document format, each giving the same :class:`judge.rulebook.model.Rulebook`."""
