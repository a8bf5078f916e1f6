"""A real card room for tests: uvicorn on a free port in a thread of this
process (so tests can move its fake clock), and clients that speak to it as
any outside client would, over HTTP and WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from cardroom.server.app import create_app
from cardroom.server.config import Config
from cardroom.server.limits import WS_FRAME_MAX_BYTES
from cardroom.server.room import Room

T = TypeVar("T")
# Every test client comes from 127.0.0.1: the limits a stranger meets are
# loosened here, and each test of a limit sets its own.
LOOSE: dict[str, Any] = {
    "ws_rate": 1000.0, "ws_burst": 1000.0, "http_rate": 1000.0, "http_burst": 1000.0,
    "signin_rate": 1000.0, "signin_burst": 1000.0, "accounts_per_hour": 100_000,
    "hash_rate": 1000.0,
    "tables_per_creator": 100_000, "bot_tables_per_creator": 100_000,
    "ws_per_address": 100_000, "hint_rate_seat": 1000.0, "hint_burst_seat": 1000.0,
    "hint_rate_address": 1000.0, "hint_burst_address": 1000.0,
    "lookup_rate": 1000.0, "lookup_burst": 1000.0,
}
# The loop guard: a callback that holds the server's event loop this long
# stalls every table and connection, so the test that caused it fails. Timed
# by BusyClock (below), the slowest honest callbacks of the server suite
# under ``pytest -n 2`` on two busy cores took under 0.04 s (once, in a
# whole CI run, 0.082 s); an argon2 hash on the loop took 0.11 to 0.37 s.
# CARDROOM_SLOW_CALLBACK_S=0 turns it off.
SLOW_CALLBACK_S = float(os.environ.get("CARDROOM_SLOW_CALLBACK_S", "0.1"))


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'cardroom.db'}"


class LoopGuard(logging.Handler):
    """Keeps asyncio's debug-mode warnings 'Executing <callback> took N
    seconds' from one loop's thread, each with where the callback's task
    stopped next and the test that was running."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: int | None = None
        self.slow: list[str] = []
        self.clock: BusyClock | None = None

    def watch(self, loop: asyncio.AbstractEventLoop, thread: int | None) -> None:
        if SLOW_CALLBACK_S <= 0:
            return
        self.loop, self.thread = loop, thread
        logging.getLogger("asyncio").addHandler(self)
        asyncio.run_coroutine_threadsafe(self._debug_on(), loop).result(30)

    async def _debug_on(self) -> None:
        loop = asyncio.get_running_loop()
        self.clock = BusyClock(loop.time)
        loop.time = self.clock  # type: ignore[method-assign]
        loop.slow_callback_duration = SLOW_CALLBACK_S
        if hasattr(loop, "_debug"):
            # asyncio times each callback when the loop's _debug is set (and
            # checks that no other thread calls it). With get_debug() false
            # it keeps no stack for every handle and future it makes, which
            # would slow the server suite by half.
            loop._debug = True
            loop.get_debug = lambda: False  # type: ignore[method-assign]
        else:
            loop.set_debug(True)

    def stop(self) -> None:
        logging.getLogger("asyncio").removeHandler(self)

    def finish(self) -> None:
        """After the loop's thread has ended. (Not close(): logging closes
        every handler whenever uvicorn sets its loggers up again.)"""
        if self.clock is not None:
            self.clock.close()

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.thread != self.thread or not message.startswith("Executing "):
            return
        took = record.args[-1] if isinstance(record.args, tuple) else None
        took = took if isinstance(took, float) else SLOW_CALLBACK_S
        waited = self.clock.waited_since(took) if self.clock else 0.0
        if took - waited < SLOW_CALLBACK_S:
            return  # the loop's thread stood waiting, for a CPU or for the GIL
        # Called inside the loop's own step: the slow handle is still current.
        handle = getattr(self.loop, "_current_handle", None)
        test = os.environ.get("PYTEST_CURRENT_TEST", "no test").removesuffix(" (call)")
        self.slow.append(f"{_where(handle)}: {message}, {waited:.3f} s of it waiting "
                         f"(during {test})")

    def check(self) -> None:
        """Fail if a callback held the loop since the last check."""
        slow, self.slow = self.slow, []
        if slow:
            raise AssertionError(
                f"a callback held the server's event loop over {SLOW_CALLBACK_S} s "
                "(blocking work belongs in a thread or the bot pool):\n" + "\n".join(slow))


# Seconds the garbage collector has run in this process, and when the
# collection in progress began. A collection holds the GIL, so the loop's
# thread stands still meanwhile: in a test process full of Hypothesis data
# a full collection takes a good part of a second.
GC_SECONDS = [0.0, 0.0]
# How often the guard's clock notes what the threads of the process did.
SAMPLE_S = 0.01


def _time_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        GC_SECONDS[1] = time.monotonic()
    else:
        GC_SECONDS[0] += time.monotonic() - GC_SECONDS[1]


gc.callbacks.append(_time_gc)


class BusyClock:
    """The loop's clock for the guard: wall time less the garbage
    collector's, so that asyncio does not blame a callback for a collection.

    Every SAMPLE_S it also notes, from Linux's schedstat, how long the loop's
    thread has stood waiting for a CPU (a loaded machine) and how much CPU
    the process's other Python threads have used (the database thread, the
    test's own clients: while one of them holds the GIL the loop's thread
    waits). ``waited_since`` gives both over a slow callback, so that the
    guard tells a callback that held the loop from one that was kept
    waiting. Time the loop's thread spent blocked on its own (a sleep, a
    lock, a hash in C) is the callback's."""

    def __init__(self, wall: Callable[[], float]) -> None:
        # From the loop's own time when made: timers already set keep their times.
        self.wall, self.now, self.gc_before = wall, 0.0, GC_SECONDS[0]
        self.me = threading.get_native_id()  # made on the loop's own thread
        self.fds: dict[int, int] = {}  # a thread's native id: its schedstat file
        self.cpu: dict[int, float] = {}  # another thread's CPU seconds, as last read
        self.others = 0.0  # the other threads' CPU seconds, summed as they grow
        # (now, the loop's thread's wait for a CPU + others), every SAMPLE_S
        self.samples: deque[tuple[float, float]] = deque(maxlen=1000)

    def __call__(self) -> float:
        self.now = max(self.now, self.wall() - (GC_SECONDS[0] - self.gc_before))
        if not self.samples or self.now - self.samples[-1][0] >= SAMPLE_S:
            self.sample()
        return self.now

    def sample(self) -> None:
        alive = {t.native_id for t in threading.enumerate() if t.native_id} - {self.me}
        for gone in set(self.fds) - alive - {self.me}:
            self.cpu.pop(gone, None)
            with contextlib.suppress(OSError):
                os.close(self.fds.pop(gone))
        for native_id in alive:
            cpu = self._read(native_id, 0)
            if cpu is not None:  # a thread new since the last note: all of its time
                self.others += max(0.0, cpu - self.cpu.get(native_id, 0.0 if self.samples else cpu))
                self.cpu[native_id] = cpu
        self.samples.append((self.now, (self._read(self.me, 1) or 0.0) + self.others))

    def _read(self, native_id: int, field: int) -> float | None:
        """A field of a thread's schedstat, in seconds (0: on a CPU, 1:
        waiting for one); None where there is none."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            if native_id not in self.fds:
                self.fds[native_id] = os.open(f"/proc/self/task/{native_id}/schedstat",
                                              os.O_RDONLY)
            return int(os.pread(self.fds[native_id], 100, 0).split()[field]) / 1e9
        return None

    def waited_since(self, seconds: float) -> float:
        """Over about the last ``seconds`` of this clock (from the last note
        before then): the loop's thread's wait for a CPU and the other
        Python threads' CPU time."""
        self.sample()
        now, waited = self.samples[-1]
        then = next((w for t, w in reversed(self.samples) if t <= now - seconds),
                    self.samples[0][1])
        return waited - then

    def close(self) -> None:
        for fd in self.fds.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self.fds.clear()


def _where(handle: object) -> str:
    """The innermost coroutines of the handle's task, where they wait now:
    the slow work ran just before those lines."""
    task = getattr(getattr(handle, "_callback", None), "__self__", None)
    coro: Any = task.get_coro() if isinstance(task, asyncio.Task) else None
    chain: list[str] = []
    while coro is not None and getattr(coro, "cr_frame", None) is not None:
        frame = coro.cr_frame
        file = Path(frame.f_code.co_filename)
        chain.append(f"{coro.__qualname__} ({file.parent.name}/{file.name}:{frame.f_lineno})")
        coro = coro.cr_await
    if not chain and isinstance(task, asyncio.Task):
        return f"the last step of {task.get_coro().__qualname__}"  # type: ignore[union-attr]
    return " > ".join(chain[-3:]) or "a callback"


class LiveServer:
    """``with LiveServer(db) as server:`` a running card room. Its event loop
    is watched: a callback that holds it over SLOW_CALLBACK_S fails the test
    (at ``check_loop``, or when the server stops)."""

    def __init__(self, db: str, clock: FakeClock | None = None, **config: Any) -> None:
        self.port = free_port()
        self.clock = clock or FakeClock()
        settings = {"bot_workers": 1, "bot_delay_s": 0.0, "tick_s": 0.0, **LOOSE, **config}
        self.config = Config(db=db, port=self.port, **settings)
        self.app = create_app(self.config, self.clock)
        self.room: Room = self.app.state.room
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws_max_size=WS_FRAME_MAX_BYTES, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.guard = LoopGuard()

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.warm_up()
        self.guard.watch(self.loop(), self.thread.ident)
        return self

    def warm_up(self) -> None:
        """One request of each kind before the guard watches: a process's
        first request imports and builds what the web stack makes lazily
        (a file response's thread, the body readers), once per process,
        which a loaded machine can stretch past the guard's limit."""
        self.http.get("/api/games")
        self.http.get("/", headers={"Accept": "text/html"})
        self.http.post("/api/tables", content=b"{}")

    def __exit__(self, kind: object, *exc: object) -> None:
        self.guard.stop()  # shutting down may block; nobody is waiting then
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)
        self.guard.finish()
        if kind is None:
            self.guard.check()

    def check_loop(self) -> None:
        """Fail if a callback held the event loop since the last check
        (``__exit__`` checks too; a test may check sooner to be named)."""
        self.guard.check()

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
