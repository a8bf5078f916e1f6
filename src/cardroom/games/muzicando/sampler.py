"""Determinization: a full Muzicando state built from one seat's view.

A seat knows its own hand, the table, every call, who is blocked, how many
cards each player holds and how many are in the draw pile, and the cards a
player is known to lack (``missing``: the notes that could have gone when it
passed with no pile left, the opening cards of a player who could not
choose), and the one card kind a player is known to hold: a seat that is
choosing holds some opening card (D12), and a chooser or opener who has not
opened yet holds an opening card of its layout (D12; in the bidding game the
deal would have been cancelled otherwise, D9). The cards it cannot see are
dealt among the other hands and the pile uniformly among the deals that
respect those facts: rejection sampling
is exactly uniform and almost always succeeds within the tries allowed; a
card-by-card deal that keeps a consistent completion possible (checked by
Hall's condition) is the fallback. A search reads the view once (``prepare``)
and deals from it per iteration (``Determinizer.sample``).
"""

from __future__ import annotations

from typing import Any, Final

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.core.views import View, seat_part, to_json
from cardroom.games.muzicando.actions import parse_calls
from cardroom.games.muzicando.cards import (
    ANY_OPENING,
    BID_BY_TEXT,
    FULL_MASK,
    LAYOUT_LETTERS,
    OPENING_MASK,
    mask_of_codes,
)
from cardroom.games.muzicando.fields import PHASE_CHOOSING, PHASE_PLAY, MuzicandoFields
from cardroom.games.muzicando.rules.layouts import table_from_view
from cardroom.games.muzicando.state import MuzicandoState
from cardroom.games.muzicando.viewtypes import MuzicandoSeatTable

REJECTION_TRIES: Final = 100


def _or_minus(value: int | None) -> int:
    return -1 if value is None else value


def determinize(game: Game, view: View[Any], rng: Rng) -> MuzicandoState:
    return prepare(game, view, rng).sample()


def prepare(game: Game, view: View[Any], rng: Rng) -> Determinizer:
    """Read the view once; ``sample`` then deals the unseen cards anew."""
    return Determinizer(game, view, rng)


class Determinizer:
    """One seat's view read into a template state and the unseen cards with
    each bucket's size and constraints; each ``sample`` copies the template
    and deals the unseen cards at random."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        seat, t = seat_part(view, MuzicandoSeatTable)
        self.shuffler = Shuffler(rng)
        self.template = s = MuzicandoState.__new__(MuzicandoState)
        game.determinized_base(s, view, rng)
        s.mode, s.bids, s.deals, s.deal_no = t.mode, t.bidding, t.deals, t.deals_done
        s.dealer, s.hand_size, s.phase_name = t.dealer, t.cards_each, view.phase
        s.totals = list(view.scores)
        s.results = [to_json(r) for r in t.results]
        s.turn = view.to_act[0] if view.to_act else 0
        s.calls = parse_calls(t.calls)
        s.contract = BID_BY_TEXT[t.contract] if t.contract else -1
        s.declarer, s.opener = _or_minus(t.declarer), _or_minus(t.opener)
        s.chooser, s.rest = _or_minus(t.chooser), _or_minus(t.rest)
        s.layout = LAYOUT_LETTERS.index(t.layout) if t.layout else -1
        s.table = table_from_view(s.layout, t.table) if t.table is not None else None
        s.opened = t.opened
        s.blocked, s.passed = mask_of(t.blocked), mask_of(t.passed)
        s.places = list(t.out)
        s.missing = [mask_of_codes(m) for m in t.missing]
        s.hands, s.pile = [], []
        on_table = s.table.on_table() if s.table else 0
        self.deal = Deal(seat, t, s.missing, on_table, known_holding(s))

    def sample(self) -> MuzicandoState:
        s = self.template.clone()
        s.rng = self.shuffler.next_rng()
        s.hands, s.pile = self.deal.sample(self.shuffler)
        return s


def known_holding(s: MuzicandoFields) -> tuple[int, int] | None:
    """(seat, mask): a seat known to hold at least one card of ``mask``."""
    if s.phase_name == PHASE_CHOOSING:
        return s.turn, ANY_OPENING
    if s.phase_name == PHASE_PLAY and not s.opened:
        return s.turn, OPENING_MASK[s.layout]
    return None


class Deal:
    """The unseen cards and their buckets (the other seats, then the pile):
    each bucket's size, the cards it may not hold and a card kind it must."""

    def __init__(self, seat: int, t: MuzicandoSeatTable, missing: list[int], on_table: int,
                 holding: tuple[int, int] | None) -> None:
        self.seat = seat
        self.players = n = len(t.hand_sizes)
        self.mine = mine = mask_of_codes(t.hand)
        self.unseen = cards_of(FULL_MASK & ~mine & ~on_table)
        self.owners = owners = [o for o in range(n) if o != seat]
        self.need = [t.hand_sizes[o] for o in owners] + [t.pile]
        self.banned = [missing[o] for o in owners] + [0]
        self.wanted = [0] * len(self.need)
        if holding is not None and holding[0] != seat:
            self.wanted[owners.index(holding[0])] = holding[1]

    def sample(self, sh: Shuffler) -> tuple[list[int], list[int]]:
        unseen = self.unseen[:]
        dealt = (_uniform(unseen, self.need, self.banned, self.wanted, sh)
                 or _careful(unseen, self.need, self.banned, self.wanted, sh))
        hands = [0] * self.players
        hands[self.seat] = self.mine
        for i, o in enumerate(self.owners):
            hands[o] = mask_of(dealt[i])
        pile = dealt[-1]
        sh.shuffle(pile)
        return hands, pile


def _uniform(cards: list[int], need: list[int], banned: list[int], wanted: list[int],
             rng: Shuffler) -> list[list[int]] | None:
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        out, i = [], 0
        for size, ban, want in zip(need, banned, wanted, strict=True):
            part = cards[i:i + size]
            i += size
            if (ban and mask_of(part) & ban) or (want and not mask_of(part) & want):
                break
            out.append(part)
        else:
            return out
    return None


def _careful(cards: list[int], need: list[int], banned: list[int], wanted: list[int],
             rng: Shuffler) -> list[list[int]]:
    room = need[:]
    out: list[list[int]] = [[] for _ in need]
    left = cards[:]
    rng.shuffle(left)
    for b, want in enumerate(wanted):
        if want:
            _place_wanted(b, want, left, room, out, banned)
    while left:
        card = left.pop()
        fits = [b for b in range(len(need)) if room[b] and not banned[b] >> card & 1]
        rng.shuffle(fits)
        for b in fits:
            room[b] -= 1
            if _feasible(left, room, banned):
                out[b].append(card)
                break
            room[b] += 1
        else:
            raise ValueError("no deal of the hidden cards is consistent with this view")
    return out


def _place_wanted(b: int, want: int, left: list[int], room: list[int],
                  out: list[list[int]], banned: list[int]) -> None:
    """Give bucket ``b`` one card of ``want`` first, one that leaves the rest
    of the deal possible (``left`` is already shuffled)."""
    for card in [c for c in left if want >> c & 1 and not banned[b] >> c & 1]:
        left.remove(card)
        room[b] -= 1
        if _feasible(left, room, banned):
            out[b].append(card)
            return
        room[b] += 1
        left.append(card)
    raise ValueError("no deal of the hidden cards is consistent with this view")


def _feasible(cards: list[int], room: list[int], banned: list[int]) -> bool:
    """Hall's condition: every set of buckets has room for the cards that
    may go nowhere else (sums over all subsets by the zeta transform)."""
    buckets = len(room)
    full = 1 << buckets
    forced = [0] * full  # forced[s]: cards whose allowed buckets all lie in s
    for card in cards:
        key = 0
        for b in range(buckets):
            if not banned[b] >> card & 1:
                key |= 1 << b
        forced[key] += 1
    for b in range(buckets):
        bit = 1 << b
        for subset in range(full):
            if subset & bit:
                forced[subset] += forced[subset ^ bit]
    space = [0] * full
    for subset in range(1, full):
        low = subset & -subset
        space[subset] = space[subset ^ low] + room[low.bit_length() - 1]
    return all(forced[s] <= space[s] for s in range(full))
