"""``--plot FILE.png`` (or ``.svg``) for ``simulate`` and ``arena``.

matplotlib is an optional extra (``pip install -c constraints.txt -e '.[plots]'``);
without it ``--plot`` is refused with that command before any game is played.
The figures are drawn on a ``Figure`` of their own (no pyplot, no display).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardroom.core.errors import BadOption
from cardroom.stats import places

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FORMATS = (".png", ".svg")
INSTALL = "pip install -c constraints.txt -e '.[plots]'"


def check(path: str | None) -> None:
    """Refuse a plot that could not be written, before the games are played."""
    if path is None:
        return
    if Path(path).suffix.lower() not in FORMATS:
        raise BadOption(f"--plot {path}: the file must end in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BadOption(f"--plot needs matplotlib, the optional extra 'plots': {INSTALL}") \
            from None
    if not Path(path).resolve().parent.is_dir():
        raise BadOption(f"--plot {path}: no such folder")


def simulation(summary: Mapping[str, Any], rows: Sequence[Mapping[str, Any]],
               path: str) -> None:
    """Score (or place) distributions per bot, and win shares with intervals."""
    fig, (left, right) = _figure(summary, f"{summary['games']} games")
    _distribution(left, summary, rows)
    _shares(right, summary)
    fig.savefig(path)


def arena(summary: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], path: str) -> None:
    """Score (or place) distributions per bot, and the ratings with intervals."""
    fig, (left, right) = _figure(summary, f"{summary['deals']} deals, {summary['games']} games")
    _distribution(left, summary, rows)
    _ratings(right, summary)
    fig.savefig(path)


def _figure(summary: Mapping[str, Any], size: str) -> tuple[Figure, tuple[Axes, Axes]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(11, 4.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    fig.suptitle(f"{summary['game']}, {summary['players']} players, {size}")
    return fig, (left, right)


def _bots(summary: Mapping[str, Any]) -> list[str]:
    return list(summary["results"])


def _distribution(ax: Axes, summary: Mapping[str, Any],
                  rows: Sequence[Mapping[str, Any]]) -> None:
    """Scores per seat as box plots; where the scores are not numbers
    (places per round, for one), how often each bot took each place."""
    bots = _bots(summary)
    if summary["results"][bots[0]]["mean_score"] is None:
        _places(ax, bots, summary["players"], rows)
        return
    per_bot: dict[str, list[float]] = {b: [] for b in bots}
    for row in rows:
        for seat, bot in enumerate(row["seating"]):
            per_bot[bot].append(float(row["scores"][seat]))
    ax.boxplot([per_bot[b] for b in bots], vert=False, tick_labels=bots)
    better = summary.get("better_score")
    ax.set_title("score per seat" + (f" ({better} wins)" if better else ""))
    ax.set_xlabel("score")


def _places(ax: Axes, bots: list[str], players: int,
            rows: Sequence[Mapping[str, Any]]) -> None:
    counts = {b: [0] * players for b in bots}
    for row in rows:
        placed = places(row["ranking"])
        for seat, bot in enumerate(row["seating"]):
            counts[bot][int(placed[seat]) - 1] += 1
    left = [0.0] * len(bots)
    for place in range(players):
        shares = [counts[b][place] / max(1, sum(counts[b])) for b in bots]
        ax.barh(range(len(bots)), shares, left=left, label=f"place {place + 1}")
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_yticks(range(len(bots)), bots)
    ax.set_xlim(0, 1)
    ax.set_title("share of seats in each place (1 is best)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.08), ncols=min(players, 4))


def _shares(ax: Axes, summary: Mapping[str, Any]) -> None:
    bots = _bots(summary)
    results = summary["results"]
    means = [results[b]["win_share"] for b in bots]
    lows = [m - (results[b]["win_ci95"] or [m, m])[0] for m, b in zip(means, bots, strict=True)]
    highs = [(results[b]["win_ci95"] or [m, m])[1] - m for m, b in zip(means, bots, strict=True)]
    ax.errorbar(means, range(len(bots)), xerr=[lows, highs], fmt="o", capsize=4)
    ax.axvline(summary["fair_share"], linestyle="--", color="grey", label="fair share")
    ax.set_yticks(range(len(bots)), bots)
    ax.set_xlim(-0.02, 1.02)
    ax.set_title("win share, 95% interval (higher is better)")
    ax.legend(loc="best")


def _ratings(ax: Axes, summary: Mapping[str, Any]) -> None:
    ranked = sorted(summary["ratings"].items(), key=lambda kv: kv[1]["ordinal"])
    labels = [label for label, _ in ranked]
    mus = [r["mu"] for _, r in ranked]
    spread = [1.96 * r["sigma"] for _, r in ranked]
    ax.errorbar(mus, range(len(labels)), xerr=spread, fmt="o", capsize=4)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_title("openskill rating mu, 95% interval (higher is better)")
    ax.set_xlabel("mu")
