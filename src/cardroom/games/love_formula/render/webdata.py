"""The cards' public, static facts for the browser pages, as JSON.

The pages draw Love Formula's cards from this (names in English and
Ukrainian, type, priority, VP, the rules text); it holds nothing about any
game in progress. ``python -m cardroom.games.love_formula.render.webdata``
prints it; the pages' copy is checked against it by a test."""

from __future__ import annotations

import json
from typing import Any

from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, REACTION
from cardroom.games.love_formula.render import cardtext

TYPE_KEYS = ("preparation", "couple", "obstacle", "connection", "action", "reaction",
             "chance", "goal", "vp")


def card_facts(card: int) -> dict[str, Any]:
    design = CAT.design[card]
    kind = CAT.type[card]
    facts: dict[str, Any] = {
        "name_en": CAT.name_en[design], "name_uk": CAT.name_uk[design] or CAT.name_en[design],
        "type": TYPE_KEYS[kind], "subtype": CAT.subtype[card],
        "job": bool(CAT.jobs >> card & 1), "text": cardtext.effect(card),
    }
    if kind <= REACTION:
        facts["priority"] = cardtext.priority(card)
    if kind == COUPLE:
        facts["vp"] = [CAT.vp_incomplete[card], CAT.vp_perfect[card]]
    if CAT.hearts[card]:
        facts["hearts"] = CAT.hearts[card]
    return facts


def web_cards() -> dict[str, dict[str, Any]]:
    return {CAT.ids[card]: card_facts(card) for card in range(CAT.size)}


def main() -> None:
    print(json.dumps(web_cards(), ensure_ascii=False, indent=0, sort_keys=True))


if __name__ == "__main__":
    main()
