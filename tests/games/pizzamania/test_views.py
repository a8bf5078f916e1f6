"""No hidden cards in seat views, and the sampler that rebuilds a state
from a view (D9's gifts constrain the chef partner's hand)."""

from __future__ import annotations

import json
from collections import Counter

from cardroom.core.rng import Rng
from cardroom.games.pizzamania.cards import pack
from cardroom.games.pizzamania.sampler import bounded_counts
from cardroom.games.pizzamania.state import PizzamaniaState
from tests.games.pizzamania.test_chefs import ROUND_TWO
from tests.games.pizzamania.util import force_order, ladder, new

HIDDEN_KEYS = {"hands", "aside", "base_order"}


def round_two() -> PizzamaniaState:
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    return state


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


def test_resampling_keeps_the_view_and_redeals_the_rest() -> None:
    state = round_two()
    seen = set()
    for i in range(20):
        other = state.resample(1, Rng(i))
        assert other.view(1) == state.view(1)
        assert not other.invariant_errors()
        seen.add(tuple(other.hands))
    assert len(seen) > 10


def test_d9_resampling_keeps_what_the_nonna_knows_of_the_loser() -> None:
    # Nonna (seat 0) gave 7 7 to the Loser (seat 3) and got 3 3 back, the
    # Loser's largest: so the Loser holds both 7s and, apart from them,
    # nothing above 3.
    state = round_two()
    for i in range(40):
        loser = Counter(state.resample(0, Rng(i)).view(None)["hands"][3])
        assert loser[7] >= 2
        assert all(v <= 3 for v in (loser - Counter([7, 7])).elements())


def test_d9_resampling_keeps_what_the_loser_knows_of_the_nonna() -> None:
    # The Loser got 7 7, the Nonna's smallest: she holds nothing below 7
    # but the 3 3 the Loser gave her.
    state = round_two()
    for i in range(40):
        nonna = Counter(state.resample(3, Rng(i)).view(None)["hands"][0])
        assert nonna[3] >= 2
        assert all(v >= 7 for v in (nonna - Counter([3, 3])).elements())


def test_bounded_counts_is_uniform_over_distinct_cards() -> None:
    # Pool: two 1s and one 2. The 2-card subsets are {1a,1b}, {1a,2}, {1b,2}:
    # two 1s with probability 1/3, one of each with probability 2/3.
    pool = pack([1, 1, 2])
    rng = Rng(7)
    lo, hi = [0] * 13, [9] * 13
    draws = Counter(bounded_counts(pool, 2, lo, hi, rng) for _ in range(3000))
    assert set(draws) == {pack([1, 1]), pack([1, 2])}
    assert 900 < draws[pack([1, 1])] < 1100


def test_bounded_counts_respects_bounds() -> None:
    pool = pack([1, 1, 2, 2, 3, 3])
    lo, hi = [0] * 13, [9] * 13
    lo[3], hi[1] = 2, 0
    rng = Rng(3)
    draws = {bounded_counts(pool, 3, lo, hi, rng) for _ in range(200)}
    assert draws == {pack([2, 3, 3])}
