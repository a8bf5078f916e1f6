"""`cardroom schema`: the JSON Schema of each game's views (docs/schemas/)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cardroom.core.views import view_schemas
from cardroom.games import all_games


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("schema", help="print or write the JSON Schema of the games' views")
    parser.add_argument("game", nargs="?", help="one game's id (default: every game)")
    parser.add_argument("--out", metavar="DIR",
                        help="write <game>.json files into DIR instead of printing")
    parser.set_defaults(run=run)


def schema_text(game_id: str) -> str:
    """One game's schema as the published file's text."""
    game = next(g for g in all_games() if g.id == game_id)
    return json.dumps(view_schemas(game.id, game.name, game.view_types), indent=2) + "\n"


def run(args: argparse.Namespace, extra: list[str]) -> int:
    ids = [g.id for g in all_games()]
    if args.game is not None and args.game not in ids:
        print(f"no game {args.game!r} (games: {', '.join(ids)})")
        return 2
    chosen = [args.game] if args.game else ids
    for game_id in chosen:
        if args.out:
            path = Path(args.out) / f"{game_id}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(schema_text(game_id))
            print(f"wrote {path}")
        else:
            print(schema_text(game_id), end="")
    return 0
