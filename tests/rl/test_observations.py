"""Observations stay exactly what they were: every game's encoder, on
seeded random play at every table (player count and option variants),
gives the float32 vectors whose digests ``golden/observations.json``
keeps (written by the encoders before they were rewritten to fill numpy
buffers; UPDATE_GOLDEN=1 rewrites it after a deliberate change of an
observation, which the rules page's "Observation tensor" must then tell).

Each path is checked: the list ``Game.encode_observation`` returns, the
buffer ``Encoding.encode_into`` fills (also over a dirty one), and what
the PettingZoo and Gymnasium environments hand out.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game
from tests.rl.test_encoding import tables  # every size and option set to encode

GOLDEN = Path(__file__).resolve().parent / "golden" / "observations.json"
GAMES = [g.id for g in all_games()]
EVERY_SEAT = 5  # every 5th decision, every seat's view is encoded too (not only the actor's)
MOST_STEPS = 400  # decisions played per table at most (Love Formula's games are long)

Encode = Callable[[Game, State, int], "np.ndarray[Any, np.dtype[np.float32]]"]


def key(players: int, options: dict[str, Any]) -> str:
    return f"{players}p {json.dumps(options, sort_keys=True)}"


def positions(game: Game, players: int, options: dict[str, Any]) -> Iterator[tuple[State, int]]:
    """(state, seat) to encode along one seeded random game."""
    state = game.new(players, 1000 + players, options)
    rng = Rng(players)
    for step in range(MOST_STEPS):
        if state.is_over():
            break
        actor = state.to_act()[0]
        seats = range(players) if step % EVERY_SEAT == 0 else [actor]
        for seat in seats:
            yield state, seat
        state.apply(actor, rng.choice(state.legal_actions(seat=actor)))
    for seat in range(players):
        yield state, seat


def as_list(game: Game, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    return np.asarray(game.encode_observation(state.seen(seat, log=False)), np.float32)


def digest(game: Game, players: int, options: dict[str, Any], encode: Encode) -> dict[str, Any]:
    sha = hashlib.sha256()
    count = 0
    for state, seat in positions(game, players, options):
        sha.update(encode(game, state, seat).tobytes())
        count += 1
    return {"observations": count, "sha256": sha.hexdigest()}


def golden() -> dict[str, dict[str, Any]]:
    if os.environ.get("UPDATE_GOLDEN") or not GOLDEN.exists():
        found = {g: {key(p, o): digest(get_game(g), p, o, as_list) for p, o in
                     tables(get_game(g))} for g in GAMES}
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    data: dict[str, dict[str, Any]] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize("game_id", GAMES)
def test_the_list_is_as_before(game_id: str) -> None:
    game = get_game(game_id)
    expected = golden()[game_id]
    assert sorted(expected) == sorted(key(p, o) for p, o in tables(game))
    for players, options in tables(game):
        assert digest(game, players, options, as_list) == expected[key(players, options)], \
            (players, options)


def into_dirty_buffer(game: Game, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``encode_into`` over a buffer full of leftovers (as a reused one is)."""
    layout = game.encoding.layout(state.players, state.options)
    out = np.full(layout.size, 7.5, np.float32)
    game.encoding.encode_into(state.seen(seat, log=False), out, layout)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_buffer_is_as_before(game_id: str) -> None:
    game = get_game(game_id)
    expected = golden()[game_id]
    for players, options in tables(game):
        assert digest(game, players, options, into_dirty_buffer) == \
            expected[key(players, options)], (players, options)


def test_a_value_past_the_bound_is_clipped_alike() -> None:
    from cardroom.core.encoding import BOUND, Field, Layout

    out = Layout([Field("a", 3, "")]).writer()
    out.set("a", 0, 40.0)
    out.add("a", 2, -3.0)
    out.add("a", 2, -30.0)
    assert out.done() == [40.0, 0.0, -33.0]
    assert out.entries() == ([0, 2], [BOUND, -BOUND])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_environments_hand_out_the_encoded_view(game_id: str) -> None:
    """PettingZoo's observe and state, and Gymnasium's observation, are the
    list path's numbers (pinned above), each in an array of its own."""
    from cardroom.rl.gym import CardroomEnv
    from cardroom.rl.pettingzoo import raw_env

    env = raw_env(game_id, players=4 if game_id != "love-formula" else 3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    kept = []
    for step, agent in enumerate(env.agent_iter(max_iter=120)):
        observation, _, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        expected = np.asarray(env.match.observation(seat), np.float32)
        assert observation["observation"].dtype == np.float32
        assert np.array_equal(observation["observation"], expected)
        kept.append((observation["observation"], expected.copy()))
        if step % 10 == 0:
            every = [np.asarray(env.match.observation(s), np.float32)
                     for s in range(env.match.players)]
            assert np.array_equal(env.state(), np.concatenate(every))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    assert all(np.array_equal(a, b) for a, b in kept)  # nothing handed out was reused
    gym_env = CardroomEnv(game_id, opponents="random")
    observation, info = gym_env.reset(seed=3)
    for _ in range(30):
        expected = np.asarray(gym_env.match.observation(gym_env.seat), np.float32)
        assert np.array_equal(observation, expected)
        if gym_env.match.done:
            break
        legal = np.flatnonzero(info["action_mask"])
        observation, _, _, _, info = gym_env.step(int(rng.choice(legal)))


def test_factored_observations_end_with_the_pending_part() -> None:
    from cardroom.rl.pettingzoo import raw_env

    env = raw_env("muzicando", players=4, factored=True)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    size = env.match.observation_size()
    for agent in env.agent_iter(max_iter=200):
        observation, _, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        assert env.factored is not None
        block = env.factored.observation(env.match, seat)
        expected = np.asarray(env.match.observation(seat) + block, np.float32)
        assert np.array_equal(observation["observation"], expected)
        assert observation["observation"].shape == (size + len(block),)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))


def test_an_environment_copies_and_pickles_with_its_layout() -> None:
    """The match keeps its table's layout (compiled, a class with __init__
    arguments pickles through them); a copy observes as the original."""
    import copy
    import pickle

    from cardroom.core.encoding import ActionTable, Field, Layout
    from cardroom.rl.pettingzoo import raw_env

    layout = Layout([Field("a", 2, "x"), Field("b", 3, "y")])
    again = pickle.loads(pickle.dumps(layout))
    assert again.fields == layout.fields and again.where == layout.where
    assert pickle.loads(pickle.dumps(ActionTable([4, 2]))).actions == [2, 4]
    for game_id, factored in (("papayoo", False), ("muzicando", True)):
        env = raw_env(game_id, players=4, factored=factored)
        env.reset(seed=4)
        for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
            for agent in env.possible_agents:
                mine, theirs = env.observe(agent), twin.observe(agent)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
