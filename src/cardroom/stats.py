"""Small statistics for simulations and arenas (no dependencies).

Every interval is a 95% interval over independent units (games in
``simulate``, deals in ``arena``). Shares (win shares, first places) use the
Wilson score interval, which stays inside [0, 1] and never shrinks to a
point; a unit's value may be a fraction (a shared win, or a bot's mean over
its seats), and since values in [0, 1] have a variance of at most p(1 - p),
Wilson's interval over the units is never narrower than the data allow.
Places (1 to players) get the same interval of their position in that
range. Means of unbounded values (scores) use the normal approximation, and
have no interval from a single unit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.core.ranking import places, win_credit

__all__ = ["MIN_UNITS", "Estimate", "bounded_ci", "mean_ci", "places", "score_direction",
           "score_heading", "share_ci", "too_few", "win_credit"]

Z95 = 1.959963984540054
MIN_UNITS = 30
"""Fewer independent units than this and the intervals are too wide to tell
most bots apart: the reports say so."""


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    n: int

    def interval(self) -> list[float] | None:
        """[low, high] for JSON; None where there is no interval (NaN)."""
        if math.isnan(self.low) or math.isnan(self.high):
            return None
        return [self.low, self.high]


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean with a normal-approximation 95% confidence interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def share_ci(values: Sequence[float]) -> Estimate:
    """The mean of values in [0, 1] with its Wilson score 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = sum(values) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Exactly, the interval holds p; the min and max keep rounding from saying otherwise.
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


def bounded_ci(values: Sequence[float], lowest: float, highest: float) -> Estimate:
    """The mean of values in [lowest, highest] (a place, for one) with the
    Wilson interval of their position in that range: inside it, never a point."""
    if highest <= lowest:
        return Estimate(lowest, lowest, lowest, len(values))
    span = highest - lowest
    share = share_ci([(v - lowest) / span for v in values])
    return Estimate(lowest + share.mean * span, lowest + share.low * span,
                    lowest + share.high * span, share.n)


def too_few(units: int, word: str) -> str | None:
    """A warning when ``units`` (games, deals) are too few to say much."""
    if units >= MIN_UNITS:
        return None
    return (f"only {units} {word}{'s' * (units != 1)}: the intervals are too wide to tell "
            f"most bots apart (run {MIN_UNITS} or more)")


def score_direction(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """'lower' or 'higher': which scores win, read from the games themselves
    (first places against their scores); None when the scores are not
    numbers or never decide (Papayoo and Pile up: lower wins)."""
    lower = higher = 0
    for row in rows:
        scores, first = row["scores"], row["ranking"][0]
        if not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores):
            return None
        if min(scores) == max(scores):
            continue
        winning = [scores[s] for s in first]
        lower += all(v == min(scores) for v in winning)
        higher += all(v == max(scores) for v in winning)
    if lower > higher:
        return "lower"
    return "higher" if higher > lower else None


def score_heading(direction: str | None) -> str:
    """A table's score column, saying which way wins when that is known."""
    return f"mean score ({direction} wins)" if direction else "mean score"
