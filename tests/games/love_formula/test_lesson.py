"""The Love Formula lesson (lesson.json) shows on the engine what its words
say: priority order, a perfect date and its VP, an obstacle cancelled by a
reaction, the tie on the first priority number, all within stage 1."""

from __future__ import annotations

from typing import Any

from cardroom.core.lessons import Moment, load_lesson, rehearse
from cardroom.games import get_game

GAME = get_game("love-formula")
LEARNER, RIVAL = 0, 1


def moments() -> dict[str, dict[str, Any]]:
    """The learner's view as each step comes up, by the step's text key."""
    lesson = load_lesson(GAME)
    assert lesson is not None
    seen: dict[str, dict[str, Any]] = {}

    def keep(moment: Moment) -> None:
        seen[lesson.steps[moment.step].text] = moment.state.view(LEARNER)

    rehearse(lesson, GAME, keep)
    return seen


def couple(view: dict[str, Any], seat: int, card: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in view["zones"][seat]["couples"] if c["card"] == card)
    return found


def test_the_lesson_is_the_base_game_for_two() -> None:
    lesson = load_lesson(GAME)
    assert lesson is not None
    assert lesson.players == 2 and lesson.seat == LEARNER
    assert set(lesson.options) == {"stack"}


def test_the_higher_priority_goes_first() -> None:
    view = moments()["priority"]
    assert view["order"] == [RIVAL, LEARNER]  # Beach 15/5 before Festival 12/3
    assert [a["card"] for a in couple(view, RIVAL, "akira-hana")["attached"]] == ["beach-1"]


def test_a_perfect_date_scores_its_vp_and_the_preparations_score_one_each() -> None:
    view = moments()["perfect"]
    date = couple(view, LEARNER, "kazuo-tomiko")
    assert date["perfect"] and date["vp"] == 4
    assert view["zones"][LEARNER]["vp"] == 6


def test_the_reaction_answers_an_obstacle_on_the_learners_couple() -> None:
    view = moments()["reaction"]
    resolving = view["resolving"]
    assert (resolving["card"], resolving["target"], resolving["couple"]) == (
        "jealous-ex-1", LEARNER, "kazuo-tomiko")
    assert "not-today-1" in view["hand"]


def test_the_second_number_settles_an_equal_first_and_the_obstacle_costs_two() -> None:
    view = moments()["second"]
    reveal = next(e for e in reversed(view["log"]) if e["type"] == "reveal")
    assert reveal["cards"] == [[RIVAL, "fireworks-1"], [LEARNER, "jealous-ex-2"]]
    date = couple(view, RIVAL, "akira-hana")
    assert date["perfect"] and date["vp"] == 4 - 2
    assert "jealous-ex-2" in [a["card"] for a in date["attached"]]


def test_the_lesson_ends_in_stage_one_so_the_stages_are_told_not_played() -> None:
    view = moments()["scoring"]
    assert (view["phase"], view["stage"], view["round"]) == ("play-1", 1, 6)
