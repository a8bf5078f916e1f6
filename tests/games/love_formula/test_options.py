"""The expansion options: how they are declared and checked together, which
cards each promo mode puts in the game, and stacked entries of the new random
sources. With every expansion off the game is the base game, unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.errors import BadOption
from cardroom.games.love_formula.cards.catalog import CAT
from tests.games.love_formula.support import GAME, JOBS, PROMO_JOBS


def test_the_options_are_declared_with_their_defaults_and_choices() -> None:
    described = GAME.describe()["options"]
    assert described["chance"]["default"] is False and described["goals"]["default"] is False
    assert described["goals_variant"]["choices"] == [
        "standard", "equal", "open", "hidden", "planned"]
    assert described["goal_vp"]["default"] == 5
    assert described["promo"]["choices"] == ["none", "replace", "add"]
    assert {"first_goals", "end_goals", "stack", "first_revealer", "goal_cards", "promo_jobs",
            "promo_couples", "promo_parks", "promo_valentines", "promo_others"} <= set(described)


@pytest.mark.parametrize("options, words", [
    ({"goals_variant": "open"}, "'goals_variant' belongs to #RelationshipGoals"),
    ({"goal_vp": 4}, "'goal_vp' belongs to #RelationshipGoals"),
    ({"goals": True, "goal_vp": 4}, "'goal_vp' is for the 'equal' variant"),
    ({"goals": True, "first_goals": 2}, "'first_goals' is for the 'planned' variant"),
    ({"goals": True, "goals_variant": "planned", "first_goals": 0, "end_goals": 0},
     "at least one goal"),
    ({"goals": True, "goals_variant": "planned", "first_goals": 10, "end_goals": 10},
     "only 14 VP cards"),
    ({"goals": True, "goals_variant": "planned", "first_goals": 16}, "at most 15"),
    ({"promo": "some"}, "must be one of none, replace, add"),
    ({"chance": "yes"}, "expected true or false"),
])
def test_options_that_do_not_go_together_are_refused(options: dict[str, Any],
                                                     words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(3, 1, options)
    assert words in err.value.message


def deck_and_jobs(promo: str, players: int = 4) -> tuple[set[str], list[str]]:
    ref = GAME.new(players, 2, {"promo": promo}).view(None)
    cards = set(ref["deck"]) | {c for p in ref["packs"] for c in p}
    return cards, ref["jobs"] + ref["out"]


def test_promo_none_is_the_base_deck() -> None:
    cards, jobs = deck_and_jobs("none")
    assert len(cards) == 132 and sorted(jobs) == sorted(JOBS)
    assert all(CAT.set_of[CAT.by_id[c]] == "base" for c in cards)


def test_promo_replace_swaps_the_counterparts_and_adds_the_rest() -> None:
    cards, jobs = deck_and_jobs("replace")
    assert sorted(jobs) == sorted(PROMO_JOBS)  # dealt from the 4 promo jobs
    gone = {"fumio-emi", "hisao-yuki", "tamotsu-nao", "tsutomo-kamiko",
            "park-1", "park-2", "park-3", "valentines-day-1", "valentines-day-2",
            "valentines-day-3"}
    assert not gone & cards
    promo = {CAT.ids[c] for c in range(CAT.size) if CAT.set_of[c] == "promo"
             and not CAT.jobs >> c & 1}
    assert promo <= cards and len(cards) == 132 - 10 + 20


def test_promo_add_adds_everything_and_deals_from_all_eight_jobs() -> None:
    cards, jobs = deck_and_jobs("add")
    assert len(cards) == 132 + 20 and len(jobs) == 8
    dealt = {j for seed in range(30)
             for j in GAME.new(4, seed, {"promo": "add"}).view(None)["jobs"]}
    assert dealt & set(PROMO_JOBS) and dealt & set(JOBS)


@pytest.mark.parametrize("options, stack, words", [
    ({"promo": "replace"}, {"jobs": [["barista", "idol"]]}, "barista is not dealt"),
    ({}, {"jobs": [["barista", "idol"]]}, "idol is not dealt in this game"),
    ({"promo": "replace"}, {"deck": [["park-1"]]}, "swaps it for its promo counterpart"),
    ({}, {"deck": [["promo-park-1"]]}, "set 'promo' to 'add' or 'replace'"),
    ({"chance": True}, {"deck": [["pop-quiz-1"]]}, "is a chance card, never in the main"),
    ({}, {"chance": [["pop-quiz-1"]]}, "the Chance expansion is off"),
    ({"chance": True}, {"chance": [["kiss-1"]]}, "kiss-1 is not a chance card"),
    ({"chance": True}, {"chance": [["pop-quiz-1", "pop-quiz-1"]]}, "listed twice"),
    ({}, {"goals": [["cupid"]]}, "#RelationshipGoals is off"),
    ({"goals": True}, {"goals": [["vp-3-1"]]}, "vp-3-1 is not a goal card"),
    ({"goals": True}, {"vp": [["cupid"]]}, "cupid is not a VP card"),
    ({"goals": True, "goals_variant": "equal"}, {"vp": [["vp-3-1"]]},
     "uses no VP cards (goal_vp 0 draws one)"),
])
def test_impossible_stacked_entries_of_the_new_sources_are_refused(
        options: dict[str, Any], stack: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(2, 1, {**options, "stack": stack})
    assert words in err.value.message


def test_stacked_chance_goals_and_vp_orders_are_followed_top_first() -> None:
    stack = {"chance": [["cheer-squad", "pop-quiz-2"]], "goals": [["cupid", "first-date"]],
             "vp": [["vp-6-1", "vp-2-2"]]}
    ref = GAME.new(2, 3, {"chance": True, "goals": True, "stack": stack}).view(None)
    assert ref["chance"]["deck"][:2] == ["cheer-squad", "pop-quiz-2"]
    row = ref["goals"]["row"]
    assert [g["goal"] for g in row][:2] == ["cupid", "first-date"] and len(row) == 3
    assert [g["vp_card"] for g in row][:2] == ["vp-6-1", "vp-2-2"]


def test_with_every_expansion_off_the_game_is_the_base_game() -> None:
    plain = GAME.new(3, 9)
    off = GAME.new(3, 9, {"chance": False, "goals": False, "promo": "none"})
    assert plain.log == off.log
    view = off.view(0)
    assert view.get("chance") is None and view.get("goals") is None
