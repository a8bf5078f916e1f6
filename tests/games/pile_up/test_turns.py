"""Triples (D4), no playable card, the empty hand (D5), skipped players,
the end and the scores."""

from __future__ import annotations

from itertools import pairwise

from cardroom.core.game import rank
from cardroom.core.rng import Rng
from cardroom.games.pile_up.cards import BY_CODE, TYPE_MASK
from cardroom.games.pile_up.state import PileUpState
from tests.games.pile_up.support import (
    GAME,
    Recipe,
    events,
    minus,
    play,
    reach,
    refused,
    seeded,
    table,
)

P0 = ["1R", "1B", "1G", "2R", "2B", "4R"]
P1 = ["4G", "4B", "5R", "5B", "6G", "6B"]
P2 = ["3R", "3B", "3G", "6R", "2G", "5G"]


def with_three_minus_cards(triple: list[int]) -> PileUpState:
    """Seat 0 takes column 1 (three cards), seats 1 and 2 lay one card each,
    then seat 0 rolls ``triple``."""
    state = table([P0, P1, P2], [1, 5, 6, 4, 2, 3, 3, 1, 2, *triple])
    play(state, (0, "place 1R"), (0, "place 1B"), (0, "place 1G"))
    assert sorted(minus(state, 0)) == ["1B", "1G", "1R"]
    play(state, (1, "place 4G"), (1, "done"), (2, "place 3R"), (2, "done"))
    return state


def test_d4_triple_hands_out_minus_cards_clockwise_one_at_a_time() -> None:
    state = with_three_minus_cards([1, 1, 1])
    assert events(state, "triple")[-1] == {"type": "triple", "seat": 0, "number": 1,
                                           "sum": 3, "give": 3}
    assert state.phase() == "give" and state.to_act() == [0]
    assert state.legal_texts(0) == ["give 1R", "give 1B", "give 1G"]
    refused(state, 0, "place 2R", "you rolled a triple: give away your minus cards")
    refused(state, 0, "give 3R", "you have no 3R among your minus cards")
    play(state, (0, "give 1R"), (0, "give 1B"), (0, "give 1G"))
    assert [e["recipient"] for e in events(state, "give")] == [1, 2, 1]
    assert [len(minus(state, s)) for s in range(3)] == [0, 2, 1]
    assert state.to_act() == [1]


def test_d4_triple_gives_at_most_the_minus_cards_held_and_ends_the_turn() -> None:
    state = with_three_minus_cards([4, 4, 4])
    assert events(state, "triple")[-1]["give"] == 3  # the dice sum to 12
    hand = state.view(0)["hand"]
    play(state, (0, "give 1R"), (0, "give 1B"), (0, "give 1G"))
    assert state.view(0)["hand"] == hand  # D4: no card laid this turn
    assert events(state, "roll")[-1]["seat"] == 1


def test_d4_triple_without_minus_cards_does_nothing() -> None:
    state = table([P0, P1], [2, 2, 2, 4, 5, 1])
    assert events(state, "triple") == [{"type": "triple", "seat": 0, "number": 2,
                                        "sum": 6, "give": 0}]
    assert state.to_act() == [1]
    assert state.view(None)["hand_sizes"] == [6, 6]
    assert events(state, "draw") == []


def test_no_playable_card_reveals_the_hand_and_takes_one() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"], P1], [5, 6, 5, 4, 1, 2],
                  pile=["6W"])
    assert events(state, "reveal") == [{"type": "reveal", "seat": 0,
                                        "cards": ["1R", "1B", "2R", "2B", "3R", "4R"]}]
    assert state.phase() == "take"
    assert state.legal_texts(0) == ["take 1R", "take 1B", "take 2R", "take 2B", "take 3R",
                                    "take 4R"]
    refused(state, 0, "place 1R", "none of your cards matches the dice: take one card")
    refused(state, 0, "take 6W", "you do not hold 6W")
    state.act(0, "take 3R")
    assert minus(state, 0) == ["3R"]
    assert state.view(0)["hand"] == ["1R", "1B", "2R", "2B", "4R", "6W"]
    assert state.view(1)["known"][0] == ["1R", "1B", "2R", "2B", "4R"]  # not the 6W drawn


def test_p3_revealed_cards_stay_public_until_laid() -> None:
    state = table([["1R", "1B", "2R", "2B", "3R", "4R"], P1], [5, 6, 5, 4, 1, 2, 1, 3, 6],
                  pile=["6W"])
    play(state, (0, "take 3R"), (1, "place 4G"), (1, "done"), (0, "place 1R"), (0, "done"))
    assert state.view(1)["known"][0] == ["1B", "2R", "2B", "4R"]


def empty_hand(players: int) -> Recipe:
    """Random play up to a turn of a player with no hand, a plain minus card
    and minus cards of at most four numbers."""
    def want(s: PileUpState) -> bool:
        held = s.view(None)["minus"][s.turn]
        plain = any(c[-1] in "RBG" for c in held)
        return s.from_minus and plain and len({c[:-1] for c in held}) <= 4
    return reach(players, want)


def test_d5_empty_hand_lays_one_minus_card_rerolling_until_a_die_matches() -> None:
    recipe = empty_hand(3)
    probe = recipe.replay([])
    seat = probe.turn
    held = minus(probe, seat)
    a, b = sorted(set(range(1, 7)) - {int(c[:-1]) for c in held})[:2]
    card = next(c for c in held if c[-1] in "RBG")
    x = int(card[:-1])
    state = recipe.replay([a, b, a, b, a, b, x, a, b])
    assert state.turn == seat and state.view(None)["hand_sizes"][seat] == 0
    rolls = [e for e in events(state, "roll") if e["seat"] == seat][-3:]
    assert [r["dice"] for r in rolls] == [[a, b, a], [b, a, b], [x, a, b]]
    assert [r.get("again", False) for r in rolls] == [False, True, True]
    legal = state.legal_texts(seat)
    assert f"place {card}" in legal
    assert all(t.split()[1][:-1] == str(x) for t in legal)
    assert "done" not in legal
    refused(state, seat, "done", r"you must lay one of your minus cards .* \(D5\)")
    before = len(minus(state, seat))
    start = len(state.log)
    state.act(seat, f"place {card}")
    taken = sum(e["count"] for e in state.log[start:] if e["type"] == "take_column")
    assert state.log[start]["minus"] is True
    assert state.log[start + 1]["type"] == "play_end"  # one card only, no choice to go on
    assert len(minus(state, seat)) == before - 1 + taken
    assert state.to_act() != [seat]


def test_p1_a_triple_on_a_reroll_of_an_empty_hand_is_a_triple() -> None:
    recipe = empty_hand(3)
    probe = recipe.replay([])
    seat = probe.turn
    a, b = sorted(set(range(1, 7)) - {int(c[:-1]) for c in minus(probe, seat)})[:2]
    state = recipe.replay([a, b, a, 1, 1, 1])
    assert state.turn == seat and state.phase() == "give"
    assert events(state, "triple")[-1]["seat"] == seat
    assert events(state, "roll")[-1] == {"type": "roll", "seat": seat, "dice": [1, 1, 1],
                                         "again": True}


def test_d5_empty_hand_may_lay_white_and_black() -> None:
    recipe = reach(2, lambda s: s.from_minus and any(
        c[-1] in "WK" for c in s.view(None)["minus"][s.turn]))
    probe = recipe.replay([])
    special = next(c for c in minus(probe, probe.turn) if c[-1] in "WK")
    n = int(special[:-1])
    state = recipe.replay([n, n % 6 + 1, (n + 1) % 6 + 1])
    assert f"place {special}" in state.legal_texts(state.turn)


def test_turns_go_clockwise_skipping_only_players_with_no_cards_at_all() -> None:
    skipped = 0
    for seed in range(300):  # skips are rare (about one game in thirty)
        state = seeded(5, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            start = len(state.log)
            state.act(seat, rng.choice(state.legal_texts(seat)))
            for event in state.log[start:]:
                if event["type"] == "skip":
                    skipped += 1
                    assert not state.hands[event["seat"]] and not state.minus[event["seat"]]
        starts = [e["seat"] for e in state.log
                  if e["type"] == "skip" or (e["type"] == "roll" and not e.get("again"))]
        assert starts[0] == 0
        assert all(b == (a + 1) % state.players for a, b in pairwise(starts))
    assert skipped, "no seeded game skipped a player: the check above proved nothing"


def test_the_game_ends_when_pile_and_hands_are_empty_fewest_minus_wins() -> None:
    for seed in range(40):
        state = GAME.new(2 + seed % 4, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
        view = state.view(None)
        assert view["pile_size"] == 0 and not any(view["hand_sizes"])
        result = state.result()
        assert result.scores == [len(m) for m in view["minus"]]
        assert result.ranking == rank(result.scores, higher_is_better=False)
        assert sum(result.scores) + result.detail["left_in_columns"] == 66
        assert events(state, "game_end")[0]["ranking"] == result.ranking


def test_equal_minus_counts_share_a_place() -> None:
    for seed in range(200):
        state = GAME.new(5, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.act(seat, rng.choice(state.legal_texts(seat)))
        result = state.result()
        if len(set(result.scores)) < 5:
            tied = next(g for g in result.ranking if len(g) > 1)
            assert len({result.scores[s] for s in tied}) == 1
            return
    raise AssertionError("no tie in 200 games")


def test_p3_a_shown_copy_leaves_the_hand_before_an_unshown_one() -> None:
    """A player holds a shown copy of a card and an unshown one drawn later.
    Laying or taking that card removes the shown copy: otherwise the others
    would go on seeing it in the hand, learning that a second copy is there."""
    checked = 0
    for seed in range(20):
        state = seeded(3, seed)
        rng = Rng(seed)
        while not state.is_over() and checked < 5:
            seat = state.to_act()[0]
            legal = state.legal_texts(seat)
            for text in legal:
                verb, _, code = text.partition(" ")
                if verb not in ("place", "take") or state.from_minus:
                    continue
                t = BY_CODE[code]
                held, shown = state.hands[seat] & TYPE_MASK[t], state.known[seat] & TYPE_MASK[t]
                lowest = held & -held
                if shown and held & ~shown and not shown & lowest:  # lowest id unshown
                    twin = state.clone()
                    twin.act(seat, text)
                    assert (twin.known[seat] & TYPE_MASK[t]).bit_count() == \
                        shown.bit_count() - 1, text
                    checked += 1
            state.act(seat, rng.choice(legal))
    assert checked, "no seeded game reached the position: the check proved nothing"
