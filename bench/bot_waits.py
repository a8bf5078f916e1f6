"""How long a person waits on the bots between their turns, per game.

What it runs
------------
``cardroom serve`` as a subprocess (its own session, a free loopback port,
SQLite in a temporary folder, the default ``--bot-workers`` and
``--bot-delay``), then for each game one table at a time: seat 0 is a
person, every other seat a bot of ``--bot`` strength (``medium`` is what
the lobby's "Play now" seats). The person plays over a real WebSocket:
when its seat is awaited it sends a random legal action at once, so the
whole wait is the bots' (their thinking and the display delay).

What is measured
----------------
A wait starts when the person's ``act`` is answered and the push of that
change no longer awaits the seat, and ends at the first push that awaits
the seat again (a turn of several steps in a row, such as the cards of a
pass, is one turn: nothing is counted between its steps). A game that
ends closes the table and the next deal starts at a new one; each game is
played for ``--seconds`` (longer if no wait has ended by then). Reported per game: the
number of waits, p50, p90 and the longest, in seconds, and how many
``thinking`` pushes came (a server that sends none reports 0).

``--src FOLDER`` runs the server from another source tree (e.g. a copy of
``src`` before a change), so that before and after are measured alike::

    .venv/bin/python bench/bot_waits.py --bot medium --seconds 60
    .venv/bin/python bench/bot_waits.py --bot hard --games pile-up,pizzamania:8
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

GAMES = "papayoo:4,pizzamania:8,pile-up:4,muzicando:4,love-formula:4"


@dataclass
class Waits:
    game: str
    waits: list[float] = field(default_factory=list)
    thinking: int = 0
    games: int = 0

    def row(self) -> str:
        if not self.waits:
            return f"| {self.game} | 0 | - | - | - | {self.thinking} |"
        ordered = sorted(self.waits)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        return (f"| {self.game} | {len(ordered)} | {statistics.median(ordered):.2f} | "
                f"{p90:.2f} | {ordered[-1]:.2f} | {self.thinking} |")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(folder: Path, port: int, src: str | None,
                 extra: list[str]) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    command = [sys.executable, "-m", "cardroom", "serve", "--port", str(port),
               "--db", f"sqlite:///{folder / 'bench.db'}", *extra]
    server = subprocess.Popen(command, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(server)
    raise RuntimeError("the server did not start")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


class Person:
    """Seat 0 over a WebSocket: acts at once when awaited, times the waits."""

    def __init__(self, port: int, table: str, token: str, rng: random.Random,
                 into: Waits) -> None:
        self.conn: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws/tables/{table}",
                                              max_size=1 << 22)
        self.conn.__enter__()
        self.rng, self.into, self.next_id = rng, into, 0
        hello = self.request({"cmd": "hello", "token": token})
        self.legal: list[str] = self.request({"cmd": "legal"})["actions"]
        self.over = bool(hello["view"]["over"])
        self.waiting_since: float | None = None if self.legal else time.monotonic()

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self.conn.send(json.dumps({"id": self.next_id, **message}))
        while True:
            answer = self.receive()
            if answer.get("id") == self.next_id:
                if not answer.get("ok"):
                    raise RuntimeError(f"refused: {answer}")
                return answer

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(120))
        if message.get("push") == "events":
            self.seen(message)
        elif message.get("push") == "thinking":
            self.into.thinking += 1
        return message

    def seen(self, push: dict[str, Any]) -> None:
        self.over = bool(push["over"])
        self.legal = push.get("legal", [])
        now = time.monotonic()
        if self.legal and self.waiting_since is not None:
            self.into.waits.append(now - self.waiting_since)
            self.waiting_since = None
        elif not self.legal and self.waiting_since is None and not self.over:
            self.waiting_since = now

    def play(self, until: float) -> None:
        while not self.over and time.monotonic() < until:
            if self.legal:
                action = self.rng.choice(self.legal)
                self.legal = []
                self.request({"cmd": "act", "action": action})
            else:
                self.receive()
        self.conn.close()


def one_game(client: httpx.Client, port: int, game: str, players: int, bot: str,
             rng: random.Random, into: Waits, until: float) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    made = client.post("/api/tables", json={"game": game, "players": players,
                                             "seats": seats})
    made.raise_for_status()
    table = made.json()["table"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "bench"})
    joined.raise_for_status()
    Person(port, table, joined.json()["token"], rng, into).play(until)
    into.games += 1


def measure(port: int, game: str, players: int, bot: str, seconds: float,
            rng: random.Random) -> Waits:
    into = Waits(f"{game} ({players}: 1 person, {players - 1} {bot})")
    until = time.monotonic() + seconds
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        while time.monotonic() < until or not into.waits:
            one_game(client, port, game, players, bot, rng, into,
                     until if into.waits else until + 120)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="medium", help="the bots' strength (default medium)")
    parser.add_argument("--games", default=GAMES, help="game:players,... (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=60.0, help="per game (default 60)")
    parser.add_argument("--src", help="run the server from this source folder")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-arg", action="append", default=[],
                        help="one more argument for cardroom serve (repeatable)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    port = free_port()
    extra = ["--tables-per-creator", "1000", "--http-rate", "1000", *args.server_arg]
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder), port, args.src, extra)
        try:
            print("| game | waits | p50 s | p90 s | max s | thinking pushes |")
            print("| --- | --- | --- | --- | --- | --- |")
            for item in args.games.split(","):
                game, players = item.split(":")
                print(measure(port, game, int(players), args.bot, args.seconds, rng).row(),
                      flush=True)
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
