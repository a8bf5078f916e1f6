"""Stacked outcomes: impossible deals and die faces are bad options."""

from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption
from tests.games.papayoo.support import GAME, deal


@pytest.mark.parametrize("stack, words", [
    ({"die": ["X"]}, "die face"),
    ({"deal": [[["1S"]]]}, "list of 3 hands"),
    ({"deal": [[["1S"] * 19, [], []]]}, "exactly 20 cards"),
    ({"deal": [[["1S"] * 20, [], []]]}, "dealt twice"),
    ({"deal": [[["11S"] * 20, [], []]]}, "not a card"),
    ({"dice": ["H"]}, "no random source 'dice'"),
])
def test_impossible_stacked_outcomes_are_bad_options(stack: object, words: str) -> None:
    with pytest.raises(BadOption, match=words):
        GAME.new(3, 1, {"stack": stack})



def test_a_deal_with_a_card_twice_is_a_bad_option() -> None:
    hands = deal(3)
    hands[1][0] = hands[0][0]
    with pytest.raises(BadOption, match="dealt twice"):
        GAME.new(3, 1, {"stack": {"deal": [hands]}})



@pytest.mark.parametrize("players", [7, 8])
def test_a_stacked_deal_with_a_suit_one_is_a_bad_option_for_7_or_8(players: int) -> None:
    hands = deal(players)
    hands[0][0] = "1S"
    with pytest.raises(BadOption, match=f"not a card of the {players}-player deck"):
        GAME.new(players, 1, {"stack": {"deal": [hands]}})

