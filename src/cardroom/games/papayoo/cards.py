"""Papayoo cards as small ints, hands as bitmasks.

Cards 0..39 are the four suits S, H, D, C (suit * 10 + rank - 1); 40..59 are
the Payoo cards 1..20 (a fifth suit, P). Ids rise with suit then rank, so a
sorted hand is grouped by suit and ordered by rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from cardroom.core.cardset import CardCodes, mask_of

SUIT_LETTERS: Final = "SHDCP"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs", "Payoo")
PAYOO: Final = 4
CARD_COUNT: Final = 60
SEVEN_RANK: Final = 7

SUIT: Final[tuple[int, ...]] = tuple(c // 10 if c < 40 else PAYOO for c in range(CARD_COUNT))
RANK: Final[tuple[int, ...]] = tuple(c % 10 + 1 if c < 40 else c - 39 for c in range(CARD_COUNT))
CODE: Final[tuple[str, ...]] = tuple(f"{RANK[c]}{SUIT_LETTERS[SUIT[c]]}" for c in range(CARD_COUNT))
CODES: Final = CardCodes(CODE)
BY_CODE: Final[dict[str, int]] = CODES.by_code
codes = CODES.of
# Payoo cards score their number; the Papayoo (a 7 chosen by the die) adds 40 per round.
PAYOO_POINTS: Final[tuple[int, ...]] = tuple(
    RANK[c] if SUIT[c] == PAYOO else 0 for c in range(CARD_COUNT)
)
PAPAYOO_POINTS: Final = 40
ROUND_TOTAL: Final = 250

SUIT_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(CARD_COUNT) if SUIT[c] == s) for s in range(5)
)
ONES_MASK: Final = sum(1 << c for c in range(40) if RANK[c] == 1)
FULL_MASK: Final = (1 << CARD_COUNT) - 1

# players: (cards each, cards passed); 7 and 8 players play without the suit 1s.
DEAL_TABLE: Final[dict[int, tuple[int, int]]] = {
    3: (20, 5), 4: (15, 5), 5: (12, 4), 6: (10, 3), 7: (8, 3), 8: (7, 3),
}


def deck_mask(players: int) -> int:
    return FULL_MASK & ~ONES_MASK if players >= 7 else FULL_MASK


def mask_of_codes(names: Iterable[str]) -> int:
    """The mask of card codes read from a view (known good, so unchecked:
    ``CODES.mask`` checks each code, which only stacked input needs)."""
    return mask_of(map(BY_CODE.__getitem__, names))


def papayoo_card(suit: int) -> int:
    return suit * 10 + SEVEN_RANK - 1


def trick_winner(cards: Sequence[int]) -> int:
    """Who takes a trick: the index (in order of play) of the highest card
    of the suit led; cards of other suits never take it."""
    led = SUIT[cards[0]]
    best = 0
    for i in range(1, len(cards)):
        if SUIT[cards[i]] == led and RANK[cards[i]] > RANK[cards[best]]:
            best = i
    return best
