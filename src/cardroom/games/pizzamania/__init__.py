"""Pizzamania (the Ukrainian edition of Pizza Rush): shed your toppings by
playing single cards, pairs or triples higher than the last, pizza by pizza."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.errors import BadOption
from cardroom.core.events import Viewer
from cardroom.core.game import Game
from cardroom.core.options import Option
from cardroom.core.registry import register
from cardroom.core.rng import Rng
from cardroom.games.pizzamania import render as text
from cardroom.games.pizzamania.bot import PizzamaniaHeuristic
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
from cardroom.games.pizzamania.sampler import determinize
from cardroom.games.pizzamania.state import PizzamaniaState


class Pizzamania(Game):
    id = "pizzamania"
    state_class = PizzamaniaState
    name = "Pizzamania"
    min_players = 2  # D3
    max_players = 8
    options = (
        Option("rounds", "int", 3,
               "Rounds to play (the standard game is 3); the winner of the final round "
               "wins the game.", min=1),
        Option("simple", "bool", False,
               "The simple game: one round and no chef cards."),
    )
    random_sources = ("deal", "bases")
    # ISMCTS iterations per move by default: the most that keeps a move well
    # under a second on one core (bench/ismcts_speed.py; docs/bots.md).
    search_iterations = 1000

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        if options["simple"] and given.get("rounds") not in (None, 1):
            raise BadOption("option 'rounds': the simple game is a single round; "
                            "leave 'rounds' out or set it to 1")

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "bases":
            return convert_bases(entry, where)
        return convert_deal(entry, players, where)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> PizzamaniaState:
        return determinize(self, view, rng)

    def heuristic_bot(self, seed: int) -> Bot:
        return PizzamaniaHeuristic(seed)

    def render(self, view: Mapping[str, Any], color: bool) -> str:
        return text.render(view, color)

    def describe_event(self, event: Mapping[str, Any], viewer: Viewer) -> str | None:
        return text.describe_event(event, viewer)


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


GAME = register(Pizzamania())
