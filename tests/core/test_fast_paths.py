"""The fast playout path agrees with the checked one (issue 15).

The fast path is two named switches of the core: ``apply_unchecked`` (no
re-check of an action that ``legal_actions`` just listed) and
``record_events=False`` (the rules build no event dicts). For every game,
seeded random games are played both ways with the same policy; their
records, scores, results and every viewer's view (its log aside) must be
identical, step by step in the short sweep and at the end in the long one.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.core.events import PUBLIC
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.rng import Rng
from cardroom.games import get_game
from cardroom.games.love_formula.expansions.goals import QUIET
from cardroom.games.love_formula.fields import LoveFields

# (game, players, options): each game at 4 players (or its range's ends) and
# the option sets that switch extra rules on.
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("papayoo", 3, {"rounds": 1}),
    ("papayoo", 4, {}),
    ("papayoo", 8, {"rounds": 1}),
    ("pizzamania", 2, {}),
    ("pizzamania", 4, {}),
    ("pizzamania", 8, {}),
    ("pile-up", 2, {}),
    ("pile-up", 4, {}),
    ("pile-up", 5, {}),
    ("muzicando", 2, {}),
    ("muzicando", 4, {}),
    ("muzicando", 8, {}),
    ("love-formula", 2, {}),
    ("love-formula", 4, {}),
    ("love-formula", 3, {"chance": True, "goals": True, "promo": "add"}),
    ("love-formula", 4, {"chance": True, "goals": True, "promo": "add"}),
]
IDS = [f"{g}-{p}p{'-' + '-'.join(o) if o else ''}" for g, p, o in CASES]


def views(state: State) -> list[dict[str, Any]]:
    """Every viewer's view without its log (the fast path keeps none)."""
    out = []
    for viewer in [*range(state.players), PUBLIC, None]:
        view = state.view(viewer, log=False)
        del view["log_size"]
        out.append(view)
    return out


def play(game_id: str, players: int, options: dict[str, Any], seed: int, fast: bool,
         every_step: bool) -> tuple[State, list[Any]]:
    """A seeded random game, checked (``apply``, events on) or fast; with
    ``every_step``, the views and legal actions seen along the way."""
    state = get_game(game_id).new(players, seed, options, record_events=not fast)
    policy = Rng(seed ^ 0x5EED)
    seen: list[Any] = []
    while not state.is_over():
        to_act = list(state.to_act())
        seat = to_act[policy.below(len(to_act))]
        legal = state.legal_actions(seat)
        if every_step:
            seen.append((to_act, legal, state.scores(), views(state)))
        action = legal[policy.below(len(legal))]
        if fast:
            state.apply_unchecked(seat, action)
        else:
            state.apply(seat, action)
    return state, seen


def outcome(state: State) -> tuple[Any, ...]:
    return (state.record().to_json(), state.scores(), state.result().to_json(),
            views(state))


def replayed(record: Record) -> State:
    state = get_game(record.game).new(record.players, record.seed, record.options)
    for seat, text in record.actions:
        state.act(seat, text)
    return state


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=IDS)
def test_fast_path_agrees_step_by_step(game_id: str, players: int,
                                       options: dict[str, Any]) -> None:
    for seed in range(3):
        checked, checked_steps = play(game_id, players, options, seed, False, True)
        fast, fast_steps = play(game_id, players, options, seed, True, True)
        assert fast_steps == checked_steps, f"seed {seed}"
        assert outcome(fast) == outcome(checked), f"seed {seed}"
        assert not fast.log  # no event was built
        # The fast game's record replays through the checked path.
        assert outcome(replayed(fast.record())) == outcome(checked)


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=IDS)
def test_switching_events_off_mid_game_changes_nothing_else(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        checked, _ = play(game_id, players, options, seed, False, False)
        state = get_game(game_id).new(players, seed, options)
        policy = Rng(seed ^ 0x5EED)
        steps = 0
        while not state.is_over():
            steps += 1
            if steps == 7:
                copy = state.clone()
                state.record_events = False
                assert copy.record_events and not state.clone().record_events
            to_act = list(state.to_act())
            seat = to_act[policy.below(len(to_act))]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[policy.below(len(legal))])
        assert outcome(state) == outcome(checked)


@pytest.mark.parametrize("options", [{}, {"chance": True, "goals": True, "promo": "add"}])
def test_love_formula_counts_each_goal_changing_event(options: dict[str, Any]) -> None:
    # R18's check follows s.goal_changes, not the log, so that it runs the
    # same with events off: the count must match the events that goals.QUIET
    # does not name, after every action.
    for seed in range(4):
        state = get_game("love-formula").new(3, seed, options)
        policy = Rng(seed)
        while True:
            changes = sum(1 for e in state.log if e["type"] not in QUIET)
            assert isinstance(state, LoveFields) and state.goal_changes == changes
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[policy.below(len(legal))])


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=IDS)
def test_fast_path_agrees_over_many_games(game_id: str, players: int,
                                          options: dict[str, Any]) -> None:
    # Thousands of games in all (the slow sweep, still run in CI).
    for seed in range(1000, 1000 + SWEEP[game_id]):
        checked, _ = play(game_id, players, options, seed, False, False)
        fast, _ = play(game_id, players, options, seed, True, False)
        assert outcome(fast) == outcome(checked), f"seed {seed}"


DEALT_ROUNDS = ("papayoo", "pizzamania", "muzicando")  # the games that skip a deal

# Games per case in the sweep (about 2,500 in all), a few seconds each.
SWEEP = {"papayoo": 150, "pizzamania": 250, "pile-up": 200, "muzicando": 120,
         "love-formula": 80}


# D12's endless Pizzamania starts its next round from the seats' choices,
# after the round's end: that deal is never skipped.
CUT_CASES = [*CASES, ("pizzamania", 4, {"rounds": 0})]


@pytest.mark.parametrize(("game_id", "players", "options"), CUT_CASES,
                         ids=[*IDS, "pizzamania-4p-endless"])
def test_stopping_short_of_the_next_deal_keeps_the_round_standing(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    # deal_next_round=False (a playout cut at the search horizon): at every
    # round's end the cut copy must count the same rounds and stand the same
    # as the game that dealt on; the game that dealt on is unchanged.
    # Endless games go on only when every seat chooses 'continue' (1 in 16
    # at random with 4 seats): more seeds, so that some do.
    for seed in range(3 if options.get("rounds") != 0 else 40):
        checked, _ = play(game_id, players, options, seed, False, False)
        state = get_game(game_id).new(players, seed, options, record_events=False)
        policy = Rng(seed ^ 0x5EED)
        cuts = 0
        while not state.is_over():
            to_act = list(state.to_act())
            seat = to_act[policy.below(len(to_act))]
            action = state.legal_actions(seat)[policy.below(len(state.legal_actions(seat)))]
            cut = state.clone()
            cut.deal_next_round = False
            before = state.rounds_completed()
            state.apply_unchecked(seat, action)
            cut.apply_unchecked(seat, action)
            if state.rounds_completed() != before:
                cuts += 1
                assert cut.rounds_completed() == state.rounds_completed()
                assert cut.standing().to_json() == state.standing().to_json()
                if game_id in DEALT_ROUNDS and options.get("rounds") != 0 \
                        and not state.is_over():
                    # the next deal was drawn by the game that dealt on only
                    assert cut.rng._streams != state.rng._streams
            elif not state.is_over():  # within a round the cut copy plays on alike
                assert cut.to_act() == state.to_act()
                assert views(cut) == views(state)
        assert outcome(state) == outcome(checked), f"seed {seed}"
        assert cuts == (checked.rounds_completed() if game_id != "pile-up" else 0)
