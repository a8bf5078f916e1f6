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
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardroom.server import ratings
from cardroom.server.models import (
    AccountRow,
    ActionRow,
    ChatRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
)

MIGRATIONS = Path(__file__).with_name("migrations")


class NameTaken(Exception):
    pass


@dataclass
class SeatData:
    seat: int
    kind: str  # human, bot
    bot: str | None = None
    budget: dict[str, Any] | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: int | None = None
    control: str = "open"  # open, seated, away, left, bot
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


@dataclass
class Finish:
    """What is written when a game ends: its result, and the accounts'
    ranking for the ratings (groups of account ids, best first) when rated."""

    result: dict[str, Any]
    rated_ranking: list[list[int]] | None = None


_SEAT_FIELDS = ("kind", "bot", "budget", "name", "token_hash", "account_id", "control",
                "clock_s")


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = _make_engine(url)

    def upgrade(self) -> None:
        """Bring the schema to the newest migration."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # ----- tables ------------------------------------------------------------
    def create_table(self, data: TableData) -> None:
        with Session(self.engine) as conn, conn.begin():
            conn.execute(insert(TableRow), [_table_row(data)])
            conn.execute(insert(SeatRow), [_seat_row(data.id, s) for s in data.seats])

    def update_seat(self, table_id: str, seat: int, **fields: Any) -> None:
        with Session(self.engine) as conn, conn.begin():
            _update_seat(conn, table_id, seat, fields)

    def set_status(self, table_id: str, status: str) -> None:
        with Session(self.engine) as conn, conn.begin():
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def append(self, table_id: str, idx: int, seat: int, action: str,
               seats: dict[int, dict[str, Any]] | None = None,
               finish: Finish | None = None) -> None:
        """One action, the seats it changed (clocks) and, when it ended the
        game, the result and ratings: all in one transaction."""
        with Session(self.engine) as conn, conn.begin():
            conn.execute(insert(ActionRow), [{"table_id": table_id, "idx": idx, "seat": seat,
                                              "action": action, "at": time.time()}])
            for number, fields in (seats or {}).items():
                _update_seat(conn, table_id, number, fields)
            if finish is not None:
                _finish(conn, table_id, finish)

    def live_tables(self) -> list[TableData]:
        """Every table not over, with its seats and actions."""
        with Session(self.engine) as conn:
            ids = conn.scalars(select(TableRow.id).where(TableRow.status != "over")
                               .order_by(TableRow.created_at)).all()
            return [t for t in (_load(conn, i) for i in ids) if t is not None]

    def load_table(self, table_id: str) -> TableData | None:
        with Session(self.engine) as conn:
            return _load(conn, table_id)

    def finished_tables(self, limit: int, account_id: int | None = None) -> list[TableData]:
        """The most recently finished tables (of one account, if given),
        without their actions."""
        query = select(TableRow).where(TableRow.status == "over")
        if account_id is not None:
            mine = select(SeatRow.table_id).where(SeatRow.account_id == account_id)
            query = query.where(TableRow.id.in_(mine))
        query = query.order_by(TableRow.finished_at.desc()).limit(limit)
        with Session(self.engine) as conn:
            rows = conn.scalars(query).all()
            return [_table_data(row, _seats(conn, row.id), []) for row in rows]

    # ----- chat --------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int, name: str, text: str, at: float) -> None:
        with Session(self.engine) as conn, conn.begin():
            conn.execute(insert(ChatRow), [{"table_id": table_id, "seat": seat, "name": name,
                                            "text": text, "at": at}])

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        query = (select(ChatRow).where(ChatRow.table_id == table_id)
                 .order_by(ChatRow.id.desc()).limit(limit))
        with Session(self.engine) as conn:
            rows = conn.scalars(query).all()
        return [{"seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
                for r in reversed(rows)]

    # ----- accounts ----------------------------------------------------------
    def create_account(self, name: str, password_hash: str) -> int:
        try:
            with Session(self.engine) as conn, conn.begin():
                taken = conn.scalar(select(AccountRow.id)
                                    .where(AccountRow.name_key == name.casefold()))
                if taken is not None:
                    raise NameTaken(name)
                new = conn.execute(insert(AccountRow).returning(AccountRow.id),
                                   [{"name": name, "name_key": name.casefold(),
                                     "password_hash": password_hash,
                                     "created_at": time.time()}])
                return int(new.scalar_one())
        except IntegrityError:
            raise NameTaken(name) from None

    def account_by_name(self, name: str) -> tuple[int, str, str] | None:
        """(id, name, password hash) of the account, the name in any case."""
        query = select(AccountRow.id, AccountRow.name, AccountRow.password_hash).where(
            AccountRow.name_key == name.casefold())
        with Session(self.engine) as conn:
            row = conn.execute(query).first()
        return None if row is None else (row[0], row[1], row[2])

    def add_session(self, token_hash: str, account_id: int) -> None:
        with Session(self.engine) as conn, conn.begin():
            conn.execute(insert(SessionRow), [{"token_hash": token_hash,
                                               "account_id": account_id,
                                               "created_at": time.time()}])

    def session_account(self, token_hash: str) -> tuple[int, str] | None:
        """The account of a session token's hash (the hash of a random
        256-bit token: looking it up by index reveals nothing usable)."""
        query = (select(AccountRow.id, AccountRow.name).join(
            SessionRow, SessionRow.account_id == AccountRow.id)
            .where(SessionRow.token_hash == token_hash))
        with Session(self.engine) as conn:
            row = conn.execute(query).first()
        return None if row is None else (row[0], row[1])

    def account_name(self, account_id: int) -> str | None:
        with Session(self.engine) as conn:
            return conn.scalar(select(AccountRow.name).where(AccountRow.id == account_id))

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
            "result": data.result}


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


def _seats(conn: Session, table_id: str) -> list[SeatData]:
    rows = conn.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                        .order_by(SeatRow.seat)).all()
    return [SeatData(r.seat, **{name: getattr(r, name) for name in _SEAT_FIELDS}) for r in rows]


def _load(conn: Session, table_id: str) -> TableData | None:
    row = conn.scalar(select(TableRow).where(TableRow.id == table_id))
    if row is None:
        return None
    actions = conn.execute(select(ActionRow.seat, ActionRow.action)
                           .where(ActionRow.table_id == table_id)
                           .order_by(ActionRow.idx)).all()
    return _table_data(row, _seats(conn, table_id), [(s, a) for s, a in actions])


def _table_data(row: TableRow, seats: list[SeatData],
                actions: list[tuple[int, str]]) -> TableData:
    clock = None
    if row.clock_initial_s is not None:
        clock = (row.clock_initial_s, row.clock_per_move_s or 0.0)
    return TableData(row.id, row.game, row.players, row.seed, row.options, row.status,
                     row.rated, row.hints, row.prepared, clock, row.created_at,
                     row.finished_at, row.result, seats, actions)
