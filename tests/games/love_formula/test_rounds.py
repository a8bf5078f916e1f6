"""Selection, reveal, priority order (D3), turns, the preparation move and the
unattached-preparation limit, card types, Part-Time Jobs, end of a play phase."""

from __future__ import annotations

import json

import pytest

from cardroom.core.errors import IllegalAction
from cardroom.games.love_formula.fields import SELECT
from tests.games.love_formula.support import (
    attached,
    events,
    idle_rounds,
    job,
    new,
    play_round,
    step,
    zone,
)
from tests.helpers import snapshot


def test_reactions_are_never_selectable() -> None:
    state = new(2, hands=[["not-today-1"]])
    assert "select not-today-1" not in state.legal_texts(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.act(0, "select not-today-1")
    assert "reactions are never selected" in err.value.message
    assert snapshot(state) == before


def test_a_selection_stays_hidden_until_every_player_has_chosen() -> None:
    state = new(2, hands=[["kiss-1"]])
    state.act(0, "select kiss-1")
    view = state.view(1)
    assert view["selected"] is None and "kiss-1" not in json.dumps(view)
    assert state.to_act() == [1]
    state.act(1, f"select {job(state, 1)}")
    assert ["0", "kiss-1"] in [[str(s), c] for s, c in events(state, "reveal")[-1]["cards"]]


def test_priority_order_of_the_rulebook_example() -> None:
    # Player A: First-Aid Kit, B: Yoshiro and Natsuko, C: Stuffed Toy, D: Kiss.
    hands = [["yoshiro-natsuko"], ["kiss-1"], ["first-aid-kit-1"], ["stuffed-toy-1"]]
    state = new(4, hands=hands)
    for seat, hand in enumerate(hands):
        state.act(seat, f"select {hand[0]}")
    reveal = events(state, "reveal")[-1]["cards"]
    assert [card for _, card in reveal] == [
        "first-aid-kit-1", "yoshiro-natsuko", "stuffed-toy-1", "kiss-1"]
    assert [seat for seat, _ in reveal] == [2, 0, 3, 1]


def test_d3_copies_of_one_card_go_lower_seat_first() -> None:
    state = new(3, hands=[["kiss-3"], ["kiss-1"], ["kiss-2"]])
    for seat, card in enumerate(["kiss-3", "kiss-1", "kiss-2"]):
        state.act(seat, f"select {card}")
    assert [seat for seat, _ in events(state, "reveal")[-1]["cards"]] == [0, 1, 2]


def test_kiss_example_draws_three_then_is_discarded() -> None:
    state = new(2, hands=[["kiss-1"]], draws=["home-1", "park-2", "amnesia-1"])
    before = set(state.view(0)["hand"])
    play_round(state, {0: "kiss-1"})
    after = set(state.view(0)["hand"])
    assert after == (before - {"kiss-1"}) | {"home-1", "park-2", "amnesia-1"}
    assert "kiss-1" in state.view(None)["discard"]


def test_daisuke_and_chi_is_worth_1_then_4_vp() -> None:
    state = new(2, hands=[["daisuke-chi", "first-aid-kit-1", "home-2"]])
    play_round(state, {0: "daisuke-chi"})
    assert zone(state, 0)["couples"][0]["vp"] == 1 and state.scores()[0] == 1
    play_round(state, {0: "first-aid-kit-1"}, [(0, "attach daisuke-chi")])
    assert attached(state, 0, "daisuke-chi") == ["first-aid-kit-1"]
    assert state.scores()[0] == 1 + 1  # the couple, and First-Aid Kit's own VP
    play_round(state, {0: "home-2"}, [(0, "attach daisuke-chi")])
    assert zone(state, 0)["couples"][0]["vp"] == 4 and state.scores()[0] == 4 + 2


def test_preparation_move_after_resolving_the_rulebook_example() -> None:
    state = new(2, hands=[["beach-1", "yoshiro-natsuko"]])
    play_round(state, {0: "beach-1"})
    assert zone(state, 0)["loose"] == ["beach-1"]
    play_round(state, {0: "yoshiro-natsuko"}, [(0, "resolve"),
                                               (0, "move beach-1 yoshiro-natsuko")])
    assert attached(state, 0, "yoshiro-natsuko") == ["beach-1"]
    assert zone(state, 0)["couples"][0]["missing"] == ["fireworks", "treats"]


def test_preparation_move_before_resolving_and_only_once() -> None:
    state = new(2, hands=[["yoshiro-natsuko", "beach-1", "treats-1", "kiss-1"]])
    play_round(state, {0: "yoshiro-natsuko"})
    play_round(state, {0: "beach-1"}, [(0, "leave")])
    play_round(state, {0: "treats-1"}, [(0, "leave")])
    for seat, card in ((0, "kiss-1"), (1, job(state, 1))):
        state.act(seat, f"select {card}")
    while state.to_act() != [0]:
        step(state)
    state.act(0, "move beach-1 yoshiro-natsuko")
    assert not any(a.startswith("move") for a in state.legal_texts(0))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.act(0, "move treats-1 yoshiro-natsuko")
    assert "already moved a preparation this turn" in err.value.message
    assert snapshot(state) == before
    state.act(0, "resolve")
    last = {e["type"]: i for i, e in enumerate(state.log) if e.get("seat") == 0}
    assert last["turn"] < last["move"] < last["resolve"]


def test_detaching_is_refused_when_that_subtype_is_already_unattached() -> None:
    state = new(2, hands=[["yoshiro-natsuko", "beach-1", "home-1", "kiss-1"]])
    play_round(state, {0: "yoshiro-natsuko"})
    play_round(state, {0: "beach-1"}, [(0, "attach yoshiro-natsuko")])
    play_round(state, {0: "home-1"})
    state.act(0, "select kiss-1")
    state.act(1, f"select {job(state, 1)}")
    while state.to_act() != [0]:
        step(state)
    assert "detach beach-1" not in state.legal_texts(0)
    with pytest.raises(IllegalAction) as err:
        state.act(0, "detach beach-1")
    assert "already have an unattached location" in err.value.message


def test_a_second_unattached_preparation_of_a_subtype_forces_a_discard() -> None:
    state = new(2, hands=[["home-1", "beach-1"]])
    play_round(state, {0: "home-1"})
    state.act(0, "select beach-1")
    state.act(1, f"select {job(state, 1)}")
    while state.to_act() != [0] or state.view(None)["choice"] != "place":
        step(state)
    assert state.legal_texts(0) == ["discard beach-1", "discard home-1"]
    state.act(0, "discard home-1")
    assert zone(state, 0)["loose"] == ["beach-1"]
    assert state.view(None)["discard"][-1] == "home-1"


def test_a_preparation_may_stay_unattached_when_a_couple_needs_it() -> None:
    state = new(2, hands=[["daisuke-chi", "home-1"]])
    play_round(state, {0: "daisuke-chi"})
    state.act(0, "select home-1")
    state.act(1, f"select {job(state, 1)}")
    while state.view(None)["choice"] != "place":
        step(state)
    assert state.legal_texts(0) == ["attach daisuke-chi", "leave"]


def test_r7_with_its_subtype_taken_a_needed_preparation_attaches() -> None:
    state = new(2, hands=[["daisuke-chi", "beach-1", "home-1"]])
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "beach-1"})
    play_round(state, {0: "home-1"})  # the only place left for it: the couple
    assert attached(state, 0, "daisuke-chi") == ["home-1"]
    assert zone(state, 0)["loose"] == ["beach-1"]


def test_unattached_preparations_can_be_discarded_during_ones_turn() -> None:
    state = new(2, hands=[["home-1", "kiss-1"]], jobs=["barista", "courier"])
    play_round(state, {0: "home-1"})
    play_round(state, {0: "kiss-1"}, [(0, "drop home-1")])
    assert zone(state, 0)["loose"] == [] and "home-1" in state.view(None)["discard"]


def test_obstacle_goes_on_an_opponents_couple_and_without_one_is_discarded() -> None:
    state = new(2, hands=[["jealous-ex-1", "jealous-ex-2"], ["daisuke-chi"]])
    play_round(state, {0: "jealous-ex-1"})
    assert "jealous-ex-1" in state.view(None)["discard"]
    assert events(state, "no_target")
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "jealous-ex-2"})
    assert attached(state, 1, "daisuke-chi") == ["jealous-ex-2"]
    assert zone(state, 1)["couples"][0]["vp"] == 0  # 1 VP - 2, never below 0


def test_r3_connection_goes_on_own_couple_and_without_one_is_discarded() -> None:
    state = new(2, hands=[["red-string-1", "red-string-2", "kenta-airi"], ["daisuke-chi"]])
    play_round(state, {0: "red-string-1", 1: "daisuke-chi"})
    assert "red-string-1" in state.view(None)["discard"]
    play_round(state, {0: "kenta-airi"})
    play_round(state, {0: "red-string-2"})
    assert attached(state, 0, "kenta-airi") == ["red-string-2"]
    assert state.scores()[0] == 1 + 2


def test_the_part_time_job_returns_to_hand_every_round() -> None:
    state = new(2, hands=[[], []], jobs=["barista", "courier"], draws=["home-1", "home-2"])
    for _ in range(2):
        play_round(state)
        assert "barista" in state.view(0)["hand"] and "courier" in state.view(1)["hand"]
    assert state.step == SELECT


def test_a_player_with_only_the_job_left_discards_nothing() -> None:
    mine = ["exams-1", "exams-2", "misunderstanding-1"]
    theirs = ["daisuke-chi", "kenta-airi", "ren-aoi", "sora-mei", "ryo-kana", "jun-saki",
              "riku-asuka", "takumi-yui", "akira-hana", "kaito-hikari", "isamu-midori",
              "hajime-kaede"]
    state = new(2, hands=[mine, theirs], jobs=["barista", "courier"])
    script = {1: "exams-1", 2: "exams-2"}
    for r in range(8):
        other = next(c for c in theirs if c in state.view(1)["hand"])
        play_round(state, {0: script.get(r, job(state, 0)), 1: other})
    assert state.view(0)["hand_sizes"][1] == 1  # 13 - 8 played - 4 discarded: the job
    play_round(state, {0: "misunderstanding-1", 1: "courier"})
    assert "courier" in state.view(1)["hand"]
    owner_discards = [e for e in events(state, "discard") if e["seat"] == 1]
    assert len(owner_discards) == 4 and all(e["card"] != "courier" for e in owner_discards)


def test_end_of_play_1_discards_hands_except_the_job() -> None:
    state = new(2, hands=[[], []], jobs=["barista", "florist"])
    idle_rounds(state, 10)
    ref = state.view(None)
    assert state.phase() == "draft-2"
    end = events(state, "phase_end")[0]
    assert len(end["discarded"][0]) >= 12 and "barista" not in end["discarded"][0]
    assert "barista" in ref["hands"][0] and "florist" in ref["hands"][1]
    assert ref["hands"] == [["barista"], ["florist"]]  # before the first pick of Draft 2


def test_r12_a_turn_with_nothing_to_move_resolves_and_ends_by_itself() -> None:
    state = new(2, hands=[["home-1"]])
    state.act(0, f"select {job(state, 0)}")
    state.act(1, f"select {job(state, 1)}")
    assert state.step == SELECT and state.round == 2  # no 'resolve' or 'end' was asked
    play_round(state, {0: "home-1"})
    state.act(0, f"select {job(state, 0)}")
    state.act(1, f"select {job(state, 1)}")
    assert state.to_act() == [0]  # Florist went first; Barista waits: Home could go
    assert state.legal_texts(0) == ["drop home-1", "resolve"]
