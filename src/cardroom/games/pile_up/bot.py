"""A heuristic Pile up player working from its seat's view only.

Laying: for each rolled number it can play, it weighs a few complete plays
(lay what stacks or stays under the third visible card; dump everything
with white last; bury cards under black to set a trap; the one cheapest
card when every play takes) by the minus cards they cost, the cards they
shed and what they do to the others, and lays the first card of the best.
Pushing goes to the leader (fewest minus cards). A forced take keeps white,
black and cards that stack; a triple gives plain cards away first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.core.bot import Bot, View
from cardroom.core.rng import Rng
from cardroom.games.pile_up.cards import BY_CODE, EFFECT_ARM, EFFECT_PUSH, TYPE_EFFECT
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


@dataclass
class Column:
    stacks: list[str]  # the code of each visible card
    total: int
    armed: bool

    @classmethod
    def of(cls, view: View, number: int) -> Column:
        col = view["columns"][number - 1]
        return cls([code for code, _ in col["stacks"]],
                   sum(count for _, count in col["stacks"]), col["armed"])


class PileUpHeuristic(Bot):
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        phase = view["phase"]
        if phase in ("push", "avoid"):
            return f"push {leader(view)}"
        if phase == "give":
            return min(legal, key=lambda a: give_order(a.split(" ", 1)[1]))
        if phase == "take":
            return min(legal, key=lambda a: keep_value(view, a.split(" ", 1)[1]))
        step = Planner(view).best_first_step()
        text = "done" if step is None else f"{step[0]} {step[1]}"
        return text if text in legal else legal[0]


def leader(view: View) -> int:
    """The other player with the fewest minus cards (then the most cards in hand)."""
    me = view["seat"]
    others = [s for s in range(view["players"]) if s != me]
    return min(others, key=lambda s: (view["scores"][s], -view["hand_sizes"][s], s))


def give_order(code: str) -> tuple[int, str]:
    """Give plain cards first; white and black stay for playing from the minus pile."""
    return (effect(code) != 0, code)


def keep_value(view: View, code: str) -> float:
    """How much a hand card is worth keeping (the lowest is taken as a minus card)."""
    kind = effect(code)
    if kind == EFFECT_PUSH:
        return 3.0
    if kind == EFFECT_ARM:
        return 2.0
    col = Column.of(view, int(code[:-1]))
    copies: int = view["hand"].count(code)
    value = 1.0 + 0.5 * (copies - 1)
    if code in col.stacks:
        value += 0.5
    if col.armed or len(col.stacks) >= TAKE_AT - 1:
        value -= 0.7
    return value


class Planner:
    """Scores complete plays from the current point of the turn."""

    def __init__(self, view: View) -> None:
        self.view = view
        me = view["seat"]
        self.source: list[str] = view["minus"][me] if view["from_minus"] else view["hand"]
        if view["from_minus"]:
            self.shed = SHED_MINUS
        else:
            self.shed = SHED_HAND_LATE if view["pile_size"] == 0 else SHED_HAND

    def best_first_step(self) -> Step | None:
        view = self.view
        numbers = [view["number"]] if view["placed"] else sorted(set(view["dice"]))
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
        col = Column.of(self.view, number)
        cards = sorted(c for c in self.source if int(c[:-1]) == number)
        if not cards:
            return [[]] if self.view["placed"] else []
        singles = [[_step(col.stacks, c)] for c in dict.fromkeys(cards)]
        if self.view["from_minus"]:
            return singles
        plain = [c for c in cards if effect(c) not in (EFFECT_PUSH, EFFECT_ARM)]
        specials = [c for c in cards if effect(c) in (EFFECT_PUSH, EFFECT_ARM)]
        plans = [self.safe(col, plain)] if not self._armed_before(col) else []
        plans += [_lay_all(col.stacks, [*plain, s]) for s in specials]
        plans += [_lay_all(col.stacks, [s]) for s in specials]
        plans += singles
        if self.view["placed"]:
            plans.append([])
        return [p for p in plans if p or self.view["placed"]]

    def _armed_before(self, col: Column) -> bool:
        return bool(self.view["armed_before"]) if self.view["placed"] else col.armed

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
        view = self.view
        col = Column.of(view, number)
        visible, total = len(col.stacks), col.total
        for verb, _ in plan:
            visible += verb == "place"
            total += 1
        last = plan[-1][1] if plan else view["last"]
        value = self.shed * len(plan)
        kind = effect(last)
        if kind == EFFECT_PUSH:
            return value + PUSH_GAIN * total - WHITE_KEEP
        if kind == EFFECT_ARM:
            return value + TRAP_GAIN * total - BLACK_KEEP
        if self._armed_before(col) or visible >= TAKE_AT:
            # The laid cards come straight back; from the minus pile that is no loss.
            return (SHED_MINUS * len(plan) if view["from_minus"] else 0.0) - total
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
