"""Muzicando as text: the table a seat sees, and sentences for log events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.muzicando.cards import (
    BY_CODE,
    COLOUR,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    PARTNERSHIP,
    SIGN_KIND,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE
from cardroom.games.muzicando.render.drawing import card, draw_table, hand_by_colour
from cardroom.games.muzicando.rules.seats import team_of
from cardroom.games.muzicando.scoring import team_totals
from cardroom.games.muzicando.viewtypes import (
    AnyDeal,
    BidDeal,
    CancelledDeal,
    GridTable,
    MuzicandoRefereeTable,
    MuzicandoSeatTable,
    MuzicandoTable,
    TeamDeal,
)
from cardroom.textui import paint, seat_name, seat_title, standings, table

TEAM_SHORT = ("NS", "EW")
TEAM_NAMES: Final[tuple[str, ...]] = tuple(PARTNERSHIP["team_names"])
PLACE_WORDS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def layout_name(letter: str) -> str:
    return LAYOUT_NAMES[LAYOUT_LETTERS.index(letter)]


def render(view: View[Any], color: bool, compact: bool = False) -> str:
    """The table as text; Muzicando has one form, so ``compact`` changes nothing."""
    t: MuzicandoTable = view.table
    me = view.seat
    lines = [paint(_headline(view, t), "bold", color)]
    if t.calls or t.bidding:
        lines.append(_bidding(t, me))
    if t.layout:
        lines.append(f"{layout_name(t.layout)} on the table:")
        if t.opened:
            lines.extend(draw_table(t.layout, t.table, color))
        else:
            at = " at 0 0)" if isinstance(t.table, GridTable) else ")"
            lines.append(f"  (empty: {_opens(t.opener, me)}" + at)
    lines.append(_seats(view, t))
    if isinstance(t, MuzicandoRefereeTable):
        for seat, hand in enumerate(t.hands):
            lines.append(f"Seat {seat}: {hand_by_colour(hand, color)}")
    elif isinstance(t, MuzicandoSeatTable):
        lines.append(f"Your hand: {hand_by_colour(t.hand, color)}")
    if t.results:
        lines.append(score_table(view, t))
    return "\n".join(lines)


def _headline(view: View[Any], t: MuzicandoTable) -> str:
    me = view.seat
    mode = "partnership" if t.mode == PARTNERSHIP_MODE else "individual"
    head = (f"Muzicando ({mode}) - deal {t.deal} of {t.deals}, "
            f"dealer {seat_name(t.dealer, me)}")
    if t.contract and t.layout and t.declarer is not None:
        head += (f"; contract {t.contract} ({layout_name(t.layout)}) by "
                 f"{_side(t, t.declarer, me)}")
    elif t.layout:
        head += f"; {_name(t.chooser, me)} chose {layout_name(t.layout)}"
    if t.pile:
        head += f"; draw pile {t.pile}"
    if view.over:
        head += " - game over"
    return head


def _name(seat: int | None, me: Viewer) -> str:
    """A seat's name as the viewer reads it; the seat is known wherever named."""
    assert seat is not None, "a seat this view names is known"
    return seat_name(seat, me)


def _opens(seat: int | None, viewer: Viewer) -> str:
    return "you open" if seat == viewer else f"seat {seat} opens"


def _side(t: MuzicandoTable, seat: int, me: Viewer) -> str:
    if t.mode != PARTNERSHIP_MODE:
        return seat_name(seat, me)
    return f"{TEAM_NAMES[team_of(seat)]} ({seat_name(seat, me)})"


def _bidding(t: MuzicandoTable, me: Viewer) -> str:
    calls = [f"{seat_name(s, me)}: {c.removeprefix('bid ')}" for s, c in t.calls]
    text = "Bidding: " + (", ".join(calls) or "(no call yet)")
    if t.opener is not None and t.contract:
        text += f"; {_opens(t.opener, me)}"
    return text


def _seats(view: View[Any], t: MuzicandoTable) -> str:
    me = view.seat
    rows = [["", "team" if t.teams else "", "cards", "status", "score"]]
    for seat in range(view.players):
        rows.append([seat_name(seat, me), TEAM_SHORT[team_of(seat)] if t.teams else "",
                     str(t.hand_sizes[seat]), _status(view, t, seat),
                     str(view.scores[seat])])
    return table(rows)


def _status(view: View[Any], t: MuzicandoTable, seat: int) -> str:
    words = []
    if seat in t.out:
        words.append(f"out {PLACE_WORDS[t.out.index(seat)]}")
    if seat in view.to_act:
        words.append("to play" if view.phase == "play" else "to call"
                     if view.phase == "bidding" else "to choose")
    if seat in t.blocked:
        words.append("blocked (skips next turn)")
    if t.rest == seat:
        words.append("playing on after the rest")
    if seat in t.passed and view.phase == "play":
        words.append("passed")
    return ", ".join(words)


def score_table(view: View[Any], t: MuzicandoTable) -> str:
    """One row per deal: contract, places and points."""
    me = view.seat
    partnership = t.mode == PARTNERSHIP_MODE
    who = (list(TEAM_SHORT) if partnership
           else [seat_name(s, me) for s in range(view.players)])
    rows = [["deal", "layout", "contract", "places", *who]]
    for r in t.results:
        rows.append(_result_row(r, partnership, me))
    totals = team_totals(view.scores) if partnership else view.scores
    rows.append(["total", "", "", "", *[str(p) for p in totals]])
    return "Scores:\n" + table(rows)


def _result_row(r: AnyDeal, partnership: bool, me: Viewer) -> list[str]:
    points = team_totals(r.points) if partnership else r.points
    if isinstance(r, CancelledDeal):
        contract = f"{r.contract} by {_name(r.declarer, me)}"
        return ["-", r.layout, contract, "cancelled: no opening card",
                *[str(p) for p in points]]
    if isinstance(r, BidDeal | TeamDeal):
        made = "made" if r.made else "failed"
        contract = f"{r.contract} by {_name(r.declarer, me)}, {made}"
    else:
        contract = f"chosen by {_name(r.chooser, me)}"
    places = " ".join(str(s) for s in r.places)
    if r.stuck is not None:
        places += f" ({r.stuck} stuck)"
    return [str(r.deal), r.layout, contract, places, *[str(p) for p in points]]


def describe_event(event: Mapping[str, Any], viewer: Viewer,
                   color: bool = False) -> str | None:
    kind = event["type"]
    seat = event.get("seat")
    who = seat_title(seat, viewer) if isinstance(seat, int) else ""
    if kind == "deal":
        pile = f", {event['pile']} in the draw pile" if event["pile"] else ""
        return (f"Deal {event['deal']}: {seat_name(event['dealer'], viewer)} dealt "
                f"{event['cards_each']} cards each{pile}.")
    if kind == "call":
        return f"{who}: {event['call']}."
    if kind == "forced_bid":
        return f"Everyone passed: {seat_name(event['seat'], viewer)} must now bid."
    if kind == "contract":
        if viewer in event["side"]:
            side = "your side" if len(event["side"]) > 1 else "you"
        else:
            name = seat_name(event["declarer"], viewer)
            side = f"{name}'s side" if len(event["side"]) > 1 else name
        return f"Contract {event['contract']} for {side}; {_opens(event['opener'], viewer)}."
    if kind == "failed_opening":
        return (f"{who} cannot open {event['contract']}: the deal is cancelled and the "
                f"declaring side loses {event['penalty']} points.")
    if kind == "cannot_choose":
        return f"{who} cannot open any layout, so the choice passes on."
    if kind == "redeal":
        return "Nobody can open a layout: the cards are dealt again."
    if kind == "choose":
        return f"{who} chose {layout_name(event['layout'])}."
    return _play_event(kind, event, who, viewer, color)


def _play_event(kind: str, event: Mapping[str, Any], who: str, viewer: Viewer,
                color: bool) -> str | None:
    if kind == "play":
        at = f" at {event['x']} {event['y']}" if "x" in event else ""
        return f"{who} played {card(event['card'], color)}{at}."
    if kind == "pass":
        return f"{who} passed" + (" and drew a card." if event["drew"] else ".")
    if kind == "draw":
        return f"{who} drew {card(event['card'], color)}."
    if kind == "blocked" and event["seats"]:
        names = " and ".join(seat_name(s, viewer) for s in event["seats"])
        sign = SIGN_KIND[COLOUR[BY_CODE[event["by"]]]].capitalize()
        return f"{sign} {card(event['by'], color)} blocks {names} for one turn."
    if kind == "skipped":
        if event["seat"] == viewer:
            return "You are blocked and lose this turn."
        return f"{who} is blocked and loses this turn."
    if kind == "rest":
        if event["seat"] == viewer:
            return "You laid the rest: everyone else waits while you play on until you pass."
        return f"{who} laid the rest: everyone else waits while {who.lower()} plays on."
    if kind == "rest_over":
        return "The rest is over."
    if kind == "hand_over":
        return (f"{who} laid the rest as the last card: the turn goes to "
                f"{seat_name(event['target'], viewer)}.")
    if kind == "out":
        return f"{who} went out in place {event['place']}."
    if kind == "stuck":
        stuck = "you are" if event["seat"] == viewer else f"seat {event['seat']} is"
        return f"Nobody can play on: {stuck} stuck in last place."
    if kind == "deal_end":
        places = ", ".join(seat_name(s, viewer) for s in event["places"])
        return f"Deal over. Places: {places}. Totals: {_totals(event, viewer)}."
    if kind == "game_end":
        return f"Game over (highest total wins): {standings(event['ranking'], viewer)}."
    return None


def _totals(event: Mapping[str, Any], viewer: Viewer) -> str:
    """Team totals in the partnership game (partners share one), else per seat."""
    totals: list[int] = event["totals"]
    if "team_points" in event:
        return ", ".join(f"{name} {total}"
                         for name, total in zip(TEAM_NAMES, team_totals(totals), strict=True))
    return ", ".join(f"{seat_name(s, viewer)} {t}" for s, t in enumerate(totals))
