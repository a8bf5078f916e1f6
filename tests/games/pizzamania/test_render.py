"""Terminal text: the table from a seat's view, and a sentence per event."""

from __future__ import annotations

import re

from cardroom.core.rng import Rng
from cardroom.games.pizzamania import GAME
from tests.games.pizzamania.support import ROUND_TWO, act, force_order, ladder, new
from tests.helpers import play_random

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def round_two_table() -> str:
    # Every shuffle of the base deck (round 1 reshuffles it too) puts an x2
    # on top: the Nonna (seat 0) opens round 2 with 8 8 and the Pro passes.
    state = new(4, deals=[ladder(4), ROUND_TWO], base_decks=[["x2"]] * 9, seed=2)
    force_order(state, [0, 1, 2, 3])
    assert state.view(0)["base"] == "x2"
    act(state, (0, "play 8"), (1, "pass"))
    return GAME.render(state.view(3), False)


def test_render_shows_the_table_a_seat_needs() -> None:
    text = round_two_table()
    assert "round 2 of 3" in text and "you are seat 3" in text
    assert "x2 (medium: 2 equal toppings a play), turned by seat 0" in text
    assert "top 8 8 by seat 0 (beat it with 9 or more)" in text
    assert "Passed on this pizza: seat 1" in text
    assert "Your hand: 1 1 1 1 | 2 2 2 2 | 3 3 | 7 7" in text
    # One row per seat: cards left, chef card, state in this pizza, places.
    rows = [" ".join(line.split()) for line in text.splitlines()
            if re.match(r"^(you|seat \d) ", line)]
    assert rows == ["seat 0 10 Nonna on top 1", "seat 1 12 Pro passed 2",
                    "seat 2 12 Novice to act 3", "you 12 Loser 4"]
    assert "Finish order this round: nobody out yet" in text


def test_render_shows_each_exchange_with_only_the_seats_own_cards() -> None:
    text = round_two_table()
    assert "Nonna: seat 0 gave 2 smallest (7 7) to you" in text
    assert "Loser: you gave 2 largest (3 3) to seat 0" in text
    assert "Pro: seat 1 gave 1 smallest to seat 2" in text  # no cards shown
    assert "12" not in text.split("Novice: ")[1].splitlines()[0]


def test_render_never_shows_another_hand() -> None:
    text = round_two_table()
    assert "Seat 0:" not in text and "Set aside" not in text
    assert text.count("hand") == 1


def test_render_in_colour_is_the_same_text() -> None:
    state = new(4, seed=3)
    plain = GAME.render(state.view(0), False)
    coloured = GAME.render(state.view(0), True)
    assert coloured != plain and ANSI.sub("", coloured) == plain


def test_render_of_the_finish_order_and_the_referee_view() -> None:
    state = new(3, seed=4, simple=True)
    force_order(state, [2, 0, 1])
    text = GAME.render(state.view(None), False)
    assert "Finish order this round: 1st seat 2, 2nd seat 0, 3rd seat 1" in text
    assert "Seat 1:" in text  # the referee sees every hand


def test_every_event_has_a_sentence() -> None:
    state = new(4, seed=5)
    play_random(state, Rng(5))
    for seat in (None, 0):
        for event in state.view(seat)["log"]:
            sentence = GAME.describe_event(event, seat)
            assert sentence and sentence.endswith("."), event
    exchange = next(e for e in state.log if e["type"] == "exchange" and e["chef"] == "loser")
    assert "(Loser) gives 2 largest toppings to" in str(GAME.describe_event(exchange, None))


def test_render_says_when_the_game_is_over_and_who_won() -> None:
    state = new(3, seed=4, simple=True)
    assert "game over" not in GAME.render(state.view(0), False)
    force_order(state, [2, 0, 1])
    head = GAME.render(state.view(0), False).splitlines()[0]
    assert head.endswith("game over: seat 2 won")
    assert GAME.render(state.view(2), False).splitlines()[0].endswith("game over: you won")
