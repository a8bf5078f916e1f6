"""examples/baselines.py (the PPO baselines of docs/research.md) runs its
whole path, training, the arena and the table, on one game with a tiny
step count. Skipped where torch, stable-baselines3 or sb3-contrib is not
installed (the ``train`` extra; the default test environment lacks it)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WHY = "needs the train extra (torch, stable-baselines3, sb3-contrib): pip install -e '.[train]'"


@pytest.fixture
def baselines(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    for name in ("torch", "stable_baselines3", "sb3_contrib"):
        pytest.importorskip(name, reason=WHY)
    monkeypatch.syspath_prepend(str(EXAMPLES))  # it imports train_maskable_ppo beside it
    return importlib.import_module("baselines")


TINY = {"n_steps": 64, "batch_size": 32, "n_epochs": 1}


def test_one_game_gives_a_row_per_opponent(baselines: ModuleType, tmp_path: Path) -> None:
    rows = baselines.run(["pizzamania"], 64, 2, 1, tmp_path, **TINY)
    assert [r["opponent"] for r in rows] == ["random", "medium"]
    for r in rows:
        low, high = r["win_ci95"]
        assert 0 <= low <= r["win_share"] <= high <= 1
        assert (r["players"], r["deals"], r["games"], r["steps"]) == (2, 2, 4, 64)
        assert r["trained_steps"] >= 64
        assert r["reference"]["bot"] == {"random": "medium", "medium": "random"}[r["opponent"]]
        assert 0 <= r["reference"]["win_share"] <= 1
    text = (tmp_path / "baselines.md").read_text()
    lines = text.splitlines()
    assert lines[0] == baselines.HEADER
    columns = lines[0].count("|")
    table = lines[:4]
    assert all(line.startswith("|") and line.count("|") == columns for line in table)
    assert lines[1] == "|" + " --- |" * (columns - 1)
    assert lines[2].startswith("| pizzamania | 2 | simple=true | 64 | random | 2 (4) | ")
    assert lines[3].startswith("| pizzamania | 2 | simple=true | 64 | medium | 2 (4) | ")
    assert "| medium " in lines[2] and "| random " in lines[3]  # the other bot in its seat
    assert lines[4] == ""
    assert ("examples/baselines.py --steps 64 --deals 2 --seed 1 --games pizzamania"
            in text)
    assert json.dumps(TINY) in text  # a run with other PPO settings says so
    saved = json.loads((tmp_path / "baselines.json").read_text())
    assert len(saved["rows"]) == 2 and saved["versions"]["torch"]


def test_a_factored_policy_plays_in_the_arena(baselines: ModuleType, tmp_path: Path) -> None:
    rows = baselines.run(["muzicando"], 64, 1, 1, tmp_path, **TINY)
    assert [(r["options"], r["games"]) for r in rows] == [("deals=2, factored", 2)] * 2


def test_an_unknown_game_is_refused(baselines: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no baseline"):
        baselines.run(["chess"], 64, 1, 1, tmp_path)


def test_every_game_has_a_baseline(baselines: ModuleType) -> None:
    from cardroom.games import all_games

    assert sorted(s.game for s in baselines.SETUPS) == sorted(g.id for g in all_games())
    for setup in baselines.SETUPS:
        game = next(g for g in all_games() if g.id == setup.game)
        assert setup.players == max(2, game.min_players)
