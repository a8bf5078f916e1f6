"""The pages' copy of Love Formula's card facts matches the engine's data."""

from __future__ import annotations

import json
from importlib import resources

from cardroom.games.love_formula.render.webdata import web_cards


def test_cards_json_is_built_from_the_card_data() -> None:
    page_copy = resources.files("cardroom.server") / "static/games/love-formula/cards.json"
    assert json.loads(page_copy.read_text(encoding="utf-8")) == web_cards(), (
        "regenerate with: python -m cardroom.games.love_formula.render.webdata "
        "> src/cardroom/server/static/games/love-formula/cards.json")


def test_every_card_has_both_names_and_a_text() -> None:
    for code, facts in web_cards().items():
        assert facts["name_en"] and facts["name_uk"] and facts["text"], code
