"""Invariants over many seeded games at every player count, by random and
heuristic players: toppings are conserved, every finish order is a
permutation of the seats, exactly the right chef cards go out and their
gifts are the dealt extremes, and bases pass as D5 and D6 say."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardroom.core.bot import Bot, RandomBot
from cardroom.core.rng import Rng
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.cards import unpack
from cardroom.games.pizzamania.state import PizzamaniaState

PLAYER_COUNTS = range(2, 9)
FULL_DECK = Counter({v: 4 for v in range(1, 13)})


def toppings_in_play(state: PizzamaniaState) -> Counter[int]:
    piles = [*state.hands, *state.played, state.aside]
    return Counter(v for pile in piles for v in unpack(pile))


def play_game(players: int, seed: int, bots: list[Bot] | None) -> PizzamaniaState:
    state = GAME.new(players, seed)
    assert isinstance(state, PizzamaniaState)
    rng = Rng(seed)
    while not state.is_over():
        assert not state.invariant_errors(), state.invariant_errors()
        assert toppings_in_play(state) == FULL_DECK
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        state.act(seat, rng.choice(legal) if bots is None else bots[seat].choose_for(state, seat))
    assert not state.invariant_errors()
    return state


def expected_chefs(order: list[int]) -> dict[str, int]:
    chefs = {"nonna": order[0], "loser": order[-1]}
    if len(order) >= 4:
        chefs |= {"pro": order[1], "novice": order[-2]}
    return chefs


def check_rounds(state: PizzamaniaState) -> None:
    log = state.log
    orders = [e["order"] for e in log if e["type"] == "round_end"]
    assert len(orders) == state.rounds == 3
    for order in orders:
        assert sorted(order) == list(range(state.players))
    handed = [e["holders"] for e in log if e["type"] == "chefs"]
    assert handed == [expected_chefs(o) for o in orders[:-1]]
    assert state.result().ranking == [[s] for s in orders[-1]]


def check_gifts(state: PizzamaniaState) -> None:
    dealt: dict[int, list[int]] = {}
    holders: dict[str, int] = {}
    for e in state.log:
        if e["type"] == "hand":
            dealt[e["seat"]] = e["cards"]
        elif e["type"] == "chefs":
            holders = e["holders"]
        elif e["type"] == "gift":
            cards = dealt[e["giver"]]
            nonna_or_pro = e["giver"] in (holders["nonna"], holders.get("pro"))
            wanted = cards[:len(e["cards"])] if nonna_or_pro else cards[-len(e["cards"]):]
            assert e["cards"] == wanted
    gifts = sum(1 for e in state.log if e["type"] == "gift")
    assert gifts == 2 * (4 if state.players >= 4 else 2)


def check_base_turns(state: PizzamaniaState) -> None:
    """After a pizza its maker (D5: or the next seat holding cards) turns the
    next base; after a dead base (D6) its turner turns again."""
    n = state.players
    out: set[int] = set()
    expect: int | None = None
    for e in state.log:
        kind = e["type"]
        if kind == "deal":
            out, expect = set(), None
        elif kind == "out":
            out.add(e["seat"])
        elif kind == "pizza":
            expect = next((e["seat"] + k) % n for k in range(n) if (e["seat"] + k) % n not in out)
        elif kind == "dead_base":
            expect = e["seat"]
        elif kind == "base":
            if expect is not None:
                assert e["seat"] == expect
            expect = None


def check_all(state: PizzamaniaState) -> None:
    check_rounds(state)
    check_gifts(state)
    check_base_turns(state)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(5):
        check_all(play_game(players, seed * 100 + players, None))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_heuristic_and_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(2):
        bots: list[Bot] = [GAME.heuristic_bot(s) if s % 2 == seed else RandomBot(s)
                           for s in range(players)]
        check_all(play_game(players, seed + 7 * players, bots))


def test_the_invariant_check_catches_a_lost_topping() -> None:
    state = GAME.new(4, 1)
    assert isinstance(state, PizzamaniaState)
    state.hands[0] -= 1 << 4  # a 1 vanishes
    errors: list[Any] = state.invariant_errors()
    assert any("lost or created" in e for e in errors)


def test_a_pile_whose_entries_and_seats_do_not_pair_up_breaks_an_invariant() -> None:
    """Views pair each pile entry with the seat that played it by index."""
    state = GAME.new(4, 3)
    assert isinstance(state, PizzamaniaState)
    rng = Rng(5)
    while not state.pile:
        seat = min(state.to_act())
        state.act(seat, rng.choice(state.legal_texts(seat)))
    assert state.invariant_errors() == []
    state.pile_seats.append(0)
    assert ("the pile's entries and the seats that played them do not pair up"
            in state.invariant_errors())
