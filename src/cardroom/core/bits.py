"""Bitmask helpers for games that keep cards as bits of an int."""

from __future__ import annotations


def bit_indices(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
