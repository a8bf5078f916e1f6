"""The sampler deals uniformly: over a small position, every hidden deal
consistent with one seat's view comes up equally often (chi-square)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
from cardroom.games.papayoo import sampler
from cardroom.games.papayoo.cards import SUIT, SUIT_LETTERS, deck_mask, mask_of_codes
from cardroom.games.papayoo.state import PapayooState
from tests.games.papayoo.support import GAME
from tests.helpers import chi_square, chi_square_limit

SAMPLES = 4000

Deal = tuple[int, int]  # the hidden hands: left seat's, right seat's


def small_position(seed: int) -> PapayooState:
    """A 3-player round played by a seeded random policy until each seat
    holds three cards and a trick is about to be led."""
    state = GAME.new(3, seed, {"rounds": 1})
    assert isinstance(state, PapayooState)
    rng = Rng(seed)
    while state.phase() != "play" or state.trick_cards or state.hands[0].bit_count() > 3:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


def consistent_deals(view: dict[str, Any], voids: bool = True) -> list[Deal]:
    """Every way to give the cards ``view`` cannot see to the other two
    seats: the right counts, our passed cards still with the left seat, and
    (with ``voids``) no card of a suit a seat has shown void in."""
    seat: int = view["seat"]
    left, right = (seat + 1) % 3, (seat + 2) % 3
    unseen = deck_mask(3) & ~mask_of_codes(view["hand"]) & ~mask_of_codes(view["played"])
    known_left = mask_of_codes(view["passed"]) & unseen
    free = cards_of(unseen & ~known_left)
    need = view["hand_sizes"][left] - known_left.bit_count()
    deals = []
    for pick in combinations(free, need):
        hands = (known_left | mask_of(pick), unseen & ~known_left & ~mask_of(pick))
        if not voids or not any(_in_void(h, view["voids"][o])
                                for h, o in zip(hands, (left, right), strict=True)):
            deals.append(hands)
    return deals


def _in_void(hand: int, voids: list[str]) -> bool:
    return any(SUIT_LETTERS[SUIT[c]] in voids for c in cards_of(hand))


def sampled_deals(view: dict[str, Any], count: int) -> Counter[Deal]:
    seat = view["seat"]
    rng = Rng(7)
    seen: Counter[Deal] = Counter()
    for _ in range(count):
        state = GAME.determinize(view, rng)
        assert isinstance(state, PapayooState)
        seen[(state.hands[(seat + 1) % 3], state.hands[(seat + 2) % 3])] += 1
    return seen






@pytest.mark.parametrize("seed", [1, 8, 23])
def test_the_hidden_cards_are_dealt_uniformly(seed: int) -> None:
    state = small_position(seed)
    view = state.view(0)
    cells = consistent_deals(view)
    assert 4 <= len(cells) < len(consistent_deals(view, voids=False)), "voids rule deals out"
    assert (state.hands[1], state.hands[2]) in cells
    seen = sampled_deals(view, SAMPLES)
    assert set(seen) <= set(cells), "a sampled deal contradicts the view"
    assert chi_square(seen, dict.fromkeys(cells, 1)) < chi_square_limit(len(cells) - 1)


def card_by_card(
    cards: list[int], others: list[int], need: dict[int, int], banned: dict[int, int], rng: Rng
) -> dict[int, int] | None:
    """A plausible but biased deal: each card in turn to a random seat that
    has room and may hold it (deals with more forced steps come up more)."""
    room = dict(need)
    dealt = {o: 0 for o in others}
    for c in sorted(cards):
        fits = [o for o in others if room[o] and not banned[o] >> c & 1]
        if not fits:
            return None
        o = rng.choice(fits)
        dealt[o] |= 1 << c
        room[o] -= 1
    return dealt


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_the_check_catches_a_biased_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sampler, "_uniform", card_by_card)
    view = small_position(1).view(0)
    cells = consistent_deals(view)
    seen = sampled_deals(view, SAMPLES)
    assert chi_square(seen, dict.fromkeys(cells, 1)) > chi_square_limit(len(cells) - 1)
