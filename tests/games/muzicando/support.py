"""Helpers for Muzicando tests: stacked deals from a few chosen cards, the
stacked positions several test files share, and drivers."""

from __future__ import annotations

from typing import Any

from cardroom.games import get_game
from cardroom.games.muzicando.cards import CODE, COLOUR_LETTERS, NOTE_NAMES
from cardroom.games.muzicando.state import MuzicandoState

GAME = get_game("muzicando")
ALL = list(CODE)
# High notes first: on most layouts they are the last to become playable, so
# they make quiet filler cards.
QUIET = [f"{note}{col}" for note in reversed(NOTE_NAMES) for col in COLOUR_LETTERS]
QUIET += [c for c in ALL if c not in QUIET]  # the sign cards last


def fill(chosen: dict[int, list[str]], players: int, size: int,
         filler: list[str] | None = None) -> tuple[list[list[str]], list[str]]:
    """Hands of ``size`` cards holding the chosen cards, topped up from
    ``filler`` (default: the remaining cards, high notes first) in seat
    order; the cards left over form the pile, in filler order."""
    used = {c for cards in chosen.values() for c in cards}
    assert len(used) == sum(len(c) for c in chosen.values()), "a card is chosen twice"
    spare = [c for c in (filler or QUIET) if c not in used]
    spare += [c for c in QUIET if c not in used and c not in spare]
    hands = []
    for seat in range(players):
        hand = list(chosen.get(seat, []))
        while len(hand) < size:
            hand.append(spare.pop(0))
        hands.append(hand)
    return hands, spare


def new(players: int, hands: list[list[str]], options: dict[str, Any] | None = None,
        pile: list[str] | None = None, more_deals: list[Any] | None = None,
        seed: int = 1) -> MuzicandoState:
    stack: dict[str, Any] = {"deal": [hands, *(more_deals or [])]}
    if pile:
        stack["pile"] = [pile]
    state = GAME.new(players, seed, {**(options or {}), "stack": stack})
    assert isinstance(state, MuzicandoState)
    return state


def bid_to(state: MuzicandoState, calls: list[str]) -> None:
    """Make the calls in turn order from whoever is to call."""
    for text in calls:
        state.act(state.to_act()[0], text)


def acts(state: MuzicandoState, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        state.act(seat, text)


def texts(state: MuzicandoState) -> list[str]:
    return state.legal_texts(state.to_act()[0])


# Seat 1 opens 1M holding every Do; nobody else can open a colour.
BASE = [
    ["FaR", "FaO", "FaY", "FaG", "FaB", "FaI", "FaV", "SolV", "#O", "nY", "nG", "bB", "bI", "pV"],
    ["DoR", "DoO", "DoY", "DoG", "DoB", "DoI", "DoV", "SiR", "SiO", "SiY", "SiG", "SiB", "SiI",
     "SiV"],
    ["ReR", "ReO", "ReY", "MiR", "MiO", "MiY", "LaR", "LaO", "LaY", "LaG", "LaB", "LaI", "LaV",
     "#R"],
    ["ReG", "ReB", "ReI", "ReV", "MiG", "MiB", "MiI", "MiV", "SolR", "SolO", "SolY", "SolG",
     "SolB", "SolI"],
]

# Seat 1 opens DoV, lays the rest, plays on, and plays #R during it.
REST = [
    ["bB", "#O", "nG", "bI", "ReO", "ReY", "ReG", "ReB", "ReI", "MiO", "MiY", "MiG", "MiB",
     "MiI"],
    ["DoV", "ReV", "MiV", "FaV", "DoR", "ReR", "MiR", "pV", "#R", "SiR", "SiO", "SiY", "SiG",
     "SiB"],
    ["DoB", "DoO", "DoY", "DoG", "DoI", "SiI", "SiV", "LaR", "LaO", "LaY", "LaG", "LaB", "LaI",
     "LaV"],
    ["SolR", "SolO", "SolY", "SolG", "SolB", "SolI", "SolV", "FaR", "FaO", "FaY", "FaG", "FaB",
     "FaI", "nY"],
]

# Cards that open no layout: no Do and no oval card.
NO_OPENER = [c for c in CODE if not (c.startswith("Do") or c in (
    "ReO", "MiY", "FaG", "SolB", "LaI", "SiV"))]


def base_game(hands: list[list[str]] | None = None) -> MuzicandoState:
    """Seat 1 bids 1M, everyone passes: seat 1 is to open."""
    state = new(4, hands or BASE)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    assert state.opener == 1 and state.to_act() == [1]
    return state


def natural_then_sharp() -> MuzicandoState:
    """Red and yellow open on BASE; seat 0, holding nY, is to play."""
    state = base_game()
    for seat, text in [(1, "play DoR"), (2, "play ReR"), (3, "pass"), (0, "pass"),
                       (1, "play DoY"), (2, "play MiR"), (3, "pass")]:
        state.act(seat, text)
    return state


def d15_example() -> MuzicandoState:
    """Glissando (D15): seat 1 bids 1G and opens MiY 0 0; in turn FaR 1 0
    (seat 2), SolB 1 1 (seat 3, a row on line 1), LaR 2 1 (seat 0). Seat 1,
    holding SiV, is to play: 2 0 lies below LaR but on MiY's line."""
    hands, _ = fill({1: ["MiY", "SiV"], 2: ["FaR"], 3: ["SolB"], 0: ["LaR"]}, 4, 14)
    state = new(4, hands)
    bid_to(state, ["bid 1G", "pass", "pass", "pass"])
    acts(state, (1, "play MiY 0 0"), (2, "play FaR 1 0"), (3, "play SolB 1 1"),
         (0, "play LaR 2 1"))
    assert state.to_act() == [1]
    return state


# Seat 1 opens DoR; the others add ReY 1 0, ReO 0 1 (a row on line 1) and
# MiY 1 -1 (a row on line -1). Seat 1 then holds SiV, whose only cells (above
# and below DoR) lie on lines that hold a row, and notes that cannot go.
D15_STUCK_OVAL = ["DoR", "SiV", "SolR", "SolO", "SolY", "SolG", "SolB", "SolI", "SolV", "LaR",
                  "LaO", "LaY", "LaG", "LaB"]


def d15_stuck_oval() -> MuzicandoState:
    """Glissando (D15): seat 1 is to play holding SiV, which has no line to
    open a row on, and no other note that can go."""
    hands, _ = fill({1: D15_STUCK_OVAL, 2: ["ReY"], 3: ["ReO"], 0: ["MiY"]}, 4, 14)
    state = new(4, hands)
    bid_to(state, ["bid 1G", "pass", "pass", "pass"])
    acts(state, (1, "play DoR 0 0"), (2, "play ReY 1 0"), (3, "play ReO 0 1"),
         (0, "play MiY 1 -1"))
    assert state.to_act() == [1]
    return state
