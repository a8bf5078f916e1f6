"""N games of one table stepped together, for Gymnasium's vector API.

    from cardroom.rl.vector import CardroomVectorEnv
    envs = CardroomVectorEnv("papayoo", num_envs=16, players=4, opponents="random")
    obs, info = envs.reset(seed=7)                # game i is seeded 7 + i
    obs, rewards, terminated, truncated, info = envs.step(info["action_mask"].argmax(axis=1))

Each of the ``num_envs`` games is what ``CardroomEnv`` is for one: the
learner at ``seat`` against bots named by ``opponents`` (every game gets
bots of its own, seeded from its deal, so no bot object is shared between
games), the learner's encoded view as its observation, ``Game.returns`` as
its reward. Game ``i`` plays exactly as a ``CardroomEnv`` reset with game
``i``'s seed and reset again at each end (tests/rl/test_vector.py holds it
to that), so results do not depend on how many games are batched.

Why a class of its own rather than ``SyncVectorEnv`` over ``CardroomEnv``:
observations and masks are written into preallocated ``(N, ...)`` buffers
(no array per game and step), an observation's layout is made once per
deal and its numbers clipped by numpy in place (``Encoding.encode`` does
both per step in Python: most of Love Formula's step); the legality of an
action is one lookup in those masks; and a mask row is updated only where
the legal set changed (Muzicando has 263,557 actions, a few of them legal).

Auto-reset is Gymnasium's ``AutoresetMode.NEXT_STEP`` (the default, the
mode ``SyncVectorEnv`` and the vector wrappers assume), declared in
``metadata["autoreset_mode"]``: the step that ends a game returns its final
observation (so a truncated game can be bootstrapped from it) and an
all-False mask; the next step ignores that game's action, starts the game
anew with the next seed of its own stream and returns reward 0, not
terminated, and the new game's observation and mask.

Arrays: observations float32 ``(N, obs_dim)``, rewards float64 ``(N,)``,
terminations and truncations bool ``(N,)``, ``info["action_mask"]`` bool
``(N, num_actions)`` (with ``info["_action_mask"]``, all True, by
Gymnasium's convention for infos); an illegal action is reported in
``info["illegal"]`` (and ``info["_illegal"]``) for the games where it
happened. With ``copy=True`` (the default, as ``SyncVectorEnv``) the
observations and masks returned are copies; ``copy=False`` returns the
buffers themselves, which the next step overwrites.

Importing this module also gives every ``cardroom/<game>-v0`` a vector
entry point, so ``gymnasium.make_vec("cardroom/papayoo-v0", num_envs=16)``
builds this class (pass ``vectorization_mode="sync"`` to wrap each game
separately instead).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardroom.core.bot import Bot, make_bot
from cardroom.core.encoding import BOUND, Layout
from cardroom.core.errors import CardroomError
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.plugins import load_everything
from cardroom.rl.gym import SEED_BITS
from cardroom.rl.match import Match

BOT_SALT = 0xB075
"""As in CardroomEnv: a game's bots are seeded from its game seed XOR this."""

Observations = npt.NDArray[np.float32]
Actions = npt.NDArray[np.int64]
Masks = npt.NDArray[np.bool_]
Seeds = int | np.integer[Any] | Sequence[int | None] | None


@dataclass(slots=True)
class _Game:
    """One game of the batch, kept as CardroomEnv keeps its one game: the
    stream its game seeds come from, the match, its observation layout, its
    bots, and the learner's legal indexes (the True entries of its mask
    row, so that the next update clears only those)."""

    seeds: Rng
    match: Match
    layout: Layout
    bots: dict[int, Bot] = field(default_factory=dict)
    legal: list[int] = field(default_factory=list)


class CardroomVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP,  # noqa: RUF012 (gymnasium's)
                "render_modes": ["ansi"]}

    def __init__(self, game: str, num_envs: int = 1, players: int | None = None,
                 seat: int = 0, opponents: str | Sequence[str] = "heuristic",
                 round_rewards: bool = False, illegal: str = "lose", copy: bool = True,
                 render_mode: str | None = None, **options: Any) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        self.num_envs, self.round_rewards, self.illegal = num_envs, round_rewards, illegal
        self.copy, self.render_mode, self.options = copy, render_mode, options
        template = Match(game, players, options)
        if not 0 <= seat < template.players:
            raise ValueError(f"seat {seat} is not at a {template.players}-player table")
        self.game, self.players, self.seat = template.game, template.players, seat
        self.opponents = self._opponents(opponents)
        self._others = [s for s in range(self.players) if s != seat]
        self._low = self.game.return_bounds()[0]
        self._spaces(template.observation_size(), self.game.num_distinct_actions())
        layout = self.game.encoding.layout(self.players, template.state.options)
        self._games = [_Game(Rng(secrets.randbits(SEED_BITS)), template, layout)
                       for _ in range(num_envs)]
        self._pending = [False] * num_envs  # ended: to start anew next step
        self._started = False

    def _opponents(self, given: str | Sequence[str]) -> list[str]:
        """Bot names only: each game needs bots of its own, made and seeded
        at every deal, which a ready ``Bot`` object shared by N games is not."""
        load_everything()  # searching bots register themselves when imported
        others = self.players - 1
        chosen = [given] * others if isinstance(given, str) else list(given)
        if len(chosen) != others:
            raise ValueError(f"{others} opponents are needed, got {len(chosen)}")
        for name in chosen:
            if not isinstance(name, str):
                raise TypeError("opponents of a vector env are bot names, one per other seat")
            make_bot(name, self.game, 0)  # fail now on an unknown name
        return chosen

    def _spaces(self, size: int, actions: int) -> None:
        """Gymnasium's single and batched spaces, and the buffers they describe."""
        self.num_actions = actions
        self.single_observation_space = spaces.Box(-BOUND, BOUND, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._obs: Observations = np.zeros((self.num_envs, size), np.float32)
        self._masks: Masks = np.zeros((self.num_envs, actions), np.bool_)

    # ----- the batch -----------------------------------------------------------
    def reset(self, *, seed: Seeds = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        """Start every game anew (or those in ``options["reset_mask"]``). An
        int ``seed`` gives game i the seed ``seed + i``, a list one seed per
        game (None: that game's stream goes on); no seed continues every
        game's stream."""
        if isinstance(seed, int | np.integer):
            seed = int(seed)
            super().reset(seed=seed)
        seeds = self._seeds(seed)
        which = self._reset_mask(options)
        for i in np.flatnonzero(which).tolist():
            self._start(i, seeds[i])
            self._pending[i] = False
        self._started = True
        return self._out(self._obs), self._infos(None)

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        if len(seed) != self.num_envs:
            raise ValueError(f"{self.num_envs} seeds are needed, got {len(seed)}")
        return list(seed)

    def _reset_mask(self, options: dict[str, Any] | None) -> Masks:
        """Gymnasium's partial reset: a bool array of the games to start."""
        mask = (options or {}).get("reset_mask")
        if mask is None:
            return np.ones(self.num_envs, np.bool_)
        if not self._started:
            raise RuntimeError("reset every game once before a partial reset")
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ \
                or mask.shape != (self.num_envs,):
            raise ValueError(f"reset_mask must be a bool array of shape ({self.num_envs},)")
        return mask

    def step(self, actions: Actions | Sequence[int]) -> tuple[
            Observations, npt.NDArray[np.float64], Masks, Masks, dict[str, Any]]:
        """One learner action per game; the bots then play to the learner's
        next turn. A game that ended at the last step starts anew instead
        (its action is ignored). The bookkeeping is per game in Python, not
        in numpy: at a few numpy calls a step, one game (N = 1) costs no
        more than a CardroomEnv."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen, restart = self._actions(actions), self._pending
        illegal = [not again and not self._allowed(i, action)
                   for i, (action, again) in enumerate(zip(chosen, restart, strict=True))]
        if self.illegal == "raise" and any(illegal):
            games = [i for i, bad in enumerate(illegal) if bad]
            raise ValueError(f"illegal actions in games {games} (nothing was played)")
        rewards = np.zeros(self.num_envs, np.float64)
        terminated = np.zeros(self.num_envs, np.bool_)
        truncated = np.zeros(self.num_envs, np.bool_)
        for i, (action, again, bad) in enumerate(zip(chosen, restart, illegal, strict=True)):
            if again:
                self._start(i, None)
            elif bad:  # the game ends at once, nothing played (as CardroomEnv)
                rewards[i], terminated[i] = self._low, True
            else:
                rewards[i], terminated[i], truncated[i] = self._advance(i, action)
        self._pending = (terminated | truncated).tolist()
        return (self._out(self._obs), rewards, terminated, truncated,
                self._infos(illegal))

    def _actions(self, actions: Actions | Sequence[int]) -> list[int]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers of shape ({self.num_envs},), "
                             f"got {chosen.dtype} {chosen.shape}")
        return cast(list[int], chosen.tolist())

    def _allowed(self, i: int, action: int) -> bool:
        """Whether game i's action is legal now: its entry in the mask (which
        is exactly the legal set); an index out of range is illegal."""
        return 0 <= action < self.num_actions and bool(self._masks[i, action])

    # ----- one game ------------------------------------------------------------
    def _start(self, i: int, seed: int | None) -> None:
        """Deal game i anew exactly as CardroomEnv.reset does: the next
        seed of its stream (a new stream for a given seed), bots seeded
        from it, and the bots' turns before the learner's first."""
        game = self._games[i]
        if seed is not None:
            game.seeds = Rng(seed)
        game_seed = game.seeds.next64() >> (64 - SEED_BITS)
        game.match = Match(self.game, self.players, self.options, game_seed)
        game.layout = self.game.encoding.layout(self.players, game.match.state.options)
        bot_seeds = Rng(game_seed ^ BOT_SALT)
        game.bots = {seat: make_bot(name, self.game, bot_seeds.next64())
                     for seat, name in zip(self._others, self.opponents, strict=True)}
        self._play_bots(game)  # a game without rounds pays nothing before the learner's turn
        self._write(i)

    def _advance(self, i: int, action: int) -> tuple[float, bool, bool]:
        """The learner's legal action in game i, then the bots'; the
        learner's reward, terminated and truncated."""
        game = self._games[i]
        game.match.step(action)
        reward = game.match.rewards(self.round_rewards)[self.seat] + self._play_bots(game)
        self._write(i)
        return reward, game.match.over, game.match.truncated

    def _play_bots(self, game: _Game) -> float:
        """Let the bots play until the learner is to act or the game is done;
        the learner's rewards earned meanwhile."""
        match, earned = game.match, 0.0
        while (seat := match.current()) is not None and seat != self.seat:
            text = game.bots[seat].choose_for(match.state, seat)
            try:
                action = match.state.parse_action(text)
                assert action is not None
                match.step(self.game.action_index(action))
            except (AssertionError, CardroomError) as err:
                raise RuntimeError(f"bot at seat {seat} chose {text!r}: {err}") from err
            earned += match.rewards(self.round_rewards)[self.seat]
        return earned

    def _write(self, i: int) -> None:
        """Game i's observation and mask into row i of the buffers. The
        observation is ``Encoding.encode``'s, filled and clipped here: the
        layout is the game's own (made once per deal, not per step) and
        numpy clips the row in place (a Python clip of every number was a
        fifth of a step). Only the mask entries that were True are cleared
        (no pass over a row of 263,557)."""
        game, seat = self._games[i], self.seat
        out = game.layout.writer()
        self.game.encoding.fill(out, game.match.state.seen(seat, log=False), seat)
        obs = self._obs[i]
        obs[:] = out.done()
        np.clip(obs, -BOUND, BOUND, out=obs)
        mask = self._masks[i]
        mask[game.legal] = False
        game.legal = game.match.legal(seat)
        mask[game.legal] = True

    # ----- what the learner sees -----------------------------------------------
    def _out(self, buffer: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return buffer.copy() if self.copy else buffer

    def _infos(self, illegal: list[bool] | None) -> dict[str, Any]:
        infos: dict[str, Any] = {"action_mask": self._out(self._masks),
                                 "_action_mask": np.ones(self.num_envs, np.bool_)}
        if illegal is not None and any(illegal):
            infos["illegal"], infos["_illegal"] = np.array(illegal), np.array(illegal)
        return infos

    def action_masks(self) -> Masks:
        """The legal actions of every game now, (N, num_actions) booleans."""
        return self._masks.copy()

    @property
    def matches(self) -> tuple[Match, ...]:
        """Each game's match as it stands (``CardroomEnv.match`` for a batch):
        for inspection, not to be played."""
        return tuple(g.match for g in self._games)

    def render(self) -> tuple[str, ...] | None:
        """Each game's table as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return tuple(self.game.observation_text(g.match.state.view(PUBLIC, log=False))
                     for g in self._games)


def register_vector_all() -> None:
    """Give every ``cardroom/<game>-v0`` this class as its vector entry point,
    so that ``gymnasium.make_vec`` builds it."""
    for spec in gymnasium.registry.values():
        if spec.entry_point == "cardroom.rl.gym:CardroomEnv":
            spec.vector_entry_point = "cardroom.rl.vector:CardroomVectorEnv"


register_vector_all()
