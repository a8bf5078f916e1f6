"""The Gymnasium environment: one seat against bots."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardroom.core.bot import RandomBot
from cardroom.rl.gym import CardroomEnv

GAMES = [("papayoo", 4), ("pile-up", 3), ("pizzamania", 4), ("muzicando", 4),
         ("love-formula", 3)]


@pytest.mark.filterwarnings("ignore::UserWarning")  # check_env: no spec without gymnasium.make
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_check_env_passes(game: str, players: int) -> None:
    check_env(CardroomEnv(game, players, seat=1, opponents="heuristic"))


def play(env: CardroomEnv, seed: int) -> tuple[float, int]:
    """The learner takes its first legal action every time."""
    _, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        assert env.action_masks().any()
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(action)
        total, steps = total + reward, steps + 1
        if terminated or truncated:
            return total, steps


def test_a_game_against_heuristic_bots_ends_with_the_learner_return() -> None:
    env = CardroomEnv("pile-up", 3, seat=2, opponents=["heuristic", "random"])
    total, steps = play(env, seed=4)
    result = env.match.state.result()
    assert total == env.match.game.returns(result, 3)[2]
    assert steps > 0 and env.match.over
    assert play(env, seed=4) == (total, steps)  # the same seed, the same game
    with pytest.raises(RuntimeError):
        env.step(0)


def test_an_illegal_action_loses_or_raises() -> None:
    env = CardroomEnv("papayoo", 4, opponents=[RandomBot(1), RandomBot(2), RandomBot(3)])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    strict = CardroomEnv("papayoo", 4, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_round_rewards_add_up_to_the_return() -> None:
    once = play(CardroomEnv("muzicando", 4), seed=2)
    by_round = play(CardroomEnv("muzicando", 4, round_rewards=True), seed=2)
    assert by_round[0] == pytest.approx(once[0])


def test_every_game_is_registered_with_gymnasium() -> None:
    env = gymnasium.make("cardroom/pizzamania-v0", players=3, render_mode="ansi")
    obs, _ = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    assert "Pizzamania" in env.render()
    with pytest.raises(ValueError):
        CardroomEnv("pizzamania", 3, opponents=["heuristic"])


def test_a_policy_sits_in_the_arena_as_a_bot() -> None:
    from cardroom import arena
    from cardroom.rl.policy import register_policy

    seen: list[int] = []

    def lowest(observation: list[float], legal: list[int]) -> int:
        seen.append(len(observation))
        return legal[0]

    register_policy("lowest-index", lowest)
    plan = arena.Plan("pizzamania", ("lowest-index", "heuristic"), deals=3,
                      options={"simple": True})
    summary = arena.run(plan)
    assert summary["results"]["lowest-index"]["seats_played"] == 6
    assert set(seen) == {CardroomEnv("pizzamania", 2).observation_space.shape[0]}


def test_searching_bots_are_known_without_importing_the_search_first() -> None:
    # A fresh interpreter: an import made by an earlier test would hide the failure.
    import subprocess
    import sys

    code = ("from cardroom.rl.gym import CardroomEnv\n"
            "for name in ('ismcts', 'easy', 'medium', 'hard'):\n"
            "    env = CardroomEnv('pizzamania', players=2, seat=1, opponents=name,\n"
            "                      simple=True)\n"
            "    env.reset(seed=1)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
