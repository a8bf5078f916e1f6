"""The heuristic bot: legal, sensible, and better than random play."""

from __future__ import annotations

import pytest

from cardroom.core.bot import Bot, RandomBot
from cardroom.core.game import State
from tests.games.pile_up.support import GAME, column, minus, play, seeded, table


def bot_turn(state: State, seat: int) -> list[str]:
    """Let the heuristic bot act until another seat is to act."""
    bot = GAME.heuristic_bot(1)
    done = []
    while state.to_act() == [seat]:
        action = bot.choose_for(state, seat)
        assert action in state.legal_texts(seat)
        state.act(seat, action)
        done.append(action)
    return done


def test_avoids_laying_the_third_card() -> None:
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"],
                   ["3G", "5R", "1G", "1G", "4B", "6G"]], [3, 5, 6, 3, 5, 2])
    play(state, (0, "place 3R"), (0, "place 3B"))
    assert bot_turn(state, 1) == ["place 5R"]
    assert minus(state, 1) == []


def test_stacks_rather_than_lay_a_third_card() -> None:
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"],
                   ["3G", "3R", "1G", "1G", "4B", "6G"]], [3, 5, 2, 3, 2, 5])
    play(state, (0, "place 3R"), (0, "place 3B"))
    assert bot_turn(state, 1) == ["stack 3R", "done"]
    assert column(state, 3) == [["3R", 2], ["3B", 1]]
    assert minus(state, 1) == []


def test_dumps_a_column_on_the_leader_with_white() -> None:
    state = table([["5R", "5B", "5G", "1R", "1B", "2R"],
                   ["6R", "6B", "4R", "4B", "4G", "3K"],
                   ["6G", "6W", "2B", "2G", "3R", "3B"]],
                  [5, 1, 2, 6, 2, 3, 6, 4, 1, 1])
    play(state, (0, "place 5R"), (0, "place 5B"), (0, "place 5G"))
    play(state, (1, "place 6R"), (1, "done"))
    assert [len(minus(state, s)) for s in range(3)] == [3, 0, 0]
    assert bot_turn(state, 2) == ["place 6G", "place 6W", "push 1"]
    assert sorted(minus(state, 1)) == ["6G", "6R", "6W"]


def test_lays_black_to_set_a_trap() -> None:
    state = table([["2R", "2B", "1B", "3R", "3B", "4R"],
                   ["2G", "2K", "1G", "5G", "4B", "6G"]], [2, 5, 6, 2, 3, 3])
    play(state, (0, "place 2R"), (0, "place 2B"))
    assert bot_turn(state, 1) == ["place 2G", "place 2K"]
    assert minus(state, 1) == []
    assert state.view(None)["columns"][1]["armed"] is True
    assert len(column(state, 2)) == 4


def test_forced_take_keeps_white_and_black() -> None:
    state = table([["1W", "1K", "2R", "2B", "2G", "4R"],
                   ["3G", "5R", "1G", "1G", "4B", "6G"]], [5, 6, 5])
    assert bot_turn(state, 0)[0] in ("take 4R", "take 2R", "take 2B", "take 2G")


def test_triple_gives_plain_cards_and_keeps_white() -> None:
    state = table([["2R", "2B", "2G", "2W", "1B", "4R"],
                   ["3G", "5R", "1G", "1G", "4B", "6G"]], [2, 5, 6, 3, 1, 1, 1])
    play(state, (0, "place 2R"), (0, "place 2B"), (0, "place 2G"), (0, "place 2W"))
    state.act(0, "push 1")
    assert sorted(minus(state, 1)) == ["2B", "2G", "2R", "2W"]
    assert state.phase() == "give"
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
