"""The cards on the table in a deal: one of the four layouts behind one
interface (``fields.Layout``), new or rebuilt from a view."""

from __future__ import annotations

from cardroom.games.muzicando.cards import GLISSANDO, SARABANDA
from cardroom.games.muzicando.fields import Layout
from cardroom.games.muzicando.rules.columns import ColumnLayout
from cardroom.games.muzicando.rules.grid import Glissando, Sarabanda
from cardroom.games.muzicando.viewtypes import ColumnTable, GlissandoTable, LaidCards


def new_table(layout: int) -> Layout:
    if layout == SARABANDA:
        return Sarabanda()
    if layout == GLISSANDO:
        return Glissando()
    return ColumnLayout(layout)


def table_from_view(layout: int, view: LaidCards) -> Layout:
    if isinstance(view, GlissandoTable):
        return Glissando.from_view(view)
    if isinstance(view, ColumnTable):
        return ColumnLayout.from_view(layout, view)
    return Sarabanda.from_view(view)
