"""What a seat may do now, and why not.

- ``listing.py``: ``legal_actions(s, seat)``, by step; the turn's options.
- ``placing.py``: where a card may go: a preparation onto a couple that
  needs it (R23 jokers), the preparation move, an obstacle's or a
  connection's couple.
- ``choices.py``: the options of the decision a card asks for.
- ``reactions.py``: when a reaction may be played, and who is asked.
- ``reasons.py``: ``illegal_reason(s, seat, action)``, in a player's words.
"""
