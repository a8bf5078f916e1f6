"""Chef (pizzaiolo) cards: who takes which after a round (D8) and the gifts
they order at the start of the next round (D9). Pure functions over the
data in ``deck.json``; the state calls them and logs what they return."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.games.pizzamania.cards import CHEF_BY_ID, chefs_in_play, extreme


@dataclass(frozen=True)
class Gift:
    """One transfer ordered by a chef card: ``cards`` is a packed pile."""

    chef: str
    giver: int
    receiver: int
    cards: int
    count: int
    which: str


def assign(order: list[int]) -> dict[str, int]:
    """D8: chef id -> seat, from a round's finish order (best first)."""
    players = len(order)
    holders: dict[str, int] = {}
    for chef in chefs_in_play(players):
        index = chef.place - 1 if chef.place > 0 else players + chef.place
        holders[chef.id] = order[index]
    if len(set(holders.values())) != len(holders):
        raise ValueError(f"deck.json: two chef cards fall to one seat with {players} players")
    return holders


def gifts(holders: dict[str, int], hands: list[int]) -> list[Gift]:
    """D9: every gift, computed from the hands as dealt (made all at once)."""
    out = []
    for chef_id, giver in holders.items():
        chef = CHEF_BY_ID[chef_id]
        receiver = holders[chef.gives_to]
        cards = extreme(hands[giver], chef.gives_count, chef.gives_which)
        out.append(Gift(chef_id, giver, receiver, cards, chef.gives_count, chef.gives_which))
    return out


def opener(holders: dict[str, int]) -> int:
    """The seat that turns the first base of a later round (the Nonna)."""
    return next(seat for chef_id, seat in holders.items() if CHEF_BY_ID[chef_id].opens)
