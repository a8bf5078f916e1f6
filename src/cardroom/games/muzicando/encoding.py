"""Muzicando for learning tools: action index, length cap, observation
fields (documented on docs/games/muzicando.md, "Observation tensor").

A grid play names a card and a cell. Every note cell is linked to the
first card (cell 0 0) by a chain of orthogonal neighbours (Sarabanda places
next to a card; Glissando extends rows and opens new ones directly above or
below), and a grid holds at most 49 notes, so no played cell lies more than
48 steps from the origin. The dense index numbers only those cells (a
diamond of 4,705), so card x cell makes 263,480 grid plays; factoring.py
offers the same actions in two narrow steps.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardroom.core.encoding import Encoding, Factoring, Field, Layout, Writer
from cardroom.core.views import View, seat_part
from cardroom.games.muzicando.actions import (
    CHOOSE,
    PLAY,
    PLAY_AT,
    cell_of,
    parse_calls,
    play,
    split_play,
    xy,
)
from cardroom.games.muzicando.cards import (
    BIDS,
    BY_CODE,
    CARD_COUNT,
    COLOURS,
    LAYOUT_LETTERS,
    NOTES,
)
from cardroom.games.muzicando.factoring import FACTORING
from cardroom.games.muzicando.fields import (
    PARTNERSHIP_MODE,
    PHASE_BIDDING,
    PHASE_CHOOSING,
    PHASE_OVER,
    PHASE_PLAY,
)
from cardroom.games.muzicando.legal import high_bid
from cardroom.games.muzicando.rules.options import deal_count
from cardroom.games.muzicando.viewtypes import (
    ColumnTable,
    GlissandoTable,
    LaidCards,
    MuzicandoSeatTable,
)

PHASES: Final = (PHASE_BIDDING, PHASE_CHOOSING, PHASE_PLAY, PHASE_OVER)
RADIUS: Final = COLOURS * NOTES - 1  # 48: see the module's docstring
# Cells of the diamond |x| + |y| <= RADIUS, column by column (x ascending).
WIDTH: Final = [2 * (RADIUS - abs(x)) + 1 for x in range(-RADIUS, RADIUS + 1)]
COLUMN_START: Final = [sum(WIDTH[:i]) for i in range(len(WIDTH))]
CELLS: Final = sum(WIDTH)
CALLS: Final = CHOOSE + len(LAYOUT_LETTERS)  # pass (0), bids, choices: ints 0..CALLS-1, no gap
PLAIN: Final = CALLS  # then play <card> without a cell
GRID: Final = PLAIN + CARD_COUNT  # then play <card> <x> <y>
ACTIONS: Final = GRID + CARD_COUNT * CELLS
ROWS: Final = COLOURS  # Glissando: one row per oval card at most
DEAL_POINTS: Final = 16  # about the most one deal can add to a score (scale only)


def cell_index(x: int, y: int) -> int:
    reach = RADIUS - abs(x)
    if abs(x) > RADIUS or abs(y) > reach:
        raise ValueError(f"cell {x} {y} lies beyond any grid")
    return COLUMN_START[x + RADIUS] + y + reach


def cell_at(index: int) -> tuple[int, int]:
    column = bisect_right(COLUMN_START, index) - 1
    x = column - RADIUS
    return x, index - COLUMN_START[column] - (RADIUS - abs(x))


class MuzicandoEncoding(Encoding):
    def num_distinct_actions(self) -> int:
        return ACTIONS

    def action_index(self, action: int) -> int:
        if 0 <= action < CALLS:
            return action
        if PLAY <= action < PLAY + CARD_COUNT:
            return PLAIN + action - PLAY
        if action >= PLAY_AT:
            card, cell = split_play(action)
            if card < CARD_COUNT:
                return GRID + card * CELLS + cell_index(*xy(cell))
        raise ValueError(f"{action} is no Muzicando action")

    def action_from_index(self, index: int) -> int:
        if not 0 <= index < ACTIONS:
            raise ValueError(f"action index {index} is out of 0..{ACTIONS - 1}")
        if index < PLAIN:
            return index
        if index < GRID:
            return PLAY + index - PLAIN
        card, cell = divmod(index - GRID, CELLS)
        return play(card, cell_of(*cell_at(cell)))

    def factoring(self) -> Factoring:
        """The card, then where it goes (factoring.py): 77 first parts and
        281 second ones instead of 263,557 indexes."""
        return FACTORING

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        # One dealing: bidding has at most 16 bids, each after at most one
        # pass per seat; a choice; at most 56 cards laid, 56 passes that draw
        # and one round of non-drawing passes per card laid (D7). Cancelled
        # deals (D9) and re-deals (L8) do not count and can repeat without
        # end: the cap allows as many of them as counted deals.
        n = players
        dealing = (BIDS + 1) * n + 1 + 2 * CARD_COUNT + (CARD_COUNT + 1) * n
        return 2 * deal_count(options, players) * dealing

    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        n, c = players, CARD_COUNT
        return Layout([
            Field("phase", len(PHASES), "one-hot: bidding, choosing, play, over"),
            Field("mode", 2, "partnership game; the layout is bid"),
            Field("to_act", n, "1 for each relative seat that is to act"),
            Field("seats", 5 * n,
                  "one-hot relative seat of: dealer, declarer, opener, chooser, rest player"),
            Field("blocked", n, "1 for each blocked relative seat"),
            Field("passed", n, "1 for each relative seat that passed since the last card"),
            Field("out", n, "each relative seat's place this deal / players (0: still playing)"),
            Field("partner", n, "1 for the viewer's partner (partnership game)"),
            Field("layout", len(LAYOUT_LETTERS), "one-hot: S, G, P, M once known"),
            Field("contract", BIDS,
                  "one-hot: the highest bid so far (the contract once bidding ends)"),
            Field("high_bidder", n, "one-hot: the relative seat that made it"),
            Field("hand", c, "1 for each card in the viewer's hand"),
            Field("table", c, "1 for each card on the table (signs included)"),
            Field("covered", c, "1 for each note covered by a sign (Sarabanda, Glissando)"),
            Field("x", c, "grid column of each card on the grid / 48"),
            Field("y", c, "grid line of each card on the grid / 48"),
            Field("rows", 4 * ROWS,
                  "Glissando rows by line: line / 48, left / 48, right / 48, direction"),
            Field("missing", n * c, "per relative seat, cards it showed it does not hold (L10)"),
            Field("hand_sizes", n, "cards in each relative seat's hand / 14"),
            Field("pile", 1, "cards in the draw pile / 56"),
            Field("scores", n, "each relative seat's total / (16 x deals)"),
            Field("deals", 1, "deals completed / deals"),
        ])

    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        # Seats are written relative to the viewer: (s - seat) % n.
        _, t = seat_part(view, MuzicandoSeatTable)
        n = view.players
        out.one_hot("phase", PHASES.index(view.phase))
        out.set("mode", 0, t.mode == PARTNERSHIP_MODE)
        out.set("mode", 1, t.bidding)
        out.bits("to_act", [(s - seat) % n for s in view.to_act])
        for k, who in enumerate((t.dealer, t.declarer, t.opener, t.chooser, t.rest)):
            if who is not None:
                out.set("seats", k * n + (who - seat) % n)
        out.bits("blocked", [(s - seat) % n for s in t.blocked])
        out.bits("passed", [(s - seat) % n for s in t.passed])
        for place, s in enumerate(t.out):
            out.set("out", (s - seat) % n, (place + 1) / n)
        for team in t.teams or ():
            if seat in team:
                out.bits("partner", [(s - seat) % n for s in team if s != seat])
        if t.layout is not None:
            out.set("layout", LAYOUT_LETTERS.index(t.layout))
        self._calls(out, t.calls, seat, n)
        out.bits("hand", [BY_CODE[code] for code in t.hand])
        if t.table is not None:
            self._table(out, t.table)
        for s, cards in enumerate(t.missing):
            base = (s - seat) % n * CARD_COUNT
            out.bits("missing", [base + BY_CODE[code] for code in cards])
        points = DEAL_POINTS * t.deals
        for s in range(n):
            r = (s - seat) % n
            out.set("hand_sizes", r, t.hand_sizes[s] / t.cards_each)
            out.set("scores", r, view.scores[s] / points)
        out.scalar("pile", t.pile, CARD_COUNT)
        out.scalar("deals", t.deals_done, t.deals)

    def _calls(self, out: Writer, calls: Sequence[tuple[int, str]], seat: int, n: int) -> None:
        high, who = high_bid(parse_calls(calls))
        if high >= 0:
            out.set("contract", high)
            out.set("high_bidder", (who - seat) % n)

    def _table(self, out: Writer, table: LaidCards) -> None:
        if isinstance(table, ColumnTable):
            for cards in table.columns.values():
                out.bits("table", [BY_CODE[code] for code in cards])
            out.bits("table", [BY_CODE[code] for code in table.signs])
            return
        for code, x, y in table.cards:
            card = BY_CODE[code]
            out.set("table", card)
            out.set("x", card, x / RADIUS)
            out.set("y", card, y / RADIUS)
        if table.covers:
            notes: dict[tuple[int, int], list[int]] = {}
            for code, x, y in table.cards:
                notes.setdefault((x, y), []).append(BY_CODE[code])
            for code, x, y in table.covers:
                out.set("table", BY_CODE[code])
                out.bits("covered", notes.get((x, y), []))
        if isinstance(table, GlissandoTable):
            for i, row in enumerate(sorted(table.rows)):
                line, left, right, direction = row
                out.set("rows", 4 * i, line / RADIUS)
                out.set("rows", 4 * i + 1, left / RADIUS)
                out.set("rows", 4 * i + 2, right / RADIUS)
                out.set("rows", 4 * i + 3, direction)


ENCODING = MuzicandoEncoding()
