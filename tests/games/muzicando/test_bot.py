"""The heuristic bot: legal everywhere, bids what its hand leads, leaves its
partner's contract alone, blocks opponents rather than its partner, times
the rest, and beats random play."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.bot import RandomBot
from cardroom.core.table import play_out
from cardroom.games.muzicando.bot import MuzicandoHeuristic, PlayContext
from cardroom.games.muzicando.cards import BY_CODE
from tests.games.muzicando.support import (
    GAME,
    REST,
    base_game,
    bid_to,
    d15_example,
    d15_stuck_oval,
    fill,
    new,
)

RUNS = ["DoR", "ReR", "MiR", "FaR", "DoO", "ReO", "MiO", "DoY", "ReY", "DoG", "ReG", "DoB",
        "ReB", "DoI"]


@pytest.mark.parametrize(("players", "options"), [
    (4, {"deals": 1}), (3, {"mode": "individual", "deals": 3}),
    (8, {"mode": "individual", "bidding": True, "deals": 8}),
])
def test_heuristic_plays_whole_games_legally(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, 21, options)
    play_out(state, [GAME.heuristic_bot(s) for s in range(players)])
    assert state.is_over() and not state.invariant_errors()


def deal_around(hand: list[str], seat: int) -> list[list[str]]:
    hands, _ = fill({seat: hand}, 4, 14)
    return hands


def test_bidding_a_hand_of_dos_and_low_runs_names_muzicando() -> None:
    state = new(4, deal_around(RUNS, seat=1))
    call = MuzicandoHeuristic(0).choose_for(state, 1)
    assert call.startswith("bid ") and call.endswith("M")


def test_bot_never_names_a_layout_it_cannot_open() -> None:
    # No Do (so no S or M); MiY is its only oval card (G or P).
    no_do = ["ReR", "MiR", "FaR", "ReY", "MiY", "FaY", "ReB", "MiB", "FaB", "ReI", "MiI",
             "SolR", "SolY", "SolI"]
    for first in range(4):
        state = new(4, deal_around(no_do, seat=1))
        bid_to(state, ["pass"] * 4 if first else [])  # the forced bid, or a free one
        call = MuzicandoHeuristic(first).choose_for(state, 1)
        assert call == "pass" or call[-1] in "GP", call


def test_bot_leaves_its_partners_contract_alone() -> None:
    state = new(4, deal_around(RUNS, seat=3))
    bid_to(state, ["bid 1S", "pass"])  # seat 1 bids, seat 2 passes: seat 3 is seat 1's partner
    assert MuzicandoHeuristic(0).choose_for(state, 3) == "pass"


def test_bot_blocks_an_opponent_with_a_sharp_but_not_its_partner() -> None:
    state = base_game()
    state.act(1, "play DoR")
    view = state.view(2)
    ctx = PlayContext(view)
    against_opponent = ctx.sign_value(BY_CODE["#R"])  # next is seat 3, an opponent
    view_partner = dict(view, hand_sizes=[14, 13, 14, 0])  # seat 3 out: next is seat 0
    against_partner = PlayContext(view_partner).sign_value(BY_CODE["#R"])
    assert against_opponent > 3 > against_partner


def test_bot_times_the_rest_for_a_run_of_cards() -> None:
    state = base_game(REST)
    for seat, text in [(1, "play DoV"), (2, "play DoB"), (3, "pass"), (0, "play bB")]:
        state.act(seat, text)
    ctx = PlayContext(state.view(1))
    rest = ctx.sign_value(BY_CODE["pV"])
    notes = max(ctx.value(a) for a in state.legal_actions(1) if a != BY_CODE["pV"] + 32)
    assert rest > notes  # six notes in a row follow the rest
    assert MuzicandoHeuristic(0).choose_for(state, 1) == "play pV"
    early = base_game(REST)
    early.act(1, "play DoV")
    for seat in (2, 3, 0):
        early.act(seat, next(t for t in early.legal_texts(seat) if t != "play pV"))
    assert PlayContext(early.view(1)).sign_value(BY_CODE["pV"]) < 50


def test_heuristic_team_beats_random_team() -> None:
    heuristic = random = 0
    for i in range(10):
        state = GAME.new(4, 300 + i)
        seats = (0, 2) if i % 2 else (1, 3)
        bots = [GAME.heuristic_bot(s) if s in seats else RandomBot(s + i) for s in range(4)]
        play_out(state, bots)
        heuristic += state.scores()[seats[0]]
        random += state.scores()[1 - seats[0] % 2]
    assert heuristic > random * 1.3, (heuristic, random)


def test_heuristic_beats_random_in_the_individual_game() -> None:
    mine = others = 0
    for i in range(9):
        state = GAME.new(3, 400 + i, {"mode": "individual", "deals": 3})
        seat = i % 3
        bots = [GAME.heuristic_bot(s) if s == seat else RandomBot(s + i) for s in range(3)]
        play_out(state, bots)
        mine += state.scores()[seat]
        others += sum(state.scores()) - state.scores()[seat]
    assert mine > others / 2


def test_d15_heuristic_sees_no_second_oval_on_a_line() -> None:
    example = d15_example()
    assert MuzicandoHeuristic(0).choose_for(example, 1) != "play SiV 2 0"
    stuck = d15_stuck_oval()
    ctx = PlayContext(stuck.view(1))
    assert not ctx.before >> BY_CODE["SiV"] & 1  # SiV has no free line to open a row on
    assert MuzicandoHeuristic(0).choose_for(stuck, 1) == "pass"


@pytest.mark.parametrize("seed", range(4))
def test_d15_heuristic_plays_glissando_deals_legally(seed: int) -> None:
    """Every deal in Glissando (chosen whenever the chooser can), four
    heuristic players: each move legal, every line holding one row."""
    state = GAME.new(4, 60 + seed, {"mode": "individual", "deals": 4})
    bots = [GAME.heuristic_bot(s) for s in range(4)]
    glissando = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        text = "choose G" if "choose G" in legal else bots[seat].choose_for(state, seat)
        glissando += text == "choose G"
        state.act(seat, text)
        assert not state.invariant_errors()
    assert glissando
