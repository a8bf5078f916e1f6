"""The Pizzamania action encoding: ``PASS`` (0) passes, ``v`` (a topping
value) plays as many copies of ``v`` as the current base asks for."""

from __future__ import annotations

from cardroom.games.pizzamania.fields import PizzamaniaFields

PASS = 0


def action_text(s: PizzamaniaFields, action: int) -> str:
    return "pass" if action == PASS else f"play {action}"


def parse_action(s: PizzamaniaFields, text: str) -> int | None:
    if text == "pass":
        return PASS
    verb, _, arg = text.partition(" ")
    # "play 0" must not read as PASS (0). A value beyond the deck still
    # parses, so that illegal_reason can tell the player why it is refused.
    if verb != "play" or not arg.isdigit() or arg != str(int(arg)) or int(arg) == PASS:
        return None
    return int(arg)
