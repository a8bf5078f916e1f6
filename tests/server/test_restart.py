"""The server killed with SIGKILL in the middle of 50 busy tables, and
started again: every table resumes where it was, and nothing any client
was told (an acknowledged action, a pushed event) is lost."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.server.support import free_port, sqlite_url

TABLES = 50
SEATS = [{"kind": "human"}] * 3 + [{"kind": "bot", "bot": "random"}]


class Server:
    def __init__(self, db: str, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        log = (folder / f"server-{self.port}.log").open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "serve", "--db", db, "--port", str(self.port),
             "--bot-workers", "1", "--bot-delay", "0", "--http-rate", "1000",
             "--ws-rate", "1000", "--tables-per-creator", "1000",
             "--ws-per-address", "10000"],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.url}/api/games", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)


async def seat_client(url: str, token: str, seen: list[Any], acked: list[int],
                      rng: random.Random) -> None:
    """Play random legal moves; ``seen`` gets every event this connection
    was given, in order; ``acked`` the log size after each acknowledged act."""
    rid = 0
    try:
        async with websockets.connect(url) as ws:
            async def request(cmd: str, **args: Any) -> dict[str, Any]:
                nonlocal rid
                rid += 1
                await ws.send(json.dumps({"id": rid, "cmd": cmd, **args}))
                while True:
                    message = json.loads(await ws.recv())
                    if message.get("push") == "events":
                        seen.extend(message["events"])
                    elif message.get("id") == rid:
                        return message

            hello = await request("hello", token=token)
            seen.extend(hello["view"]["log"])
            while True:
                actions = (await request("legal"))["actions"]
                if actions:
                    answer = await request("act", action=rng.choice(actions))
                    if answer["ok"]:
                        seen.extend(answer["events"])
                        acked.append(answer["view"]["log_size"])
                else:
                    await asyncio.sleep(0.01)
                    await request("result")
    except (websockets.ConnectionClosed, OSError):
        return


async def play_until_killed(server: Server, tables: list[tuple[str, list[str]]],
                            seen: dict[tuple[str, int], list[Any]],
                            acked: dict[tuple[str, int], list[int]]) -> None:
    rng = random.Random(5)
    clients = []
    for table, tokens in tables:
        for seat, token in enumerate(tokens):
            url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
            clients.append(asyncio.create_task(seat_client(
                url, token, seen.setdefault((table, seat), []),
                acked.setdefault((table, seat), []), random.Random(rng.random()))))
    await asyncio.sleep(4)
    server.kill()
    await asyncio.wait_for(asyncio.gather(*clients), 30)


def test_kill_and_restart_loses_nothing(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path)
    server = Server(db, tmp_path)
    tables: list[tuple[str, list[str]]] = []
    try:
        http = httpx.Client(base_url=server.url, timeout=30)
        for _ in range(TABLES):
            table = http.post("/api/tables", json={"game": "papayoo", "players": 4,
                                                   "seats": SEATS}).json()["table"]
            tokens = [http.post(f"/api/tables/{table}/join",
                                json={"name": f"p{i}"}).json()["token"] for i in range(3)]
            tables.append((table, tokens))
        seen: dict[tuple[str, int], list[Any]] = {}
        acked: dict[tuple[str, int], list[int]] = {}
        asyncio.run(play_until_killed(server, tables, seen, acked))
    finally:
        if server.process.poll() is None:
            server.kill()
    assert sum(len(a) for a in acked.values()) > 100, "the tables were not busy"
    again = Server(db, tmp_path)
    try:
        asyncio.run(check_resumed(again, tables, seen, acked))
    finally:
        again.kill()


async def check_resumed(server: Server, tables: list[tuple[str, list[str]]],
                        seen: dict[tuple[str, int], list[Any]],
                        acked: dict[tuple[str, int], list[int]]) -> None:
    for table, tokens in tables:
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
        for seat, token in enumerate(tokens):
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps({"id": 1, "cmd": "hello", "token": token}))
                while True:
                    hello = json.loads(await ws.recv())
                    if hello.get("id") == 1:
                        break
            assert hello["ok"], hello
            log = hello["view"]["log"]
            mine = seen[(table, seat)]
            assert log[: len(mine)] == mine, f"table {table} seat {seat} lost events"
            assert all(size <= len(log) for size in acked[(table, seat)])
            assert hello["table"]["status"] in ("playing", "over")

