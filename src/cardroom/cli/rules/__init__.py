"""The game's rules in brief, for the terminal's `rules` command: one text
file per game id beside this module (the full rules pages are docs/games/)."""

from __future__ import annotations

from importlib import resources


def brief(game_id: str, game_name: str) -> str:
    try:
        return resources.files(__name__).joinpath(f"{game_id}.txt").read_text("utf-8").rstrip()
    except FileNotFoundError:
        return (f"No brief rules of {game_name} here; its rules page is "
                f"docs/games/{game_id}.md.")
