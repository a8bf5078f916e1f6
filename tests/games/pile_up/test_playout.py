"""The search's playout policy (playout.py ``choose``): the heuristic's
rules of thumb, one card ahead; ``steady`` never slips into a random move.
Its opponent model (``heuristic``): exactly the heuristic bot's move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardroom.games.pile_up.playout import SLIP, choose, heuristic
from cardroom.games.pile_up.state import PileUpState
from tests.games.pile_up.support import (
    GAME,
    a_black_to_arm,
    a_forced_take,
    a_three_to_stack,
    a_triple_to_give,
    a_white_to_end_on,
    column,
    minus,
    third_three_on_offer,
    whole_turn,
)
from tests.helpers import heuristic_decisions


def steady() -> float:
    return 0.99  # above SLIP: no random move


def policy_turn(state: PileUpState, seat: int) -> list[str]:
    """Let the policy act until another seat is to act."""
    def decide(state: PileUpState, seat: int) -> str:
        actions = state.legal_actions(seat)
        action = choose(state, seat, actions, steady)
        assert action in actions
        return state.action_text(action)

    return whole_turn(state, seat, decide)


def test_it_never_lays_the_third_visible_card() -> None:
    state = third_three_on_offer()
    assert policy_turn(state, 1)[0] != "place 3G"
    assert minus(state, 1) == []


def test_it_stacks_then_stops_rather_than_take_the_column() -> None:
    state = a_three_to_stack()
    assert policy_turn(state, 1) == ["stack 3R", "done"]
    assert column(state, 3) == [["3R", 2], ["3B", 1]]


def test_it_ends_on_white_and_pushes_onto_the_leader() -> None:
    state = a_white_to_end_on()
    assert policy_turn(state, 2) == ["place 6G", "place 6W", "push 1"]
    assert sorted(minus(state, 1)) == ["6G", "6R", "6W"]


def test_it_ends_on_black_to_arm_the_column() -> None:
    state = a_black_to_arm()  # 2G alone would be the third card: it lays black last
    assert policy_turn(state, 1) == ["place 2K", "done"]
    assert state.view(None)["columns"][1]["armed"] is True
    assert minus(state, 1) == []


def test_a_forced_take_and_a_triple_part_with_plain_cards_first() -> None:
    state = a_forced_take()
    assert policy_turn(state, 0)[0] in ("take 4R", "take 2R", "take 2B", "take 2G")
    state = a_triple_to_give()
    assert sorted(policy_turn(state, 1)) == ["give 2B", "give 2G", "give 2R"]
    assert minus(state, 1) == ["2W"]


def test_it_slips_into_any_move_now_and_then() -> None:
    state = GAME.new(3, 2)
    assert isinstance(state, PileUpState)
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    assert len(actions) > 2

    def draws(*values: float) -> Callable[[], float]:
        return iter(values).__next__

    # A first draw under SLIP: the second picks the move, whatever it is.
    assert choose(state, seat, actions, draws(SLIP / 2, 0.0)) == actions[0]
    assert choose(state, seat, actions, draws(SLIP / 2, 0.99)) == actions[-1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_model_plays_the_heuristics_move_at_every_decision(players: int) -> None:
    """``heuristic`` (the search's opponent model) reads the state for the
    seat to move and must choose exactly what the heuristic bot chooses from
    that seat's view: laying, a triple's gifts, a forced take and pushes."""
    chosen = heuristic_decisions(GAME, heuristic, players, 4)
    assert len(chosen) > 200
    assert {"place", "stack", "done", "push"} <= {move.split(" ")[0] for move in chosen}
