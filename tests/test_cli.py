"""The command line as a subprocess: play, replay, simulate, games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def cardroom(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardroom", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=300)


def only_record(folder: Path, game: str) -> Path:
    """The one record a game saved under its default name in ``folder``."""
    found = sorted(folder.glob(f"cardroom-{game}-*.record.json"))
    assert len(found) == 1, found
    return found[0]


def test_games_lists_every_game() -> None:
    out = cardroom("games")
    assert out.returncode == 0 and "papayoo" in out.stdout and "--rounds" in out.stdout


def test_play_a_whole_game_then_replay_its_record(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "3", "--rounds", "1", "--no-color",
                   stdin="a\n" * 200, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Your hand:" in out.stdout and "The die shows" in out.stdout
    assert "Final standings: 1." in out.stdout
    record = only_record(tmp_path, "papayoo")
    data = json.loads(record.read_text())
    assert data["game"] == "papayoo" and len(data["actions"]) == 4 * 5 + 60
    again = cardroom("replay", str(record), "--no-color")
    assert again.returncode == 0, again.stderr
    standings = [line for line in out.stdout.splitlines() if line.startswith("Final")]
    replayed = [line for line in again.stdout.splitlines() if line.startswith("Final")]
    assert standings[0].replace("you", "seat 0") == replayed[0]


def test_wrong_entries_get_a_message_and_a_new_prompt(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "3", "--rounds", "1", "--no-color",
                   stdin="xyz\n99\nhelp\nplay 7S\n" + "a\n" * 200, cwd=tmp_path)
    assert out.returncode == 0
    assert "'xyz' is not one of the actions above" in out.stdout
    assert "'99' is not one of the actions above" in out.stdout
    assert "Choose an action by its menu letter" in out.stdout
    assert "Not possible" in out.stdout or "is not one of" in out.stdout
    assert "Final standings" in out.stdout


def test_end_of_input_saves_the_game_and_resume_finishes_it(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "4", "--rounds", "1", "--no-color",
                   stdin="a\n" * 12, cwd=tmp_path)
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert " -m cardroom play --resume " in out.stdout  # how it was started (python -m)
    path = only_record(tmp_path, "papayoo")
    saved = json.loads(path.read_text())
    assert 0 < len(saved["actions"]) < 80
    rest = cardroom("play", "--resume", path.name, "--no-color",
                    stdin="a\n" * 200, cwd=tmp_path)
    assert rest.returncode == 0, rest.stderr
    assert "Final standings" in rest.stdout
    done = json.loads(path.read_text())
    assert len(done["actions"]) == 80
    assert done["actions"][:len(saved["actions"])] == saved["actions"]


def test_quit_saves_too(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "4", "--save", "mine.json", "--no-color",
                   stdin="a\nquit\n", cwd=tmp_path)
    assert out.returncode == 0 and "Game saved to mine.json" in out.stdout
    assert len(json.loads((tmp_path / "mine.json").read_text())["actions"]) >= 1


def test_two_humans_share_the_terminal(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "5", "--rounds", "1", "--seat", "0,2",
                   "--no-color", stdin="a\n" * 200, cwd=tmp_path)
    assert out.returncode == 0 and "=== Seat 2: your turn" in out.stdout


def test_bad_arguments_get_a_clear_message_not_a_traceback(tmp_path: Path) -> None:
    for args, words in [
        (("play", "papayoo", "--rounds", "0"), "must be at least 1"),
        (("play", "papayoo", "--players", "9"), "3 to 8 players"),
        (("play", "chess"), "no game 'chess'"),
        (("play", "papayoo", "--bots", "oracle"), "no bot 'oracle'"),
        (("play", "papayoo", "--seat", "x"), "--seat wants seat numbers"),
        (("play", "papayoo", "--colour", "red"), "unknown argument '--colour'"),
        (("replay", "missing.json"), "cannot read missing.json"),
        (("simulate", "papayoo", "--bots", "random,random"), "3 to 8 players"),
    ]:
        out = cardroom(*args, stdin="", cwd=tmp_path)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert words in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)


def test_replay_of_a_corrupt_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    out = cardroom("replay", "bad.json", cwd=tmp_path)
    assert out.returncode == 2 and "not a JSON record" in out.stderr


def test_simulate_reports_per_bot_and_is_reproducible() -> None:
    args = ("simulate", "papayoo", "--bots", "heuristic,random,random,random",
            "--games", "12", "--seed", "3", "--rounds", "1")
    first = cardroom(*args, "--json")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert summary["games"] == 12 and set(summary["results"]) == {"heuristic", "random"}
    heuristic = summary["results"]["heuristic"]
    assert heuristic["seats_played"] == 12
    low, high = heuristic["score_ci95"]
    assert low <= heuristic["mean_score"] <= high
    assert cardroom(*args, "--json").stdout == first.stdout
    assert cardroom(*args, "--json", "--jobs", "2").stdout == first.stdout
    table = cardroom(*args)
    assert table.returncode == 0 and "win share" in table.stdout and "heuristic" in table.stdout
    assert "12/12" in table.stderr, "a progress bar on stderr"


def test_simulate_reports_mean_place_for_every_game() -> None:
    out = cardroom("simulate", "papayoo", "--bots", "heuristic,random,random",
                   "--games", "6", "--rounds", "1", "--json")
    result = json.loads(out.stdout)["results"]
    for row in result.values():
        assert 1 <= row["mean_place"] <= 3
        low, high = row["place_ci95"]
        assert low <= row["mean_place"] <= high


def test_nobody_at_the_terminal_watches_as_a_spectator(tmp_path: Path) -> None:
    out = cardroom("play", "pile-up", "--players", "3", "--seat", "", "--seed", "4",
                   "--no-color", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "You: watching" in out.stdout and "Final standings: 1." in out.stdout
    assert "Your hand" not in out.stdout and "Seat 0:" not in out.stdout
