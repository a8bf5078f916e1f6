"""Stacked Papayoo deals for rule tests."""

from __future__ import annotations

from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.games import get_game
from cardroom.games.papayoo.cards import CODE, DEAL_TABLE, deck_mask
from cardroom.games.papayoo.state import PapayooState

GAME = get_game("papayoo")


def deal(players: int, *hands: list[str]) -> list[list[str]]:
    """Seat i gets ``hands[i]`` (possibly partial), topped up from the unused
    cards in deck order."""
    size = DEAL_TABLE[players][0]
    used = {c for h in hands for c in h}
    spare = [CODE[c] for c in cards_of(deck_mask(players)) if CODE[c] not in used]
    out = []
    for seat in range(players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < size:
            hand.append(spare.pop(0))
        out.append(hand)
    return out


def new(players: int, hands: list[list[str]] | None = None, die: str | None = None,
        **options: Any) -> PapayooState:
    stack: dict[str, list[Any]] = {}
    if hands is not None:
        stack["deal"] = [hands]
    if die is not None:
        stack["die"] = [die]
    if stack:
        options["stack"] = stack
    state = GAME.new(players, 1, options)
    assert isinstance(state, PapayooState)
    return state


def pass_first(state: PapayooState, cards: dict[int, list[str]] | None = None) -> None:
    """Every seat passes (the given cards, else the first legal ones)."""
    cards = cards or {}
    for seat in range(state.players):
        for code in cards.get(seat, []):
            state.act(seat, f"pass {code}")
        while seat in state.to_act():
            state.act(seat, state.legal_texts(seat)[0])


def ready(players: int, *hands: list[str], die: str = "S", **options: Any) -> PapayooState:
    """A state after passing in which seat i holds exactly ``deal(players, *hands)[i]``."""
    finals = deal(players, *hands)
    size, count = DEAL_TABLE[players]
    keep = size - count
    dealt = [finals[i][:keep] + finals[(i + 1) % players][keep:] for i in range(players)]
    state = new(players, dealt, die=die, **options)
    pass_first(state, {i: finals[(i + 1) % players][keep:] for i in range(players)})
    assert [sorted(h) for h in state.view(None)["hands"]] == [sorted(h) for h in finals]
    return state
