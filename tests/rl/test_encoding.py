"""The numeric interface every game declares (core.encoding): the dense
action index, the length cap, returns and observations."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.encoding import BOUND, ActionTable, Field, Layout
from cardroom.core.errors import BadOption
from cardroom.core.game import Game, Result, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
GAMES = [g.id for g in all_games()]
# Option sets beside the defaults whose views carry more fields.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "love-formula": [{"chance": True, "goals": True, "promo": "add"}],
    "muzicando": [{"mode": "individual", "bidding": True}],
    "pizzamania": [{"rounds": 0}],
    "papayoo": [{"rounds": 1}],
}


def tables(game: Game) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for players in range(game.min_players, game.max_players + 1):
        for options in [{}, *VARIANTS.get(game.id, [])]:
            try:
                game.new(players, 0, options)
            except BadOption:
                continue  # e.g. Muzicando's bidding needs 4 or 8 players
            out.append((players, options))
    return out


def play(game: Game, players: int, options: dict[str, Any], seed: int) -> State:
    """A seeded random game, checking each decision on the way."""
    state = game.new(players, seed, options)
    rng = Rng(seed)
    cap = game.max_game_length(players, state.options)
    size = game.observation_shape(players, state.options)[0]
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            index = game.action_index(action)
            assert 0 <= index < game.num_distinct_actions()
            assert game.action_from_index(index) == action
        observation = game.encode_observation(state.view(seat, log=False))
        assert len(observation) == size
        assert all(-BOUND <= v <= BOUND for v in observation)
        state.apply(seat, rng.choice(legal))
        steps += 1
    assert steps <= cap, (steps, cap)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_plays_inside_the_index_the_cap_and_the_shape(game_id: str) -> None:
    game = get_game(game_id)
    for players, options in tables(game):
        state = play(game, players, options, seed=players)
        returns = game.returns(state.result(), players)
        low, high = game.return_bounds()
        assert all(low <= r <= high for r in returns)
        assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_index_is_a_bijection(game_id: str) -> None:
    game = get_game(game_id)
    n = game.num_distinct_actions()
    step = max(1, n // 5000)  # Muzicando's 263,557 indexes: every 52nd
    for index in [*range(0, n, step), n - 1]:
        assert game.action_index(game.action_from_index(index)) == index
    for bad in (-1, n):
        with pytest.raises(ValueError):
            game.action_from_index(bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_is_built_from_the_seat_view_alone(game_id: str) -> None:
    """A state re-dealt from a seat's view (other hands at random) encodes
    the same for that seat, and the public and referee views are refused."""
    game = get_game(game_id)
    players = max(game.min_players, min(4, game.max_players))
    state = game.new(players, 3)
    rng = Rng(4)
    for _ in range(30):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(players):
        redealt = state.resample(seat, Rng(seat + 10))
        assert game.encode_observation(redealt.view(seat)) == \
            game.encode_observation(state.view(seat))
    for viewer in (None, "public"):
        with pytest.raises(ValueError):
            game.encode_observation(state.view(viewer))


def test_returns_follow_the_ranking() -> None:
    game = get_game("papayoo")
    assert game.returns(Result([[2], [0], [1]], [0, 0, 0]), 3) == [0.0, -1.0, 1.0]
    assert game.returns(Result([[0, 1], [2]], [0, 0, 0]), 3) == [0.5, 0.5, -1.0]
    assert game.returns(Result([[0, 1]], [0, 0]), 2) == [0.0, 0.0]


def test_papayoo_length_is_exact() -> None:
    game = get_game("papayoo")
    state = play(game, 4, {}, seed=1)
    assert len(state.record().actions) == game.max_game_length(4, state.options)


def test_the_writer_refuses_an_index_past_its_field() -> None:
    out = Layout([Field("a", 2, ""), Field("b", 1, "")]).writer()
    out.set("a", 1)
    with pytest.raises(IndexError):
        out.set("a", 2)
    with pytest.raises(ValueError):
        Layout([Field("a", 1, ""), Field("a", 1, "")])
    table = ActionTable([5, 3, 9])
    assert [table.index_of(a) for a in (3, 5, 9)] == [0, 1, 2]
    with pytest.raises(ValueError):
        table.index_of(4)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_documents_every_field(game_id: str) -> None:
    """docs/games/<game>.md has an "Observation tensor" section naming
    every field with its meaning, as generated from the layout."""
    game = get_game(game_id)
    text = (DOCS / f"{game_id}.md").read_text()
    section = text.split("## Observation tensor", 1)
    assert len(section) == 2, "no 'Observation tensor' section"
    body = section[1].split("\n## ", 1)[0]
    players = max(game.min_players, min(4, game.max_players))
    layout = game.encoding.layout(players, game.new(players, 0).options)
    for f in layout.fields:
        row = re.search(rf"^\| `{f.name}` \|[^\n]*\| {re.escape(f.meaning)} \|$", body, re.M)
        assert row, f"field {f.name} is not documented as generated"
