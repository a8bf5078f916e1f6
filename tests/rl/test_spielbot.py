"""OpenSpiel's Python ISMCTS as a seat (``openspiel-ismcts``): it plays every
game to the end from views alone, through the ordinary bot registry."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardroom.core.bot import make_bot
from cardroom.core.errors import BadRequest
from cardroom.core.game import Game, State
from cardroom.games import all_games
from cardroom.plugins import load_everything

load_everything()
GAMES = [pytest.param(g, id=g.id) for g in all_games()]


@pytest.mark.parametrize("game", GAMES)
def test_it_plays_a_whole_game_from_views_only(game: Game,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    state = game.new(game.min_players, 5, {"rounds": 1} if game.id == "papayoo" else {})
    spied: list[str] = []
    real = type(game).determinize

    def spy(self: Game, view: Any, rng: Any) -> State:
        spied.append(json.dumps(view, sort_keys=True))
        return real(self, view, rng)

    monkeypatch.setattr(type(game), "determinize", spy)
    bots = [make_bot("openspiel-ismcts", game, seat, {"simulations": 2})
            for seat in range(state.players)]
    moves = searched = 0
    while not state.is_over() and moves < 60:
        seat = state.to_act()[-1]  # the highest seat of a simultaneous choice too
        view, legal = state.view(seat), state.legal_texts(seat)
        mark = len(spied)
        text = bots[seat].choose(view, legal)
        assert text in legal
        if len(legal) > 1:
            # Its root is a determinization of exactly the view it was given.
            assert spied[mark] == json.dumps(view, sort_keys=True)
            searched += 1
        state.apply(seat, state.parse_action(text))
        moves += 1
    assert searched > 0


def test_a_budget_it_does_not_know_is_refused_in_words() -> None:
    game = all_games()[0]
    with pytest.raises(BadRequest, match="simulations"):
        make_bot("openspiel-ismcts", game, 1, {"iterations": 5})
    with pytest.raises(BadRequest, match="at least 1"):
        make_bot("openspiel-ismcts", game, 1, {"simulations": 0})
