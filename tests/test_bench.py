"""The throughput benchmark runs and reports what issue 15 reads off it: a
short run over one game, each entry in its own process (bench/throughput.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_throughput_bench_reports_every_mode_and_the_hearts_ratio() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "throughput.py"), "--only", "throughput",
         "--games", "papayoo", "--repeats", "2", "--slot", "0.05", "--json"],
        capture_output=True, text=True, timeout=300, check=True)
    rows = json.loads(out.stdout)["throughput"]
    for name in ("papayoo (4p)", "papayoo (4p) +playout", "papayoo (4p) +view",
                 "papayoo one round (4p) +playout"):
        assert rows[name]["games_per_s_min"] > 0, name
    assert rows["papayoo (4p)"]["target"] == 1500.0
    if "openspiel hearts (4p)" in rows:  # the test extra installs pyspiel
        ratio = rows["papayoo one round (4p) +playout"]
        assert ratio["vs_hearts_target"] == 2.0 and ratio["vs_hearts_median"] > 0
        assert rows["papayoo one round (4p) +view"]["vs_hearts_target"] == 3.0


def test_clairvoyant_searches_the_referee_state_and_its_bench_runs() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from clairvoyant import Clairvoyant
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from cardroom.frontend import load_everything
    from cardroom.games import get_game

    load_everything()
    game = get_game("pizzamania")
    table = game.new(4, 3, {"rounds": 1})
    seat = table.to_act()[0]
    bot = Clairvoyant(game, 1, table)
    searched = bot.new_search(table.view(seat)).determinize()
    for other in range(4):  # the hidden hands too: what the referee holds
        assert searched.view(other)["hand"] == table.view(other)["hand"]
    assert bot.choose(table.view(seat), table.legal_texts(seat)) in table.legal_texts(seat)
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "clairvoyant.py"), "pizzamania",
         "--option", "rounds=1", "--deals", "1", "--jobs", "1"],
        capture_output=True, text=True, timeout=300, check=True)
    assert "clairvoyant" in out.stdout and "medium" in out.stdout
