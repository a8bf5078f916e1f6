"""The reconstructed Chance, #RelationshipGoals and promo sets: counts, every
fact the rulebook states about them, and the checks that refuse broken data."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from cardroom.games.love_formula.cards.catalog import (
    ACTION,
    CAT,
    CHANCE,
    COUPLE,
    DATA_DIR,
    GOAL,
    OBSTACLE,
    PREP,
    VPCARD,
    build,
    load_file,
)
from cardroom.games.love_formula.cards.vocabulary import DataError


def in_set(name: str) -> list[int]:
    return [c for c in range(CAT.size) if CAT.set_of[c] == name]


def kinds(cards: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[CAT.type[c]] = out.get(CAT.type[c], 0) + 1
    return out


def first(key: str) -> int:
    return CAT.copies[CAT.keys.index(key)][0]


def ops(card: int) -> list[tuple[str, int]]:
    return [(op.name, op.n) for op in CAT.programs[CAT.program[card]]]


def test_the_chance_set_has_28_chance_cards_for_you_or_all_players() -> None:
    cards = in_set("chance")
    assert len(cards) == 28 and kinds(cards) == {CHANCE: 28}
    assert {CAT.who[c] for c in cards} == {"you", "all"}


def test_senpai_noticed_me_draws_a_card_for_its_revealer() -> None:
    senpai = CAT.by_id["senpai-noticed-me-1"]
    assert CAT.name_uk[CAT.design[senpai]] == "Сенпай мене помітив!"
    assert CAT.who[senpai] == "you" and ops(senpai) == [("draw", 1)]


def test_the_goals_set_has_44_cards_goals_of_both_kinds_and_vp_cards() -> None:
    cards = in_set("goals")
    assert len(cards) == 44 and kinds(cards) == {GOAL: 30, VPCARD: 14}
    goals = [c for c in cards if CAT.type[c] == GOAL]
    assert sorted({CAT.goal_kind[c] for c in goals}) == ["end", "first"]
    points = sorted(CAT.points[c] for c in cards if CAT.type[c] == VPCARD)
    assert 3 in points and 6 in points  # the rulebook's examples


def test_sorry_not_sorry_is_a_first_goal_met_by_playing_an_obstacle() -> None:
    goal = CAT.by_id["sorry-not-sorry"]
    assert CAT.name_uk[CAT.design[goal]] == "#ВибачМеніНеШкода"
    assert CAT.goal_kind[goal] == "first"
    [clause] = CAT.condition[goal]
    assert (clause.measure, clause.at_least) == ("obstacles_played", 1)


def test_cupid_is_a_game_end_goal_for_the_most_couples() -> None:
    goal = CAT.by_id["cupid"]
    assert CAT.name_uk[CAT.design[goal]] == "#Купідон"
    assert CAT.goal_kind[goal] == "end"
    [clause] = CAT.condition[goal]
    assert clause.measure == "couples" and clause.most


def test_the_promo_pack_has_24_cards_in_the_rulebook_counts() -> None:
    cards = in_set("promo")
    assert len(cards) == 24
    assert kinds(cards) == {PREP: 14, COUPLE: 4, OBSTACLE: 2, ACTION: 4}
    assert all(CAT.jobs >> c & 1 for c in cards if CAT.type[c] == ACTION)


def test_promo_parks_and_valentines_days_share_the_base_priorities() -> None:
    parks = [c for c in in_set("promo") if CAT.match[c] == CAT.design[first("park")]]
    days = [c for c in in_set("promo") if CAT.match[c] == CAT.design[first("valentines-day")]]
    assert len(parks) == 3 and len(days) == 6  # two sets of 3 Valentine's Days
    assert len({CAT.design[c] for c in days}) == 2
    assert {CAT.priority[c] for c in parks} == {CAT.priority[first("park")]}
    assert {CAT.priority[c] for c in days} == {CAT.priority[first("valentines-day")]}


def test_promo_couples_share_the_requirements_of_the_four_they_replace() -> None:
    replaced = {CAT.keys[CAT.replaces[CAT.design[c]]]: c for c in in_set("promo")
                if CAT.type[c] == COUPLE}
    assert sorted(replaced) == ["fumio-emi", "hisao-yuki", "tamotsu-nao", "tsutomo-kamiko"]
    for base_key, promo in replaced.items():
        assert CAT.requires[promo] == CAT.requires[first(base_key)]
        assert CAT.vp_perfect[promo] == CAT.vp_perfect[first(base_key)]


def test_five_promo_preparations_are_jokers_that_add_vp_or_wipe_a_date() -> None:
    preps = [c for c in in_set("promo") if CAT.type[c] == PREP]
    adding = [c for c in preps if CAT.joker[c] and CAT.statics[c].get("vp", 0) > 0]
    wiping = [c for c in preps if ("wipe_date", 1) in ops(c)]
    assert len(adding) == 3 and len(wiping) == 2


def test_every_new_set_file_says_it_is_a_reconstruction() -> None:
    for name in ("chance", "goals", "promo"):
        assert "RECONSTRUCTION" in load_file(DATA_DIR / f"{name}.json")["reconstruction"]


def broken(name: str, change: Callable[[dict[str, Any]], Any]) -> str:
    docs = {n: json.loads((DATA_DIR / f"{n}.json").read_text(encoding="utf-8"))
            for n in ("base", name)}
    docs[name] = copy.deepcopy(docs[name])
    change(docs[name])
    with pytest.raises(DataError) as err:
        build([(f"{n}.json", d) for n, d in docs.items()])
    return str(err.value)


def by_key(doc: dict[str, Any], key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in doc["designs"] if d["key"] == key)
    return found


@pytest.mark.parametrize("name, key, change, words", [
    ("chance", "pop-quiz", {"who": "everyone"}, "'who' must be 'you'"),
    ("chance", "senpai-noticed-me", {"on_reveal": [{"op": "add_hearts", "n": 1}]},
     "an effect on the whole table is for 'who': 'all'"),
    ("chance", "pop-quiz", {"on_reveal": [{"op": "steal_hand"}]}, "cannot be used on a card"),
    ("chance", "pop-quiz", {"priority": [3, 3]}, "a chance card has no priority"),
    ("chance", "apology", {"on_reveal": [{"op": "remove_obstacle", "from": "this_couple"}]},
     "a chance card has no couple of its own"),
    ("goals", "sorry-not-sorry", {"condition": [{"measure": "couples", "most": True}]},
     "'most' (true) is for Game End goals only"),
    ("goals", "cupid", {"condition": [{"measure": "kisses", "most": True}]},
     "a clause names a 'measure'"),
    ("goals", "cupid", {"kind": "sometime"}, "'kind' must be 'first' or 'end'"),
    ("goals", "vp-3", {"points": 0}, "'points' must be a whole number >= 1"),
    ("promo", "promo-park", {"priority": [13, 5]}, "differs in subtype or priority"),
    ("promo", "haruki-sayuri", {"requires": ["aquarium", "home"]},
     "its requirements differ"),
    ("promo", "surprise-party", {"joker": False}, "only a joker"),
    ("promo", "typhoon", {"priority": [9, 2]}, "share priority 9/2"),
])
def test_load_refuses_broken_expansion_data(name: str, key: str, change: dict[str, Any],
                                            words: str) -> None:
    assert words in broken(name, lambda d: by_key(d, key).update(change))


def test_load_refuses_wrong_expansion_counts() -> None:
    message = broken("chance", lambda d: by_key(d, "pop-quiz")["ids"].pop())
    assert "27 chance cards, but 'counts' says 28" in message
