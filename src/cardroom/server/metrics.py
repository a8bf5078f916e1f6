"""What an operator sees of a running room: its metrics in the Prometheus
text format (version 0.0.4), and the routes ``/healthz``, ``/readyz`` and
``/metrics``.

The registry is written here rather than taken from a client library: the
room needs counters, gauges and histograms with fixed buckets, and one
registry per room (so that several rooms in one test process keep their
figures apart). Every observation and every scrape runs on the room's
event loop, so the figures need no lock; an observation costs about a
microsecond. Gauges that can be read off the room (its tables, its
connections, the bot queues) are computed when scraped, not kept in step.

Each room makes its ``RoomMetrics`` (``room.metrics``); the cluster code
sets ``leases_held`` and counts ``takeovers``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import time
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import text
from starlette.exceptions import HTTPException

from cardroom.core.events import PUBLIC

if TYPE_CHECKING:
    from cardroom.server.bots import BotPool
    from cardroom.server.config import Config
    from cardroom.server.live import LiveTable
    from cardroom.server.quotas import Quotas
    from cardroom.server.store import Store

R = TypeVar("R")


class Room(Protocol):
    """What the metrics and health routes read of a room (server/room.py),
    named here so that this module does not import the room."""

    config: Config
    store: Store
    tables: dict[str, LiveTable]
    quotas: Quotas
    pool: BotPool | None
    background: BotPool | None
    draining: bool

    @property
    def metrics(self) -> RoomMetrics: ...

    async def db(self, fn: Callable[..., R], *args: Any, **kwargs: Any) -> R: ...

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# Seconds a readiness check waits for the database.
READY_DB_TIMEOUT_S = 2.0
# Upper bounds (seconds) of the histograms' buckets; +Inf is added.
ACT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WAIT_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
LANES = ("people", "hint", "bots")  # bots.Lane's values
STATUSES = ("waiting", "playing", "over")
HOLDS = ("seat", "public", "nothing")

Labels = tuple[str, ...]
C = TypeVar("C")


# ----- the registry and its text format ----------------------------------------
def number(value: float) -> str:
    """A sample value as the text format writes it."""
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    if value == int(value) and abs(value) < 2**53:
        return str(int(value))
    return repr(value)


def escape_help(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def escape_label(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def label_text(names: Sequence[str], values: Sequence[str]) -> str:
    if not names:
        return ""
    pairs = ",".join(f'{n}="{escape_label(v)}"' for n, v in zip(names, values, strict=True))
    return "{" + pairs + "}"


class Metric(Generic[C]):
    """A metric family: its name, help, type and label names, and one child
    per set of label values (``labels(...)``; the child of no labels for a
    metric without any)."""

    kind = ""

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = ()) -> None:
        self.name, self.help, self.labelnames = name, help, tuple(labelnames)
        self.children: dict[Labels, C] = {}

    def labels(self, *values: str) -> C:
        child = self.children.get(values)
        if child is None:
            if len(values) != len(self.labelnames):
                raise ValueError(f"{self.name} takes the labels {self.labelnames}, "
                                 f"not {values}")
            child = self.children[values] = self._child()
        return child

    def _child(self) -> C:
        raise NotImplementedError

    def samples(self) -> Iterable[tuple[str, Sequence[str], Sequence[str], float]]:
        """(name suffix, extra label names, label values, value) per line."""
        raise NotImplementedError

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {escape_help(self.help)}", f"# TYPE {self.name} {self.kind}"]
        for suffix, extra, values, value in self.samples():
            labels = label_text((*self.labelnames, *extra), values)
            lines.append(f"{self.name}{suffix}{labels} {number(value)}")
        return lines


class Value:
    """A counter's or gauge's child."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0.0

    def inc(self, amount: float = 1.0) -> None:
        self.value += amount

    def dec(self, amount: float = 1.0) -> None:
        self.value -= amount

    def set(self, value: float) -> None:
        self.value = value


class Counter(Metric[Value]):
    """Counts up only (a name ending in ``_total``)."""

    kind = "counter"

    def _child(self) -> Value:
        return Value()

    def inc(self, amount: float = 1.0) -> None:
        if amount < 0:
            raise ValueError("a counter only counts up")
        self.labels().inc(amount)

    def samples(self) -> Iterable[tuple[str, Sequence[str], Sequence[str], float]]:
        return [("", (), values, child.value) for values, child in self.children.items()]


class Gauge(Metric[Value]):
    """A value that goes up and down; with ``collect``, read when scraped
    (label values -> value)."""

    kind = "gauge"

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = (),
                 collect: Callable[[], dict[Labels, float]] | None = None) -> None:
        super().__init__(name, help, labelnames)
        self.collect = collect

    def _child(self) -> Value:
        return Value()

    def set(self, value: float) -> None:
        self.labels().set(value)

    def inc(self, amount: float = 1.0) -> None:
        self.labels().inc(amount)

    def dec(self, amount: float = 1.0) -> None:
        self.labels().dec(amount)

    def samples(self) -> Iterable[tuple[str, Sequence[str], Sequence[str], float]]:
        if self.collect is not None:
            for values, value in self.collect().items():
                self.labels(*values).set(value)
        return [("", (), values, child.value) for values, child in self.children.items()]


class Buckets:
    """A histogram's child: a count per bucket (not yet cumulative), the
    sum and the count of what was observed."""

    __slots__ = ("bounds", "count", "counts", "sum")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)  # the last: over every bound
        self.sum = 0.0
        self.count = 0

    def observe(self, value: float) -> None:
        # The first bucket whose bound is >= value: Prometheus's "le".
        self.counts[bisect_left(self.bounds, value)] += 1
        self.sum += value
        self.count += 1


class Histogram(Metric[Buckets]):
    kind = "histogram"

    def __init__(self, name: str, help: str, labelnames: Sequence[str] = (),
                 buckets: Sequence[float] = ACT_BUCKETS) -> None:
        super().__init__(name, help, labelnames)
        bounds = tuple(float(b) for b in buckets)
        if list(bounds) != sorted(set(bounds)) or any(math.isinf(b) for b in bounds):
            raise ValueError(f"{name}: the bucket bounds must rise and be finite")
        self.bounds = bounds

    def _child(self) -> Buckets:
        return Buckets(self.bounds)

    def observe(self, value: float) -> None:
        self.labels().observe(value)

    def samples(self) -> Iterable[tuple[str, Sequence[str], Sequence[str], float]]:
        for values, child in self.children.items():
            total = 0
            for bound, count in zip((*self.bounds, math.inf), child.counts, strict=True):
                total += count
                yield "_bucket", ("le",), (*values, number(bound)), total
            yield "_sum", (), values, child.sum
            yield "_count", (), values, child.count


class Registry:
    """The metrics of one room, rendered in the order they were made."""

    def __init__(self) -> None:
        self.metrics: dict[str, Metric[Any]] = {}

    def add(self, metric: Metric[C]) -> Metric[C]:
        if metric.name in self.metrics:
            raise ValueError(f"a metric named {metric.name} is already registered")
        self.metrics[metric.name] = metric
        return metric

    def counter(self, name: str, help: str, labelnames: Sequence[str] = ()) -> Counter:
        metric = Counter(name, help, labelnames)
        self.add(metric)
        return metric

    def gauge(self, name: str, help: str, labelnames: Sequence[str] = (),
              collect: Callable[[], dict[Labels, float]] | None = None) -> Gauge:
        metric = Gauge(name, help, labelnames, collect)
        self.add(metric)
        return metric

    def histogram(self, name: str, help: str, labelnames: Sequence[str] = (),
                  buckets: Sequence[float] = ACT_BUCKETS) -> Histogram:
        metric = Histogram(name, help, labelnames, buckets)
        self.add(metric)
        return metric

    def render(self) -> str:
        lines: list[str] = []
        for metric in self.metrics.values():
            lines += metric.render()
        return "\n".join(lines) + "\n"


# ----- the room's metrics ----------------------------------------------------------
class RoomMetrics:
    """Every metric of a room (docs/server.md lists them)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        r = self.registry = Registry()
        r.gauge("cardroom_live_tables", "Tables in this node's memory, by status (finished "
                "ones are kept a while for late watchers).", ("status",), self._tables)
        r.gauge("cardroom_connections", "Open table connections (WebSockets), by what they "
                "hold: a seat, the public view, or nothing yet (before hello).", ("holds",),
                self._connections)
        self.acts = r.counter("cardroom_acts_total", "Moves applied and stored, by who made "
                              "them: a person or a bot (a stand-in's included).", ("by",))
        self.act_to_push = r.histogram(
            "cardroom_act_to_push_seconds", "From a person's act request arriving (or a bot's "
            "answer, once its display delay has passed) to the pushes for that move handed to "
            "every connection's send queue.", ("by",), ACT_BUCKETS)
        r.gauge("cardroom_bot_queue_depth", "Bot and hint jobs waiting for a worker, by lane.",
                ("lane",), self._waiting)
        r.gauge("cardroom_bot_workers_busy", "Bot and hint jobs in the workers' hands, by "
                "lane.", ("lane",), self._busy)
        self.bot_wait = r.histogram("cardroom_bot_wait_seconds", "From a bot or hint job "
                                    "being queued to a worker taking it, by lane.", ("lane",),
                                    WAIT_BUCKETS)
        self.db = r.histogram("cardroom_db_seconds", "Database calls from the event loop to "
                              "their answer (the wait for the one writer thread included), by "
                              "call; a move's is append.", ("call",), DB_BUCKETS)
        self.leases_held = r.gauge("cardroom_leases_held", "Table leases this node holds "
                                   "(the live tables it plays).")
        self.takeovers = r.counter("cardroom_takeovers_total", "Tables this node took over "
                                   "from a node that stopped renewing their lease.")
        self.person, self.bot = self.acts.labels("person"), self.acts.labels("bot")
        self.person_push = self.act_to_push.labels("person")
        self.bot_push = self.act_to_push.labels("bot")
        for lane in LANES:
            self.bot_wait.labels(lane)
        self.leases_held.set(0)
        self.takeovers.labels()

    def bot_waited(self, lane: str, seconds: float) -> None:
        """A bot or hint job waited ``seconds`` for a worker (BotPool)."""
        self.bot_wait.labels(lane).observe(seconds)

    def acted(self, by_person: bool, since: float) -> None:
        """A move was stored and its pushes queued; ``since``: when its
        request (or bot answer) arrived, on ``time.perf_counter``."""
        took = time.perf_counter() - since
        if by_person:
            self.person.value += 1
            self.person_push.observe(took)
        else:
            self.bot.value += 1
            self.bot_push.observe(took)

    def db_call(self, fn: Callable[..., Any], since: float) -> None:
        name = getattr(fn, "__name__", "other")
        self.db.labels(name).observe(time.perf_counter() - since)

    def render(self) -> str:
        return self.registry.render()

    # ----- read when scraped ---------------------------------------------------------
    def _tables(self) -> dict[Labels, float]:
        counts = dict.fromkeys(STATUSES, 0)
        for live in self.room.tables.values():
            counts[live.status] = counts.get(live.status, 0) + 1
        return {(status,): count for status, count in counts.items()}

    def _connections(self) -> dict[Labels, float]:
        seat = public = 0
        for live in self.room.tables.values():
            for conn in live.conns:
                if conn.viewer == PUBLIC:
                    public += 1
                elif conn.viewer is not None:
                    seat += 1
        opened = sum(self.room.quotas.connections.values())
        return {("seat",): seat, ("public",): public,
                ("nothing",): max(0, opened - seat - public)}

    def _pools(self) -> list[BotPool]:
        return [p for p in (self.room.pool, self.room.background) if p is not None]

    def _waiting(self) -> dict[Labels, float]:
        counts = dict.fromkeys(LANES, 0)
        for pool in self._pools():
            for lane, n in pool.waiting().items():
                counts[lane] += n
        return {(lane,): n for lane, n in counts.items()}

    def _busy(self) -> dict[Labels, float]:
        counts = dict.fromkeys(LANES, 0)
        for pool in self._pools():
            for lane, n in pool.busy().items():
                counts[lane] += n
        return {(lane,): n for lane, n in counts.items()}


# ----- the routes ----------------------------------------------------------------------
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_allowed(entries: Iterable[str]) -> list[Network]:
    """The addresses and networks (``10.0.0.0/8``) in ``--metrics-allow``;
    a bad one raises ValueError in a person's words."""
    networks: list[Network] = []
    for entry in entries:
        entry = entry.strip()
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"{entry!r} is not an IP address or network (such as 127.0.0.1, "
                             "::1 or 10.0.0.0/8)") from None
    return networks


def allowed(address: str, networks: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1 from a dual-stack socket
    return any(ip in net or (mapped is not None and mapped in net) for net in networks)


def routes(app: FastAPI, room: Room) -> None:
    """``/healthz``, ``/readyz`` and ``/metrics`` (only to the addresses of
    ``--metrics-allow``: anyone else gets the 404 of an unknown address).
    None is rate-limited: a load balancer asks often."""
    networks = parse_allowed(room.config.metrics_allow)
    checking: list[asyncio.Future[Any]] = []  # the database check in flight, if any

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, Any]:
        return {"ok": True}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> Response:
        why = await _not_ready(app, room, checking)
        if why is not None:
            return JSONResponse({"ok": False, "reason": why}, status_code=503)
        return JSONResponse({"ok": True})

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        if not allowed(request.client.host if request.client else "", networks):
            raise HTTPException(404, "Not Found")
        return Response(room.metrics.render(), media_type=CONTENT_TYPE)


async def _not_ready(app: FastAPI, room: Room, checking: list[asyncio.Future[Any]]) -> str | None:
    """Why the node should get no traffic now, or None when it may."""
    if not getattr(app.state, "serving", False):
        return "the room is starting or stopping"
    if getattr(room, "draining", False):
        return "the node is draining: its tables move to other nodes"
    if checking and not checking[0].done():
        return "the database has not answered the last check yet"
    checking[:] = [asyncio.ensure_future(room.db(ping, room))]
    # Read its outcome even when nobody waits for it any more (timed out).
    checking[0].add_done_callback(lambda f: f.cancelled() or f.exception())
    try:
        await asyncio.wait_for(asyncio.shield(checking[0]), READY_DB_TIMEOUT_S)
    except TimeoutError:
        return f"the database did not answer within {READY_DB_TIMEOUT_S:g} s"
    except Exception as err:
        return f"the database is not answering: {type(err).__name__}"
    return None


def ping(room: Room) -> None:
    """``SELECT 1`` (in the writer thread, like every database call)."""
    with room.store.engine.connect() as conn:
        conn.execute(text("SELECT 1"))
