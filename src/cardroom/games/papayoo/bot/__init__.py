"""A heuristic Papayoo player working from its seat's view only.

Passing: give away what wins tricks (high Payoos, 7s that may turn into the
Papayoo, high suit cards), keeping low cards that duck. Play: duck under
the current winner with the highest card that still loses, win cheap tricks
with high cards when last, dump the Papayoo and high Payoos when void, and
lead from suits where many higher cards are still out.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, Seen
from cardroom.core.views import read_view, seat_part
from cardroom.games.papayoo.cards import (
    BY_CODE,
    CODE,
    PAPAYOO_POINTS,
    PAYOO,
    PAYOO_POINTS,
    RANK,
    SUIT,
    SUIT_MASK,
    deck_mask,
    mask_of_codes,
    trick_winner,
)
from cardroom.games.papayoo.viewtypes import VIEW_TYPES, PapayooSeatTable


class PapayooHeuristic(Bot):
    name = "heuristic"
    reads_log = False  # its choices read the table, never the events

    def __init__(self, seed: int) -> None:
        """The bot is deterministic; ``seed`` is taken for the common bot factory."""

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        _, t = seat_part(read_view(view, lambda _: VIEW_TYPES), PapayooSeatTable)
        if legal[0].startswith("pass"):
            return self.choose_pass(t, legal)
        cards = [BY_CODE[a.split(" ", 1)[1]] for a in legal]
        return "play " + CODE[self.choose_play(t, cards)]

    # ----- passing ---------------------------------------------------------
    def choose_pass(self, t: PapayooSeatTable, legal: Sequence[str]) -> str:
        hand = mask_of_codes(t.hand)
        return max(legal, key=lambda a: pass_danger(BY_CODE[a.split(" ", 1)[1]], hand))

    # ----- playing ---------------------------------------------------------
    def choose_play(self, t: PapayooSeatTable, cards: list[int]) -> int:
        papayoo = BY_CODE[t.papayoo] if t.papayoo else -1
        trick = [BY_CODE[code] for _, code in t.trick]
        if not trick:
            return self.lead(t, cards, papayoo)
        led = SUIT[trick[0]]
        if SUIT[cards[0]] != led:  # void in the suit led: discard
            return max(cards, key=lambda c: discard_value(c, papayoo))
        high = RANK[trick[trick_winner(trick)]]
        under = [c for c in cards if RANK[c] < high]
        if under:
            if papayoo in under:
                return papayoo
            return max(under, key=lambda c: RANK[c])
        last = len(trick) == len(t.hand_sizes) - 1
        safe = [c for c in cards if c != papayoo] or cards
        if last:
            return max(safe, key=lambda c: RANK[c])
        return min(safe, key=lambda c: RANK[c])

    def lead(self, t: PapayooSeatTable, cards: list[int], papayoo: int) -> int:
        seen = mask_of_codes(t.hand) | mask_of_codes(t.played)
        unseen = deck_mask(len(t.hand_sizes)) & ~seen

        def risk(c: int) -> tuple[float, int]:
            # Ids rise with rank within a suit: the higher ones are the bits above c.
            higher = (unseen & SUIT_MASK[SUIT[c]] & -(2 << c)).bit_count()
            cost = PAYOO_POINTS[c] + (PAPAYOO_POINTS if c == papayoo else 0)
            # Few higher cards out means this lead probably wins the trick.
            return (cost + (20.0 if higher == 0 else 6.0 / higher), RANK[c])

        return min(cards, key=risk)


def pass_danger(card: int, hand: int) -> float:
    rank = RANK[card]
    suit = SUIT[card]
    lower = (hand & SUIT_MASK[suit] & ((1 << card) - 1)).bit_count()  # the bits below card
    if suit == PAYOO:
        return rank * 1.5 - lower * 0.8
    danger = max(0, rank - 5) * 2.0 - lower * 0.5
    if rank == 7:  # each 7 has a one-in-four chance to become the 40-point Papayoo
        danger += 8.0
    return danger


def discard_value(card: int, papayoo: int) -> float:
    if card == papayoo:
        return 100.0
    if SUIT[card] == PAYOO:
        return 20.0 + RANK[card]
    return float(RANK[card])

