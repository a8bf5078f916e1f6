"""The lessons in a real browser (issue 41): each game's /learn/<game> is
finished by clicking only what the page marks data-tutorial="target", in
English and in one other language (that one on a 360 px phone); a click on
anything else explains and changes nothing; the lobby and the Rules dialog
lead to the lessons."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cardroom.core.lessons import load_lesson
from cardroom.games import all_games
from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_card_info import OTHER

GAMES = [game.id for game in all_games() if load_lesson(game) is not None]
TARGET = "[data-tutorial='target']"
DONE = "[data-tutorial='done']"
LESSON_WAIT_S = 60
# The step counter's number ("Step 3 of 12", "ステップ 3 / 12"): the first number.
STEP_NUMBER = """() => {
  const count = document.querySelector('.lesson-count');
  return count ? Number(count.textContent.match(/\\d+/)[0]) : null;
}"""


def learner(browser: Any, server: Server, game: str, locale: str = "en-US",
            width: int = 1280) -> Person:
    context = browser.new_context(viewport={"width": width, "height": 800 if width < 600 else 900},
                                  locale=locale, reduced_motion="reduce")
    person = Person(context.new_page())
    person.goto(f"{server.base}/learn/{game}")
    person.page.wait_for_selector(".table-page .lesson")
    return person


def next_mark(page: Any) -> str:
    """Waits until the page marks a target or the end; which one."""
    page.wait_for_selector(f"{TARGET}, {DONE}", timeout=LESSON_WAIT_S * 1000)
    return "done" if page.locator(DONE).count() else "target"


def finish(person: Person, shots: str | None = None, limit: int = 200) -> int:
    """Clicks only the marked target until the lesson is done; the clicks.
    With ``shots``, screenshots of the first step, a middle one and the end."""
    page = person.page
    clicks = 0
    deadline = time.monotonic() + LESSON_WAIT_S * 5
    while next_mark(page) == "target":
        assert clicks < limit and time.monotonic() < deadline, "the lesson never ended"
        if shots and clicks == 0:
            person.screenshot(f"{shots}-first")
        if shots and clicks == 8:
            person.screenshot(f"{shots}-middle")
        try:
            page.locator(TARGET).first.click(timeout=5000)
        except Exception as err:  # redrawn under the click: look again
            if not any(w in str(err) for w in ("detached", "Timeout", "not attached")):
                raise
            continue
        clicks += 1
    if shots:
        person.screenshot(f"{shots}-last")
    return clicks


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_finished_by_clicking_only_its_targets(browser: Any, server: Server,
                                                           game: str) -> None:
    person = learner(browser, server, game)
    clicks = finish(person, shots=f"lesson-{game}-en")
    assert clicks >= len(load_steps(game))
    done = person.page.locator(DONE)
    assert done.locator("[data-practice]").count() == 1
    assert not person.errors, person.errors


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_in_another_language_on_a_phone(browser: Any, server: Server,
                                                 game: str) -> None:
    locale, lang = OTHER[game]
    person = learner(browser, server, game, locale=locale, width=360)
    assert person.page.evaluate("() => document.documentElement.lang") == lang
    first = person.page.locator(".lesson-text").inner_text()
    assert first and "lesson." not in first
    finish(person, shots=f"lesson-{game}-{lang}-360")
    width = person.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px phone"
    assert not person.errors, person.errors


def load_steps(game: str) -> list[Any]:
    found = next(load_lesson(g) for g in all_games() if g.id == game)
    assert found is not None
    return list(found.steps)


# A card or move of the board that is not the target: a click on it must not move the lesson on.
OTHER_CARD = """() => {
  // A move the step does not ask for first (a hand card), else any card or move.
  const cards = [...new Set([...document.querySelectorAll('.board .unplayable [data-card]'),
    ...document.querySelectorAll('.board [data-card], .board .unplayable')])];
  const other = cards.find((n) => !n.closest("[data-tutorial='target']")
    && !n.querySelector("[data-tutorial='target']"));
  if (!other) return false;
  other.setAttribute('data-other', '');
  return true;
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_click_explains_and_changes_nothing(browser: Any, server: Server,
                                                    game: str) -> None:
    person = learner(browser, server, game)
    page = person.page
    moves = 0
    # Up to the first step that asks for a move, then a click beside it.
    while True:
        assert next_mark(page) == "target"
        if page.locator(f".lesson-next{TARGET}").count() == 0 and page.evaluate(OTHER_CARD):
            break
        page.locator(TARGET).first.click()
        moves += 1
        assert moves < 60, "no step with a card beside its target"
    step = page.evaluate(STEP_NUMBER)
    sent = len(person.sent)
    page.locator("[data-other]").first.click(force=True)
    why = page.locator(".why-not:not([hidden])")
    why.wait_for(timeout=10_000)
    assert why.inner_text().strip()
    page.wait_for_timeout(300)
    assert page.evaluate(STEP_NUMBER) == step
    assert page.locator(TARGET).count() == 1
    acts = [m for m in person.sent[sent:] if m.get("cmd") == "act"]
    # Only a move the rules refuse goes to the server, to be refused there.
    for message in acts:
        answer = next(f for f in person.frames if f.get("id") == message.get("id"))
        assert not answer["ok"]
    assert not person.errors, person.errors


def test_the_lobby_and_the_rules_lead_to_the_lessons(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    person = Person(context.new_page())
    person.goto(server.base)
    page = person.page
    page.wait_for_selector("[data-learn]")
    links = page.eval_on_selector_all("[data-learn]", "(ns) => ns.map((n) => n.href)")
    assert sorted(links) == sorted(f"{server.base}/learn/{g}" for g in GAMES)
    page.locator(f"[data-learn='{GAMES[0]}']").click()
    page.wait_for_selector(".table-page .lesson")
    assert page.url.endswith(f"/learn/{GAMES[0]}")
    page.locator("[data-key='rules']").click()
    assert page.locator(f"dialog [data-learn='{GAMES[0]}']").count() == 1
    assert not person.errors, person.errors


def test_a_reload_goes_on_where_it_was_and_practice_seats_the_learner(
        browser: Any, server: Server) -> None:
    game = GAMES[0]
    person = learner(browser, server, game)
    page = person.page
    for _ in range(3):
        assert next_mark(page) == "target"
        page.locator(TARGET).first.click()
    next_mark(page)
    step = page.evaluate(STEP_NUMBER)
    tables = [m for m in person.frames if "table" in m and isinstance(m.get("table"), dict)]
    table = tables[-1]["table"]["id"]
    page.reload()
    page.wait_for_selector(".table-page .lesson")
    next_mark(page)
    assert page.evaluate(STEP_NUMBER) == step
    again = [m for m in person.frames if "table" in m and isinstance(m.get("table"), dict)]
    assert again[-1]["table"]["id"] == table  # the same lesson's table, not a new one
    finish(person)
    page.locator(f"{DONE} [data-practice]").click()
    page.wait_for_url(f"{server.base}/tables/**")
    page.wait_for_selector(".table-page")
    page.wait_for_selector("[data-key='hint']", timeout=30_000)
    info = page.evaluate("(id) => fetch('/api/tables/' + id).then((r) => r.json())",
                         page.url.rsplit("/", 1)[1])
    assert info["hints"] and "lesson" not in info
    assert [s["bot"] for s in info["seats"] if s["kind"] == "bot"] == \
        ["easy"] * (info["players"] - 1)
    assert not person.errors, person.errors
