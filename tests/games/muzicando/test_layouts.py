"""Each layout's geometry on hand-built positions and stacked deals (D1-D3,
D15, L1)."""

from __future__ import annotations

import json

import pytest

from cardroom.core.cardset import cards_of
from cardroom.core.errors import IllegalAction
from cardroom.core.rng import Rng
from cardroom.games.muzicando.actions import (
    action_text,
    cell_of,
    parse_action,
    play,
    split_play,
    xy,
)
from cardroom.games.muzicando.cards import (
    BY_CODE,
    FULL_MASK,
    IS_OVAL,
    MUZICANDO,
    NOTE_MASK,
    OVAL_MASK,
    PARADA,
    mask_of_codes,
)
from cardroom.games.muzicando.fields import Layout
from cardroom.games.muzicando.rules.columns import ColumnLayout
from cardroom.games.muzicando.rules.grid import Glissando, Sarabanda
from cardroom.games.muzicando.views import line_errors
from tests.games.muzicando.support import d15_example


def lay(table: Layout, *moves: str) -> None:
    for text in moves:
        action = parse_action("play " + text)
        assert action is not None
        card, cell = split_play(action)
        assert table.note_reason(card, cell) is None or not table.on_table(), text
        table.place(card, cell)


def moves(table: Layout, *hand: str) -> set[str]:
    found = table.note_moves(mask_of_codes(hand)) + table.sign_moves(mask_of_codes(hand))
    return {action_text(a).removeprefix("play ") for a in found}


def reason(table: Layout, text: str) -> str | None:
    action = parse_action("play " + text)
    assert action is not None
    card, cell = split_play(action)
    if text[0] in "#nbp":
        return table.sign_reason(card, cell)
    return table.note_reason(card, cell)


# ----- Sarabanda ---------------------------------------------------------------
def test_sarabanda_opens_with_any_do_at_0_0() -> None:
    table = Sarabanda()
    assert {action_text(a) for a in table.opening_moves(mask_of_codes(["DoB", "ReR", "DoV"]))} \
        == {"play DoB 0 0", "play DoV 0 0"}
    assert table.opening_reason(BY_CODE["ReR"], cell_of(0, 0)) is not None
    assert table.opening_reason(BY_CODE["DoR"], cell_of(1, 0)) is not None


def test_d1_sarabanda_note_next_to_a_card_one_step_away_in_any_colour() -> None:
    table = Sarabanda()
    lay(table, "DoR 0 0")
    assert moves(table, "ReB") == {"ReB 1 0", "ReB -1 0", "ReB 0 1", "ReB 0 -1"}
    assert moves(table, "MiB") == set()  # two steps from Do
    assert "one step" in (reason(table, "MiB 1 0") or "")
    assert "not next to any card" in (reason(table, "ReB 2 0") or "")
    assert "taken" in (reason(table, "ReB 0 0") or "")
    assert "say where" in (reason(table, "ReB") or "")


def test_d1_other_neighbours_do_not_constrain() -> None:
    table = Sarabanda()
    lay(table, "DoR 0 0", "ReO 1 0", "MiY 1 1")
    # 0 1 touches DoR (below) and MiY (right): Re fits because of either.
    assert reason(table, "ReG 0 1") is None
    # Si fits next to Do alone although Mi is beside the cell too.
    assert reason(table, "SiG 0 1") is None


def test_sarabanda_si_and_do_are_neighbours() -> None:
    table = Sarabanda()
    lay(table, "DoR 0 0")
    assert reason(table, "SiV -1 0") is None
    lay(table, "SiV -1 0")
    assert reason(table, "DoO -2 0") is None and reason(table, "LaO -2 0") is None


def test_sarabanda_sign_covers_a_surrounded_card_of_its_colour() -> None:
    table = Sarabanda()
    lay(table, "DoR 0 0", "ReO 1 0", "SiO -1 0", "ReY 0 1")
    assert moves(table, "#R") == set()
    assert "cell 0 -1 is empty" in (reason(table, "#R 0 0") or "")
    lay(table, "ReG 0 -1")
    assert moves(table, "#R", "#O", "nY") == {"#R 0 0"}
    assert reason(table, "#O 0 0") == "#O covers only orange cards, and 0 0 holds DoR"
    table.lay_sign(BY_CODE["#R"], cell_of(0, 0))
    assert "already covered" in (reason(table, "#R 0 0") or "")


def test_l1_covered_card_changes_no_placement() -> None:
    table = Sarabanda()
    lay(table, "DoR 0 0", "ReO 1 0", "SiO -1 0", "ReY 0 1", "ReG 0 -1")
    before = moves(table, "MiB", "LaB", "DoB")
    table.lay_sign(BY_CODE["#R"], cell_of(0, 0))
    assert moves(table, "MiB", "LaB", "DoB") == before


# ----- Glissando ---------------------------------------------------------------
def test_glissando_opens_with_an_oval_card_at_0_0() -> None:
    table = Glissando()
    opening = {action_text(a) for a in table.opening_moves(mask_of_codes(["DoR", "DoO", "LaI"]))}
    assert opening == {"play DoR 0 0", "play LaI 0 0"}  # DoO is no oval card


def test_d2_row_direction_is_open_until_two_cards_then_fixed() -> None:
    table = Glissando()
    lay(table, "MiY 0 0")
    assert moves(table, "ReR", "FaR") == {"ReR 1 0", "ReR -1 0", "FaR 1 0", "FaR -1 0"}
    lay(table, "FaR 1 0")  # rising to the right
    assert moves(table, "SolR", "ReR", "FaO") == {"SolR 2 0", "ReR -1 0"}
    assert "(D2)" in (reason(table, "FaO 2 0") or "")


def test_glissando_descending_row_and_si_do_wrap() -> None:
    table = Glissando()
    lay(table, "ReO 0 0", "DoB 1 0")  # falling to the right
    assert moves(table, "SiB", "MiB", "ReB") == {"SiB 2 0", "MiB -1 0"}
    lay(table, "SiB 2 0", "LaR 3 0")
    assert table.rows == [[0, 0, 3, -1]]


def test_d3_oval_cards_open_rows_above_or_below_one_step_and_never_extend() -> None:
    table = Glissando()
    lay(table, "MiY 0 0", "FaR 1 0")
    # FaG is an oval: it may not extend the row, only open one above or
    # below a card one step from it (MiY at 0 0, not FaR at 1 0).
    assert moves(table, "FaG") == {"FaG 0 1", "FaG 0 -1"}
    assert "(D3)" in (reason(table, "FaG 2 0") or "")
    assert "one step" in (reason(table, "FaG 1 1") or "")
    # A note that is not an oval cannot open a row.
    assert "(D3)" in (reason(table, "ReR 0 1") or "")
    lay(table, "FaG 0 1")
    assert len(table.rows) == 2 and table.rows[1] == [1, 0, 0, 0]


def test_d15_an_oval_cannot_open_a_row_on_a_line_that_holds_one() -> None:
    table = Glissando()
    # Row on line 0 (DoR ReY), one opened above DoR on line 1 (ReO) and one
    # below ReY on line -1 (MiY, whose left end is 0 -1).
    lay(table, "DoR 0 0", "ReY 1 0", "ReO 0 1", "MiY 1 -1")
    # SiV is one step from DoR, but the cells above and below it lie on
    # lines that hold a row already.
    assert moves(table, "SiV", "FaG") == {"FaG 1 -2"}
    assert reason(table, "SiV 0 -1") == (
        "SiV cannot open a new row at 0 -1: the line y = -1 already holds the row opened "
        "by MiY, and a line may hold only one oval card, so two rows never share a line (D15)")
    assert not table.playable_notes() >> BY_CODE["SiV"] & 1
    # The cell is still the left end of MiY's row for a note that continues it.
    assert reason(table, "ReR 0 -1") is None


def test_d15_opening_a_row_closes_its_line_to_other_ovals() -> None:
    table = Glissando()
    lay(table, "MiY 0 0", "FaR 1 0")
    assert moves(table, "FaG") == {"FaG 0 1", "FaG 0 -1"}
    lay(table, "SolB 1 -1")  # a row on line -1, opened below FaR
    assert moves(table, "FaG") == {"FaG 0 1", "FaG 1 -2"}
    assert "(D15)" in (reason(table, "FaG 0 -1") or "")
    assert "opened by SolB" in (reason(table, "FaG 0 -1") or "")
    # A cell beside no card gets the D3 reason even on a taken line; on a
    # free line an oval must still be one step from the card beside it.
    assert "(D3)" in (reason(table, "FaG 5 -1") or "")
    assert "one step" in (reason(table, "ReO 1 1") or "")


def test_d15_every_card_of_a_line_belongs_to_its_one_row() -> None:
    """Whatever the order of play, a line holds one row and one oval card,
    so a row's ends never meet another card (the taken-cell rule never bites)."""
    for seed in range(25):
        rng = Rng(seed)
        table = Glissando()
        hand = FULL_MASK & NOTE_MASK
        first = rng.choice(cards_of(hand & OVAL_MASK))
        table.place(first, cell_of(0, 0))
        hand &= ~(1 << first)
        while found := table.note_moves(hand):
            # Every oval play the table lists is exactly one its reasons allow.
            xs = [xy(c)[0] for c in table.cells]
            ys = [xy(c)[1] for c in table.cells]
            allowed = {play(card, cell_of(x, y)) for card in cards_of(hand & OVAL_MASK)
                       for x in range(min(xs) - 1, max(xs) + 2)
                       for y in range(min(ys) - 1, max(ys) + 2)
                       if table.note_reason(card, cell_of(x, y)) is None}
            assert allowed == {a for a in found if IS_OVAL[split_play(a)[0]]}
            card, cell = split_play(rng.choice(found))
            assert table.note_reason(card, cell) is None
            table.place(card, cell)
            hand &= ~(1 << card)
        lines = [row[0] for row in table.rows]
        assert len(lines) == len(set(lines))
        assert not line_errors(table), (seed, line_errors(table))
        for _, cell, _ in table.ends():
            assert cell not in table.cells


def test_d15_rows_on_neighbouring_lines_grow_past_each_other() -> None:
    table = Glissando()
    lay(table, "SolB 0 0", "LaR 1 0", "SiV 1 -1", "LaO 0 -1", "SolR -1 -1", "FaY -2 -1")
    assert table.rows == [[0, 0, 1, 1], [-1, -2, 1, 1]]
    assert moves(table, "FaO", "SiR", "MiB", "DoB") == {"FaO -1 0", "SiR 2 0", "MiB -3 -1",
                                                          "DoB 2 -1"}
    # MiY is one step from FaY, but the cell above FaY lies on row 1's line:
    # only the cell below is open to it.
    assert moves(table, "MiY") == {"MiY -2 -2"}
    assert "(D15)" in (reason(table, "MiY -2 0") or "")


# ----- D15 in a dealt game -----------------------------------------------------------
def test_d15_a_second_oval_on_a_line_is_refused_and_not_listed() -> None:
    state = d15_example()
    legal = state.legal_texts(1)
    assert "play SiV 2 0" not in legal
    assert "play SiV 2 2" in legal  # above LaR, on a line with no row
    before = json.dumps(state.view(None), sort_keys=True)
    with pytest.raises(IllegalAction, match=(
            r"SiV cannot open a new row at 2 0: the line y = 0 already holds the row "
            r"opened by MiY, and a line may hold only one oval card, so two rows never "
            r"share a line \(D15\)")):
        state.act(1, "play SiV 2 0")
    assert json.dumps(state.view(None), sort_keys=True) == before  # nothing changed
    action = parse_action("play SiV 2 0")
    assert action is not None and action not in state.legal_actions(1)
    assert "(D15)" in (state.illegal_reason(1, action) or "")
    state.act(1, "play SiV 2 2")
    assert state.view(0)["table"]["rows"] == [[0, 0, 1, 1], [1, 1, 2, 1], [2, 2, 2, 0]]
    assert not state.invariant_errors()


# ----- Parada ------------------------------------------------------------------
def test_parada_opens_with_any_oval_and_columns_grow_one_step_in_colour() -> None:
    table = ColumnLayout(PARADA)
    assert {action_text(a) for a in table.opening_moves(mask_of_codes(["SolB", "DoB"]))} \
        == {"play SolB"}
    lay(table, "SolB")
    assert moves(table, "FaB", "LaB", "MiB", "SolO", "DoR", "LaI") == {"FaB", "LaB", "DoR", "LaI"}
    assert "only FaB or LaB" in (reason(table, "MiB") or "")
    assert "orange is not open yet: it opens with ReO" in (reason(table, "SolO") or "")
    assert "without coordinates" in (reason(table, "FaB 0 1") or "")


def test_parada_si_and_do_are_not_neighbours() -> None:
    table = ColumnLayout(PARADA)
    lay(table, "SiV", "DoR")
    # Violet grows only down from Si; red only up from Do.
    assert moves(table, "DoV", "LaV", "SiR", "ReR") == {"LaV", "ReR"}


def test_parada_and_muzicando_signs_once_their_colour_is_open() -> None:
    for layout in (PARADA, MUZICANDO):
        table = ColumnLayout(layout)
        assert moves(table, "#R", "nY") == set()
        lay(table, "DoR")
        assert moves(table, "#R", "nY") == {"#R"}
        assert "not yet" in (reason(table, "nY") or "")


# ----- Muzicando ---------------------------------------------------------------
def test_muzicando_opens_with_any_do_and_piles_go_up_from_do() -> None:
    table = ColumnLayout(MUZICANDO)
    assert {action_text(a) for a in table.opening_moves(mask_of_codes(["ReO", "DoV"]))} \
        == {"play DoV"}
    lay(table, "DoV")
    assert moves(table, "ReV", "SiV", "DoO", "ReO") == {"ReV", "DoO"}
    lay(table, "ReV", "MiV", "FaV", "SolV", "LaV", "SiV")
    assert table.low[6] == 0 and table.high[6] == 6
    lay(table, "DoO")
    assert reason(table, "SolO") == ("SolO cannot go on the orange pile: it runs Do to Do, "
                                     "so only ReO may go next")


def test_parada_violet_grows_only_down_from_si() -> None:
    table = ColumnLayout(PARADA)
    lay(table, "SiV", "LaV")
    assert moves(table, "SolV", "DoV") == {"SolV"}
    assert reason(table, "DoV") == ("DoV cannot go on the violet column: it runs La to Si, "
                                    "so only SolV may go next")
