"""Shared test helpers: random legal play and JSON snapshots of states."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Hashable, Mapping
from typing import Any

from cardroom.core.bot import make_bot
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.search.policy import Policy

MAX_STEPS = 50_000


def snapshot(state: State) -> str:
    """The referee view as canonical JSON: equal snapshots, equal states.
    The log is summarised by its length and last event, since it only grows."""
    view = state.view(None)
    log = view.pop("log")
    view["log_summary"] = [len(log), log[-1] if log else None]
    return json.dumps(view, sort_keys=True)


def full_snapshot(state: State) -> str:
    return json.dumps(state.view(None), sort_keys=True)


def random_step(state: State, rng: Rng) -> tuple[int, str]:
    seat = rng.choice(list(state.to_act()))
    action = rng.choice(state.legal_texts(seat))
    state.act(seat, action)
    return seat, action


def play_random(state: State, rng: Rng) -> State:
    for _ in range(MAX_STEPS):
        if state.is_over():
            return state
        random_step(state, rng)
    raise AssertionError(f"{state.game.id}: no end after {MAX_STEPS} actions")


def heuristic_decisions(game: Game, policy: Policy, players: int, seeds: int,
                        options: dict[str, Any] | None = None) -> list[str]:
    """Play ``seeds`` games of heuristic bots, checking at every move that
    ``policy`` (reading the state) picks exactly the bot's move (read from
    the view); the moves of the decisions with a choice, in order."""
    rand = random.Random(0).random
    chosen = []
    for seed in range(seeds):
        state = game.new(players, seed, options)
        bot = make_bot("heuristic", game, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            wanted = bot.choose(state.view(seat), [state.action_text(a) for a in actions])
            assert state.action_text(policy(state, seat, actions, rand)) == wanted
            if len(actions) > 1:
                chosen.append(wanted)
            state.act(seat, wanted)
    return chosen


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


Z_999 = 3.0902  # the standard normal's 0.999 quantile


def chi_square(seen: Mapping[Any, int], weights: Mapping[Any, float]) -> float:
    """Pearson's statistic of the outcomes ``seen`` against counts in
    proportion to ``weights`` (the sampler tests of every game); an outcome
    seen without a weight is a failure in itself."""
    impossible: set[Hashable] = set(seen) - set(weights)
    assert not impossible, f"outcomes that cannot happen were drawn: {impossible}"
    samples, total = sum(seen.values()), sum(weights.values())
    out = 0.0
    for outcome, weight in weights.items():
        expected = samples * weight / total
        out += (seen.get(outcome, 0) - expected) ** 2 / expected
    return out


def chi_square_limit(df: int) -> float:
    """The chi-square distribution's 0.999 quantile (Wilson-Hilferty: 2% high
    at 3 degrees of freedom, closer as they grow; a hair lenient, never strict)."""
    k = 2 / (9 * df)
    return df * (1 - k + Z_999 * math.sqrt(k)) ** 3
