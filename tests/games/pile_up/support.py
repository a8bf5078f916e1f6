"""Set-ups for Pile up tests, all through the ``stack`` option."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from cardroom.core.errors import IllegalAction
from cardroom.core.game import State
from cardroom.core.rng import Rng
from cardroom.games import get_game
from cardroom.games.pile_up.cards import TYPE_CODE, TYPE_COPIES
from cardroom.games.pile_up.state import PileUpState
from tests.helpers import snapshot

GAME = get_game("pile-up")
FULL_DECK = [code for t, code in enumerate(TYPE_CODE) for _ in range(TYPE_COPIES[t])]
HANDS = [["1R", "1B", "2R", "2B", "3R", "4R"],
         ["4G", "4B", "5R", "5B", "6G", "6B"],
         ["3B", "3G", "6R", "2G", "5G", "1G"]]


def deck(hands: Sequence[Sequence[str]], pile: Sequence[str] = ()) -> list[str]:
    """A deck order that deals ``hands`` (one card at a time, seat 0 first, D2)
    with ``pile`` on top of the draw pile; the other cards below, in code order."""
    n = len(hands)
    assert all(len(h) == 6 for h in hands), "every hand is dealt 6 cards"
    order = [hands[i % n][i // n] for i in range(6 * n)] + list(pile)
    assert not Counter(order) - Counter(FULL_DECK), "more copies than the deck has"
    rest = Counter(FULL_DECK) - Counter(order)
    return order + sorted(rest.elements(), key=FULL_DECK.index)


def seeded(players: int, seed: int) -> PileUpState:
    state = GAME.new(players, seed)
    assert isinstance(state, PileUpState)
    return state


def new(players: int, order: Sequence[str], dice: Sequence[int]) -> PileUpState:
    state = GAME.new(players, 0, {"stack": {"deck": [list(order)], "dice": list(dice)}})
    assert isinstance(state, PileUpState)
    return state


def table(hands: Sequence[Sequence[str]], dice: Sequence[int],
          pile: Sequence[str] = ()) -> PileUpState:
    return new(len(hands), deck(hands, pile), dice)


def play(state: PileUpState, *moves: tuple[int, str]) -> None:
    for seat, action in moves:
        state.act(seat, action)


def refused(state: State, seat: int, action: str, reason: str) -> None:
    """The action is refused with ``reason`` (a regex) and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.act(seat, action)
    assert snapshot(state) == before


def column(state: PileUpState, number: int) -> list[list[Any]]:
    stacks: list[list[Any]] = state.view(None)["columns"][number - 1]["stacks"]
    return stacks


def minus(state: PileUpState, seat: int) -> list[str]:
    cards: list[str] = state.view(None)["minus"][seat]
    return cards


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == kind]


def whole_turn(state: PileUpState, seat: int, decide: Callable[[PileUpState, int], str]
               ) -> list[str]:
    """Let ``decide`` act for ``seat`` until another seat is to act."""
    done = []
    while state.to_act() == [seat]:
        action = decide(state, seat)
        assert action in state.legal_texts(seat)
        state.act(seat, action)
        done.append(action)
    return done


# ----- positions where a good player's move is plain (bots and the playout policy)
def third_three_on_offer() -> PileUpState:
    """Two 3s show; seat 1 could lay the third (and take the column) or play a 5 or 6."""
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"],
                   ["3G", "5R", "1G", "1G", "4B", "6G"]], [3, 5, 6, 3, 5, 2])
    play(state, (0, "place 3R"), (0, "place 3B"))
    return state


def a_three_to_stack() -> PileUpState:
    """Two 3s show; seat 1 holds only 3s that match: 3R stacks, 3G would be the third."""
    state = table([["3R", "3B", "1B", "2R", "2B", "4R"],
                   ["3G", "3R", "1G", "1G", "4B", "6G"]], [3, 5, 2, 3, 2, 5])
    play(state, (0, "place 3R"), (0, "place 3B"))
    return state


def a_white_to_end_on() -> PileUpState:
    """Seat 2 holds 6G and 6W for the 6 column; seat 1 has no minus cards, seat 0 three."""
    state = table([["5R", "5B", "5G", "1R", "1B", "2R"],
                   ["6R", "6B", "4R", "4B", "4G", "3K"],
                   ["6G", "6W", "2B", "2G", "3R", "3B"]],
                  [5, 1, 2, 6, 2, 3, 6, 4, 1, 1])
    play(state, (0, "place 5R"), (0, "place 5B"), (0, "place 5G"))
    play(state, (1, "place 6R"), (1, "done"))
    assert [len(minus(state, s)) for s in range(3)] == [3, 0, 0]
    return state


def a_black_to_arm() -> PileUpState:
    state = table([["2R", "2B", "1B", "3R", "3B", "4R"],
                   ["2G", "2K", "1G", "5G", "4B", "6G"]], [2, 5, 6, 2, 3, 3])
    play(state, (0, "place 2R"), (0, "place 2B"))
    return state


def a_forced_take() -> PileUpState:
    """No card of seat 0 matches the dice: it takes one, holding 1W and 1K."""
    return table([["1W", "1K", "2R", "2B", "2G", "4R"],
                  ["3G", "5R", "1G", "1G", "4B", "6G"]], [5, 6, 5])


def a_triple_to_give() -> PileUpState:
    """Seat 1 rolled a triple holding 2B, 2G, 2R and 2W as minus cards."""
    state = table([["2R", "2B", "2G", "2W", "1B", "4R"],
                   ["3G", "5R", "1G", "1G", "4B", "6G"]], [2, 5, 6, 3, 1, 1, 1])
    play(state, (0, "place 2R"), (0, "place 2B"), (0, "place 2G"), (0, "place 2W"))
    state.act(0, "push 1")
    assert sorted(minus(state, 1)) == ["2B", "2G", "2R", "2W"]
    assert state.phase() == "give"
    return state


@dataclass
class Recipe:
    """A position reached by seeded random play, as a stacked set-up: replaying
    ``actions`` from ``deck`` with ``dice`` stacked reaches it just before a
    turn's first roll, so a test stacks that roll."""

    players: int
    deck: list[str]
    dice: list[int]
    actions: list[tuple[int, str]]

    def replay(self, dice: Sequence[int]) -> PileUpState:
        state = new(self.players, self.deck, [*self.dice, *dice])
        play(state, *self.actions)
        return state


def reach(players: int, want: Callable[[PileUpState], bool], seeds: range = range(300)) -> Recipe:
    """The first position of seeded random play where a turn has just begun
    and ``want`` holds."""
    for seed in seeds:
        state = GAME.new(players, seed)
        assert isinstance(state, PileUpState)
        ref = state.view(None)
        order = deck(ref["hands"], ref["pile"])
        rng = Rng(seed)
        actions: list[tuple[int, str]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = rng.choice(state.legal_texts(seat))
            start = len(state.log)
            state.act(seat, action)
            actions.append((seat, action))
            rolls = [i for i in range(start, len(state.log))
                     if state.log[i]["type"] == "roll" and not state.log[i].get("again")]
            if rolls and not state.is_over() and want(state):
                return Recipe(players, order, dice_before(state, rolls[-1]), actions)
    raise AssertionError("no seed reaches the position")


def dice_before(state: PileUpState, end: int) -> list[int]:
    dice: list[int] = []
    for event in state.log[:end]:
        if event["type"] == "roll":
            dice += event["dice"]
        elif event["type"] == "avoid_roll":
            dice.append(event["die"])
    return dice
