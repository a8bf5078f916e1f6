"""``cardroom serve``: the online card room on this machine."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from typing import Any

from cardroom.server.config import Config
from cardroom.server.limits import MAX_MESSAGE_BYTES


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
                   help="lobby writes (create, join, sign in) a second from one address "
                   "(bursts up to six times as many; default %(default)s)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    import uvicorn

    from cardroom.server.app import create_app

    config = Config(db=args.db, host=args.host, port=args.port, bot_workers=args.bot_workers,
                    bot_delay_s=args.bot_delay, origins=list(args.origin),
                    ws_rate=args.ws_rate, ws_burst=3 * args.ws_rate,
                    http_rate=args.http_rate, http_burst=6 * args.http_rate)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"cardroom: the card room is at http://{shown}:{args.port}/ "
          f"(games stored in {args.db}); Ctrl-C stops it", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.run(create_app(config), host=args.host, port=args.port, log_level="warning",
                    ws_max_size=MAX_MESSAGE_BYTES * 4, ws_ping_interval=20,
                    ws_ping_timeout=20)
    print("cardroom: stopped; every table resumes when it starts again", file=sys.stderr)
    return 0
