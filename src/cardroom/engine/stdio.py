"""`cardroom engine`: the protocol over stdin/stdout, one JSON object per line."""

from __future__ import annotations

import json
import sys
from typing import BinaryIO, TextIO

from cardroom.engine.session import Session


def serve(inp: BinaryIO, out: TextIO) -> int:
    session = Session()
    while not session.done:
        raw = inp.readline()
        if not raw:
            break
        line = raw.decode("utf-8", errors="replace")
        if not line.strip():
            continue
        response = session.handle_line(line)
        out.write(json.dumps(response, separators=(",", ":")) + "\n")
        out.flush()
    return 0


def main() -> int:
    try:
        return serve(sys.stdin.buffer, sys.stdout)
    except KeyboardInterrupt:
        return 0
