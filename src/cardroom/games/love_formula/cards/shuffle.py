"""Shuffles through named random sources, with stacked orders that may name
only the top cards (R10)."""

from __future__ import annotations

from cardroom.core.rng import Rng


def arrange(rng: Rng, pool: list[int], source: str) -> list[int]:
    """A shuffle of ``pool``, top first, through the random source ``source``. A
    stacked order may name only the top cards: the rest follow in a seeded
    random order; named cards not in the pool are skipped."""

    def make(stream: Rng) -> list[int]:
        order = pool[:]
        stream.shuffle(order)
        return order

    entry: list[int] = rng.draw(source, make)
    inside = set(pool)
    top = [c for c in entry if c in inside]
    named = set(top)
    rest = [c for c in pool if c not in named]
    if rest:
        rng.with_source(source, lambda stream: stream.shuffle(rest))
    return top + rest
