"""Player accounts: optional. A guest plays under a display name; an
account (a name and an argon2-hashed password) keeps its finished games and
a rating per game. Signing in gives a session token, sent as
``Authorization: Bearer`` (never in a URL); a session unused for
``session_idle_s`` expires.

What a stranger may do is bounded: sign-ins, new accounts and password
changes share a token bucket per client address; one address makes at
most ``accounts_per_hour`` accounts (counted in the database); an account
that keeps being given wrong passwords backs off, 2 s doubling up to 15
minutes. Names are NFKC, of one script, and unique by a key that folds case
and look-alike letters (security.name_key)."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Awaitable
from typing import Any, TypeVar

from fastapi import FastAPI, Request

from cardroom.core.errors import BadRequest, CardroomError
from cardroom.games import get_game
from cardroom.server import security
from cardroom.server.admin import refuse_banned_account
from cardroom.server.errors import RateLimited, Unauthorized
from cardroom.server.inputs import bearer, read_body
from cardroom.server.limits import Buckets
from cardroom.server.live import table_info
from cardroom.server.room import Room
from cardroom.server.store import NameTaken, TooManyAccounts

NAME_CHARS = "_-."
MIN_NAME, MAX_NAME = 3, 32
MIN_PASSWORD, MAX_PASSWORD = 8, 256
NAME_RULE = (f"an account name is {MIN_NAME} to {MAX_NAME} letters, digits, '_', '-' or '.', "
             "beginning and ending with a letter or a digit")
# Japanese writes kanji beside kana: one script for a name's purposes.
JAPANESE = frozenset({"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "IDEOGRAPHIC"})
# Letters that are not of a script but pass for punctuation (ʼ, ˮ).
NOT_A_SCRIPT = frozenset({"MODIFIER"})

T = TypeVar("T")
SignIn = tuple[int, str, str, float]  # id, name, password hash, seconds locked


class NameInUse(CardroomError):
    code = "name_taken"


def account_name(value: Any) -> str:
    """The name as it is kept (NFKC), or BadRequest: letters and digits,
    '_', '-' and '.', of one script, beginning and ending with a letter or
    digit. The same rule serves signing in, so that a name no account can
    have is refused before the database is asked."""
    if not isinstance(value, str):
        raise BadRequest(NAME_RULE)
    name = unicodedata.normalize("NFKC", value)
    if (not MIN_NAME <= len(name) <= MAX_NAME or not all(map(_name_char, name))
            or not _word_char(name[0]) or not _word_char(name[-1])):
        raise BadRequest(NAME_RULE)
    if len({_script(ch) for ch in name} - {""}) > 1:
        raise BadRequest("an account name is written in one alphabet: "
                         "letters of two may not be mixed")
    return name


def password(value: Any, what: str = "a password") -> str:
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise BadRequest(f"{what} is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise BadRequest(f"{what} holds a broken character (half of a surrogate pair)")
    return value


def _word_char(ch: str) -> bool:
    if "0" <= ch <= "9":
        return True
    return unicodedata.category(ch).startswith("L") and _script(ch) not in NOT_A_SCRIPT


def _name_char(ch: str) -> bool:
    return ch in NAME_CHARS or _word_char(ch)


def _script(ch: str) -> str:
    """A letter's script: the first word of its Unicode name (LATIN,
    CYRILLIC, GREEK, ...); "" for ASCII digits and '_-.', which go with any."""
    if ch.isascii() and not ch.isalpha():
        return ""
    word = unicodedata.name(ch, "").partition(" ")[0]
    return "HAN" if word in JAPANESE else word


def _wait(seconds: float) -> str:
    if seconds > 120:
        return f"{math.ceil(seconds / 60)} minutes"
    whole = max(1, math.ceil(seconds))
    return "1 second" if whole == 1 else f"{whole} seconds"


def routes(app: FastAPI, room: Room) -> None:
    config = room.config
    security.limit_hashing(room.config.hash_rate, 2 * room.config.hash_rate)
    security.start_hashing()
    buckets = Buckets(config.signin_rate, config.signin_burst, room.clock)
    refill = _wait(1 / config.signin_rate) if config.signin_rate > 0 else "a while"

    def throttle(request: Request) -> str:
        """The client's address, if it may try a password now."""
        address = request.client.host if request.client else "?"
        if not buckets.allow(address):
            raise RateLimited(f"too many sign-ins from your address: wait {refill} "
                              "and try again")
        return address

    @app.post("/api/accounts")
    async def create_account(request: Request) -> dict[str, Any]:
        made_by = security.address_key(throttle(request))
        body = await read_body(request)
        name, secret = account_name(body.get("name")), password(body.get("password"))
        cap = (made_by, config.accounts_per_hour)
        await _creating(room.db(room.store.check_new_account, name, *cap), name, cap[1])
        hashed = await security.hash_password(secret)
        account_id = await _creating(room.db(room.store.create_account, name, hashed, *cap),
                                     name, cap[1])
        return {"name": name, "token": await room.new_session(account_id)}

    @app.post("/api/sessions")
    async def sign_in(request: Request) -> dict[str, Any]:
        throttle(request)
        body = await read_body(request)
        name, secret = account_name(body.get("name")), password(body.get("password"))
        found = await room.db(room.store.start_sign_in, name, config.signin_free_failures)
        account_id, kept_name, stored, _ = await _prove(room, found, secret,
                                                        "wrong name or password")
        await room.db(refuse_banned_account, room.store.engine, account_id)
        if security.needs_rehash(stored):
            await room.db(room.store.set_password, account_id,
                          await security.hash_password(secret))
        return {"name": kept_name, "token": await room.new_session(account_id)}

    @app.delete("/api/sessions")
    async def sign_out(request: Request) -> dict[str, Any]:
        token, _ = await _session(room, request)
        await room.db(room.store.end_session, security.token_hash(token))
        return {}

    @app.delete("/api/sessions/all")
    async def sign_out_everywhere(request: Request) -> dict[str, Any]:
        _, account = await _session(room, request)
        return {"ended": await room.db(room.store.end_sessions, account[0])}

    @app.post("/api/me/password")
    async def change_password(request: Request) -> dict[str, Any]:
        throttle(request)
        token, account = await _session(room, request)
        body = await read_body(request)
        current = password(body.get("password"), "the current password")
        new = password(body.get("new_password"), "a new password")
        found = await room.db(room.store.start_password_check, account[0],
                              config.signin_free_failures)
        await _prove(room, found, current, "the current password is wrong")
        hashed = await security.hash_password(new)
        await room.db(room.store.set_password, account[0], hashed, security.token_hash(token))
        return {"name": account[1]}

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        _, account = await _session(room, request)
        ratings = await room.db(room.store.account_ratings, account[0])
        games = await room.db(room.store.finished_tables, 50, account[0])
        return {"name": account[1], "ratings": ratings,
                "games": [table_info(d, [], [s.clock_s for s in d.seats]) for d in games]}

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        known = get_game(game).id
        return {"game": known, "ratings": await room.db(room.store.leaderboard, known, 100)}


async def _creating(call: Awaitable[T], name: str, per_hour: int) -> T:
    try:
        return await call
    except NameTaken:
        raise NameInUse(f"the name {name!r} is taken, or looks too much like one that "
                        "is") from None
    except TooManyAccounts:
        raise RateLimited(f"your address has made {per_hour} accounts in the last hour: "
                          "try again later") from None


async def _prove(room: Room, found: SignIn | None, secret: str, wrong: str) -> SignIn:
    """``found`` when ``secret`` is its password; RateLimited while it backs
    off (the password is not even checked), Unauthorized with ``wrong``
    when it is not the password."""
    if found is not None and found[3] > 0:
        raise RateLimited("too many wrong passwords for this account: try again in "
                          f"{_wait(found[3])}")
    ok = await security.password_ok(None if found is None else found[2], secret)
    if found is None or not ok:
        raise Unauthorized(wrong)
    await room.db(room.store.signed_in, found[0])
    return found


async def _session(room: Room, request: Request) -> tuple[str, tuple[int, str]]:
    """The bearer token and its account (id, name); Unauthorized without one."""
    token = bearer(request)
    account = await room.account(token)
    if token is None or account is None:
        raise Unauthorized("sign in first")
    return token, account
