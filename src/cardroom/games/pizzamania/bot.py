"""A heuristic Pizzamania player working from its seat's view only.

It counts the toppings it has seen (its hand and everything played this
round) to know which plays nobody still in the pizza can beat ("bosses":
playing one wins the pizza and with it the next base). It always goes out
when it can; leads its lowest group that fits the base whole; follows with
its cheapest whole group; breaks a pair or triple only when that pays (the
broken card goes just above the top, or an opponent is about to go out);
and keeps its bosses to regain the lead, spending one only when few losing
groups would be left to shed after it or an opponent is about to go out.
Tuned against an always-play-lowest player (see the bot tests). On an x1
base it has just turned it must play (D11); leading, it always plays anyway.

After a round of the endless game (D12) it stops when it won that round
(the final round decides the game, so stopping then wins it) and continues
otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, View
from cardroom.games.pizzamania.cards import COPIES, HIGHEST, counts, pack

BREAK_MARGIN = 3  # breaking a group to play this close above the top sheds a card cheaply
SPARE_LOSERS = 2  # spend a boss when at most this many more losing groups than bosses remain
NEAR_OUT = 2  # an opponent with this many cards or fewer may go out soon


class PizzamaniaHeuristic(Bot):
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.seed = seed  # the player is deterministic; the seed is the factory's signature

    def choose(self, view: View, legal: Sequence[str]) -> str:
        if "stop" in legal:
            return self.continue_or_stop(view)
        plays = [int(a.split(" ", 1)[1]) for a in legal if a.startswith("play ")]
        if not plays:
            return "pass"
        choice = Reading(view).choose(plays)
        if choice is None and "pass" not in legal:  # D11: never happens when leading
            choice = plays[0]
        return "pass" if choice is None else f"play {choice}"

    @staticmethod
    def continue_or_stop(view: View) -> str:
        """D12: stop while leading (this round's winner wins the game)."""
        orders: list[list[int]] = view["orders"]
        return "stop" if orders[-1][0] == view["seat"] else "continue"


class Reading:
    """One decision: the seat's hand and what it can infer from the view."""

    def __init__(self, view: View) -> None:
        me: int = view["seat"]
        sizes: list[int] = view["hand_sizes"]
        self.need: int = view["base_size"]
        self.top: int | None = view["top"]
        self.mine = counts(pack(view["hand"]))
        seen = counts(pack(view["hand"]) + sum(pack(p) for p in view["played"]))
        self.unseen = [COPIES.get(v, 0) - seen[v] for v in range(HIGHEST + 1)]
        others = [p for p in range(view["players"]) if p != me and sizes[p]]
        self.danger = any(sizes[p] <= NEAR_OUT for p in others)
        passed = set(view["passed"])
        self.rivals = [sizes[p] for p in others if p not in passed]
        self.hand_size = sizes[me]

    def boss(self, value: int) -> bool:
        """No rival still in this pizza can beat ``value``."""
        if all(size < self.need for size in self.rivals):
            return True
        return all(self.unseen[w] < self.need for w in range(value + 1, HIGHEST + 1))

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
