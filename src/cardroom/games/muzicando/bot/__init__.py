"""The heuristic Muzicando player (heuristic.py) and its judgement of a
hand (judgement.py)."""

from __future__ import annotations

from cardroom.games.muzicando.bot.heuristic import MuzicandoHeuristic, PlayContext

__all__ = ["MuzicandoHeuristic", "PlayContext"]
