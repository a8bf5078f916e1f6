"""The terminal with the expansions (the chance card of the round, the goals
with their VP cards face down or up, who won which) and the heuristic bot
pursuing goals and answering chance cards and jokers."""

from __future__ import annotations

from cardroom.core.rng import Rng
from cardroom.games.love_formula import botgoals, botmodel
from cardroom.games.love_formula.cards import CAT
from tests.games.love_formula.support import (
    GAME,
    finish,
    new,
    play_round,
    select,
    until,
)
from tests.games.love_formula.test_goals import goals_game, sorry_not_sorry_round


def test_the_terminal_shows_the_chance_card_of_the_round_and_its_effects() -> None:
    state = new(2, options={"chance": True}, chance=["role-reversal-1"])
    text = GAME.render(state.view(1), False)
    assert ("Chance card of the round (revealed by seat 0): Role Reversal: This round, "
            "turns go from the lowest priority up") in text
    assert "This round: turns go from the lowest priority up." in text
    assert "Chance deck 27, chance discard 0." in text


def test_the_terminal_shows_goals_with_face_down_vp_then_who_won() -> None:
    state = goals_game(2, ["sorry-not-sorry", "first-date", "cupid"],
                       ["vp-6-1", "vp-2-1", "vp-3-1"],
                       hands=[["long-distance-1", "daisuke-chi"], ["amnesia-1", "kazuo-tomiko"]])
    text = GAME.render(state.view(0), False)
    assert "Goals (#RelationshipGoals, standard):" in text
    assert "#FirstDate [VP card face down; open]: First: the first player to have at least " \
           "1 perfect date" in text
    assert "#Cupid [VP card face down; checked at the end]" in text
    state = sorry_not_sorry_round()
    text = GAME.render(state.view(0), False)
    assert "#SorryNotSorry [6 VP; won by seat 1]" in text


def test_the_terminal_shows_a_hidden_won_goal_without_its_vp_and_all_at_the_end() -> None:
    state = goals_game(2, ["sorry-not-sorry", "first-date", "cupid"],
                       ["vp-6-1", "vp-2-1", "vp-3-1"], variant="hidden",
                       hands=[["long-distance-1", "daisuke-chi"], ["amnesia-1", "kazuo-tomiko"]])
    play_round(state, {0: "daisuke-chi", 1: "kazuo-tomiko"})
    play_round(state, {0: "long-distance-1", 1: "amnesia-1"})
    assert "#SorryNotSorry [VP card face down; won by you]" in GAME.render(state.view(1), False)
    finish(state)
    text = GAME.render(state.view(1), False)
    assert "#SorryNotSorry [6 VP; won by you]" in text and "#Cupid [3 VP;" in text


def test_every_expansion_event_reads_as_a_sentence() -> None:
    state = GAME.new(3, 14, {"chance": True, "goals": True, "promo": "add"})
    bots = [GAME.heuristic_bot(s) for s in range(3)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, bots[seat].choose_for(state, seat))
    kinds = {"chance", "goals", "goal", "goals_end", "chance_reshuffle"}
    seen = [e for e in state.events_for(0) if e["type"] in kinds]
    assert {e["type"] for e in seen} == kinds
    for event in state.events_for(0):
        sentence = GAME.describe_event(event, 0)
        assert sentence is None or sentence.endswith((".", "!")), event
    assert all(GAME.describe_event(e, 0) for e in seen)


def test_the_bot_values_an_obstacle_more_while_sorry_not_sorry_is_open() -> None:
    state = goals_game(2, ["sorry-not-sorry", "cupid", "first-date"],
                       ["vp-6-1", "vp-3-1", "vp-2-1"],
                       hands=[["jealous-ex-1"], ["daisuke-chi"]])
    play_round(state, {1: "daisuke-chi"})
    view = state.view(0)
    table = botmodel.read(view)
    bonus = botgoals.goal_bonus(view, table, CAT.by_id["jealous-ex-1"])
    expected = sum([2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 2, 3]) / 14  # nothing seen yet
    assert abs(bonus - 0.9 * expected) < 1e-9
    won = sorry_not_sorry_round()
    view = won.view(0)
    assert botgoals.goal_bonus(view, botmodel.read(view), CAT.by_id["exams-1"]) == 0.0


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
