"""Action ints and their protocol strings (rules page: place, stack, done,
give, push, keep, take).

Card actions carry a card *type*: the copies of a type are interchangeable,
so ``place 3R`` names no particular copy.
"""

from __future__ import annotations

from typing import Final

from cardroom.games.pile_up.cards import BY_CODE, TYPE_CODE, TYPES
from cardroom.games.pile_up.fields import PileUpFields

MAX_SEATS: Final = 5
PLACE: Final = 0
STACK: Final = PLACE + TYPES
GIVE: Final = STACK + TYPES
TAKE: Final = GIVE + TYPES
PUSH: Final = TAKE + TYPES
KEEP: Final = PUSH + MAX_SEATS
DONE: Final = KEEP + 1
ACTION_COUNT: Final = DONE + 1

_CARD_VERBS: Final = (("place", PLACE), ("stack", STACK), ("give", GIVE), ("take", TAKE))
_VERB_BASE: Final = dict(_CARD_VERBS)
_SEATS: Final = {str(s): s for s in range(MAX_SEATS)}


def action_text(s: PileUpFields, action: int) -> str:
    if action == DONE:
        return "done"
    if action == KEEP:
        return "keep"
    if action >= PUSH:
        return f"push {action - PUSH}"
    verb, base = _CARD_VERBS[action // TYPES]
    return f"{verb} {TYPE_CODE[action - base]}"


def parse_action(s: PileUpFields, text: str) -> int | None:
    verb, _, arg = text.partition(" ")
    if not arg:
        return {"done": DONE, "keep": KEEP}.get(verb)
    if verb == "push":
        seat = _SEATS.get(arg)
        return None if seat is None else PUSH + seat
    base = _VERB_BASE.get(verb)
    card = BY_CODE.get(arg.upper())
    if base is None or card is None:
        return None
    return base + card
