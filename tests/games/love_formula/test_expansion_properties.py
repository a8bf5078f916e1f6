"""Invariants over seeded random games with every combination of the
expansions on and off (Chance; #RelationshipGoals in each variant; promo none,
replace, add) at 2, 3 and 4 players: every card of the game somewhere once, the
contract's checks, views rebuilt by determinization, no face-down VP card or
chance deck order in a seat's view, clones independent, refusals changing
nothing, records replaying exactly, and final scores recomputed from the views."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from cardroom.core.bot import RandomBot
from cardroom.core.errors import IllegalAction
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.rng import Rng
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME, vp_from_view
from tests.helpers import full_snapshot, snapshot

GOALS: list[dict[str, Any]] = [
    {}, {"goals": True}, {"goals": True, "goals_variant": "equal"},
    {"goals": True, "goals_variant": "open"}, {"goals": True, "goals_variant": "hidden"},
    {"goals": True, "goals_variant": "planned"},
]
COMBOS = [{**({"chance": True} if chance else {}), **goals, "promo": promo}
          for chance, goals, promo in itertools.product(
              (False, True), GOALS, ("none", "replace", "add"))]


def name(options: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in options.items()) or "base"


def secrets(ref: dict[str, Any]) -> set[str]:
    """Card ids that no seat may see: face-down VP cards (the chance deck's
    cards are known, its order is not: a seat's view has no order of it)."""
    hidden: set[str] = set()
    goals = ref.get("goals")
    if goals:
        hidden |= {g["vp_card"] for g in goals["row"] if g["vp_card"] and not g["face_up"]}
        hidden |= set(goals["vp_box"])
    return hidden


def check_position(state: LoveState, rng: Rng) -> None:
    ref = state.view(None)
    hidden = secrets(ref)
    for seat in range(state.players):
        view = state.view(seat)
        text = json.dumps(view, sort_keys=True)
        assert not [c for c in hidden if f'"{c}"' in text], f"seat {seat} sees a secret"
        assert "deck" not in (view.get("chance") or {})
        assert "vp_box" not in (view.get("goals") or {})
        other = state.resample(seat, Rng(rng.next64()))
        assert json.dumps(other.view(seat), sort_keys=True) == text
        assert not other.invariant_errors(), other.invariant_errors()
    before = snapshot(state)
    twin = state.clone()
    seat = twin.to_act()[0]
    twin.act(seat, rng.choice(twin.legal_texts(seat)))
    assert snapshot(state) == before, "acting on a clone changed the original"
    with pytest.raises(IllegalAction):
        state.act(seat, "target 9 nobody")
    assert snapshot(state) == before


def final_scores_from_views(state: LoveState) -> list[int]:
    ref = state.view(None)
    scores = [vp_from_view(zone) for zone in ref["zones"]]
    if ref.get("chance"):
        scores = [v + extra for v, extra in zip(scores, ref["chance"]["vp"], strict=True)]
    for goal in (ref.get("goals") or {}).get("row", []):
        winners = ([goal["won_by"]] if goal["won_by"] is not None else []) + goal["scored"]
        for seat in winners:
            scores[seat] += goal["vp"]
    return scores


@pytest.mark.parametrize("options", COMBOS, ids=name)
def test_random_games_with_the_expansions_keep_every_invariant(options: dict[str, Any]) -> None:
    index = COMBOS.index(options)
    players = 2 + index % 3
    state = GAME.new(players, 40 + index, options)
    assert isinstance(state, LoveState)
    rng = Rng(index)
    steps = 0
    while not state.is_over():
        errors = state.invariant_errors()
        assert not errors, errors
        if steps % 61 == 7:
            check_position(state, rng)
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))
        steps += 1
    assert not state.invariant_errors()
    assert state.scores() == final_scores_from_views(state) == state.result().scores
    again = replay(Record.from_json(json.loads(json.dumps(state.record().to_json()))))
    assert full_snapshot(again) == full_snapshot(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_with_every_expansion_end_with_consistent_scores(players: int) -> None:
    options = {"chance": True, "goals": True, "promo": "add"}
    for seed in range(2):
        state = GAME.new(players, 70 + seed, options)
        assert isinstance(state, LoveState)
        bots = [GAME.heuristic_bot(seed * 10 + s) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, bots[seat].choose_for(state, seat))
        assert not state.invariant_errors()
        assert state.scores() == final_scores_from_views(state)


def test_the_heuristic_bot_beats_random_play_with_the_expansions() -> None:
    wins = 0
    for seed in range(6):
        state = GAME.new(2, 600 + seed, {"chance": True, "goals": True, "promo": "replace"})
        bots = [GAME.heuristic_bot(seed), RandomBot(seed)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, bots[seat].choose_for(state, seat))
        wins += state.result().ranking[0] == [0]
    assert wins >= 5
