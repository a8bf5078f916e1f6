from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cardset import CardCodes, cards_of, lowest, mask_of
from cardroom.core.errors import BadOption


@given(st.integers(min_value=0, max_value=(1 << 300) - 1))
def test_cards_of_lists_the_set_bits_lowest_first_at_any_width(mask: int) -> None:
    assert cards_of(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
    assert mask_of(cards_of(mask)) == mask


@given(st.lists(st.integers(0, 170), max_size=40))
def test_mask_of_counts_a_card_once(cards: list[int]) -> None:
    assert cards_of(mask_of(cards)) == sorted(set(cards))


def test_lowest_is_the_smallest_card() -> None:
    assert lowest(0b101000) == 3 and lowest(1 << 150) == 150


def test_codes_go_both_ways_and_refuse_what_is_no_card() -> None:
    codes = CardCodes(["1S", "2S", "3S"])
    assert codes.of(0b101) == ["1S", "3S"]
    assert codes.mask(["3S", "1S"]) == 0b101
    with pytest.raises(BadOption, match="deal 1: '4S' is not a card code"):
        codes.mask(["4S"], "deal 1")
    with pytest.raises(BadOption, match="1S is named twice"):
        codes.mask(["1S", "1S"])
    with pytest.raises(ValueError):
        CardCodes(["1S", "1S"])
