"""The Rudy deck (D1) as small ints and bitmasks.

The make-up and the colours' effects come from ``rudy.json``: another printing
changes that file, not this code. A card *type* (``3R``) is
``number_index * COLOURS + colour_index``; each physical card has its own id,
the copies of one type numbered consecutively, so a hand, a minus pile or a
stack is a bitmask of ids and identical copies stay interchangeable.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Final

from cardroom.core.cardset import cards_of, mask_of

# Found through the package, not __file__ (a compiled module lives elsewhere).
_PACKAGE: Final = __name__.rpartition(".")[0]
_DATA: Final = json.loads(
    resources.files(_PACKAGE).joinpath("rudy.json").read_text(encoding="utf-8"))

EFFECT_PLAIN: Final = 0
EFFECT_PUSH: Final = 1
EFFECT_ARM: Final = 2
_EFFECTS: Final = {"plain": EFFECT_PLAIN, "push": EFFECT_PUSH, "arm": EFFECT_ARM}
DIE_FACES: Final = 6

NUMBERS: Final[tuple[int, ...]] = tuple(_DATA["numbers"])
# One column per die face: the dice must be able to name every number.
if tuple(range(1, DIE_FACES + 1)) != NUMBERS:
    raise ValueError("rudy.json: the numbers must be 1 to 6, one per die face")
COLOUR_CODES: Final[tuple[str, ...]] = tuple(c["code"] for c in _DATA["colours"])
COLOUR_NAMES: Final[dict[str, str]] = {c["code"]: c["name"] for c in _DATA["colours"]}
_COPIES: Final[tuple[int, ...]] = tuple(c["copies"] for c in _DATA["colours"])
_COLOUR_EFFECT: Final[tuple[int, ...]] = tuple(_EFFECTS[c["effect"]] for c in _DATA["colours"])

COLOURS: Final = len(COLOUR_CODES)
TYPES: Final = len(NUMBERS) * COLOURS
TYPE_NUMBER: Final[tuple[int, ...]] = tuple(NUMBERS[t // COLOURS] for t in range(TYPES))
TYPE_COLOUR: Final[tuple[str, ...]] = tuple(COLOUR_CODES[t % COLOURS] for t in range(TYPES))
TYPE_CODE: Final[tuple[str, ...]] = tuple(f"{TYPE_NUMBER[t]}{TYPE_COLOUR[t]}" for t in range(TYPES))
TYPE_EFFECT: Final[tuple[int, ...]] = tuple(_COLOUR_EFFECT[t % COLOURS] for t in range(TYPES))
TYPE_COPIES: Final[tuple[int, ...]] = tuple(_COPIES[t % COLOURS] for t in range(TYPES))
BY_CODE: Final[dict[str, int]] = {code: t for t, code in enumerate(TYPE_CODE)}

# Physical cards: the copies of type t are ids FIRST_ID[t] .. FIRST_ID[t] + copies - 1.
FIRST_ID: Final[tuple[int, ...]] = tuple(sum(TYPE_COPIES[:t]) for t in range(TYPES))
CARD_COUNT: Final = sum(TYPE_COPIES)
TYPE_OF: Final[tuple[int, ...]] = tuple(t for t in range(TYPES) for _ in range(TYPE_COPIES[t]))
CODE: Final[tuple[str, ...]] = tuple(TYPE_CODE[t] for t in TYPE_OF)
FULL_MASK: Final = (1 << CARD_COUNT) - 1
TYPE_MASK: Final[tuple[int, ...]] = tuple(
    ((1 << TYPE_COPIES[t]) - 1) << FIRST_ID[t] for t in range(TYPES)
)
# Indexed by the number itself (index 0 unused) so dice faces index it directly.
NUMBER_MASK: Final[tuple[int, ...]] = tuple(
    sum(TYPE_MASK[t] for t in range(TYPES) if TYPE_NUMBER[t] == n)
    for n in range(max(NUMBERS) + 1)
)


def types_of(mask: int) -> list[int]:
    """The distinct types in ``mask``, ascending."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        t = TYPE_OF[low.bit_length() - 1]
        out.append(t)
        mask &= ~TYPE_MASK[t]
    return out


def codes(mask: int) -> list[str]:
    """The codes of a mask's cards, in id order. Not ``CardCodes``: the copies
    of a type share one code."""
    return [CODE[c] for c in cards_of(mask)]


def type_of_mask(mask: int) -> int:
    """The type of a non-empty single-type mask (a stack)."""
    return TYPE_OF[(mask & -mask).bit_length() - 1]


def column_cards(stacks: list[int]) -> int:
    """Every card of a column: the union of its stacks."""
    mask = 0
    for stack in stacks:
        mask |= stack
    return mask


def column_size(stacks: list[int]) -> int:
    """How many cards a column holds, stacked ones included: what taking or
    pushing it moves."""
    return column_cards(stacks).bit_count()


def one_of(mask: int, t: int, prefer: int = 0) -> int:
    """One card (as a one-bit mask) of type ``t`` from ``mask``, taken from
    ``prefer`` when it holds one; 0 when ``mask`` has none."""
    held = mask & TYPE_MASK[t]
    pick = held & prefer or held
    return pick & -pick


class IdPool:
    """Hands out the ids of each type's copies, for turning codes into cards."""

    def __init__(self) -> None:
        self.free = FULL_MASK

    def take(self, code: str) -> int:
        t = BY_CODE[code]
        card = one_of(self.free, t)
        if not card:
            raise ValueError(f"more {code} than the deck holds")
        self.free ^= card
        return card.bit_length() - 1

    def mask(self, codes_: Iterable[str]) -> int:
        return mask_of(self.take(code) for code in codes_)
