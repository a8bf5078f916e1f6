"""`cardroom`: the command-line entry point."""

from __future__ import annotations

import argparse
import os
import sys
from types import ModuleType

from cardroom.core.bot import bot_names
from cardroom.core.errors import CardroomError


def build_parser() -> argparse.ArgumentParser:
    from cardroom.cli import learn, play, replay, schema, simulate

    parser = argparse.ArgumentParser(
        prog="cardroom", description="Tabletop card games: play, simulate, and the engine protocol."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games and their options")
    sub.add_parser("engine", help="speak the JSON-Lines engine protocol on stdin/stdout")
    play.add_parser(sub)
    replay.add_parser(sub)
    simulate.add_parser(sub)
    schema.add_parser(sub)
    learn.add_parser(sub)
    for module in _optional_commands():
        module.add_parser(sub)
    return parser


def _optional_commands() -> list[ModuleType]:
    """Front ends that register themselves if present (e.g. the arena)."""
    import importlib

    found: list[ModuleType] = []
    for name in ("cardroom.cli.arena", "cardroom.cli.serve", "cardroom.cli.admin"):
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
    return found


def cmd_games() -> int:
    from cardroom.games import all_games

    for game in all_games():
        desc = game.describe()
        print(f"{desc['id']:<14} {desc['name']} ({game.min_players}-{game.max_players} players)")
        for name, opt in desc["options"].items():
            print(f"    --{name.replace('_', '-'):<16} {opt['type']:<7} "
                  f"default {opt['default']!r}: {opt['description']}")
    print(f"bots: {', '.join(bot_names())}")
    return 0


def run_command(args: argparse.Namespace, extra: list[str]) -> int:
    if args.command == "games":
        return cmd_games()
    if args.command == "engine":
        from cardroom.protocol.stdio import main as engine_main

        return engine_main()
    result: int = args.run(args, extra)
    return result


def main(argv: list[str] | None = None) -> int:
    from cardroom.plugins import load_everything

    load_everything()
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    command = args.command
    if command is None:
        parser.print_help()
        return 2
    if extra and command not in ("play", "simulate"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        result = run_command(args, extra)
        sys.stdout.flush()  # here, so that a closed pipe is caught below
        return result
    except BrokenPipeError:
        # The reader went away (e.g. `cardroom simulate --json | head`): stop
        # quietly. Point stdout at /dev/null so the final flush at exit is quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except CardroomError as err:
        print(f"cardroom: {err.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
