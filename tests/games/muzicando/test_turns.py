"""Play rules on stacked Muzicando-layout deals: compulsory notes and passing
(D4, L3), blocks (D5), the rest (D6, L4), going out and deadlock (D7)."""

from __future__ import annotations

import pytest

from cardroom.core.errors import IllegalAction
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import (
    BASE,
    REST,
    base_game,
    fill,
    natural_then_sharp,
    new,
    texts,
)
from tests.helpers import snapshot


def types(state: MuzicandoState, since: int) -> list[str]:
    return [e["type"] for e in state.log[since:]]


def test_d4_a_note_that_can_go_must_be_played() -> None:
    state = base_game()
    state.act(1, "play DoR")
    assert texts(state) == ["play ReR", "play #R"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"play ReR.*must be played \(D4\)"):
        state.act(2, "pass")
    assert snapshot(state) == before


def test_d4_a_player_who_cannot_lay_a_note_passes() -> None:
    state = base_game()
    state.act(1, "play DoR")
    state.act(2, "play ReR")
    assert texts(state) == ["pass"]  # seat 3 holds nothing that goes
    state.act(3, "pass")
    assert state.to_act() == [0] and texts(state) == ["pass"]


def test_l3_only_sign_cards_playable_may_pass_or_play_the_sign() -> None:
    hands = [h[:] for h in BASE]
    hands[2][hands[2].index("#R")], hands[3][hands[3].index("SolR")] = "SolR", "#R"
    state = base_game(hands)
    state.act(1, "play DoR")
    state.act(2, "play ReR")
    assert texts(state) == ["pass", "play #R"]


def test_opener_must_open_with_an_opening_card() -> None:
    state = base_game()
    assert texts(state) == ["play DoR", "play DoO", "play DoY", "play DoG", "play DoB",
                            "play DoI", "play DoV"]
    with pytest.raises(IllegalAction, match="you open Muzicando"):
        state.act(1, "pass")
    with pytest.raises(IllegalAction, match="you do not hold ReR"):
        state.act(1, "play ReR")


def test_d5_sharp_blocks_the_next_player() -> None:
    state = base_game()
    state.act(1, "play DoR")
    mark = len(state.log)
    state.act(2, "play #R")
    assert state.to_act() == [0]
    assert types(state, mark) == ["play", "blocked", "skipped"]
    assert state.log[mark + 1]["seats"] == [3] and state.log[mark + 2]["seat"] == 3


def test_d5_flat_blocks_the_previous_player() -> None:
    state = base_game()
    for seat, text in [(1, "play DoB"), (2, "pass"), (3, "play ReB")]:
        state.act(seat, text)
    assert "play bB" in texts(state)
    state.act(0, "play bB")
    assert state.view(None)["blocked"] == [3]
    state.act(1, "play DoR")
    state.act(2, "play ReR")
    assert state.to_act() == [0]  # seat 3 lost its turn
    assert state.view(None)["blocked"] == []


def test_d5_natural_blocks_the_next_and_the_previous_player() -> None:
    state = natural_then_sharp()
    state.act(0, "play nY")
    assert state.log[-2]["seats"] == [1, 3]
    assert state.to_act() == [2]  # seat 1 skipped at once
    assert state.view(None)["blocked"] == [3]


def test_d5_blocks_do_not_add_up() -> None:
    state = natural_then_sharp()
    state.act(0, "play nY")  # blocks seats 1 and 3
    state.act(2, "play #R")  # seat 3 again: no second lost turn
    assert state.log[-2] == {"type": "blocked", "seats": [], "already": [3], "by": "#R"}
    assert state.to_act() == [0]
    state.act(0, "play FaR")
    assert state.to_act() == [1]
    state.act(1, "play DoO")
    state.act(2, "play ReO")
    assert state.to_act() == [3]  # skipped once only


def rest_laid() -> MuzicandoState:
    state = base_game(REST)
    for seat, text in [(1, "play DoV"), (2, "play DoB"), (3, "pass"), (0, "play bB")]:
        state.act(seat, text)
    assert state.view(None)["blocked"] == [3]
    state.act(1, "play pV")
    return state


def test_d6_rest_player_plays_on_until_they_pass() -> None:
    state = rest_laid()
    assert state.to_act() == [1] and state.view(None)["rest"] == 1
    for text in ["play ReV", "play MiV", "play FaV", "play DoR", "play ReR", "play MiR"]:
        state.act(1, text)
        assert state.to_act() == [1]
    assert texts(state) == ["pass", "play #R"]  # no note left that goes (D4 holds)
    state.act(1, "pass")
    assert [e["type"] for e in state.log[-2:]] == ["pass", "rest_over"]
    assert state.view(None)["rest"] is None
    assert state.to_act() == [2]


def test_l4_rest_uses_up_pending_blocks() -> None:
    state = rest_laid()
    assert state.view(None)["blocked"] == []  # seat 3's flat block went to the rest
    for text in ["play ReV", "play MiV", "play FaV", "play DoR", "play ReR", "play MiR", "pass"]:
        state.act(1, text)
    state.act(2, "play DoO")
    assert state.to_act() == [3]


def test_l4_sign_laid_during_the_rest_blocks_once_the_rest_is_over() -> None:
    state = rest_laid()
    state.act(1, "play DoR")
    state.act(1, "play #R")  # blocks seat 2
    assert state.to_act() == [1]
    state.act(1, "play ReR")
    state.act(1, "play MiR")
    state.act(1, "play ReV")
    state.act(1, "play MiV")
    state.act(1, "play FaV")
    state.act(1, "pass")
    assert state.to_act() == [3]
    assert [e["type"] for e in state.log[-3:]] == ["pass", "rest_over", "skipped"]


def test_l4_rest_ends_when_its_player_goes_out_on_another_card() -> None:
    violet = ["DoV", "pV", "ReV", "MiV", "FaV", "SolV", "LaV"]
    hands, pile = fill({1: violet}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    state.act(1, "choose M")
    state.act(1, "play DoV")
    state.act(2, "pass")
    state.act(0, "pass")
    state.act(1, "play pV")
    for text in ["play ReV", "play MiV", "play FaV", "play SolV"]:
        state.act(1, text)
    mark = len(state.log)
    state.act(1, "play LaV")
    assert types(state, mark) == ["play", "out", "rest_over"]
    assert state.view(None)["rest"] is None and state.to_act() == [2]
