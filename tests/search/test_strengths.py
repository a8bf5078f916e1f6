"""Strengths a person can pick (issue 16, item 3): ``easy``, ``medium``,
``hard`` in the registry of every game, and what they play."""

from __future__ import annotations

import pytest

from cardroom.core.bot import bot_names, make_bot
from cardroom.core.errors import BadRequest
from cardroom.games import all_games, get_game
from cardroom.plugins import load_everything
from cardroom.search import STRENGTHS, IsmctsBot
from cardroom.search.strengths import HARD_MS, CarelessBot

load_everything()


def test_every_strength_and_every_older_name_is_registered() -> None:
    assert STRENGTHS == ("easy", "medium", "hard")
    assert {"easy", "medium", "hard", "random", "heuristic", "ismcts"} <= set(bot_names())


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_each_strength_plays_a_legal_move_in_every_game(game: str) -> None:
    state = get_game(game).new(get_game(game).min_players, 3)
    seat = state.to_act()[0]
    legal = state.legal_texts(seat)
    for name in STRENGTHS:
        budget = {"iterations": 30} if name == "hard" else None
        assert make_bot(name, state.game, 5, budget).choose_for(state, seat) in legal


def test_medium_is_the_heuristic_and_hard_is_a_capped_search() -> None:
    game = get_game("papayoo")
    assert type(make_bot("medium", game, 1)) is type(make_bot("heuristic", game, 1))
    hard = make_bot("hard", game, 1)
    assert isinstance(hard, IsmctsBot)
    assert hard.config.ms == HARD_MS and hard.config.iterations == game.search_iterations
    assert make_bot("hard", game, 1, {"iterations": 50}).config.iterations == 50


def test_easy_slips_some_moves_and_repeats_itself_with_the_same_seed() -> None:
    game = get_game("papayoo")
    state = game.new(4, 11)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_texts(seat)
    steady = make_bot("heuristic", game, 0).choose(view, legal)
    picks = [make_bot("easy", game, seed).choose(view, legal) for seed in range(40)]
    assert picks == [make_bot("easy", game, seed).choose(view, legal) for seed in range(40)]
    assert steady in picks and len(set(picks)) > 1
    never = CarelessBot(game, 3, slip=0.0)
    assert all(never.choose(view, legal) == steady for _ in range(5))


def test_strength_budgets_are_checked() -> None:
    game = get_game("papayoo")
    for name, budget in [("easy", {"slip": 2}), ("easy", {"iterations": 5}),
                         ("medium", {"iterations": 5}), ("hard", {"iterations": 0})]:
        with pytest.raises(BadRequest):
            make_bot(name, game, 1, budget)
