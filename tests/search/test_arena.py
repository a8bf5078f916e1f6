"""The arena: duplicate seating, interval maths, ratings, reproducibility, CLI."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import pytest

from cardroom import arena
from cardroom.core.errors import BadOption
from cardroom.plugins import load_everything
from cardroom.stats import Z95, share_ci

load_everything()


def cardroom(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardroom", *args],
                          capture_output=True, text=True, timeout=300)


def test_every_bot_sits_in_every_seat_of_every_deal() -> None:
    plan = arena.Plan("papayoo", ("heuristic", "random", "random"), deals=2, seed=40,
                      options={"rounds": 1})
    rows = arena.play_all(plan)
    assert [r["index"] for r in rows] == list(range(6))
    for deal in range(2):
        games = [r for r in rows if r["deal"] == deal]
        assert {r["seed"] for r in games} == {40 + deal}
        assert [r["rotation"] for r in games] == [0, 1, 2]
        for seat in range(3):
            assert sorted(r["seating"][seat] for r in games) == ["heuristic", "random", "random"]
    assert rows[1]["seating"] == ["random", "random", "heuristic"]


def test_a_deal_is_the_same_cards_in_every_rotation() -> None:
    """With the same bot in every seat, each rotation of a deal is the same game."""
    plan = arena.Plan("papayoo", ("heuristic",) * 3, deals=1, seed=3, options={"rounds": 1})
    rows = arena.play_all(plan)
    # The heuristic bot is deterministic here, so the scores repeat exactly.
    assert rows[0]["scores"] == rows[1]["scores"] == rows[2]["scores"]


def fake_rows(wins_a: list[list[int]], scores_a: list[list[float]]) -> list[dict[str, Any]]:
    """Two-player rows: per deal, per rotation, whether A won (1), tied (2) or lost (0)."""
    rows = []
    for deal, (outcomes, scores) in enumerate(zip(wins_a, scores_a, strict=True)):
        for rotation, (won, score) in enumerate(zip(outcomes, scores, strict=True)):
            seating = ["A", "B"] if rotation == 0 else ["B", "A"]
            a, b = seating.index("A"), seating.index("B")
            ranking = [[a], [b]] if won == 1 else [[b], [a]] if won == 0 else [[a, b]]
            s = [0.0, 0.0]
            s[a], s[b] = score, 10 - score
            rows.append({"index": deal * 2 + rotation, "deal": deal, "rotation": rotation,
                         "seed": deal, "seating": seating, "scores": s, "ranking": ranking})
    return rows


def test_intervals_are_over_deals() -> None:
    plan = arena.Plan("papayoo", ("A", "B"), deals=3)
    rows = fake_rows([[1, 1], [1, 2], [0, 0]], [[8, 6], [5, 5], [1, 3]])
    summary = arena.summarise(plan, rows)
    a = summary["results"]["A"]
    # A's per-deal win shares: 1, 0.75, 0; scores 7, 5, 2.
    per_deal = [1.0, 0.75, 0.0]
    mean = sum(per_deal) / 3
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_deal) / 2)
    assert a["win_share"] == pytest.approx(mean)
    half = Z95 * sd / math.sqrt(3)
    assert mean - half < 0 and mean + half > 1  # the normal interval would leave [0, 1]
    wilson = share_ci(per_deal)  # shares: Wilson score over the deals
    assert a["win_ci95"] == pytest.approx([wilson.low, wilson.high])
    assert 0 < a["win_ci95"][0] < mean < a["win_ci95"][1] < 1
    assert a["win_vs_fair"] == pytest.approx(mean * 2)
    assert a["win_vs_fair_ci95"] == pytest.approx([x * 2 for x in a["win_ci95"]])
    assert a["first_share"] == pytest.approx((1 + 1 + 0) / 3)  # a tie is a first place
    scores = [7.0, 5.0, 2.0]  # scores are not shares: no clipping
    sd = math.sqrt(sum((x - 14 / 3) ** 2 for x in scores) / 2)
    assert a["mean_score"] == pytest.approx(14 / 3)
    assert a["score_ci95"][1] - a["mean_score"] == pytest.approx(Z95 * sd / math.sqrt(3))
    b = summary["results"]["B"]
    assert b["win_share"] == pytest.approx(1 - mean)
    assert a["seats_played"] == b["seats_played"] == 6
    assert summary["ci_unit"] == "deal" and summary["fair_share"] == 0.5


def test_ratings_follow_the_results() -> None:
    plan = arena.Plan("papayoo", ("A", "B"), deals=4)
    rows = fake_rows([[1, 1]] * 4, [[9, 9]] * 4)
    ratings = arena.summarise(plan, rows)["ratings"]
    assert ratings["A"]["mu"] > 25 > ratings["B"]["mu"]
    assert ratings["A"]["sigma"] < 25 / 3
    even = arena.summarise(plan, fake_rows([[2, 2]] * 4, [[5, 5]] * 4))["ratings"]
    assert even["A"]["mu"] == pytest.approx(even["B"]["mu"])


def test_a_bot_holding_several_seats_gets_the_mean_of_its_updates() -> None:
    plan = arena.Plan("papayoo", ("A", "B", "B"), deals=1)
    rows = [{"index": 0, "deal": 0, "rotation": 0, "seed": 0, "seating": ["A", "B", "B"],
             "scores": [1, 2, 3], "ranking": [[0], [1], [2]]}]
    ratings = arena.ratings(plan, rows)
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[0, 1, 2])
    assert ratings["A"]["mu"] == pytest.approx(rated[0][0].mu)
    assert ratings["B"]["mu"] == pytest.approx((rated[1][0].mu + rated[2][0].mu) / 2)


def test_bot_specs_carry_budgets() -> None:
    spec = arena.parse_bot("ismcts:iterations=200:rollout=heuristic")
    assert spec.name == "ismcts" and spec.budget == {"iterations": 200, "rollout": "heuristic"}
    assert arena.parse_bot("heuristic").budget is None
    with pytest.raises(BadOption):
        arena.parse_bot("ismcts:iterations")


ARGS = ["arena", "papayoo", "--bots", "ismcts:iterations=3,heuristic,random",
        "--deals", "3", "--seed", "5", "--option", "rounds=1", "--json"]


def test_cli_json_is_reproducible_and_the_same_for_any_jobs() -> None:
    one = cardroom(*ARGS)
    assert one.returncode == 0, one.stderr
    again = cardroom(*ARGS)
    two = cardroom(*ARGS, "--jobs", "2")
    assert two.returncode == 0, two.stderr
    assert one.stdout == again.stdout == two.stdout
    summary = json.loads(one.stdout)
    assert summary["games"] == 9 and summary["deals"] == 3 and summary["players"] == 3
    assert summary["lineup"] == ["ismcts:iterations=3", "heuristic", "random"]
    assert summary["options"] == {"rounds": 1}
    for label in summary["lineup"]:
        r = summary["results"][label]
        assert r["seats_played"] == 9
        assert set(r) >= {"mean_score", "score_ci95", "win_share", "win_ci95", "win_vs_fair",
                          "win_vs_fair_ci95", "first_share", "first_ci95"}
        assert r["first_share"] >= r["win_share"]
        assert r["win_ci95"][0] <= r["win_share"] <= r["win_ci95"][1]
        assert set(summary["ratings"][label]) == {"mu", "sigma", "ordinal"}
    assert sum(r["win_share"] for r in summary["results"].values()) == pytest.approx(1.0)


def test_cli_table_progress_and_errors() -> None:
    out = cardroom("arena", "papayoo", "--bots", "heuristic,random,random", "--deals", "2",
                   "--option", "rounds=1")
    assert out.returncode == 0, out.stderr
    assert "2 deals x 3 seatings = 6 games" in out.stdout
    assert "ratings (openskill Plackett-Luce" in out.stdout
    assert "6/6 games" in out.stderr  # the progress bar
    bad = cardroom("arena", "papayoo", "--bots", "heuristic,nobody,random")
    assert bad.returncode == 2 and "no bot 'nobody'" in bad.stderr
    wrong = cardroom("arena", "papayoo", "--bots", "heuristic,random")
    assert wrong.returncode == 2 and "3 to 8 players" in wrong.stderr
    budget = cardroom("arena", "papayoo", "--bots", "ismcts:iterations=0,random,random")
    assert budget.returncode == 2 and "iterations" in budget.stderr
    jobs = cardroom("arena", "papayoo", "--bots", "random", "--players", "3", "--jobs", "0")
    assert jobs.returncode == 2 and "--jobs must be at least 1" in jobs.stderr
    assert "Traceback" not in jobs.stderr
