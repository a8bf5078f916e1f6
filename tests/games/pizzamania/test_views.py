"""No hidden cards in seat views: a seat sees its own hand and its own
gifts, and nothing that moves between hidden hands changes its view."""

from __future__ import annotations

import json

from cardroom.games.pizzamania.cards import pack
from tests.games.pizzamania.support import round_two

HIDDEN_KEYS = {"hands", "aside", "base_order"}


def test_a_seat_view_shows_its_own_hand_and_no_other() -> None:
    state = round_two()
    for seat in range(4):
        view = state.view(seat)
        assert not HIDDEN_KEYS & set(view)
        assert view["hand"] == sorted(state.view(None)["hands"][seat])
        for event in view["log"]:
            if event["type"] in ("hand", "gift"):
                assert seat in event["to"]
    assert set(state.view(None)) >= HIDDEN_KEYS


def test_a_seat_view_does_not_change_when_hidden_cards_move() -> None:
    state = round_two()
    before = [json.dumps(state.view(s), sort_keys=True) for s in range(4)]
    twin = state.clone()
    # Swap a 10 of the Novice (seat 2) for a 1 of the Loser (seat 3).
    twin.hands[2] += pack([1]) - pack([10])
    twin.hands[3] += pack([10]) - pack([1])
    assert json.dumps(twin.view(0), sort_keys=True) == before[0]
    assert json.dumps(twin.view(1), sort_keys=True) == before[1]
    assert json.dumps(twin.view(2), sort_keys=True) != before[2]
