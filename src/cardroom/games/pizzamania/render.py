"""Pizzamania as text: the table a seat sees, and one sentence per event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.pizzamania.cards import (
    BASE_BY_CODE,
    BASE_NAMES,
    BASE_SIZE,
    CHEF_BY_ID,
    HIGHEST,
)
from cardroom.games.pizzamania.fields import PHASE_CHOOSE
from cardroom.games.pizzamania.rules.facts import lowest_play
from cardroom.games.pizzamania.viewtypes import (
    PizzamaniaRefereeTable,
    PizzamaniaSeatTable,
    PizzamaniaTable,
)
from cardroom.textui import paint, seat_name, seat_title, table

PLACE_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    return f"{n}{PLACE_SUFFIX.get(n if n < 20 else n % 10, 'th')}"


def topping(value: int, color: bool) -> str:
    colour = "green" if value <= 4 else "yellow" if value <= 8 else "red"
    return paint(str(value), colour, color)


def toppings(values: Sequence[int], color: bool) -> str:
    return " ".join(topping(v, color) for v in values) or "-"


def grouped(values: Sequence[int], color: bool) -> str:
    """A hand grouped by value: ``1 | 3 3 | 7 7 7``."""
    groups: dict[int, list[int]] = {}
    for v in values:
        groups.setdefault(v, []).append(v)
    return " | ".join(toppings(g, color) for g in groups.values()) or "(empty)"


def base_words(code: str) -> str:
    kind = BASE_BY_CODE[code]
    size = BASE_SIZE[kind]
    each = "1 topping" if size == 1 else f"{size} equal toppings"
    name = BASE_NAMES[kind]
    return f"{code} ({name}: {each} a play)"


def chef_name(chef_id: str) -> str:
    chef = CHEF_BY_ID[chef_id]
    return f"{chef.name} ({chef.local})"


def render(view: View[Any], color: bool, compact: bool = False) -> str:
    """The table as text; one form serves both, so ``compact`` changes nothing."""
    t: PizzamaniaTable = view.table
    me = view.seat
    lines = [paint(_headline(view, t), "bold", color), _pizza_line(view, t, color)]
    makeup = ", ".join(f"{code} {n}" for code, n in t.base_deck_makeup.items())
    lines.append(f"Base deck: {t.base_deck} left ({makeup}); "
                 f"{t.set_aside} toppings set aside unseen this round")
    passed = ", ".join(seat_name(s, me) for s in t.passed)
    lines.append(f"Passed on this pizza: {passed or 'nobody'}")
    lines.append(_seat_table(view, t))
    finished = ", ".join(f"{ordinal(i + 1)} {seat_name(s, me)}"
                         for i, s in enumerate(t.finished))
    lines.append(f"Finish order this round: {finished or 'nobody out yet'}")
    lines += _exchange_lines(view, t, color)
    if isinstance(t, PizzamaniaRefereeTable):
        lines += [f"Seat {s}: {grouped(h, color)}" for s, h in enumerate(t.hands)]
        lines.append(f"Set aside: {toppings(t.aside, color)}")
    elif isinstance(t, PizzamaniaSeatTable):
        lines.append(f"Your hand: {grouped(t.hand, color)}")
    lines += _choice_lines(view, t)
    return "\n".join(lines)


def _headline(view: View[Any], t: PizzamaniaTable) -> str:
    me = view.seat
    if t.rounds:
        head = f"Pizzamania - round {t.round} of {t.rounds}"
    else:
        head = f"Pizzamania - round {t.round} of the endless game"
    if t.simple:
        head += " (simple game)"
    if isinstance(me, int):
        head += f" - you are seat {me}"
    if view.over:
        head += f" - game over: {seat_name(t.orders[-1][0], me)} won"
    return head


def _choice_lines(view: View[Any], t: PizzamaniaTable) -> list[str]:
    """D12: the continue-or-stop choice after a round of the endless game."""
    me = view.seat
    choices = t.choices
    if view.phase == PHASE_CHOOSE:
        lines = [f"Round {t.round} is over. Every player now chooses, in secret: "
                 "'continue' (play another round) or 'stop' (end the game: the winner of "
                 f"round {t.round} wins it). One 'stop' ends the game."]
        waiting = ", ".join(seat_name(s, me) for s in view.to_act)
        lines.append(f"Still choosing: {waiting}")
        if isinstance(me, int) and choices[me]:
            lines.append(f"You chose: {choices[me]} (the others' choices stay secret "
                         "until everyone has chosen)")
        elif me is None:
            lines += [f"Seat {s} chose: {c}" for s, c in enumerate(choices) if c]
        return lines
    stop = [seat_name(s, me) for s, c in enumerate(choices) if c == "stop"]
    if view.over and stop:
        return [f"The game ended after round {t.round}: {', '.join(stop)} "
                f"chose to stop."]
    return []


def _pizza_line(view: View[Any], t: PizzamaniaTable, color: bool) -> str:
    me = view.seat
    line = f"Pizza: {base_words(t.base)}, turned by {seat_name(t.turner, me)}; "
    if t.top is None:
        return line + "nothing on it yet"
    seat = t.pile[-1][0]
    line += f"top {toppings([t.top] * t.base_size, color)} by {seat_name(seat, me)}"
    if view.over or view.phase == PHASE_CHOOSE:
        return line
    low = lowest_play(t.top)
    if low > HIGHEST:  # D1: no topping is higher than the highest value
        return line + f" ({HIGHEST} is the highest topping: nobody can beat it)"
    return line + f" (beat it with {low} or more)"


def _seat_table(view: View[Any], t: PizzamaniaTable) -> str:
    me = view.seat
    chef_of = {seat: CHEF_BY_ID[c].name for c, seat in t.chefs.items()}
    rows = [["", "cards", "chef", "now", "places"]]
    for seat in range(view.players):
        rows.append([seat_name(seat, me), str(t.hand_sizes[seat]),
                     chef_of.get(seat, "-"), _status(view, t, seat),
                     " ".join(str(p) for p in view.scores[seat]) or "-"])
    return table(rows)


def _status(view: View[Any], t: PizzamaniaTable, seat: int) -> str:
    if view.phase == PHASE_CHOOSE:
        return "choosing" if seat in view.to_act else "has chosen"
    place = t.places[seat]
    if place is not None:
        return f"out {ordinal(place)}" if t.hand_sizes[seat] == 0 else f"{ordinal(place)} (last)"
    if t.turn == seat:
        return "to act"
    if seat in t.passed:
        return "passed"
    if t.pile and t.pile[-1][0] == seat:
        return "on top"
    return ""


def _exchange_lines(view: View[Any], t: PizzamaniaTable, color: bool) -> list[str]:
    me = view.seat
    lines = []
    for g in t.exchanges:
        giver, receiver = seat_name(g.giver, me), seat_name(g.receiver, me)
        what = f"{g.count} {g.which}"
        if g.cards is not None:
            what += f" ({toppings(g.cards, color)})"
        lines.append(f"  {CHEF_BY_ID[g.chef].name}: {giver} gave {what} to {receiver}")
    return ["Chef exchanges this round:", *lines] if lines else []


def describe_event(event: Mapping[str, Any], viewer: Viewer, color: bool = False) -> str | None:
    kind = event["type"]
    who = seat_title(event["seat"], viewer) if "seat" in event else ""
    if kind == "deal":
        return (f"Round {event['round']}: {event['cards_each']} toppings each, "
                f"{event['set_aside']} set aside unseen.")
    if kind == "hand":
        whose = "Your" if viewer == event["seat"] else f"Seat {event['seat']}'s"
        return f"{whose} hand: {grouped(event['cards'], color)}."
    if kind == "bases":
        return f"The {event['count']} pizza bases are shuffled into the base deck."
    if kind == "reshuffle":
        return f"The base deck is empty: all {event['count']} set-aside bases are reshuffled."
    if kind in ("exchange", "gift"):
        return _describe_gift(event, viewer, color)
    if kind == "base":
        return f"{who} turned a new base: {base_words(event['base'])}."
    if kind == "play":
        return f"{who} played {toppings([event['value']] * event['count'], color)}."
    if kind == "pass":
        return f"{who} passed and {_be(event['seat'], viewer)} out of this pizza."
    if kind == "out":
        whose = "your" if event["seat"] == viewer else "their"
        return f"{who} played {whose} last topping and finished {ordinal(event['place'])}."
    if kind == "pizza":
        return f"{who} completed the {event['base']} pizza (top {event['top']})."
    if kind == "dead_base":
        return f"Nobody played on the {event['base']} base: it is set aside."
    return _describe_end(event, viewer)


def _be(seat: int, viewer: Viewer) -> str:
    return "are" if seat == viewer else "is"


def _describe_gift(event: Mapping[str, Any], viewer: Viewer, color: bool) -> str:
    giver = seat_title(event["giver"], viewer)
    receiver = seat_name(event["receiver"], viewer)
    verb = "give" if event["giver"] == viewer else "gives"
    if event["type"] == "exchange":
        return (f"{giver} ({CHEF_BY_ID[event['chef']].name}) {verb} {event['count']} "
                f"{event['which']} topping{'s' if event['count'] != 1 else ''} to {receiver}.")
    return f"{giver} {verb} {toppings(event['cards'], color)} to {receiver}."


def _describe_end(event: Mapping[str, Any], viewer: Viewer) -> str | None:
    kind = event["type"]
    if kind == "round_end":
        order = ", ".join(f"{ordinal(i + 1)} {seat_name(s, viewer)}"
                          for i, s in enumerate(event["order"]))
        return f"Round {event['round']} is over: {order}."
    if kind == "chefs":
        given = ", ".join(f"{chef_name(c)} to {seat_name(s, viewer)}"
                          for c, s in event["holders"].items())
        return f"Chef cards: {given}."
    if kind == "game_end":
        return (f"Game over: {seat_name(event['winner'], viewer)} won the final round "
                "and the game.")
    return _describe_choice(event, viewer)


def _describe_choice(event: Mapping[str, Any], viewer: Viewer) -> str | None:
    """D12: the endless game's continue-or-stop choice."""
    kind = event["type"]
    if kind == "continue_or_stop":
        return (f"Round {event['round']} is over: every player chooses, in secret, "
                "to continue (another round) or stop (end the game now).")
    if kind == "choice":
        what = "to play another round" if event["choice"] == "continue" else "to stop"
        return f"{seat_title(event['seat'], viewer)} chose {what} (secret until all have chosen)."
    if kind == "chosen":
        if event["seat"] == viewer:
            return None  # the seat's own "choice" event already said it
        return f"{seat_title(event['seat'], viewer)} has made a choice."
    if kind == "choices":
        said = ", ".join(f"{seat_name(s, viewer)} {c}"
                         for s, c in enumerate(event["choices"]))
        if event["stop"]:
            stop = ", ".join(seat_name(s, viewer) for s in event["stop"])
            return f"The choices are revealed ({said}): {stop} chose to stop, so the game ends."
        return f"The choices are revealed ({said}): everyone continues, a new round begins."
    return None
