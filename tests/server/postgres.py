"""A throwaway PostgreSQL for the tests: one cluster per test process
(each pytest-xdist worker starts its own, on its own free port, in its own
temporary folder), one fresh database per test, stopped and removed when
the session ends.

``require_cluster()`` gives the running cluster, starting it on first use.
Where no PostgreSQL is installed the test is skipped, loudly, unless
``CARDROOM_REQUIRE_POSTGRES=1`` is set, in which case it fails.
``CARDROOM_POSTGRES_BIN`` names the folder of initdb, pg_ctl and postgres
where they are not found by themselves.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg
import pytest

REQUIRE_ENV = "CARDROOM_REQUIRE_POSTGRES"
BIN_ENV = "CARDROOM_POSTGRES_BIN"
PREFIX = "cardroom-pg-"
TOOLS = ("initdb", "pg_ctl", "postgres")
OWNER_FILE = "owner.pid"
MISSING = "PostgreSQL is missing"
INSTALL = ("install it with `apt-get install -y postgresql` (or point CARDROOM_POSTGRES_BIN "
           "at the folder of its initdb, pg_ctl and postgres)")
# Speed over durability: the cluster lives for one test session.
SETTINGS = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
            "-c", "max_connections=100", "-c", "shared_buffers=32MB")


class PostgresUnavailable(Exception):
    """PostgreSQL cannot be run here (not installed, or no user to run it as)."""


def find_bin_dir() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres: $CARDROOM_POSTGRES_BIN
    when set (and then only it), else from PATH, else the newest
    /usr/lib/postgresql/N/bin."""
    given = os.environ.get(BIN_ENV)
    if given is not None:
        folder = Path(given)
        return folder if all(os.access(folder / tool, os.X_OK) for tool in TOOLS) else None
    found = shutil.which("pg_ctl")
    candidates = [Path(found).resolve().parent] if found else []
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    versions.sort(key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                  else 0, reverse=True)
    candidates += [Path(p) for p in versions]
    for folder in candidates:
        if all(os.access(folder / tool, os.X_OK) for tool in TOOLS):
            return folder
    return None


def _parent() -> str:
    """Where clusters live: /tmp rather than $TMPDIR, since the postgres user
    must be able to enter it and a socket's path must stay short."""
    return "/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Cluster:
    """A PostgreSQL cluster of this test process: ``start()``, then
    ``fresh_database()`` for each test, ``stop()`` at the end."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.as_root = os.geteuid() == 0
        if self.as_root:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable("running as root, but `runuser` is not installed")
            try:
                self.user = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresUnavailable("running as root, but there is no `postgres` "
                                          "user to run the server as") from None
        self.base = Path(tempfile.mkdtemp(prefix=PREFIX, dir=_parent()))
        self.base.chmod(0o755)
        (self.base / OWNER_FILE).write_text(str(os.getpid()))
        self.data = self.base / "data"
        self.run = self.base / "run"  # socket and log
        for folder in (self.data, self.run):
            folder.mkdir(mode=0o700)
            if self.as_root:
                os.chown(folder, self.user.pw_uid, self.user.pw_gid)
        self.log = self.run / "postgres.log"
        self.port = 0
        self.started = False
        self.process: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)

    # ----- running the tools -------------------------------------------------
    def _cmd(self, tool: str, *args: str) -> list[str]:
        command = [str(self.bin_dir / tool), *args]
        return ["runuser", "-u", "postgres", "--", *command] if self.as_root else command

    def _tool(self, tool: str, *args: str, timeout: float = 60,
              check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(self._cmd(tool, *args), capture_output=True, text=True,
                              timeout=timeout, env=_environment(), cwd=self.base,
                              check=False)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} {' '.join(args)} failed ({done.returncode}):\n"
                               f"{done.stdout}{done.stderr}{self._log_tail()}")
        return done

    def _log_tail(self) -> str:
        try:
            return "\n--- postgres log ---\n" + self.log.read_text()[-3000:]
        except OSError:
            return ""

    # ----- life --------------------------------------------------------------
    def start(self) -> None:
        self._tool("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                   "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
        for attempt in range(5):  # another process may take the free port first
            self.port = _free_port()
            if self._launch():
                self.started = True
                return
            if "could not bind" not in self._log_tail() or attempt == 4:
                raise RuntimeError(f"postgres did not start{self._log_tail()}")

    def _launch(self) -> bool:
        """Run the postmaster as this process's child (so that it is reaped
        here, and, through setpriv's parent-death signal, shut down at once
        should this process die without stopping it); wait until it takes
        connections. False when it exited instead."""
        server = [str(self.bin_dir / "postgres"), "-D", str(self.data), "-p", str(self.port),
                  "-h", "127.0.0.1", "-k", str(self.run), *SETTINGS]
        if shutil.which("setpriv") is not None:
            become = ["--reuid=postgres", "--regid=postgres", "--init-groups"]
            command = ["setpriv", *(become if self.as_root else []), "--pdeathsig=QUIT",
                       "--", *server]
        else:
            command = ["runuser", "-u", "postgres", "--", *server] if self.as_root else server
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT, cwd=self.base,
                                            env=_environment(), start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            if self._ready():
                return True
            time.sleep(0.05)
        self._kill_postmaster()
        raise RuntimeError(f"postgres did not take connections within 30 s{self._log_tail()}")

    def _ready(self) -> bool:
        """Whether our postmaster says it takes connections on our port (as
        pg_ctl -w reads it; connecting could reach another process's server
        that took the port first)."""
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return (len(lines) >= 8 and lines[3].strip() == str(self.port)
                and lines[7].strip() == "ready")

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its folder."""
        if self.started:
            self.started = False
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._tool("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30",
                           "stop", check=False)
        self._kill_postmaster()
        shutil.rmtree(self.base, ignore_errors=True)

    def _kill_postmaster(self) -> None:
        """Make sure no server is left (when pg_ctl could not stop it), and
        reap it."""
        if self.process is None:
            return
        if self.process.poll() is None:
            pid = _postmaster_pid(self.data)
            if pid is not None and _alive(pid):
                os.kill(pid, signal.SIGQUIT)  # immediate shutdown, children with it
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    # ----- databases ---------------------------------------------------------
    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def fresh_database(self) -> str:
        """A new empty database; its SQLAlchemy URL (psycopg 3)."""
        name = f"t{next(self._names)}_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"


def _environment() -> dict[str, str]:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    for name in ("PGDATA", "PGPORT", "PGHOST", "PGUSER", "PGDATABASE", "PGOPTIONS"):
        env.pop(name, None)
    return env


def _postmaster_pid(data: Path) -> int | None:
    try:
        first = (data / "postmaster.pid").read_text().split("\n", 1)[0].strip()
    except OSError:
        return None
    return int(first) if first.isdigit() else None


def reap_stale() -> None:
    """Stop and remove clusters left by test processes that died without
    cleaning up (killed, say); those of live processes are left alone."""
    for folder in glob.glob(os.path.join(_parent(), PREFIX + "*")):
        try:
            owner = int((Path(folder) / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        pid = _postmaster_pid(Path(folder) / "data")
        if pid is not None and _alive(pid):
            try:
                os.kill(pid, signal.SIGQUIT)
            except OSError:
                continue
        shutil.rmtree(folder, ignore_errors=True)


# ----- the process's cluster ---------------------------------------------------
_cluster: Cluster | None = None
_unavailable: str | None = None
_broken: str | None = None  # it is installed, but would not start


def _warn(config: pytest.Config | None, message: str) -> None:
    """A line on the terminal's stderr, past pytest's output capture."""
    capture = config.pluginmanager.getplugin("capturemanager") if config else None
    line = f"\n{'!' * 5} {message} {'!' * 5}"
    if capture is None:
        print(line, file=sys.stderr, flush=True)
        return
    with capture.global_and_fixture_disabled():
        print(line, file=sys.stderr, flush=True)


def require_cluster(config: pytest.Config | None = None) -> Cluster:
    """The running cluster of this process (started on first call); skips
    the test where PostgreSQL is missing (warning on stderr), or fails it
    when CARDROOM_REQUIRE_POSTGRES=1."""
    global _cluster, _unavailable, _broken
    if _broken is not None:
        pytest.fail(f"the test PostgreSQL did not start (see the first error): {_broken}",
                    pytrace=False)
    if _cluster is None and _unavailable is None:
        bin_dir = find_bin_dir()
        try:
            if bin_dir is None:
                given = os.environ.get(BIN_ENV)
                where = f"in {given}" if given else "on PATH or in /usr/lib/postgresql/*/bin"
                raise PostgresUnavailable(f"no initdb, pg_ctl and postgres {where}")
            cluster = Cluster(bin_dir)
        except PostgresUnavailable as err:
            _unavailable = f"{MISSING} ({err}): {INSTALL}"
            if os.environ.get(REQUIRE_ENV) != "1":
                _warn(config, f"WARNING: {_unavailable}; the PostgreSQL tests are SKIPPED "
                      f"(set {REQUIRE_ENV}=1 to make this a failure)")
        else:
            reap_stale()
            try:
                cluster.start()
            except BaseException as err:
                cluster.stop()
                _broken = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise
            atexit.register(cluster.stop)
            _cluster = cluster
    if _cluster is not None:
        return _cluster
    assert _unavailable is not None
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{_unavailable} ({REQUIRE_ENV}=1 requires it)", pytrace=False)
    pytest.skip(f"!!! {_unavailable} !!!")


def stop_cluster() -> None:
    global _cluster
    if _cluster is not None:
        _cluster.stop()
        _cluster = None


def fresh_database() -> str:
    """A new empty database on this process's cluster: its SQLAlchemy URL."""
    return require_cluster().fresh_database()
