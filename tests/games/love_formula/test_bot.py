"""The heuristic bot's choices, from its view and the legal strings alone:
drafting, attaching, targeting, reacting, pursuing goals and answering
chance cards and jokers."""

from __future__ import annotations

from cardroom.core.rng import Rng
from cardroom.games.love_formula.bot import goals, heuristic, judgement
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import (
    GAME,
    goals_game,
    job,
    new,
    play_round,
    select,
    sorry_not_sorry_round,
    to_react,
    until,
)


def bot_choice(state: LoveState, seat: int) -> str:
    return GAME.heuristic_bot(1).choose_for(state, seat)


def test_the_bot_drafts_a_couple_it_holds_preparations_for() -> None:
    state = new(2, hands=[["first-aid-kit-1", "home-1"]])
    table = judgement.read(state.seen(0))
    wanted = heuristic.draft_value(table, CAT.by_id["daisuke-chi"])  # needs First-Aid Kit, Home
    other = heuristic.draft_value(table, CAT.by_id["ryo-kana"])  # needs none of them
    assert wanted > other


def test_the_bot_attaches_a_preparation_where_it_completes_a_couple() -> None:
    state = new(2, hands=[["daisuke-chi", "kenta-airi", "first-aid-kit-1", "home-1"]])
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "kenta-airi"})
    play_round(state, {0: "first-aid-kit-1"}, [(0, "attach daisuke-chi")])
    select(state, {0: "home-1"})
    until(state, "place")
    assert bot_choice(state, 0) == "attach daisuke-chi"


def test_the_bot_aims_an_obstacle_at_the_leaders_best_couple() -> None:
    state = new(3, hands=[["jealous-ex-1"], ["daisuke-chi", "home-1", "first-aid-kit-1"],
                          ["hajime-kaede"]])
    play_round(state, {1: "daisuke-chi", 2: "hajime-kaede"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    select(state, {0: "jealous-ex-1"})
    until(state, "target")
    assert bot_choice(state, 0) == "target 1 daisuke-chi"


def test_the_bot_answers_an_obstacle_with_a_reaction() -> None:
    state = new(2, hands=[["long-distance-1"], ["daisuke-chi", "not-today-1"]])
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "long-distance-1"})
    to_react(state)
    assert bot_choice(state, 1) == "react not-today-1"


def test_the_bot_keeps_its_job_when_a_better_card_is_there() -> None:
    state = new(2, hands=[["daisuke-chi"]])
    assert bot_choice(state, 0) != f"select {job(state, 0)}"


def test_the_bot_values_an_obstacle_more_while_sorry_not_sorry_is_open() -> None:
    state = goals_game(2, ["sorry-not-sorry", "cupid", "first-date"],
                       ["vp-6-1", "vp-3-1", "vp-2-1"],
                       hands=[["jealous-ex-1"], ["daisuke-chi"]])
    play_round(state, {1: "daisuke-chi"})
    table = judgement.read(state.seen(0))
    bonus = goals.goal_bonus(table, CAT.by_id["jealous-ex-1"])
    expected = sum([2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 2, 3]) / 14  # nothing seen yet
    assert abs(bonus - 0.9 * expected) < 1e-9
    won = sorry_not_sorry_round()
    assert goals.goal_bonus(judgement.read(won.seen(0)), CAT.by_id["exams-1"]) == 0.0


def test_the_bot_reacts_to_win_quick_reflexes_even_against_a_cheap_card() -> None:
    state = goals_game(2, ["quick-reflexes", "cupid", "first-date"],
                       hands=[["kiss-1"], ["interrupted-1"]])
    select(state, {0: "kiss-1"})
    while state.view(None)["step"] != "react":
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    assert GAME.heuristic_bot(1).choose_for(state, 1) == "react interrupted-1"


def test_the_bot_wipes_the_date_that_costs_most() -> None:
    hands = [["downpour"], ["daisuke-chi", "kazuo-tomiko", "home-1", "festival-1",
                            "treats-1"]]
    state = new(2, hands=hands, options={"promo": "add"})
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "kazuo-tomiko"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "festival-1"}, [(1, "attach kazuo-tomiko")])
    play_round(state, {1: "treats-1"}, [(1, "attach kazuo-tomiko")])
    select(state, {0: "downpour"})
    until(state, "wipe")
    assert GAME.heuristic_bot(2).choose_for(state, 0) == "target 1 kazuo-tomiko"


def test_the_bot_plays_whole_games_with_chance_choices_from_its_view_alone() -> None:
    state = GAME.new(2, 21, {"chance": True, "promo": "replace"})
    bots = [GAME.heuristic_bot(s) for s in range(2)]
    rng = Rng(3)
    while not state.is_over():
        seat = rng.choice(list(state.to_act()))
        state.act(seat, bots[seat].choose(state.view(seat), state.legal_texts(seat)))
    assert not state.invariant_errors()
