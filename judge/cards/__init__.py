"""Real Flesh and Blood card data (embedded default + imports) and the card-text compiler.

* :mod:`judge.cards.data` — the compact card data: load (lazily), look up by name (typo-tolerant), colour
  variants, import a newer ``card.csv`` into the store.
* :mod:`judge.cards.compiler` — printed text → the engine's ability primitives (the scenario format's
  ability tables); what it does not understand, it says.

Nothing here is imported by a rule lookup: the card data costs nothing until a command needs a card.
"""
