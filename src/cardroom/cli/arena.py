"""`cardroom arena`: bot strength over duplicate deals (see cardroom.arena)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardroom import arena, backends
from cardroom.cli import plot
from cardroom.cli.options import collect_options
from cardroom.core.errors import BadOption
from cardroom.games import get_game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "arena", help="measure bot strength over duplicate deals",
        description="Each deal (seed) is played once per rotation of the lineup, so every "
        "bot sits in every seat of the same deal. Reports each bot's mean score and win "
        "share with 95%% intervals (over deals) and openskill ratings. A bot spec may carry "
        "budget settings: ismcts:iterations=200:rollout=heuristic.")
    p.add_argument("game")
    p.add_argument("--bots", required=True,
                   help="one bot spec per seat, e.g. hard,medium,medium,medium (strengths easy, "
                   "medium, hard) or ismcts,heuristic,heuristic,heuristic")
    p.add_argument("--deals", type=int, default=25,
                   help="deals (seeds); each is played once per seat rotation (default 25)")
    p.add_argument("--players", type=int,
                   help="players, when --bots names one bot for every seat")
    p.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="parallel worker processes")
    p.add_argument("--backend", choices=backends.BACKENDS, default="local",
                   help="local: this machine, --jobs processes (default); ray: Ray, "
                   "--jobs CPUs of a local Ray, or the cluster at --address (docs/research.md)")
    p.add_argument("--address", help="an existing Ray cluster, e.g. ray://head:10001")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. --option rounds=1")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--plot", metavar="FILE", help="also draw the results to FILE.png or "
                   "FILE.svg (needs the optional extra 'plots': matplotlib)")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    game = get_game(args.game)
    lineup = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if not lineup:
        raise BadOption("--bots names no bot")
    players = len(lineup) if args.players is None else args.players
    if len(lineup) == 1:
        lineup *= players
    if len(lineup) != players:
        raise BadOption(f"--bots names {len(lineup)} bots for {players} players")
    if args.jobs < 1:
        raise BadOption("--jobs must be at least 1")
    options = collect_options(game, args.option, extra)
    plan = arena.Plan(game.id, lineup, args.deals, args.seed, options)
    plan.check()
    backends.check(args.backend, args.address)
    plot.check(args.plot)
    show = not (args.no_progress or args.json)
    bar = Bar(plan.games, show)
    rows = arena.play_all(plan, args.jobs, bar.update, args.backend, args.address)
    bar.close()
    summary = arena.summarise(plan, rows)
    print(json.dumps(summary, indent=1) if args.json else arena.format_table(summary))
    if args.plot:
        plot.arena(summary, rows, args.plot)
        print(f"Plot written to {args.plot}", file=sys.stderr)
    return 0


class Bar:
    """A one-line progress bar on stderr, with elapsed time and an estimate."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled = total, enabled
        self.start = time.monotonic()
        self.update(0, total)

    def update(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.start
        left = f", ~{elapsed / done * (total - done):.0f}s left" if done else ""
        filled = 30 * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games, "
                         f"{elapsed:.0f}s{left}   ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()
