"""The table of a deal: one of the four layouts behind one interface."""

from __future__ import annotations

from typing import Any, Protocol

from cardroom.games.muzicando.cards import GLISSANDO, SARABANDA
from cardroom.games.muzicando.columns import ColumnTable
from cardroom.games.muzicando.grid import Glissando, Sarabanda


class Table(Protocol):
    layout: int

    def clone(self) -> Table: ...
    def on_table(self) -> int: ...
    def opening_moves(self, hand: int) -> list[int]: ...
    def note_moves(self, hand: int) -> list[int]: ...
    def sign_moves(self, hand: int) -> list[int]: ...
    def playable_notes(self) -> int: ...
    def opening_reason(self, card: int, cell: int) -> str | None: ...
    def note_reason(self, card: int, cell: int) -> str | None: ...
    def sign_reason(self, sign: int, cell: int) -> str | None: ...
    def place(self, card: int, cell: int) -> None: ...
    def lay_sign(self, sign: int, cell: int) -> None: ...
    def to_view(self) -> dict[str, Any]: ...


def new_table(layout: int) -> Table:
    if layout == SARABANDA:
        return Sarabanda()
    if layout == GLISSANDO:
        return Glissando()
    return ColumnTable(layout)


def table_from_view(layout: int, view: dict[str, Any]) -> Table:
    if layout == SARABANDA:
        return Sarabanda.from_view(view)
    if layout == GLISSANDO:
        return Glissando.from_view(view)
    return ColumnTable.from_view(layout, view)
