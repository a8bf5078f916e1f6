"""Set-up (Part-Time Jobs, the deck, stacking) and the two drafts."""

from __future__ import annotations

import json

import pytest

from cardroom.core.errors import BadOption, IllegalAction
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.rules import flow
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME, JOBS, events, idle_rounds, new, packs_for
from tests.helpers import snapshot


def test_one_part_time_job_per_seat_and_the_rest_leave_the_game() -> None:
    state = GAME.new(2, 3, {"stack": {"jobs": [["courier", "tutor"]]}})
    ref = state.view(None)
    assert ref["jobs"] == ["courier", "tutor"]
    assert sorted(ref["out"]) == ["barista", "florist"]
    assert "courier" in ref["hands"][0] and "tutor" in ref["hands"][1]
    assert ref["deck_size"] + sum(len(p) for p in ref["packs"]) == 132


def test_four_players_use_all_four_jobs() -> None:
    ref = GAME.new(4, 9).view(None)
    assert sorted(ref["jobs"]) == sorted(JOBS) and ref["out"] == []


def test_r10_a_stacked_deck_may_give_only_its_top_dealt_twelve_to_seat_0_first() -> None:
    order = [i for i in CAT.ids if not CAT.jobs >> CAT.by_id[i] & 1][:24]  # base cards
    ref = GAME.new(2, 1, {"stack": {"deck": [order]}}).view(None)
    assert sorted(ref["packs"][0]) == sorted(order[:12])
    assert sorted(ref["packs"][1]) == sorted(order[12:24])


@pytest.mark.parametrize("stack, words", [
    ({"jobs": [["barista"]]}, "one Part-Time Job per seat (2)"),
    ({"jobs": [["barista", "kiss-1"]]}, "kiss-1 is not a Part-Time Job"),
    ({"deck": [["kiss-1", "kiss-1"]]}, "kiss-1 is listed twice"),
    ({"deck": [["barista"]]}, "barista is a Part-Time Job"),
    ({"deck": [["no-such-card"]]}, "'no-such-card' is not a card id"),
    ({"chance": [[]]}, "the Chance expansion is off"),
    ({"dice": [[]]}, "no random source 'dice'"),
])
def test_impossible_stacked_entries_are_refused(stack: dict[str, object], words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(2, 1, {"stack": stack})
    assert words in err.value.message


def test_draft_1_is_simultaneous_and_passes_left() -> None:
    state = GAME.new(3, 5)
    assert state.to_act() == [0, 1, 2] and state.phase() == "draft-1"
    before = state.view(None)["packs"]
    state.act(1, "draft " + before[1][0])
    assert state.to_act() == [0, 2]
    assert state.view(0)["picked"] is None and state.view(1)["picked"] == before[1][0]
    state.act(0, "draft " + before[0][0])
    state.act(2, "draft " + before[2][0])
    after = state.view(None)["packs"]
    for seat in range(3):  # seat s now holds what its right-hand neighbour passed
        right = (seat - 1) % 3
        assert sorted(after[seat]) == sorted(before[right][1:])


def test_draft_2_passes_right() -> None:
    state = new(3, hands=[[], [], []])
    idle_rounds(state, 10)
    assert state.phase() == "draft-2"
    assert events(state, "draft")[-1]["direction"] == "right"
    before = state.view(None)["packs"]
    for seat in range(3):
        state.act(seat, f"draft {before[seat][0]}")
    after = state.view(None)["packs"]
    for seat in range(3):  # right = the next lower seat, so each receives from its left
        assert sorted(after[seat]) == sorted(before[(seat + 1) % 3][1:])


def test_a_card_not_in_the_pack_cannot_be_drafted() -> None:
    state = GAME.new(2, 8)
    other = state.view(None)["packs"][1][0]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.act(0, f"draft {other}")
    assert "is not in the pack in front of you" in err.value.message
    assert snapshot(state) == before


def test_the_last_card_is_taken_without_asking_and_each_keeps_twelve() -> None:
    state = new(4, hands=[[], [], [], []])
    ref = state.view(None)
    assert state.phase() == "play-1"
    assert [len(h) for h in ref["hands"]] == [13] * 4  # 12 drafted + the Part-Time Job
    assert len([e for e in state.log if e["type"] == "pick"]) == 12


def test_stacked_hands_end_up_where_the_helper_says() -> None:
    hands = [["kiss-1", "home-1", "daisuke-chi"], ["beach-2", "amnesia-1"]]
    state = new(2, hands=hands)
    ref = state.view(None)
    for seat, hand in enumerate(hands):
        assert set(hand) <= set(ref["hands"][seat])


def test_packs_for_splits_each_hand_over_the_packs() -> None:
    hands = [[f"a{i}" for i in range(12)], [f"b{i}" for i in range(12)]]
    order = packs_for(2, hands, [])
    assert order[:12] == hands[0][:6] + hands[1][:6]


def test_r1_a_passed_pack_leaves_no_trace_in_the_seats_view() -> None:
    state = GAME.new(2, 6)
    mine = state.view(0)["pack"]
    state.act(0, f"draft {mine[0]}")
    state.act(1, f"draft {state.view(1)['pack'][0]}")
    view = state.view(0)
    assert view["known"] == []
    text = json.dumps({k: v for k, v in view.items() if k != "log"})
    assert not [c for c in mine[1:] if f'"{c}"' in text]  # now in seat 1's pack


def test_r9_a_short_deck_is_shared_out_equally_at_a_draft() -> None:
    state = GAME.new(2, 6)
    assert isinstance(state, LoveState)
    state.deck, state.discard = state.deck[:9], []
    flow.start_draft(state)
    assert [p.bit_count() for p in state.packs] == [4, 4] and len(state.deck) == 1
