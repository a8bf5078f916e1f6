"""Golden seeded playthroughs (UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden, playthrough

HERE = Path(__file__).parent / "golden"
CASES = [
    ("muzicando-4p-seed7-partnership", 4, 7, {"deals": 2}),
    ("muzicando-3p-seed11-individual", 3, 11, {"mode": "individual"}),
    ("muzicando-4p-seed5-individual-bidding", 4, 5, {"mode": "individual", "bidding": True}),
]


@pytest.mark.parametrize(("name", "players", "seed", "options"), CASES,
                         ids=[c[0] for c in CASES])
def test_golden_playthrough(name: str, players: int, seed: int, options: dict[str, Any]) -> None:
    check_golden(HERE / f"{name}.txt", playthrough("muzicando", players, seed, options))
