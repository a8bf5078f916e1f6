"""``cardroom serve`` as a process: a flag for every limit, and a stop that
leaves nothing behind. SIGTERM stops it as Ctrl-C does; after SIGTERM or
SIGKILL, neither its bot workers nor multiprocessing's resource tracker
outlive it."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from cardroom.cli.main import build_parser
from cardroom.cli.serve import LIMITS, config_of, uvicorn_options
from cardroom.server.config import Config
from tests.server.support import free_port, sqlite_url

ALL_BOTS = [{"kind": "bot", "bot": "random"}] * 3
# Config fields set another way: by the flags that were there before the
# limits (each burst derived from its rate), or by tests only.
NOT_LIMITS = {"db", "host", "port", "bot_workers", "bot_delay_s", "origins", "ws_rate",
              "ws_burst", "http_rate", "http_burst", "tick_s", "finished_in_lobby",
              "forwarded_allow_ips", "node_url", "lease_ttl_s", "lease_renew_s",
              "metrics_allow"}


def serve_args(*flags: str) -> Config:
    args = build_parser().parse_args(["serve", *flags])
    return config_of(args)


def test_every_limit_has_a_flag_named_after_its_field() -> None:
    fields = {field.name for field in dataclasses.fields(Config)}
    assert {name for name, _, _ in LIMITS} == fields - NOT_LIMITS
    assert serve_args() == Config()
    config = serve_args("--waiting-ttl", "5", "--idle-end", "6.5", "--bot-table-max", "7",
                        "--hello-timeout", "2", "--session-idle", "60",
                        "--tables-per-creator", "3", "--hint-rate-seat", "0.1",
                        "--hint-burst-seat", "2", "--signin-free-failures", "9",
                        "--forwarded-allow-ips", "10.0.0.1")
    assert (config.waiting_ttl_s, config.idle_end_s, config.bot_table_max_s) == (5, 6.5, 7)
    assert (config.hello_timeout_s, config.session_idle_s) == (2, 60)
    assert (config.tables_per_creator, config.hint_rate_seat, config.hint_burst_seat) == (3, 0.1, 2)
    assert config.signin_free_failures == 9 and config.forwarded_allow_ips == "10.0.0.1"


def test_requests_are_parsed_by_the_c_parser() -> None:
    assert uvicorn_options(Config())["http"] == "httptools"


def test_forwarded_addresses_are_believed_only_from_the_proxies_named() -> None:
    assert uvicorn_options(Config())["proxy_headers"] is False
    behind = uvicorn_options(Config(forwarded_allow_ips="10.0.0.1,10.0.0.2"))
    assert behind["proxy_headers"] is True
    assert behind["forwarded_allow_ips"] == "10.0.0.1,10.0.0.2"


@dataclasses.dataclass
class Proc:
    pid: int
    state: str
    session: int
    cmdline: str


def processes() -> Iterator[Proc]:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            # After the name in parentheses: state, ppid, process group, session.
            fields = stat[stat.rindex(")") + 2:].split()
            yield Proc(int(entry.name), fields[0], int(fields[3]), cmdline)


def left_behind(server: int) -> list[Proc]:
    """The live processes of the server's session (zombies are gone: only
    their exit status is left, for whoever adopted them)."""
    return [p for p in processes() if p.session == server and p.pid != server and p.state != "Z"]


def wait_for(what: str, check: Callable[[], object], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        time.sleep(0.1)


@contextlib.contextmanager
def busy_server(folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``cardroom serve`` in its own session with an all-bot table playing,
    so that a bot worker and the resource tracker are running."""
    port = free_port()
    with (folder / "out.log").open("wb") as out, (folder / "err.log").open("wb") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "serve", "--db", sqlite_url(folder),
             "--port", str(port), "--bot-workers", "2", "--bot-delay", "0"],
            stdout=out, stderr=err, cwd=folder, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for("the server answers", lambda: answers(url, server), 60)
        made = httpx.post(f"{url}/api/tables", timeout=30,
                          json={"game": "papayoo", "players": 3, "seats": ALL_BOTS})
        assert made.status_code == 200, made.text
        wait_for("a bot worker and the resource tracker start", lambda: both_running(server.pid),
                 60)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever a failed test left
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(30)


def answers(url: str, server: subprocess.Popen[bytes]) -> bool:
    assert server.poll() is None, "the server exited"
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(f"{url}/api/games", timeout=1).is_success
    return False


def both_running(server: int) -> bool:
    found = [p.cmdline for p in left_behind(server)]
    return (any("resource_tracker" in c for c in found)
            and any("spawn_main" in c for c in found))


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_stopped_server_leaves_no_process_behind(tmp_path: Path, how: signal.Signals) -> None:
    with busy_server(tmp_path) as server:
        server.send_signal(how)
        code = server.wait(30)
        with contextlib.suppress(AssertionError):
            wait_for("", lambda: not left_behind(server.pid), 10)
        assert not left_behind(server.pid), "still running 10 s after the server stopped"
    if how == signal.SIGTERM:
        assert code == 0, (tmp_path / "err.log").read_text()
        assert "cardroom: stopped" in (tmp_path / "err.log").read_text()
        # What a person starting the room reads: its address, not migrations.
        said = (tmp_path / "out.log").read_text() + (tmp_path / "err.log").read_text()
        assert "alembic" not in said and "Revision ID" not in said, said
