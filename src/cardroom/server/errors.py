"""The card room's error codes beyond the engine's, with their HTTP status,
and the error answer over HTTP."""

from __future__ import annotations

from fastapi.responses import JSONResponse

from cardroom.core.errors import CardroomError
from cardroom.protocol import Forbidden

__all__ = ["Forbidden", "Moving", "NoLesson", "NoTable", "RateLimited", "SeatTaken",
           "StorageFailed", "TableFull", "TooLarge", "Unauthorized", "error_response",
           "http_status"]


class Unauthorized(CardroomError):
    code = "unauthorized"


class NoTable(CardroomError):
    code = "no_table"


class NoLesson(CardroomError):
    code = "not_found"


class SeatTaken(CardroomError):
    code = "seat_taken"


class TableFull(CardroomError):
    code = "table_full"


class RateLimited(CardroomError):
    code = "rate_limited"


class TooLarge(CardroomError):
    code = "too_large"


class StorageFailed(CardroomError):
    code = "internal_error"


class Moving(CardroomError):
    """The table is between servers (its server stopped or is stopping):
    asked again in a few seconds, another server plays it."""

    code = "unavailable"


HTTP_STATUS = {
    "bad_request": 400, "bad_json": 400, "bad_option": 400, "unknown_game": 400,
    "illegal_action": 400, "not_your_turn": 409, "game_over": 409, "no_game": 409,
    "unauthorized": 401, "forbidden": 403, "no_table": 404, "not_found": 404,
    "seat_taken": 409, "table_full": 409, "name_taken": 409, "too_large": 413,
    "rate_limited": 429, "internal_error": 500, "unavailable": 503,
}


def http_status(code: str) -> int:
    return HTTP_STATUS.get(code, 400)


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}},
                        status_code=status or http_status(code))
