"""What one stranger may hold at once: table connections per address,
hints per seat and per address (with one in flight per seat), and tables
per creator. Each limit is a ``Config`` field with a ``cardroom serve``
flag (docs/security.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from cardroom.server.clock import Clock
from cardroom.server.config import Config
from cardroom.server.errors import RateLimited
from cardroom.server.limits import Buckets


class Quotas:
    def __init__(self, config: Config, clock: Clock) -> None:
        self.config = config
        self.connections: Counter[str] = Counter()
        self.hint_seats = Buckets(config.hint_rate_seat, config.hint_burst_seat, clock)
        self.hint_addresses = Buckets(config.hint_rate_address, config.hint_burst_address,
                                      clock)
        self.hinting: set[tuple[str, int]] = set()
        self.lookups = Buckets(config.lookup_rate, config.lookup_burst, clock)

    # ----- tables read from the database ---------------------------------------
    def look_up(self, address: str | None) -> None:
        """A request for a table not in play here reads the database: so
        many a second from one address (None: the room's own)."""
        if address is not None and not self.lookups.allow(address):
            raise RateLimited("too many requests from your address for tables that are not "
                              "being played: wait a moment")

    # ----- table connections ---------------------------------------------------
    def open_connection(self, address: str) -> None:
        if self.connections[address] >= self.config.ws_per_address:
            raise RateLimited(f"too many table connections from your address (at most "
                              f"{self.config.ws_per_address}): close some first")
        self.connections[address] += 1

    def close_connection(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def check_seat_connections(self, open_for_seat: int) -> None:
        if open_for_seat >= self.config.ws_per_seat:
            raise RateLimited(f"this seat already has {open_for_seat} connections open "
                              f"(at most {self.config.ws_per_seat}): close one first")

    # ----- hints -----------------------------------------------------------------
    @contextmanager
    def hint(self, table_id: str, seat: int, address: str) -> Iterator[None]:
        """One hint for a seat: refused while the seat's last one is still
        being thought out, or beyond the seat's or the address's rate."""
        key = (table_id, seat)
        if key in self.hinting:
            raise RateLimited("a hint for this seat is still being thought out: wait for it")
        if not self.hint_seats.allow(f"{table_id}:{seat}") or not self.hint_addresses.allow(
                address):
            raise RateLimited("that is a lot of hints: wait a few seconds and ask again")
        self.hinting.add(key)
        try:
            yield
        finally:
            self.hinting.discard(key)

    # ----- tables ----------------------------------------------------------------
    def check_tables(self, open_tables: int, bot_tables: int, all_bots: bool) -> None:
        """Refuse a new table beyond the creator's caps, given the tables not
        over that the creator has made (and of them, those without people)."""
        if open_tables >= self.config.tables_per_creator:
            raise RateLimited(f"you already have {open_tables} open tables (at most "
                              f"{self.config.tables_per_creator}): finish or stop one first")
        if all_bots and bot_tables >= self.config.bot_tables_per_creator:
            raise RateLimited(f"you already have {bot_tables} tables of bots only running (at "
                              f"most {self.config.bot_tables_per_creator}): stop one first")
