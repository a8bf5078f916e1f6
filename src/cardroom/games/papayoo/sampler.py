"""Determinization: a full Papayoo state built from one seat's view.

A seat knows its own hand, every card played, the cards it passed to its
left neighbour (still there unless played), how many cards each player holds
and the suits each player has shown void in this round. The other cards are
dealt among the other seats uniformly among the deals consistent with that:
rejection sampling is exactly uniform and almost always succeeds within the
tries allowed; a randomised most-constrained-first deal is the fallback.
During passing, the other seats' choices are unknown: a seat that has
finished choosing gets a random set of the right size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
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

if TYPE_CHECKING:
    from cardroom.core.game import Game

REJECTION_TRIES = 200
GREEDY_TRIES = 200


def determinize(game: Game, view: Mapping[str, Any], rng: Rng) -> PapayooState:
    s = PapayooState.__new__(PapayooState)
    game.determinized_base(s, view, rng)
    seat: int = view["seat"]
    n = s.players
    s.hand_size, s.pass_count = DEAL_TABLE[n]
    s.rounds, s.round_index = view["rounds"], view["round"] - 1
    s.dealer, s.phase_name = view["dealer"], view["phase"]
    s.totals, s.round_points = list(view["scores"]), [list(p) for p in view["round_points"]]
    s.taken = list(view["taken_points"])
    s.voids = [sum(1 << SUIT_LETTERS.index(x) for x in v) for v in view["voids"]]
    s.played = mask_of_codes(view["played"])
    s.trick_seats = [st for st, _ in view["trick"]]
    s.trick_cards = [BY_CODE[c] for _, c in view["trick"]]
    s.papayoo = BY_CODE[view["papayoo"]] if view["papayoo"] else -1
    s.turn = view["turn"] if view["turn"] is not None else s.dealer
    s.waiting = list(view["to_act"]) if s.phase_name == PHASE_PASS else []
    s.passed, s.chosen = [0] * n, [0] * n
    s.passed[seat] = mask_of_codes(view["passed"])
    s.passed[(seat - 1) % n] = mask_of_codes(view["received"])
    s.chosen[seat] = mask_of_codes(view["chosen"])
    s.hands = deal_hidden(view, seat, rng)
    if s.phase_name == PHASE_PASS:
        for o in range(n):
            if o != seat and o not in s.waiting:
                s.chosen[o] = _random_subset(s.hands[o], s.pass_count, rng)
    return s


def deal_hidden(view: Mapping[str, Any], seat: int, rng: Rng) -> list[int]:
    n: int = view["players"]
    hands = [0] * n
    hands[seat] = mask_of_codes(view["hand"])
    sizes: list[int] = view["hand_sizes"]
    table = mask_of_codes(c for _, c in view["trick"])
    unseen = deck_mask(n) & ~hands[seat] & ~mask_of_codes(view["played"]) & ~table
    left = (seat + 1) % n
    if view["phase"] == PHASE_PLAY:  # our passed cards are in the left hand unless played
        hands[left] = mask_of_codes(view["passed"]) & unseen
    unseen &= ~hands[left]
    others = [o for o in range(n) if o != seat]
    need = {o: sizes[o] - hands[o].bit_count() for o in others}
    banned = {o: _void_cards(view["voids"][o]) for o in others}
    cards = cards_of(unseen)
    dealt = _uniform(cards, others, need, banned, rng) or _greedy(cards, others, need, banned, rng)
    if dealt is None:
        raise ValueError("no deal is consistent with this view")
    for o in others:
        hands[o] |= dealt[o]
    return hands


def _void_cards(voids: list[str]) -> int:
    return sum(SUIT_MASK[SUIT_LETTERS.index(x)] for x in voids)


def _uniform(
    cards: list[int], others: list[int], need: dict[int, int], banned: dict[int, int], rng: Rng
) -> dict[int, int] | None:
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        dealt: dict[int, int] = {}
        i = 0
        for o in others:
            mask = mask_of(cards[i:i + need[o]])
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
    return mask_of(cards[:count])
