"""Fixtures of the server tests: ``db_url`` runs a test against SQLite (a
file in its tmp_path) and against PostgreSQL (a fresh database on this
process's throwaway cluster, see ``postgres.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.postgres import MISSING, Cluster, require_cluster, stop_cluster
from tests.server.support import sqlite_url


@pytest.fixture(scope="session")
def postgres_cluster(pytestconfig: pytest.Config) -> Iterator[Cluster]:
    """The PostgreSQL of this test process, stopped when the session ends
    (skips, or fails with CARDROOM_REQUIRE_POSTGRES=1, where it is missing)."""
    cluster = require_cluster(pytestconfig)
    yield cluster
    stop_cluster()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """A fresh, empty PostgreSQL database for one test."""
    return postgres_cluster.fresh_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database, once of each kind."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say it loudly when the PostgreSQL tests were skipped."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if MISSING in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.section("PostgreSQL MISSING", sep="!", red=True, bold=True)
        reason = str(skipped[0].longrepr[2]) if isinstance(skipped[0].longrepr, tuple) else ""
        terminalreporter.write_line(f"{len(skipped)} PostgreSQL tests were SKIPPED. {reason}",
                                    red=True, bold=True)
        terminalreporter.write_line("Set CARDROOM_REQUIRE_POSTGRES=1 to make this a failure.",
                                    red=True)
