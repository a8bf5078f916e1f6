"""The layouts drawn as they lie on the table (text, no I/O)."""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.games.muzicando.cards import (
    BY_CODE,
    CODE,
    COLOUR,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    IS_OVAL,
    LAYOUT_LETTERS,
    NOTE,
    NOTE_NAMES,
    NOTES,
    PARADA,
    SIGN_CARD,
)
from cardroom.games.muzicando.viewtypes import ColumnTable, GlissandoTable, GridTable, LaidCards
from cardroom.textui import paint

CELL = 7  # width of a grid cell: "#R/Sol" and a space


def card(code: str, color: bool) -> str:
    c = BY_CODE[code]
    shown = f"({code})" if IS_OVAL[c] else code
    return paint(shown, COLOUR_NAMES[COLOUR[c]], color)


def cards(items: Sequence[str], color: bool) -> str:
    return " ".join(card(c, color) for c in items) or "-"


def hand_by_colour(items: Sequence[str], color: bool) -> str:
    groups: dict[int, list[str]] = {}
    for code in items:
        groups.setdefault(COLOUR[BY_CODE[code]], []).append(code)
    return "   ".join(cards(groups[c], color) for c in sorted(groups)) or "(empty)"


def _padded(text: str, shown: str, width: int) -> str:
    """``text`` (maybe with colour codes) padded as if it were ``shown``."""
    return text + " " * max(0, width - len(shown))


def draw_grid(table: GridTable, color: bool) -> list[str]:
    """Sarabanda and Glissando: the grid with x across and y up the side."""
    notes = {(x, y): code for code, x, y in table.cards}
    covers = {(x, y): code for code, x, y in table.covers}
    xs = [x for x, _ in notes] or [0]
    ys = [y for _, y in notes] or [0]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    head = "  y\\x " + "".join(f"{x:^{CELL}}" for x in range(x0, x1 + 1))
    lines = [head.rstrip()]
    for y in range(y1, y0 - 1, -1):
        row = f"{y:>5} "
        for x in range(x0, x1 + 1):
            row += _grid_cell(notes.get((x, y)), covers.get((x, y)), color)
        lines.append(row.rstrip())
    return lines


def _grid_cell(note: str | None, cover: str | None, color: bool) -> str:
    if note is None:
        return f"{'.':^{CELL}}"
    c = BY_CODE[note]
    shown = note if not IS_OVAL[c] else f"({note})"
    if cover is not None:
        shown = f"{cover}/{NOTE_NAMES[NOTE[c]]}"
    painted = paint(shown, COLOUR_NAMES[COLOUR[c]], color)
    return _padded(" " + painted, " " + shown, CELL)


def describe_rows(table: GlissandoTable) -> list[str]:
    """Glissando: each row's span and direction."""
    out = []
    for i, (y, left, right, direction) in enumerate(table.rows):
        way = {1: "rising to the right", -1: "falling to the right", 0: "direction open"}
        out.append(f"  row {i + 1}: y {y}, x {left}..{right}, {way[direction]}")
    return out


def draw_columns(table: ColumnTable, color: bool) -> list[str]:
    """Parada: a column per colour, Do at the bottom, signs on top."""
    columns = table.columns
    signs = set(table.signs)
    lines = ["      " + "".join(f"{name[:6]:^8}" for name in COLOUR_NAMES).rstrip()]
    top = "sign  "
    for col in range(len(COLOUR_LETTERS)):
        code = CODE[SIGN_CARD[col]]
        top += _centred(card(code, color) if code in signs else "", code if code in signs else "")
    lines.append(top.rstrip())
    for note in range(NOTES - 1, -1, -1):
        row = f"{NOTE_NAMES[note]:<6}"
        for letter in COLOUR_LETTERS:
            code = f"{NOTE_NAMES[note]}{letter}"
            if code in columns.get(letter, ()):
                shown = f"({code})" if IS_OVAL[BY_CODE[code]] else code
                row += _centred(card(code, color), shown)
            else:
                row += _centred(".", ".")
        lines.append(row.rstrip())
    return lines


def _centred(text: str, shown: str, width: int = 8) -> str:
    left = (width - len(shown)) // 2
    return " " * left + text + " " * (width - left - len(shown))


def draw_piles(table: ColumnTable, color: bool) -> list[str]:
    """Muzicando: a pile per colour from Do up, its top card last."""
    columns = table.columns
    signs = set(table.signs)
    lines = []
    for col, letter in enumerate(COLOUR_LETTERS):
        pile = columns.get(letter)
        name = f"{COLOUR_NAMES[col]:<7}"
        if not pile:
            lines.append(f"  {name} (not open: needs Do{letter})")
            continue
        sign = CODE[SIGN_CARD[col]]
        top = f"top {card(pile[-1], color)}"
        extra = f"   sign {card(sign, color)}" if sign in signs else ""
        lines.append(f"  {name} {cards(pile, color)}   {top}{extra}")
    return lines


def draw_table(layout: str | None, table: LaidCards | None, color: bool) -> list[str]:
    """The cards laid, in their layout's shape: the grid (with Glissando's
    rows), Parada's columns or Muzicando's piles."""
    if layout is None or table is None:
        return []
    if isinstance(table, GlissandoTable):
        return draw_grid(table, color) + describe_rows(table)
    if isinstance(table, GridTable):
        return draw_grid(table, color)
    if layout == LAYOUT_LETTERS[PARADA]:
        return draw_columns(table, color)
    return draw_piles(table, color)
