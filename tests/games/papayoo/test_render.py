"""The terminal table: what a player at the table needs, and nothing hidden."""

from __future__ import annotations

from tests.games.papayoo.support import GAME, deal, new, pass_first, ready


def test_the_trick_line_says_whose_turn_it_is() -> None:
    state = ready(4, ["2S"])
    text = GAME.render(state.view(1), False)
    assert "Trick 1: (nothing yet)   to play: seat 0" in text
    state.act(0, "play 2S")
    assert "Trick 1: seat 0: 2S   to play: you" in GAME.render(state.view(1), False)


def test_passing_shows_who_is_still_choosing_and_only_my_own_choice() -> None:
    state = new(4, deal(4, ["3S"], ["4S"]))
    state.act(0, "pass 3S")
    state.act(1, "pass 4S")
    mine = GAME.render(state.view(0), False)
    assert "each passes 5 cards to the left" in mine
    assert "Still choosing cards to pass: you, seat 1, seat 2, seat 3" in mine
    assert "Chosen to pass: 3S" in mine and "4S" not in mine
    referee = GAME.render(state.view(None), False)
    assert "(to pass: 3S)" in referee and "(to pass: 4S)" in referee


def test_a_seat_that_has_chosen_leaves_the_still_choosing_list() -> None:
    state = new(3)
    while 2 in state.to_act():
        state.act(2, state.legal_texts(2)[0])
    assert "Still choosing cards to pass: you, seat 1\n" in GAME.render(state.view(0), False)


def test_the_finished_game_shows_every_round_and_the_totals() -> None:
    state = GAME.new(3, 9, {"rounds": 2})
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    text = GAME.render(state.view(1), False)
    first, second = state.result().detail["rounds"]
    totals = state.result().scores
    assert text.splitlines()[0] == "Papayoo - game over after 2 rounds; the lowest total wins"
    assert text.splitlines()[1].split() == ["R1", "R2", "total"]
    assert text.splitlines()[3].split() == ["you", str(first[1]), str(second[1]), str(totals[1])]
    assert "Your hand" not in text


def test_a_seat_render_shows_no_card_of_another_hand() -> None:
    state = new(4)
    pass_first(state)
    referee = state.view(None)
    text = GAME.render(state.view(2), False)
    # The Papayoo card itself is public (the die names it), wherever it lies.
    shown = set(text.replace(",", " ").split()) - {referee["papayoo"]}
    for other in (0, 1, 3):
        secret = set(referee["hands"][other]) - set(state.view(2)["passed"])
        assert not secret & shown
