"""The room service: the live tables, their seats, connections, clocks and
bot work. Routes call it; it calls storage from one writer thread and bots
through the worker pool. Every move, a person's or a bot's, follows one
path (``_move``): apply it on the table's driver, store it (before anyone
hears of it), answer the actor, then push every connection its own
viewer's events with what it needs to draw the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from cardroom import protocol
from cardroom.core.bot import Bot
from cardroom.core.errors import BadRequest, CardroomError, GameOver, IllegalAction, NotYourTurn
from cardroom.core.events import PUBLIC
from cardroom.core.lessons import load_lesson
from cardroom.core.table import BotTurn, Thought
from cardroom.games import get_game
from cardroom.server import logs, security
from cardroom.server.admin import refuse_banned_name
from cardroom.server.bots import BotPool, Lane
from cardroom.server.clock import Clock, SystemClock
from cardroom.server.cluster import HERE, LeaseLost, Owner, default_url, make_node
from cardroom.server.config import Config
from cardroom.server.errors import (
    Forbidden,
    Moving,
    NoLesson,
    NoTable,
    SeatTaken,
    StorageFailed,
    TableFull,
    Unauthorized,
)
from cardroom.server.inputs import display_name, new_table
from cardroom.server.live import BotJob, Conn, LiveTable, build, standin, table_info
from cardroom.server.metrics import RoomMetrics
from cardroom.server.orders import apply_orders
from cardroom.server.quotas import Quotas
from cardroom.server.store import CHAT_KEPT, Control, Finish, SeatData, Store, TableData

log = logging.getLogger("cardroom.server")
T = TypeVar("T")
# Over tables kept in memory for their late watchers; older ones reload.
KEEP_FINISHED = 100
# Other nodes' tables whose owner is known at once, at most.
ELSEWHERE_KEPT = 10_000
# Tables taken at once (a takeover, or a start with many stored tables),
# and loaded at once of those.
TAKE_CLAIMED = 1000
TAKE_BATCH = 50
# A request for a table not here starts a round of taking orphans at most
# this often (seconds); the node's loop starts one every half renewal.
ORPHANS_EVERY_S = 0.25
# Threads for CPU work off the event loop (asyncio.to_thread's default count).
CPU_THREADS = min(32, (os.cpu_count() or 1) + 4)
# How often a node writes its report (its lobby tables and connections) and
# reads the others' (seconds; or each renewal, if renewals are further apart).
LOOK_EVERY_S = 2.0
# The niceness of the processes that hints and bots-only tables think in.
BACKGROUND_NICE = 10
# How often (seconds of the room's clock) idle and expired tables are ended.
SWEEP_EVERY_S = 1.0
# Threads that write to PostgreSQL at once (a pool of connections each).
POSTGRES_WRITERS = 4
# The WebSocket close code telling a client to connect again (its table
# moves to another node): 1012, service restart.
RECONNECT = 1012
# A bot that has been thinking this long (seconds) is shown as thinking.
THINKING_NOTICE_S = 0.5
# Who plays a lesson's scripted seat once its script is played out.
LESSON_BOT = "easy"


@dataclass
class Took:
    """Where a takeover's time went, for its log line: claiming the leases,
    reading the tables and replaying them (each summed over the batches; the
    rest is the event loop's, starting each table and serving meanwhile)."""

    started: float
    claimed: float = 0.0
    spent: dict[str, float] = field(default_factory=dict)

    async def timed(self, part: str, work: Awaitable[T]) -> T:
        began = time.perf_counter()
        try:
            return await work
        finally:
            self.spent[part] = self.spent.get(part, 0.0) + time.perf_counter() - began

    def line(self) -> str:
        parts = ", ".join(f"{part} {s:.2f} s" for part, s in self.spent.items())
        claim = max(0.0, self.claimed - self.started)
        return f"{time.perf_counter() - self.started:.2f} s (claim {claim:.2f} s, {parts})"


class Room:
    def __init__(self, config: Config, clock: Clock | None = None) -> None:
        self.config = config
        self.clock = clock or SystemClock()
        self.metrics = RoomMetrics(self)  # the room's own: several rooms in a test keep apart
        self.store = Store(config.db)
        url = config.node_url or default_url(config.host, config.port)
        self.node = make_node(self.store, url, config.lease_ttl_s)
        self.store.fence = self.node
        self.draining = False
        # The other nodes' lobby tables, as their last reports said.
        self.peer_tables: list[dict[str, Any]] = []
        # SQLite has one writer; PostgreSQL takes several tables' writes at
        # once (each table's own stay in order: they are made under its lock).
        writers = POSTGRES_WRITERS if self.node.several else 1
        self.writer = started_pool(writers, "cardroom-db")
        # The node's leases are renewed on a thread of their own, so that a
        # long queue of moves never lets a living node's leases run out.
        self.leasing = started_pool(1, "cardroom-lease")
        # CPU work that must not hold the event loop: dealing, replays.
        self.cpu = started_pool(CPU_THREADS, "cardroom-cpu")
        # ... and kept alive by a thread that needs nothing of the event
        # loop, which may be slow for seconds (a takeover, a flood of
        # tables) and must not lose its tables for that.
        self.report_now: dict[str, Any] = {}
        self.stopping = threading.Event()
        self.renewer = threading.Thread(target=self._keep_leases, name="cardroom-renew",
                                        daemon=True)
        self.tables: dict[str, LiveTable] = {}
        self.finished: deque[str] = deque()
        self.recent: deque[dict[str, Any]] = deque(maxlen=config.finished_in_lobby)
        self.pool: BotPool | None = None  # bot seats at people's tables
        self.background: BotPool | None = None  # hints and bots-only tables
        self.tasks: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.quotas = Quotas(config, self.clock)
        self.loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        # The round taking the tables no node plays, and whether its leases
        # are claimed (then each of its tables is loading or loaded here).
        self.taking: asyncio.Task[None] | None = None
        self.claimed = asyncio.Event()
        self.orphans_at = -ORPHANS_EVERY_S
        self.elsewhere: dict[str, tuple[Owner, float]] = {}  # owner, known until
        self.creating = asyncio.Lock()
        self.swept = 0.0

    # ----- life ----------------------------------------------------------------
    async def start(self) -> None:
        """Serve at once: tables nobody joined in time are closed in one
        statement, and the others load in the background (or when first
        asked for), so that a restart does not wait on every stored game."""
        self.loop = asyncio.get_running_loop()
        await self.db(self.store.upgrade)
        await self.lease(self.node.join)
        await self.db(self.store.expire_waiting, time.time() - self.config.waiting_ttl_s)
        for data in reversed(await self.db(self.store.finished_tables,
                                           self.config.finished_in_lobby)):
            self.recent.appendleft(table_info(data, [], [s.clock_s for s in data.seats]))
        self.pool = BotPool(self.config.bot_workers, waited=self.metrics.bot_waited)
        # Work that may wait runs in processes of its own, at a lower CPU
        # priority: on a busy machine the event loop and people's bots go first.
        self.background = BotPool(max(1, self.config.bot_workers - 1), nice=BACKGROUND_NICE,
                                  keep_one=False, waited=self.metrics.bot_waited)
        self.take_orphans()
        self.spawn(self._node_loop())
        self.renewer.start()
        if self.config.tick_s > 0:
            self.spawn(self._tick_loop())

    def take_orphans(self) -> asyncio.Task[None]:
        """Take the tables no node plays and load them (at start, every
        stored table not over; later, those of a node that stopped renewing
        its leases), unless that is under way. Up to TAKE_CLAIMED leases are
        taken in one statement; a request for one of those tables waits
        until its batch is loaded."""
        if self.taking is None or self.taking.done():
            self.orphans_at = time.monotonic()
            self.claimed = asyncio.Event()
            self.taking = self.spawn(self._take_orphans(self.claimed))
        return self.taking

    async def orphans_claimed(self) -> None:
        """Wait until the tables no node plays are claimed: by the round under
        way, else by one started since this was asked, else by one started
        once ORPHANS_EVERY_S has passed since the last began (requests for
        tables that do not exist start no more). A round that ended moments
        before may have found a lease a moment short of running out: the
        clients held for that lease ask together as it runs out, and one
        round claims all their tables."""
        asked = self.orphans_at
        while self.taking is None or self.taking.done():
            if self.orphans_at > asked:
                return  # a round began after the ask, and has ended
            wait = self.orphans_at + ORPHANS_EVERY_S - time.monotonic()
            if wait <= 0:
                self.take_orphans()
                break
            await asyncio.sleep(wait)
        await self.claimed.wait()

    async def _take_orphans(self, claimed: asyncio.Event) -> None:
        try:
            while not self.draining:
                took = Took(time.perf_counter())
                ids = await self.lease(self.node.take_orphans, TAKE_CLAIMED)
                took.claimed = time.perf_counter()
                waiting = self._loading(ids)
                claimed.set()
                loaded = await self._load_many(waiting, took)
                if self.node.several:
                    self.metrics.takeovers.inc(loaded)
                if loaded:
                    log.info("took %d %s that no node played: %s", loaded,
                             "table" if loaded == 1 else "tables", took.line())
                if len(ids) < TAKE_CLAIMED:
                    return
        finally:
            claimed.set()

    def _loading(self, ids: list[str]) -> dict[str, asyncio.Future[LiveTable | None]]:
        """A future for each of these tables not here yet, which requests
        for it wait on until it is loaded."""
        loop = asyncio.get_running_loop()
        waiting: dict[str, asyncio.Future[LiveTable | None]] = {}
        for table_id in ids:
            if not self.has(table_id):
                waiting[table_id] = self.loading[table_id] = loop.create_future()
        return waiting

    async def _load_many(self, waiting: dict[str, asyncio.Future[LiveTable | None]],
                         took: Took) -> int:
        """Load tables this node holds, TAKE_BATCH at a time, each batch in
        a few queries and one thread, the next batch read while this one is
        replayed. How many were loaded."""
        ids = list(waiting)
        batches = [ids[start:start + TAKE_BATCH] for start in range(0, len(ids), TAKE_BATCH)]
        reading: asyncio.Future[list[TableData]] | None = None
        loaded = 0
        try:
            for at, batch in enumerate(batches):
                found = await (reading or self._read(batch, took))
                reading = (asyncio.ensure_future(self._read(batches[at + 1], took))
                           if at + 1 < len(batches) else None)
                for live in await took.timed("replay", self.work(_build_each, found)):
                    self._ready(live)
                    waiting[live.id].set_result(live)
                    loaded += 1
            return loaded
        finally:
            if reading is not None:
                reading.add_done_callback(_quietly)
                reading.cancel()
            for table_id, future in waiting.items():
                if not future.done():  # not stored, or not loaded: asked for alone
                    future.set_result(None)
                self.loading.pop(table_id, None)

    async def _read(self, batch: list[str], took: Took) -> list[TableData]:
        return await took.timed("read", self.db(self.store.load_tables, batch))

    async def stop(self) -> None:
        """Hand the tables over (another node, or this one's next start,
        plays them on), then stop."""
        await self.drain()
        self.stopping.set()
        if self.renewer.is_alive():
            await self.work(self.renewer.join, 10)
        for task in list(self.tasks):
            task.cancel()
        for pool in (self.pool, self.background):
            if pool is not None:
                pool.close()
        with contextlib.suppress(Exception):
            await self.lease(self.node.leave)
        self.writer.shutdown(wait=True)
        self.leasing.shutdown(wait=True)
        self.cpu.shutdown(wait=False)
        self.store.close()

    async def drain(self) -> None:
        """Stop playing here without cutting a move in two: each table is
        taken under its lock (a move being stored finishes first), then
        every lease is let go at once and each connection told to connect
        again (WebSocket close 1012), which finds the table on another node."""
        if self.draining:
            return
        self.draining = True
        with contextlib.suppress(Exception):
            await self.lease(self.node.draining)
        tables = list(self.tables.values())
        for live in tables:
            with contextlib.suppress(Moving):
                async with live.lock:
                    live.lock.gone = True
            live.stop_bots()
        with contextlib.suppress(Exception):
            await self.lease(self.node.release, [t.id for t in tables])
        for live in tables:
            self._drop(live)

    def _drop(self, live: LiveTable) -> None:
        """The table left this node (another node plays it, or this one is
        stopping): forget it, and send its connections to connect again."""
        live.lock.gone = True
        live.stop_bots()
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        loop = asyncio.get_running_loop()
        for conn in list(live.conns):  # once the answer being made is sent
            loop.call_soon(conn.close, RECONNECT)
        live.conns.clear()

    # ----- the node ----------------------------------------------------------------
    async def _node_loop(self) -> None:
        """Look for tables to take over twice a renewal period (a dead
        node's tables wait for it), and look around every LOOK_EVERY_S or
        renewal period if longer (a report costs more than a renewal)."""
        look_every = max(LOOK_EVERY_S, self.config.lease_renew_s)
        looked = time.monotonic()
        while True:
            await asyncio.sleep(self.config.lease_renew_s / 2)
            try:
                if self.node.several:
                    self.take_orphans()
                if time.monotonic() - looked >= look_every:
                    looked = time.monotonic()
                    await self.look_around()
            except Exception:
                log.exception("looking after this node's tables failed")

    def _keep_leases(self) -> None:
        """The renewer thread: renew the leases every lease_renew_s with the
        latest report, and hand the tables lost meanwhile to the loop."""
        while not self.stopping.wait(self.config.lease_renew_s):
            try:
                lost = self.node.renew(self.report_now)
            except Exception:
                log.exception("renewing this node's leases failed")
                continue
            if lost and self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(self._lost, lost)

    def _lost(self, table_ids: list[str]) -> None:
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is not None:
                log.warning("table %s is played by another node now", table_id)
                self._drop(live)

    async def renew(self) -> None:
        """Look around and take what no node plays, then renew with that
        report now, without waiting for the node's loop and renewer thread."""
        await self.look_around()
        if self.node.several:
            await asyncio.shield(self.take_orphans())
        self._lost(await self.lease(self.node.renew, self.report_now))

    async def look_around(self) -> None:
        """The latest report, for the renewer thread; on several nodes,
        learn the others' lobby tables and the games finished last."""
        self.report_now = self.report()
        if not self.node.several or self.draining:
            return
        reports = await self.lease(self.node.peers)
        self.peer_tables = [entry for report in reports for entry in report.get("lobby", [])]
        finished = await self.db(self.store.finished_tables, self.config.finished_in_lobby)
        self.recent = deque((table_info(d, [], [s.clock_s for s in d.seats]) for d in finished),
                            maxlen=self.config.finished_in_lobby)
        self.metrics.leases_held.set(len(self.node.epochs))

    def report(self) -> dict[str, Any]:
        """What this node serves, for the other nodes' lobbies and for
        ``cardroom admin connections``: no token and no card."""
        now, wall = self.clock.now(), time.time() - time.monotonic()
        report: dict[str, Any] = {"tables": list(self.tables), "connections": [
            {"table": live.id, "seat": conn.seat, "opened_at": wall + conn.opened,
             "address_key": security.address_key(conn.address),
             "name": live.seat(conn.seat).name if conn.seat is not None else None}
            for live in self.tables.values() for conn in live.conns]}
        if self.node.several:
            report["lobby"] = [t.info(now) for t in self.tables.values()
                               if t.status != "over" and t.lesson is None]
        return report

    def has(self, table_id: str) -> bool:
        """Whether the table is played here, or being loaded to be."""
        return table_id in self.tables or table_id in self.loading

    async def owner_of(self, table_id: str) -> Owner:
        """The node that plays the table (this one, which takes it when it
        is asked for, when none does). Another node's is known for a renewal
        period, or until its lease runs out if sooner: the clients of a node
        that stopped ask again and again until its tables are taken over,
        and each would cost a query."""
        if self.has(table_id) or not self.node.several:
            return HERE
        now = time.monotonic()
        known = self.elsewhere.get(table_id)
        if known is not None and known[1] > now:
            return known[0]
        owner = await self.db(self.node.whose, table_id)
        if owner is None or owner.here:
            return HERE
        if len(self.elsewhere) >= ELSEWHERE_KEPT:
            self.elsewhere.clear()
        # Asked again when its lease would run out if its node stopped now.
        self.elsewhere[table_id] = (owner, now + min(self.config.lease_renew_s, owner.left_s))
        return owner

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def work(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on one of the room's CPU threads."""
        return await asyncio.get_running_loop().run_in_executor(self.cpu, partial(fn, *args))

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        try:
            return await loop.run_in_executor(self.writer, partial(fn, *args, **kwargs))
        finally:
            self.metrics.db_call(fn, started)

    async def lease(self, fn: Callable[..., T], *args: Any) -> T:
        """A call about the node's leases, on their own thread."""
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        try:
            return await loop.run_in_executor(self.leasing, partial(fn, *args))
        finally:
            self.metrics.db_call(fn, started)

    # ----- tables in the lobby ---------------------------------------------------
    async def get(self, table_id: str, address: str | None = None) -> LiveTable:
        """The table, loaded if need be; ``address``: the client's, whose
        requests for tables not in play are counted (Quotas.look_up)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not (0 < len(table_id) <= 32 and table_id.isascii()
                and table_id.replace("-", "").replace("_", "").isalnum()):
            raise NoTable(f"no table {table_id!r}")
        if table_id not in self.loading:
            self.quotas.look_up(address)
            if self.node.several:
                # A dead node's tables are claimed together, not one at a
                # time as its clients come asking.
                await self.orphans_claimed()
        return await self._loaded(table_id)

    async def _loaded(self, table_id: str) -> LiveTable:
        """The table once loaded here (with the load under way, or one of
        its own started now)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        pending = self.loading.get(table_id)
        if pending is not None:
            live = await asyncio.shield(pending)
            if live is not None:
                return live
            pending = self.loading.get(table_id)  # another request's load alone
        if pending is None:
            pending = self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
            pending.add_done_callback(lambda _: self.loading.pop(table_id, None))
        live = await asyncio.shield(pending)
        if live is None:
            raise NoTable(f"no table {table_id!r}")
        return live

    async def _load(self, table_id: str) -> LiveTable | None:
        owner = await self.lease(self.node.claim, table_id)
        if not owner.here:
            raise Moving("another server plays this table: ask again in a moment")
        data = None if owner.missing else await self.db(self.store.load_table, table_id)
        if data is None:
            return None
        # Replaying a long game is CPU work: not on the event loop.
        live = await self.work(build, data)
        self._ready(live)
        return live

    def _ready(self, live: LiveTable) -> None:
        """A table loaded from storage starts being played here."""
        self._arrive(live)
        if live.status == "over":
            self._keep_finished(live)
        else:
            live.reclock(self.clock.now())  # downtime is not charged to anyone
            self.schedule_bots(live)

    def _arrive(self, live: LiveTable) -> None:
        """A table enters memory: its age on the room's clock, and idle from now."""
        now = self.clock.now()
        live.started = now - max(0.0, time.time() - live.data.created_at)
        live.idle_since = now
        live.shown = asyncio.get_running_loop().time()  # its first bot move waits the delay
        self.tables[live.id] = live

    def lobby(self, offset: int, limit: int) -> dict[str, Any]:
        """Tables someone can join (first) or watch, then the games that
        finished last; one page of them."""
        now = self.clock.now()
        going: list[LiveTable | dict[str, Any]] = [
            t for t in self.tables.values() if t.status != "over" and t.lesson is None]
        going += [t for t in self.peer_tables if t["id"] not in self.tables]
        going.sort(key=lambda t: (t.status if isinstance(t, LiveTable) else t["status"])
                   != "waiting")
        rows: list[LiveTable | dict[str, Any]] = [*going, *self.recent]
        page = rows[offset:offset + limit]
        return {"tables": [r.info(now) if isinstance(r, LiveTable) else r for r in page],
                "total": len(rows), "offset": offset, "limit": limit}

    async def create(self, body: dict[str, Any], address: str,
                     account: tuple[int, str] | None) -> dict[str, Any]:
        # Checking the options deals a game, and building the table makes
        # its bots: CPU work, off the event loop.
        live = await self.work(_prepare, body)
        owner = await self._open(live, address, account)
        return {"table": live.id, "invite": f"/tables/{live.id}", "owner_token": owner,
                **live.info(self.clock.now())}

    async def create_lesson(self, game_id: str, body: dict[str, Any], address: str,
                            account: tuple[int, str] | None) -> dict[str, Any]:
        """A table that plays the game's lesson, the asker in the learner's
        seat (its token returned) and the other seats scripted; unlisted."""
        name = display_name(body.get("name"))
        await self.db(refuse_banned_name, self.store.engine, name)
        live = await self.work(_prepare_lesson, game_id)
        assert live.lesson is not None
        token = security.new_token()
        seat = live.seat(live.lesson.seat)
        seat.name, seat.token_hash, seat.control = name, security.token_hash(token), Control.SEATED
        seat.account_id = account[0] if account else None
        live.data.status = "playing"
        owner = await self._open(live, address, account)
        return {"seat": seat.seat, "token": token, "owner_token": owner,
                "table": live.info(self.clock.now())}

    async def _open(self, live: LiveTable, address: str,
                    account: tuple[int, str] | None) -> str:
        """Store a new table (within its creator's quota: a lesson's ends
        the creator's oldest lesson beyond theirs) and start it; returns
        its owner token."""
        if self.draining:
            raise Moving("this server is stopping: make the table again in a moment")
        data = live.data
        owner = security.new_token()
        data.creator_key = security.address_key(address)
        data.creator_account = account[0] if account else None
        data.owner_hash = security.token_hash(owner)
        async with self.creating:  # the count and the insert as one step
            if live.lesson is not None:
                await self._retire_lessons(data)
            else:
                counts = await self.db(self.store.open_tables_of, data.creator_key,
                                       data.creator_account)
                self.quotas.check_tables(*counts, all_bots=not live.has_human_seats())
            await self.db(self.store.create_table, data)
        log.info("table made: %s for %d", data.game, data.players, extra={"table": live.id})
        self._arrive(live)
        if live.status == "playing":
            live.reclock(self.clock.now())
            self.schedule_bots(live)
        return owner

    async def again(self, table_id: str, token: Any, address: str,
                    account: tuple[int, str] | None) -> dict[str, Any]:
        """"Play again": a person who held a seat of a finished table, with
        that seat's token, gets the same seat at the table of the next deal
        (the same game, options and seats), with a new token. The first to
        ask makes that table: the other people's seats are kept for them
        (each claims theirs with their own old token); bot seats stay bots,
        and a seat whose person left is open to anyone."""
        live = await self.get(table_id)
        async with live.lock:
            seat = self._former_seat(live, token)
            if live.data.next_table is None:
                return await self._deal_again(live, seat, address, account)
        return await self._claim(await self.get(live.data.next_table), live, seat, account)

    @staticmethod
    def _former_seat(live: LiveTable, token: Any) -> SeatData:
        if live.status != "over":
            raise Forbidden("the game is not over: play again once it is")
        if not isinstance(token, str):
            raise Unauthorized("send the seat token you played this table with")
        number = security.find(((s.seat, s.token_hash) for s in live.data.seats
                                if s.kind == "human" and s.control != Control.RESERVED), token)
        if number is None:
            raise Unauthorized("that token held no seat at this table")
        seat = live.seat(number)
        if seat.control == Control.LEFT:
            raise Forbidden("you left this table: join the next one as anyone would")
        return seat

    async def _retire_lessons(self, new: TableData) -> None:
        """End the oldest lessons of the new lesson's creator (its address
        or account) so that, with it, they have at most lessons_per_creator."""
        def mine(live: LiveTable) -> bool:
            data = live.data
            return live.lesson is not None and live.status != "over" and (
                data.creator_key == new.creator_key or (
                    new.creator_account is not None
                    and data.creator_account == new.creator_account))
        going = sorted((t for t in self.tables.values() if mine(t)),
                       key=lambda t: t.data.created_at)
        for old in going[:max(0, len(going) - self.config.lessons_per_creator + 1)]:
            async with old.lock:
                if old.status != "over":
                    await self._end(old, "stopped")

    async def _deal_again(self, live: LiveTable, seat: SeatData, address: str,
                          account: tuple[int, str] | None) -> dict[str, Any]:
        """Under the finished table's lock: make the next table, with the
        asker seated, store it linked from the finished one, and tell the
        finished table's connections where it is."""
        again = await self.work(_prepare, _again_body(live.data))
        data = again.data
        token = security.new_token()
        for old, new in zip(live.data.seats, data.seats, strict=True):
            if old is seat:
                for key, value in self._seat_fields(live, old, token, account).items():
                    setattr(new, key, value)
            elif old.kind == "human" and old.control != Control.LEFT and old.token_hash:
                new.control = Control.RESERVED
                new.name, new.token_hash = old.name, reserved_hash(old.token_hash)
        if all(s.control != Control.RESERVED and s.control != Control.OPEN for s in data.seats):
            data.status = "playing"
        owner = security.new_token()
        data.creator_key = security.address_key(address)
        data.creator_account = account[0] if account else None
        data.owner_hash = security.token_hash(owner)
        async with self.creating:  # the count and the insert as one step
            counts = await self.db(self.store.open_tables_of, data.creator_key,
                                   data.creator_account)
            self.quotas.check_tables(*counts, all_bots=False)
            await self.db(self.store.create_next, live.id, data)
        live.data.next_table = data.id
        self._arrive(again)
        if again.status == "playing":
            again.reclock(self.clock.now())
            self.schedule_bots(again)
        self._announce_next(live)
        return {"seat": seat.seat, "token": token, "owner_token": owner,
                "table": again.info(self.clock.now())}

    @staticmethod
    def _seat_fields(live: LiveTable, old: SeatData, token: str,
                     account: tuple[int, str] | None) -> dict[str, Any]:
        """The seat of the next table as its person takes it."""
        if live.data.rated and (account is None or account[0] != old.account_id):
            raise Unauthorized("a rated table is played again signed in as the same account")
        return {"name": old.name, "token_hash": security.token_hash(token),
                "account_id": old.account_id, "control": Control.SEATED}

    async def _claim(self, again: LiveTable, live: LiveTable, seat: SeatData,
                     account: tuple[int, str] | None) -> dict[str, Any]:
        """A person takes the seat kept for them at the next table."""
        async with again.lock:
            new = again.seat(seat.seat)
            kept = seat.token_hash is not None and new.token_hash is not None and (
                security.matches(new.token_hash, reserved_key(seat.token_hash)))
            if again.status == "over":
                raise TableFull("the next game is over")
            if new.control != Control.RESERVED or not kept:
                raise SeatTaken("you already took your seat at the next table")
            token = security.new_token()
            fields = self._seat_fields(live, seat, token, account)
            await self._seat_person(again, new, fields)
            return {"seat": seat.seat, "token": token, "table": again.info(self.clock.now())}

    def _announce_next(self, live: LiveTable) -> None:
        """The finished table's connections and lobby entry name the next table."""
        now = self.clock.now()
        live.push_table(now)
        for i, entry in enumerate(self.recent):
            if entry["id"] == live.id:
                self.recent[i] = live.info(now)

    async def stop_table(self, table_id: str, token: Any) -> dict[str, Any]:
        """The creator ends a table that no person plays at (it is waiting,
        or every seat is a bot's): ended as stopped, unrated."""
        live = await self.get(table_id)
        async with live.lock:
            if not isinstance(token, str) or not security.matches(live.data.owner_hash, token):
                raise Forbidden("only the table's creator may stop it (send the owner_token "
                                "that creating it gave)")
            if live.status == "over":
                raise GameOver("the game is over")
            if live.status == "playing" and live.has_people():
                raise Forbidden("people are playing at this table: it ends when they finish "
                                "or leave")
            await self._end(live, "stopped")
            return {"table": live.info(self.clock.now())}

    async def _end(self, live: LiveTable, reason: str) -> None:
        """Under the table's lock: close a table whose game did not reach its
        end (nothing is rated); its connections are told and its bots stop."""
        await self.db(self.store.end_table, live.id, reason)
        log.info("table ended: %s", reason, extra={"table": live.id})
        live.data.status, live.data.end_reason = "over", reason
        live.running.clear()
        live.stop_bots()
        live.push_table(self.clock.now())
        self._keep_finished(live)

    async def join(self, table_id: str, body: dict[str, Any],
                   account: tuple[int, str] | None) -> dict[str, Any]:
        live = await self.get(table_id)
        name = display_name(body.get("name"))
        await self.db(refuse_banned_name, self.store.engine, name)
        async with live.lock:
            seat = self._free_seat(live, body.get("seat"), account)
            token = security.new_token()
            fields = {"name": name, "token_hash": security.token_hash(token),
                      "account_id": account[0] if account else None,
                      "control": Control.SEATED}
            await self._seat_person(live, seat, fields)
        return {"seat": seat.seat, "token": token, "table": live.info(self.clock.now())}

    async def _seat_person(self, live: LiveTable, seat: SeatData,
                           fields: dict[str, Any]) -> None:
        """Under the table's lock: store a person taking ``seat`` (and the
        start when it was the last seat waiting for a person), then apply it
        and tell the table. Bots' seats are never open or reserved."""
        starting = all(s.control not in (Control.OPEN, Control.RESERVED) or s is seat
                       for s in live.data.seats)
        await self.db(self._store_join, live.id, seat.seat, fields, starting)
        for key, value in fields.items():
            setattr(seat, key, value)
        if starting:
            live.data.status = "playing"
            self._changed(live)
        else:
            live.push_table(self.clock.now())

    def _store_join(self, table_id: str, seat: int, fields: dict[str, Any],
                    starting: bool) -> None:
        self.store.update_seat(table_id, seat, **fields)
        if starting:
            self.store.set_status(table_id, "playing")

    @staticmethod
    def _free_seat(live: LiveTable, wanted: Any,
                   account: tuple[int, str] | None) -> SeatData:
        data = live.data
        if data.status == "over":
            raise TableFull("this game is over")
        if data.rated and account is None:
            raise Unauthorized("a rated table is for signed-in players: sign in first")
        if account is not None and data.rated and any(
                s.account_id == account[0] for s in data.seats):
            raise Forbidden("you already have a seat at this table")
        if wanted is None:
            free = [s for s in data.seats if s.kind == "human" and s.control == Control.OPEN]
            if not free:
                raise TableFull("every seat at this table is taken")
            return free[0]
        if isinstance(wanted, bool) or not isinstance(wanted, int) or not (
                0 <= wanted < data.players):
            raise BadRequest(f"'seat' must be a seat from 0 to {data.players - 1}")
        seat = data.seats[wanted]
        if seat.kind == "bot":
            raise SeatTaken(f"seat {wanted} is played by a bot")
        if seat.control != Control.OPEN:
            raise SeatTaken(f"seat {wanted} is taken")
        return seat

    # ----- connections -----------------------------------------------------------
    async def hello(self, conn: Conn, live: LiveTable, request: dict[str, Any]) -> dict[str, Any]:
        if conn.said_hello:
            raise BadRequest("this connection has already said hello")
        token, spectate = request.get("token"), request.get("spectate")
        async with live.lock:
            if isinstance(token, str):
                self._hold_seat(conn, live, token)
            elif spectate is True:
                conn.hold(PUBLIC, None)
            else:
                raise Unauthorized("say hello with your seat's token, or with spectate: true")
            assert conn.viewer is not None
            conn.table = live
            conn.follow(live.table)
            live.conns.add(conn)
            live.watch_idle(self.clock.now())
            if conn.seat is not None and live.seat(conn.seat).control == Control.AWAY:
                await self._back(live, conn.seat, conn)
            view = live.table.view(conn.viewer)
            info = live.info(self.clock.now())
            chat = list(live.data.chat)
        return {"seat": conn.viewer, "view": view, "table": info, "chat": chat}

    def _hold_seat(self, conn: Conn, live: LiveTable, token: str) -> None:
        seat = security.find(((s.seat, s.token_hash) for s in live.data.seats
                              if s.control != Control.RESERVED), token)
        if seat is None:
            raise Unauthorized("that token holds no seat at this table")
        hashed = security.token_hash(token)
        self.quotas.check_seat_connections(
            sum(1 for c in live.conns if c.seat == seat and c.token_hash == hashed))
        conn.hold(seat, hashed)

    def holder(self, conn: Conn, live: LiveTable) -> None:
        """Under the table's lock, before anything done for a connection:
        it must still hold its viewer. A seat is held by the token it is
        given now; a connection whose token no longer holds it (the seat
        was left, or freed and taken by someone else) holds nothing."""
        if not conn.said_hello or conn.table is not live:
            raise Unauthorized("say hello first")
        if not live.holds(conn):
            self._release(live, conn)
            raise Unauthorized("this connection no longer holds its seat (it was left or "
                               "taken by someone else): say hello again")

    def _release(self, live: LiveTable, conn: Conn) -> None:
        conn.release()
        live.conns.discard(conn)
        live.watch_idle(self.clock.now())

    def disconnect(self, conn: Conn) -> None:
        conn.close()
        if conn.table is not None:
            conn.table.conns.discard(conn)
            conn.table.watch_idle(self.clock.now())

    async def act(self, conn: Conn, seat: int, text: str) -> dict[str, Any]:
        """A person's move; answered with the events it caused that the
        connection had not been given, and the seat's view after it."""
        live = self._table(conn)
        async with live.lock:
            self.holder(conn, live)
            self._check_playing(live)
            if live.seat(seat).control == Control.LEFT:
                raise Forbidden("you left this table: a bot plays this seat now")
            _follow_lesson(live, seat, text)
            answer = await self._move(live, seat, text, conn, conn.arrived)
        assert answer is not None
        return answer

    # ----- the one commit-and-push path ----------------------------------------------
    async def _move(self, live: LiveTable, seat: int, text: str, actor: Conn | None = None,
                    since: float = 0.0) -> dict[str, Any] | None:
        """Every move, under the table's lock, top to bottom: apply it; store
        it; answer the actor (a person's connection; None for a bot); push
        every connection its own events and what it needs to draw the
        table; ask the next bot. A refused move raises and changes nothing;
        a move that cannot be stored is undone (the table reloads). ``since``:
        when the request or the bot's answer came (time.perf_counter), for
        the act-to-push metric."""
        live.table.act(seat, text)
        returned = self._take_back(live, seat) if actor is not None else {}
        finished = await self._store(live, seat, returned)
        answer = None
        if actor is not None:
            answer = protocol.acted(live.table.state, seat, actor.unseen())
        self._publish(live, actor, seats_changed=bool(returned) or finished)
        self.metrics.acted(actor is not None, since)
        self.schedule_bots(live)
        return answer

    def _take_back(self, live: LiveTable, seat: int) -> dict[int, dict[str, Any]]:
        """A person who moves while a stand-in plays for them (their clock
        ran out) is back: the seat fields to store with the move."""
        if live.seat(seat).control != Control.AWAY:
            return {}
        fields = self._return_fields(live, seat)
        self._seat_back(live, seat, fields)
        return {seat: fields}

    async def _store(self, live: LiveTable, seat: int,
                     seats: dict[int, dict[str, Any]]) -> bool:
        """Store the move just applied, in one transaction with the seats it
        changed (``seats``, and the clocks it moved) and the result if it
        ended the game; whether it ended the game. On failure the table
        reloads from storage, as if the move had never come."""
        state = live.table.state
        assert state.history is not None
        text = state.action_text(state.history[-1][1])
        now = self.clock.now()
        finish = self._finish(live) if state.is_over() else None
        if finish is not None:
            live.data.status = "over"
        changed = {number: dict(fields) for number, fields in seats.items()}
        for number, fields in live.reclock(now).items():
            changed.setdefault(number, {}).update(fields)
        try:
            await self.db(self.store.append, live.id, len(state.history) - 1, seat, text,
                          changed, finish)
        except LeaseLost:
            self._drop(live)
            raise Moving("this table moved to another server: connect again") from None
        except Exception:
            log.exception("storing an action of table %s failed", live.id)
            await self._reload(live)
            raise StorageFailed("the move could not be saved, so it was not made; "
                                "try again") from None
        live.data.actions.append((seat, text))
        if finish is not None:
            log.info("table ended: the game is over", extra={"table": live.id})
            live.data.result = finish.result
            self._keep_finished(live)
            if live.lesson is None:
                self.recent.appendleft(live.info(now))
        return finish is not None

    def _publish(self, live: LiveTable, actor: Conn | None = None,
                 seats_changed: bool = False) -> None:
        """Push what changed to every connection of the table: the table as
        the lobby shows it when its seats changed, then each connection's
        events with its view (and legal actions), then the clocks. The
        actor's pushes wait until its answer is sent."""
        now = self.clock.now()
        if actor is not None:
            actor.defer_pushes()
        if seats_changed:
            live.push_table(now)
        live.publish(now)
        live.shown = asyncio.get_running_loop().time()
        for seat in live.bots_thinking():  # a page clears its marks at each change
            live.push({"push": "thinking", "seat": seat})

    def _check_playing(self, live: LiveTable) -> None:
        if live.status == "over":
            raise GameOver("the game is over")
        if live.status == "waiting":
            taken = sum(1 for s in live.data.seats if s.control != Control.OPEN)
            raise NotYourTurn(f"the game starts when every seat is taken ({taken} of "
                              f"{live.data.players} taken)")

    def _finish(self, live: LiveTable) -> Finish:
        result = live.table.state.result().to_json()
        if not live.data.rated:
            return Finish(result)
        accounts = {s.seat: s.account_id for s in live.data.seats if s.account_id is not None}
        ranking = [[accounts[s] for s in group if s in accounts] for group in result["ranking"]]
        ranking = [g for g in ranking if g]
        return Finish(result, ranking if len(accounts) >= 2 else None)

    async def _reload(self, live: LiveTable) -> None:
        data = await self.db(self.store.load_table, live.id)
        if data is None:
            return
        fresh = build(data)
        live.stop_bots()
        live.data, live.table, live.running = fresh.data, fresh.table, {}
        live.lesson = fresh.lesson
        for conn in live.conns:
            conn.follow(live.table)
        live.reclock(self.clock.now())
        self.schedule_bots(live)

    def _changed(self, live: LiveTable, actor: Conn | None = None) -> None:
        """After a seat change that stored its own rows: clocks, pushes
        (the table's seats, then each connection's), bots."""
        live.reclock(self.clock.now())
        self._publish(live, actor, seats_changed=True)
        self.schedule_bots(live)

    def _keep_finished(self, live: LiveTable) -> None:
        self.finished.append(live.id)
        while len(self.finished) > KEEP_FINISHED:
            old = self.tables.get(self.finished.popleft())
            if old is not None and not old.conns:
                del self.tables[old.id]
                self.spawn(self.lease(self.node.release, [old.id]))

    def _table(self, conn: Conn) -> LiveTable:
        if conn.table is None:
            raise Unauthorized("say hello first")
        return conn.table

    # ----- seats coming and going ----------------------------------------------------
    async def back(self, conn: Conn) -> dict[str, Any]:
        live, seat = self._table(conn), self._own_seat(conn)
        async with live.lock:
            self.holder(conn, live)
            if live.seat(seat).control == Control.LEFT:
                raise Forbidden("you left this table: a bot plays this seat now")
            if live.seat(seat).control == Control.AWAY:
                await self._back(live, seat, conn)
            return {"table": live.info(self.clock.now())}

    async def _back(self, live: LiveTable, seat: int, actor: Conn) -> None:
        """The seat's person is back (``hello`` or ``back``): store it, then
        take the seat back and push."""
        fields = self._return_fields(live, seat)
        await self.db(self.store.update_seat, live.id, seat, **fields)
        self._seat_back(live, seat, fields)
        self._changed(live, actor)

    @staticmethod
    def _return_fields(live: LiveTable, seat: int) -> dict[str, Any]:
        """The seat as its person takes it back from the stand-in bot: with
        some time on the clock to make the next move."""
        bank = live.seat(seat).clock_s
        if bank is not None and live.data.clock is not None:
            bank = max(bank, live.data.clock[1], 20.0)
        return {"control": Control.SEATED, "clock_s": bank}

    @staticmethod
    def _seat_back(live: LiveTable, seat: int, fields: dict[str, Any]) -> None:
        info = live.seat(seat)
        info.control, info.clock_s = fields["control"], fields["clock_s"]
        live.table.set_bot(seat, None)

    async def leave(self, conn: Conn) -> dict[str, Any]:
        live, seat = self._table(conn), self._own_seat(conn)
        async with live.lock:
            self.holder(conn, live)
            info = live.seat(seat)
            if live.status == "over":
                raise GameOver("the game is over")
            if live.status == "waiting":
                fields: dict[str, Any] = {"name": None, "token_hash": None,
                                          "account_id": None, "control": Control.OPEN}
            else:
                fields = {"control": Control.LEFT,
                          "clock_s": live.remaining(seat, self.clock.now())}
            await self.db(self.store.update_seat, live.id, seat, **fields)
            for key, value in fields.items():
                setattr(info, key, value)
            live.running.pop(seat, None)
            if live.status == "playing":
                live.table.set_bot(seat, standin(live.table))
            # After leave the connection holds no seat; before the start the
            # seat's token is gone, and so is every connection holding it.
            for other in list(live.conns):
                if other is conn or not live.holds(other):
                    self._release(live, other)
            self._changed(live)
            return {"table": live.info(self.clock.now())}

    async def hand_to_bot(self, live: LiveTable, seat: int, bot: Bot,
                          name: str | None) -> None:
        """Under the table's lock, during play: ``bot`` plays a person's
        seat for good (an operator's order), as when they leave; their
        token holds the seat no more."""
        fields: dict[str, Any] = {"control": Control.LEFT, "token_hash": None, "bot": name,
                                  "clock_s": live.remaining(seat, self.clock.now())}
        await self.db(self.store.update_seat, live.id, seat, **fields)
        for key, value in fields.items():
            setattr(live.seat(seat), key, value)
        live.running.pop(seat, None)
        live.table.set_bot(seat, bot)
        self._changed(live)

    def _own_seat(self, conn: Conn) -> int:
        self._table(conn)
        if conn.seat is None:
            raise Forbidden("a spectator holds no seat")
        return conn.seat

    # ----- clocks ----------------------------------------------------------------
    async def tick(self) -> None:
        """Hand every seat whose time ran out to a stand-in bot; now and
        then, end the tables nobody keeps alive."""
        now = self.clock.now()
        for live in list(self.tables.values()):
            if not live.expired(now):
                continue
            async with live.lock:
                for seat in live.expired(self.clock.now()):
                    await self._time_out(live, seat)
        if now - self.swept >= SWEEP_EVERY_S:
            self.swept = now
            await self.sweep()

    async def sweep(self) -> None:
        for live in list(self.tables.values()):
            if self._why_end(live) is None:
                continue
            async with live.lock:
                reason = self._why_end(live)
                if reason is not None:
                    await self._end(live, reason)
        await apply_orders(self)  # an operator's orders (cardroom admin)

    def _why_end(self, live: LiveTable) -> str | None:
        """Why the table should end now, if it should: a waiting table
        nobody has been at for the waiting time (expired); a game no person
        has been connected to for the idle time, or an all-bot game past
        its longest (abandoned)."""
        if live.status == "over":
            return None
        now = self.clock.now()
        live.watch_idle(now)
        idle = 0.0 if live.idle_since is None else now - live.idle_since
        if live.status == "waiting":
            return "expired" if idle >= self.config.waiting_ttl_s else None
        if idle >= self.config.idle_end_s:
            return "abandoned"
        if not live.has_human_seats() and now - live.started >= self.config.bot_table_max_s:
            return "abandoned"
        return None

    async def _time_out(self, live: LiveTable, seat: int) -> None:
        info = live.seat(seat)
        await self.db(self.store.update_seat, live.id, seat, control=Control.AWAY, clock_s=0.0)
        live.running.pop(seat, None)
        info.control, info.clock_s = Control.AWAY, 0.0
        live.table.set_bot(seat, standin(live.table))
        self._publish(live, seats_changed=True)
        self.schedule_bots(live)

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick_s)
            try:
                await self.tick()
            except Exception:
                log.exception("the clock check failed")

    # ----- bots --------------------------------------------------------------------
    def schedule_bots(self, live: LiveTable) -> None:
        """Ask every awaited bot seat that is not already thinking for its
        move (several at once during a simultaneous choice): thinking starts
        as soon as a change is made, while the display delay runs."""
        pool, lane = self._bot_pool(live)
        if live.status != "playing" or pool is None:
            return
        for seat in live.table.awaited():
            bot, job = live.table.bots.get(seat), live.bots.get(seat)
            if bot is None or (job is not None and job.bot is bot):
                continue
            if job is not None and job.task is not None:
                job.task.cancel()  # its seat changed hands: that answer is not wanted
            self._ask_bot(live, seat, bot, pool, lane)

    def _bot_pool(self, live: LiveTable) -> tuple[BotPool | None, Lane]:
        if live.has_people():
            return self.pool, Lane.PEOPLE
        return self.background, Lane.BOTS

    def _ask_bot(self, live: LiveTable, seat: int, bot: Bot, pool: BotPool,
                 lane: Lane) -> None:
        state, now = live.table.state, asyncio.get_running_loop().time()
        job = BotJob(seat, live.table.version, bot, state.legal_texts(seat), now,
                     max(now, live.shown + self.config.bot_delay_s))
        turn = BotTurn(seat, job.version, bot, state.seen(seat), job.legal)
        live.bots[seat] = job
        job.task = asyncio.create_task(self._bot_move(live, job, turn, pool, lane))

    async def _bot_move(self, live: LiveTable, job: BotJob, turn: BotTurn, pool: BotPool,
                        lane: Lane) -> None:
        """Think out one bot move, wait out the display delay, then apply it
        if it still fits the table (else the seat is asked again)."""
        logs.about(live.id)  # not the connection whose move started this task
        thought = await self._think(live, job, turn, pool, lane)
        await asyncio.sleep(max(0.0, job.not_before - asyncio.get_running_loop().time()))
        ready = time.perf_counter()
        async with live.lock:
            if live.bots.get(job.seat) is not job:
                return  # the table ended or reloaded, or the seat changed hands
            del live.bots[job.seat]
            if not self._still_fits(live, job):
                self.schedule_bots(live)
                return
            live.table.set_bot(job.seat, thought.bot)  # its random stream moved on
            stored = await self._apply_bot(live, job.seat, thought.action, ready)
        if not stored:
            await asyncio.sleep(1.0)  # the storage failed: try again a moment later
            self.schedule_bots(live)

    async def _think(self, live: LiveTable, job: BotJob, turn: BotTurn, pool: BotPool,
                     lane: Lane) -> Thought:
        """The bot's answer; after THINKING_NOTICE_S the table is told the bot
        is thinking. A worker that died is replaced and asked again; a bot
        that fails plays its first legal move. A lesson's scripted seat
        plays its script's next action while it is legal."""
        scripted = live.scripted(job.seat)
        if scripted is not None and scripted in job.legal:
            job.thought = Thought(turn.seat, turn.version, scripted, turn.bot)
            return job.thought
        notice = asyncio.get_running_loop().call_later(
            THINKING_NOTICE_S, self._notice_thinking, live, job)
        try:
            while True:
                try:
                    job.thought = await pool.think(turn, lane, live.id)
                    return job.thought
                except BrokenProcessPool:
                    continue
                except Exception:
                    log.exception("a bot failed at table %s; it plays its first legal move",
                                  live.id)
                    job.thought = Thought(turn.seat, turn.version, turn.legal[0], turn.bot)
                    return job.thought
        finally:
            notice.cancel()

    @staticmethod
    def _notice_thinking(live: LiveTable, job: BotJob) -> None:
        if live.bots.get(job.seat) is job and job.thinking and live.status == "playing":
            job.noticed = True
            live.push({"push": "thinking", "seat": job.seat})

    @staticmethod
    def _still_fits(live: LiveTable, job: BotJob) -> bool:
        """Whether a bot's answer still fits: the game goes on, the seat is
        awaited and played by the bot that was asked, and nothing changed
        for it (the table did not move, or, during a simultaneous choice,
        only other seats chose, which leaves its legal actions as they were)."""
        table = live.table
        if live.status != "playing" or table.bots.get(job.seat) is not job.bot:
            return False
        if table.version == job.version:
            return True
        return job.seat in table.awaited() and table.state.legal_texts(job.seat) == job.legal

    async def _apply_bot(self, live: LiveTable, seat: int, action: str, since: float) -> bool:
        """Under the table's lock: play a bot's move; whether it was stored."""
        try:
            await self._move(live, seat, action, since=since)
        except StorageFailed:
            return False
        except CardroomError as err:
            # Not the move itself: it may name the seat's hidden cards.
            log.error("a bot's move for seat %d was refused at table %s (%s); it plays its "
                      "first legal move", seat, live.id, err.code)
            await self._move(live, seat, live.table.state.legal_texts(seat)[0], since=since)
        return True

    async def suggest(self, conn: Conn, bot: Any) -> dict[str, Any]:
        """What a bot would play for the connection's seat (nothing applied):
        ``action``, and ``top`` (the moves it weighed) where the bot can say."""
        live, seat = self._table(conn), self._own_seat(conn)
        if not live.data.hints:
            raise Forbidden("hints are off at this table")
        async with live.lock:
            self.holder(conn, live)
            self._check_playing(live)
            state = live.table.state
            protocol.check_awaited(state, seat)
            turn = BotTurn(seat, live.table.version, bot, state.seen(seat),
                           state.legal_texts(seat))
        assert self.background is not None
        with self.quotas.hint(live.id, seat, conn.address):
            thought = await self.background.think(turn, Lane.HINT)
        return protocol.suggested(thought.action, thought.bot)

    # ----- chat ---------------------------------------------------------------------
    async def chat(self, conn: Conn, text: str) -> None:
        live, seat = self._table(conn), self._own_seat(conn)
        async with live.lock:
            self.holder(conn, live)
            name = live.seat(seat).name or f"seat {seat}"
        at = time.time()
        await self.db(self.store.add_chat, live.id, seat, name, text, at)
        message = {"seat": seat, "name": name, "text": text, "at": at}
        live.data.chat = [*live.data.chat[1 - CHAT_KEPT:], message]
        conn.defer_pushes()
        live.push({"push": "chat", **message})

    # ----- accounts -------------------------------------------------------------------
    async def account(self, token: str | None) -> tuple[int, str] | None:
        """The account (id, name) of a session token, read from storage each
        time (a session may have ended since); None without a token."""
        if not token:
            return None
        idle = self.config.session_idle_s
        # Each use extends the session; writing it once a minute (sooner
        # for a short limit) is as good and keeps look-ups from writing.
        found = await self.db(self.store.session_account, security.token_hash(token), idle,
                              min(60.0, idle / 4))
        if found is None:
            raise Unauthorized("that sign-in has expired or is not known: sign in again")
        return found

    async def new_session(self, account_id: int) -> str:
        token = security.new_token()
        await self.db(self.store.add_session, security.token_hash(token), account_id,
                      self.config.session_idle_s)
        return token


def _quietly(future: asyncio.Future[Any]) -> None:
    """A read not waited for any more: its failure was told already."""
    if not future.cancelled():
        future.exception()


def _build_each(found: list[TableData]) -> list[LiveTable]:
    """Replay each table (CPU work, in a thread); one that fails is logged
    and left out: a request for it loads it alone and says why."""
    built = []
    for data in found:
        try:
            built.append(build(data))
        except Exception:
            log.exception("table %s could not be replayed", data.id)
    return built


def _again_body(data: TableData) -> dict[str, Any]:
    """The creation body of the table where a finished one is played again:
    the same game, options, seats and clock, a new deal (no seed, no
    stacked cards)."""
    seats: list[dict[str, Any]] = [
        {"kind": "bot", "bot": s.bot, "budget": s.budget} if s.kind == "bot" else {"kind": "human"}
        for s in data.seats]
    clock = None if data.clock is None else {"initial_s": data.clock[0],
                                             "per_move_s": data.clock[1]}
    options = {k: v for k, v in data.options.items() if k != "stack"}
    return {"game": data.game, "players": data.players, "options": options, "seats": seats,
            "rated": data.rated, "hints": data.hints, "clock": clock}


def reserved_key(token_hash: str) -> str:
    """What a seat kept for its person is claimed with: derived from the
    hash of their old token, so that the old token itself holds nothing at
    the new table."""
    return "again:" + token_hash


def reserved_hash(token_hash: str) -> str:
    return security.token_hash(reserved_key(token_hash))


def _prepare_lesson(game_id: str) -> LiveTable:
    """A lesson's table, built but not yet stored: its scripted seats are
    bots (LESSON_BOT once their script is played out)."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    if lesson is None:
        raise NoLesson(f"{game.name} has no lesson yet")
    seats = [{"kind": "human"} if seat == lesson.seat else {"kind": "bot", "bot": LESSON_BOT}
             for seat in range(lesson.players)]
    live = _prepare({"game": game.id, "players": lesson.players, "seed": lesson.seed,
                     "options": dict(lesson.options), "seats": seats, "hints": False})
    live.data.lesson, live.lesson = game.id, lesson
    return live


def _follow_lesson(live: LiveTable, seat: int, text: str) -> None:
    """At a lesson's table, the learner plays the move the lesson's step
    asks for: another legal move is refused (an illegal one is left to the
    engine, whose refusal says why)."""
    expected = live.scripted(seat) if live.lesson and seat == live.lesson.seat else None
    if expected is not None and text != expected and text in live.table.state.legal_texts(seat):
        raise IllegalAction(f"this step of the lesson asks for another move ({expected})")


def _prepare(body: dict[str, Any]) -> LiveTable:
    """The table a creation request asks for, built but not yet stored."""
    data = new_table(body)
    for seat in data.seats:
        if seat.kind == "human" and data.clock is not None:
            seat.clock_s = data.clock[0]
    return build(data)


def started_pool(workers: int, name: str) -> ThreadPoolExecutor:
    """A thread pool with every thread already running. A pool starts a
    thread when work comes and none is idle, and starting one blocks the
    caller until the new thread runs: on a loaded machine that held the
    event loop for over 0.1 s. Made before the loop serves anyone."""
    pool = ThreadPoolExecutor(workers, thread_name_prefix=name)
    ready = threading.Barrier(workers + 1)
    for _ in range(workers):
        pool.submit(ready.wait, 10)  # each waits, so the next submit starts a thread
    with contextlib.suppress(threading.BrokenBarrierError):
        ready.wait(10)
    return pool
