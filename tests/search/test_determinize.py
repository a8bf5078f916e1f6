"""Determinization prepared once per search and sampled per iteration
(``cardroom.search.determinize``): every sample shows the seat exactly its
view, is dealt only from what the seat cannot see, and the whole search is
reproducible from its seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game
from cardroom.games.muzicando.cards import FULL_MASK
from cardroom.games.muzicando.cards import mask_of_codes as muzicando_mask
from cardroom.games.muzicando.state import MuzicandoState
from cardroom.games.papayoo.cards import SUIT_LETTERS, SUIT_MASK, deck_mask, mask_of_codes
from cardroom.games.papayoo.state import PapayooState
from cardroom.search import IsmctsBot, parse_budget
from cardroom.search.determinize import Redeal, prepare, preparer
from tests.helpers import canonical, snapshot

GAMES = all_games()
SAMPLES = 3


def seeded_positions(game: Game, seed: int, every: int) -> list[State]:
    """Copies of a seeded random game, every ``every`` actions, at each
    player count of the game in turn."""
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    state = game.new(players, seed)
    rng = Rng(seed)
    found: list[State] = []
    step = 0
    while not state.is_over():
        if step % every == every // 2:
            found.append(state.clone())
        mover = rng.choice(list(state.to_act()))
        state.act(mover, rng.choice(state.legal_texts(mover)))
        step += 1
    return found


def from_json(view: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(view))
    return out


def test_every_game_prepares_its_own_determinizer() -> None:
    assert all(preparer(game) is not Redeal for game in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_samples_show_the_seat_exactly_its_view(game: Game) -> None:
    """Many seeded positions, every seat awaited or not, several samples from
    one preparation: each shows that seat the same view and legal actions,
    and none carries a record."""
    checked = 0
    for seed in range(4):
        for state in seeded_positions(game, seed, 9 if game.id != "love-formula" else 15):
            for seat in range(state.players):
                view = state.view(seat)
                prepared = prepare(game, from_json(view), Rng(seed * 101 + seat))
                for _ in range(SAMPLES):
                    dealt = prepared.sample()
                    assert canonical(dealt.view(seat)) == canonical(view), (
                        f"{game.id}: a sample shows seat {seat} something else")
                    assert dealt.history is None
                    assert list(dealt.to_act()) == list(state.to_act())
                    assert dealt.legal_texts(seat) == state.legal_texts(seat)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_samples_redeal_the_hidden_part_and_replay_from_the_seed(game: Game) -> None:
    state = seeded_positions(game, 5, 7)[1]
    seat = state.to_act()[0]
    view = from_json(state.view(seat))
    first = prepare(game, view, Rng(3))
    again = prepare(game, view, Rng(3))
    samples = [snapshot(first.sample()) for _ in range(12)]
    assert samples == [snapshot(again.sample()) for _ in range(12)]
    assert len(set(samples)) > 1, "the hidden cards must be dealt anew each sample"


def test_papayoo_samples_deal_only_the_unseen_cards_and_keep_voids() -> None:
    game = get_game("papayoo")
    for seed in range(4):
        for state in seeded_positions(game, seed, 9):
            for seat in range(state.players):
                view = from_json(state.view(seat))
                unseen = (deck_mask(state.players) & ~mask_of_codes(view["hand"])
                          & ~mask_of_codes(view["played"]))
                prepared = prepare(game, view, Rng(seed))
                for _ in range(SAMPLES):
                    dealt = prepared.sample()
                    assert isinstance(dealt, PapayooState)
                    others = 0
                    for o in range(state.players):
                        if o == seat:
                            continue
                        hand = dealt.hands[o]
                        assert hand & ~unseen == 0, "a card the seat holds or saw played"
                        assert others & hand == 0
                        others |= hand
                        for letter in view["voids"][o]:
                            assert hand & SUIT_MASK[SUIT_LETTERS.index(letter)] == 0
                    # Every unseen card (the trick counts as played) is in another hand.
                    assert others == unseen


def test_muzicando_samples_deal_exactly_the_unseen_cards() -> None:
    game = get_game("muzicando")
    for seed in range(4):
        for state in seeded_positions(game, seed, 7):
            for seat in range(state.players):
                view = from_json(state.view(seat))
                dealt = prepare(game, view, Rng(seed)).sample()
                assert isinstance(dealt, MuzicandoState)
                on_table = dealt.table.on_table() if dealt.table else 0
                unseen = FULL_MASK & ~muzicando_mask(view["hand"]) & ~on_table
                hidden = sum(1 << c for c in dealt.pile)
                for o in range(state.players):
                    if o != seat:
                        assert hidden & dealt.hands[o] == 0
                        hidden |= dealt.hands[o]
                assert hidden == unseen


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_seeded_search_with_an_iteration_budget_is_deterministic(game: Game) -> None:
    state = seeded_positions(game, 2, 6)[2]
    seat = next((s for s in state.to_act() if len(state.legal_texts(s)) > 1),
                state.to_act()[0])
    view, legal = from_json(state.view(seat)), state.legal_texts(seat)
    runs = []
    for _ in range(2):
        bot = IsmctsBot(game, 17, parse_budget({"iterations": 40}))
        move = bot.choose(view, legal)
        assert bot.last is not None
        runs.append((move, bot.last.iterations, bot.last.nodes, bot.last.visits))
    assert runs[0] == runs[1]
    assert runs[0][0] in legal
