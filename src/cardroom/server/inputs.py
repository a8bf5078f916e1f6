"""What clients send, read and checked: HTTP request bodies (size, JSON,
text), who asks (the bearer token, the address), and the lobby's requests
field by field (a new table, a display name, a bot's budget). Every refusal
is a sentence; nothing here knows a game's rules: options are checked by the
game itself when the table's state is made.
"""

from __future__ import annotations

import json
import secrets
import time
import unicodedata
from typing import Any

from fastapi import Request

from cardroom import protocol
from cardroom.core.bot import make_bot
from cardroom.core.errors import BadRequest, CardroomError
from cardroom.games import get_game
from cardroom.server.errors import TooLarge
from cardroom.server.limits import MAX_BODY_BYTES, NAME_MAX_CHARS
from cardroom.server.store import Control, SeatData, TableData

# A bot seat's search may not hold a worker for long.
MAX_BOT_ITERATIONS = 20_000
MAX_BOT_MS = 5_000
MAX_CLOCK_S = 7 * 24 * 3600.0


async def read_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise TooLarge(f"a request body may be at most {MAX_BODY_BYTES} bytes")
    try:
        body = json.loads(raw or b"{}", parse_constant=protocol.refuse_constant)
    except (ValueError, RecursionError):
        raise BadRequest("the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    check_text(body)
    return body


def check_text(value: Any) -> None:
    """Refuse a parsed request holding a string that is not text: JSON lets
    ``"\\ud800"`` (half of a surrogate pair) through, and such a string cannot
    be stored, hashed or sent on as UTF-8. Keys and values, at any depth;
    a loop rather than recursion, as the JSON may nest deeply."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str) and not _is_text(item):
            raise BadRequest("the request holds a string that is not valid Unicode "
                             "(a lone surrogate such as \\ud800)")
        if isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            pending += item


def _is_text(item: str) -> bool:
    if item.isascii():
        return True
    try:
        item.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if any."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def client_address(request: Request) -> str:
    """The client's address (behind a trusted proxy, the forwarded one:
    uvicorn's --forwarded-allow-ips)."""
    return request.client.host if request.client else "?"


def field(body: dict[str, Any], name: str, kind: type, required: bool = True) -> Any:
    """A field of a request body, of ``kind`` (the protocol's check)."""
    return protocol.argument(body, name, kind, required, noun="field")


def number(body: dict[str, Any], name: str, low: float, high: float) -> float:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise BadRequest(f"{name!r} must be a number from {low:g} to {high:g}, got {value!r}")
    return float(value)


def display_name(value: Any, max_marks: int = 2) -> str:
    """The name in NFC, runs of whitespace as one space. Combining marks
    (accents) stacked on one character are bounded by ``max_marks``: more
    is seldom writing and often a tower of marks over other people's lines."""
    if not isinstance(value, str):
        raise BadRequest("'name' must be a display name (1 to 32 characters)")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not 1 <= len(name) <= NAME_MAX_CHARS or not name.isprintable():
        raise BadRequest("a display name is 1 to 32 printable characters")
    stacked = 0
    for ch in name:
        stacked = stacked + 1 if unicodedata.category(ch).startswith("M") else 0
        if stacked > max_marks:
            raise BadRequest(f"a display name may put at most {max_marks} accents or marks "
                             "on one letter")
    return name


def new_table(body: dict[str, Any]) -> TableData:
    """The table that a ``POST /api/tables`` body asks for (not yet stored)."""
    game = get_game(field(body, "game", str))
    players = field(body, "players", int)
    options = field(body, "options", dict, required=False) or {}
    seed = field(body, "seed", int, required=False)
    prepared = seed is not None or "stack" in options
    if seed is not None and not 0 <= seed < 2**63:
        raise BadRequest("'seed' must be a whole number from 0 to 2^63 - 1")
    if seed is None:
        seed = secrets.randbits(63)
    game.new(players, seed, options)  # BadOption for anything the game refuses
    seats = [_seat(i, entry, game) for i, entry in enumerate(_seat_list(body, players))]
    rated = bool(field(body, "rated", bool, required=False))
    humans = sum(1 for s in seats if s.kind == "human")
    if rated and (prepared or humans < 2):
        raise BadRequest("a rated table needs two or more people and no seed or stacked deal")
    hints = field(body, "hints", bool, required=False)
    return TableData(
        id=secrets.token_urlsafe(8), game=game.id, players=players, seed=seed,
        options=options, status="waiting" if humans else "playing", rated=rated,
        prepared=prepared,
        hints=(not rated) if hints is None else hints and not rated,
        clock=_clock(body.get("clock")), created_at=time.time(), seats=seats)


def _seat_list(body: dict[str, Any], players: int) -> list[Any]:
    seats = body.get("seats")
    if seats is None:
        return [{"kind": "human"}] * players
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest(f"'seats' must list one entry per seat ({players})")
    return seats


def _seat(number_: int, entry: Any, game: Any) -> SeatData:
    if not isinstance(entry, dict) or entry.get("kind") not in ("human", "bot"):
        raise BadRequest(f"seat {number_}: must be {{\"kind\": \"human\"}} or "
                         "{\"kind\": \"bot\", \"bot\": NAME}")
    if entry["kind"] == "human":
        return SeatData(number_, "human")
    bot = entry.get("bot", "heuristic")
    budget = entry.get("budget")
    if not isinstance(bot, str) or (budget is not None and not isinstance(budget, dict)):
        raise BadRequest(f"seat {number_}: 'bot' must be a bot name and 'budget' an object")
    check_budget(budget, f"seat {number_}")
    try:
        make_bot(bot, game, 0, budget)
    except CardroomError as err:
        raise BadRequest(f"seat {number_}: {err.message}") from None
    return SeatData(number_, "bot", bot=bot, budget=budget, name=bot, control=Control.BOT)


def check_budget(budget: dict[str, Any] | None, where: str,
                 iterations: int = MAX_BOT_ITERATIONS, ms: int = MAX_BOT_MS) -> None:
    if not budget:
        return
    its, millis = budget.get("iterations"), budget.get("ms")
    if its is not None and (isinstance(its, bool) or not isinstance(its, int)
                            or not 1 <= its <= iterations):
        raise BadRequest(f"{where}: 'iterations' must be a whole number from 1 to "
                         f"{iterations} on this server")
    if millis is not None and (isinstance(millis, bool) or not isinstance(millis, int | float)
                               or not 0 < millis <= ms):
        raise BadRequest(f"{where}: 'ms' must be a number of milliseconds above 0 and at "
                         f"most {ms} on this server")


def _clock(value: Any) -> tuple[float, float] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadRequest("'clock' must be {\"initial_s\": N, \"per_move_s\": N}")
    initial = number(value, "initial_s", 1, MAX_CLOCK_S)
    per_move = number(value, "per_move_s", 0, MAX_CLOCK_S) if "per_move_s" in value else 0.0
    return initial, per_move

