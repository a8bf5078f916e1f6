"""One test per rule of a round and per decision D1-D7 and D11 (rules page:
docs/games/pizzamania.md), each set up with the ``stack`` option."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption, IllegalAction, NotYourTurn
from cardroom.core.rng import Rng
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.cards import BASE_COUNT, BASE_TOTAL, COPIES
from tests.games.pizzamania.support import (
    act,
    events,
    force_order,
    hand,
    ladder,
    new,
    two_player_triples,
)
from tests.helpers import snapshot

# Eight players hold the whole deck, six toppings each. Seat 0 and seat 1
# hold two triples each; seats 2-7 (the sorted rest dealt round-robin) hold
# no triple, so they can only pass on an x3 base.
REST = sorted([1, 2, 3, 4] + [v for v in range(5, 13) for _ in range(4)])
EIGHT = [[1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4]] + [REST[j::6] for j in range(6)]


def test_d1_toppings_are_four_copies_of_1_to_12() -> None:
    assert {v: 4 for v in range(1, 13)} == COPIES
    state = new(4)
    dealt = sorted(v for h in state.view(None)["hands"] for v in h)
    assert dealt == sorted(v for v in range(1, 13) for _ in range(4))


def test_d2_base_deck_is_16_small_8_medium_4_large() -> None:
    assert dict(zip(("x1", "x2", "x3"), BASE_COUNT, strict=True)) == {"x1": 16, "x2": 8, "x3": 4}
    state = new(4)
    view = state.view(None)
    deck = [*view["base_order"], view["base"]]
    assert len(deck) == BASE_TOTAL == 28
    assert {code: deck.count(code) for code in ("x1", "x2", "x3")} == {"x1": 16, "x2": 8, "x3": 4}


@pytest.mark.parametrize(("players", "each", "aside"),
                         [(2, 24, 0), (3, 16, 0), (4, 12, 0), (5, 9, 3), (6, 8, 0),
                          (7, 6, 6), (8, 6, 0)])
def test_d3_even_deal_sets_the_leftovers_aside(players: int, each: int, aside: int) -> None:
    state = new(players, seed=players)
    assert state.view(None)["hand_sizes"] == [each] * players
    assert len(state.view(None)["aside"]) == aside
    assert state.view(0)["set_aside"] == aside
    assert "aside" not in state.view(0)


def test_d3_two_to_eight_players() -> None:
    for players in (1, 9):
        with pytest.raises(BadOption, match="2 to 8 players"):
            GAME.new(players, 1)


def test_d4_seat_0_turns_the_first_base_and_plays_first() -> None:
    state = new(5, seed=11)
    assert events(state, "base")[0]["seat"] == 0
    assert state.to_act() == [0]
    assert state.view(0)["turner"] == 0


@pytest.mark.parametrize("opener", [1, 3])
def test_d4_option_opener_chooses_who_turns_the_first_base(opener: int) -> None:
    state = new(4, ladder(4), ["x1"], opener=opener)
    assert events(state, "base") == [{"type": "base", "seat": opener, "base": "x1", "deck": 27}]
    assert state.to_act() == [opener] and state.view(0)["turner"] == opener
    assert state.view(0)["options"]["opener"] == opener
    assert new(4, seed=11, opener=0).to_act() == [0]  # the default, spelt out


@pytest.mark.parametrize(("players", "opener", "message"), [
    (4, 4, "option 'opener': there is no seat 4 in a 4-player game (seats are 0 to 3)"),
    (2, 7, "option 'opener': there is no seat 7 in a 2-player game (seats are 0 to 1)"),
    (4, -1, "option 'opener': must be at least 0, got -1"),
    (4, "1", "option 'opener': expected a whole number, got '1'"),
    (4, True, "option 'opener': expected a whole number, got True"),
    (4, 1.0, "option 'opener': expected a whole number, got 1.0"),
])
def test_d4_opener_must_be_a_seat_of_the_table(players: int, opener: object,
                                                message: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(players, 1, {"opener": opener})
    assert err.value.message == message


def test_d4_opener_is_described_for_the_games_listing() -> None:
    described = GAME.describe()["options"]["opener"]
    assert described["type"] == "int" and described["default"] == 0 and described["min"] == 0
    assert "first base of round 1" in described["description"]


def test_x1_base_takes_one_topping_of_any_value_first() -> None:
    state = new(4, ladder(4), ["x1"])
    assert state.legal_texts(0) == [f"play {v}" for v in range(1, 13)]  # D11: no pass
    act(state, (0, "play 5"))
    assert hand(state, 0) == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]
    assert state.view(1)["top"] == 5


def test_x2_base_takes_two_equal_toppings() -> None:
    state = new(2, ladder(2), ["x2"])
    act(state, (0, "play 3"))
    assert 3 not in hand(state, 0) and len(hand(state, 0)) == 22
    assert state.legal_texts(1) == [f"play {v}" for v in range(4, 13)] + ["pass"]


def test_x2_base_refuses_a_single() -> None:
    state = new(4, ladder(4), ["x2"])
    assert state.legal_texts(0) == ["pass"]
    with pytest.raises(IllegalAction, match="x2 base a play is 2 equal toppings"):
        state.act(0, "play 3")


def test_x3_base_takes_three_equal_toppings() -> None:
    state = new(2, two_player_triples(), ["x3"])
    assert state.legal_texts(0) == [f"play {v}" for v in (1, 3, 5, 7, 9, 11)] + ["pass"]
    act(state, (0, "play 5"))
    assert hand(state, 0).count(5) == 0 and len(hand(state, 0)) == 21
    assert state.legal_texts(1) == ["play 6", "play 8", "play 10", "play 12", "pass"]


def test_later_plays_must_be_strictly_higher() -> None:
    state = new(4, ladder(4), ["x1"])
    act(state, (0, "play 5"))
    before = snapshot(state)
    for text in ("play 5", "play 4"):
        with pytest.raises(IllegalAction, match="higher than the 5 on top"):
            state.act(1, text)
    assert snapshot(state) == before
    act(state, (1, "play 6"))
    assert state.view(2)["top"] == 6


def test_pass_is_allowed_even_holding_a_play() -> None:
    state = new(4, ladder(4), ["x1"])
    act(state, (0, "play 5"))
    assert "pass" in state.legal_texts(1) and "play 6" in state.legal_texts(1)
    act(state, (1, "pass"))
    assert state.to_act() == [2]
    assert state.view(2)["passed"] == [1]


def test_turns_go_clockwise_skipping_seats_out_of_the_pizza() -> None:
    state = new(4, ladder(4), ["x1"])
    act(state, (0, "play 2"), (1, "pass"), (2, "play 3"), (3, "play 4"))
    assert state.to_act() == [0]
    act(state, (0, "play 5"))
    assert state.to_act() == [2]


def test_pizza_completes_when_everyone_else_passed_and_its_maker_turns_the_next_base() -> None:
    state = new(4, ladder(4), ["x1", "x1", "x2"])
    act(state, (0, "play 2"), (1, "play 7"), (2, "pass"), (3, "pass"))
    assert not events(state, "pizza")
    act(state, (0, "pass"))
    assert events(state, "pizza") == [{"type": "pizza", "seat": 1, "base": "x1", "top": 7}]
    assert events(state, "base")[-1]["seat"] == 1
    assert state.to_act() == [1]
    view = state.view(1)
    assert (view["base"], view["pile"], view["passed"]) == ("x1", [], [])


def test_d5_a_player_who_goes_out_completing_a_pizza_hands_the_next_base_on() -> None:
    state = new(8, EIGHT, ["x3", "x3", "x3", "x1"])
    act(state, (0, "play 1"), (1, "play 3"), *[(s, "pass") for s in range(2, 8)], (0, "pass"))
    assert events(state, "base")[-1]["seat"] == 1
    act(state, (1, "play 4"))
    assert events(state, "out") == [{"type": "out", "seat": 1, "place": 1}]
    act(state, *[(s, "pass") for s in (2, 3, 4, 5, 6, 7, 0)])
    assert events(state, "pizza")[-1]["seat"] == 1
    assert events(state, "base")[-1] == {"type": "base", "seat": 2, "base": "x3", "deck": 25}
    assert state.to_act() == [2]


def test_d5_the_next_base_skips_seats_already_out() -> None:
    state = new(8, EIGHT, ["x3", "x3", "x3", "x1"])
    act(state, (0, "play 1"), (1, "play 3"), *[(s, "pass") for s in range(2, 8)], (0, "pass"),
        (1, "play 4"), *[(s, "pass") for s in (2, 3, 4, 5, 6, 7, 0)])
    act(state, *[(s, "pass") for s in range(2, 8)], (0, "play 2"))
    assert state.view(None)["finished"] == [1, 0]
    assert events(state, "pizza")[-1]["seat"] == 0
    assert events(state, "base")[-1]["seat"] == 2  # seat 1 is out too
    assert state.view(2)["base"] == "x1"


def test_d11_the_turner_of_an_x1_base_must_play_a_topping() -> None:
    state = new(4, ladder(4), ["x1"])
    assert "pass" not in state.legal_texts(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="you turned this x1 base, so you must put a "
                                            r"topping on it \(any value\); you cannot pass"):
        state.act(0, "pass")
    assert snapshot(state) == before
    act(state, (0, "play 12"))  # any value will do
    assert state.view(1)["top"] == 12


@pytest.mark.parametrize("base", ["x2", "x3"])
def test_d11_the_turner_of_an_x2_or_x3_base_may_pass(base: str) -> None:
    state = new(2, two_player_triples(), [base])
    assert state.legal_texts(0)[-1] == "pass"
    act(state, (0, "pass"))
    assert state.to_act() == [1] and state.view(1)["passed"] == [0]


def test_d11_only_the_first_play_on_the_x1_base_is_forced() -> None:
    state = new(4, ladder(4), ["x1"])
    act(state, (0, "play 2"), (1, "play 3"), (2, "play 4"), (3, "play 5"))
    assert state.to_act() == [0] and "pass" in state.legal_texts(0)
    act(state, (0, "pass"))
    assert state.view(1)["passed"] == [0]
    assert "pass" in state.legal_texts(1)  # the others were never obliged


def test_d11_every_turner_of_an_x1_base_must_play() -> None:
    # After a pizza its maker turns the next x1 (D5), and must play on it too.
    state = new(4, ladder(4), ["x1", "x1"])
    act(state, (0, "play 1"), (1, "play 12"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.to_act() == [1] and state.view(1)["turner"] == 1
    assert "pass" not in state.legal_texts(1)
    with pytest.raises(IllegalAction, match="you cannot pass"):
        state.act(1, "pass")


def test_d6_d11_only_an_x2_or_x3_base_is_ever_set_aside_unplayed() -> None:
    # In seeded random games at every size, every x1 base gets its turner's
    # topping first, and every dead base (D6) is an x2 or an x3.
    dead = set()
    for players in range(2, 9):
        state = new(players, seed=players)
        rng = Rng(players)
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            if view["base"] == "x1" and view["top"] is None:
                assert seat == view["turner"] and "pass" not in state.legal_texts(seat)
            state.act(seat, rng.choice(state.legal_texts(seat)))
        dead |= {e["base"] for e in events(state, "dead_base")}
    assert dead == {"x2", "x3"}


def test_d6_a_base_nobody_plays_on_is_set_aside_and_its_turner_turns_again() -> None:
    state = new(4, ladder(4), ["x2", "x1"], seed=3)
    act(state, (0, "pass"), (1, "pass"), (2, "pass"))
    assert not events(state, "dead_base")
    act(state, (3, "pass"))
    assert events(state, "dead_base") == [{"type": "dead_base", "base": "x2", "seat": 0}]
    assert events(state, "base")[-1]["seat"] == 0 and state.view(0)["base"] == "x1"
    assert state.to_act() == [0]


def test_d7_an_empty_base_deck_is_rebuilt_from_every_set_aside_base() -> None:
    # Seat 0 must play on each x1 base it turns (D11) and seat 1 passes, so
    # seat 0 completes it; x2 and x3 bases die (D6). Seat 0 turns all 28.
    state = new(2, ladder(2), base_decks=[["x1"], ["x3", "x2"]], seed=5)
    for _ in range(BASE_TOTAL):
        assert not events(state, "reshuffle")
        assert state.to_act() == [0]
        if state.view(0)["base"] == "x1":
            act(state, (0, state.legal_texts(0)[0]), (1, "pass"))
        else:
            act(state, (0, "pass"), (1, "pass"))
    assert events(state, "reshuffle") == [{"type": "reshuffle", "count": BASE_TOTAL}]
    assert len(events(state, "pizza")) == 16 and len(events(state, "dead_base")) == 12
    view = state.view(0)
    assert view["base"] == "x3" and view["turner"] == 0
    assert view["base_deck_makeup"] == {"x1": 16, "x2": 8, "x3": 3}
    assert view["base_deck"] == BASE_TOTAL - 1
    assert state.view(None)["base_order"][0] == "x2"


def test_a_player_who_plays_their_last_topping_finishes_and_the_others_go_on() -> None:
    state = new(8, EIGHT, ["x3", "x3"])
    act(state, (0, "play 1"), (1, "play 3"), *[(s, "pass") for s in range(2, 8)], (0, "pass"),
        (1, "play 4"))
    assert state.view(1)["finished"] == [1] and state.view(1)["hand_sizes"][1] == 0
    assert state.to_act() == [2]
    assert not events(state, "round_end")


def test_the_round_ends_when_one_player_holds_cards_and_they_take_last_place() -> None:
    state = new(3, seed=8, simple=True)
    while not state.is_over():
        holders = [s for s in range(3) if state.view(None)["hand_sizes"][s]]
        assert len(holders) >= 2
        seat = state.to_act()[0]
        act(state, (seat, state.legal_texts(seat)[0]))
    sizes = state.view(None)["hand_sizes"]
    order = events(state, "round_end")[0]["order"]
    assert sorted(order) == [0, 1, 2]
    assert [s for s in range(3) if sizes[s]] == [order[-1]]
    assert [e["seat"] for e in events(state, "out")] == order[:-1]


def test_illegal_actions_say_why_and_change_nothing() -> None:
    state = new(4, ladder(4), ["x2"])
    before = snapshot(state)
    for text, reason in (("play 13", "there is no topping 13"), ("play 3", "only 1 × 3"),
                         ("jump", "not an action")):
        with pytest.raises(IllegalAction, match=reason) as err:
            state.act(0, text)
        assert "invalid" not in err.value.message
    with pytest.raises(NotYourTurn):
        state.act(1, "pass")
    assert snapshot(state) == before


def test_a_value_not_held_is_refused() -> None:
    state = new(4, ladder(4), ["x1", "x1"])
    act(state, (0, "play 1"), (1, "play 12"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.to_act() == [1] and state.view(1)["top"] is None
    with pytest.raises(IllegalAction, match="you hold no 12"):
        state.act(1, "play 12")


def test_action_strings() -> None:
    state = new(2)
    assert state.action_text(0) == "pass" and state.action_text(7) == "play 7"
    assert state.parse_action("pass") == 0 and state.parse_action("play 12") == 12
    for text in ("play 0", "play 07", "play", "play x", "Pass", "play 1 1", "play -1"):
        assert state.parse_action(text) is None, text


def test_a_value_that_is_no_topping_is_refused_in_words() -> None:
    state = new(4, ladder(4), ["x1"])
    before = snapshot(state)
    for text in ("play 13", "play 99"):
        with pytest.raises(IllegalAction, match=r"no topping \d+: values run from 1 to 12"):
            state.act(0, text)
    assert snapshot(state) == before


def test_each_round_shuffles_all_28_bases_into_a_fresh_base_deck() -> None:
    state = new(2, deals=[ladder(2), ladder(2)], base_decks=[["x1"], ["x3", "x3"]], seed=4)
    force_order(state, [0, 1])
    assert state.round_no == 2 and not events(state, "reshuffle")
    kinds = [e["type"] for e in state.log]
    last_deal = len(kinds) - 1 - kinds[::-1].index("deal")
    assert events(state, "bases", last_deal) == [{"type": "bases", "count": BASE_TOTAL}]
    view = state.view(0)
    assert view["base"] == "x3" and view["base_deck"] == BASE_TOTAL - 1
    assert view["base_deck_makeup"] == {"x1": 16, "x2": 8, "x3": 3}
    assert state.view(None)["base_order"][0] == "x3"
