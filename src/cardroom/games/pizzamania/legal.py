"""What a seat may do in Pizzamania, and why not, in a player's words."""

from __future__ import annotations

from cardroom.games.pizzamania.actions import PASS
from cardroom.games.pizzamania.cards import BASE_CODES, BASE_SIZE, HIGHEST, LOWEST, count
from cardroom.games.pizzamania.fields import PizzamaniaFields


def legal_actions(s: PizzamaniaFields, seat: int) -> list[int]:
    if s.over or seat != s.turn:
        return []
    need = BASE_SIZE[s.base]
    hand = s.hands[seat]
    low = s.pile[-1] + 1 if s.pile else LOWEST
    plays = [v for v in range(low, HIGHEST + 1) if count(hand, v) >= need]
    plays.append(PASS)
    return plays


def illegal_reason(s: PizzamaniaFields, seat: int, action: int) -> str | None:
    if action == PASS:
        return None  # a player may always pass, even holding a play
    if not LOWEST <= action <= HIGHEST:
        return f"there is no topping {action}: values run from {LOWEST} to {HIGHEST}"
    need = BASE_SIZE[s.base]
    held = count(s.hands[seat], action)
    if held < need:
        return too_few(s, action, held, need)
    if s.pile and action <= s.pile[-1]:
        top = s.pile[-1]
        return (f"a play must be higher than the {top} on top of the pizza: "
                f"play {top + 1} or more, or pass")
    return None


def too_few(s: PizzamaniaFields, value: int, held: int, need: int) -> str:
    base = BASE_CODES[s.base]
    if held == 0:
        return f"you hold no {value}"
    return (f"on an {base} base a play is {need} equal toppings and you hold "
            f"only {held} × {value}")
