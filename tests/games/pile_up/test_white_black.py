"""White pushes a column, black arms it, and the last card laid decides
(rules page, A turn 4; each example of the rulebook)."""

from __future__ import annotations

from cardroom.games.pile_up.cards import EFFECT_ARM, EFFECT_PLAIN, EFFECT_PUSH
from cardroom.games.pile_up.rules import ARMS, NOTHING, PUSHES, TAKES, play_outcome
from tests.games.pile_up.support import column, events, minus, play, refused, table


def test_rulebook_example_white_as_the_third_card_pushes_all_three() -> None:
    """3 red and 3 blue showing; a white 3 laid third pushes the three cards."""
    state = table([["3R", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"],
                   ["3W", "2G", "5B", "5G", "6R", "6B"]],
                  [3, 4, 5, 3, 1, 2, 3, 6, 1, 4])
    play(state, (0, "place 3R"), (1, "place 3B"), (2, "place 3W"))
    assert state.phase() == "push" and state.to_act() == [2]
    assert column(state, 3) == []
    assert state.legal_texts(2) == ["push 0", "push 1"]
    state.act(2, "push 0")  # seat 0 rolls a 4, not a 3: the cards stay
    assert sorted(minus(state, 0)) == ["3B", "3R", "3W"]
    assert events(state, "avoid_roll") == [
        {"type": "avoid_roll", "seat": 0, "die": 4, "number": 3, "avoided": False}]
    assert state.to_act() == [0]


def test_rulebook_example_white_as_the_first_card_pushes_itself() -> None:
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"]], [3, 4, 5, 6])
    state.act(0, "place 3W")
    state.act(0, "push 1")
    assert minus(state, 1) == ["3W"]
    assert column(state, 3) == []


def test_rulebook_example_red_green_white_onto_two_5s_pushes_five() -> None:
    """Two 5s showing; red, green and white 5s laid in that order: not the
    third card's rule but white's: all five cards are pushed."""
    state = table([["5B", "5R", "5G", "5W", "1R", "2R"],
                   ["5B", "1G", "4G", "4B", "3R", "6G"]],
                  [5, 1, 2, 5, 4, 3, 5, 2, 1, 6])
    play(state, (0, "place 5B"), (0, "done"), (1, "place 5B"))
    assert column(state, 5) == [["5B", 1], ["5B", 1]]
    play(state, (0, "place 5R"), (0, "place 5G"), (0, "place 5W"))
    assert state.phase() == "push"
    state.act(0, "push 1")
    assert sorted(minus(state, 1)) == ["5B", "5B", "5G", "5R", "5W"]
    assert minus(state, 0) == []


def test_pushed_player_who_rolls_the_number_pushes_on_or_keeps() -> None:
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"],
                   ["3G", "2G", "5B", "5G", "6R", "6B"]],
                  [3, 4, 5, 3, 3, 1])
    state.act(0, "place 3W")
    state.act(0, "push 1")  # seat 1 rolls a 3: it may push the card on
    assert state.phase() == "avoid" and state.to_act() == [1]
    assert state.legal_texts(1) == ["push 0", "push 2", "keep"]
    state.act(1, "push 0")  # back onto the pusher, who rolls a 3 too
    assert state.phase() == "avoid" and state.to_act() == [0]
    refused(state, 0, "push 0", "you cannot push the cards onto yourself")
    refused(state, 0, "done", "you rolled a 3: pass the 1 card on with 'push <seat>'")
    state.act(0, "keep")
    assert minus(state, 0) == ["3W"]
    assert [e["seat"] for e in events(state, "avoid_roll")] == [1, 0]
    assert state.to_act() == [1]


def test_push_chain_ends_on_a_roll_that_misses() -> None:
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"],
                   ["3G", "2G", "5B", "5G", "6R", "6B"]],
                  [3, 4, 5, 3, 2, 1])
    play(state, (0, "place 3W"), (0, "push 2"), (2, "push 1"))
    assert minus(state, 1) == ["3W"]
    assert [e["target"] for e in events(state, "push")] == [2, 1]


def test_push_target_must_be_a_seat_at_the_table() -> None:
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"]], [3, 4, 5])
    state.act(0, "place 3W")
    refused(state, 0, "push 3", "there is no seat 3 in a 2-player game")
    refused(state, 0, "keep", "your white card pushes column 3: choose who gets the 1 card")


def test_rulebook_example_black_as_the_third_card_the_fourth_takes_four() -> None:
    """Green and red 2s showing, a black 2 laid third: nobody takes; the next
    to add to the column takes all four cards."""
    state = table([["2G", "1R", "1B", "3R", "3B", "4R"],
                   ["2R", "1G", "4G", "4B", "5R", "6G"],
                   ["2K", "3G", "5B", "5G", "6R", "6B"],
                   ["2B", "1W", "3W", "4W", "5W", "6W"]],
                  [2, 4, 5, 2, 1, 6, 2, 3, 5, 2, 1, 3])
    play(state, (0, "place 2G"), (1, "place 2R"), (2, "place 2K"))
    assert state.view(None)["columns"][1]["armed"] is True
    assert [minus(state, s) for s in range(4)] == [[], [], [], []]
    assert events(state, "armed") == [{"type": "armed", "seat": 2, "number": 2}]
    state.act(3, "place 2B")
    assert sorted(minus(state, 3)) == ["2B", "2G", "2K", "2R"]
    assert events(state, "take_column")[0]["why"] == "armed"
    assert state.view(None)["columns"][1] == {"number": 2, "stacks": [], "armed": False,
                                             "size": 0}


def test_black_as_the_first_card_the_next_to_add_takes_two() -> None:
    state = table([["2K", "1R", "1B", "3R", "3B", "4R"],
                   ["2R", "1G", "4G", "4B", "5R", "6G"]], [2, 4, 5, 2, 1, 6])
    state.act(0, "place 2K")
    state.act(1, "place 2R")
    assert sorted(minus(state, 1)) == ["2K", "2R"]


def test_armed_column_takes_even_a_stacked_card() -> None:
    state = table([["2R", "2K", "1B", "3R", "3B", "4R"],
                   ["2R", "1G", "4G", "4B", "5R", "6G"]], [2, 4, 5, 2, 1, 6])
    play(state, (0, "place 2R"), (0, "place 2K"))
    state.act(1, "stack 2R")
    assert sorted(minus(state, 1)) == ["2K", "2R", "2R"]


def test_rulebook_example_red_white_black_together_follows_black() -> None:
    state = table([["4R", "4W", "4K", "1B", "3R", "3B"],
                   ["4G", "1G", "2G", "2B", "5R", "6G"]], [4, 5, 6, 4, 1, 2])
    play(state, (0, "place 4R"), (0, "place 4W"), (0, "place 4K"))
    assert events(state, "push") == []
    assert state.view(None)["columns"][3]["armed"] is True
    assert minus(state, 0) == []
    state.act(1, "place 4G")
    assert sorted(minus(state, 1)) == ["4G", "4K", "4R", "4W"]


def test_white_after_black_pushes_the_armed_column() -> None:
    state = table([["4K", "1R", "1B", "3R", "3B", "2R"],
                   ["4W", "1G", "2G", "2B", "5R", "6G"]], [4, 5, 6, 4, 1, 2, 3])
    state.act(0, "place 4K")
    state.act(1, "place 4W")
    state.act(1, "push 0")
    assert sorted(minus(state, 0)) == ["4K", "4W"]
    assert state.view(None)["columns"][3]["armed"] is False


def test_last_card_decides_black_then_red_in_one_play_does_not_arm() -> None:
    """The column was not armed before this play and shows two cards, and
    the red card laid last has no effect of its own."""
    state = table([["4K", "4R", "1B", "3R", "3B", "2R"],
                   ["4G", "1G", "2G", "2B", "5R", "6G"]], [4, 5, 6, 4, 1, 2])
    play(state, (0, "place 4K"), (0, "place 4R"))
    assert state.view(None)["columns"][3]["armed"] is False
    assert minus(state, 0) == []
    state.act(1, "place 4G")  # the third visible card
    assert sorted(minus(state, 1)) == ["4G", "4K", "4R"]


def test_white_then_red_in_one_play_follows_red() -> None:
    state = table([["4W", "4R", "1B", "3R", "3B", "2R"],
                   ["4G", "1G", "2G", "2B", "5R", "6G"]], [4, 5, 6])
    play(state, (0, "place 4W"), (0, "place 4R"))
    assert state.phase() == "play" and state.to_act() == [1]
    assert column(state, 4) == [["4W", 1], ["4R", 1]]


def test_the_last_card_settles_what_a_play_does() -> None:
    """One rule for the rules, the heuristic and the playouts (rules.play_outcome)."""
    assert play_outcome(EFFECT_PUSH, True, 5) == PUSHES  # white, whatever the column shows
    assert play_outcome(EFFECT_ARM, True, 5) == ARMS
    assert play_outcome(EFFECT_PLAIN, False, 2) == NOTHING
    assert play_outcome(EFFECT_PLAIN, False, 3) == TAKES  # the third visible card
    assert play_outcome(EFFECT_PLAIN, True, 1) == TAKES  # armed when the play began
