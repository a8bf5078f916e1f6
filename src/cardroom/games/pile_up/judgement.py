"""The Pile up heuristic's judgement of one decision (the bot, bot/, plays
it; the search's opponent model plays it too, playout.py ``heuristic``).

Laying: for each rolled number it can play, it weighs a few complete plays
(lay what stacks or stays under the third visible card; dump everything
with white last; bury cards under black to set a trap; the one cheapest
card when every play takes) by the minus cards they cost, the cards they
shed and what they do to the others, and lays the first card of the best.
Pushing goes to the leader (fewest minus cards). A forced take keeps white,
black and cards that stack; a triple gives plain cards away first.

Everything is read from a ``Knowledge``: what the seat to move knows, built
from its view (the bot) or from a state's fields for the same seat (the
search), so both judge from the same facts and pick the same move. It sits
outside bot/ so that it is compiled with the search that calls it
(cardroom/compiled.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardroom.games.pile_up.cards import (
    BY_CODE,
    EFFECT_ARM,
    EFFECT_PLAIN,
    EFFECT_PUSH,
    NUMBERS,
    TYPE_CODE,
    TYPE_EFFECT,
    codes,
    column_size,
    type_of_mask,
)
from cardroom.games.pile_up.fields import PileUpFields
from cardroom.games.pile_up.legal import laying_from, open_numbers
from cardroom.games.pile_up.rules import (
    ARMS,
    PUSHES,
    TAKES,
    armed_for_play,
    play_outcome,
    scores,
)
from cardroom.games.pile_up.viewtypes import PileUpSeatTable

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


def shed_value(from_minus: bool, pile_size: int) -> float:
    """What each card laid is worth to its player, before what the play does."""
    if from_minus:
        return SHED_MINUS
    return SHED_HAND_LATE if pile_size == 0 else SHED_HAND


def play_value(outcome: int, laid: int, total: int, shed: float, from_minus: bool) -> float:
    """What a play of ``laid`` cards is worth if it ends with ``outcome``
    (rules.play_outcome) on a column of ``total`` cards."""
    if outcome == PUSHES:
        return shed * laid + PUSH_GAIN * total - WHITE_KEEP
    if outcome == ARMS:
        return shed * laid + TRAP_GAIN * total - BLACK_KEEP
    if outcome == TAKES:
        # The laid cards come straight back; from the minus pile that is no loss.
        return (SHED_MINUS * laid if from_minus else 0.0) - total
    return shed * laid


def plain_takes(armed: bool, visible: int) -> bool:
    """Whether a plain card laid last, leaving ``visible`` cards, takes the column."""
    return play_outcome(EFFECT_PLAIN, armed, visible) == TAKES


class SeenColumn:
    """One column as the seat sees it: its visible cards' codes, its size."""

    __slots__ = ("armed", "stacks", "total")

    def __init__(self, stacks: list[str], total: int, armed: bool) -> None:
        self.stacks = stacks
        self.total = total
        self.armed = armed


class Knowledge:
    """What the seat to move knows, as the heuristic reads it."""

    def __init__(self, seat: int, scores: list[int], hand_sizes: list[int], hand: list[str],
                 own_minus: list[str], turn: tuple[bool, int, int, int, bool, str | None],
                 dice: list[int], columns: list[SeenColumn]) -> None:
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
    def of_view(cls, seat: int, t: PileUpSeatTable, points: Sequence[int]) -> Knowledge:
        """From a seat's part of its view and the view's scores."""
        columns = [SeenColumn([code for code, _ in col.stacks], col.size, col.armed)
                   for col in t.columns]
        turn = (t.from_minus, t.pile_size, t.number or 0, t.placed, t.armed_before, t.last)
        return cls(seat, list(points), list(t.hand_sizes), list(t.hand), list(t.minus[seat]),
                   turn, list(t.dice), columns)

    @classmethod
    def of_state(cls, s: PileUpFields, seat: int) -> Knowledge:
        columns = []
        for n in NUMBERS:
            stacks = s.columns[n - 1]
            columns.append(SeenColumn([TYPE_CODE[type_of_mask(st)] for st in stacks],
                                      column_size(stacks), bool(s.armed >> (n - 1) & 1)))
        turn = (s.from_minus, len(s.pile), s.number, s.placed, s.armed_before,
                TYPE_CODE[s.last] if s.last >= 0 else None)
        return cls(seat, scores(s), [h.bit_count() for h in s.hands],
                   codes(s.hands[seat]), codes(s.minus[seat]), turn, s.dice, columns)


def leader(k: Knowledge) -> int:
    """The other player with the fewest minus cards (then the most cards in hand)."""
    me = k.seat
    others = [s for s in range(len(k.scores)) if s != me]
    return min(others, key=lambda s: (k.scores[s], -k.hand_sizes[s], s))


def give_order(code: str) -> tuple[int, str]:
    """Give plain cards first; white and black stay for playing from the minus pile."""
    return (effect(code) != 0, code)


def keep_value(k: Knowledge, code: str) -> float:
    """How much a hand card is worth keeping (the lowest is taken as a minus card)."""
    kind = effect(code)
    if kind == EFFECT_PUSH:
        return 3.0
    if kind == EFFECT_ARM:
        return 2.0
    col = k.columns[int(code[:-1]) - 1]
    copies = k.hand.count(code)
    value = 1.0 + 0.5 * (copies - 1)
    if code in col.stacks:
        value += 0.5
    if plain_takes(col.armed, len(col.stacks) + 1):
        value -= 0.7
    return value


class Planner:
    """Scores complete plays from the current point of the turn."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.source = laying_from(k.from_minus, k.hand, k.own_minus)
        self.shed = shed_value(k.from_minus, k.pile_size)

    def best_first_step(self) -> Step | None:
        best: tuple[float, list[Step]] | None = None
        for number in sorted(set(open_numbers(self.k.dice, self.k.number))):
            for plan in self.plans(number):
                score = self.score(number, plan)
                if best is None or score > best[0]:
                    best = (score, plan)
        if best is None or not best[1]:
            return None
        return best[1][0]

    def plans(self, number: int) -> list[list[Step]]:
        k = self.k
        col = k.columns[number - 1]
        cards = sorted(c for c in self.source if int(c[:-1]) == number)
        if not cards:
            return [[]] if k.placed else []
        singles = [[_step(col.stacks, c)] for c in dict.fromkeys(cards)]
        if k.from_minus:
            return singles
        plain = [c for c in cards if effect(c) not in (EFFECT_PUSH, EFFECT_ARM)]
        specials = [c for c in cards if effect(c) in (EFFECT_PUSH, EFFECT_ARM)]
        plans = [self.safe(col, plain)] if not self._armed(col) else []
        plans += [_lay_all(col.stacks, [*plain, s]) for s in specials]
        plans += [_lay_all(col.stacks, [s]) for s in specials]
        plans += singles
        if k.placed:
            plans.append([])
        return [p for p in plans if p or k.placed]

    def _armed(self, col: SeenColumn) -> bool:
        return armed_for_play(self.k.placed, self.k.armed_before, col.armed)

    def safe(self, col: SeenColumn, plain: list[str]) -> list[Step]:
        """Everything that stacks, then new cards while they take nothing."""
        shown = list(col.stacks)
        counts = Counter(plain)
        plan: list[Step] = []
        for code in sorted(counts, key=lambda c: (c not in shown, -counts[c], c)):
            if code not in shown:
                if plain_takes(False, len(shown) + 1):
                    continue
                shown.append(code)
                plan.append(("place", code))
                counts[code] -= 1
            plan += [("stack", code)] * counts[code]
        return plan

    def score(self, number: int, plan: list[Step]) -> float:
        k = self.k
        col = k.columns[number - 1]
        visible, total = len(col.stacks), col.total
        for verb, _ in plan:
            visible += verb == "place"
            total += 1
        last = plan[-1][1] if plan else k.last
        kind = effect(last) if last is not None else EFFECT_PLAIN
        outcome = play_outcome(kind, self._armed(col), visible)
        return play_value(outcome, len(plan), total, self.shed, k.from_minus)


def _step(shown: list[str], code: str) -> Step:
    return ("stack" if code in shown else "place", code)


def _lay_all(shown: Sequence[str], cards: list[str]) -> list[Step]:
    seen = list(shown)
    plan: list[Step] = []
    for code in cards:
        plan.append(_step(seen, code))
        seen.append(code)
    return plan
