"""nginx from Debian in front of the test's nodes, on loopback, with the
site file the project ships (deploy/nginx.conf), its upstreams and listen
address pointed at the test's ports. Where nginx is missing it is
installed as root, else the test skips (fails with CARDROOM_REQUIRE_NGINX=1)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from tests.debian import require

SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
REQUIRE_ENV = "CARDROOM_REQUIRE_NGINX"


def find_nginx() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)


def require_nginx() -> str:
    return require("nginx", find_nginx, REQUIRE_ENV, "nginx MISSING",
                   "install it with `apt-get install -y nginx` (as root)")


def site(port: int, nodes: list[int]) -> str:
    """The shipped site file, listening on ``port`` in front of ``nodes``."""
    text = SITE.read_text()
    servers = "".join(f"    server 127.0.0.1:{n} max_fails=1 fail_timeout=5s;\n" for n in nodes)
    text, count = re.subn(r"(?m)^    server 127\.0\.0\.1:\d+ [^\n]*\n", "", text)
    assert count >= 1, "deploy/nginx.conf names its nodes as `server 127.0.0.1:PORT ...;`"
    text = text.replace("    keepalive 32;", servers + "    keepalive 32;")
    return text.replace("listen 80;", f"listen 127.0.0.1:{port};")


class Nginx:
    """``Nginx(folder, port, nodes)``: nginx running in the foreground, in
    its own session, until ``stop``. ``files``: its open-file limit (room
    for every connection: each table connection is two of nginx's);
    ``binary``: an nginx found already (else it is required as above)."""

    def __init__(self, folder: Path, port: int, nodes: list[int], files: int = 4160,
                 binary: str | None = None) -> None:
        self.binary = binary or require_nginx()
        self.folder, self.port = folder, port
        self.url = f"http://127.0.0.1:{port}"
        (folder / "logs").mkdir(parents=True, exist_ok=True)
        conf = folder / "nginx.conf"
        conf.write_text(
            f"pid {folder}/nginx.pid;\nerror_log {folder}/logs/error.log warn;\n"
            f"worker_processes 1;\nworker_rlimit_nofile {files};\n"
            f"events {{ worker_connections {files - 64}; }}\nhttp {{\n"
            f"    access_log off;\n    client_body_temp_path {folder}/body;\n"
            f"    proxy_temp_path {folder}/proxy;\n{site(port, nodes)}\n}}\n")
        self.proc = subprocess.Popen([self.binary, "-p", str(folder), "-c", str(conf),
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 20
        while not self._listening():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"nginx did not start: {self._errors()}")
            time.sleep(0.1)

    def _listening(self) -> bool:
        with socket.socket() as sock:
            return sock.connect_ex(("127.0.0.1", self.port)) == 0

    def _errors(self) -> str:
        log = self.folder / "logs" / "error.log"
        return log.read_text()[-2000:] if log.exists() else ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
