"""Tricks: following suit, who wins and leads next, turns."""

from __future__ import annotations

import pytest

from cardroom.core.errors import IllegalAction, NotYourTurn
from cardroom.games.papayoo.cards import DEAL_TABLE
from tests.games.papayoo.support import new, pass_first, ready
from tests.helpers import snapshot


def test_players_must_follow_the_suit_led() -> None:
    state = ready(3, ["2S", "9H"], ["3S", "8S", "1H"], ["1S", "10S", "4H"])
    state.act(0, "play 2S")
    spades = [a for a in state.legal_texts(1) if a.endswith("S")]
    assert state.legal_texts(1) == spades and {"play 3S", "play 8S"} <= set(spades)
    with pytest.raises(IllegalAction, match="must follow suit: spades"):
        state.act(1, "play 1H")



def test_payoo_is_a_suit_to_follow_like_the_others() -> None:
    state = ready(3, ["5P", "9H", "10H"], ["6P", "1H"], ["7P", "4H"])
    state.act(0, "play 5P")
    assert state.legal_texts(1) and all(a.endswith("P") for a in state.legal_texts(1))
    with pytest.raises(IllegalAction, match="must follow suit: Payoo"):
        state.act(1, "play 1H")



def no_spades(players: int, seat: int) -> list[str]:
    """A full hand without spades for ``seat`` (hearts, diamonds, clubs)."""
    pool = [f"{r}{s}" for s in "HDC" for r in range(1, 11)] + [f"{r}P" for r in range(1, 21)]
    size = DEAL_TABLE[players][0]
    return pool[seat * size:(seat + 1) * size]



def test_a_void_player_may_play_any_card() -> None:
    state = ready(3, ["2S"], no_spades(3, 0))
    state.act(0, "play 2S")
    assert len(state.legal_texts(1)) == 20



def test_the_highest_card_of_the_suit_led_wins_and_leads_next() -> None:
    state = ready(3, ["2S", "10H"], ["9S", "1H"], ["5S", "3H"])
    state.act(0, "play 2S")
    state.act(1, "play 9S")
    state.act(2, "play 5S")
    assert state.log[-1]["type"] == "trick" and state.log[-1]["winner"] == 1
    assert list(state.to_act()) == [1]



def test_a_higher_card_of_another_suit_does_not_win() -> None:
    state = ready(3, ["2S"], no_spades(3, 0), ["3S"])
    state.act(0, "play 2S")
    state.act(1, "play 10H")
    state.act(2, "play 3S")
    assert state.log[-1]["winner"] == 2
    assert state.view(None)["voids"][1] == ["S"], "seat 1 showed itself void in spades"



def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = new(4)
    pass_first(state)
    before = snapshot(state)
    with pytest.raises(NotYourTurn):
        state.act(2, state.legal_texts(0)[0])
    assert snapshot(state) == before

