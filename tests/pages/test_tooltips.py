"""A card's meaning at hand (lib/cards.js): focusing or hovering any card
shows a tooltip in the player's language, at the table and in a replay;
a game module's `cardInfo` adds what the card does."""

from __future__ import annotations

from typing import Any

from tests.pages.browser import SHOTS, Server
from tests.pages.test_motion import finished_bot_table, papayoo_table, seated
from tests.pages.test_play import new_person

TIP = ".card-tip:not([hidden])"


def focused_tip(page: Any, card: Any) -> str:
    card.focus()
    page.locator(TIP).wait_for()
    described = page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    assert described and page.locator(f"#{described}").is_visible()
    text: str = page.locator(TIP).inner_text()
    return text


def test_a_focused_card_says_what_it_is_in_two_languages(browser: Any, server: Server) -> None:
    invite = papayoo_table(server, seed=11)
    english = seated(browser, invite, name="Ada")
    hand = english.page.locator(".board .hand .card-slot.legal").first
    hand.wait_for()
    name = hand.locator("svg.card").get_attribute("aria-label")
    assert " of " in name
    tip = focused_tip(english.page, hand)
    assert tip.splitlines()[0] == name and "null" not in tip, tip
    english.page.screenshot(path=str(SHOTS / "papayoo-card-tooltip.png"))
    english.page.keyboard.press("Escape")
    assert english.page.locator(TIP).count() == 0
    # Hover shows it too.
    english.page.locator(".board svg.card").nth(1).hover()
    english.page.locator(TIP).wait_for()

    ukrainian = seated(browser, papayoo_table(server, seed=11), locale="uk-UA", name="Оля")
    card = ukrainian.page.locator(".board .hand .card-slot.legal").first
    card.wait_for()
    word = card.locator("svg.card").get_attribute("aria-label")
    assert " of " not in word
    assert any(suit in word for suit in ("піки", "чирви", "бубни", "трефи", "пайю", "Пайю"))
    assert word in focused_tip(ukrainian.page, card)
    assert not english.errors and not ukrainian.errors, english.errors + ukrainian.errors


def test_cards_in_a_replay_have_tooltips_and_game_meanings(browser: Any,
                                                           server: Server) -> None:
    table = finished_bot_table(server)
    person = new_person(browser)
    person.goto(f"{server.base}/replays/{table}?seat=0&step=3")
    page = person.page
    card = page.locator(".replay-board svg.card").first
    card.wait_for()
    # A card not played from here is still reached by the keyboard.
    assert card.get_attribute("tabindex") == "0"
    assert card.get_attribute("aria-label") in focused_tip(page, card)
    # The game's hook: cardInfo(code, ctx) adds a sentence (a stand-in module here).
    meaning = page.evaluate("""async () => {
      const { cardMeaning } = await import('/static/lib/cards.js');
      const module = { cardInfo: (code, ctx) => `${code} in ${ctx.lang}` };
      return [cardMeaning(module, '7S', { lang: 'uk' }), cardMeaning({}, '7S', {}),
              cardMeaning({ cardInfo: () => { throw new Error('x'); } }, '7S', {})];
    }""")
    assert meaning == ["7S in uk", None, None]
    assert not [e for e in person.errors if "Error: x" not in e], person.errors


LONG_PRESS = """async (card) => {
  const at = card.getBoundingClientRect();
  const touch = { bubbles: true, pointerType: 'touch', clientX: at.left + 5, clientY: at.top + 5 };
  card.dispatchEvent(new PointerEvent('pointerdown', touch));
  await new Promise((done) => setTimeout(done, 700));
  card.dispatchEvent(new PointerEvent('pointerup', touch));
  card.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const tip = document.querySelector('.card-tip:not([hidden])');
  return tip ? tip.textContent : null;
}"""


def test_a_long_press_shows_the_tooltip_and_plays_nothing(browser: Any, server: Server) -> None:
    person = seated(browser, papayoo_table(server, seed=13))
    page = person.page
    # Once the bots have passed, nothing redraws the hand under the hold.
    page.locator(".log li", has_text="has chosen the cards to pass").nth(2).wait_for()
    card = page.locator(".board .hand .card-slot.legal svg.card").first
    card.wait_for()
    name = card.get_attribute("aria-label")
    sent = len(person.sent)
    shown = page.evaluate(LONG_PRESS, card.element_handle())
    assert shown.startswith(name), (shown, name)  # the name, then what the card does
    page.wait_for_timeout(200)
    # The click that ended the hold chose nothing.
    assert page.locator(".selected").count() == 0
    assert len(person.sent) == sent
    assert not person.errors, person.errors
