"""PPO baselines for every game: a short MaskablePPO run, measured in the arena.

    .venv/bin/pip install -c constraints.txt -e '.[train]'   # CPU torch, SB3, sb3-contrib
    nice -n 10 .venv/bin/python examples/baselines.py        # every game; about 20 min, one core

For every game at its smallest table (2 players; Papayoo's smallest is 3)
and its shortest options where it has them, this trains a policy the way
``examples/train_maskable_ppo.py`` does (sb3-contrib's MaskablePPO, the
same settings, seat 0 of ``cardroom.rl.gym`` against the heuristic bot,
on the CPU, one torch thread, seeded) for the same number of steps in
every game, then seats the greedy policy in the arena (duplicate deals,
every seat rotation) against ``random`` and against ``medium`` (the
heuristic bot) and reports its win share with a 95% interval, beside the
share of the other of the two bots in its seat on the same deals (``medium``
against ``random``, ``random`` against ``medium``: where the policy stands
between them).

Muzicando is trained with ``factored=True`` (the card, then where it
goes: 281 outputs instead of 263,557, which an MLP on one core could not
train in minutes); in the arena the policy picks the two parts in turn.

Written under ``--out`` (default: a new temporary folder, printed at the
start; never into docs/): ``baselines.md`` (the table and the command that
made it) and ``baselines.json`` (the arena's full summaries, timings and
versions).
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from train_maskable_ppo import greedy_policy, make_model

from cardroom import arena
from cardroom.core.bot import Bot, Seen, register_bot
from cardroom.core.game import Game, State
from cardroom.rl.factored import factoring_of
from cardroom.rl.gym import CardroomEnv
from cardroom.rl.policy import register_policy


@dataclass(frozen=True)
class Setup:
    """One game as the baselines play it."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    factored: bool = False
    why: str = ""

    def options_text(self) -> str:
        shown = [f"{k}={json.dumps(v)}" for k, v in self.options.items()]
        return ", ".join(shown + (["factored"] if self.factored else [])) or "(defaults)"


SETUPS: tuple[Setup, ...] = (
    Setup("love-formula", 2, why="no option shortens the game"),
    Setup("muzicando", 2, {"deals": 2}, factored=True,
          why="individual game; 2 deals, the fewest at 2 players (a multiple of them)"),
    Setup("papayoo", 3, {"rounds": 1}, why="one round; 3 players, its smallest table"),
    Setup("pile-up", 2, why="no option shortens the game"),
    Setup("pizzamania", 2, {"simple": True}, why="one round, no chef cards (as the example)"),
)
RIVALS = ("random", "medium")
TRAINING_OPPONENT = "heuristic"  # the same player as ``medium``
LABEL = "ppo"


class FactoredPolicyBot(Bot):
    """A policy trained with ``factored=True`` at an ordinary table: it picks
    a first part among the legal ones, then (when that is no whole action) a
    second part, from the observation the environment showed it (the game's
    fields, then the one-hot pending first part)."""

    def __init__(self, game: Game, model: MaskablePPO) -> None:
        self.game, self.model = game, model
        self.factoring = factoring_of(game)
        self.width = max(self.factoring.firsts, self.factoring.seconds)
        self._parsers: dict[int, State] = {}

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        typed = self.game.read_view(view)
        parser = self._parsers.get(typed.players)
        if parser is None:
            parser = self._parsers[typed.players] = self.game.new(typed.players, 0)
        texts: dict[int, str] = {}
        for text in legal:
            action = parser.parse_action(text)
            if action is None:
                raise ValueError(f"{text!r} is no action of {self.game.name}")
            texts[action] = text
        parts = self.factoring.parts(typed, list(texts))
        by_parts = dict(zip(parts, texts.values(), strict=True))
        fields = self.game.encode_observation(typed)
        first = self._pick(fields, None, {f for f, _ in parts})
        if (first, None) in by_parts:
            return by_parts[(first, None)]
        second = self._pick(fields, first, {s for f, s in parts if f == first and s is not None})
        return by_parts[(first, second)]

    def _pick(self, fields: list[float], pending: int | None, allowed: set[int]) -> int:
        block = np.zeros(self.factoring.firsts, np.float32)
        if pending is not None:
            block[pending] = 1.0
        mask = np.zeros(self.width, bool)
        mask[list(allowed)] = True
        observation = np.concatenate([np.asarray(fields, np.float32), block])
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)


def seat_policy(setup: Setup, model: MaskablePPO, env: CardroomEnv) -> None:
    """Register the greedy ``model`` as the bot ``LABEL`` (in this process)."""
    if setup.factored:
        register_bot(LABEL, lambda game, seed, budget: FactoredPolicyBot(game, model))
    else:
        register_policy(LABEL, greedy_policy(model, env.actions))


def measure(setup: Setup, steps: int, deals: int, seed: int,
            **overrides: Any) -> list[dict[str, Any]]:
    """Train on ``setup`` for ``steps`` steps, then one row per rival: the
    arena over ``deals`` duplicate deals (seeds ``seed``..). ``overrides``
    replace PPO settings (a test's tiny ``n_steps``)."""
    env = CardroomEnv(setup.game, setup.players, opponents=TRAINING_OPPONENT,
                      factored=setup.factored, **setup.options)
    started = time.perf_counter()
    model = make_model(env, seed, **overrides)
    model.learn(total_timesteps=steps)
    trained = time.perf_counter() - started
    seat_policy(setup, model, env)
    rows = []
    for rival in RIVALS:
        started = time.perf_counter()
        summary, result = play(setup, LABEL, rival, deals, seed)
        seconds = time.perf_counter() - started
        other = next(bot for bot in RIVALS if bot != rival)
        _, reference = play(setup, other, rival, deals, seed)
        rows.append({
            "game": setup.game, "players": setup.players, "options": setup.options_text(),
            "steps": steps, "trained_steps": int(model.num_timesteps),
            "train_seconds": round(trained, 1), "opponent": rival, "deals": deals,
            "games": summary["games"], "fair_share": summary["fair_share"],
            "win_share": result["win_share"], "win_ci95": result["win_ci95"],
            "arena_seconds": round(seconds, 1), "summary": summary,
            "reference": {"bot": other, "win_share": reference["win_share"],
                          "win_ci95": reference["win_ci95"]},
        })
        print(f"{setup.game} vs {rival}: win share {result['win_share']:.3f} "
              f"[{result['win_ci95'][0]:.3f}, {result['win_ci95'][1]:.3f}] "
              f"({other} in its seat: {reference['win_share']:.3f}; "
              f"trained {trained:.0f} s)", flush=True)
    return rows


def play(setup: Setup, bot: str, rival: str, deals: int,
         seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The arena's summary of ``bot`` against ``rival`` in every other seat,
    and ``bot``'s results in it."""
    lineup = (bot, *[rival] * (setup.players - 1))
    summary = arena.run(arena.Plan(setup.game, lineup, deals, seed, setup.options))
    return summary, summary["results"][bot]


HEADER = ("| game | players | options | training steps | opponent | deals (games) "
          "| ppo win share [95%] | the other bot in ppo's seat [95%] | fair share |")


def share(result: dict[str, Any]) -> str:
    low, high = result["win_ci95"]
    return f"{result['win_share']:.3f} [{low:.3f}, {high:.3f}]"


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a Markdown table."""
    lines = [HEADER, "|" + " --- |" * (HEADER.count("|") - 1)]
    for r in rows:
        lines.append(f"| {r['game']} | {r['players']} | {r['options']} | {r['steps']:,} "
                     f"| {r['opponent']} | {r['deals']:,} ({r['games']:,}) | {share(r)} "
                     f"| {r['reference']['bot']} {share(r['reference'])} "
                     f"| {r['fair_share']:.3f} |")
    return "\n".join(lines)


def command(steps: int, deals: int, seed: int, games: Sequence[str]) -> str:
    """The command that makes the same table, every setting spelt out."""
    words = ["nice", "-n", "10", ".venv/bin/python", "examples/baselines.py",
             "--steps", str(steps), "--deals", str(deals), "--seed", str(seed)]
    if sorted(games) != sorted(s.game for s in SETUPS):
        words += ["--games", ",".join(games)]
    return shlex.join(words)


def versions() -> dict[str, str]:
    found = {"python": platform.python_version()}
    for name in ("cardroom", "torch", "stable-baselines3", "sb3-contrib", "gymnasium", "numpy"):
        found[name] = metadata.version(name)
    return found


def report(rows: Sequence[dict[str, Any]], how: str, seconds: float,
           overrides: dict[str, Any]) -> str:
    """``baselines.md``: the table, the command, the run time, the versions."""
    kept = {r["game"]: r for r in rows}
    notes = "\n".join(f"- {s.game}: {s.options_text()}: {s.why}" for s in SETUPS
                      if s.game in kept)
    listed = ", ".join(f"{k} {v}" for k, v in versions().items())
    changed = (f"PPO settings changed from the example's: {json.dumps(overrides)}.\n\n"
               if overrides else "")
    trained = sorted({r["trained_steps"] for r in rows})
    rounded = (f"Training stops after the first whole rollout that reaches the steps asked "
               f"for: {', '.join(f'{n:,}' for n in trained)} steps were trained.\n\n")
    return (f"{table(rows)}\n\n    {how}\n\n{changed}{rounded}"
            f"Made {datetime.now(UTC):%Y-%m-%d %H:%M} UTC in {seconds / 60:.1f} min "
            f"({platform.machine()}, {platform.system()}); {listed}.\n\n{notes}\n")


def run(games: Sequence[str], steps: int, deals: int, seed: int, out: Path,
        **overrides: Any) -> list[dict[str, Any]]:
    """Every chosen game in turn; writes ``baselines.md`` and ``.json`` under ``out``."""
    chosen = [s for s in SETUPS if s.game in games]
    unknown = set(games) - {s.game for s in chosen}
    if unknown:
        raise ValueError(f"no baseline for {sorted(unknown)} (games: "
                         f"{', '.join(s.game for s in SETUPS)})")
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows = [row for setup in chosen for row in measure(setup, steps, deals, seed, **overrides)]
    seconds = time.perf_counter() - started
    how = command(steps, deals, seed, [s.game for s in chosen])
    (out / "baselines.md").write_text(report(rows, how, seconds, overrides))
    (out / "baselines.json").write_text(json.dumps(
        {"command": how, "seconds": round(seconds, 1), "versions": versions(),
         "ppo_overrides": overrides, "rows": rows}, indent=1) + "\n")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000,
                        help="training steps (learner decisions), the same for every game")
    parser.add_argument("--deals", type=int, default=200,
                        help="duplicate deals in the arena, per opponent")
    parser.add_argument("--seed", type=int, default=1,
                        help="training seed and the arena's first deal")
    parser.add_argument("--games", default=",".join(s.game for s in SETUPS),
                        help="comma-separated (default: every game)")
    parser.add_argument("--out", type=Path,
                        help="folder of baselines.md and .json (default: a new temporary one)")
    args = parser.parse_args()
    out = args.out if args.out is not None else Path(tempfile.mkdtemp(prefix="cardroom-"))
    print(f"writing {out / 'baselines.md'} and .json", flush=True)
    rows = run(args.games.split(","), args.steps, args.deals, args.seed, out)
    print(table(rows))


if __name__ == "__main__":
    main()
