"""Golden seeded playthroughs: any change in rules, events or RNG shows as a diff.
The base game's files are unchanged by the expansions, which have their own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden, playthrough

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players, seed", [(2, 2026), (3, 7)])
def test_golden_playthrough(players: int, seed: int) -> None:
    text = playthrough("love-formula", players, seed, {}, policy_seed=seed)
    check_golden(HERE / f"love-formula-{players}p-seed{seed}.txt", text)


@pytest.mark.parametrize("players, seed, options, tag", [
    (3, 11, {"chance": True, "goals": True, "promo": "add"}, "all"),
    (2, 5, {"chance": True, "goals": True, "goals_variant": "hidden", "promo": "replace"},
     "hidden-replace"),
    (4, 8, {"goals": True, "goals_variant": "planned"}, "planned"),
    (3, 13, {"chance": True, "first_revealer": 2, "goals": True, "goals_variant": "planned",
             "goal_cards": ["cupid", "big-day"], "promo_jobs": "mixed",
             "promo_parks": "replace-2", "promo_valentines": "replace-1",
             "promo_others": "add"}, "chosen"),
])
def test_golden_playthrough_with_expansions(players: int, seed: int, options: dict[str, Any],
                                            tag: str) -> None:
    text = playthrough("love-formula", players, seed, options, policy_seed=seed)
    check_golden(HERE / f"love-formula-{players}p-seed{seed}-{tag}.txt", text)
