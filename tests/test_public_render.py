"""Every game's text renderer on the spectator's (PUBLIC) view.

A spectator is treated like a seat that is not the viewer: no hand, nobody
named "you", and nothing that only some seat may know. The last is checked
without knowing the game: a state re-dealt from any one seat's view holds
the same public facts, so it must render the same public table.
"""

from __future__ import annotations

import re

import pytest

from cardroom.core.events import PUBLIC
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext
from tests.helpers import MAX_STEPS, random_step

CHECK_EVERY = 7
SEEDS = (3, 11)
# Love Formula with its expansions, so that chance and goal lines are rendered too.
OPTIONS = {"love-formula": {"chance": True, "goals": True, "promo": "add"}}
# Card rules text speaks to the card's holder ("You: draw 2 cards"); it names no seat.
RULES_TEXT = sorted({cardtext.effect(c) for c in CAT.by_id.values()}, key=len, reverse=True)
YOU = re.compile(r"\byour?\b", re.IGNORECASE)


def cases() -> list[tuple[Game, int, int]]:
    return [(game, players, seed)
            for game in all_games()
            for players in sorted({game.min_players, game.max_players})
            for seed in SEEDS]


def names_nobody_you(text: str) -> bool:
    for rules in RULES_TEXT:
        text = text.replace(rules, "")
    return YOU.search(text) is None


def check_public_table(game: Game, state: State, salt: int) -> None:
    text = game.render(state.view(PUBLIC), False)
    assert "Your hand" not in text and "your hand" not in text, text
    assert names_nobody_you(text), text
    for seat in range(state.players):
        redealt = state.resample(seat, Rng(salt * 31 + seat))
        assert game.render(redealt.view(PUBLIC), False) == text, (
            f"the public table differs once the cards hidden from seat {seat} are re-dealt")


@pytest.mark.parametrize(("game", "players", "seed"), cases(),
                         ids=lambda v: v.id if isinstance(v, Game) else str(v))
def test_public_render_names_no_viewer_and_hides_hands(game: Game, players: int,
                                                        seed: int) -> None:
    state = game.new(players, seed, OPTIONS.get(game.id))
    rng = Rng(seed)
    for step in range(MAX_STEPS):
        if step % CHECK_EVERY == 0:
            check_public_table(game, state, step)
        if state.is_over():
            break
        random_step(state, rng)
    check_public_table(game, state, MAX_STEPS)
    for event in state.view(PUBLIC)["log"]:
        sentence = game.describe_event(event, PUBLIC)
        assert sentence is None or names_nobody_you(sentence), (event, sentence)
