"""Invariants over many seeded random games at every player count."""

from __future__ import annotations

import pytest

from cardroom.core.rng import Rng
from cardroom.games.papayoo.cards import DEAL_TABLE
from tests.games.papayoo.support import GAME


@pytest.mark.parametrize("players", range(3, 9))
def test_every_round_sums_to_250_and_cards_are_conserved(players: int) -> None:
    for seed in range(6):
        state = GAME.new(players, seed * 101 + players, {"rounds": 2})
        rng = Rng(seed)
        while not state.is_over():
            assert state.invariant_errors() == []
            seat = rng.choice(list(state.to_act()))
            state.act(seat, rng.choice(state.legal_texts(seat)))
        rounds = state.result().detail["rounds"]
        assert len(rounds) == 2 and all(sum(r) == 250 for r in rounds)
        assert state.result().scores == [sum(r[s] for r in rounds) for s in range(players)]
        tricks = [e for e in state.log if e["type"] == "trick"]
        assert len(tricks) == 2 * DEAL_TABLE[players][0]
        assert all(len(t["cards"]) == players for t in tricks)


def test_a_trick_whose_seats_and_cards_do_not_pair_up_breaks_an_invariant() -> None:
    """Views pair each trick's seats and cards by index."""
    state = GAME.new(4, 7)
    rng = Rng(2)
    while not (state.trick_cards and state.last_cards):  # type: ignore[attr-defined]
        seat = min(state.to_act())
        state.act(seat, rng.choice(state.legal_texts(seat)))
    assert state.invariant_errors() == []
    for lists in ("trick_seats", "last_seats"):
        broken = state.clone()
        setattr(broken, lists, [*getattr(broken, lists), 0])  # shared with the original
        assert "a trick's seats and cards do not pair up" in broken.invariant_errors()
