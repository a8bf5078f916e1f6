"""The Pizzamania rules machine (our rules page: docs/games/pizzamania.md).

Actions are ints: ``PASS`` (0) passes, ``v`` (a topping value) plays as many
copies of ``v`` as the current base asks for. Hands are packed piles (see
cards.py). There is one decision phase, ``play``; deals, base turns, chef
gifts and round ends are resolved inside ``apply``.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.game import Result, State
from cardroom.core.rng import Rng
from cardroom.games.pizzamania import chefs
from cardroom.games.pizzamania.cards import (
    BASE_CODES,
    BASE_DECK,
    BASE_SIZE,
    FULL,
    HIGHEST,
    LOWEST,
    ONE,
    count,
    deal_size,
    pack,
    size,
    unpack,
)
from cardroom.games.pizzamania.views import invariant_errors, table_view

PASS = 0
PHASE_PLAY, PHASE_OVER = "play", "over"


class PizzamaniaState(State):
    rounds: int
    simple: bool
    round_no: int
    hands: list[int]
    sizes: list[int]
    aside: int
    played: list[int]
    base_deck: list[int]  # the top is the last element
    base: int
    pile: list[int]
    pile_seats: list[int]
    turner: int
    passed: int  # bitmask of seats out of this pizza
    turn: int
    finished: list[int]
    orders: list[list[int]]
    holders: dict[str, int]
    exchanges: list[chefs.Gift]
    over: bool

    # ----- set-up ----------------------------------------------------------
    def setup(self) -> None:
        self.simple = bool(self.options["simple"])
        self.rounds = 1 if self.simple else int(self.options["rounds"])  # D10
        self.round_no = 0
        self.orders = []
        self.holders = {}
        self.over = False
        self.start_round(0)  # D4: seat 0 turns the first base of the game

    def start_round(self, opener: int) -> None:
        n = self.players
        self.round_no += 1
        dealt: list[int] = self.rng.draw("deal", self.random_deal)
        self.hands, self.aside = list(dealt[:n]), dealt[n]
        self.sizes = [size(h) for h in self.hands]
        self.played = [0] * n
        self.finished = []
        self.exchanges = []
        self.log.append({"type": "deal", "round": self.round_no, "cards_each": self.sizes[0],
                         "set_aside": size(self.aside)})
        for seat in range(n):
            self.log.append({"type": "hand", "seat": seat, "cards": unpack(self.hands[seat]),
                             "to": [seat]})
        self.shuffle_bases(False)
        if self.holders:
            self.give_gifts()
        self.turn_base(opener)

    def random_deal(self, rng: Rng) -> list[int]:
        """D3: an even deal; the last entry is the pile set aside unseen."""
        deck = unpack(FULL)
        rng.shuffle(deck)
        each = deal_size(self.players)
        piles = [pack(deck[s * each:(s + 1) * each]) for s in range(self.players)]
        return [*piles, pack(deck[self.players * each:])]

    @staticmethod
    def random_bases(rng: Rng) -> list[int]:
        order = list(BASE_DECK)
        rng.shuffle(order)
        return order

    def shuffle_bases(self, reshuffle: bool) -> None:
        order = list(self.rng.draw("bases", self.random_bases))
        self.base_deck = order[::-1]
        self.log.append({"type": "reshuffle" if reshuffle else "bases", "count": len(order)})

    def give_gifts(self) -> None:
        """D9: every gift is worked out from the hands as dealt, then made."""
        self.exchanges = chefs.gifts(self.holders, self.hands)
        for g in self.exchanges:
            self.hands[g.giver] -= g.cards
        for g in self.exchanges:
            self.hands[g.receiver] += g.cards
            self.log.append({"type": "exchange", "chef": g.chef, "giver": g.giver,
                             "receiver": g.receiver, "count": g.count, "which": g.which})
            self.log.append({"type": "gift", "giver": g.giver, "receiver": g.receiver,
                             "cards": unpack(g.cards), "to": sorted({g.giver, g.receiver})})
        self.sizes = [size(h) for h in self.hands]

    def turn_base(self, seat: int) -> None:
        if not self.base_deck:
            self.shuffle_bases(True)  # D7: every base is set aside by now
        self.base = self.base_deck.pop()
        self.pile, self.pile_seats = [], []
        self.passed = 0
        self.turner = self.turn = seat
        self.log.append({"type": "base", "seat": seat, "base": BASE_CODES[self.base],
                         "deck": len(self.base_deck)})

    # ----- the contract ----------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn]

    def is_over(self) -> bool:
        return self.over

    def phase(self) -> str:
        return PHASE_OVER if self.over else PHASE_PLAY

    def legal_actions(self, seat: int) -> list[int]:
        if self.over or seat != self.turn:
            return []
        need = BASE_SIZE[self.base]
        hand = self.hands[seat]
        low = self.pile[-1] + 1 if self.pile else LOWEST
        plays = [v for v in range(low, HIGHEST + 1) if count(hand, v) >= need]
        plays.append(PASS)
        return plays

    def illegal_reason(self, seat: int, action: int) -> str | None:
        if action == PASS:
            return None  # a player may always pass, even holding a play
        if not LOWEST <= action <= HIGHEST:
            return f"there is no topping {action}: values run from {LOWEST} to {HIGHEST}"
        need = BASE_SIZE[self.base]
        held = count(self.hands[seat], action)
        if held < need:
            return self._too_few(action, held, need)
        if self.pile and action <= self.pile[-1]:
            top = self.pile[-1]
            return (f"a play must be higher than the {top} on top of the pizza: "
                    f"play {top + 1} or more, or pass")
        return None

    def _too_few(self, value: int, held: int, need: int) -> str:
        base = BASE_CODES[self.base]
        if held == 0:
            return f"you hold no {value}"
        return (f"on an {base} base a play is {need} equal toppings and you hold "
                f"only {held} × {value}")

    def _apply(self, seat: int, action: int) -> None:
        if action == PASS:
            self.passed |= 1 << seat
            self.log.append({"type": "pass", "seat": seat})
            self.advance(seat)
        else:
            self.play(seat, action)

    def action_text(self, action: int) -> str:
        return "pass" if action == PASS else f"play {action}"

    def parse_action(self, text: str) -> int | None:
        if text == "pass":
            return PASS
        verb, _, arg = text.partition(" ")
        # "play 0" must not read as PASS (0). A value beyond the deck still
        # parses, so that illegal_reason can tell the player why it is refused.
        if verb != "play" or not arg.isdigit() or arg != str(int(arg)) or int(arg) == PASS:
            return None
        return int(arg)

    # ----- pizzas ----------------------------------------------------------
    def play(self, seat: int, value: int) -> None:
        need = BASE_SIZE[self.base]
        self.hands[seat] -= need * ONE[value]
        self.played[seat] += need * ONE[value]
        self.sizes[seat] -= need
        self.pile.append(value)
        self.pile_seats.append(seat)
        self.log.append({"type": "play", "seat": seat, "value": value, "count": need})
        if self.sizes[seat] == 0:
            self.finished.append(seat)
            self.log.append({"type": "out", "seat": seat, "place": len(self.finished)})
            if sum(1 for s in self.sizes if s) <= 1:
                self.end_round()
                return
        self.advance(seat)

    def advance(self, seat: int) -> None:
        """Next turn, or the end of this pizza when no one can still play on it."""
        last = self.pile_seats[-1] if self.pile else -1
        n = self.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other != last and self.sizes[other] and not self.passed >> other & 1:
                self.turn = other
                return
        if last < 0:  # D6: everyone passed on an empty base
            self.log.append({"type": "dead_base", "base": BASE_CODES[self.base],
                             "seat": self.turner})
            self.turn_base(self.turner)
            return
        self.log.append({"type": "pizza", "seat": last, "base": BASE_CODES[self.base],
                         "top": self.pile[-1]})
        self.turn_base(self.next_holder(last))

    def next_holder(self, seat: int) -> int:
        """D5: the completer turns the next base, or if out, the next seat
        clockwise that still holds cards."""
        n = self.players
        for step in range(n):
            other = (seat + step) % n
            if self.sizes[other]:
                return other
        raise AssertionError("a pizza was completed with no cards left in play")

    # ----- rounds and the game ---------------------------------------------
    def end_round(self) -> None:
        last = next(s for s in range(self.players) if self.sizes[s])
        self.finished.append(last)
        order = self.finished[:]
        self.orders.append(order)
        self.log.append({"type": "round_end", "round": self.round_no, "order": order})
        if self.round_no >= self.rounds:
            self.over = True
            self.log.append({"type": "game_end", "winner": order[0], "order": order})
            return
        self.holders = chefs.assign(order)  # D8
        self.log.append({"type": "chefs", "holders": dict(self.holders)})
        self.start_round(chefs.opener(self.holders))

    def scores(self) -> list[Any]:
        """Each seat's finish place in every completed round (D10)."""
        return [[order.index(seat) + 1 for order in self.orders] for seat in range(self.players)]

    def result(self) -> Result:
        """D10: the final round decides; every round's order comes along."""
        out = self.standing()
        out.detail["rounds"] = [o[:] for o in self.orders]
        return out

    # The search horizon (cardroom.search.reward): a playout may stop when
    # a round ends, standing as that round's finish order.
    def rounds_completed(self) -> int:
        return len(self.orders)

    def standing(self) -> Result:
        latest = self.orders[-1]
        return Result([[s] for s in latest], self.scores(), {"winner": latest[0]})

    def table_view(self, seat: Viewer) -> dict[str, Any]:
        return table_view(self, seat)

    def invariant_errors(self) -> list[str]:
        return invariant_errors(self)

    def clone(self) -> PizzamaniaState:
        c = PizzamaniaState.__new__(PizzamaniaState)
        self._clone_base(c)
        c.rounds, c.simple, c.round_no, c.over = self.rounds, self.simple, self.round_no, self.over
        c.hands, c.sizes, c.aside = self.hands[:], self.sizes[:], self.aside
        c.played = self.played[:]
        c.base_deck, c.base, c.turner, c.turn = self.base_deck[:], self.base, self.turner, self.turn
        c.pile, c.pile_seats, c.passed = self.pile[:], self.pile_seats[:], self.passed
        c.finished, c.orders = self.finished[:], [o[:] for o in self.orders]
        c.holders, c.exchanges = dict(self.holders), self.exchanges[:]
        return c

