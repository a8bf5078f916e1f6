"""What each seat may know of a Pizzamania state, and the state's invariants.

A seat's view is an allow-list and also its whole information set (the
sampler rebuilds a full state from it): its own hand, every hand size, every
topping played this round and by whom, the pizza on the table, who passed
on it, the make-up of the base deck (public: every base turned since the
last shuffle was seen), finish orders, chef holders, every gift's size and
the cards of its own gifts. After a round of the endless game (D12) every
seat chooses continue or stop at once: a seat sees its own choice, and
everyone sees who has chosen (``to_act`` lists who has not), but the choices
themselves only once all are made. The referee also sees every hand, the
toppings set aside, the order of the base deck and every choice made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.core.events import Viewer
from cardroom.core.views import Maker, Memo
from cardroom.games.pizzamania.actions import CHOICE_TEXT
from cardroom.games.pizzamania.cards import (
    BASE_CODES,
    BASE_COUNT,
    BASE_SIZE,
    BASE_TOTAL,
    FULL,
    chefs_in_play,
    size,
    unpack,
)
from cardroom.games.pizzamania.fields import Gift, PizzamaniaFields
from cardroom.games.pizzamania.rules.facts import places, top_of
from cardroom.games.pizzamania.rules.flow import assign
from cardroom.games.pizzamania.viewtypes import (
    Exchange,
    PizzamaniaRefereeTable,
    PizzamaniaSeatTable,
    PizzamaniaTable,
)


def table_part(s: PizzamaniaFields, seat: Viewer, make: Maker) -> Any:
    """What ``seat`` may know, built with ``make`` (views.Maker)."""
    if seat is None:
        return _public(s, seat, make(PizzamaniaRefereeTable),
                       hands=tuple([_values(h) for h in s.hands]),
                       aside=_values(s.aside),
                       base_order=tuple([BASE_CODES[k] for k in reversed(s.base_deck)]))
    if isinstance(seat, int):
        return _public(s, seat, make(PizzamaniaSeatTable), hand=_values(s.hands[seat]))
    return _public(s, seat, make(PizzamaniaTable))


def _public(s: PizzamaniaFields, seat: Viewer, build: Callable[..., Any], **more: Any) -> Any:
    """What every viewer knows, and of the exchanges and choices what ``seat`` may."""
    deck, seat_of = s.base_deck, s.pile_seats
    return build(
        round=s.round_no,
        rounds=s.rounds,
        simple=s.simple,
        hand_sizes=tuple(s.sizes),
        set_aside=len(_values(s.aside)),
        base=BASE_CODES[s.base],
        base_size=BASE_SIZE[s.base],
        base_deck=len(deck),
        base_deck_makeup={code: deck.count(k) for k, code in enumerate(BASE_CODES)},
        pile=tuple([(seat_of[i], card) for i, card in enumerate(s.pile)]),
        top=top_of(s.pile),
        turner=s.turner,
        passed=tuple(cards_of(s.passed)),
        turn=None if s.over or s.choosing else s.turn,
        finished=tuple(s.finished),
        played=tuple([_values(p) for p in s.played]),
        chefs=dict(s.holders),
        exchanges=tuple([_gift(g, seat) for g in s.exchanges]) if s.exchanges else (),
        orders=tuple([tuple(o) for o in s.orders]),
        choices=_choices(s, seat),
        places=tuple(places(s.finished, s.players)), **more)


# Hands and played piles change a few toppings at a time, most of them not
# at all between two views: each pile's values are listed once (a memo by
# value), and so is each gift as a viewer sees it.
_VALUES: Memo[int, tuple[int, ...]] = Memo()
_GIFTS: Memo[tuple[Any, ...], Exchange] = Memo()


def _values(pile: int) -> tuple[int, ...]:
    out = _VALUES.get(pile)
    if out is None:
        out = _VALUES.keep(pile, tuple(unpack(pile)))
    return out


def _choices(s: PizzamaniaFields, seat: Viewer) -> tuple[str | None, ...]:
    """D12: each seat's continue/stop choice, None where not made or still
    secret from this viewer (choices are revealed once every seat has chosen)."""
    shown = tuple([CHOICE_TEXT.get(c) for c in s.choices])
    if seat is None or not s.choosing:
        return shown
    return tuple([c if p == seat else None for p, c in enumerate(shown)])


def _gift(g: Gift, seat: Viewer) -> Exchange:
    shown = seat is None or seat in (g.giver, g.receiver)
    key = (g.chef, g.giver, g.receiver, g.count, g.which, g.cards if shown else -1)
    part = _GIFTS.get(key)
    if part is None:
        part = _GIFTS.keep(key, Exchange(
            chef=g.chef, giver=g.giver, receiver=g.receiver, count=g.count, which=g.which,
            cards=_values(g.cards) if shown else None))
    return part


def invariant_errors(s: PizzamaniaFields) -> list[str]:
    errors = _card_errors(s)
    if len(s.pile_seats) != len(s.pile):
        errors.append("the pile's entries and the seats that played them do not pair up")
    if len(s.base_deck) + 1 > BASE_TOTAL or any(
        s.base_deck.count(k) > n for k, n in enumerate(BASE_COUNT)
    ):
        errors.append("the base deck holds more bases than the game has")
    if len(set(s.finished)) != len(s.finished) or any(s.sizes[p] for p in s.finished[:-1]):
        errors.append("the finish order lists a seat twice or one that still holds cards")
    playing = not s.over and not s.choosing
    if playing and sorted(s.finished) != [p for p in range(s.players) if not s.sizes[p]]:
        errors.append("a seat without cards is missing from the finish order")
    for order in s.orders:
        if sorted(order) != list(range(s.players)):
            errors.append(f"a round's finish order {order} is not a permutation of the seats")
    errors += _chef_errors(s)
    if playing and (not s.sizes[s.turn] or s.passed >> s.turn & 1):
        errors.append(f"seat {s.turn} is to act with no cards or after passing")
    errors += _choice_errors(s)
    return errors


def _choice_errors(s: PizzamaniaFields) -> list[str]:
    """D12: choices are made only after a round of the endless game."""
    errors = []
    if s.choosing and (s.rounds or s.over or len(s.orders) != s.round_no):
        errors.append("seats are choosing continue or stop outside the endless game's "
                      "end of a round")
    if any(s.choices[p] for p in s.choosing):
        errors.append("a seat still to choose has a choice recorded")
    if not s.choosing and any(s.choices) and not s.over:
        errors.append("revealed choices linger in a round being played")
    return errors


def _card_errors(s: PizzamaniaFields) -> list[str]:
    total = s.aside + sum(s.hands) + sum(s.played)
    errors = []
    if total != FULL:
        errors.append("toppings were lost or created (hands + played + set aside != deck)")
    if [size(h) for h in s.hands] != s.sizes:
        errors.append("the hand sizes do not match the hands")
    return errors


def _chef_errors(s: PizzamaniaFields) -> list[str]:
    if s.simple or s.round_no == 1:
        return [] if not s.holders else ["chef cards are out in the first round or simple game"]
    expected = {c.id for c in chefs_in_play(s.players)}
    errors = []
    if set(s.holders) != expected:
        errors.append(f"chef cards {sorted(s.holders)} dealt out, expected {sorted(expected)}")
    elif s.holders != assign(s.orders[s.round_no - 2]):
        errors.append("the chef cards do not follow the last round's finish order")
    return errors
