#!/usr/bin/env python3
"""Set up cardroom in ./.venv (first run only) and run a task.

    python3 run.py serve [options]         the online card room: open the printed address
    python3 run.py play [game] [options]   play in the terminal against bots
    python3 run.py test [pytest args]      ruff, mypy --strict, the whole test suite
    python3 run.py bench [args]            throughput benchmark (bench/throughput.py); sets up
                                           the bench extra, which every bench/ script runs from
    python3 run.py bench envs [args]       the research environments' steps per second beside
                                           PettingZoo's texas_holdem_v4 (bench/envs.py)
    python3 run.py cardroom ARGS...        any cardroom command

play, serve, bench and cardroom run in the folder you are in (files you name
and games you save are there); test runs in the repository.

Needs only Python 3.11+; packages come from PyPI at the versions pinned in
constraints.txt.
"""

from __future__ import annotations

import hashlib
import importlib.util
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
    install(extras)
    ensure_compiled()


def install(extras: str) -> None:
    stamp = VENV / f".cardroom-{extras or 'base'}"
    want = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()
    ).hexdigest()
    if stamp.exists() and stamp.read_text() == want and editable():
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


def ensure_compiled() -> None:
    """Build the engines' compiled path when no build matches the sources
    (src/cardroom/compiled.py): a minute or two, after a change to an
    engine or a fresh set-up. Without a C compiler everything runs as pure
    Python, correct and slower. CARDROOM_PURE=1 skips it."""
    source = ROOT / "src" / "cardroom" / "compiled.py"
    if os.environ.get("CARDROOM_PURE") or not source.exists():
        return
    # Read with this Python (it needs only the standard library): no
    # interpreter to start when the build is there.
    spec = importlib.util.spec_from_file_location("cardroom_compiled", source)
    assert spec and spec.loader
    compiled = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compiled)
    if compiled.built() or compiled_active():  # the latter: .venv has another Python
        return
    # A build that failed for these sources is not tried again on every run.
    failed = compiled.STORE / f"failed-{compiled.fingerprint(compiled.modules())}"
    if failed.exists():
        return
    print("Compiling the game engines (a minute or two, once per change) ...", flush=True)
    compiled.STORE.mkdir(exist_ok=True)
    log = compiled.STORE / "build.log"
    pip = [str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    try:
        with log.open("w") as out:
            got_mypy = subprocess.run([*pip, "-c", "constraints.txt", "mypy"], cwd=ROOT,
                                      stdout=out, stderr=subprocess.STDOUT).returncode == 0
            built = got_mypy and subprocess.run(
                [str(PY), "-c", "import cardroom.compiled as c; c.build()"], cwd=ROOT,
                stdout=out, stderr=subprocess.STDOUT).returncode == 0
    except KeyboardInterrupt:
        print("Interrupted: the engines run as pure Python until the next run compiles them.")
        raise SystemExit(130) from None
    if built:
        return
    text = log.read_text(errors="replace")
    last = text.strip().splitlines()[-1:] or ["(no output)"]
    if not got_mypy:  # e.g. offline: tried again next time
        print(f"Could not install mypy to compile the engines ({last[0][:200]}; all of it in"
              f" {log}): they run as pure Python, slower, this time.", flush=True)
        return
    failed.write_text(text)
    print(f"Could not compile the engines ({last[0][:200]}; all of it in {log}):"
          " they run as pure Python, slower. Not tried again until the sources change"
          f" (or remove {failed.name} from {failed.parent}).", flush=True)


def compiled_active() -> bool:
    """Whether .venv's Python loads the compiled engines."""
    probe = "import cardroom.compiled as c; print(c.ACTIVE)"
    done = subprocess.run([str(PY), "-c", probe], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() == "True"


def editable() -> bool:
    """Whether cardroom is installed in development mode (src/ is what runs).
    A plain ``pip install '.[extra]'`` copies the package into site-packages,
    where it would shadow src/ (a benchmark would measure stale code); then
    ensure_venv installs in development mode again."""
    copies = [*VENV.glob("lib/python*/site-packages/cardroom"),
              *VENV.glob("Lib/site-packages/cardroom")]
    return not copies


def run(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> int:
    """Run a command to its end and return its exit code. Ctrl-C reaches the
    command too (the terminal sends it to both): it saves and stops, and we
    wait for that instead of dying with a traceback of our own."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env)
    while True:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            continue


def run_for_user(cmd: list[str]) -> int:
    """A user-facing command, in the folder the user is in (their files and
    saved games are there), told how run.py was started so that the commands
    it prints work (CARDROOM_RUN: see cardroom.cli.terminal.command)."""
    how = f"{Path(sys.executable).name} {sys.argv[0]}"
    return run(cmd, cwd=Path.cwd(), env={**os.environ, "CARDROOM_RUN": how})


def pytest_command(args: list[str]) -> list[str]:
    """pytest with the suite's defaults: two workers unless arguments are given.

    loadfile: a test module's tests stay on one worker (some share an engine
    process). -v cancels the configured -q, under which pytest-xdist prints
    its start-up line twice when the output is not a terminal."""
    jobs = ["-n", "2", "--dist", "loadfile", "-v"] if not args else []
    return [str(PY), "-m", "pytest", *jobs, *args]


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
    code = run(pytest_command(args))
    if code == 5:
        print("pytest collected no tests: that is a failure here.")
        return 1
    if code != 0 or os.environ.get("CARDROOM_PURE"):
        return code
    if args:
        print("(The engines' pure-Python pass runs with the whole suite only: "
              "CARDROOM_PURE=1 python3 run.py test ARGS runs these tests that way.)")
        return code
    if not compiled_active():  # the pass above already ran them as pure Python
        return code
    # The engines' tests once more as pure Python (the compiled path ran
    # above): the pure path must stay correct where no C compiler is.
    print("$ pytest, the engines as pure Python (CARDROOM_PURE=1)", flush=True)
    env = {**os.environ, "CARDROOM_PURE": "1", "CARDROOM_PURE_PASS": "1"}
    return run(pytest_command([]), env=env)


def main(argv: list[str]) -> int:
    task = argv[0] if argv else "help"
    rest = argv[1:]
    if task == "test":
        return task_test(rest)
    if task == "serve":
        ensure_venv("")
        # The database (sqlite:///cardroom.db by default) lands where you are.
        return run_for_user([str(BIN / "cardroom"), "serve", *rest])
    if task == "play":
        ensure_venv("")
        return run_for_user([str(BIN / "cardroom"), "play", *(rest or ["papayoo"])])
    if task == "bench":
        ensure_venv("bench")
        script = "envs.py" if rest[:1] == ["envs"] else "throughput.py"
        args = rest[1:] if script == "envs.py" else rest
        return run_for_user([str(PY), str(ROOT / "bench" / script), *args])
    if task == "cardroom":
        ensure_venv("")
        return run_for_user([str(BIN / "cardroom"), *rest])
    print(__doc__)
    return 0 if task in ("help", "-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
