"""``cardroom serve``: the online card room on this machine."""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import signal
import sys
from types import FrameType
from typing import Any

from cardroom.server.config import Config
from cardroom.server.limits import WS_FRAME_MAX_BYTES

# The limits on what a stranger may use: (Config field, type, meaning). The
# flag is the field's name with hyphens, less a trailing _s (seconds).
LIMITS: list[tuple[str, type[int] | type[float], str]] = [
    ("signin_rate", float, "sign-ins a second from one address"),
    ("signin_burst", float, "sign-ins one address may make at once before --signin-rate holds"),
    ("accounts_per_hour", int, "new accounts one address may make in an hour"),
    ("signin_free_failures", int, "failed sign-ins in a row to one account before each further "
     "one doubles its wait (2 seconds, up to 15 minutes)"),
    ("hash_rate", float, "password hashes a second across every address (sign-ins, new "
     "accounts, password changes; bursts of twice as many); beyond it a sign-in is refused "
     "as busy"),
    ("session_idle_s", float, "seconds a sign-in may go unused before it is refused "
     "(each use extends it)"),
    ("tables_per_creator", int, "tables not over that one address (or account) may have made"),
    ("bot_tables_per_creator", int, "of those, tables where every seat is a bot"),
    ("lessons_per_creator", int, "lessons' tables that one address (or account) may have "
     "going besides those; a new lesson beyond them ends the oldest"),
    ("waiting_ttl_s", float, "seconds a table may wait for players before it is closed"),
    ("idle_end_s", float, "seconds a game may go with no person connected (an all-bot game: "
     "with nobody watching) before it ends as abandoned, unrated"),
    ("bot_table_max_s", float, "seconds an all-bot game may last before it ends as abandoned"),
    ("lobby_page_max", int, "tables one lobby listing (GET /api/tables) shows at most"),
    ("lookup_rate", float, "requests a second from one address for tables not being played "
     "(each reads the database: finished games, unknown ids)"),
    ("lookup_burst", float, "such requests one address may make at once before "
     "--lookup-rate holds"),
    ("ws_per_address", int, "open table connections from one address"),
    ("ws_per_seat", int, "open table connections holding one seat"),
    ("hello_timeout_s", float, "seconds a new table connection has to say hello before it "
     "is closed"),
    ("hint_rate_seat", float, "hints a second one seat may ask for"),
    ("hint_burst_seat", float, "hints one seat may ask for at once before --hint-rate-seat holds"),
    ("hint_rate_address", float, "hints a second one address may ask for"),
    ("hint_burst_address", float, "hints one address may ask for at once before "
     "--hint-rate-address holds"),
]


class Stopped(Exception):
    """SIGTERM: stop as Ctrl-C does."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the online card room (lobby and tables in the browser)",
                       description="Run the card room: a lobby over HTTP and the tables over "
                       "WebSockets. Open the printed address in a browser.")
    defaults = Config()
    p.add_argument("--db", default=defaults.db,
                   help="database URL: sqlite:///FILE (default %(default)s, in the current "
                   "folder) or postgresql+psycopg://USER:PASSWORD@HOST/DB")
    p.add_argument("--host", default=defaults.host,
                   help="address to listen on (default %(default)s: this machine only; "
                   "0.0.0.0 for every network)")
    p.add_argument("--port", type=int, default=defaults.port, help="default %(default)s")
    p.add_argument("--bot-workers", type=int, default=defaults.bot_workers,
                   help="processes that bots think in (default %(default)s)")
    p.add_argument("--bot-delay", type=float, default=defaults.bot_delay_s,
                   help="seconds before a bot's move is shown (default %(default)s)")
    p.add_argument("--origin", action="append", default=[],
                   help="another web origin allowed to open table connections "
                   "(scheme://host:port; repeatable)")
    p.add_argument("--ws-rate", type=float, default=defaults.ws_rate,
                   help="messages a second one table connection may send "
                   "(bursts up to three times as many; default %(default)s)")
    p.add_argument("--http-rate", type=float, default=defaults.http_rate,
                   help="lobby writes (create, join, stop) a second from one address "
                   "(bursts up to six times as many; default %(default)s)")
    for name, kind, meaning in LIMITS:
        p.add_argument("--" + name.removesuffix("_s").replace("_", "-"), dest=name, type=kind,
                       metavar="SECONDS" if name.endswith("_s") else "N",
                       default=getattr(defaults, name), help=f"{meaning} (default %(default)s)")
    p.add_argument("--forwarded-allow-ips", default=defaults.forwarded_allow_ips,
                   metavar="IPS",
                   help="behind a reverse proxy: the proxy's addresses (comma-separated, or *) "
                   "whose X-Forwarded-For header names the client; every limit per address "
                   "then counts that client (default: none, the connecting address counts)")
    p.add_argument("--metrics-allow", type=addresses, default=defaults.metrics_allow,
                   metavar="ADDRESSES",
                   help="client addresses or networks (comma-separated, e.g. "
                   "127.0.0.1,10.0.0.0/8) that GET /metrics answers; others get 404 "
                   "(default: 127.0.0.1,::1; empty: nobody)")
    p.add_argument("--log-format", choices=("text", "json"), default="text",
                   help="log lines as text, or one JSON object a line with the table and "
                   "connection each concerns (default %(default)s)")
    p.add_argument("--node-url", default=defaults.node_url, metavar="URL",
                   help="several nodes on one PostgreSQL: where the other nodes reach this one "
                   "(http://host:port; default: the --host and --port it listens on, this "
                   "machine's name when that is 0.0.0.0)")
    p.add_argument("--lease-ttl", type=float, default=defaults.lease_ttl_s, metavar="SECONDS",
                   help="several nodes: seconds after which another node takes the tables of "
                   "a node that stopped renewing them (default %(default)s)")
    p.add_argument("--lease-renew", type=float, default=defaults.lease_renew_s,
                   metavar="SECONDS", help="how often a node renews its tables' leases "
                   "(default %(default)s; well under --lease-ttl)")
    p.set_defaults(run=run)


def addresses(text: str) -> list[str]:
    """``--metrics-allow``: each entry an IP address or network."""
    entries = [entry.strip() for entry in text.split(",") if entry.strip()]
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{entry!r} is not an IP address or network (such as 127.0.0.1, ::1 or "
                "10.0.0.0/8)") from None
    return entries


def config_of(args: argparse.Namespace) -> Config:
    limits = {name: getattr(args, name) for name, _, _ in LIMITS}
    return Config(db=args.db, host=args.host, port=args.port, bot_workers=args.bot_workers,
                  bot_delay_s=args.bot_delay, origins=list(args.origin),
                  ws_rate=args.ws_rate, ws_burst=3 * args.ws_rate,
                  http_rate=args.http_rate, http_burst=6 * args.http_rate,
                  forwarded_allow_ips=args.forwarded_allow_ips, node_url=args.node_url,
                  lease_ttl_s=args.lease_ttl, lease_renew_s=args.lease_renew,
                  metrics_allow=list(args.metrics_allow), **limits)


def uvicorn_options(config: Config) -> dict[str, Any]:
    """uvicorn's settings for the room. WebSocket messages: over
    MAX_MESSAGE_BYTES (16 KiB) and up to WS_FRAME_MAX_BYTES (64 KiB) the room
    answers ``too_large``; over that uvicorn closes the connection (1009)."""
    # Without forwarded_allow_ips uvicorn would believe X-Forwarded-For from
    # 127.0.0.1, so that any local client could pick its own address.
    proxy: dict[str, Any] = {"proxy_headers": False}
    if config.forwarded_allow_ips:
        proxy = {"proxy_headers": True, "forwarded_allow_ips": config.forwarded_allow_ips}
    # log_config None: uvicorn keeps the handler of logs.setup (text or
    # JSON); no access log (a proxy's holds the requests). httptools, a C
    # parser, costs each request (a refused one too) a fraction of h11's.
    return {"host": config.host, "port": config.port, "log_level": "warning",
            "http": "httptools",
            "log_config": None, "access_log": False,
            "ws_max_size": WS_FRAME_MAX_BYTES, "ws_ping_interval": 20, "ws_ping_timeout": 20,
            **proxy}


def stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Stopped


def run(args: argparse.Namespace, extra: list[str]) -> int:
    from cardroom.server import logs
    from cardroom.server.app import create_app
    from cardroom.server.cluster import SecondNode, check_alone
    from cardroom.server.node import serve_node

    config = config_of(args)
    if not 0 < config.lease_renew_s < config.lease_ttl_s:
        print("cardroom: --lease-renew must be above 0 and under --lease-ttl", file=sys.stderr)
        return 2
    try:
        check_alone(config.db)
    except SecondNode as err:
        print(f"cardroom: {err}", file=sys.stderr)
        return 1
    handler = logs.setup(args.log_format)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"cardroom: the card room is at http://{shown}:{args.port}/ "
          f"(games stored in {logs.safe_url(args.db)}); Ctrl-C stops it", flush=True)
    # uvicorn shuts down gracefully on SIGTERM (the room stops its bot
    # workers) and then raises the signal again, which would kill the
    # process before it says so: here it ends as Ctrl-C does.
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    with contextlib.suppress(KeyboardInterrupt, Stopped):
        app = create_app(config)
        logs.follow_node(handler, app.state.room)
        serve_node(app, uvicorn_options(config))
    print("cardroom: stopped; every table resumes when it starts again", file=sys.stderr)
    return 0
