"""Abuse benchmark of the card room server: honest tables play while
strangers flood it, with the honest tables' act-to-push latency and bot move
times beside a run with no attack.

What it runs
------------
``cardroom serve`` as a subprocess in its own session (bench/server_load.py's
``Server``), on a free loopback port, with SQLite in a temporary folder and
its DEFAULT limits: the only flag given is ``--bot-delay`` (0 unless
``--bot-delay`` says otherwise, so that a bot's move time is its wait for a
worker plus its thinking, which is what an attack can stretch).
``--server-arg`` passes more, for experiments; nothing raises a limit for
the attackers. Everything the server prints (stdout and stderr) goes to a
log that is searched for ``Traceback`` at the end (``--server-log FILE``
keeps a copy).

Who is who
----------
The whole 127.0.0.0/8 is loopback on Linux, and every client binds its
source address, so the server sees distinct clients:

- honest table N's people (HTTP and WebSockets): 127.0.1.(N+1);
- the owner of the account that ``guess`` attacks: 127.0.1.253;
- the stranger who signs in once a phase (below): 127.0.1.254;
- the attackers: 127.0.S.K, where S is 2 for the first attack phase, 3 for
  the next and so on (each phase's attackers are fresh clients, so that
  a per-address quota spent in one phase does not shield the next), and K
  is fixed per attack (``ADDRESSES``).

Nothing is sent anywhere but the server on 127.0.0.1.

The honest load
---------------
One client process (bench/server_load.py's ``Worker``, ``TableGame``,
``Conn`` and ``Tracker``, subclassed to bind the source addresses and to
time the bots) keeps ``--tables`` Papayoo tables busy, each with
``--people`` people (default 2) and ``medium`` bots in the other seats
(default 4 seats): the people think ``--think-ms`` (default 500-2000 ms),
ask ``legal`` and ``act``; a finished table is replaced by a new one.
Latency is measured as server_load.py measures it (the n-th ``events`` push
of each connection of a table is the table's n-th change; an act's latency
is the arrival of its change at the last of the table's connections minus
the act's send stamp).

A bot's move time is the time from the change that made a bot seat
awaited to the change that is its move, both taken at the first connection
that receives them. A change that no person's act claims is a bot's move
(the tables have no clock, so no stand-in moves): if exactly one of the
awaited bot seats is no longer awaited it moved; otherwise the lowest
awaited bot seat did, as the server moves that one first
(``Table.next_bot``; Papayoo's pass is one action a card, so a passing bot
stays awaited). Each action is a move: a bot that waits for another's
passes is timed from when it became awaited.

Phases
------
After the honest tables are set up and warmed up (``--warmup``, default
the ``--stagger`` + 2 s), the run goes through:

1. ``baseline``: no attack;
2. each attack alone, one phase each (left out with ``--no-each``), in the
   order of ``ATTACK_ORDER``: ``bot-tables`` comes last because its tables
   outlive their phase (they keep playing, as they would);
3. ``all``: every chosen attack at once;
4. ``after``: no attack again, to show what the attacks left behind.

Each phase lasts ``--seconds`` (default 10). An attack phase's attackers run
in their own process (spawned for the phase, stopped after it); between
phases the run waits for the bot workers to calm down (their CPU back near
the baseline's, at most ``--drain`` seconds, default 10): honest samples
during that wait belong to no phase. The default run (20 tables, 9 attacks)
takes about three and a half minutes.

The attacks (each paced and bounded in count and time; ``--rate`` is the
requests a second of each HTTP flood, default 100)
------------------------------------------------------------------------
- ``signin``: ``POST /api/sessions`` with unknown names from one address;
- ``signin-spread``: the same from 20 addresses (the same total rate);
- ``guess``: one real account (made first), wrong passwords from four
  addresses; at the end its owner signs in with the right password from
  another address (``owner_signin`` in the notes: locked out or not);
- ``accounts``: ``POST /api/accounts`` from one address;
- ``tables``: ``POST /api/tables`` (waiting tables, every seat human) from
  one address; at the end the lobby's length is noted;
- ``hints``: a Papayoo table of one person and three ``random`` bots; its
  seat (awaited in the pass, never acting) opens ``--hint-conns`` (20)
  connections from one address and 5 more from each of 4 other addresses;
  each says ``hello`` with the seat's token and asks ``suggest`` ``hard``
  with ``{"ms": 2000}`` again as soon as it is answered (at most 4 a second),
  reconnecting a second after being closed or refused;
- ``ws-flood``: ``--ws-flood`` (900) connections from one address to an
  honest table, ``--ws-open-rate`` (200) a second, half saying ``hello``
  as spectators, half silent, each held open until the phase ends or the
  server refuses or closes it;
- ``malformed``: two connections (reconnecting when closed) sending
  malformed, oversized and forbidden messages to an honest table in a cycle,
  and HTTP requests with oversized, chunked, non-JSON and odd bodies and
  paths;
- ``bot-tables``: Pizzamania tables of 8 ``ismcts`` seats at 5000 ms a move,
  first with ``rounds`` 1000000000 (refused once the server has a maximum),
  then with the largest number of rounds the server allows (its games
  list's ``max``, else the first of 10^6, 10^4, 1000, 100, 10, 3 that it
  takes), from one address and from four others.

What the server answered is counted per attack: each item (a request, a
message, a connection, as the attack says) is served (2xx, ``ok``, a
connection accepted or held open to the end), refused (4xx, an error
answer, a closed connection, a refused handshake) or an error (5xx,
``internal_error``, no answer in time, a failed connection).

In the middle of every phase a stranger (127.0.1.254, with an account made
at the start) signs in and reads the lobby once; what they got and how long
it took is shown per phase: the honest side of the account routes.

Output
------
A plain-text table: per phase, the honest acts' act-to-push latency (p50,
p90, p99, max), the ``medium`` bots' move times (p50, p99, max), the honest
clients' errors, CPU of the server, its bot workers and the attackers, and
whether the goal held: act-to-push p99 under 50 ms and bot moves p99 under
1 s, with no honest error. Under it, per phase: the honest clients' own
event-loop lag (p99: how late their process got the CPU, which is added to
every latency they measure) and the server's own act-to-push p99, read from
its ``/metrics`` histogram at the phase's start and end (an upper bound by
the histogram's buckets: from the act read off its socket to the pushes
queued, with no client's stall in it). Then per attack: items, served,
refused, errors and the answers counted. ``--json`` prints one JSON object on stdout (and
the table on stderr). Exit status: 0 when every phase met the goal, 1 when
not, 2 when the run failed.

Run
---
    .venv/bin/python bench/server_abuse.py                         # everything, ~3.5 min
    .venv/bin/python bench/server_abuse.py --no-each               # baseline, all, after
    .venv/bin/python bench/server_abuse.py --attacks signin,hints --seconds 20
    .venv/bin/python bench/server_abuse.py --json > abuse.json

The attackers share the machine with the server: on two cores their own
CPU (reported) is taken from it, which a real attacker's would not be.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import multiprocessing
import os
import queue
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    import httpx
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

    from server_load import (
        ANSWER_TIMEOUT_S,
        CLK_TCK,
        GOAL_P99_MS,
        Bucket,
        Change,
        Conn,
        Sampler,
        Server,
        Stats,
        TableGame,
        Tracker,
        Worker,
        WorkerSpec,
        cpu_mark,
        cpu_ticks,
        summary_ms,
        table_plans,
    )
    MISSING: ImportError | None = None
except ImportError as missing:  # --help still works; main() says what to install
    MISSING = missing
    Conn = Server = Stats = TableGame = Tracker = Worker = object  # type: ignore[misc,assignment]
    GOAL_P99_MS, ANSWER_TIMEOUT_S = 50.0, 30.0

GOAL_BOT_P99_MS = 1000.0
OTHER_CPU_WARN = 30.0
GAME, SEATS = "papayoo", 4
OWNER_ADDRESS = "127.0.1.253"
PROBE_ADDRESS = "127.0.1.254"
PROBE_TIMEOUT_S = 30.0
MAX_HONEST_TABLES = 250
CLEANUP_S = 8.0  # after a phase, for an attacker's requests in flight and its closes
HTTP_TIMEOUT_S = 10.0
ATTACK_WORKERS = 16  # requests in flight at once per HTTP flood
MAX_ITEMS = 20_000  # per flood, whatever the time

ATTACK_ORDER = ("signin", "signin-spread", "guess", "accounts", "tables", "hints",
                "ws-flood", "malformed", "bot-tables")
# attack: (first K, how many) of its addresses 127.0.S.K
ADDRESSES = {"signin": (1, 1), "signin-spread": (10, 20), "guess": (30, 5),
             "accounts": (40, 1), "tables": (45, 1), "hints": (50, 5), "bot-tables": (60, 5),
             "ws-flood": (80, 1), "malformed": (90, 2)}
LIMIT_FLAGS = ("--signin-rate", "--accounts-per-hour", "--signin-free-failures",
               "--session-idle", "--tables-per-creator", "--bot-tables-per-creator",
               "--waiting-ttl", "--idle-end", "--bot-table-max", "--lobby-page-max",
               "--ws-per-address", "--ws-per-seat", "--hello-timeout", "--hint-rate-seat",
               "--hint-rate-address", "--forwarded-allow-ips", "--ws-rate", "--http-rate",
               "--bot-workers", "--bot-delay")


def honest_address(number: int) -> str:
    return f"127.0.1.{number + 1}"


def attacker_addresses(slot: int, attack: str) -> list[str]:
    first, count = ADDRESSES[attack]
    return [f"127.0.{slot}.{first + i}" for i in range(count)]


# ----- the honest tables (one client process) -------------------------------------------
@dataclass
class HonestStats(Stats):
    """server_load's Stats, with time stamps, so that the main process can
    cut the run into phases, and with the bots' move times."""

    bot_moves_at: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds)
    bot_unattributed: int = 0
    errors_at: list[tuple[float, str, str]] = field(default_factory=list)  # (at, kind, detail)
    lags_at: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds)

    def error(self, kind: str, detail: str = "") -> None:
        super().error(kind, detail)
        if len(self.errors_at) < 10_000:
            self.errors_at.append((time.monotonic(), kind, detail[:200]))


class HonestTracker(Tracker):
    """server_load's Tracker, which also times each bot move (see the
    docstring) once its change has reached every connection (changes
    complete in order)."""

    def __init__(self, game: TableGame, connections: int) -> None:
        super().__init__(game, connections)
        self.bots = frozenset(game.plan.bot_seats)
        self.since: dict[int, float] = {}  # bot seat -> when it became awaited
        self.awaited: frozenset[int] = frozenset()  # bot seats awaited after the last change

    def arrive(self, k: int, now: float, to_act: list[int], over: bool,
               sent: float | None) -> None:
        change = self.open.get(k)
        if change is None:  # made here (as the parent would) to keep hold of it
            change = self.open[k] = Change(to_act, over)
        super().arrive(k, now, to_act, over, sent)
        if k not in self.open:
            self.time_bots(change)

    def time_bots(self, change: Change) -> None:
        stats: HonestStats = self.game.worker.stats
        at = change.arrivals[0]
        now_awaited = frozenset() if change.over else self.bots & frozenset(change.to_act)
        before = self.awaited
        if change.sent is None and before:
            gone = before - now_awaited
            # The server moves the lowest awaited bot seat first (Table.next_bot).
            mover = next(iter(gone)) if len(gone) == 1 else min(before)
            if mover not in self.since:
                stats.bot_unattributed += 1
            else:
                stats.bot_moves_at.append((at, at - self.since.pop(mover)))
        for seat in now_awaited:
            self.since.setdefault(seat, at)
        for seat in list(self.since):
            if seat not in now_awaited:
                del self.since[seat]
        self.awaited = now_awaited


class HonestConn(Conn):
    """server_load's Conn from the table's own source address."""

    async def open(self) -> None:
        game: HonestGame = self.game
        spec = game.worker.spec
        url = spec.url.replace("http://", "ws://") + f"/ws/tables/{game.table_id}"
        self.ws = await connect(url, open_timeout=ANSWER_TIMEOUT_S, ping_interval=None,
                                max_size=1 << 22, proxy=None,
                                compression="deflate" if spec.deflate else None,
                                local_addr=(game.address, 0))
        game.worker.stats.connections += 1
        self.reader = asyncio.create_task(self.read())
        answer = await self.request("hello", token=self.token)
        if not answer.get("ok"):
            raise RuntimeError(f"hello refused: {answer}")


class HonestGame(TableGame):
    """server_load's TableGame from its own address, with HonestConn and
    HonestTracker."""

    @property
    def address(self) -> str:
        return honest_address(self.plan.number)

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = await self.worker.client(self.address).post(path, json=body)
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
            self.conns.append(HonestConn(self, seat, joined["token"]))
        await asyncio.gather(*(c.open() for c in self.conns))
        await self.barrier()
        self.worker.stats.tables_started += 1

    async def barrier(self) -> None:
        await super().barrier()
        # No await since the parent made its tracker: no push has reached it.
        assert self.tracker is not None
        self.tracker = HonestTracker(self, self.tracker.connections)


class HonestWorker(Worker):
    """server_load's Worker, measuring from a "go" to a "stop" order (the
    phases are cut out afterwards by time stamp)."""

    game_class = HonestGame

    def __init__(self, spec: WorkerSpec, control: Any, results: Any) -> None:
        super().__init__(spec, control, results)
        self.stats: HonestStats = HonestStats()
        self.clients: dict[str, httpx.AsyncClient] = {}

    def client(self, address: str) -> httpx.AsyncClient:
        if address not in self.clients:
            self.clients[address] = httpx.AsyncClient(
                base_url=self.spec.url, timeout=ANSWER_TIMEOUT_S, trust_env=False,
                transport=httpx.AsyncHTTPTransport(local_address=address))
        return self.clients[address]

    async def measure(self, order: tuple[Any, ...]) -> None:
        """From the "go" order to the "stop" one (the phases are cut out
        afterwards by time stamp)."""
        self.window.start, self.window.end = order[1], math.inf
        cpu = time.process_time()
        await asyncio.get_running_loop().run_in_executor(None, self.wait_order)
        self.window.end = time.monotonic()
        self.stats.cpu_s = time.process_time() - cpu

    async def close_clients(self) -> None:
        for client in [self.http, *self.clients.values()]:
            with contextlib.suppress(Exception):
                await client.aclose()

    def record_lag(self, at: float, lag: float) -> None:
        self.stats.lags_at.append((at, lag))


def honest_main(spec: WorkerSpec, control: Any, results: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process stops the run
    try:
        asyncio.run(HonestWorker(spec, control, results).run())
    except Exception:
        results.put(("crash", spec.index, traceback.format_exc()))


# ----- the attackers (one process per phase) ----------------------------------------------
class Outcome(NamedTuple):
    kind: str  # served, refused or error
    label: str


class Tally:
    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.labels: Counter[str] = Counter()
        self.answer_ms: dict[str, list[float]] = {"served": [], "refused": [], "error": []}
        self.notes: dict[str, Any] = {}

    def add(self, outcome: Outcome, prefix: str = "") -> None:
        self.kinds[outcome.kind] += 1
        self.labels[prefix + outcome.label] += 1

    def to_json(self) -> dict[str, Any]:
        return {"items": sum(self.kinds.values()), "served": self.kinds["served"],
                "refused": self.kinds["refused"], "errors": self.kinds["error"],
                "answers": dict(self.labels.most_common()),
                "answer_ms": {kind: summary_ms([ms / 1000 for ms in values])
                              for kind, values in self.answer_ms.items() if values},
                "notes": self.notes}


def http_outcome(answer: httpx.Response) -> Outcome:
    code = ""
    with contextlib.suppress(ValueError, KeyError, TypeError, AttributeError):
        code = " " + str(answer.json()["error"]["code"])
    status = answer.status_code
    kind = "served" if status < 400 else "refused" if status < 500 else "error"
    return Outcome(kind, f"{status}{code}" if status >= 400 else "2xx")


def closed_outcome(err: ConnectionClosed) -> Outcome:
    if err.rcvd is None:
        return Outcome("refused", "closed, no close frame (1006)")
    code = err.rcvd.code
    return Outcome("error" if code == 1011 else "refused", f"closed {code}")


@dataclass(frozen=True)
class AttackSpec:
    phase: str
    attacks: tuple[str, ...]
    url: str
    slot: int
    rate: float
    inflight: int
    hint_conns: int
    ws_flood: int
    ws_open_rate: float
    seed: int
    deadline: float
    nice: int = 0


class Attack:
    """What one attack of a phase uses: its addresses, its tally, its time."""

    def __init__(self, owner: Attacker, name: str) -> None:
        self.owner, self.name = owner, name
        self.spec = owner.spec
        self.addresses = attacker_addresses(self.spec.slot, name)
        self.tally = Tally()
        self.rng = random.Random(hash((self.spec.seed, self.spec.phase, name)))
        self.tasks: set[asyncio.Task[Any]] = set()

    @property
    def until(self) -> float:
        return self.owner.until

    def running(self) -> bool:
        return time.monotonic() < self.until

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, min(seconds, self.until - time.monotonic())))

    def http(self, address: str) -> httpx.AsyncClient:
        return self.owner.http(address)

    def name_like(self, prefix: str) -> str:
        return f"{prefix}{self.rng.getrandbits(48):012x}"

    async def request(self, address: str, method: str, path: str,
                      **kwargs: Any) -> tuple[Outcome, httpx.Response | None]:
        began = time.monotonic()
        try:
            answer = await self.http(address).request(method, path, **kwargs)
        except httpx.TimeoutException as err:
            return Outcome("error", f"no answer ({type(err).__name__})"), None
        except httpx.HTTPError as err:
            return Outcome("error", f"failed ({type(err).__name__})"), None
        outcome = http_outcome(answer)
        self.tally.answer_ms[outcome.kind].append(1000 * (time.monotonic() - began))
        return outcome, answer

    async def counted(self, address: str, method: str, path: str, prefix: str = "",
                      **kwargs: Any) -> tuple[Outcome, httpx.Response | None]:
        try:
            outcome, answer = await self.request(address, method, path, **kwargs)
        except asyncio.CancelledError:
            self.tally.add(Outcome("error", "no answer (cut off after the phase)"), prefix)
            raise
        self.tally.add(outcome, prefix)
        return outcome, answer

    async def flood(self, one: Callable[[int], Awaitable[None]], rate: float,
                    workers: int = ATTACK_WORKERS, limit: int = MAX_ITEMS) -> None:
        """``one(i)`` for i = 0, 1, ... at most ``rate`` a second and
        ``workers`` at once, until the phase ends or ``limit`` is reached."""
        bucket = Bucket(rate, max(1.0, rate / 10))
        numbers = itertools.count()

        async def worker() -> None:
            while self.running():
                await bucket.take()
                i = next(numbers)
                if i >= limit or not self.running():
                    return
                await one(i)

        await asyncio.gather(*(worker() for _ in range(workers)))

    async def ws_open(self, address: str, table: str) -> tuple[Outcome, ClientConnection | None]:
        url = self.spec.url.replace("http://", "ws://") + f"/ws/tables/{table}"
        try:
            ws = await connect(url, open_timeout=HTTP_TIMEOUT_S, ping_interval=None,
                               close_timeout=2, max_size=1 << 22, proxy=None, compression=None,
                               local_addr=(address, 0))
        except InvalidStatus as err:
            status = err.response.status_code
            return Outcome("error" if status >= 500 else "refused", f"handshake {status}"), None
        except ConnectionClosed as err:
            return closed_outcome(err), None
        except (OSError, TimeoutError, InvalidHandshake) as err:
            return Outcome("error", f"connect failed ({type(err).__name__})"), None
        return Outcome("served", "connection accepted"), ws

    async def ask(self, ws: ClientConnection, message: dict[str, Any] | str | bytes,
                  timeout: float = ANSWER_TIMEOUT_S) -> tuple[Outcome, dict[str, Any] | None]:
        """Send one message and wait for the first answer (pushes skipped)."""
        began = time.monotonic()
        try:
            await ws.send(json.dumps(message) if isinstance(message, dict) else message)
            while True:
                left = began + timeout - time.monotonic()
                if left <= 0:
                    return Outcome("error", "no answer in time"), None
                reply = json.loads(await asyncio.wait_for(ws.recv(), left))
                if isinstance(reply, dict) and "push" not in reply:
                    break
        except ConnectionClosed as err:
            return closed_outcome(err), None
        except TimeoutError:
            return Outcome("error", "no answer in time"), None
        if reply.get("ok"):
            outcome = Outcome("served", "ok")
        else:
            code = (reply.get("error") or {}).get("code", "?")
            outcome = Outcome("error" if code == "internal_error" else "refused", f"error {code}")
        self.tally.answer_ms[outcome.kind].append(1000 * (time.monotonic() - began))
        return outcome, reply

    async def hold(self, ws: ClientConnection) -> Outcome:
        """Read (and drop) pushes until the phase ends, the server closes or
        it sends an error (a refusal, before it closes)."""
        began = time.monotonic()
        try:
            while True:
                left = self.until - time.monotonic()
                if left <= 0:
                    return Outcome("served", "open at the end")
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), left))
                except TimeoutError:
                    continue
                if isinstance(message, dict) and message.get("ok") is False:
                    code = (message.get("error") or {}).get("code", "?")
                    after = _rough(time.monotonic() - began)
                    return Outcome("refused", f"error {code} after {after}")
        except ConnectionClosed as err:
            closed = closed_outcome(err)
            after = time.monotonic() - began
            return Outcome(closed.kind, f"{closed.label} after {_rough(after)}")

    async def honest_table(self, address: str) -> str | None:
        """A table where people are playing (for the WebSocket attacks)."""
        _, answer = await self.request(address, "GET", "/api/tables")
        with contextlib.suppress(ValueError, KeyError, TypeError, AttributeError):
            assert answer is not None
            for table in answer.json()["tables"]:
                people = [s for s in table["seats"] if s["kind"] == "human"]
                if table["status"] == "playing" and len(people) >= 2:
                    return str(table["id"])
        return None


def _rough(seconds: float) -> str:
    """A duration rounded for counting alike ones together."""
    for edge in (1, 2, 5, 10, 20, 30, 60):
        if seconds < edge:
            return f"<{edge} s"
    return ">60 s"


async def attack_signin(a: Attack) -> None:
    async def one(i: int) -> None:
        await a.counted(a.addresses[i % len(a.addresses)], "POST", "/api/sessions",
                        json={"name": a.name_like("nobody"), "password": "x" * 8})
    await a.flood(one, a.spec.rate, a.spec.inflight)


async def attack_guess(a: Attack) -> None:
    victim, secret = a.name_like("victim"), "the right password"
    maker, guessers = a.addresses[-1], a.addresses[:-1]
    made, _ = await a.request(maker, "POST", "/api/accounts",
                              json={"name": victim, "password": secret})
    a.tally.notes["victim_created"] = made.label
    if made.kind != "served":
        return

    async def one(i: int) -> None:
        await a.counted(guessers[i % len(guessers)], "POST", "/api/sessions",
                        json={"name": victim, "password": f"guess{i:06d}"})

    async def owner() -> None:
        """Near the end, the account's owner signs in with the right password."""
        await a.pause(a.until - time.monotonic() - 2.0)
        a.tally.notes["owner_signin"] = "no answer by the end of the clean-up"
        began = time.monotonic()
        signed, _ = await a.request(OWNER_ADDRESS, "POST", "/api/sessions",
                                    json={"name": victim, "password": secret})
        a.tally.notes["owner_signin"] = f"{signed.label} in {time.monotonic() - began:.1f} s"

    await asyncio.gather(a.flood(one, a.spec.rate, a.spec.inflight), owner())


async def attack_accounts(a: Attack) -> None:
    async def one(i: int) -> None:
        await a.counted(a.addresses[0], "POST", "/api/accounts",
                        json={"name": a.name_like("acct"), "password": "x" * 12})
    await a.flood(one, a.spec.rate, a.spec.inflight)


async def attack_tables(a: Attack) -> None:
    async def one(i: int) -> None:
        await a.counted(a.addresses[0], "POST", "/api/tables",
                        json={"game": GAME, "players": SEATS})
    await a.flood(one, a.spec.rate, a.spec.inflight)
    _, lobby = await a.request(a.addresses[0], "GET", "/api/tables")
    if lobby is not None and lobby.is_success:
        a.tally.notes["lobby_tables"] = len(lobby.json().get("tables", []))
        a.tally.notes["lobby_bytes"] = len(lobby.content)


async def attack_hints(a: Attack) -> None:
    home = a.addresses[0]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (SEATS - 1)
    made, answer = await a.request(home, "POST", "/api/tables",
                                   json={"game": GAME, "players": SEATS, "seats": seats})
    if answer is None or made.kind != "served":
        a.tally.notes["setup"] = f"table: {made.label}"
        return
    table = answer.json()["table"]
    joined, answer = await a.request(home, "POST", f"/api/tables/{table}/join",
                                     json={"name": "hinter", "seat": 0})
    if answer is None or joined.kind != "served":
        a.tally.notes["setup"] = f"join: {joined.label}"
        return
    token = answer.json()["token"]
    slots = [home] * a.spec.hint_conns + [addr for addr in a.addresses[1:] for _ in range(5)]
    hellos: Counter[str] = Counter()

    async def slot(address: str) -> None:
        while a.running():
            opened, ws = await a.ws_open(address, table)
            if ws is None:
                a.tally.add(opened, "handshake: ")
                await a.pause(1.0)
                continue
            try:
                said, reply = await a.ask(ws, {"id": 0, "cmd": "hello", "token": token})
                a.tally.add(said, "hello: ")
                hellos[f"{'home' if address == home else 'other'} address: {said.label}"] += 1
                n = 0
                while reply is not None and said.kind == "served" and a.running():
                    n += 1
                    sent = time.monotonic()
                    asked, reply = await a.ask(ws, {"id": n, "cmd": "suggest", "bot": "hard",
                                                    "budget": {"ms": 2000}})
                    a.tally.add(asked, "suggest: ")
                    if reply is None:
                        break
                    await a.pause(0.25 - (time.monotonic() - sent))
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 3)
            await a.pause(1.0)

    await asyncio.gather(*(slot(address) for address in slots))
    a.tally.notes["hellos"] = dict(hellos)


async def attack_bot_tables(a: Attack) -> None:
    def body(rounds: int) -> dict[str, Any]:
        seat = {"kind": "bot", "bot": "ismcts", "budget": {"ms": 5000}}
        return {"game": "pizzamania", "players": 8, "seats": [seat] * 8,
                "options": {"rounds": rounds}}

    home = a.addresses[0]
    made: Counter[str] = Counter()
    huge, _ = await a.counted(home, "POST", "/api/tables", "rounds 1e9: ", json=body(10**9))
    a.tally.notes["rounds_1e9"] = huge.label
    rounds: int | None = 10**9
    if huge.kind == "served":
        made[home] += 1
    else:
        rounds = None
        _, games = await a.request(home, "GET", "/api/games")
        declared = None
        with contextlib.suppress(ValueError, KeyError, TypeError, AttributeError, StopIteration):
            assert games is not None
            pizza = next(g for g in games.json()["games"] if g["id"] == "pizzamania")
            declared = pizza["options"]["rounds"].get("max")
        for tried in [declared] if isinstance(declared, int) else [
                10**6, 10**4, 1000, 100, 10, 3]:
            outcome, _ = await a.counted(home, "POST", "/api/tables", f"rounds {tried}: ",
                                         json=body(tried))
            if outcome.kind == "served":
                rounds = tried
                made[home] += 1
                break
        a.tally.notes["rounds_max_declared"] = declared
    a.tally.notes["rounds_used"] = rounds
    if rounds is None:
        return

    async def creator(address: str) -> None:
        for _ in range(50):
            if not a.running():
                return
            outcome, _ = await a.counted(address, "POST", "/api/tables", json=body(rounds))
            if outcome.kind == "served":
                made[address] += 1
            await a.pause(0.5)

    await asyncio.gather(*(creator(address) for address in a.addresses))
    a.tally.notes["tables_made"] = {"one address": made[home],
                                    "other addresses": sum(made.values()) - made[home]}


async def attack_ws_flood(a: Attack) -> None:
    home = a.addresses[0]
    table = await a.honest_table(home)
    if table is None:
        a.tally.notes["setup"] = "no table in play to aim at"
        return
    live, peak = 0, 0

    async def one(i: int) -> None:
        nonlocal live, peak
        opened, ws = await a.ws_open(home, table)
        if ws is None:
            a.tally.add(opened)
            return
        live += 1
        peak = max(peak, live)
        try:
            label = "silent: "
            if i % 2 == 0:
                label = "hello: "
                said, _ = await a.ask(ws, {"id": 0, "cmd": "hello", "spectate": True})
                if said.kind != "served":
                    a.tally.add(said, label)
                    return
            a.tally.add(await a.hold(ws), label)
        finally:
            live -= 1
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 3)

    tasks: list[asyncio.Task[None]] = []

    async def start(i: int) -> None:
        tasks.append(asyncio.create_task(one(i)))

    await a.flood(start, rate=a.spec.ws_open_rate, workers=1, limit=a.spec.ws_flood)
    if tasks:
        await asyncio.wait(tasks, timeout=max(0.0, a.until - time.monotonic()) + CLEANUP_S - 2)
    a.tally.notes["peak_open"] = peak
    a.tally.notes["target"] = "a table in play"


def _malformed_ws() -> list[tuple[str, Any]]:
    """(label, message) to send after a spectator's hello; the first ones
    before it."""
    return [
        ("20 KiB text", json.dumps({"id": 4, "cmd": "chat", "text": "x" * 20_000})),
        ("not JSON", "{nope"),
        ("NaN", '{"id": 5, "cmd": "view", "since": NaN}'),
        ("nested 5000 deep", "[" * 5000 + "]" * 5000),
        ("a JSON array", "[1, 2, 3]"),
        ("binary frame", b"\x00\xff" * 50),
        ("binary bad UTF-8", b"\xff\xfe{"),
        ("unknown cmd", {"id": 6, "cmd": "x" * 1000}),
        ("id 10 KiB", {"id": {"k": list(range(2000))}, "cmd": "result"}),
        ("referee view", {"id": 7, "cmd": "view", "seat": None}),
        ("another seat", {"id": 8, "cmd": "view", "seat": 99}),
        ("since -5", {"id": 9, "cmd": "view", "since": -5}),
        ("since 10^30", {"id": 10, "cmd": "view", "since": 10**30}),
        ("spectator acts", {"id": 11, "cmd": "act", "action": "x"}),
        ("spectator suggests", {"id": 12, "cmd": "suggest", "bot": "hard"}),
        ("spectator chats", {"id": 13, "cmd": "chat", "text": "hi"}),
        ("hello again", {"id": 14, "cmd": "hello", "spectate": True}),
        ("load", {"id": 15, "cmd": "load", "record": {}}),
        ("100 KiB text", json.dumps({"id": 16, "cmd": "chat", "text": "y" * 100_000})),
    ]


MALFORMED_BEFORE_HELLO: list[tuple[str, Any]] = [
    ("cmd before hello", {"id": 1, "cmd": "view"}),
    ("hello bad token", {"id": 2, "cmd": "hello", "token": "x" * 40}),
    ("hello token 12", {"id": 3, "cmd": "hello", "token": 12}),
]


def _malformed_http(table: str) -> list[tuple[str, str, str, dict[str, Any]]]:
    async def chunks() -> Any:
        for _ in range(8):
            yield b"x" * 8192

    return [
        ("body 20 KiB", "POST", "/api/tables", {"content": b"{" + b" " * 20_000 + b"}",
                                                 "headers": {"content-type": "application/json"}}),
        ("chunked 64 KiB", "POST", "/api/tables", {"content": chunks()}),
        ("not JSON", "POST", "/api/tables", {"content": b"{nope"}),
        ("a JSON array", "POST", "/api/tables", {"json": []}),
        ("players 10^20", "POST", "/api/tables", {"json": {"game": GAME, "players": 10**20}}),
        ("budget 1e308", "POST", "/api/tables", {"json": {
            "game": GAME, "players": SEATS,
            "seats": [{"kind": "bot", "bot": "ismcts", "budget": {"ms": 1e308}}] * SEATS}}),
        ("clock NaN", "POST", "/api/tables", {
            "content": b'{"game": "papayoo", "players": 4, "clock": {"initial_s": NaN}}'}),
        ("sign-in name a list", "POST", "/api/sessions", {"json": {"name": ["a"],
                                                                   "password": {}}}),
        ("account name 10k", "POST", "/api/accounts", {"json": {"name": "a" * 10_000,
                                                               "password": "x" * 8}}),
        ("path ..%2f", "GET", "/api/tables/..%2f..%2fetc", {}),
        ("replay seat abc", "GET", f"/api/tables/{table}/replay?seat=abc", {}),
        ("replay step 10^23", "GET", f"/api/tables/{table}/replay?step=" + "9" * 23, {}),
        ("record in play", "GET", f"/api/tables/{table}/record", {}),
        ("join, control chars", "POST", f"/api/tables/{table}/join",
         {"json": {"name": "\u0000\u202e"}}),
        ("bearer 5000", "GET", "/api/me", {"headers": {"authorization": "Bearer " + "x" * 5000}}),
        ("leaderboard ../", "GET", "/api/leaderboard/..%2f..", {}),
    ]


async def attack_malformed(a: Attack) -> None:
    home = a.addresses[0]
    table = await a.honest_table(home)
    if table is None:
        a.tally.notes["setup"] = "no table in play to aim at"
        return

    async def socket(address: str) -> None:
        while a.running():
            opened, ws = await a.ws_open(address, table)
            if ws is None:
                a.tally.add(opened, "ws handshake: ")
                await a.pause(1.0)
                continue
            try:
                plan = [*MALFORMED_BEFORE_HELLO, ("hello", {"id": 0, "cmd": "hello",
                                                            "spectate": True}),
                        *_malformed_ws()]
                for label, message in plan:
                    if not a.running():
                        break
                    outcome, reply = await a.ask(ws, message, timeout=HTTP_TIMEOUT_S)
                    a.tally.add(outcome, f"ws {label}: ")
                    if reply is None:
                        break
                    await a.pause(0.2)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 3)
            await a.pause(0.5)

    async def requests() -> None:
        while a.running():
            for label, method, path, kwargs in _malformed_http(table):
                if not a.running():
                    return
                await a.counted(home, method, path, f"http {label}: ", **kwargs)
                await a.pause(0.2)

    await asyncio.gather(requests(), *(socket(address) for address in a.addresses))


ATTACKS: dict[str, Callable[[Attack], Awaitable[None]]] = {
    "signin": attack_signin, "signin-spread": attack_signin, "guess": attack_guess,
    "accounts": attack_accounts, "tables": attack_tables, "hints": attack_hints,
    "ws-flood": attack_ws_flood, "malformed": attack_malformed, "bot-tables": attack_bot_tables,
}


class Attacker:
    """One phase's attacks on one event loop."""

    def __init__(self, spec: AttackSpec, control: Any, results: Any) -> None:
        self.spec, self.control, self.results = spec, control, results
        self.until = math.inf
        self.clients: dict[str, httpx.AsyncClient] = {}

    def http(self, address: str) -> httpx.AsyncClient:
        if address not in self.clients:
            self.clients[address] = httpx.AsyncClient(
                base_url=self.spec.url, timeout=HTTP_TIMEOUT_S, trust_env=False,
                transport=httpx.AsyncHTTPTransport(
                    local_address=address,
                    limits=httpx.Limits(max_connections=ATTACK_WORKERS)))
        return self.clients[address]

    def wait_order(self) -> tuple[Any, ...]:
        try:
            order: tuple[Any, ...] = self.control.get(
                timeout=max(1.0, self.spec.deadline - time.monotonic()))
        except queue.Empty:
            return ("stop",)
        return order

    async def run(self) -> None:
        self.results.put(("ready",))
        order = await asyncio.get_running_loop().run_in_executor(None, self.wait_order)
        if order[0] != "go":
            self.results.put(("result", {}))
            return
        start, self.until = order[1], order[2]
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        attacks = {name: Attack(self, name) for name in self.spec.attacks}
        tasks = {asyncio.create_task(self.guarded(a)): a for a in attacks.values()}
        _, pending = await asyncio.wait(
            tasks, timeout=max(0.0, self.until - time.monotonic()) + CLEANUP_S)
        for task in pending:
            task.cancel()
            tasks[task].tally.notes["cut_off"] = "still busy after the phase's clean-up time"
        if pending:
            await asyncio.wait(pending, timeout=3)
        for client in self.clients.values():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.aclose(), 3)
        self.results.put(("result", {name: a.tally.to_json() for name, a in attacks.items()}))

    @staticmethod
    async def guarded(a: Attack) -> None:
        try:
            await ATTACKS[a.name](a)
        except Exception:
            a.tally.notes["attack_failed"] = traceback.format_exc(limit=4)[-600:]


def attacker_main(spec: AttackSpec, control: Any, results: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if spec.nice > 0:
        os.nice(spec.nice)
    with contextlib.suppress(ValueError, OSError):  # room for the WebSocket flood
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    try:
        asyncio.run(Attacker(spec, control, results).run())
    except Exception:
        results.put(("crash", traceback.format_exc()))


# ----- the run ---------------------------------------------------------------------------
class Probe(threading.Thread):
    """In the middle of a phase a person signs in and reads the lobby, from
    an address of their own: what a stranger finds while the attacks run."""

    def __init__(self, url: str, account: tuple[str, str] | None, at: float) -> None:
        super().__init__(daemon=True)
        self.url, self.account, self.at = url, account, at
        self.result: dict[str, Any] = {}

    def run(self) -> None:
        time.sleep(max(0.0, self.at - time.monotonic()))
        asks: list[tuple[str, str, str, Any]] = [("lobby", "GET", "/api/tables", None)]
        if self.account:
            name, secret = self.account
            asks.insert(0, ("signin", "POST", "/api/sessions",
                            {"name": name, "password": secret}))
        with httpx.Client(base_url=self.url, timeout=PROBE_TIMEOUT_S, trust_env=False,
                          transport=httpx.HTTPTransport(local_address=PROBE_ADDRESS)) as client:
            for label, method, path, body in asks:
                began = time.monotonic()
                try:
                    outcome = http_outcome(client.request(method, path, json=body)).label
                except httpx.HTTPError as err:
                    outcome = f"no answer ({type(err).__name__})"
                self.result[label] = {"answer": outcome,
                                      "ms": 1000 * (time.monotonic() - began)}


def probe_account(url: str) -> tuple[tuple[str, str] | None, str]:
    """The account the probe signs in to, made from the probe's address."""
    name, secret = f"probe{random.getrandbits(32):08x}", "a probe's password"
    try:
        with httpx.Client(base_url=url, timeout=PROBE_TIMEOUT_S, trust_env=False,
                          transport=httpx.HTTPTransport(local_address=PROBE_ADDRESS)) as client:
            made = http_outcome(client.post("/api/accounts",
                                            json={"name": name, "password": secret}))
    except httpx.HTTPError as err:
        return None, f"no answer ({type(err).__name__})"
    return ((name, secret) if made.kind == "served" else None), made.label


class AbuseServer(Server):
    """server_load's Server with the server's default limits."""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "cardroom", "serve",
                "--db", f"sqlite:///{self.folder / 'abuse.db'}", "--port", str(self.port),
                "--bot-delay", f"{self.args.bot_delay:g}", *self.args.server_arg]


def serve_help() -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cardroom", "serve", "--help"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def limit_flags(helper: subprocess.Popen[str]) -> dict[str, bool]:
    """Which of the limits' flags ``cardroom serve --help`` shows."""
    try:
        text, _ = helper.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        helper.kill()
        text, _ = helper.communicate()
    return {flag: re.search(re.escape(flag) + r"\b", text or "") is not None
            for flag in LIMIT_FLAGS}


def proc_ticks(pid: int | None) -> int:
    return cpu_ticks(f"/proc/{pid}/stat") if pid else 0


def bot_ticks(server: AbuseServer) -> int:
    return sum(cpu_ticks(f"/proc/{p}/stat") for p in server.bot_pids())


def open_fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def nofile_limit(pid: int) -> str:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return line.split()[3]
    return "?"


def drain(server: AbuseServer, calm_pct: float, limit_s: float, deadline: float) -> dict[str, Any]:
    """Wait (at most ``limit_s``) for the bot workers' CPU to fall to ``calm_pct``."""
    began = time.monotonic()
    pct = math.nan
    while time.monotonic() - began < limit_s and time.monotonic() < deadline:
        before, at = bot_ticks(server), time.monotonic()
        time.sleep(1.0)
        pct = 100 * (bot_ticks(server) - before) / CLK_TCK / (time.monotonic() - at)
        if pct <= calm_pct:
            return {"drain_s": time.monotonic() - began, "calm": True, "bot_workers_pct": pct}
    return {"drain_s": time.monotonic() - began, "calm": False, "bot_workers_pct": pct}


def phase_list(args: argparse.Namespace) -> list[tuple[str, tuple[str, ...]]]:
    attacks = tuple(a for a in ATTACK_ORDER if a in args.attacks)
    phases: list[tuple[str, tuple[str, ...]]] = [("baseline", ())]
    if args.each:
        phases += [(a, (a,)) for a in attacks]
    if attacks and (len(attacks) > 1 or not args.each):
        phases.append(("all", attacks))
    if not args.no_after:
        phases.append(("after", ()))
    return phases


def get_message(q: Any, deadline: float, what: str) -> tuple[Any, ...]:
    try:
        message: tuple[Any, ...] = q.get(timeout=max(0.1, deadline - time.monotonic()))
    except queue.Empty:
        raise TimeoutError(f"no word from {what} before the hard timeout") from None
    return message


def run(args: argparse.Namespace) -> dict[str, Any]:
    began = time.monotonic()
    deadline = began + args.timeout
    think_lo, think_hi = args.think_ms
    phases = phase_list(args)
    folder = Path(tempfile.mkdtemp(prefix="cardroom-abuse-"))
    server = AbuseServer(folder, args)
    context = multiprocessing.get_context("spawn")
    honest_results: Any = context.Queue()
    honest_control: Any = context.Queue()
    honest: Any = None
    attacker: Any = None
    sampler: Sampler | None = None
    report: dict[str, Any] = {"config": {
        "tables": args.tables, "game": GAME, "seats": SEATS, "people": args.people,
        "bot": "medium", "think_ms": [1000 * think_lo, 1000 * think_hi],
        "seconds": args.seconds, "warmup": args.warmup, "stagger": args.stagger,
        "drain_max": args.drain, "rate": args.rate, "inflight": args.inflight,
        "hint_conns": args.hint_conns, "ws_flood": args.ws_flood,
        "ws_open_rate": args.ws_open_rate,
        "attacks": [a for a in ATTACK_ORDER if a in args.attacks],
        "phases": [p for p, _ in phases], "bot_delay": args.bot_delay,
        "server_args": args.server_arg, "cpus": os.cpu_count(),
        "goal": {"act_to_push_p99_ms": GOAL_P99_MS, "bot_move_p99_ms": GOAL_BOT_P99_MS}}}
    marks: list[dict[str, Any]] = []
    timings: dict[str, float] = {}
    probes: list[Probe] = []
    report["timings_s"] = timings
    try:
        helper = serve_help()
        server.start(deadline)
        report["config"]["server_limit_flags"] = limit_flags(helper)
        report["config"]["server_command"] = " ".join(server.command()[1:])
        report["config"]["server_nofile"] = nofile_limit(server.pid)
        report["config"]["server_pid"] = server.pid  # its process group too
        sampler = Sampler(server)
        sampler.sample()
        sampler.start()
        account, made = probe_account(server.url)
        report["config"]["probe_account"] = made
        timings["server_up"] = time.monotonic() - began
        plans = table_plans(args.tables, SEATS, 1, SEATS - args.people)
        spec = WorkerSpec(
            index=0, url=server.url, game=GAME, players=SEATS, options={}, tables=tuple(plans),
            bot="medium", spectators=0, think_lo_s=think_lo, think_hi_s=think_hi,
            client_rate=18.0, client_burst=18.0, deflate=True, setup_parallel=8,
            stagger_s=args.stagger, grace_s=3.0, seed=args.seed, deadline=deadline)
        honest = context.Process(target=honest_main, args=(spec, honest_control, honest_results),
                                 daemon=True, name="abuse-honest")
        honest.start()
        kind, *payload = get_message(honest_results, deadline, "the honest clients")
        if kind == "crash":
            raise RuntimeError(f"the honest clients crashed:\n{payload[1]}")
        report["setup_s"] = timings["honest_ready"] = time.monotonic() - began
        go = time.monotonic() + args.warmup
        honest_control.put(("go", go))
        time.sleep(max(0.0, go - time.monotonic()))
        calm_pct = math.inf
        for number, (name, attacks) in enumerate(phases):
            if number > 0:
                marks[-1].update(drain(server, calm_pct, args.drain, deadline))
            slot = 1 + sum(1 for _, a in phases[:number + 1] if a)
            attack_results: Any = None
            if attacks:
                attack_results = context.Queue()
                attack_control = context.Queue()
                attacker = context.Process(
                    target=attacker_main, name=f"abuse-attacker-{name}",
                    args=(AttackSpec(name, attacks, server.url, slot, args.rate,
                                     args.inflight, args.hint_conns, args.ws_flood,
                                     args.ws_open_rate, args.seed, deadline,
                                     args.attacker_nice),
                          attack_control, attack_results), daemon=True)
                attacker.start()
                kind, *payload = get_message(attack_results, deadline, "the attackers")
                if kind == "crash":
                    raise RuntimeError(f"the attackers crashed:\n{payload[0]}")
            t0 = time.monotonic() + 0.05
            t1 = t0 + args.seconds
            if attacks:
                attack_control.put(("go", t0, t1))
            probe = Probe(server.url, account, t0 + args.seconds / 2)
            probe.start()
            timings[f"{name} start"] = t0 - began
            time.sleep(max(0.0, t0 - time.monotonic()))
            first = cpu_mark(server)
            pushes0 = person_pushes(server.url)
            ticks0 = (proc_ticks(honest.pid), proc_ticks(attacker.pid if attacks else None))
            fds_peak = open_fds(server.pid)
            while time.monotonic() < t1:
                time.sleep(min(1.0, max(0.0, t1 - time.monotonic())))
                fds_peak = max(fds_peak, open_fds(server.pid))
            last = cpu_mark(server)
            server_pushes = server_p99_bound(pushes0, person_pushes(server.url))
            ticks1 = (proc_ticks(honest.pid), proc_ticks(attacker.pid if attacks else None))
            rss = sampler.sample()
            probe.join(max(0.0, t1 + 1 - time.monotonic()))
            probes.append(probe)
            wall = last.at - first.at
            mark: dict[str, Any] = {
                "name": name, "attacks": list(attacks), "t0": t0, "t1": t1,
                "addresses": f"127.0.{slot}.K" if attacks else None,
                "server_cpu_pct": sum(100 * (v - first.server.get(k, 0)) / CLK_TCK / wall
                                      for k, v in last.server.items()),
                "server_loop_cpu_pct": 100 * (last.server.get("event loop", 0)
                                              - first.server.get("event loop", 0))
                / CLK_TCK / wall,
                "bot_workers_cpu_pct": 100 * (last.bots - first.bots) / CLK_TCK / wall,
                "honest_clients_cpu_pct": 100 * (ticks1[0] - ticks0[0]) / CLK_TCK / wall,
                "attackers_cpu_pct": 100 * (ticks1[1] - ticks0[1]) / CLK_TCK / wall,
                "bench_main_cpu_pct": 100 * (last.bench - first.bench) / wall,
                "machine_busy_pct": 100 * (last.machine[0] - first.machine[0])
                / max(1, last.machine[1] - first.machine[1]) * (os.cpu_count() or 1),
                "server_rss_mb": rss[1] / 1024, "bot_workers_rss_mb": rss[2] / 1024,
                "server_fds_peak": fds_peak, "bot_workers": len(server.bot_pids()),
                "server_act_to_push": server_pushes,
                "probe": probe.result}  # filled in by the probe, maybe after the phase
            mark["other_cpu_pct"] = mark["machine_busy_pct"] - sum(mark[k] for k in (
                "server_cpu_pct", "bot_workers_cpu_pct", "honest_clients_cpu_pct",
                "attackers_cpu_pct", "bench_main_cpu_pct"))
            if name == "baseline":
                calm_pct = mark["bot_workers_cpu_pct"] + 15.0
            if attacks:
                kind, *payload = get_message(attack_results, min(deadline, t1 + CLEANUP_S + 30),
                                             "the attackers")
                if kind == "crash":
                    raise RuntimeError(f"the attackers crashed:\n{payload[0]}")
                mark["attack_results"] = payload[0]
                attacker.join(10)
                if attacker.is_alive():
                    attacker.kill()
                    attacker.join(5)
                attacker = None
            timings[f"{name} done"] = time.monotonic() - began
            marks.append(mark)
        honest_control.put(("stop",))
        for probe in probes:  # a stranger's sign-in may still wait for its answer
            probe.join(max(0.0, probe.at + 2 * PROBE_TIMEOUT_S - time.monotonic()))
        while True:
            kind, *payload = get_message(honest_results, deadline, "the honest clients")
            if kind == "crash":
                raise RuntimeError(f"the honest clients crashed:\n{payload[1]}")
            if kind == "result":
                stats = payload[1]
                break
        timings["honest_result"] = time.monotonic() - began
        report["phases"] = [phase_report(m, stats, go) for m in marks]
        report["honest_totals"] = {
            "connections": stats["connections"], "tables_started": stats["tables_started"],
            "bot_unattributed": stats["bot_unattributed"],
            "errors_outside_phases": sum(1 for at, _, _ in stats["errors_at"]
                                         if not any(m["t0"] <= at < m["t1"] for m in marks)),
            "error_examples": stats["error_examples"][:10]}
    except TimeoutError as err:
        report["failure"] = str(err)
    except KeyboardInterrupt:
        report["failure"] = "interrupted"
    except Exception as err:
        report["failure"] = f"{err}"
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if sampler is not None:
            sampler.halt.set()
        with contextlib.suppress(Exception):
            honest_control.put(("stop",))
        for proc in (attacker, honest):
            if proc is None:
                continue
            proc.join(timeout=max(1.0, min(15.0, deadline + 30 - time.monotonic())))
            if proc.is_alive():
                proc.terminate()
                proc.join(5)
            if proc.is_alive():
                proc.kill()
        server.stop()
        timings["server_stopped"] = time.monotonic() - began
        report["server"] = server_health(server, sampler, report.get("phases", []))
        if args.server_log:
            with contextlib.suppress(OSError):
                shutil.copyfile(server.log_path, args.server_log)
        shutil.rmtree(folder, ignore_errors=True)
        report["run_s"] = time.monotonic() - began
    if "failure" not in report:
        report["goal_met"] = all(p["goal_met"] for p in report["phases"])
    return report


_PERSON_BUCKET = re.compile(
    r'^cardroom_act_to_push_seconds_bucket\{by="person",le="([^"]+)"\} (\S+)$', re.M)


def person_pushes(url: str) -> dict[float, int]:
    """The server's own act-to-push histogram of people's moves, read from
    its ``/metrics`` (which answers 127.0.0.1): the count at or under each
    bucket bound, in seconds; empty when it cannot be read."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"{url}/metrics", timeout=5) as answer:
            text = answer.read().decode()
    except OSError:
        return {}
    return {float(m[1]): int(float(m[2])) for m in _PERSON_BUCKET.finditer(text)}


def server_p99_bound(before: dict[float, int], after: dict[float, int]) -> dict[str, Any]:
    """The acts the server counted between two readings and the smallest
    bucket bound (ms) that 99% of them are under: the server's clock, from
    the act read off its socket to the pushes queued, with no client's
    stall in it (the clients share this machine's cores with the attackers)."""
    deltas = {bound: count - before.get(bound, 0) for bound, count in after.items()}
    total = deltas.get(math.inf, 0)
    under = [bound for bound in sorted(deltas) if total and deltas[bound] >= 0.99 * total]
    return {"count": total, "p99_at_most_ms": under[0] * 1000 if under else None}


def phase_report(mark: dict[str, Any], stats: dict[str, Any], go: float) -> dict[str, Any]:
    t0, t1 = mark["t0"], mark["t1"]
    latencies = [v for v, at in zip(stats["latencies"], stats["sent_at"], strict=True)
                 if t0 <= go + at < t1]
    bots = [v for at, v in stats["bot_moves_at"] if t0 <= at < t1]
    errors = Counter(kind for at, kind, _ in stats["errors_at"] if t0 <= at < t1)
    examples = [f"{kind}: {detail}" for at, kind, detail in stats["errors_at"]
                if t0 <= at < t1][:5]
    lags = [v for at, v in stats["lags_at"] if t0 <= at < t1]
    latency, bot = summary_ms(latencies), summary_ms(bots)
    error_count = sum(errors.values())
    out = {k: v for k, v in mark.items() if k not in ("t0", "t1")}
    out.update({
        "window_s": t1 - t0,
        "latency_ms": latency, "bot_move_ms": bot,
        "acts_per_s": latency["count"] / (t1 - t0),
        "honest_errors": error_count, "honest_error_kinds": dict(errors),
        "honest_error_examples": examples, "client_lag_ms": summary_ms(lags),
        "goal_met": (error_count == 0 and latency["count"] > 0 and bot["count"] > 0
                     and latency["p99"] < GOAL_P99_MS and bot["p99"] < GOAL_BOT_P99_MS)})
    return out


def server_health(server: AbuseServer, sampler: Sampler | None,
                  phases: list[dict[str, Any]]) -> dict[str, Any]:
    try:
        text = server.log_path.read_text(errors="replace")
    except OSError:
        text = ""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if "Traceback" in line), None)
    five = Counter()
    for phase in phases:
        for result in (phase.get("attack_results") or {}).values():
            for label, count in result["answers"].items():
                if re.search(r"(^|: )5\d\d\b|internal_error|closed 1011", label):
                    five[label] += count
    return {"tracebacks": text.count("Traceback"),
            "first_traceback": "\n".join(lines[first:first + 40]) if first is not None else None,
            "error_lines": sum(1 for line in lines if line.startswith(("ERROR", "CRITICAL"))),
            "log_tail": "\n".join(lines[-15:]),
            "server_errors_answered": dict(five),
            "rss_max_mb": max((r[1] for r in sampler.samples), default=0) / 1024
            if sampler else math.nan}


# ----- the report ------------------------------------------------------------------------
def _ms(value: float) -> str:
    if value != value:  # nan
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def show(report: dict[str, Any], out: Any = sys.stdout) -> None:
    def say(text: str = "") -> None:
        print(text, file=out)

    c = report["config"]
    say(f"cardroom server abuse: {c['tables']} {c['game']} tables of {c['people']} people + "
        f"{c['seats'] - c['people']} {c['bot']} bots, think {c['think_ms'][0]:g}-"
        f"{c['think_ms'][1]:g} ms; {c['seconds']:g} s a phase; attack rate {c['rate']:g}/s; "
        f"{c['cpus']} CPUs")
    if c.get("server_command"):
        say(f"server: {c['server_command']} (default limits; open files {c.get('server_nofile')})")
    flags = c.get("server_limit_flags") or {}
    missing = [f for f, present in flags.items() if not present]
    if missing:
        say(f"limit flags not in this server's --help: {' '.join(missing)}")
    if "failure" in report:
        say(f"RUN FAILED: {report['failure']}")
    phases = report.get("phases", [])
    if phases:
        say()
        say(f"goal: act->push p99 < {GOAL_P99_MS:g} ms and {c['bot']} bot move p99 < "
            f"{GOAL_BOT_P99_MS:g} ms, no honest error")
        say(f"{'phase':<14}{'acts':>6} {'act->push ms p50':>17}{'p90':>7}{'p99':>7}{'max':>7}"
            f" {'bot moves':>9} {'bot ms p50':>10}{'p99':>7}{'max':>7} {'errors':>6}"
            f" {'server%':>7}{'loop%':>6}{'bots%':>6}{'atk%':>5}{'other%':>7}  goal")
        for p in phases:
            lat, bot = p["latency_ms"], p["bot_move_ms"]
            say(f"{p['name']:<14}{lat['count']:>6} {_ms(lat['p50']):>17}{_ms(lat['p90']):>7}"
                f"{_ms(lat['p99']):>7}{_ms(lat['max']):>7} {bot['count']:>9} "
                f"{_ms(bot['p50']):>10}{_ms(bot['p99']):>7}{_ms(bot['max']):>7} "
                f"{p['honest_errors']:>6} {p['server_cpu_pct']:>7.0f}"
                f"{p['server_loop_cpu_pct']:>6.0f}{p['bot_workers_cpu_pct']:>6.0f}"
                f"{p['attackers_cpu_pct']:>5.0f}{max(0.0, p['other_cpu_pct']):>7.0f}  "
                f"{'met' if p['goal_met'] else 'NOT MET'}")
        busy = [p["name"] for p in phases if p["other_cpu_pct"] > OTHER_CPU_WARN]
        if busy:
            say(f"WARNING: over {OTHER_CPU_WARN:g}% of a core went to the kernel or to processes "
                f"outside this run in {', '.join(busy)}: the server had less than the machine")
        say("(CPU in % of a core: server = its process, loop = its event loop thread, bots = "
            "its bot workers, atk = the attackers, other = kernel and outside processes)")
        for p in phases:
            extra = []
            if p.get("drain_s") is not None:
                extra.append(f"then waited {p['drain_s']:.1f} s for the bot workers "
                             f"({'calm' if p['calm'] else 'still busy'}, "
                             f"{p['bot_workers_pct']:.0f}%)")
            if p["honest_errors"]:
                extra.append(f"honest errors {p['honest_error_kinds']}")
            probe = p.get("probe") or {}
            if probe:
                extra.append("a stranger's " + ", ".join(
                    f"{what} {r['answer']} in {_ms(r['ms'])} ms" for what, r in probe.items()))
            extra.append(f"server RSS {p['server_rss_mb']:.0f} MB, fds peak "
                         f"{p['server_fds_peak']}, client lag p99 "
                         f"{_ms(p['client_lag_ms']['p99'])} ms")
            own = p.get("server_act_to_push") or {}
            if own.get("p99_at_most_ms") is not None:
                extra.append(f"the server's own act->push p99 <= {own['p99_at_most_ms']:g} ms "
                             f"({own['count']} acts)")
            say(f"  {p['name']:<14}" + "; ".join(extra))
            for example in p["honest_error_examples"][:2]:
                say(f"  {'':<14}e.g. {example[:160]}")
        say()
        say(f"{'phase':<14}{'attack':<15}{'items':>7}{'served':>8}{'refused':>8}{'errors':>7}"
            "  answers")
        for p in phases:
            for name, r in (p.get("attack_results") or {}).items():
                answers = ", ".join(f"{label} {n}" for label, n in r["answers"].items())
                say(f"{p['name']:<14}{name:<15}{r['items']:>7}{r['served']:>8}"
                    f"{r['refused']:>8}{r['errors']:>7}  {answers[:600]}")
                if r["notes"]:
                    notes = "; ".join(f"{k} {v}" for k, v in r["notes"].items())
                    say(f"{'':<29}notes: {notes[:600]}")
    health = report.get("server")
    if health:
        say()
        say(f"server: {health['tracebacks']} Traceback(s) and {health['error_lines']} ERROR "
            f"line(s) in its log; 5xx/internal errors answered to attackers: "
            f"{sum(health['server_errors_answered'].values())}"
            + (f" {health['server_errors_answered']}" if health["server_errors_answered"]
               else "") + f"; RSS max {health['rss_max_mb']:.0f} MB")
        if health["first_traceback"]:
            say("first traceback:\n" + health["first_traceback"])
        if "failure" in report and health["log_tail"]:
            say("server log (last lines):\n" + health["log_tail"])
    if "goal_met" in report:
        say(f"goal in every phase: {'MET' if report['goal_met'] else 'NOT MET'} "
            f"(run {report['run_s']:.0f} s)")


def parse_think(text: str) -> tuple[float, float]:
    lo_text, _, hi_text = text.partition("-")
    lo = float(lo_text)
    hi = float(hi_text) if hi_text else lo
    if lo < 0 or hi < lo:
        raise argparse.ArgumentTypeError(f"--think-ms wants MS or LO-HI (LO <= HI), got {text!r}")
    return lo / 1000, hi / 1000


def parse_attacks(text: str) -> list[str]:
    if text in ("all", ""):
        return list(ATTACK_ORDER) if text else []
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [n for n in names if n not in ATTACK_ORDER]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown attack(s) {', '.join(unknown)} (known: {', '.join(ATTACK_ORDER)})")
    return names


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="attacks: " + ", ".join(ATTACK_ORDER))
    p.add_argument("--seconds", type=float, default=10.0, help="per phase (default 10)")
    p.add_argument("--tables", type=int, default=20, help="honest tables (default 20)")
    p.add_argument("--people", type=int, default=2,
                   help=f"people a table, the other of its {SEATS} seats medium bots (default 2)")
    p.add_argument("--think-ms", type=parse_think, default=(0.5, 2.0),
                   help="a person's think time, MS or LO-HI (default 500-2000)")
    p.add_argument("--attacks", type=parse_attacks, default=list(ATTACK_ORDER),
                   help="comma list of attacks, or 'all' (the default)")
    p.add_argument("--no-each", dest="each", action="store_false",
                   help="no phase per attack: baseline, all at once, after")
    p.add_argument("--no-after", action="store_true", help="no 'after' phase")
    p.add_argument("--rate", type=float, default=100.0,
                   help="requests a second of each HTTP flood (default 100)")
    p.add_argument("--inflight", type=int, default=ATTACK_WORKERS,
                   help=f"requests in flight at once per HTTP flood (default {ATTACK_WORKERS})")
    p.add_argument("--hint-conns", type=int, default=20,
                   help="connections of the hint flood's seat from its own address (default 20)")
    p.add_argument("--ws-flood", type=int, default=900,
                   help="connections of the WebSocket flood (default 900)")
    p.add_argument("--ws-open-rate", type=float, default=200.0,
                   help="connections a second the WebSocket flood opens (default 200)")
    p.add_argument("--attacker-nice", type=int, default=0, metavar="N",
                   help="run the attackers at this niceness (1-19), so that on one machine "
                   "they take the server's CPU only when it is idle, as attackers on other "
                   "machines would (default 0: they compete for it)")
    p.add_argument("--stagger", type=float, default=5.0,
                   help="start each honest table's first game within S s (default 5)")
    p.add_argument("--warmup", type=float, default=None,
                   help="seconds from the end of setup to the first phase (default stagger + 2)")
    p.add_argument("--drain", type=float, default=10.0,
                   help="the most seconds to wait between phases for the bot workers to calm "
                   "down (default 10)")
    p.add_argument("--bot-delay", type=float, default=0.0,
                   help="the server's --bot-delay (default 0: a bot's move time is its wait "
                   "and its thinking; the server's own default is 0.4)")
    p.add_argument("--server-arg", action="append", default=[],
                   help="one more argument for cardroom serve (repeatable)")
    p.add_argument("--server-log", type=Path, help="keep a copy of the server's output here")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=None,
                   help="hard limit on the whole run (default: the phases' time + 180 s)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object on stdout (the table goes to stderr)")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= MAX_HONEST_TABLES or args.seconds <= 0:
        p.error(f"--tables must be 1 to {MAX_HONEST_TABLES}, --seconds above 0")
    if not 1 <= args.people < SEATS:
        p.error(f"--people must be 1 to {SEATS - 1}")
    if args.warmup is None:
        args.warmup = args.stagger + 2
    if args.timeout is None:
        phases = len(phase_list(args))
        args.timeout = args.warmup + phases * (args.seconds + args.drain + 4) + 180
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if MISSING is not None:
        print(f"server_abuse needs httpx and websockets ({MISSING}): "
              "pip install httpx websockets", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    report = run(args)
    if args.json:
        show(report, sys.stderr)
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
