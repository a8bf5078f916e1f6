"""Heart tokens across the phase boundary, deck exhaustion (D5), scoring and
the four tie-breakers, each played out from stacked hands."""

from __future__ import annotations

from cardroom.games.love_formula.rules import piles
from tests.games.love_formula.support import (
    ORDINARY,
    attached,
    events,
    finish,
    idle_rounds,
    keep_draft,
    new,
    play_round,
    zone,
)


def hearts_on(state: object, seat: int, card: str) -> int | None:
    from cardroom.games.love_formula.state import LoveState
    assert isinstance(state, LoveState)
    for c in zone(state, seat)["couples"]:
        for a in c["attached"]:
            if a["card"] == card:
                hearts: int = a["hearts"]
                return hearts
    return None


def test_long_distance_example_expires_in_round_1_of_play_2() -> None:
    state = new(2, hands=[["long-distance-1"], ["daisuke-chi"]])
    play_round(state, {1: "daisuke-chi"})
    idle_rounds(state, 7)
    play_round(state, {0: "long-distance-1"})  # round 9 of Play 1
    assert hearts_on(state, 1, "long-distance-1") == 2
    play_round(state)  # round 10
    assert hearts_on(state, 1, "long-distance-1") == 1
    assert state.phase() == "draft-2"
    keep_draft(state, [])
    assert hearts_on(state, 1, "long-distance-1") == 1  # tokens carry over into Play 2
    play_round(state)  # round 1 of Play 2: the third round since it was attached
    assert zone(state, 1)["couples"] == []
    ended = events(state, "couple_ends")[0]
    assert ended["couple"] == "daisuke-chi" and state.round == 2


def test_heart_tokens_come_off_one_per_round_then_the_card_goes() -> None:
    state = new(2, hands=[["misunderstanding-1"], ["daisuke-chi", "kiss-1"]])
    play_round(state, {1: "daisuke-chi"})
    play_round(state, {0: "misunderstanding-1"}, [(1, "discard kiss-1")])
    assert hearts_on(state, 1, "misunderstanding-1") == 1
    play_round(state)
    assert attached(state, 1, "daisuke-chi") == []
    assert events(state, "expire")[0]["card"] == "misunderstanding-1"


def test_d5_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    state = new(4, hands=[[], [], [], []])
    ref = state.view(None)
    before = ref["deck_size"]
    idle_rounds(state, 10)  # every job draws: the deck runs low during Play 1
    keep_draft(state, [])
    assert events(state, "reshuffle"), f"deck of {before} never ran out"
    assert sum(len(h) for h in state.view(None)["hands"]) >= 4 * 13


def test_d5_a_stacked_order_fixes_the_reshuffled_deck() -> None:
    order = ["kiss-1", "home-3", "park-3", "beach-3"]
    state = new(2, hands=[["kiss-1", "home-3", "park-3"]], reshuffle=order)
    play_round(state, {0: "kiss-1"})
    play_round(state, {0: "home-3"})
    play_round(state, {0: "park-3"}, [(0, "discard home-3")])
    pile = set(state.view(None)["discard"])
    state.deck = []  # as if the deck had just run out
    piles.draw(state, 1, 1)
    assert events(state, "reshuffle")[-1]["cards"] == len(pile)
    assert state.view(None)["discard"] == []
    top = [c for c in order if c in pile]
    assert state.view(1)["hand"].count(top[0]) == 1  # the first stacked card was drawn
    assert state.view(None)["deck"][:len(top) - 1] == top[1:]


def test_d5_with_deck_and_discard_pile_both_empty_a_draw_does_nothing() -> None:
    state = new(2, hands=[[], []])
    state.deck, state.discard = [], []
    size = state.hands[0].bit_count()
    piles.draw(state, 0, 3)
    assert state.hands[0].bit_count() == size and events(state, "draw")[-1]["count"] == 0


def test_the_rulebooks_11_vp_scoring_example() -> None:
    cards = ["kazuo-tomiko", "eiji-kiyoko", "hajime-kaede", "festival-1", "treats-1",
             "park-1", "stuffed-toy-1", "christmas-card-1"]
    state = new(2, hands=[cards, []])
    for card in cards:
        play_round(state, {0: card}, prefer=["attach kazuo-tomiko", "attach eiji-kiyoko"])
    assert attached(state, 0, "kazuo-tomiko") == ["festival-1", "treats-1"]
    assert attached(state, 0, "eiji-kiyoko") == ["park-1"]
    assert zone(state, 0)["loose"] == ["stuffed-toy-1", "christmas-card-1"]
    finish(state)
    result = state.result()
    assert result.scores[0] == 4 + 1 + 1 + 5 == 11
    detail = result.detail["breakdown"][0]
    assert detail["couple_vp"] == {"kazuo-tomiko": 4, "eiji-kiyoko": 1, "hajime-kaede": 1}
    assert detail["preparations"] == 5 and detail["perfect"] == ["kazuo-tomiko"]


def test_tiebreak_1_more_preparations_wins() -> None:
    mine = ["daisuke-chi", "first-aid-kit-1", "home-1"]  # 4 + 2 = 6 VP, 2 preparations
    theirs = ["yoshiro-natsuko", "beach-1", "fireworks-1", "home-2", "christmas-card-1",
              "stuffed-toy-1"]  # 1 + 5 = 6 VP, 5 preparations
    state = new(2, hands=[mine, theirs])
    for card in mine:
        play_round(state, {0: card}, prefer=["attach daisuke-chi"])
    for card in theirs:
        play_round(state, {1: card}, prefer=["attach yoshiro-natsuko"])
    finish(state)
    assert state.scores() == [6, 6]
    assert state.result().ranking == [[1], [0]]


def test_tiebreak_2_more_couples_wins() -> None:
    mine = ["ren-aoi", "sora-mei", "kenta-airi", "beach-1", "festival-1"]  # 3 + 2 = 5 VP
    theirs = ["daisuke-chi", "red-string-1", "beach-2", "festival-2"]  # 1 + 2 + 2 = 5 VP
    state = new(2, hands=[mine, theirs])
    for card in mine:
        play_round(state, {0: card})
    for card in theirs:
        play_round(state, {1: card})
    finish(state)
    assert state.scores() == [5, 5]
    assert state.result().ranking == [[0], [1]]


def test_tiebreak_3_fewer_obstacles_wins() -> None:
    mine = ["daisuke-chi", "beach-1", "exams-1"]
    theirs = ["kenta-airi", "beach-2", "kiss-1", "kiss-2"]
    state = new(2, hands=[mine, theirs])
    play_round(state, {0: "daisuke-chi", 1: "kenta-airi"})
    play_round(state, {0: "beach-1", 1: "beach-2"})
    play_round(state, {0: "exams-1"})  # on seat 1's couple; Exams costs VP nothing
    finish(state)
    assert state.scores() == [2, 2]
    assert state.result().ranking == [[0], [1]]


def test_r2_tiebreak_4_more_cards_in_hand_wins_and_then_the_place_is_shared() -> None:
    fillers = [c for c in ORDINARY if c.startswith(("home", "park", "beach", "cafe",
                                                    "aquarium", "bento", "concert"))][:20]
    # Play 1: Barista and Florist each draw one card a round: 20 cards in all.
    state = new(2, hands=[[], []], draws=fillers, hands2=[["kiss-1"], []])
    idle_rounds(state, 10)
    keep_draft(state, [["kiss-1"], []])
    play_round(state, {0: "kiss-1"})  # draws 3 where the job would draw 1
    finish(state)
    assert state.scores() == [0, 0]
    hands = [h.bit_count() for h in state.hands]
    assert hands[0] == hands[1] + 1
    assert state.result().ranking == [[0], [1]]
    twin = new(2, hands=[[], []])
    finish(twin)
    assert twin.hands[0].bit_count() == twin.hands[1].bit_count()
    assert twin.result().ranking == [[0, 1]]


def test_search_horizon_counts_play_rounds_and_ranks_the_present_zones() -> None:
    state = new(2, hands=[["daisuke-chi"], []])
    assert state.rounds_completed() == 0
    play_round(state, {0: "daisuke-chi"})
    assert state.rounds_completed() == 1
    assert state.standing().ranking == [[0], [1]] and state.standing().scores == [1, 0]
    idle_rounds(state, 9)
    assert state.phase() == "draft-2" and state.rounds_completed() == 10
    finish(state)
    assert state.rounds_completed() == 20
