"""Invariants over many seeded random games at every player count."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardroom.core.rng import Rng
from tests.games.pile_up.support import FULL_DECK, GAME, seeded

SEEDS = range(40)


def every_card(view: dict[str, Any]) -> Counter[str]:
    """The referee view's cards, counted place by place."""
    cards: Counter[str] = Counter()
    for hand in view["hands"]:
        cards.update(hand)
    for pile in view["minus"]:
        cards.update(pile)
    cards.update(view["pile"])
    for col in view["columns"]:
        for code, count in col["stacks"]:
            cards[code] += count
    if view["push"]:
        cards.update(view["push"]["cards"])
    return cards


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_66_cards_are_always_accounted_for(players: int) -> None:
    deck = Counter(FULL_DECK)
    for seed in SEEDS:
        state = GAME.new(players, seed)
        rng = Rng(seed)
        while True:
            assert not state.invariant_errors(), state.invariant_errors()
            view = state.view(None)
            assert every_card(view) == deck
            assert all(size <= 6 for size in view["hand_sizes"])
            assert view["scores"] == [len(m) for m in view["minus"]]
            for col in view["columns"]:
                assert len(col["stacks"]) < 3 or col["armed"] or (
                    view["phase"] == "play" and view["number"] == col["number"])
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))


def test_the_invariant_check_catches_a_lost_card() -> None:
    state = seeded(3, 1)
    state.pile.pop()
    assert "1 cards are missing" in state.invariant_errors()
    state = seeded(3, 1)
    state.minus[1] |= state.hands[0] & -state.hands[0]
    assert "a card is in two places at once" in state.invariant_errors()
