"""The Papayoo transitions (rules page: docs/games/papayoo.md): the deal,
passing to the left, the die that names the Papayoo, tricks and rounds."""

from __future__ import annotations

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.game import rank
from cardroom.core.rng import Rng
from cardroom.games.papayoo.actions import PASS
from cardroom.games.papayoo.cards import (
    CODE,
    DEAL_TABLE,
    SUIT,
    SUIT_LETTERS,
    codes,
    deck_mask,
    papayoo_card,
    trick_winner,
)
from cardroom.games.papayoo.fields import PHASE_OVER, PHASE_PASS, PHASE_PLAY, PapayooFields
from cardroom.games.papayoo.scoring import points


# ----- the contract --------------------------------------------------------
def to_act(s: PapayooFields) -> list[int]:
    if s.phase_name == PHASE_PLAY:
        return [s.turn]
    return s.waiting


def is_over(s: PapayooFields) -> bool:
    return s.phase_name == PHASE_OVER


def phase(s: PapayooFields) -> str:
    return s.phase_name


def apply(s: PapayooFields, seat: int, action: int) -> None:
    if action >= PASS:
        choose_pass(s, seat, action - PASS)
    else:
        play(s, seat, action)


# ----- set-up --------------------------------------------------------------
def setup(s: PapayooFields) -> None:
    n = s.players
    s.hand_size, s.pass_count = DEAL_TABLE[n]
    s.rounds = s.options["rounds"] or n  # D2: default one deal per seat
    s.round_index = 0
    s.dealer = 0  # D1: seat 0 deals the first round
    s.totals = [0] * n
    s.round_points = ()
    start_round(s)


def start_round(s: PapayooFields) -> None:
    n = s.players
    s.hands = list(s.rng.draw("deal", lambda rng: random_deal(rng, n, s.hand_size)))
    s.chosen = [0] * n
    s.passed = [0] * n
    s.waiting = list(range(n))
    s.papayoo = -1
    s.trick_seats, s.trick_cards = [], []
    s.last_seats, s.last_cards = [], []
    s.turn = s.dealer
    s.taken = [0] * n
    s.voids = [0] * n
    s.played = 0
    s.phase_name = PHASE_PASS
    if s.record_events:
        s.log.append(
            {"type": "deal", "round": s.round_index + 1, "dealer": s.dealer,
             "cards_each": s.hand_size, "pass_count": s.pass_count}
        )
        for seat in range(n):
            s.log.append({"type": "hand", "seat": seat, "cards": codes(s.hands[seat]),
                          "to": [seat]})


def random_deal(rng: Rng, players: int, size: int) -> list[int]:
    """The "deal" source: ``players`` hands of ``size`` cards, as masks."""
    deck = cards_of(deck_mask(players))
    rng.shuffle(deck)
    return [mask_of(deck[seat * size:(seat + 1) * size]) for seat in range(players)]


# ----- passing -------------------------------------------------------------
def choose_pass(s: PapayooFields, seat: int, card: int) -> None:
    s.chosen[seat] |= 1 << card
    if s.record_events:
        s.log.append({"type": "pass_card", "seat": seat, "card": CODE[card], "to": [seat]})
    if s.chosen[seat].bit_count() == s.pass_count:
        s.waiting = [w for w in s.waiting if w != seat]
        if s.record_events:
            s.log.append({"type": "passed", "seat": seat})
        if not s.waiting:
            deliver_passes(s)


def deliver_passes(s: PapayooFields) -> None:
    n = s.players
    for seat in range(n):
        s.hands[seat] &= ~s.chosen[seat]
    for seat in range(n):
        left = (seat + 1) % n
        s.hands[left] |= s.chosen[seat]
        s.passed[seat] = s.chosen[seat]
        if s.record_events:
            s.log.append({"type": "received", "seat": left, "from": seat,
                          "cards": codes(s.chosen[seat]), "to": [left, seat]})
    s.chosen = [0] * n
    roll_die(s)


def roll_die(s: PapayooFields) -> None:
    # Four suits, each on two faces of the die.
    suit: int = s.rng.draw("die", lambda rng: rng.below(8) // 2)
    s.papayoo = papayoo_card(suit)
    s.phase_name = PHASE_PLAY
    s.turn = s.dealer
    if s.record_events:
        s.log.append({"type": "die", "suit": SUIT_LETTERS[suit], "papayoo": CODE[s.papayoo]})


# ----- tricks --------------------------------------------------------------
def play(s: PapayooFields, seat: int, card: int) -> None:
    cards = s.trick_cards
    if cards and SUIT[card] != SUIT[cards[0]]:
        s.voids[seat] |= 1 << SUIT[cards[0]]
    bit = 1 << card
    s.hands[seat] ^= bit
    s.played |= bit
    s.trick_seats.append(seat)
    cards.append(card)
    if s.record_events:
        s.log.append({"type": "play", "seat": seat, "card": CODE[card]})
    if len(cards) == s.players:
        finish_trick(s)
    else:
        s.turn = (seat + 1) % s.players


def finish_trick(s: PapayooFields) -> None:
    cards = s.trick_cards
    winner = s.trick_seats[trick_winner(cards)]
    value = points(mask_of(cards), s.papayoo)
    s.taken[winner] += value
    if s.record_events:
        s.log.append({"type": "trick", "winner": winner,
                      "cards": [CODE[c] for c in cards], "points": value})
    s.last_seats, s.last_cards = s.trick_seats, cards
    s.trick_seats, s.trick_cards = [], []
    s.turn = winner
    if not s.hands[winner]:
        finish_round(s)


def finish_round(s: PapayooFields) -> None:
    points = s.taken[:]
    s.round_points = (*s.round_points, tuple(points))
    for seat, p in enumerate(points):
        s.totals[seat] += p
    s.round_index += 1
    if s.record_events:
        s.log.append({"type": "round_end", "round": s.round_index,
                      "points": points, "totals": s.totals[:]})
    if s.round_index >= s.rounds:
        s.phase_name = PHASE_OVER
        if s.record_events:
            s.log.append({"type": "game_end", "ranking": rank(s.totals, False),
                          "totals": s.totals[:]})
        return
    s.dealer = (s.dealer + 1) % s.players  # D1: the deal moves clockwise
    if s.deal_next_round:
        start_round(s)
