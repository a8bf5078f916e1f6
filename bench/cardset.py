"""``cards_of`` (the cards of a bitmask, lowest first), the hottest card-set
operation: the core's table-driven version against the bit loop that games
used before, on random hands of 60-card and 140-card decks, one core.

    .venv/bin/python bench/cardset.py
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardroom.core.cardset import cards_of


def bit_loop(mask: int) -> list[int]:
    """The peer: one bit at a time (the old ``core.bits.bit_indices``)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def per_call(fn: Callable[[int], list[int]], masks: list[int], repeat: int) -> float:
    """Nanoseconds per call, the best of ``repeat`` passes (CPU time)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for mask in masks:
            fn(mask)
        best = min(best, time.process_time() - start)
    return 1e9 * best / len(masks)


def main() -> None:
    argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0]).parse_args()
    rng = random.Random(1)
    for width, sparse in ((60, 1), (140, 1), (232, 1), (232, 4)):
        masks = []
        for _ in range(20_000):
            mask = rng.getrandbits(width)
            for _ in range(sparse):  # each AND halves the cards a set holds
                mask &= rng.getrandbits(width)
            masks.append(mask)
        size = sum(m.bit_count() for m in masks) / len(masks)
        assert all(cards_of(m) == bit_loop(m) for m in masks[:2000])
        ours, peer = per_call(cards_of, masks, 7), per_call(bit_loop, masks, 7)
        print(f"{width}-card deck, {size:.0f} cards a set: cards_of {ours:5.0f} ns, "
              f"bit loop {peer:5.0f} ns, {peer / ours:4.2f}x faster")


if __name__ == "__main__":
    main()
