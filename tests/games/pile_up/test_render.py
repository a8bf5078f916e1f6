"""Terminal text: the table from a view alone, and a sentence per event."""

from __future__ import annotations

from cardroom.core.rng import Rng
from tests.games.pile_up.support import GAME, play, seeded, table


def test_render_shows_dice_columns_stacks_armed_hand_and_minus_counts() -> None:
    state = table([["2R", "2K", "3R", "3R", "3B", "4R"],
                   ["3R", "5R", "1G", "1G", "4B", "6W"],
                   ["5W", "5B", "3W", "4G", "6R", "6B"]],
                  [2, 4, 5, 3, 1, 6, 3, 4, 6, 1])
    play(state, (0, "place 2R"), (0, "place 2K"), (1, "place 3R"))
    text = GAME.render(state.view(2), False)
    lines = text.splitlines()
    assert "dice 3 4 6" in lines[0]
    assert [line.split("|")[0].strip() for line in lines[2:8]] == ["1", "2", "3", "4", "5", "6"]
    assert "2R  2K" in lines[3] and "ARMED" in lines[3]
    assert "Your hand: 3W 4G 5B 5W 6R 6B" in text
    assert "6W" not in text and "1G" not in text  # seat 1's hand stays hidden
    play(state, (2, "place 3W"), (2, "push 0"))
    text = GAME.render(state.view(1), False)
    row = next(line for line in text.splitlines() if line.startswith("seat 0"))
    assert row.split()[-2:] == ["6", "2"]  # six cards in hand, two minus cards


def test_stacked_cards_show_as_one_card_with_a_count() -> None:
    state = table([["3R", "1R", "1B", "2R", "2B", "4R"],
                   ["3R", "3R", "3B", "4G", "4B", "6G"]], [3, 5, 6, 3, 4, 6, 1, 2, 4])
    play(state, (0, "place 3R"), (1, "stack 3R"), (1, "stack 3R"), (1, "place 3B"))
    text = GAME.render(state.view(0), False)
    assert "  3 | 3R×3  3B  [4 cards]" in text


def test_minus_counts_and_revealed_cards_are_shown() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"],
                   ["4G", "4B", "5R", "5B", "6G", "6B"]], [5, 6, 5, 4, 1, 2])
    state.act(0, "take 3R")
    text = GAME.render(state.view(1), False)
    assert "Known in seat 0's hand (revealed): 1R 1B 2R 2B 4R" in text
    row = next(line for line in text.splitlines() if line.startswith("seat 0"))
    assert row.split()[-2:] == ["6", "1"]  # six cards in hand, one minus card


def test_events_say_what_each_push_take_and_triple_did() -> None:
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"]], [3, 4, 5, 6, 4, 4, 4])
    play(state, (0, "place 3W"), (0, "push 1"))
    said = [GAME.describe_event(e, 0) for e in state.view(0)["log"]]
    assert "You push 1 card of column 3 onto seat 1." in said
    assert "Seat 1 rolled a 6, not a 3." in said
    assert "Seat 1 gets 1 minus card: 3W." in said
    assert "Triple 4s! Seat 1 gives 1 minus card away (the dice sum to 12)." in said
    state.act(1, "give 3W")
    assert GAME.describe_event(state.log[-1], 0) is not None
    said = [GAME.describe_event(e, 1) for e in state.view(1)["log"]]
    assert "You give 3W to seat 0." in said


def test_take_column_and_reveal_sentences() -> None:
    state = table([["2R", "2B", "2G", "1B", "4R", "4B"],
                   ["4G", "1G", "1G", "5R", "5B", "6G"]], [2, 5, 6, 3, 3, 2])
    play(state, (0, "place 2R"), (0, "place 2B"), (0, "place 2G"))
    said = [GAME.describe_event(e, 1) for e in state.view(1)["log"]]
    assert "Seat 0 takes column 2 (a third card shows): 3 minus cards, 2R 2B 2G." in said
    assert "No card matches the dice: you show 1G 1G 4G 5R 5B 6G." in said


def test_every_view_renders_and_every_event_reads_as_a_sentence() -> None:
    silent = {"play_end"}  # the place events before it already said it all
    phases = set()
    for seed in range(6):
        state = seeded(3, seed)
        rng = Rng(seed)
        while not state.is_over():
            phases.add(state.phase())
            for seat in (None, 0, 1, 2):
                assert GAME.render(state.view(seat), seed % 2 == 0)
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
        assert "Game over" in str(GAME.describe_event(state.log[-1], 0))
        for event in state.log:
            said = GAME.describe_event(event, 1)
            if event["type"] in silent or (event["type"] == "hand" and event["seat"] != 1):
                assert said is None
            elif event["type"] == "draw" and event["seat"] == 1:
                assert said is None  # the private "drew" says it with the cards
            else:
                assert said and said.endswith("."), event
    assert phases == {"play", "give", "take", "push", "avoid"}


def test_a_push_in_progress_names_its_cards_and_reads_right_to_onlookers() -> None:
    """The pushed cards have left the column: the status line is the only
    place the table shows them. An onlooker reads what the target may do,
    not an order addressed to them."""
    state = table([["3W", "1R", "1B", "2R", "2B", "4R"],
                   ["3B", "1G", "4G", "4B", "5R", "6G"],
                   ["3G", "2G", "5B", "5G", "6R", "6B"]], [3, 4, 5, 3])
    state.act(0, "place 3W")
    assert "White card: seat 0 pushes the 1 card of column 3 (3W) onto another player." \
        in GAME.render(state.view(2), False)
    state.act(0, "push 1")  # seat 1 rolls a 3
    assert "Seat 1 rolled a 3 and may pass the 1 card of column 3 (3W) on or keep it." \
        in GAME.render(state.view(2), False)
    assert "You rolled a 3 and may pass the 1 card of column 3 (3W) on or keep it." \
        in GAME.render(state.view(1), False)
