"""Properties every registered game must have (DEVELOPERS.md, the property layer).

Random legal play reaches the end; the contract's invariants hold after every
action; same seed and actions give the same game; records replay exactly;
illegal actions are refused and change nothing; clones are independent; and
a seat's view does not change when everything hidden from it is re-dealt.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import CardroomError, IllegalAction, NotYourTurn
from cardroom.core.game import Game, State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.rng import Rng
from cardroom.games import all_games
from tests.helpers import MAX_STEPS, full_snapshot, random_step, snapshot

GAMES = all_games()
seeds = st.integers(min_value=0, max_value=2**63)


def players_for(game: Game) -> st.SearchStrategy[int]:
    return st.integers(game.min_players, game.max_players)


def check_contract(state: State) -> None:
    assert not state.invariant_errors(), state.invariant_errors()
    to_act = list(state.to_act())
    assert state.is_over() == (not to_act)
    assert len(state.scores()) == state.players
    for seat in to_act:
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is to act with no legal action"
        assert len(set(actions)) == len(actions)
        for a in actions:
            text = state.action_text(a)
            assert state.parse_action(text) == a, text
            assert state.illegal_reason(seat, a) is None, text
    for seat in range(state.players):
        if seat not in to_act:
            assert state.legal_texts(seat) == []


def check_refusals(state: State, seen: set[str], rng: Rng) -> None:
    before = snapshot(state)
    seat = rng.choice(list(state.to_act()))
    legal = set(state.legal_texts(seat))
    wrong = sorted(seen - legal)
    for text in [*rng_sample(wrong, 5, rng), "fly away", "", "play", "play ZZ 9 9"]:
        with pytest.raises(CardroomError) as err:
            state.act(seat, text)
        assert isinstance(err.value, IllegalAction), (text, err.value)
        assert err.value.message and err.value.message != "invalid"
        assert snapshot(state) == before, f"refused {text!r} but the state changed"
    idle = [s for s in range(state.players) if s not in state.to_act()]
    if idle and legal:
        with pytest.raises(NotYourTurn):
            state.act(rng.choice(idle), sorted(legal)[0])
        assert snapshot(state) == before


def rng_sample(items: list[str], k: int, rng: Rng) -> list[str]:
    items = items[:]
    rng.shuffle(items)
    return items[:k]


def check_clone(state: State, rng: Rng) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    seat = rng.choice(list(twin.to_act()))
    twin.act(seat, rng.choice(twin.legal_texts(seat)))
    assert snapshot(state) == before, "acting on a clone changed the original"


def check_hidden(state: State, rng: Rng) -> bool:
    """Views unchanged by re-dealing hidden information; True if a re-deal
    changed the referee state (so the check could have caught a leak)."""
    changed = False
    for seat in range(state.players):
        view = json.dumps(state.view(seat), sort_keys=True)
        other = state.resample(seat, Rng(rng.next64()))
        assert json.dumps(other.view(seat), sort_keys=True) == view, (
            f"seat {seat}'s view depends on something hidden from it"
        )
        assert not other.invariant_errors(), other.invariant_errors()
        changed |= snapshot(other) != snapshot(state)
    return changed


def play_checked(game: Game, players: int, seed: int) -> tuple[State, bool]:
    state = game.new(players, seed)
    rng = Rng(seed ^ 0x5EED)
    seen: set[str] = set()
    resample_changed = False
    for step in range(MAX_STEPS):
        check_contract(state)
        if state.is_over():
            return state, resample_changed
        for seat in state.to_act():
            seen.update(state.legal_texts(seat))
        if rng.below(6 + step // 25) == 0:  # dense early, sparser in long games
            check_refusals(state, seen, rng)
            check_clone(state, rng)
            resample_changed |= check_hidden(state, rng)
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))
    raise AssertionError(f"{game.id}: no end after {MAX_STEPS} actions")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(data=st.data(), seed=seeds)
def test_random_play_keeps_the_contract(game: Game, data: st.DataObject, seed: int) -> None:
    players = data.draw(players_for(game))
    state, _ = play_checked(game, players, seed)
    result = state.result()
    ranked = sorted(s for group in result.ranking for s in group)
    assert ranked == list(range(players)), "the ranking must place every seat once"
    assert all(result.ranking), "no empty place in the ranking"
    assert len(result.scores) == players
    assert state.view(None)["over"] is True


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_resampling_really_redeals(game: Game) -> None:
    """The hidden-information check above can fail: re-deals do change the
    referee state in some positions of every game."""
    changed = any(play_checked(game, game.min_players + 1 if game.max_players > game.min_players
                               else game.min_players, seed)[1] for seed in range(3))
    assert changed


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(data=st.data(), seed=seeds)
def test_same_seed_same_game_and_record_round_trip(
    game: Game, data: st.DataObject, seed: int
) -> None:
    players = data.draw(players_for(game))
    first = game.new(players, seed)
    second = game.new(players, seed)
    assert snapshot(first) == snapshot(second)
    rng = Rng(seed)
    steps = 0
    while not first.is_over() and steps < MAX_STEPS:
        seat = rng.choice(list(first.to_act()))
        action = rng.choice(first.legal_texts(seat))
        first.act(seat, action)
        second.act(seat, action)
        steps += 1
    assert full_snapshot(first) == full_snapshot(second)
    text = json.dumps(first.record().to_json())
    again = replay(Record.from_json(json.loads(text)))
    assert full_snapshot(again) == full_snapshot(first)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=8)
@given(data=st.data(), seed=seeds)
def test_a_clone_plays_to_the_end_in_lockstep_with_its_original(
    game: Game, data: st.DataObject, seed: int
) -> None:
    """``clone`` copies everything the rest of the game depends on (the
    random streams included): the same actions give the same game."""
    state = game.new(data.draw(players_for(game)), seed)
    rng = Rng(seed ^ 0xC10E)
    for _ in range(data.draw(st.integers(0, 80))):
        if state.is_over():
            break
        random_step(state, rng)
    twin = state.clone()
    while not state.is_over():
        seat, action = random_step(state, rng)
        twin.act(seat, action)
        assert snapshot(twin) == snapshot(state)
    assert twin.is_over() and full_snapshot(twin) == full_snapshot(state)
    assert twin.record().to_json() == state.record().to_json()
