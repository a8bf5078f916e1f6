"""Re-dealing what one seat cannot see (ResampleFromInfostate).

A seat knows its own hand, every card played, the cards it passed to its
left neighbour, and the suits each player has shown void in this round.
Everything else in the other hands is re-dealt uniformly among the deals
consistent with that: rejection sampling is exactly uniform, and it almost
always succeeds within the tries allowed; a randomised most-constrained-first
deal is the fallback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.rng import Rng
from cardroom.games.papayoo.cards import SUIT_MASK, cards_of

if TYPE_CHECKING:
    from cardroom.games.papayoo.state import PapayooState

REJECTION_TRIES = 200
GREEDY_TRIES = 200


def redeal_hidden(s: PapayooState, seat: int, rng: Rng) -> None:
    n = s.players
    others = [o for o in range(n) if o != seat]
    known = [0] * n
    if s.phase_name == "play":  # the passes were delivered this round
        left = (seat + 1) % n
        known[left] = s.passed[seat] & s.hands[left]
    pool = 0
    need: dict[int, int] = {}
    for o in others:
        pool |= s.hands[o] & ~known[o]
        need[o] = s.hands[o].bit_count() - known[o].bit_count()
    banned = {o: _void_cards(s.voids[o]) for o in others}
    dealt = _uniform(cards_of(pool), others, need, banned, rng)
    if dealt is None:
        dealt = _greedy(cards_of(pool), others, need, banned, rng)
    if dealt is not None:
        for o in others:
            s.hands[o] = known[o] | dealt[o]
    if s.phase_name == "pass":
        for o in others:
            s.chosen[o] = _random_subset(s.hands[o], s.chosen[o].bit_count(), rng)


def _void_cards(voids: int) -> int:
    return sum(SUIT_MASK[suit] for suit in range(5) if voids >> suit & 1)


def _uniform(
    cards: list[int], others: list[int], need: dict[int, int], banned: dict[int, int], rng: Rng
) -> dict[int, int] | None:
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        dealt: dict[int, int] = {}
        i = 0
        for o in others:
            mask = 0
            for c in cards[i:i + need[o]]:
                mask |= 1 << c
            i += need[o]
            if mask & banned[o]:
                break
            dealt[o] = mask
        else:
            return dealt
    return None


def _greedy(
    cards: list[int], others: list[int], need: dict[int, int], banned: dict[int, int], rng: Rng
) -> dict[int, int] | None:
    for _ in range(GREEDY_TRIES):
        rng.shuffle(cards)
        room = dict(need)
        dealt = {o: 0 for o in others}
        order = sorted(cards, key=lambda c: sum(1 for o in others if not banned[o] >> c & 1))
        for c in order:
            fits = [o for o in others if room[o] and not banned[o] >> c & 1]
            if not fits:
                break
            o = rng.choice(fits)
            dealt[o] |= 1 << c
            room[o] -= 1
        else:
            return dealt
    return None


def _random_subset(mask: int, count: int, rng: Rng) -> int:
    cards = cards_of(mask)
    rng.shuffle(cards)
    out = 0
    for c in cards[:count]:
        out |= 1 << c
    return out
