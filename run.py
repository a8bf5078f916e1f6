#!/usr/bin/env python3
"""Set up cardroom in ./.venv (first run only) and run a task.

    python3 run.py serve [options]         the online card room: open the printed address
    python3 run.py play [game] [options]   play in the terminal against bots
    python3 run.py test [pytest args]      ruff, mypy --strict, the whole test suite
    python3 run.py bench [args]            throughput benchmark (bench/throughput.py)
    python3 run.py cardroom ARGS...        any cardroom command

Needs only Python 3.11+; packages come from PyPI at the versions pinned in
constraints.txt.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
TYPED = ["src/cardroom"]


def ensure_venv(extras: str) -> None:
    stamp = VENV / f".cardroom-{extras or 'base'}"
    want = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()
    ).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    if not PY.exists():
        print("Setting up .venv (first run only) ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extras}]" if extras else "."
    pip = [str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    # Build with the pinned setuptools in the venv itself (newer Pythons' venvs have none).
    subprocess.run([*pip, "-c", "constraints.txt", "setuptools"], cwd=ROOT, check=True)
    subprocess.run([*pip, "--no-build-isolation", "-c", "constraints.txt", "-e", target],
                   cwd=ROOT, check=True)
    stamp.write_text(want)


def run(cmd: list[str]) -> int:
    return subprocess.run(cmd, cwd=ROOT).returncode


def task_test(args: list[str]) -> int:
    ensure_venv("test")
    steps = [
        [str(PY), "-m", "ruff", "check", "src", "tests", "bench"],
        [str(PY), "-m", "mypy", *TYPED],
    ]
    for step in steps:
        print("$", " ".join(step[2:]), flush=True)
        if run(step) != 0:
            return 1
    # loadfile: a test module's tests stay on one worker (some share an engine process).
    jobs = ["-n", "2", "--dist", "loadfile"] if not args else []
    code = run([str(PY), "-m", "pytest", *jobs, *args])
    if code == 5:
        print("pytest collected no tests: that is a failure here.")
        return 1
    return code


def main(argv: list[str]) -> int:
    task = argv[0] if argv else "help"
    rest = argv[1:]
    if task == "test":
        return task_test(rest)
    if task == "serve":
        ensure_venv("")
        # The database (sqlite:///cardroom.db by default) lands where you are.
        return subprocess.run([str(BIN / "cardroom"), "serve", *rest]).returncode
    if task == "play":
        ensure_venv("")
        return run([str(BIN / "cardroom"), "play", *(rest or ["papayoo"])])
    if task == "bench":
        ensure_venv("test")
        return run([str(PY), "bench/throughput.py", *rest])
    if task == "cardroom":
        ensure_venv("")
        return run([str(BIN / "cardroom"), *rest])
    print(__doc__)
    return 0 if task in ("help", "-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
