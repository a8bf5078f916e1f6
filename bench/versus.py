"""This checkout against an earlier commit, in the same run: random self-play,
the acting seat's view built every step, and the heuristic bot choosing
every step, per game, in CPU microseconds per step.

The earlier commit is checked out into a temporary git worktree; each
measurement runs in a fresh subprocess of this venv's Python with that
tree's (or this tree's) ``src`` first on the path, the two sides taking
turns, and every figure is the median over the repetitions (``ratio``:
this checkout over the base, below 1 is faster). Both sides run as pure
Python (``CARDROOM_PURE=1``): a compiled build is per source tree.

    .venv/bin/python bench/versus.py --base HEAD~1
    .venv/bin/python bench/versus.py --base f09d7bf --reps 5 --steps 3000
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
print(json.dumps(spent * 1e6 / steps))
"""


def measure(src: Path, game: str, kind: str, steps: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(src), "CARDROOM_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", PROBE, game, kind, str(steps)], env=env,
                         capture_output=True, text=True, check=True)
    value: float = json.loads(out.stdout)
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the commit to compare against")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base),
                        args.base], check=True)
        try:
            report(base / "src", ROOT / "src", args)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False)
    return 0


def report(base: Path, here: Path, args: argparse.Namespace) -> None:
    print(f"CPU µs per step, median of {args.reps}; base {args.base}, pure Python")
    print(f"{'game':<14}{'kind':<6}{'base':>10}{'this':>10}{'ratio':>8}")
    for game in args.games.split(","):
        for kind in KINDS:
            pairs = [(measure(base, game, kind, args.steps), measure(here, game, kind, args.steps))
                     for _ in range(args.reps)]
            old = statistics.median(p[0] for p in pairs)
            new = statistics.median(p[1] for p in pairs)
            ratio = statistics.median(p[1] / p[0] for p in pairs)
            print(f"{game:<14}{kind:<6}{old:>10.1f}{new:>10.1f}{ratio:>8.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
