"""Determinization: a full Pizzamania state built from one seat's view.

A seat knows its own hand, every topping played this round and by whom,
every hand size and how many toppings are set aside; the rest (the unseen
pool) lies in the other hands and the set-aside pile. Copies are counted
as distinct cards, and the pool is dealt uniformly among the deals that fit
what the seat knows:

- If the seat swapped toppings through a chef card (D9), its partner's
  hand is constrained: it still holds what the seat gave it (unless it
  played those values since), and what it gave the seat were its extremes,
  so the rest of its hand as dealt lies on the other side of them. These
  are per-value bounds on the partner's hand, sampled exactly by counting
  (``Bounded``); the other hands are then dealt from what is left.
- Gifts between two other seats show the seat only their size, so they
  constrain nothing here; the sampled state's record of their cards is a
  plausible filler (the receiver's extremes), never shown to this seat.

The base deck's make-up is public (every base turned since the last shuffle
was seen), so only its order is drawn.

After a round of the endless game (D12), the seats that have already chosen
continue or stop (those no longer in ``to_act``) get a choice drawn at
random: the seat knows that they chose, not what.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, Any, Final

from cardroom.core.cardset import mask_of
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.core.views import View, seat_part
from cardroom.games.pizzamania.actions import CHOICE_BY_TEXT, CONTINUE, STOP
from cardroom.games.pizzamania.cards import (
    BASE_BY_CODE,
    FULL,
    ONE,
    VALUES,
    count,
    counts,
    extreme,
    pack,
    unpack,
)
from cardroom.games.pizzamania.fields import PHASE_CHOOSE, Gift, PizzamaniaFields
from cardroom.games.pizzamania.state import PizzamaniaState
from cardroom.games.pizzamania.viewtypes import Exchange, PizzamaniaSeatTable

if TYPE_CHECKING:
    from cardroom.core.game import Game

UNBOUNDED: Final = 99


def determinize(game: Game, view: View[Any], rng: Rng) -> PizzamaniaState:
    return prepare(game, view, rng).sample()


def prepare(game: Game, view: View[Any], rng: Rng) -> Determinizer:
    """Read the view once; ``sample`` then deals the unseen pool anew."""
    return Determinizer(game, view, rng)


class Determinizer:
    """One seat's view read into a template state, the unseen pool and the
    chef partner's counting table; each ``sample`` copies the template and
    deals the pool at random."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        self.shuffler = Shuffler(rng)
        self.template = s = PizzamaniaState.__new__(PizzamaniaState)
        game.determinized_base(s, view, rng)
        self.seat, t = seat_part(view, PizzamaniaSeatTable)
        seat = self.seat
        s.rounds, s.simple, s.round_no = t.rounds, t.simple, t.round
        s.over = view.over
        s.sizes = list(t.hand_sizes)
        s.played = [pack(p) for p in t.played]
        s.base = BASE_BY_CODE[t.base]
        s.pile_seats = [p for p, _ in t.pile]
        s.pile = [v for _, v in t.pile]
        s.turner = t.turner
        s.turn = t.turn if t.turn is not None else t.turner
        s.passed = mask_of(t.passed)
        s.finished = list(t.finished)
        s.orders = [list(o) for o in t.orders]
        s.holders = dict(t.chefs)
        s.base_deck = [BASE_BY_CODE[code] for code, n in t.base_deck_makeup.items()
                       for _ in range(n)]
        s.hands, s.aside, s.exchanges, s.choosing, s.choices = [], 0, [], [], []
        self.exchanges = t.exchanges
        self.phase, self.to_act, self.known_choices = view.phase, view.to_act, t.choices
        self.mine = pack(t.hand)
        self.pool = FULL - self.mine - sum(s.played)
        self.partner, lo, hi = partner_bounds(s, self.exchanges, seat)
        self.partner_table = (Bounded(self.pool, s.sizes[self.partner], lo, hi)
                              if self.partner >= 0 else None)
        self.set_aside = t.set_aside

    def sample(self) -> PizzamaniaState:
        s = self.template.clone()
        sh = self.shuffler
        s.rng = sh.next_rng()
        sh.shuffle(s.base_deck)
        s.hands, s.aside = self.deal()
        s.exchanges = [_gift(s, g) for g in self.exchanges]
        s.choosing, s.choices = choices_hidden(self.phase, self.to_act, self.known_choices,
                                               self.seat, sh)
        return s

    def deal(self) -> tuple[list[int], int]:
        s, seat, partner, sh = self.template, self.seat, self.partner, self.shuffler
        n = s.players
        hands = [0] * n
        hands[seat] = self.mine
        pool = self.pool
        if self.partner_table is not None:
            hands[partner] = self.partner_table.sample(sh)
            pool -= hands[partner]
        cards = unpack(pool)
        sh.shuffle(cards)
        start = 0
        for other in range(n):
            if other not in (seat, partner):
                hands[other] = pack(cards[start:start + s.sizes[other]])
                start += s.sizes[other]
        if len(cards) - start != self.set_aside:
            raise ValueError("the view's hand sizes do not add up to the deck")
        return hands, pack(cards[start:])


def choices_hidden(
    phase: str, to_act: Sequence[int], known: Sequence[str | None], seat: int, sh: Shuffler
) -> tuple[list[int], list[int]]:
    """D12: the seats still choosing, and every choice: those the view shows,
    and a random one for each other seat that has chosen in secret."""
    choices = [0 if c is None else CHOICE_BY_TEXT[c] for c in known]
    if phase != PHASE_CHOOSE:
        return [], choices
    choosing = list(to_act)
    for other in range(len(choices)):
        if other != seat and other not in choosing:
            choices[other] = sh.choice([CONTINUE, STOP])
    return choosing, choices


def partner_bounds(
    s: PizzamaniaFields, gifts: Sequence[Exchange], seat: int
) -> tuple[int, list[int], list[int]]:
    """The seat's chef partner and per-value bounds on its current hand (D9)."""
    gave = received = 0
    partner, which = -1, ""
    for g in gifts:
        if g.giver == seat:
            partner, gave = g.receiver, pack(g.cards or ())
        elif g.receiver == seat:
            partner, received, which = g.giver, pack(g.cards or ()), g.which
    lo = [0] * len(ONE)
    hi = [UNBOUNDED] * len(ONE)
    if partner < 0:
        return partner, lo, hi
    mine = unpack(received)
    played = s.played[partner]
    for v in VALUES:
        # Still held what we gave, unless played since.
        lo[v] = max(0, count(gave, v) - count(played, v))
        beyond = bool(mine) and (v > mine[0] if which == "largest" else v < mine[-1])
        if beyond:  # the rest as dealt lay on the other side of its gift to us
            hi[v] = count(gave, v) - count(played, v)
    return partner, lo, hi


class Bounded:
    """Uniform k-card sub-piles of ``pool`` (copies distinct) with
    ``lo[v] <= copies of v <= hi[v]``, drawn exactly by counting; the table
    of counts is built once and serves every draw."""

    def __init__(self, pool: int, k: int, lo: list[int], hi: list[int]) -> None:
        avail = counts(pool)
        self.k = k
        self.values = values = list(VALUES)
        # ranges[i]: (copies, weight ignoring the rest) for values[i]
        self.ranges = [[(c, comb(avail[v], c)) for c in range(lo[v], min(hi[v], avail[v]) + 1)]
                       for v in values]
        # ways[i][j]: weighted ways to take j cards from values[i:].
        ways = [[0] * (k + 1) for _ in range(len(values) + 1)]
        ways[len(values)][0] = 1
        for i in range(len(values) - 1, -1, -1):
            for j in range(k + 1):
                ways[i][j] = sum(w * ways[i + 1][j - c] for c, w in self.ranges[i] if c <= j)
        if ways[0][k] == 0:
            raise ValueError("no hand for the chef partner fits this view")
        self.ways = ways

    def sample(self, sh: Shuffler) -> int:
        ways = self.ways
        out, left = 0, self.k
        for i, v in enumerate(self.values):
            pick = sh.below(ways[i][left])
            for c, w in self.ranges[i]:
                if c > left:
                    break
                weight = w * ways[i + 1][left - c]
                if pick < weight:
                    out += c * ONE[v]
                    left -= c
                    break
                pick -= weight
        return out


def _gift(s: PizzamaniaFields, g: Exchange) -> Gift:
    if g.cards is not None:
        cards = pack(g.cards)
    else:  # hidden from this seat: any plausible cards will do
        cards = extreme(s.hands[g.receiver] + s.played[g.receiver], g.count, g.which)
    return Gift(g.chef, g.giver, g.receiver, cards, g.count, g.which)
