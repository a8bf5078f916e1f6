"""The stacked entries of the ``deal`` and ``pile`` sources, checked and
converted to the engine's form (hands as masks, the pile top first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.cardset import mask_of
from cardroom.core.errors import BadOption
from cardroom.games.muzicando.cards import BY_CODE, CODE, FULL_MASK
from cardroom.games.muzicando.rules.options import cards_each, pile_size


def _cards(entry: Any, count: int, where: str, what: str) -> list[int]:
    if not isinstance(entry, list) or len(entry) != count:
        raise BadOption(f"{where}: {what} must be a list of exactly {count} card codes")
    out = []
    for code in entry:
        card = BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise BadOption(f"{where}: {code!r} is not a Muzicando card "
                            "(codes like DoR, SolB, SiV, #R, nY, bB, pV)")
        out.append(card)
    return out


def convert_deal(entry: Any, players: int, options: Mapping[str, Any], where: str) -> list[int]:
    size = cards_each(options, players)
    if not isinstance(entry, list) or len(entry) != players:
        raise BadOption(f"{where}: a deal is a list of {players} hands, seat 0 first")
    seen = 0
    hands = []
    for seat, hand in enumerate(entry):
        mask = 0
        for card in _cards(hand, size, where, f"seat {seat}'s hand"):
            if (seen | mask) >> card & 1:
                raise BadOption(f"{where}: {CODE[card]} is dealt twice")
            mask |= 1 << card
        seen |= mask
        hands.append(mask)
    return hands


def convert_pile(entry: Any, players: int, options: Mapping[str, Any], where: str) -> list[int]:
    size = pile_size(options, players)
    if size == 0:
        raise BadOption(f"{where}: this game has no draw pile (every card is dealt)")
    cards = _cards(entry, size, where, "the draw pile")
    if len(set(cards)) != len(cards):
        raise BadOption(f"{where}: the draw pile names a card twice")
    return cards


def check_stack_pairs(deals: list[list[int]], piles: list[list[int]]) -> None:
    """A stacked pile goes with the stacked deal of the same number and
    holds exactly the cards that deal leaves out."""
    if len(piles) > len(deals):
        raise BadOption(f"stack pile entry {len(deals) + 1}: a stacked pile needs the "
                        "stacked deal it goes with (the pile is the cards not dealt)")
    for i, pile in enumerate(piles):
        dealt = 0
        for h in deals[i]:
            dealt |= h
        if mask_of(pile) != FULL_MASK & ~dealt:
            raise BadOption(f"stack pile entry {i + 1}: it must hold exactly the cards "
                            f"not dealt in deal {i + 1}")
