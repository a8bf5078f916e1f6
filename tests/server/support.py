"""A real card room for tests: uvicorn on a free port in a thread of this
process (so tests can move its fake clock), and clients that speak to it as
any outside client would, over HTTP and WebSockets."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from cardroom.server.app import create_app
from cardroom.server.clock import FakeClock
from cardroom.server.config import Config
from cardroom.server.room import Room

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'cardroom.db'}"


class LiveServer:
    """``with LiveServer(db) as server:`` a running card room."""

    def __init__(self, db: str, clock: FakeClock | None = None, **config: Any) -> None:
        self.port = free_port()
        self.clock = clock or FakeClock()
        settings = {"bot_workers": 1, "bot_delay_s": 0.0, "tick_s": 0.0, "ws_rate": 1000.0,
                    "ws_burst": 1000.0, "http_rate": 1000.0, "http_burst": 1000.0, **config}
        self.config = Config(db=db, port=self.port, **settings)
        self.app = create_app(self.config, self.clock)
        self.room: Room = self.app.state.room
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws_max_size=1 << 20, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's event loop (e.g. ``room.tick()``)."""
        loop = self.loop()
        return asyncio.run_coroutine_threadsafe(coro, loop).result(30)

    def loop(self) -> asyncio.AbstractEventLoop:
        loop = self.room.loop
        assert loop is not None, "the server has not started"
        return loop

    # ----- lobby ---------------------------------------------------------------
    def create(self, game: str, players: int, **body: Any) -> dict[str, Any]:
        answer = self.http.post("/api/tables", json={"game": game, "players": players, **body})
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def join(self, table: str, name: str, **body: Any) -> dict[str, Any]:
        answer = self.http.post(f"/api/tables/{table}/join", json={"name": name, **body})
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def ws(self, table: str, **headers: str) -> WsClient:
        return WsClient(f"ws://127.0.0.1:{self.port}/ws/tables/{table}", headers)


class WsClient:
    """A table connection: ``request`` sends and waits for the answer with
    the same id; pushes that arrive meanwhile are kept in ``pushes``."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.conn: ClientConnection = connect(url, additional_headers=headers or {},
                                              open_timeout=30, max_size=1 << 22)
        self.conn.__enter__()
        self.pushes: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []  # every message, in order
        self.next_id = 0

    def __enter__(self) -> WsClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def send_raw(self, text: str | bytes) -> None:
        self.conn.send(text)

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout))
        self.received.append(message)
        return message

    def reply(self, timeout: float = 30) -> dict[str, Any]:
        """The next message that is not a push (the answer to a line the
        server could not read carries no id); pushes go to ``pushes``."""
        while "push" in (message := self.receive(timeout)):
            self.pushes.append(message)
        return message

    def request(self, cmd: str, **args: Any) -> dict[str, Any]:
        self.next_id += 1
        rid = self.next_id
        self.conn.send(json.dumps({"id": rid, "cmd": cmd, **args}))
        return self.answer(rid)

    def answer(self, rid: Any, timeout: float = 30) -> dict[str, Any]:
        while True:
            message = self.receive(timeout)
            if "push" in message:
                self.pushes.append(message)
            elif message.get("id") == rid:
                return message

    def ok(self, cmd: str, **args: Any) -> dict[str, Any]:
        answer = self.request(cmd, **args)
        assert answer["ok"], answer
        return answer

    def stream(self) -> list[Any]:
        """Every event this connection was given (hello, act answers,
        pushes), in the order it was given them."""
        events: list[Any] = []
        for message in self.received:
            if message.get("push") == "events":
                events += message["events"]
            elif message.get("ok") and "seat" in message and "view" in message:
                events += message["view"]["log"]
            elif message.get("ok") and "events" in message:
                events += message["events"]
        return events

    def wait_push(self, kind: str, predicate: Any = None,
                  timeout: float = 30) -> dict[str, Any]:
        """The next push of ``kind`` (that satisfies ``predicate``)."""
        deadline = time.monotonic() + timeout
        for i, push in enumerate(self.pushes):
            if push["push"] == kind and (predicate is None or predicate(push)):
                del self.pushes[: i + 1]
                return push
        self.pushes.clear()
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message.get("push") == kind and (predicate is None or predicate(message)):
                return message
