"""The state's own random number generator, with named random sources.

SplitMix64 keeps a generator's whole state in one integer, so cloning a game
state copies the RNG for almost nothing and replays are identical on every
platform and Python version.

Every random draw of a game goes through ``draw(source, make)``. Each named
source has its own stream, derived from the seed and the source's name (a
fixed FNV-1a hash, never Python's salted ``hash``), so what one source yields
never depends on how often another one was drawn: the deals of a seeded game
are the same however it is played (the engine protocol's "Randomness and
stacking"). The ``stack`` option replaces a source's outcomes, in order;
a stacked outcome does not advance that source's stream.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")
MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
_FNV_OFFSET: Final = 0xCBF29CE484222325
_FNV_PRIME: Final = 0x100000001B3
_NOTHING: Final[Any] = object()  # no stacked outcome left


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


# ----- SplitMix64 in 32-bit halves --------------------------------------------
# Compiled (cardroom/compiled.py), an int of 2**62 or more is a heap object
# and every operation on it a call into CPython; in halves every value stays
# below 2**53, so compiled code does plain machine arithmetic (the
# products are of 16-bit pieces, see _times). Only splitting the stored
# state and joining it again still work on a heap int: once per draw, and
# once per shuffle.
# Interpreted, the one-int form is the faster, so each method takes the
# halves only when this module is compiled. Both give the same stream:
# tests/core/test_rng.py holds them to it.
HALVES: Final = not isinstance(_mix, types.FunctionType)
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_G_HI: Final = GOLDEN >> 32
_G_LO: Final = GOLDEN & _M32
_SMALL: Final = 1 << 20  # bounds below this take the halves' index


def _advance(h: int, lo: int) -> tuple[int, int]:
    """The state after (h, lo): plus GOLDEN, mod 2**64."""
    lo += _G_LO
    return (h + _G_HI + (lo >> 32)) & _M32, lo & _M32


def _times(h: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """(h, lo) times the constant with 16-bit pieces c3 c2 c1 c0, mod 2**64,
    multiplying 16-bit pieces only (compiled, a product takes the machine's
    multiply only while both factors are below 2**30)."""
    h1, h0, l1, l0 = h >> 16, h & _M16, lo >> 16, lo & _M16
    mid = l0 * c1 + l1 * c0
    low = l0 * c0 + ((mid & _M16) << 16)
    high = ((low >> 32) + (mid >> 16) + l1 * c1
            + h0 * c0 + ((h0 * c1 + h1 * c0) << 16)  # h * (c1 c0), mod 2**32 below
            + l0 * c2 + ((l0 * c3 + l1 * c2) << 16))  # lo * (c3 c2), likewise
    return high & _M32, low & _M32


def _mix_halves(h: int, lo: int) -> tuple[int, int]:
    """_mix in halves."""
    lo ^= (lo >> 30) | ((h << 2) & _M32)
    h ^= h >> 30
    h, lo = _times(h, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    lo ^= (lo >> 27) | ((h << 5) & _M32)
    h ^= h >> 27
    h, lo = _times(h, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    lo ^= (lo >> 31) | ((h << 1) & _M32)
    return h ^ (h >> 31), lo


def _next_halves(s: int) -> tuple[int, int, int]:
    """The state after ``s`` and that state's output as halves: (state, h, lo)."""
    h, lo = _advance(s >> 32, s & _M32)
    zh, zl = _mix_halves(h, lo)
    return h << 32 | lo, zh, zl


def _index(h: int, lo: int, n: int) -> int:
    """below()'s index from the mixed value (h, lo) for a bound under
    _SMALL: the high word of value * n; -1 when the low word is below n,
    where below() goes on to _reject."""
    a = (lo & _M16) * n
    b = (lo >> 16) * n
    low = a + ((b & _M16) << 16)  # lo * n = low + (b >> 16) * 2**32
    t = (h & _M16) * n + ((h >> 16) * n << 16) + (b >> 16) + (low >> 32)
    if t & _M32 or low & _M32 >= n:
        return t >> 32
    return -1


def source_seed(seed: int, source: str) -> int:
    """The starting state of ``source``'s stream under ``seed``."""
    h = _FNV_OFFSET
    for byte in source.encode():
        h = ((h ^ byte) * _FNV_PRIME) & MASK64
    return _mix((seed & MASK64) ^ h)


class Rng:
    __slots__ = ("_s", "_seed", "_stack", "_streams", "_used")

    # ``seed`` has a default only for ``Rng.__new__(Rng)`` (clone,
    # with_source): compiled by mypyc, that call runs __init__ too.
    def __init__(self, seed: int = 0, stack: Mapping[str, Sequence[Any]] | None = None) -> None:
        self._seed = seed & MASK64
        self._s = self._seed
        # Stacked outcomes are already converted and validated by the game;
        # they are shared (never mutated) between clones. A dict of its own,
        # so compiled code reads it directly (every die roll asks it).
        self._stack: dict[str, Sequence[Any]] = dict(stack) if stack else {}
        self._used: dict[str, int] = {}
        self._streams: dict[str, int] = {}

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other._seed = self._seed
        other._s = self._s
        other._stack = self._stack
        other._used = dict(self._used)
        other._streams = dict(self._streams)
        return other

    # Pickled through a function, the same on both paths: the compiled class
    # pickles its fields as a dict, which the pure one (slots) cannot take,
    # and a card-room worker may run the other path (cardroom/compiled.py).
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _restored, (self._seed, self._s, self._stack, self._used, self._streams)

    # next64, below and shuffle spell SplitMix64 out inline (no call to
    # _mix): the same stream, about twice as fast on the playout hot paths.
    def next64(self) -> int:
        if HALVES:
            self._s, h, lo = _next_halves(self._s)
            return h << 32 | lo
        self._s = s = (self._s + GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        # Lemire's multiply-shift with rejection: exact, and one product per draw.
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if HALVES and n < _SMALL:
            self._s, h, lo = _next_halves(self._s)
            j = _index(h, lo, n)
            return j if j >= 0 else self._reject((h << 32 | lo) * n, n)
        self._s = s = (self._s + GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        m = (s ^ (s >> 31)) * n
        if m & MASK64 < n:
            return self._reject(m, n)
        return m >> 64

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if HALVES and len(items) < _SMALL:
            self._shuffle_halves(items)
            return
        s = self._s
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            s = (s + GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            m = (z ^ (z >> 31)) * n
            if m & MASK64 < n:  # rare: below()'s rejection, from here on
                self._s = s
                j = self._reject(m, n)
                s = self._s
            else:
                j = m >> 64
            items[i], items[j] = items[j], items[i]
        self._s = s

    def _shuffle_halves(self, items: MutableSequence[Any]) -> None:
        """shuffle() in halves (see HALVES)."""
        h, lo = self._s >> 32, self._s & _M32
        for i in range(len(items) - 1, 0, -1):
            h, lo = _advance(h, lo)
            zh, zl = _mix_halves(h, lo)
            j = _index(zh, zl, i + 1)
            if j < 0:  # rare: below()'s rejection, from here on
                self._s = h << 32 | lo
                j = self._reject((zh << 32 | zl) * (i + 1), i + 1)
                h, lo = self._s >> 32, self._s & _M32
            items[i], items[j] = items[j], items[i]
        self._s = h << 32 | lo

    def draw(self, source: str, make: Callable[[Rng], T]) -> T:
        """The next outcome of a named source: stacked if one is left, else
        ``make`` called with that source's own stream."""
        value = self._take_stacked(source)
        if value is not _NOTHING:
            outcome: T = value
            return outcome
        return self.with_source(source, make)

    def _take_stacked(self, source: str) -> Any:
        """The next stacked outcome of ``source``, taken; _NOTHING if none is left."""
        stacked = self._stack.get(source)
        if stacked is not None:
            used = self._used.get(source, 0)
            if used < len(stacked):
                self._used[source] = used + 1
                return stacked[used]
        return _NOTHING

    def draw_below(self, source: str, n: int, offset: int = 0) -> int:
        """``draw(source, lambda r: r.below(n) + offset)`` without building a
        stream object: the same outcome, stacked or drawn, and the same
        stream left behind (dice are drawn on every turn of a playout)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        face = self._take_stacked(source)
        if face is not _NOTHING:
            return int(face)
        s = self._streams.get(source)
        if s is None:
            s = source_seed(self._seed, source)
        if HALVES and n < _SMALL:
            self._streams[source], h, lo = _next_halves(s)
            j = _index(h, lo, n)
            if j >= 0:
                return j + offset
            m = (h << 32 | lo) * n
            return self.with_source(source, lambda r: r._reject(m, n)) + offset
        s = (s + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        m = (z ^ (z >> 31)) * n
        self._streams[source] = s
        if m & MASK64 < n:  # rare: below()'s rejection, on the stream itself
            return self.with_source(source, lambda r: r._reject(m, n)) + offset
        return (m >> 64) + offset

    def _reject(self, m: int, n: int) -> int:
        """below()'s rejection loop, from a first product ``m`` already drawn."""
        threshold = ((1 << 64) - n) % n
        while m & MASK64 < threshold:
            m = self.next64() * n
        return m >> 64

    def with_source(self, source: str, use: Callable[[Rng], T]) -> T:
        """Run ``use`` on ``source``'s own stream (no stacked outcome is taken:
        for randomness that completes a stacked outcome, e.g. the unnamed rest
        of a partly stacked deck)."""
        stream = Rng.__new__(Rng)
        state = self._streams.get(source)
        stream._seed = self._seed
        stream._s = source_seed(self._seed, source) if state is None else state
        stream._stack, stream._used, stream._streams = {}, {}, {}
        value = use(stream)
        self._streams[source] = stream._s
        return value

    def stacked_left(self, source: str) -> int:
        stacked = self._stack.get(source, ())
        return len(stacked) - self._used.get(source, 0)


def _restored(seed: int, s: int, stack: Mapping[str, Sequence[Any]], used: dict[str, int],
              streams: dict[str, int]) -> Rng:
    rng = Rng(seed, stack)
    rng._s, rng._used, rng._streams = s, used, streams
    return rng
