"""The Pizzamania action encoding: ``PASS`` (0) passes, ``v`` (a topping
value) plays as many copies of ``v`` as the current base asks for, and
``CONTINUE`` / ``STOP`` (negative, so that no ``play`` text can name them)
are a seat's choice after a round of the endless game (D12)."""

from __future__ import annotations

from typing import Final

from cardroom.games.pizzamania.fields import PizzamaniaFields

PASS: Final = 0
CONTINUE: Final = -1
STOP: Final = -2
CHOICE_TEXT: Final = {CONTINUE: "continue", STOP: "stop"}
CHOICE_BY_TEXT: Final = {text: action for action, text in CHOICE_TEXT.items()}


def action_text(s: PizzamaniaFields, action: int) -> str:
    if action < PASS:
        return CHOICE_TEXT[action]
    return "pass" if action == PASS else f"play {action}"


def parse_action(s: PizzamaniaFields, text: str) -> int | None:
    if text == "pass":
        return PASS
    if text in CHOICE_BY_TEXT:
        return CHOICE_BY_TEXT[text]
    verb, _, arg = text.partition(" ")
    # "play 0" must not read as PASS (0). A value beyond the deck still
    # parses, so that illegal_reason can tell the player why it is refused.
    if verb != "play" or not arg.isdigit() or arg != str(int(arg)) or int(arg) == PASS:
        return None
    return int(arg)
