"""Train a small policy on one cardroom game and evaluate it in the arena.

    .venv/bin/pip install -c constraints.txt -e '.[train]'   # CPU torch, SB3, sb3-contrib
    .venv/bin/python examples/train_maskable_ppo.py           # Pizzamania, 2 players, one round

The learner is seat 0 of a Gymnasium environment (``cardroom.rl.gym``)
against the game's heuristic bot, trained with sb3-contrib's MaskablePPO,
which only ever samples legal actions (the environment's ``action_masks``).
Every ``--eval-every`` steps the greedy policy plays ``--eval-episodes``
fixed deals against the heuristic; the curve (mean return, win share) is
written as CSV and PNG, under ``--out`` (default: a new temporary folder,
printed at the start). At the end the policy is registered as the bot
``ppo`` and measured in the arena (duplicate deals, every seat rotation)
against the heuristic and against the random bot. CPU only, a few minutes.
"""

from __future__ import annotations

import argparse
import csv
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from cardroom import arena
from cardroom.rl.gym import CardroomEnv
from cardroom.rl.policy import Policy, register_policy

EVAL_SEED = 1_000_000  # evaluation deals never overlap training deals


def evaluate(model: MaskablePPO, env: CardroomEnv, episodes: int) -> dict[str, float]:
    """The greedy policy on the same ``episodes`` deals every time."""
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=EVAL_SEED + episode)
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                returns.append(reward)
                break
    values = np.array(returns)
    return {"mean_return": float(values.mean()), "win_share": float((values > 0).mean())}


class Curve(BaseCallback):  # type: ignore[misc]
    def __init__(self, env: CardroomEnv, every: int, episodes: int) -> None:
        super().__init__()
        self.env, self.every, self.episodes = env, every, episodes
        self.rows: list[dict[str, Any]] = []
        self.started = time.time()

    def record(self) -> None:
        row = {"steps": self.num_timesteps, "seconds": round(time.time() - self.started, 1),
               **evaluate(self.model, self.env, self.episodes)}
        self.rows.append(row)
        print(json.dumps(row), flush=True)

    def _on_training_start(self) -> None:
        self.record()

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            self.record()
        return True


def plot(rows: list[dict[str, Any]], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["steps"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [r["win_share"] for r in rows], marker="o", label="win share")
    ax.plot(steps, [r["mean_return"] for r in rows], marker="s", label="mean return")
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1, label="even with the heuristic")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylim(-1.05, 1.05)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def output_prefix(given: Path | None, game: str) -> Path:
    """Where the results go: ``given``, or a fresh temporary folder, so that
    a trial run never overwrites the figures the docs show."""
    out = given if given is not None else Path(tempfile.mkdtemp(prefix="cardroom-")) / f"ppo-{game}"
    out.parent.mkdir(parents=True, exist_ok=True)
    return out


HYPERPARAMETERS: dict[str, Any] = {
    "n_steps": 2048, "batch_size": 256, "learning_rate": 3e-4, "gamma": 1.0, "ent_coef": 0.01,
    "policy_kwargs": {"net_arch": [128, 128]},
}
"""MaskablePPO's settings here (and in examples/baselines.py): an MLP of two
128-unit layers, undiscounted returns (one reward, at the end)."""


def make_model(env: CardroomEnv, seed: int, **overrides: Any) -> MaskablePPO:
    """MaskablePPO on ``env`` with ``HYPERPARAMETERS`` (``overrides`` replace
    some: a test's tiny ``n_steps``), on the CPU, one torch thread (small
    networks: one thread is fastest, and repeatable)."""
    torch.set_num_threads(1)
    env.reset(seed=seed)
    settings = {**HYPERPARAMETERS, **overrides}
    return MaskablePPO("MlpPolicy", env, seed=seed, device="cpu", verbose=0, **settings)


def greedy_policy(model: MaskablePPO, actions: int) -> Policy:
    """The trained model as a ``cardroom.rl.policy`` policy: its greedy
    choice among the legal indexes, for ``register_policy``."""

    def policy(observation: list[float], legal: list[int]) -> int:
        mask = np.zeros(actions, bool)
        mask[legal] = True
        action, _ = model.predict(np.asarray(observation, np.float32), action_masks=mask,
                                  deterministic=True)
        return int(action)

    return policy


def parse_options(texts: list[str]) -> dict[str, Any]:
    """``NAME=JSON`` texts as game options."""
    return {k: json.loads(v) for k, _, v in (o.partition("=") for o in texts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pizzamania")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=["simple=true"],
                        metavar="NAME=JSON", help="game options (default: simple=true)")
    parser.add_argument("--steps", type=int, default=120_000)
    parser.add_argument("--eval-every", type=int, default=10_000)
    parser.add_argument("--eval-episodes", type=int, default=300)
    parser.add_argument("--arena-deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path,
                        help="path prefix of the .csv, .png and .json written "
                             "(default: ppo-<game> in a new temporary folder)")
    args = parser.parse_args()
    out = output_prefix(args.out, args.game)
    print(f"writing {out}.csv, .png and .json", flush=True)
    options = parse_options(args.option)
    env = CardroomEnv(args.game, args.players, opponents="heuristic", **options)
    model = make_model(env, args.seed)
    curve = Curve(CardroomEnv(args.game, args.players, opponents="heuristic", **options),
                  args.eval_every, args.eval_episodes)
    model.learn(total_timesteps=args.steps, callback=curve)

    with out.with_suffix(".csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve.rows[0]))
        writer.writeheader()
        writer.writerows(curve.rows)
    plot(curve.rows, f"MaskablePPO on {args.game} ({args.players} players, "
                     f"{', '.join(args.option)}) vs the heuristic bot", out.with_suffix(".png"))

    register_policy("ppo", greedy_policy(model, env.actions))
    report: dict[str, Any] = {"curve": curve.rows}
    for rival in ("heuristic", "random"):
        lineup = ("ppo", *[rival] * (args.players - 1))
        summary = arena.run(arena.Plan(args.game, lineup, args.arena_deals, 1, options))
        print(arena.format_table(summary))
        report[f"arena_vs_{rival}"] = summary["results"]
    out.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
