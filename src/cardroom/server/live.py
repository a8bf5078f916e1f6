"""A table in play on the server: its driver, its seats as the lobby shows
them, its connections and its clock banks. Everything sent from here is
built from a viewer's view or events, never from the referee state."""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.bot import make_bot
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.table import Table
from cardroom.server.store import SeatData, TableData

# What a stand-in plays for a seat whose clock ran out or who left.
STANDIN_BOT = "heuristic"
# A connection that falls this far behind is closed; it reconnects with since.
QUEUE_LIMIT = 1000


class Conn:
    """One WebSocket connection: the viewer it holds after ``hello``, its
    place in that viewer's events, and its outgoing messages in order."""

    def __init__(self) -> None:
        self.viewer: Viewer | None = None
        self.said_hello = False
        self.table: LiveTable | None = None
        self.position = 0
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

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

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)


@dataclass
class LiveTable:
    data: TableData
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    running: dict[int, float] = field(default_factory=dict)  # seat -> clock start
    bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def status(self) -> str:
        return self.data.status

    def seat(self, number: int) -> SeatData:
        return self.data.seats[number]

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
        return [s for s in self.table.awaited() if self.seat(s).control == "seated"]

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
            info.clock_s = left + per_move if info.control == "seated" else left
            changed[seat] = {"clock_s": info.clock_s}
        for seat in running - set(self.running):
            self.running[seat] = now
        return changed

    def expired(self, now: float) -> list[int]:
        return [s for s in self.running if (self.remaining(s, now) or 0.0) <= 0.0]

    # ----- what the lobby and the connections see ----------------------------
    def info(self, now: float) -> dict[str, Any]:
        return table_info(self.data, self.table.awaited() if self.status == "playing" else [],
                          [self.remaining(s.seat, now) for s in self.data.seats])

    def push_events(self, conn: Conn) -> None:
        events = self.table.state.log.since(conn.viewer, conn.position)
        conn.position += len(events)
        state = self.table.state
        conn.send({"push": "events", "events": events, "log_size": conn.position,
                   "to_act": list(state.to_act()) if self.status == "playing" else [],
                   "over": state.is_over()})

    def broadcast(self, now: float) -> None:
        for conn in list(self.conns):
            self.push_events(conn)
        for seat in self.running:
            message = {"push": "clock", "seat": seat, "remaining_s": self.remaining(seat, now)}
            for conn in list(self.conns):
                conn.send(message)

    def push_table(self, now: float) -> None:
        message = {"push": "table", "table": self.info(now)}
        for conn in list(self.conns):
            conn.send(message)


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
    if data.status == "over":
        out["result"] = data.result
    return out


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k != "stack"}


def seat_info(seat: SeatData) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "bot": seat.bot,
            "taken": seat.control != "open", "name": seat.name, "control": seat.control,
            "account": seat.account_id is not None}


def invite_path(table_id: str) -> str:
    return f"/tables/{table_id}"


def build(data: TableData) -> LiveTable:
    """A live table from its stored record (replaying every action)."""
    state = replay(Record(data.game, data.players, data.seed, data.options, data.actions))
    table = Table(state)
    for seat in data.seats:
        if seat.control == "bot":
            table.set_bot(seat.seat, make_bot(seat.bot or STANDIN_BOT, state.game,
                                              secrets.randbits(63), seat.budget))
        elif seat.control in ("away", "left"):
            table.set_bot(seat.seat, standin(table))
    return LiveTable(data, table)


def standin(table: Table) -> Any:
    return make_bot(STANDIN_BOT, table.state.game, secrets.randbits(63), None)


def viewer_name(viewer: Viewer) -> str:
    return "a spectator" if viewer == PUBLIC else f"seat {viewer}"
