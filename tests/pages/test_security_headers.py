"""The pages under the card room's Content-Security-Policy, in a real
Chromium: the lobby, a table played over its WebSocket and a replay drawing
Muzicando's grid run without a single violation; and a page on another site
can neither write to the card room (a text/plain fetch, a form) nor frame it
(security review, finding 12)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_muzicando_layout import SEEDS, bots_game, most_covered_step
from tests.pages.test_play import get_json, new_person, post, sit_down

# Every violation the page's documents report, from before their own scripts
# run (an init script is the browser's, not the page's: CSP does not apply).
WATCH = """(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`
    + ` at ${e.sourceFile}:${e.lineNumber}`));
})()"""
TABLE = {"game": "papayoo", "players": 3, "options": {"rounds": 1},
         "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                   {"kind": "bot", "bot": "heuristic"}]}


class Watched:
    """A person whose page's policy violations and console are kept."""

    def __init__(self, person: Person) -> None:
        self.person, self.page = person, person.page
        self.console: list[str] = []
        self.page.on("console", lambda message: self.console.append(message.text))
        self.page.add_init_script(script=WATCH)

    def goto(self, url: str) -> Any:
        answer = self.page.goto(url)
        assert answer is not None and answer.ok, url
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"], url
        return answer

    def violations(self) -> list[str]:
        seen: list[str] = self.page.evaluate("window.__violations")
        said = [text for text in self.console if "Content Security Policy" in text]
        return seen + said


def test_the_pages_run_under_the_policy(browser: Any, server: Server) -> None:
    ann = Watched(new_person(browser))
    ann.goto(f"{server.base}/")
    ann.page.get_by_role("button", name="Create the table").wait_for()
    assert ann.violations() == [], "the lobby"

    # A table over HTTP; the page sits down (its own write) and plays a move
    # over the table connection (connect-src).
    created = post(server, "/api/tables", TABLE)
    ann.goto(f"{server.base}{created['invite']}")
    sit_down(ann.person, "Ann")
    ann.person.wait_playable()
    assert ann.violations() == [], "the table"

    # Muzicando's grid sets its columns in a style attribute (style-src-attr).
    table, step = grid_replay(server)
    ann.goto(f"{server.base}/replays/{table}?step={step}")
    grid = ann.page.locator(".muzicando .grid")
    grid.wait_for()
    columns = grid.evaluate("(node) => getComputedStyle(node).gridTemplateColumns")
    assert len(columns.split()) > 1, columns
    assert ann.violations() == [], "the replay"
    assert not ann.person.errors, ann.person.errors

    # The watch itself works: script the page did not load is refused, and seen.
    ran = ann.page.evaluate("""() => { const s = document.createElement('script');
      s.textContent = 'window.__ran = true'; document.body.append(s); return !!window.__ran; }""")
    assert ran is False
    ann.page.wait_for_function("window.__violations.length > 0")
    assert "script-src" in ann.violations()[0]


def grid_replay(server: Server) -> tuple[str, int]:
    """A finished Muzicando table of bots and a replay step with its grid."""
    for seed in SEEDS:
        table, record = bots_game(server, seed)
        step, covers = most_covered_step(record)
        if covers:
            return table, step
    raise AssertionError(f"no seed in {SEEDS} gave Muzicando a grid")


def test_another_site_can_neither_write_nor_frame_the_room(browser: Any,
                                                           server: Server) -> None:
    before = listed(server)
    body = json.dumps({**TABLE, "x": "="})
    # A form's text/plain body is name=value: the name carries the JSON.
    name, value = body.split("=", 1)
    page = f"""<iframe src="{server.base}/"></iframe>
<form method="post" action="{server.base}/api/tables" enctype="text/plain">
<input type="hidden" name='{name}' value='{value}'></form>
<script>fetch("{server.base}/api/tables", {{method: "POST", mode: "no-cors",
  headers: {{"content-type": "text/plain"}}, body: {json.dumps(body)}}})</script>"""
    eve = new_person(browser).page
    console: list[str] = []
    eve.on("console", lambda message: console.append(message.text))
    with another_site(page) as url:
        with eve.expect_response(f"{server.base}/api/tables") as sent:
            eve.goto(url)
        assert sent.value.status == 403
        wait_until(eve, lambda: any("frame-ancestors 'none'" in text for text in console))
        with eve.expect_navigation():
            eve.evaluate("document.forms[0].submit()")
    refusal = json.loads(eve.inner_text("pre"))["error"]
    assert refusal["code"] == "forbidden" and "another web site" in refusal["message"]
    assert listed(server) == before


def listed(server: Server) -> set[str]:
    return {table["id"] for table in get_json(server, "/api/tables")["tables"]}


def wait_until(page: Any, done: Callable[[], bool], timeout_s: float = 10) -> None:
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(50)


@contextmanager
def another_site(page: str) -> Iterator[str]:
    """``page`` served from http://localhost on a port of its own: another
    site than the card room's http://127.0.0.1 (and on the loopback like
    it, so Chromium's local-network checks let its requests out)."""
    html = page.encode()

    class Site(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args: Any) -> None:
            pass

    site = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()
