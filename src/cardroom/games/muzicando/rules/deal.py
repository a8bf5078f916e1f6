"""The start of a game and of each deal: the random deal, who bids or
chooses first (D8, D11, D12), the redeal when nobody can open (L8), and
the opening of the layout."""

from __future__ import annotations

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
from cardroom.games.muzicando.cards import ANY_OPENING, CARD_COUNT, CODE, FULL_MASK, codes
from cardroom.games.muzicando.fields import (
    PHASE_BIDDING,
    PHASE_CHOOSING,
    PHASE_PLAY,
    MuzicandoFields,
)
from cardroom.games.muzicando.rules.layouts import new_table
from cardroom.games.muzicando.rules.options import cards_each, deal_count, game_mode, uses_bidding


def setup(s: MuzicandoFields) -> None:
    n = s.players
    s.mode = game_mode(s.options, n)
    s.bids = uses_bidding(s.options, n)
    s.deals = deal_count(s.options, n)
    s.hand_size = cards_each(s.options, n)
    s.deal_no = 0
    s.dealer = 0  # D8, D11: seat 0 deals first
    s.totals = [0] * n
    s.results = []
    start_deal(s)


def start_deal(s: MuzicandoFields) -> None:
    while True:
        deal_cards(s)
        if s.bids:
            s.phase_name = PHASE_BIDDING
            s.turn = (s.dealer + 1) % s.players
            return
        if find_chooser(s):
            return
        # L8: nobody can open any layout: the same dealer deals again.
        if s.record_events:
            s.log.append({"type": "redeal", "dealer": s.dealer})


def deal_cards(s: MuzicandoFields) -> None:
    n, rng, size = s.players, s.rng, s.hand_size
    s.hands = list(rng.draw("deal", lambda r: random_hands(r, n, size)))
    s.pile = []
    if n * size < len(CODE):
        s.pile = list(rng.draw("pile", lambda r: random_pile(r, s.hands)))
    s.calls, s.places = [], []
    s.contract = s.declarer = s.opener = s.chooser = s.layout = -1
    s.table, s.opened = None, False
    s.blocked, s.rest, s.passed = 0, -1, 0
    s.missing = [0] * n
    if s.record_events:
        s.log.append({"type": "deal", "deal": s.deal_no + 1, "dealer": s.dealer,
                      "cards_each": size, "pile": len(s.pile)})
        for seat in range(n):
            s.log.append({"type": "hand", "seat": seat, "cards": codes(s.hands[seat]),
                          "to": [seat]})


def random_hands(rng: Rng, players: int, size: int) -> list[int]:
    deck = list(range(CARD_COUNT))
    rng.shuffle(deck)
    return [mask_of(deck[s * size:(s + 1) * size]) for s in range(players)]


def random_pile(rng: Rng, hands: list[int]) -> list[int]:
    dealt = 0
    for h in hands:
        dealt |= h
    pile = cards_of(FULL_MASK & ~dealt)
    rng.shuffle(pile)
    return pile


def find_chooser(s: MuzicandoFields) -> bool:
    """D12: the first seat from the dealer's left that can open a layout."""
    n = s.players
    for k in range(1, n + 1):
        seat = (s.dealer + k) % n
        if s.hands[seat] & ANY_OPENING:
            s.phase_name, s.turn = PHASE_CHOOSING, seat
            return True
        s.missing[seat] |= ANY_OPENING
        if s.record_events:
            s.log.append({"type": "cannot_choose", "seat": seat})
    return False


def start_play(s: MuzicandoFields, opener: int) -> None:
    s.opener = opener
    s.table = new_table(s.layout)
    s.phase_name, s.turn = PHASE_PLAY, opener
