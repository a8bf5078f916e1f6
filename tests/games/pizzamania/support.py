"""Set-ups for the Pizzamania tests: stacked deals, bases and quick play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.cards import BASE_CODES, BASE_COUNT
from cardroom.games.pizzamania.state import PizzamaniaState

VALUES = range(1, 13)
DECK = [v for v in VALUES for _ in range(4)]

NONNA_HAND = [7] * 4 + [8] * 4 + [9] * 4
PRO_HAND = [4] * 4 + [5] * 4 + [6] * 4
NOVICE_HAND = [10] * 4 + [11] * 4 + [12] * 4
LOSER_HAND = [1] * 4 + [2] * 4 + [3] * 4
# Round 2 of a 4-player game where seats finished round 1 in order 0, 1, 2, 3.
ROUND_TWO = [NONNA_HAND, PRO_HAND, NOVICE_HAND, LOSER_HAND]


def ladder(players: int) -> list[list[int]]:
    """The sorted deck dealt round-robin: with 4 players each seat holds
    1..12 once, with 2 players each holds every value twice."""
    each = 48 // players
    return [DECK[seat::players][:each] for seat in range(players)]


def two_player_triples() -> list[list[int]]:
    """Seat 0 holds triples of the odd values, seat 1 of the even ones."""
    odd = [v for v in VALUES if v % 2]
    even = [v for v in VALUES if not v % 2]
    return [sorted(odd * 3 + even), sorted(even * 3 + odd)]


def full_order(top: Sequence[str]) -> list[str]:
    """A whole base deck: ``top`` first, then the rest by size (x1, x2, x3)."""
    rest = [code for code, n in zip(BASE_CODES, BASE_COUNT, strict=True) for _ in range(n)]
    for code in top:
        rest.remove(code)
    return [*top, *rest]


def new(players: int, deal: Sequence[Sequence[int | str]] | None = None,
        bases: Sequence[str] | None = None, seed: int = 1,
        deals: Sequence[Sequence[Sequence[int]]] | None = None,
        base_decks: Sequence[Sequence[str]] | None = None,
        **options: Any) -> PizzamaniaState:
    stack: dict[str, Any] = {}
    if deal is not None:
        stack["deal"] = [[list(h) for h in deal]]
    if deals is not None:
        stack["deal"] = [[list(h) for h in d] for d in deals]
    if bases is not None:
        stack["bases"] = [full_order(bases)]
    if base_decks is not None:
        stack["bases"] = [full_order(b) for b in base_decks]
    if stack:
        options["stack"] = stack
    state = GAME.new(players, seed, options)
    assert isinstance(state, PizzamaniaState)
    return state


def round_two() -> PizzamaniaState:
    """Round 2 of a 4-player game after the chef exchanges: seat 0 holds the
    Nonna, 1 the Pro, 2 the Novice, 3 the Loser (dealt ``ROUND_TWO``)."""
    state = new(4, deals=[ladder(4), ROUND_TWO], seed=2)
    force_order(state, [0, 1, 2, 3])
    return state


def act(state: PizzamaniaState, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        state.act(seat, text)


def hand(state: PizzamaniaState, seat: int) -> list[int]:
    held: list[int] = state.view(seat)["hand"]
    return held


def events(state: PizzamaniaState, kind: str, since: int = 0) -> list[dict[str, Any]]:
    return [e for e in state.log[since:] if e["type"] == kind]


def in_round(state: PizzamaniaState, start: int) -> bool:
    """Round ``start`` is still being played (not over, no D12 choice yet)."""
    return not state.is_over() and state.round_no == start and not state.choosing


def finish_round(state: PizzamaniaState) -> None:
    """Play the current round out: each seat plays its lowest play."""
    start = state.round_no
    while in_round(state, start):
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])


def force_order(state: PizzamaniaState, order: Sequence[int]) -> None:
    """Play the current round so that seats go out in ``order``: the first
    seat of ``order`` still holding cards plays its lowest play, the others
    pass (or, when D11 forbids it on an x1 base they turned, play their
    lowest topping for the leader to beat)."""
    start = state.round_no
    while in_round(state, start):
        seat = state.to_act()[0]
        sizes = state.view(None)["hand_sizes"]
        leader = next(s for s in order if sizes[s])
        legal = state.legal_texts(seat)
        state.act(seat, legal[0] if seat == leader or "pass" not in legal else "pass")
    assert state.orders[start - 1] == list(order), "the forced order did not come about"


def choose_all(state: PizzamaniaState, *choices: str) -> None:
    """D12: every seat makes its choice, seat 0 first."""
    for seat, choice in enumerate(choices):
        state.act(seat, choice)
