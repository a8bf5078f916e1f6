"""Random self-play throughput of two checkouts, run alternately in one
session so that both see the same machine load: e.g. the commit before a
refactor against the working tree.

    git worktree add /tmp/before <commit>
    .venv/bin/python bench/compare_trees.py /tmp/before . --runs 5 --games love-formula,pile-up

Each run is ``bench/throughput.py`` of that tree (with its own ``src`` first
on the path); the table gives each entry's median games/s over the runs and
the ratio after/before.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"(.+?\))\s+([\d.]+)\s+\d+")


def games_per_s(tree: Path, seconds: float, games: str | None) -> dict[str, float]:
    args = [sys.executable, str(tree / "bench" / "throughput.py"), "--seconds", str(seconds)]
    if games:
        args += ["--games", games]
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=tree,
                         check=True).stdout
    return {m.group(1).strip(): float(m.group(2))
            for m in map(LINE.match, out.splitlines()) if m}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    args = parser.parse_args()
    rows: dict[str, dict[str, list[float]]] = {}
    for _ in range(args.runs):
        for name in ("before", "after"):
            for entry, rate in games_per_s(getattr(args, name).resolve(), args.seconds,
                                           args.games).items():
                rows.setdefault(entry, {}).setdefault(name, []).append(rate)
    print(f"{'entry':<42}{'before':>10}{'after':>10}{'ratio':>8}   "
          f"(games/s, median of {args.runs} alternating runs)")
    for entry, rates in rows.items():
        before, after = statistics.median(rates["before"]), statistics.median(rates["after"])
        print(f"{entry:<42}{before:>10.1f}{after:>10.1f}{after / before:>8.2f}")


if __name__ == "__main__":
    main()
