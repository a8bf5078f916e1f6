"""Love Formula's cards: what is printed on them, read from data.

- ``data/``: one JSON file per set (base, chance, goals, promo).
- ``vocabulary.py``: the effect vocabulary a card's data may use (ops,
  static effects, reaction triggers, goal clauses) and its checks;
  ``DataError``.
- ``checks.py``: the checks of one set file (fields, counts, D3 priorities).
- ``catalog.py``: the catalog ``CAT`` (every card of every set as an int),
  the card types, and ``CODES`` (card ids as protocol codes).
- ``promo.py``: the promo pack's independent choices (D8): which cards each
  puts in or takes out, and ``promo``, their shorthand.
- ``config.py``: which cards and rules one game uses, from its options
  (expansions, promo pack, goal variants, the first revealer) and the
  options themselves.
- ``shuffle.py``: a deck order through a named random source (R10).
"""
