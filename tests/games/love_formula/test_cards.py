"""The reconstructed base card set: counts, every fact the rulebook states,
and the checks that refuse a broken data file."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardroom.games.love_formula.cards.catalog import (
    CAT,
    COUPLE,
    DATA_DIR,
    OBSTACLE,
    PREP,
    build,
    load_file,
)
from cardroom.games.love_formula.cards.vocabulary import DataError


def design(key: str) -> int:
    return CAT.keys.index(key)


def first(key: str) -> int:
    return CAT.copies[design(key)][0]


def requires(key: str) -> list[str]:
    return [CAT.keys[d] for d in CAT.requires[first(key)]]


BASE = [c for c in range(CAT.size) if CAT.set_of[c] == "base"]


def test_base_set_has_136_cards_in_the_rulebook_counts() -> None:
    counts: dict[int, int] = {}
    for c in BASE:
        counts[CAT.type[c]] = counts.get(CAT.type[c], 0) + 1
    assert len(BASE) == 136 and list(range(136)) == BASE  # base ints come first
    assert counts == {PREP: 57, COUPLE: 28, OBSTACLE: 18, 3: 8, 4: 17, 5: 8}
    assert sum(1 for c in BASE if CAT.jobs >> c & 1) == 4
    assert len({CAT.ids[c] for c in BASE}) == 136


def test_d2_each_preparation_name_comes_in_three_copies() -> None:
    preps = [cards for cards in CAT.copies if CAT.type[cards[0]] == PREP
             and CAT.set_of[cards[0]] == "base"]
    assert len(preps) == 19 and all(len(c) == 3 for c in preps)


def test_d1_stuffed_toy_is_an_item_and_christmas_card_an_event() -> None:
    assert CAT.subtype[first("stuffed-toy")] == "item"
    assert CAT.subtype[first("christmas-card")] == "event"


def test_named_cards_are_there_in_both_languages() -> None:
    named = {
        "first-aid-kit": "Аптечка", "home": "Дім", "beach": "Пляж", "park": "Парк",
        "festival": "Фестиваль", "treats": "Смаколики", "stuffed-toy": "М'яка іграшка",
        "christmas-card": "Різдвяна листівка", "valentines-day": "День Святого Валентина",
        "yoshiro-natsuko": "Йошіро та Натсуко", "daisuke-chi": "Дайсуке та Чі",
        "kazuo-tomiko": "Кадзуо та Томіко", "eiji-kiyoko": "Еідзі та Кійоко",
        "hajime-kaede": "Хадзіме та Каеде", "fumio-emi": "Фуміо та Емі",
        "hisao-yuki": "Хісао та Юкі", "tamotsu-nao": "Тамотсу та Нао",
        "tsutomo-kamiko": "Тсутомо та Каміко", "long-distance": "Велика відстань",
        "amnesia": "Амнезія", "kiss": "Поцілунок",
    }
    for key, uk in named.items():
        assert CAT.name_uk[design(key)] == uk, key


def test_rulebook_facts_about_named_cards() -> None:
    kiss = CAT.programs[CAT.program[first("kiss")]]
    assert [(op.name, op.n) for op in kiss] == [("draw", 3)]
    ld = first("long-distance")
    assert CAT.hearts[ld] == 3
    assert [op.name for op in CAT.programs[CAT.expire[ld]]] == ["end_couple"]
    assert CAT.priority[first("amnesia")] > CAT.priority[ld]
    assert requires("daisuke-chi") == ["first-aid-kit", "home"]
    assert CAT.vp_perfect[first("daisuke-chi")] == 4
    assert requires("kazuo-tomiko") == ["festival", "treats"]
    assert CAT.vp_perfect[first("kazuo-tomiko")] == 4
    assert len(requires("yoshiro-natsuko")) == 3 and "beach" in requires("yoshiro-natsuko")
    assert "park" in requires("eiji-kiyoko") and len(requires("eiji-kiyoko")) >= 2


def test_priority_relations_of_the_rulebook_example() -> None:
    aid, yn = CAT.priority[first("first-aid-kit")], CAT.priority[first("yoshiro-natsuko")]
    toy, kiss = CAT.priority[first("stuffed-toy")], CAT.priority[first("kiss")]
    assert aid > yn > toy > kiss
    assert toy[0] == kiss[0] and toy[1] > kiss[1]


def test_d3_priority_pairs_are_unique_except_between_copies() -> None:
    played = [cards for cards in CAT.copies if CAT.type[cards[0]] <= 5]
    pairs = {CAT.priority[cards[0]]: CAT.match[cards[0]] for cards in played}
    assert len(pairs) == len({CAT.match[cards[0]] for cards in played})
    assert all(len({CAT.priority[c] for c in cards}) == 1 for cards in CAT.copies)


def test_couples_have_two_or_three_requirements_and_3_to_7_perfect_vp() -> None:
    for cards in CAT.copies:
        c = cards[0]
        if CAT.type[c] == COUPLE:
            assert 2 <= len(CAT.requires[c]) <= 3
            assert 3 <= CAT.vp_perfect[c] <= 7 and CAT.vp_incomplete[c] == 1


def test_the_data_file_says_it_is_a_reconstruction() -> None:
    doc = load_file(DATA_DIR / "base.json")
    assert "RECONSTRUCTION" in doc["reconstruction"]


def broken(change: Any) -> str:
    doc = json.loads((DATA_DIR / "base.json").read_text(encoding="utf-8"))
    doc = copy.deepcopy(doc)
    change(doc)
    with pytest.raises(DataError) as err:
        build([("base.json", doc)])
    return str(err.value)


def by_key(doc: dict[str, Any], key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in doc["designs"] if d["key"] == key)
    return found


def test_load_refuses_an_unknown_op() -> None:
    message = broken(lambda d: by_key(d, "kiss").update(on_play=[{"op": "drwa", "n": 3}]))
    assert "kiss" in message and "unknown op 'drwa'" in message


def test_load_refuses_wrong_counts() -> None:
    message = broken(lambda d: by_key(d, "kiss")["ids"].pop())
    assert "16 action cards, but 'counts' says 17" in message


def test_load_refuses_a_shared_priority() -> None:
    message = broken(lambda d: by_key(d, "kiss").update(priority=[9, 6]))
    assert "share priority 9/6" in message and "D3" in message


def test_load_refuses_a_requirement_that_is_no_preparation() -> None:
    message = broken(lambda d: by_key(d, "daisuke-chi").update(requires=["kiss", "home"]))
    assert "requires 'kiss', which is no preparation" in message


def test_load_refuses_a_reaction_op_on_an_action() -> None:
    message = broken(lambda d: by_key(d, "kiss").update(on_play=[{"op": "cancel"}]))
    assert "cannot be used on a card of this kind" in message


def test_load_refuses_an_expiry_without_hearts() -> None:
    message = broken(lambda d: by_key(d, "long-distance").pop("hearts"))
    assert "'on_expire' needs heart tokens" in message


def test_load_refuses_a_typo_in_a_field() -> None:
    message = broken(lambda d: by_key(d, "home").update(subtpye="location"))
    assert "no field 'subtpye'" in message
