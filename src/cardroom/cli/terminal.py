"""Terminal helpers shared by play and replay: colour choice, record files."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardroom.core.errors import BadRecord
from cardroom.core.events import Viewer
from cardroom.core.game import Result, State
from cardroom.core.record import Record
from cardroom.textui import seat_name, standings


def use_color(force: bool | None) -> bool:
    if force is not None:
        return force
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def read_record(path: str) -> Record:
    return Record.from_json(read_json(path))


def read_json(path: str) -> Any:
    """A saved file's JSON; BadRecord in one line when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadRecord(f"{path} is not a record file (it is not UTF-8 text)") from None
    except OSError as err:
        raise BadRecord(f"cannot read {path}: {err.strerror or err}") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadRecord(f"{path} is not a record file (its JSON is nested too deeply)") from None
    except ValueError:
        raise BadRecord(f"{path} is not a JSON record file") from None
    return data


def write_record(state: State, path: str, extra: Mapping[str, Any] | None = None) -> str | None:
    """Save the record (with ``extra`` keys beside it) atomically; the error
    text if it cannot be written.

    The record goes to a temporary file beside the target, flushed and
    synced to disk, and is then renamed over the target: a full disk or a
    killed process leaves the previous save whole."""
    target = Path(path)
    text = json.dumps({**state.record().to_json(), **(extra or {})}, indent=1) + "\n"
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                    dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except OSError as err:
        return f"could not save to {path}: {err.strerror or err}"
    return None


def default_record_path(state: State) -> str:
    """A new file name that does not give the seed away (it decides every
    hidden card): the game and the time it started."""
    return f"cardroom-{state.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.record.json"


def fallback_record_path(path: str) -> str:
    """Where a record goes when its own path cannot be written: the same
    name in the user's home folder."""
    return str(Path.home() / Path(path).name)


def final_standings(result: Result, viewer: Viewer) -> str:
    scores = ", ".join(f"{seat_name(s, viewer)} {v}" for s, v in enumerate(result.scores))
    return f"Final standings: {standings(result.ranking, viewer)}\nScores: {scores}"


RUN_ENV = "CARDROOM_RUN"
"""Set by run.py to how it was started (e.g. ``python3 run.py``), so that the
commands this front end prints are ones that work where ``cardroom`` is not
on PATH."""


def command(words: str) -> str:
    """How the user can type ``cardroom WORDS`` from where they are."""
    run = os.environ.get(RUN_ENV)
    if run:
        # run.py has a task of its own for play; everything else goes through 'cardroom'.
        return f"{run} {words}" if words.startswith("play ") else f"{run} cardroom {words}"
    return f"{_this_program()} {words}"


def _this_program() -> str:
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "cardroom"
    if Path(argv0).name == "__main__.py":  # python -m cardroom
        python = sys.executable or "python3"
        found = shutil.which(Path(python).name)
        if found and Path(found).resolve() == Path(python).resolve():
            python = Path(python).name
        return f"{shlex.quote(python)} -m cardroom"
    found = shutil.which(Path(argv0).name)
    if found and Path(found).resolve() == Path(argv0).resolve():
        return Path(argv0).name
    return shlex.quote(argv0)
