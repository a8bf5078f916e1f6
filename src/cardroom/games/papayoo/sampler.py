"""Determinization: a full Papayoo state built from one seat's view.

A seat knows its own hand, every card played, the cards it passed to its
left neighbour (still there unless played), how many cards each player holds
and the suits each player has shown void in this round. The other cards are
dealt among the other seats uniformly among the deals consistent with that:
rejection sampling is exactly uniform and almost always succeeds within the
tries allowed; a randomised most-constrained-first deal is the fallback.
A search reads the view once (``prepare``) and deals from it per iteration
(``Determinizer.sample``).
During passing, the other seats' choices are unknown: a seat that has
finished choosing gets a random set of the right size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.core.views import View, seat_part
from cardroom.games.papayoo.cards import (
    BY_CODE,
    DEAL_TABLE,
    SUIT_LETTERS,
    SUIT_MASK,
    deck_mask,
    mask_of_codes,
)
from cardroom.games.papayoo.fields import PHASE_PASS, PHASE_PLAY
from cardroom.games.papayoo.state import PapayooState
from cardroom.games.papayoo.viewtypes import PapayooSeatTable

if TYPE_CHECKING:
    from cardroom.core.game import Game

REJECTION_TRIES: Final = 200
GREEDY_TRIES: Final = 200


def determinize(game: Game, view: View[Any], rng: Rng) -> PapayooState:
    return prepare(game, view, rng).sample()


def prepare(game: Game, view: View[Any], rng: Rng) -> Determinizer:
    """Read the view once; ``sample`` then deals the unseen cards anew."""
    return Determinizer(game, view, rng)


class Determinizer:
    """One seat's view read into a template state and the unseen pool; each
    ``sample`` is a copy of the template with that pool dealt at random."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        self.shuffler = Shuffler(rng)
        self.template = s = PapayooState.__new__(PapayooState)
        game.determinized_base(s, view, rng)
        self.seat, t = seat_part(view, PapayooSeatTable)
        seat = self.seat
        n = s.players
        s.hand_size, s.pass_count = DEAL_TABLE[n]
        s.rounds, s.round_index = t.rounds, t.round - 1
        s.dealer, s.phase_name = t.dealer, view.phase
        s.totals, s.round_points = list(view.scores), t.round_points
        s.taken = list(t.taken_points)
        s.voids = [sum(1 << SUIT_LETTERS.index(x) for x in v) for v in t.voids]
        s.played = mask_of_codes(t.played)
        s.trick_seats = [st for st, _ in t.trick]
        s.trick_cards = [BY_CODE[c] for _, c in t.trick]
        last = t.last_trick.plays if t.last_trick else ()
        s.last_seats = [st for st, _ in last]
        s.last_cards = [BY_CODE[c] for _, c in last]
        s.papayoo = BY_CODE[t.papayoo] if t.papayoo else -1
        s.turn = t.turn if t.turn is not None else s.dealer
        s.waiting = list(view.to_act) if s.phase_name == PHASE_PASS else []
        s.passed, s.chosen = [0] * n, [0] * n
        s.passed[seat] = mask_of_codes(t.passed)
        s.passed[(seat - 1) % n] = mask_of_codes(t.received)
        s.chosen[seat] = mask_of_codes(t.chosen)
        s.hands = []
        self.known, self.cards, self.order, self.need, self.banned = unseen_pool(view, seat)
        self.choosers = ([o for o in range(n) if o != seat and o not in s.waiting]
                         if s.phase_name == PHASE_PASS else [])

    def sample(self) -> PapayooState:
        s = self.template.clone()
        s.rng = self.shuffler.next_rng()
        s.hands = self.deal()
        for o in self.choosers:
            s.chosen[o] = _random_subset(s.hands[o], s.pass_count, self.shuffler)
        return s

    def deal(self) -> list[int]:
        cards, sh = self.cards[:], self.shuffler
        dealt = (_uniform(cards, self.order, self.need, self.banned, sh)
                 or _greedy(cards, self.order, self.need, self.banned, sh))
        if dealt is None:
            raise ValueError("no deal is consistent with this view")
        hands = self.known[:]
        for o, mask in dealt.items():
            hands[o] |= mask
        return hands


Pool = tuple[list[int], list[int], list[int], dict[int, int], dict[int, int]]


def unseen_pool(view: View[Any], seat: int) -> Pool:
    """The hands as far as the seat knows them, the cards it cannot see, the
    other seats (those with known voids first: their deals fail soonest),
    how many unseen cards each holds, and the cards each may not hold."""
    _, t = seat_part(view, PapayooSeatTable)
    n = view.players
    hands = [0] * n
    hands[seat] = mask_of_codes(t.hand)
    table = mask_of_codes(c for _, c in t.trick)
    unseen = deck_mask(n) & ~hands[seat] & ~mask_of_codes(t.played) & ~table
    left = (seat + 1) % n
    if view.phase == PHASE_PLAY:  # our passed cards are in the left hand unless played
        hands[left] = mask_of_codes(t.passed) & unseen
    unseen &= ~hands[left]
    others = [o for o in range(n) if o != seat]
    need = {o: t.hand_sizes[o] - hands[o].bit_count() for o in others}
    banned = {o: _void_cards(t.voids[o]) for o in others}
    order = sorted(others, key=lambda o: not banned[o])
    return hands, cards_of(unseen), order, need, banned


def _void_cards(voids: Sequence[str]) -> int:
    return sum(SUIT_MASK[SUIT_LETTERS.index(x)] for x in voids)


def _uniform(
    cards: list[int], order: list[int], need: dict[int, int], banned: dict[int, int],
    sh: Shuffler,
) -> dict[int, int] | None:
    """Rejection sampling, exactly uniform among the consistent deals: each
    seat's cards are drawn by a partial Fisher-Yates shuffle, and a try stops
    at the first seat dealt a card of a suit it has shown void in."""
    rand = sh.random
    total = len(cards)
    last = order[-1]
    for _ in range(REJECTION_TRIES):
        dealt: dict[int, int] = {}
        i = 0
        for o in order:
            if o == last:
                mask = mask_of(cards[i:])
            else:
                mask = 0
                for _ in range(need[o]):
                    j = i + int(rand() * (total - i))
                    c = cards[j]
                    cards[j] = cards[i]
                    cards[i] = c
                    mask |= 1 << c
                    i += 1
            if mask & banned[o]:
                break
            dealt[o] = mask
        else:
            return dealt
    return None


def _greedy(
    cards: list[int], others: list[int], need: dict[int, int], banned: dict[int, int],
    sh: Shuffler,
) -> dict[int, int] | None:
    for _ in range(GREEDY_TRIES):
        sh.shuffle(cards)
        room = dict(need)
        dealt = {o: 0 for o in others}
        order = sorted(cards, key=lambda c: sum(1 for o in others if not banned[o] >> c & 1))
        for c in order:
            fits = [o for o in others if room[o] and not banned[o] >> c & 1]
            if not fits:
                break
            o = sh.choice(fits)
            dealt[o] |= 1 << c
            room[o] -= 1
        else:
            return dealt
    return None


def _random_subset(mask: int, count: int, sh: Shuffler) -> int:
    cards = cards_of(mask)
    sh.shuffle(cards)
    return mask_of(cards[:count])
