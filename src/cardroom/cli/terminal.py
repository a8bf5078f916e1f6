"""Terminal helpers shared by play and replay: colour choice, record files."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise BadRecord(f"cannot read {path}: {err.strerror or err}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise BadRecord(f"{path} is not a JSON record file") from None
    return Record.from_json(data)


def write_record(state: State, path: str) -> str | None:
    """Save the record; the error text if the file cannot be written."""
    try:
        Path(path).write_text(json.dumps(state.record().to_json(), indent=1) + "\n",
                              encoding="utf-8")
    except OSError as err:
        return f"could not save to {path}: {err.strerror or err}"
    return None


def default_record_path(state: State) -> str:
    return f"cardroom-{state.game.id}-{state.seed}.record.json"


def final_standings(result: Result, viewer: Viewer) -> str:
    scores = ", ".join(f"{seat_name(s, viewer)} {v}" for s, v in enumerate(result.scores))
    return f"Final standings: {standings(result.ranking, viewer)}\nScores: {scores}"
