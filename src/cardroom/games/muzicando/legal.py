"""What a seat may do now, and why not in a player's words: calls in the
bidding, the layout choice (D12) and the plays of a deal (D4, L3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardroom.core.errors import Reason
from cardroom.games.muzicando.actions import (
    BID,
    CHOOSE,
    PASS,
    action_text,
    is_bid,
    is_choose,
    is_play,
    split_play,
)
from cardroom.games.muzicando.cards import (
    BIDS,
    CODE,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    OPENING_MASK,
    OPENS_WITH,
    OPENS_WITH_KIND,
    SIGN_MASK,
    bid_text,
)
from cardroom.games.muzicando.fields import (
    PHASE_BIDDING,
    PHASE_CHOOSING,
    PHASE_OVER,
    Layout,
    MuzicandoFields,
)

BID_ORDER: Final = "1S < 1G < 1P < 1M < 2S < ... < 4M"


def legal_actions(s: MuzicandoFields, seat: int) -> list[int]:
    if s.phase_name == PHASE_OVER or seat != s.turn:
        return []
    if s.phase_name == PHASE_BIDDING:
        return bid_actions(s)
    if s.phase_name == PHASE_CHOOSING:
        return choose_actions(s, seat)
    return play_actions(s, seat)


def illegal_reason(s: MuzicandoFields, seat: int, action: int) -> str | None:
    if s.phase_name == PHASE_BIDDING:
        return bid_reason(s, action)
    if s.phase_name == PHASE_CHOOSING:
        return choose_reason(s, seat, action)
    return play_reason(s, seat, action)


# ----- bidding -------------------------------------------------------------------
def high_bid(calls: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(bid index, seat) of the highest of the ``(seat, action)`` calls so
    far; (-1, -1) before any bid."""
    for seat, action in reversed(calls):
        if action != PASS:
            return action - BID, seat
    return -1, -1


def forced(s: MuzicandoFields) -> bool:
    """After all players pass, the player left of the dealer must bid."""
    return len(s.calls) >= s.players and high_bid(s.calls)[0] < 0


def bid_actions(s: MuzicandoFields) -> list[int]:
    out = [] if forced(s) else [PASS]
    return out + [BID + b for b in range(high_bid(s.calls)[0] + 1, BIDS)]


def bid_reason(s: MuzicandoFields, action: int) -> str | None:
    if action == PASS:
        if forced(s):
            return Reason("must_bid", "everyone passed, so as the player left of the dealer "
                          "you must now bid a contract")
        return None
    if not is_bid(action):
        return Reason("bidding_on", "the bidding is on: call 'bid <level><layout>' "
                      "(e.g. 'bid 1S') or 'pass'")
    high = high_bid(s.calls)[0]
    if action - BID <= high:
        return Reason("bid_higher", f"your bid must be higher than {bid_text(high)} ({BID_ORDER})",
                      bid=bid_text(high))
    return None


# ----- choosing (individual game) ------------------------------------------------
def choose_actions(s: MuzicandoFields, seat: int) -> list[int]:
    hand = s.hands[seat]
    return [CHOOSE + x for x in range(len(LAYOUT_LETTERS)) if hand & OPENING_MASK[x]]


def choose_reason(s: MuzicandoFields, seat: int, action: int) -> str | None:
    if not is_choose(action):
        return Reason("choose_layout", "you choose the layout and open it: 'choose S', "
                      "'choose G', 'choose P' or 'choose M'")
    layout = action - CHOOSE
    if not s.hands[seat] & OPENING_MASK[layout]:
        return Reason("cannot_open", f"you cannot open {LAYOUT_NAMES[layout]}: it opens with "
                      f"{OPENS_WITH[layout]} and you hold none (D12)",
                      layout=LAYOUT_LETTERS[layout], opens=OPENS_WITH_KIND[layout])
    return None


# ----- play ------------------------------------------------------------------------
def board(s: MuzicandoFields) -> Layout:
    assert s.table is not None, "no layout on the table yet"
    return s.table


def play_actions(s: MuzicandoFields, seat: int) -> list[int]:
    hand = s.hands[seat]
    table = board(s)
    if not s.opened:
        return table.opening_moves(hand)
    notes = table.note_moves(hand)
    moves = notes + table.sign_moves(hand)
    # D4: a note that can go must be laid (a sign instead is a play too, L3);
    # with a draw pile, passing (and drawing) is always allowed.
    if not notes or s.pile:
        moves.append(PASS)
    return sorted(moves)


def play_reason(s: MuzicandoFields, seat: int, action: int) -> str | None:
    table = board(s)
    if action == PASS:
        return pass_reason(s, seat, table)
    if not is_play(action):
        return Reason("play_on", "the layout is being played: play a card with 'play <card>' "
                      "(with '<x> <y>' in Sarabanda and Glissando) or say 'pass'")
    card, cell = split_play(action)
    if not s.hands[seat] >> card & 1:
        return Reason("not_held", f"you do not hold {CODE[card]}", card=CODE[card])
    if not s.opened:
        return table.opening_reason(card, cell)
    if SIGN_MASK >> card & 1:
        return table.sign_reason(card, cell)
    return table.note_reason(card, cell)


def pass_reason(s: MuzicandoFields, seat: int, table: Layout) -> str | None:
    if not s.opened:
        return Reason("open_first", f"you open {LAYOUT_NAMES[table.layout]}: play its opening card",
                      layout=LAYOUT_LETTERS[table.layout])
    if s.pile:
        return None
    notes = table.note_moves(s.hands[seat])
    if notes:
        move = action_text(notes[0])
        return Reason("must_play_note", f"you can play a note card ({move}), and a note card "
                      "that can go must be played (D4)", action=move)
    return None
