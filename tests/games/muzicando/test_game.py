"""The individual game (D11-D14, L8, L9), options and stacked entries."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.errors import BadOption, IllegalAction
from cardroom.games.muzicando.cards import CODE, codes
from tests.games.muzicando.support import BASE, GAME, NO_OPENER, bid_to, fill, new, texts


@pytest.mark.parametrize("players", range(2, 9))
def test_d11_individual_deals_7_each_and_the_rest_is_the_draw_pile(players: int) -> None:
    view = GAME.new(players, 4, {"mode": "individual"}).view(None)
    assert view["mode"] == "individual" and view["dealer"] == 0
    assert view["hand_sizes"] == [7] * players and view["pile"] == 56 - 7 * players
    assert view["deals"] == players


def test_default_mode_is_partnership_with_4_players_individual_otherwise() -> None:
    assert GAME.new(4, 1).view(None)["mode"] == "partnership"
    assert GAME.new(5, 1).view(None)["mode"] == "individual"
    with pytest.raises(BadOption, match="exactly 4 players"):
        GAME.new(3, 1, {"mode": "partnership"})


def test_d12_chooser_left_of_dealer_may_choose_only_a_layout_they_can_open() -> None:
    hands, pile = fill({1: ["DoB", "ReO", *NO_OPENER[:5]]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    assert state.phase() == "choosing" and state.to_act() == [1]
    assert texts(state) == ["choose S", "choose G", "choose P", "choose M"]
    hands, pile = fill({1: ["DoB", *NO_OPENER[:6]]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    assert texts(state) == ["choose S", "choose M"]
    with pytest.raises(IllegalAction, match=r"opens with an oval card and you hold none \(D12\)"):
        state.act(1, "choose G")
    state.act(1, "choose M")
    assert state.phase() == "play" and texts(state) == ["play DoB"]


def test_d12_the_choice_passes_on_from_a_player_who_can_open_nothing() -> None:
    hands, pile = fill({1: NO_OPENER[:7], 2: NO_OPENER[7:14]}, 4, 7)
    state = new(4, hands, {"mode": "individual"}, pile=pile)
    assert state.to_act() == [3]
    skipped = [e["seat"] for e in state.log if e["type"] == "cannot_choose"]
    assert skipped == [1, 2]
    missing = state.view(0)["missing"]  # public: they hold no opening card
    assert "DoR" in missing[1] and "SiV" in missing[2] and missing[3] == []


def test_l8_nobody_can_open_so_the_same_dealer_deals_again() -> None:
    first = [NO_OPENER[:7], NO_OPENER[7:14]]
    second, pile2 = fill({1: ["DoR"]}, 2, 7)
    pile1 = [c for c in CODE if c not in first[0] + first[1]]
    state = GAME.new(2, 1, {"mode": "individual", "stack": {
        "deal": [first, second], "pile": [pile1, pile2]}})
    kinds = [e["type"] for e in state.log if e["type"] in ("deal", "cannot_choose", "redeal")]
    assert kinds == ["deal", "cannot_choose", "cannot_choose", "redeal", "deal"]
    assert state.view(None)["dealer"] == 0 and state.to_act() == [1]


def test_individual_pass_is_always_allowed_and_draws_the_top_card() -> None:
    hands, pile = fill({0: ["ReR"], 1: ["DoR", "DoO"]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    state.act(1, "choose M")
    state.act(1, "play DoR")
    assert "pass" in texts(state) and "play ReR" not in texts(state)  # seat 2
    state.act(2, "pass")
    assert codes(state.hands[2]).count(pile[0]) == 1 and len(codes(state.hands[2])) == 8
    draw = [e for e in state.log if e["type"] == "draw"][-1]
    assert draw == {"type": "draw", "seat": 2, "card": pile[0], "to": [2]}
    assert texts(state)[0] == "pass" and "play ReR" in texts(state)  # seat 0 may pass too
    assert state.view(1)["pile"] == len(pile) - 1


def test_individual_chooser_deals_next_and_deals_are_a_multiple_of_players() -> None:
    with pytest.raises(BadOption, match="multiple of the number of players"):
        GAME.new(3, 1, {"mode": "individual", "deals": 4})
    assert GAME.new(3, 1, {"mode": "individual", "deals": 6}).view(None)["deals"] == 6


def test_d14_bidding_needs_4_or_8_players_and_deals_every_card() -> None:
    with pytest.raises(BadOption, match=r"4 or 8 players, not 5 \(D14\)"):
        GAME.new(5, 1, {"mode": "individual", "bidding": True})
    for players, size in ((4, 14), (8, 7)):
        view = GAME.new(players, 1, {"mode": "individual", "bidding": True}).view(None)
        assert view["phase"] == "bidding" and view["hand_sizes"] == [size] * players
        assert view["pile"] == 0


def test_l9_eight_player_bidding_ends_after_seven_passes_forced_after_eight() -> None:
    state = GAME.new(8, 2, {"mode": "individual", "bidding": True})
    bid_to(state, ["pass"] * 8)
    assert state.to_act() == [1] and "pass" not in texts(state)
    bid_to(state, ["bid 1S"] + ["pass"] * 6)
    assert state.phase() == "bidding" and not [e for e in state.log if e["type"] == "contract"]
    state.act(state.to_act()[0], "pass")
    contract = [e for e in state.log if e["type"] == "contract"]
    assert contract and contract[0]["declarer"] == 1 and contract[0]["side"] == [1]


def test_l9_individual_declarer_who_cannot_open_loses_11() -> None:
    state = new(4, BASE, {"mode": "individual", "bidding": True})
    bid_to(state, ["pass", "bid 1M", "pass", "pass", "pass"])  # seat 2 holds no Do
    assert state.scores() == [0, 0, -11, 0]
    assert state.view(None)["dealer"] == 2 and state.view(None)["deals_done"] == 0


@pytest.mark.parametrize(("options", "players", "message"), [
    ({"stack": {"deal": [[["DoR"] * 14] * 4]}}, 4, "DoR is dealt twice"),
    ({"stack": {"deal": [[["XX"] + ["DoR"] * 13] * 4]}}, 4, "'XX' is not a Muzicando card"),
    ({"stack": {"deal": [[["DoR"]] * 4]}}, 4, "exactly 14 card codes"),
    ({"stack": {"deal": [[["DoR"] * 14] * 3]}}, 4, "a list of 4 hands"),
    ({"stack": {"pile": [["DoR"]]}}, 4, "no draw pile"),
    ({"mode": "individual", "stack": {"pile": [list(CODE[:42])]}}, 2, "needs the stacked deal"),
    ({"stack": {"dice": [1]}}, 4, "no random source 'dice'"),
])
def test_impossible_stacked_entries_are_bad_options(
        options: dict[str, Any], players: int, message: str) -> None:
    with pytest.raises(BadOption, match=message):
        GAME.new(players, 1, options)


def test_a_stacked_pile_must_hold_exactly_the_cards_not_dealt() -> None:
    hands, pile = fill({}, 2, 7)
    wrong = [*pile[:-1], hands[0][0]]
    with pytest.raises(BadOption, match="exactly the cards not dealt"):
        GAME.new(2, 1, {"mode": "individual", "stack": {"deal": [hands], "pile": [wrong]}})
    state = GAME.new(2, 1, {"mode": "individual", "stack": {"deal": [hands], "pile": [pile]}})
    assert state.view(None)["pile_order"] == pile
