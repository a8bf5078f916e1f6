"""Muzicando as text: the table a seat sees, and sentences for log events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.muzicando.cards import (
    BY_CODE,
    COLOUR,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    PARTNERSHIP,
    SIGN_KIND,
)
from cardroom.games.muzicando.render.drawing import card, draw_table, hand_by_colour
from cardroom.textui import paint, seat_name, seat_title, standings, table

TEAM_SHORT = ("NS", "EW")
PLACE_WORDS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def layout_name(letter: str) -> str:
    return LAYOUT_NAMES[LAYOUT_LETTERS.index(letter)]


def render(view: Mapping[str, Any], color: bool) -> str:
    lines = [paint(_headline(view), "bold", color)]
    if view["calls"] or view["bidding"]:
        lines.append(_bidding(view))
    if view["layout"]:
        lines.append(f"{layout_name(view['layout'])} on the table:")
        if view["opened"]:
            lines.extend(draw_table(view["layout"], view["table"], color))
        else:
            opens = _opens(view["opener"], view["seat"])
            lines.append(f"  (empty: {opens}" + (" at 0 0)" if view["layout"] in "SG" else ")"))
    lines.append(_seats(view))
    if view["seat"] is None:
        for seat, hand in enumerate(view["hands"]):
            lines.append(f"Seat {seat}: {hand_by_colour(hand, color)}")
    elif isinstance(view["seat"], int):
        lines.append(f"Your hand: {hand_by_colour(view['hand'], color)}")
    if view["results"]:
        lines.append(score_table(view))
    return "\n".join(lines)


def _headline(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    mode = "partnership" if view["mode"] == "partnership" else "individual"
    head = (f"Muzicando ({mode}) - deal {view['deal']} of {view['deals']}, "
            f"dealer {seat_name(view['dealer'], me)}")
    if view["contract"]:
        head += (f"; contract {view['contract']} ({layout_name(view['layout'])}) by "
                 f"{_side(view, view['declarer'])}")
    elif view["layout"]:
        head += f"; {seat_name(view['chooser'], me)} chose {layout_name(view['layout'])}"
    if view["pile"]:
        head += f"; draw pile {view['pile']}"
    if view["over"]:
        head += " - game over"
    return head


def _opens(seat: int, viewer: Viewer) -> str:
    return "you open" if seat == viewer else f"seat {seat} opens"


def _side(view: Mapping[str, Any], seat: int) -> str:
    me = view["seat"]
    if view["mode"] != "partnership":
        return seat_name(seat, me)
    return f"{PARTNERSHIP['team_names'][seat % 2]} ({seat_name(seat, me)})"


def _bidding(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    calls = [f"{seat_name(s, me)}: {c.removeprefix('bid ')}" for s, c in view["calls"]]
    text = "Bidding: " + (", ".join(calls) or "(no call yet)")
    if view["opener"] is not None and view["contract"]:
        text += f"; {_opens(view['opener'], me)}"
    return text


def _seats(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    rows = [["", "team" if view["teams"] else "", "cards", "status", "score"]]
    for seat in range(view["players"]):
        rows.append([seat_name(seat, me), TEAM_SHORT[seat % 2] if view["teams"] else "",
                     str(view["hand_sizes"][seat]), _status(view, seat),
                     str(view["scores"][seat])])
    return table(rows)


def _status(view: Mapping[str, Any], seat: int) -> str:
    words = []
    if seat in view["out"]:
        words.append(f"out {PLACE_WORDS[view['out'].index(seat)]}")
    if seat in view["to_act"]:
        words.append("to play" if view["phase"] == "play" else "to call"
                     if view["phase"] == "bidding" else "to choose")
    if seat in view["blocked"]:
        words.append("blocked (skips next turn)")
    if view["rest"] == seat:
        words.append("playing on after the rest")
    if seat in view["passed"] and view["phase"] == "play":
        words.append("passed")
    return ", ".join(words)


def score_table(view: Mapping[str, Any]) -> str:
    """One row per deal: contract, places and points."""
    me = view["seat"]
    partnership = view["mode"] == "partnership"
    who = ["NS", "EW"] if partnership else [seat_name(s, me) for s in range(view["players"])]
    rows = [["deal", "layout", "contract", "places", *who]]
    for r in view["results"]:
        rows.append(_result_row(r, partnership, me))
    totals = view["scores"][:2] if partnership else view["scores"]
    rows.append(["total", "", "", "", *[str(t) for t in totals]])
    return "Scores:\n" + table(rows)


def _result_row(r: Mapping[str, Any], partnership: bool, me: Viewer) -> list[str]:
    points = r["points"][:2] if partnership else r["points"]
    if r.get("cancelled"):
        contract = f"{r['contract']} by {seat_name(r['declarer'], me)}"
        return ["-", r["layout"], contract, "cancelled: no opening card",
                *[str(p) for p in points]]
    if r["contract"]:
        made = "made" if r["made"] else "failed"
        contract = f"{r['contract']} by {seat_name(r['declarer'], me)}, {made}"
    else:
        contract = f"chosen by {seat_name(r['chooser'], me)}"
    places = " ".join(str(s) for s in r["places"])
    if r["stuck"] is not None:
        places += f" ({r['stuck']} stuck)"
    return [str(r["deal"]), r["layout"], contract, places, *[str(p) for p in points]]


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
        names: list[str] = PARTNERSHIP["team_names"]
        return ", ".join(f"{name} {totals[team]}" for team, name in enumerate(names))
    return ", ".join(f"{seat_name(s, viewer)} {t}" for s, t in enumerate(totals))
