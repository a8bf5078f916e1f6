"""The stacked entries of the ``deal`` and ``bases`` sources, checked and
converted to the engine's form (a deal as packed piles, a base deck as base
indices, top first)."""

from __future__ import annotations

from typing import Any

from cardroom.core.errors import BadOption
from cardroom.games.pizzamania.cards import (
    BASE_BY_CODE,
    BASE_CODES,
    BASE_COUNT,
    BASE_TOTAL,
    COPIES,
    FULL,
    TOPPING_TOTAL,
    deal_size,
    pack,
)


def convert_deal(entry: Any, players: int, where: str) -> list[int]:
    """One round's hands, seat 0 first, as packed piles; the toppings no
    hand names make up the pile set aside (D3)."""
    each = deal_size(players)
    if not isinstance(entry, list) or len(entry) != players:
        raise BadOption(f"{where}: a deal is a list of {players} hands (lists of values), "
                        "seat 0 first")
    piles = []
    copies = dict.fromkeys(COPIES, 0)
    for seat, hand in enumerate(entry):
        if not isinstance(hand, list) or len(hand) != each:
            raise BadOption(f"{where}: seat {seat} must get exactly {each} toppings "
                            f"({TOPPING_TOTAL} dealt evenly among {players})")
        values = [topping_value(code, where) for code in hand]
        for value in values:
            copies[value] += 1
        piles.append(pack(values))
    for value, held in copies.items():
        if held > COPIES[value]:
            raise BadOption(f"{where}: the deal has {held} toppings of value {value}, "
                            f"but the deck has only {COPIES[value]}")
    total = sum(piles)
    return [*piles, FULL - total]


def topping_value(code: Any, where: str) -> int:
    """A topping's value from its code: the number itself, or its text."""
    value = code
    if isinstance(code, str) and code.isdigit() and code == str(int(code)):
        value = int(code)
    if isinstance(value, bool) or not isinstance(value, int) or value not in COPIES:
        raise BadOption(f"{where}: {code!r} is not a topping value "
                        f"({min(COPIES)} to {max(COPIES)})")
    return value


def convert_bases(entry: Any, where: str) -> list[int]:
    """A whole base deck order, top first (the protocol: an entry with the
    wrong number of cards is impossible)."""
    if not isinstance(entry, list) or len(entry) != BASE_TOTAL:
        raise BadOption(f"{where}: a base deck is a list of all {BASE_TOTAL} base codes "
                        f"({', '.join(BASE_CODES)}), top first")
    order = []
    for code in entry:
        kind = BASE_BY_CODE.get(code) if isinstance(code, str) else None
        if kind is None:
            raise BadOption(f"{where}: {code!r} is not a base (bases: {', '.join(BASE_CODES)})")
        order.append(kind)
    for kind, n in enumerate(BASE_COUNT):
        if order.count(kind) > n:
            raise BadOption(f"{where}: {order.count(kind)} {BASE_CODES[kind]} bases, "
                            f"but the deck has only {n}")
    return order
