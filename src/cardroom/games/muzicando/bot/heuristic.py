"""A heuristic Muzicando player working from its seat's view only.

Bidding: reads how far its hand gets alone on each layout (judgement.py),
compared with what an average hand reaches, and bids the best layout it can
open up to a level its strength allows; it leaves a contract to its partner
and never names a layout it cannot open. Play: prefers notes that keep its
own sequence going and open little for the opponent who plays next, lays
sharps, flats and naturals where they block opponents and not its partner,
and keeps the rest for a moment when it can play several cards in a row (or
hand the turn to its partner).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.bot import Bot, Seen
from cardroom.core.cardset import cards_of
from cardroom.core.rng import Rng
from cardroom.core.views import View, read_view, seat_part
from cardroom.games.muzicando.actions import (
    BID,
    CHOOSE,
    PASS,
    action_text,
    parse_action,
    parse_calls,
    split_play,
)
from cardroom.games.muzicando.bot.judgement import (
    LEVEL_STEPS,
    layout_reach,
    solo_run,
    strength,
)
from cardroom.games.muzicando.cards import (
    BIDS,
    COLOUR,
    FULL_MASK,
    LAYOUT_LETTERS,
    LAYOUT_VALUE,
    NOTE,
    NOTE_MASK,
    REST,
    SIGN_BLOCKS,
    SIGN_KIND,
    bid_layout,
    bid_level,
    mask_of_codes,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, Layout
from cardroom.games.muzicando.legal import high_bid
from cardroom.games.muzicando.rules.layouts import table_from_view
from cardroom.games.muzicando.rules.seats import nearest_holding, partner_of, same_side, team_of
from cardroom.games.muzicando.viewtypes import VIEW_TYPES, MuzicandoSeatTable


def seat_view(view: Seen) -> tuple[View[Any], int, MuzicandoSeatTable]:
    """A seat's view, typed (read from JSON if need be), its seat and part."""
    typed = read_view(view, lambda _: VIEW_TYPES)
    seat, part = seat_part(typed, MuzicandoSeatTable)
    return typed, seat, part


class MuzicandoHeuristic(Bot):
    name = "heuristic"
    reads_log = False  # its choices read the table, never the events

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        typed, me, t = seat_view(view)
        actions = [a for a in (parse_action(text) for text in legal) if a is not None]
        if typed.phase == "bidding":
            return self.call(me, t, actions)
        if typed.phase == "choosing":
            return action_text(self.pick_layout(t, actions))
        return action_text(self.play(typed, actions))

    # ----- bidding and choosing ---------------------------------------------------
    def call(self, me: int, t: MuzicandoSeatTable, actions: list[int]) -> str:
        hand = mask_of_codes(t.hand)
        power = strength(layout_reach(hand), hand)
        high, high_seat = high_bid(parse_calls(t.calls))
        if PASS in actions and high_seat >= 0 and same_side(
                t.mode == PARTNERSHIP_MODE, me, high_seat):
            return "pass"  # the contract is ours already: leave it to the partner
        order = sorted(range(len(power)), key=lambda x: power[x] + 0.25 * LAYOUT_VALUE[x],
                       reverse=True)
        for layout in order:
            top = sum(1 for step in LEVEL_STEPS if power[layout] >= step)
            for bid in range(high + 1, BIDS):
                if bid_layout(bid) == layout and bid_level(bid) <= top:
                    return action_text(BID + bid)
        if PASS in actions:
            return "pass"
        return action_text(BID + max(range(high + 1, BIDS), key=lambda b: (
            power[bid_layout(b)], -b)))  # forced to bid: the lowest of the best layout

    def pick_layout(self, t: MuzicandoSeatTable, actions: list[int]) -> int:
        hand = mask_of_codes(t.hand)
        reach = layout_reach(hand)
        power = strength(reach, hand)
        return max(actions, key=lambda a: LAYOUT_VALUE[a - CHOOSE] + 3 * power[a - CHOOSE])

    # ----- play ------------------------------------------------------------------
    def play(self, view: View[Any], actions: list[int]) -> int:
        if len(actions) == 1:
            return actions[0]
        ctx = PlayContext(view)
        scored = [(ctx.value(a) + self.rng.random() * 0.01, a) for a in actions]
        return max(scored)[1]


class PlayContext:
    """The position as the bot sees it: its hand, the table, the seats."""

    def __init__(self, view: Seen) -> None:
        _, self.me, t = seat_view(view)
        assert t.layout is not None and t.table is not None, "no layout on the table yet"
        self.n = len(t.hand_sizes)
        self.hand = mask_of_codes(t.hand)
        self.table: Layout = table_from_view(LAYOUT_LETTERS.index(t.layout), t.table)
        self.sizes = t.hand_sizes
        self.blocked = t.blocked
        self.pile = t.pile
        self.opened = t.opened
        self.unseen = FULL_MASK & ~self.hand & ~self.table.on_table()
        self.partnership = t.mode == PARTNERSHIP_MODE
        self.before = self.table.playable_notes()
        self.missing = [mask_of_codes(m) for m in t.missing]

    def opponent(self, seat: int) -> bool:
        return not self.partnership or team_of(seat) != team_of(self.me)

    def neighbour(self, by: int) -> int:
        """The nearest other seat either way still holding cards; -1 if none."""
        seat = nearest_holding(self.sizes, self.me, by)
        return -1 if seat == self.me else seat

    def value(self, action: int) -> float:
        if action == PASS:
            return -2.0 if self.pile else -0.5
        card, cell = split_play(action)
        if not self.opened:
            return self.note_value(card, cell)
        if NOTE[card] < 0:
            return self.sign_value(card)
        return self.note_value(card, cell)

    def note_value(self, card: int, cell: int) -> float:
        left = self.hand & ~(1 << card)
        if not left:
            return 100.0  # going out
        trial = self.table.clone()
        trial.place(card, cell)
        after = trial.playable_notes()
        mine = (after & left).bit_count()
        return 2.0 * mine - self.gift(after & ~self.before & self.unseen)

    def gift(self, opened: int) -> float:
        """What newly playable cards give the other side: a card helps the
        next player most (first to use it) and our partner least (keeping
        the layout open for the partner is good); a seat known to lack a card
        (``missing``) gets nothing from it."""
        total = 0.0
        nxt = self.neighbour(1)
        for card in cards_of(opened):
            holders = {s: self.sizes[s] for s in range(self.n)
                       if s != self.me and self.sizes[s] and not self.missing[s] >> card & 1}
            held = sum(holders.values()) + self.pile
            for seat, size in holders.items():
                share = size / held
                if not self.opponent(seat):
                    total -= 0.8 * share
                else:
                    total += (1.5 if seat == nxt else 1.0) * share
        return total

    def sign_value(self, sign: int) -> float:
        kind = SIGN_KIND[COLOUR[sign]]
        notes_left = (self.hand & NOTE_MASK).bit_count()
        if kind == REST:
            return self.rest_value(sign, notes_left)
        value = 1.0 if notes_left else 5.0  # a sign is one card fewer to lay
        targets = {self.neighbour(1 if reach == "next" else -1) for reach in SIGN_BLOCKS[kind]}
        for seat in targets:
            if seat < 0 or seat in self.blocked:
                continue
            if self.opponent(seat):
                value += 3.0 + 6.0 / max(1, self.sizes[seat])
            else:
                value -= 4.0
        return value

    def rest_value(self, sign: int, notes_left: int) -> float:
        left = self.hand & ~(1 << sign)
        if not left:
            partnered = self.partnership and self.sizes[partner_of(self.me)]
            return 100.0 if partnered else 90.0
        chain = solo_run(self.table.clone(), left, 14)
        if chain >= notes_left:
            return 50.0  # the rest lets us lay everything else in a row
        return 2.5 * chain - 3.0
