"""Determinization: the sampler deals the toppings a seat cannot see
uniformly among the deals its view allows (chi-square over small late
positions, copies counted as distinct cards), keeps what a chef partner's
gift says of its hand (D9), and builds whole games."""

from __future__ import annotations

from collections import Counter
from collections.abc import MutableSequence
from itertools import combinations
from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.games.pizzamania import GAME, sampler
from cardroom.games.pizzamania.cards import (
    BASE_BY_CODE,
    FULL,
    ONE,
    VALUES,
    count,
    counts,
    extreme,
    pack,
    unpack,
)
from cardroom.games.pizzamania.sampler import Bounded
from cardroom.games.pizzamania.state import PizzamaniaState
from tests.games.pizzamania.support import round_two
from tests.helpers import chi_square, chi_square_limit, play_random

SAMPLES = 4000

# The other seats' hands in seat order, then the pile set aside (each sorted).
Deal = tuple[tuple[int, ...], ...]
# A deal and the kind of the next base to turn (None: the base deck is empty).
Outcome = tuple[Deal, int | None]


def position(players: int, seed: int, seat: int, round_no: int, most: int) -> PizzamaniaState:
    """The first position of seeded random play in round ``round_no`` where
    ``seat`` cannot see more than ``most`` toppings."""
    state = GAME.new(players, seed)
    assert isinstance(state, PizzamaniaState)
    rng = Rng(seed)
    while not state.is_over():
        if state.round_no == round_no and len(unseen(state.view(seat))) <= most:
            return state
        mover = state.to_act()[0]
        state.act(mover, rng.choice(state.legal_texts(mover)))
    raise AssertionError("the seed does not reach the position")


def bounded_counts(pool: int, k: int, lo: list[int], hi: list[int], rng: Rng) -> int:
    """One draw of ``sampler.Bounded``."""
    return Bounded(pool, k, lo, hi).sample(Shuffler(rng))


def unseen(view: dict[str, Any]) -> list[int]:
    """The toppings ``view`` cannot see (other hands and the set-aside pile), sorted."""
    return unpack(FULL - pack(view["hand"]) - sum(pack(p) for p in view["played"]))


def fits_gifts(view: dict[str, Any], hands: list[int]) -> bool:
    """D9: what the seat's chef partner gave it were the extremes of the
    partner's hand as dealt, which also held what the seat gave it."""
    me = view["seat"]
    mine = {g["giver"]: g for g in view["exchanges"] if g["receiver"] == me}
    for g in view["exchanges"]:
        if g["giver"] != me:
            continue
        partner, gave = g["receiver"], pack(g["cards"])
        got = mine[partner]
        since = hands[partner] + pack(view["played"][partner])
        if any(count(since, v) < count(gave, v) for v in VALUES):
            return False
        dealt = since - gave + pack(got["cards"])
        if extreme(dealt, got["count"], got["which"]) != pack(got["cards"]):
            return False
    return True


def allowed_deals(view: dict[str, Any], constrained: bool = True) -> Counter[Deal]:
    """Each deal the view allows, weighted by how many ways of dealing the
    unseen copies give it (copies are distinct cards)."""
    me, players = view["seat"], view["players"]
    cards = unseen(view)
    others = [p for p in range(players) if p != me]
    deals: Counter[Deal] = Counter()

    def deal_from(i: int, left: tuple[int, ...], hands: tuple[tuple[int, ...], ...]) -> None:
        if i == len(others):
            deal = (*hands, tuple(cards[j] for j in left))
            packed = [0] * players
            for p, hand in zip(others, hands, strict=True):
                packed[p] = pack(hand)
            if not constrained or fits_gifts(view, packed):
                deals[deal] += 1
            return
        for pick in combinations(left, view["hand_sizes"][others[i]]):
            rest = tuple(j for j in left if j not in pick)
            deal_from(i + 1, rest, (*hands, tuple(cards[j] for j in pick)))

    deal_from(0, tuple(range(len(cards))), ())
    return deals


def allowed_outcomes(view: dict[str, Any]) -> Counter[Outcome]:
    """Every deal with every next base, weighted (the base deck's order is
    hidden, its make-up public)."""
    bases: dict[int | None, int] = {
        BASE_BY_CODE[code]: n for code, n in view["base_deck_makeup"].items() if n}
    out: Counter[Outcome] = Counter()
    for deal, weight in allowed_deals(view).items():
        for kind, n in (bases or {None: 1}).items():
            out[(deal, kind)] = weight * n
    return out


def outcome_of(state: PizzamaniaState, seat: int) -> Outcome:
    others = [p for p in range(state.players) if p != seat]
    deal = (*(tuple(unpack(state.hands[p])) for p in others), tuple(unpack(state.aside)))
    return deal, state.base_deck[-1] if state.base_deck else None


def sampled(view: dict[str, Any], samples: int) -> Counter[Outcome]:
    rng = Rng(7)
    seen: Counter[Outcome] = Counter()
    for _ in range(samples):
        state = GAME.determinize(view, rng)
        assert isinstance(state, PizzamaniaState)
        seen[outcome_of(state, view["seat"])] += 1
    return seen






def statistic(state: PizzamaniaState, seat: int) -> tuple[float, float]:
    """The chi-square of ``SAMPLES`` determinizations from ``seat``'s view,
    and the 0.999 critical value for its degrees of freedom."""
    view = state.view(seat)
    outcomes = allowed_outcomes(view)
    assert len(outcomes) >= 8 and outcome_of(state, seat) in outcomes
    seen = sampled(view, SAMPLES)
    assert set(seen) <= set(outcomes), "a sampled deal contradicts the view"
    return chi_square(seen, outcomes), chi_square_limit(len(outcomes) - 1)


def round_one() -> PizzamaniaState:
    """5 players late in round 1: seat 0 cannot see the last topping of two
    other seats and the three toppings set aside."""
    return position(5, seed=0, seat=0, round_no=1, most=5)


def round_two_late() -> PizzamaniaState:
    """3 players late in round 2: seat 2, the Loser, got the Nonna's (seat 1)
    two smallest toppings, which bounds the rest of her hand (D9)."""
    state = position(3, seed=59, seat=2, round_no=2, most=10)  # a seed that reaches it (D11)
    view = state.view(2)
    assert view["chefs"] == {"nonna": 1, "loser": 2}
    assert len(allowed_deals(view)) < len(allowed_deals(view, constrained=False))
    return state


def test_the_unseen_toppings_are_dealt_uniformly() -> None:
    stat, limit = statistic(round_one(), 0)
    assert stat < limit


def test_d9_the_chef_partner_hand_is_dealt_uniformly_among_those_its_gift_allows() -> None:
    stat, limit = statistic(round_two_late(), 2)
    assert stat < limit


def naive_shuffle(rng: Shuffler, items: MutableSequence[Any]) -> None:
    """The classic biased shuffle: each place swaps with any place."""
    for i in range(len(items)):
        j = rng.below(len(items))
        items[i], items[j] = items[j], items[i]


def copies_alike(pool: int, k: int, lo: list[int], hi: list[int], rng: Shuffler) -> int:
    """A biased partner hand: uniform over the hands as multisets of values,
    as if copies were one card (a hand with a rarer pattern comes up too often)."""
    avail = counts(pool)
    hands = [0]
    for v in VALUES:
        hands = [h + c * ONE[v] for h in hands
                 for c in range(lo[v], min(hi[v], avail[v]) + 1)]
    fits = [h for h in hands if len(unpack(h)) == k]
    return fits[rng.below(len(fits))]


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_the_check_catches_a_biased_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_one()
    monkeypatch.setattr(Shuffler, "shuffle", naive_shuffle)
    stat, limit = statistic(state, 0)
    assert stat > limit


class CopiesAlike:
    """``sampler.Bounded`` drawing by ``copies_alike``."""

    def __init__(self, pool: int, k: int, lo: list[int], hi: list[int]) -> None:
        self.args = (pool, k, lo, hi)

    def sample(self, sh: Shuffler) -> int:
        return copies_alike(*self.args, sh)


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_the_check_catches_copies_counted_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_two_late()
    monkeypatch.setattr(sampler, "Bounded", CopiesAlike)
    stat, limit = statistic(state, 2)
    assert stat > limit


def test_resampling_keeps_the_view_and_redeals_the_rest() -> None:
    state = round_two()
    seen = set()
    for i in range(20):
        other = state.resample(1, Rng(i))
        assert isinstance(other, PizzamaniaState)
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


def test_determinized_states_play_on_to_the_end() -> None:
    for seed in range(6):
        state = GAME.new(2 + seed % 7, seed)
        rng = Rng(seed)
        for _ in range(30 + 9 * seed):
            if state.is_over():
                break
            mover = state.to_act()[0]
            state.act(mover, rng.choice(state.legal_texts(mover)))
        for seat in range(state.players):
            other = state.resample(seat, Rng(seed))
            assert isinstance(other, PizzamaniaState)
            assert other.view(seat) == state.view(seat)
            assert not other.invariant_errors()
            assert play_random(other, Rng(seed)).is_over()
