"""Papayoo rules, one test per rule of docs/games/papayoo.md (D1, D2 cited)."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption, IllegalAction, NotYourTurn
from cardroom.games.papayoo.cards import DEAL_TABLE
from tests.games.papayoo.support import GAME, deal, new, pass_first, ready
from tests.helpers import snapshot


@pytest.mark.parametrize("players, each, passed", [
    (3, 20, 5), (4, 15, 5), (5, 12, 4), (6, 10, 3), (7, 8, 3), (8, 7, 3)])
def test_deal_table(players: int, each: int, passed: int) -> None:
    state = GAME.new(players, 5)
    view = state.view(None)
    assert all(len(h) == each for h in view["hands"])
    assert view["pass_count"] == passed
    assert DEAL_TABLE[players] == (each, passed)


@pytest.mark.parametrize("players", [7, 8])
def test_seven_and_eight_players_play_without_the_suit_ones(players: int) -> None:
    cards = {c for hand in GAME.new(players, 3).view(None)["hands"] for c in hand}
    assert not cards & {"1S", "1H", "1D", "1C"}
    assert "1P" in cards and len(cards) == 56


def test_nine_players_is_a_bad_option() -> None:
    with pytest.raises(BadOption, match="3 to 8 players"):
        GAME.new(9, 1)


def test_passing_is_simultaneous_one_card_per_action() -> None:
    state = new(4)
    assert state.phase() == "pass" and list(state.to_act()) == [0, 1, 2, 3]
    first = state.legal_texts(2)[0]
    state.act(2, first)
    assert first not in state.legal_texts(2) and len(state.legal_texts(2)) == 14
    assert list(state.to_act()) == [0, 1, 2, 3]


def test_passing_the_same_card_twice_is_refused() -> None:
    state = new(4, deal(4, ["3S"]))
    state.act(0, "pass 3S")
    with pytest.raises(IllegalAction, match="already chosen 3S"):
        state.act(0, "pass 3S")


def test_no_card_is_played_before_passing_ends() -> None:
    state = new(4)
    card = state.view(0)["hand"][0]
    with pytest.raises(IllegalAction, match="passes 5 cards to the left"):
        state.act(0, f"play {card}")


def test_passed_cards_go_to_the_left_after_everyone_has_chosen() -> None:
    hands = deal(4, ["1S", "2S", "3S", "4S", "5S"], ["1H", "2H", "3H", "4H", "5H"])
    state = new(4, hands)
    for code in ["1S", "2S", "3S", "4S", "5S"]:
        state.act(0, f"pass {code}")
    assert state.view(1)["hand"][:5] == ["1H", "2H", "3H", "4H", "5H"]
    assert "1S" not in state.view(1)["hand"], "delivered only when everyone has chosen"
    assert 0 not in state.to_act()
    pass_first(state, {1: ["1H", "2H", "3H", "4H", "5H"]})
    assert {"1S", "2S", "3S", "4S", "5S"} <= set(state.view(1)["hand"])
    assert state.view(1)["received"] == ["1S", "2S", "3S", "4S", "5S"]
    assert {"1H", "2H", "3H", "4H", "5H"} <= set(state.view(2)["hand"])


def test_a_choice_to_pass_stays_hidden_from_the_others() -> None:
    state = new(4, deal(4, ["3S"]))
    state.act(0, "pass 3S")
    for seat in (1, 2, 3):
        assert "3S" not in str(state.view(seat))
    assert state.view(0)["chosen"] == ["3S"]


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_the_die_makes_the_seven_of_its_suit_the_papayoo(suit: str) -> None:
    state = new(4, die=suit)
    pass_first(state)
    assert state.view(None)["papayoo"] == f"7{suit}"
    assert state.log[-1]["type"] == "die" and state.log[-1]["suit"] == suit


def test_d1_seat_0_deals_first_and_leads_the_first_trick() -> None:
    state = new(4)
    assert state.view(None)["dealer"] == 0
    pass_first(state)
    assert list(state.to_act()) == [0]


def test_d1_the_deal_moves_clockwise_each_round() -> None:
    state = GAME.new(3, 8, {"rounds": 2})
    while state.view(None)["round"] == 1:
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    assert state.view(None)["dealer"] == 1
    pass_first(state)
    assert list(state.to_act()) == [1]


def test_players_must_follow_the_suit_led() -> None:
    state = ready(3, ["2S", "9H"], ["3S", "8S", "1H"], ["1S", "10S", "4H"])
    state.act(0, "play 2S")
    spades = [a for a in state.legal_texts(1) if a.endswith("S")]
    assert state.legal_texts(1) == spades and {"play 3S", "play 8S"} <= set(spades)
    with pytest.raises(IllegalAction, match="must follow suit: spades"):
        state.act(1, "play 1H")


def test_payoo_is_a_suit_to_follow_like_the_others() -> None:
    state = ready(3, ["5P", "9H", "10H"], ["6P", "1H"], ["7P", "4H"])
    state.act(0, "play 5P")
    assert state.legal_texts(1) and all(a.endswith("P") for a in state.legal_texts(1))
    with pytest.raises(IllegalAction, match="must follow suit: Payoo"):
        state.act(1, "play 1H")


def no_spades(players: int, seat: int) -> list[str]:
    """A full hand without spades for ``seat`` (hearts, diamonds, clubs)."""
    pool = [f"{r}{s}" for s in "HDC" for r in range(1, 11)] + [f"{r}P" for r in range(1, 21)]
    size = DEAL_TABLE[players][0]
    return pool[seat * size:(seat + 1) * size]


def test_a_void_player_may_play_any_card() -> None:
    state = ready(3, ["2S"], no_spades(3, 0))
    state.act(0, "play 2S")
    assert len(state.legal_texts(1)) == 20


def test_the_highest_card_of_the_suit_led_wins_and_leads_next() -> None:
    state = ready(3, ["2S", "10H"], ["9S", "1H"], ["5S", "3H"])
    state.act(0, "play 2S")
    state.act(1, "play 9S")
    state.act(2, "play 5S")
    assert state.log[-1]["type"] == "trick" and state.log[-1]["winner"] == 1
    assert list(state.to_act()) == [1]


def test_a_higher_card_of_another_suit_does_not_win() -> None:
    state = ready(3, ["2S"], no_spades(3, 0), ["3S"])
    state.act(0, "play 2S")
    state.act(1, "play 10H")
    state.act(2, "play 3S")
    assert state.log[-1]["winner"] == 2
    assert state.view(None)["voids"][1] == ["S"], "seat 1 showed itself void in spades"


def test_points_are_the_payoo_numbers_plus_40_for_the_papayoo() -> None:
    state = ready(3, ["7H", "20P"], ["8H", "19P"], ["9H", "18P"], die="H")
    state.act(0, "play 7H")
    state.act(1, "play 8H")
    state.act(2, "play 9H")
    assert state.log[-1] == {"type": "trick", "winner": 2, "cards": ["7H", "8H", "9H"],
                             "points": 40}
    state.act(2, "play 18P")
    state.act(0, "play 20P")
    state.act(1, "play 19P")
    assert state.log[-1]["winner"] == 0 and state.log[-1]["points"] == 57
    assert state.view(None)["taken_points"] == [57, 0, 40]


def test_a_seven_that_is_not_the_papayoo_scores_nothing() -> None:
    state = ready(3, ["7H"], ["8H"], ["9H"], die="S")
    for seat, card in ((0, "7H"), (1, "8H"), (2, "9H")):
        state.act(seat, f"play {card}")
    assert state.log[-1]["points"] == 0


def test_every_round_scores_250_in_total() -> None:
    state = GAME.new(5, 21, {"rounds": 1})
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[-1])
    assert sum(state.result().detail["rounds"][0]) == 250


def test_d2_rounds_default_to_the_number_of_players() -> None:
    assert GAME.new(5, 1).view(None)["rounds"] == 5
    assert GAME.new(5, 1, {"rounds": 2}).view(None)["rounds"] == 2
    with pytest.raises(BadOption):
        GAME.new(5, 1, {"rounds": 0})


def test_d2_lowest_total_wins_and_equal_totals_share_a_place() -> None:
    from cardroom.core.game import rank

    assert rank([30, 10, 30, 180], higher_is_better=False) == [[1], [0, 2], [3]]
    state = GAME.new(3, 4, {"rounds": 1})
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    result = state.result()
    best = min(result.scores)
    assert result.ranking[0] == [s for s, v in enumerate(result.scores) if v == best]


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = new(4)
    pass_first(state)
    before = snapshot(state)
    with pytest.raises(NotYourTurn):
        state.act(2, state.legal_texts(0)[0])
    assert snapshot(state) == before


@pytest.mark.parametrize("stack, words", [
    ({"die": ["X"]}, "die face"),
    ({"deal": [[["1S"]]]}, "list of 3 hands"),
    ({"deal": [[["1S"] * 19, [], []]]}, "exactly 20 cards"),
    ({"deal": [[["1S"] * 20, [], []]]}, "dealt twice"),
    ({"deal": [[["11S"] * 20, [], []]]}, "not a card"),
    ({"dice": ["H"]}, "no random source 'dice'"),
])
def test_impossible_stacked_outcomes_are_bad_options(stack: object, words: str) -> None:
    with pytest.raises(BadOption, match=words):
        GAME.new(3, 1, {"stack": stack})


def test_a_deal_with_a_card_twice_is_a_bad_option() -> None:
    hands = deal(3)
    hands[1][0] = hands[0][0]
    with pytest.raises(BadOption, match="dealt twice"):
        GAME.new(3, 1, {"stack": {"deal": [hands]}})


def test_the_last_seat_passes_to_seat_0() -> None:
    hands = deal(4, [], [], [], ["2H", "3H", "4H", "5H", "6H"])
    state = new(4, hands)
    pass_first(state, {3: ["2H", "3H", "4H", "5H", "6H"]})
    assert state.view(0)["received"] == ["2H", "3H", "4H", "5H", "6H"]
    assert {"2H", "3H", "4H", "5H", "6H"} <= set(state.view(0)["hand"])


def test_the_papayoo_is_unknown_until_every_player_has_passed() -> None:
    state = new(3, die="C")
    while 0 in state.to_act():
        state.act(0, state.legal_texts(0)[0])
    assert state.view(None)["papayoo"] is None
    assert not any(e["type"] == "die" for e in state.log)
    pass_first(state)
    assert state.view(None)["papayoo"] == "7C"


def test_the_die_shows_each_of_the_four_suits_equally_often() -> None:
    counts = {"S": 0, "H": 0, "D": 0, "C": 0}
    for seed in range(400):
        state = GAME.new(3, seed, {"rounds": 1})
        pass_first(state)
        counts[state.view(None)["papayoo"][-1]] += 1
    assert all(60 <= n <= 140 for n in counts.values()), counts


def test_a_stacked_die_decides_one_round_then_the_die_is_rolled() -> None:
    rolls = set()
    for seed in range(12):
        state = GAME.new(3, seed, {"rounds": 2, "stack": {"die": ["H"]}})
        pass_first(state)
        assert state.view(None)["papayoo"] == "7H"
        while state.view(None)["round"] == 1:
            seat = state.to_act()[0]
            state.act(seat, state.legal_texts(seat)[0])
        pass_first(state)
        rolls.add(state.view(None)["papayoo"])
    assert len(rolls) > 1, "round 2 must roll the die, not reuse the stacked face"


@pytest.mark.parametrize("players", [7, 8])
def test_a_stacked_deal_with_a_suit_one_is_a_bad_option_for_7_or_8(players: int) -> None:
    hands = deal(players)
    hands[0][0] = "1S"
    with pytest.raises(BadOption, match=f"not a card of the {players}-player deck"):
        GAME.new(players, 1, {"stack": {"deal": [hands]}})


def test_d2_equal_totals_share_a_place_in_the_result() -> None:
    state = ready(3, [f"{r}P" for r in range(1, 21)], die="H", rounds=1)
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    result = state.result()
    assert result.scores == [250, 0, 0]
    assert result.ranking == [[1, 2], [0]]
