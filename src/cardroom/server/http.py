"""Reading HTTP requests and writing error answers the card room's way."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from cardroom.core.errors import BadRequest
from cardroom.engine.session import refuse_constant
from cardroom.server.errors import TooLarge, http_status
from cardroom.server.limits import MAX_BODY_BYTES


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}},
                        status_code=status or http_status(code))


async def read_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise TooLarge(f"a request body may be at most {MAX_BODY_BYTES} bytes")
    try:
        body = json.loads(raw or b"{}", parse_constant=refuse_constant)
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
