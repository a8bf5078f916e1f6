"""The rulebook's own examples and notes, played out."""

from __future__ import annotations

import pytest

from cardroom.core.errors import NotYourTurn
from tests.games.pizzamania.support import act, events, ladder, new


def test_example_a_5_on_top_admits_only_6_or_more() -> None:
    state = new(4, ladder(4), ["x1"])
    act(state, (0, "play 5"))
    assert state.legal_texts(1) == [f"play {v}" for v in range(6, 13)] + ["pass"]


def test_example_a_player_who_passed_cannot_rejoin_the_pizza() -> None:
    state = new(3, ladder(3), ["x1", "x1"])
    act(state, (0, "play 2"), (1, "pass"), (2, "play 3"))
    assert state.to_act() == [0]  # seat 1 is skipped from now on
    act(state, (0, "play 4"))
    assert state.to_act() == [2]
    assert state.legal_texts(1) == []
    with pytest.raises(NotYourTurn):
        state.act(1, "play 12")
    act(state, (2, "pass"))
    assert events(state, "pizza")[-1]["seat"] == 0  # seat 1 never came back in
    act(state, (0, "play 1"))
    assert state.to_act() == [1]  # a new pizza: seat 1 plays again


def test_note_medium_and_large_bases_take_two_and_three_equal_toppings() -> None:
    state = new(2, ladder(2), ["x2"])
    act(state, (0, "play 6"))
    assert state.view(1)["played"][0] == [6, 6]
    state = new(2, ladder(2), ["x3"])
    assert state.legal_texts(0) == ["pass"]  # pairs only: nothing fits a large base


def test_note_going_out_while_completing_a_pizza_passes_the_base_left() -> None:
    hands = [[1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4]] + [[5, 6, 7, 8, 9, 10]] * 4 + [
        [11, 11, 12, 12, 1, 2], [11, 11, 12, 12, 3, 4]]
    state = new(8, hands, ["x3", "x3", "x3"])
    act(state, (0, "play 1"), *[(s, "pass") for s in range(1, 8)])
    act(state, (0, "play 2"), *[(s, "pass") for s in range(1, 8)])
    assert state.view(0)["finished"] == [0]
    assert events(state, "base")[-1]["seat"] == 1
