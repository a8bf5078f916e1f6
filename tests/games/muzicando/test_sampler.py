"""Determinization rebuilds a state consistent with everything a seat knows
(hand sizes, the table, `missing`, the opening card a chooser or opener
holds) and deals the hidden cards uniformly among the deals that fit."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.games.muzicando.actions import cell_of
from cardroom.games.muzicando.cards import ANY_OPENING, BY_CODE, CODE, mask_of_codes
from cardroom.games.muzicando.sampler import _careful, _feasible
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import BASE, GAME, NO_OPENER, bid_to, d15_stuck_oval, fill, new
from tests.helpers import chi_square, chi_square_limit

MODES = [(4, {}), (3, {"mode": "individual"}), (8, {"mode": "individual", "bidding": True})]
SAMPLES = 3000

Deal = tuple[int, ...]  # the hands of the seats other than the viewer, in seat order
Sampler = Callable[[dict[str, Any], Rng], MuzicandoState]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_determinize_gives_back_the_same_view(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, 12, options)
    rng = Rng(12)
    while not state.is_over():
        for seat in range(players):
            view = state.view(seat)
            other = GAME.determinize(view, Rng(rng.next64()))
            assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
            assert not other.invariant_errors()
        seat = state.to_act()[0]
        for _ in range(9):  # a few actions between checks
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def test_l10_determinized_hands_respect_what_a_pass_showed() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    for seat, text in [(1, "play DoR"), (2, "play ReR"), (3, "pass")]:
        state.act(seat, text)
    missing = mask_of_codes(state.view(0)["missing"][3])
    assert missing == mask_of_codes(["MiR", "DoO", "DoY", "DoG", "DoB", "DoI", "DoV"])
    for k in range(30):
        other = GAME.determinize(state.view(0), Rng(k))
        assert isinstance(other, MuzicandoState)
        assert not other.hands[3] & missing


def test_determinize_respects_a_player_who_could_not_choose() -> None:
    hands, pile = fill({1: NO_OPENER[:7]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    view = state.view(0)
    banned = mask_of_codes(view["missing"][1])
    assert banned.bit_count() == 13
    for k in range(30):
        other = GAME.determinize(view, Rng(k))
        assert isinstance(other, MuzicandoState)
        assert not other.hands[1] & banned
        assert other.hands[0] == state.hands[0]


def test_determinize_gives_the_chooser_an_opening_card() -> None:
    """D12: a seat choosing holds an opening card; once it has chosen, one of
    the chosen layout's. Seat 0 sees six Dos in its own hand, so once seat 1
    has chosen Muzicando (opened by a Do) it holds the seventh in every deal
    seat 0 imagines."""
    dos = [c for c in CODE if c.startswith("Do")]
    hands, pile = fill({0: dos[:6], 1: [dos[6], *NO_OPENER[:6]]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    for chosen in (False, True):
        if chosen:
            state.act(1, "choose M")
        assert state.phase() == ("play" if chosen else "choosing")
        for k in range(40):
            other = GAME.determinize(state.view(0), Rng(k))
            assert isinstance(other, MuzicandoState)
            assert other.hands[1] & (mask_of_codes([dos[6]]) if chosen else ANY_OPENING)
            assert other.legal_actions(1)


def test_determinize_gives_the_bidding_opener_an_opening_card() -> None:
    """D9: when the bidding ends and play starts, the opener held an opening
    card (or the deal would have been cancelled)."""
    for k in range(6):
        state = GAME.new(4, 100 + k)
        while state.phase() == "bidding":
            state.act(state.to_act()[0], state.legal_texts(state.to_act()[0])[-1])
        if state.phase() != "play" or state.view(None)["opened"]:
            continue
        opener = state.to_act()[0]
        for viewer in range(4):
            for j in range(10):
                other = GAME.determinize(state.view(viewer), Rng(j))
                assert other.legal_actions(opener), (k, viewer, j)


def test_careful_deal_honours_a_wanted_card() -> None:
    cards = [0, 1, 2, 3, 4]
    # Bucket 0 must get card 4 (the only wanted one); bucket 1 may not take 3.
    for k in range(10):
        out = _careful(cards, [2, 2, 1], [0, 0b1000, 0], [0b10000, 0, 0], Shuffler(Rng(k)))
        assert 4 in out[0] and 3 not in out[1]
    with pytest.raises(ValueError, match="consistent"):
        _careful(cards, [2, 2, 1], [0b10000, 0, 0], [0b10000, 0, 0], Shuffler(Rng(0)))


def test_determinize_redeals_hidden_cards() -> None:
    state = GAME.new(4, 3)
    dealt = {json.dumps(GAME.determinize(state.view(0), Rng(k)).view(None)["hands"])
             for k in range(5)}
    assert len(dealt) == 5


def test_careful_deal_finds_the_only_consistent_deal() -> None:
    cards = [0, 1, 2, 3]
    # Bucket 0 may take only cards 0 and 1; bucket 1 may not take 0 or 1.
    banned = [0b1100, 0b0011, 0]
    for k in range(10):
        out = _careful(cards, [2, 1, 1], banned, [0, 0, 0], Shuffler(Rng(k)))
        assert sorted(out[0]) == [0, 1] and len(out[1]) == 1 and out[1][0] in (2, 3)
    assert not _feasible(cards, [1, 2, 1], [0b1100, 0b0011, 0b0011])


# ----- uniformity ----------------------------------------------------------------
def small_position() -> tuple[MuzicandoState, int]:
    """A partnership deal played at random until a seat sees at most six
    cards in the other hands, the layout open (no opening card is owed) and
    a pass (L10) ruling out some of those cards for a seat: few deals fit,
    and `missing` decides which."""
    state = GAME.new(4, 0)
    rng = Rng(0)
    while True:
        assert not state.is_over(), "the game ended before the position came up"
        for viewer in range(4):
            others = [o for o in range(4) if o != viewer]
            hidden = 0
            for o in others:
                hidden |= state.hands[o]
            bites = any(state.missing[o] & hidden & ~state.hands[o] for o in others)
            if state.phase() == "play" and state.opened and hidden.bit_count() <= 6 and bites:
                return state, viewer
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


def fitting_deals(state: MuzicandoState, viewer: int) -> set[Deal]:
    """Every deal of the cards the viewer cannot see that keeps the hand
    sizes and what each seat is known to lack, by brute force."""
    view = state.view(viewer)
    others = [o for o in range(state.players) if o != viewer]
    hidden = [c for o in others for c in cards_of(state.hands[o])]
    missing = [mask_of_codes(m) for m in view["missing"]]
    deals = set()
    for order in itertools.permutations(hidden):
        hands, start = [], 0
        for o in others:
            size = view["hand_sizes"][o]
            hands.append(mask_of(order[start:start + size]))
            start += size
        if not any(hand & missing[o] for o, hand in zip(others, hands, strict=True)):
            deals.add(tuple(hands))
    return deals


def sampled_deals(state: MuzicandoState, viewer: int, sampler: Sampler) -> Counter[Deal]:
    view = state.view(viewer)
    rng = Rng(2024)
    others = [o for o in range(state.players) if o != viewer]
    counts: Counter[Deal] = Counter()
    for _ in range(SAMPLES):
        hands = sampler(view, rng).hands
        counts[tuple(hands[o] for o in others)] += 1
    return counts






def determinize(view: dict[str, Any], rng: Rng) -> MuzicandoState:
    other = GAME.determinize(view, rng)
    assert isinstance(other, MuzicandoState)
    return other


def test_determinize_deals_uniformly_over_a_small_position() -> None:
    state, viewer = small_position()
    deals = fitting_deals(state, viewer)
    assert 6 <= len(deals) < 90  # few enough for thousands of samples to cover
    counts = sampled_deals(state, viewer, determinize)
    assert set(counts) <= deals, "a deal that breaks what the view shows"
    assert chi_square(counts, dict.fromkeys(deals, 1)) < chi_square_limit(len(deals) - 1)


def test_the_uniformity_check_catches_a_biased_sampler() -> None:
    """A sampler that draws again, once, whenever the first other seat gets
    the hand it holds in one of the deals that fit: those deals come up too
    rarely, and the same check fails."""
    state, viewer = small_position()
    deals = fitting_deals(state, viewer)
    first = next(o for o in range(state.players) if o != viewer)
    rare = min(deals)[0]

    def biased(view: dict[str, Any], rng: Rng) -> MuzicandoState:
        other = determinize(view, rng)
        return determinize(view, rng) if other.hands[first] == rare else other

    counts = sampled_deals(state, viewer, biased)
    assert set(counts) <= deals
    assert chi_square(counts, dict.fromkeys(deals, 1)) > chi_square_limit(len(deals) - 1)


def test_d15_a_pass_does_not_rule_out_an_oval_with_no_free_line() -> None:
    state = d15_stuck_oval()
    state.act(1, "pass")  # SiV may go nowhere (D15), so the pass shows nothing about it
    missing = mask_of_codes(state.view(0)["missing"][1])
    assert missing and not missing >> BY_CODE["SiV"] & 1
    holders: Counter[int] = Counter()
    for k in range(200):
        other = GAME.determinize(state.view(0), Rng(k))
        assert isinstance(other, MuzicandoState)
        assert not other.hands[1] & missing
        assert not other.invariant_errors()
        assert other.table is not None  # the rebuilt table keeps D15 too
        assert not other.table.playable_notes() >> BY_CODE["SiV"] & 1
        assert "(D15)" in (other.table.note_reason(BY_CODE["SiV"], cell_of(0, -1)) or "")
        holders[next(s for s in range(4) if other.hands[s] >> BY_CODE["SiV"] & 1)] += 1
    assert set(holders) == {1, 2, 3}  # seat 1 may hold SiV as well as anyone
