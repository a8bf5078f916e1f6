"""Text for the expansions: the chance card of the round, the goal row with its
VP cards, and a sentence per expansion event (no I/O: returns strings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext
from cardroom.games.love_formula.viewtypes import Goal, LoveTable
from cardroom.textui import paint, seat_name, seat_title

by_id = CAT.by_id
RULES = {"reverse_priority": "turns go from the lowest priority up",
         "no_reactions": "no reactions"}


def _name(code: str) -> str:
    return cardtext.name(by_id[code])


def seats(items: Sequence[int], viewer: Viewer) -> str:
    return ", ".join(seat_name(s, viewer) for s in items)


def chance_lines(t: LoveTable, me: Viewer, color: bool) -> list[str]:
    c = t.chance
    if c is None:
        return []
    lines = [f"Chance deck {c.deck_size}, chance discard {len(c.discard)}."]
    if c.card and c.revealer is not None:
        who = seat_name(c.revealer, me)
        lines.insert(0, paint("Chance card of the round", "bold", color)
                     + f" (revealed by {who}): {cardtext.short(by_id[c.card], color)}")
    effects = [RULES[r] for r in c.rules]
    effects += [f"{seat_name(s, me)} +{n} move{'s' * (n != 1)}"
                for s, n in enumerate(c.extra_moves) if n]
    if effects:
        lines.append("This round: " + "; ".join(effects) + ".")
    if any(c.vp):
        lines.append("VP from chance cards: " + ", ".join(
            f"{seat_name(s, me)} {v}" for s, v in enumerate(c.vp)) + ".")
    return lines


def goal_lines(t: LoveTable, me: Viewer, color: bool) -> list[str]:
    g = t.goals
    if g is None:
        return []
    head = f"Goals (#RelationshipGoals, {g.variant}"
    if g.value is not None:
        head += f", every goal worth {g.value} VP"
    lines = [paint(head + "):", "bold", color)]
    for item in g.row:
        lines.append("  " + goal_line(item, me, color))
    return lines


def goal_line(item: Goal, me: Viewer, color: bool) -> str:
    card = by_id[item.goal]
    vp = "VP card face down" if item.vp is None else f"{item.vp} VP"
    if item.vp is not None and not item.face_up:
        vp += " (face down)"
    if item.won_by is not None:
        state = f"won by {seat_name(item.won_by, me)}"
    elif item.scored:
        state = f"scored by {seats(item.scored, me)}"
    else:
        state = "open" if item.kind == "first" else "checked at the end"
    return f"{cardtext.label(card, color)} [{vp}; {state}]: {cardtext.effect(card)}"


def _goal_event(e: Mapping[str, Any], v: Viewer) -> str:
    worth = f": {e['vp']} VP!" if e["vp"] is not None else " (its VP card stays face down)."
    return f"{seat_title(e['seat'], v)} won the goal {_name(e['goal'])}{worth}"


def _goals_end(e: Mapping[str, Any], v: Viewer) -> str:
    parts = []
    for g in e["goals"]:
        who = ([g["won_by"]] if g["won_by"] is not None else []) + g["scored"]
        parts.append(f"{_name(g['goal'])} {g['vp']} VP: {seats(who, v) or 'nobody'}")
    return "Goals at the end: " + "; ".join(parts) + "."


def _chance(e: Mapping[str, Any], v: Viewer) -> str:
    card = by_id[e["card"]]
    return (f"{seat_title(e['seat'], v)} revealed the chance card {cardtext.name(card)}: "
            f"{cardtext.effect(card)}.")


def _wiped(e: Mapping[str, Any], v: Viewer) -> str:
    gone = ", ".join(_name(c) for c in e["discarded"]) or "nothing"
    return (f"{_name(e['card'])} wipes out the date of {_name(e['couple'])} "
            f"({seat_name(e['owner'], v)}): {gone} discarded.")


EVENTS: dict[str, Any] = {
    "chance": _chance,
    "chance_reshuffle": lambda e, v: f"The {e['cards']} chance cards are shuffled into a new "
                                     "chance deck.",
    "score_vp": lambda e, v: f"{seat_title(e['seat'], v)} scored {e['vp']} VP.",
    "hearts": lambda e, v: "Every card with heart tokens " + (
        f"loses {-e['change']}." if e["change"] < 0 else f"gets {e['change']} more."),
    "round_rule": lambda e, v: f"This round: {RULES[e['rule']]}.",
    "goals": lambda e, v: "Goals on the table: " + ", ".join(
        f"{_name(g['goal'])} ({'First' if g['kind'] == 'first' else 'Game End'})"
        for g in e["goals"]) + ".",
    "goal": _goal_event,
    "goals_end": _goals_end,
    "wiped": _wiped,
}


def extra_move(e: Mapping[str, Any], v: Viewer) -> str:
    if e.get("this_round"):
        whose = "your" if e["seat"] == v else "their"
        return (f"{seat_title(e['seat'], v)} will have {e['moves']} preparation moves on "
                f"{whose} turn this round.")
    return f"{seat_title(e['seat'], v)} may make one more preparation move."
