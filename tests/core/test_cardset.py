from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cardset import CardCodes, CardSet, cards_of, lowest, mask_of
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


def test_card_sets_have_set_operations_and_card_order() -> None:
    a, b = CardSet([5, 1, 64]), CardSet([1, 2])
    assert list(a) == [1, 5, 64] and len(a) == 3 and 64 in a and 2 not in a
    assert list(a | b) == [1, 2, 5, 64] and list(a & b) == [1] and list(a - b) == [5, 64]
    assert list(a ^ b) == [2, 5, 64] and CardSet([1]) <= a and not b <= a
    assert int(a) == (1 << 1 | 1 << 5 | 1 << 64) and a == CardSet(int(a))
    assert not CardSet() and "x" not in a and -1 not in a


def test_codes_go_both_ways_and_refuse_what_is_no_card() -> None:
    codes = CardCodes(["1S", "2S", "3S"])
    assert codes.of(0b101) == ["1S", "3S"]
    assert codes.mask(["3S", "1S"]) == 0b101 and list(codes.set(["2S"])) == [1]
    with pytest.raises(BadOption, match="deal 1: '4S' is not a card code"):
        codes.mask(["4S"], "deal 1")
    with pytest.raises(BadOption, match="1S is named twice"):
        codes.mask(["1S", "1S"])
    with pytest.raises(ValueError):
        CardCodes(["1S", "1S"])
