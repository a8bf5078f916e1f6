"""A card's meaning at hand (issue 40, item 5): every game's `cardInfo`
hook says what a card in the hand is and does, in the player's language,
inside the card tooltip of lib/cards.js."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.test_motion import seated
from tests.pages.test_play import SETTINGS, post

GAMES_DIR = Path(__file__).resolve().parents[2] / "src/cardroom/server/static/games"
TIP = ".card-tip:not([hidden])"
# The shown tooltip's name and meanings, or null when none is shown.
READ_TIP = f"""() => {{
  const tip = document.querySelector('{TIP}');
  const name = tip && tip.querySelector('strong');
  return name ? [name.innerText, [...tip.querySelectorAll('span')].map((s) => s.innerText)]
              : null;
}}"""
# English and one other language per game, so every translation is reached.
OTHER = {"papayoo": ("uk-UA", "uk"), "pizzamania": ("ru-RU", "ru"), "pile-up": ("ja-JP", "ja"),
         "muzicando": ("uk-UA", "uk"), "love-formula": ("ru-RU", "ru")}

# The first card of the hand (or of the pack while drafting): focus it, or
# the move wrapping it, and give back its code.
FOCUS_FIRST = """() => {
  const card = document.querySelector('.board .hand [data-card]');
  if (!card) return null;
  const target = card.closest('[tabindex], button') || card;
  target.focus();
  return card.getAttribute('data-card');
}"""


def info_patterns(game: str, lang: str) -> list[re.Pattern[str]]:
    """Every `info.*` sentence of the game's catalog, placeholders as wildcards."""
    catalog = json.loads((GAMES_DIR / game / f"{lang}.json").read_text(encoding="utf-8"))
    texts: list[str] = []
    for key, value in catalog.items():
        if key.startswith("info."):
            texts += list(value.values()) if isinstance(value, dict) else [value]
    return [re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(text)), re.S) for text in texts]


def table(server: Server, game: str) -> str:
    players, options = SETTINGS[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    created = post(server, "/api/tables", {"game": game, "players": players, "seed": 3,
                                           "options": options, "seats": seats})
    return f"{server.base}{created['invite']}"


def hand_tip(person: Any) -> tuple[str, str, str]:
    """Focuses a hand card; its code, and the tooltip's name and meaning."""
    page = person.page
    page.wait_for_selector(".board .hand [data-card]")
    # The bots move meanwhile and each redraw takes the focus, and the
    # tooltip, away: focus again until the tooltip is read whole, in one go.
    for _ in range(30):
        code = page.evaluate(FOCUS_FIRST)
        assert code, "no card in the hand carries data-card"
        page.wait_for_timeout(200)
        read = page.evaluate(READ_TIP)
        if read is not None:
            name, meanings = read
            assert len(meanings) == 1, f"no meaning for {code}: {name} {meanings}"
            return code, name, meanings[0]
    raise AssertionError("the focused card's tooltip never stayed long enough to be read")


def expect_meaning(game: str, lang: str, code: str, meaning: str) -> None:
    assert any(p.fullmatch(meaning) for p in info_patterns(game, lang)), (code, meaning)
    if game == "love-formula":
        # The card's own text, in the page's language (text.<design>: the id
        # without its copy number), not the English of cards.json.
        catalog = json.loads((GAMES_DIR / game / f"{lang}.json").read_text(encoding="utf-8"))
        text = catalog["text." + re.sub(r"-?\d+$", "", code)]
        assert text in meaning, (code, meaning)
        if lang != "en":
            cards = json.loads((GAMES_DIR / game / "cards.json").read_text(encoding="utf-8"))
            assert cards[code]["text"] not in meaning, (code, meaning)
    elif game == "pile-up" or (game == "papayoo" and code.endswith("P")):
        # The sentence speaks of this card: its column, or its points.
        assert code[:-1] in meaning, (code, meaning)


@pytest.mark.parametrize("game", list(SETTINGS))
def test_a_hand_card_explains_itself_in_two_languages(browser: Any, server: Server,
                                                       game: str) -> None:
    locale, lang = OTHER[game]
    people = []
    for where, words in (("en-US", "en"), (locale, lang)):
        person = seated(browser, table(server, game), locale=where, name="Ada")
        people.append(person)
        code, name, meaning = hand_tip(person)
        assert name and meaning and meaning != name, (code, name, meaning)
        expect_meaning(game, words, code, meaning)
    english, other = people
    assert not english.errors and not other.errors, english.errors + other.errors
    for person in people:
        person.page.context.close()
