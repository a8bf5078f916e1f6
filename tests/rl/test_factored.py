"""Muzicando's factored actions (``factored=True``): the card, then where it
goes. PettingZoo's API test passes; the same choices played flat and in
parts reach the same states, turns and rewards; the masks offer exactly
the parts of the legal actions, and each second part names the cell the
action plays to; the flat environment stays as it was."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.spaces import Discrete
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from cardroom.games.muzicando.actions import BID, CHOOSE, PASS, split_play, xy
from cardroom.games.muzicando.cards import LAYOUT_LETTERS
from cardroom.games.muzicando.factoring import CALLS, FIRSTS, SECONDS, cell_of_part, grid_notes
from cardroom.rl.gym import CardroomEnv
from cardroom.rl.pettingzoo import env, parallel_env, raw_env

FLAT_ACTIONS, FLAT_SIZE = 263_557, 612  # 4 players (docs/research.md)
CYCLES = 100_000  # a whole game each time


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo prefers Box to Dict spaces
@pytest.mark.parametrize("players", [4, 2])
def test_factored_env_passes_the_api_and_seed_tests(players: int) -> None:
    api_test(env("muzicando", players, factored=True), num_cycles=CYCLES)
    seed_test(lambda: env("muzicando", players, factored=True), num_cycles=CYCLES)


def test_spaces_are_as_wide_as_the_parts_and_the_flat_default_is_unchanged() -> None:
    flat, parts = raw_env("muzicando", 4), raw_env("muzicando", 4, factored=True)
    assert flat.factored is None
    assert flat.action_space("player_0") == Discrete(FLAT_ACTIONS)
    assert flat.observe("player_0")["observation"].shape == (FLAT_SIZE,)
    assert parts.action_space("player_0") == Discrete(max(FIRSTS, SECONDS)) == Discrete(281)
    assert parts.observe("player_0")["observation"].shape == (FLAT_SIZE + FIRSTS,)
    assert parts.state_space.shape == (4 * (FLAT_SIZE + FIRSTS),)
    with pytest.raises(ValueError, match="no factoring"):
        raw_env("papayoo", 4, factored=True)


def chooser(layout: str, seed: int) -> Any:
    """Random legal flat actions, but ``layout`` whenever it may be chosen,
    and in bidding the lowest bid for it or else a pass."""
    rng, letter = random.Random(seed), LAYOUT_LETTERS.index(layout)
    wanted = [CHOOSE + letter, *range(BID + letter, CHOOSE, len(LAYOUT_LETTERS)), PASS]

    def choose(legal: list[int]) -> int:
        if any(BID <= i < CHOOSE + len(LAYOUT_LETTERS) for i in legal):
            return next((i for i in wanted if i in legal), rng.choice(legal))
        return rng.choice(legal)
    return choose


def check_parts(e: Any, legal: list[int], mask: Any) -> dict[int, tuple[int, int | None]]:
    """The first mask is the first parts of the legal actions, exactly; each
    grid play's parts are its card and (decoded from the table) its cell."""
    seat = e.possible_agents.index(e.agent_selection)
    parts: dict[int, tuple[int, int | None]] = e.factored.menu(e.match, seat).parts_of()
    assert sorted(parts) == legal
    assert set(np.flatnonzero(mask)) == {first for first, _ in parts.values()}
    notes = grid_notes(e.match.state.seen(seat, log=False))
    for index, (first, second) in parts.items():
        card, cell = split_play(e.match.game.action_from_index(index))
        if second is not None:
            assert (first - CALLS, cell_of_part(second, notes)) == (card, xy(cell))
    return parts


def step_in_parts(e: Any, first: int, second: int | None,
                  parts: dict[int, tuple[int, int | None]]) -> None:
    """Plays one action in parts, checking the pending step between them."""
    agent = e.agent_selection
    e.step(first)
    if second is None:
        return
    obs, reward, terminated, truncated, _ = e.last()
    assert (e.agent_selection, reward, terminated, truncated) == (agent, 0.0, False, False)
    assert set(np.flatnonzero(obs["action_mask"])) == {s for f, s in parts.values() if f == first}
    assert list(np.flatnonzero(obs["observation"][-FIRSTS:])) == [first]
    for other in e.possible_agents:
        if other != agent:
            assert not e.observe(other)["observation"][-FIRSTS:].any()
    e.step(second)


def play_both(players: int, layout: str, seed: int, **options: Any) -> tuple[int, set[str]]:
    """The same game flat and factored, decision by decision; the number of
    two-part actions it took and the layouts it played."""
    flat = raw_env("muzicando", players, **options)
    both = raw_env("muzicando", players, factored=True, **options)
    flat.reset(seed=seed)
    both.reset(seed=seed)
    choose, twos = chooser(layout, seed), 0
    for agent in flat.agent_iter():
        obs, reward, terminated, truncated, _ = flat.last()
        mine = both.last()
        assert both.agent_selection == agent and mine[1:4] == (reward, terminated, truncated)
        assert np.array_equal(mine[0]["observation"][:-FIRSTS], obs["observation"])
        assert not mine[0]["observation"][-FIRSTS:].any()
        if terminated or truncated:
            flat.step(None)
            both.step(None)
            continue
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        parts = check_parts(both, legal, mine[0]["action_mask"])
        index = choose(legal)
        flat.step(index)
        step_in_parts(both, *parts[index], parts)
        twos += parts[index][1] is not None
    assert not both.agents
    final = flat.match.state.view(None)
    assert final == both.match.state.view(None)
    return twos, {deal["layout"] for deal in final["results"]}


@pytest.mark.parametrize(("layout", "seed"), [("S", 1), ("G", 3), ("P", 3), ("M", 1)])
def test_the_same_choices_flat_and_in_parts_play_the_same_game(layout: str, seed: int) -> None:
    twos, layouts = play_both(2, layout, seed, mode="individual")
    assert layout in layouts
    assert (twos > 0) == bool(layouts & {"S", "G"})  # only a grid play takes two parts


def test_a_partnership_game_with_bidding_plays_the_same_in_parts() -> None:
    twos, layouts = play_both(4, "G", 5, deals=1)
    assert twos > 0 and "G" in layouts


def test_an_illegal_part_raises_and_changes_nothing() -> None:
    e = raw_env("muzicando", 2, factored=True, mode="individual")
    e.reset(seed=1)
    choose, factored = chooser("S", 1), e.factored
    assert factored is not None
    while factored.pending is None:
        obs = e.observe(e.agent_selection)
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        if any(i >= CALLS for i in legal):  # a card to play: its first part
            e.step(legal[-1])
        else:
            e.step(choose(legal))
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="does not complete"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert np.array_equal(e.observe(e.agent_selection)["action_mask"], mask)


def play_gym(env: CardroomEnv, seed: int, layout: str) -> tuple[float, int]:
    """The learner's random legal actions (in parts where factored); its
    return and its number of steps."""
    choose, total, count = chooser(layout, seed), 0.0, 0
    _, info = env.reset(seed=seed)
    while True:
        if env.factored is None:
            index = choose([int(i) for i in np.flatnonzero(info["action_mask"])])
            steps: tuple[int | None, ...] = (index,)
        else:
            parts = env.factored.menu(env.match, env.seat).parts_of()
            steps = parts[choose(sorted(parts))]
        for part in steps:
            if part is not None:
                _, reward, terminated, truncated, info = env.step(part)
                total, count = total + reward, count + 1
        if terminated or truncated:
            return total, count


@pytest.mark.parametrize("layout", ["S", "G"])
def test_gymnasium_in_parts_plays_and_pays_as_the_flat_env(layout: str) -> None:
    parts = CardroomEnv("muzicando", 3, opponents="random", factored=True, round_rewards=True)
    flat = CardroomEnv("muzicando", 3, opponents="random", round_rewards=True)
    assert parts.actions == 281 and parts.action_space == Discrete(281)
    assert parts.observation_space.shape == (flat.match.observation_size() + FIRSTS,)
    (paid, steps), (flat_paid, flat_steps) = play_gym(parts, 6, layout), play_gym(flat, 6, layout)
    assert paid == pytest.approx(flat_paid) and steps > flat_steps  # some plays took two steps
    assert parts.match.state.view(None) == flat.match.state.view(None)


@pytest.mark.filterwarnings("ignore::UserWarning")  # check_env: no spec without gymnasium.make
def test_gymnasium_check_env_passes_in_parts() -> None:
    check_env(CardroomEnv("muzicando", 2, factored=True, opponents="random"))


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo prefers Box to Dict spaces
def test_parallel_env_in_parts_passes_the_parallel_api_test() -> None:
    parallel_api_test(parallel_env("muzicando", 2, factored=True, mode="individual"),
                      num_cycles=CYCLES)
