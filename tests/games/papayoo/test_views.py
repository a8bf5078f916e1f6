"""Seat views never contain another seat's cards or unrevealed passing choice."""

from __future__ import annotations

import json
import re

import pytest

from cardroom.core.rng import Rng
from tests.games.papayoo.support import GAME

CARD = re.compile(r"\b(?:1[0-9]|20|[1-9])[SHDCP]\b")


def known_to(view: dict[str, object], seat: int) -> set[str]:
    """Cards a seat may legitimately know where they are."""
    known: set[str] = set()
    for key in ("hand", "chosen", "passed", "received", "played", "papayoo"):
        value = view.get(key)
        if isinstance(value, list):
            known.update(value)
        elif isinstance(value, str):
            known.add(value)
    known.update(card for _, card in view["trick"])  # type: ignore[attr-defined]
    return known


@pytest.mark.parametrize("players", [3, 5, 8])
def test_no_card_of_another_hand_shows_in_a_seat_view(players: int) -> None:
    state = GAME.new(players, 77, {"rounds": 1})
    rng = Rng(1)
    while not state.is_over():
        referee = state.view(None)
        for seat in range(players):
            view = state.view(seat)
            text = json.dumps(view)
            known = known_to(view, seat)
            for other in range(players):
                if other == seat:
                    continue
                secret = set(referee["hands"][other]) - known
                leaked = secret & set(CARD.findall(text))
                assert not leaked, f"seat {seat} sees {leaked} from seat {other}"
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))


def test_the_referee_view_shows_everything() -> None:
    view = GAME.new(4, 1).view(None)
    assert len(view["hands"]) == 4 and "seed" in view


def test_the_seat_view_has_no_seed() -> None:
    assert "seed" not in GAME.new(4, 1).view(2)
