"""The play of a deal: compulsory notes, passing and drawing, blocks, the
rest, going out, the lone last player and deadlock (D4-D7)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from cardroom.games.muzicando.actions import NO_CELL, PASS, action_text, is_play, split_play, xy
from cardroom.games.muzicando.cards import (
    CODE,
    COLOUR,
    LAYOUT_NAMES,
    NOTE,
    REST,
    SIGN_BLOCKS,
    SIGN_KIND,
    SIGN_MASK,
    codes,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, Fields
from cardroom.games.muzicando.layout import Table


class PlayRules(Fields):
    @abstractmethod
    def end_deal(self, stuck: bool) -> None:
        """Place the seats still holding cards, score the deal, deal the next."""

    def board(self) -> Table:
        assert self.table is not None, "no layout on the table yet"
        return self.table

    # ----- what may be played ------------------------------------------------
    def play_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        table = self.board()
        if not self.opened:
            return table.opening_moves(hand)
        notes = table.note_moves(hand)
        moves = notes + table.sign_moves(hand)
        # D4: a note that can go must be laid (a sign instead is a play too, L3);
        # with a draw pile, passing (and drawing) is always allowed.
        if not notes or self.pile:
            moves.append(PASS)
        return sorted(moves)

    def play_reason(self, seat: int, action: int) -> str | None:
        table = self.board()
        if action == PASS:
            return self.pass_reason(seat, table)
        if not is_play(action):
            return ("the layout is being played: play a card with 'play <card>' "
                    "(with '<x> <y>' in Sarabanda and Glissando) or say 'pass'")
        card, cell = split_play(action)
        if not self.hands[seat] >> card & 1:
            return f"you do not hold {CODE[card]}"
        if not self.opened:
            return table.opening_reason(card, cell)
        if SIGN_MASK >> card & 1:
            return table.sign_reason(card, cell)
        return table.note_reason(card, cell)

    def pass_reason(self, seat: int, table: Table) -> str | None:
        if not self.opened:
            return f"you open {LAYOUT_NAMES[table.layout]}: play its opening card"
        if self.pile:
            return None
        notes = table.note_moves(self.hands[seat])
        if notes:
            return (f"you can play a note card ({action_text(notes[0])}), and a note "
                    "card that can go must be played (D4)")
        return None

    # ----- carrying out --------------------------------------------------------
    def play_card(self, seat: int, action: int) -> None:
        card, cell = split_play(action)
        table = self.board()
        self.hands[seat] &= ~(1 << card)
        if SIGN_MASK >> card & 1:
            table.lay_sign(card, cell)
        else:
            table.place(card, cell)
        self.opened = True
        self.passed = 0
        event: dict[str, Any] = {"type": "play", "seat": seat, "card": CODE[card]}
        if cell != NO_CELL:
            event["x"], event["y"] = xy(cell)
        self.log.append(event)
        out = not self.hands[seat]
        if out:
            self.places.append(seat)
            self.log.append({"type": "out", "seat": seat, "place": len(self.places)})
            if not self.active_mask():
                self.end_deal(stuck=False)
                return
        if NOTE[card] < 0 and self.sign_effect(seat, card, out):
            return
        if self.rest == seat:
            if not out:
                return  # D6: the rest's player plays on until they pass
            self.rest = -1  # L4: going out ends the rest too
            self.log.append({"type": "rest_over", "seat": seat})
        self.advance(seat)

    def sign_effect(self, seat: int, sign: int, out: bool) -> bool:
        """Block the seats the sign reaches; True when the turn is settled."""
        kind = SIGN_KIND[COLOUR[sign]]
        if kind == REST:
            # D6, L4: every other player is blocked while the rest lasts, which
            # uses up any block they still had (blocks do not add up, D5).
            self.blocked = 0
            if not out:
                self.rest = self.turn = seat
                self.log.append({"type": "rest", "seat": seat})
                return True
            self.hand_over(seat)
            return True
        targets = []
        for reach in SIGN_BLOCKS[kind]:
            other = self.next_active(seat, 1 if reach == "next" else -1)
            if other not in (seat, -1) and other not in targets:
                targets.append(other)
        fresh = [t for t in targets if not self.blocked >> t & 1]
        for t in fresh:
            self.blocked |= 1 << t
        if targets:
            self.log.append({"type": "blocked", "seats": fresh, "already": [
                t for t in targets if t not in fresh], "by": CODE[sign]})
        return False

    def hand_over(self, seat: int) -> None:
        """D6: a rest laid as the last card hands the turn to the partner
        (the next player if the partner is out, or in the individual game),
        for one ordinary turn (L5)."""
        partner = self.partner(seat)
        target = partner if partner >= 0 and self.hands[partner] else self.next_active(seat)
        self.turn = target
        self.log.append({"type": "hand_over", "seat": seat, "target": target,
                         "partner": self.mode == PARTNERSHIP_MODE and target == partner})

    def play_pass(self, seat: int) -> None:
        if self.pile:
            card = self.pile.pop(0)
            self.hands[seat] |= 1 << card
            self.missing[seat] = 0  # what it was known to lack may be what it drew
            self.log.append({"type": "pass", "seat": seat, "drew": True, "pile": len(self.pile)})
            self.log.append({"type": "draw", "seat": seat, "card": CODE[card], "to": [seat]})
        else:
            # L10: a pass shows the seat holds none of the notes that could go (D4).
            self.missing[seat] |= self.board().playable_notes()
            self.passed |= 1 << seat
            self.log.append({"type": "pass", "seat": seat, "drew": False})
        if self.rest == seat:
            self.rest = -1
            self.log.append({"type": "rest_over", "seat": seat})
        active = self.active_mask()
        if not self.pile and self.passed & active == active:
            self.end_deal(stuck=True)  # D7
            return
        self.advance(seat)

    def advance(self, seat: int) -> None:
        """The turn goes clockwise; a blocked seat is skipped once (D5)."""
        other = seat
        while True:
            other = self.next_active(other)
            if self.blocked >> other & 1:
                self.blocked &= ~(1 << other)
                self.log.append({"type": "skipped", "seat": other})
                continue
            self.turn = other
            return

    def remaining_order(self, last: int) -> list[int]:
        """D7: seats still holding cards, fewer cards first, then in turn
        order from the seat after ``last``, the last passer (L6)."""
        n = self.players
        order = [(last + k) % n for k in range(1, n + 1)]
        held = [s for s in order if self.hands[s]]
        return sorted(held, key=lambda s: self.hands[s].bit_count())

    def hand_codes(self, seat: int) -> list[str]:
        return codes(self.hands[seat])
