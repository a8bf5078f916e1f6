"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for
every game at its default player count and another one, masks, rewards,
rendering, and simultaneous choices taken without revealing them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from cardroom.rl.pettingzoo import env, parallel_env, raw_env

TABLES = [
    ("papayoo", 4), ("papayoo", 3),
    ("pile-up", 4), ("pile-up", 2),
    ("pizzamania", 4), ("pizzamania", 3),
    ("muzicando", 4), ("muzicando", 3),
    ("love-formula", 4), ("love-formula", 2),
]
# A whole game each time: the cycle limits are only upper bounds.
CYCLES = 100_000


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo prefers Box to Dict spaces
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=CYCLES)
    seed_test(lambda: env(game, players), num_cycles=CYCLES)


def play(e: Any, seed: int, chooser: Any = None) -> dict[str, float]:
    """Play a game to the end (the first legal action, or ``chooser``'s);
    the rewards each agent collected."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[0]) if chooser is None else chooser(e, agent, legal))
    return totals


def test_rewards_come_at_the_end_and_are_the_game_returns() -> None:
    e = raw_env("pile-up", 3)
    totals = play(e, seed=5)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0
    result = e.match.state.result()
    assert list(totals.values()) == e.match.game.returns(result, 3)


def test_round_rewards_add_up_to_the_final_returns() -> None:
    by_round = raw_env("papayoo", 3, round_rewards=True, rounds=2)
    once = raw_env("papayoo", 3, rounds=2)
    seen: list[float] = []

    def watch(e: Any, agent: str, legal: Any) -> int:
        seen.extend(r for r in e.rewards.values() if r)
        return int(legal[0])

    assert play(by_round, 9, watch) == pytest.approx(play(once, 9))
    assert seen, "no reward before the end"


def test_masks_offer_only_the_seat_to_act() -> None:
    e = raw_env("pizzamania", 3)
    e.reset(seed=2)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)
    with pytest.raises(Exception, match="not"):
        e.step(int(np.flatnonzero(e.observe(acting)["action_mask"] == 0)[0]))


def test_a_simultaneous_choice_is_hidden_until_revealed() -> None:
    """Papayoo passing: whatever seat 0 chooses, seat 1 sees the same."""
    def after_seat0_chooses(pick: int) -> np.ndarray[Any, Any]:
        e = raw_env("papayoo", 4)
        e.reset(seed=3)
        while e.agent_selection == "player_0":
            legal = np.flatnonzero(e.observe("player_0")["action_mask"])
            e.step(int(legal[pick]))
        assert e.agent_selection == "player_1"
        observation: np.ndarray[Any, Any] = e.observe("player_1")["observation"]
        return observation

    first, last = after_seat0_chooses(0), after_seat0_chooses(-1)
    assert np.array_equal(first, last)
    e = raw_env("papayoo", 4)
    e.reset(seed=3)
    assert e.observe("player_0")["observation"].shape == first.shape


def test_render_shows_the_public_table_as_text() -> None:
    e = raw_env("muzicando", 4, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Muzicando" in text
    seat_text = e.observation_text("player_0")
    assert seat_text != text  # the seat's own hand is on it
    assert raw_env("muzicando", 4).render() is None  # no render mode, no rendering


def test_the_same_seed_replays_the_same_games() -> None:
    a, b = raw_env("pile-up", 2), raw_env("pile-up", 2)
    assert play(a, 11) == play(b, 11)
    a.reset()  # the next game's seed comes from the stream of seed 11
    b.reset()
    assert np.array_equal(a.observe("player_0")["observation"],
                          b.observe("player_0")["observation"])


@pytest.mark.parametrize("game", ["papayoo", "pizzamania", "pile-up", "muzicando",
                                  "love-formula"])
def test_the_global_state_is_every_seat_view_in_its_declared_space(game: str) -> None:
    e = env(game, 2 if game != "papayoo" else 3)
    e.reset(seed=4)
    state = e.state()
    assert state.dtype == np.float32 and state.ndim == 1
    assert e.state_space.contains(state)
    seats = [e.observe(a)["observation"] for a in e.possible_agents]
    assert np.array_equal(state, np.concatenate(seats))


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo prefers Box to Dict spaces
def test_parallel_env_passes_the_parallel_api_test() -> None:
    parallel_api_test(parallel_env("pizzamania", 2, simple=True), num_cycles=CYCLES)


def test_parallel_env_plays_a_game_to_its_returns() -> None:
    e = parallel_env("pizzamania", 2, simple=True)
    observations, _ = e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any()
                   else 0 for a, o in observations.items()}
        observations, rewards, _, _, _ = e.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert e.state().shape == e.state_space.shape
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) == 1.0
