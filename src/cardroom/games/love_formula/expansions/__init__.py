"""The expansions' rules: the only modules that change their fields.

- ``chance.py``: the Chance expansion: the chance deck, the card revealed
  before each round (D6, R14, R15) and its round effects: extra moves,
  round rules, chance VP (R17).
- ``goals.py``: #RelationshipGoals: the goal row and its VP cards, the goal
  measures, First goals claimed at once (R18), Game End goals (R19), the
  variants (R20-R22), and the counters of what each seat did (R26).

Which cards and options a game uses is ``cards/config.py``; the ops that
chance cards run are carried out by ``rules/effects.py``, which calls the
functions here for the expansions' fields.
"""
