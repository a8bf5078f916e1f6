"""The search's playout policy and opponent model (playout.py) play the
heuristic bot's rules, read from the state instead of a view: at every
decision of heuristic games they choose exactly the bot's move, D11's
forced play and D12's continue-or-stop choice included."""

from __future__ import annotations

import random

import pytest

from cardroom.core.bot import make_bot
from cardroom.frontend import load_everything
from cardroom.games import get_game
from cardroom.games.pizzamania.playout import choose

load_everything()
GAME = get_game("pizzamania")


@pytest.mark.parametrize(("players", "rounds"), [(2, 3), (3, 3), (4, 1), (5, 3), (3, 0)])
def test_the_policy_plays_the_heuristics_move_at_every_decision(
        players: int, rounds: int) -> None:
    rand = random.Random(0).random
    decisions = choices = 0
    for seed in range(6):
        state = GAME.new(players, seed, {"rounds": rounds})
        bot = make_bot("medium", GAME, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            wanted = bot.choose(state.view(seat), [state.action_text(a) for a in actions])
            assert state.action_text(choose(state, seat, actions, rand)) == wanted
            decisions += len(actions) > 1
            choices += wanted in ("continue", "stop")
            state.act(seat, wanted)
    assert decisions > 100
    assert (choices > 0) == (rounds == 0)
