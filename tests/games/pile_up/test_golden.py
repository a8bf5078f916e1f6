"""A golden seeded playthrough: any change to the rules' outcome shows here."""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


def test_golden_three_player_game() -> None:
    check_golden(GOLDEN / "pile-up-3p-seed7.txt", playthrough("pile-up", 3, seed=7))
