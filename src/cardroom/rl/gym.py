"""A Gymnasium environment: one seat of a cardroom game against bots.

    from cardroom.rl.gym import CardroomEnv
    env = CardroomEnv("pile-up", players=3, opponents="heuristic")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

The learner sits at ``seat`` (default 0); the other seats are bots of any
name the front ends know (``random``, ``heuristic``, ``ismcts``, the
strengths ``easy``, ``medium`` and ``hard``), one name for all or a list
with one per other seat, or ready ``Bot`` objects. The bots see only
their own views, as at the table. An observation is the learner's view
encoded by the game (a float32 vector, docs/games/<game>.md "Observation
tensor"); the legal actions are ``info["action_mask"]`` and
``action_masks()`` (the method sb3-contrib's MaskablePPO calls). The reward
is the game's return at the end (``Game.returns``: 1 for a sole win, -1 for
a sole last place), with ``round_rewards=True`` also as each round is
scored. An illegal action ends the episode with the lowest return
(``illegal="lose"``, so that unmasked agents and ``check_env`` can explore)
or raises (``illegal="raise"``).

``factored=True`` (Muzicando) takes an action in two parts, the card and
then where it goes (``cardroom.rl.factored``): a first part that needs a
second returns reward 0 and an observation that ends with the pending
part, and the bots move only once the action is whole.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardroom.core.bot import Bot, make_bot
from cardroom.core.encoding import BOUND
from cardroom.core.errors import CardroomError
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.plugins import load_everything
from cardroom.rl.factored import Factored
from cardroom.rl.match import Match

SEED_BITS = 63
Observation = np.ndarray[Any, np.dtype[np.float32]]


class CardroomEnv(gymnasium.Env[Observation, np.int64]):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (gymnasium's)

    def __init__(self, game: str, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str | Bot] = "heuristic",
                 render_mode: str | None = None, round_rewards: bool = False,
                 illegal: str = "lose", factored: bool = False, **options: Any) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode, self.round_rewards, self.illegal = render_mode, round_rewards, illegal
        self.options = options
        self.match = Match(game, players, options)
        if not 0 <= seat < self.match.players:
            raise ValueError(f"seat {seat} is not at a {self.match.players}-player table")
        self.seat = seat
        self.opponents = self._opponents(opponents)
        self.bots: dict[int, Bot] = {}
        self.factored = Factored(self.match.game) if factored else None
        size = self._game_size = self.match.observation_size()
        self.actions = self.match.game.num_distinct_actions()
        if self.factored is not None:
            size += self.factored.factoring.firsts
            self.actions = self.factored.width
        self._size = size
        self.observation_space = spaces.Box(-BOUND, BOUND, (size,), np.float32)
        self.action_space = spaces.Discrete(self.actions)
        self._seeds = Rng(secrets.randbits(SEED_BITS))
        self._low = self.match.game.return_bounds()[0]
        self._ended = True  # until reset

    def _opponents(self, given: str | Sequence[str | Bot]) -> list[str | Bot]:
        # Searching bots and strengths register themselves when imported;
        # a learner should not have to know which module that is.
        load_everything()
        others = self.match.players - 1
        chosen: list[str | Bot] = [given] * others if isinstance(given, str) else list(given)
        if len(chosen) != others:
            raise ValueError(f"{others} opponents are needed, got {len(chosen)}")
        for bot in chosen:
            if isinstance(bot, str):
                make_bot(bot, self.match.game, 0)  # fail now on an unknown name
        return chosen

    # ----- the episode -------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(seed)
        game_seed = self._seeds.next64() >> (64 - SEED_BITS)
        self.match = Match(self.match.game, self.match.players, self.options, game_seed)
        if self.factored is not None:
            self.factored.reset()
        bot_seeds = Rng(game_seed ^ 0xB075)
        others = [s for s in range(self.match.players) if s != self.seat]
        self.bots = {s: self._bot(b, bot_seeds.next64()) for s, b in zip(others, self.opponents,
                                                                         strict=True)}
        self._ended = False
        self._play_bots()  # a game without rounds pays nothing before the learner's turn
        return self._observe(), self._info()

    def _bot(self, bot: str | Bot, seed: int) -> Bot:
        return make_bot(bot, self.match.game, seed) if isinstance(bot, str) else bot

    def step(self, action: int | np.int64) -> tuple[Observation, float, bool, bool,
                                                    dict[str, Any]]:
        if self._ended or self.match.current() != self.seat:
            raise RuntimeError("the episode is over: call reset()")
        try:
            index = self._resolve(int(action))
        except ValueError:
            if self.illegal == "raise":
                raise
            self._ended = True
            return self._observe(), self._low, True, False, {**self._info(), "illegal": True}
        if index is None:  # the first of two parts: no move yet, nothing earned
            return self._observe(), 0.0, False, False, self._info()
        self.match.step(index)
        reward = self.match.rewards(self.round_rewards)[self.seat] + self._play_bots()
        if self.render_mode == "human":
            print(self.render_text())
        self._ended = self.match.done
        return self._observe(), reward, self.match.over, self.match.truncated, self._info()

    def _resolve(self, index: int) -> int | None:
        """The dense index of the action the learner chose; None after the
        first of two parts; ValueError for an illegal choice."""
        if self.factored is not None:
            return self.factored.choose(self.match, index)
        if not self._legal(index):
            raise ValueError(f"action index {index} is not legal now")
        return index

    def _legal(self, index: int) -> bool:
        try:
            action = self.match.game.action_from_index(index)
        except ValueError:
            return False
        return self.match.state.illegal_reason(self.seat, action) is None

    def _play_bots(self) -> float:
        """Let the bots play until the learner is to act or the game is done;
        the learner's rewards earned meanwhile."""
        earned = 0.0
        while (seat := self.match.current()) is not None and seat != self.seat:
            text = self.bots[seat].choose_for(self.match.state, seat)
            try:
                action = self.match.state.parse_action(text)
                assert action is not None
                self.match.step(self.match.game.action_index(action))
            except (AssertionError, CardroomError) as err:
                raise RuntimeError(f"bot at seat {seat} chose {text!r}: {err}") from err
            earned += self.match.rewards(self.round_rewards)[self.seat]
        return earned

    # ----- what the learner sees ---------------------------------------------
    def _observe(self) -> Observation:
        """The learner's observation, filled in place into an array of its
        own (the caller may keep it)."""
        out = np.empty(self._size, np.float32)
        if self.factored is None:
            self.match.observe(self.seat, out)
        else:
            view = self.match.seen(self.seat)  # once, for the observation and the mask
            self.match.observe(self.seat, out[:self._game_size], view)
            self.factored.observe(self.match, self.seat, out[self._game_size:])
            self.factored.menu(self.match, self.seat, view)  # kept for the mask
        return out

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self.factored is not None:
            return self.factored.mask(self.match, self.seat)
        mask = np.zeros(self.actions, np.int8)
        mask[self.match.legal(self.seat)] = 1
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO)."""
        return self._mask().astype(bool)

    def render_text(self) -> str:
        return self.match.game.observation_text(self.match.state.view(PUBLIC, log=False))

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None


def register_all() -> None:
    """``gymnasium.make("cardroom/<game>-v0", players=..., opponents=...)`` for every game."""
    from cardroom.games import all_games

    for game in all_games():
        name = f"cardroom/{game.id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="cardroom.rl.gym:CardroomEnv",
                               kwargs={"game": game.id})


register_all()
