"""Storage for the card room: plain calls over SQLAlchemy 2, one
transaction each. The room service calls them from one writer thread, so
they never run concurrently (SQLite has one writer anyway).

A game's truth is its record (table row and actions); seats, clocks and
results are kept beside it so that a restarted server resumes each table
exactly where it was.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardroom.server import ratings, security
from cardroom.server.models import (
    AccountRow,
    ActionRow,
    ChatRow,
    LeaseRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
)

MIGRATIONS = Path(__file__).with_name("migrations")
ACTIONS = cast(Table, ActionRow.__table__)
# Chat messages a live table keeps (and a hello sends).
CHAT_KEPT = 50
# PostgreSQL's advisory lock that migrations hold (any fixed number).
MIGRATION_LOCK = 7_406_110


class NameTaken(Exception):
    pass


class TooManyAccounts(Exception):
    """The address made as many accounts as it may in an hour."""


class Control(StrEnum):
    """Who plays a seat now; stored and sent as these words."""

    OPEN = "open"  # a person's seat nobody has taken yet
    SEATED = "seated"  # its person plays it
    AWAY = "away"  # its person's clock ran out: a stand-in bot plays until they are back
    LEFT = "left"  # its person left for good: a stand-in bot plays on
    # kept for the person who held it at the table before ("Play again"):
    # only their old seat token claims it
    RESERVED = "reserved"
    BOT = "bot"  # a bot's seat from the start

    @property
    def by_person(self) -> bool:
        """Whether the seat is a person's in play (awaited from them, even
        while a stand-in plays for them)."""
        return self in (Control.SEATED, Control.AWAY)


@dataclass
class SeatData:
    seat: int
    kind: str  # human, bot
    bot: str | None = None
    budget: dict[str, Any] | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: int | None = None
    control: Control = Control.OPEN
    clock_s: float | None = None


@dataclass
class TableData:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    rated: bool = False
    hints: bool = True
    prepared: bool = False  # a given seed or a stacked deal
    clock: tuple[float, float] | None = None  # initial_s, per_move_s
    created_at: float = 0.0
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    seats: list[SeatData] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    creator_key: str | None = None  # a hash of the creating address
    creator_account: int | None = None
    owner_hash: str | None = None  # the owner token's hash
    end_reason: str | None = None  # expired, stopped, abandoned (ended early)
    next_table: str | None = None  # where its seats play again, once asked
    lesson: str | None = None  # the game whose lesson this table plays
    # The newest CHAT_KEPT chat messages, oldest first: loaded with the
    # table and kept up by the node playing it, so a hello reads no chat.
    chat: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Finish:
    """What is written when a game ends: its result, and the accounts'
    ranking for the ratings (groups of account ids, best first) when rated."""

    result: dict[str, Any]
    rated_ranking: list[list[int]] | None = None


_SEAT_FIELDS = ("kind", "bot", "budget", "name", "token_hash", "account_id", "control",
                "clock_s")


class Fence(Protocol):
    """What a write about one table checks inside its transaction: that
    this node still plays the table (server/cluster.py)."""

    def check(self, conn: Session, table_id: str) -> None: ...

    def grant(self, conn: Session, table_id: str) -> None: ...

    def add_action(self, conn: Session, row: dict[str, Any]) -> None:
        """Insert one row of ``actions`` after the check (where the
        database allows, the check and the insert in one statement)."""


class NoFence:
    """One process alone on its database: every write goes ahead."""

    def check(self, conn: Session, table_id: str) -> None:
        pass

    def grant(self, conn: Session, table_id: str) -> None:
        pass

    def add_action(self, conn: Session, row: dict[str, Any]) -> None:
        insert_action(conn, row)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = _make_engine(url)
        self.fence: Fence = NoFence()

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to the newest migration (or to ``revision``)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # nodes starting at once migrate in turn
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = conn
            command.upgrade(config, revision)

    def close(self) -> None:
        self.engine.dispose()

    # ----- tables ------------------------------------------------------------
    def create_table(self, data: TableData) -> None:
        with Session(self.engine) as conn, conn.begin():
            conn.execute(insert(TableRow), [_table_row(data)])
            conn.execute(insert(SeatRow), [_seat_row(data.id, s) for s in data.seats])
            self.fence.grant(conn, data.id)

    def create_next(self, previous: str, data: TableData) -> None:
        """Store the table where ``previous``'s seats play again, and link
        it from ``previous``, in one transaction."""
        with Session(self.engine) as conn, conn.begin():
            self.fence.check(conn, previous)
            conn.execute(insert(TableRow), [_table_row(data)])
            conn.execute(insert(SeatRow), [_seat_row(data.id, s) for s in data.seats])
            conn.execute(update(TableRow).where(TableRow.id == previous)
                         .values(next_table=data.id))
            self.fence.grant(conn, data.id)

    def update_seat(self, table_id: str, seat: int, **fields: Any) -> None:
        with Session(self.engine) as conn, conn.begin():
            self.fence.check(conn, table_id)
            _update_seat(conn, table_id, seat, fields)

    def set_status(self, table_id: str, status: str) -> None:
        with Session(self.engine) as conn, conn.begin():
            self.fence.check(conn, table_id)
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def append(self, table_id: str, idx: int, seat: int, action: str,
               seats: dict[int, dict[str, Any]] | None = None,
               finish: Finish | None = None) -> None:
        """One action, the seats it changed (clocks) and, when it ended the
        game, the result and ratings: all in one transaction."""
        with Session(self.engine) as conn, conn.begin():
            self.fence.add_action(conn, {"table_id": table_id, "idx": idx, "seat": seat,
                                         "action": action, "at": time.time()})
            for number, fields in (seats or {}).items():
                _update_seat(conn, table_id, number, fields)
            if finish is not None:
                _finish(conn, table_id, finish)

    def live_table_ids(self) -> list[str]:
        """Every table not over, oldest first."""
        with Session(self.engine) as conn:
            return list(conn.scalars(select(TableRow.id).where(TableRow.status != "over")
                                     .order_by(TableRow.created_at)).all())

    def end_table(self, table_id: str, reason: str) -> None:
        """Close a table whose game did not reach its end (unrated)."""
        with Session(self.engine) as conn, conn.begin():
            self.fence.check(conn, table_id)
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(
                status="over", end_reason=reason, finished_at=time.time()))

    def expire_waiting(self, created_before: float) -> None:
        """Close every waiting table made before that time (Unix seconds)
        that nobody joined."""
        taken = select(SeatRow.table_id).where(SeatRow.control != Control.OPEN,
                                               SeatRow.kind == "human")
        # another node's table is that node's to close
        held = select(LeaseRow.table_id).where(LeaseRow.expires_at > time.time())
        query = (update(TableRow).where(TableRow.status == "waiting",
                                        TableRow.created_at < created_before,
                                        TableRow.id.not_in(taken), TableRow.id.not_in(held))
                 .values(status="over", end_reason="expired", finished_at=time.time()))
        with Session(self.engine) as conn, conn.begin():
            conn.execute(query)

    def open_tables_of(self, creator_key: str,
                       account_id: int | None) -> tuple[int, int]:
        """Tables not over made from that address (or by that account),
        lessons apart: how many, and how many of them have no human seat."""
        mine = TableRow.creator_key == creator_key
        if account_id is not None:
            mine = or_(mine, TableRow.creator_account == account_id)
        humans = select(SeatRow.table_id).where(SeatRow.kind == "human")
        base = select(func.count()).select_from(TableRow).where(
            TableRow.status != "over", TableRow.lesson.is_(None), mine)
        with Session(self.engine) as conn:
            total = int(conn.scalar(base) or 0)
            bots = int(conn.scalar(base.where(TableRow.id.not_in(humans))) or 0)
        return total, bots

    def load_table(self, table_id: str) -> TableData | None:
        found = self.load_tables([table_id])
        return found[0] if found else None

    def load_tables(self, table_ids: list[str]) -> list[TableData]:
        """The tables of those ids that exist, each with its seats, actions
        and recent chat, in four queries whatever their number."""
        with Session(self.engine) as conn:
            rows = conn.scalars(select(TableRow).where(TableRow.id.in_(table_ids))).all()
            seats = _seats_of(conn, table_ids)
            actions: dict[str, list[tuple[int, str]]] = {}
            for table_id, seat, action in conn.execute(
                    select(ActionRow.table_id, ActionRow.seat, ActionRow.action)
                    .where(ActionRow.table_id.in_(table_ids))
                    .order_by(ActionRow.table_id, ActionRow.idx)):
                actions.setdefault(table_id, []).append((seat, action))
            chat = _recent_chat(conn, table_ids, CHAT_KEPT)
        found = []
        for row in rows:
            data = _table_data(row, seats.get(row.id, []), actions.get(row.id, []))
            data.chat = chat.get(row.id, [])
            found.append(data)
        return found

    def finished_tables(self, limit: int, account_id: int | None = None) -> list[TableData]:
        """The most recently finished games, played to their end (of one
        account, if given), without their actions; never a lesson's."""
        query = select(TableRow).where(TableRow.status == "over", TableRow.end_reason.is_(None),
                                       TableRow.lesson.is_(None))
        if account_id is not None:
            mine = select(SeatRow.table_id).where(SeatRow.account_id == account_id)
            query = query.where(TableRow.id.in_(mine))
        query = query.order_by(TableRow.finished_at.desc()).limit(limit)
        with Session(self.engine) as conn:
            rows = conn.scalars(query).all()
            seats = _seats_of(conn, [row.id for row in rows])
            return [_table_data(row, seats.get(row.id, []), []) for row in rows]

    # ----- chat --------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int, name: str, text: str, at: float) -> None:
        with Session(self.engine) as conn, conn.begin():
            self.fence.check(conn, table_id)
            conn.execute(insert(ChatRow), [{"table_id": table_id, "seat": seat, "name": name,
                                            "text": text, "at": at}])

    # ----- accounts ----------------------------------------------------------
    def create_account(self, name: str, password_hash: str, created_by: str | None = None,
                       per_hour: int | None = None, now: float | None = None) -> int:
        """A new account. Its name must be free by its key (security.name_key:
        in any case, and look-alike letters as the Latin ones); NameTaken if
        not. ``created_by`` (security.address_key of the address) and
        ``per_hour``: TooManyAccounts once that address made as many in the
        last hour."""
        now = time.time() if now is None else now
        try:
            with Session(self.engine) as conn, conn.begin():
                self._check_new_account(conn, name, created_by, per_hour, now)
                new = conn.execute(insert(AccountRow).returning(AccountRow.id),
                                   [{"name": name, "name_key": security.name_key(name),
                                     "password_hash": password_hash, "created_at": now,
                                     "created_by": created_by, "failed_signins": 0}])
                return int(new.scalar_one())
        except IntegrityError:
            raise NameTaken(name) from None

    def check_new_account(self, name: str, created_by: str | None = None,
                          per_hour: int | None = None, now: float | None = None) -> None:
        """What create_account would refuse (NameTaken, TooManyAccounts),
        asked before the password is hashed, which costs far more."""
        with Session(self.engine) as conn:
            self._check_new_account(conn, name, created_by, per_hour,
                               time.time() if now is None else now)

    def account_by_name(self, name: str) -> tuple[int, str, str] | None:
        """(id, name, password hash) of the account, the name in any case and
        with look-alike letters for Latin ones."""
        with Session(self.engine) as conn:
            row = self._account_named(conn, name)
            return None if row is None else (row.id, row.name, row.password_hash)

    def start_sign_in(self, name: str, free_failures: int,
                      now: float | None = None) -> tuple[int, str, str, float] | None:
        """The account a sign-in is for, as (id, name, password hash, seconds
        it stays locked), or None for an unknown name. While it is locked
        nothing changes and its password must not be checked. Otherwise the
        attempt counts as a failure until signed_in says it was not, so
        that attempts made at once all see the back-off they earn."""
        with Session(self.engine) as conn, conn.begin():
            row = self._account_named(conn, name, lock=True)
            if row is None:
                return None
            return self._attempt(conn, row, free_failures, time.time() if now is None else now)

    def start_password_check(self, account_id: int, free_failures: int,
                             now: float | None = None) -> tuple[int, str, str, float] | None:
        """As start_sign_in, for a signed-in account proving its password."""
        with Session(self.engine) as conn, conn.begin():
            row = conn.scalar(select(AccountRow).where(AccountRow.id == account_id)
                              .with_for_update())
            if row is None:
                return None
            return self._attempt(conn, row, free_failures, time.time() if now is None else now)

    def signed_in(self, account_id: int) -> None:
        """The password was right: failures in a row start again from none."""
        with Session(self.engine) as conn, conn.begin():
            conn.execute(update(AccountRow).where(AccountRow.id == account_id)
                         .values(failed_signins=0, locked_until=None))

    def sign_in_state(self, account_id: int) -> tuple[int, float | None] | None:
        """(failed sign-ins in a row, locked until) of an account."""
        with Session(self.engine) as conn:
            row = conn.execute(select(AccountRow.failed_signins, AccountRow.locked_until)
                               .where(AccountRow.id == account_id)).first()
            return None if row is None else (row[0], row[1])

    def set_password(self, account_id: int, password_hash: str,
                     keep_session: str | None = None) -> int:
        """A new password hash. With ``keep_session`` (a session's token
        hash) every other session of the account ends with it, in the same
        transaction; answers how many ended."""
        with Session(self.engine) as conn, conn.begin():
            conn.execute(update(AccountRow).where(AccountRow.id == account_id)
                         .values(password_hash=password_hash))
            if keep_session is None:
                return 0
            ended = conn.execute(delete(SessionRow).where(
                SessionRow.account_id == account_id, SessionRow.token_hash != keep_session)
                .returning(SessionRow.token_hash))
            return len(ended.all())

    def add_session(self, token_hash: str, account_id: int, idle_s: float | None = None,
                    now: float | None = None) -> None:
        """A new session; with ``idle_s``, the account's sessions unused that
        long are deleted (they would be refused anyway)."""
        now = time.time() if now is None else now
        with Session(self.engine) as conn, conn.begin():
            if idle_s is not None:
                last_used = func.coalesce(SessionRow.last_used_at, SessionRow.created_at)
                conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id,
                                                      last_used < now - idle_s))
            conn.execute(insert(SessionRow), [{"token_hash": token_hash,
                                               "account_id": account_id,
                                               "created_at": now, "last_used_at": now}])

    def session_account(self, token_hash: str, idle_s: float | None = None,
                        touch_s: float = 60.0,
                        now: float | None = None) -> tuple[int, str] | None:
        """The account of a session token's hash (the hash of a random
        token: looking it up by index reveals nothing usable). A session
        unused for ``idle_s`` is deleted and None. A use is written only once
        the last one written is ``touch_s`` old, so most look-ups write
        nothing."""
        now = time.time() if now is None else now
        query = (select(AccountRow.id, AccountRow.name, SessionRow.created_at,
                        SessionRow.last_used_at)
                 .join(SessionRow, SessionRow.account_id == AccountRow.id)
                 .where(SessionRow.token_hash == token_hash))
        this = SessionRow.token_hash == token_hash
        with Session(self.engine) as conn, conn.begin():
            row = conn.execute(query).first()
            if row is None:
                return None
            last = row[3] if row[3] is not None else row[2]
            if idle_s is not None and now - last > idle_s:
                conn.execute(delete(SessionRow).where(this))
                return None
            if now - last >= touch_s:
                conn.execute(update(SessionRow).where(this).values(last_used_at=now))
            return (row[0], row[1])

    def session_used_at(self, token_hash: str) -> float | None:
        """When a session was last written as used (its creation at first)."""
        with Session(self.engine) as conn:
            row = conn.execute(select(SessionRow.created_at, SessionRow.last_used_at)
                               .where(SessionRow.token_hash == token_hash)).first()
            return None if row is None else (row[1] if row[1] is not None else row[0])

    def end_session(self, token_hash: str) -> bool:
        with Session(self.engine) as conn, conn.begin():
            ended = conn.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash)
                                 .returning(SessionRow.token_hash))
            return bool(ended.all())

    def end_sessions(self, account_id: int) -> int:
        """Ends every session of the account; answers how many."""
        with Session(self.engine) as conn, conn.begin():
            ended = conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id)
                                 .returning(SessionRow.token_hash))
            return len(ended.all())

    def account_name(self, account_id: int) -> str | None:
        with Session(self.engine) as conn:
            return conn.scalar(select(AccountRow.name).where(AccountRow.id == account_id))

    @staticmethod
    def _account_named(conn: Session, name: str, lock: bool = False) -> AccountRow | None:
        key, folded = security.name_key(name), security.folded_name(name)
        query = select(AccountRow).where(AccountRow.name_key.in_({key, folded}))
        rows = conn.scalars(query.with_for_update() if lock else query).all()
        # Two only where an account kept its old key (its new one was taken
        # when look-alikes began to count): the name as written finds it.
        return min(rows, key=lambda row: row.name_key != folded, default=None)

    @staticmethod
    def _check_new_account(conn: Session, name: str, created_by: str | None,
                           per_hour: int | None, now: float) -> None:
        taken = conn.scalar(select(AccountRow.id)
                            .where(AccountRow.name_key == security.name_key(name)))
        if taken is not None:
            raise NameTaken(name)
        if created_by is None or per_hour is None:
            return
        made = conn.scalar(select(func.count()).select_from(AccountRow).where(
            AccountRow.created_by == created_by, AccountRow.created_at > now - 3600))
        if (made or 0) >= per_hour:
            raise TooManyAccounts(created_by)

    @staticmethod
    def _attempt(conn: Session, row: AccountRow, free_failures: int,
                 now: float) -> tuple[int, str, str, float]:
        if row.locked_until is not None and row.locked_until > now:
            return (row.id, row.name, row.password_hash, row.locked_until - now)
        failures = row.failed_signins + 1
        lock = security.backoff_s(failures, free_failures)
        conn.execute(update(AccountRow).where(AccountRow.id == row.id).values(
            failed_signins=failures, locked_until=now + lock if lock else None))
        return (row.id, row.name, row.password_hash, 0.0)

    def account_ratings(self, account_id: int) -> list[dict[str, Any]]:
        query = select(RatingRow).where(RatingRow.account_id == account_id).order_by(
            RatingRow.game)
        with Session(self.engine) as conn:
            rows = conn.scalars(query).all()
        return [{"game": r.game, **ratings.public(r.mu, r.sigma), "games": r.games}
                for r in rows]

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        query = (select(RatingRow, AccountRow.name)
                 .join(AccountRow, AccountRow.id == RatingRow.account_id)
                 .where(RatingRow.game == game))
        with Session(self.engine) as conn:
            rows = conn.execute(query).all()
        rows = sorted(rows, key=lambda row: (-(row[0].mu - 3 * row[0].sigma), row[1]))
        return [{"name": name, **ratings.public(r.mu, r.sigma), "games": r.games}
                for r, name in rows[:limit]]


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_conn: Any, record: Any) -> None:
    # WAL with synchronous=NORMAL: a committed transaction survives the
    # process being killed (it is in the WAL file), which is what the card
    # room promises; an OS crash may lose the last few, as the docs say.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _table_row(data: TableData) -> dict[str, Any]:
    initial, per_move = data.clock if data.clock else (None, None)
    return {"id": data.id, "game": data.game, "players": data.players, "seed": data.seed,
            "options": data.options, "status": data.status, "rated": data.rated,
            "hints": data.hints, "prepared": data.prepared,
            "clock_initial_s": initial, "clock_per_move_s": per_move,
            "created_at": data.created_at, "finished_at": data.finished_at,
            "result": data.result, "creator_key": data.creator_key,
            "creator_account": data.creator_account, "owner_hash": data.owner_hash,
            "end_reason": data.end_reason, "next_table": data.next_table,
            "lesson": data.lesson}


def _seat_row(table_id: str, seat: SeatData) -> dict[str, Any]:
    return {"table_id": table_id, "seat": seat.seat,
            **{name: getattr(seat, name) for name in _SEAT_FIELDS}}


def _update_seat(conn: Session, table_id: str, seat: int, fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(_SEAT_FIELDS)
    if unknown:
        raise ValueError(f"no seat fields {sorted(unknown)}")
    conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                 .values(**fields))


def _finish(conn: Session, table_id: str, finish: Finish) -> None:
    conn.execute(update(TableRow).where(TableRow.id == table_id).values(
        status="over", result=finish.result, finished_at=time.time()))
    if finish.rated_ranking is None:
        return
    game = conn.scalar(select(TableRow.game).where(TableRow.id == table_id))
    assert game is not None
    accounts = [a for group in finish.rated_ranking for a in group]
    rows = conn.scalars(select(RatingRow).where(RatingRow.game == game,
                                                RatingRow.account_id.in_(accounts))).all()
    before = {r.account_id: (r.mu, r.sigma, r.games) for r in rows}
    for account, (mu, sigma) in ratings.update(finish.rated_ranking, before).items():
        games = before[account][2] + 1 if account in before else 1
        if account in before:
            conn.execute(update(RatingRow).where(RatingRow.account_id == account,
                                                 RatingRow.game == game)
                         .values(mu=mu, sigma=sigma, games=games))
        else:
            conn.execute(insert(RatingRow), [{"account_id": account, "game": game, "mu": mu,
                                              "sigma": sigma, "games": games}])


def insert_action(conn: Session, row: dict[str, Any]) -> None:
    # A Core insert: the ORM's bulk path costs several times as much for one row.
    conn.connection().execute(ACTIONS.insert(), row)


def _seats_of(conn: Session, table_ids: list[str]) -> dict[str, list[SeatData]]:
    rows = conn.scalars(select(SeatRow).where(SeatRow.table_id.in_(table_ids))
                        .order_by(SeatRow.table_id, SeatRow.seat)).all()
    seats: dict[str, list[SeatData]] = {}
    for r in rows:
        fields = {name: getattr(r, name) for name in _SEAT_FIELDS}
        seats.setdefault(r.table_id, []).append(
            SeatData(r.seat, **{**fields, "control": Control(r.control)}))
    return seats


def _recent_chat(conn: Session, table_ids: list[str],
                 limit: int) -> dict[str, list[dict[str, Any]]]:
    """Each table's newest ``limit`` chat messages, oldest first."""
    rank = func.row_number().over(partition_by=ChatRow.table_id,
                                  order_by=ChatRow.id.desc()).label("rank")
    ranked = (select(ChatRow.table_id, ChatRow.id, ChatRow.seat, ChatRow.name, ChatRow.text,
                     ChatRow.at, rank).where(ChatRow.table_id.in_(table_ids)).subquery())
    chat: dict[str, list[dict[str, Any]]] = {}
    for r in conn.execute(select(ranked).where(ranked.c.rank <= limit)
                          .order_by(ranked.c.table_id, ranked.c.id)):
        chat.setdefault(r.table_id, []).append(
            {"seat": r.seat, "name": r.name, "text": r.text, "at": r.at})
    return chat


def _table_data(row: TableRow, seats: list[SeatData],
                actions: list[tuple[int, str]]) -> TableData:
    clock = None
    if row.clock_initial_s is not None:
        clock = (row.clock_initial_s, row.clock_per_move_s or 0.0)
    return TableData(row.id, row.game, row.players, row.seed, row.options, row.status,
                     row.rated, row.hints, row.prepared, clock, row.created_at,
                     row.finished_at, row.result, seats, actions, row.creator_key,
                     row.creator_account, row.owner_hash, row.end_reason, row.next_table,
                     row.lesson)
