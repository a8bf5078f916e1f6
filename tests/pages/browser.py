"""The real browser for the page tests: Debian's Chromium driven by
Playwright, and a real ``cardroom serve`` subprocess for it to talk to.

Chromium is installed by the set-up when it is missing and this process is
root (``apt-get install -y chromium``); otherwise the tests are skipped with
a loud message, and with CARDROOM_REQUIRE_BROWSER=1 (as in CI) they fail."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from tests.debian import require

REQUIRE_ENV = "CARDROOM_REQUIRE_BROWSER"
BROWSER_ENV = "CARDROOM_CHROMIUM"
MISSING = "Chromium MISSING"
INSTALL = ("install it with `apt-get install -y chromium` (as root), or point "
           f"{BROWSER_ENV} at a Chromium binary")
# Without the background-networking flags Chromium keeps trying to reach
# Google's hosts, which this closed network refuses.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"


def find_chromium() -> str | None:
    given = os.environ.get(BROWSER_ENV)
    if given:
        return given if Path(given).exists() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def require_chromium() -> str:
    """The Chromium binary; installs it where it can, else skips or fails."""
    return require("chromium", find_chromium, REQUIRE_ENV, MISSING, INSTALL)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# Every page comes from 127.0.0.1: the limits a stranger meets per address
# are loosened for the suite's one server.
LOOSE = ["--tables-per-creator", "10000", "--bot-tables-per-creator", "10000",
         "--ws-per-address", "10000", "--hint-burst-seat", "100", "--hint-burst-address", "100",
         "--signin-burst", "100", "--accounts-per-hour", "10000", "--hash-rate", "100"]


class Server:
    """``cardroom serve`` in a subprocess on a free port, database in a temp dir."""

    def __init__(self, workdir: Path, port: int | None = None,
                 extra: Sequence[str] = ()) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = (workdir / "server.log").open("a")
        cli = Path(sys.executable).with_name("cardroom")
        self.process = subprocess.Popen(
            [str(cli), "serve", "--db", f"sqlite:///{workdir / 'pages.db'}",
             "--host", "127.0.0.1", "--port", str(self.port), "--bot-delay", "0",
             *LOOSE, *extra],
            cwd=workdir, stdout=self.log, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"cardroom serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/games", timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("cardroom serve did not answer within 60 s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
