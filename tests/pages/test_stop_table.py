"""The creator of a table of bots stops it from the table page, as a
person would: the lobby's form makes it, the table offers Stop, and the
page says the table was stopped. Nobody else is offered the button."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.test_play import get_json, new_person


@pytest.fixture
def paced(tmp_path: Any) -> Iterator[Server]:
    """A server whose bots keep a person's pace (the suite's one server has
    no delay, and a table of bots would be over before anyone could stop it)."""
    running = Server(tmp_path, extra=["--bot-delay", "0.3"])
    try:
        yield running
    finally:
        running.stop()


def test_the_creator_stops_a_table_of_bots_from_the_page(browser: Any, paced: Server) -> None:
    server = paced
    person = new_person(browser)
    page = person.page
    person.goto(f"{server.base}/")
    page.get_by_label("Game", exact=True).select_option("papayoo")
    page.get_by_label("Players", exact=True).fill("3")
    page.locator("[data-option='rounds']").fill("40")  # still playing when stopped
    for seat in range(3):
        page.locator(f"[data-seat='{seat}']").select_option("bot:heuristic")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_selector(".table-page")
    table = page.url.rsplit("/", 1)[-1]

    stranger = new_person(browser)
    stranger.goto(f"{server.base}/tables/{table}")
    stranger.page.wait_for_selector(".table-page")
    assert stranger.page.get_by_role("button", name="Stop this table").count() == 0

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Stop this table").click()
    page.get_by_text("This table was stopped by the person who made it.").wait_for()
    stranger.page.get_by_text("This table was stopped by the person who made it.").wait_for()
    assert get_json(server, f"/api/tables/{table}")["ended"] == "stopped"
    assert page.get_by_role("button", name="Stop this table").count() == 0
    assert not person.errors and not stranger.errors, person.errors + stranger.errors
