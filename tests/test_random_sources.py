"""Each named random source draws from its own stream (engine protocol,
"Randomness and stacking"): for the same seed, every deal, every full-deck
or base shuffle and every die comes out the same however the game is played,
which is what makes the arena's duplicate deals duplicate."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.bot import make_bot
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.table import play_out
from cardroom.games import all_games
from tests.helpers import play_random

GAMES = all_games()

# Sources whose later draws shuffle a pile that play decides (Love Formula's
# discard pile becomes the deck, D5; the chance discards for Play 2): only
# their first draw, the shuffle of the whole deck, is play-independent.
RESHUFFLED = {"love-formula": {"deck", "chance"}}


@contextmanager
def recording() -> Iterator[list[tuple[str, Any]]]:
    """Every outcome drawn from a named source while inside, in order."""
    drawn: list[tuple[str, Any]] = []
    original = Rng.draw

    def draw(self: Rng, source: str, make: Callable[[Rng], Any]) -> Any:
        value = original(self, source, make)
        drawn.append((source, value))
        return value

    Rng.draw = draw  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        Rng.draw = original  # type: ignore[method-assign]


def by_source(drawn: list[tuple[str, Any]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for source, value in drawn:
        out.setdefault(source, []).append(value)
    return out


def outcomes(game: Game, players: int, seed: int, play: Callable[[State], None]
             ) -> dict[str, list[Any]]:
    with recording() as drawn:
        play(game.new(players, seed))
    return by_source(drawn)


def compare(game: Game, first: dict[str, list[Any]], second: dict[str, list[Any]]) -> None:
    assert first and set(first) == set(second) <= set(game.random_sources)
    for source, mine in first.items():
        theirs = second[source]
        common = 1 if source in RESHUFFLED.get(game.id, ()) else min(len(mine), len(theirs))
        assert common >= 1
        assert mine[:common] == theirs[:common], f"{game.id}: source {source!r} depends on play"


def players_for(game: Game) -> st.SearchStrategy[int]:
    return st.integers(game.min_players, game.max_players)


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=8)
@given(data=st.data(), seed=st.integers(0, 2**63))
def test_sources_draw_the_same_outcomes_however_the_game_is_played(
    game: Game, data: st.DataObject, seed: int
) -> None:
    players = data.draw(players_for(game))
    randomly = outcomes(game, players, seed, lambda s: play_random(s, Rng(seed ^ 1)) and None)
    otherwise = outcomes(game, players, seed, lambda s: play_random(s, Rng(seed ^ 2)) and None)
    compare(game, randomly, otherwise)


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_and_heuristic_bots_get_the_same_deals(game: Game) -> None:
    players = min(4, game.max_players)

    def bots(name: str) -> Callable[[State], None]:
        return lambda s: play_out(s, [make_bot(name, game, 9 + i) for i in range(players)])

    compare(game, outcomes(game, players, 77, bots("random")),
            outcomes(game, players, 77, bots("heuristic")))

