"""Determinization: the sampler deals the cards a seat cannot see uniformly
among the deals its view allows (chi-square over small late positions), and
the states it builds are whole games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.games.pile_up import sampler
from cardroom.games.pile_up.state import PileUpState
from tests.games.pile_up.support import FULL_DECK, GAME, HANDS, table
from tests.helpers import chi_square, chi_square_limit

SAMPLES = 4000

# The other seat's unknown hand cards (sorted) and the draw pile, top first.
Deal = tuple[tuple[str, ...], tuple[str, ...]]


def late_position(want: Callable[[PileUpState], bool]) -> PileUpState:
    """The first 2-player position of seeded random play with at most two
    cards left in the draw pile where ``want`` holds."""
    for seed in range(200):
        state = GAME.new(2, seed)
        assert isinstance(state, PileUpState)
        rng = Rng(seed)
        while not state.is_over():
            if len(state.pile) <= 2 and state.phase() == "play" and want(state):
                return state
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
    raise AssertionError("no seed reaches the position")


def unseen(view: dict[str, Any]) -> list[str]:
    """The cards ``view`` cannot see, sorted."""
    other = 1 - view["seat"]
    seen = Counter(view["hand"]) + Counter(view["known"][other])
    for pile in view["minus"]:
        seen.update(pile)
    for col in view["columns"]:
        for code, count in col["stacks"]:
            seen[code] += count
    if view["push"]:
        seen.update(view["push"]["cards"])
    return sorted((Counter(FULL_DECK) - seen).elements())


def must_hold(view: dict[str, Any]) -> set[int] | None:
    """The numbers of which the other seat, laying cards from its hand, must
    hold one (else its play would have ended); None when no such fact."""
    if view["phase"] != "play" or view["turn"] == view["seat"] or view["from_minus"]:
        return None
    return {view["number"]} if view["placed"] else set(view["dice"])


def allowed_deals(view: dict[str, Any], constrained: bool = True) -> Counter[Deal]:
    """Each deal the view allows, weighted by how many orders of the unseen
    cards give it (identical copies make some deals likelier)."""
    other = 1 - view["seat"]
    cards = unseen(view)
    slots = view["hand_sizes"][other] - len(view["known"][other])
    want = must_hold(view) if constrained else None
    deals: Counter[Deal] = Counter()
    for pick in combinations(range(len(cards)), slots):
        hand = tuple(sorted(cards[i] for i in pick))
        held = (*view["known"][other], *hand)
        if want is not None and not any(int(code[0]) in want for code in held):
            continue
        rest = [cards[i] for i in range(len(cards)) if i not in pick]
        assert len(rest) == view["pile_size"]
        for pile in permutations(rest):
            deals[(hand, pile)] += 1
    return deals


def deal_of(state: PileUpState, view: dict[str, Any]) -> Deal:
    other = 1 - view["seat"]
    ref = state.view(None, log=False)
    hand = Counter(ref["hands"][other]) - Counter(view["known"][other])
    return tuple(sorted(hand.elements())), tuple(ref["pile"])


def sampled_deals(view: dict[str, Any], count: int) -> Counter[Deal]:
    rng = Rng(7)
    seen: Counter[Deal] = Counter()
    for _ in range(count):
        state = GAME.determinize(view, rng)
        assert isinstance(state, PileUpState)
        seen[deal_of(state, view)] += 1
    return seen






def uniform(view: dict[str, Any], truth: Deal,
            samples: int = SAMPLES) -> tuple[Counter[Deal], Counter[Deal]]:
    """The sampled and the allowed deals, checked to fit together."""
    deals = allowed_deals(view)
    assert len(deals) >= 4 and truth in deals
    seen = sampled_deals(view, samples)
    assert set(seen) <= set(deals), "a sampled deal contradicts the view"
    return seen, deals


def my_turn(state: PileUpState) -> bool:
    return state.turn == 0 and len(state.pile) == 2 and state.hands[1].bit_count() >= 4


def other_laying(state: PileUpState) -> bool:
    if state.turn != 1 or state.from_minus:
        return False
    view = state.view(0)
    return len(allowed_deals(view)) < len(allowed_deals(view, constrained=False))


@pytest.mark.parametrize("want", [my_turn, other_laying])
def test_the_hidden_cards_are_dealt_uniformly(want: Callable[[PileUpState], bool]) -> None:
    state = late_position(want)
    view = state.view(0)
    seen, deals = uniform(view, deal_of(state, view))
    assert chi_square(seen, deals) < chi_square_limit(len(deals) - 1)


def one_then_any(cards: list[int], want: int, slots: int,
                 rng: Shuffler) -> tuple[list[int], list[int]]:
    """A plausible but biased deal: one wanted card, then any others (hands
    with more wanted cards come up more often than they should)."""
    first = next(c for c in cards if want >> c & 1)
    rest = [c for c in cards if c != first]
    return [first, *rest[:slots - 1]], rest[slots - 1:]


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_the_check_catches_a_biased_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    state = late_position(other_laying)
    view = state.view(0)
    monkeypatch.setattr(sampler, "_with_one_of", one_then_any)
    # Twice the samples: the bias is mild, and its chi-square grows with them.
    seen, deals = uniform(view, deal_of(state, view), 2 * SAMPLES)
    assert chi_square(seen, deals) > chi_square_limit(len(deals) - 1)


def test_determinize_keeps_known_cards_and_redeals_the_unknown() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"], HANDS[1]], [5, 6, 5], pile=["6W"])
    state.act(0, "take 4R")
    view = state.view(1)
    seen: Counter[str] = Counter()
    for i in range(60):
        other = GAME.determinize(view, Rng(i))
        assert other.view(1) == view
        hand = other.view(None)["hands"][0]
        assert Counter(hand) >= Counter(view["known"][0])
        seen.update(c for c in hand if c not in view["known"][0])
    assert len(seen) > 10, "the unknown card should be drawn from many candidates"


def test_determinize_gives_a_player_laying_cards_a_card_to_lay() -> None:
    """A seat mid-play still holds a card of its number (else its play would
    have ended): every sample keeps that public fact."""
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"], HANDS[1]], [3, 5, 6])
    state.act(0, "place 3R")
    view = state.view(1)
    counts: Counter[int] = Counter()
    for i in range(300):
        other = GAME.determinize(view, Rng(i))
        threes = sum(1 for c in other.view(None)["hands"][0] if c[0] == "3")
        assert threes >= 1
        counts[threes] += 1
        assert other.legal_texts(0)[-1] == "done" and len(other.legal_texts(0)) > 1
    # 5 unknown cards from 49 unseen, 7 of them 3s, conditioned on at least one.
    assert counts[1] > counts[2] > counts[3]
