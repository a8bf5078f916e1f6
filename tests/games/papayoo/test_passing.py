"""Passing to the left: simultaneous, one card per action, hidden until delivered."""

from __future__ import annotations

import pytest

from cardroom.core.errors import IllegalAction
from tests.games.papayoo.support import deal, new, pass_first


def test_passing_is_simultaneous_one_card_per_action() -> None:
    state = new(4)
    assert state.phase() == "pass" and list(state.to_act()) == [0, 1, 2, 3]
    first = state.legal_texts(2)[0]
    state.act(2, first)
    assert first not in state.legal_texts(2) and len(state.legal_texts(2)) == 14
    assert list(state.to_act()) == [0, 1, 2, 3]



def test_passing_the_same_card_twice_is_refused() -> None:
    state = new(4, deal(4, ["3S"]))
    state.act(0, "pass 3S")
    with pytest.raises(IllegalAction, match="already chosen 3S"):
        state.act(0, "pass 3S")



def test_no_card_is_played_before_passing_ends() -> None:
    state = new(4)
    card = state.view(0)["hand"][0]
    with pytest.raises(IllegalAction, match="passes 5 cards to the left"):
        state.act(0, f"play {card}")



def test_passed_cards_go_to_the_left_after_everyone_has_chosen() -> None:
    hands = deal(4, ["1S", "2S", "3S", "4S", "5S"], ["1H", "2H", "3H", "4H", "5H"])
    state = new(4, hands)
    for code in ["1S", "2S", "3S", "4S", "5S"]:
        state.act(0, f"pass {code}")
    assert state.view(1)["hand"][:5] == ["1H", "2H", "3H", "4H", "5H"]
    assert "1S" not in state.view(1)["hand"], "delivered only when everyone has chosen"
    assert 0 not in state.to_act()
    pass_first(state, {1: ["1H", "2H", "3H", "4H", "5H"]})
    assert {"1S", "2S", "3S", "4S", "5S"} <= set(state.view(1)["hand"])
    assert state.view(1)["received"] == ["1S", "2S", "3S", "4S", "5S"]
    assert {"1H", "2H", "3H", "4H", "5H"} <= set(state.view(2)["hand"])



def test_a_choice_to_pass_stays_hidden_from_the_others() -> None:
    state = new(4, deal(4, ["3S"]))
    state.act(0, "pass 3S")
    for seat in (1, 2, 3):
        assert "3S" not in str(state.view(seat))
    assert state.view(0)["chosen"] == ["3S"]



def test_the_last_seat_passes_to_seat_0() -> None:
    hands = deal(4, [], [], [], ["2H", "3H", "4H", "5H", "6H"])
    state = new(4, hands)
    pass_first(state, {3: ["2H", "3H", "4H", "5H", "6H"]})
    assert state.view(0)["received"] == ["2H", "3H", "4H", "5H", "6H"]
    assert {"2H", "3H", "4H", "5H", "6H"} <= set(state.view(0)["hand"])

