"""Small statistics for simulations and arenas (no dependencies)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


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


def win_credit(ranking: Sequence[Sequence[int]], seat: int) -> float:
    """1 for a sole first place, 1/k for a first place shared by k, else 0."""
    first = ranking[0]
    return 1.0 / len(first) if seat in first else 0.0
