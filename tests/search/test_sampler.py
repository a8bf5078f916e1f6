"""The determinizers that ISMCTS searches on, in every registered game.

Over many random positions (every phase, every seat, simultaneous steps
included): a state dealt from a seat's view, given as JSON text read back
(so nothing but the view can reach the sampler), shows that seat exactly
the same view, keeps the game's invariants, offers the seat the same legal
actions, and plays on to a legal end.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games
from tests.helpers import MAX_STEPS, canonical, snapshot

GAMES = all_games()


def from_json(view: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(view))
    return out


def check_position(state: State, seat: int, rng: Rng, play_on: bool) -> bool:
    """Determinize from ``seat``'s view; True if the hidden part was re-dealt."""
    view = state.view(seat)
    dealt = state.game.determinize(from_json(view), Rng(rng.next64()))
    assert canonical(dealt.view(seat)) == canonical(view), (
        f"{state.game.id}: a state dealt from seat {seat}'s view shows it something else")
    assert not dealt.invariant_errors(), dealt.invariant_errors()
    assert dealt.history is None, "a determinized state must not carry a record"
    assert list(dealt.to_act()) == list(state.to_act())
    assert dealt.legal_texts(seat) == state.legal_texts(seat)
    if play_on:
        # The dealt state is a whole game: it plays on to a legal end.
        for _ in range(MAX_STEPS):
            assert not dealt.invariant_errors(), dealt.invariant_errors()
            if dealt.is_over():
                break
            mover = dealt.to_act()[0]
            actions = dealt.legal_actions(mover)
            assert actions, (f"{state.game.id}: a state dealt from seat {seat}'s view, played "
                             f"on, awaits seat {mover} with no legal action")
            dealt.apply(mover, actions[rng.below(len(actions))])
        assert dealt.is_over()
        dealt.result()
    return snapshot(dealt) != snapshot(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=12, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**63))
def test_determinized_deals_agree_with_the_view(
    game: Game, data: st.DataObject, seed: int
) -> None:
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = game.new(players, seed)
    rng = Rng(seed ^ 0xDE7)
    played_on = False
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        if rng.below(10) == 0:
            for seat in range(players):
                check_position(state, seat, rng, play_on=not played_on)
                played_on = True
        mover = rng.choice(list(state.to_act()))
        state.act(mover, rng.choice(state.legal_texts(mover)))
    assert state.is_over()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinizing_redeals_what_is_hidden(game: Game) -> None:
    """The check above has teeth: deals from a view do differ from the truth."""
    players = min(game.min_players + 1, game.max_players)
    state = game.new(players, 7)
    rng = Rng(7)
    changed = False
    for _ in range(20):
        if state.is_over():
            break
        changed |= any(check_position(state, s, rng, play_on=False) for s in range(players))
        mover = rng.choice(list(state.to_act()))
        state.act(mover, rng.choice(state.legal_texts(mover)))
    assert changed


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_same_view_and_seed_same_deal(game: Game) -> None:
    state = game.new(game.min_players, 11)
    play_random_steps(state, Rng(3), 15)
    seat = state.to_act()[0] if not state.is_over() else 0
    view = state.view(seat)
    first = game.determinize(from_json(view), Rng(99))
    second = game.determinize(from_json(view), Rng(99))
    assert snapshot(first) == snapshot(second)


def play_random_steps(state: State, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        mover = rng.choice(list(state.to_act()))
        state.act(mover, rng.choice(state.legal_texts(mover)))


def test_papayoo_unseen_cards_are_dealt_in_proportion_to_hand_sizes() -> None:
    """Uniform deals: with no void known, a card the seat cannot see lands in
    each other hand about in proportion to the cards that hand is missing."""
    from cardroom.games import get_game

    game = get_game("papayoo")
    state = game.new(4, 5, {"rounds": 1})
    rng = Rng(1)
    # Through the passes, then three cards of the first trick.
    while state.phase() == "pass":
        mover = state.to_act()[0]
        state.act(mover, state.legal_texts(mover)[0])
    for _ in range(3):
        mover = state.to_act()[0]
        state.act(mover, state.legal_texts(mover)[0])
    seat = state.to_act()[0]
    view = state.view(seat)
    assert not any(view["voids"]), "pick a position without voids"
    known = set(view["hand"]) | set(view["played"]) | set(view["passed"])
    known |= {c for _, c in view["trick"]}
    hidden = sorted({c for h in state.view(None)["hands"] for c in h} - known)
    card = hidden[0]
    others = [o for o in range(4) if o != seat]
    left = (seat + 1) % 4
    on_table = set(view["played"]) | {c for _, c in view["trick"]}
    with_left = [c for c in view["passed"] if c not in on_table]
    room = {o: view["hand_sizes"][o] - (len(with_left) if o == left else 0) for o in others}
    counts = dict.fromkeys(others, 0)
    draws = 1200
    for _ in range(draws):
        dealt = game.determinize(view, Rng(rng.next64())).view(None)
        holder = next(o for o in others if card in dealt["hands"][o])
        counts[holder] += 1
    total_room = sum(room.values())
    for o in others:
        expected = draws * room[o] / total_room
        # Binomial standard deviation is under 17 here: 5 of them is a loose bound.
        assert abs(counts[o] - expected) < 5 * (expected * (1 - room[o] / total_room)) ** 0.5, (
            counts, room)
