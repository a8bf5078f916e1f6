"""Debian packages the tests need beside Python (Chromium, nginx):
installed with apt-get where the tests run as root, once for every test
process (a lock file); elsewhere the tests that need them skip, or fail
where CI requires them."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest


def can_install() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_install(package: str, found: Callable[[], str | None]) -> str:
    """Install ``package`` unless ``found()`` finds it; "" or what went wrong."""
    lock = Path(tempfile.gettempdir()) / f"cardroom-{package}-install.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        if found() is not None:
            return ""
        print(f"Installing Debian's {package} for the tests ...", file=sys.stderr)
        done = subprocess.run(["apt-get", "install", "-y", package],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            subprocess.run(["apt-get", "update"], capture_output=True, timeout=600)
            done = subprocess.run(["apt-get", "install", "-y", package],
                                  capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            return f"apt-get install -y {package} failed: {done.stderr.strip()[-300:]}"
    return ""


def require(package: str, find: Callable[[], str | None], require_env: str,
            missing: str, hint: str) -> str:
    """The program ``find()`` finds, installing ``package`` where it can;
    else the test skips, saying so loudly, or fails where ``require_env`` is 1."""
    problem = apt_install(package, find) if find() is None and can_install() else ""
    path = find()
    if path is not None:
        return path
    message = f"{missing}: {problem or f'no {package} binary'}; {hint}"
    if os.environ.get(require_env) == "1":
        pytest.fail(message, pytrace=False)
    print(f"\nWARNING: {message}; these tests are SKIPPED "
          f"(set {require_env}=1 to make this a failure)", file=sys.stderr)
    pytest.skip(message)
