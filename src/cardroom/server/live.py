"""A table in play on the server: its driver, its seats as the lobby shows
them, its connections and its clock banks. Everything sent from here is
built from a viewer's view or events, never from the referee state: each
connection follows its viewer's events with a ``Cursor`` (the table
driver's, as the terminal does), so that every event reaches it once."""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from cardroom import protocol
from cardroom.core.bot import Bot, make_bot
from cardroom.core.events import PUBLIC, Event, Viewer
from cardroom.core.lessons import Lesson, load_lesson
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.table import Cursor, TableDriver, Thought
from cardroom.server.errors import Moving
from cardroom.server.store import Control, SeatData, TableData

# What a stand-in plays for a seat whose clock ran out or who left.
STANDIN_BOT = "heuristic"
# A connection that falls this far behind is closed; it reconnects with since.
QUEUE_LIMIT = 1000


class Conn:
    """One WebSocket connection: the viewer it holds after ``hello`` (and
    the hash of the token that gave it, checked against the seat's current
    token on every use), its place in that viewer's events, and its
    outgoing messages in order: answers, and pushes, which wait while an
    answer they follow is on its way (``defer_pushes``)."""

    def __init__(self, address: str = "", opened: float = 0.0) -> None:
        self.address = address
        self.opened = opened
        self.arrived = 0.0  # time.perf_counter() when its last message came
        self.viewer: Viewer | None = None
        self.token_hash: str | None = None
        self.said_hello = False
        self.table: LiveTable | None = None
        self.cursor: Cursor | None = None
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        # The WebSocket close code: 1012 (service restart) when the table
        # moves to another node, so that the client connects again.
        self.close_code = 1000
        self.deferred: list[dict[str, Any]] | None = None

    @property
    def seat(self) -> int | None:
        return self.viewer if isinstance(self.viewer, int) else None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.out.qsize() >= QUEUE_LIMIT:
            self.close()
            return
        self.out.put_nowait(json.dumps(message, separators=(",", ":")))

    def push(self, message: dict[str, Any]) -> None:
        if self.deferred is not None:
            self.deferred.append(message)
        else:
            self.send(message)

    def defer_pushes(self) -> None:
        """Hold pushes until the answer being built is sent: the events
        that answer holds come before those of any push after it."""
        if self.deferred is None:
            self.deferred = []

    def answer(self, message: dict[str, Any]) -> None:
        """Send the answer to a request, then the pushes held for it."""
        self.send(message)
        deferred, self.deferred = self.deferred or [], None
        for push in deferred:
            self.send(push)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed, self.close_code = True, code
            self.out.put_nowait(None)

    def hold(self, viewer: Viewer, token_hash: str | None) -> None:
        self.viewer, self.token_hash, self.said_hello = viewer, token_hash, True

    def follow(self, table: TableDriver) -> None:
        """Follow the viewer's events on ``table``: from where this
        connection was (the same game reloaded), else from now on."""
        start = self.cursor.position if self.cursor else table.state.log.size(self.viewer)
        self.cursor = table.cursor(self.viewer, start)

    def unseen(self) -> list[Event]:
        """The viewer's events this connection has not been given (now given)."""
        assert self.cursor is not None, "a connection follows a table from hello on"
        return self.cursor.fetch()

    def release(self) -> None:
        """Hold nothing any more: the connection may say hello again, in
        the hello time from now."""
        self.viewer, self.token_hash, self.said_hello = None, None, False
        self.cursor = None
        self.opened = time.monotonic()


@dataclass(eq=False)
class BotJob:
    """A bot seat's move being thought out: the bot and legal actions it
    was handed (to tell whether its answer still fits the table), when it
    may be applied (the display delay after the change it answers), and
    whether the table was told that the bot is thinking."""

    seat: int
    version: int
    bot: Bot
    legal: list[str]
    started: float  # the event loop's clock
    not_before: float
    task: asyncio.Task[None] | None = None
    thought: Thought | None = None
    noticed: bool = False

    @property
    def thinking(self) -> bool:
        return self.thought is None


class TableLock(asyncio.Lock):
    """A table's lock. Once the table has left this node (another node
    plays it now), whoever was waiting for it is told so instead of
    acting on a table no longer here."""

    def __init__(self) -> None:
        super().__init__()
        self.gone = False

    async def __aenter__(self) -> None:
        await self.acquire()
        if self.gone:
            self.release()
            raise Moving("this table moved to another server: connect again")


@dataclass
class LiveTable:
    data: TableData
    table: TableDriver
    lock: TableLock = field(default_factory=TableLock)
    conns: set[Conn] = field(default_factory=set)
    running: dict[int, float] = field(default_factory=dict)  # seat -> clock start
    # The bot seats whose moves are being thought out (several at once
    # during a simultaneous choice), and when the last change was pushed
    # (the event loop's clock): a bot's move is shown no sooner than the
    # display delay after the change it answers.
    bots: dict[int, BotJob] = field(default_factory=dict)
    shown: float = 0.0
    # Since when (the room's clock) nobody who keeps the table alive has
    # been connected: a person at a table with people, anyone at an
    # all-bot table; None while someone is.
    idle_since: float | None = None
    started: float = 0.0  # the room's clock when it was built
    lesson: Lesson | None = None  # what its scripted seats play, at a lesson's table

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def status(self) -> str:
        return self.data.status

    def seat(self, number: int) -> SeatData:
        return self.data.seats[number]

    def played(self, seat: int) -> int:
        """How many actions the seat has played at this table."""
        return sum(1 for s, _ in self.data.actions if s == seat)

    def scripted(self, seat: int) -> str | None:
        """At a lesson's table, the seat's next action of the lesson (its
        script, or the step the learner is at); None elsewhere and once the
        lesson has none left for it."""
        if self.lesson is None:
            return None
        return self.lesson.expected(seat, self.played(seat))

    # ----- who holds what ------------------------------------------------------
    def holds(self, conn: Conn) -> bool:
        """Whether the connection still holds its viewer: a spectator always,
        a seat only while the seat's current token is the one it said hello
        with (a seat freed and taken by someone else has a new token)."""
        if conn.viewer == PUBLIC:
            return conn.said_hello
        if conn.seat is None or conn.token_hash is None:
            return False
        stored = self.seat(conn.seat).token_hash
        return stored is not None and hmac.compare_digest(stored, conn.token_hash)

    def holders(self) -> list[Conn]:
        return [conn for conn in self.conns if self.holds(conn)]

    def has_people(self) -> bool:
        """Whether a person plays here (a human seat not given up)."""
        return any(s.kind == "human" and s.control.by_person for s in self.data.seats)

    def has_human_seats(self) -> bool:
        return any(s.kind == "human" for s in self.data.seats)

    def keeps_alive(self, conn: Conn) -> bool:
        """A connection that keeps the table from idling out: a person's at
        a seat, or anyone's at a table of bots only."""
        return conn.seat is not None or not self.has_human_seats()

    def watch_idle(self, now: float) -> None:
        alive = any(self.keeps_alive(c) for c in self.conns if self.holds(c))
        if alive:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = now

    def stop_bots(self) -> None:
        """Forget every bot move in the works (the table ended or reloads)."""
        for job in self.bots.values():
            if job.task is not None:
                job.task.cancel()
        self.bots.clear()

    def bots_thinking(self) -> list[int]:
        """The bot seats the table was told are thinking, still thinking."""
        return [seat for seat, job in self.bots.items() if job.noticed and job.thinking]

    # ----- clocks ------------------------------------------------------------
    def remaining(self, seat: int, now: float) -> float | None:
        bank = self.seat(seat).clock_s
        if bank is None:
            return None
        start = self.running.get(seat)
        return max(0.0, bank - (now - start)) if start is not None else bank

    def clocked_seats(self) -> list[int]:
        """Seats whose clocks run now: awaited and played by their person."""
        if self.data.clock is None or self.status != "playing":
            return []
        return [s for s in self.table.awaited() if self.seat(s).control == Control.SEATED]

    def reclock(self, now: float) -> dict[int, dict[str, Any]]:
        """Stop the clocks of seats no longer awaited (adding the per-move
        time) and start those newly awaited; the banks that changed."""
        if self.data.clock is None:
            return {}
        per_move = self.data.clock[1]
        running = set(self.clocked_seats())
        changed: dict[int, dict[str, Any]] = {}
        for seat in [s for s in self.running if s not in running]:
            info = self.seat(seat)
            left = self.remaining(seat, now) or 0.0
            del self.running[seat]
            info.clock_s = left + per_move if info.control == Control.SEATED else left
            changed[seat] = {"clock_s": info.clock_s}
        for seat in running - set(self.running):
            self.running[seat] = now
        return changed

    def expired(self, now: float) -> list[int]:
        return [s for s in self.running if (self.remaining(s, now) or 0.0) <= 0.0]

    # ----- what the lobby and the connections see ----------------------------
    def info(self, now: float) -> dict[str, Any]:
        return table_info(self.data, self.to_act(),
                          [self.remaining(s.seat, now) for s in self.data.seats])

    def to_act(self) -> list[int]:
        """The seats awaited, as the lobby and the pushes show them: none
        before the start or after the end."""
        return list(self.table.awaited()) if self.status == "playing" else []

    def legal(self, seat: int) -> list[str]:
        """The seat's legal actions for its person: none unless the game is
        on and the seat is theirs (a stand-in's while away)."""
        may_act = self.status == "playing" and self.seat(seat).control.by_person
        actions: list[str] = protocol.legal(self.table.state, seat, may_act)["actions"]
        return actions

    def drawing(self, viewer: Viewer) -> dict[str, Any]:
        """What a viewer needs to draw the table: its view without the log
        and, for a seat, its legal actions."""
        out: dict[str, Any] = {"view": self.table.view(viewer, log=False)}
        if isinstance(viewer, int):
            out["legal"] = self.legal(viewer)
        return out

    def publish(self, now: float) -> None:
        """Push every connection that holds its viewer the events it has
        not been given, with what it needs to draw the table (built once
        per viewer), then the running clocks."""
        holders = self.holders()
        drawn: dict[Viewer, dict[str, Any]] = {}
        to_act, over = self.to_act(), self.table.state.is_over()
        for conn in holders:
            if conn.viewer not in drawn:
                drawn[conn.viewer] = self.drawing(conn.viewer)
            events = conn.unseen()
            assert conn.cursor is not None
            conn.push({"push": "events", "events": events, "log_size": conn.cursor.position,
                       "to_act": to_act, "over": over, **drawn[conn.viewer]})
        for seat in self.running:
            message = {"push": "clock", "seat": seat, "remaining_s": self.remaining(seat, now)}
            for conn in holders:
                conn.push(message)

    def push_table(self, now: float) -> None:
        self.push({"push": "table", "table": self.info(now)})

    def push(self, message: dict[str, Any]) -> None:
        """To every connection that still holds its viewer."""
        for conn in self.holders():
            conn.push(message)


def table_info(data: TableData, to_act: list[int],
               clocks: list[float | None]) -> dict[str, Any]:
    """A table as the lobby shows it: nothing a seat hides."""
    out: dict[str, Any] = {
        "id": data.id, "game": data.game, "players": data.players,
        "status": data.status, "options": public_options(data.options),
        "rated": data.rated, "hints": data.hints, "prepared": data.prepared,
        "clock": (None if data.clock is None else
                  {"initial_s": data.clock[0], "per_move_s": data.clock[1]}),
        "seats": [seat_info(s) for s in data.seats],
        "to_act": to_act, "clocks": clocks, "invite": invite_path(data.id),
    }
    if data.lesson is not None:
        out["lesson"] = data.lesson
    if data.status == "over":
        out["result"] = data.result
        if data.end_reason is not None:
            out["ended"] = data.end_reason
        if data.next_table is not None:
            out["next"] = data.next_table
    return out


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k != "stack"}


def seat_info(seat: SeatData) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "bot": seat.bot,
            "taken": seat.control != Control.OPEN, "name": seat.name, "control": seat.control,
            "account": seat.account_id is not None}


def invite_path(table_id: str) -> str:
    return f"/tables/{table_id}"


def build(data: TableData) -> LiveTable:
    """A live table from its stored record (replaying every action)."""
    state = replay(Record(data.game, data.players, data.seed, data.options, data.actions))
    table = TableDriver(state)
    for seat in data.seats:
        if seat.control == Control.BOT:
            table.set_bot(seat.seat, make_bot(seat.bot or STANDIN_BOT, state.game,
                                              secrets.randbits(63), seat.budget))
        elif seat.control == Control.LEFT and seat.bot is not None:  # an operator's choice
            table.set_bot(seat.seat, make_bot(seat.bot, state.game, secrets.randbits(63), None))
        elif seat.control in (Control.AWAY, Control.LEFT):
            table.set_bot(seat.seat, standin(table))
    lesson = load_lesson(state.game) if data.lesson is not None else None
    return LiveTable(data, table, lesson=lesson)


def standin(table: TableDriver) -> Bot:
    return make_bot(STANDIN_BOT, table.state.game, secrets.randbits(63), None)
