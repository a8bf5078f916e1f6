"""What the full table and the compact one both show: the headline and the
card being resolved (no I/O)."""

from __future__ import annotations

from typing import Any

from cardroom.core.views import View
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext
from cardroom.games.love_formula.viewtypes import LoveTable
from cardroom.textui import seat_name, seat_title

by_id = CAT.by_id


def headline(view: View[Any]) -> str:
    t: LoveTable = view.table
    if view.over:
        return "Love Formula - game over"
    if view.phase.startswith("draft"):
        way = "left" if t.stage == 1 else "right"
        return f"Love Formula - Draft {t.stage}, pick {t.pick} (packs pass {way})"
    return f"Love Formula - Play {t.stage}, round {t.round} of 10"


def pending_line(view: View[Any], color: bool) -> str:
    me = view.seat
    t: LoveTable = view.table
    if not t.resolving:
        return ""
    card = cardtext.label(by_id[t.resolving.card], color)
    if t.chooser is None:
        return ""
    if t.step == "react":
        return f"{seat_title(t.chooser, me)} may answer {card} with a reaction."
    if t.step == "choice":
        return f"{card}: {seat_name(t.chooser, me)} to {t.choice}."
    return ""
