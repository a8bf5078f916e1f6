"""Golden seeded playthroughs: any change in rules, events or RNG shows as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import check_golden, playthrough

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players, seed", [(4, 2026), (7, 5)])
def test_golden_playthrough(players: int, seed: int) -> None:
    text = playthrough("papayoo", players, seed, {"rounds": 2}, policy_seed=seed)
    check_golden(HERE / f"papayoo-{players}p-seed{seed}.txt", text)
