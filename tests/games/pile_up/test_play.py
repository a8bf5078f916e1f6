"""Laying cards: one rolled number, place or stack, the end of a play, the
third visible card (rules page, A turn 3-4)."""

from __future__ import annotations

from tests.games.pile_up.support import column, events, minus, play, refused, table

# seat 1 draws from the filler at the bottom of the deck (1R, 1R, 1R, ...).
OTHER = ["4G", "4B", "5R", "5B", "6G", "6B"]


def test_lay_only_a_number_the_dice_show() -> None:
    state = table([["1R", "2R", "3R", "3B", "4R", "6K"], OTHER], [1, 3, 5])
    assert state.legal_texts(0) == ["place 1R", "place 3R", "place 3B"]
    refused(state, 0, "place 2R", "the dice show 1, 3 and 5: lay a card of one of those")
    refused(state, 0, "place 5R", "you do not hold 5R")


def test_after_the_first_card_only_the_same_number() -> None:
    state = table([["1R", "3R", "3B", "3G", "4R", "6K"], OTHER], [1, 3, 5])
    state.act(0, "place 3R")
    assert state.legal_texts(0) == ["place 3B", "place 3G", "done"]
    refused(state, 0, "place 1R", "you are playing 3s this turn: only more 3s may follow")


def test_done_ends_the_play_and_is_refused_before_a_card() -> None:
    state = table([["1R", "3R", "3B", "3G", "4R", "6K"], OTHER], [1, 3, 5, 4, 5, 6])
    refused(state, 0, "done", "you have not laid a card yet")
    play(state, (0, "place 3R"), (0, "done"))
    assert column(state, 3) == [["3R", 1]]
    assert state.view(0)["hand"].count("3B") == 1
    assert state.to_act() == [1]


def test_play_ends_by_itself_when_the_number_runs_out() -> None:
    state = table([["1R", "3R", "3B", "4R", "4B", "6K"], OTHER], [4, 2, 2, 5, 5, 6])
    play(state, (0, "place 4R"), (0, "place 4B"))
    assert state.to_act() == [1]
    assert column(state, 4) == [["4R", 1], ["4B", 1]]


def test_p2_play_end_event_does_not_tell_done_from_running_out() -> None:
    by_done = table([["1R", "3R", "3B", "4R", "4B", "6K"], OTHER], [3, 2, 2, 5, 5, 6])
    play(by_done, (0, "place 3R"), (0, "done"))
    ran_out = table([["1R", "3R", "2B", "4R", "4B", "6K"], OTHER], [3, 2, 2, 5, 5, 6])
    play(ran_out, (0, "place 3R"))
    assert [e for e in by_done.log if e["type"] == "play_end"] == \
        [e for e in ran_out.log if e["type"] == "play_end"]
    assert by_done.view(1) == ran_out.view(1)  # seat 1 cannot tell the two apart


def test_stack_needs_an_identical_visible_card() -> None:
    state = table([["1R", "3R", "3R", "3B", "4R", "6K"], OTHER], [1, 3, 5])
    refused(state, 0, "stack 3R", "there is no 3R showing in column 3 to stack it on")
    state.act(0, "place 3R")
    assert "stack 3R" in state.legal_texts(0)
    assert "stack 3B" not in state.legal_texts(0)
    state.act(0, "stack 3R")  # onto the card laid this turn
    assert column(state, 3) == [["3R", 2]]


def test_identical_cards_may_also_lie_side_by_side() -> None:
    state = table([["1R", "3R", "3R", "4G", "4R", "6K"], OTHER], [1, 3, 5])
    play(state, (0, "place 3R"), (0, "place 3R"))
    assert column(state, 3) == [["3R", 1], ["3R", 1]]


def test_p4_stack_goes_on_the_later_of_two_identical_cards() -> None:
    state = table([["1R", "3R", "3R", "3R", "4R", "6K"], OTHER], [1, 3, 5])
    play(state, (0, "place 3R"), (0, "place 3R"), (0, "stack 3R"))
    assert column(state, 3) == [["3R", 1], ["3R", 2]]


def test_rulebook_example_two_red_3s_stacked_on_a_red_3_and_a_blue_3_beside() -> None:
    """Red 3 showing; a hand of two red 3s and a blue 3: stack the reds on
    it and lay the blue beside: two visible cards, nobody takes."""
    state = table([["3R", "1R", "1B", "2R", "2B", "4R"],
                   ["3R", "3R", "3B", "4G", "4B", "6G"]], [3, 5, 6, 3, 4, 6])
    state.act(0, "place 3R")
    assert state.to_act() == [1]
    play(state, (1, "stack 3R"), (1, "stack 3R"), (1, "place 3B"))
    assert column(state, 3) == [["3R", 3], ["3B", 1]]
    assert minus(state, 1) == []
    assert state.to_act() == [0]


def test_the_third_visible_card_takes_the_column() -> None:
    state = table([["3R", "3R", "1B", "2R", "2B", "4R"],
                   ["3B", "3G", "1G", "4G", "4B", "6G"]], [3, 5, 6, 3, 4, 6])
    play(state, (0, "place 3R"), (0, "stack 3R"))
    state.act(1, "place 3B")
    assert minus(state, 1) == []
    state.act(1, "place 3G")  # third visible card, plain, last
    assert sorted(minus(state, 1)) == ["3B", "3G", "3R", "3R"]
    assert column(state, 3) == []
    assert events(state, "take_column")[0]["why"] == "third"


def test_a_stacked_card_is_not_a_third_card() -> None:
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"],
                   ["3R", "1G", "1G", "4G", "4B", "6G"]], [3, 5, 6, 3, 4, 6])
    play(state, (0, "place 3R"), (0, "place 3B"))
    state.act(1, "stack 3R")
    assert column(state, 3) == [["3R", 2], ["3B", 1]]
    assert minus(state, 1) == []


def test_three_cards_laid_in_one_play_take_the_column() -> None:
    state = table([["2R", "2B", "2G", "1B", "4R", "4B"], OTHER], [2, 5, 6])
    play(state, (0, "place 2R"), (0, "place 2B"), (0, "place 2G"))
    assert sorted(minus(state, 0)) == ["2B", "2G", "2R"]
    assert column(state, 2) == []


def test_laying_is_compulsory_when_a_card_matches() -> None:
    state = table([["2R", "1B", "1G", "4R", "4B", "6K"], OTHER], [2, 5, 3])
    assert state.legal_texts(0) == ["place 2R"]
    refused(state, 0, "take 1B", "it is your turn to lay cards")
