"""Determinization: a full Pile up state built from one seat's view.

A seat knows the columns, the minus piles, any push in progress, its own
hand, the hand sizes and the draw pile's size, and the cards still known to
be in a hand that was revealed. The cards it cannot see are dealt at random
to the unknown part of the other hands and to the draw pile, in a random
order. One more fact is public: a player who is laying cards holds a card
that may be laid (one of a rolled number before the first card, of the
chosen number after it), or the turn would have gone on without them. That
player's unknown cards are drawn uniformly among those that satisfy it.
A search reads the view once (``prepare``) and deals from it per iteration
(``Determinizer.sample``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.core.views import View, seat_part
from cardroom.games.pile_up.cards import BY_CODE, IdPool
from cardroom.games.pile_up.fields import PHASE_PLAY
from cardroom.games.pile_up.legal import open_mask
from cardroom.games.pile_up.state import PileUpState
from cardroom.games.pile_up.viewtypes import PileUpSeatTable, PileUpTable

if TYPE_CHECKING:
    from cardroom.core.game import Game


def determinize(game: Game, view: View[Any], rng: Rng) -> PileUpState:
    return prepare(game, view, rng).sample()


def prepare(game: Game, view: View[Any], rng: Rng) -> Determinizer:
    """Read the view once; ``sample`` then deals the unseen cards anew."""
    return Determinizer(game, view, rng)


class Determinizer:
    """One seat's view read into a template state and the unseen cards; each
    ``sample`` copies the template and deals those cards at random."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        self.shuffler = Shuffler(rng)
        self.seat, t = seat_part(view, PileUpSeatTable)
        self.hand_sizes, self.pile_size = t.hand_sizes, t.pile_size
        self.template = s = PileUpState.__new__(PileUpState)
        game.determinized_base(s, view, rng)
        copy_public(s, view.phase, t)
        pool = IdPool()
        s.columns = [[pool.mask([code] * count) for code, count in col.stacks]
                     for col in t.columns]
        s.minus = [pool.mask(m) for m in t.minus]
        s.push_cards = pool.mask(t.push.cards) if t.push else 0
        s.known = [pool.mask(k) for k in t.known]
        s.hands = s.known[:]
        s.hands[self.seat] |= pool.mask(
            (Counter(t.hand) - Counter(t.known[self.seat])).elements())
        s.pile = []
        self.unseen = cards_of(pool.free)

    def sample(self) -> PileUpState:
        s = self.template.clone()
        s.rng = self.shuffler.next_rng()
        s.pile = deal_hidden(s, self.seat, self.hand_sizes, self.pile_size, self.unseen[:],
                             self.shuffler)
        return s


def copy_public(s: PileUpState, phase: str, t: PileUpTable) -> None:
    s.phase_name, s.turn, s.dice = phase, t.turn, list(t.dice)
    s.number, s.placed = t.number or 0, t.placed
    s.last = BY_CODE[t.last] if t.last else -1
    s.armed_before, s.from_minus = t.armed_before, t.from_minus
    s.armed = sum(1 << i for i, col in enumerate(t.columns) if col.armed)
    give = t.give
    s.give_left, s.give_next = (give.left, give.next) if give else (0, -1)
    push = t.push
    if push:
        s.push_number, s.push_from = push.number, push.from_
        s.chooser, s.push_die = push.chooser, push.die or 0
    else:
        s.push_number, s.push_from, s.chooser, s.push_die = 0, -1, -1, 0


def deal_hidden(s: PileUpState, seat: int, sizes: Sequence[int], pile_size: int,
                unseen: list[int], rng: Shuffler) -> list[int]:
    """Fill the other hands' unknown part; the rest is the draw pile."""
    rng.shuffle(unseen)
    laying = needs_layable(s, seat)
    if laying >= 0:
        slots = sizes[laying] - s.hands[laying].bit_count()
        chosen, unseen = _with_one_of(unseen, open_mask(s.dice, s.number), slots, rng)
        s.hands[laying] |= mask_of(chosen)
    for o in range(s.players):
        if o in (seat, laying):
            continue
        slots = sizes[o] - s.hands[o].bit_count()
        s.hands[o] |= mask_of(unseen[:slots])
        unseen = unseen[slots:]
    if len(unseen) != pile_size:
        raise ValueError("the view's card counts do not add up to the deck")
    return unseen


def needs_layable(s: PileUpState, seat: int) -> int:
    """The other seat that is laying cards from an unknown hand and must hold
    a card it may lay (-1: none)."""
    if s.phase_name != PHASE_PLAY or s.turn == seat or s.from_minus:
        return -1
    return -1 if s.known[s.turn] & open_mask(s.dice, s.number) else s.turn


def _with_one_of(cards: list[int], want: int, slots: int,
                 rng: Shuffler) -> tuple[list[int], list[int]]:
    """``slots`` of the (shuffled) ``cards``, uniformly among the choices with
    at least one card in ``want``; and the cards left, shuffled."""
    match = [c for c in cards if want >> c & 1]
    other = [c for c in cards if not want >> c & 1]
    weights = [comb(len(match), k) * comb(len(other), slots - k)
               for k in range(1, min(len(match), slots) + 1)]
    if not weights:
        raise ValueError("no deal gives the player to act a card to lay")
    pick = rng.below(sum(weights))
    k = 1
    while pick >= weights[k - 1]:
        pick -= weights[k - 1]
        k += 1
    chosen = match[:k] + other[:slots - k]
    rest = match[k:] + other[slots - k:]
    rng.shuffle(rest)
    return chosen, rest
