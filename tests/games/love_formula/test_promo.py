"""The promo pack's cards in play: promo printings that count as the base
Park and Valentine's Day, promo couples (R25), jokers that add VP (R23) or wipe
out a date (R24), the promo Part-Time Jobs and obstacles."""

from __future__ import annotations

from typing import Any

from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import (
    attached,
    drive,
    events,
    new,
    play_round,
    select,
    until,
    zone,
)


def promo_game(hands: list[list[str]], mode: str = "add", **kw: Any) -> LoveState:
    return new(2, hands=hands, options={"promo": mode}, **kw)


def couple(state: LoveState, seat: int, card: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in zone(state, seat)["couples"] if c["card"] == card)
    return found


def test_r25_a_promo_park_counts_as_the_park_a_couple_needs_once() -> None:
    state = promo_game([["eiji-kiyoko", "promo-park-1", "park-1"]])
    play_round(state, {0: "eiji-kiyoko"})
    play_round(state, {0: "promo-park-1"}, [(0, "attach eiji-kiyoko")])
    assert couple(state, 0, "eiji-kiyoko")["missing"] == ["love-letter"]
    play_round(state, {0: "park-1"})  # R8: left unattached, the only choice
    assert zone(state, 0)["loose"] == ["park-1"]  # Eiji and Kiyoko have their Park
    assert attached(state, 0, "eiji-kiyoko") == ["promo-park-1"]


def test_r25_promo_valentines_days_complete_a_base_couple() -> None:
    state = promo_game([["daichi-hinata", "promo-valentines-day-b2", "bento-1"]], "replace")
    play_round(state, {0: "daichi-hinata"})
    play_round(state, {0: "promo-valentines-day-b2"}, [(0, "attach daichi-hinata")])
    play_round(state, {0: "bento-1"}, [(0, "attach daichi-hinata")])
    assert couple(state, 0, "daichi-hinata")["vp"] == 4  # Tsutomo and Kamiko's date
    assert state.scores()[0] == 4 + 2


def test_r23_a_joker_attaches_to_any_couple_and_adds_its_vp() -> None:
    hands = [["daisuke-chi", "kazuo-tomiko", "surprise-party", "secret-spot"]]
    state = promo_game(hands)
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "kazuo-tomiko"})
    select(state, {0: "surprise-party"})
    until(state, "place")
    assert state.legal_texts(0) == ["attach daisuke-chi", "attach kazuo-tomiko", "leave"]
    state.act(0, "attach daisuke-chi")
    drive(state)
    daisuke = couple(state, 0, "daisuke-chi")
    assert daisuke["vp"] == 1 + 2 and daisuke["missing"] == ["first-aid-kit", "home"]
    assert state.scores()[0] == 3 + 1 + 1  # the couple, Kazuo and Tomiko, the joker itself
    select(state, {0: "secret-spot"})
    until(state, "place")
    assert "attach daisuke-chi" not in state.legal_texts(0)  # one joker per couple


def test_r23_a_joker_can_be_moved_to_another_couple() -> None:
    hands = [["daisuke-chi", "kazuo-tomiko", "lucky-charm"]]
    state = promo_game(hands)
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "lucky-charm"}, [(0, "attach daisuke-chi")])
    play_round(state, {0: "kazuo-tomiko"}, [(0, "move lucky-charm kazuo-tomiko")])
    assert attached(state, 0, "kazuo-tomiko") == ["lucky-charm"]
    assert couple(state, 0, "kazuo-tomiko")["vp"] == 3


def test_r24_a_wipe_joker_discards_every_preparation_on_a_couple() -> None:
    hands = [["broken-mirror"], ["daisuke-chi", "first-aid-kit-1", "home-1"]]
    state = promo_game(hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    assert couple(state, 1, "daisuke-chi")["vp"] == 4
    play_round(state, {0: "broken-mirror"})  # R8: the only date to wipe is chosen for it
    assert attached(state, 1, "daisuke-chi") == []
    assert zone(state, 0)["loose"] == ["broken-mirror"]
    assert events(state, "wiped")[0]["discarded"] == ["first-aid-kit-1", "home-1"]


def test_r24_a_wipe_joker_with_no_date_to_wipe_is_just_a_preparation() -> None:
    state = promo_game([["downpour"], ["daisuke-chi"]])
    play_round(state, {0: "downpour", 1: "daisuke-chi"})
    assert zone(state, 0)["loose"] == ["downpour"] and not events(state, "wiped")


def test_r24_with_two_dates_to_wipe_the_joker_player_chooses() -> None:
    hands = [["downpour"], ["daisuke-chi", "kazuo-tomiko", "home-1", "festival-1"]]
    state = promo_game(hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "kazuo-tomiko"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "festival-1"}, [(1, "attach kazuo-tomiko")])
    select(state, {0: "downpour"})
    until(state, "wipe")
    assert state.legal_texts(0) == ["target 1 daisuke-chi", "target 1 kazuo-tomiko"]
    state.act(0, "target 1 kazuo-tomiko")
    assert attached(state, 1, "kazuo-tomiko") == [] and attached(state, 1, "daisuke-chi")


def test_librarian_draws_when_no_couple_is_in_the_discard_pile() -> None:
    state = promo_game([], "replace", jobs=["lifeguard", "librarian"], draws=["home-1"])
    play_round(state)
    assert "home-1" in state.view(1)["hand"]


def test_librarian_takes_a_couple_from_the_discard_pile() -> None:
    state = promo_game([[], ["home-1"]], "replace", jobs=["idol", "librarian"],
                       draws=["kiss-1", "daisuke-chi", "kiss-2"])
    play_round(state, {1: "home-1"}, [(0, "discard daisuke-chi"), (0, "discard kiss-1")])
    play_round(state)
    assert "daisuke-chi" in state.view(1)["hand"]


def test_idol_draws_three_and_discards_two() -> None:
    state = promo_game([], "replace", jobs=["idol", "lifeguard"],
                       draws=["kiss-1", "kiss-2", "kiss-3"])
    select(state, {0: "idol"})
    until(state, "discard")
    state.act(0, "discard kiss-1")
    state.act(0, "discard kiss-2")
    drive(state)
    assert "kiss-3" in state.view(0)["hand"] and "kiss-1" not in state.view(0)["hand"]
    assert state.view(None)["hand_sizes"][0] == 12 + 3 - 2 + 1  # and the job came back


def test_lifeguard_gives_a_move_when_there_is_no_obstacle_to_remove() -> None:
    state = promo_game([["daisuke-chi", "home-1"]], "replace",
                       jobs=["lifeguard", "librarian"])
    play_round(state, {0: "home-1"})
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "lifeguard"}, [(0, "move home-1 daisuke-chi")])
    assert attached(state, 0, "daisuke-chi") == ["home-1"]
    assert any(e["seat"] == 0 for e in events(state, "extra_move"))


def test_typhoon_discards_a_preparation_and_locks_the_couple_for_two_rounds() -> None:
    hands = [["typhoon"], ["daisuke-chi", "first-aid-kit-1", "home-1"]]
    state = promo_game(hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {0: "typhoon"})
    assert attached(state, 1, "daisuke-chi") == ["typhoon"]
    select(state, {1: "home-1"})
    until(state, "place") if state.view(None)["choice"] else None
    assert "home-1" in zone(state, 1)["loose"]  # locked: it could not attach


def test_secret_admirer_makes_a_perfect_date_score_as_incomplete_for_four_rounds() -> None:
    hands = [["secret-admirer"], ["daisuke-chi", "first-aid-kit-1", "home-1"]]
    state = promo_game(hands)
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {0: "secret-admirer"})
    assert couple(state, 1, "daisuke-chi")["vp"] == 1
    for _ in range(3):
        play_round(state)
    assert couple(state, 1, "daisuke-chi")["vp"] == 4  # its 4 hearts are gone
