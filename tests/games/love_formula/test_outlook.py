"""The search's outlook at its horizon (``scoring.outlook``): the VP each
seat holds now plus what its couples and its hand can still bring (rules:
Couple, Preparation, Scoring: 1 VP incomplete, the printed VP perfect)."""

from __future__ import annotations

import pytest

from cardroom.games.love_formula import scoring
from cardroom.games.love_formula.cards.catalog import CAT
from tests.games.love_formula.support import finish, new, play_round


def mask(*names: str) -> int:
    return sum(1 << CAT.by_id[n] for n in names)


def test_a_couple_in_hand_is_worth_its_chance_of_a_perfect_date() -> None:
    # Daisuke & Chi needs First-Aid Kit and Home: 1 VP incomplete, 4 perfect.
    state = new(2)
    state.hands[0] = mask("daisuke-chi")
    # Stage 1: a design not held may still come in Draft 2 (one in two).
    alone = scoring.expected_vp(state, 0, 0.5)
    assert alone == pytest.approx(scoring.PLAY_CHANCE * (1 + 3 * 0.5 * 0.5))
    state.hands[0] = mask("daisuke-chi", "first-aid-kit-1", "home-1")
    held = scoring.expected_vp(state, 0, 0.5)
    # Both designs held (0.9 each), and each preparation is a VP of its own.
    couple = scoring.PLAY_CHANCE * (1 + 3 * scoring.HELD_CHANCE ** 2)
    assert held == pytest.approx(couple + 2 * scoring.PLAY_CHANCE)


def test_a_couple_in_play_gains_only_what_it_still_lacks() -> None:
    state = new(2, hands=[["daisuke-chi", "first-aid-kit-1"], []])
    play_round(state, {0: "daisuke-chi"})
    couple = CAT.by_id["daisuke-chi"]
    assert couple in state.couples[0]
    state.hands[0] = mask("home-1")
    state.attached[couple] = [CAT.by_id["first-aid-kit-1"]]
    gain = scoring.expected_vp(state, 0, 0.3)
    assert gain == pytest.approx(3 * scoring.HELD_CHANCE + scoring.PLAY_CHANCE)


@pytest.mark.parametrize("obstacle", ["misunderstanding-1", "transfer-student-1"])
def test_a_locked_or_spoilt_couple_expects_no_perfect_date(obstacle: str) -> None:
    state = new(2, hands=[["daisuke-chi"], []])
    play_round(state, {0: "daisuke-chi"})
    couple = CAT.by_id["daisuke-chi"]
    state.hands[0] = mask("first-aid-kit-1", "home-1")
    state.attached[couple] = [CAT.by_id[obstacle]]
    assert scoring.expected_vp(state, 0, 0.3) == pytest.approx(2 * scoring.PLAY_CHANCE)


def test_the_outlook_ranks_by_what_is_expected_and_is_the_standing_at_the_end() -> None:
    state = new(2)
    # Each keeps its Part-Time Job, so that the game can be played on.
    state.hands[0] = mask("daisuke-chi", "first-aid-kit-1", "home-1") | 1 << state.jobs[0]
    state.hands[1] = mask("kazuo-tomiko") | 1 << state.jobs[1]
    outlook = state.outlook()
    assert outlook.ranking == [[0], [1]]
    assert outlook.scores[0] > outlook.scores[1] > 0
    finish(state)
    assert state.outlook() == state.standing()


def test_a_joker_on_a_couple_does_not_stand_for_a_design_it_lacks() -> None:
    # Lucky Charm (a promo joker) attached beside First-Aid Kit: two
    # preparations on the couple, but Home is still missing (R23).
    state = new(2, hands=[["daisuke-chi"], []])
    play_round(state, {0: "daisuke-chi"})
    couple = CAT.by_id["daisuke-chi"]
    state.hands[0] = mask("home-1")
    state.attached[couple] = [CAT.by_id["first-aid-kit-1"], CAT.by_id["lucky-charm"]]
    gain = scoring.expected_vp(state, 0, 0.3)
    assert gain == pytest.approx(3 * scoring.HELD_CHANCE + scoring.PLAY_CHANCE)


def test_a_design_not_held_is_less_likely_found_as_play_2_runs_out() -> None:
    state = new(2)
    assert scoring.find_chance(state, 20) == scoring.LATER_DRAFT_CHANCE  # Draft 2 to come
    state.stage = 2
    assert scoring.find_chance(state, 10) == pytest.approx(0.3)
    assert scoring.find_chance(state, 1) == pytest.approx(0.03)
