"""The play of a deal: laying cards, passing and drawing, blocks, the rest,
going out, the lone last player and deadlock (D4-D7)."""

from __future__ import annotations

from typing import Any

from cardroom.games.muzicando.actions import NO_CELL, split_play, xy
from cardroom.games.muzicando.cards import (
    CODE,
    COLOUR,
    NOTE,
    REST,
    SIGN_BLOCKS,
    SIGN_KIND,
    SIGN_MASK,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, MuzicandoFields
from cardroom.games.muzicando.legal import board
from cardroom.games.muzicando.rules.finish import end_deal
from cardroom.games.muzicando.rules.seats import active_mask, next_active, partner


def play_card(s: MuzicandoFields, seat: int, action: int) -> None:
    card, cell = split_play(action)
    table = board(s)
    s.hands[seat] &= ~(1 << card)
    if SIGN_MASK >> card & 1:
        table.lay_sign(card, cell)
    else:
        table.place(card, cell)
    s.opened = True
    s.passed = 0
    if s.record_events:
        event: dict[str, Any] = {"type": "play", "seat": seat, "card": CODE[card]}
        if cell != NO_CELL:
            event["x"], event["y"] = xy(cell)
        s.log.append(event)
    out = not s.hands[seat]
    if out:
        s.places.append(seat)
        if s.record_events:
            s.log.append({"type": "out", "seat": seat, "place": len(s.places)})
        if not active_mask(s):
            end_deal(s, stuck=False)
            return
    if NOTE[card] < 0 and sign_effect(s, seat, card, out):
        return
    if s.rest == seat:
        if not out:
            return  # D6: the rest's player plays on until they pass
        s.rest = -1  # L4: going out ends the rest too
        if s.record_events:
            s.log.append({"type": "rest_over", "seat": seat})
    advance(s, seat)


def sign_effect(s: MuzicandoFields, seat: int, sign: int, out: bool) -> bool:
    """Block the seats the sign reaches; True when the turn is settled."""
    kind = SIGN_KIND[COLOUR[sign]]
    if kind == REST:
        # D6, L4: every other player is blocked while the rest lasts, which
        # uses up any block they still had (blocks do not add up, D5).
        s.blocked = 0
        if not out:
            s.rest = s.turn = seat
            if s.record_events:
                s.log.append({"type": "rest", "seat": seat})
            return True
        hand_over(s, seat)
        return True
    targets = []
    for reach in SIGN_BLOCKS[kind]:
        other = next_active(s, seat, 1 if reach == "next" else -1)
        if other not in (seat, -1) and other not in targets:
            targets.append(other)
    fresh = [t for t in targets if not s.blocked >> t & 1]
    for t in fresh:
        s.blocked |= 1 << t
    if targets and s.record_events:
        s.log.append({"type": "blocked", "seats": fresh, "already": [
            t for t in targets if t not in fresh], "by": CODE[sign]})
    return False


def hand_over(s: MuzicandoFields, seat: int) -> None:
    """D6: a rest laid as the last card hands the turn to the partner
    (the next player if the partner is out, or in the individual game),
    for one ordinary turn (L5)."""
    mate = partner(s, seat)
    target = mate if mate >= 0 and s.hands[mate] else next_active(s, seat)
    s.turn = target
    if s.record_events:
        s.log.append({"type": "hand_over", "seat": seat, "target": target,
                      "partner": s.mode == PARTNERSHIP_MODE and target == mate})


def play_pass(s: MuzicandoFields, seat: int) -> None:
    if s.pile:
        card = s.pile.pop(0)
        s.hands[seat] |= 1 << card
        s.missing[seat] = 0  # what it was known to lack may be what it drew
        if s.record_events:
            s.log.append({"type": "pass", "seat": seat, "drew": True, "pile": len(s.pile)})
            s.log.append({"type": "draw", "seat": seat, "card": CODE[card], "to": [seat]})
    else:
        # L10: a pass shows the seat holds none of the notes that could go (D4).
        s.missing[seat] |= board(s).playable_notes()
        s.passed |= 1 << seat
        if s.record_events:
            s.log.append({"type": "pass", "seat": seat, "drew": False})
    if s.rest == seat:
        s.rest = -1
        if s.record_events:
            s.log.append({"type": "rest_over", "seat": seat})
    active = active_mask(s)
    if not s.pile and s.passed & active == active:
        end_deal(s, stuck=True)  # D7
        return
    advance(s, seat)


def advance(s: MuzicandoFields, seat: int) -> None:
    """The turn goes clockwise; a blocked seat is skipped once (D5)."""
    other = seat
    while True:
        other = next_active(s, other)
        if s.blocked >> other & 1:
            s.blocked &= ~(1 << other)
            if s.record_events:
                s.log.append({"type": "skipped", "seat": other})
            continue
        s.turn = other
        return
