"""Shared test helpers: random legal play and JSON snapshots of states."""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Mapping
from typing import Any

from cardroom.core.game import State
from cardroom.core.rng import Rng

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
