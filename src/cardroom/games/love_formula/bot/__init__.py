"""The heuristic bot: it reads only its seat's view and the legal strings.

- ``judgement.py``: what it reads from a view (``Position``: zones, needs)
  and what cards are worth to it.
- ``goals.py``: the expansions seen by the bot: goals it can still win, and
  the chance card's rules for the round.
- ``heuristic.py``: ``LoveHeuristic``, the choices by step.
"""

from cardroom.games.love_formula.bot.heuristic import LoveHeuristic

__all__ = ["LoveHeuristic"]
