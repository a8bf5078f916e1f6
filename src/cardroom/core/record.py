"""Records: everything needed to replay a game exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import BadRecord


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [[s, a] for s, a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        if not isinstance(obj, dict):
            raise BadRecord("a record must be an object with game, players, seed, options, actions")
        game = obj.get("game")
        players = obj.get("players")
        seed = obj.get("seed")
        options = obj.get("options", {})
        actions = obj.get("actions", [])
        if not isinstance(game, str):
            raise BadRecord("record: 'game' must be a game id")
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadRecord("record: 'players' must be a whole number")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("record: 'seed' must be a whole number")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadRecord("record: 'options' must be an object")
        if not isinstance(actions, list):
            raise BadRecord("record: 'actions' must be a list of [seat, action]")
        pairs: list[tuple[int, str]] = []
        for i, item in enumerate(actions):
            if (
                not isinstance(item, list | tuple)
                or len(item) != 2
                or isinstance(item[0], bool)
                or not isinstance(item[0], int)
                or not isinstance(item[1], str)
            ):
                raise BadRecord(f"record: action {i + 1} must be [seat, \"action\"], got {item!r}")
            pairs.append((item[0], item[1]))
        return cls(game, players, seed, options, pairs)

