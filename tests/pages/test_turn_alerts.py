"""A turn the person cannot miss (issue 40, item 3): the tab's title and
icon, an optional sound (off by default, remembered), a notification while
the tab is hidden (asked for only on a click), and a warning when the
clock runs low. The browser's Notification and AudioContext are stood in
for here, to count what the page asked of them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_play import friends_table, post, sit_down

expect = pytest.importorskip("playwright.sync_api").expect

STAND_INS = """
window.__notes = []; window.__asked = 0; window.__tones = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body }); }
}
FakeNotification.permission = 'default';
FakeNotification.requestPermission = async () => {
  window.__asked += 1; FakeNotification.permission = 'granted'; return 'granted';
};
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, 'hidden', { get() { return window.__hidden; } });
class FakeAudio {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createGain() { return { gain: { value: 0 }, connect: (next) => next }; }
  createOscillator() {
    return { frequency: { value: 0 }, connect: (next) => next,
      start: () => { window.__tones += 1; }, stop() {} };
  }
}
window.AudioContext = FakeAudio;
"""


def watched_person(browser: Any) -> Person:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(STAND_INS)
    return Person(context.new_page())


def icon(page: Any) -> str:
    return str(page.evaluate("document.querySelector(\"link[rel~='icon']\").getAttribute('href')"))


def pass_five(page: Any) -> None:
    for _ in range(5):
        page.locator(".hand .card-slot.legal:not(.selected)").first.click()
    page.locator("[data-confirm]").click()


def test_the_title_icon_sound_and_notification_say_it_is_your_turn(
        browser: Any, server: Server) -> None:
    invite = friends_table(server, "papayoo")
    ann, bob = watched_person(browser), watched_person(browser)
    ann.goto(invite)
    sit_down(ann, "Ann")
    page = ann.page
    # Waiting for Bob: not Ann's turn, nothing asked of the browser yet.
    expect(page.locator(".prompt")).to_contain_text("Waiting for everyone")
    assert page.title() == "Papayoo · cardroom"
    assert icon(page) == "/static/favicon.svg"
    assert page.evaluate("window.__asked") == 0
    # Ann turns both on; only her click asks the browser's permission.
    page.locator("[data-key='notify']").click()
    expect(page.locator("[data-key='notify']")).to_have_text("Notifications: on")
    assert page.evaluate("window.__asked") == 1
    page.locator("[data-key='sound']").click()
    expect(page.locator("[data-key='sound']")).to_have_text("Sound on my turn: on")
    tones = page.evaluate("window.__tones")
    assert tones > 0  # the click plays it once, to hear it
    page.evaluate("window.__hidden = true")
    bob.goto(invite)
    sit_down(bob, "Bob")
    page.wait_for_function("() => document.title.startsWith('▶ Your turn')")
    assert icon(page) == "/static/table/turn.svg"
    page.wait_for_function("() => window.__notes.length === 1")
    assert page.evaluate("window.__notes[0].body") == "Your turn."
    assert page.evaluate("window.__tones") > tones
    # Her cards passed, she waits for Bob: the title and icon are plain again.
    page.wait_for_selector(".legal")
    pass_five(page)
    page.wait_for_function("() => document.title === 'Papayoo · cardroom'")
    assert icon(page) == "/static/favicon.svg"
    # The sound stays on after a reload: this browser remembers it.
    page.reload()
    expect(page.locator("[data-key='sound']")).to_have_text("Sound on my turn: on")
    assert not ann.errors, ann.errors


def test_by_default_there_is_no_sound_and_no_question(browser: Any, server: Server) -> None:
    invite = friends_table(server, "papayoo")
    ann, bob = watched_person(browser), watched_person(browser)
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.goto(invite)
        sit_down(person, name)
    page = ann.page
    page.evaluate("window.__hidden = true")
    page.wait_for_function("() => document.title.startsWith('▶ Your turn')")
    expect(page.locator("[data-key='sound']")).to_have_text("Sound on my turn: off")
    expect(page.locator("[data-key='notify']")).to_have_text("Notify me when it's my turn")
    page.wait_for_timeout(300)
    assert page.evaluate("[window.__tones, window.__asked, window.__notes.length]") == [0, 0, 0]


def test_a_low_clock_is_warned_before_a_bot_takes_over(browser: Any, server: Server) -> None:
    created = post(server, "/api/tables", {
        "game": "papayoo", "players": 4, "options": {"rounds": 1},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
        "clock": {"initial_s": 8, "per_move_s": 0}})
    ann = watched_person(browser)
    ann.goto(f"{server.base}{created['invite']}")
    sit_down(ann, "Ann")
    page = ann.page
    warning = page.locator(".prompt .clock-warning")
    expect(warning).to_contain_text("left: play now, or a bot takes over at zero")
    expect(page.locator(".seat.mine .clock.low")).to_be_visible()
    page.wait_for_function("() => document.title.startsWith('⏱ 0:')")
    # At zero a bot plays for her: then it says so, and warns no more.
    expect(page.locator(".prompt")).to_contain_text("a bot is playing for you", timeout=20_000)
    expect(warning).to_have_count(0)
