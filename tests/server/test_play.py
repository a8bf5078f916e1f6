"""A person plays a whole game against bots over real HTTP and WebSockets."""

from __future__ import annotations

import pytest

from tests.server.support import LiveServer, WsClient, sqlite_url

GAMES = [("papayoo", 4), ("pizzamania", 3), ("pile-up", 3), ("muzicando", 4),
         ("love-formula", 2)]
SHORT = {"papayoo": {"rounds": 1}, "muzicando": {"deals": 1}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> LiveServer:
    folder = tmp_path_factory.mktemp("room")
    with LiveServer(sqlite_url(folder)) as live:
        yield live


def play_to_end(client: WsClient, seat: int) -> int:
    """Act whenever awaited (first legal action) until the game is over."""
    moves = 0
    view = client.ok("view")["view"]
    while not view["over"]:
        if seat in view["to_act"]:
            actions = client.ok("legal")["actions"]
            if actions:
                client.ok("act", action=actions[0])
                moves += 1
        else:
            client.wait_push("events")
        view = client.ok("view", since=view["log_size"])["view"]
    return moves


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_one_person_against_bots_to_the_end(server: LiveServer, game: str,
                                            players: int) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    table = server.create(game, players, seats=seats, options=SHORT.get(game, {}))
    assert table["status"] == "waiting"
    joined = server.join(table["table"], "Ada")
    assert joined["seat"] == 0
    with server.ws(table["table"]) as client:
        hello = client.ok("hello", token=joined["token"])
        assert hello["seat"] == 0 and hello["table"]["status"] == "playing"
        assert play_to_end(client, 0) > 0
        result = client.ok("result")
        assert result["over"] and len(result["scores"]) == players
        record = client.ok("record")["record"]
    over = server.http.get(f"/api/tables/{table['table']}").json()
    assert over["status"] == "over" and over["result"]["ranking"]
    fetched = server.http.get(f"/api/tables/{table['table']}/record").json()["record"]
    assert fetched == record and fetched["seed"] == record["seed"]


def test_record_is_forbidden_until_the_end(server: LiveServer) -> None:
    table = server.create("papayoo", 3)
    answer = server.http.get(f"/api/tables/{table['table']}/record")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "forbidden"
