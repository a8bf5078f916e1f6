"""No hidden card in a seat's view; determinization rebuilds the rest."""

from __future__ import annotations

import json
from collections import Counter

from cardroom.core.rng import Rng
from cardroom.games.pile_up.state import PileUpState
from tests.games.pile_up.scenario import GAME, play, table
from tests.helpers import play_random

HANDS = [["1R", "1B", "2R", "2B", "3R", "4R"],
         ["4G", "4B", "5R", "5B", "6G", "6B"],
         ["3B", "3G", "6R", "2G", "5G", "1G"]]


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


def test_determinize_keeps_known_cards_and_redeals_the_unknown() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"], HANDS[1]], [5, 6, 5], pile=["6W"])
    state.act(0, "take 4R")
    view = state.view(1)
    seen: Counter[str] = Counter()
    for i in range(60):
        other = GAME.determinize(view, Rng(i))
        assert other.view(1) == view
        hand = other.view(None)["hands"][0]
        assert Counter(hand) >= Counter(view["known"][0])
        seen.update(c for c in hand if c not in view["known"][0])
    assert len(seen) > 10, "the unknown card should be drawn from many candidates"


def test_determinize_gives_a_player_laying_cards_a_card_to_lay() -> None:
    """A seat mid-play still holds a card of its number (else its play would
    have ended): every sample keeps that public fact."""
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"], HANDS[1]], [3, 5, 6])
    state.act(0, "place 3R")
    view = state.view(1)
    counts: Counter[int] = Counter()
    for i in range(300):
        other = GAME.determinize(view, Rng(i))
        threes = sum(1 for c in other.view(None)["hands"][0] if c[0] == "3")
        assert threes >= 1
        counts[threes] += 1
        assert other.legal_texts(0)[-1] == "done" and len(other.legal_texts(0)) > 1
    # 5 unknown cards from 49 unseen, 7 of them 3s, conditioned on at least one.
    assert counts[1] > counts[2] > counts[3]


def test_determinized_states_play_on_to_the_end() -> None:
    for seed in range(6):
        state = GAME.new(2 + seed % 4, seed)
        rng = Rng(seed)
        for _ in range(40 + 7 * seed):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
        for seat in range(state.players):
            other = state.resample(seat, Rng(seed))
            assert isinstance(other, PileUpState)
            assert not other.invariant_errors()
            assert play_random(other, Rng(seed)).is_over()
