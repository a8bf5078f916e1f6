"""How a card room is run (``cardroom serve`` flags)."""

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
    # Origins (scheme://host:port) allowed to open a table connection beside
    # the server's own address; a client that sends no Origin (not a browser)
    # is allowed.
    origins: list[str] = field(default_factory=list)
    # Per connection: messages a second, and the burst allowed.
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    # Per client address: lobby writes (create, join, sign in) a second.
    http_rate: float = 5.0
    http_burst: float = 30.0
    # The clock loop checks deadlines this often (seconds); 0 turns it off
    # (tests drive the clock by hand).
    tick_s: float = 0.2
    finished_in_lobby: int = 20
