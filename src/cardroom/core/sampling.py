"""A fast seeded generator for determinization samplers.

A search draws thousands of determinizations per move, each a shuffle of
the unseen cards (and often several, when a constrained deal is rejected).
``Rng`` (SplitMix64 in pure Python) costs about 1.5 us per draw; this wraps
the stdlib's Mersenne Twister (C speed), seeded once from an ``Rng`` so
that searches stay reproducible: ``random.Random(int).random()`` yields the
same floats on every platform and supported Python version, and the index
arithmetic below is exact IEEE arithmetic. An index ``int(random() * n)``
is off uniform by at most n / 2**53, far below anything a search can notice.

The game's own chance (future deals, dice) keeps using ``Rng``: a sampled
state gets a fresh ``Rng`` seeded from here (``next_rng``).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from cardroom.core.rng import Rng

T = TypeVar("T")


class Shuffler:
    """Seeded shuffles and picks for one search's determinizations."""

    __slots__ = ("random",)

    def __init__(self, rng: Rng) -> None:
        self.random = random.Random(rng.next64()).random

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): by one float when n is small, else
        exact from 53-bit chunks with rejection (counting weights grow big)."""
        if n <= 1 << 32:
            return int(self.random() * n)
        bits = n.bit_length()
        while True:
            got = have = 0
            while have < bits:
                got = got << 53 | int(self.random() * (1 << 53))
                have += 53
            got >>= have - bits
            if got < n:
                return got

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self.random() * len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        rand = self.random
        for i in range(len(items) - 1, 0, -1):
            j = int(rand() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def next_rng(self) -> Rng:
        """A fresh ``Rng`` for a sampled state's future chance."""
        return Rng(int(self.random() * (1 << 53)) << 11 ^ int(self.random() * (1 << 53)))
