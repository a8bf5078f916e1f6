"""The room service: the live tables, their seats, connections, clocks and
bot work. Routes call it; it calls storage from one writer thread and bots
through the worker pool. Every change follows one path: apply on the
table's driver, store (before anyone hears of it), then push to every
connection of the table, each from its own viewer's events.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

from cardroom.core.errors import BadRequest, CardroomError, GameOver, NotYourTurn
from cardroom.core.events import PUBLIC
from cardroom.core.table import BotTurn, Thought
from cardroom.server import security
from cardroom.server.bots import BotPool
from cardroom.server.clock import Clock, SystemClock
from cardroom.server.config import Config
from cardroom.server.errors import (
    Forbidden,
    NoTable,
    SeatTaken,
    StorageFailed,
    TableFull,
    Unauthorized,
)
from cardroom.server.live import Conn, LiveTable, build, standin, table_info
from cardroom.server.requests import display_name, new_table
from cardroom.server.store import Finish, SeatData, Store

log = logging.getLogger("cardroom.server")
T = TypeVar("T")
# Over tables kept in memory for their late watchers; older ones reload.
KEEP_FINISHED = 100


class Room:
    def __init__(self, config: Config, clock: Clock | None = None) -> None:
        self.config = config
        self.clock = clock or SystemClock()
        self.store = Store(config.db)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="cardroom-db")
        self.tables: dict[str, LiveTable] = {}
        self.finished: deque[str] = deque()
        self.recent: deque[dict[str, Any]] = deque(maxlen=config.finished_in_lobby)
        self.pool: BotPool | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    # ----- life ----------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self.db(self.store.upgrade)
        for data in await self.db(self.store.live_tables):
            live = build(data)
            self.tables[data.id] = live
            live.reclock(self.clock.now())  # downtime is not charged to anyone
        for data in reversed(await self.db(self.store.finished_tables,
                                           self.config.finished_in_lobby)):
            self.recent.appendleft(table_info(data, [], [s.clock_s for s in data.seats]))
        self.pool = BotPool(self.config.bot_workers)
        for live in self.tables.values():
            self.schedule_bots(live)
        if self.config.tick_s > 0:
            self.spawn(self._tick_loop())

    async def stop(self) -> None:
        for task in list(self.tasks) + [t.bot_task for t in self.tables.values() if t.bot_task]:
            task.cancel()
        for live in self.tables.values():
            for conn in list(live.conns):
                conn.close()
        if self.pool is not None:
            self.pool.close()
        self.writer.shutdown(wait=True)
        self.store.close()

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writer, partial(fn, *args, **kwargs))

    # ----- tables in the lobby ---------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not (0 < len(table_id) <= 32 and table_id.replace("-", "").replace("_", "").isalnum()):
            raise NoTable(f"no table {table_id!r}")
        data = await self.db(self.store.load_table, table_id)
        if data is None:
            raise NoTable(f"no table {table_id!r}")
        live = self.tables.get(table_id) or build(data)
        self.tables[table_id] = live
        if live.status == "over":
            self._keep_finished(live)
        return live

    def lobby(self) -> list[dict[str, Any]]:
        now = self.clock.now()
        open_ = [t.info(now) for t in self.tables.values() if t.status != "over"]
        return open_ + list(self.recent)

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        data = new_table(body)
        for seat in data.seats:
            if seat.kind == "human" and data.clock is not None:
                seat.clock_s = data.clock[0]
        live = build(data)
        await self.db(self.store.create_table, data)
        self.tables[data.id] = live
        if live.status == "playing":
            live.reclock(self.clock.now())
            self.schedule_bots(live)
        return {"table": data.id, "invite": f"/tables/{data.id}",
                **live.info(self.clock.now())}

    async def join(self, table_id: str, body: dict[str, Any],
                   account: tuple[int, str] | None) -> dict[str, Any]:
        live = await self.get(table_id)
        name = display_name(body.get("name"))
        async with live.lock:
            seat = self._free_seat(live, body.get("seat"), account)
            token = security.new_token()
            fields = {"name": name, "token_hash": security.token_hash(token),
                      "account_id": account[0] if account else None, "control": "seated"}
            humans = [s for s in live.data.seats if s.kind == "human"]
            starting = all(s.control != "open" or s is seat for s in humans)
            await self.db(self._store_join, live.id, seat.seat, fields, starting)
            for key, value in fields.items():
                setattr(seat, key, value)
            if starting:
                live.data.status = "playing"
                self._changed(live)
            live.push_table(self.clock.now())
        return {"seat": seat.seat, "token": token, "table": live.info(self.clock.now())}

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
            free = [s for s in data.seats if s.kind == "human" and s.control == "open"]
            if not free:
                raise TableFull("every seat at this table is taken")
            return free[0]
        if isinstance(wanted, bool) or not isinstance(wanted, int) or not (
                0 <= wanted < data.players):
            raise BadRequest(f"'seat' must be a seat from 0 to {data.players - 1}")
        seat = data.seats[wanted]
        if seat.kind == "bot":
            raise SeatTaken(f"seat {wanted} is played by a bot")
        if seat.control != "open":
            raise SeatTaken(f"seat {wanted} is taken")
        return seat

    # ----- connections -----------------------------------------------------------
    async def hello(self, conn: Conn, live: LiveTable, request: dict[str, Any]) -> dict[str, Any]:
        if conn.said_hello:
            raise BadRequest("this connection has already said hello")
        token, spectate = request.get("token"), request.get("spectate")
        async with live.lock:
            if isinstance(token, str):
                seat = security.find(((s.seat, s.token_hash) for s in live.data.seats), token)
                if seat is None:
                    raise Unauthorized("that token holds no seat at this table")
                conn.viewer = seat
            elif spectate is True:
                conn.viewer = PUBLIC
            else:
                raise Unauthorized("say hello with your seat's token, or with spectate: true")
            conn.said_hello, conn.table = True, live
            conn.position = live.table.state.log.size(conn.viewer)
            live.conns.add(conn)
            if conn.seat is not None and live.seat(conn.seat).control == "away":
                await self._back(live, conn.seat)
            view = live.table.view(conn.viewer)
            info = live.info(self.clock.now())
        chat = await self.db(self.store.chat, live.id, 50)
        return {"seat": conn.viewer, "view": view, "table": info, "chat": chat}

    def disconnect(self, conn: Conn) -> None:
        conn.close()
        if conn.table is not None:
            conn.table.conns.discard(conn)

    async def act(self, conn: Conn, seat: int, text: str, rid: Any) -> None:
        """Apply, store, answer the actor, then push to everyone."""
        live = self._table(conn)
        async with live.lock:
            self._check_playing(live)
            control = live.seat(seat).control
            if control == "left":
                raise Forbidden("you left this table: a bot plays this seat now")
            if control == "away" and seat in live.table.awaited():
                await self._back(live, seat)
            live.table.act(seat, text)
            await self._commit(live, seat)
            events = live.table.state.log.since(seat, conn.position)
            conn.position += len(events)
            conn.send({"id": rid, "ok": True, "events": events,
                       "view": live.table.view(seat, log=False)})
            live.broadcast(self.clock.now())
            self.schedule_bots(live)

    def _check_playing(self, live: LiveTable) -> None:
        if live.status == "over":
            raise GameOver("the game is over")
        if live.status == "waiting":
            taken = sum(1 for s in live.data.seats if s.control != "open")
            raise NotYourTurn(f"the game starts when every seat is taken ({taken} of "
                              f"{live.data.players} taken)")

    async def _commit(self, live: LiveTable, seat: int) -> None:
        """Store the action just applied (with the clocks it moved, and the
        result if it ended the game); on failure the table reloads from
        storage, as if the action had never come."""
        state = live.table.state
        assert state.history is not None
        text = state.action_text(state.history[-1][1])
        now = self.clock.now()
        finish = self._finish(live) if state.is_over() else None
        if finish is not None:
            live.data.status = "over"
        changed = live.reclock(now)
        try:
            await self.db(self.store.append, live.id, len(state.history) - 1, seat, text,
                          changed, finish)
        except Exception:
            log.exception("storing an action of table %s failed", live.id)
            await self._reload(live)
            raise StorageFailed("the move could not be saved, so it was not made; "
                                "try again") from None
        live.data.actions.append((seat, text))
        if finish is not None:
            live.data.result = finish.result
            self._keep_finished(live)
            self.recent.appendleft(live.info(now))
            live.push_table(now)

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
        live.data, live.table, live.running = fresh.data, fresh.table, {}
        live.reclock(self.clock.now())

    def _changed(self, live: LiveTable) -> None:
        """After a change that stored its own rows: clocks, pushes, bots."""
        live.reclock(self.clock.now())
        live.broadcast(self.clock.now())
        self.schedule_bots(live)

    def _keep_finished(self, live: LiveTable) -> None:
        self.finished.append(live.id)
        while len(self.finished) > KEEP_FINISHED:
            old = self.tables.get(self.finished.popleft())
            if old is not None and not old.conns:
                del self.tables[old.id]

    def _table(self, conn: Conn) -> LiveTable:
        if conn.table is None:
            raise Unauthorized("say hello first")
        return conn.table

    # ----- seats coming and going ----------------------------------------------------
    async def back(self, conn: Conn) -> dict[str, Any]:
        live, seat = self._table(conn), self._own_seat(conn)
        async with live.lock:
            if live.seat(seat).control == "left":
                raise Forbidden("you left this table: a bot plays this seat now")
            if live.seat(seat).control == "away":
                await self._back(live, seat)
        return {"table": live.info(self.clock.now())}

    async def _back(self, live: LiveTable, seat: int) -> None:
        """The seat's person is back: the stand-in bot gives the seat up,
        with some time on the clock to make the next move."""
        info = live.seat(seat)
        bank = info.clock_s
        if bank is not None and live.data.clock is not None:
            bank = max(bank, live.data.clock[1], 20.0)
        await self.db(self.store.update_seat, live.id, seat, control="seated", clock_s=bank)
        info.control, info.clock_s = "seated", bank
        live.table.set_bot(seat, None)
        self._changed(live)
        live.push_table(self.clock.now())

    async def leave(self, conn: Conn) -> dict[str, Any]:
        live, seat = self._table(conn), self._own_seat(conn)
        async with live.lock:
            info = live.seat(seat)
            if live.status == "over":
                raise GameOver("the game is over")
            if live.status == "waiting":
                fields: dict[str, Any] = {"name": None, "token_hash": None,
                                          "account_id": None, "control": "open"}
            else:
                fields = {"control": "left", "clock_s": live.remaining(seat, self.clock.now())}
            await self.db(self.store.update_seat, live.id, seat, **fields)
            for key, value in fields.items():
                setattr(info, key, value)
            live.running.pop(seat, None)
            if live.status == "playing":
                live.table.set_bot(seat, standin(live.table))
            live.conns.discard(conn)
            self._changed(live)
            live.push_table(self.clock.now())
        return {"table": live.info(self.clock.now())}

    def _own_seat(self, conn: Conn) -> int:
        self._table(conn)
        if conn.seat is None:
            raise Forbidden("a spectator holds no seat")
        return conn.seat

    # ----- clocks ----------------------------------------------------------------
    async def tick(self) -> None:
        """Hand every seat whose time ran out to a stand-in bot."""
        now = self.clock.now()
        for live in list(self.tables.values()):
            if not live.expired(now):
                continue
            async with live.lock:
                for seat in live.expired(self.clock.now()):
                    await self._time_out(live, seat)

    async def _time_out(self, live: LiveTable, seat: int) -> None:
        info = live.seat(seat)
        await self.db(self.store.update_seat, live.id, seat, control="away", clock_s=0.0)
        live.running.pop(seat, None)
        info.control, info.clock_s = "away", 0.0
        live.table.set_bot(seat, standin(live.table))
        now = self.clock.now()
        live.push_table(now)
        live.broadcast(now)
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
        if live.status != "playing" or live.table.next_bot() is None:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        while True:
            async with live.lock:
                turn = live.table.bot_turn() if live.status == "playing" else None
            if turn is None or self.pool is None:
                return
            if self.config.bot_delay_s > 0:
                await asyncio.sleep(self.config.bot_delay_s)
            try:
                thought = await self.pool.think(turn)
            except BrokenProcessPool:
                continue
            except Exception:
                log.exception("a bot failed at table %s; it plays its first legal move", live.id)
                thought = Thought(turn.seat, turn.version, turn.legal[0], turn.bot)
            await self._apply_bot(live, thought)

    async def _apply_bot(self, live: LiveTable, thought: Thought) -> None:
        async with live.lock:
            try:
                if live.table.apply_thought(thought) is None:
                    return
                await self._commit(live, thought.seat)
            except StorageFailed:
                await asyncio.sleep(1.0)
                return
            except CardroomError as err:
                log.error("bot move %r refused at table %s: %s", thought.action, live.id,
                          err.message)
                legal = live.table.state.legal_texts(thought.seat)
                live.table.act(thought.seat, legal[0])
                await self._commit(live, thought.seat)
            live.broadcast(self.clock.now())

    async def suggest(self, conn: Conn, bot: Any) -> dict[str, Any]:
        """What a bot would play for the connection's seat (nothing applied):
        ``action``, and ``top`` (the moves it weighed) where the bot can say."""
        live, seat = self._table(conn), self._own_seat(conn)
        if not live.data.hints:
            raise Forbidden("hints are off at this table")
        async with live.lock:
            self._check_playing(live)
            state = live.table.state
            if seat not in state.to_act():
                raise NotYourTurn(f"seat {seat} is not to act now")
            turn = BotTurn(seat, live.table.version, bot, state.view(seat),
                           state.legal_texts(seat))
        assert self.pool is not None
        thought = await self.pool.think(turn)
        top = thought.bot.explain()
        return {"action": thought.action, **({"top": top} if top else {})}

    # ----- chat ---------------------------------------------------------------------
    async def chat(self, conn: Conn, text: str) -> None:
        live, seat = self._table(conn), self._own_seat(conn)
        name = live.seat(seat).name or f"seat {seat}"
        at = time.time()
        await self.db(self.store.add_chat, live.id, seat, name, text, at)
        message = {"push": "chat", "seat": seat, "name": name, "text": text, "at": at}
        for other in list(live.conns):
            other.send(message)

    # ----- accounts -------------------------------------------------------------------
    async def account(self, token: str | None) -> tuple[int, str] | None:
        if not token:
            return None
        found = await self.db(self.store.session_account, security.token_hash(token))
        if found is None:
            raise Unauthorized("that sign-in has expired or is not known: sign in again")
        return found

    async def new_session(self, account_id: int) -> str:
        token = security.new_token()
        await self.db(self.store.add_session, security.token_hash(token), account_id)
        return token
