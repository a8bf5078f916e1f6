"""The Pile up lesson (lesson.json) shows on the engine what its words say:
the dice choose the columns, a stacked card keeps a column safe, the third
visible card takes it, white pushes, black arms, and the score at the end.
The words name dice, cards and counts, so each is checked here."""

from __future__ import annotations

from typing import Any

from cardroom.core.lessons import Moment, load_lesson, rehearse
from cardroom.games import get_game

GAME = get_game("pile-up")
LEARNER, NEXT, LAST = 0, 1, 2


def moments() -> dict[str, tuple[dict[str, Any], list[str]]]:
    """The learner's view and legal actions as each step comes up, by the
    step's text key."""
    lesson = load_lesson(GAME)
    assert lesson is not None
    seen: dict[str, tuple[dict[str, Any], list[str]]] = {}

    def keep(moment: Moment) -> None:
        state = moment.state
        seen[lesson.steps[moment.step].text] = (state.view(LEARNER), state.legal_texts(LEARNER))

    rehearse(lesson, GAME, keep)
    return seen


def column(view: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = view["columns"][number - 1]
    return found


def taken(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in view["log"] if e["type"] == "take_column"]


def test_the_lesson_is_a_stacked_game_for_three() -> None:
    lesson = load_lesson(GAME)
    assert lesson is not None
    assert (lesson.players, lesson.seat) == (3, LEARNER)
    assert set(lesson.options) == {"stack"}


def test_the_dice_leave_only_the_red_fours() -> None:
    view, legal = moments()["dice"]
    assert view["dice"] == [4, 2, 3]
    assert sorted(view["hand"]).count("4R") == 2
    assert legal == ["place 4R"]


def test_a_stacked_card_keeps_the_column_at_two() -> None:
    view, legal = moments()["stack"]
    assert 4 in view["dice"]
    assert column(view, 4)["stacks"] == [["4R", 1], ["4B", 1]]
    assert legal == ["place 4R", "stack 4R"]


def test_the_next_player_takes_the_column_with_the_third_card() -> None:
    view, _ = moments()["third"]
    assert [(e["seat"], e["number"], e["count"], e["why"]) for e in taken(view)] == [
        (NEXT, 4, 4, "third")]
    assert column(view, 4)["stacks"] == []


def test_the_white_six_pushes_three_cards_onto_the_player_of_the_other_sixes() -> None:
    view, legal = moments()["white"]
    assert 6 in view["dice"]
    assert column(view, 6)["stacks"] == [["6G", 1], ["6R", 1]]
    assert legal == ["place 6W"]
    view, legal = moments()["push"]
    assert sorted(view["push"]["cards"]) == ["6G", "6R", "6W"]
    assert legal == ["push 1", "push 2"]


def test_the_pushed_player_rolls_a_four_and_the_black_five_is_the_only_five() -> None:
    view, legal = moments()["black"]
    roll = next(e for e in reversed(view["log"]) if e["type"] == "avoid_roll")
    assert (roll["seat"], roll["die"], roll["avoided"]) == (LAST, 4, False)
    assert len(column(view, 5)["stacks"]) == 2
    assert legal == ["place 5K"]


def test_the_armed_column_catches_the_next_player() -> None:
    view, _ = moments()["armed"]
    assert [(e["seat"], e["number"], e["count"], e["why"]) for e in taken(view)][-1] == (
        NEXT, 5, 4, "armed")


def test_the_score_the_words_give() -> None:
    view, _ = moments()["score"]
    assert view["scores"] == [0, 8, 3]
