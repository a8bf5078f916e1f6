"""Pizzamania cards, loaded from ``deck.json`` (D1, D2, D8, D9, D11 live there).

A topping is its value. A pile of toppings (a hand, the cards played, the
cards set aside) is one int holding four bits per value: bits ``4v..4v+3``
count the copies of value ``v``. Copies are identical, so a multiset is all
the rules need; adding two disjoint piles is plain addition, because no
printing we load has more than 8 copies of a value (_check_data).

A pizza base is an int too: its index in ``BASE_CODES``. Sets of seats (who
passed on a pizza) are ``core.cardset`` masks, bit ``p`` for seat ``p``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from cardroom.core.cardset import CardCodes
from cardroom.core.pickling import by_fields

BITS: Final = 4
NIBBLE: Final = (1 << BITS) - 1


@dataclass(frozen=True)
class Chef:
    """One pizzaiolo card: who takes it after a round and what it gives."""

    id: str
    name: str
    local: str
    place: int  # 1 = winner, 2 = second, -1 = last, -2 = second-to-last
    min_players: int
    opens: bool  # its holder turns the first base of a later round
    gives_to: str
    gives_count: int
    gives_which: str  # "smallest" or "largest"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


DATA: Final = _load()
COPIES: Final[dict[int, int]] = {int(v): n for v, n in DATA["toppings"].items()}
VALUES: Final[tuple[int, ...]] = tuple(sorted(COPIES))
LOWEST: Final = VALUES[0]
HIGHEST: Final = VALUES[-1]
ONE: Final[tuple[int, ...]] = tuple(1 << (BITS * v) for v in range(HIGHEST + 1))
FULL: Final = sum(n * ONE[v] for v, n in COPIES.items())
TOPPING_TOTAL: Final = sum(COPIES.values())

BASES: Final = CardCodes([b["code"] for b in DATA["bases"]])
BASE_CODES: Final[tuple[str, ...]] = BASES.codes
BASE_NAMES: Final[tuple[str, ...]] = tuple(b["name"] for b in DATA["bases"])
BASE_SIZE: Final[tuple[int, ...]] = tuple(b["size"] for b in DATA["bases"])
BASE_COUNT: Final[tuple[int, ...]] = tuple(b["count"] for b in DATA["bases"])
# D11: the seat that turns such a base must play on it (it may not pass first).
TURNER_MUST_PLAY: Final[tuple[bool, ...]] = tuple(b["turner_must_play"] for b in DATA["bases"])
BASE_BY_CODE: Final[dict[str, int]] = BASES.by_code
BASE_TOTAL: Final = sum(BASE_COUNT)
BASE_DECK: Final[tuple[int, ...]] = tuple(k for k, n in enumerate(BASE_COUNT) for _ in range(n))

CHEFS: Final[tuple[Chef, ...]] = tuple(
    Chef(c["id"], c["name"], c["local"], c["place"], c["min_players"], c["opens"],
         c["gives"]["to"], c["gives"]["count"], c["gives"]["which"])
    for c in DATA["chefs"]
)
CHEF_BY_ID: Final[dict[str, Chef]] = {c.id: c for c in CHEFS}


def count(pile: int, value: int) -> int:
    return pile >> (BITS * value) & NIBBLE


def pack(values: Iterable[int]) -> int:
    pile = 0
    for v in values:
        pile += ONE[v]
    return pile


def unpack(pile: int) -> list[int]:
    """The values of a pile, lowest first, one entry per copy."""
    out: list[int] = []
    for v in VALUES:
        out += [v] * count(pile, v)
    return out


FULL_VALUES: Final[tuple[int, ...]] = tuple(unpack(FULL))  # the whole deck, as a deal shuffles it


# values_with's bit trick: a nibble holding ``c`` copies, plus 8 - need,
# reaches its top bit exactly when c >= need (no carry while c + 7 < 16).
_TOP_BITS: Final = sum(8 << BITS * v for v in VALUES)
_LIFT: Final[tuple[int, ...]] = tuple(
    sum((8 - need) << BITS * v for v in VALUES) if need else 0 for need in range(9)
)
_FROM: Final[tuple[int, ...]] = tuple(
    sum(NIBBLE << BITS * v for v in VALUES if v >= low) for low in range(HIGHEST + 2)
)
_VALUES_AT: Final[dict[int, tuple[int, ...]]] = {}  # top bits -> their values, filled as met


def values_with(pile: int, need: int, low: int) -> list[int]:
    """The values from ``low`` up (at most HIGHEST + 1) of which ``pile``
    holds at least ``need`` copies (1..8), lowest first."""
    top = (pile + _LIFT[need]) & _TOP_BITS & _FROM[low]
    found = _VALUES_AT.get(top)
    if found is None:
        found = _VALUES_AT[top] = tuple(v for v in VALUES if top >> (BITS * v + 3) & 1)
    return list(found)


def size(pile: int) -> int:
    return sum(count(pile, v) for v in VALUES)


def counts(pile: int) -> list[int]:
    """Copies per value, indexed by value (index 0 unused)."""
    return [count(pile, v) for v in range(HIGHEST + 1)]


def extreme(pile: int, how_many: int, which: str) -> int:
    """The ``how_many`` smallest or largest toppings of a pile (D9)."""
    order = VALUES if which == "smallest" else VALUES[::-1]
    out = 0
    for v in order:
        take = min(count(pile, v), how_many)
        out += take * ONE[v]
        how_many -= take
        if not how_many:
            break
    return out


def chefs_in_play(players: int) -> tuple[Chef, ...]:
    """D8: the chef cards a game of this size uses."""
    return tuple(c for c in CHEFS if players >= c.min_players)


def deal_size(players: int) -> int:
    """D3: toppings each; the rest is set aside for the round."""
    return TOPPING_TOTAL // players


def _check_data() -> None:
    """Refuse a deck file the rules machine cannot play with."""
    if not VALUES or LOWEST < 1 or any(not 0 < n <= 8 for n in COPIES.values()):
        # 8 at most: values_with adds up to 7 to a count inside its nibble.
        raise ValueError("deck.json: topping values must be positive, 1..8 copies each")
    if len(set(BASE_SIZE)) != len(BASE_SIZE) or not 1 <= min(BASE_SIZE) <= max(BASE_SIZE) <= 8:
        raise ValueError("deck.json: each base kind needs its own size, 1..8")
    if any(must and size != 1 for must, size in zip(TURNER_MUST_PLAY, BASE_SIZE, strict=True)):
        # A turner always holds a topping, but not always a pair or triple.
        raise ValueError("deck.json: only a base of size 1 can oblige its turner to play")
    for chef in CHEFS:
        partner = CHEF_BY_ID.get(chef.gives_to)
        # The sampler (sampler.py) relies on gifts being mutual pairs.
        mutual = partner is not None and partner.gives_to == chef.id
        if not mutual or partner is None or partner.min_players != chef.min_players:
            raise ValueError(f"deck.json: chef {chef.id} must swap with a chef that swaps back")
        if chef.gives_which not in ("smallest", "largest"):
            raise ValueError(f"deck.json: chef {chef.id} gives 'smallest' or 'largest'")
    if sum(1 for c in CHEFS if c.opens) != 1:
        raise ValueError("deck.json: exactly one chef turns the first base of a later round")


_check_data()
