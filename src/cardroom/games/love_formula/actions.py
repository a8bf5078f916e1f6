"""Actions as ints and their protocol strings (rules page: docs/games/love-formula.md).

An action is ``kind * KIND + a * ARG + b``: ``a`` and ``b`` are card ints or
seats. The text is a pure function of the int: card ints map to the ids of the
global catalog, which does not depend on the game's options.
"""

from __future__ import annotations

from typing import Final

from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.fields import LoveFields

ARG: Final = 256
KIND: Final = ARG * ARG
(DRAFT, SELECT, RESOLVE, END, PASS, REACT, ATTACH, LEAVE, DISCARD, TAKE, REMOVE, DROP,
 DETACH, SKIP, LOOK, TARGET, MOVE) = range(1, 18)

VERBS: Final = {
    DRAFT: "draft", SELECT: "select", RESOLVE: "resolve", END: "end", PASS: "pass",
    REACT: "react", ATTACH: "attach", LEAVE: "leave", DISCARD: "discard", TAKE: "take",
    REMOVE: "remove", DROP: "drop", DETACH: "detach", SKIP: "skip", LOOK: "look",
    TARGET: "target", MOVE: "move",
}
BY_VERB: Final = {v: k for k, v in VERBS.items()}
NO_ARG: Final = (RESOLVE, END, PASS, LEAVE)
SEAT_ARG: Final = (SKIP, LOOK)
TWO_ARGS: Final = (TARGET, MOVE)


def make(kind: int, a: int = 0, b: int = 0) -> int:
    return kind * KIND + a * ARG + b


def kind_of(action: int) -> int:
    return action // KIND


def first(action: int) -> int:
    return action % KIND // ARG


def second(action: int) -> int:
    return action % ARG


def card_arg(action: int) -> int:
    """The card of a one-card action (``draft kiss-1``)."""
    return action % ARG


def action_text(s: LoveFields, action: int) -> str:
    """The protocol string of an action (a pure function of the int)."""
    kind = kind_of(action)
    verb = VERBS.get(kind)
    if verb is None:
        return f"?{action}"
    if kind in NO_ARG:
        return verb
    if kind in SEAT_ARG:
        return f"{verb} {second(action)}"
    if kind == TARGET:
        return f"target {first(action)} {CAT.ids[second(action)]}"
    if kind == MOVE:
        return f"move {CAT.ids[first(action)]} {CAT.ids[second(action)]}"
    return f"{verb} {CAT.ids[card_arg(action)]}"


def parse_action(s: LoveFields, text: str) -> int | None:
    """The action a protocol string names, or None."""
    players = s.players
    parts = text.split()
    if not parts or parts[0] not in BY_VERB:
        return None
    kind = BY_VERB[parts[0]]
    args = parts[1:]
    if kind in NO_ARG:
        return make(kind) if not args else None
    if kind in SEAT_ARG:
        seat = _seat(args, players)
        return None if seat is None or len(args) != 1 else make(kind, 0, seat)
    if kind == TARGET:
        seat = _seat(args[:1], players)
        couple = CAT.by_id.get(args[1]) if len(args) == 2 else None
        return None if seat is None or couple is None else make(kind, seat, couple)
    if kind == MOVE:
        cards = [CAT.by_id.get(a) for a in args]
        if len(cards) != 2 or cards[0] is None or cards[1] is None:
            return None
        return make(kind, cards[0], cards[1])
    card = CAT.by_id.get(args[0]) if len(args) == 1 else None
    return None if card is None else make(kind, 0, card)


def _seat(args: list[str], players: int) -> int | None:
    if len(args) != 1 or not args[0].isdigit():
        return None
    seat = int(args[0])
    return seat if seat < players else None
