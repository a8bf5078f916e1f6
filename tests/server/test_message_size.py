"""How big a table connection's message may be: over 16 KiB it is answered
``too_large`` and the connection goes on; over 64 KiB the connection is
closed (1009, message too big) before the message is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosedError

from tests.server.support import LiveServer, sqlite_url

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def test_a_large_message_is_refused_and_a_huge_one_closes_the_connection(
        tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=SEATS)["table"]
        with server.ws(table) as client:
            client.ok("hello", spectate=True)
            client.send_raw(json.dumps({"id": 1, "cmd": "chat", "text": "x" * 20 * 1024}))
            answer = client.reply()
            assert not answer["ok"] and answer["error"]["code"] == "too_large", answer
            assert client.ok("view")["view"]["players"] == 3  # still usable
            client.send_raw(json.dumps({"id": 2, "cmd": "chat", "text": "x" * 100 * 1024}))
            with pytest.raises(ConnectionClosedError) as closed:
                client.reply()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
