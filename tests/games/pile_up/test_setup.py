"""Components, set-up, stacking and the action strings (D1, D2, D3)."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from cardroom.core.errors import BadOption
from cardroom.games.pile_up import cards
from cardroom.games.pile_up.actions import ACTION_COUNT, action_text, parse_action
from tests.games.pile_up.support import FULL_DECK, GAME, deck, events, new, seeded, table

HANDS3 = [["1R", "1B", "2R", "2B", "4R", "4B"],
          ["1G", "2G", "4G", "5R", "5B", "5G"],
          ["3R", "3B", "3G", "6R", "6B", "6G"]]


def test_d1_the_deck_is_66_cards_read_from_data() -> None:
    data = json.loads(resources.files("cardroom.games.pile_up").joinpath("rudy.json").read_text())
    assert [c["code"] for c in data["colours"]] == ["R", "B", "G", "W", "K"]
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == cards.CARD_COUNT == 66
    for n in range(1, 7):
        assert [counts[f"{n}{c}"] for c in "RBGWK"] == [3, 3, 3, 1, 1]
    assert cards.TYPE_EFFECT[cards.BY_CODE["5W"]] == cards.EFFECT_PUSH
    assert cards.TYPE_EFFECT[cards.BY_CODE["2K"]] == cards.EFFECT_ARM
    assert cards.TYPE_EFFECT[cards.BY_CODE["3R"]] == cards.EFFECT_PLAIN


def test_d2_deal_one_card_at_a_time_seat_0_first_rest_is_the_pile() -> None:
    order = deck(HANDS3, pile=["6W", "6K"])
    state = new(3, order, [1, 2, 4])
    ref = state.view(None)
    assert ref["hands"][0] == sorted(order[0:18:3], key=FULL_DECK.index)
    assert ref["hands"][1] == sorted(order[1:18:3], key=FULL_DECK.index)
    assert ref["pile"] == order[18:]
    assert ref["pile"][:2] == ["6W", "6K"]
    assert ref["pile_size"] == 66 - 18
    assert [e["cards"] for e in events(state, "hand")] == [
        sorted(h, key=FULL_DECK.index) for h in HANDS3]
    assert [e["to"] for e in events(state, "hand")] == [[0], [1], [2]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_d2_every_player_gets_six_cards(players: int) -> None:
    state = GAME.new(players, 11)
    view = state.view(None)
    assert view["hand_sizes"] == [6] * players
    assert view["pile_size"] == 66 - 6 * players


def test_d3_seat_0_starts_and_turns_go_clockwise() -> None:
    state = table(HANDS3, [1, 2, 3, 5, 6, 1, 3, 6, 2, 1, 2, 4])
    assert state.to_act() == [0]
    state.act(0, "place 1R")
    state.act(0, "done")
    assert state.to_act() == [1]
    state.act(1, "place 5R")
    state.act(1, "done")
    assert state.to_act() == [2]
    state.act(2, "place 3R")
    state.act(2, "done")
    assert state.to_act() == [0]
    assert [e["seat"] for e in events(state, "roll")] == [0, 1, 2, 0]


def test_refill_to_six_from_the_top_of_the_pile() -> None:
    state = table(HANDS3, [1, 2, 3, 5, 6, 1], pile=["6W", "6K", "5W"])
    state.act(0, "place 1R")
    state.act(0, "place 1B")  # no 1s left: the play ends by itself
    hand = state.view(0)["hand"]
    assert hand == ["2R", "2B", "4R", "4B", "6W", "6K"]
    assert state.view(0)["pile_size"] == 66 - 18 - 2
    assert events(state, "draw") == [{"type": "draw", "seat": 0, "count": 2, "pile": 46}]
    assert events(state, "drew") == [{"type": "drew", "seat": 0, "cards": ["6W", "6K"],
                                      "to": [0]}]


def test_dice_are_chance_events_stacked_in_order() -> None:
    state = table(HANDS3, [4, 2, 6, 5, 5, 1])
    assert events(state, "roll")[0] == {"type": "roll", "seat": 0, "dice": [4, 2, 6]}
    assert state.view(1)["dice"] == [4, 2, 6]
    state.act(0, "place 4R")
    state.act(0, "done")
    assert events(state, "roll")[1]["dice"] == [5, 5, 1]


def test_stacked_deck_must_be_a_whole_deck() -> None:
    with pytest.raises(BadOption, match="all 66 card codes"):
        GAME.new(2, 0, {"stack": {"deck": [FULL_DECK[:-1]]}})
    with pytest.raises(BadOption, match="'7R' is not a card"):
        GAME.new(2, 0, {"stack": {"deck": [["7R", *FULL_DECK[1:]]]}})
    wrong = r"1R 2 times \(the deck has 3\), 1W 2 times \(the deck has 1\)"
    with pytest.raises(BadOption, match=wrong):
        GAME.new(2, 0, {"stack": {"deck": [["1W", *FULL_DECK[1:]]]}})
    with pytest.raises(BadOption, match="stack deck entry 2"):
        GAME.new(2, 0, {"stack": {"deck": [FULL_DECK, "3R"]}})


@pytest.mark.parametrize("face", [0, 7, "3", True, 2.0, None])
def test_stacked_dice_must_be_faces_1_to_6(face: object) -> None:
    with pytest.raises(BadOption, match="a die face is a whole number from 1 to 6"):
        GAME.new(2, 0, {"stack": {"dice": [3, face]}})


def test_unknown_random_source_is_refused() -> None:
    with pytest.raises(BadOption, match="it has: deck, dice"):
        GAME.new(2, 0, {"stack": {"deal": []}})


def test_player_counts_2_to_5() -> None:
    for players in (1, 6):
        with pytest.raises(BadOption, match="2 to 5 players"):
            GAME.new(players, 0)


def test_action_strings_round_trip() -> None:
    s = seeded(5, 0)
    texts = [action_text(s, a) for a in range(ACTION_COUNT)]
    assert len(set(texts)) == ACTION_COUNT
    assert all(parse_action(s, t) == a for a, t in enumerate(texts))
    for text in ("place 3R", "stack 6K", "give 1W", "take 2G", "push 4", "keep", "done"):
        assert text in texts
    assert parse_action(s, "place 3r") == parse_action(s, "place 3R")
    for wrong in ("place", "place 7R", "push 5", "push x", "pass", "done 3R", "keep it"):
        assert parse_action(s, wrong) is None, wrong
