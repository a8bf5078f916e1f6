"""Rankings and what a place is worth: one definition for the games'
results, the search's rewards and the simulators' statistics.

A ranking is a list of groups of seats, best first; seats in one group are
tied.
"""

from __future__ import annotations

from collections.abc import Sequence

Ranking = Sequence[Sequence[int]]


def rank(scores: Sequence[float], higher_is_better: bool) -> list[list[int]]:
    """Seats grouped by equal score, best group first."""
    ordered = sorted(set(scores), reverse=higher_is_better)
    return [[s for s, v in enumerate(scores) if v == value] for value in ordered]


def win_credit(ranking: Ranking, seat: int) -> float:
    """1 for a sole first place, 1/k for a first place shared by k, else 0."""
    first = ranking[0]
    return 1.0 / len(first) if seat in first else 0.0


def win_shares(ranking: Ranking, players: int) -> list[float]:
    """``win_credit`` of every seat."""
    return [win_credit(ranking, seat) for seat in range(players)]


def rank_shares(ranking: Ranking, players: int) -> list[float]:
    """1 for first, 0 for last, linear in between; a tie takes the mean of
    the places it covers."""
    if players < 2:
        return [1.0] * players
    out = [0.0] * players
    ahead = 0
    for group in ranking:
        # Places ahead .. ahead+len-1 shared: the mean place is ahead + (len-1)/2.
        value = 1.0 - (ahead + (len(group) - 1) / 2) / (players - 1)
        for seat in group:
            out[seat] = value
        ahead += len(group)
    return out


def places(ranking: Ranking) -> dict[int, int]:
    """Each seat's place (1 = first), tied seats sharing the best place of
    their group."""
    out: dict[int, int] = {}
    place = 1
    for group in ranking:
        for seat in group:
            out[seat] = place
        place += len(group)
    return out
