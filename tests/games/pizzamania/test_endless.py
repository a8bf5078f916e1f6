"""The endless game (D12): ``rounds`` = 0 plays round after round; after
each one every seat chooses ``continue`` or ``stop`` at once, in secret,
and the game ends after a round in which any seat chose ``stop``."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardroom.core.bot import RandomBot, make_bot
from cardroom.core.errors import BadOption, IllegalAction, NotYourTurn
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.core.table import TableDriver
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.state import PizzamaniaState
from cardroom.plugins import load_everything
from tests.games.pizzamania.support import choose_all, events, force_order, new
from tests.helpers import snapshot
from tests.test_leaks import check_suggest, check_views

load_everything()  # the ismcts bot


def endless(players: int = 3, seed: int = 9, order: list[int] | None = None,
            **options: Any) -> PizzamaniaState:
    """An endless game whose round 1 finished in ``order`` (default: seat
    order): every seat is now choosing."""
    state = new(players, seed=seed, rounds=0, **options)
    force_order(state, order or list(range(players)))
    return state


def test_d12_rounds_0_asks_every_seat_at_once_after_a_round() -> None:
    state = endless(3)
    assert not state.is_over() and state.phase() == "choose"
    assert state.to_act() == [0, 1, 2]
    for seat in range(3):
        assert state.legal_texts(seat) == ["continue", "stop"]
    assert events(state, "continue_or_stop") == [{"type": "continue_or_stop", "round": 1}]
    assert not events(state, "game_end") and not events(state, "chefs")
    view = state.view(1)
    assert view["rounds"] == 0 and view["turn"] is None and view["choices"] == [None] * 3


def test_d12_a_seat_leaves_to_act_once_it_has_chosen() -> None:
    state = endless(3)
    state.act(1, "continue")
    assert state.to_act() == [0, 2] and state.legal_texts(1) == []
    with pytest.raises(NotYourTurn):
        state.act(1, "stop")  # a choice, once made, stands


def test_d12_when_everyone_continues_the_next_round_is_played() -> None:
    state = endless(3, order=[2, 0, 1])
    choose_all(state, "continue", "continue", "continue")
    assert events(state, "choices") == [{"type": "choices", "round": 1, "stop": [],
                                         "choices": ["continue"] * 3}]
    assert state.round_no == 2 and state.phase() == "play"
    assert state.view(0)["chefs"] == {"nonna": 2, "loser": 1}
    assert state.to_act() == [2]  # the Nonna opens
    assert state.view(0)["choices"] == [None] * 3
    # Past the standard three rounds: still no end until someone stops.
    for order in ([0, 1, 2], [1, 2, 0], [2, 1, 0]):
        force_order(state, order)
        assert not state.is_over() and state.phase() == "choose"
        choose_all(state, "continue", "continue", "continue")
    assert state.round_no == 5 and len(state.orders) == 4


def test_d12_one_stop_ends_the_game_after_that_round() -> None:
    state = endless(3, order=[1, 2, 0])
    choose_all(state, "continue", "continue", "continue")
    force_order(state, [2, 0, 1])
    choose_all(state, "continue", "stop", "continue")
    assert state.is_over() and state.to_act() == []
    assert events(state, "choices")[-1] == {
        "type": "choices", "round": 2, "choices": ["continue", "stop", "continue"], "stop": [1]}
    assert events(state, "game_end") == [{"type": "game_end", "winner": 2, "order": [2, 0, 1]}]
    result = state.result()
    assert result.ranking == [[2], [0], [1]] and result.detail["winner"] == 2
    assert result.scores == [[3, 2], [1, 3], [2, 1]]
    assert result.detail["rounds"] == [[1, 2, 0], [2, 0, 1]]
    assert state.view(PUBLIC)["choices"] == ["continue", "stop", "continue"]


def test_d12_every_seat_may_stop_and_the_game_still_ends_once() -> None:
    state = endless(2)
    choose_all(state, "stop", "stop")
    assert state.is_over() and len(events(state, "game_end")) == 1
    assert state.result().ranking == [[0], [1]]


def test_d12_a_choice_is_secret_until_every_seat_has_chosen() -> None:
    state = endless(3)
    state.act(0, "stop")
    assert state.view(0)["choices"] == ["stop", None, None]
    assert state.view(None)["choices"] == ["stop", None, None]
    for viewer in (1, 2, PUBLIC):
        view = state.view(viewer)
        assert view["choices"] == [None, None, None]
        assert view["to_act"] == [1, 2]  # who has chosen is public, not what
        assert '"stop"' not in json.dumps(view)
    assert [e for e in state.view(1)["log"] if e["type"] in ("choice", "chosen")] == [
        {"type": "chosen", "seat": 0}]
    assert {"type": "choice", "seat": 0, "choice": "stop", "to": [0]} in state.view(0)["log"]
    state.act(1, "continue")
    assert state.view(2)["choices"] == [None, None, None]
    assert state.view(1)["choices"] == [None, "continue", None]
    state.act(2, "continue")
    for viewer in (0, 1, 2, PUBLIC):  # revealed
        assert state.view(viewer)["choices"] == ["stop", "continue", "continue"]


def test_d12_a_choosing_view_does_not_depend_on_the_hidden_choices() -> None:
    # Seat 0's view is the same whichever choice seat 1 made in secret.
    views = []
    for choice in ("continue", "stop"):
        state = endless(3)
        state.act(1, choice)
        views.append((json.dumps(state.view(0), sort_keys=True),
                      json.dumps(state.view(PUBLIC), sort_keys=True),
                      GAME.render(state.view(2), False)))
    assert views[0] == views[1]


def test_d12_resampling_draws_the_secret_choices_and_keeps_the_view() -> None:
    state = endless(3)
    state.act(1, "stop")
    drawn: Counter[str | None] = Counter()
    for i in range(60):
        twin = state.resample(0, Rng(i))
        assert isinstance(twin, PizzamaniaState)
        assert twin.view(0) == state.view(0) and not twin.invariant_errors()
        assert twin.to_act() == [0, 2] and twin.choices[0] == 0
        drawn[twin.view(None)["choices"][1]] += 1
    assert set(drawn) == {"continue", "stop"}  # seat 0 cannot know which
    mine = state.resample(1, Rng(1))
    assert mine.view(None)["choices"] == [None, "stop", None]


def test_d12_no_channel_reveals_a_secret_choice() -> None:
    # The leak checks of tests/test_leaks.py, at every step of the choice.
    rng = Rng(12)
    for players in (2, 4, 6):
        state = endless(players, seed=players)
        table = TableDriver(state)
        for seat in range(players):
            check_views(state, rng)
            check_suggest(state, rng)
            table.act(seat, "continue")
        assert state.round_no == 2


def test_d12_illegal_actions_say_why_and_change_nothing() -> None:
    state = endless(3)
    before = snapshot(state)
    for text in ("pass", "play 5"):
        with pytest.raises(IllegalAction, match="round 1 is over: choose 'continue'"):
            state.act(0, text)
    with pytest.raises(IllegalAction, match="not an action"):
        state.act(0, "go on")
    assert snapshot(state) == before
    playing = new(3, seed=9, rounds=0)
    with pytest.raises(IllegalAction, match="chosen only after a round of the endless game"):
        playing.act(0, "stop")
    three = new(3, seed=9)
    force_order(three, [0, 1, 2])
    with pytest.raises(IllegalAction, match="chosen only after a round"):
        three.act(0, "continue")  # the standard game asks no one


def test_d12_action_strings() -> None:
    state = endless(2)
    assert [state.action_text(a) for a in state.legal_actions(0)] == ["continue", "stop"]
    assert state.parse_action("continue") == -1 and state.parse_action("stop") == -2
    for text in ("Continue", "STOP", "play -1", "play -2", "continue 1"):
        assert state.parse_action(text) is None, text


def test_d12_option_rounds_0_and_its_description() -> None:
    described = GAME.describe()["options"]["rounds"]
    assert described["min"] == 0 and described["default"] == 3
    assert "0: the endless game" in described["description"]
    with pytest.raises(BadOption, match="the simple game is a single round"):
        new(3, rounds=0, simple=True)


def test_d12_the_heuristic_stops_when_it_leads_and_continues_otherwise() -> None:
    state = endless(4, order=[2, 0, 3, 1])
    choices = [GAME.heuristic_bot(seat).choose_for(state, seat) for seat in range(4)]
    assert choices == ["continue", "continue", "stop", "continue"]


def test_d12_the_random_bot_picks_either() -> None:
    state = endless(2)
    picks = {RandomBot(seed).choose_for(state, 0) for seed in range(20)}
    assert picks == {"continue", "stop"}


@pytest.mark.parametrize(("players", "order"), [(2, [1, 0]), (3, [2, 0, 1]),
                                                 (4, [1, 3, 0, 2]), (5, [3, 1, 4, 0, 2])])
def test_d12_ismcts_stops_when_it_leads_and_continues_otherwise(
    players: int, order: list[int]
) -> None:
    state = endless(players, seed=3, order=order)
    for seat in range(players):
        choice = make_bot("ismcts", GAME, seat, None).choose_for(state, seat)
        assert choice == ("stop" if seat == order[0] else "continue"), seat


@pytest.mark.parametrize("players", range(2, 9))
def test_d12_endless_games_by_bots_end_and_keep_every_invariant(players: int) -> None:
    for seed in range(3):
        state = GAME.new(players, seed, {"rounds": 0})
        assert isinstance(state, PizzamaniaState)
        rng = Rng(seed)
        heuristic = GAME.heuristic_bot(seed)
        while not state.is_over():
            assert not state.invariant_errors(), state.invariant_errors()
            seat = rng.choice(list(state.to_act()))
            if seat % 2:
                state.act(seat, heuristic.choose_for(state, seat))
            else:
                state.act(seat, rng.choice(state.legal_texts(seat)))
        assert not state.invariant_errors()
        rounds = len(state.orders)
        assert len(events(state, "choices")) == rounds
        assert [bool(e["stop"]) for e in events(state, "choices")] == [False] * (rounds - 1) + [
            True]
        assert state.result().ranking == [[p] for p in state.orders[-1]]
