"""The heuristic Papayoo bot: sensible single decisions, and strength over random."""

from __future__ import annotations

from cardroom.core.bot import Bot, RandomBot
from cardroom.core.table import play_out
from cardroom.games.papayoo.bot import PapayooHeuristic
from tests.games.papayoo.support import GAME, deal, new, ready


def test_dumps_the_papayoo_when_void() -> None:
    state = ready(3, ["2S"], ["7H"] + [f"{r}D" for r in range(1, 11)]
                  + [f"{r}P" for r in range(1, 10)], die="H")
    state.act(0, "play 2S")
    assert PapayooHeuristic(1).choose_for(state, 1) == "play 7H"


def test_ducks_under_the_current_winner_with_its_highest_losing_card() -> None:
    state = ready(3, ["9S"], ["3S", "8S", "10S"])
    state.act(0, "play 9S")
    assert PapayooHeuristic(1).choose_for(state, 1) == "play 8S"


def test_passes_the_highest_payoo_first() -> None:
    state = new(4, deal(4, ["1S", "2S", "3H", "20P", "4D"]))
    legal = [f"pass {c}" for c in ["1S", "2S", "3H", "20P", "4D"]]
    assert PapayooHeuristic(1).choose(state.seen(0), legal) == "pass 20P"
    assert PapayooHeuristic(1).choose(state.view(0), legal) == "pass 20P"  # the JSON form


def test_beats_random_players_over_seeded_games() -> None:
    wins = 0.0
    games = 24
    for seed in range(games):
        state = GAME.new(4, seed, {"rounds": 1})
        seat = seed % 4
        bots: list[Bot] = [RandomBot(seed * 4 + s) for s in range(4)]
        bots[seat] = PapayooHeuristic(seed)
        play_out(state, bots)
        first = state.result().ranking[0]
        wins += 1 / len(first) if seat in first else 0
    assert wins / games > 0.5, f"heuristic won only {wins} of {games}"
