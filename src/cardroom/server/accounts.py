"""Player accounts: optional. A guest plays under a display name; an
account (a name and an argon2-hashed password) keeps its finished games and
a rating per game. Signing in gives a session token, sent as
``Authorization: Bearer`` (never in a URL)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request

from cardroom.core.errors import BadRequest, CardroomError
from cardroom.games import get_game
from cardroom.server import security
from cardroom.server.errors import Unauthorized
from cardroom.server.http import bearer, read_body
from cardroom.server.live import table_info
from cardroom.server.room import Room
from cardroom.server.store import NameTaken

NAME_CHARS = "_-."
MIN_PASSWORD, MAX_PASSWORD = 8, 256


class NameInUse(CardroomError):
    code = "name_taken"


def account_name(value: Any) -> str:
    if (not isinstance(value, str) or not 3 <= len(value) <= 32
            or not all(ch.isalnum() or ch in NAME_CHARS for ch in value)):
        raise BadRequest("an account name is 3 to 32 letters, digits, '_', '-' or '.'")
    return value


def password(value: Any) -> str:
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise BadRequest(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return value


def routes(app: FastAPI, room: Room) -> None:
    @app.post("/api/accounts")
    async def create_account(request: Request) -> dict[str, Any]:
        body = await read_body(request)
        name, secret = account_name(body.get("name")), password(body.get("password"))
        hashed = await asyncio.to_thread(security.hash_password, secret)
        try:
            account_id = await room.db(room.store.create_account, name, hashed)
        except NameTaken:
            raise NameInUse(f"the name {name!r} is taken") from None
        return {"name": name, "token": await room.new_session(account_id)}

    @app.post("/api/sessions")
    async def sign_in(request: Request) -> dict[str, Any]:
        body = await read_body(request)
        name, secret = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(secret, str):
            raise BadRequest("send 'name' and 'password'")
        found = await room.db(room.store.account_by_name, name)
        # Hash even for an unknown name, so that timing tells nothing.
        stored = found[2] if found else security.hash_password("not an account")
        ok = await asyncio.to_thread(security.password_ok, stored, secret)
        if found is None or not ok:
            raise Unauthorized("wrong name or password")
        return {"name": found[1], "token": await room.new_session(found[0])}

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        account = await room.account(bearer(request))
        if account is None:
            raise Unauthorized("sign in first")
        ratings = await room.db(room.store.account_ratings, account[0])
        games = await room.db(room.store.finished_tables, 50, account[0])
        return {"name": account[1], "ratings": ratings,
                "games": [table_info(d, [], [s.clock_s for s in d.seats]) for d in games]}

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        known = get_game(game).id
        return {"game": known, "ratings": await room.db(room.store.leaderboard, known, 100)}
