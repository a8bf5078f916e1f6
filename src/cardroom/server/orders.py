"""An operator's orders for live tables (``cardroom admin end`` and
``bot``). A table being played lives in one node's memory, so the database
alone cannot change it: the operator writes an order row and the node that
holds the table applies it through the room's own methods, under the
table's lock, then marks it done with its outcome.

``apply_orders`` runs on the room's event loop (from its sweep); every
query here runs on the room's writer thread. Taking an order on is one
``UPDATE ... WHERE done_by IS NULL``, so that one node only applies it.
An order taken on by a node that stopped before it was done (no renewal
of its row for ``FRESH_S``, or this node's own from before a restart) is
open again.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from sqlalchemy import ColumnElement, Engine, and_, insert, or_, select, update
from sqlalchemy.orm import Session

from cardroom.core.bot import Bot, make_bot
from cardroom.server.cluster import FRESH_S, Node
from cardroom.server.errors import Moving
from cardroom.server.live import STANDIN_BOT, LiveTable
from cardroom.server.models import NodeRow, OrderRow
from cardroom.server.store import Control, Store, TableData

R = TypeVar("R")


class Room(Protocol):
    """What an order uses of a room (server/room.py), named here so that
    this module does not import the room."""

    tables: dict[str, LiveTable]
    store: Store
    node: Node

    async def db(self, fn: Callable[..., R], *args: Any, **kwargs: Any) -> R: ...

    async def _end(self, live: LiveTable, reason: str) -> None: ...

    async def hand_to_bot(self, live: LiveTable, seat: int, bot: Bot,
                          name: str | None) -> None: ...

log = logging.getLogger("cardroom.server")
END, BOT = "end", "bot"
# An outcome that starts so says the order was not carried out, and why.
REFUSED = "refused: "
# What done_by says when the operator's command changed the database itself.
BY_ADMIN = "admin"


@dataclass
class Order:
    id: int
    table_id: str
    kind: str
    args: dict[str, Any]
    done_by: str | None = None
    done_at: float | None = None
    outcome: str | None = None

    @property
    def refused(self) -> bool:
        return (self.outcome or "").startswith(REFUSED)


# ----- what may be ordered (the same checks in the node and without one) -------
def end_refusal(data: TableData) -> str | None:
    if data.status == "over":
        return f"{REFUSED}table {data.id} is already over"
    return None


def bot_refusal(data: TableData, seat: Any) -> str | None:
    """Why a bot may not take that seat for good, if it may not: only a
    person's seat in a game being played."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < data.players:
        return f"{REFUSED}table {data.id} has seats 0 to {data.players - 1}, not {seat!r}"
    if data.status != "playing":
        state = "is over" if data.status == "over" else "has not started"
        return f"{REFUSED}table {data.id} {state}: a bot takes a seat only during play"
    info = data.seats[seat]
    if info.kind == "bot":
        return f"{REFUSED}seat {seat} of table {data.id} is a bot's already"
    if info.control == Control.LEFT:
        return f"{REFUSED}a bot plays seat {seat} of table {data.id} already (its person left)"
    return None


def bot_done(table_id: str, seat: int, bot: str | None) -> str:
    return f"a bot ({bot or STANDIN_BOT}) plays seat {seat} of table {table_id} for good"


def end_done(table_id: str) -> str:
    return f"table {table_id} ended as abandoned (unrated)"


# ----- the rows (writer thread, or the admin command's own) -------------------
def place(engine: Engine, table_id: str, kind: str, args: dict[str, Any]) -> int:
    with Session(engine) as conn, conn.begin():
        made = conn.execute(insert(OrderRow).returning(OrderRow.id),
                            [{"table_id": table_id, "kind": kind, "args": args,
                              "created_at": time.time()}])
        return int(made.scalar_one())


def pending(engine: Engine, node: str) -> list[Order]:
    """Orders ``node`` may take on, oldest first."""
    query = select(OrderRow).where(_open_to(node, time.time())).order_by(OrderRow.id)
    with Session(engine) as conn:
        return [_order(row) for row in conn.scalars(query)]


def claim(engine: Engine, order_id: int, node: str) -> bool:
    """Take the order on; False when another node already did."""
    with Session(engine) as conn, conn.begin():
        taken = conn.execute(update(OrderRow)
                             .where(OrderRow.id == order_id, _open_to(node, time.time()))
                             .values(done_by=node).returning(OrderRow.id))
        return taken.first() is not None


def _open_to(node: str, now: float) -> ColumnElement[bool]:
    """Not done, and taken on by nobody, by ``node`` itself (this node
    applies its orders one at a time, so one of its own not done was left by
    its process before a restart) or by a node that stopped."""
    running = select(NodeRow.id).where(NodeRow.seen_at >= now - FRESH_S)
    return and_(OrderRow.done_at.is_(None),
                or_(OrderRow.done_by.is_(None), OrderRow.done_by == node,
                    OrderRow.done_by.not_in(running)))


def unclaim(engine: Engine, order_id: int) -> None:
    """Leave the order to another node."""
    with Session(engine) as conn, conn.begin():
        conn.execute(update(OrderRow).where(OrderRow.id == order_id, OrderRow.done_at.is_(None))
                     .values(done_by=None))


def finish(engine: Engine, order_id: int, outcome: str, node: str | None = None) -> None:
    values: dict[str, Any] = {"done_at": time.time(), "outcome": outcome}
    if node is not None:
        values["done_by"] = node
    with Session(engine) as conn, conn.begin():
        conn.execute(update(OrderRow).where(OrderRow.id == order_id).values(**values))


def get(engine: Engine, order_id: int) -> Order | None:
    with Session(engine) as conn:
        row = conn.scalar(select(OrderRow).where(OrderRow.id == order_id))
        return None if row is None else _order(row)


def _order(row: OrderRow) -> Order:
    return Order(row.id, row.table_id, row.kind, dict(row.args or {}), row.done_by,
                 row.done_at, row.outcome)


# ----- the node's side ---------------------------------------------------------
async def apply_orders(room: Room) -> None:
    """Apply every pending order for a table this node holds in memory
    (a table loaded later finds its orders then)."""
    if not room.tables:
        return
    engine = room.store.engine
    node = room.node.id
    for order in await room.db(pending, engine, node):
        live = room.tables.get(order.table_id)
        if live is None or not await room.db(claim, engine, order.id, node):
            continue
        try:
            outcome = await _apply(room, live, order)
        except Moving:  # the table went to another node, which applies it
            await room.db(unclaim, engine, order.id)
            continue
        except Exception:
            log.exception("order %s for table %s failed", order.id, order.table_id)
            outcome = f"{REFUSED}it failed on {node} (see that server's log)"
        log.info("order %s for table %s: %s", order.id, order.table_id, outcome)
        await room.db(finish, engine, order.id, outcome)


async def _apply(room: Room, live: LiveTable, order: Order) -> str:
    async with live.lock:
        if order.kind == END:
            return await _end(room, live)
        if order.kind == BOT:
            return await _bot(room, live, order.args.get("seat"), order.args.get("bot"))
    return f"{REFUSED}no such order as {order.kind!r}"


async def _end(room: Room, live: LiveTable) -> str:
    refusal = end_refusal(live.data)
    if refusal is not None:
        return refusal
    await room._end(live, "abandoned")
    return end_done(live.id)


async def _bot(room: Room, live: LiveTable, seat: Any, name: Any) -> str:
    refusal = bot_refusal(live.data, seat)
    if refusal is not None:
        return refusal
    name = name if isinstance(name, str) else None
    bot = make_bot(name or STANDIN_BOT, live.table.state.game, secrets.randbits(63))
    await room.hand_to_bot(live, seat, bot, name)
    return bot_done(live.id, seat, name)
