"""The table of a deal: one of the four layouts behind one interface
(``fields.Table``)."""

from __future__ import annotations

from typing import Any

from cardroom.games.muzicando.cards import GLISSANDO, SARABANDA
from cardroom.games.muzicando.fields import Table
from cardroom.games.muzicando.rules.columns import ColumnTable
from cardroom.games.muzicando.rules.grid import Glissando, Sarabanda


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
