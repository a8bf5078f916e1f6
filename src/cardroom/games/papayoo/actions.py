"""Papayoo actions as ints: ``c`` plays card ``c``; ``PASS + c`` chooses
card ``c`` to pass. The texts are ``play <card>`` and ``pass <card>``."""

from __future__ import annotations

from typing import Final

from cardroom.games.papayoo.cards import BY_CODE, CARD_COUNT, CODE
from cardroom.games.papayoo.fields import PapayooFields

PASS: Final = CARD_COUNT  # action offset of "pass <card>"


def action_text(s: PapayooFields, action: int) -> str:
    if action >= PASS:
        return "pass " + CODE[action - PASS]
    return "play " + CODE[action]


def parse_action(s: PapayooFields, text: str) -> int | None:
    verb, _, arg = text.partition(" ")
    card = BY_CODE.get(arg.upper())
    if card is None:
        return None
    if verb == "play":
        return card
    if verb == "pass":
        return PASS + card
    return None
