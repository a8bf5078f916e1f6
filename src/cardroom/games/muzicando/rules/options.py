"""What the options make of a game: its mode, whether the layout is bid,
the number of deals and the cards each seat is dealt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.games.muzicando.cards import CARD_COUNT, INDIVIDUAL, PARTNERSHIP
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
