"""How a deal's layout is settled: bid in turn until a bid is followed by a
pass from everyone else (L9), then opened by the declaring player who named
it first; or chosen by the seat left of the dealer who can open (D12)."""

from __future__ import annotations

from cardroom.games.muzicando.actions import BID, PASS, action_text
from cardroom.games.muzicando.cards import LAYOUT_LETTERS, OPENING_MASK, bid_layout, bid_text
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, MuzicandoFields
from cardroom.games.muzicando.legal import high_bid
from cardroom.games.muzicando.rules.deal import start_play
from cardroom.games.muzicando.rules.finish import fail_opening
from cardroom.games.muzicando.rules.seats import side_of


def call(s: MuzicandoFields, seat: int, action: int) -> None:
    s.calls.append((seat, action))
    if s.record_events:
        s.log.append({"type": "call", "seat": seat, "call": action_text(action)})
    high, high_seat = high_bid(s.calls)
    trailing = 0
    for _, a in reversed(s.calls):
        if a != PASS:
            break
        trailing += 1
    # A bid followed by a pass from everyone else (three with four players, L9).
    if high >= 0 and trailing == s.players - 1:
        finish_bidding(s, high, high_seat)
        return
    if high < 0 and len(s.calls) == s.players and s.record_events:
        s.log.append({"type": "forced_bid", "seat": (s.dealer + 1) % s.players})
    s.turn = (seat + 1) % s.players


def finish_bidding(s: MuzicandoFields, contract: int, declarer: int) -> None:
    layout = bid_layout(contract)
    side = side_of(s, declarer)
    s.opener = next(x for x, a in s.calls
                    if x in side and a != PASS and bid_layout(a - BID) == layout)
    s.contract, s.declarer, s.layout = contract, declarer, layout
    if s.mode != PARTNERSHIP_MODE:
        s.chooser = declarer  # L9: the declarer deals next
    if s.record_events:
        s.log.append({"type": "contract", "contract": bid_text(contract),
                      "declarer": declarer, "side": side, "opener": s.opener})
    if s.hands[s.opener] & OPENING_MASK[layout]:
        start_play(s, s.opener)
    else:
        fail_opening(s, side)


def choose(s: MuzicandoFields, seat: int, layout: int) -> None:
    s.layout, s.chooser = layout, seat
    if s.record_events:
        s.log.append({"type": "choose", "seat": seat, "layout": LAYOUT_LETTERS[layout]})
    start_play(s, seat)
