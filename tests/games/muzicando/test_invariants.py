"""Invariants over many seeded random games in both modes and at every
player count: all 56 cards accounted for, every deal ends, team scores are
place points plus or minus the contract, blocks reach the nearest players
holding cards (partners too), and a deadlock leaves nobody a note to lay."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.rng import Rng
from cardroom.games.muzicando.cards import BID_BY_TEXT, PARTNERSHIP, contract_value
from cardroom.games.muzicando.rules.grid import Glissando, GridLayout, Sarabanda
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import GAME

DEAL_LIMIT = 1500  # actions: 56 cards, passes and draws, bidding

CONFIGS = [(4, {}, 12)] + [(n, {"mode": "individual"}, 4) for n in range(2, 9)] + [
    (4, {"mode": "individual", "bidding": True}, 4),
    (8, {"mode": "individual", "bidding": True}, 2),
]


def nearest(state: MuzicandoState, seat: int, by: int) -> int:
    n = state.players
    for k in range(1, n):
        other = (seat + by * k) % n
        if state.hands[other]:
            return other
    return -1


def check_block(state: MuzicandoState, event: dict[str, Any], seat: int,
                seen: dict[str, int]) -> None:
    reach = {"#": (1,), "b": (-1,), "n": (1, -1)}[event["by"][0]]
    expected = {nearest(state, seat, by) for by in reach} - {-1}
    assert set(event["seats"]) | set(event["already"]) == expected
    if state.mode == "partnership" and (seat + 2) % 4 in expected:
        seen["partner"] += 1


def check_deadlock(before: MuzicandoState) -> None:
    """The state before the pass that ended a deal in deadlock: no pile and
    nobody holding cards had a note to lay (D7)."""
    assert not before.pile and before.table is not None
    for seat, hand in enumerate(before.hands):
        if hand:
            assert before.table.note_moves(hand) == [], seat


def play(players: int, options: dict[str, Any], seed: int, seen: dict[str, int]) -> None:
    state = GAME.new(players, seed, options)
    assert isinstance(state, MuzicandoState)
    rng = Rng(seed * 7 + players)
    since_deal = 0
    while not state.is_over():
        assert not state.invariant_errors(), state.invariant_errors()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        before = state.clone() if action == 0 and state.phase() == "play" else None
        mark, deals = len(state.log), len(state.results)
        state.apply(seat, action)
        since_deal += 1
        for e in state.log[mark:]:
            if e["type"] == "blocked":
                check_block(state, e, seat, seen)
            if e["type"] == "stuck" and before is not None:
                check_deadlock(before)
                seen["deadlock"] += 1
        if len(state.results) != deals:
            assert since_deal < DEAL_LIMIT
            since_deal = 0
    assert not state.invariant_errors()
    check_scores(state)


def check_scores(state: MuzicandoState) -> None:
    played = [r for r in state.results if not r.get("cancelled")]
    assert len(played) == state.deals
    totals = [0] * state.players
    for r in state.results:
        totals = [t + p for t, p in zip(totals, r["points"], strict=True)]
        if r.get("cancelled") or state.mode != "partnership":
            continue
        team = r["declarer"] % 2
        value = contract_value(BID_BY_TEXT[r["contract"]])
        places = PARTNERSHIP["place_points"]
        own = [places[i] if s != r["stuck"] else 0 for i, s in enumerate(r["places"])
               if s % 2 == team]
        assert r["team_points"][team] == sum(own) + (value if r["made"] else -value)
        assert sum(r["team_points"]) == sum(r["place_points"]) + (
            value if r["made"] else -value)
    assert totals == state.scores()


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS,
                         ids=[f"{p}p-{o.get('mode', 'default')}{'-bid' if o.get('bidding') else ''}"
                              for p, o, _ in CONFIGS])
def test_random_games_keep_every_invariant(players: int, options: dict[str, Any],
                                           games: int) -> None:
    seen = {"partner": 0, "deadlock": 0}
    for seed in range(games):
        play(players, options, seed, seen)
    if options == {}:
        assert seen["partner"] > 0, "no game blocked a partner: the check never ran"
        assert seen["deadlock"] > 0, "no deal ended in deadlock: the check never ran"


def grid_in_play(kind: type[GridLayout]) -> MuzicandoState:
    """A game whose table is a ``kind`` grid with some cards on it."""
    for seed in range(200):
        state = GAME.new(3, seed, {"mode": "individual"})
        assert isinstance(state, MuzicandoState)
        rng = Rng(seed)
        while not state.is_over():
            if isinstance(state.table, kind) and len(state.table.cells) >= 8:
                return state
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError(f"no {kind.__name__} game found")


def test_a_grid_index_out_of_step_with_its_cards_is_an_invariant_error() -> None:
    # Grids keep the cells open to signs and Glissando its row ends as cards
    # are placed (issue 15); any drift from the cards must be reported.
    for kind in (Sarabanda, Glissando):
        state = grid_in_play(kind)
        assert not state.invariant_errors()
        table = state.table
        assert isinstance(table, kind)
        table.open_to_signs.add(-1)  # no cell at all
        assert "the cells open to a sign do not match" in " ".join(state.invariant_errors())
    state = grid_in_play(Glissando)
    assert isinstance(state.table, Glissando)
    state.table._ends = state.table._ends[2:]
    assert "row ends do not match" in " ".join(state.invariant_errors())
