"""``cardroom admin``: what an operator does to a card room's database,
while its servers run or not (docs/admin.md). A table a server plays is
changed through an order that server applies; with no server running the
database is changed directly."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardroom.core.bot import bot_names
from cardroom.core.errors import CardroomError
from cardroom.server.config import Config

if TYPE_CHECKING:
    from cardroom.server.orders import Order
    from cardroom.server.store import Store

STATUSES = ("waiting", "playing", "over")
POLL_S = 0.1


class Refused(Exception):
    """Bad input, said in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def add_parser(sub: Any) -> None:
    p = sub.add_parser("admin", help="what an operator does: tables, connections, end a table, "
                       "a bot for a seat, bans, prune, backup and restore",
                       description="Act on the card room's database, while its servers run "
                       "or not. docs/admin.md tells every command.")
    p.add_argument("--db", default=None, metavar="URL",
                   help=f"database URL (default {Config().db}, as for cardroom serve)")
    commands = p.add_subparsers(dest="admin_command", metavar="COMMAND", required=True)

    def command(name: str, meaning: str) -> argparse.ArgumentParser:
        found: argparse.ArgumentParser = commands.add_parser(name, help=meaning,
                                                             description=meaning)
        found.add_argument("--db", default=argparse.SUPPRESS, metavar="URL",
                           help="database URL")
        return found

    tables = command("tables", "list the tables, newest first")
    tables.add_argument("--status", choices=STATUSES, help="only the tables in this state")
    tables.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    command("connections", "list the table connections of every running server")
    end = command("end", "end a table as abandoned (unrated); its players see it over")
    end.add_argument("table", help="the table's id")
    bot = command("bot", "a bot plays a person's seat for good; the seat's token stops working")
    bot.add_argument("table", help="the table's id")
    bot.add_argument("seat", type=int, help="the seat's number, from 0")
    bot.add_argument("--bot", help="which bot (default: the stand-in, heuristic)")
    for order in (end, bot):
        order.add_argument("--wait", type=float, default=5.0, metavar="SECONDS",
                           help="how long to wait for the server to apply it (default 5)")
    for name, meaning in (("ban", "refuse a display name at the tables, or with --account "
                           "an account's sign-in (its sessions end now)"),
                          ("unban", "lift a ban")):
        banning = command(name, meaning)
        banning.add_argument("name", help="the display name (or account name)")
        banning.add_argument("--account", action="store_true", help="an account, not a name")
    command("bans", "list the bans")
    prune = command("prune", "delete games finished more than N days ago (ratings stay)")
    prune.add_argument("--days", type=float, required=True, metavar="N")
    prune.add_argument("--dry-run", action="store_true", help="only say how many")
    backup = command("backup", "copy the database into a new file, safe while servers run")
    backup.add_argument("file", type=Path)
    restore = command("restore", "restore a backup into an empty database (give --db)")
    restore.add_argument("file", type=Path)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    # Here, not above: every other command would wait on these imports.
    from sqlalchemy.exc import SQLAlchemyError

    from cardroom.server.admin import AdminError, shown

    url = args.db or Config().db
    try:
        return COMMANDS[args.admin_command](args, url)
    except (AdminError, Refused, CardroomError) as err:
        return fail(err.message)
    except SQLAlchemyError as err:
        cause = str(getattr(err, "orig", None) or err).strip().splitlines()
        return fail(f"the database {shown(url)} could not be used: "
                    f"{cause[0] if cause else type(err).__name__}")


def fail(message: str) -> int:
    print(f"cardroom admin: {message}", file=sys.stderr)
    return 1


@contextlib.contextmanager
def opened(url: str) -> Iterator[Store]:
    """The room's database, its schema brought up to date as a server does;
    an SQLite file must exist already (a wrong path is not a new room)."""
    from cardroom.server.admin import sqlite_path
    from cardroom.server.store import Store

    if url.startswith("sqlite") and not sqlite_path(url).is_file():
        raise Refused(f"there is no database file {sqlite_path(url)} (give --db, or start the "
                      "room with cardroom serve first)")
    store = Store(url)
    try:
        store.upgrade()
        yield store
    finally:
        store.close()


# ----- looking ----------------------------------------------------------------------
def cmd_tables(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import list_tables

    if args.limit < 1:
        raise Refused("--limit must be 1 or more")
    with opened(url) as store:
        lines = list_tables(store, args.status, args.limit)
    if not lines:
        print("No tables" + (f" {args.status}." if args.status else "."))
        return 0
    rows = [[t.id, t.game, t.status + (f" ({t.end_reason})" if t.end_reason else ""),
             when(t.created_at), t.node or "-", "yes" if t.rated else "no", t.lesson or "-",
             "; ".join(t.seats)] for t in lines]
    print_columns(["TABLE", "GAME", "STATUS", "CREATED", "NODE", "RATED", "LESSON", "SEATS"],
                  rows)
    return 0


def cmd_connections(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import connections, running_nodes
    from cardroom.server.cluster import FRESH_S

    with opened(url) as store:
        nodes = running_nodes(store)
    if not nodes:
        print(f"No server is running on this database (none has said it is alive in the "
              f"last {FRESH_S:g} s), so there are no connections.")
        return 0
    for node in nodes:
        state = ", draining" if node.draining else ""
        print(f"Server {node.id} at {node.url}{state}, seen {time.time() - node.seen_at:.0f} s "
              "ago.")
    found = connections(nodes)
    if not found:
        print("No table connections.")
        return 0
    print_columns(["NODE", "TABLE", "SEAT", "NAME", "OPENED"],
                  [[c.node, c.table, "spectator" if c.seat is None else str(c.seat),
                    c.name or "-", when(c.opened_at)] for c in found])
    return 0


def when(at: float | None) -> str:
    if at is None or at < 1e9:  # not a time of day
        return "-"
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(at))


def print_columns(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
              .rstrip())


# ----- changing a table -----------------------------------------------------------------
def cmd_end(args: argparse.Namespace, url: str) -> int:
    from cardroom.server import admin, orders

    with opened(url) as store:
        refused(orders.end_refusal(admin.table(store, args.table)))
        return ordered(store, args, orders.END, {},
                       lambda: admin.end_directly(store, args.table))


def cmd_bot(args: argparse.Namespace, url: str) -> int:
    from cardroom.server import admin, orders

    if args.bot is not None and args.bot not in bot_names():
        raise Refused(f"there is no bot {args.bot!r} (bots: {', '.join(bot_names())})")
    with opened(url) as store:
        refused(orders.bot_refusal(admin.table(store, args.table), args.seat))
        return ordered(store, args, orders.BOT, {"seat": args.seat, "bot": args.bot},
                       lambda: admin.bot_directly(store, args.table, args.seat, args.bot))


def refused(refusal: str | None) -> None:
    from cardroom.server.orders import REFUSED

    if refusal is not None:
        raise Refused(refusal.removeprefix(REFUSED))


def ordered(store: Store, args: argparse.Namespace, kind: str, order_args: dict[str, Any],
            directly: Callable[[], str]) -> int:
    """Have the running server apply the order and say so; with no server
    running, change the database directly."""
    from cardroom.server import orders
    from cardroom.server.admin import running_nodes

    if not running_nodes(store):
        outcome = directly()
        print(f"Done: {outcome}. No server is running, so the database was changed directly.")
        return 0
    order_id = orders.place(store.engine, args.table, kind, order_args)
    deadline = time.monotonic() + max(0.0, args.wait)
    while True:
        order = orders.get(store.engine, order_id)
        if order is not None and order.done_at is not None:
            return said(order)
        if time.monotonic() >= deadline:
            break
        time.sleep(POLL_S)
    return fail(f"no server applied the order within {args.wait:g} s; it stays pending "
                f"(order {order_id}) and the server that plays table {args.table} applies it "
                "when it next looks")


def said(order: Order) -> int:
    from cardroom.server.orders import REFUSED

    outcome = order.outcome or ""
    if order.refused:
        return fail(f"the server {order.done_by} did not do it: "
                    f"{outcome.removeprefix(REFUSED)}")
    print(f"Done: {outcome}, by the server {order.done_by}.")
    return 0


# ----- bans ------------------------------------------------------------------------------
def cmd_ban(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import ban_account, ban_name
    from cardroom.server.inputs import display_name

    with opened(url) as store:
        if args.account:
            name, new, ended = ban_account(store, args.name)
            already = "" if new else " (it was banned already)"
            print(f"The account {name} is banned{already}: its sign-in is refused, and "
                  f"{plural(ended, 'session')} of it ended now.")
            return 0
        name = display_name(args.name)
        already = "" if ban_name(store, name) else " (it was banned already)"
        print(f"The name {name!r} is banned{already}: in any case, it is refused for new seats "
              "and lessons.")
    return 0


def cmd_unban(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import unban

    what = "account" if args.account else "name"
    with opened(url) as store:
        if not unban(store, args.name, args.account):
            raise Refused(f"the {what} {args.name!r} is not banned")
    print(f"The {what} {args.name!r} is no longer banned.")
    return 0


def cmd_bans(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import list_bans

    with opened(url) as store:
        found = list_bans(store)
    if not found:
        print("No bans.")
        return 0
    print_columns(["KIND", "NAME", "SINCE"], [[b.kind, b.name, when(b.created_at)]
                                              for b in found])
    return 0


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


# ----- pruning, backups ----------------------------------------------------------------------
def cmd_prune(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import prune

    if not args.days >= 0:
        raise Refused("--days must be 0 or more")
    with opened(url) as store:
        pruned = prune(store, args.days, args.dry_run)
    verb = "Would delete" if args.dry_run else "Deleted"
    print(f"{verb} {plural(pruned.tables, 'finished table')} ({plural(pruned.actions, 'action')}"
          f") that ended over {args.days:g} days ago; ratings are kept.")
    return 0


def cmd_backup(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import backup, shown

    backup(url, args.file)
    print(f"Backed up {shown(url)} into {args.file} ({args.file.stat().st_size} bytes).")
    return 0


def cmd_restore(args: argparse.Namespace, url: str) -> int:
    from cardroom.server.admin import restore, shown

    if args.db is None:
        raise Refused("restore needs --db URL: the empty database to restore into")
    restore(args.file, url)
    with opened(url) as store:
        live = len(store.live_table_ids())
    print(f"Restored {args.file} into {shown(url)}: {plural(live, 'table')} waiting or "
          f"playing, which play on once `cardroom serve --db {shown(url)}` starts.")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace, str], int]] = {
    "tables": cmd_tables, "connections": cmd_connections, "end": cmd_end, "bot": cmd_bot,
    "ban": cmd_ban, "unban": cmd_unban, "bans": cmd_bans, "prune": cmd_prune,
    "backup": cmd_backup, "restore": cmd_restore,
}
