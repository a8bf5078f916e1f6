"""The defects a reliability probe found (issue 20), each as a test that
fails without its fix: engine requests that froze it or printed non-JSON,
record files that crashed the terminal, saves that lost games, the seed
reaching a player, and small inconsistencies between games."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardroom.core.bot import make_bot
from cardroom.games import all_games, get_game
from cardroom.plugins import load_everything
from cardroom.search import ismcts
from tests.engine_client import EngineProcess, error_code

load_everything()


def cardroom(*args: str, stdin: str = "", cwd: Path | None = None,
             env: dict[str, str] | None = None, limit_bytes: int | None = None
             ) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run([sys.executable, "-m", "cardroom", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=300,
                          env={**os.environ, **(env or {})}, preexec_fn=limit)


# ----- 1-3, 9: the engine -----------------------------------------------------------
@pytest.mark.parametrize("budget", [{"iterations": 10**12}, {"ms": 1e300}, {"ms": 0},
                                    {"iterations": 0}, {"ms": 10**9}])
def test_1_budgets_above_their_limits_are_refused_and_the_engine_goes_on(
    budget: dict[str, float]
) -> None:
    engine = EngineProcess()
    try:
        engine.ask("new", game="papayoo", players=4, seed=1)
        reply = engine.ask("suggest", seat=0, bot="ismcts", budget=budget)
        assert (error_code(reply) == "bad_request" and "at most" in reply["error"]["message"]) \
            or "from 1 to" in reply["error"]["message"]
        assert engine.ask("legal", seat=0)["ok"]
    finally:
        engine.close()


def test_1_infinity_in_a_budget_is_not_json() -> None:
    engine = EngineProcess()
    try:
        engine.ask("new", game="papayoo", players=4, seed=1)
        line = b'{"cmd":"suggest","seat":0,"bot":"ismcts","budget":{"ms":Infinity}}'
        assert engine.send_raw(line)["error"]["code"] == "bad_json"
        assert engine.ask("legal", seat=0)["ok"]
    finally:
        engine.close()


def test_1_no_search_runs_past_the_hard_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts, "HARD_LIMIT_S", 0.2)
    game = get_game("papayoo")
    state = game.new(4, 2)
    bot = make_bot("ismcts", game, 1, {"iterations": 100_000})
    start = time.perf_counter()
    assert bot.choose_for(state, 0) in state.legal_texts(0)
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("line", [b'{"id":NaN,"cmd":"quit"}', b'{"id":Infinity,"cmd":"games"}',
                                  b'{"id":-Infinity,"cmd":"games"}'])
def test_2_nan_and_infinity_are_bad_json(line: bytes) -> None:
    engine = EngineProcess()
    try:
        reply = engine.send_raw(line)
        assert reply == {"id": None, "ok": False, "error": reply["error"]}
        assert reply["error"]["code"] == "bad_json"
        assert engine.ask("games")["ok"], "the engine is still serving"
    finally:
        engine.close()


def test_3_a_line_that_is_not_utf8_is_bad_json() -> None:
    engine = EngineProcess()
    try:
        reply = engine.send_raw(b'{"id":"\xff","cmd":"quit"}')
        assert reply["id"] is None and reply["error"]["code"] == "bad_json"
        assert engine.ask("games")["ok"]
    finally:
        engine.close()


def test_9_a_closed_pipe_ends_the_engine_quietly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardroom", "engine"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin and proc.stdout
    proc.stdout.close()  # the client stops reading
    proc.stdin.write(b'{"cmd":"games"}\n' * 200)
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr and b"Traceback" not in proc.stderr.read()


# ----- 4-8: record files and the terminal ----------------------------------------------
@pytest.mark.parametrize("content", [b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe\x00garbage"])
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_4_unreadable_records_get_one_clear_line(tmp_path: Path, content: bytes,
                                                 command: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    args = ("replay", str(bad)) if command == "replay" else ("play", "--resume", str(bad))
    out = cardroom(*args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "not a record file" in out.stderr


def test_5_a_failed_save_keeps_the_previous_good_save(tmp_path: Path) -> None:
    good = cardroom("play", "papayoo", "--seed", "7", "--save", "g.json", "--no-color",
                    stdin="a\n" * 40 + "quit\n", cwd=tmp_path, env={"HOME": str(tmp_path)})
    assert good.returncode == 0, good.stderr
    before = (tmp_path / "g.json").read_text()
    assert len(before) > 1024 and json.loads(before)["actions"]
    late = cardroom("play", "--resume", "g.json", "--no-color", stdin="a\nc\nsave\nsave\nquit\n",
                    cwd=tmp_path, env={"HOME": str(tmp_path / "nowhere")}, limit_bytes=1024)
    assert "could not save" in late.stderr and late.returncode == 1
    assert (tmp_path / "g.json").read_text() == before, "the good save was damaged"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_6_an_unwritable_save_path_falls_back_to_the_home_folder(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "7", "--save", "/nonexistent/g.json",
                   "--no-color", stdin="a\nquit\n", cwd=tmp_path, env={"HOME": str(tmp_path)})
    assert out.returncode == 0 and f"saved to {tmp_path / 'g.json'} instead" in out.stderr
    assert json.loads((tmp_path / "g.json").read_text())["actions"]


def test_6_nothing_saved_is_said_and_exits_non_zero(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "7", "--save", "/nonexistent/g.json",
                   "--no-color", stdin="a\nquit\n", cwd=tmp_path,
                   env={"HOME": "/nonexistent-home"})
    assert out.returncode == 1 and "could not be saved" in out.stderr


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_7_closing_the_terminal_keeps_every_move(tmp_path: Path, signum: int) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardroom", "play", "papayoo", "--seed", "3",
                             "--save", "g.json", "--no-color"], cwd=tmp_path, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin and proc.stdout
    proc.stdin.write("a\na\na\n")
    proc.stdin.flush()
    deadline = time.time() + 60
    record = tmp_path / "g.json"
    while time.time() < deadline:  # seat 0's third pass choice is saved as it is made
        if record.exists() and len(mine(json.loads(record.read_text()))) >= 3:
            break
        time.sleep(0.05)
    proc.send_signal(signum)
    proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert len(mine(json.loads(record.read_text()))) == 3


def mine(record: dict[str, list[list[object]]]) -> list[object]:
    """Seat 0's actions in a saved record."""
    return [a for s, a in record["actions"] if s == 0]


def test_8_the_seed_reaches_no_player_before_the_end(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "987654", "--no-color", stdin="a\n" * 3,
                   cwd=tmp_path)
    assert "987654" not in out.stdout and "987654" not in out.stderr
    [path] = tmp_path.glob("cardroom-papayoo-*.record.json")
    assert "987654" not in path.name
    seat = cardroom("replay", path.name, "--seat", "1", "--no-color", cwd=tmp_path)
    assert seat.returncode == 0 and "987654" not in seat.stdout
    assert "Your hand" in seat.stdout and "Seat 0:" not in seat.stdout
    referee = cardroom("replay", path.name, "--no-color", cwd=tmp_path)
    assert "you will see every hand" in referee.stdout
    done = cardroom("play", "papayoo", "--seed", "987654", "--rounds", "1", "--no-color",
                    stdin="a\n" * 200, cwd=tmp_path)
    assert "The game's seed was 987654." in done.stdout


# ----- 10: one rule for every game ----------------------------------------------------
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_10_zero_players_is_refused(command: str, tmp_path: Path) -> None:
    args = ["--bots", "random"] if command == "simulate" else []
    out = cardroom(command, "papayoo", "--players", "0", *args, cwd=tmp_path)
    assert out.returncode == 2 and "not 0" in out.stderr


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_10_spaces_inside_an_action_count_as_one_in_every_game(game: object) -> None:
    from cardroom.core.game import Game
    assert isinstance(game, Game)
    state = game.new(game.min_players, 4)
    seat = state.to_act()[0]
    spaced = next(a for a in state.legal_texts(seat) if " " in a)
    twin = state.clone()
    state.act(seat, "  " + spaced.replace(" ", "   ") + " ")
    twin.act(seat, spaced)
    assert state.view(None) == twin.view(None)
