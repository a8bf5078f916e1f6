"""The terminal rendering from a view alone: the draft, a round, the end, the
expansions (the chance card of the round, the goals with their VP cards face
down or up, who won which), and every event as a sentence."""

from __future__ import annotations

from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext
from tests.games.love_formula.support import (
    GAME,
    finish,
    goals_game,
    job,
    new,
    play_round,
    select,
    sorry_not_sorry_round,
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
        assert f"{cardtext.full(CAT.by_id[card], False)}" in text


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
