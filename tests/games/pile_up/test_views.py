"""No hidden card in a seat's view (determinization: test_sampler.py)."""

from __future__ import annotations

import json

from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from tests.games.pile_up.support import GAME, HANDS, play, seeded, table


def test_a_seat_sees_its_hand_and_sizes_never_other_hands_or_the_pile() -> None:
    state = table(HANDS, [1, 2, 4])
    for seat in range(3):
        view = state.view(seat)
        assert "hands" not in view and "pile" not in view
        assert view["hand"] == state.view(None)["hands"][seat]
        assert view["hand_sizes"] == [6, 6, 6] and view["pile_size"] == 48
        assert view["known"] == [[], [], []]
        hands = [e for e in view["log"] if e["type"] == "hand"]
        assert [e["seat"] for e in hands] == [seat]
    ref = state.view(None)
    assert ref["hands"][1] == ["4B", "4G", "5R", "5B", "6B", "6G"]
    assert len(ref["pile"]) == 48


def test_drawn_cards_are_private_the_count_is_public() -> None:
    state = table(HANDS, [1, 2, 4], pile=["6W"])
    play(state, (0, "place 1R"), (0, "done"))
    for seat in (1, 2):
        log = state.view(seat)["log"]
        assert not [e for e in log if e["type"] == "drew"]
        assert [e for e in log if e["type"] == "draw"] == [
            {"type": "draw", "seat": 0, "count": 1, "pile": 47}]
        assert "6W" not in json.dumps(state.view(seat))
    assert "6W" in state.view(0)["hand"]


def test_the_revealed_hand_is_public_the_rest_of_a_hand_never() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"], HANDS[1]], [5, 6, 5], pile=["6W"])
    state.act(0, "take 4R")
    view = state.view(1)
    assert view["known"][0] == ["1R", "1B", "2R", "2B", "3R"]
    assert next(e for e in view["log"] if e["type"] == "reveal")["cards"] == [
        "1R", "1B", "2R", "2B", "3R", "4R"]
    assert "6W" not in json.dumps(view)


def test_a_view_reads_back_from_its_json_and_counts_each_column_in_full() -> None:
    """The typed view is the JSON's one source: read back, it is the same
    view; a column's size counts its stacked cards (what taking it moves)."""
    for seed in range(3):
        state = seeded(3, seed)
        rng = Rng(seed)
        while not state.is_over():
            for viewer in (0, 1, 2, PUBLIC, None):
                seen = state.seen(viewer)
                assert GAME.read_view(state.view(viewer)) == seen
                for column in seen.table.columns:
                    assert column.size == sum(count for _, count in column.stacks)
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
