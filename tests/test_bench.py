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
