"""Sets of cards as bits of a plain int, as python-chess keeps squares.

Hot paths keep a hand as an ``int`` mask (bit ``c`` set: card ``c`` held)
and use the functions here; ``CardCodes`` turns masks into the protocol's
card codes and back for one game's card table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from cardroom.core.errors import BadOption

_WIDTH: Final = 10
_LIMIT: Final = 6 * _WIDTH  # masks below 1 << 60 take the shortest unrolled path
_LOW_160: Final = (1 << 160) - 1
# The set bits of every 10-bit chunk, already offset by the chunk's place:
# table look-ups measured 3x faster than a bit loop (bench/cardset.py).
_CHUNKS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(base + i for i in range(_WIDTH) if m >> i & 1) for m in range(1 << _WIDTH))
    for base in range(0, 24 * _WIDTH, _WIDTH)
)


_C0: Final = _CHUNKS[0]
_C1: Final = _CHUNKS[1]
_C2: Final = _CHUNKS[2]
_C3: Final = _CHUNKS[3]
_C4: Final = _CHUNKS[4]
_C5: Final = _CHUNKS[5]
_LOW_30: Final = (1 << 30) - 1


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    # The hottest function of every playout (legal actions): the tables as
    # globals, and a mask that lies in one half of the 60 bits (a suit to
    # follow, a small hand) reads three chunks instead of six.
    if mask >> 30:
        if mask >> _LIMIT:
            return _cards_of_wide(mask)
        if mask & _LOW_30:
            return [
                *_C0[mask & 1023], *_C1[mask >> 10 & 1023], *_C2[mask >> 20 & 1023],
                *_C3[mask >> 30 & 1023], *_C4[mask >> 40 & 1023], *_C5[mask >> 50],
            ]
        return [*_C3[mask >> 30 & 1023], *_C4[mask >> 40 & 1023], *_C5[mask >> 50]]
    return [*_C0[mask & 1023], *_C1[mask >> 10 & 1023], *_C2[mask >> 20]]


def _cards_of_wide(mask: int) -> list[int]:
    if mask >> 160:
        return _cards_of_widest(mask)
    t = _CHUNKS
    return [
        *t[0][mask & 1023], *t[1][mask >> 10 & 1023], *t[2][mask >> 20 & 1023],
        *t[3][mask >> 30 & 1023], *t[4][mask >> 40 & 1023], *t[5][mask >> 50 & 1023],
        *t[6][mask >> 60 & 1023], *t[7][mask >> 70 & 1023], *t[8][mask >> 80 & 1023],
        *t[9][mask >> 90 & 1023], *t[10][mask >> 100 & 1023], *t[11][mask >> 110 & 1023],
        *t[12][mask >> 120 & 1023], *t[13][mask >> 130 & 1023],
        *t[14][mask >> 140 & 1023], *t[15][mask >> 150 & 1023],
    ]


def _cards_of_widest(mask: int) -> list[int]:
    """Cards 160 and up (Love Formula's promo pack reaches 231)."""
    if mask.bit_count() <= 12 or mask >> 240:
        return _cards_of_sparse(mask) if mask.bit_count() <= 32 else _cards_of_chunked(mask)
    t = _CHUNKS
    return [
        *_cards_of_wide(mask & _LOW_160),
        *t[16][mask >> 160 & 1023], *t[17][mask >> 170 & 1023], *t[18][mask >> 180 & 1023],
        *t[19][mask >> 190 & 1023], *t[20][mask >> 200 & 1023], *t[21][mask >> 210 & 1023],
        *t[22][mask >> 220 & 1023], *t[23][mask >> 230 & 1023],
    ]


def _cards_of_sparse(mask: int) -> list[int]:
    """Bit by bit: cheapest when few bits are set in a wide mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _cards_of_chunked(mask: int) -> list[int]:
    out: list[int] = []
    base = 0
    while mask:
        chunk = mask & 1023
        if chunk:
            out += [base + i for i in _CHUNKS[0][chunk]]
        mask >>= _WIDTH
        base += _WIDTH
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards (repeats count once)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


_CODES_WIDTH: Final = 8
_CODES_LIMIT: Final = 8 * _CODES_WIDTH  # decks up to 64 cards get tuple_of's tables


class CardCodes:
    """One game's card codes: card ``c`` is ``codes[c]``."""

    __slots__ = ("_chunks", "by_code", "codes")

    def __init__(self, codes: Sequence[str]) -> None:
        self.codes: tuple[str, ...] = tuple(codes)
        self.by_code: dict[str, int] = {code: c for c, code in enumerate(self.codes)}
        # tuple_of's tables, made on its first call (most copies never need them).
        self._chunks: tuple[tuple[tuple[str, ...], ...], ...] | None = None
        if len(self.by_code) != len(self.codes):
            raise ValueError("card codes must be unique")

    # Through the constructor, the same on the compiled and the pure path.
    def __reduce__(self) -> tuple[type[CardCodes], tuple[tuple[str, ...]]]:
        return CardCodes, (self.codes,)

    def of(self, mask: int) -> list[str]:
        """The codes of a mask's cards, in card order."""
        codes = self.codes
        return [codes[c] for c in cards_of(mask)]

    def tuple_of(self, mask: int) -> tuple[str, ...]:
        """``of`` as a tuple (what view parts hold); for a deck of up to 64
        cards, eight cards at a time from tables of the codes of every 8-bit
        chunk: views convert several masks each, and this has no step per
        card (a wider deck's sparse hands gain nothing from chunks). Chunks
        of 8 bits, not 10: the tables are made on a process's first view,
        and 8 tables of 256 take a quarter of the time of 6 of 1024."""
        if not mask:  # views hold many empty sets (cards chosen, passed)
            return ()
        t = self._chunks
        if t is None:
            t = self._chunks = self._chunk_tables()
        if not t or mask >> len(self.codes):  # ``of`` then: it raises past the deck
            return tuple(self.of(mask))
        if not mask >> 32:
            return (*t[0][mask & 255], *t[1][mask >> 8 & 255], *t[2][mask >> 16 & 255],
                    *t[3][mask >> 24])
        return (*t[0][mask & 255], *t[1][mask >> 8 & 255], *t[2][mask >> 16 & 255],
                *t[3][mask >> 24 & 255], *t[4][mask >> 32 & 255], *t[5][mask >> 40 & 255],
                *t[6][mask >> 48 & 255], *t[7][mask >> 56])

    def _chunk_tables(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        # Eight chunks of 8 bits (the bits past a smaller deck add nothing),
        # bit by bit: the entries with a chunk's bit i set are those below
        # it with that card's code added at the end.
        codes = self.codes
        if len(codes) > _CODES_LIMIT:
            return ()
        tables = []
        for base in range(0, _CODES_LIMIT, _CODES_WIDTH):
            chunk: list[tuple[str, ...]] = [()]
            for card in range(base, base + _CODES_WIDTH):
                if card < len(codes):
                    add = (codes[card],)
                    chunk += [entry + add for entry in chunk]
                else:
                    chunk = [*chunk, *chunk]
            tables.append(tuple(chunk))
        return tuple(tables)

    def card(self, code: object, where: str = "") -> int:
        """The card a code names; BadOption (saying where) for no card."""
        card = self.by_code.get(code) if isinstance(code, str) else None
        if card is None:
            prefix = f"{where}: " if where else ""
            raise BadOption(f"{prefix}{code!r} is not a card code")
        return card

    def mask(self, codes: Iterable[object], where: str = "") -> int:
        """The mask of some codes; BadOption for an unknown or repeated code."""
        mask = 0
        for code in codes:
            card = self.card(code, where)
            if mask >> card & 1:
                prefix = f"{where}: " if where else ""
                raise BadOption(f"{prefix}{code} is named twice")
            mask |= 1 << card
        return mask
