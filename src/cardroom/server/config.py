"""How a card room is run (``cardroom serve`` flags). Every limit on what a
stranger may use is here, with its default; docs/security.md lists them
with their flags."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Config:
    db: str = "sqlite:///cardroom.db"
    host: str = "127.0.0.1"
    port: int = 8000
    bot_workers: int = 2
    # Pause before a bot's move is applied, so that people can follow it.
    bot_delay_s: float = 0.4
    # Origins (scheme://host:port) allowed to open a table connection or to
    # write through the lobby beside the server's own address; a client that
    # sends no Origin (not a browser) is allowed.
    origins: list[str] = field(default_factory=list)
    # Per connection: messages a second, and the burst allowed.
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    # Per client address: lobby writes (create, join, stop) a second.
    http_rate: float = 5.0
    http_burst: float = 30.0
    # The clock loop checks deadlines this often (seconds); 0 turns it off
    # (tests drive the clock by hand).
    tick_s: float = 0.2
    finished_in_lobby: int = 20

    # ----- accounts ------------------------------------------------------------
    # Sign-ins, new accounts and password changes a second from one
    # address (one bucket for the three), and the burst allowed.
    signin_rate: float = 0.2
    signin_burst: float = 10.0
    # New accounts one address may make in an hour.
    accounts_per_hour: int = 5
    # Failed sign-ins in a row for one account before it backs off: each
    # further failure doubles the wait, from 2 s up to 15 minutes.
    signin_free_failures: int = 5
    # Password hashes a second across every address (bursts of twice as
    # many): beyond it a sign-in is refused as busy, so that a flood from
    # many addresses takes a bounded share of the CPU.
    hash_rate: float = 3.0
    # A session unused this long is refused (each use extends it).
    session_idle_s: float = 30 * 24 * 3600.0

    # ----- tables ----------------------------------------------------------------
    # Tables not over that one address (and one account) may have made.
    tables_per_creator: int = 10
    # Of those, tables with no human seat (every seat a bot).
    bot_tables_per_creator: int = 2
    # Lessons' tables one address (and one account) may have going, apart
    # from those: a new lesson beyond them ends the oldest.
    lessons_per_creator: int = 3
    # A waiting table that nobody joined in this long is closed (expired).
    waiting_ttl_s: float = 30 * 60.0
    # A game where no person has been connected this long ends as
    # abandoned, unrated; an all-bot game nobody watches, likewise.
    idle_end_s: float = 15 * 60.0
    # An all-bot game ends as abandoned after this long whatever happens.
    bot_table_max_s: float = 2 * 3600.0
    # The most tables one GET /api/tables answer lists.
    lobby_page_max: int = 100
    # Requests a second from one address for tables not in play here (each
    # reads the database: finished games, made-up ids), and the burst allowed.
    lookup_rate: float = 2.0
    lookup_burst: float = 20.0

    # ----- table connections -----------------------------------------------------
    # Open table connections from one address, and holding one seat.
    ws_per_address: int = 64
    ws_per_seat: int = 4
    # A connection that has not said hello this long after opening is closed.
    hello_timeout_s: float = 10.0

    # ----- hints -------------------------------------------------------------------
    # Hints a second for one seat and for one address, with their bursts.
    hint_rate_seat: float = 0.2
    hint_burst_seat: float = 3.0
    hint_rate_address: float = 0.5
    hint_burst_address: float = 6.0

    # ----- several nodes (PostgreSQL) ------------------------------------------------
    # Where the other nodes reach this one (http://host:port); empty: the
    # listening address (this machine's name when listening on every one).
    node_url: str = ""
    # A node renews its tables' leases this often; a lease not renewed for
    # lease_ttl_s lets another node take the table (failover time).
    lease_renew_s: float = 1.0
    lease_ttl_s: float = 4.0

    # ----- behind a proxy ------------------------------------------------------------
    # Addresses whose X-Forwarded-For is believed (uvicorn's
    # forwarded_allow_ips); empty: the peer's own address counts.
    forwarded_allow_ips: str = ""

    # ----- what an operator sees -------------------------------------------------------
    # Client addresses or networks that GET /metrics answers (others get 404).
    metrics_allow: list[str] = field(default_factory=lambda: ["127.0.0.1", "::1"])
