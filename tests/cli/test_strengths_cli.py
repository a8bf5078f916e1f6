"""The strengths from the terminal (issue 16, item 3): `play --bots hard`
and `arena --bots hard,medium,...` name them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import cardroom


def test_play_seats_a_strength(tmp_path: Path) -> None:
    out = cardroom("play", "pile-up", "--players", "3", "--bots", "easy,medium", "--seed", "2",
                   "--no-color", stdin="quit\n", cwd=tmp_path)
    assert out.returncode == 0, out.stderr


def test_arena_measures_strengths(tmp_path: Path) -> None:
    out = cardroom("arena", "pile-up", "--bots", "hard:iterations=20,medium,easy", "--deals",
                   "1", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    labels = set(json.loads(out.stdout)["results"])
    assert labels == {"hard:iterations=20", "medium", "easy"}
