"""Everything about rule documents: the model, the formats, the store and parse cache, search, graph, diff."""
