"""The effect primitives, each through a card of the base set."""

from __future__ import annotations

from tests.games.love_formula.support import (
    attached,
    events,
    new,
    play_round,
    select,
    until,
    zone,
)


def test_r5_long_distance_ends_the_couple_with_everything_attached() -> None:
    state = new(2, hands=[["long-distance-1"], ["daisuke-chi", "home-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {0: "long-distance-1"})
    hearts = zone(state, 1)["couples"][0]["attached"][1]
    assert hearts == {"card": "long-distance-1", "hearts": 2, "by": 0}  # one gone already
    play_round(state)
    play_round(state)
    assert zone(state, 1)["couples"] == []
    assert {"daisuke-chi", "home-1", "long-distance-1"} <= set(state.view(None)["discard"])
    assert events(state, "couple_ends")[0]["couple"] == "daisuke-chi"


def test_amnesia_discards_a_preparation_its_player_chooses() -> None:
    state = new(2, hands=[["amnesia-1"], ["daisuke-chi", "home-1", "first-aid-kit-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {0: "amnesia-1"}, [(0, "discard first-aid-kit-1")])
    assert attached(state, 1, "daisuke-chi") == ["home-1", "amnesia-1"]
    assert zone(state, 1)["couples"][0]["vp"] == 1


def test_childhood_friend_takes_a_preparation_into_its_players_hand() -> None:
    state = new(2, hands=[["childhood-friend-1"], ["daisuke-chi", "home-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {0: "childhood-friend-1"})
    assert "home-1" in state.view(0)["hand"]
    assert {"card": "home-1", "in": ["hand 0"]} in state.view(1)["known"]


def test_exams_makes_the_couples_owner_discard_two() -> None:
    state = new(2, hands=[["exams-1"], ["daisuke-chi", "kiss-1", "kiss-2"]])
    play_round(state, {1: "daisuke-chi"})
    select(state, {0: "exams-1"})
    until(state, "discard")
    assert state.to_act() == [1]
    state.act(1, "discard kiss-1")
    state.act(1, "discard kiss-2")
    assert [e["card"] for e in events(state, "discard")] == ["kiss-1", "kiss-2"]


def test_misunderstanding_locks_the_couple_for_two_rounds() -> None:
    state = new(2, hands=[["misunderstanding-1"], ["daisuke-chi", "home-1", "kiss-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "misunderstanding-1"}, [(1, "discard kiss-1")])
    assert "kiss-1" in state.view(None)["discard"]  # its owner discarded a card
    play_round(state, {1: "home-1"})  # locked: it cannot attach, so it stays unattached
    assert zone(state, 1)["loose"] == ["home-1"]
    assert "misunderstanding-1" in state.view(None)["discard"]  # gone after two rounds
    play_round(state, script=[(1, "move home-1 daisuke-chi")])
    assert attached(state, 1, "daisuke-chi") == ["home-1"]


def test_strict_father_locks_for_good_and_jealous_ex_costs_two_vp() -> None:
    state = new(2, hands=[["strict-father-1", "jealous-ex-1"], ["kenta-airi", "home-1"]])
    play_round(state, {1: "kenta-airi"})
    play_round(state, {0: "strict-father-1"})
    play_round(state, {1: "home-1"})
    assert zone(state, 1)["loose"] == ["home-1"]
    play_round(state, {0: "jealous-ex-1"})
    assert zone(state, 1)["couples"][0]["vp"] == 0


def test_transfer_student_makes_a_perfect_date_score_as_incomplete() -> None:
    state = new(2, hands=[["transfer-student-1"], ["daisuke-chi", "home-1", "first-aid-kit-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {1: "home-1"}, [(1, "attach daisuke-chi")])
    play_round(state, {1: "first-aid-kit-1"}, [(1, "attach daisuke-chi")])
    assert state.scores()[1] == 4 + 2
    play_round(state, {0: "transfer-student-1"})
    assert state.scores()[1] == 1 + 2


def test_promise_protects_and_confession_removes_every_obstacle() -> None:
    state = new(2, hands=[["jealous-ex-1", "jealous-ex-2", "amnesia-1"],
                          ["daisuke-chi", "confession-1", "promise-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "jealous-ex-1"})
    play_round(state, {0: "jealous-ex-2"})
    play_round(state, {1: "confession-1"})
    assert attached(state, 1, "daisuke-chi") == ["confession-1"]
    play_round(state, {1: "promise-1"})
    play_round(state, {0: "amnesia-1"})
    assert "amnesia-1" in state.view(None)["discard"]
    assert events(state, "no_target")[-1]["card"] == "amnesia-1"


def test_secret_date_draws_two_and_red_string_adds_two_vp() -> None:
    state = new(2, hands=[["daisuke-chi", "secret-date-1", "red-string-1"],
                          ["ren-aoi", "sora-mei"]], draws=["home-3", "park-3"])
    play_round(state, {0: "daisuke-chi", 1: "ren-aoi"})
    play_round(state, {0: "secret-date-1", 1: "sora-mei"})
    assert {"home-3", "park-3"} <= set(state.view(0)["hand"])
    play_round(state, {0: "red-string-1"})
    assert zone(state, 0)["couples"][0]["vp"] == 3


def test_heart_to_heart_removes_an_obstacle_from_your_couple() -> None:
    state = new(2, hands=[["jealous-ex-1"], ["daisuke-chi", "heart-to-heart-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "jealous-ex-1"})
    play_round(state, {1: "heart-to-heart-1"})
    assert attached(state, 1, "daisuke-chi") == []


def test_gossip_looks_at_a_hand_and_takes_a_card() -> None:
    state = new(3, hands=[["gossip-1"], ["kiss-1"], []])
    select(state, {0: "gossip-1"})
    until(state, "look")
    state.act(0, "look 1")
    until(state, "steal")
    assert {"card": "kiss-1", "in": ["hand 1"]} in state.view(0)["known"]
    state.act(0, "take kiss-1")
    assert "kiss-1" in state.view(0)["hand"] and "kiss-1" not in state.view(1)["hand"]
    assert {"card": "kiss-1", "in": ["hand 0"]} in state.view(1)["known"]
    assert "kiss-1" not in str(state.view(2))  # the third player does not see which


def test_r8_lost_and_found_takes_the_only_card_of_the_pile_at_once() -> None:
    state = new(2, hands=[["kiss-1", "lost-and-found-1"]], draws=["home-1", "home-2", "home-3"])
    play_round(state, {0: "kiss-1"})
    play_round(state, {0: "lost-and-found-1"})  # the only card there: taken at once
    assert "kiss-1" in state.view(0)["hand"]


def test_gift_exchange_takes_an_unattached_preparation_into_your_zone() -> None:
    state = new(2, hands=[["gift-exchange-1"], ["beach-1"]])
    play_round(state, {1: "beach-1"})
    play_round(state, {0: "gift-exchange-1"})
    assert zone(state, 0)["loose"] == ["beach-1"] and zone(state, 1)["loose"] == []


def test_rain_check_sends_a_later_card_back_and_skips_that_turn() -> None:
    state = new(2, hands=[["rain-check-1"], ["daisuke-chi"]])
    play_round(state, {0: "rain-check-1", 1: "daisuke-chi"})
    assert zone(state, 1)["couples"] == [] and "daisuke-chi" in state.view(1)["hand"]
    assert events(state, "skipped")[0] == {"type": "skipped", "seat": 1, "card": "daisuke-chi"}


def test_florist_takes_a_preparation_back_and_courier_draws_without_obstacles() -> None:
    state = new(2, hands=[["home-1", "home-2"], ["daisuke-chi"]],
                jobs=["florist", "courier"], draws=["park-1", "park-2"])
    play_round(state, {0: "home-1", 1: "daisuke-chi"})
    play_round(state, {0: "home-2"}, [(0, "discard home-1")])
    play_round(state)
    assert "home-1" in state.view(0)["hand"] and "park-1" in state.view(1)["hand"]


def test_courier_removes_an_obstacle_and_tutor_draws_two_discards_one() -> None:
    state = new(2, hands=[["jealous-ex-1"], ["daisuke-chi"]], jobs=["tutor", "courier"])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "jealous-ex-1"})
    size = state.view(0)["hand_sizes"][0]
    play_round(state)
    assert attached(state, 1, "daisuke-chi") == []
    assert state.view(0)["hand_sizes"][0] == size + 2 - 1
    assert [e["seat"] for e in events(state, "discard")][-1] == 0


def test_barista_draws_and_gives_a_second_preparation_move() -> None:
    state = new(2, hands=[["daisuke-chi", "kenta-airi", "home-1"]], jobs=["barista", "tutor"])
    play_round(state, {0: "daisuke-chi"})
    play_round(state, {0: "home-1"}, [(0, "attach daisuke-chi")])
    play_round(state, {0: "kenta-airi"}, [(0, "resolve"), (0, "move home-1 kenta-airi")])
    play_round(state, {0: "barista"}, [(0, "move home-1 daisuke-chi"),
                                       (0, "move home-1 kenta-airi")])
    assert attached(state, 0, "kenta-airi") == ["home-1"]
    assert len(events(state, "move")) == 3
