"""The deck: 56 cards, seven colours, their signs and oval cards; codes and
action strings as the rules page gives them."""

from __future__ import annotations

from cardroom.games.muzicando.actions import action_text, parse_action
from cardroom.games.muzicando.cards import (
    BID_BY_TEXT,
    BY_CODE,
    CODE,
    IS_OVAL,
    OVAL_CARD,
    SIGN_KIND,
    contract_value,
)


def test_deck_has_56_cards_in_seven_colours_of_seven_notes_and_a_sign() -> None:
    assert len(CODE) == 56 == len(set(CODE))
    for colour in "ROYGBIV":
        notes = [f"{n}{colour}" for n in ("Do", "Re", "Mi", "Fa", "Sol", "La", "Si")]
        assert all(n in BY_CODE for n in notes)
    assert {c for c in CODE if c[0] in "#nbp"} == {"#R", "#O", "nY", "nG", "bB", "bI", "pV"}


def test_signs_sharp_red_orange_natural_yellow_green_flat_blue_indigo_rest_violet() -> None:
    assert SIGN_KIND == ("sharp", "sharp", "natural", "natural", "flat", "flat", "rest")


def test_oval_cards_are_red_do_orange_re_yellow_mi_green_fa_blue_sol_indigo_la_violet_si() -> None:
    assert [CODE[c] for c in OVAL_CARD] == ["DoR", "ReO", "MiY", "FaG", "SolB", "LaI", "SiV"]
    assert sum(IS_OVAL) == 7


def test_contract_values_are_level_plus_layout_value() -> None:
    assert contract_value(BID_BY_TEXT["4M"]) == 8
    assert contract_value(BID_BY_TEXT["1S"]) == 2
    assert contract_value(BID_BY_TEXT["2G"]) == 4
    assert contract_value(BID_BY_TEXT["3P"]) == 6


def test_action_strings_round_trip() -> None:
    for text in ("pass", "bid 1S", "bid 4M", "choose G", "play DoR", "play #R",
                 "play SolB -3 12", "play pV 0 0"):
        action = parse_action(text)
        assert action is not None and action_text(action) == text


def test_action_parsing_accepts_any_case_and_refuses_non_actions() -> None:
    assert parse_action("PLAY dor 1 -1") == parse_action("play DoR 1 -1")
    assert parse_action("bid 2g") == parse_action("bid 2G")
    for text in ("", "bid 5M", "bid 1X", "play", "play XX", "play DoR 1", "pass now",
                 "choose Q", "play DoR a b", "play DoR 999 0"):
        assert parse_action(text) is None, text
