"""The Pizzamania heuristic's judgement of one decision (the bot plays it;
the search's playouts and opponent model play it too, playout.py, so it
lives outside ``bot/``: the compiled path builds it).

It counts the toppings the seat has seen (its hand and everything played
this round) to know which plays nobody still in the pizza can beat
("bosses": playing one wins the pizza and with it the next base).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.core.views import View, seat_part
from cardroom.games.pizzamania.cards import BASE_SIZE, COPIES, HIGHEST, counts, pack
from cardroom.games.pizzamania.fields import PizzamaniaFields
from cardroom.games.pizzamania.rules.facts import lowest_play, top_of
from cardroom.games.pizzamania.viewtypes import PizzamaniaSeatTable

BREAK_MARGIN = 3  # breaking a group to play this close above the top sheds a card cheaply
SPARE_LOSERS = 2  # spend a boss when at most this many more losing groups than bosses remain
NEAR_OUT = 2  # an opponent with this many cards or fewer may go out soon


def stops(orders: Sequence[Sequence[int]], seat: int) -> bool:
    """D12: stop while leading (this round's winner wins the game)."""
    return orders[-1][0] == seat


def decide(reading: Reading, plays: list[int], can_pass: bool) -> int | None:
    """The value to play among ``plays`` (legal, lowest first), or None to pass."""
    choice = reading.choose(plays)
    if choice is None and not can_pass:  # D11: never happens when leading
        return plays[0]
    return choice


class Reading:
    """One decision: the seat's hand and what it can infer from what it saw
    (its hand and the toppings played this round). Built from a view (the
    bot) or from a state's fields for the same seat (the search's playouts
    and opponent model, playout.py): the two read the same facts."""

    def __init__(self, me: int, sizes: Sequence[int], passed: set[int], need: int,
                 top: int | None, hand: int, played: int) -> None:
        self.need = need
        self.top = top
        self.mine = counts(hand)
        seen = counts(hand + played)
        self.unseen = [COPIES.get(v, 0) - seen[v] for v in range(HIGHEST + 1)]
        others = [p for p in range(len(sizes)) if p != me and sizes[p]]
        self.danger = any(sizes[p] <= NEAR_OUT for p in others)
        self.rivals = [sizes[p] for p in others if p not in passed]
        self.hand_size = sizes[me]

    @classmethod
    def of_view(cls, view: View[Any]) -> Reading:
        seat, t = seat_part(view, PizzamaniaSeatTable)
        played = sum(pack(p) for p in t.played)
        return cls(seat, t.hand_sizes, set(t.passed), t.base_size, t.top, pack(t.hand), played)

    @classmethod
    def of_state(cls, s: PizzamaniaFields, seat: int) -> Reading:
        return cls(seat, s.sizes, set(cards_of(s.passed)), BASE_SIZE[s.base],
                   top_of(s.pile), s.hands[seat], sum(s.played))

    def boss(self, value: int) -> bool:
        """No rival still in this pizza can beat ``value``."""
        if all(size < self.need for size in self.rivals):
            return True
        return all(self.unseen[w] < self.need for w in range(lowest_play(value), HIGHEST + 1))

    def groups(self) -> int:
        return sum(1 for c in self.mine if c)

    def choose(self, plays: list[int]) -> int | None:
        exact = [v for v in plays if self.mine[v] == self.need]
        if self.hand_size == self.need and exact:
            return exact[0]  # goes out
        if self.top is None:
            return self.lead(plays, exact)
        return self.follow(plays, exact)

    def lead(self, plays: list[int], exact: list[int]) -> int:
        cheap = [v for v in exact if not self.boss(v)]
        if cheap:
            return cheap[0]  # shed the lowest group that fits whole
        if exact:
            return exact[0]  # only bosses fit whole: win the pizza and lead again
        return plays[0]  # every group must break: break the lowest

    def follow(self, plays: list[int], exact: list[int]) -> int | None:
        top = self.top if self.top is not None else 0
        whole = [v for v in exact if not self.boss(v)]
        if whole:
            return whole[0]  # the cheapest way to shed without breaking a group
        broken = [v for v in plays if self.mine[v] > self.need and not self.boss(v)]
        if broken and (broken[0] - top <= BREAK_MARGIN or self.danger):
            return broken[0]  # breaking pays: the card goes cheaply
        bosses = [v for v in plays if self.boss(v)]
        if bosses and self.boss_pays():
            return min(bosses, key=lambda v: (self.mine[v] != self.need, v))
        return None

    def boss_pays(self) -> bool:
        """Spend a boss now only if the lead it wins is worth more than the boss."""
        bosses = sum(1 for v in range(HIGHEST + 1) if self.mine[v] >= self.need and self.boss(v))
        return self.danger or self.groups() - bosses <= bosses + SPARE_LOSERS
