"""The card room's HTTP and WebSocket routes (FastAPI). Routes are thin:
read the body, find who is asking, call the room, answer."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardroom import protocol
from cardroom.core.errors import BadRequest, CardroomError
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.lessons import Lesson, load_lesson
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.games import all_games, get_game
from cardroom.plugins import load_everything
from cardroom.server import accounts, logs, metrics, ws
from cardroom.server.clock import Clock, SystemClock
from cardroom.server.config import Config
from cardroom.server.errors import (
    Forbidden,
    NoLesson,
    NoTable,
    RateLimited,
    TooLarge,
    error_response,
)
from cardroom.server.forward import Forward, Peers
from cardroom.server.headers import SecurityHeaders
from cardroom.server.inputs import bearer, client_address, read_body
from cardroom.server.limits import MAX_BODY_BYTES, Buckets
from cardroom.server.room import Room

STATIC = resources.files("cardroom.server") / "static"
INDEX = str(STATIC / "index.html")


def create_app(config: Config, clock: Clock | None = None) -> FastAPI:
    load_everything()  # every game and bot (the strengths, ismcts) by name
    errors = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ws.QuietDenials) for f in errors.filters):
        errors.addFilter(ws.QuietDenials())
    room = Room(config, clock)
    peers = Peers()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await room.start()
        app.state.serving = True  # /readyz
        yield
        app.state.serving = False
        await room.stop()
        await peers.close()

    app = FastAPI(title="cardroom", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.room = room
    app.add_middleware(Forward, room=room, config=config, peers=peers)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(SecurityHeaders, origins=config.origins)
    app.add_middleware(logs.RequestContext)
    _errors(app)
    _lobby_routes(app, room, Buckets(config.http_rate, config.http_burst, SystemClock()))
    accounts.routes(app, room)
    metrics.routes(app, room)  # /healthz, /readyz, /metrics

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await ws.serve(websocket, table_id, room, config)

    _pages(app, room)
    app.openapi()  # built now and kept: made on first request, it holds the loop ~0.1 s
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(CardroomError)
    async def cardroom_error(request: Request, err: CardroomError) -> Response:
        return error_response(err.code, err.message)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> Response:
        if err.status_code == 404 and wants_page(request):
            return not_found_page()
        code = {404: "not_found", 405: "bad_request"}.get(err.status_code, "bad_request")
        return error_response(code, str(err.detail), err.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError) -> Response:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return error_response("bad_request", f"{where}: {first.get('msg', 'invalid')}")


def _lobby_routes(app: FastAPI, room: Room, buckets: Buckets) -> None:
    def throttle(request: Request) -> None:
        if not buckets.allow(client_address(request)):
            raise RateLimited("too many requests: wait a moment")

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": [{**g.describe(), "lesson": load_lesson(g) is not None}
                          for g in all_games()]}

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        account = await room.account(bearer(request))
        return await room.create(body, client_address(request), account)

    @app.get("/api/lessons/{game_id}")
    async def lesson(game_id: str) -> dict[str, Any]:
        return _lesson_of(game_id).public()

    @app.post("/api/lessons/{game_id}")
    async def start_lesson(game_id: str, request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        account = await room.account(bearer(request))
        return await room.create_lesson(game_id, body, client_address(request), account)

    @app.get("/api/tables")
    async def tables(offset: str = "0", limit: str | None = None) -> dict[str, Any]:
        most = room.config.lobby_page_max
        return room.lobby(_whole(offset, "offset", 0, 10**9),
                          _whole(limit or str(most), "limit", 1, most))

    @app.post("/api/tables/{table_id}/stop")
    async def stop(table_id: str, request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        return await room.stop_table(table_id, body.get("owner_token"))

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        account = await room.account(bearer(request))
        return await room.again(table_id, body.get("token"), client_address(request), account)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        live = await room.get(table_id, client_address(request))
        return live.info(room.clock.now())

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        account = await room.account(bearer(request))
        return await room.join(table_id, body, account)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        live = await room.get(table_id, client_address(request))
        return protocol.record(live.table.state, PUBLIC, live.status == "over")

    @app.get("/api/tables/{table_id}/replay")
    async def replay_view(table_id: str, request: Request, seat: str = PUBLIC,
                          step: int | None = None) -> dict[str, Any]:
        data = (await room.get(table_id, client_address(request))).data
        if data.status != "over":
            raise Forbidden("a replay is shown once the game is over; watch it live instead")
        viewer = _replay_viewer(seat, data.players)
        steps = len(data.actions)
        at = steps if step is None else step
        if not 0 <= at <= steps:
            raise BadRequest(f"'step' must be from 0 to {steps}")
        state = replay(_record(data.game, data.players, data.seed, data.options,
                               data.actions[:at]))
        return {"seat": viewer, "step": at, "steps": steps, "view": state.view(viewer)}


def wants_page(request: Request) -> bool:
    """Whether a browser asks for a page (not the API, not a static file):
    it is answered with a page in its own language, not with JSON."""
    path = request.url.path
    return (request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")
            and not path.startswith(("/api/", "/static/", "/ws/")))


def not_found_page() -> FileResponse:
    """The page with status 404: its router shows "not found" with a way
    back to the lobby, in the reader's language."""
    return FileResponse(INDEX, status_code=404)


def _whole(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise BadRequest(f"'{name}' must be a whole number from {low} to {high}")
    return int(text)


def _record(game: str, players: int, seed: int, options: dict[str, Any],
            actions: list[tuple[int, str]]) -> Record:
    get_game(game)
    return Record(game, players, seed, options, list(actions))


def _replay_viewer(seat: str, players: int) -> Viewer:
    if seat == PUBLIC:
        return PUBLIC
    # Plain ASCII digits only: isdigit() takes '²' (which int() refuses) and
    # '٣' (which int() reads as 3); and int() refuses thousands of digits.
    if not (seat.isascii() and seat.isdigit() and len(seat) <= 9) or not 0 <= int(seat) < players:
        raise BadRequest(f"'seat' must be \"public\" or a seat from 0 to {players - 1}")
    return int(seat)


def _pages(app: FastAPI, room: Room) -> None:
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(INDEX)

    # The page's own router (app.js) draws these addresses; an unknown
    # table's is the same page, answered 404 (the page says so).
    @app.get("/tables/{table_id}", include_in_schema=False)
    @app.get("/replays/{table_id}", include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> FileResponse:
        try:
            await room.get(table_id, client_address(request))
        except NoTable:
            return not_found_page()
        return FileResponse(INDEX)

    @app.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(game_id: str) -> Response:
        try:
            _lesson_of(game_id)
        except CardroomError:
            return not_found_page()
        return FileResponse(INDEX)

    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> FileResponse:
        return FileResponse(INDEX)


def _lesson_of(game_id: str) -> Lesson:
    lesson = load_lesson(get_game(game_id))
    if lesson is None:
        raise NoLesson(f"there is no lesson for {game_id!r} yet")
    return lesson


class BodyLimit:
    """Refuses a request body over ``limit`` bytes before it is read whole
    (by its Content-Length, or as it streams in)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await _too_large(scope, receive, send, self.limit)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge(f"a request body may be at most {self.limit} bytes")
            return message

        await self.app(scope, limited, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = error_response(TooLarge.code, f"a request body may be at most {limit} bytes")
    await response(scope, receive, send)
