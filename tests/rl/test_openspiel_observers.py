"""OpenSpiel done right (issue 43, item 4): OpenSpiel's own random simulation
checks, the perfect-recall information state tensor (distinct information
states never share a tensor, equal ones always do, resampled states
included), the public and all-players observers through ``make_observation``,
and the dice as explicit chance nodes that play exactly the engine's rules."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import cardroom.rl.openspiel as spiel
from cardroom.games import all_games, get_game
from cardroom.rl.trail import DIGEST_WORDS

SMALL = {  # short tables, so that every check stays quick
    "cardroom_papayoo": {"players": 3, "options": json.dumps({"rounds": 1})},
    "cardroom_pile_up": {"players": 2},
    "cardroom_pizzamania": {"players": 2, "options": json.dumps({"simple": True})},
    "cardroom_muzicando": {"players": 2},
    "cardroom_love_formula": {"players": 2},
}
NAMES = sorted(SMALL)
SEAT = pyspiel.PrivateInfoType.SINGLE_PLAYER
NONE = pyspiel.PrivateInfoType.NONE
ALL = pyspiel.PrivateInfoType.ALL_PLAYERS


def load(name: str, seed: int = 0, **extra: Any) -> pyspiel.Game:
    return pyspiel.load_game(name, {**SMALL[name], "seed": seed, **extra})


def step(state: pyspiel.State, rng: np.random.RandomState) -> None:
    """One random move: a chance outcome by its probability, else a legal action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def to_decision(state: pyspiel.State, rng: np.random.RandomState, steps: int) -> pyspiel.State:
    """``steps`` random moves, then on to the next decision node."""
    for _ in range(steps):
        if state.is_terminal():
            break
        step(state, rng)
    while state.is_chance_node():
        step(state, rng)
    return state


def kind(private: Any, recall: bool) -> Any:
    return pyspiel.IIGObservationType(perfect_recall=recall, public_info=True,
                                      private_info=private)


# ----- OpenSpiel's own checks ------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_openspiels_random_simulation_test(name: str) -> None:
    # serialize=False: OpenSpiel serializes a sampled stochastic game with
    # its RNG state, which Python games cannot give (test_openspiel.py).
    pyspiel.random_sim_test(load(name, seed=4), num_sims=1, serialize=False, verbose=False)


# ----- the information state tensor ---------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_information_state_tensors_tell_information_states_apart(name: str) -> None:
    """Random play from shared deals, branching at once, so that many seats'
    information states recur in other branches (and hidden choices differ
    under equal ones): a string always comes with the same tensor, and a
    tensor with the same string. Resampled states keep both."""
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def record(state: pyspiel.State, seat: int) -> tuple[str, bytes]:
        key = state.information_state_string(seat)
        tensor = np.asarray(state.information_state_tensor(seat), np.float32).tobytes()
        assert by_string.setdefault(key, tensor) == tensor
        assert by_tensor.setdefault(tensor, key) == key
        return key, tensor

    for seed in (1, 2):
        for branch in range(3):
            state = load(name, seed).new_initial_state()
            rng = np.random.RandomState(branch)
            for move in range(40):
                if state.is_terminal():
                    break
                for seat in range(state.num_players()):
                    record(state, seat)
                if move % 13 == 12 and not state.is_chance_node():
                    seat = state.current_player()
                    sample = state.resample_from_infostate(seat, sampler)
                    assert record(sample, seat) == record(state, seat)
                step(state, rng)
    assert len(by_string) > 100


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_information_state_tensor_shape_for_every_player_count(game: Any) -> None:
    name = spiel.short_name(game)
    for players in range(game.min_players, game.max_players + 1):
        spiel_game = pyspiel.load_game(name, {"players": players})
        probe = game.new(players, 0)
        length = game.max_game_length(players, probe.options)
        obs = game.observation_shape(players, probe.options)[0]
        assert spiel_game.information_state_tensor_shape() == [obs + length + DIGEST_WORDS]
        assert spiel_game.observation_tensor_shape() == [obs]
        # OpenSpiel's own (C++) sizes, worked out by observing a new state, agree.
        assert pyspiel.Game.information_state_tensor_size(spiel_game) == obs + length + DIGEST_WORDS
        assert pyspiel.Game.observation_tensor_size(spiel_game) == obs
        state = to_decision(spiel_game.new_initial_state(), np.random.RandomState(players), 3)
        for seat in range(players):
            assert len(state.information_state_tensor(seat)) == obs + length + DIGEST_WORDS


def test_the_tensor_holds_the_observation_then_the_seats_own_decisions() -> None:
    game = load("cardroom_papayoo", seed=3)
    state = game.new_initial_state()
    taken = []
    while state.current_player() == 0:  # seat 0 chooses the cards it passes
        taken.append(state.legal_actions()[1])
        state.apply_action(taken[-1])
    state.apply_action(state.legal_actions()[0])  # seat 1 its first
    assert len(taken) == 5
    observer = make_observation(game, kind(SEAT, True))
    observer.set_from(state, 0)
    size = game.observation_tensor_size()
    assert list(observer.tensor[:size]) == state.observation_tensor(0)
    actions = observer.dict["history_actions"]
    expected = (np.array(taken, np.float32) + 1) / game.num_distinct_actions()
    assert np.array_equal(actions[:5], expected) and not actions[5:].any()
    digest = observer.dict["history_digest"]
    assert ((digest >= 0) & (digest < 1)).all() and digest.any()
    # Seat 1's second choice is hidden from seat 0: its tensor is unchanged by it.
    before = observer.tensor.copy()
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    observer.set_from(other, 0)
    assert np.array_equal(observer.tensor, before)


# ----- the observers ----------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_make_observation_gives_every_kind_of_observer(name: str) -> None:
    game = load(name, seed=6)
    state = to_decision(game.new_initial_state(), np.random.RandomState(6), 14)
    players, size = game.num_players(), game.observation_tensor_size()
    length = game.max_game_length()
    shapes = {(SEAT, False): size, (SEAT, True): size + length + DIGEST_WORDS,
              (NONE, False): size, (NONE, True): size + DIGEST_WORDS,
              (ALL, False): players * size,
              (ALL, True): players * size + 2 * length + DIGEST_WORDS}
    observers = {key: make_observation(game, kind(*key)) for key in shapes}
    for key, observer in observers.items():
        assert observer.tensor.shape == (shapes[key],)
        assert sum(part.size for part in observer.dict.values()) == shapes[key]
    assert game.information_state_tensor_shape() == [shapes[SEAT, True]]

    def seen(key: tuple[Any, bool], seat: int) -> tuple[bytes, str]:
        observer = observers[key]
        observer.set_from(state, seat)
        return observer.tensor.tobytes(), observer.string_from(state, seat)

    # The default and the information state are OpenSpiel's own, by its C++
    # path too.
    for seat in range(players):
        tensor = seen((SEAT, False), seat)[0]
        assert tensor == np.float32(state.observation_tensor(seat)).tobytes()
        assert tensor == np.float32(pyspiel.State.observation_tensor(state, seat)).tobytes()
        recall = seen((SEAT, True), seat)
        assert recall == (np.float32(state.information_state_tensor(seat)).tobytes(),
                          state.information_state_string(seat))
        assert recall[0] == np.float32(
            pyspiel.State.information_state_tensor(state, seat)).tobytes()
    # The public and the all-players observations are the same for every player.
    for key in ((NONE, False), (NONE, True), (ALL, False), (ALL, True)):
        assert len({seen(key, seat) for seat in range(players)}) == 1
    # All players: every seat's own observation, which no other seat's shows.
    every = observers[ALL, False]
    every.set_from(state, 0)
    for seat in range(players):
        assert list(every.dict["observations"][seat]) == state.observation_tensor(seat)
    assert state.observation_tensor(0) != state.observation_tensor(1)
    referee = json.loads(seen((ALL, True), 0)[1])
    public = json.loads(seen((NONE, True), 0)[1])
    own = json.loads(state.information_state_string(0))
    truth = state.match.state
    assert referee["seed"] == truth.seed and "seed" not in own and "seed" not in public
    hidden = {k for k in referee if k not in own}  # every hand, the deck: the referee's only
    assert hidden and not hidden & set(public)
    assert {k for k in own if k not in public} - {"acted"}  # the seat's private part
    assert len(referee["log"]) >= len(own["log"]) >= len(public["log"])
    assert seen((ALL, False), 0)[1] != seen((NONE, False), 0)[1]


def test_the_public_observation_is_the_seat_encoding_of_the_public_table() -> None:
    game = load("cardroom_papayoo", seed=8)
    state = to_decision(game.new_initial_state(), np.random.RandomState(8), 20)
    observer = make_observation(game, kind(NONE, False))
    observer.set_from(state, 2)
    assert not observer.dict["hand"].any() and not observer.dict["received"].any()
    assert observer.dict["played"].any()  # cards played are public
    seat0 = make_observation(game)
    seat0.set_from(state, 0)
    for field in ("played", "trick", "papayoo", "totals", "hand_sizes"):
        assert np.array_equal(observer.dict[field], seat0.dict[field])


def test_observers_refuse_what_they_cannot_give() -> None:
    game = load("cardroom_pile_up")
    with pytest.raises(ValueError, match="public information"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=False, private_info=SEAT))
    with pytest.raises(ValueError, match="no parameters"):
        make_observation(game, kind(SEAT, False), {"verbose": True})


# ----- the dice as chance nodes -------------------------------------------------
def engine_replay(state: pyspiel.State, source: str) -> dict[str, Any]:
    """The engine's own game with the state's chance outcomes stacked and its
    decisions applied: the referee view it reaches."""
    recipe = state.recipe
    faces, decisions = [], []
    for taken in state.full_history():
        if taken.player == pyspiel.PlayerId.CHANCE:
            faces.append(recipe.dice.die.faces[taken.action])
        else:
            decisions.append(taken.action)
    game = recipe.game
    given = {**recipe.options, "stack": {source: faces}}
    engine = game.new(recipe.players, recipe.origin[1], given)
    for index in decisions:
        engine.apply(min(engine.to_act()), game.action_from_index(index))
    return engine.view(None)


def referee_view(state: pyspiel.State) -> dict[str, Any]:
    return state.match.state.view(None)


@pytest.mark.parametrize(("name", "source"), [("cardroom_papayoo", "die"),
                                              ("cardroom_pile_up", "dice")])
def test_the_dice_are_chance_nodes_that_play_the_engines_rules(name: str, source: str) -> None:
    faces = {"die": ["S", "H", "D", "C"], "dice": [1, 2, 3, 4, 5, 6]}[source]
    game = load(name, seed=9)
    assert game.max_chance_outcomes() == len(faces)
    rng = np.random.RandomState(9)
    state = game.new_initial_state()
    chance = 0
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            chance += 1
            outcomes = state.chance_outcomes()
            assert outcomes == [(i, 1 / len(faces)) for i in range(len(faces))]
            assert state.legal_actions() == list(range(len(faces)))
            assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == f"{source} {faces[1]}"
            copy = state.clone()  # a clone waits at the same chance node
            assert copy.is_chance_node() and copy.history() == state.history()
        step(state, rng)
        if not state.is_chance_node() and chance:
            view = referee_view(state)
            engine = engine_replay(state, source)
            view.pop("given_options"), engine.pop("given_options")
            assert view == engine
    assert chance >= 1
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert referee_view(again) == referee_view(state)


def test_pile_ups_opening_roll_is_a_chance_node_unless_stacked() -> None:
    state = load("cardroom_pile_up", seed=2).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    with pytest.raises(ValueError, match="opening roll"):
        _ = state.match
    # Nothing is seen yet but whose information state it is (in the digest).
    assert not any(state.information_state_tensor(0)[:-DIGEST_WORDS])
    for face in (2, 4, 4):
        assert state.is_chance_node()
        state.apply_action(face - 1)
    assert not state.is_chance_node()
    assert state.match.state.view(None)["dice"] == [2, 4, 4]
    stacked = load("cardroom_pile_up", seed=2,
                   options=json.dumps({"stack": {"dice": [2, 5, 5]}})).new_initial_state()
    # The table's own stacked faces are no chance nodes: seat 0 is to act at once.
    assert stacked.current_player() == 0
    assert stacked.match.state.view(None)["dice"] == [2, 5, 5]
    # A triple with no minus cards ends the turn (D4): seat 1 rolls, by chance.
    triple = load("cardroom_pile_up", seed=2,
                  options=json.dumps({"stack": {"dice": [3, 3, 3]}})).new_initial_state()
    assert triple.is_chance_node()
    for face in (1, 2, 3):
        triple.apply_action(face - 1)
    assert triple.current_player() == 1 and triple.match.state.view(None)["dice"] == [1, 2, 3]


def test_papayoos_die_is_rolled_when_the_passes_are_handed_over() -> None:
    state = load("cardroom_papayoo", seed=1).new_initial_state()
    while not state.is_chance_node():
        assert state.match.state.phase() == "pass"
        state.apply_action(state.legal_actions()[0])
    assert state.match.state.phase() == "pass"  # the last pass waits for the die
    state.apply_action(["S", "H", "D", "C"].index("H"))
    table = state.match.state.view(None)
    assert table["papayoo"] == "7H" and state.match.state.phase() == "play"
    assert get_game("papayoo").random_sources == ("deal", "die")


def test_the_chance_probabilities_are_the_engines_own() -> None:
    """Left to its own stream, the engine rolls each face about as often as
    the chance node says (Pile up's opening dice, Papayoo's first die)."""
    pile_up = get_game("pile-up")
    counts = np.zeros(6)
    for seed in range(1500):
        counts[np.array(pile_up.new(2, seed).view(None)["dice"]) - 1] += 1
    assert np.abs(counts / counts.sum() - 1 / 6).max() < 0.02  # four standard deviations
    papayoo = get_game("papayoo")
    suits = dict.fromkeys("SHDC", 0)
    for seed in range(400):
        state = papayoo.new(3, seed, {"rounds": 1})
        while state.phase() == "pass":
            seat = min(state.to_act())
            state.apply(seat, state.legal_actions(seat)[0])
        suits[state.view(None)["papayoo"][-1]] += 1
    assert max(abs(n / 400 - 1 / 4) for n in suits.values()) < 0.09
