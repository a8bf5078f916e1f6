"""Muzicando cards as small ints, hands and sets of cards as bitmasks.

Card ``colour * 8 + k`` is note ``k`` (0 Do .. 6 Si) of that colour for
``k < 7`` and the colour's sign card for ``k == 7``. Everything a different
printing would change (colours, ovals, which sign each colour has, what a
sign blocks, layout values, scoring values) is read from ``deck.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Any, Final

from cardroom.core.cardset import CardCodes, mask_of

DATA: Final[dict[str, Any]] = json.loads(
    resources.files("cardroom.games.muzicando").joinpath("deck.json").read_text(encoding="utf-8")
)

NOTE_NAMES: Final[tuple[str, ...]] = tuple(DATA["notes"])
NOTES: Final = len(NOTE_NAMES)  # 7: Do .. Si
COLOUR_LETTERS: Final[tuple[str, ...]] = tuple(c["letter"] for c in DATA["colours"])
COLOUR_NAMES: Final[tuple[str, ...]] = tuple(c["name"] for c in DATA["colours"])
COLOURS: Final = len(COLOUR_LETTERS)
SIGN_SLOT: Final = NOTES  # k == 7 within a colour
CARD_COUNT: Final = COLOURS * (NOTES + 1)  # 56
FULL_MASK: Final = (1 << CARD_COUNT) - 1

COLOUR: Final[tuple[int, ...]] = tuple(c // (NOTES + 1) for c in range(CARD_COUNT))
NOTE: Final[tuple[int, ...]] = tuple(
    c % (NOTES + 1) if c % (NOTES + 1) < NOTES else -1 for c in range(CARD_COUNT)
)


def card_of(colour: int, note: int) -> int:
    return colour * (NOTES + 1) + note


def sign_of(colour: int) -> int:
    return colour * (NOTES + 1) + SIGN_SLOT


SIGN_KIND: Final[tuple[str, ...]] = tuple(c["sign"] for c in DATA["colours"])
SIGN_BLOCKS: Final[dict[str, tuple[str, ...]]] = {
    kind: tuple(spec["blocks"]) for kind, spec in DATA["signs"].items()
}
# The rest blocks every other player and lets its player play on (D6).
REST: Final = next(kind for kind, reach in SIGN_BLOCKS.items() if "others" in reach)


def _code(card: int) -> str:
    colour = COLOUR_LETTERS[COLOUR[card]]
    if NOTE[card] < 0:
        sign: str = DATA["signs"][SIGN_KIND[COLOUR[card]]]["code"]
        return sign + colour
    return NOTE_NAMES[NOTE[card]] + colour


CODE: Final[tuple[str, ...]] = tuple(_code(c) for c in range(CARD_COUNT))
CODES: Final = CardCodes(CODE)
BY_CODE: Final[dict[str, int]] = CODES.by_code
codes = CODES.of
# Codes stay distinct without case, so typed actions may use any case.
BY_LOWER: Final[dict[str, int]] = {code.lower(): c for c, code in enumerate(CODE)}
assert len(BY_LOWER) == CARD_COUNT

OVAL_NOTE: Final[tuple[int, ...]] = tuple(NOTE_NAMES.index(c["oval"]) for c in DATA["colours"])
OVAL_CARD: Final[tuple[int, ...]] = tuple(card_of(col, OVAL_NOTE[col]) for col in range(COLOURS))
IS_OVAL: Final[tuple[bool, ...]] = tuple(c in OVAL_CARD for c in range(CARD_COUNT))
SIGN_CARD: Final[tuple[int, ...]] = tuple(sign_of(col) for col in range(COLOURS))


def mask_of_codes(items: Iterable[str]) -> int:
    return mask_of(BY_CODE[code] for code in items)


SIGN_MASK: Final = mask_of(SIGN_CARD)
NOTE_MASK: Final = FULL_MASK & ~SIGN_MASK
OVAL_MASK: Final = mask_of(OVAL_CARD)
DO_MASK: Final = mask_of(card_of(col, 0) for col in range(COLOURS))
# All seven cards of one note, any colour.
NOTE_CARDS: Final[tuple[int, ...]] = tuple(
    mask_of(card_of(col, n) for col in range(COLOURS)) for n in range(NOTES)
)


def step(note: int, by: int) -> int:
    """The note ``by`` steps away where Si and Do are neighbours."""
    return (note + by) % NOTES


# Bits of the notes one step above or below ``n`` (Si-Do neighbours).
STEP_BITS: Final[tuple[int, ...]] = tuple(
    (1 << step(n, 1)) | (1 << step(n, -1)) for n in range(NOTES)
)


def notes_cards(note_bits: int) -> int:
    """Every card (any colour) of the notes whose bits are set."""
    mask = 0
    for n in range(NOTES):
        if note_bits >> n & 1:
            mask |= NOTE_CARDS[n]
    return mask


# notes_cards of every set of note bits, looked up on the grids' hot paths.
NOTE_BITS_CARDS: Final[tuple[int, ...]] = tuple(notes_cards(b) for b in range(1 << NOTES))


# ----- layouts and contracts ----------------------------------------------
LAYOUT_LETTERS: Final[tuple[str, ...]] = tuple(x["letter"] for x in DATA["layouts"])
LAYOUT_NAMES: Final[tuple[str, ...]] = tuple(x["name"] for x in DATA["layouts"])
LAYOUT_VALUE: Final[tuple[int, ...]] = tuple(x["value"] for x in DATA["layouts"])
SARABANDA: Final = 0
GLISSANDO: Final = 1
PARADA: Final = 2
MUZICANDO: Final = 3
OPENING_MASK: Final[tuple[int, ...]] = tuple(
    DO_MASK if x["opens_with"] == "Do" else OVAL_MASK for x in DATA["layouts"]
)
OPENS_WITH: Final[tuple[str, ...]] = tuple(
    "a Do" if x["opens_with"] == "Do" else "an oval card" for x in DATA["layouts"]
)
# What opens each layout as deck.json writes it, "Do" or "oval" (a reason's fact).
OPENS_WITH_KIND: Final[tuple[str, ...]] = tuple(x["opens_with"] for x in DATA["layouts"])
ANY_OPENING: Final = DO_MASK | OVAL_MASK
LEVEL_POINTS: Final[tuple[int, ...]] = tuple(DATA["levels"])
BIDS: Final = len(LEVEL_POINTS) * len(LAYOUT_LETTERS)  # 16: 1S < 1G < ... < 4M


def bid_level(bid: int) -> int:
    return bid // len(LAYOUT_LETTERS) + 1


def bid_layout(bid: int) -> int:
    return bid % len(LAYOUT_LETTERS)


def bid_text(bid: int) -> str:
    return f"{bid_level(bid)}{LAYOUT_LETTERS[bid_layout(bid)]}"


BID_BY_TEXT: Final[dict[str, int]] = {bid_text(b): b for b in range(BIDS)}


def contract_value(bid: int) -> int:
    """Level points plus layout points: 4M = 8, 1S = 2."""
    return LEVEL_POINTS[bid_level(bid) - 1] + LAYOUT_VALUE[bid_layout(bid)]


PARTNERSHIP: Final[dict[str, Any]] = DATA["partnership"]
INDIVIDUAL: Final[dict[str, Any]] = DATA["individual"]
STUCK_POINTS: Final[int] = DATA["stuck_points"]
