"""Seat views hold no hidden card, and determinization rebuilds a state
consistent with everything a seat knows (hand sizes, the table, `missing`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.games.muzicando.cards import ANY_OPENING, CODE, mask_of_codes
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.test_game import NO_OPENER
from tests.games.muzicando.util import GAME, fill, new

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


@pytest.mark.parametrize(("players", "options"), MODES)
def test_determinize_gives_back_the_same_view(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, 12, options)
    rng = Rng(12)
    while not state.is_over():
        for seat in range(players):
            view = state.view(seat)
            other = GAME.determinize(view, Rng(rng.next64()))
            assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
            assert not other.invariant_errors()
        seat = state.to_act()[0]
        for _ in range(9):  # a few actions between checks
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def test_l10_determinized_hands_respect_what_a_pass_showed() -> None:
    from tests.games.muzicando.test_turns import BASE
    from tests.games.muzicando.util import bid_to

    state = new(4, BASE)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    for seat, text in [(1, "play DoR"), (2, "play ReR"), (3, "pass")]:
        state.act(seat, text)
    missing = mask_of_codes(state.view(0)["missing"][3])
    assert missing == mask_of_codes(["MiR", "DoO", "DoY", "DoG", "DoB", "DoI", "DoV"])
    for k in range(30):
        other = GAME.determinize(state.view(0), Rng(k))
        assert isinstance(other, MuzicandoState)
        assert not other.hands[3] & missing


def test_determinize_respects_a_player_who_could_not_choose() -> None:
    hands, pile = fill({1: NO_OPENER[:7]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    view = state.view(0)
    banned = mask_of_codes(view["missing"][1])
    assert banned.bit_count() == 13
    for k in range(30):
        other = GAME.determinize(view, Rng(k))
        assert isinstance(other, MuzicandoState)
        assert not other.hands[1] & banned
        assert other.hands[0] == state.hands[0]


def test_determinize_gives_the_chooser_an_opening_card() -> None:
    """D12: a seat choosing holds an opening card; once it has chosen, one of
    the chosen layout's. Seat 0 sees six Dos in its own hand, so once seat 1
    has chosen Muzicando (opened by a Do) it holds the seventh in every deal
    seat 0 imagines."""
    dos = [c for c in CODE if c.startswith("Do")]
    hands, pile = fill({0: dos[:6], 1: [dos[6], *NO_OPENER[:6]]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    for chosen in (False, True):
        if chosen:
            state.act(1, "choose M")
        assert state.phase() == ("play" if chosen else "choosing")
        for k in range(40):
            other = GAME.determinize(state.view(0), Rng(k))
            assert isinstance(other, MuzicandoState)
            assert other.hands[1] & (mask_of_codes([dos[6]]) if chosen else ANY_OPENING)
            assert other.legal_actions(1)


def test_determinize_gives_the_bidding_opener_an_opening_card() -> None:
    """D9: when the bidding ends and play starts, the opener held an opening
    card (or the deal would have been cancelled)."""
    for k in range(6):
        state = GAME.new(4, 100 + k)
        while state.phase() == "bidding":
            state.act(state.to_act()[0], state.legal_texts(state.to_act()[0])[-1])
        if state.phase() != "play" or state.view(None)["opened"]:
            continue
        opener = state.to_act()[0]
        for viewer in range(4):
            for j in range(10):
                other = GAME.determinize(state.view(viewer), Rng(j))
                assert other.legal_actions(opener), (k, viewer, j)


def test_careful_deal_honours_a_wanted_card() -> None:
    from cardroom.games.muzicando.sampler import _careful

    cards = [0, 1, 2, 3, 4]
    # Bucket 0 must get card 4 (the only wanted one); bucket 1 may not take 3.
    for k in range(10):
        out = _careful(cards, [2, 2, 1], [0, 0b1000, 0], [0b10000, 0, 0], Rng(k))
        assert 4 in out[0] and 3 not in out[1]
    with pytest.raises(ValueError, match="consistent"):
        _careful(cards, [2, 2, 1], [0b10000, 0, 0], [0b10000, 0, 0], Rng(0))


def test_determinize_redeals_hidden_cards() -> None:
    state = GAME.new(4, 3)
    dealt = {json.dumps(GAME.determinize(state.view(0), Rng(k)).view(None)["hands"])
             for k in range(5)}
    assert len(dealt) == 5


def test_careful_deal_finds_the_only_consistent_deal() -> None:
    from cardroom.games.muzicando.sampler import _careful, _feasible

    cards = [0, 1, 2, 3]
    # Bucket 0 may take only cards 0 and 1; bucket 1 may not take 0 or 1.
    banned = [0b1100, 0b0011, 0]
    for k in range(10):
        out = _careful(cards, [2, 1, 1], banned, [0, 0, 0], Rng(k))
        assert sorted(out[0]) == [0, 1] and len(out[1]) == 1 and out[1][0] in (2, 3)
    assert not _feasible(cards, [1, 2, 1], [0b1100, 0b0011, 0b0011])
