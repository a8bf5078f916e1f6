"""Every registered game, end to end: a whole terminal game through
`cardroom play`, and a whole game over the engine protocol."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.core.rng import Rng
from cardroom.games import all_games
from tests.engine_client import EngineProcess

IDS = [g.id for g in all_games()]


@pytest.mark.parametrize("game_id", IDS)
def test_a_whole_terminal_game(game_id: str, tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardroom", "play", game_id, "--seed", "2", "--no-color"],
        input="help\nnonsense\n" + "a\n" * 20000, capture_output=True, text=True,
        cwd=tmp_path, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "is not one of the actions above" in out.stdout
    assert "Final standings: 1." in out.stdout
    [path] = tmp_path.glob(f"cardroom-{game_id}-*.record.json")
    record = json.loads(path.read_text())
    replay = subprocess.run(
        [sys.executable, "-m", "cardroom", "replay", path.name,
         "--no-color"], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert replay.returncode == 0 and "Final standings" in replay.stdout
    assert record["game"] == game_id


@pytest.mark.parametrize("game_id", IDS)
def test_a_whole_game_over_the_protocol(game_id: str) -> None:
    engine = EngineProcess()
    try:
        games = {g["id"]: g for g in engine.ask("games")["games"]}
        low, _ = games[game_id]["players"]
        players = max(low, 3) if games[game_id]["players"][1] >= 3 else low
        assert engine.ask("new", game=game_id, players=players, seed=5)["ok"]
        rng = Rng(5)
        for _ in range(20000):
            view = engine.ask("view", seat=None)["view"]
            if view["over"]:
                break
            seat = rng.choice(view["to_act"])
            actions = engine.ask("legal", seat=seat)["actions"]
            reply = engine.ask("act", seat=seat, action=rng.choice(actions))
            assert reply["ok"], reply
            assert reply["view"]["seat"] == seat
        result = engine.ask("result")
        assert result["over"] is True
        ranked = sorted(s for group in result["ranking"] for s in group)
        assert ranked == list(range(players))
        record = engine.ask("record")["record"]
        final = engine.ask("view", seat=None)["view"]
        assert engine.ask("load", record=record)["view"] == final
    finally:
        engine.close()
