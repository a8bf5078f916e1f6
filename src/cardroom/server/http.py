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
    return body


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if any."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None

