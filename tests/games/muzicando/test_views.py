"""Seat views hold no hidden card (determinization: test_sampler.py)."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import GAME

MODES = [(4, {}), (3, {"mode": "individual"}), (8, {"mode": "individual", "bidding": True})]


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


def check_view(state: MuzicandoState, seat: int) -> None:
    view = state.view(seat)
    assert "hands" not in view and "pile_order" not in view
    assert view["hand"] == state.view(None)["hands"][seat]
    deal_start = max(i for i, e in enumerate(view["log"]) if e["type"] == "deal")
    shown = strings({k: v for k, v in view.items() if k not in ("log", "missing")})
    shown |= strings(view["log"][deal_start:])
    hidden = set(state.view(None)["pile_order"])
    for other in range(state.players):
        if other != seat:
            hidden |= set(state.view(None)["hands"][other])
    assert not hidden & shown, f"seat {seat} sees {sorted(hidden & shown)}"
    for e in view["log"]:
        assert e.get("to") is None or seat in e["to"]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_no_hidden_card_in_a_seat_view(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, 9, options)
    rng = Rng(9)
    for step in range(400):
        if state.is_over():
            break
        if step % 7 == 0:
            for seat in range(players):
                check_view(state, seat)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
