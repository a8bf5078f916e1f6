"""The table driver: who is asked next, outside seats, bots thinking in a
worker process, cursors over each viewer's events, and the record policy."""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pytest

from cardroom.core.bot import Bot, RandomBot, Seen, make_bot
from cardroom.core.errors import NotYourTurn
from cardroom.core.events import PUBLIC, Event, Viewer
from cardroom.core.table import TableDriver, Thought, play_out, think
from cardroom.games import all_games, get_game
from cardroom.plugins import load_everything
from cardroom.protocol import Forbidden, record
from tests.helpers import full_snapshot

load_everything()
PAPAYOO = get_game("papayoo")


class Recorder(Bot):
    """A random bot that notes which seat it was asked for, in order."""

    def __init__(self, seat: int, asked: list[int]) -> None:
        self.seat, self.asked, self.inner = seat, asked, RandomBot(seat)

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        self.asked.append(self.seat)
        return self.inner.choose(view, legal)


def test_bots_are_asked_lowest_seat_first_and_finish_a_multi_card_pass() -> None:
    state = PAPAYOO.new(4, 3)  # every seat passes 5 cards, one at a time
    asked: list[int] = []
    table = TableDriver(state, {s: Recorder(s, asked) for s in range(4)})
    while state.phase() == "pass":
        turn = table.bot_turn()
        assert turn is not None and turn.seat == min(state.to_act())
        table.apply_thought(think(turn))
    assert asked[:20] == [0] * 5 + [1] * 5 + [2] * 5 + [3] * 5


def test_run_bots_stops_when_only_outside_seats_are_awaited() -> None:
    state = PAPAYOO.new(4, 3)
    table = TableDriver(state, {s: RandomBot(s) for s in (1, 2, 3)})
    moves = table.run_bots()
    assert moves == 15 and table.awaited() == [0] and table.awaited_outside() == [0]
    assert table.bot_turn() is None
    with pytest.raises(NotYourTurn):
        table.run()
    table.act(0, state.legal_texts(0)[0])
    assert table.version == 16


def test_a_stale_thought_is_dropped_and_changes_nothing() -> None:
    state = PAPAYOO.new(3, 4)
    table = TableDriver(state, {0: RandomBot(1)})
    turn = table.bot_turn()
    assert turn is not None
    table.act(1, state.legal_texts(1)[0])  # the table moves on meanwhile
    before = full_snapshot(state)
    assert table.apply_thought(think(turn)) is None
    assert full_snapshot(state) == before
    table.set_bot(0, None)  # the seat's player is back
    fresh = Thought(0, table.version, state.legal_texts(0)[0], RandomBot(1))
    assert table.apply_thought(fresh) is None and full_snapshot(state) == before


def test_a_seat_can_change_hands_between_a_bot_and_its_player() -> None:
    table = TableDriver(PAPAYOO.new(3, 4))
    assert table.next_bot() is None
    table.set_bot(0, RandomBot(2))
    assert table.next_bot() == 0
    table.set_bot(0, None)
    assert table.next_bot() is None


def _games_and_bots() -> list[tuple[str, str]]:
    return [(g.id, b) for g in all_games() for b in ("random", "heuristic", "ismcts")]


def _budget(name: str) -> dict[str, Any] | None:
    return {"iterations": 8} if name == "ismcts" else None


@pytest.mark.parametrize("game_id, bot", _games_and_bots())
def test_bot_turns_pickle_and_think_alike_in_a_worker_process(game_id: str, bot: str) -> None:
    """What the server will do: ship the turn to a worker, get a thought back."""
    game = get_game(game_id)
    here = TableDriver(game.new(game.min_players, 12),
                 {s: make_bot(bot, game, 40 + s, _budget(bot)) for s in range(game.min_players)})
    turn = here.bot_turn()
    assert turn is not None
    local = think(pickle.loads(pickle.dumps(turn)))
    with ProcessPoolExecutor(1, mp_context=get_context("spawn"),
                             initializer=load_everything) as pool:
        remote = pool.submit(think, turn).result(timeout=120)
    assert remote.action == local.action and remote.action in turn.legal
    here.apply_thought(remote)
    assert here.version == 1


def test_bots_play_a_whole_game_and_the_driver_agrees_with_play_out() -> None:
    first, second = PAPAYOO.new(4, 9, {"rounds": 1}), PAPAYOO.new(4, 9, {"rounds": 1})
    TableDriver(first, {s: RandomBot(s) for s in range(4)}).run()
    play_out(second, [RandomBot(s) for s in range(4)])
    assert first.is_over() and full_snapshot(first) == full_snapshot(second)


@pytest.mark.parametrize("viewer", [0, 2, PUBLIC, None])
def test_a_cursor_follows_the_viewers_log_in_order(viewer: Viewer) -> None:
    state = PAPAYOO.new(4, 5, {"rounds": 1})
    table = TableDriver(state, {s: RandomBot(s) for s in range(1, 4)})
    start = state.log.size(viewer)
    cursor = table.cursor(viewer, start)
    fetched: list[Event] = []
    while not state.is_over():
        table.run_bots()
        if not state.is_over():
            table.act(0, state.legal_texts(0)[0])
        fetched += cursor.fetch()
    assert fetched == state.view(viewer, since=start)["log"]
    assert cursor.position == start + len(fetched) == state.view(viewer)["log_size"]


def test_a_cursor_hands_out_each_event_once() -> None:
    state = PAPAYOO.new(3, 5)
    table = TableDriver(state, {1: RandomBot(1), 2: RandomBot(2)})
    cursor = table.cursor(0)
    seen = cursor.fetch()
    assert seen == state.view(0)["log"]
    assert cursor.fetch() == []
    table.act(0, state.legal_texts(0)[0])
    assert cursor.fetch() == state.view(0)["log"][len(seen):]


def test_a_viewer_must_be_a_seat_public_or_the_referee() -> None:
    table = TableDriver(PAPAYOO.new(3, 5))
    for bad in (3, -1, "everyone", True):
        with pytest.raises(ValueError):
            table.cursor(bad)


def test_the_record_goes_to_the_referee_or_to_anyone_once_the_game_has_ended() -> None:
    state = PAPAYOO.new(4, 5, {"rounds": 1})
    table = TableDriver(state, {s: RandomBot(s) for s in range(1, 4)})
    table.run_bots()
    assert not state.is_over()
    for viewer in (0, 1, PUBLIC):
        with pytest.raises(Forbidden):
            record(state, viewer, ended=False)
    assert record(state, None, ended=False)["record"]["seed"] == 5
    assert record(state, PUBLIC, ended=True)["record"]["seed"] == 5  # a table closed early
    table.set_bot(0, RandomBot(0))
    table.run()
    finished = record(state, PUBLIC, ended=state.is_over())["record"]
    assert finished["seed"] == 5 and len(finished["actions"]) == table.version
