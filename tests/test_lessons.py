"""Every game's lesson (core.lessons) plays on the engine as the room and
the page will play it, and its words exist in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardroom.core.game import Game
from cardroom.core.lessons import Lesson, LessonError, load_lesson, read_lesson, rehearse
from cardroom.games import all_games

STATIC = Path(__file__).resolve().parents[1] / "src/cardroom/server/static"
LANGUAGES = ("en", "uk", "ru", "ja")
GAMES = all_games()


def catalog(game: Game, lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (STATIC / "games" / game.id / f"{lang}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_has_a_lesson_that_plays_through(game: Game) -> None:
    lesson = load_lesson(game)
    assert lesson is not None, f"{game.id} has no lesson.json"
    state = rehearse(lesson, game)
    assert lesson.steps[-1].do == () or state is not None
    assert lesson.options.get("stack"), "a lesson deals a stacked game"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_step_has_its_words_in_every_language(game: Game, lang: str) -> None:
    lesson = load_lesson(game)
    assert lesson is not None
    words = catalog(game, lang)
    for step in lesson.steps:
        key = f"lesson.{step.text}"
        text = words.get(key)
        assert isinstance(text, str) and text.strip(), f"{lang}: {key} is missing"
        # Lesson texts take no parameters: a brace is a placeholder never filled.
        assert not re.search(r"[{}]", text), f"{lang}: {key} has an unfilled placeholder"
    unused = {k for k in words if k.startswith("lesson.")} - {
        f"lesson.{s.text}" for s in lesson.steps}
    assert not unused, f"{lang}: lesson texts no step uses: {sorted(unused)}"


def papayoo_with(steps: list[dict[str, object]]) -> tuple[Game, Lesson]:
    """Papayoo's lesson with other steps."""
    game = next(g for g in GAMES if g.id == "papayoo")
    lesson = load_lesson(game)
    assert lesson is not None
    assert read_lesson(game.id, lesson.to_json()) == lesson
    return game, read_lesson(game.id, {**lesson.to_json(), "steps": steps})


def test_a_rehearsal_names_the_step_and_the_engines_reason() -> None:
    game, lesson = papayoo_with([{"text": "first", "do": ["play 99Z"]}])
    with pytest.raises(LessonError, match=r"step 0 \(first\): 'play 99Z' cannot be played"):
        rehearse(lesson, game)


def test_a_script_left_unplayed_is_refused() -> None:
    # The learner never plays: the others wait with their scripts unplayed.
    game, lesson = papayoo_with([{"text": "only"}])
    with pytest.raises(LessonError, match="script is not played out"):
        rehearse(lesson, game)


@pytest.mark.parametrize("data, words", [
    ([], "a JSON object"),
    ({"players": 3, "seat": 0, "seed": 1, "steps": []}, "at least one step"),
    ({"players": 3, "seat": 0, "seed": 1, "steps": [{"do": []}]}, "'text' key"),
    ({"players": 3, "seat": 0, "seed": 1, "steps": [{"text": "a", "go": 1}]}, "unknown keys"),
    ({"players": 3, "seat": 0, "seed": 1, "script": {"5": []}, "steps": [{"text": "a"}]},
     "not a seat"),
    ({"players": "3", "seat": 0, "seed": 1, "steps": [{"text": "a"}]}, "'players'"),
])
def test_a_malformed_lesson_is_refused_in_words(data: object, words: str) -> None:
    with pytest.raises(LessonError, match=re.escape(words)):
        read_lesson("papayoo", data)
