"""The card room's storage against SQLite and PostgreSQL: migrations, the
schema they make against the models, tables and their records, ratings,
chat, accounts; and one game played to the end on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from cardroom.server import models
from cardroom.server.store import (
    CHAT_KEPT,
    MIGRATIONS,
    Finish,
    NameTaken,
    SeatData,
    Store,
    TableData,
)
from tests.server.support import LiveServer, WsClient

SEED = 2**63 - 1  # the largest random seed (secrets.randbits(63)): a 64-bit column


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    store = Store(db_url)
    store.upgrade()
    yield store
    store.close()


def table(table_id: str, created_at: float = 1.0, **fields: Any) -> TableData:
    seats = [
        SeatData(0, "human", name="Ada", token_hash="a" * 64, control="seated", clock_s=300.0),
        SeatData(1, "bot", bot="random", budget={"iterations": 50, "ms": 20.5},
                 name="random", control="bot"),
        SeatData(2, "human"),
    ]
    values: dict[str, Any] = {
        "id": table_id, "game": "papayoo", "players": 3, "seed": SEED,
        "options": {"rounds": 2, "stack": {"hands": [["1S", "ÉÀ"]]}, "ratio": 0.25},
        "status": "playing", "clock": (300.0, 5.0), "created_at": created_at, "seats": seats,
        **fields}
    return TableData(**values)


HEAD = sorted(p.name.split("_")[0] for p in MIGRATIONS.glob("versions/0*.py"))[-1]


def tables_of(store: Store) -> set[str]:
    with store.engine.connect() as conn:
        return set(sa.inspect(conn).get_table_names())


# ----- schema ----------------------------------------------------------------------
def test_migrations_make_the_schema_and_a_second_upgrade_changes_nothing(db_url: str) -> None:
    store = Store(db_url)
    try:
        assert tables_of(store) == set()
        store.upgrade()
        expected = set(models.Base.metadata.tables) | {"alembic_version"}
        assert tables_of(store) == expected
        with store.engine.connect() as conn:
            assert conn.scalar(sa.text("SELECT version_num FROM alembic_version")) == HEAD
        store.create_table(table("t1"))
        statements: list[str] = []
        sa.event.listen(store.engine, "before_cursor_execute",
                        lambda *args: statements.append(args[2]))
        store.upgrade()  # a no-op: no change is written, the data is kept
        changes = [s for s in statements if s.split()[0].upper() in
                   ("CREATE", "ALTER", "DROP", "INSERT", "UPDATE", "DELETE")]
        assert statements and changes == []
        assert tables_of(store) == expected
        assert store.load_table("t1") is not None
        with store.engine.connect() as conn:
            assert conn.scalar(sa.text("SELECT count(*) FROM alembic_version")) == 1
    finally:
        store.close()


def schema_differences(store: Store, metadata: sa.MetaData) -> list[Any]:
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        differences: list[Any] = compare_metadata(context, metadata)
    return [d for d in differences if not _alembic_own(d)]


def _alembic_own(difference: Any) -> bool:
    return (isinstance(difference, tuple) and difference[0] == "remove_table"
            and difference[1].name == "alembic_version")


def test_the_models_and_the_migrations_agree(store: Store) -> None:
    assert schema_differences(store, models.Base.metadata) == []
    # The comparison does see a difference, when there is one.
    changed = sa.MetaData()
    for t in models.Base.metadata.tables.values():
        t.to_metadata(changed)
    changed.tables["actions"].append_column(sa.Column("extra", sa.Integer))
    sa.Table("later", changed, sa.Column("id", sa.Integer, primary_key=True))
    kinds = sorted(d[0] for d in schema_differences(store, changed))
    assert kinds == ["add_column", "add_table"]


# ----- tables ----------------------------------------------------------------------
def test_a_table_is_stored_and_loaded_with_its_seats_and_actions(store: Store) -> None:
    store.create_table(table("t1", rated=True, hints=False, prepared=True))
    store.create_table(table("t2", clock=None, seed=-5))
    moves = [(0, "play 1S"), (1, "play 2S"), (2, "play 3S"), (0, "pass 10D")]
    for idx, (seat, action) in enumerate(moves):
        store.append("t1", idx, seat, action)
    store.update_seat("t1", 2, name="Bob", control="seated", account_id=None)

    loaded = store.load_table("t1")
    expected = table("t1", rated=True, hints=False, prepared=True, actions=moves)
    expected.seats[2] = SeatData(2, "human", name="Bob", control="seated")
    assert loaded == expected
    assert loaded.seed == SEED and loaded.clock == (300.0, 5.0)
    assert loaded.options == {"rounds": 2, "stack": {"hands": [["1S", "ÉÀ"]]}, "ratio": 0.25}
    assert loaded.seats[1].budget == {"iterations": 50, "ms": 20.5}

    other = store.load_table("t2")
    assert other is not None
    assert other.actions == [] and other.clock is None and other.seed == -5
    assert store.load_table("nope") is None
    batch = store.load_tables(["t2", "nope", "t1"])  # a takeover's batch: the same tables
    assert sorted(batch, key=lambda data: data.id) == [loaded, other]
    with pytest.raises(ValueError, match="no seat fields"):
        store.update_seat("t1", 0, colour="red")


def test_an_action_index_is_stored_once(store: Store) -> None:
    """The primary key (table_id, idx): a second action at the same index is
    refused, and nothing of its transaction (clocks, finish) is kept."""
    store.create_table(table("t1"))
    store.create_table(table("t2"))
    store.append("t1", 0, 0, "play 1S")
    store.append("t2", 0, 0, "play 1S")  # the same index at another table is fine
    with pytest.raises(IntegrityError):
        store.append("t1", 0, 1, "play 2S", seats={0: {"clock_s": 1.0}},
                     finish=Finish({"ranking": [[0], [1], [2]]}))
    loaded = store.load_table("t1")
    assert loaded is not None
    assert loaded.actions == [(0, "play 1S")]
    assert loaded.seats[0].clock_s == 300.0
    assert loaded.status == "playing" and loaded.result is None
    store.append("t1", 1, 1, "play 2S")
    loaded = store.load_table("t1")
    assert loaded is not None and loaded.actions == [(0, "play 1S"), (1, "play 2S")]


def test_append_moves_the_clocks_and_a_finish_ends_the_game(store: Store) -> None:
    store.create_table(table("t1"))
    store.append("t1", 0, 0, "play 1S", seats={0: {"clock_s": 295.5}})
    loaded = store.load_table("t1")
    assert loaded is not None
    assert loaded.seats[0].clock_s == 295.5 and loaded.status == "playing"
    assert loaded.finished_at is None

    result = {"ranking": [[2], [0, 1]], "scores": [3, 3, -1.5], "over": True}
    store.append("t1", 1, 1, "play 2S", seats={0: {"clock_s": 290.0, "control": "away"}},
                 finish=Finish(result))
    loaded = store.load_table("t1")
    assert loaded is not None
    assert loaded.status == "over" and loaded.result == result
    assert loaded.finished_at is not None and loaded.finished_at > 0
    assert loaded.seats[0].clock_s == 290.0 and loaded.seats[0].control == "away"
    assert loaded.actions == [(0, "play 1S"), (1, "play 2S")]


def test_status_and_which_tables_are_live(store: Store) -> None:
    store.create_table(table("late", created_at=30.0, status="waiting"))
    store.create_table(table("early", created_at=10.0))
    store.create_table(table("over", created_at=20.0))
    store.append("early", 0, 0, "play 1S")
    store.append("over", 0, 0, "play 1S", finish=Finish({"ranking": [[0]]}))
    assert store.live_table_ids() == ["early", "late"]
    early = store.load_table("early")
    assert early is not None
    assert early.actions == [(0, "play 1S")] and len(early.seats) == 3
    store.set_status("late", "playing")
    assert store.live_table_ids() == ["early", "late"]
    store.set_status("late", "over")
    assert store.live_table_ids() == ["early"]


def test_finished_tables_newest_first_and_of_one_account(store: Store) -> None:
    ada = store.create_account("ada", "hash")
    bob = store.create_account("bob", "hash")
    for name, account in (("t1", ada), ("t2", bob), ("t3", ada), ("t4", None)):
        data = table(name)
        data.seats[0].account_id = account
        store.create_table(data)
        store.append(name, 0, 0, "play 1S", finish=Finish({"ranking": [[0]], "name": name}))
    store.create_table(table("live"))

    assert [t.id for t in store.finished_tables(10)] == ["t4", "t3", "t2", "t1"]
    assert [t.id for t in store.finished_tables(2)] == ["t4", "t3"]
    mine = store.finished_tables(10, ada)
    assert [t.id for t in mine] == ["t3", "t1"]
    assert mine[0].actions == [] and len(mine[0].seats) == 3  # without their actions
    assert mine[0].result == {"ranking": [[0]], "name": "t3"}
    assert [t.id for t in store.finished_tables(10, bob)] == ["t2"]
    assert store.finished_tables(10, bob + ada + 100) == []


# ----- ratings -----------------------------------------------------------------------
def rated_game(store: Store, table_id: str, ranking: list[list[int]]) -> None:
    store.create_table(table(table_id, rated=True))
    store.append(table_id, 0, 0, "play 1S",
                 finish=Finish({"ranking": [[0], [1]]}, rated_ranking=ranking))


def test_a_rated_finish_moves_the_ratings(store: Store) -> None:
    ada = store.create_account("ada", "hash")
    bob = store.create_account("bob", "hash")
    rated_game(store, "t1", [[ada], [bob]])
    first = {a: store.account_ratings(a)[0] for a in (ada, bob)}
    assert first[ada]["games"] == first[bob]["games"] == 1
    assert first[ada]["mu"] > 25 > first[bob]["mu"]  # openskill's start is mu 25
    assert first[ada]["sigma"] < 25 / 3 and first[bob]["sigma"] < 25 / 3
    assert first[ada]["ordinal"] > first[bob]["ordinal"]

    rated_game(store, "t2", [[bob], [ada]])  # the ratings kept are updated
    second = {a: store.account_ratings(a)[0] for a in (ada, bob)}
    assert second[ada]["games"] == second[bob]["games"] == 2
    assert second[bob]["mu"] > first[bob]["mu"] and second[ada]["mu"] < first[ada]["mu"]
    assert second[ada]["sigma"] < first[ada]["sigma"]

    store.create_table(table("t3", game="pile-up"))
    store.append("t3", 0, 0, "place 3R",
                 finish=Finish({"ranking": [[0]]}, rated_ranking=[[bob], [ada]]))
    assert [r["game"] for r in store.account_ratings(ada)] == ["papayoo", "pile-up"]
    assert store.account_ratings(ada)[0] == second[ada]

    # An unrated finish leaves them alone.
    store.create_table(table("t4"))
    store.append("t4", 0, 0, "play 1S", finish=Finish({"ranking": [[0], [1]]}))
    assert store.account_ratings(ada)[0] == second[ada]


def test_the_leaderboard_is_by_ordinal(store: Store) -> None:
    dee, cy, bob, ada = (store.create_account(n, "hash") for n in ("dee", "cy", "bob", "ada"))
    rated_game(store, "t1", [[ada], [dee, bob], [cy]])  # dee and bob tie
    board = store.leaderboard("papayoo", 10)
    assert [row["name"] for row in board] == ["ada", "bob", "dee", "cy"]  # a tie by name
    ordinals = [row["ordinal"] for row in board]
    assert ordinals[0] > ordinals[1] == ordinals[2] > ordinals[3]
    assert all(row["games"] == 1 for row in board)
    assert [row["name"] for row in store.leaderboard("papayoo", 2)] == ["ada", "bob"]
    rated_game(store, "t2", [[cy], [dee], [bob], [ada]])  # the order follows the ratings
    ordinal = {name: store.account_ratings(account)[0]["ordinal"]
               for name, account in (("ada", ada), ("bob", bob), ("cy", cy), ("dee", dee))}
    board = store.leaderboard("papayoo", 10)
    assert [row["name"] for row in board] == sorted(ordinal, key=lambda n: -ordinal[n])
    assert [row["ordinal"] for row in board] == sorted(ordinal.values(), reverse=True)
    assert board[0]["name"] != "ada"
    assert store.leaderboard("pile-up", 10) == []


# ----- chat --------------------------------------------------------------------------
def test_chat_comes_in_order_and_a_table_keeps_the_newest(store: Store) -> None:
    store.create_table(table("t1"))
    store.create_table(table("t2"))
    for i in range(CHAT_KEPT + 5):
        store.add_chat("t1", i % 3, f"name{i}", f"message {i} ✓", 100.0 + i)
    store.add_chat("t2", 0, "other", "elsewhere", 50.0)
    kept = range(5, CHAT_KEPT + 5)
    one = store.load_table("t1")
    assert one is not None and one.chat == [
        {"seat": i % 3, "name": f"name{i}", "text": f"message {i} ✓", "at": 100.0 + i}
        for i in kept]
    both = {data.id: data.chat for data in store.load_tables(["t1", "t2", "none"])}
    assert both == {"t1": one.chat, "t2": [{"seat": 0, "name": "other", "text": "elsewhere",
                                             "at": 50.0}]}


# ----- accounts ----------------------------------------------------------------------
def test_accounts_names_in_any_case_and_sessions(store: Store) -> None:
    ada = store.create_account("Ada.L", "argon-hash")
    assert store.account_by_name("Ada.L") == (ada, "Ada.L", "argon-hash")
    assert store.account_by_name("ada.l") == (ada, "Ada.L", "argon-hash")
    assert store.account_by_name("ADA.L") == (ada, "Ada.L", "argon-hash")
    assert store.account_by_name("Ada") is None
    for taken in ("ada.l", "ADA.L", "Ada.L"):
        with pytest.raises(NameTaken):
            store.create_account(taken, "other")
    bob = store.create_account("bob", "hash")
    assert bob != ada
    assert store.account_name(ada) == "Ada.L" and store.account_name(bob + ada) is None

    store.add_session("s" * 64, ada)
    store.add_session("t" * 64, ada)
    store.add_session("u" * 64, bob)
    assert store.session_account("s" * 64) == (ada, "Ada.L")
    assert store.session_account("t" * 64) == (ada, "Ada.L")
    assert store.session_account("u" * 64) == (bob, "bob")
    assert store.session_account("v" * 64) is None
    with pytest.raises(IntegrityError):
        store.add_session("s" * 64, bob)


def test_an_account_named_with_other_letters_is_found_by_its_name(store: Store) -> None:
    """Account names may hold any letters (``isalnum``): the stored name must
    be found as it was written, whatever the database's lower() makes of it."""
    eva = store.create_account("Éva", "hash")
    assert store.account_by_name("Éva") == (eva, "Éva", "hash")
    assert store.account_by_name("ÉVA") == (eva, "Éva", "hash")
    with pytest.raises(NameTaken):
        store.create_account("ÉvA", "hash")
    with pytest.raises(NameTaken):  # unique in any case, in every alphabet
        store.create_account("éva", "hash")


def test_migration_0002_keys_the_names_of_existing_accounts(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.upgrade("0001")
        with store.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO accounts (name, password_hash, created_at) "
                                 "VALUES ('Ödön', 'h', 0)"))
        store.upgrade()
        assert store.account_by_name("ÖDÖN") is not None
        with pytest.raises(NameTaken):
            store.create_account("ödön", "hash")
    finally:
        store.close()


# ----- a game on PostgreSQL ----------------------------------------------------------
def play_to_end(client: WsClient, seat: int) -> int:
    moves = 0
    view = client.ok("view")["view"]
    while not view["over"]:
        if seat in view["to_act"]:
            actions = client.ok("legal")["actions"]
            if actions:
                client.ok("act", action=actions[-1])
                moves += 1
        else:
            client.wait_push("events")
        view = client.ok("view", since=view["log_size"])["view"]
    return moves


def test_a_game_played_to_the_end_on_postgresql(postgres_url: str) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    with LiveServer(postgres_url) as server:
        created = server.create("papayoo", 4, seats=seats, options={"rounds": 1})
        table_id = created["table"]
        joined = server.join(table_id, "Ada")
        with server.ws(table_id) as client:
            assert client.ok("hello", token=joined["token"])["seat"] == 0
            assert play_to_end(client, 0) > 0
            record = client.ok("record")["record"]
        answer = server.http.get(f"/api/tables/{table_id}/record")
        assert answer.status_code == 200
        fetched = answer.json()["record"]
    store = Store(postgres_url)
    try:
        stored = store.load_table(table_id)
    finally:
        store.close()
    assert stored is not None and stored.status == "over" and stored.result is not None
    assert stored.result["ranking"] and stored.finished_at is not None
    assert fetched == record == {
        "game": stored.game, "players": stored.players, "seed": stored.seed,
        "options": stored.options, "actions": [[s, a] for s, a in stored.actions]}
    assert stored.seats[0].name == "Ada" and stored.seats[0].control == "seated"
    assert [s.kind for s in stored.seats] == ["human", "bot", "bot", "bot"]
    assert len(stored.actions) >= 4 * 10  # every card of a round was played
