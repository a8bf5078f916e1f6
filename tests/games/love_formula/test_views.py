"""Seat views never show another hand, the deck, a pack in front of someone
else, or a selection before the reveal; the referee view shows everything."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME, new

SECRET_KEYS = ("hands", "packs", "deck", "jobs", "out", "picks")


def card_ids(obj: Any) -> set[str]:
    """Every card id among the string values of a JSON-like object."""
    if isinstance(obj, str):
        return {obj} if obj in CAT.by_id else set()
    if isinstance(obj, dict):
        return set().union(*(card_ids(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(card_ids(v) for v in obj)) if obj else set()
    return set()


def public(ref: dict[str, Any]) -> set[str]:
    seen = set(ref["discard"]) | {c for c in ref["table"] if c}
    seen |= card_ids(ref["zones"]) | card_ids(ref["resolving"]) | card_ids(ref["frames"])
    return seen


def check_views(state: LoveState) -> None:
    ref = state.view(None)
    for seat in range(state.players):
        view = state.view(seat)
        assert not set(SECRET_KEYS) & set(view), f"seat {seat} view has a referee key"
        mine = set(view["hand"]) | set(view["pack"])
        shown = card_ids(view["log"])  # what the rules showed this seat (its own log)
        known = {k["card"] for k in view["known"]}
        assert known <= shown, "a located card must have been shown to the seat"
        body = {k: v for k, v in view.items() if k not in ("log", "known")}
        leaked = card_ids(body) - mine - public(ref)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        for other in range(state.players):
            if other != seat and ref["selected"][other]:
                assert ref["selected"][other] not in card_ids(body)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_views_hide_what_the_seat_may_not_know(players: int) -> None:
    state = GAME.new(players, 31 + players)
    assert isinstance(state, LoveState)
    rng = Rng(players)
    steps = 0
    while not state.is_over():
        if steps % 7 == 0:
            check_views(state)
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))
        steps += 1
    check_views(state)


def test_a_selection_is_hidden_until_the_reveal_then_public() -> None:
    state = new(3, hands=[["kiss-1"], [], []])
    state.act(0, "select kiss-1")
    for seat in (1, 2):
        assert "kiss-1" not in card_ids(state.view(seat))
        assert state.view(seat)["selected"] is None
    assert state.view(0)["selected"] == "kiss-1"
    for seat in (1, 2):
        state.act(seat, f"select {CAT.ids[state.jobs[seat]]}")
    assert "kiss-1" in card_ids(state.view(1))


def test_the_deck_shows_only_as_a_size() -> None:
    view = GAME.new(2, 3).view(1)
    assert view["deck_size"] == 132 - 24 and "deck" not in view


def test_the_referee_view_shows_everything() -> None:
    ref = GAME.new(4, 5).view(None)
    assert all(key in ref for key in SECRET_KEYS) and "seed" in ref
    assert len(ref["deck"]) == ref["deck_size"]


def test_a_draft_pick_stays_hidden_from_the_others() -> None:
    state = GAME.new(2, 11)
    pack = state.view(0)["pack"]
    state.act(0, f"draft {pack[0]}")
    assert pack[0] not in card_ids(state.view(1))
    assert state.view(0)["picked"] == pack[0]
