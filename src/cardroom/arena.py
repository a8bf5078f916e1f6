"""Measuring bot strength: duplicate deals, confidence intervals, ratings.

A *lineup* names one bot per seat (a bot may hold several seats). Deal ``d``
is the game with seed ``seed + d``; it is played once per rotation of the
lineup, so every bot sits in every seat of the same deal and the luck of
the cards (and of every random source drawn in the same order) cancels out.
Game ``(d, r)`` seats ``lineup[(s + r) % players]`` at seat ``s``.

Per bot: the mean score, the win share (1 for a sole first place, 1/k
for a first place shared by k, else 0) and the first-place share (1 for
any first place, shared or not: in a partnership game, how often the bot's
team wins), each with a 95% confidence interval. The independent unit is
the deal, not the game (a deal's rotations are correlated by design): each
deal contributes the bot's mean over all its seats in that deal's
rotations. Shares get the Wilson score interval over those per-deal values
(``stats.share_ci``: inside [0, 1], never a point, however few the deals);
mean scores the normal approximation (``stats.mean_ci``). Fewer than
``stats.MIN_UNITS`` deals are flagged in ``warnings``.

Ratings: openskill's Plackett-Luce model, every game rated in (deal,
rotation) order, one team per seat, ranks from the game's ranking (ties
share a rank). A bot holding several seats of one game gets the mean of
its seats' rating changes. Every number depends only on the plan, never on
how many processes played the games.

A bot spec is a registered bot name, optionally with budget settings:
``ismcts:iterations=200:rollout=heuristic`` (values read as JSON when
they parse, else as strings). The spec text is the bot's label.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from cardroom.backends import import_policies, ray_rows
from cardroom.core.bot import Bot, bot_names, make_bot
from cardroom.core.errors import BadOption
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.table import play_out
from cardroom.games import get_game
from cardroom.stats import (
    Z95,
    mean_ci,
    score_direction,
    score_heading,
    share_ci,
    too_few,
    win_credit,
)

Row = dict[str, Any]
Progress = Callable[[int, int], None]
BotMaker = Callable[[str, Game, int, State], Bot]


@dataclass(frozen=True)
class BotSpec:
    label: str
    name: str
    budget: dict[str, Any] | None


def parse_bot(text: str) -> BotSpec:
    """``name`` or ``name:key=value:key=value`` (budget settings); the name
    may be a policy's import path, ``module:attribute`` (never a bot's name:
    ``ismcts:iterations`` is a setting without a value)."""
    label = text.strip()
    name, *pairs = label.split(":")
    if pairs and "=" not in pairs[0] and name not in bot_names():
        name = f"{name}:{pairs.pop(0)}"
    if not name:
        raise BadOption(f"bot spec {text!r} names no bot")
    budget: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadOption(f"bot spec {text!r}: settings are key=value, got {pair!r}")
        try:
            budget[key] = json.loads(value)
        except ValueError:
            budget[key] = value
    return BotSpec(label, name, budget or None)


@dataclass(frozen=True)
class Plan:
    game: str
    lineup: tuple[str, ...]
    deals: int
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def games(self) -> int:
        return self.deals * self.players

    def seating(self, rotation: int) -> list[str]:
        n = self.players
        return [self.lineup[(s + rotation) % n] for s in range(n)]

    def check(self) -> None:
        """Fail fast: unknown game, bad options, unknown bots or budgets."""
        if self.deals < 1:
            raise BadOption("--deals must be at least 1")
        game = get_game(self.game)
        game.new(self.players, self.seed, self.options)
        for label in sorted(set(self.lineup)):
            spec = parse_bot(label)
            import_policies([spec.name])
            make_bot(spec.name, game, 0, spec.budget)


def bot_seed(plan: Plan, deal: int, rotation: int, seat: int) -> int:
    """A bot's seed: a pure function of the plan and the game's place in it."""
    rng = Rng(plan.seed * 0x100000001B3 ^ deal * 0x9E3779B1 ^ rotation << 48 ^ seat << 56)
    rng.next64()
    return rng.next64()


def arena_bot(label: str, game: Game, seed: int, state: State) -> Bot:
    """The bot a lineup label names (bots see views only: ``state`` is unused)."""
    spec = parse_bot(label)
    import_policies([spec.name])  # a worker process has not imported it yet
    return make_bot(spec.name, game, seed, spec.budget)


def play_game(plan: Plan, index: int, make: BotMaker = arena_bot) -> Row:
    """Game ``index`` = deal * players + rotation: its seating and outcome.
    ``make`` seats a bot for each label (bench/clairvoyant.py seats its own)."""
    deal, rotation = divmod(index, plan.players)
    game = get_game(plan.game)
    seating = plan.seating(rotation)
    state = game.new(plan.players, plan.seed + deal, plan.options)
    bots = [make(label, game, bot_seed(plan, deal, rotation, seat), state)
            for seat, label in enumerate(seating)]
    play_out(state, bots)
    result = state.result()
    return {"index": index, "deal": deal, "rotation": rotation, "seed": plan.seed + deal,
            "seating": seating, "scores": result.scores, "ranking": result.ranking}


def _init_worker() -> None:
    from cardroom.plugins import load_everything

    load_everything()


def _work(job: tuple[Plan, int]) -> Row:
    plan, index = job
    return play_game(plan, index)


def play_all(plan: Plan, jobs: int = 1, progress: Progress | None = None,
             backend: str = "local", address: str | None = None) -> list[Row]:
    """Every game of the plan, in index order (the same for any ``jobs`` and
    ``backend``: cardroom.backends)."""
    if jobs < 1:
        raise BadOption("--jobs must be at least 1")
    total = plan.games
    if backend == "ray":
        return ray_rows(play_game, plan, total, address, jobs, progress)
    rows: list[Row] = []
    if jobs == 1:
        for index in range(total):
            rows.append(play_game(plan, index))
            if progress is not None:
                progress(len(rows), total)
    else:
        with get_context("spawn").Pool(jobs, initializer=_init_worker) as pool:
            for row in pool.imap_unordered(_work, [(plan, i) for i in range(total)]):
                rows.append(row)
                if progress is not None:
                    progress(len(rows), total)
    return sorted(rows, key=lambda r: r["index"])


# ----- summaries -------------------------------------------------------------
def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def per_deal(rows: Sequence[Row], label: str, value: Callable[[Row, int], float]) -> list[float]:
    """The bot's mean value per deal, over all its seats in that deal."""
    sums: dict[int, list[float]] = {}
    for row in rows:
        for seat, name in enumerate(row["seating"]):
            if name == label:
                sums.setdefault(row["deal"], []).append(value(row, seat))
    return [sum(v) / len(v) for _, v in sorted(sums.items())]


def summarise(plan: Plan, rows: Sequence[Row]) -> dict[str, Any]:
    fair = 1 / plan.players
    numeric = all(_numeric(s) for row in rows for s in row["scores"])
    results: dict[str, Any] = {}
    for label in dict.fromkeys(plan.lineup):
        seats = sum(row["seating"].count(label) for row in rows)
        wins = share_ci(per_deal(rows, label, lambda r, s: win_credit(r["ranking"], s)))
        tops = share_ci(per_deal(rows, label, lambda r, s: float(s in r["ranking"][0])))
        entry: dict[str, Any] = {
            "seats_played": seats,
            "seats_per_game": plan.lineup.count(label),
            "mean_score": None, "score_ci95": None,
            "win_share": wins.mean, "win_ci95": [wins.low, wins.high],
            "win_vs_fair": wins.mean / fair,
            "win_vs_fair_ci95": [wins.low / fair, wins.high / fair],
            "first_share": tops.mean, "first_ci95": [tops.low, tops.high],
        }
        if numeric:
            score = mean_ci(per_deal(rows, label, lambda r, s: float(r["scores"][s])))
            entry["mean_score"] = score.mean
            entry["score_ci95"] = score.interval()
        results[label] = entry
    warning = too_few(plan.deals, "deal")
    return {
        "game": plan.game, "players": plan.players, "deals": plan.deals,
        "games": len(rows), "seed": plan.seed, "options": plan.options,
        "lineup": list(plan.lineup), "fair_share": fair,
        "ci_unit": "deal", "better_score": score_direction(rows),
        "warnings": [warning] if warning else [],
        "results": results, "ratings": ratings(plan, rows),
    }


def ratings(plan: Plan, rows: Sequence[Row]) -> dict[str, dict[str, float]]:
    """openskill Plackett-Luce ratings over the games in index order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {label: model.rating(name=label) for label in dict.fromkeys(plan.lineup)}
    for row in rows:
        place = {seat: i for i, group in enumerate(row["ranking"]) for seat in group}
        seating = row["seating"]
        teams = [[model.rating(mu=current[label].mu, sigma=current[label].sigma)]
                 for label in seating]
        rated = model.rate(teams, ranks=[place[s] for s in range(len(seating))])
        changes: dict[str, list[tuple[float, float]]] = {}
        for seat, label in enumerate(seating):
            changes.setdefault(label, []).append((rated[seat][0].mu, rated[seat][0].sigma))
        for label, new in changes.items():
            current[label] = model.rating(
                mu=sum(m for m, _ in new) / len(new),
                sigma=sum(s for _, s in new) / len(new), name=label)
    return {label: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for label, r in current.items()}


def run(plan: Plan, jobs: int = 1, progress: Progress | None = None) -> dict[str, Any]:
    plan.check()
    return summarise(plan, play_all(plan, jobs, progress))


def format_table(summary: Mapping[str, Any]) -> str:
    n, deals = summary["players"], summary["deals"]
    lines = [
        f"{summary['game']}: {deals} deals x {n} seatings = {summary['games']} games, "
        f"{n} players, seeds {summary['seed']}..{summary['seed'] + deals - 1}"
        + (f", options {json.dumps(summary['options'])}" if summary["options"] else ""),
        f"fair win share {summary['fair_share']:.3f}; 95% intervals over deals "
        "(shares: Wilson score)",
        f"{'bot':<28} {'seats':>6} {score_heading(summary.get('better_score')):>22} "
        f"{'win share':>22} {'x fair':>18} {'first place':>22}",
    ]
    for label, r in summary["results"].items():
        if r["mean_score"] is None:
            score = f"{'-':>22}"
        elif r["score_ci95"] is None:
            score = f"{r['mean_score']:>9.2f} {'[n/a]':>12}"
        else:
            lo, hi = r["score_ci95"]
            score = f"{r['mean_score']:>9.2f} [{lo:>5.1f}, {hi:>5.1f}]"
        wlo, whi = r["win_ci95"]
        flo, fhi = r["win_vs_fair_ci95"]
        tlo, thi = r["first_ci95"]
        lines.append(f"{label:<28} {r['seats_played']:>6} {score} "
                     f"{r['win_share']:>9.3f} [{wlo:.3f}, {whi:.3f}] "
                     f"{r['win_vs_fair']:>5.2f} [{flo:.2f}, {fhi:.2f}] "
                     f"{r['first_share']:>9.3f} [{tlo:.3f}, {thi:.3f}]")
    lines.append("ratings (openskill Plackett-Luce, higher is better; 95% = mu +- 1.96 sigma; "
                 "ordinal = mu - 3 sigma):")
    ranked = sorted(summary["ratings"].items(), key=lambda kv: -kv[1]["ordinal"])
    for label, r in ranked:
        half = Z95 * r["sigma"]
        lines.append(f"  {label:<28} mu {r['mu']:6.2f} [{r['mu'] - half:6.2f}, "
                     f"{r['mu'] + half:6.2f}]  sigma {r['sigma']:5.2f}  "
                     f"ordinal {r['ordinal']:6.2f}")
    lines += [f"Warning: {w}." for w in summary.get("warnings", [])]
    return "\n".join(lines)

