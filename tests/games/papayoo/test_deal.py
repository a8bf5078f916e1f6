"""The deal: cards each and passed per player count, the deck for 7 and 8, the dealer (D1)."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption
from cardroom.games.papayoo.cards import DEAL_TABLE
from tests.games.papayoo.support import GAME, new, pass_first


@pytest.mark.parametrize("players, each, passed", [
    (3, 20, 5), (4, 15, 5), (5, 12, 4), (6, 10, 3), (7, 8, 3), (8, 7, 3)])
def test_deal_table(players: int, each: int, passed: int) -> None:
    state = GAME.new(players, 5)
    view = state.view(None)
    assert all(len(h) == each for h in view["hands"])
    assert view["pass_count"] == passed
    assert DEAL_TABLE[players] == (each, passed)



@pytest.mark.parametrize("players", [7, 8])
def test_seven_and_eight_players_play_without_the_suit_ones(players: int) -> None:
    cards = {c for hand in GAME.new(players, 3).view(None)["hands"] for c in hand}
    assert not cards & {"1S", "1H", "1D", "1C"}
    assert "1P" in cards and len(cards) == 56



def test_nine_players_is_a_bad_option() -> None:
    with pytest.raises(BadOption, match="3 to 8 players"):
        GAME.new(9, 1)



def test_d1_seat_0_deals_first_and_leads_the_first_trick() -> None:
    state = new(4)
    assert state.view(None)["dealer"] == 0
    pass_first(state)
    assert list(state.to_act()) == [0]



def test_d1_the_deal_moves_clockwise_each_round() -> None:
    state = GAME.new(3, 8, {"rounds": 2})
    while state.view(None)["round"] == 1:
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    assert state.view(None)["dealer"] == 1
    pass_first(state)
    assert list(state.to_act()) == [1]

