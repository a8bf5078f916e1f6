"""The Chance expansion: a chance card before every round of a play phase (D6
and its option first_revealer, R14, R15), "you" and "all players" effects, the
chance discard pile, the reshuffle for Play 2, nothing during drafts, and each
chance effect."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.errors import BadOption
from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.fields import DRAFT, SELECT
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import (
    GAME,
    attached,
    drive,
    events,
    finish,
    idle_rounds,
    job,
    keep_draft,
    new,
    play_round,
    select,
    to_react,
    zone,
)

# Chance cards that need no decision (a plain idle round stays idle with them).
QUIET = ["cheer-squad", "role-reversal-1", "role-reversal-2", "rooftop-lunch",
         "helping-hand-1", "helping-hand-2", "rainy-season-1", "rainy-season-2",
         "shy-day-1", "shy-day-2", "summer-break-1", "summer-break-2",
         "senpai-noticed-me-1", "senpai-noticed-me-2", "senpai-noticed-me-3"]


def chance_game(players: int, chance: list[str], **kw: Any) -> LoveState:
    """``chance`` tops the chance deck in Play 1 and again after its reshuffle
    for Play 2 (so idle rounds stay idle whatever the seed)."""
    stack = {"chance": [list(chance), list(chance)]}
    return new(players, options={"chance": True, "stack": stack}, **kw)


def chance_view(state: LoveState, seat: int | None = None) -> dict[str, Any]:
    view: dict[str, Any] = state.view(seat)["chance"]
    return view


def test_d6_seat_0_reveals_first_then_each_player_left_of_the_last() -> None:
    state = chance_game(3, QUIET)
    idle_rounds(state, 10)
    keep_draft(state, [])
    idle_rounds(state, 3)
    revealers = [e["seat"] for e in events(state, "chance")]
    assert revealers[:10] == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]  # Play 1
    assert revealers[10:] == [1, 2, 0, 1]  # Play 2 goes on from the last revealer


def test_d6_the_table_chooses_the_first_revealer_with_first_revealer() -> None:
    state = new(3, options={"chance": True, "first_revealer": 2,
                            "stack": {"chance": [QUIET, QUIET]}})
    idle_rounds(state, 10)
    keep_draft(state, [])
    idle_rounds(state, 2)
    revealers = [e["seat"] for e in events(state, "chance")]
    assert revealers[:10] == [2, 0, 1, 2, 0, 1, 2, 0, 1, 2]  # then to the left each time
    assert revealers[10:] == [0, 1, 2]  # Play 2 goes on from the last revealer
    assert GAME.describe()["options"]["first_revealer"]["default"] == 0


def test_d6_first_revealer_reaches_the_determinized_states() -> None:
    """A state re-dealt from a seat's view in Draft 1 (nothing revealed yet)
    still lets seat 3 reveal first: the option is part of every view."""
    state = GAME.new(4, 5, {"chance": True, "first_revealer": 3})
    assert isinstance(state, LoveState) and state.step == DRAFT
    for seat in range(4):
        assert state.view(seat)["options"]["first_revealer"] == 3
        twin = state.resample(seat, Rng(seat))
        assert isinstance(twin, LoveState)
        while twin.step == DRAFT:
            for who in list(twin.to_act()):
                twin.act(who, twin.legal_texts(who)[0])
        assert events(twin, "chance")[0]["seat"] == 3


@pytest.mark.parametrize("players, options, words", [
    (3, {"chance": True, "first_revealer": 3},
     "seat 3 is not at the table: a 3-player game has seats 0 to 2"),
    (2, {"chance": True, "first_revealer": 5},
     "seat 5 is not at the table: a 2-player game has seats 0 to 1"),
    (2, {"chance": True, "first_revealer": -1}, "'first_revealer': must be at least 0"),
    (2, {"chance": True, "first_revealer": "1"}, "expected a whole number"),
    (2, {"first_revealer": 1}, "'first_revealer' belongs to the Chance expansion"),
])
def test_d6_a_first_revealer_that_is_no_seat_is_refused(players: int, options: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(players, 1, options)
    assert words in err.value.message


def test_a_chance_card_is_revealed_before_each_round_then_the_round_goes_on() -> None:
    state = chance_game(2, ["cheer-squad", "shy-day-1"])
    kinds = [e["type"] for e in state.log]
    at = kinds.index("chance")
    assert kinds[at - 1] == "round" and state.step == SELECT
    assert chance_view(state, 1)["card"] == "cheer-squad"
    play_round(state)
    assert [e["card"] for e in events(state, "chance")] == ["cheer-squad", "shy-day-1"]
    assert len(events(state, "chance")) == 2 and events(state, "round")[-1]["round"] == 2


def test_senpai_noticed_me_example_the_revealer_draws_a_card() -> None:
    state = chance_game(3, ["senpai-noticed-me-1"], draws=["home-1"])
    assert "home-1" in state.view(0)["hand"]
    assert state.view(None)["hand_sizes"] == [14, 13, 13]


def test_r14_all_players_effects_go_clockwise_from_the_revealer() -> None:
    state = chance_game(3, ["cheer-squad", "summer-break-1"])
    play_round(state)
    kinds = [e["type"] for e in state.log]
    at = len(kinds) - kinds[::-1].index("chance")
    draws = [e["seat"] for e in state.log[at:] if e["type"] == "draw"]
    assert draws == [1, 2, 0]  # seat 1 revealed the second card


def test_pop_quiz_every_player_chooses_a_discard_never_the_job() -> None:
    state = chance_game(2, ["pop-quiz-1"])
    assert state.view(None)["choice"] == "discard" and state.to_act() == [0]
    assert f"discard {job(state, 0)}" not in state.legal_texts(0)
    state.act(0, state.legal_texts(0)[0])
    assert state.to_act() == [1] and state.view(None)["choice"] == "discard"
    state.act(1, state.legal_texts(1)[0])
    assert state.step == SELECT
    assert [e["seat"] for e in events(state, "discard")] == [0, 1]


def test_lost_homework_only_the_revealer_discards() -> None:
    state = chance_game(2, ["lost-homework"])
    assert state.to_act() == [0]
    state.act(0, state.legal_texts(0)[0])
    assert state.step == SELECT and state.view(None)["hand_sizes"] == [12, 13]


def test_r15_the_card_stays_up_for_its_round_then_goes_to_the_chance_discard() -> None:
    state = chance_game(2, ["cheer-squad", "shy-day-1"])
    state.act(0, f"select {job(state, 0)}")
    assert chance_view(state)["card"] == "cheer-squad"  # up while the round is on
    state.act(1, f"select {job(state, 1)}")
    drive(state)
    view = chance_view(state)
    assert view["discard"] == ["cheer-squad"] and view["card"] == "shy-day-1"
    assert view["deck_size"] == 26


def test_the_chance_deck_and_discard_are_shuffled_together_for_play_2() -> None:
    stacked = new(2, options={"chance": True}, chance=QUIET[:10])
    assert chance_view(stacked)["deck_size"] == 27
    idle_rounds(stacked, 10)
    view = chance_view(stacked)
    assert stacked.step == DRAFT and view["deck_size"] == 28 and view["discard"] == []
    assert events(stacked, "chance_reshuffle")[0]["cards"] == 28


def test_a_second_stacked_chance_entry_orders_the_play_2_deck() -> None:
    state = new(2, options={"chance": True, "stack": {"chance": [QUIET[:10], ["pop-quiz-2"]]}})
    keep_draft(state, [])
    idle_rounds(state, 10)
    keep_draft(state, [])
    assert events(state, "chance")[-1]["card"] == "pop-quiz-2"


def test_chance_cards_do_nothing_during_drafts() -> None:
    state = chance_game(2, QUIET)
    idle_rounds(state, 10)
    assert state.step == DRAFT
    before = len(events(state, "chance"))
    view = chance_view(state, 0)
    assert view["card"] is None and view["rules"] == []
    keep_draft(state, [])
    assert len(events(state, "chance")) == before + 1  # only when Play 2 begins


def test_time_flies_takes_one_heart_token_once_and_may_end_a_couple() -> None:
    hands = [["long-distance-1"], ["daisuke-chi"]]
    state = chance_game(2, ["cheer-squad", "rooftop-lunch", "time-flies-1"], hands=hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "long-distance-1"})  # 3 hearts, one off at the end of round 2
    assert events(state, "hearts") == [{"type": "hearts", "change": -1}]  # once for all
    assert zone(state, 1)["couples"][0]["attached"][0]["hearts"] == 1  # round 3's card
    play_round(state)
    assert zone(state, 1)["couples"] == []  # ended at the end of round 3, not round 4
    assert events(state, "couple_ends")[0]["couple"] == "daisuke-chi"


def test_rainy_season_gives_every_card_with_hearts_one_more() -> None:
    hands = [["long-distance-1"], ["daisuke-chi"]]
    state = chance_game(2, ["cheer-squad", "rooftop-lunch", "rainy-season-1"], hands=hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "long-distance-1"})
    assert zone(state, 1)["couples"][0]["attached"][0]["hearts"] == 3


def test_r16_role_reversal_turns_go_lowest_priority_first_copies_still_by_seat() -> None:
    hands = [["home-1"], ["kiss-1"], ["kiss-2"]]
    state = chance_game(3, ["role-reversal-1"], hands=hands)
    assert chance_view(state)["rules"] == ["reverse_priority"]
    select(state, {0: "home-1", 1: "kiss-1", 2: "kiss-2"})
    assert [s for s, _ in events(state, "reveal")[-1]["cards"]] == [1, 2, 0]


def test_shy_day_no_reaction_may_be_played_this_round() -> None:
    hands = [["long-distance-1"], ["daisuke-chi", "not-today-1"]]
    state = chance_game(2, ["cheer-squad", "shy-day-1"], hands=hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "long-distance-1"})
    assert not events(state, "react")
    assert "long-distance-1" in attached(state, 1, "daisuke-chi")


def test_without_shy_day_the_same_obstacle_can_be_answered() -> None:
    hands = [["long-distance-1"], ["daisuke-chi", "not-today-1"]]
    state = chance_game(2, ["cheer-squad", "rooftop-lunch"], hands=hands)
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "long-distance-1"})
    to_react(state)
    assert state.to_act() == [1]


def test_helping_hand_gives_the_revealer_a_second_move_on_their_turn() -> None:
    hands = [["daisuke-chi", "kazuo-tomiko", "home-1", "festival-1"]]
    state = chance_game(2, ["cheer-squad", "shy-day-1", "rainy-season-1", "shy-day-2",
                            "helping-hand-1"], hands=hands, jobs=["florist", "courier"])
    play_round(state, {0: "home-1"})
    play_round(state, {0: "festival-1"})
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "kazuo-tomiko"})
    assert attached(state, 0, "daisuke-chi") == [] and chance_view(state)["extra_moves"] == [1, 0]
    play_round(state, {}, [(0, "move home-1 daisuke-chi"), (0, "move festival-1 kazuo-tomiko")])
    assert attached(state, 0, "daisuke-chi") == ["home-1"]
    assert attached(state, 0, "kazuo-tomiko") == ["festival-1"]


def test_cheer_squad_scores_a_vp_for_the_revealer_kept_to_the_end() -> None:
    state = chance_game(2, ["cheer-squad"])
    assert state.scores() == [1, 0] and chance_view(state, 1)["vp"] == [1, 0]
    finish(state)
    breakdown = state.result().detail["breakdown"][0]
    assert breakdown["chance_vp"] >= 1 and breakdown["vp"] == state.scores()[0]


def test_lucky_find_takes_an_opponents_unattached_preparation() -> None:
    state = chance_game(2, ["cheer-squad", "rooftop-lunch", "lucky-find"],
                        hands=[[], ["home-1"]])
    play_round(state, {1: "home-1"})
    play_round(state)
    assert zone(state, 0)["loose"] == ["home-1"] and zone(state, 1)["loose"] == []


def test_lucky_find_draws_a_card_when_there_is_nothing_to_take() -> None:
    state = chance_game(2, ["lucky-find"], draws=["kiss-1"])
    assert "kiss-1" in state.view(0)["hand"]


def test_note_in_the_locker_takes_a_card_from_the_discard_pile() -> None:
    state = chance_game(2, ["cheer-squad", "note-in-the-locker-1"], hands=[["kiss-1"]],
                        draws=["home-1", "park-1", "beach-1"], jobs=["courier", "barista"])
    play_round(state, {0: "kiss-1"})  # the discard pile now holds Kiss alone
    assert "kiss-1" in state.view(1)["hand"]  # seat 1 revealed the card of round 2
    assert events(state, "take")[-1] == {"type": "take", "seat": 1, "card": "kiss-1",
                                         "from": "discard"}


def test_apology_removes_an_obstacle_from_the_revealers_couple() -> None:
    hands = [["daisuke-chi"], ["jealous-ex-1"]]
    state = chance_game(2, ["cheer-squad", "rooftop-lunch", "rainy-season-1",
                            "summer-break-1", "apology-1"], hands=hands)
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {1: "jealous-ex-1"})
    idle_rounds(state, 1)
    assert "jealous-ex-1" in attached(state, 0, "daisuke-chi")
    play_round(state)  # then round 5's card, revealed by seat 0
    assert attached(state, 0, "daisuke-chi") == []
    assert events(state, "removed")[0]["card"] == "jealous-ex-1"


def test_the_chance_deck_order_is_hidden_the_card_and_discard_are_public() -> None:
    state = chance_game(2, ["cheer-squad", "pop-quiz-1"])
    seat_view = chance_view(state, 1)
    assert "deck" not in seat_view and seat_view["card"] == "cheer-squad"
    assert chance_view(state)["deck"][0] == "pop-quiz-1"
    assert "pop-quiz-1" not in str(state.view(1))


def test_chance_cards_never_enter_hands_zones_or_the_main_deck() -> None:
    state = chance_game(3, QUIET)
    finish(state)
    ref = state.view(None)
    chance = {CAT.ids[c] for c in range(CAT.size) if CAT.set_of[c] == "chance"}
    assert not chance & ({c for h in ref["hands"] for c in h} | set(ref["discard"]))
    assert len(ref["chance"]["deck"]) + len(ref["chance"]["discard"]) == 28
