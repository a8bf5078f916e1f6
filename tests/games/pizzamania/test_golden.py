"""Golden seeded playthroughs (tests/golden.py): UPDATE_GOLDEN=1 rewrites
them after a deliberate change to the rules machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("players", "seed", "options", "variant"), [
    (4, 7, {}, ""),  # the standard game: three rounds, all four chef cards
    (5, 3, {"simple": True}, "-simple"),  # one round, three toppings set aside
    # D12, the endless game, opened by seat 1: everyone continues after
    # round 1, a seat stops after round 2.
    (2, 1, {"rounds": 0, "opener": 1}, "-endless"),
])
def test_golden_playthrough(players: int, seed: int, options: dict[str, object],
                            variant: str) -> None:
    name = f"pizzamania-{players}p-seed{seed}{variant}.txt"
    check_golden(GOLDEN / name, playthrough("pizzamania", players, seed, options))
