"""Invariants over many seeded games at 2, 3 and 4 players: every card is
somewhere exactly once, and the VP recomputed from the final zones (here, from
the view and the card data, independently of the engine's scoring) equal the
reported scores. Games are played by the heuristic bots and by random play."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.bot import RandomBot
from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, OBSTACLE, PREP
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME, vp_from_view

SEEDS = range(6)


def all_cards(view: dict[str, Any]) -> list[str]:
    cards = [c for hand in view["hands"] for c in hand]
    cards += [c for pack in view["packs"] for c in pack]
    cards += view["deck"] + view["discard"] + view["out"]
    cards += [c for c in view["table"] if c]
    if view["resolving"] and view["resolving"]["reacting"]:
        cards.append(view["resolving"]["reacting"])  # a reaction being carried out
    for zone in view["zones"]:
        cards += zone["loose"]
        for couple in zone["couples"]:
            cards.append(couple["card"])
            cards += [a["card"] for a in couple["attached"]]
    return cards


def check_end(state: LoveState) -> None:
    ref = state.view(None)
    cards = all_cards(ref)
    base = {i for i in CAT.ids if CAT.set_of[CAT.by_id[i]] == "base"}
    assert len(cards) == len(base) == 136 and set(cards) == base
    assert state.scores() == [vp_from_view(z) for z in ref["zones"]]
    assert state.result().scores == state.scores()
    for zone in ref["zones"]:
        for couple in zone["couples"]:
            assert CAT.type[CAT.by_id[couple["card"]]] == COUPLE
            kinds = [CAT.type[CAT.by_id[a["card"]]] for a in couple["attached"]]
            assert all(k in (PREP, OBSTACLE, 3) for k in kinds)
    assert not state.invariant_errors()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_keep_every_card_and_score_right(players: int) -> None:
    for seed in SEEDS:
        state = GAME.new(players, seed)
        assert isinstance(state, LoveState)
        bots = [GAME.heuristic_bot(seed * 10 + s) for s in range(players)]
        steps = 0
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, bots[seat].choose_for(state, seat))
            steps += 1
            if steps % 25 == 0:
                assert not state.invariant_errors(), state.invariant_errors()
                assert len(all_cards(state.view(None))) == 136
        check_end(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_card_and_score_right(players: int) -> None:
    for seed in SEEDS:
        state = GAME.new(players, 100 + seed)
        assert isinstance(state, LoveState)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        rng = Rng(seed)
        while not state.is_over():
            assert not state.invariant_errors(), state.invariant_errors()
            seat = rng.choice(list(state.to_act()))
            state.act(seat, bots[seat].choose_for(state, seat))
        check_end(state)


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(10):
        state = GAME.new(2, 500 + seed)
        bots = [GAME.heuristic_bot(seed), RandomBot(seed)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, bots[seat].choose_for(state, seat))
        wins += state.result().ranking[0] == [0]
    assert wins >= 9
