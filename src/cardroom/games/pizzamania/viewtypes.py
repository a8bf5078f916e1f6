"""What a viewer knows of a Pizzamania table: the declared view parts.

``PizzamaniaTable`` is what every seat and spectator knows; a seat adds its
own hand (``PizzamaniaSeatTable``), the referee every hand, the toppings
set aside and the order of the base deck (``PizzamaniaRefereeTable``). A
topping is its value (1 to 12), a base its code (``"x1"``, ``"x2"``,
``"x3"``); the JSON forms are published in docs/schemas/pizzamania.json.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.core.views import ViewTypes, absent_when_none


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange:
    """One chef gift of this round (D9), as a viewer knows it."""

    chef: str
    giver: int
    receiver: int
    count: int
    which: str
    """``smallest`` or ``largest``: which end of the giver's hand went."""
    cards: tuple[int, ...] | None = absent_when_none()
    """The toppings given: for the giver, the receiver and the referee only."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PizzamaniaTable:
    round: int
    """The round being played, from 1 (the last one once the game is over)."""
    rounds: int
    """Rounds in the game (D10); 0: the endless game (D12)."""
    simple: bool
    """The simple game: a single round without chef cards."""
    hand_sizes: tuple[int, ...]
    set_aside: int
    """Toppings set aside unseen this round (D3)."""
    base: str
    """The base being played on."""
    base_size: int
    """Equal toppings a play on this base puts down."""
    base_deck: int
    """Bases left in the base deck."""
    base_deck_makeup: Mapping[str, int]
    """Bases of each code left in the base deck, every code in deck order
    (public: every base turned since the last shuffle was seen)."""
    pile: tuple[tuple[int, int], ...]
    """The plays on this base, first to last: each seat and the value it played."""
    top: int | None
    """The value on top of this base; null before its first play."""
    turner: int
    """The seat that turned this base (it plays first on it, D6, D11)."""
    passed: tuple[int, ...]
    """Seats that passed on this base: out of this pizza."""
    turn: int | None
    """The seat to play; null while seats choose (D12) and once the game is over."""
    finished: tuple[int, ...]
    """This round's finish order so far, first out first."""
    played: tuple[tuple[int, ...], ...]
    """Per seat, the toppings it played this round, lowest first."""
    chefs: Mapping[str, int]
    """Chef card id to the seat holding it (D8); empty in round 1 and the simple game."""
    exchanges: tuple[Exchange, ...]
    """This round's chef gifts (D9)."""
    orders: tuple[tuple[int, ...], ...]
    """Every completed round's finish order, first out first."""
    choices: tuple[str | None, ...]
    """D12: each seat's ``continue`` or ``stop`` after a round of the endless
    game; null where not made, or made but still secret from this viewer."""
    places: tuple[int | None, ...]
    """Each seat's finish place this round (1: first out); null while it plays."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PizzamaniaSeatTable(PizzamaniaTable):
    hand: tuple[int, ...]
    """This seat's toppings, lowest first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PizzamaniaRefereeTable(PizzamaniaTable):
    hands: tuple[tuple[int, ...], ...]
    """Every seat's toppings, lowest first."""
    aside: tuple[int, ...]
    """The toppings set aside this round."""
    base_order: tuple[str, ...]
    """The base deck, top first."""


VIEW_TYPES = ViewTypes(seat=PizzamaniaSeatTable, public=PizzamaniaTable,
                       referee=PizzamaniaRefereeTable)
