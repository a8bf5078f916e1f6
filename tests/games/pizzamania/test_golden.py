"""Golden seeded playthroughs (tests/golden.py): UPDATE_GOLDEN=1 rewrites
them after a deliberate change to the rules machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import check_golden, playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 7, {}),  # the standard game: three rounds, all four chef cards
    (5, 3, {"simple": True}),  # one round, three toppings set aside
])
def test_golden_playthrough(players: int, seed: int, options: dict[str, object]) -> None:
    name = f"pizzamania-{players}p-seed{seed}{'-simple' if options else ''}.txt"
    check_golden(GOLDEN / name, playthrough("pizzamania", players, seed, options))
