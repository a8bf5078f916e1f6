"""Small statistics for simulations and arenas (no dependencies)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.core.ranking import places, win_credit

__all__ = ["Estimate", "mean_ci", "places", "win_credit"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    n: int


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean with a normal-approximation 95% confidence interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)
