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


def test_the_last_trick_and_the_trick_winner_follow_the_log_and_clear_at_a_new_deal() -> None:
    """One fact for every reader (render, page, bots): the trick taken last in
    this round, and who is winning the current one; a new deal has none."""
    state = GAME.new(3, 5, {"rounds": 2})
    rng = Rng(2)
    last_event = None
    while not state.is_over():
        seat = rng.choice(list(state.to_act()))
        for event in state.act(seat, rng.choice(state.legal_texts(seat))):
            if event["type"] == "trick":
                last_event = event
            if event["type"] == "deal":
                last_event = None
        view = state.view("public")
        if last_event is None:
            assert view["last_trick"] is None
        else:
            assert [c for _, c in view["last_trick"]["plays"]] == last_event["cards"]
            assert view["last_trick"]["winner"] == last_event["winner"]
            assert view["last_trick"]["points"] == last_event["points"]
        if view["trick"]:
            led = view["trick"][0][1][-1]
            follow = [(int(c[:-1]), s) for s, c in view["trick"] if c[-1] == led]
            assert view["trick_winner"] == max(follow)[1]
        else:
            assert view["trick_winner"] is None
