"""The state's own random number generator, with named random sources.

SplitMix64 keeps the whole generator state in one integer, so cloning a game
state copies the RNG for free and replays are identical on every platform and
Python version. Every random draw of a game goes through ``draw(source, ...)``
so that the ``stack`` option can replace the outcomes of a named source.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("_s", "_stack", "_used")

    def __init__(self, seed: int, stack: Mapping[str, Sequence[Any]] | None = None) -> None:
        self._s = seed & MASK64
        # Stacked outcomes are already converted and validated by the game;
        # they are shared (never mutated) between clones.
        self._stack: Mapping[str, Sequence[Any]] = stack or {}
        self._used: dict[str, int] = {}

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other._s = self._s
        other._stack = self._stack
        other._used = dict(self._used)
        return other

    def reseeded(self, seed: int) -> Rng:
        """A copy with the same stack position but a new random stream."""
        other = self.clone()
        other._s = seed & MASK64
        return other

    def next64(self) -> int:
        self._s = s = (self._s + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        # Lemire's multiply-shift with rejection: exact, and one product per draw.
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        m = self.next64() * n
        if m & MASK64 < n:
            threshold = ((1 << 64) - n) % n
            while m & MASK64 < threshold:
                m = self.next64() * n
        return m >> 64

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def draw(self, source: str, make: Callable[[], T]) -> T:
        """The next outcome of a named source: stacked if one is left, else random."""
        stacked = self._stack.get(source)
        if stacked is not None:
            used = self._used.get(source, 0)
            if used < len(stacked):
                self._used[source] = used + 1
                value: T = stacked[used]
                return value
        return make()

    def stacked_left(self, source: str) -> int:
        stacked = self._stack.get(source, ())
        return len(stacked) - self._used.get(source, 0)
