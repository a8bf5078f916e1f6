"""The die: it names the Papayoo once every player has passed."""

from __future__ import annotations

import pytest

from tests.games.papayoo.support import GAME, new, pass_first


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_the_die_makes_the_seven_of_its_suit_the_papayoo(suit: str) -> None:
    state = new(4, die=suit)
    pass_first(state)
    assert state.view(None)["papayoo"] == f"7{suit}"
    assert state.log[-1]["type"] == "die" and state.log[-1]["suit"] == suit



def test_the_papayoo_is_unknown_until_every_player_has_passed() -> None:
    state = new(3, die="C")
    while 0 in state.to_act():
        state.act(0, state.legal_texts(0)[0])
    assert state.view(None)["papayoo"] is None
    assert not any(e["type"] == "die" for e in state.log)
    pass_first(state)
    assert state.view(None)["papayoo"] == "7C"



def test_the_die_shows_each_of_the_four_suits_equally_often() -> None:
    counts = {"S": 0, "H": 0, "D": 0, "C": 0}
    for seed in range(400):
        state = GAME.new(3, seed, {"rounds": 1})
        pass_first(state)
        counts[state.view(None)["papayoo"][-1]] += 1
    assert all(60 <= n <= 140 for n in counts.values()), counts



def test_a_stacked_die_decides_one_round_then_the_die_is_rolled() -> None:
    rolls = set()
    for seed in range(12):
        state = GAME.new(3, seed, {"rounds": 2, "stack": {"die": ["H"]}})
        pass_first(state)
        assert state.view(None)["papayoo"] == "7H"
        while state.view(None)["round"] == 1:
            seat = state.to_act()[0]
            state.act(seat, state.legal_texts(seat)[0])
        pass_first(state)
        rolls.add(state.view(None)["papayoo"])
    assert len(rolls) > 1, "round 2 must roll the die, not reuse the stacked face"

