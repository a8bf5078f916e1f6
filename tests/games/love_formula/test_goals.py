"""#RelationshipGoals: the goal row with face-down VP cards, First goals won at
once (R18), Game End goals for everyone who meets them (R19), the rulebook's
two examples, and the variants equal (R22), open, hidden (R20), planned (R21)
with the goal cards the table names (D7)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardroom.core.errors import BadOption
from cardroom.core.rng import Rng
from cardroom.games.love_formula.expansions.goals import claim_order
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import (
    GAME,
    events,
    finish,
    goals_game,
    play_round,
    sorry_not_sorry_round,
)


def row(state: LoveState, seat: int | None = None) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = state.view(seat)["goals"]["row"]
    return items


def item(state: LoveState, goal: str, seat: int | None = None) -> dict[str, Any]:
    return next(g for g in row(state, seat) if g["goal"] == goal)


def test_players_plus_one_goals_each_over_a_face_down_vp_card() -> None:
    state = GAME.new(3, 4, {"goals": True})
    ref = row(state)
    assert len(ref) == 4 and all(g["vp_card"] and not g["face_up"] for g in ref)
    assert len({g["vp_card"] for g in ref}) == 4
    for seat in range(3):
        seen = row(state, seat)
        assert all(g["vp"] is None and g["vp_card"] is None for g in seen)
        text = json.dumps(state.view(seat))
        assert not [g for g in ref if f'"{g["vp_card"]}"' in text]
    assert all(g["vp"] is None for g in events(state, "goals")[0]["goals"])


def test_sorry_not_sorry_example_the_higher_priority_obstacle_wins_it() -> None:
    state = sorry_not_sorry_round()
    won = events(state, "goal")
    assert won == [{"type": "goal", "seat": 1, "goal": "sorry-not-sorry", "kind": "first",
                    "face_up": True, "vp_card": "vp-6-1", "vp": 6, "won_by": 1,
                    "scored": []}]
    assert state.scores() == [1, 1 + 6]  # each has a couple; B adds the 6 VP at once
    assert item(state, "sorry-not-sorry", 0)["vp"] == 6  # its VP card is turned up


def test_r18_a_first_goal_is_won_once_and_never_replaced() -> None:
    state = sorry_not_sorry_round()
    assert state.view(None)["goals"]["counters"][0]["obstacles_played"] == 1
    finish(state)
    assert len(events(state, "goal")) == 1 and len(row(state)) == 3
    assert item(state, "sorry-not-sorry")["won_by"] == 1


def test_a_first_goal_is_won_the_moment_it_is_met() -> None:
    hands = [["daisuke-chi", "first-aid-kit-1", "home-1"]]
    state = goals_game(2, ["first-date", "cupid", "collector"], hands=hands)
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "first-aid-kit-1"}, [(0, "attach daisuke-chi")])
    assert not events(state, "goal")
    play_round(state, {0: "home-1"}, [(0, "attach daisuke-chi")])
    kinds = [e["type"] for e in state.log]
    at = kinds.index("goal")
    assert kinds[at - 1] == "place" and state.log[at]["seat"] == 0


def test_r18_claims_go_to_the_acting_player_then_the_turn_order() -> None:
    state = sorry_not_sorry_round()
    state.actor, state.order = 1, [1, 0]
    assert claim_order(state) == [1, 0]
    state.actor, state.order = -1, []
    state.frames = []
    state.revealer = -1
    assert claim_order(state) == [0, 1]


def cupid_game() -> LoveState:
    """A and B play 5 couples each, C only 3 (the rulebook's #Cupid example)."""
    couples = [["daisuke-chi", "kazuo-tomiko", "eiji-kiyoko", "hajime-kaede", "fumio-emi"],
               ["hisao-yuki", "tamotsu-nao", "tsutomo-kamiko", "akira-hana", "sora-mei"],
               ["ren-aoi", "takumi-yui", "kenji-ayumi"]]
    state = goals_game(3, ["cupid", "hoarder", "true-love", "villain"],
                       ["vp-3-1", "vp-2-1", "vp-4-1", "vp-5-1"], hands=couples)
    for r in range(5):
        play_round(state, {s: c[r] for s, c in enumerate(couples) if r < len(c)})
    finish(state)
    return state


def test_cupid_example_two_players_with_5_couples_each_both_score() -> None:
    state = cupid_game()
    cupid = item(state, "cupid", 2)
    assert cupid["scored"] == [0, 1] and cupid["vp"] == 3 and cupid["face_up"]
    breakdown = state.result().detail["breakdown"]
    assert breakdown[0]["goals"]["cupid"] == 3 and breakdown[1]["goals"]["cupid"] == 3
    assert "cupid" not in breakdown[2]["goals"]
    for b in breakdown:
        assert b["vp"] == b["zone_vp"] + b["chance_vp"] + sum(b["goals"].values())


def test_r19_a_most_goal_needs_at_least_one() -> None:
    state = goals_game(2, ["cupid", "true-love", "villain"])
    finish(state)  # nobody plays a couple, a connection or an obstacle
    assert all(g["scored"] == [] for g in row(state))
    assert events(state, "goals_end")[0]["goals"][0]["goal"] == "cupid"


def test_game_end_goals_are_only_checked_at_the_end() -> None:
    hands = [["daisuke-chi", "kazuo-tomiko", "eiji-kiyoko", "hajime-kaede"]]
    state = goals_game(2, ["full-house", "cupid", "first-date"], hands=hands)
    for couple in hands[0]:
        play_round(state, {0: couple})
    assert item(state, "full-house")["scored"] == [] and state.scores()[0] == 4
    finish(state)
    assert item(state, "full-house")["scored"] == [0]


def test_the_ranking_counts_goal_vp() -> None:
    state = sorry_not_sorry_round()
    finish(state)
    assert state.result().ranking[0] == [1]


def test_equal_variant_every_goal_is_worth_goal_vp() -> None:
    state = goals_game(2, ["sorry-not-sorry", "cupid", "first-date"], variant="equal",
                       options={"goal_vp": 4},
                       hands=[["long-distance-1"], ["daisuke-chi"]])
    view = state.view(1)["goals"]
    assert view["value"] == 4 and all(g["vp"] == 4 and not g["vp_card"] for g in view["row"])
    assert view["unused_vp"] == 14  # no VP card is used
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "long-distance-1"})
    assert state.scores()[0] == 4


def test_r22_equal_with_goal_vp_0_a_random_vp_card_sets_the_worth() -> None:
    state = goals_game(2, ["cupid", "first-date", "collector"], ["vp-5-2"], variant="equal",
                       options={"goal_vp": 0})
    view = state.view(0)["goals"]
    assert view["value"] == 5 and view["value_card"] == "vp-5-2"
    assert all(g["vp"] == 5 for g in view["row"])


def test_open_variant_vp_cards_are_face_up_from_the_start() -> None:
    state = goals_game(2, ["cupid", "first-date", "collector"], ["vp-2-1", "vp-6-2", "vp-4-1"],
                       variant="open")
    seen = row(state, 1)
    assert [g["vp_card"] for g in seen] == ["vp-2-1", "vp-6-2", "vp-4-1"]
    assert [g["vp"] for g in seen] == [2, 6, 4] and all(g["face_up"] for g in seen)


def test_r20_hidden_variant_won_vp_stays_face_down_until_the_end() -> None:
    hands = [["long-distance-1", "daisuke-chi"], ["amnesia-1", "kazuo-tomiko"]]
    state = goals_game(2, ["sorry-not-sorry", "first-date", "cupid"],
                       ["vp-6-1", "vp-2-1", "vp-3-1"], variant="hidden", hands=hands)
    play_round(state, {0: "daisuke-chi", 1: "kazuo-tomiko"})
    play_round(state, {0: "long-distance-1", 1: "amnesia-1"})
    won = item(state, "sorry-not-sorry", 1)
    assert won["won_by"] == 1 and won["vp"] is None and won["vp_card"] is None
    assert events(state, "goal")[0]["vp"] is None
    assert state.scores() == [1, 1]  # the 6 VP are not public yet
    assert "vp-6-1" not in json.dumps(state.view(1)) and "vp-6-1" not in json.dumps(
        state.view(0))
    finish(state)
    assert item(state, "sorry-not-sorry", 0)["vp"] == 6
    assert state.result().detail["breakdown"][1]["goals"]["sorry-not-sorry"] == 6


def kinds_in_row(state: LoveState) -> list[str]:
    return sorted(g["kind"] for g in row(state))


def test_r21_planned_variant_four_players_lay_out_3_first_and_2_end_goals() -> None:
    state = GAME.new(4, 2, {"goals": True, "goals_variant": "planned"})
    assert kinds_in_row(state) == ["end", "end", "first", "first", "first"]
    state = GAME.new(2, 2, {"goals": True, "goals_variant": "planned"})
    assert kinds_in_row(state) == ["end", "first", "first"]


def test_r21_planned_variant_takes_the_chosen_numbers_from_the_top_of_the_goal_deck() -> None:
    order = ["cupid", "first-date", "hoarder", "matchmaker", "collector", "villain"]
    state = goals_game(2, order, variant="planned",
                       options={"first_goals": 1, "end_goals": 3})
    assert [g["goal"] for g in row(state)] == ["cupid", "first-date", "hoarder", "collector"]
    state = goals_game(2, order, variant="planned", options={"end_goals": 1})
    assert [g["goal"] for g in row(state)] == ["cupid", "first-date", "matchmaker"]


def planned(players: int, goal_cards: Any, **options: Any) -> dict[str, Any]:
    return {"goals": True, "goals_variant": "planned", "goal_cards": goal_cards, **options}


def new_game(players: int, seed: int, options: dict[str, Any]) -> LoveState:
    state = GAME.new(players, seed, options)
    assert isinstance(state, LoveState)
    return state


def test_d7_planned_lays_out_the_named_goals_and_draws_the_places_left() -> None:
    order = ["cupid", "first-date", "hoarder", "matchmaker", "collector", "villain",
             "big-day"]
    state = goals_game(4, order, variant="planned",
                       options={"goal_cards": ["drama-queen", "true-love"]})
    # 4 players: 3 First and 2 Game End; named first, in the order named, then the
    # top of the shuffled goal deck fills the places left of each kind.
    assert [g["goal"] for g in row(state)] == [
        "drama-queen", "true-love", "cupid", "first-date", "matchmaker"]
    assert kinds_in_row(state) == ["end", "end", "first", "first", "first"]
    assert len({g["vp_card"] for g in row(state)}) == 5  # a VP card under each


def test_d7_named_goals_can_fill_the_whole_row_and_counts_still_come_from_the_options() -> None:
    named = ["sorry-not-sorry", "cupid", "villain", "well-prepared"]
    state = new_game(3, 9, planned(3, named, first_goals=2, end_goals=2))
    assert [g["goal"] for g in row(state)] == named
    state = new_game(2, 9, planned(2, ["cupid"], first_goals=0, end_goals=1))
    assert [g["goal"] for g in row(state)] == ["cupid"]
    drawn = {g["goal"] for seed in range(8)
             for g in row(new_game(2, seed, planned(2, ["cupid"])))[1:]}
    assert "cupid" not in drawn and len(drawn) > 3  # the rest is drawn at random


def test_d7_named_goals_survive_determinization_and_an_empty_list_names_none() -> None:
    state = new_game(3, 4, planned(3, ["hoarder", "big-day"]))
    for seat in range(3):
        twin = state.resample(seat, Rng(seat))
        assert isinstance(twin, LoveState)
        assert [g["goal"] for g in row(twin, seat)] == [g["goal"] for g in row(state, seat)]
        assert not twin.invariant_errors()
    plain = new_game(3, 4, {"goals": True, "goals_variant": "planned"})
    assert row(new_game(3, 4, planned(3, []))) == row(plain)


@pytest.mark.parametrize("options, words", [
    (planned(2, ["cupid", "nobody"]), "'nobody' is not a card id of Love Formula"),
    (planned(2, ["kiss-1"]), "kiss-1 is no goal card; name goal cards such as cupid"),
    (planned(2, ["vp-3-1"]), "vp-3-1 is a VP card"),
    (planned(2, [7]), "7 is not a card id"),
    (planned(2, ["cupid", "cupid"]), "'goal_cards': cupid is named twice"),
    (planned(2, "cupid"), "expected a list, got 'cupid'"),
    (planned(2, ["cupid", "villain"]),  # 2 players: 2 First, 1 Game End
     "names 2 Game End goals (cupid, villain) but the planned row holds 1 "
     "(set 'end_goals' to 2 or more)"),
    (planned(2, ["big-day", "first-date"], first_goals=1),
     "names 2 First goals (big-day, first-date) but the planned row holds 1"),
    ({"goals": True, "goal_cards": ["cupid"]}, "'goal_cards' is for the 'planned' variant"),
    ({"goal_cards": ["cupid"]}, "'goal_cards' belongs to #RelationshipGoals"),
])
def test_d7_goal_cards_that_do_not_fit_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(2, 1, options)
    assert words in err.value.message
