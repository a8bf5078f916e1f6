"""This checkout against an earlier commit, in the same run: random self-play,
the acting seat's view built every step, and the heuristic bot choosing
every step, per game, in CPU microseconds per step.

The earlier commit is checked out into a temporary git worktree; each
measurement runs in a fresh subprocess of this venv's Python with that
tree's (or this tree's) ``src`` first on the path, the two sides taking
turns. Each row gives the least of the repetitions on each side and their
ratio (this checkout over the base, below 1 is faster), then the median
of the per-repetition ratios: on a busy machine the least is the steadier
figure (the runs only ever lose time to other work). Both sides run as
pure Python (``CARDROOM_PURE=1``), or with ``--compiled`` each on its own
build of the compiled engines (cardroom/compiled.py, built first in each
tree: a minute or two each, with mypy installed), the path ``run.py``
runs by default.

    .venv/bin/python bench/versus.py --base HEAD~1
    .venv/bin/python bench/versus.py --base f09d7bf --reps 5 --steps 3000
    .venv/bin/python bench/versus.py --base f09d7bf --compiled --reps 4 --steps 4000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("papayoo", "pizzamania", "pile-up", "muzicando", "love-formula")
KINDS = ("play", "view", "bot")

# Runs inside the measured interpreter: one game, one kind, CPU µs per step.
PROBE = """
import json, sys, time
try:
    from cardroom.plugins import load_everything
except ImportError:  # before the plugin loader had its name
    from cardroom.frontend import load_everything
load_everything()
from cardroom.games import get_game
from cardroom.core.rng import Rng
game_id, kind, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = get_game(game_id)
rng, done, seed, spent = Rng(1), 0, 0, 0.0
bot = game.heuristic_bot(1)
while done < steps:
    state = game.new(4, seed)
    seed += 1
    while not state.is_over() and done < steps:
        seat = min(state.to_act())
        legal = state.legal_texts(seat)
        start = time.process_time()
        if kind == "view":
            state.view(seat)
        elif kind == "bot":
            action = bot.choose_for(state, seat)
        spent += time.process_time() - start
        if kind != "bot":
            action = rng.choice(legal)
        start = time.process_time()
        state.act(seat, action)
        if kind == "play":
            spent += time.process_time() - start
        done += 1
try:
    from cardroom.compiled import ACTIVE
except ImportError:  # before the compiled path existed
    ACTIVE = False
print(json.dumps([spent * 1e6 / steps, ACTIVE]))
"""


def measure(src: Path, game: str, kind: str, steps: int, compiled: bool) -> float:
    env = {k: v for k, v in os.environ.items() if k != "CARDROOM_PURE"}
    env["PYTHONPATH"] = str(src)
    if not compiled:
        env["CARDROOM_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", PROBE, game, kind, str(steps)], env=env,
                         capture_output=True, text=True, check=True)
    value, active = json.loads(out.stdout)
    if active != compiled:
        raise SystemExit(f"{src} ran {'compiled' if active else 'as pure Python'}, "
                         "not as asked: is its compiled build there and current?")
    return float(value)


def build(src: Path) -> None:
    """Builds the compiled engines of the tree whose ``src`` this is."""
    print(f"compiling the engines of {src.parent} ...", flush=True)
    done = subprocess.run([sys.executable, "-c", "import cardroom.compiled as c; c.build()"],
                          env={**os.environ, "PYTHONPATH": str(src)}, cwd=src.parent,
                          capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise SystemExit(f"could not compile the engines of {src.parent}: {last}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the commit to compare against")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--compiled", action="store_true",
                        help="measure each tree's compiled build, not pure Python")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base),
                        args.base], check=True)
        try:
            if args.compiled:
                build(base / "src")
                build(ROOT / "src")
            report(base / "src", ROOT / "src", args)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False)
    return 0


def report(base: Path, here: Path, args: argparse.Namespace) -> None:
    mode = "compiled" if args.compiled else "pure Python"
    print(f"CPU µs per step, least of {args.reps}; base {args.base}, {mode}")
    print(f"{'game':<14}{'kind':<6}{'base':>10}{'this':>10}{'ratio':>8}{'median':>8}")
    for game in args.games.split(","):
        for kind in KINDS:
            pairs = [(measure(base, game, kind, args.steps, args.compiled),
                      measure(here, game, kind, args.steps, args.compiled))
                     for _ in range(args.reps)]
            old = min(p[0] for p in pairs)
            new = min(p[1] for p in pairs)
            ratio = statistics.median(p[1] / p[0] for p in pairs)
            print(f"{game:<14}{kind:<6}{old:>10.1f}{new:>10.1f}{new / old:>8.2f}{ratio:>8.2f}",
                  flush=True)


if __name__ == "__main__":
    sys.exit(main())
