"""Every game as an OpenSpiel game: registration, the state API, OpenSpiel's
Python MCTS and ISMCTS bots playing to the end (through the dice's chance
nodes), evaluate_bots, serialization, and resampling through the game's own
determinization. Observers, the information state tensor and the chance
nodes themselves: test_openspiel_observers.py."""

from __future__ import annotations

import json
from unittest import mock

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import cardroom.rl.openspiel as spiel
from cardroom.games import all_games

SMALL = {  # short tables, so that searching bots finish quickly
    "cardroom_papayoo": {"players": 3, "options": json.dumps({"rounds": 1})},
    "cardroom_pile_up": {"players": 2},
    "cardroom_pizzamania": {"players": 2, "options": json.dumps({"simple": True})},
    "cardroom_muzicando": {"players": 2},
    "cardroom_love_formula": {"players": 2},
}


def load(name: str, seed: int = 0) -> pyspiel.Game:
    return pyspiel.load_game(name, {**SMALL[name], "seed": seed})


def advance(state: pyspiel.State, steps: int) -> pyspiel.State:
    """``steps`` random moves (a chance node's legal actions are its
    outcomes, all equally likely here), then on to the next decision."""
    rng = np.random.RandomState(steps)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return through_chance(state)


def through_chance(state: pyspiel.State) -> pyspiel.State:
    """Past any chance nodes (the dice) to a decision, by outcomes that
    depend only on how long the game is (the same for equal histories)."""
    while state.is_chance_node():
        state.apply_action(len(state.history()) * 5 % len(state.chance_outcomes()))
    return state


def truth(state: pyspiel.State) -> str:
    """The referee view: every hand, the deck order."""
    return json.dumps(state.match.state.view(None, log=False), sort_keys=True)


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {spiel.short_name(g) for g in all_games()} <= names
    game_type = load("cardroom_papayoo").get_type()
    # Deals are sampled inside actions; only the dice are chance nodes.
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_state_api(name: str) -> None:
    game = load(name)
    state = advance(game.new_initial_state(), 12)
    seat = state.current_player()
    assert state.legal_actions() == sorted(state.legal_actions())
    assert max(state.legal_actions()) < game.num_distinct_actions()
    assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
    assert json.loads(state.information_state_string(seat))["seat"] == seat
    assert state.observation_string(seat)
    assert state.action_to_string(seat, state.legal_actions()[0])
    copy = state.clone()
    action = copy.legal_actions()[0]
    copy.apply_action(action)
    through_chance(copy)  # the dice it rolls, if any
    assert truth(state) != truth(copy)
    assert copy.history()[:len(state.history()) + 1] == [*state.history(), action]


@pytest.mark.parametrize("name", sorted(SMALL))
def test_serialize_round_trip(name: str) -> None:
    game = load(name)
    state = advance(game.new_initial_state(), 15)
    again = game.deserialize_state(state.serialize())
    assert truth(again) == truth(state)
    assert again.history() == state.history()
    sampled = state.resample_from_infostate(state.current_player(),
                                            pyspiel.UniformProbabilitySampler(0.0, 1.0))
    sampled.apply_action(sampled.legal_actions()[0])
    assert truth(game.deserialize_state(sampled.serialize())) == truth(sampled)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_resampling_keeps_the_information_set_and_never_copies_the_truth(name: str) -> None:
    game = load(name)
    state = advance(game.new_initial_state(), 25)
    seat = state.current_player()
    key = state.information_state_string(seat)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    assert all(s.information_state_string(seat) == key for s in samples)
    # The other seats' hidden cards are dealt anew: some sample differs from the truth.
    assert any(truth(s) != truth(state) for s in samples)


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_resampling_goes_through_the_game_determinization_of_the_seat_view() -> None:
    game = load("cardroom_papayoo")
    state = advance(game.new_initial_state(), 20)
    seat = state.current_player()
    cardroom_game = state.match.game
    with mock.patch.object(type(cardroom_game), "determinize",
                           autospec=True, side_effect=type(cardroom_game).determinize) as spy:
        sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.match.state.history is None  # a determinized state, not a copy
    (_, view, _), _ = spy.call_args
    assert view["seat"] == seat and "hands" not in view


@pytest.mark.parametrize("name", sorted(SMALL))
def test_python_mcts_and_ismcts_play_a_game_to_the_end(name: str) -> None:
    game = load(name, seed=3)
    rng = np.random.RandomState(1)
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 6, rollout, random_state=rng),
            spiel.ISMCTSBot(game, rollout, 2.0, 6, random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(p, 5) for p in range(2, game.num_players())]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal()
    assert sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", ["cardroom_papayoo", "cardroom_pile_up"])
def test_new_games_draw_new_deals_from_the_seed_parameter(name: str) -> None:
    game, again = load(name, seed=7), load(name, seed=7)

    def deal(game: pyspiel.Game) -> str:
        return truth(through_chance(game.new_initial_state()))

    first, second = deal(game), deal(game)
    assert first != second
    assert deal(again) == first


@pytest.mark.parametrize("name", ["cardroom_papayoo", "cardroom_pile_up"])
def test_clones_of_an_unused_state_share_its_deal(name: str) -> None:
    state = load(name, seed=5).new_initial_state()
    first, second = state.clone(), state.clone()  # Pile up's: at the opening roll
    assert truth(through_chance(first)) == truth(through_chance(second)) \
        == truth(through_chance(state))
    for seat in range(first.num_players()):
        assert first.observation_tensor(seat) == second.observation_tensor(seat)
    for _ in range(30):
        if first.is_terminal():
            break
        assert first.legal_actions() == second.legal_actions()
        action = first.legal_actions()[len(first.legal_actions()) // 2]
        first.apply_action(action)
        second.apply_action(action)
        through_chance(first)
        through_chance(second)
        assert truth(first) == truth(second)


def test_an_unused_state_serializes_with_its_deal() -> None:
    game = load("cardroom_papayoo", seed=2)
    state = game.new_initial_state()
    text = state.serialize()
    assert truth(game.deserialize_state(text)) == truth(state)


def test_serialize_game_and_state_is_refused_as_documented() -> None:
    game = load("cardroom_pile_up")
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, game.new_initial_state())
