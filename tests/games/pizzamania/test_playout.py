"""The search's playout policy and opponent model (playout.py) play the
heuristic bot's rules, read from the state instead of a view: at every
decision of heuristic games they choose exactly the bot's move, D11's
forced play and D12's continue-or-stop choice included."""

from __future__ import annotations

import pytest

from cardroom.games import get_game
from cardroom.games.pizzamania.playout import choose
from cardroom.plugins import load_everything
from tests.helpers import heuristic_decisions

load_everything()
GAME = get_game("pizzamania")


@pytest.mark.parametrize(("players", "rounds"), [(2, 3), (3, 3), (4, 1), (5, 3), (3, 0)])
def test_the_policy_plays_the_heuristics_move_at_every_decision(
        players: int, rounds: int) -> None:
    chosen = heuristic_decisions(GAME, choose, players, 6, {"rounds": rounds})
    assert len(chosen) > 100
    assert any(move in ("continue", "stop") for move in chosen) == (rounds == 0)
