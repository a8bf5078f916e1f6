"""Scoring: every cell of the rulebook's partnership table comes out of the
engine's end of deal; place points, stuck players, the individual game."""

from __future__ import annotations

import pytest

from cardroom.games.muzicando.cards import PARTNERSHIP
from cardroom.games.muzicando.rules.finish import end_deal
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import BASE, GAME, bid_to, fill, new

# The rulebook's "score calculator": contract (value) -> points of the
# declaring team by its two players' places; made 1-2, 1-3, 1-4; failed
# 2-3, 2-4, 3-4.
PLACES = ((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
RULEBOOK_TABLE = {
    "4M": (8, [15, 14, 13, -3, -4, -5]),
    "3M": (7, [14, 13, 12, -2, -3, -4]),
    "2M": (6, [13, 12, 11, -1, -2, -3]),
    "1M": (5, [12, 11, 10, 0, -1, -2]),
    "4P": (7, [14, 13, 12, -2, -3, -4]),
    "3P": (6, [13, 12, 11, -1, -2, -3]),
    "2P": (5, [12, 11, 10, 0, -1, -2]),
    "1P": (4, [11, 10, 9, 1, 0, -1]),
    "4G": (6, [13, 12, 11, -1, -2, -3]),
    "3G": (5, [12, 11, 10, 0, -1, -2]),
    "2G": (4, [11, 10, 9, 1, 0, -1]),
    "1G": (3, [10, 9, 8, 2, 1, 0]),
    "4S": (5, [12, 11, 10, 0, -1, -2]),
    "3S": (4, [11, 10, 9, 1, 0, -1]),
    "2S": (3, [10, 9, 8, 2, 1, 0]),
    "1S": (2, [9, 8, 7, 3, 2, 1]),
}


def contracted(contract: str) -> MuzicandoState:
    """Seat 1 (East-West) wins the bidding with ``contract`` and opens."""
    state = new(4, BASE)
    bid_to(state, [f"bid {contract}", "pass", "pass", "pass"])
    assert state.phase() == "play" and state.view(None)["contract"] == contract
    return state


def finish(state: MuzicandoState, order: list[int], stuck: bool = False) -> dict[str, object]:
    """End the deal with the seats placed in ``order`` through the engine's
    own end of deal (the cards' whereabouts do not matter to scoring)."""
    state.places = order[:3] if stuck else order[:]
    state.hands = [0] * 4
    if stuck:
        state.hands[order[3]] = 1
    end_deal(state, stuck=stuck)
    return state.results[-1]


def order_for(ew_places: tuple[int, int]) -> list[int]:
    """Seats in finishing order with East-West (1, 3) in the given places."""
    order = [0] * 4
    order[ew_places[0] - 1], order[ew_places[1] - 1] = 1, 3
    others = iter([0, 2])
    return [s if i + 1 in ew_places else next(others) for i, s in enumerate(order)]


@pytest.mark.parametrize("contract", sorted(RULEBOOK_TABLE))
def test_rulebook_scoring_table_every_cell(contract: str) -> None:
    _value, row = RULEBOOK_TABLE[contract]
    for places, expected in zip(PLACES, row, strict=True):
        result = finish(contracted(contract), order_for(places))
        assert result["team_points"] == [10 - sum(5 - p for p in places),
                                         expected], (contract, places)
        assert result["made"] is (places[0] == 1)
        assert result["points"] == [result["team_points"][s % 2] for s in range(4)]


def test_rulebook_component_points_place_level_layout() -> None:
    assert PARTNERSHIP["place_points"] == [4, 3, 2, 1]
    from cardroom.games.muzicando.cards import LAYOUT_VALUE, LEVEL_POINTS

    assert LEVEL_POINTS == (1, 2, 3, 4)
    assert LAYOUT_VALUE == (1, 2, 3, 4)  # S G P M


def test_rules_page_examples_4m_first_and_second_15_1s_second_and_fourth_2() -> None:
    assert finish(contracted("4M"), [1, 3, 0, 2])["team_points"] == [3, 15]
    assert finish(contracted("1S"), [0, 1, 2, 3])["team_points"][1] == 2


def test_stuck_last_player_scores_nothing() -> None:
    result = finish(contracted("1M"), [1, 0, 2, 3], stuck=True)
    assert result["place_points"] == [3, 4, 2, 0] and result["stuck"] == 3
    assert result["team_points"] == [5, 4 + 0 + 5]


def test_team_totals_add_up_over_deals_and_the_game_ends_after_deals() -> None:
    state = new(4, BASE, {"deals": 2}, more_deals=[[BASE[2], BASE[3], BASE[0], BASE[1]]])
    bid_to(state, ["bid 2M", "pass", "pass", "pass"])
    finish(state, [1, 0, 3, 2])
    assert state.scores() == [3 + 1, 4 + 2 + 6, 4, 12]
    assert state.phase() == "bidding" and state.view(None)["dealer"] == 1
    bid_to(state, ["pass", "bid 1S", "pass", "pass", "pass"])  # seat 3 bids 1S: EW again
    finish(state, [0, 2, 1, 3])
    assert state.is_over()
    assert state.scores() == [4 + 7, 12 + 3 - 2, 11, 13]
    assert state.result().ranking == [[1, 3], [0, 2]]
    assert state.result().detail["team_scores"] == [11, 13]


# ----- individual game ---------------------------------------------------------
def test_d13_individual_places_score_players_down_to_1_and_chooser_adds_the_layout() -> None:
    hands, pile = fill({1: ["DoR", "MiY"]}, 5, 7)
    state = new(5, hands, {"mode": "individual"}, pile=pile)
    state.act(1, "choose P")
    result = finish_individual(state, [3, 1, 0, 4, 2])
    assert result["place_points"] == [3, 4, 1, 5, 2]
    assert result["points"] == [3, 4 + 3, 1, 5, 2]  # Parada is worth 3 to its chooser
    assert state.view(None)["dealer"] == 1  # the chooser deals next


def test_individual_stuck_last_place_scores_nothing() -> None:
    hands, pile = fill({1: ["DoR"]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    state.act(1, "choose M")
    result = finish_individual(state, [2, 0, 1], stuck=True)
    assert result["place_points"] == [2, 0, 3] and result["points"] == [2, 0 + 4, 3]


def test_d14_individual_bidding_declarer_adds_or_loses_the_contract() -> None:
    made = new(4, BASE, {"mode": "individual", "bidding": True})
    bid_to(made, ["bid 2M", "pass", "pass", "pass"])
    assert finish_individual(made, [1, 0, 2, 3])["points"] == [3, 4 + 6, 2, 1]
    failed = new(4, BASE, {"mode": "individual", "bidding": True})
    bid_to(failed, ["bid 2M", "pass", "pass", "pass"])
    assert finish_individual(failed, [3, 1, 2, 0])["points"] == [1, 3 - 6, 2, 4]
    assert failed.view(None)["dealer"] == 1  # the declarer deals next


def finish_individual(state: MuzicandoState, order: list[int],
                      stuck: bool = False) -> dict[str, object]:
    n = state.players
    state.places = order[:-1] if stuck else order[:]
    state.hands = [0] * n
    if stuck:
        state.hands[order[-1]] = 1
    end_deal(state, stuck=stuck)
    return state.results[-1]


def test_d10_the_partnership_game_is_four_deals_by_default_and_more_points_win() -> None:
    from cardroom.core.rng import Rng
    from tests.helpers import play_random

    state = GAME.new(4, 2)
    assert state.view(None)["deals"] == 4
    play_random(state, Rng(2))
    assert len([r for r in state.results if not r.get("cancelled")]) == 4
    ns, ew = state.scores()[0], state.scores()[1]
    expected = [[0, 2], [1, 3]] if ns > ew else [[1, 3], [0, 2]] if ew > ns else [[0, 1, 2, 3]]
    assert state.result().ranking == expected
