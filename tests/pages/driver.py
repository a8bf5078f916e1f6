"""A person at a table page, as Playwright drives it: clicks only what the
page offers as a legal move (class ``legal``) and Confirm, nothing else."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.pages.browser import SHOTS

MOVE_WAIT_MS = 30_000
# Something to click, or the end: the page has moved on to this person.
PLAYABLE = """() => document.querySelector('.final') !== null
  || [...document.querySelectorAll('.legal, [data-confirm]')]
       .some((node) => node.getClientRects().length > 0)"""


class Person:
    """One browser page and the errors it logged; ``frames`` keeps every
    WebSocket message the page received, to check what it was sent, and
    ``sent`` every message it sent."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.misses: list[str] = []  # clicks that found the table redrawn under them
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.errors.append(f"page error: {err}"))
        page.on("websocket", self._socket)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(parsed(payload)))
        socket.on("framesent", lambda payload: self.sent.append(parsed(payload)))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def over(self) -> bool:
        return bool(self.page.locator(".final").count())

    def wait_playable(self) -> None:
        self.page.wait_for_function(PLAYABLE, timeout=MOVE_WAIT_MS)

    def move(self, rng: random.Random) -> bool:
        """One click on a legal move (or Confirm); False when nothing is
        playable right now (someone else's turn)."""
        confirm = self.page.locator("[data-confirm]:visible")
        if confirm.count():
            return self._click(confirm.first)
        legal = self.page.locator(".legal:visible")
        count = legal.count()
        if count == 0:
            return False
        return self._click(legal.nth(rng.randrange(count)))

    def _click(self, target: Any) -> bool:
        try:
            target.click(timeout=3000)
        except Exception as err:  # the table was redrawn under the click
            self.misses.append(str(err).splitlines()[0])
            if "detached" in str(err) or "Timeout" in str(err) or "not attached" in str(err):
                return False
            raise
        return True

    def play_to_end(self, rng: random.Random, shot: str | None = None,
                    mid_after: int = 12, limit: int = 4000) -> int:
        """Clicks legal moves until the final summary shows; returns clicks."""
        clicks = 0
        for _ in range(limit):
            self.wait_playable()
            if self.over():
                if shot:
                    self.screenshot(f"{shot}-end")
                return clicks
            if self.move(rng):
                clicks += 1
                if shot and clicks == mid_after:
                    self.screenshot(f"{shot}-mid")
        raise AssertionError(f"no end after {limit} rounds of clicking")

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def parsed(payload: str | bytes) -> dict[str, Any]:
    text = payload.decode() if isinstance(payload, bytes) else payload
    message: dict[str, Any] = json.loads(text)
    return message


def hand_anywhere(value: Any) -> bool:
    """Whether any object inside a JSON value holds cards under ``hand``
    (a list; Love Formula's final breakdown has a number there, VP from hand)."""
    if isinstance(value, dict):
        return isinstance(value.get("hand"), list) or any(
            hand_anywhere(v) for v in value.values())
    if isinstance(value, list):
        return any(hand_anywhere(v) for v in value)
    return False
