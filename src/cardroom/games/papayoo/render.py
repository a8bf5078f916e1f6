"""Papayoo as text: the table a seat sees, and sentences for log events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.papayoo.viewtypes import (
    LastTrick,
    PapayooRefereeTable,
    PapayooSeatTable,
    PapayooTable,
)
from cardroom.textui import paint, seat_name, seat_title, standings, table

SUIT_COLOUR = {"S": "blue", "H": "red", "D": "yellow", "C": "green", "P": "magenta"}
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card(code: str, color: bool) -> str:
    return paint(code, SUIT_COLOUR[code[-1]], color)


def cards(codes: Sequence[str], color: bool) -> str:
    return " ".join(card(c, color) for c in codes) or "-"


def hand_by_suit(codes: Sequence[str], color: bool) -> str:
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[-1], []).append(code)
    return "   ".join(cards(groups[s], color) for s in "SHDCP" if s in groups) or "(empty)"


def render(view: View[Any], color: bool, compact: bool = False) -> str:
    t: PapayooTable = view.table
    if view.over:
        return "\n".join([_headline(view, t, color), score_summary(view)])
    lines = [_headline(view, t, color), _score_table(view, t), _progress(view, t, color)]
    return "\n".join(lines + _hands(view, color))


def _progress(view: View[Any], t: PapayooTable, color: bool) -> str:
    """The trick on the table and who plays next, or who is still choosing cards to pass."""
    me = view.seat
    if view.phase != "play":
        waiting = ", ".join(seat_name(s, me) for s in view.to_act)
        return f"Still choosing cards to pass: {waiting}"
    shown = ", ".join(f"{seat_name(s, me)}: {card(c, color)}" for s, c in t.trick)
    number = len(t.played) // view.players + 1
    turn = seat_name(t.turn, me) if t.turn is not None else "-"
    line = f"Trick {number}: {shown or '(nothing yet)'}   to play: {turn}"
    last = last_trick(t.last_trick, me, color)
    return f"{last}\n{line}" if last else line


def last_trick(taken: LastTrick | None, me: Viewer, color: bool) -> str:
    """The trick taken last this round, as a line; empty before the first."""
    if taken is None:
        return ""
    cards_shown = ", ".join(f"{seat_name(s, me)} {card(c, color)}" for s, c in taken.plays)
    points = taken.points
    return (f"Last trick: {cards_shown}; taken by {seat_name(taken.winner, me)} "
            f"({points} point{'s' if points != 1 else ''})")


def _hands(view: View[Any], color: bool) -> list[str]:
    t = view.table
    if isinstance(t, PapayooRefereeTable):
        return [f"Seat {seat}: {hand_by_suit(hand, color)}"
                + (f"   (to pass: {cards(chosen, color)})" if chosen else "")
                for seat, (hand, chosen) in enumerate(zip(t.hands, t.chosen, strict=True))]
    if not isinstance(t, PapayooSeatTable):
        return []  # a spectator sees no hand and no passed cards
    lines = [f"Your hand: {hand_by_suit(t.hand, color)}"]
    if view.phase != "play" and not view.over:
        chosen = t.chosen
        shown = cards(chosen, color) if chosen else "none yet"
        lines.append(f"Chosen to pass: {shown} ({len(chosen)} of {t.pass_count} chosen)")
    if view.phase == "play" and t.received:
        lines.append(f"Passed left: {cards(t.passed, color)}   "
                     f"received: {cards(t.received, color)}")
    return lines


def _headline(view: View[Any], t: PapayooTable, color: bool) -> str:
    if view.over:
        rounds = t.rounds
        head = (f"Papayoo - game over after {rounds} round{'s' if rounds != 1 else ''}; "
                "the lowest total wins")
        return paint(head, "bold", color)
    dealer = seat_name(t.dealer, view.seat)
    head = f"Papayoo - round {t.round} of {t.rounds}, dealer {dealer}"
    if t.papayoo:
        head += f", Papayoo {card(t.papayoo, color)} (40)"
    else:
        head += f", each passes {t.pass_count} cards to the left"
    return paint(head, "bold", color)


def _score_table(view: View[Any], t: PapayooTable) -> str:
    me = view.seat
    rows = [["", "cards", "this round", "total"]]
    for seat in range(view.players):
        rows.append([seat_name(seat, me), str(t.hand_sizes[seat]),
                     str(t.taken_points[seat]), str(view.scores[seat])])
    return table(rows)


def describe_event(event: Mapping[str, Any], viewer: Viewer, color: bool = False) -> str | None:
    kind = event["type"]
    if kind == "deal":
        return (f"Round {event['round']}: {seat_name(event['dealer'], viewer)} dealt "
                f"{event['cards_each']} cards each; pass {event['pass_count']} to the left.")
    if kind == "passed":
        return f"{seat_title(event['seat'], viewer)} chose the cards to pass."
    if kind == "pass_card" and viewer == event["seat"]:
        return f"You chose {card(event['card'], color)} to pass."
    if kind == "received" and viewer == event["seat"]:
        giver = seat_name(event["from"], viewer)
        return f"You receive {cards(event['cards'], color)} from {giver}."
    if kind == "die":
        return (f"The die shows {SUIT_WORD[event['suit']]}: {card(event['papayoo'], color)} "
                "is the Papayoo (40 points).")
    if kind == "play":
        return f"{seat_title(event['seat'], viewer)} played {card(event['card'], color)}."
    if kind == "trick":
        return (f"{seat_title(event['winner'], viewer)} took the trick "
                f"({event['points']} point{'s' if event['points'] != 1 else ''}).")
    if kind == "round_end":
        pts = ", ".join(f"{seat_name(s, viewer)} {p}" for s, p in enumerate(event["points"]))
        return f"Round {event['round']} over. Points: {pts}."
    if kind == "game_end":
        return f"Game over (lowest total wins): {standings(event['ranking'], viewer)}."
    return None


def score_summary(view: View[Any]) -> str:
    me = view.seat
    rounds = view.table.round_points
    header = [""] + [f"R{i + 1}" for i in range(len(rounds))] + ["total"]
    rows = [header]
    for seat in range(view.players):
        rows.append([seat_name(seat, me)] + [str(r[seat]) for r in rounds]
                    + [str(view.scores[seat])])
    return table(rows)
