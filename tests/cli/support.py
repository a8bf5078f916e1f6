"""Driving the terminal as a person would: a subprocess with typed lines, a
pseudo-terminal where the behaviour needs one (Ctrl-C, a closed terminal,
a cleared screen), and run.py in a copy of the repository's root whose
set-up is already done (so that no test installs anything)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import select
import shutil
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def cardroom(*args: str, stdin: str = "", cwd: Path | None = None,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardroom", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=300,
                          env={**os.environ, **(env or {})})


def fake_root(folder: Path) -> Path:
    """A repository root holding run.py whose .venv is already set up: its
    cardroom command is this environment's, its stamps say up to date."""
    root = folder / "repo"
    bin_dir = root / ".venv" / ("Scripts" if os.name == "nt" else "bin")
    bin_dir.mkdir(parents=True)
    for name in ("run.py", "pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, root / name)
    (bin_dir / "cardroom").symlink_to(VENV_BIN / "cardroom")
    (bin_dir / "python").symlink_to(sys.executable)
    stamp = hashlib.sha256((root / "pyproject.toml").read_bytes()
                           + (root / "constraints.txt").read_bytes()).hexdigest()
    for extras in ("base", "test"):
        (root / ".venv" / f".cardroom-{extras}").write_text(stamp)
    return root


def _own_terminal() -> None:
    """In the child: the pseudo-terminal on stdin becomes its controlling
    terminal (so that Ctrl-C and a hang-up reach it as from a real one).
    Ctrl-C is restored to its default: a test run started in the background
    by a shell without job control inherits SIGINT ignored, and Python
    then never raises KeyboardInterrupt, as no terminal a person types in
    would do."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Pty:
    """A command on a pseudo-terminal of 80x24: type into it, read its screen."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                     env={**os.environ, **(env or {})},
                                     start_new_session=True, preexec_fn=_own_terminal)
        os.close(slave)
        self.fd: int | None = master
        self.seen = b""

    @property
    def text(self) -> str:
        return self.seen.decode("utf-8", "replace")

    def expect(self, words: str, timeout: float = 60) -> str:
        """Read until ``words`` has appeared; everything read so far."""
        deadline = time.monotonic() + timeout
        while words not in self.text:
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"{words!r} never came; the screen:\n{self.text[-3000:]}")
        return self.text

    def send(self, text: str) -> None:
        assert self.fd is not None
        os.write(self.fd, text.encode())

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does (the kernel sends SIGHUP)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def finish(self, timeout: float = 60) -> int:
        """Wait for the command to end, reading what it still prints."""
        deadline = time.monotonic() + timeout
        while self.fd is not None and self._read(max(0.0, deadline - time.monotonic())):
            pass
        code = self.proc.wait(timeout=timeout)
        while self._read(0.2):  # what it printed last
            pass
        self.hang_up()
        return code

    def _read(self, timeout: float) -> bool:
        if self.fd is None:
            return False
        ready, _, _ = select.select([self.fd], [], [], min(timeout, 1.0))
        if not ready:
            return self.proc.poll() is None and timeout > 0
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the other side is closed: everything was read
            return False
        self.seen += chunk
        return bool(chunk)
