"""Reactions (D4): when they may be played, in which order they are offered,
and what each does; being asked reveals nothing about a hand."""

from __future__ import annotations

import pytest

from cardroom.core.errors import IllegalAction
from tests.games.love_formula.support import (
    asked_about,
    attached,
    events,
    new,
    play_round,
    select,
    to_react,
    zone,
)
from tests.helpers import snapshot


def test_not_today_cancels_an_obstacle_on_your_couple() -> None:
    state = new(2, hands=[["long-distance-1"], ["daisuke-chi", "not-today-1"]])
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "long-distance-1"})
    to_react(state)
    assert state.to_act() == [1] and state.legal_texts(1) == ["react not-today-1", "pass"]
    state.act(1, "react not-today-1")
    assert attached(state, 1, "daisuke-chi") == []
    assert {"long-distance-1", "not-today-1"} <= set(state.view(None)["discard"])


def test_r13_wingman_sends_the_obstacle_to_the_attackers_couple_as_its_own() -> None:
    state = new(2, hands=[["jealous-ex-1", "kenta-airi"], ["daisuke-chi", "wingman-1"]])
    play_round(state, {0: "kenta-airi", 1: "daisuke-chi"})
    select(state, {0: "jealous-ex-1"})
    to_react(state)
    state.act(1, "react wingman-1")
    assert attached(state, 0, "kenta-airi") == ["jealous-ex-1"]
    assert attached(state, 1, "daisuke-chi") == []
    assert events(state, "redirect")[0]["couple"] == "kenta-airi"
    assert zone(state, 0)["couples"][0]["attached"][0]["by"] == 1


def test_wingman_with_no_couple_of_the_attacker_discards_the_obstacle() -> None:
    state = new(2, hands=[["jealous-ex-1"], ["daisuke-chi", "wingman-1"]])
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "jealous-ex-1"})
    to_react(state)
    state.act(1, "react wingman-1")
    assert attached(state, 1, "daisuke-chi") == []
    assert "jealous-ex-1" in state.view(None)["discard"]


def test_interrupted_cancels_an_action_but_never_answers_a_job() -> None:
    state = new(2, hands=[["kiss-1"], ["interrupted-1", "interrupted-2"]],
                jobs=["barista", "florist"])
    select(state, {0: "kiss-1"})
    to_react(state)
    state.act(1, "react interrupted-1")
    assert "kiss-1" in state.view(None)["discard"]
    assert not [e for e in events(state, "drawn") if e["seat"] == 0]
    asked_about(state, "kiss-1")
    select(state, {})
    assert asked_about(state, "barista") == []  # seat 1 still holds interrupted-2
    assert "interrupted-2" in state.view(1)["hand"]


def test_snatch_takes_a_needed_preparation_into_the_reactors_zone() -> None:
    state = new(2, hands=[["home-1"], ["daisuke-chi", "snatch-1"]])
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "home-1"})
    to_react(state)
    state.act(1, "react snatch-1")
    assert attached(state, 1, "daisuke-chi") == ["home-1"]
    assert zone(state, 0)["loose"] == []


def test_a_reaction_must_answer_the_card_being_played() -> None:
    state = new(2, hands=[["kiss-1"], ["not-today-1", "interrupted-1"]])
    select(state, {0: "kiss-1"})
    to_react(state)
    assert state.legal_texts(1) == ["react interrupted-1", "pass"]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.act(1, "react not-today-1")
    assert "does not answer Kiss" in err.value.message
    assert snapshot(state) == before


def test_r6_being_asked_reveals_nothing_a_seat_without_reactions_may_only_pass() -> None:
    state = new(2, hands=[["kiss-1"], []])
    select(state, {0: "kiss-1"})
    to_react(state)
    assert state.to_act() == [1] and state.legal_texts(1) == ["pass"]


def test_d4_reactions_are_offered_in_seat_order_after_the_actor() -> None:
    state = new(4, hands=[["interrupted-1"], ["interrupted-2"], ["kiss-1"], []])
    select(state, {2: "kiss-1"})
    assert asked_about(state, "kiss-1") == [3, 0, 1]


def test_d4_the_first_taker_resolves_before_the_next_is_asked() -> None:
    state = new(3, hands=[["kiss-1"], ["interrupted-1"], ["interrupted-2"]])
    select(state, {0: "kiss-1"})
    to_react(state)
    assert state.to_act() == [1]
    state.act(1, "react interrupted-1")
    assert "kiss-1" in state.view(None)["discard"]  # cancelled at once...
    assert asked_about(state, "kiss-1") == []  # ...so seat 2 is not asked about it
    assert "interrupted-2" in state.view(None)["hands"][2]


def test_reacting_gives_no_preparation_move() -> None:
    state = new(2, hands=[["jealous-ex-1"], ["daisuke-chi", "not-today-1", "home-1",
                                            "riku-asuka"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "leave")])
    select(state, {0: "jealous-ex-1", 1: "riku-asuka"})  # seat 1's turn comes first
    to_react(state)
    state.act(1, "react not-today-1")
    assert state.view(None)["step"] == "select"  # the round is over: no move was offered
    assert zone(state, 1)["loose"] == ["home-1"]


def test_r4_nobody_answers_their_own_card() -> None:
    state = new(2, hands=[["kiss-1", "interrupted-1"], []])
    select(state, {0: "kiss-1"})
    assert asked_about(state, "kiss-1") == [1]
