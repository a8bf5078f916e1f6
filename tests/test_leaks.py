"""Nobody learns a hidden card through any channel, in every game.

The check is the one the samplers make possible: a state re-dealt from one
seat's view (``resample``) differs from the true state in everything that
seat cannot know, so whatever a channel shows that seat (or a spectator)
must come out the same for both. Channels: a seat's view and the public
view, the events of an ``act`` reply, the stream a table pushes to each
viewer, a record fetched during the game, and ``suggest``. The seed, which
decides every hidden card, reaches only the referee.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.bot import make_bot
from cardroom.core.events import PUBLIC, Event, Viewer
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.table import TableDriver
from cardroom.games import all_games
from cardroom.plugins import load_everything
from cardroom.protocol import Forbidden, record
from tests.helpers import MAX_STEPS

load_everything()
GAMES = all_games()
REFEREE_ONLY = ("seed", "given_options")


def canon(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def check_views(state: State, rng: Rng) -> None:
    """The public view is the same in a state re-dealt from any seat's view;
    a seat's view is the same in a state re-dealt from its own."""
    public = canon(state.view(PUBLIC))
    for seat in range(state.players):
        twin = state.resample(seat, Rng(rng.next64()))
        assert canon(twin.view(PUBLIC)) == public, (
            f"{state.game.id}: the public view shows something seat {seat} cannot know")
        assert canon(twin.view(seat)) == canon(state.view(seat))
    for viewer in (*range(state.players), PUBLIC):
        view = state.view(viewer)
        assert not set(REFEREE_ONLY) & set(view), f"{viewer!r} sees {REFEREE_ONLY}"
        assert view["log_size"] == len(view["log"])
    assert all("to" not in e for e in state.view(PUBLIC)["log"])


def check_suggest(state: State, rng: Rng) -> None:
    """A suggestion is a function of the seat's view: the same seeded bot
    suggests the same move in the true state and in one re-dealt from it."""
    seat = rng.choice(list(state.to_act()))
    twin = state.resample(seat, Rng(rng.next64()))
    for name, budget in (("heuristic", None), ("ismcts", {"iterations": 6})):
        seed = rng.next64()
        mine = make_bot(name, state.game, seed, budget).choose_for(state, seat)
        theirs = make_bot(name, state.game, seed, budget).choose_for(twin, seat)
        assert mine == theirs, f"{state.game.id}: {name} suggests from hidden cards"


def check_act_events(state: State, seat: int, events: list[Event], before: int) -> None:
    assert all(e.get("to") is None or seat in e["to"] for e in events)
    assert events == state.view(seat, since=before)["log"]


def check_record(state: State, viewer: Viewer) -> None:
    """The record policy: before the end only the referee gets the record."""
    with pytest.raises(Forbidden):
        record(state, viewer, ended=state.is_over())


def play_and_check(game: Game, players: int, seed: int) -> None:
    state = game.new(players, seed)
    table = TableDriver(state)
    rng = Rng(seed ^ 0x1EA4)
    pushed: dict[Viewer, list[Event]] = {v: [] for v in (*range(players), PUBLIC)}
    cursors = [table.cursor(viewer) for viewer in pushed]
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        if rng.below(8 + step // 20) == 0:  # dense early, sparser in long games
            check_views(state, rng)
            check_record(state, rng.choice([*range(players), PUBLIC]))
            if rng.below(3) == 0:
                check_suggest(state, rng)
        seat = rng.choice(list(state.to_act()))
        before = state.log.size(seat)
        check_act_events(state, seat, table.act(seat, rng.choice(state.legal_texts(seat))),
                         before)
        for cursor in cursors:
            pushed[cursor.viewer] += cursor.fetch()
    assert state.is_over()
    for viewer, events in pushed.items():
        assert events == state.view(viewer)["log"], f"pushed stream of {viewer!r}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=6)
@given(data=st.data(), seed=st.integers(0, 2**63))
def test_no_channel_reveals_what_its_viewer_may_not_know(
    game: Game, data: st.DataObject, seed: int
) -> None:
    play_and_check(game, data.draw(st.integers(game.min_players, game.max_players)), seed)
