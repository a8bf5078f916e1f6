"""`cardroom simulate`: many seeded games between bots, with a results table."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from cardroom import backends
from cardroom.cli import plot
from cardroom.cli.options import collect_options
from cardroom.core.bot import make_bot
from cardroom.core.errors import BadOption
from cardroom.core.rng import Rng
from cardroom.core.table import play_out
from cardroom.games import get_game
from cardroom.stats import (
    bounded_ci,
    mean_ci,
    places,
    score_direction,
    score_heading,
    share_ci,
    too_few,
    win_credit,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play many seeded games between bots",
                       description="Bots take turns in every seat: game i seats the bot "
                       "list rotated by i, so no bot keeps a seat advantage.")
    p.add_argument("game")
    p.add_argument("--bots", required=True, help="one bot per seat, e.g. heuristic,random,random")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--players", type=int, help="players (default: the number of bots named)")
    p.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="parallel worker processes")
    p.add_argument("--backend", choices=backends.BACKENDS, default="local",
                   help="local: this machine, --jobs processes (default); ray: Ray, "
                   "--jobs CPUs of a local Ray, or the cluster at --address (docs/research.md)")
    p.add_argument("--address", help="an existing Ray cluster, e.g. ray://head:10001")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--plot", metavar="FILE", help="also draw the results to FILE.png or "
                   "FILE.svg (needs the optional extra 'plots': matplotlib)")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(run=run)


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def run(args: argparse.Namespace, extra: list[str]) -> int:
    game = get_game(args.game)
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    players = len(bots) if args.players is None else args.players
    if len(bots) == 1:
        bots *= players
    if len(bots) != players:
        raise BadOption(f"--bots names {len(bots)} bots for {players} players")
    if args.games < 1 or args.jobs < 1:
        raise BadOption("--games and --jobs must be at least 1")
    options = collect_options(game, args.option, extra)
    plan = Plan(game.id, players, bots, args.seed, options)
    game.new(players, args.seed, options)  # fail fast on bad options
    backends.import_policies(bots)
    for name in set(bots):
        make_bot(name, game, 0)  # fail fast on unknown bots
    backends.check(args.backend, args.address)
    plot.check(args.plot)
    rows = collect(plan, args.games, args.jobs, not (args.no_progress or args.json),
                   args.backend, args.address)
    summary = summarise(plan, rows)
    print(json.dumps(summary, indent=1) if args.json else format_table(summary))
    if args.plot:
        plot.simulation(summary, rows, args.plot)
        print(f"Plot written to {args.plot}", file=sys.stderr)
    return 0


def play_one(plan: Plan, index: int) -> dict[str, Any]:
    """Game ``index``: its seating, scores and ranking."""
    game = get_game(plan.game)
    backends.import_policies(plan.bots)  # a worker process has not imported them yet
    seed = plan.seed + index
    shift = index % plan.players
    seating = [plan.bots[(s + shift) % plan.players] for s in range(plan.players)]
    seeds = Rng(seed ^ 0xB075)
    bots = [make_bot(name, game, seeds.next64()) for name in seating]
    state = game.new(plan.players, seed, plan.options)
    play_out(state, bots)
    result = state.result()
    return {"index": index, "seating": seating, "scores": result.scores,
            "ranking": result.ranking}


def _work(job: tuple[Plan, list[int]]) -> list[dict[str, Any]]:
    plan, indices = job
    return [play_one(plan, i) for i in indices]


def collect(plan: Plan, games: int, jobs: int, progress: bool, backend: str = "local",
            address: str | None = None) -> list[dict[str, Any]]:
    chunks = [list(range(i, min(i + 10, games))) for i in range(0, games, 10)]
    rows: list[dict[str, Any]] = []
    bar = Progress(games, progress)
    if backend == "ray":
        rows = backends.ray_rows(play_one, plan, games, address, jobs,
                                 lambda done, _: bar.update(done))
    elif jobs == 1:
        for chunk in chunks:
            rows += _work((plan, chunk))
            bar.update(len(rows))
    else:
        with get_context("spawn").Pool(jobs) as pool:
            for part in pool.imap_unordered(_work, [(plan, c) for c in chunks]):
                rows += part
                bar.update(len(rows))
    bar.close()
    return sorted(rows, key=lambda r: r["index"])


def summarise(plan: Plan, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per bot: mean place and win share, and the mean score where the game's
    scores are numbers (some games score in lists, e.g. places per round).
    The unit is the game: a bot holding several seats of a game counts once,
    with its mean over those seats (its seats in one game are not independent)."""
    numeric = all(_is_number(v) for row in rows for v in row["scores"])
    per_bot: dict[str, dict[str, list[float]]] = {}
    seats: dict[str, int] = {}
    for row in rows:
        placed = places(row["ranking"])
        for name in dict.fromkeys(row["seating"]):
            mine = [s for s, n in enumerate(row["seating"]) if n == name]
            seats[name] = seats.get(name, 0) + len(mine)
            entry = per_bot.setdefault(name, {"score": [], "win": [], "place": []})
            if numeric:
                entry["score"].append(_mean(float(row["scores"][s]) for s in mine))
            entry["win"].append(_mean(win_credit(row["ranking"], s) for s in mine))
            entry["place"].append(_mean(float(placed[s]) for s in mine))
    bots = {}
    for name, entry in per_bot.items():
        win = share_ci(entry["win"])
        place = bounded_ci(entry["place"], 1, plan.players)
        bots[name] = {
            "seats_played": seats[name], "games_played": win.n,
            "mean_score": None, "score_ci95": None,
            "mean_place": place.mean, "place_ci95": place.interval(),
            "win_share": win.mean, "win_ci95": win.interval(),
        }
        if numeric:
            score = mean_ci(entry["score"])
            bots[name]["mean_score"] = score.mean
            bots[name]["score_ci95"] = score.interval()
    warning = too_few(len(rows), "game")
    return {"game": plan.game, "players": plan.players, "games": len(rows),
            "seed": plan.seed, "bots": list(plan.bots), "options": plan.options,
            "fair_share": 1 / plan.players, "better_score": score_direction(rows),
            "ci": "95%, over games; win shares: Wilson score intervals",
            "warnings": [warning] if warning else [], "results": bots}


def _mean(values: Iterable[float]) -> float:
    got = list(values)
    return sum(got) / len(got)


def format_table(summary: dict[str, Any]) -> str:
    score_head = score_heading(summary.get("better_score"))
    lines = [f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
             f"seeds {summary['seed']}..{summary['seed'] + summary['games'] - 1} "
             f"(fair win share {summary['fair_share']:.3f}); 95% intervals over games",
             f"{'bot':<12} {'seats':>6} {score_head:>26} {'mean place (1 best)':>24} "
             f"{'win share':>22}"]
    for name, r in sorted(summary["results"].items()):
        lines.append(f"{name:<12} {r['seats_played']:>6} {_interval(r, 'score', 2):>26} "
                     f"{_interval(r, 'place', 2):>24} {_interval(r, 'win', 3):>22}")
    lines += [f"Warning: {w}." for w in summary.get("warnings", [])]
    return "\n".join(lines)


def _interval(row: dict[str, Any], key: str, digits: int) -> str:
    mean = row["win_share" if key == "win" else f"mean_{key}"]
    if mean is None:
        return "-"
    if row[f"{key}_ci95"] is None:
        return f"{mean:.{digits}f} [n/a]"
    lo, hi = row[f"{key}_ci95"]
    return f"{mean:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled = total, enabled

    def update(self, done: int) -> None:
        if self.enabled:
            filled = 30 * done // self.total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")

