"""D8: the promo pack's choices are independent options (promo_jobs,
promo_couples, promo_parks, promo_valentines, promo_others), with ``promo`` as
the shorthand for the common bundles; R28 for a partial replacement. Every
combination is checked for its cards (exhaustively, counted independently of
the engine) and a sample is played to the end by random play and by the
heuristic bots, with invariants, determinization and rendering checked."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import BadOption
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards import promo
from cardroom.games.love_formula.cards.catalog import CAT, PREP
from cardroom.games.love_formula.state import LoveState
from tests.games.love_formula.support import GAME, JOBS, PROMO_JOBS, vp_from_view

JOB_POOLS = ("base", "promo", "mixed")
COUPLES = ("out", "add", "replace")
PRINTINGS = ("out", "add", "replace-1", "replace-2", "replace-3")
OTHERS = ("out", "add")
PARTS = ("promo_jobs", "promo_couples", "promo_parks", "promo_valentines", "promo_others")
COMBOS = [dict(zip(PARTS, values, strict=True)) for values in itertools.product(
    JOB_POOLS, COUPLES, PRINTINGS, PRINTINGS, OTHERS)]

BASE_COUPLES = ["fumio-emi", "hisao-yuki", "tamotsu-nao", "tsutomo-kamiko"]
PROMO_COUPLES = ["haruki-sayuri", "kenichi-momoko", "shin-ayaka", "daichi-hinata"]
PARKS = ["park-1", "park-2", "park-3"]
PROMO_PARKS = ["promo-park-1", "promo-park-2", "promo-park-3"]
VALENTINES = ["valentines-day-1", "valentines-day-2", "valentines-day-3"]
SET_A = ["promo-valentines-day-a1", "promo-valentines-day-a2", "promo-valentines-day-a3"]
SET_B = ["promo-valentines-day-b1", "promo-valentines-day-b2", "promo-valentines-day-b3"]
OTHER_CARDS = ["surprise-party", "secret-spot", "lucky-charm", "broken-mirror", "downpour",
               "secret-admirer", "typhoon"]


def in_game(players: int, options: dict[str, Any], seed: int = 2) -> tuple[set[str], set[str]]:
    """(the main deck's cards, the Part-Time Jobs dealt from) at set-up."""
    ref = GAME.new(players, seed, options).view(None)
    cards = set(ref["deck"]) | {c for p in ref["packs"] for c in p}
    return cards, set(ref["jobs"]) | set(ref["out"])


def expected(combo: dict[str, str]) -> tuple[set[str], set[str]]:
    """What the rules page says each choice puts in, written out card by card."""
    swapped = set(BASE_COUPLES + PARKS + VALENTINES + PROMO_COUPLES + PROMO_PARKS + SET_A
                  + SET_B + OTHER_CARDS)
    cards = {i for i in CAT.ids if CAT.set_of[CAT.by_id[i]] == "base"
             and not CAT.jobs >> CAT.by_id[i] & 1} - swapped
    cards |= {"out": set(BASE_COUPLES), "add": set(BASE_COUPLES + PROMO_COUPLES),
              "replace": set(PROMO_COUPLES)}[combo["promo_couples"]]
    for mode, base, promo_cards, extra in (
            (combo["promo_parks"], PARKS, PROMO_PARKS, []),
            (combo["promo_valentines"], VALENTINES, SET_A, SET_B)):
        if mode == "out":
            cards |= set(base)
        elif mode == "add":
            cards |= set(base + promo_cards + extra)
        else:  # R28: k base copies (the last ones) swapped one for one, extras added
            k = int(mode[-1])
            cards |= set(base[:3 - k] + promo_cards[:k] + extra)
    if combo["promo_others"] == "add":
        cards |= set(OTHER_CARDS)
    jobs = {"base": set(JOBS), "promo": set(PROMO_JOBS),
            "mixed": set(JOBS + PROMO_JOBS)}[combo["promo_jobs"]]
    return cards, jobs


def names(cards: set[str]) -> Counter[str]:
    return Counter(CAT.name_en[CAT.match[CAT.by_id[c]]] for c in cards)


# ----- the options ------------------------------------------------------------------------
def test_d8_the_promo_choices_are_five_options_with_the_rules_page_values() -> None:
    described = GAME.describe()["options"]
    assert described["promo"]["choices"] == ["none", "replace", "add"]
    assert described["promo_jobs"]["choices"] == list(JOB_POOLS)
    assert described["promo_couples"]["choices"] == list(COUPLES)
    assert described["promo_parks"]["choices"] == list(PRINTINGS)
    assert described["promo_valentines"]["choices"] == list(PRINTINGS)
    assert described["promo_others"]["choices"] == list(OTHERS)
    for part in PARTS:  # derived from the shorthand unless given
        assert described[part]["default"] is None
        assert "(D" not in described[part]["description"]  # codes stay in the docs
        assert "(default: from promo)" in described[part]["description"]


@pytest.mark.parametrize("shorthand, bundle", [
    ("none", ("base", "out", "out", "out", "out")),
    ("replace", ("promo", "replace", "replace-3", "replace-3", "add")),
    ("add", ("mixed", "add", "add", "add", "add")),
])
def test_d8_promo_stays_the_shorthand_for_its_bundle(shorthand: str,
                                                     bundle: tuple[str, ...]) -> None:
    explicit = dict(zip(PARTS, bundle, strict=True))
    for players in (2, 3, 4):
        short = GAME.new(players, 30 + players, {"promo": shorthand})
        spelled = GAME.new(players, 30 + players, explicit)
        assert short.log == spelled.log
        assert short.view(None)["deck"] == spelled.view(None)["deck"]
    sizes = {"none": 132, "replace": 142, "add": 152}
    assert len(in_game(4, {"promo": shorthand})[0]) == sizes[shorthand]


def test_d8_a_choice_given_overrides_only_its_part_of_the_shorthand() -> None:
    cards, jobs = in_game(4, {"promo": "add", "promo_parks": "out", "promo_jobs": "base"})
    assert jobs == set(JOBS)
    assert not set(PROMO_PARKS) & cards and set(PARKS) <= cards
    assert set(SET_A + SET_B + PROMO_COUPLES + OTHER_CARDS) <= cards  # the rest still added
    cards, jobs = in_game(2, {"promo_jobs": "promo"})  # jobs alone: the base deck
    assert jobs == set(PROMO_JOBS) and len(cards) == 132


def test_d8_the_part_time_job_pool_is_its_own_choice() -> None:
    for pool, dealt_from in (("base", JOBS), ("promo", PROMO_JOBS), ("mixed", JOBS + PROMO_JOBS)):
        cards, jobs = in_game(4, {"promo_jobs": pool, "promo_couples": "add"})
        assert jobs == set(dealt_from) and set(PROMO_COUPLES + BASE_COUPLES) <= cards
    dealt = {j for seed in range(30)
             for j in GAME.new(4, seed, {"promo_jobs": "mixed"}).view(None)["jobs"]}
    assert dealt & set(JOBS) and dealt & set(PROMO_JOBS)


def test_d8_promo_couples_out_added_or_replacing_the_four_base_couples() -> None:
    for mode, present, absent in (("out", BASE_COUPLES, PROMO_COUPLES),
                                  ("add", BASE_COUPLES + PROMO_COUPLES, []),
                                  ("replace", PROMO_COUPLES, BASE_COUPLES)):
        cards, _ = in_game(3, {"promo_couples": mode})
        assert set(present) <= cards and not set(absent) & cards, mode
        assert names(cards)["Park"] == 3 and not set(OTHER_CARDS) & cards


@pytest.mark.parametrize("k", [1, 2, 3])
def test_d8_r28_promo_parks_replace_k_swap_k_base_parks_one_for_one(k: int) -> None:
    cards, _ = in_game(2, {"promo_parks": f"replace-{k}"})
    parks = sorted(c for c in cards if c in PARKS + PROMO_PARKS)
    assert parks == sorted(PARKS[:3 - k] + PROMO_PARKS[:k])
    assert names(cards)["Park"] == 3 and len(cards) == 132
    cards, _ = in_game(2, {"promo_parks": "add"})
    assert names(cards)["Park"] == 6 and len(cards) == 135


@pytest.mark.parametrize("k", [1, 2, 3])
def test_d8_r28_promo_valentines_replace_k_from_the_first_set_the_second_set_added(
        k: int) -> None:
    cards, _ = in_game(2, {"promo_valentines": f"replace-{k}"})
    valentines = sorted(c for c in cards if "valentines" in c)
    assert valentines == sorted(VALENTINES[:3 - k] + SET_A[:k] + SET_B)
    assert names(cards)["Valentine's Day"] == 6 and len(cards) == 135
    cards, _ = in_game(2, {"promo_valentines": "add"})
    assert names(cards)["Valentine's Day"] == 9


def test_d8_the_other_promo_cards_are_out_or_added() -> None:
    cards, _ = in_game(2, {"promo_others": "add"})
    assert set(OTHER_CARDS) <= cards and len(cards) == 139
    assert not set(PROMO_COUPLES + PROMO_PARKS + SET_A + SET_B) & cards


@pytest.mark.parametrize("options, stack, words", [
    ({"promo_parks": "replace-1"}, {"deck": [["park-3"]]},
     "park-3 is not in this game's deck (promo_parks 'replace-1' swaps it for its promo"),
    ({"promo_parks": "replace-1"}, {"deck": [["promo-park-2"]]},
     "promo_parks 'replace-1' puts in only the first 1 promo printings"),
    ({"promo_valentines": "replace-2"}, {"deck": [["valentines-day-2"]]},
     "promo_valentines 'replace-2' swaps it"),
    ({"promo": "add", "promo_others": "out"}, {"deck": [["typhoon"]]},
     "it is a promo card and promo_others is 'out'"),
    ({"promo_couples": "replace"}, {"deck": [["fumio-emi"]]},
     "promo_couples 'replace' swaps it for its promo counterpart"),
    ({"promo": "replace", "promo_jobs": "base"}, {"jobs": [["idol", "tutor"]]},
     "idol is not dealt in this game (promo_jobs is 'base'"),
])
def test_d8_stacked_cards_the_choices_leave_out_are_refused(
        options: dict[str, Any], stack: dict[str, Any], words: str) -> None:
    GAME.new(2, 1, {**options})  # the options alone are fine
    with pytest.raises(BadOption) as err:
        GAME.new(2, 1, {**options, "stack": stack})
    assert words in err.value.message


@pytest.mark.parametrize("options, words", [
    ({"promo_parks": "replace-4"}, "must be one of out, add, replace-1, replace-2, replace-3"),
    ({"promo_valentines": "replace"}, "'promo_valentines': must be one of out, add"),
    ({"promo_jobs": "all"}, "'promo_jobs': must be one of base, promo, mixed"),
    ({"promo_couples": "replace-1"}, "must be one of out, add, replace"),
    ({"promo_others": "replace"}, "'promo_others': must be one of out, add"),
])
def test_d8_values_that_are_no_choice_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new(3, 1, options)
    assert words in err.value.message


def test_d8_counts_the_data_cannot_give_are_refused_in_words() -> None:
    assert promo.problems(("promo", "out", "out", "out", "out"), 5) == [
        "promo_jobs 'promo' deals from 4 Part-Time Jobs, too few for 5 players"]
    assert all(not promo.problems(tuple(c.values()), 4) for c in COMBOS)


# ----- every combination ------------------------------------------------------------------
def test_d8_every_combination_puts_in_exactly_its_cards() -> None:
    """All 450 combinations at every player count: the deck and the job pool are
    the cards written out from the rules page, each card once, D2's names kept
    (3 copies, more only where promo printings are added), every card of the
    game somewhere at set-up."""
    for index, combo in enumerate(COMBOS):
        players = 2 + index % 3
        state = GAME.new(players, index, combo)
        cards, jobs = in_game(players, combo, index)
        want_cards, want_jobs = expected(combo)
        assert (cards, jobs) == (want_cards, want_jobs), combo
        ref = state.view(None)
        assert len(ref["deck"]) + sum(map(len, ref["packs"])) == len(want_cards)
        assert not state.invariant_errors(), (combo, state.invariant_errors())
        counts = names(cards)
        parks = {"out": 3, "add": 6}.get(combo["promo_parks"], 3)
        valentines = {"out": 3, "add": 9}.get(combo["promo_valentines"], 6)
        assert counts["Park"] == parks and counts["Valentine's Day"] == valentines
        others = {CAT.name_en[CAT.design[CAT.by_id[c]]] for c in OTHER_CARDS}
        preps = Counter(CAT.name_en[CAT.match[CAT.by_id[c]]] for c in cards
                        if CAT.type[CAT.by_id[c]] == PREP)
        assert all(n == 3 for name, n in preps.items()  # D2
                   if name not in ("Park", "Valentine's Day", *others))
        size = 132 + {"out": 0, "add": 4, "replace": 0}[combo["promo_couples"]] + {
            "out": 0, "add": 3}.get(combo["promo_parks"], 0) + {
            "out": 0, "add": 6}.get(combo["promo_valentines"], 3) + (
            7 if combo["promo_others"] == "add" else 0)
        assert len(cards) == size


def check_position(state: LoveState, rng: Rng) -> None:
    """A seat's view and the public view come back the same from a state
    re-dealt from that seat's view; every view renders."""
    public = json.dumps(state.view(PUBLIC), sort_keys=True)
    for seat in range(state.players):
        mine = json.dumps(state.view(seat), sort_keys=True)
        twin = state.resample(seat, Rng(rng.next64()))
        assert json.dumps(twin.view(seat), sort_keys=True) == mine
        assert json.dumps(twin.view(PUBLIC), sort_keys=True) == public
        assert not twin.invariant_errors(), twin.invariant_errors()
    for viewer in (*range(state.players), PUBLIC, None):
        assert GAME.render(state.view(viewer), False)


def play_to_the_end(state: LoveState, rng: Rng, check_every: int,
                    invariants_every: int = 1) -> None:
    steps = 0
    while not state.is_over():
        if steps % invariants_every == 0:
            assert not state.invariant_errors(), state.invariant_errors()
        if steps % check_every == 3:
            check_position(state, rng)
        seat = rng.choice(list(state.to_act()))
        state.act(seat, rng.choice(state.legal_texts(seat)))
        steps += 1
    assert not state.invariant_errors()
    ref = state.view(None)
    zone_vp = [vp_from_view(zone) for zone in ref["zones"]]
    if "chance" not in ref and "goals" not in ref:
        assert state.scores() == zone_vp
    for viewer in (*range(state.players), PUBLIC):
        view = state.view(viewer)
        assert GAME.render(view, False)
        assert all(isinstance(GAME.describe_event(e, viewer), str | None) for e in view["log"])


@settings(max_examples=12, deadline=None)
@given(combo=st.sampled_from(COMBOS), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       chance=st.booleans(), goals=st.sampled_from([None, "standard", "planned"]))
def test_d8_random_games_with_any_combination_play_to_the_end(
        combo: dict[str, str], players: int, seed: int, chance: bool, goals: str | None) -> None:
    options: dict[str, Any] = dict(combo)
    if chance:
        options |= {"chance": True, "first_revealer": seed % players}
    if goals:
        options |= {"goals": True, "goals_variant": goals}
    state = GAME.new(players, seed, options)
    assert isinstance(state, LoveState)
    play_to_the_end(state, Rng(seed), check_every=47)


def test_d8_a_spread_of_combinations_plays_to_the_end() -> None:
    """Every 9th combination, by random play: each choice's every value comes up."""
    sample = COMBOS[::9]
    for part, values in zip(PARTS, (JOB_POOLS, COUPLES, PRINTINGS, PRINTINGS, OTHERS),
                            strict=True):
        assert {c[part] for c in sample} == set(values)
    for index, combo in enumerate(sample):
        state = GAME.new(2 + index % 3, 500 + index, combo)
        assert isinstance(state, LoveState)
        play_to_the_end(state, Rng(index), check_every=10**9, invariants_every=29)


@pytest.mark.parametrize("combo", [
    {"promo_jobs": "promo", "promo_parks": "replace-1", "promo_valentines": "replace-2"},
    {"promo_jobs": "mixed", "promo_couples": "replace", "promo_others": "add",
     "promo_valentines": "add"},
], ids=["partial", "mixed"])
def test_d8_the_heuristic_bots_play_promo_combinations_to_the_end(combo: dict[str, str]) -> None:
    state = GAME.new(3, 7, {**combo, "chance": True, "goals": True})
    bots = [GAME.heuristic_bot(s) for s in range(3)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, bots[seat].choose_for(state, seat))
    assert not state.invariant_errors()
