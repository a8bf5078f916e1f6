"""The room's log: plain lines for a person at a terminal, or one JSON
object a line for a log collector (``cardroom serve --log-format json``).

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger``,
``message``, ``error`` (the traceback, when there is one), and, when
known, ``table`` and ``conn`` (set where a request or a table connection
is handled, in context variables, so that every line logged while handling
it names them) and ``node`` (this process's node of the room).

Nothing logged names a token or a hidden card: the room logs no request
body, no action and no view; and, as a last guard, both formats blank
anything shaped like a token (``security.new_token``: 32 URL-safe
characters) or a bearer header before the line is written.
"""

from __future__ import annotations

import contextvars
import itertools
import json
import logging
import re
import sys
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from starlette.types import ASGIApp, Receive, Scope, Send

FORMATS = ("text", "json")
TABLE: contextvars.ContextVar[str | None] = contextvars.ContextVar("table", default=None)
CONN: contextvars.ContextVar[str | None] = contextvars.ContextVar("conn", default=None)
# A token as security.new_token makes it, alone (not inside a longer word),
# and whatever follows "Bearer ".
TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])|(?i:bearer)\s+\S+")
REDACTED = "[redacted]"
TEXT_FORMAT = "%(levelname)s %(name)s: %(message)s"
_numbers = itertools.count(1)


def redact(text: str) -> str:
    return TOKEN.sub(REDACTED, text)


def new_conn() -> str:
    """A name for a table connection, unique in this process."""
    return str(next(_numbers))


def about(table: str | None, conn: str | None = None) -> None:
    """What the lines logged from here on (in this task, and the tasks it
    starts) concern."""
    TABLE.set(table)
    CONN.set(conn)


def table_of(path: str) -> str | None:
    """The table an HTTP path is about (``/api/tables/{id}...``), if any."""
    parts = path.split("/", 4)
    if len(parts) < 4 or parts[1] != "api" or parts[2] != "tables":
        return None
    table = parts[3]
    if 0 < len(table) <= 32 and table.replace("-", "").replace("_", "").isalnum() \
            and table.isascii():
        return table
    return None


class RequestContext:
    """ASGI middleware: an HTTP request about a table names it in the lines
    logged while it is handled (each request runs in a task of its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            about(table_of(scope.get("path", "")))
        await self.app(scope, receive, send)


class Context(logging.Filter):
    """Stamps each record with the table and connection of the code that
    logs it (a handler's filter runs there, before any formatting)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "table", None) is None:
            record.table = TABLE.get()
        if getattr(record, "conn", None) is None:
            record.conn = CONN.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line; ``node``: this process's node, when known."""

    def __init__(self, node: Callable[[], str | None] = lambda: None) -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": iso_time(record.created), "level": record.levelname,
            "logger": record.name, "message": redact(record.getMessage())}
        for key in ("table", "conn"):
            value = getattr(record, key, None)
            if value is not None:
                out[key] = value
        node = self.node()
        if node is not None:
            out["node"] = node
        if record.exc_info:
            out["error"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            out["error"] = redact(record.exc_text)
        if record.stack_info:
            out["stack"] = redact(self.formatStack(record.stack_info))
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def iso_time(created: float) -> str:
    seconds = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created))
    return f"{seconds}.{int(created % 1 * 1000):03d}Z"


def setup(log_format: str = "text", stream: Any = None) -> logging.Handler:
    """Send every log line (the room's, uvicorn's, the libraries') to
    stderr in ``log_format``; uvicorn is then run with ``log_config=None``
    so that it keeps this handler. Returns the handler (``follow_node``)."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format is text or json, not {log_format!r}")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    handler.addFilter(Context())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)  # a warning is a log line too, not a stray one
    # Alembic's INFO lines (each migration's name and docstring) are for
    # whoever runs migrations by hand, not for a person starting the room.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    return handler


def follow_node(handler: logging.Handler, room: object) -> None:
    """JSON lines name the room's node once it has one."""
    if isinstance(handler.formatter, JsonFormatter):
        handler.formatter.node = lambda: node_of(room)


def node_of(room: object) -> str | None:
    """The room's node id (``room.node_id``, or its ``node``'s ``id``)."""
    node = getattr(room, "node_id", None) or getattr(getattr(room, "node", None), "id", None)
    return node if isinstance(node, str) else None


def safe_url(url: str) -> str:
    """A database URL as it may be shown: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return redact(url)


def holding(viewer: object) -> str:
    """What a connection holds, as a log line says it (never its token)."""
    if viewer is None:
        return "nothing"
    return "the public view" if isinstance(viewer, str) else f"seat {viewer}"
