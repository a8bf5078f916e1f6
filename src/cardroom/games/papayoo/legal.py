"""What a Papayoo seat may do now, and why not in a player's words."""

from __future__ import annotations

from cardroom.core.cardset import cards_of
from cardroom.core.errors import Reason
from cardroom.games.papayoo.actions import PASS
from cardroom.games.papayoo.cards import (
    CARD_COUNT,
    CODE,
    SUIT,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
)
from cardroom.games.papayoo.fields import PHASE_PASS, PHASE_PLAY, PapayooFields


def legal_actions(s: PapayooFields, seat: int) -> list[int]:
    if s.phase_name == PHASE_PLAY:
        if seat != s.turn:
            return []
        return cards_of(playable(s, seat))
    if s.phase_name == PHASE_PASS and seat in s.waiting:
        return [PASS + c for c in cards_of(s.hands[seat] & ~s.chosen[seat])]
    return []


def playable(s: PapayooFields, seat: int) -> int:
    """The cards ``seat`` may play: the suit led when it holds some, else any."""
    hand = s.hands[seat]
    if s.trick_cards:
        follow = hand & SUIT_MASK[SUIT[s.trick_cards[0]]]
        if follow:
            return follow
    return hand


def illegal_reason(s: PapayooFields, seat: int, action: int) -> str | None:
    if s.phase_name == PHASE_PASS:
        return pass_reason(s, seat, action)
    if not 0 <= action < CARD_COUNT:
        return Reason("passing_over", "the passing is over: play a card with 'play <card>'")
    if not s.hands[seat] >> action & 1:
        return Reason("not_held", f"you do not hold {CODE[action]}", card=CODE[action])
    if not playable(s, seat) >> action & 1:
        led = SUIT[s.trick_cards[0]]
        return Reason("follow_suit", f"you must follow suit: {SUIT_NAMES[led]} were led and "
                      f"you hold {SUIT_NAMES[led]}, so play one of them", suit=SUIT_LETTERS[led])
    return None


def pass_reason(s: PapayooFields, seat: int, action: int) -> str | None:
    if not PASS <= action < PASS + CARD_COUNT:
        return Reason("pass_first", f"first every player passes {s.pass_count} cards to the "
                      "left: choose them with 'pass <card>'", n=s.pass_count)
    card = action - PASS
    if s.chosen[seat] >> card & 1:
        return Reason("already_chosen", f"you have already chosen {CODE[card]} to pass",
                      card=CODE[card])
    if not s.hands[seat] >> card & 1:
        return Reason("not_held", f"you do not hold {CODE[card]}", card=CODE[card])
    return None
