"""Property tests over the card room's channels, in every game: random
games played over real WebSockets, every seat at its own connection and a
spectator watching.

- Each connection's event stream (hello, act answers, pushes) is exactly
  its viewer's log in the engine, which ``tests/test_leaks.py`` proves
  shows nothing that viewer may not know; the spectator's is the public log.
- No message carries the seed, the stacked options, or another seat's hand.
- A connection never acts for another seat, and a spectator never acts:
  each try is ``forbidden`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.core.events import PUBLIC
from cardroom.games import all_games
from tests.server.support import LiveServer, sqlite_url

GAMES = [(g.id, g.min_players, min(g.max_players, 5)) for g in all_games()]
STEPS = 120
REFEREE_ONLY = {"seed", "given_options", "stack"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("leaks"))) as live:
        yield live


def keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from keys(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from keys(item)


def hands(obj: Any) -> Iterator[dict[str, Any]]:
    """Every object in a message that holds a ``hand`` of cards (a count of
    cards in hand, as in a Love Formula tie-break, hides nothing)."""
    if isinstance(obj, dict):
        if "hand" in obj and not isinstance(obj["hand"], int):
            yield obj
        for value in obj.values():
            yield from hands(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from hands(item)


def play(server: LiveServer, game: str, players: int, data: st.DataObject) -> None:
    table = server.create(game, players, seed=data.draw(st.integers(0, 2**63 - 1)))["table"]
    tokens = [server.join(table, f"p{s}")["token"] for s in range(players)]
    seats = [server.ws(table) for _ in range(players)]
    watcher = server.ws(table)
    try:
        for seat, client in enumerate(seats):
            client.ok("hello", token=tokens[seat])
        watcher.ok("hello", spectate=True)
        for _ in range(STEPS):
            state = server.room.tables[table].table.state
            if state.is_over():
                break
            seat = data.draw(st.sampled_from(list(state.to_act())))
            legal = seats[seat].ok("legal")["actions"]
            action = data.draw(st.sampled_from(legal))
            intruder = data.draw(st.sampled_from([c for s, c in enumerate(seats) if s != seat]
                                                 + [watcher]))
            size = state.log.size(None)
            refused = intruder.request("act", seat=seat, action=action)
            assert refused["error"]["code"] == "forbidden"
            assert state.log.size(None) == size
            seats[seat].ok("act", action=action)
        final = server.room.tables[table].table.state
        for client in [*seats, watcher]:
            client.ok("result")  # everything pushed before it has arrived
        for seat, client in enumerate(seats):
            assert client.stream() == final.log.visible_to(seat)
            check_messages(client.received, seat)
        assert watcher.stream() == final.log.visible_to(PUBLIC)
        check_messages(watcher.received, PUBLIC)
    finally:
        for client in [*seats, watcher]:
            client.close()


def check_messages(messages: list[dict[str, Any]], viewer: object) -> None:
    for message in messages:
        assert not REFEREE_ONLY & set(keys(message)), message
        for holder in hands(message):
            assert holder.get("seat") == viewer, f"{viewer!r} was sent a hand: {holder}"


@pytest.mark.parametrize(("game", "low", "high"), GAMES)
@settings(max_examples=4, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_channels_show_each_viewer_only_its_own(server: LiveServer, game: str, low: int,
                                                high: int, data: st.DataObject) -> None:
    players = data.draw(st.integers(low, high))
    play(server, game, players, data)
