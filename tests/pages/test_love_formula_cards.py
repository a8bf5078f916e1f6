"""The pages' copy of Love Formula's card facts matches the engine's data,
and every card's rules text is in each page language's catalog."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from cardroom.games.love_formula.render.webdata import web_cards


def test_cards_json_is_built_from_the_card_data() -> None:
    page_copy = resources.files("cardroom.server") / "static/games/love-formula/cards.json"
    assert json.loads(page_copy.read_text(encoding="utf-8")) == web_cards(), (
        "regenerate with: python -m cardroom.games.love_formula.render.webdata "
        "> src/cardroom/server/static/games/love-formula/cards.json")


def test_every_card_has_both_names_and_a_text() -> None:
    for code, facts in web_cards().items():
        assert facts["name_en"] and facts["name_uk"] and facts["text"], code


# The card texts in the page's language (issue 40: they were English only).
# game.js looks a card's text up as text.<design>, the design being the card's
# id without its copy number (kiss-2: text.kiss, vp-4-1: text.vp-4,
# promo-valentines-day-a1: text.promo-valentines-day-a).
GAME_DIR = resources.files("cardroom.server") / "static/games/love-formula"
LANGS = ("en", "uk", "ru", "ja")


def text_key(code: str) -> str:
    return "text." + re.sub(r"-?\d+$", "", code)


def catalog(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GAME_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def test_every_card_text_is_in_every_language() -> None:
    cards = web_cards()
    catalogs = {lang: catalog(lang) for lang in LANGS}
    keys = {text_key(code) for code in cards}
    for lang, words in catalogs.items():
        missing = sorted(k for k in keys if k not in words)
        assert not missing, f"{lang}: no card text for {missing}"
        stale = sorted(k for k in words if k.startswith("text.") and k not in keys)
        assert not stale, f"{lang}: card texts of no card {stale}"
    for code, facts in cards.items():
        key = text_key(code)
        english = facts["text"]
        # The English catalog is the card data's text, the same for every copy:
        # a changed card text shows here, for its translations to follow.
        assert catalogs["en"][key] == english, (code, catalogs["en"][key], english)
        for lang in LANGS[1:]:
            text = catalogs[lang][key]
            assert isinstance(text, str) and text.strip(), (lang, code)
            assert "{" not in text and "}" not in text, (lang, code, text)
            # Japanese writes VP as VP: a VP card's "4 VP" stays as it is.
            if not (lang == "ja" and re.fullmatch(r"\d+ VP", english)):
                assert text != english, f"{lang} {code}: not translated: {text}"
        # The Ukrainian page names the cards in Ukrainian, so do its texts.
        assert not re.search(r"[A-Za-z]", catalogs["uk"][key]), (code, catalogs["uk"][key])
