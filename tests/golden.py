"""Golden seeded playthroughs: a game played by a seeded random policy,
written as text (every action, the legal actions offered, every event, the
final result). Tests regenerate the text and diff it against the stored
file; set UPDATE_GOLDEN=1 to rewrite the files after a deliberate change."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cardroom.core.rng import Rng
from cardroom.games import get_game


def playthrough(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
                policy_seed: int = 0) -> str:
    state = get_game(game_id).new(players, seed, options or {})
    rng = Rng(policy_seed)
    lines = [f"# {game_id} players={players} seed={seed} options={json.dumps(options or {})}"]
    lines += [json.dumps(e, sort_keys=True) for e in state.log]
    while not state.is_over():
        seat = rng.choice(list(state.to_act()))
        legal = state.legal_texts(seat)
        action = rng.choice(legal)
        lines.append(f"> seat {seat} to_act={list(state.to_act())} legal={len(legal)}: {action}")
        start = len(state.log)
        state.act(seat, action)
        lines += ["  " + json.dumps(e, sort_keys=True) for e in state.log[start:]]
    lines.append("result " + json.dumps(state.result().to_json(), sort_keys=True))
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str) -> None:
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        if not os.environ.get("UPDATE_GOLDEN"):
            raise AssertionError(f"{path} did not exist; written now: review and commit it")
    expected = path.read_text()
    assert text == expected, f"playthrough differs from {path} (UPDATE_GOLDEN=1 to rewrite)"
