"""simulate, arena and replay as reports (issue 21, items 8, 9, 14 and 15):
intervals that fit a share and warnings for small samples, a closed pipe
ends quietly, replay steps on Enter, plots, which way scores are better."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.cli import plot
from cardroom.core.errors import BadOption
from cardroom.protocol.session import Session
from cardroom.stats import bounded_ci, mean_ci, share_ci
from tests.cli.support import cardroom


# ----- 8: intervals -------------------------------------------------------------------
def test_8_share_intervals_stay_in_0_1_and_never_shrink_to_a_point() -> None:
    for values in ([1.0] * 20, [0.0] * 3, [1.0, 1.0, 0.95], [0.5, 0.25, 1.0]):
        e = share_ci(values)
        assert 0.0 <= e.low < e.mean + 1e-12 and e.mean - 1e-12 < e.high <= 1.0
        assert e.high - e.low > 0.05
    normal = mean_ci([1.0] * 19 + [0.0])  # the normal interval leaves [0, 1] here
    assert normal.high > 1.0 and share_ci([1.0] * 19 + [0.0]).high < 1.0
    place = bounded_ci([1.0, 1.0, 1.0], 1, 4)
    assert 1.0 <= place.low < place.high <= 4.0 and place.high > 1.5
    assert mean_ci([3.0]).interval() is None  # one game: no interval, not a point


def test_8_simulate_intervals_fit_and_small_samples_are_flagged() -> None:
    out = cardroom("simulate", "papayoo", "--bots", "heuristic,random,random,random",
                   "--games", "8", "--rounds", "1", "--json")
    summary = json.loads(out.stdout)
    for row in summary["results"].values():
        low, high = row["win_ci95"]
        assert 0 <= low <= row["win_share"] <= high <= 1 and high > low
        assert 1 <= row["place_ci95"][0] <= row["place_ci95"][1] <= 4
    assert summary["warnings"] and "only 8 games" in summary["warnings"][0]
    table = cardroom("simulate", "papayoo", "--bots", "heuristic,random,random,random",
                     "--games", "8", "--rounds", "1", "--no-progress")
    assert "Warning: only 8 games: the intervals are too wide" in table.stdout
    assert "mean score (lower wins)" in table.stdout


def test_8_arena_intervals_over_3_deals_have_width_and_a_warning() -> None:
    out = cardroom("arena", "papayoo", "--bots", "heuristic,random,random", "--deals", "3",
                   "--option", "rounds=1", "--json")
    summary = json.loads(out.stdout)
    for row in summary["results"].values():
        for key in ("win_ci95", "first_ci95"):
            low, high = row[key]
            assert 0 <= low < high <= 1, (key, row)
    assert "only 3 deals" in summary["warnings"][0]
    assert summary["better_score"] == "lower"


@pytest.mark.parametrize(("game", "better"), [("papayoo", "lower"), ("pile-up", "lower"),
                                              ("love-formula", "higher")])
def test_15_the_table_says_which_scores_win(game: str, better: str) -> None:
    players = "2" if game == "love-formula" else "3"
    out = cardroom("simulate", game, "--bots", "heuristic", "--players", players,
                   "--games", "4", "--no-progress",
                   *(["--rounds", "1"] if game == "papayoo" else []))
    assert f"mean score ({better} wins)" in out.stdout, out.stdout + out.stderr


# ----- 15: plots --------------------------------------------------------------------
def test_15_simulate_and_arena_write_plots(tmp_path: Path) -> None:
    sim = cardroom("simulate", "pizzamania", "--bots", "heuristic,random", "--games", "6",
                   "--no-progress", "--plot", "sim.png", cwd=tmp_path)
    assert sim.returncode == 0, sim.stderr
    assert (tmp_path / "sim.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    arena = cardroom("arena", "papayoo", "--bots", "heuristic,random,random", "--deals", "2",
                     "--option", "rounds=1", "--no-progress", "--plot", "arena.svg",
                     cwd=tmp_path)
    assert arena.returncode == 0, arena.stderr
    svg = (tmp_path / "arena.svg").read_text()
    assert "<svg" in svg and "openskill rating" in svg and "lower wins" in svg


def test_15_a_plot_that_cannot_be_written_is_refused_before_playing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = cardroom("simulate", "papayoo", "--bots", "random", "--players", "3",
                   "--plot", "out.pdf", cwd=tmp_path)
    assert bad.returncode == 2 and "must end in .png or .svg" in bad.stderr
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the extra were missing
    with pytest.raises(BadOption, match=r"needs matplotlib.*\.\[plots\]"):
        plot.check(str(tmp_path / "out.png"))


# ----- 9: small things ---------------------------------------------------------------
def test_9_a_closed_pipe_ends_simulate_quietly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardroom", "simulate", "papayoo",
                             "--bots", "random", "--players", "3", "--games", "2",
                             "--rounds", "1", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout and proc.stderr
    proc.stdout.close()  # `| head` that has read its lines
    assert proc.wait(timeout=120) == 0
    errors = proc.stderr.read().decode()
    assert "BrokenPipeError" not in errors and "Traceback" not in errors


def test_9_replay_help_explains_color() -> None:
    out = cardroom("replay", "--help")
    assert "--no-color" in out.stdout and "no colour codes" in out.stdout
    assert "colour the cards" in out.stdout and "--step" in out.stdout


def test_9_a_request_without_cmd_is_told_so() -> None:
    reply = Session().handle({"id": 7})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
    assert "the request has no 'cmd'" in reply["error"]["message"]
    assert "None" not in reply["error"]["message"]
    typed = Session().handle({"id": 8, "cmd": 3})
    assert "'cmd' must be a command name" in typed["error"]["message"]


# ----- 14: replay --step ------------------------------------------------------------
@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("replay")
    out = cardroom("play", "papayoo", "--seed", "3", "--rounds", "1", "--seat", "",
                   "--save", "g.json", "--no-color", cwd=folder)
    assert out.returncode == 0, out.stderr
    return folder / "g.json"


def test_14_enter_steps_one_event_then_one_trick_then_one_round(record: Path) -> None:
    out = cardroom("replay", str(record), "--step", "--no-color", stdin="\nt\n\nr\n")
    # What each answer printed, up to the next pause (typed lines do not echo).
    parts = [p.split("\n[")[0] for p in out.stdout.split("Enter: next ")[1:]]
    assert len(parts[0].splitlines()) == 1  # Enter: one event
    for trick in parts[1:3]:  # t, then Enter: a trick each, ending where it is taken
        assert trick.count("took the trick") == 1
        assert "took the trick" in trick.splitlines()[-1]
    assert parts[3].splitlines()[-1] == "  Round 1 over. Points: " + \
        parts[3].split("Round 1 over. Points: ")[1]  # r: to the end of the round
    assert "Final standings" in parts[-1]  # end of input: to the end


def test_14_q_stops_and_end_of_input_plays_to_the_end(record: Path) -> None:
    stopped = cardroom("replay", str(record), "--step", "trick", "--no-color", stdin="q\n")
    assert "(Stopped after" in stopped.stdout and "Final standings" not in stopped.stdout
    assert stopped.stdout.count("took the trick") == 1
    ended = cardroom("replay", str(record), "--step", "round", "--no-color", stdin="")
    assert "Final standings" in ended.stdout and ended.returncode == 0
