"""The rating people read: 1000 + 100 x ordinal as a whole number, never
below 0, so a newcomer's first lost game reads 817, not "-1.8"; the order
is the ordinal's, and the leaderboard and an account send it as ``rating``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from cardroom.server import ratings
from cardroom.server.store import Finish, Store
from tests.server.support import sqlite_url
from tests.server.test_store import table


def test_a_newcomer_reads_1000_and_a_first_game_stays_positive() -> None:
    assert ratings.shown(0.0) == 1000  # openskill's start: mu 25, sigma 25/3
    moved = ratings.update([[1], [2]], {})
    winner, loser = (ratings.public(*moved[a]) for a in (1, 2))
    assert loser["ordinal"] < 0 < loser["rating"]  # was shown as "-1.8"
    assert (winner["rating"], loser["rating"]) == (1344, 817)
    assert isinstance(loser["rating"], int)


def test_the_shown_rating_keeps_the_order_and_never_goes_below_zero() -> None:
    ordinals = [-20.0, -10.0, -9.99, -1.833, 0.0, 0.004, 3.4, 40.0]
    shown = [ratings.shown(o) for o in ordinals]
    assert shown == [0, 0, 1, 817, 1000, 1000, 1340, 5000]
    assert shown == sorted(shown)
    model = PlackettLuce()
    last = (model.rating().mu, model.rating().sigma, 0)
    for _ in range(200):  # a long run of last places
        last = (*ratings.update([[1], [2]], {1: (25.0, 2.0, 0), 2: last})[2], 0)
    assert ratings.public(last[0], last[1])["rating"] >= 0


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(sqlite_url(tmp_path))
    store.upgrade()
    yield store
    store.close()


def test_the_leaderboard_and_the_account_send_the_shown_rating(store: Store) -> None:
    ada = store.create_account("ada", "hash")
    bob = store.create_account("bob", "hash")
    store.create_table(table("t1", rated=True))
    store.append("t1", 0, 0, "play 1S",
                 finish=Finish({"ranking": [[0], [1]]}, rated_ranking=[[ada], [bob]]))
    board = store.leaderboard("papayoo", 10)
    assert [(row["name"], row["rating"]) for row in board] == [("ada", 1344), ("bob", 817)]
    assert store.account_ratings(bob)[0]["rating"] == 817
