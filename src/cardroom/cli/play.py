"""`cardroom play`: a game at the terminal, people's seats against bots.

The game is saved after every move with who sits where (see ``seating``);
``--resume FILE`` seats everyone as they were, and refuses flags that say
otherwise (another game, player count, seat, bots, seed or options).
"""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from cardroom.cli.console import Console
from cardroom.cli.options import collect_options
from cardroom.cli.seating import Seating, choose
from cardroom.cli.terminal import default_record_path, read_json, use_color
from cardroom.core.errors import BadOption
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.table import TableDriver
from cardroom.games import all_games, get_game

DEFAULT_GAME, DEFAULT_SEAT, DEFAULT_BOTS = "papayoo", "0", "heuristic"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play at the terminal. Game options: --NAME VALUE "
                       "(e.g. --rounds 2) or --option NAME=VALUE; see 'cardroom games'. "
                       "At the table, 'help' lists the commands and 'rules' gives the "
                       "rules in brief.")
    p.add_argument("game", nargs="?", help=f"game id (default: {DEFAULT_GAME})")
    p.add_argument("--players", type=int, help="number of players (default: 4, or the "
                   "nearest the game allows)")
    p.add_argument("--seat", help="your seat, or seats for several people sharing the "
                   f"terminal (e.g. 0,2); default {DEFAULT_SEAT}")
    p.add_argument("--bots", help="bot for the other seats, or a comma list, one per bot "
                   "seat (easy, medium, hard; or random, heuristic, ismcts, with settings as in "
                   f"the arena: ismcts:iterations=200); default {DEFAULT_BOTS}")
    p.add_argument("--seed", type=int, help="seed for an exact replay (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. --option rounds=1")
    p.add_argument("--save", metavar="FILE", help="where the game is saved "
                   "(default: cardroom-GAME-DATE-TIME.record.json)")
    p.add_argument("--resume", metavar="FILE",
                   help="continue a saved game, everyone in the seat they had")
    p.add_argument("--color", dest="color", action="store_true", default=None,
                   help="colour the cards (default: when the output is a terminal)")
    p.add_argument("--no-color", dest="color", action="store_false",
                   help="no colour codes (also when NO_COLOR is set)")
    p.set_defaults(run=run)


def reclaim_option_value(args: argparse.Namespace, extra: list[str]) -> None:
    """``play --rounds 4 --resume F``: argparse takes "4" for the game and
    leaves ``--rounds`` without its value. A "game" that follows a game
    option with no value of its own is that option's value."""
    if args.game is None or args.game in {g.id for g in all_games()}:
        return
    for i, arg in enumerate(extra):
        if arg.startswith("--") and "=" not in arg and (
                i + 1 == len(extra) or extra[i + 1].startswith("--")):
            extra.insert(i + 1, args.game)
            args.game = None
            return


def run(args: argparse.Namespace, extra: list[str]) -> int:
    reclaim_option_value(args, extra)
    if args.resume:
        state, seating = resume(args, extra)
    else:
        state = new_game(args, extra)
        seating = choose(state.players, _or(args.seat, DEFAULT_SEAT),
                         _or(args.bots, DEFAULT_BOTS))
    table = TableDriver(state, seating.make_bots(state.game, state.seed))
    save_path = args.save or args.resume or default_record_path(state)
    return Console(table, seating, use_color(args.color), save_path).run()


def _or(value: str | None, default: str) -> str:
    return default if value is None else value


def new_game(args: argparse.Namespace, extra: list[str]) -> State:
    game = get_game(_or(args.game, DEFAULT_GAME))
    players = (max(game.min_players, min(4, game.max_players)) if args.players is None
               else args.players)
    seed = args.seed if args.seed is not None else secrets.randbits(48)
    return game.new(players, seed, collect_options(game, args.option, extra))


def resume(args: argparse.Namespace, extra: list[str]) -> tuple[State, Seating]:
    data = read_json(args.resume)
    record = Record.from_json(data)
    game = get_game(record.game)
    state = replay(record)
    refuse_contradictions(args, record, state, collect_options(game, args.option, extra))
    if "seats" in data:
        seating = Seating.from_json(data["seats"], record.players)
    else:  # a record saved before seats were: the flags, or the defaults
        seating = choose(record.players, _or(args.seat, DEFAULT_SEAT),
                         _or(args.bots, DEFAULT_BOTS))
        return state, seating
    _refuse_other_seating(args, seating, record.players)
    return state, seating


def refuse_contradictions(args: argparse.Namespace, record: Record, state: State,
                          options: dict[str, Any]) -> None:
    """Flags beside --resume may only repeat what the saved game says (an
    option left at its default in the file may be named with that value)."""
    game = get_game(record.game)
    if args.game is not None and get_game(args.game) is not game:
        raise BadOption(f"{args.resume} holds a game of {game.name}, not {args.game}")
    if args.players is not None and args.players != record.players:
        raise BadOption(f"{args.resume} holds a {record.players}-player game, "
                        f"not {args.players} players")
    if args.seed is not None and args.seed != record.seed:
        raise BadOption(f"{args.resume} holds a game with another seed")
    for name, value in options.items():
        saved = record.options.get(name, state.options.get(name))
        if saved != value:
            held = "its default" if saved is None else repr(saved)
            raise BadOption(f"{args.resume} holds a game with option {name} = {held}, "
                            f"not {value!r}")


def _refuse_other_seating(args: argparse.Namespace, saved: Seating, players: int) -> None:
    if args.seat is None and args.bots is None:
        return
    asked = choose(players, _or(args.seat, ",".join(map(str, saved.people))),
                   args.bots if args.bots is not None else
                   ",".join(saved.bots[s] for s in sorted(saved.bots)))
    if asked != saved:
        raise BadOption(f"{args.resume} was saved with these seats: {saved.describe()} "
                        "Leave out --seat and --bots to resume it so.")
