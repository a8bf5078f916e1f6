"""The table connection: the protocol's requests and answers over a
WebSocket, scoped to the seat (or the public view) the connection holds.

Each message is read, size- and rate-checked, parsed and answered; a bad one
gets the protocol's error envelope and changes nothing. What a command
means is the protocol core's (``cardroom.protocol``), shared with the local
engine; what is the connection's own is who asks (its seat, never
another's) and the table's lock. Every answer, ``act``'s too, goes back
through ``_answer``; answers and pushes go out through the connection's
queue, in order, from one sender task.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from cardroom import protocol
from cardroom.core.bot import make_bot
from cardroom.core.errors import BadRequest, CardroomError
from cardroom.core.events import PUBLIC, Viewer
from cardroom.games import all_games
from cardroom.protocol import Answer, Request, argument, error
from cardroom.server import logs
from cardroom.server.clock import SystemClock
from cardroom.server.config import Config
from cardroom.server.errors import (
    Forbidden,
    RateLimited,
    TooLarge,
    Unauthorized,
    error_response,
)
from cardroom.server.headers import origin_allowed
from cardroom.server.inputs import check_budget, check_text
from cardroom.server.limits import CHAT_MAX_CHARS, MAX_MESSAGE_BYTES, Bucket, clean_text
from cardroom.server.live import Conn, LiveTable
from cardroom.server.room import RECONNECT, Room

log = logging.getLogger("cardroom.server")
# Set in a connection's task once its handshake was refused with a response.
DENIED: contextvars.ContextVar[bool] = contextvars.ContextVar("denied", default=False)
# A connection that keeps flooding after this many refusals is closed.
MAX_STRIKES = 200
# A hint's search is smaller than a bot seat's.
HINT_ITERATIONS, HINT_MS = 5_000, 2_000


async def serve(ws: WebSocket, table_id: str, room: Room, config: Config) -> None:
    if not origin_allowed(ws.headers, config.origins):
        await ws.close(code=1008)  # before accept: the handshake gets 403
        return
    if room.draining:  # stopping: the client connects again, to another node
        await ws.accept()
        await ws.close(code=RECONNECT)
        return
    address = ws.client.host if ws.client else "?"
    logs.about(None, logs.new_conn())  # every line logged for this connection names it
    try:
        room.quotas.open_connection(address)
    except CardroomError as err:
        await _deny(ws, err)
        return
    try:
        await _serve(ws, table_id, room, config, Conn(address, time.monotonic()))
    finally:
        room.quotas.close_connection(address)


async def _deny(ws: WebSocket, err: CardroomError) -> None:
    """Refuse the handshake itself (cheap for a flood): the client gets the
    error envelope with its HTTP status where the server can send one."""
    with contextlib.suppress(Exception):
        if "websocket.http.response" in ws.scope.get("extensions", {}):
            await ws.send_denial_response(error_response(err.code, err.message))
            DENIED.set(True)
        else:
            await ws.close(code=1008)


class QuietDenials(logging.Filter):
    """uvicorn logs an ERROR for every handshake answered with a denial
    response, as if the app had forgotten it: a connection flood would fill
    the log with them. Only the denials sent above are kept out; it runs in
    the connection's own task, where DENIED was set."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (DENIED.get() and record.getMessage().startswith(
            "ASGI callable returned without completing handshake"))


async def _serve(ws: WebSocket, table_id: str, room: Room, config: Config, conn: Conn) -> None:
    await ws.accept()
    sender = asyncio.create_task(_send_all(ws, conn))
    try:
        live = await room.get(table_id, conn.address)
    except CardroomError as err:
        conn.send(error(None, err.code, err.message))
        conn.close()
        await sender
        with contextlib.suppress(Exception):
            await ws.close(code=4404)
        return
    logs.TABLE.set(live.id)
    log.info("connection opened")
    try:
        await _read_all(ws, conn, live, room, config)
    finally:
        room.disconnect(conn)
        log.info("connection closed; it held %s", logs.holding(conn.viewer))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 5)


async def _send_all(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            text = await conn.out.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:  # the client went away; the reader notices too
        conn.closed = True
    with contextlib.suppress(Exception):
        await ws.close(code=conn.close_code)


async def _read_all(ws: WebSocket, conn: Conn, live: LiveTable, room: Room,
                    config: Config) -> None:
    bucket = Bucket(config.ws_rate, config.ws_burst, SystemClock())
    strikes = 0
    while not conn.closed:
        try:
            message = await asyncio.wait_for(ws.receive(), _hello_wait(conn, config))
        except TimeoutError:
            conn.send(error(None, Unauthorized.code, "say hello within "
                            f"{config.hello_timeout_s:g} seconds of connecting"))
            conn.close()
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        conn.arrived = time.perf_counter()
        reply = await _answer(message, conn, live, room, bucket.allow())
        if not reply["ok"] and reply["error"]["code"] == RateLimited.code:
            strikes += 1
            if strikes > MAX_STRIKES:
                conn.close()
        conn.answer(reply)


def _hello_wait(conn: Conn, config: Config) -> float | None:
    """How long the next message may take: a connection holding nothing
    must say hello within the hello time of opening (or of leaving)."""
    if conn.said_hello:
        return None
    return max(0.0, conn.opened + config.hello_timeout_s - time.monotonic())


async def _answer(message: Mapping[str, Any], conn: Conn, live: LiveTable, room: Room,
                  allowed: bool) -> Answer:
    """The answer to one message, whatever it holds: every request's,
    refused or not, comes back from here."""
    text = message.get("text")
    if text is None:
        return error(None, "bad_request", "send each request as one JSON text message")
    if len(text) > MAX_MESSAGE_BYTES:
        return error(None, TooLarge.code,
                     f"a message may be at most {MAX_MESSAGE_BYTES} characters")
    try:
        request = protocol.parse(text, "message")
    except CardroomError as err:
        return error(None, err.code, err.message)
    rid = request.get("id")
    if not allowed:
        return error(rid, RateLimited.code, "too many messages: slow down")
    try:
        check_text(request)
        return protocol.answer(rid, await _dispatch(request, conn, live, room))
    except CardroomError as err:
        return protocol.failed(rid, err)
    except Exception as err:  # a bug must not close the table
        log.exception("request %r failed", request.get("cmd"))
        return error(rid, "internal_error", f"the server failed: {type(err).__name__}")


async def _dispatch(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    cmd = request.get("cmd")
    if cmd == "hello":
        return await room.hello(conn, live, request)
    if cmd == "games":
        return {"games": [g.describe() for g in all_games()]}
    if cmd in ("new", "load", "quit"):
        raise Forbidden(f"'{cmd}' is for a local engine: a table connection plays its table")
    handler = _HANDLERS.get(cmd) if isinstance(cmd, str) else None
    if handler is None:
        raise BadRequest(protocol.no_command(request, ["hello", "games", *_HANDLERS]))
    if not conn.said_hello:
        raise Unauthorized("say hello first: {\"cmd\": \"hello\", \"token\": ...} "
                         "or {\"cmd\": \"hello\", \"spectate\": true}")
    if not live.holds(conn):
        async with live.lock:
            room.holder(conn, live)
    return await handler(request, conn, live, room)


def _viewer(request: Request, conn: Conn, allow_public: bool) -> Viewer:
    """The ``seat`` argument: left out or the connection's own; "public"
    where a request allows it; anything else is another seat's."""
    if "seat" not in request or request["seat"] == conn.viewer:
        return conn.viewer
    seat = request["seat"]
    if seat == PUBLIC and allow_public:
        return PUBLIC
    if seat is None:
        raise Forbidden("the referee view is never served over the network")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadRequest(f"'seat' must be a seat number or \"public\", got {seat!r}")
    held = "no seat (a spectator)" if conn.seat is None else f"seat {conn.seat}"
    raise Forbidden(f"this connection holds {held}: it cannot use seat {seat}")


def _seat(request: Request, conn: Conn, doing: str) -> int:
    viewer = _viewer(request, conn, allow_public=False)
    if not isinstance(viewer, int):
        raise Forbidden(f"a spectator cannot {doing}")
    return viewer


async def _view(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    protocol.since(request)  # a bad ``since`` is refused before the lock
    async with live.lock:
        room.holder(conn, live)
        return protocol.view(live.table.state, _viewer(request, conn, allow_public=True),
                             request)


async def _legal(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    async with live.lock:
        room.holder(conn, live)
        return {"actions": live.legal(_seat(request, conn, "act"))}


async def _act(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    seat = _seat(request, conn, "act")
    return await room.act(conn, seat, argument(request, "action", str))


async def _suggest(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    _seat(request, conn, "ask for a hint")
    name = argument(request, "bot", str, required=False) or "heuristic"
    budget = argument(request, "budget", dict, required=False)
    seed = argument(request, "seed", int, required=False)
    if seed is not None and not 0 <= seed < 2**63:
        raise BadRequest("'seed' must be a whole number from 0 to 2^63 - 1")
    check_budget(budget, "budget", HINT_ITERATIONS, HINT_MS)
    bot = make_bot(name, live.table.state.game,
                   secrets.randbits(63) if seed is None else seed, budget)
    return await room.suggest(conn, bot)


async def _result(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    async with live.lock:
        return protocol.result(live.table.state)


async def _record(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    async with live.lock:
        return protocol.record(live.table.state, conn.viewer, live.status == "over")


async def _chat(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    text = clean_text(argument(request, "text", str), CHAT_MAX_CHARS + 1)
    if not text:
        raise BadRequest("a chat message needs some text")
    if len(text) > CHAT_MAX_CHARS:
        raise BadRequest(f"a chat message is at most {CHAT_MAX_CHARS} characters")
    if conn.seat is None:
        raise Forbidden("spectators watch without chatting")
    await room.chat(conn, text)
    return {}


async def _back(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    return await room.back(conn)


async def _leave(request: Request, conn: Conn, live: LiveTable, room: Room) -> Answer:
    return await room.leave(conn)


_HANDLERS = {
    "view": _view, "legal": _legal, "act": _act, "suggest": _suggest, "result": _result,
    "record": _record, "chat": _chat, "back": _back, "leave": _leave,
}
