"""Fixtures of the browser tests: one ``cardroom serve`` and one Chromium
per test process, a fresh browser context per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pages.browser import MISSING, REQUIRE_ENV, Server, require_chromium

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="session")
def chromium() -> str:
    return require_chromium()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("pages-server"))
    yield running
    running.stop()


# Module scope, not session: while Playwright's sync API is open it keeps an
# event loop running in this thread, and a later test module on the same
# worker that calls asyncio.run() (the server's restart test) would fail.
@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[object]:
    from tests.pages.browser import CHROMIUM_ARGS
    with playwright_api.sync_playwright() as play:
        launched = play.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say it loudly when the browser tests were skipped."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if MISSING in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.section("BROWSER MISSING", sep="!", red=True, bold=True)
        terminalreporter.write_line(f"{len(skipped)} browser tests were SKIPPED.",
                                    red=True, bold=True)
        terminalreporter.write_line(f"Set {REQUIRE_ENV}=1 to make this a failure.", red=True)

