"""What a finished (or horizon-cut) playout is worth to each seat.

A playout ends at the end of the game, or earlier at the *search horizon*:
the end of the current round, read from the ``State`` hooks
``rounds_completed()`` (a game without rounds keeps 0 and is played to the
end) and ``outlook()`` (by default ``standing()``, the ranking as if the
game ended now; a game may add what each seat can still expect).

Rewards are per seat, in [0, 1]. Three parts:

``win``    1 for a sole first place, 1/k for a first place shared by k, else
           0 (what the arena counts);
``rank``   1 for first, 0 for last, linear in between; a tie takes the mean
           of the places it covers;
``margin`` the seat's score minus the mean of the others' scores, signed so
           that more is better (the direction is read off the ranking: the
           first place's score against the last place's), and scaled to
           [0, 1] by the smallest and largest margins seen so far in the
           same search (as MuZero scales values). Only when every score is
           a number; otherwise this part is left out.

``win`` and ``rank`` use the ranking alone. ``margin`` keeps a signal where
the ranking has none: at a horizon early in a long game, or in a playout
that is won or lost whatever happens, taking fewer points still counts.
The ``reward`` setting picks ``win``, ``rank``, ``margin`` or ``mix`` (the
default: the mean of the three, or of ``win`` and ``rank`` without scores).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardroom.core.game import Result, State
from cardroom.core.ranking import Ranking, rank_shares, win_shares

Utility = Callable[[Ranking, int], list[float]]
REWARDS: Final = ("mix", "win", "rank", "margin")
win_utility = win_shares
rank_utility = rank_shares


def mix_utility(ranking: Ranking, players: int) -> list[float]:
    win = win_utility(ranking, players)
    rank = rank_utility(ranking, players)
    return [(w + r) / 2 for w, r in zip(win, rank, strict=True)]


UTILITIES: Final[dict[str, Utility]] = {"mix": mix_utility, "win": win_utility,
                                 "rank": rank_utility, "margin": mix_utility}


def margins(result: Result, players: int) -> list[float] | None:
    """Each seat's score minus the others' mean, more being better; None when
    the scores are not all numbers."""
    scores = result.scores
    if len(scores) != players or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in scores
    ):
        return None
    ranking = result.ranking
    best = sum(scores[s] for s in ranking[0]) / len(ranking[0])
    worst = sum(scores[s] for s in ranking[-1]) / len(ranking[-1])
    sign = 1.0 if best > worst else -1.0 if best < worst else 0.0
    total = float(sum(scores))
    return [sign * (v - (total - v) / (players - 1)) for v in scores]


def outcome(state: State) -> Result:
    """The outlook of a state at the search horizon, or the standing of a
    finished one.

    The search reads only the ranking and the scores, which ``outlook()``
    gives as ``result()`` does once the game is over (tests/search hold
    every game to that) without the result's details."""
    return state.outlook()
