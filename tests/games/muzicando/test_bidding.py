"""Partnership dealing and bidding: order, higher bids, the end after three
passes, the forced bid, the declaring team and opener, the failed opening
(D8, D9, L7)."""

from __future__ import annotations

import itertools

import pytest

from cardroom.core.errors import IllegalAction
from tests.games.muzicando.support import BASE, GAME, bid_to, new, texts
from tests.helpers import snapshot


def test_d8_partnership_deals_all_56_cards_14_each_and_seat_0_deals_first() -> None:
    state = GAME.new(4, 3)
    view = state.view(None)
    assert view["mode"] == "partnership" and view["dealer"] == 0
    assert view["hand_sizes"] == [14] * 4 and view["pile"] == 0
    assert view["teams"] == [[0, 2], [1, 3]]


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    state = new(4, BASE)
    seen = []
    for call in ["pass", "bid 1S", "pass"]:
        seen.append(state.to_act()[0])
        state.act(seen[-1], call)
    assert seen == [1, 2, 3] and state.to_act() == [0]


def test_a_bid_must_be_higher_in_the_order_1s_1g_1p_1m_2s() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1P"])
    assert texts(state)[:4] == ["pass", "bid 1M", "bid 2S", "bid 2G"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="higher than 1P"):
        state.act(2, "bid 1G")
    with pytest.raises(IllegalAction, match="higher than 1P"):
        state.act(2, "bid 1P")
    with pytest.raises(IllegalAction, match="bidding is on"):
        state.act(2, "play DoR")
    assert snapshot(state) == before


def test_bidding_ends_when_a_bid_is_followed_by_three_passes() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1S", "pass", "bid 1G", "pass", "pass"])  # seat 2 passed, then...
    assert state.phase() == "bidding"
    bid_to(state, ["bid 2G", "pass", "pass", "pass"])  # seat 2 bids again after passing
    assert state.phase() == "play"
    view = state.view(None)
    assert view["contract"] == "2G" and view["declarer"] == 2
    assert view["opener"] == 2  # seat 3's 1G was the other team's


def test_forced_bid_after_four_passes() -> None:
    state = new(4, BASE)
    bid_to(state, ["pass", "pass", "pass", "pass"])
    assert state.to_act() == [1] and state.log[-1]["type"] == "forced_bid"
    assert "pass" not in texts(state) and len(texts(state)) == 16
    with pytest.raises(IllegalAction, match="you must now bid"):
        state.act(1, "pass")
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    assert state.phase() == "play" and state.opener == 1


def test_the_opener_is_the_declaring_player_who_first_named_the_layout() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1G", "bid 1P", "bid 2G", "pass", "pass", "pass"])
    view = state.view(None)
    assert view["contract"] == "2G" and view["declarer"] == 3 and view["opener"] == 1
    assert state.to_act() == [1]
    assert texts(state) == ["play DoR 0 0", "play SiV 0 0"]  # its oval cards


def test_d9_opener_without_an_opening_card_cancels_the_deal_and_costs_12() -> None:
    again = [BASE[1], BASE[2], BASE[3], BASE[0]]  # the next deal: seats rotated
    state = new(4, BASE, more_deals=[again])
    bid_to(state, ["pass", "bid 1M"])  # seat 2 names Muzicando holding no Do
    bid_to(state, ["pass", "pass", "pass"])
    fail = [e for e in state.log if e["type"] == "failed_opening"]
    assert fail and fail[0]["seat"] == 2 and fail[0]["penalty"] == 12
    assert state.scores() == [-12, 0, -12, 0]
    view = state.view(None)
    # L7: the cancelled deal does not count; the next dealer deals.
    assert view["deal"] == 1 and view["deals_done"] == 0 and view["dealer"] == 1
    assert state.results[-1]["cancelled"] is True and state.results[-1]["deal"] is None
    assert view["phase"] == "bidding" and state.to_act() == [2]
    assert set(view["hands"][0]) == set(BASE[1])  # the second stacked deal


def test_d8_the_deal_moves_clockwise() -> None:
    from cardroom.core.rng import Rng
    from tests.helpers import play_random

    state = GAME.new(4, 5, {"deals": 3})
    play_random(state, Rng(5))
    dealers = [r["dealer"] for r in state.results]
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))
    assert dealers[0] == 0 and len([r for r in state.results if not r.get("cancelled")]) == 3
