"""Load test of the card room server: hundreds of tables of scripted people
over real WebSockets, with the time from each move to the last client that
hears of it.

What it runs
------------
``cardroom serve`` as a subprocess in its own session, on a free loopback
port, with SQLite in a temporary folder, ``--bot-workers 2 --bot-delay 0``,
``--http-rate 10000`` and no practical bound on the tables and table
connections of one address: every simulated person comes from 127.0.0.1,
and the lobby's per-address limit (5 writes a second) would otherwise
spread the setup of 200 tables over minutes, and the other limits would
refuse most of them. The per-connection WebSocket limit
(20 messages a second, bursts of 60) is left as it is; each client paces
itself under it (``--client-rate``), so a refusal would be a server fault.

Client processes (``--clients``) then keep ``--tables`` tables busy: each
table is created over HTTP (``--players`` seats, a random bot in
``--bots-per-table`` seats of every ``--bot-every``-th table), its human
seats are joined, each seat opens its WebSocket, says ``hello``, and plays:
when the seat is awaited it waits a think time (``--think-ms``, uniform in
LO-HI; ``0`` for maximum throughput), asks ``legal``, and sends ``act`` with
one of them at random. A bot seat has no connection; ``--spectators``
adds watching connections. A table whose game ends is closed and replaced
by a new one, so that every table stays busy.

Each table's first game starts after a random wait of 0 to ``--stagger``
seconds (default 60, about one Papayoo round at the default think time), as
people sit down at different times. Without it every table passes its cards
in step each round, four people at once, a burst a room sees only when a
tournament starts; ``--stagger 0`` measures that case. After every client
process has set its tables up, the run warms up (``--warmup``, default the
stagger + 5 s, so that every table plays through the window) and measures
for ``--seconds``; then the people stop, the moves in flight are given
``--grace`` seconds to reach everyone, and the server is stopped (SIGINT,
then SIGKILL of its process group, also on Ctrl-C, errors and the hard
``--timeout``). The default run takes about two and a half minutes.

One client process (the default) is enough for 200 tables on two cores: it
uses about a third of a core at the default think time, and a second one
only takes CPU from the server. Its cyclic garbage collector is frozen and
off from the end of setup to the end of the run, since a client's pause
would be counted as the server's latency.

How a move is matched to its pushes (the latency)
--------------------------------------------------
Each viewer's log is its own sequence (private events), so ``log_size``
cannot be compared across connections. But the server applies a table's
changes one at a time, under the table's lock, and after each change sends
exactly one ``events`` push to every connection of the table that has said
hello, even one whose viewer sees no new event (its ``events`` is then
empty). So, counted from a common starting point, the n-th ``events`` push
of every connection of a table is the n-th change at that table.

The starting point is a barrier before anyone at the table moves: every
connection says hello, then sends ``view``. If none of the answers shows a
bot seat awaited, nothing can change until a person acts (and the people
wait for the barrier), so each connection starts counting at its ``view``
answer. Otherwise a bot is still moving (passing its cards, say): wait 50
ms and try again.

An ``act`` is stamped with the monotonic clock when it is sent. The server
queues the act's answer to the actor and then, with no ``await`` in between,
the change's push to every connection, the actor's included (it carries the
events the answer did not). So at the actor, the first ``events`` push after
the answer is the act's change, and its count k names the change at every
connection. The act's latency is the arrival of push k at the last of the
table's connections (every human seat's and spectator's) minus the send
stamp. All of a table's connections live
in one client process, so one clock serves. Changes that no act claims are
bot moves. Reported: p50/p90/p99/max of that latency over the acts sent in
the measured window, and the actor's own send-to-answer time.

The matching is checked as it goes, and a failed check is an error: the
pushes numbered k at a table's connections must carry the same ``to_act``
and ``over`` (public), and each connection's ``log_size`` must grow by
exactly the number of events it was given. Errors are also: any answer with
``ok: false``, a connection that drops, an answer not given within 30 s, a
lobby call that fails, and a push that never reached every connection.

Also reported: server-accepted acts a second (and bot moves), a timeline
of the latency (``--slice`` seconds a line), server CPU (the event loop's
main thread and the other threads, chiefly the SQLite writer) and the bot
workers' CPU from ``/proc/PID/stat`` over the window, RSS from
``/proc/PID/status`` (``VmRSS``) sampled every second, the clients' own CPU
and event-loop lag (so that a saturated client is not mistaken for a slow
server), what the rest of the machine used (another process's load takes
cores from the server; the report warns above 30% of a core), and the goal:
p99 under 50 ms with no error.

Run
---
    .venv/bin/python bench/server_load.py --tables 20 --seconds 15
    .venv/bin/python bench/server_load.py                     # 200 tables, 60 s
    .venv/bin/python bench/server_load.py --stagger 0         # rounds in step
    .venv/bin/python bench/server_load.py --think-ms 0 --stagger 0 --seconds 30  # capacity
    .venv/bin/python bench/server_load.py --json              # one JSON object
    .venv/bin/python bench/server_load.py --py-spy /tmp/load.txt   # profile the server

``--py-spy FILE`` samples the server's threads with py-spy (``pip install
py-spy``) during the window and prints the functions where its time goes;
``--profile FILE`` runs the server under cProfile instead (main thread).
Exit status: 0 when the goal is met, 1 when not, 2 when the run failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import queue
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

GOAL_P99_MS = 50.0
ANSWER_TIMEOUT_S = 30.0
BARRIER_TRIES = 400  # 50 ms apart: 20 s for a bot to finish its moves
SAMPLE_EVERY_S = 1.0
LAG_TICK_S = 0.05
OTHER_CPU_WARN = 30.0  # percent of a core used outside the run before the report warns
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ----- the plan ------------------------------------------------------------------------
@dataclass(frozen=True)
class TablePlan:
    number: int
    bot_seats: tuple[int, ...]


@dataclass(frozen=True)
class WorkerSpec:
    index: int
    url: str
    game: str
    players: int
    options: dict[str, Any]
    tables: tuple[TablePlan, ...]
    bot: str
    spectators: int
    think_lo_s: float
    think_hi_s: float
    client_rate: float
    client_burst: float
    deflate: bool
    setup_parallel: int
    stagger_s: float
    grace_s: float
    seed: int
    deadline: float  # monotonic, shared by every process of the run


def parse_think(text: str) -> tuple[float, float]:
    lo_text, _, hi_text = text.partition("-")
    lo = float(lo_text)
    hi = float(hi_text) if hi_text else lo
    if lo < 0 or hi < lo:
        raise argparse.ArgumentTypeError(f"--think-ms wants MS or LO-HI (LO <= HI), got {text!r}")
    return lo / 1000, hi / 1000


def table_plans(tables: int, players: int, bot_every: int,
                bots_per_table: int) -> list[TablePlan]:
    """Every ``bot_every``-th table (the last of each group) has bots in its
    last ``bots_per_table`` seats; 0 means no bots anywhere."""
    plans = []
    for n in range(tables):
        bots = bot_every > 0 and n % bot_every == bot_every - 1
        count = min(bots_per_table, players - 1) if bots else 0
        plans.append(TablePlan(n, tuple(range(players - count, players))))
    return plans


# ----- /proc -------------------------------------------------------------------------
def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def cpu_ticks(stat_path: str) -> int:
    """utime + stime of a process or thread (clock ticks)."""
    try:
        text = Path(stat_path).read_text()
    except OSError:
        return 0
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def children(pid: int) -> list[int]:
    """Every descendant of ``pid``."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(text[text.rindex(")") + 2:].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def thread_ticks(pid: int) -> dict[str, int]:
    """CPU ticks of a process's threads: its main thread (the server's
    event loop) and the others (the SQLite writer, executor threads)."""
    out: Counter[str] = Counter()
    with contextlib.suppress(OSError):
        for tid in os.listdir(f"/proc/{pid}/task"):
            name = "event loop" if tid == str(pid) else "other threads"
            out[name] += cpu_ticks(f"/proc/{pid}/task/{tid}/stat")
    return dict(out)


def machine_ticks() -> tuple[int, int]:
    """(busy, total) ticks of every core, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


# ----- the server --------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# Every simulated person comes from 127.0.0.1: the limits per address
# (tables made, table connections open) would refuse all but a few tables.
ONE_ADDRESS = ["--tables-per-creator", "1000000", "--bot-tables-per-creator", "1000000",
               "--ws-per-address", "1000000"]


class Server:
    """``cardroom serve`` in its own session (its bot workers with it)."""

    def __init__(self, folder: Path, args: argparse.Namespace) -> None:
        self.folder, self.args = folder, args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = folder / "server.log"

    def command(self) -> list[str]:
        serve = ["serve", "--db", f"sqlite:///{self.folder / 'load.db'}",
                 "--port", str(self.port), "--bot-workers", str(self.args.bot_workers),
                 "--bot-delay", "0", "--http-rate", "10000", *ONE_ADDRESS,
                 *self.args.server_arg]
        if self.args.profile:
            return [sys.executable, "-m", "cProfile", "-o", str(self.args.profile),
                    "-m", "cardroom", *serve]
        return [sys.executable, "-m", "cardroom", *serve]

    def start(self, deadline: float) -> None:
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(self.command(), cwd=self.folder, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        limit = min(deadline, time.monotonic() + 60)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}):\n{self.log()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=2, trust_env=False).is_success:
                    return
            if time.monotonic() > limit:
                raise RuntimeError(f"the server did not answer in time:\n{self.log()}")
            time.sleep(0.1)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def bot_pids(self) -> list[int]:
        """The bot worker processes (not multiprocessing's resource tracker)."""
        return [p for p in children(self.pid) if "resource_tracker" not in cmdline(p)]

    def log(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def stop(self) -> None:
        """SIGINT (uvicorn shuts down, cProfile writes), then SIGKILL of the
        whole process group, bot workers included."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(15)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)


class Sampler(threading.Thread):
    """RSS of the server and of its bot workers, every second."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.samples: list[tuple[float, int, int]] = []  # (t, server kB, bot workers kB)
        self.halt = threading.Event()

    def sample(self) -> tuple[float, int, int]:
        bots = sum(rss_kb(p) for p in self.server.bot_pids())
        row = (time.monotonic(), rss_kb(self.server.pid), bots)
        self.samples.append(row)
        return row

    def run(self) -> None:
        while not self.halt.wait(SAMPLE_EVERY_S):
            self.sample()


@dataclass
class CpuMark:
    at: float
    server: dict[str, int]  # by thread name
    bots: int
    machine: tuple[int, int]
    bench: float  # this process's CPU seconds


def cpu_mark(server: Server) -> CpuMark:
    mine = os.times()
    return CpuMark(time.monotonic(), thread_ticks(server.pid),
                   sum(cpu_ticks(f"/proc/{p}/stat") for p in server.bot_pids()), machine_ticks(),
                   mine.user + mine.system)


# ----- a client's table connections --------------------------------------------------
@dataclass
class Stats:
    """What one client process measured (sent back to the main process)."""

    latencies: list[float] = field(default_factory=list)  # act -> last client, seconds
    sent_at: list[float] = field(default_factory=list)  # each one's send, from window start
    answer_latencies: list[float] = field(default_factory=list)  # act -> answer at actor
    acts_sent: int = 0
    acts_ok: int = 0
    bot_moves: int = 0
    pushes: int = 0
    games_over: int = 0
    tables_started: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    error_examples: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    cpu_s: float = 0.0
    setup_s: float = 0.0
    connections: int = 0

    def error(self, kind: str, detail: str = "") -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.error_examples) < 20:
            self.error_examples.append(f"{kind}: {detail}"[:300])


class Window:
    def __init__(self) -> None:
        self.start, self.end = math.inf, math.inf

    def holds(self, t: float) -> bool:
        return self.start <= t < self.end


class Bucket:
    """Client-side pacing: at most ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    async def take(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
            self.last = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


@dataclass
class Change:
    """One change at a table, as its connections receive its push."""

    to_act: list[int]
    over: bool
    arrivals: list[float] = field(default_factory=list)
    sent: float | None = None  # the act's send stamp; None for a bot move


class Tracker:
    """Matches pushes across a table's connections by their count."""

    def __init__(self, game: TableGame, connections: int) -> None:
        self.game, self.connections = game, connections
        self.open: dict[int, Change] = {}

    def arrive(self, k: int, now: float, to_act: list[int], over: bool,
               sent: float | None) -> None:
        stats, window = self.game.worker.stats, self.game.worker.window
        change = self.open.get(k)
        if change is None:
            change = self.open[k] = Change(to_act, over)
        elif change.to_act != to_act or change.over != over:
            stats.error("misaligned", f"table {self.game.table_id} push {k}: {change.to_act}/"
                        f"{change.over} vs {to_act}/{over}")
        if sent is not None:
            if change.sent is not None:
                stats.error("misaligned", f"table {self.game.table_id} push {k} claimed twice")
            change.sent = sent
        change.arrivals.append(now)
        if window.holds(now):
            stats.pushes += 1
        if len(change.arrivals) < self.connections:
            return
        del self.open[k]
        if change.sent is None:
            if window.holds(change.arrivals[0]):
                stats.bot_moves += 1
        elif window.holds(change.sent):
            stats.latencies.append(max(change.arrivals) - change.sent)
            stats.sent_at.append(change.sent - window.start)
        if change.over:
            if window.holds(change.arrivals[0]):
                stats.games_over += 1
            self.game.over.set()


@dataclass
class Pending:
    future: asyncio.Future[dict[str, Any]]
    cmd: str
    sent: float


class Conn:
    """One WebSocket of a table: a seat's (it plays) or a spectator's."""

    def __init__(self, game: TableGame, seat: int | None, token: str | None) -> None:
        self.game, self.seat, self.token = game, seat, token
        self.ws: ClientConnection | None = None
        self.pending: dict[int, Pending] = {}
        self.next_id = 0
        self.received = 0  # events pushes since the connection opened
        self.base: int | None = None  # `received` at the barrier
        self.synced_at: int | None = None  # `received` at this round's view answer
        self.log_size: int | None = None
        self.claim: float | None = None  # send stamp of an act whose push is next
        self.awaited = asyncio.Event()
        self.closing = False
        self.reader: asyncio.Task[None] | None = None
        spec = game.worker.spec
        self.bucket = Bucket(spec.client_rate, spec.client_burst)

    async def open(self) -> None:
        spec = self.game.worker.spec
        url = spec.url.replace("http://", "ws://") + f"/ws/tables/{self.game.table_id}"
        self.ws = await connect(url, open_timeout=ANSWER_TIMEOUT_S, ping_interval=None,
                                max_size=1 << 22, proxy=None,
                                compression="deflate" if spec.deflate else None)
        self.game.worker.stats.connections += 1
        self.reader = asyncio.create_task(self.read())
        hello: dict[str, Any] = ({"token": self.token} if self.seat is not None
                                 else {"spectate": True})
        answer = await self.request("hello", **hello)
        if not answer.get("ok"):
            raise RuntimeError(f"hello refused: {answer}")

    async def request(self, cmd: str, **args: Any) -> dict[str, Any]:
        assert self.ws is not None
        await self.bucket.take()
        self.next_id += 1
        rid = self.next_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        text = json.dumps({"id": rid, "cmd": cmd, **args})
        pending = self.pending[rid] = Pending(future, cmd, time.monotonic())
        if cmd == "act" and self.game.worker.window.holds(pending.sent):
            self.game.worker.stats.acts_sent += 1
        await self.ws.send(text)
        try:
            return await asyncio.wait_for(future, ANSWER_TIMEOUT_S)
        except TimeoutError:
            self.pending.pop(rid, None)
            self.game.worker.stats.error("no_answer", f"{cmd} at table {self.game.table_id}")
            raise

    async def read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                self.handle(json.loads(text), time.monotonic())
        except ConnectionClosed as err:
            if not self.closing:
                self.game.worker.stats.error("disconnect", f"table {self.game.table_id}: {err}")
        except Exception as err:
            self.game.worker.stats.error("client_bug", traceback.format_exc(limit=3))
            self.game.fail(f"reader: {err!r}")
        finally:
            if not self.closing:
                self.game.fail("a connection dropped")
            for pending in self.pending.values():
                if not pending.future.done():
                    pending.future.set_exception(ConnectionError("connection closed"))
            self.pending.clear()

    def handle(self, message: dict[str, Any], now: float) -> None:
        stats = self.game.worker.stats
        if "push" in message:
            if message["push"] == "events":
                self.on_events(message, now)
            return
        pending = self.pending.pop(message.get("id", -1), None)
        if pending is None:
            stats.error("stray_answer", json.dumps(message)[:200])
            return
        if message.get("ok"):
            view = message.get("view") or {}
            if pending.cmd == "hello" and self.log_size is None:
                self.log_size = view.get("log_size")
            elif pending.cmd == "view":
                self.synced_at = self.received
            elif pending.cmd == "act":
                self.claim = pending.sent
                self.log_size = view.get("log_size")
                if self.game.worker.window.holds(pending.sent):
                    stats.acts_ok += 1
                    stats.answer_latencies.append(now - pending.sent)
            if "to_act" in view:
                self.set_awaited(view["to_act"], view.get("over", False))
        else:
            code = (message.get("error") or {}).get("code", "?")
            stats.error(f"refused:{pending.cmd}:{code}",
                        (message.get("error") or {}).get("message", ""))
        if not pending.future.done():
            pending.future.set_result(message)

    def on_events(self, message: dict[str, Any], now: float) -> None:
        stats = self.game.worker.stats
        events, log_size = message["events"], message["log_size"]
        if self.log_size is not None and log_size != self.log_size + len(events):
            stats.error("log_gap", f"table {self.game.table_id} seat {self.seat}: had "
                        f"{self.log_size}, got {len(events)} events and log_size {log_size}")
        self.log_size = log_size
        self.received += 1
        self.set_awaited(message["to_act"], message["over"])
        if message["over"]:
            self.game.over_seen.set()
        if self.base is None:
            return
        claim, self.claim = self.claim, None
        tracker = self.game.tracker
        assert tracker is not None
        tracker.arrive(self.received - 1 - self.base, now, message["to_act"], message["over"],
                       claim)

    def set_awaited(self, to_act: list[int], over: bool) -> None:
        if self.seat is not None and self.seat in to_act and not over:
            self.awaited.set()
        else:
            self.awaited.clear()

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader


class TableGame:
    """One table from creation to its last push."""

    def __init__(self, worker: Worker, plan: TablePlan, generation: int) -> None:
        self.worker, self.plan, self.generation = worker, plan, generation
        self.table_id = "?"
        self.conns: list[Conn] = []
        self.tracker: Tracker | None = None
        self.over = asyncio.Event()  # the last change reached everyone
        self.over_seen = asyncio.Event()
        self.failed = asyncio.Event()
        self.why = ""
        self.rng = random.Random(hash((worker.spec.seed, plan.number, generation)))

    def fail(self, why: str) -> None:
        """Give the table up (its connections close; a new table replaces it)."""
        self.why = why
        self.failed.set()

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = await self.worker.http.post(path, json=body)
        if not answer.is_success:
            try:
                code = answer.json()["error"]["code"]
            except (ValueError, KeyError, TypeError):
                code = str(answer.status_code)
            self.worker.stats.error(f"lobby:{code}", f"POST {path}: {answer.text[:200]}")
            raise RuntimeError(f"POST {path} answered {answer.status_code}")
        data: dict[str, Any] = answer.json()
        return data

    async def setup(self) -> None:
        spec = self.worker.spec
        seats: list[dict[str, Any]] = [
            {"kind": "bot", "bot": spec.bot} if s in self.plan.bot_seats else {"kind": "human"}
            for s in range(spec.players)]
        created = await self.post("/api/tables", {"game": spec.game, "players": spec.players,
                                                  "options": spec.options, "seats": seats})
        self.table_id = created["table"]
        for seat in range(spec.players):
            if seat in self.plan.bot_seats:
                continue
            joined = await self.post(f"/api/tables/{self.table_id}/join",
                                     {"name": f"t{self.plan.number}.{self.generation} s{seat}",
                                      "seat": seat})
            self.conns.append(Conn(self, seat, joined["token"]))
        self.conns += [Conn(self, None, None) for _ in range(spec.spectators)]
        await asyncio.gather(*(c.open() for c in self.conns))
        await self.barrier()
        self.worker.stats.tables_started += 1

    async def barrier(self) -> None:
        """Start every connection's count at the same change (see the docstring)."""
        for _ in range(BARRIER_TRIES):
            answers = await asyncio.gather(*(c.request("view", since=1 << 30)
                                             for c in self.conns))
            if not all(a.get("ok") for a in answers):
                raise RuntimeError("view refused at the barrier")
            waiting = [a["view"]["to_act"] for a in answers]
            if all(not set(w) & set(self.plan.bot_seats) for w in waiting):
                for conn in self.conns:
                    conn.base = conn.synced_at
                self.tracker = Tracker(self, len(self.conns))
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"table {self.table_id}: a bot kept moving through the barrier")

    async def play(self) -> None:
        if self.generation == 0 and self.worker.spec.stagger_s > 0:
            # The first game of each table starts at a random moment, so that
            # the tables' rounds (Papayoo's passes come four at a time) do not
            # stay in step as when all were dealt at once.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.worker.stop.wait(),
                                       self.rng.uniform(0, self.worker.spec.stagger_s))
        actors = [asyncio.create_task(self.actor(c)) for c in self.conns if c.seat is not None]
        ends = [asyncio.create_task(e.wait()) for e in
                (self.over_seen, self.failed, self.worker.stop)]
        await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
        for end in ends:
            end.cancel()
        await asyncio.wait(actors, timeout=ANSWER_TIMEOUT_S + 5)
        for actor in actors:
            actor.cancel()
        await self.settle()

    async def settle(self) -> None:
        """Give the pushes in flight time to reach everyone; any push that
        does not is an error."""
        deadline = time.monotonic() + self.worker.spec.grace_s
        tracker = self.tracker
        while tracker is not None and time.monotonic() < deadline and not self.failed.is_set():
            if not tracker.open and all(c.claim is None for c in self.conns):
                return
            await asyncio.sleep(0.02)
        if tracker is not None and tracker.open and not self.failed.is_set():
            self.worker.stats.error("push_missing", f"table {self.table_id}: "
                                    f"{len(tracker.open)} changes not at every connection")

    async def actor(self, conn: Conn) -> None:
        spec, stop = self.worker.spec, self.worker.stop
        while not (stop.is_set() or self.over_seen.is_set() or self.failed.is_set()):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.awaited.wait(), 0.5)
            if not conn.awaited.is_set():
                continue
            think = self.rng.uniform(spec.think_lo_s, spec.think_hi_s)
            if think > 0:
                await asyncio.sleep(think)
            if stop.is_set() or self.over_seen.is_set() or self.failed.is_set():
                return
            legal = await conn.request("legal")
            actions = legal.get("actions") if legal.get("ok") else None
            if not actions:
                await asyncio.sleep(0.05)
                continue
            if stop.is_set():
                return
            answer = await conn.request("act", action=self.rng.choice(actions))
            if not answer.get("ok"):
                await asyncio.sleep(0.05)

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.conns))


class Worker:
    """One client process: its share of the tables, on one event loop."""

    game_class: type[TableGame] = TableGame

    def __init__(self, spec: WorkerSpec, control: Any, results: Any) -> None:
        self.spec, self.control, self.results = spec, control, results
        self.stats = Stats()
        self.window = Window()
        self.stop = asyncio.Event()
        self.started = 0
        self.all_started = asyncio.Event()
        self.http = httpx.AsyncClient(base_url=spec.url, timeout=ANSWER_TIMEOUT_S,
                                      trust_env=False,
                                      limits=httpx.Limits(max_connections=spec.setup_parallel))
        self.gate = asyncio.Semaphore(spec.setup_parallel)

    async def run(self) -> None:
        began = time.monotonic()
        loops = [asyncio.create_task(self.table_loop(plan)) for plan in self.spec.tables]
        lag = asyncio.create_task(self.watch_lag())
        if not self.spec.tables:
            self.all_started.set()
        await self.all_started.wait()
        self.stats.setup_s = time.monotonic() - began
        self.results.put(("ready", self.spec.index, self.stats.setup_s))
        loop = asyncio.get_running_loop()
        order = await loop.run_in_executor(None, self.wait_order)
        if order[0] == "go":
            # This process's own collector pauses would be counted as the
            # server's latency: freeze what the setup made and collect no
            # cycles until the end (reference counting still frees the rest).
            gc.collect()
            gc.freeze()
            gc.disable()
            await self.measure(order)
        self.stop.set()
        await asyncio.wait(loops, timeout=ANSWER_TIMEOUT_S + self.spec.grace_s + 10)
        for task in [*loops, lag]:
            task.cancel()
        await self.close_clients()
        self.results.put(("result", self.spec.index, asdict(self.stats)))

    async def measure(self, order: tuple[Any, ...]) -> None:
        """The measured window, as the "go" order gives it."""
        self.window.start, self.window.end = order[1], order[2]
        await asyncio.sleep(max(0.0, self.window.start - time.monotonic()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, self.window.end - time.monotonic()))
        self.stats.cpu_s = time.process_time() - cpu

    async def close_clients(self) -> None:
        await self.http.aclose()

    def wait_order(self) -> tuple[Any, ...]:
        try:
            order: tuple[Any, ...] = self.control.get(
                timeout=max(1.0, self.spec.deadline - time.monotonic()))
        except queue.Empty:
            return ("stop",)
        return order

    async def table_loop(self, plan: TablePlan) -> None:
        generation, first = 0, True
        while not self.stop.is_set():
            game = self.game_class(self, plan, generation)
            ready = False
            try:
                async with self.gate:
                    await game.setup()
                ready = True
            except Exception as err:
                if not self.stop.is_set():
                    self.stats.error("setup_failed", f"{err!r}")
            if first:
                first = False
                self.started += 1
                if self.started == len(self.spec.tables):
                    self.all_started.set()
            if ready:
                try:
                    await game.play()
                except Exception as err:
                    if not self.stop.is_set() or not isinstance(err, ConnectionError):
                        self.stats.error("play_failed", f"{err!r}")
            await game.close()
            generation += 1
            if not ready or game.failed.is_set():
                await asyncio.sleep(1.0)

    async def watch_lag(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(LAG_TICK_S)
            after = time.monotonic()
            if self.window.holds(after):
                self.record_lag(after, after - before - LAG_TICK_S)

    def record_lag(self, at: float, lag: float) -> None:
        self.stats.lags.append(lag)


def worker_main(spec: WorkerSpec, control: Any, results: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process stops the run
    try:
        asyncio.run(Worker(spec, control, results).run())
    except Exception:
        results.put(("crash", spec.index, traceback.format_exc()))


# ----- the run -----------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def summary_ms(values: list[float]) -> dict[str, float]:
    return {"count": len(values), "p50": 1000 * percentile(values, 50),
            "p90": 1000 * percentile(values, 90), "p99": 1000 * percentile(values, 99),
            "max": 1000 * max(values) if values else math.nan,
            "mean": 1000 * sum(values) / len(values) if values else math.nan}


def run(args: argparse.Namespace) -> dict[str, Any]:
    began = time.monotonic()
    deadline = began + args.timeout
    think_lo, think_hi = args.think_ms
    plans = table_plans(args.tables, args.players, args.bot_every, args.bots_per_table)
    folder = Path(tempfile.mkdtemp(prefix="cardroom-load-"))
    server = Server(folder, args)
    context = multiprocessing.get_context("spawn")
    results: Any = context.Queue()
    procs: list[Any] = []
    controls: list[Any] = []
    sampler: Sampler | None = None
    spy: subprocess.Popen[bytes] | None = None
    report: dict[str, Any] = {"config": {
        "tables": args.tables, "game": args.game, "players": args.players,
        "options": args.options, "bot_every": args.bot_every,
        "bots_per_table": args.bots_per_table, "bot": args.bot, "spectators": args.spectators,
        "think_ms": [1000 * think_lo, 1000 * think_hi], "clients": args.clients,
        "seconds": args.seconds, "warmup": args.warmup, "stagger": args.stagger,
        "client_rate": args.client_rate,
        "deflate": not args.no_deflate, "bot_workers": args.bot_workers,
        "server_args": args.server_arg, "cpus": os.cpu_count()}}
    worker_stats: list[dict[str, Any]] = []
    try:
        server.start(deadline)
        sampler = Sampler(server)
        idle = sampler.sample()
        sampler.start()
        for index in range(args.clients):
            control = context.Queue()
            spec = WorkerSpec(
                index=index, url=server.url, game=args.game, players=args.players,
                options=args.options, tables=tuple(plans[index::args.clients]), bot=args.bot,
                spectators=args.spectators, think_lo_s=think_lo, think_hi_s=think_hi,
                client_rate=args.client_rate, client_burst=args.client_rate,
                deflate=not args.no_deflate, setup_parallel=args.setup_parallel,
                stagger_s=args.stagger, grace_s=args.grace, seed=args.seed, deadline=deadline)
            proc = context.Process(target=worker_main, args=(spec, control, results),
                                   daemon=True, name=f"load-client-{index}")
            proc.start()
            procs.append(proc)
            controls.append(control)
        ready: dict[int, float] = {}
        while len(ready) < args.clients:
            kind, index, payload = results.get(timeout=max(0.1, deadline - time.monotonic()))
            if kind == "crash":
                raise RuntimeError(f"client {index} crashed:\n{payload}")
            ready[index] = payload
        report["setup_s"] = time.monotonic() - began
        start = time.monotonic() + args.warmup
        end = start + args.seconds
        for control in controls:
            control.put(("go", start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        first = cpu_mark(server)
        rss_start = sampler.sample()
        if args.py_spy:
            spy = start_py_spy(server.pid, args.py_spy, args.seconds)
        time.sleep(max(0.0, end - time.monotonic()))
        last = cpu_mark(server)
        rss_end = sampler.sample()
        while len(worker_stats) < args.clients:
            kind, index, payload = results.get(timeout=max(0.1, deadline - time.monotonic()))
            if kind == "crash":
                raise RuntimeError(f"client {index} crashed:\n{payload}")
            if kind == "result":
                worker_stats.append(payload)
        report["window_monotonic"] = [start, end]
        report.update(measure(worker_stats, first, last, idle, rss_start, rss_end, sampler,
                              args.seconds, args.slice))
        report["server_log_tail"] = server.log(15)
    except queue.Empty:
        report["failure"] = f"the hard timeout ({args.timeout:g} s) ran out"
    except KeyboardInterrupt:
        report["failure"] = "interrupted"
    except Exception as err:
        report["failure"] = f"{err}"
    finally:
        # The cleanup runs to its end even if Ctrl-C comes again (it is bounded).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if sampler is not None:
            sampler.halt.set()
        for control in controls:
            with contextlib.suppress(Exception):
                control.put(("stop",))
        for proc in procs:
            proc.join(timeout=max(1.0, min(10.0, deadline + 30 - time.monotonic())))
            if proc.is_alive():
                proc.terminate()
                proc.join(5)
            if proc.is_alive():
                proc.kill()
        if spy is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                spy.wait(30)
            if spy.poll() is None:
                spy.kill()
        server.stop()
        if "failure" in report:
            report["server_log_tail"] = server.log(30)
        shutil.rmtree(folder, ignore_errors=True)
    if args.py_spy and "failure" not in report:
        report["py_spy"] = read_py_spy(args.py_spy, args.seconds)
    if args.profile and "failure" not in report:
        report["profile"] = read_profile(args.profile)
    return report


def measure(stats: list[dict[str, Any]], first: CpuMark, last: CpuMark,
            idle: tuple[float, int, int], rss_start: tuple[float, int, int],
            rss_end: tuple[float, int, int], sampler: Sampler, seconds: float,
            slice_s: float) -> dict[str, Any]:
    errors: Counter[str] = Counter()
    latencies: list[float] = []
    sent_at: list[float] = []
    answers: list[float] = []
    lags: list[float] = []
    examples: list[str] = []
    total: Counter[str] = Counter()
    for s in stats:
        errors.update(s["errors"])
        latencies += s["latencies"]
        sent_at += s["sent_at"]
        answers += s["answer_latencies"]
        lags += s["lags"]
        examples += s["error_examples"]
        for key in ("acts_sent", "acts_ok", "bot_moves", "pushes", "games_over",
                    "tables_started", "connections"):
            total[key] += s[key]
    wall = last.at - first.at
    per_thread = {name: 100 * (ticks - first.server.get(name, 0)) / CLK_TCK / wall
                  for name, ticks in last.server.items()}
    busy = (last.machine[0] - first.machine[0]) / max(1, last.machine[1] - first.machine[1])
    window_rss = [row for row in sampler.samples if rss_start[0] <= row[0] <= rss_end[0]]
    latency = summary_ms(latencies)
    error_count = sum(errors.values())
    slices: list[list[float]] = [[] for _ in range(max(1, math.ceil(seconds / slice_s)))]
    for at, value in zip(sent_at, latencies, strict=True):
        slices[min(len(slices) - 1, int(at // slice_s))].append(value)
    timeline = [{"from_s": i * slice_s, "acts_per_s": len(part) / slice_s,
                 "p50": 1000 * percentile(part, 50), "p99": 1000 * percentile(part, 99),
                 "max": 1000 * max(part) if part else math.nan}
                for i, part in enumerate(slices)]
    server_pct = sum(per_thread.values())
    bots_pct = 100 * (last.bots - first.bots) / CLK_TCK / wall
    clients_pct = 100 * sum(s["cpu_s"] for s in stats) / wall
    bench_pct = 100 * (last.bench - first.bench) / wall
    machine_pct = 100 * busy * (os.cpu_count() or 1)
    return {
        "window_s": wall,
        "acts_per_s": total["acts_ok"] / seconds,
        "bot_moves_per_s": total["bot_moves"] / seconds,
        "pushes_per_s": total["pushes"] / seconds,
        "counts": dict(total),
        "latency_ms": latency,
        "answer_ms": summary_ms(answers),
        "errors": error_count, "error_kinds": dict(errors), "error_examples": examples[:10],
        "timeline": timeline,
        "server_cpu_pct": server_pct,
        "server_threads_cpu_pct": {k: round(v, 1) for k, v in per_thread.items() if v >= 0.05},
        "bot_workers_cpu_pct": bots_pct,
        "clients_cpu_pct": clients_pct,
        "bench_main_cpu_pct": bench_pct,
        "machine_busy_pct": machine_pct,
        # The kernel's loopback work and any process outside this run (a
        # test suite beside it takes cores from the server and the clients).
        "other_cpu_pct": machine_pct - server_pct - bots_pct - clients_pct - bench_pct,
        "client_lag_ms": summary_ms(lags),
        "rss_mb": {
            "server_idle": idle[1] / 1024, "server_start": rss_start[1] / 1024,
            "server_end": rss_end[1] / 1024,
            "server_max": max(r[1] for r in sampler.samples) / 1024,
            "bot_workers_end": rss_end[2] / 1024,
            "bot_workers_max": max(r[2] for r in sampler.samples) / 1024,
            "server_window_growth": (window_rss[-1][1] - window_rss[0][1]) / 1024
            if window_rss else math.nan},
        "goal_met": error_count == 0 and latency["count"] > 0 and latency["p99"] < GOAL_P99_MS,
    }


def start_py_spy(pid: int, path: Path, seconds: float) -> subprocess.Popen[bytes]:
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    return subprocess.Popen([exe, "record", "--pid", str(pid), "--duration",
                             str(max(1, int(seconds))), "--rate", "100", "--format", "raw",
                             "--threads", "--nonblocking", "--output", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# Leaf frames of a thread that waits (py-spy's --nonblocking mode cannot
# always tell an idle thread): epoll, the executor's queue, a condition.
IDLE_LEAVES = ("EpollSelector.select", "_PollLikeSelector.select", "_worker (",
               "Condition.wait", "Queue.get", "SimpleQueue.get")
ENTRY_FILES = ("(threading.py)", "(<frozen runpy>)", "(asyncio/runners.py)", "(asyncio/events.py)",
               "(asyncio/base_events.py)", "(uvicorn/main.py)", "(uvicorn/server.py)",
               "(uvicorn/_compat.py)", "(cardroom/cli/", "(cardroom/__main__.py)",
               "(concurrent/futures/thread.py)")


def read_py_spy(path: Path, seconds: float, top: int = 25) -> dict[str, Any]:
    """Where the server's busy samples went (percent of the window's wall
    time at 100 samples a second): per thread, per function's own time, and
    per function with its callees (leaving out the entry frames of threads
    and of the event loop, which every sample has)."""
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    threads: Counter[str] = Counter()
    idle = 0
    try:
        lines = path.read_text().splitlines()
    except OSError as err:
        return {"error": f"no py-spy output: {err}"}
    for line in lines:
        stack, _, count_text = line.rpartition(" ")
        if not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        named = [_frame_name(f) for f in frames[1:]]
        if not named or named[-1].startswith(IDLE_LEAVES):
            idle += count
            continue
        thread = frames[0].rpartition(": ")[2]
        threads[thread] += count
        own[named[-1]] += count
        for name in set(named):
            if not any(entry in name for entry in ENTRY_FILES):
                inclusive[name] += count
    scale = 100 / (100 * max(1, seconds))
    return {"busy_samples": sum(threads.values()), "idle_samples": idle,
            "threads_pct": {k: round(v * scale, 1) for k, v in threads.most_common()},
            "self_pct": {k: round(v * scale, 1) for k, v in own.most_common(top)},
            "inclusive_pct": {k: round(v * scale, 1) for k, v in inclusive.most_common(top)}}


def _frame_name(frame: str) -> str:
    """``func (path/file.py:LINE)`` as ``func (path/file.py)``."""
    name, _, where = frame.rpartition(" (")
    return f"{name} ({where.split(':')[0].rstrip(')')})" if name else frame


def read_profile(path: Path, top: int = 25) -> list[str]:
    import io
    import pstats

    out = io.StringIO()
    try:
        pstats.Stats(str(path), stream=out).sort_stats("tottime").print_stats(top)
    except (OSError, TypeError, ValueError) as err:
        return [f"no profile: {err}"]
    return out.getvalue().splitlines()


# ----- the report ---------------------------------------------------------------------
def show(report: dict[str, Any]) -> None:
    c = report["config"]
    think = c["think_ms"]
    print(f"cardroom server load: {c['tables']} tables of {c['game']} ({c['players']} seats), "
          f"bots ({c['bot']}) in {c['bots_per_table']} seat(s) of every "
          f"{c['bot_every']}th table, {c['spectators']} spectator(s) a table, think "
          f"{think[0]:g}-{think[1]:g} ms, {c['clients']} client process(es), "
          f"{c['bot_workers']} bot workers, {c['cpus']} CPUs")
    if "failure" in report:
        print(f"RUN FAILED: {report['failure']}")
        if report.get("server_log_tail"):
            print("server log (last lines):\n" + report["server_log_tail"])
        return
    n = report["counts"]
    lat, ans, lag, rss = (report["latency_ms"], report["answer_ms"], report["client_lag_ms"],
                          report["rss_mb"])
    print(f"setup {report['setup_s']:.1f} s ({n['connections']} connections opened, "
          f"{n['tables_started']} tables started in all); window {report['window_s']:.1f} s "
          f"after {c['warmup']:g} s warm-up")
    print(f"throughput   {report['acts_per_s']:.1f} acts/s accepted ({n['acts_ok']} of "
          f"{n['acts_sent']} sent), {report['bot_moves_per_s']:.1f} bot moves/s, "
          f"{report['pushes_per_s']:.0f} pushes/s received, {n['games_over']} games finished")
    print(f"latency      act -> push at every client: p50 {lat['p50']:.1f}  p90 "
          f"{lat['p90']:.1f}  p99 {lat['p99']:.1f}  max {lat['max']:.1f} ms "
          f"({lat['count']} acts)")
    print(f"             act -> answer at the actor:  p50 {ans['p50']:.1f}  p90 "
          f"{ans['p90']:.1f}  p99 {ans['p99']:.1f}  max {ans['max']:.1f} ms")
    print(f"errors       {report['errors']}" + (f"  {report['error_kinds']}"
                                                  if report["errors"] else ""))
    for example in report["error_examples"][:5]:
        print(f"             e.g. {example}")
    threads = ", ".join(f"{k} {v:g}%" for k, v in sorted(
        report["server_threads_cpu_pct"].items(), key=lambda kv: -kv[1]))
    print("timeline     " + "  ".join(
        f"{row['from_s']:g}s: {row['acts_per_s']:.0f}/s p99 {row['p99']:.0f}"
        for row in report["timeline"]))
    print(f"server CPU   {report['server_cpu_pct']:.0f}% of a core ({threads}); bot workers "
          f"{report['bot_workers_cpu_pct']:.0f}%; clients {report['clients_cpu_pct']:.0f}%; "
          f"machine {report['machine_busy_pct']:.0f}% of {100 * (c['cpus'] or 1)}% "
          f"(other: kernel and outside processes {report['other_cpu_pct']:.0f}%)")
    if report["other_cpu_pct"] > OTHER_CPU_WARN:
        print(f"WARNING      {report['other_cpu_pct']:.0f}% CPU went to the kernel or to "
              "processes outside this run: the server and the clients had less than the "
              "machine; compare such figures with care")
    print(f"server RSS   idle {rss['server_idle']:.0f} MB, window start "
          f"{rss['server_start']:.0f}, end {rss['server_end']:.0f}, max "
          f"{rss['server_max']:.0f} MB; bot workers {rss['bot_workers_end']:.0f} MB "
          f"(max {rss['bot_workers_max']:.0f})")
    print(f"client lag   p99 {lag['p99']:.1f} ms, max {lag['max']:.1f} ms (event-loop "
          "oversleep of the clients; large values mean the clients, not the server, lag)")
    if "py_spy" in report:
        spy = report["py_spy"]
        print(f"py-spy       busy threads (% of wall time): {spy.get('threads_pct')}")
        for title, key in (("self", "self_pct"), ("inclusive", "inclusive_pct")):
            print(f"  {title} % of wall time:")
            for name, pct in list(spy.get(key, {}).items())[:15]:
                print(f"    {pct:5.1f}  {name}")
    if "profile" in report:
        print("\n".join(report["profile"]))
    verdict = "MET" if report["goal_met"] else "NOT MET"
    print(f"goal (p99 under {GOAL_P99_MS:g} ms with no error): {verdict}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200, help="tables kept busy (default 200)")
    p.add_argument("--game", default="papayoo")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    p.add_argument("--seconds", type=float, default=60, help="measured window (default 60)")
    p.add_argument("--warmup", type=float, default=None,
                   help="seconds between the end of setup and the window "
                   "(default: the stagger + 5)")
    p.add_argument("--timeout", type=float, default=None,
                   help="hard limit on the whole run (default: seconds + warm-up + 300)")
    p.add_argument("--think-ms", type=parse_think, default=(0.5, 1.5),
                   help="a person's think time, MS or LO-HI (default 500-1500; 0: none)")
    p.add_argument("--bot-every", type=int, default=4,
                   help="every Nth table has bots (default 4; 0: no bots)")
    p.add_argument("--bots-per-table", type=int, default=1)
    p.add_argument("--bot", default="random", help="bot of the bot seats (default random)")
    p.add_argument("--spectators", type=int, default=0, help="watchers per table (default 0)")
    p.add_argument("--clients", type=int, default=1, help="client processes (default 1)")
    p.add_argument("--client-rate", type=float, default=18.0,
                   help="messages a second one connection may send (the server allows 20)")
    p.add_argument("--no-deflate", action="store_true",
                   help="no permessage-deflate (browsers use it; on by default)")
    p.add_argument("--setup-parallel", type=int, default=16,
                   help="tables set up at once per client process")
    p.add_argument("--stagger", type=float, default=60.0,
                   help="start each table's first game after a random 0..S s wait, as people "
                   "sit down at different times (default 60, about a Papayoo round; "
                   "0: every table dealt at once, rounds in step)")
    p.add_argument("--slice", type=float, default=5.0,
                   help="seconds per line of the latency timeline (default 5)")
    p.add_argument("--grace", type=float, default=5.0,
                   help="seconds for moves in flight to reach everyone at the end")
    p.add_argument("--bot-workers", type=int, default=2)
    p.add_argument("--server-arg", action="append", default=[],
                   help="one more argument for cardroom serve (repeatable), "
                   "e.g. --server-arg=--ws-rate=100")
    p.add_argument("--seed", type=int, default=1, help="the clients' random choices")
    p.add_argument("--py-spy", type=Path, help="sample the server with py-spy into FILE (raw)")
    p.add_argument("--profile", type=Path, help="run the server under cProfile into FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.tables < 1 or args.clients < 1 or args.seconds <= 0:
        p.error("--tables and --clients must be 1 or more, --seconds above 0")
    if args.warmup is None:
        args.warmup = args.stagger + 5
    if args.timeout is None:
        args.timeout = args.seconds + args.warmup + 300
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Ctrl-C and SIGTERM stop the run cleanly (the server and the clients
    # are stopped in ``run``'s finally), even where SIGINT came in ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=1, default=str))
    else:
        show(report)
    if "failure" in report:
        return 2
    return 0 if report["goal_met"] else 1


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
