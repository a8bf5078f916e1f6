"""`cardroom learn GAME` (issue 41, item 7): every game's lesson at the
terminal, typed as a person would, from the same data as the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardroom.cli.learn import lesson_words
from cardroom.core.lessons import Lesson, Moment, load_lesson, rehearse
from cardroom.games import all_games
from tests.cli.support import cardroom

LESSONS = [(game.id, lesson) for game in all_games()
           if (lesson := load_lesson(game)) is not None]


def typed(lesson: Lesson) -> str:
    """Enter for each explanation, the asked moves for the others; before
    the first move, a line that is no move at all."""
    lines: list[str] = []
    for step in lesson.steps:
        if not step.do:
            lines.append("")
            continue
        if not any(line not in ("",) for line in lines):
            lines.append("dance a jig")
        lines += step.do
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game, lesson", LESSONS, ids=[g for g, _ in LESSONS])
def test_a_lesson_is_learned_at_the_terminal(tmp_path: Path, game: str,
                                             lesson: Lesson) -> None:
    out = cardroom("learn", game, "--no-color", stdin=typed(lesson), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    words = lesson_words(game)
    for step in lesson.steps:
        assert words[step.text] in out.stdout, step.text
    assert "That is the lesson" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_a_move_the_step_does_not_ask_for_is_refused_in_words(tmp_path: Path) -> None:
    game, lesson = LESSONS[0]
    number, first = next((i, step) for i, step in enumerate(lesson.steps) if step.do)
    wanted = first.do[0]
    moments: list[Moment] = []
    rehearse(lesson, next(g for g in all_games() if g.id == game), moments.append)
    legal = moments[number].state.legal_texts(lesson.seat)
    other = next(a for a in legal if a != wanted)
    lines = ["" for _ in range(number)] + ["dance a jig", other]
    out = cardroom("learn", game, "--no-color", stdin="\n".join(lines) + "\n", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert f"your move ({wanted}) > 'dance a jig' is not an action in" in out.stdout
    assert f"that is legal, but this step asks for {wanted}" in out.stdout
    assert "the lesson stops here" in out.stdout


@pytest.mark.parametrize("game", [g for g, _ in LESSONS])
def test_check_rehearses_the_lesson(tmp_path: Path, game: str) -> None:
    out = cardroom("learn", game, "--check", cwd=tmp_path)
    assert out.returncode == 0, out.stdout
    assert out.stdout.rstrip().endswith("the lesson plays through")


def test_an_unknown_game_is_named(tmp_path: Path) -> None:
    out = cardroom("learn", "chess", cwd=tmp_path)
    assert out.returncode == 2 and "no game 'chess'" in out.stdout
