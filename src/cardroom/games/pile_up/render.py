"""Pile up as text: the table a seat sees, and one sentence per event."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.pile_up.cards import COLOUR_NAMES
from cardroom.games.pile_up.viewtypes import (
    Column,
    PileUpRefereeTable,
    PileUpSeatTable,
    PileUpTable,
    Push,
)
from cardroom.textui import ANSI, paint, seat_name, standings, subject, table

# A colour's name is its terminal colour where the terminal has one.
_PAINT = {"black": "grey", "white": "bold"}


def card(code: str, color: bool) -> str:
    name = COLOUR_NAMES.get(code[-1], "")
    shade = _PAINT.get(name, name)
    return paint(code, shade if shade in ANSI else None, color)


def cards(codes: Sequence[str], color: bool) -> str:
    return " ".join(card(c, color) for c in codes) or "-"


def stack(code: str, count: int, color: bool) -> str:
    """One visible card; identical cards laid on it show as 3R×2."""
    return card(code, color) + (f"×{count}" if count > 1 else "")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render(view: View[Any], color: bool, compact: bool = False) -> str:
    """The table as text; the game has one form only, so ``compact`` is ignored."""
    t: PileUpTable = view.table
    lines = [paint(_headline(view, t), "bold", color), "Columns:"]
    lines += [_column(col, color) for col in t.columns]
    lines.append(_players(view, t))
    me = view.seat
    if isinstance(t, PileUpRefereeTable):
        lines += [f"Seat {s}: {cards(h, color)}" for s, h in enumerate(t.hands)]
    elif isinstance(t, PileUpSeatTable) and isinstance(me, int):
        lines.append(f"Your hand: {cards(t.hand, color) if t.hand else '(empty)'}")
        lines.append(f"Your minus cards: {cards(t.minus[me], color)}")
    for seat, known in enumerate(t.known):
        if known and seat != me:
            lines.append(f"Known in {seat_name(seat, me)}'s hand (revealed): "
                         f"{cards(known, color)}")
    status = _status(view, t, color)
    if status:
        lines.append(status)
    return "\n".join(lines)


def _headline(view: View[Any], t: PileUpTable) -> str:
    if view.over:
        return f"Pile up - game over, draw pile {t.pile_size}"
    dice = " ".join(str(d) for d in t.dice)
    who = seat_name(t.turn, view.seat)
    return f"Pile up - turn of {who}, dice {dice}, draw pile {t.pile_size}"


def _column(col: Column, color: bool) -> str:
    shown = "  ".join(stack(code, count, color) for code, count in col.stacks) or "-"
    mark = "  " + paint("ARMED (black): the next to add takes all", "bold", color) \
        if col.armed else ""
    size = f"  [{plural(col.size, 'card')}]" if col.size else ""
    return f"  {col.number} | {shown}{size}{mark}"


def _players(view: View[Any], t: PileUpTable) -> str:
    me = view.seat
    rows = [["", "hand", "minus"]]
    for seat in range(view.players):
        name = seat_name(seat, me) + (" *" if seat in view.to_act else "")
        rows.append([name, str(t.hand_sizes[seat]), str(view.scores[seat])])
    return table(rows)


class Who:
    """A seat as the subject of a sentence: "Seat 2 places" or "You place"."""

    def __init__(self, seat: int, viewer: Viewer) -> None:
        self.seat, self.viewer = seat, viewer

    def __call__(self, does: str, do: str) -> str:
        return subject(self.seat, self.viewer, does, do)

    def mid(self, does: str, do: str) -> str:
        """The same inside a sentence: "you place"."""
        return f"{seat_name(self.seat, self.viewer)} {do if self.seat == self.viewer else does}"


def _status(view: View[Any], t: PileUpTable, color: bool) -> str | None:
    """What the player to act is in the middle of."""
    if view.over:
        return None
    me = view.seat
    who = Who(view.to_act[0], me)
    phase = view.phase
    if phase == "give" and t.give is not None:
        return (f"Triple! {who('gives', 'give')} away "
                f"{plural(t.give.left, 'more minus card')}, the next to "
                f"{seat_name(t.give.next, me)}.")
    if phase == "take":
        return f"No card matches the dice: {who.mid('takes', 'take')} a hand card as a minus card."
    if phase in ("push", "avoid") and t.push is not None:
        return _pushing(phase, t.push, who, color)
    source = "minus cards (one card)" if t.from_minus else "hand"
    if t.placed and t.last is not None:
        return (f"{who('is', 'are')} laying {t.number}s from {source} "
                f"({plural(t.placed, 'card')} so far, last {card(t.last, color)}).")
    return f"{who('lays', 'lay')} cards of one rolled number from {source}."


def _pushing(phase: str, push: Push, who: Who, color: bool) -> str:
    # The pushed cards have left the column: only this line shows them.
    count = len(push.cards)
    moving = f"{plural(count, 'card')} of column {push.number} ({cards(push.cards, color)})"
    if phase == "push":
        return f"White card: {who.mid('pushes', 'push')} the {moving} onto another player."
    return (f"{who('rolled', 'rolled')} a {push.die} and may pass the {moving} on "
            f"or keep {'it' if count == 1 else 'them'}.")


def describe_event(event: Mapping[str, Any], viewer: Viewer,
                   color: bool = False) -> str | None:
    kind = event["type"]
    if kind == "deal":
        return f"Each player gets {event['hand_size']} cards; {event['pile']} form the draw pile."
    who = Who(event.get("seat", -1), viewer)
    if kind == "hand":
        return f"Your hand: {cards(event['cards'], color)}." if viewer == event["seat"] else None
    if kind == "roll":
        again = " again" if event.get("again") else ""
        return f"{who('rolled', 'rolled')}{again} {' '.join(str(d) for d in event['dice'])}."
    sentence = _SENTENCES.get(kind)
    return None if sentence is None else sentence(event, who, color)


def _triple(event: Mapping[str, Any], who: Who, color: bool) -> str:
    if not event["give"]:
        return f"Triple {event['number']}s! {who('has', 'have')} no minus cards: nothing happens."
    return (f"Triple {event['number']}s! {who('gives', 'give')} "
            f"{plural(event['give'], 'minus card')} away (the dice sum to {event['sum']}).")


def _give(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return (f"{who('gives', 'give')} {card(event['card'], color)} to "
            f"{seat_name(event['recipient'], who.viewer)}.")


def _place(event: Mapping[str, Any], who: Who, color: bool) -> str:
    how = who("stacks", "stack") if event["stacked"] else who("places", "place")
    source = " from the minus cards" if event["minus"] else ""
    return (f"{how} {card(event['card'], color)}{source} "
            f"(column {event['card'][:-1]} shows {plural(event['visible'], 'card')}).")


def _armed(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return f"Black last: column {event['number']} is armed; the next to add takes it all."


def _take_column(event: Mapping[str, Any], who: Who, color: bool) -> str:
    why = "it was armed" if event["why"] == "armed" else "a third card shows"
    return (f"{who('takes', 'take')} column {event['number']} ({why}): "
            f"{plural(event['count'], 'minus card')}, {cards(event['cards'], color)}.")


def _push(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return (f"{who('pushes', 'push')} {plural(len(event['cards']), 'card')} of column "
            f"{event['number']} onto {seat_name(event['target'], who.viewer)}.")


def _avoid_roll(event: Mapping[str, Any], who: Who, color: bool) -> str:
    if event["avoided"]:
        return f"{who('rolled', 'rolled')} a {event['die']} and may push the cards on."
    return f"{who('rolled', 'rolled')} a {event['die']}, not a {event['number']}."


def _pushed_onto(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return (f"{who('gets', 'get')} {plural(event['count'], 'minus card')}: "
            f"{cards(event['cards'], color)}.")


def _reveal(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return f"No card matches the dice: {who.mid('shows', 'show')} {cards(event['cards'], color)}."


def _take(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return f"{who('takes', 'take')} {card(event['card'], color)} as a minus card."


def _draw(event: Mapping[str, Any], who: Who, color: bool) -> str | None:
    if who.seat == who.viewer:
        return None  # the private "drew" event names the cards
    return f"{who('draws', 'draw')} {plural(event['count'], 'card')} ({event['pile']} left)."


def _drew(event: Mapping[str, Any], who: Who, color: bool) -> str:
    return f"{who('drew', 'drew')} {cards(event['cards'], color)}."


def _game_end(event: Mapping[str, Any], who: Who, color: bool) -> str:
    viewer = who.viewer
    counts = ", ".join(f"{seat_name(s, viewer)} {c}" for s, c in enumerate(event["scores"]))
    return (f"Game over (fewest minus cards wins): {standings(event['ranking'], viewer)}. "
            f"Minus cards: {counts}.")


Sentence = Callable[[Mapping[str, Any], Who, bool], "str | None"]
_SENTENCES: dict[str, Sentence] = {
    "triple": _triple, "give": _give, "place": _place, "armed": _armed,
    "take_column": _take_column, "push": _push, "avoid_roll": _avoid_roll,
    "pushed_onto": _pushed_onto, "reveal": _reveal, "take": _take, "draw": _draw,
    "drew": _drew, "game_end": _game_end,
    "keep": lambda e, who, c: f"{who('keeps', 'keep')} the cards.",
    "skip": lambda e, who, c: f"{who('has', 'have')} no cards at all: turn skipped.",
}
