"""The two grid layouts: Sarabanda and Glissando (cells are ints, see actions).

Both keep the note card of every cell, the sign cards laid on covered
cells, the cells a sign may cover (surrounded and uncovered), and for each
empty cell the notes that may go there, updated as cards are placed, so
listing the legal plays never scans the whole grid.
"""

from __future__ import annotations

from cardroom.core.cardset import cards_of
from cardroom.core.errors import Reason
from cardroom.games.muzicando.actions import (
    DOWN,
    NO_CELL,
    ORIGIN,
    RIGHT,
    SIDES,
    UP,
    cell_of,
    play,
    where,
    xy,
)
from cardroom.games.muzicando.cards import (
    BY_CODE,
    CODE,
    COLOUR,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    GLISSANDO,
    IS_OVAL,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    NOTE,
    NOTE_BITS_CARDS,
    NOTE_MASK,
    NOTE_NAMES,
    NOTES,
    OPENING_MASK,
    OPENS_WITH,
    OPENS_WITH_KIND,
    OVAL_MASK,
    SARABANDA,
    SIGN_CARD,
    STEP_BITS,
    step,
)
from cardroom.games.muzicando.fields import Layout
from cardroom.games.muzicando.viewtypes import GlissandoTable, GridTable


def _notes(bits: int) -> list[str]:
    return [NOTE_NAMES[n] for n in range(NOTES) if bits >> n & 1]


def _note_list(bits: int) -> str:
    return " or ".join(_notes(bits))


class GridLayout(Layout):
    """What Sarabanda and Glissando share: cells, covers, sign cards."""

    cells: dict[int, int]
    covers: dict[int, int]
    # Cells whose four sides are taken and that no sign covers yet: the
    # only cells a sign may go (rules page, "Sign cards").
    open_to_signs: set[int]
    laid: int

    def _init_grid(self, layout: int) -> None:
        self.layout = layout
        self.cells = {}
        self.covers = {}
        self.open_to_signs = set()
        self.laid = 0

    def _copy_grid(self, other: GridLayout) -> None:
        other.layout = self.layout
        other.cells = dict(self.cells)
        other.covers = dict(self.covers)
        other.open_to_signs = set(self.open_to_signs)
        other.laid = self.laid

    def on_table(self) -> int:
        return self.laid

    def opening_moves(self, hand: int) -> list[int]:
        return [play(c, ORIGIN) for c in cards_of(hand & OPENING_MASK[self.layout])]

    def opening_reason(self, card: int, cell: int) -> str | None:
        kind = OPENS_WITH[self.layout]
        if not OPENING_MASK[self.layout] >> card & 1 or cell != ORIGIN:
            return Reason("open_at_centre", f"{LAYOUT_NAMES[self.layout]} opens with {kind} at 0 0",
                          layout=LAYOUT_LETTERS[self.layout],
                          opens=OPENS_WITH_KIND[self.layout])
        return None

    def surrounded(self, cell: int) -> bool:
        cells = self.cells
        return all(cell + d in cells for d in SIDES)

    def sign_moves(self, hand: int) -> list[int]:
        out: list[int] = []
        if not self.open_to_signs:
            return out
        cells = self.cells
        for sign in SIGN_CARD:
            if not hand >> sign & 1:
                continue
            colour = COLOUR[sign]
            for cell in self.open_to_signs:
                if COLOUR[cells[cell]] == colour:
                    out.append(play(sign, cell))
        return out

    def sign_reason(self, sign: int, cell: int) -> str | None:
        colour = COLOUR_NAMES[COLOUR[sign]]
        letter = COLOUR_LETTERS[COLOUR[sign]]
        if cell == NO_CELL:
            return Reason("sign_where", f"say which {colour} card {CODE[sign]} covers: "
                          f"'play {CODE[sign]} <x> <y>'", sign=CODE[sign], colour=letter)
        x, y = xy(cell)
        card = self.cells.get(cell)
        if card is None:
            return Reason("nothing_to_cover", f"there is no card at {where(cell)} for "
                          f"{CODE[sign]} to cover", sign=CODE[sign], x=x, y=y)
        if COLOUR[card] != COLOUR[sign]:
            return Reason("cover_colour", f"{CODE[sign]} covers only {colour} cards, and "
                          f"{where(cell)} holds {CODE[card]}", sign=CODE[sign], colour=letter,
                          x=x, y=y, card=CODE[card])
        if cell in self.covers:
            return Reason("already_covered", f"{CODE[card]} at {where(cell)} is already covered",
                          card=CODE[card], x=x, y=y)
        free = [cell + d for d in SIDES if cell + d not in self.cells]
        if free:
            free_x, free_y = xy(free[0])
            return Reason("not_surrounded", f"a sign covers a card whose four sides are all "
                          f"taken; next to {CODE[card]} at {where(cell)} the cell "
                          f"{where(free[0])} is empty", card=CODE[card], x=x, y=y,
                          free_x=free_x, free_y=free_y)
        return None

    def lay_sign(self, sign: int, cell: int) -> None:
        self.covers[cell] = sign
        self.open_to_signs.discard(cell)
        self.laid |= 1 << sign

    def _place_note(self, card: int, cell: int) -> None:
        cells = self.cells
        cells[cell] = card
        self.laid |= 1 << card
        # Only this card and its neighbours can have just been surrounded.
        if self.surrounded(cell):
            self.open_to_signs.add(cell)
        for d in SIDES:
            near = cell + d
            if near in cells and near not in self.covers and self.surrounded(near):
                self.open_to_signs.add(near)

    def laid_cards(self) -> tuple[tuple[str, int, int], ...]:
        return tuple((CODE[card], *xy(cell)) for cell, card in sorted(self.cells.items()))

    def laid_covers(self) -> tuple[tuple[str, int, int], ...]:
        return tuple((CODE[sign], *xy(cell)) for cell, sign in sorted(self.covers.items()))

    def _load_grid(self, view: GridTable) -> None:
        for code, x, y in view.cards:
            self._place_note(BY_CODE[code], cell_of(x, y))
        for code, x, y in view.covers:
            self.lay_sign(BY_CODE[code], cell_of(x, y))


class Sarabanda(GridLayout):
    """Any note one step from an orthogonal neighbour (D1); Si-Do allowed."""

    frontier: dict[int, int]  # empty cell -> bits of the notes that may go there

    def __init__(self) -> None:
        self._init_grid(SARABANDA)
        self.frontier = {}

    def clone(self) -> Sarabanda:
        other = Sarabanda.__new__(Sarabanda)
        self._copy_grid(other)
        other.frontier = dict(self.frontier)
        return other

    def place(self, card: int, cell: int) -> None:
        self._place_note(card, cell)
        self.frontier.pop(cell, None)
        bits = STEP_BITS[NOTE[card]]
        for d in SIDES:
            near = cell + d
            if near not in self.cells:
                self.frontier[near] = self.frontier.get(near, 0) | bits

    def note_moves(self, hand: int) -> list[int]:
        out: list[int] = []
        for card in cards_of(hand & NOTE_MASK):
            bit = 1 << NOTE[card]
            out.extend(play(card, cell) for cell, bits in self.frontier.items() if bits & bit)
        return out

    def playable_notes(self) -> int:
        bits = 0
        for b in self.frontier.values():
            bits |= b
        return NOTE_BITS_CARDS[bits] & ~self.laid

    def note_reason(self, card: int, cell: int) -> str | None:
        if cell == NO_CELL:
            return Reason("say_where", f"in Sarabanda say where the card goes: "
                          f"'play {CODE[card]} <x> <y>'", layout=LAYOUT_LETTERS[SARABANDA],
                          card=CODE[card])
        x, y = xy(cell)
        if cell in self.cells:
            return Reason("cell_taken", f"the cell {where(cell)} is taken by "
                          f"{CODE[self.cells[cell]]}", x=x, y=y, card=CODE[self.cells[cell]])
        bits = self.frontier.get(cell)
        if bits is None:
            return Reason("no_neighbour", f"the cell {where(cell)} is not next to any card "
                          "on the table", x=x, y=y)
        if not bits >> NOTE[card] & 1:
            return Reason("needs_step", f"{CODE[card]} needs a neighbour one step from "
                          f"{NOTE_NAMES[NOTE[card]]}; next to {where(cell)} only "
                          f"{_note_list(bits)} may go", card=CODE[card],
                          note=NOTE_NAMES[NOTE[card]], x=x, y=y, notes=_notes(bits))
        return None

    def to_view(self) -> GridTable:
        return GridTable(cards=self.laid_cards(), covers=self.laid_covers())

    @staticmethod
    def from_view(view: GridTable) -> Sarabanda:
        table = Sarabanda()
        for code, x, y in view.cards:
            table.place(BY_CODE[code], cell_of(x, y))
        for code, x, y in view.covers:
            table.lay_sign(BY_CODE[code], cell_of(x, y))
        return table


class Glissando(GridLayout):
    """Rows are scales (D2); oval cards only open rows, above or below (D3),
    on a line that holds no row yet (D15)."""

    rows: list[list[int]]  # [y, left x, right x, direction: +1 up to the right, -1, 0]
    lines: dict[int, int]  # y -> index of the line's row (one row per line, D15)
    # empty cell on a line without a row -> bits of the oval notes that may open a
    # row there (D3, D15)
    vertical: dict[int, int]
    # ends(): for row i, entries 2i (right end) and 2i + 1 (left end). Kept as
    # cards are placed (a playout asks for it at every step); shared between
    # clones, so it is replaced, never changed in place.
    _ends: list[tuple[int, int, int]]

    def __init__(self) -> None:
        self._init_grid(GLISSANDO)
        self.rows = []
        self.lines = {}
        self.vertical = {}
        self._ends = []

    def clone(self) -> Glissando:
        other = Glissando.__new__(Glissando)
        self._copy_grid(other)
        other.rows = [r[:] for r in self.rows]
        other.lines = dict(self.lines)
        other.vertical = dict(self.vertical)
        other._ends = self._ends
        return other

    def row_on(self, y: int) -> list[int] | None:
        """The row on line ``y``; a line holds at most one (D15)."""
        index = self.lines.get(y)
        return None if index is None else self.rows[index]

    def row_oval(self, row: list[int]) -> int:
        """The oval card that opened ``row`` (its only one, D3)."""
        y = row[0]
        for x in range(row[1], row[2] + 1):
            card = self.cells[cell_of(x, y)]
            if IS_OVAL[card]:
                return card
        raise ValueError(f"the row on line {y} holds no oval card")

    # ----- where a note may go -------------------------------------------
    def ends(self) -> list[tuple[int, int, int]]:
        """(row index, empty end cell, bits of notes that extend the row there),
        the right end then the left end of each row. Both ends of a row are
        always empty: every card of a line belongs to its one row (D15), and
        a row has no gaps. Shared: read it, never change it."""
        return self._ends

    def _row_ends(self, i: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        y, left, right, direction = self.rows[i]
        cells = self.cells
        edge = cell_of(right, y)
        first = cell_of(left, y)
        return ((i, edge + RIGHT, _end_bits(NOTE[cells[edge]], direction)),
                (i, first - RIGHT, _end_bits(NOTE[cells[first]], -direction)))

    def _update_ends(self, i: int) -> None:
        ends = self._ends[:]
        right, left = self._row_ends(i)
        if 2 * i == len(ends):
            ends.append(right)
            ends.append(left)
        else:
            ends[2 * i] = right
            ends[2 * i + 1] = left
        self._ends = ends

    def note_moves(self, hand: int) -> list[int]:
        # No move comes twice: the ends are distinct cells (the two ends of
        # a row, and rows on different lines, D15), and oval cards go only
        # where rows open.
        moves: list[int] = []
        plain = hand & NOTE_MASK & ~OVAL_MASK
        if plain:
            for _, cell, bits in self._ends:
                for card in cards_of(plain & NOTE_BITS_CARDS[bits]):
                    moves.append(play(card, cell))
        ovals = hand & OVAL_MASK
        if ovals:
            for cell, bits in self.vertical.items():
                for card in cards_of(ovals & NOTE_BITS_CARDS[bits]):
                    moves.append(play(card, cell))
        moves.sort()
        return moves

    def playable_notes(self) -> int:
        row_bits = 0
        for _, _, bits in self._ends:
            row_bits |= bits
        oval_bits = 0
        for bits in self.vertical.values():
            oval_bits |= bits
        playable = NOTE_BITS_CARDS[row_bits] & ~OVAL_MASK | NOTE_BITS_CARDS[oval_bits] & OVAL_MASK
        return playable & ~self.laid

    def note_reason(self, card: int, cell: int) -> str | None:
        name = CODE[card]
        if cell == NO_CELL:
            return Reason("say_where", f"in Glissando say where the card goes: "
                          f"'play {name} <x> <y>'", layout=LAYOUT_LETTERS[GLISSANDO], card=name)
        x, y = xy(cell)
        if cell in self.cells:
            return Reason("cell_taken", f"the cell {where(cell)} is taken by "
                          f"{CODE[self.cells[cell]]}", x=x, y=y, card=CODE[self.cells[cell]])
        if IS_OVAL[card]:
            return self.oval_reason(card, cell)
        fits = [bits for _, c, bits in self.ends() if c == cell]
        if not fits:
            return Reason("not_row_end", f"{where(cell)} is not at the end of a row; an oval "
                          "card opens new rows, other notes extend a row at its left or right "
                          "end (D3)", x=x, y=y)
        if not any(bits >> NOTE[card] & 1 for bits in fits):
            want = 0
            for bits in fits:
                want |= bits
            return Reason("scale_continues", f"the row's scale continues at {where(cell)} with "
                          f"{_note_list(want)}, not {NOTE_NAMES[NOTE[card]]} (D2)", x=x, y=y,
                          notes=_notes(want), card=name, note=NOTE_NAMES[NOTE[card]])
        return None

    def oval_reason(self, card: int, cell: int) -> str | None:
        """Why the oval ``card`` may not open a row on the empty ``cell``."""
        bits = 0
        for d in (UP, DOWN):
            near = self.cells.get(cell + d)
            if near is not None:
                bits |= STEP_BITS[NOTE[near]]
        x, y = xy(cell)
        if not bits:
            return Reason("oval_above_below", f"an oval card opens a new row directly above or "
                          f"below a card of a row, and {where(cell)} is not (D3)",
                          card=CODE[card], x=x, y=y)
        row = self.row_on(y)
        if row is not None:
            oval = CODE[self.row_oval(row)]
            return Reason("line_taken", f"{CODE[card]} cannot open a new row at {x} {y}: the "
                          f"line y = {y} already holds the row opened by {oval}, and a line "
                          "may hold only one oval card, so two rows never share a line (D15)",
                          card=CODE[card], x=x, y=y, oval=oval)
        if not bits >> NOTE[card] & 1:
            return Reason("oval_step", f"a new row at {where(cell)} must open one step from the "
                          f"card above or below it: {_note_list(bits)}, not "
                          f"{NOTE_NAMES[NOTE[card]]}", card=CODE[card], x=x, y=y,
                          notes=_notes(bits), note=NOTE_NAMES[NOTE[card]])
        return None

    # ----- placing -------------------------------------------------------
    def place(self, card: int, cell: int) -> None:
        x, y = xy(cell)
        if IS_OVAL[card]:
            self.lines[y] = len(self.rows)
            self.rows.append([y, x, x, 0])
            # D15: no other row may open on this line now.
            for near in [c for c in self.vertical if xy(c)[1] == y]:
                del self.vertical[near]
            index = len(self.rows) - 1
        else:
            index = self._extend(card, cell)
        self._place_note(card, cell)
        self.vertical.pop(cell, None)
        self._mark_vertical(cell, card)
        self._update_ends(index)

    def _mark_vertical(self, cell: int, card: int) -> None:
        """The cells above and below a note, where an oval card one step
        from it may open a row if their line holds none (D3, D15)."""
        bits = STEP_BITS[NOTE[card]]
        for d in (UP, DOWN):
            near = cell + d
            if near not in self.cells and xy(near)[1] not in self.lines:
                self.vertical[near] = self.vertical.get(near, 0) | bits

    def _extend(self, card: int, cell: int) -> int:
        """Lay ``card`` at an end of its line's row; the row's index."""
        # D15: the line holds one row, so the card continues that row at one end.
        x, y = xy(cell)
        index = self.lines.get(y)
        bit = 1 << NOTE[card]
        if index is None or not any(
                target == cell and bits & bit for _, target, bits in self._ends):
            raise ValueError(f"{CODE[card]} extends no row at {where(cell)}")
        row = self.rows[index]
        at_right = x == row[2] + 1
        edge = cell_of(row[2] if at_right else row[1], y)
        rise = step(NOTE[self.cells[edge]], 1) == NOTE[card]
        if row[3] == 0:
            row[3] = 1 if rise == at_right else -1
        if at_right:
            row[2] = x
        else:
            row[1] = x
        return index

    def to_view(self) -> GlissandoTable:
        rows = tuple((y, left, right, way) for y, left, right, way in self.rows)
        return GlissandoTable(cards=self.laid_cards(), covers=self.laid_covers(), rows=rows)

    @staticmethod
    def from_view(view: GlissandoTable) -> Glissando:
        table = Glissando()
        table._load_grid(view)
        table.rows = [list(r) for r in view.rows]
        table.lines = {row[0]: i for i, row in enumerate(table.rows)}
        for cell, card in table.cells.items():
            table._mark_vertical(cell, card)
        for i in range(len(table.rows)):
            table._update_ends(i)
        return table


def _end_bits(note: int, ahead: int) -> int:
    """The notes that extend a row past ``note``, going ``ahead`` (+1 up the
    scale, -1 down; 0: a one-card row, either way). D2: a row with two cards
    keeps its direction."""
    return STEP_BITS[note] if ahead == 0 else 1 << step(note, ahead)
