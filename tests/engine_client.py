"""A test client for `cardroom engine` run as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    """The reply, after checking it succeeded."""
    assert reply["ok"] is True, reply
    return reply


def error_code(reply: dict[str, Any]) -> str:
    """The error code of a failed reply, after checking it has a message."""
    assert reply["ok"] is False and reply["error"]["message"], reply
    code: str = reply["error"]["code"]
    return code


class EngineProcess:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "engine"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )

    def send_raw(self, line: bytes) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply.endswith(b"\n"), f"no reply line (got {reply!r})"
        out: dict[str, Any] = json.loads(reply)
        return out

    def ask(self, cmd: str, **args: Any) -> dict[str, Any]:
        return self.send_raw(json.dumps({"cmd": cmd, **args}).encode())

    def close(self) -> int:
        assert self.proc.stdin
        self.proc.stdin.close()
        code = self.proc.wait(timeout=30)
        assert self.proc.stdout and self.proc.stderr
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code
