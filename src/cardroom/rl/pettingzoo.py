"""PettingZoo AEC environments for every cardroom game and player count.

    from cardroom.rl.pettingzoo import env
    e = env("papayoo", players=4)            # options as keywords: rounds=1
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). An observation is
``{"observation": float32 vector, "action_mask": int8 vector}``: the seat's
view encoded by the game (docs/games/<game>.md, "Observation tensor") and
its legal action indexes. Rewards come at the end (the game's returns,
``Game.returns``) and, with ``round_rewards=True``, also as each round is
scored. A simultaneous choice is taken one seat at a time, lowest seat
first, and a seat's choice stays hidden from the others until the rules
reveal it. ``render()`` gives the table as a spectator sees it.

``factored=True`` (Muzicando) takes an action in two parts, the card and
then where it goes (``cardroom.rl.factored``): the action space is as wide
as the longer list of parts, the mask offers the parts legal now, and the
observation ends with the pending first part; turn order and rewards stay
those of the flat game.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from cardroom.core.encoding import BOUND
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.core.views import View
from cardroom.rl.factored import Factored
from cardroom.rl.match import Match

SEED_BITS = 63  # a game's seed must fit 63 bits (the card room stores it signed)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class CardroomAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One cardroom game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"],  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 round_rewards: bool = False, factored: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.game_id, self.options = game, options
        self.round_rewards = round_rewards
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.match = Match(game, players, options)
        self.metadata = {**self.metadata, "name": f"cardroom_{self.match.game.id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(self.match.players)]
        self.factored = Factored(self.match.game) if factored else None
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self._game_size = self.match.observation_size()
        actions = self.match.game.num_distinct_actions()
        if self.factored is not None:
            size += self.factored.factoring.firsts
            actions = self.factored.width
        self._size, self._actions = size, actions
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self._act_space = spaces.Discrete(actions)
        self.state_space = spaces.Box(-BOUND, BOUND, (self.match.players * size,), np.float32)
        self._seeds = Rng(secrets.randbits(SEED_BITS))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ----- the game ----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` fixes it and every later one (each next reset
        without a seed draws the next game's seed from it)."""
        if seed is not None:
            self._seeds = Rng(seed)
        game_seed = self._seeds.next64() >> (64 - SEED_BITS)
        self.match = Match(self.match.game, self.match.players, self.options, game_seed)
        if self.factored is not None:
            self.factored.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        index = int(action)
        if self.factored is not None:
            complete = self.factored.choose(self.match, index)
            if complete is None:
                self._first_part_taken(agent)
                return
            index = complete
        self.match.step(index)
        self._cumulative_rewards[agent] = 0.0
        earned = self.match.rewards(self.round_rewards)
        over, truncated = self.match.over, self.match.truncated
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] = earned[seat]
            self.terminations[a] = over
            self.truncations[a] = truncated
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _first_part_taken(self, agent: str) -> None:
        """A first part is no game move: nothing is paid, the same agent picks
        the second (it has collected its reward already, as before any step)."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)

    def _next_agent(self) -> str:
        seat = self.match.current()
        return agent_name(0 if seat is None else seat)

    # ----- what an agent sees ------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        """The observation and mask of ``agent``, in arrays of their own (a
        caller may keep them: the parallel converter keeps every agent's),
        each filled in place: the encoded view straight into its float32
        vector, the mask by setting its legal indexes."""
        seat = self._seat_of[agent]
        observation = np.empty(self._size, np.float32)
        view = self.match.seen(seat)  # once, for the observation and a factored mask
        self._observe(seat, observation, view)
        if self.factored is not None:
            mask = self.factored.mask(self.match, seat, view)
        else:
            mask = np.zeros(self._actions, np.int8)
            mask[self.match.legal(seat)] = 1
        return {"observation": observation, "action_mask": mask}

    def _observe(self, seat: int, out: np.ndarray[Any, np.dtype[np.float32]],
                 view: View[Any] | None = None) -> None:
        """``seat``'s observation into ``out`` (the game's fields, then with
        factored actions the pending-part block)."""
        if self.factored is None:
            self.match.observe(seat, out, view)
            return
        self.match.observe(seat, out[:self._game_size], view)
        self.factored.observe(self.match, seat, out[self._game_size:])

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The global state for a centralised critic: every seat's encoded
        view, seat 0 first. Together they hold every hand and every hidden
        choice; only what no seat has seen (an undealt stock's order, future
        chance) stays out, as the encoding is built from views alone. With
        factored actions each view ends with its pending-part block."""
        out = np.empty((self.match.players, self._size), np.float32)
        for seat in range(self.match.players):
            self._observe(seat, out[seat])
        return out.reshape(-1)

    def observation_text(self, agent: str) -> str:
        """What ``agent`` sees, as text (the terminal's table for that seat)."""
        return self.match.text(self.possible_agents.index(agent))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.match.game.observation_text(self.match.state.view(PUBLIC, log=False))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass  # nothing held outside the process


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> CardroomAEC:
    return CardroomAEC(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None,
                 **kwargs: Any) -> ParallelEnv[str, Any, int | None]:
    """The same game as a PettingZoo parallel environment: at each step only
    the agent to act has a legal move (the others' masks are all zero, and
    their actions are ignored), by PettingZoo's turn-based converter."""
    parallel: ParallelEnv[str, Any, int | None] = turn_based_aec_to_parallel(
        env(game, players, **kwargs))
    return parallel


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv[str, Any, int]:
    """The environment behind PettingZoo's order-enforcing wrapper (which
    refuses a step before reset, and the like)."""
    wrapped: AECEnv[str, Any, int] = wrappers.OrderEnforcingWrapper(
        raw_env(game, players, **kwargs))
    return wrapped
