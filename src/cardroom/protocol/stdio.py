"""`cardroom engine`: the protocol over stdin/stdout, one JSON object per line."""

from __future__ import annotations

import json
import os
import sys
from typing import BinaryIO, TextIO

from cardroom.protocol import Answer, error
from cardroom.protocol.session import Session


def serve(inp: BinaryIO, out: TextIO) -> int:
    session = Session()
    while not session.done:
        raw = inp.readline()
        if not raw:
            break
        response = answer(session, raw)
        if response is None:
            continue
        # allow_nan=False: a reply is always standard JSON (nothing in one is NaN).
        out.write(json.dumps(response, separators=(",", ":"), allow_nan=False) + "\n")
        out.flush()
    return 0


def answer(session: Session, raw: bytes) -> Answer | None:
    """The reply to one line as it came in; None for a blank line."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return error(None, "bad_json", "the line is not UTF-8 text")
    if not line.strip():
        return None
    return session.handle_line(line)


def main() -> int:
    try:
        return serve(sys.stdin.buffer, sys.stdout)
    except KeyboardInterrupt:
        return 0
    except BrokenPipeError:
        # The client closed its end: nobody is left to answer. Point stdout
        # at /dev/null so that the interpreter's final flush fails quietly too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
