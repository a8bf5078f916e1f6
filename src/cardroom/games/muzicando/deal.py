"""Game set-up from the options: mode, deal sizes, the random deal and the
stacked entries of the ``deal`` and ``pile`` sources."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.rng import Rng
from cardroom.games.muzicando.cards import (
    BY_CODE,
    CARD_COUNT,
    CODE,
    FULL_MASK,
    INDIVIDUAL,
    PARTNERSHIP,
    cards_of,
    mask_of,
)
from cardroom.games.muzicando.fields import INDIVIDUAL_MODE, PARTNERSHIP_MODE


def game_mode(options: Mapping[str, Any], players: int) -> str:
    """L11: the mode asked for, else partnership with 4 players, individual otherwise."""
    mode: str | None = options.get("mode")
    if mode is None:
        mode = PARTNERSHIP_MODE if players == PARTNERSHIP["players"] else INDIVIDUAL_MODE
    if mode == PARTNERSHIP_MODE and players != PARTNERSHIP["players"]:
        raise BadOption(f"the partnership game is for exactly {PARTNERSHIP['players']} players "
                        f"(two teams of two), not {players}; use mode 'individual' for 2 to 8")
    return mode


def uses_bidding(options: Mapping[str, Any], players: int) -> bool:
    if game_mode(options, players) == PARTNERSHIP_MODE:
        return True
    if not options.get("bidding"):
        return False
    allowed: list[int] = INDIVIDUAL["bidding_players"]
    if players not in allowed:
        raise BadOption(f"option 'bidding' needs all cards dealt evenly: "
                        f"{' or '.join(map(str, allowed))} players, not {players} (D14)")
    return True


def deal_count(options: Mapping[str, Any], players: int) -> int:
    """D10: 4 deals in the partnership game; in the individual game a
    multiple of the number of players, by default one deal each."""
    deals: int | None = options.get("deals")
    if game_mode(options, players) == PARTNERSHIP_MODE:
        return deals or PARTNERSHIP["deals"]
    if deals is None:
        return players
    if deals % players:
        raise BadOption(f"option 'deals': the individual game plays a multiple of the "
                        f"number of players ({players}), not {deals}")
    return deals


def cards_each(options: Mapping[str, Any], players: int) -> int:
    if game_mode(options, players) == PARTNERSHIP_MODE:
        return int(PARTNERSHIP["cards_each"])
    if uses_bidding(options, players):
        return CARD_COUNT // players  # D14: all cards dealt evenly
    return int(INDIVIDUAL["cards_each"])


def pile_size(options: Mapping[str, Any], players: int) -> int:
    return CARD_COUNT - players * cards_each(options, players)


# ----- random deals ------------------------------------------------------------
def random_hands(rng: Rng, players: int, size: int) -> list[int]:
    deck = list(range(CARD_COUNT))
    rng.shuffle(deck)
    return [mask_of(deck[s * size:(s + 1) * size]) for s in range(players)]


def random_pile(rng: Rng, hands: list[int]) -> list[int]:
    dealt = 0
    for h in hands:
        dealt |= h
    pile = cards_of(FULL_MASK & ~dealt)
    rng.shuffle(pile)
    return pile


# ----- stacked entries ---------------------------------------------------------
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
