"""The Pile up heuristic's judgement of one decision (bot.py plays it; the
search's opponent model plays it too, playout.py ``heuristic``).

Laying: for each rolled number it can play, it weighs a few complete plays
(lay what stacks or stays under the third visible card; dump everything
with white last; bury cards under black to set a trap; the one cheapest
card when every play takes) by the minus cards they cost, the cards they
shed and what they do to the others, and lays the first card of the best.
Pushing goes to the leader (fewest minus cards). A forced take keeps white,
black and cards that stack; a triple gives plain cards away first.

Everything is read from a ``Table``: what the seat to move knows, built
from its view (the bot) or from a state's fields for the same seat (the
search), so both judge from the same facts and pick the same move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardroom.core.bot import View
from cardroom.games.pile_up.cards import (
    BY_CODE,
    EFFECT_ARM,
    EFFECT_PUSH,
    NUMBERS,
    TYPE_CODE,
    TYPE_EFFECT,
    codes,
    type_of_mask,
)
from cardroom.games.pile_up.fields import PileUpFields
from cardroom.games.pile_up.rules import TAKE_AT

Step = tuple[str, str]  # ("place" | "stack", card code)

SHED_HAND = 0.25  # a card out of the hand: fewer to get rid of later
SHED_HAND_LATE = 0.5  # the same once the draw pile is empty (an empty hand sheds minus cards)
SHED_MINUS = 1.0  # a minus card laid from the minus pile is one minus card fewer
PUSH_GAIN = 0.4  # per card pushed onto the leader
WHITE_KEEP = 1.2  # what a white card in hand is worth for a later, bigger push
TRAP_GAIN = 0.3  # per card under an armed black card
BLACK_KEEP = 0.8


def effect(code: str) -> int:
    return TYPE_EFFECT[BY_CODE[code]]


class Column:
    """One column as the seat sees it: its visible cards' codes, its size."""

    __slots__ = ("armed", "stacks", "total")

    def __init__(self, stacks: list[str], total: int, armed: bool) -> None:
        self.stacks = stacks
        self.total = total
        self.armed = armed


class Table:
    """What the seat to move knows, as the heuristic reads it."""

    def __init__(self, seat: int, scores: list[int], hand_sizes: list[int], hand: list[str],
                 own_minus: list[str], turn: tuple[bool, int, int, int, bool, str | None],
                 dice: list[int], columns: list[Column]) -> None:
        self.seat = seat
        self.scores = scores  # minus cards per seat
        self.hand_sizes = hand_sizes
        self.hand = hand
        self.own_minus = own_minus
        self.from_minus, self.pile_size, self.number, self.placed, self.armed_before, \
            self.last = turn
        self.dice = dice
        self.columns = columns

    @classmethod
    def of_view(cls, view: View) -> Table:
        me: int = view["seat"]
        columns = [Column([code for code, _ in col["stacks"]],
                          sum(count for _, count in col["stacks"]), col["armed"])
                   for col in view["columns"]]
        turn = (view["from_minus"], view["pile_size"], view["number"] or 0, view["placed"],
                view["armed_before"], view["last"])
        return cls(me, view["scores"], view["hand_sizes"], view["hand"],
                   view["minus"][me], turn, view["dice"], columns)

    @classmethod
    def of_state(cls, s: PileUpFields, seat: int) -> Table:
        columns = []
        for n in NUMBERS:
            stacks = s.columns[n - 1]
            columns.append(Column([TYPE_CODE[type_of_mask(st)] for st in stacks],
                                  sum(st.bit_count() for st in stacks),
                                  bool(s.armed >> (n - 1) & 1)))
        turn = (s.from_minus, len(s.pile), s.number, s.placed, s.armed_before,
                TYPE_CODE[s.last] if s.last >= 0 else None)
        return cls(seat, [m.bit_count() for m in s.minus], [h.bit_count() for h in s.hands],
                   codes(s.hands[seat]), codes(s.minus[seat]), turn, s.dice, columns)


def leader(table: Table) -> int:
    """The other player with the fewest minus cards (then the most cards in hand)."""
    me = table.seat
    others = [s for s in range(len(table.scores)) if s != me]
    return min(others, key=lambda s: (table.scores[s], -table.hand_sizes[s], s))


def give_order(code: str) -> tuple[int, str]:
    """Give plain cards first; white and black stay for playing from the minus pile."""
    return (effect(code) != 0, code)


def keep_value(table: Table, code: str) -> float:
    """How much a hand card is worth keeping (the lowest is taken as a minus card)."""
    kind = effect(code)
    if kind == EFFECT_PUSH:
        return 3.0
    if kind == EFFECT_ARM:
        return 2.0
    col = table.columns[int(code[:-1]) - 1]
    copies = table.hand.count(code)
    value = 1.0 + 0.5 * (copies - 1)
    if code in col.stacks:
        value += 0.5
    if col.armed or len(col.stacks) >= TAKE_AT - 1:
        value -= 0.7
    return value


class Planner:
    """Scores complete plays from the current point of the turn."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.source = table.own_minus if table.from_minus else table.hand
        if table.from_minus:
            self.shed = SHED_MINUS
        else:
            self.shed = SHED_HAND_LATE if table.pile_size == 0 else SHED_HAND

    def best_first_step(self) -> Step | None:
        table = self.table
        numbers = [table.number] if table.placed else sorted(set(table.dice))
        best: tuple[float, list[Step]] | None = None
        for number in numbers:
            for plan in self.plans(number):
                score = self.score(number, plan)
                if best is None or score > best[0]:
                    best = (score, plan)
        if best is None or not best[1]:
            return None
        return best[1][0]

    def plans(self, number: int) -> list[list[Step]]:
        table = self.table
        col = table.columns[number - 1]
        cards = sorted(c for c in self.source if int(c[:-1]) == number)
        if not cards:
            return [[]] if table.placed else []
        singles = [[_step(col.stacks, c)] for c in dict.fromkeys(cards)]
        if table.from_minus:
            return singles
        plain = [c for c in cards if effect(c) not in (EFFECT_PUSH, EFFECT_ARM)]
        specials = [c for c in cards if effect(c) in (EFFECT_PUSH, EFFECT_ARM)]
        plans = [self.safe(col, plain)] if not self._armed_before(col) else []
        plans += [_lay_all(col.stacks, [*plain, s]) for s in specials]
        plans += [_lay_all(col.stacks, [s]) for s in specials]
        plans += singles
        if table.placed:
            plans.append([])
        return [p for p in plans if p or table.placed]

    def _armed_before(self, col: Column) -> bool:
        return self.table.armed_before if self.table.placed else col.armed

    def safe(self, col: Column, plain: list[str]) -> list[Step]:
        """Everything that stacks, then new cards while fewer than three show."""
        shown = list(col.stacks)
        counts = Counter(plain)
        plan: list[Step] = []
        for code in sorted(counts, key=lambda c: (c not in shown, -counts[c], c)):
            if code not in shown:
                if len(shown) >= TAKE_AT - 1:
                    continue
                shown.append(code)
                plan.append(("place", code))
                counts[code] -= 1
            plan += [("stack", code)] * counts[code]
        return plan

    def score(self, number: int, plan: list[Step]) -> float:
        table = self.table
        col = table.columns[number - 1]
        visible, total = len(col.stacks), col.total
        for verb, _ in plan:
            visible += verb == "place"
            total += 1
        last = plan[-1][1] if plan else table.last
        value = self.shed * len(plan)
        kind = effect(last) if last is not None else -1
        if kind == EFFECT_PUSH:
            return value + PUSH_GAIN * total - WHITE_KEEP
        if kind == EFFECT_ARM:
            return value + TRAP_GAIN * total - BLACK_KEEP
        if self._armed_before(col) or visible >= TAKE_AT:
            # The laid cards come straight back; from the minus pile that is no loss.
            return (SHED_MINUS * len(plan) if table.from_minus else 0.0) - total
        return value


def _step(shown: list[str], code: str) -> Step:
    return ("stack" if code in shown else "place", code)


def _lay_all(shown: Sequence[str], cards: list[str]) -> list[Step]:
    seen = list(shown)
    plan: list[Step] = []
    for code in cards:
        plan.append(_step(seen, code))
        seen.append(code)
    return plan
