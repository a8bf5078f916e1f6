"""The sampler deals uniformly: over small positions, the hidden assignment
that ``determinize`` draws from one seat's view is tallied and checked with a
chi-square test at the 0.999 quantile (so a correct sampler fails once in a
thousand seeds; all seeds here are fixed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from itertools import permutations

from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME
from tests.helpers import chi_square, chi_square_limit


def tally(view: dict[str, object], samples: int,
          assignment: Callable[[LoveState], Hashable]) -> Counter[Hashable]:
    counts: Counter[Hashable] = Counter()
    for i in range(samples):
        state = GAME.determinize(view, Rng(1000 + i))
        assert isinstance(state, LoveState)
        counts[assignment(state)] += 1
    return counts


def jobs_position() -> tuple[dict[str, object], list[tuple[int, int]]]:
    """Three players with the promo pack added (eight Part-Time Jobs), at the
    first pick: seat 0 knows its own job; seats 1 and 2 each hold one of the
    other seven (42 deals, all equally likely)."""
    state = GAME.new(3, 7, {"promo": "add"})
    assert isinstance(state, LoveState)
    view = state.view(0)
    others = [c for c in range(CAT.size) if CAT.jobs >> c & 1 and c != state.jobs[0]]
    return view, list(permutations(others, 2))


def test_the_hidden_part_time_jobs_are_dealt_uniformly() -> None:
    view, deals = jobs_position()
    samples = len(deals) * 30
    counts = tally(view, samples, lambda s: (s.jobs[1], s.jobs[2]))
    expected: dict[Hashable, float] = {deal: samples / len(deals) for deal in deals}
    assert chi_square(counts, expected) < chi_square_limit(len(deals) - 1)


def test_hidden_cards_go_to_the_pack_or_the_deck_uniformly() -> None:
    """Two players at the first pick: seat 1's pack holds 12 of the 120 cards
    seat 0 cannot see, the deck the other 108. Two of those cards are each in
    the pack or the deck: four deals of the pair, in the proportions a
    uniform deal of the 120 cards gives them."""
    state = GAME.new(2, 5)
    assert isinstance(state, LoveState)
    view = state.view(0)
    seen = {CAT.by_id[c] for c in view["pack"]}
    a, b = [c for c in range(CAT.size) if CAT.set_of[c] == "base"
            and not CAT.jobs >> c & 1 and c not in seen][:2]
    pack, total = 12, 120
    samples = 1500

    def where(s: LoveState) -> Hashable:
        return (bool(s.packs[1] >> a & 1), bool(s.packs[1] >> b & 1))

    counts = tally(view, samples, where)
    both = pack * (pack - 1) / (total * (total - 1))
    one = pack * (total - pack) / (total * (total - 1))
    none = (total - pack) * (total - pack - 1) / (total * (total - 1))
    expected: dict[Hashable, float] = {
        (True, True): samples * both, (True, False): samples * one,
        (False, True): samples * one, (False, False): samples * none}
    assert chi_square(counts, expected) < chi_square_limit(3)


def test_the_check_fails_a_sampler_that_favours_one_deal() -> None:
    """The same tally with one deal in ten replaced by the first one: a bias
    the test above must catch."""
    view, deals = jobs_position()
    samples = len(deals) * 30

    def biased(s: LoveState) -> Hashable:
        favoured = s.rng.below(10) == 0
        return deals[0] if favoured else (s.jobs[1], s.jobs[2])

    counts = tally(view, samples, biased)
    expected: dict[Hashable, float] = {deal: samples / len(deals) for deal in deals}
    assert chi_square(counts, expected) > chi_square_limit(len(deals) - 1)
