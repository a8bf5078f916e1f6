"""What a seat may do in Pizzamania, and why not, in a player's words."""

from __future__ import annotations

from typing import Final

from cardroom.core.errors import Reason
from cardroom.games.pizzamania.actions import CONTINUE, PASS, STOP
from cardroom.games.pizzamania.cards import (
    BASE_CODES,
    BASE_SIZE,
    HIGHEST,
    LOWEST,
    count,
    values_with,
)
from cardroom.games.pizzamania.fields import PizzamaniaFields
from cardroom.games.pizzamania.rules.facts import beats, lowest_play, top_of, turner_must_play

CHOICES: Final = [CONTINUE, STOP]


def legal_actions(s: PizzamaniaFields, seat: int) -> list[int]:
    if s.over:
        return []
    if s.choosing:  # D12: the simultaneous choice after a round
        return CHOICES[:] if seat in s.choosing else []
    if seat != s.turn:
        return []
    low = lowest_play(s.pile[-1] if s.pile else None)
    plays = values_with(s.hands[seat], BASE_SIZE[s.base], low)
    if not turner_must_play(s.base, len(s.pile), seat, s.turner):
        plays.append(PASS)
    return plays


def must_play(s: PizzamaniaFields, seat: int) -> bool:
    """D11: the turner of an x1 base must play on it (rules.facts)."""
    return turner_must_play(s.base, len(s.pile), seat, s.turner)


def illegal_reason(s: PizzamaniaFields, seat: int, action: int) -> str | None:
    if s.choosing:
        if action in CHOICES:
            return None
        return Reason("round_over", f"round {s.round_no} is over: choose 'continue' to play "
                      "another round or 'stop' to end the game", round=s.round_no)
    if action in CHOICES:
        return Reason("choice_later", "'continue' and 'stop' are chosen only after a round of "
                      "the endless game; now play a topping or pass")
    if action == PASS:
        if must_play(s, seat):
            base = BASE_CODES[s.base]
            return Reason("must_play", f"you turned this {base} base, so you must put a "
                          "topping on it (any value); you cannot pass", base=base)
        return None  # otherwise a player may always pass, even holding a play
    if not LOWEST <= action <= HIGHEST:
        return Reason("no_topping", f"there is no topping {action}: values run from {LOWEST} "
                      f"to {HIGHEST}", value=action, lowest=LOWEST, highest=HIGHEST)
    need = BASE_SIZE[s.base]
    held = count(s.hands[seat], action)
    if held < need:
        return too_few(s, action, held, need)
    top = top_of(s.pile)
    if not beats(action, top):
        least = lowest_play(top)
        return Reason("too_low", f"a play must be higher than the {top} on top of the pizza: "
                      f"play {least} or more, or pass", top=top, least=least)
    return None


def too_few(s: PizzamaniaFields, value: int, held: int, need: int) -> Reason:
    base = BASE_CODES[s.base]
    if held == 0:
        return Reason("not_held", f"you hold no {value}", value=value)
    return Reason("too_few", f"on an {base} base a play is {need} equal toppings and you hold "
                  f"only {held} × {value}", base=base, n=need, held=held, value=value)
