"""Chef cards (D8), their exchanges (D9), later rounds and the game (D10)."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption
from cardroom.games.pizzamania.rules.flow import assign
from tests.games.pizzamania.support import ROUND_TWO, events, force_order, hand, ladder, new


def test_d8_two_players_use_only_nonna_and_loser() -> None:
    state = new(2, seed=4)
    force_order(state, [1, 0])
    assert state.view(0)["chefs"] == {"nonna": 1, "loser": 0}
    assert events(state, "chefs") == [{"type": "chefs", "holders": {"nonna": 1, "loser": 0}}]


def test_d8_three_players_leave_out_pro_and_novice() -> None:
    state = new(3, seed=5)
    force_order(state, [2, 0, 1])
    assert state.view(0)["chefs"] == {"nonna": 2, "loser": 1}


def test_d8_four_players_each_card_to_a_different_player() -> None:
    state = new(4, seed=6)
    force_order(state, [3, 1, 0, 2])
    assert state.view(0)["chefs"] == {"nonna": 3, "pro": 1, "novice": 0, "loser": 2}


def test_d8_second_to_last_takes_the_novice() -> None:
    assert assign([5, 4, 3, 2, 1, 0]) == {"nonna": 5, "pro": 4, "novice": 1, "loser": 0}
    assert assign([0, 1, 2, 3, 4, 5, 6, 7]) == {"nonna": 0, "pro": 1, "novice": 6, "loser": 7}


def test_d9_loser_and_nonna_swap_largest_for_smallest() -> None:
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    assert hand(state, 3) == [1] * 4 + [2] * 4 + [3, 3, 7, 7]
    assert hand(state, 0) == [3, 3, 7, 7] + [8] * 4 + [9] * 4


def test_d9_novice_and_pro_swap_largest_for_smallest() -> None:
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    assert hand(state, 1) == [4] * 3 + [5] * 4 + [6] * 4 + [12]
    assert hand(state, 2) == [4] + [10] * 4 + [11] * 4 + [12] * 3


def test_d9_gifts_come_from_the_hands_as_dealt_all_at_once() -> None:
    # Nonna gives her two smallest as dealt (7 7), not the 3 3 the Loser
    # gives her at the same moment.
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    gifts = {(e["giver"], e["receiver"]): e["cards"] for e in events(state, "gift")}
    assert gifts == {(0, 3): [7, 7], (1, 2): [4], (2, 1): [12], (3, 0): [3, 3]}


def test_d9_exchanges_are_events_that_show_cards_only_to_the_two_players() -> None:
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    public = [e for e in state.view(1)["log"] if e["type"] == "exchange"]
    assert public == [
        {"type": "exchange", "chef": "nonna", "giver": 0, "receiver": 3, "count": 2,
         "which": "smallest"},
        {"type": "exchange", "chef": "pro", "giver": 1, "receiver": 2, "count": 1,
         "which": "smallest"},
        {"type": "exchange", "chef": "novice", "giver": 2, "receiver": 1, "count": 1,
         "which": "largest"},
        {"type": "exchange", "chef": "loser", "giver": 3, "receiver": 0, "count": 2,
         "which": "largest"},
    ]
    seen_by_pro = [(e["giver"], e["receiver"]) for e in state.view(1)["log"]
                   if e["type"] == "gift"]
    assert seen_by_pro == [(1, 2), (2, 1)]
    shown = {g["chef"]: "cards" in g for g in state.view(1)["exchanges"]}
    assert shown == {"nonna": False, "pro": True, "novice": True, "loser": False}


def test_nonna_turns_the_first_base_of_a_later_round() -> None:
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [2, 1, 0, 3])
    assert state.round_no == 2
    assert events(state, "base")[-1]["seat"] == 2
    assert state.to_act() == [2]
    kinds = [e["type"] for e in state.log]
    last_deal = len(kinds) - 1 - kinds[::-1].index("deal")
    assert kinds[last_deal:].index("exchange") < kinds[last_deal:].index("base")


def test_d10_the_standard_game_is_three_rounds_won_by_the_final_round_winner() -> None:
    state = new(3, seed=9)
    orders = ([0, 1, 2], [1, 2, 0], [2, 0, 1])
    for order in orders:
        force_order(state, order)
    assert state.is_over()
    assert [e["order"] for e in events(state, "round_end")] == list(orders)
    result = state.result()
    assert result.ranking == [[2], [0], [1]]
    assert result.detail["winner"] == 2
    assert result.scores == [[1, 3, 2], [2, 1, 3], [3, 2, 1]]
    assert events(state, "game_end") == [{"type": "game_end", "winner": 2, "order": [2, 0, 1]}]


def test_a_search_horizon_stands_at_the_latest_round() -> None:
    state = new(3, seed=9)
    assert state.rounds_completed() == 0
    force_order(state, [1, 2, 0])
    assert state.rounds_completed() == 1
    assert state.standing().ranking == [[1], [2], [0]]


def test_d10_rounds_option() -> None:
    state = new(2, seed=3, rounds=2)
    force_order(state, [0, 1])
    assert not state.is_over()
    force_order(state, [0, 1])
    assert state.is_over() and len(events(state, "round_end")) == 2


def test_d10_simple_game_is_one_round_without_chef_cards() -> None:
    state = new(4, seed=3, simple=True)
    force_order(state, [1, 0, 2, 3])
    assert state.is_over()
    assert not events(state, "chefs") and not events(state, "exchange")
    assert state.result().ranking == [[1], [0], [2], [3]]
    assert state.view(0)["rounds"] == 1


def test_d10_rounds_is_not_negative() -> None:
    with pytest.raises(BadOption, match="option 'rounds': must be at least 0, got -1"):
        new(4, rounds=-1)


def test_d10_simple_game_refuses_more_rounds() -> None:
    with pytest.raises(BadOption, match="simple game is a single round"):
        new(4, simple=True, rounds=3)
    assert new(4, simple=True, rounds=1).rounds == 1


def test_a_one_round_game_hands_out_no_chef_cards() -> None:
    state = new(5, seed=3, rounds=1)
    force_order(state, [4, 3, 2, 1, 0])
    assert state.is_over() and not events(state, "chefs")
