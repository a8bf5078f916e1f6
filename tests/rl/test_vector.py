"""The batched environment: game i of a CardroomVectorEnv plays exactly as a
CardroomEnv with game i's seed, under Gymnasium's vector conventions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

from cardroom.core.bot import RandomBot
from cardroom.rl.gym import CardroomEnv
from cardroom.rl.vector import CardroomVectorEnv

# Love Formula's steps cost about ten times the others': fewer of them.
GAMES = [("papayoo", 4, 300), ("pile-up", 3, 300), ("pizzamania", 4, 300),
         ("muzicando", 4, 200), ("love-formula", 3, 120)]
Mask = np.ndarray[Any, np.dtype[np.bool_]]


def pick(masks: Mask, rng: np.random.Generator) -> np.ndarray[Any, np.dtype[np.int64]]:
    """A uniformly random legal action per game (0 where none is legal:
    a game that just ended, whose action is ignored)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks],
                    np.int64)


def legal_set(match: Any, seat: int) -> set[int]:
    """The legal action indexes straight from the rules (not from Match.legal)."""
    if match.done or seat not in match.state.to_act():
        return set()
    return {match.game.action_index(a) for a in match.state.legal_actions(seat)}


class Separate:
    """N CardroomEnv stepped one by one with NEXT_STEP auto-reset: the reference."""

    def __init__(self, game: str, players: int, n: int, **kwargs: Any) -> None:
        self.envs = [CardroomEnv(game, players, **kwargs) for _ in range(n)]
        self.ended = [False] * n

    def reset(self, seeds: list[int]) -> tuple[Mask, Mask]:
        out = [e.reset(seed=s) for e, s in zip(self.envs, seeds, strict=True)]
        self.ended = [False] * len(self.envs)
        return np.stack([o for o, _ in out]), np.stack([i["action_mask"] for _, i in out])

    def step(self, actions: Any) -> tuple[Any, ...]:
        rows = []
        for k, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            if self.ended[k]:
                obs, info = env.reset()
                self.ended[k] = False
                rows.append((obs, 0.0, False, False, info["action_mask"]))
            else:
                obs, reward, term, trunc, info = env.step(int(action))
                rows.append((obs, reward, term, trunc, info["action_mask"]))
                self.ended[k] = term or trunc
        return tuple(np.stack([np.asarray(r[j]) for r in rows]) for j in range(5))


@pytest.mark.parametrize(("game", "players", "steps"), GAMES)
def test_the_batch_plays_as_separate_envs_and_masks_are_the_legal_moves(
        game: str, players: int, steps: int) -> None:
    n, rng = 3, np.random.default_rng(1)
    vec = CardroomVectorEnv(game, n, players, seat=1, opponents="random")
    ref = Separate(game, players, n, seat=1, opponents="random")
    obs, info = vec.reset(seed=11)
    ref_obs, ref_masks = ref.reset([11, 12, 13])
    ends = 0
    for _ in range(steps):
        np.testing.assert_array_equal(obs, ref_obs)
        np.testing.assert_array_equal(info["action_mask"], ref_masks.astype(bool))
        for row, match in zip(info["action_mask"], vec.matches, strict=True):
            assert set(np.flatnonzero(row).tolist()) == legal_set(match, 1)
        actions = pick(info["action_mask"], rng)
        obs, reward, term, trunc, info = vec.step(actions)
        ref_obs, ref_reward, ref_term, ref_trunc, ref_masks = ref.step(actions)
        np.testing.assert_array_equal(reward, ref_reward)
        np.testing.assert_array_equal(term, ref_term)
        np.testing.assert_array_equal(trunc, ref_trunc)
        ends += int(term.sum() + trunc.sum())
    assert ends > 0  # the comparison went through auto-resets


def test_round_rewards_match_the_single_env() -> None:
    vec = CardroomVectorEnv("muzicando", 2, 4, opponents="random", round_rewards=True)
    ref = Separate("muzicando", 4, 2, opponents="random", round_rewards=True)
    _, info = vec.reset(seed=3)
    ref.reset([3, 4])
    rng, paid = np.random.default_rng(2), 0
    for _ in range(150):
        actions = pick(info["action_mask"], rng)
        _, reward, _, _, info = vec.step(actions)
        np.testing.assert_array_equal(reward, ref.step(actions)[1])
        paid += int(np.count_nonzero(reward))
    assert paid > 0


def test_a_finished_game_starts_anew_on_the_next_step_with_its_next_seed() -> None:
    vec = CardroomVectorEnv("pile-up", 2, 2, opponents="random")
    single = CardroomEnv("pile-up", 2, opponents="random")
    _, info = vec.reset(seed=5)
    single.reset(seed=6)  # game 1's stream
    rng = np.random.default_rng(0)
    while True:
        _, _, term, trunc, info = vec.step(pick(info["action_mask"], rng))
        if term[1] or trunc[1]:
            break
    assert not info["action_mask"][1].any()  # nothing is legal in an ended game
    expected, _ = single.reset()  # the second game of game 1's stream
    # the ended game's action is ignored, even an illegal one
    obs, reward, term, trunc, info = vec.step(np.array([pick(info["action_mask"], rng)[0], -1]))
    np.testing.assert_array_equal(obs[1], expected)
    assert (reward[1], term[1], trunc[1]) == (0.0, False, False)
    assert "illegal" not in info or not info["illegal"][1]
    assert info["action_mask"][1].any()


def test_seeds_per_game() -> None:
    vec = CardroomVectorEnv("papayoo", 3, 4, opponents="random")

    def first(seed: int) -> Any:
        return CardroomEnv("papayoo", 4, opponents="random").reset(seed=seed)[0]

    obs, _ = vec.reset(seed=20)
    for i in range(3):
        np.testing.assert_array_equal(obs[i], first(20 + i))
    assert not np.array_equal(obs[0], obs[1])
    obs, _ = vec.reset(seed=[7, 7, 9])
    np.testing.assert_array_equal(obs[0], first(7))
    np.testing.assert_array_equal(obs[1], first(7))
    np.testing.assert_array_equal(obs[2], first(9))
    with pytest.raises(ValueError):
        vec.reset(seed=[1, 2])


def test_a_partial_reset_restarts_only_the_masked_games() -> None:
    vec = CardroomVectorEnv("pizzamania", 2, 2, opponents="random", simple=True)
    before, info = vec.reset(seed=1)
    after = vec.step(pick(info["action_mask"], np.random.default_rng(0)))[0]
    again, _ = vec.reset(seed=[1, None], options={"reset_mask": np.array([True, False])})
    np.testing.assert_array_equal(again[0], before[0])
    np.testing.assert_array_equal(again[1], after[1])
    with pytest.raises(RuntimeError):
        CardroomVectorEnv("pizzamania", 2, 2).reset(options={"reset_mask": np.ones(2, bool)})


def test_an_illegal_action_loses_and_the_others_play_on() -> None:
    vec = CardroomVectorEnv("papayoo", 3, 4, opponents="random")
    obs, info = vec.reset(seed=1)
    masks = info["action_mask"]
    actions = pick(masks, np.random.default_rng(0))
    actions[0] = int(np.flatnonzero(~masks[0])[0])
    actions[2] = vec.num_actions  # out of range
    after, reward, term, _, info = vec.step(actions)
    assert reward.tolist()[::2] == [-1.0, -1.0] and term.tolist() == [True, False, True]
    assert info["illegal"].tolist() == [True, False, True]
    np.testing.assert_array_equal(after[0], obs[0])  # nothing was played there
    np.testing.assert_array_equal(info["action_mask"][0], masks[0])  # as CardroomEnv
    _, reward, term, _, info = vec.step(pick(info["action_mask"], np.random.default_rng(1)))
    assert (reward[0], term[0]) == (0.0, False) and "illegal" not in info  # started anew


def test_illegal_raise_plays_nothing_and_bad_batches_are_refused() -> None:
    vec = CardroomVectorEnv("papayoo", 2, 4, opponents="random", illegal="raise")
    _, info = vec.reset(seed=1)
    actions = pick(info["action_mask"], np.random.default_rng(0))
    bad = actions.copy()
    bad[1] = -1
    played = [m.steps for m in vec.matches]
    with pytest.raises(ValueError, match=r"games \[1\]"):
        vec.step(bad)
    assert [m.steps for m in vec.matches] == played  # nothing was played, not even game 0
    np.testing.assert_array_equal(vec.action_masks(), info["action_mask"])
    vec.step(actions)  # and the batch plays on
    assert all(m.steps > p for m, p in zip(vec.matches, played, strict=True))
    with pytest.raises(ValueError):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError):
        vec.step(np.zeros(2, np.float32))
    with pytest.raises(RuntimeError):
        CardroomVectorEnv("papayoo", 2, 4).step(np.zeros(2, np.int64))
    with pytest.raises(TypeError):
        CardroomVectorEnv("papayoo", 2, 4, opponents=[RandomBot(1)] * 3)  # type: ignore[list-item]


def test_gymnasium_vector_conventions() -> None:
    n = 4
    vec = CardroomVectorEnv("pile-up", n, 3, opponents="random")
    single = CardroomEnv("pile-up", 3)
    assert vec.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert vec.single_observation_space == single.observation_space
    assert vec.single_action_space == single.action_space
    assert vec.observation_space == batch_space(single.observation_space, n)
    assert vec.action_space == spaces.MultiDiscrete([vec.num_actions] * n)
    obs, info = vec.reset(seed=0)
    assert obs.dtype == np.float32 and obs in vec.observation_space
    assert info["action_mask"].dtype == np.bool_
    assert info["action_mask"].shape == (n, vec.num_actions)
    vec.action_space.seed(0)
    obs, reward, term, trunc, info = vec.step(vec.action_space.sample())  # unmasked: may lose
    assert obs.shape == vec.observation_space.shape == (n, single.match.observation_size())
    assert reward.shape == (n,) and reward.dtype == np.float64
    assert term.dtype == trunc.dtype == np.bool_ and term.shape == trunc.shape == (n,)
    listed = DictInfoToList(vec).reset(seed=0)[1]
    assert len(listed) == n and listed[0]["action_mask"].shape == (vec.num_actions,)
    shown = CardroomVectorEnv("pile-up", 2, 3, render_mode="ansi")
    shown.reset(seed=np.int64(0))  # a numpy integer seeds too
    texts = shown.render()
    assert texts is not None and len(texts) == 2 and all("Pile" in t for t in texts)


def test_make_vec_builds_it_and_vector_wrappers_work() -> None:
    vec = gymnasium.make_vec("cardroom/pile-up-v0", num_envs=2, players=2, opponents="random")
    assert isinstance(vec.unwrapped, CardroomVectorEnv)
    stats = RecordEpisodeStatistics(vec)
    _, info = stats.reset(seed=3)
    rng, episodes = np.random.default_rng(0), 0
    for _ in range(200):
        _, _, _, _, info = stats.step(pick(info["action_mask"], rng))
        episodes += int(info.get("_episode", np.zeros(2, bool)).sum())
    assert episodes > 0


def test_copy_false_returns_the_buffers() -> None:
    vec = CardroomVectorEnv("pile-up", 2, 2, opponents="random", copy=False)
    obs, info = vec.reset(seed=1)
    again, info2 = vec.reset(seed=2)
    assert again is obs and info2["action_mask"] is info["action_mask"]
    copied = CardroomVectorEnv("pile-up", 2, 2, opponents="random")
    first, _ = copied.reset(seed=1)
    assert copied.reset(seed=2)[0] is not first
