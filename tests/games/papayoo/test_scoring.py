"""Points and results: Payoo numbers, 40 for the Papayoo, 250 a round, rounds and ranking (D2)."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption
from tests.games.papayoo.support import GAME, ready


def test_points_are_the_payoo_numbers_plus_40_for_the_papayoo() -> None:
    state = ready(3, ["7H", "20P"], ["8H", "19P"], ["9H", "18P"], die="H")
    state.act(0, "play 7H")
    state.act(1, "play 8H")
    state.act(2, "play 9H")
    assert state.log[-1] == {"type": "trick", "winner": 2, "cards": ["7H", "8H", "9H"],
                             "points": 40}
    state.act(2, "play 18P")
    state.act(0, "play 20P")
    state.act(1, "play 19P")
    assert state.log[-1]["winner"] == 0 and state.log[-1]["points"] == 57
    assert state.view(None)["taken_points"] == [57, 0, 40]



def test_a_seven_that_is_not_the_papayoo_scores_nothing() -> None:
    state = ready(3, ["7H"], ["8H"], ["9H"], die="S")
    for seat, card in ((0, "7H"), (1, "8H"), (2, "9H")):
        state.act(seat, f"play {card}")
    assert state.log[-1]["points"] == 0



def test_every_round_scores_250_in_total() -> None:
    state = GAME.new(5, 21, {"rounds": 1})
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[-1])
    assert sum(state.result().detail["rounds"][0]) == 250



def test_d2_rounds_default_to_the_number_of_players() -> None:
    assert GAME.new(5, 1).view(None)["rounds"] == 5
    assert GAME.new(5, 1, {"rounds": 2}).view(None)["rounds"] == 2
    with pytest.raises(BadOption):
        GAME.new(5, 1, {"rounds": 0})



def test_d2_lowest_total_wins_and_equal_totals_share_a_place() -> None:
    from cardroom.core.game import rank

    assert rank([30, 10, 30, 180], higher_is_better=False) == [[1], [0, 2], [3]]
    state = GAME.new(3, 4, {"rounds": 1})
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    result = state.result()
    best = min(result.scores)
    assert result.ranking[0] == [s for s, v in enumerate(result.scores) if v == best]



def test_d2_equal_totals_share_a_place_in_the_result() -> None:
    state = ready(3, [f"{r}P" for r in range(1, 21)], die="H", rounds=1)
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    result = state.result()
    assert result.scores == [250, 0, 0]
    assert result.ranking == [[1, 2], [0]]

