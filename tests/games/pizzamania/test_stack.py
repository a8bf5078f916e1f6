"""The random sources ``deal`` and ``bases``: stacked entries and their checks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.errors import BadOption
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.state import PizzamaniaState
from tests.games.pizzamania.support import events, finish_round, ladder, new


def test_random_sources_are_deal_and_bases() -> None:
    assert GAME.random_sources == ("deal", "bases")


def test_a_stacked_deal_gives_each_seat_its_hand_and_sets_the_rest_aside() -> None:
    deal = [list(range(1, 10))] * 4 + [[10] * 4 + [11] * 4 + [12]]
    state = new(5, deal)
    view = state.view(None)
    assert view["hands"] == deal
    assert view["aside"] == [12, 12, 12]  # the 3 toppings no hand names


def test_topping_codes_may_also_be_given_as_text() -> None:
    deal = [[str(v) for v in hand] for hand in ladder(4)]
    assert new(4, deal).view(None)["hands"] == ladder(4)


def test_one_deal_entry_per_round() -> None:
    state = new(2, deals=[ladder(2), list(reversed(ladder(2)))], seed=1)
    assert state.view(0)["hand"] == ladder(2)[0]
    finish_round(state)
    dealt = [e for e in state.log if e["type"] == "hand" and e["seat"] == 0]
    assert dealt[1]["cards"] == ladder(2)[1]


def test_a_stacked_base_deck_is_the_order_top_first() -> None:
    order = ["x3", "x1", "x2"] + ["x1"] * 15 + ["x2"] * 7 + ["x3"] * 3
    state = new(4, ladder(4), order)
    assert state.view(0)["base"] == "x3"
    assert state.view(None)["base_order"] == order[1:]


def test_a_stacked_base_deck_must_hold_all_28_bases() -> None:
    with pytest.raises(BadOption, match="all 28 base codes"):
        GAME.new(4, 1, {"stack": {"bases": [["x2", "x2"]]}})
    state = new(4, ladder(4), ["x2", "x2"], seed=9)
    rest = state.view(None)["base_order"]
    assert rest[0] == "x2" and len(rest) == 27
    assert events(state, "bases") == [{"type": "bases", "count": 28}]


BAD: list[tuple[int, dict[str, Any], str]] = [
    (2, {"deal": [[[1] * 24, [2] * 24]]}, "has 24 toppings of value 1"),
    (4, {"deal": [ladder(4)[:3]]}, "a list of 4 hands"),
    (4, {"deal": [[*ladder(4)[:3], ladder(4)[3][:11]]]}, "seat 3 must get exactly 12"),
    (4, {"deal": [[*ladder(4)[:3], [*ladder(4)[3][:11], 13]]]}, "13 is not a topping"),
    (4, {"deal": [[*ladder(4)[:3], [*ladder(4)[3][:11], True]]]}, "True is not a topping"),
    (4, {"deal": ["1 2 3"]}, "a list of 4 hands"),
    (4, {"deal": [[*ladder(4)[:3], [*ladder(4)[3][:11], "07"]]]}, "'07' is not a topping"),
    (4, {"bases": [["x4"] + ["x1"] * 27]}, "'x4' is not a base"),
    (4, {"bases": [["x3"] * 5 + ["x1"] * 16 + ["x2"] * 7]}, "5 x3 bases, but the deck has only 4"),
    (4, {"bases": [[]]}, "all 28 base codes"),
    (4, {"bases": [["x1"] * 29]}, "all 28 base codes"),
    (4, {"bases": [["x1"] * 27]}, "all 28 base codes"),
    (4, {"bases": "x1"}, "must be a list of outcomes"),
    (4, {"dice": [1]}, "no random source 'dice'"),
]


@pytest.mark.parametrize(("players", "stack", "message"), BAD)
def test_impossible_stacked_entries_are_bad_options(
    players: int, stack: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadOption, match=message):
        GAME.new(players, 1, {"stack": stack})


DOC = Path(__file__).parents[3] / "docs" / "games" / "pizzamania.md"


def documented_example() -> Any:
    """The options of the example in the docs' "Random sources" section, as written."""
    section = DOC.read_text(encoding="utf-8").split("## Random sources", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the example is a ```json block in the Random sources section"
    return json.loads(block.group(1))


def test_the_documented_stack_example_runs_as_written() -> None:
    options = documented_example()
    state = GAME.new(4, 1, options)
    assert isinstance(state, PizzamaniaState)
    view = state.view(None)
    assert view["hands"] == [[v for v in values for _ in range(4)]
                             for values in ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))]
    assert view["base"] == "x3" and events(state, "base")[0]["seat"] == 0
    assert state.legal_texts(0) == ["play 1", "play 2", "play 3", "pass"]  # D11: x3, may pass


def test_a_base_order_must_be_the_whole_deck_as_the_rules_page_says() -> None:
    # "bases: one entry per shuffle of the base deck: the order, top first":
    # an entry is the order of the whole deck, so the old example's lone
    # "x3" is an impossible entry.
    with pytest.raises(BadOption, match="a base deck is a list of all 28 base codes"):
        GAME.new(4, 1, {"stack": {"bases": [["x3"]]}})
