"""Terminal text: the table from a seat's view, and a sentence per event."""

from __future__ import annotations

import re

from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.state import PizzamaniaState
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


def endless_choosing() -> PizzamaniaState:
    """Round 1 of a 3-player endless game is over (seat 2 won); seat 0 has
    chosen to stop, seats 1 and 2 are still choosing."""
    state = new(3, seed=4, rounds=0)
    force_order(state, [2, 0, 1])
    act(state, (0, "stop"))
    return state


def test_d12_render_shows_the_choice_readably() -> None:
    state = endless_choosing()
    mine = GAME.render(state.view(0), False)
    assert mine.splitlines()[0].startswith("Pizzamania - round 1 of the endless game")
    assert ("Round 1 is over. Every player now chooses, in secret: 'continue' (play another "
            "round) or 'stop' (end the game: the winner of round 1 wins it). "
            "One 'stop' ends the game.") in mine
    assert "Still choosing: seat 1, seat 2" in mine
    assert "You chose: stop (the others' choices stay secret" in mine
    rows = [" ".join(line.split()) for line in mine.splitlines()
            if re.match(r"^(you|seat \d) ", line)]
    assert rows == ["you 0 - has chosen 2", "seat 1 16 - choosing 3", "seat 2 0 - choosing 1"]
    assert "beat it with" not in mine
    theirs = GAME.render(state.view(1), False)
    assert "Still choosing: you, seat 2" in theirs
    assert "stop" not in theirs.split("ends the game.")[1]  # seat 0's choice stays hidden
    assert "stop" not in GAME.render(state.view(PUBLIC), False).split("ends the game.")[1]
    assert "Seat 0 chose: stop" in GAME.render(state.view(None), False)


def test_d12_render_says_who_stopped_the_game() -> None:
    state = endless_choosing()
    act(state, (1, "continue"), (2, "stop"))
    text = GAME.render(state.view(1), False)
    assert text.splitlines()[0].endswith("game over: seat 2 won")
    assert "The game ended after round 1: seat 0, seat 2 chose to stop." in text


def test_d12_every_choice_event_has_a_sentence() -> None:
    state = new(3, seed=4, rounds=0)
    force_order(state, [2, 0, 1])
    act(state, (0, "continue"), (1, "continue"), (2, "continue"))
    force_order(state, [2, 0, 1])
    act(state, (0, "continue"), (1, "stop"), (2, "continue"))
    said = {(e["type"], seat): GAME.describe_event(e, seat)
            for seat in (None, 1, PUBLIC) for e in state.view(seat)["log"]
            if e["type"] in ("continue_or_stop", "choice", "chosen", "choices")}
    assert said[("continue_or_stop", PUBLIC)] == (
        "Round 2 is over: every player chooses, in secret, to continue (another round) "
        "or stop (end the game now).")
    assert said[("choice", 1)] == "You chose to stop (secret until all have chosen)."
    assert said[("choice", None)] == (
        "Seat 2 chose to play another round (secret until all have chosen).")
    assert said[("chosen", PUBLIC)] == "Seat 2 has made a choice."
    assert said[("choices", 1)] == (
        "The choices are revealed (seat 0 continue, you stop, seat 2 continue): "
        "you chose to stop, so the game ends.")
    first = next(e for e in state.log if e["type"] == "choices")
    assert GAME.describe_event(first, 2) == (
        "The choices are revealed (seat 0 continue, seat 1 continue, you continue): "
        "everyone continues, a new round begins.")
    # A seat's own "chosen" event stays silent: its "choice" already said it.
    own = next(e for e in state.log if e["type"] == "chosen" and e["seat"] == 1)
    assert GAME.describe_event(own, 1) is None
