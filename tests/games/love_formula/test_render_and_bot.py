"""The terminal rendering (from a view alone) and the heuristic bot's choices."""

from __future__ import annotations

from cardroom.core.rng import Rng
from cardroom.games.love_formula import bot, botmodel
from cardroom.games.love_formula import cardtext as T
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import (
    GAME,
    job,
    new,
    play_round,
    select,
    to_react,
    until,
)


def test_the_draft_shows_the_pack_with_types_and_priorities_and_the_kept_cards() -> None:
    state = GAME.new(2, 4)
    pack = state.view(0)["pack"]
    state.act(0, f"draft {pack[0]}")
    state.act(1, f"draft {state.view(1)['pack'][0]}")
    text = GAME.render(state.view(0), False)
    assert "Draft 1, pick 2 (packs pass left)" in text
    assert "Kept so far (1)" in text and "Part-Time Job: " in text
    for card in state.view(0)["pack"]:  # each with its type and priority
        assert f"{T.full(CAT.by_id[card], False)}" in text


def test_a_round_shows_the_order_zones_missing_requirements_hearts_hand_and_vp() -> None:
    state = new(2, hands=[["long-distance-1"], ["daisuke-chi", "home-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    select(state, {0: "long-distance-1", 1: job(state, 1)})
    text = GAME.render(state.view(1), False)
    assert "Revealed, in priority order:" in text and "1. seat 0: Long Distance (11/4)" in text
    assert "Daisuke and Chi [1 VP, perfect 4]: Home; missing First-Aid Kit" in text
    assert "Your hand:" in text
    while state.step != 1:
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        state.act(seat, next((a for a in ("resolve", "end", "pass") if a in legal), legal[0]))
    text = GAME.render(state.view(1), False)
    assert "obstacles: Long Distance (seat 0, 2 hearts)" in text
    assert "you     2" in text


def test_the_end_shows_the_score_breakdown() -> None:
    state = GAME.new(2, 8)
    rng = Rng(8)
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, rng.choice(state.legal_texts(seat)))
    text = GAME.render(state.view(0), False)
    assert "Final score" in text and "preparations =" in text


def test_every_event_reads_as_a_sentence_or_stays_silent() -> None:
    state = GAME.new(3, 12)
    bots = [GAME.heuristic_bot(s) for s in range(3)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, bots[seat].choose_for(state, seat))
    sentences = [GAME.describe_event(e, 0) for e in state.events_for(0)]
    assert sum(1 for s in sentences if s) > 100
    assert all(s is None or s.endswith((".", "!")) for s in sentences)


def bot_choice(state: LoveState, seat: int) -> str:
    return GAME.heuristic_bot(1).choose_for(state, seat)


def test_the_bot_drafts_a_couple_it_holds_preparations_for() -> None:
    state = new(2, hands=[["first-aid-kit-1", "home-1"]])
    table = botmodel.read(state.view(0))
    wanted = bot.draft_value(table, CAT.by_id["daisuke-chi"])  # needs First-Aid Kit, Home
    other = bot.draft_value(table, CAT.by_id["ryo-kana"])  # needs none of them
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
