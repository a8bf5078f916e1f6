"""Golden seeded playthrough: any change in rules, events or RNG shows as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import check_golden, playthrough

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players, seed", [(2, 2026), (3, 7)])
def test_golden_playthrough(players: int, seed: int) -> None:
    text = playthrough("love-formula", players, seed, {}, policy_seed=seed)
    check_golden(HERE / f"love-formula-{players}p-seed{seed}.txt", text)
