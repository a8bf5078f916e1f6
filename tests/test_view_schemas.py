"""Each game's typed view, its published JSON Schema (docs/schemas/), and
the pages: every view validates against the schema, the published file is
the generated one, and each game's game.js reads only fields the schema has."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardroom.cli.schema import schema_text
from cardroom.core.events import PUBLIC
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.games import all_games

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
PAGES = ROOT / "src" / "cardroom" / "server" / "static" / "games"
GAMES = all_games()
FIELD_READ = re.compile(r"\bview\??\.([A-Za-z_]\w*)")


def schema_of(game: Game) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"{game.id}.json").read_text())
    return loaded


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_published_schema_is_the_generated_one(game: Game) -> None:
    path = SCHEMAS / f"{game.id}.json"
    fix = "python3 run.py cardroom schema --out docs/schemas"
    assert path.exists(), f"{path} is missing: {fix}"
    assert path.read_text() == schema_text(game.id), f"{path} is stale: {fix}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_view_of_a_random_game_matches_the_schema(game: Game) -> None:
    validator = jsonschema.Draft202012Validator(schema_of(game))
    players = min(game.max_players, max(game.min_players, 3))
    state = game.new(players, 11)
    rng = Rng(3)
    for step in range(400):
        if state.is_over():
            break
        if step % 7 == 0:
            for viewer in (*range(players), PUBLIC, None):
                view = state.view(viewer, log=viewer == PUBLIC)
                errors = sorted(validator.iter_errors(view), key=str)
                assert not errors, f"{viewer!r}: {errors[0].message} at {list(errors[0].path)}"
                # The JSON reads back into the very view the rules built.
                typed = game.read_view(view)
                assert typed == state.seen(viewer, log=viewer == PUBLIC)
                assert typed.to_json() == view
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))


def test_a_view_of_another_kind_of_viewer_is_refused() -> None:
    game = next(g for g in GAMES if g.id == "papayoo")
    validator = jsonschema.Draft202012Validator(schema_of(game))
    seat_view = game.new(3, 1).view(0)
    assert validator.is_valid(seat_view)
    assert not validator.is_valid({**seat_view, "seat": "public"})  # a hand on a spectator
    assert not validator.is_valid({**seat_view, "hands": []})  # a field no seat has


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_page_reads_only_fields_the_schema_has(game: Game) -> None:
    source = (PAGES / game.id / "game.js").read_text()
    known: set[str] = set()
    for definition in schema_of(game)["$defs"].values():
        known.update(definition["properties"])
    read = set(FIELD_READ.findall(source))
    assert read, "the pattern finds no field: the check would pass vacuously"
    assert read <= known, f"game.js reads fields no view has: {sorted(read - known)}"


def test_the_field_pattern_finds_reads() -> None:
    assert FIELD_READ.findall("x(view.hand, view?.trick); overview.no") == ["hand", "trick"]
