"""A heuristic Muzicando player working from its seat's view only.

Bidding: reads how far its hand gets alone on each layout (opening cards
and sequences: layout_reach), compared with what an average hand reaches, and
bids the best layout it can open up to a level its strength allows; it
leaves a contract to its partner and never names a layout it cannot open.
Play: prefers notes that keep its own sequence going and open little for
the opponent who plays next, lays sharps, flats and naturals where they
block opponents and not its partner, and keeps the rest for a moment when
it can play several cards in a row (or hand the turn to its partner).

Hand reading (``solo_run``): a hand played alone on a table, always
choosing the note that opens the most further notes of the same hand,
counting the cards it places: opening cards and sequences make it long.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, View
from cardroom.core.cardset import cards_of
from cardroom.core.rng import Rng
from cardroom.games.muzicando.actions import (
    BID,
    CHOOSE,
    PASS,
    action_text,
    parse_action,
    split_play,
)
from cardroom.games.muzicando.cards import (
    BID_BY_TEXT,
    BIDS,
    COLOUR,
    FULL_MASK,
    LAYOUT_LETTERS,
    LAYOUT_VALUE,
    NOTE,
    NOTE_MASK,
    OPENING_MASK,
    REST,
    SIGN_BLOCKS,
    SIGN_KIND,
    bid_layout,
    bid_level,
    mask_of_codes,
)
from cardroom.games.muzicando.fields import Table
from cardroom.games.muzicando.rules.layouts import new_table, table_from_view

# What a random 14-card hand that can open S, G, P, M reaches alone there:
# the median and the top decile (layout_reach over random deals).
# Almost every hand lays all its notes in Sarabanda, so it never earns more
# than a level 1 bid.
REACH_MEDIAN = (1.0, 0.73, 0.23, 0.2)
REACH_TOP = (1.1, 0.92, 0.42, 0.4)
LEVEL_STEPS = (0.0, 0.5, 1.0, 1.5)  # strength needed for levels 1..4


# ----- hand reading ------------------------------------------------------------
MOVES_TRIED = 12  # a long list of grid moves is mostly the same cards on other cells


def _place(table: Table, action: int) -> int:
    card, cell = split_play(action)
    table.place(card, cell)
    return card


def solo_run(table: Table, hand: int, limit: int = 60) -> int:
    """Cards of ``hand`` a player alone could place one after another."""
    placed = 0
    hand &= NOTE_MASK
    while hand and placed < limit:
        moves = table.note_moves(hand)
        if not moves:
            break
        best = max(moves[:MOVES_TRIED], key=lambda a: follow_ups(table, hand, a))
        card = _place(table, best)
        hand &= ~(1 << card)
        placed += 1
    return placed


def follow_ups(table: Table, hand: int, action: int) -> int:
    """How many other cards of ``hand`` could go right after ``action``."""
    trial = table.clone()
    card = _place(trial, action)
    return (trial.playable_notes() & hand & ~(1 << card)).bit_count()


def layout_reach(hand: int) -> list[float]:
    """Per layout S, G, P, M: the share of the hand's notes a player could
    lay alone after opening it (0 when the hand cannot open the layout)."""
    notes = (hand & NOTE_MASK).bit_count() or 1
    out = []
    for layout in range(len(LAYOUT_LETTERS)):
        best = 0
        for opening in cards_of(hand & OPENING_MASK[layout])[:3]:
            table = new_table(layout)
            action = table.opening_moves(1 << opening)[0]
            _place(table, action)
            best = max(best, 1 + solo_run(table, hand & ~(1 << opening), 20))
        out.append(best / notes)
    return out


def strength(reach: list[float], hand: int) -> list[float]:
    out = []
    for layout, r in enumerate(reach):
        if not hand & OPENING_MASK[layout]:
            out.append(-9.0)
            continue
        span = REACH_TOP[layout] - REACH_MEDIAN[layout]
        out.append((r - REACH_MEDIAN[layout]) / span)
    return out


class MuzicandoHeuristic(Bot):
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        actions = [a for a in (parse_action(t) for t in legal) if a is not None]
        if view["phase"] == "bidding":
            return self.call(view, actions)
        if view["phase"] == "choosing":
            return action_text(self.pick_layout(view, actions))
        return action_text(self.play(view, actions))

    # ----- bidding and choosing ---------------------------------------------------
    def call(self, view: View, actions: list[int]) -> str:
        me: int = view["seat"]
        hand = mask_of_codes(view["hand"])
        power = strength(layout_reach(hand), hand)
        high, high_seat = _high_bid(view)
        if PASS in actions and high_seat >= 0 and _same_side(view, me, high_seat):
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

    def pick_layout(self, view: View, actions: list[int]) -> int:
        hand = mask_of_codes(view["hand"])
        reach = layout_reach(hand)
        power = strength(reach, hand)
        return max(actions, key=lambda a: LAYOUT_VALUE[a - CHOOSE] + 3 * power[a - CHOOSE])

    # ----- play ------------------------------------------------------------------
    def play(self, view: View, actions: list[int]) -> int:
        if len(actions) == 1:
            return actions[0]
        ctx = PlayContext(view)
        scored = [(ctx.value(a) + self.rng.random() * 0.01, a) for a in actions]
        return max(scored)[1]


class PlayContext:
    """The position as the bot sees it: its hand, the table, the seats."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me: int = view["seat"]
        self.n: int = view["players"]
        self.hand = mask_of_codes(view["hand"])
        self.table: Table = table_from_view(LAYOUT_LETTERS.index(view["layout"]), view["table"])
        self.sizes: list[int] = view["hand_sizes"]
        self.blocked: list[int] = view["blocked"]
        self.unseen = FULL_MASK & ~self.hand & ~self.table.on_table()
        self.partnership = view["mode"] == "partnership"
        self.before = self.table.playable_notes()
        self.missing = [mask_of_codes(m) for m in view["missing"]]

    def opponent(self, seat: int) -> bool:
        return not self.partnership or seat % 2 != self.me % 2

    def neighbour(self, by: int) -> int:
        for k in range(1, self.n):
            seat = (self.me + by * k) % self.n
            if self.sizes[seat]:
                return seat
        return -1

    def value(self, action: int) -> float:
        if action == PASS:
            return -2.0 if self.view["pile"] else -0.5
        card, cell = split_play(action)
        if not self.view["opened"]:
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
            held = sum(holders.values()) + self.view["pile"]
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
            partner = (self.me + 2) % self.n
            return 100.0 if self.partnership and self.sizes[partner] else 90.0
        chain = solo_run(self.table.clone(), left, 14)
        if chain >= notes_left:
            return 50.0  # the rest lets us lay everything else in a row
        return 2.5 * chain - 3.0


def _high_bid(view: View) -> tuple[int, int]:
    for seat, text in reversed(view["calls"]):
        if text != "pass":
            return BID_BY_TEXT[text.split()[1]], seat
    return -1, -1


def _same_side(view: View, a: int, b: int) -> bool:
    if view["mode"] == "partnership":
        return a % 2 == b % 2
    return a == b

