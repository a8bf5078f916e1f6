"""What the full table and the compact one both show: the headline and the
card being resolved (no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext
from cardroom.textui import seat_name, seat_title

by_id = CAT.by_id


def headline(view: Mapping[str, Any]) -> str:
    stage = view["stage"]
    if view["over"]:
        return "Love Formula - game over"
    if view["phase"].startswith("draft"):
        way = "left" if stage == 1 else "right"
        return f"Love Formula - Draft {stage}, pick {view['pick']} (packs pass {way})"
    return f"Love Formula - Play {stage}, round {view['round']} of 10"


def pending_line(view: Mapping[str, Any], color: bool) -> str:
    me = view["seat"]
    resolving = view["resolving"]
    if not resolving:
        return ""
    card = cardtext.label(by_id[resolving["card"]], color)
    if view["step"] == "react":
        return f"{seat_title(view['chooser'], me)} may answer {card} with a reaction."
    if view["step"] == "choice":
        return f"{card}: {seat_name(view['chooser'], me)} to {view['choice']}."
    return ""
