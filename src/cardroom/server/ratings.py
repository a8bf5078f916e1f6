"""Account ratings per game: openskill's Plackett-Luce model over the
finishing ranks of a rated game (ties share a rank), and the whole number
the pages show for one."""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

# The shown rating: a newcomer's ordinal (0) reads as 1000, and one step of
# ordinal as 100 points, so a first lost game reads 817, not "-1.8".
SHOWN_BASE = 1000
SHOWN_SCALE = 100


def update(ranking: list[list[int]],
           before: dict[int, tuple[float, float, int]]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) per account from one game's ranking (groups of
    account ids, best first); accounts not in ``before`` start fresh."""
    teams: list[list[Any]] = []
    ranks: list[float] = []
    order: list[int] = []
    for place, group in enumerate(ranking):
        for account in group:
            old = before.get(account)
            rating = (_MODEL.rating(mu=old[0], sigma=old[1]) if old is not None
                      else _MODEL.rating())
            teams.append([rating])
            ranks.append(float(place + 1))
            order.append(account)
    if len(teams) < 2:
        return {}
    rated = _MODEL.rate(teams, ranks=ranks)
    return {account: (team[0].mu, team[0].sigma) for account, team in zip(order, rated,
                                                                           strict=True)}


def shown(ordinal: float) -> int:
    """The rating as people read it: 1000 + 100 x ordinal, a whole number,
    never below 0 (only a long run of last places would get there)."""
    return max(0, round(SHOWN_BASE + SHOWN_SCALE * ordinal))


def public(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the leaderboard sends it: ordinal = mu - 3 sigma (the
    order), and ``rating``, the number the pages show."""
    ordinal = mu - 3 * sigma
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(ordinal, 3),
            "rating": shown(ordinal)}
