"""The heuristic bot: legal, sensible, and better than random play."""

from __future__ import annotations

import pytest

from cardroom.core.bot import Bot, RandomBot
from cardroom.games.pile_up.state import PileUpState
from tests.games.pile_up.support import (
    GAME,
    a_black_to_arm,
    a_forced_take,
    a_three_to_stack,
    a_triple_to_give,
    a_white_to_end_on,
    column,
    minus,
    seeded,
    third_three_on_offer,
    whole_turn,
)


def bot_turn(state: PileUpState, seat: int) -> list[str]:
    """Let the heuristic bot act until another seat is to act."""
    return whole_turn(state, seat, GAME.heuristic_bot(1).choose_for)


def test_avoids_laying_the_third_card() -> None:
    state = third_three_on_offer()
    assert bot_turn(state, 1) == ["place 5R"]
    assert minus(state, 1) == []


def test_stacks_rather_than_lay_a_third_card() -> None:
    state = a_three_to_stack()
    assert bot_turn(state, 1) == ["stack 3R", "done"]
    assert column(state, 3) == [["3R", 2], ["3B", 1]]
    assert minus(state, 1) == []


def test_dumps_a_column_on_the_leader_with_white() -> None:
    state = a_white_to_end_on()
    assert bot_turn(state, 2) == ["place 6G", "place 6W", "push 1"]
    assert sorted(minus(state, 1)) == ["6G", "6R", "6W"]


def test_lays_black_to_set_a_trap() -> None:
    state = a_black_to_arm()
    assert bot_turn(state, 1) == ["place 2G", "place 2K"]
    assert minus(state, 1) == []
    assert state.view(None)["columns"][1]["armed"] is True
    assert len(column(state, 2)) == 4


def test_reads_the_typed_view_and_its_json_form_alike() -> None:
    state = a_white_to_end_on()
    legal = state.legal_texts(2)
    bot = GAME.heuristic_bot(1)
    assert bot.choose(state.seen(2), legal) == bot.choose(state.view(2), legal) == "place 6G"


def test_forced_take_keeps_white_and_black() -> None:
    state = a_forced_take()
    assert bot_turn(state, 0)[0] in ("take 4R", "take 2R", "take 2B", "take 2G")


def test_triple_gives_plain_cards_and_keeps_white() -> None:
    state = a_triple_to_give()
    assert bot_turn(state, 1) == ["give 2B", "give 2G", "give 2R"]
    assert minus(state, 1) == ["2W"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_plays_whole_games_legally_and_beats_random(players: int) -> None:
    ours = theirs = 0.0
    for seed in range(12):
        state = seeded(players, seed)
        me = seed % players
        bots: list[Bot] = [RandomBot(seed * 7 + s) for s in range(players)]
        bots[me] = GAME.heuristic_bot(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose_for(state, seat)
            assert action in state.legal_texts(seat)
            state.act(seat, action)
        scores = state.scores()
        ours += scores[me]
        theirs += (sum(scores) - scores[me]) / (players - 1)
    assert ours < 0.75 * theirs
