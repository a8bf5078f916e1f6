"""`cardroom play`: a game at the terminal, human seats against bots."""

from __future__ import annotations

import argparse
import contextlib
import secrets
import signal
import sys
from collections.abc import Callable
from types import FrameType

from cardroom.cli.options import collect_options
from cardroom.cli.terminal import (
    default_record_path,
    fallback_record_path,
    final_standings,
    read_record,
    use_color,
    write_record,
)
from cardroom.core.bot import Bot, make_bot
from cardroom.core.errors import BadOption, CardroomError
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.game import Game, State
from cardroom.core.registry import replay
from cardroom.core.rng import Rng
from cardroom.core.table import Cursor, Table
from cardroom.games import get_game

HELP = """Type the number of an action, or the action itself (e.g. 'play 7S'; a card
alone works when it is unambiguous). Other commands:
  table   show the table again      log    show the last events again
  save    save the game so far      quit   save and stop (resume with --resume FILE)"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play at the terminal. Game options: --NAME VALUE "
                       "(e.g. --rounds 2) or --option NAME=VALUE; see 'cardroom games'.")
    p.add_argument("game", nargs="?", default="papayoo", help="game id (default: papayoo)")
    p.add_argument("--players", type=int, help="number of players (default: 4, or the "
                   "nearest the game allows)")
    p.add_argument("--seat", default="0", help="your seat, or seats for several humans "
                   "sharing the terminal (e.g. 0,2); default 0")
    p.add_argument("--bots", default="heuristic",
                   help="bot for the other seats, or a comma list, one per bot seat "
                   "(random, heuristic, ...); default heuristic")
    p.add_argument("--seed", type=int, help="seed for an exact replay (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--save", metavar="FILE", help="where the record is saved "
                   "(default: cardroom-GAME-SEED.record.json)")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument("--color", dest="color", action="store_true", default=None)
    p.add_argument("--no-color", dest="color", action="store_false")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if args.resume:
        state = replay(read_record(args.resume))
        game = state.game
    else:
        game = get_game(args.game)
        players = (max(game.min_players, min(4, game.max_players)) if args.players is None
                   else args.players)
        seed = args.seed if args.seed is not None else secrets.randbits(48)
        state = game.new(players, seed, collect_options(game, args.option, extra))
    humans = parse_seats(args.seat, state.players)
    bots = assign_bots(game, state, humans, args.bots)
    save_path = args.save or args.resume or default_record_path(state)
    terminal = Terminal(Table(state, bots), humans, use_color(args.color), save_path)
    return terminal.run()


def parse_seats(text: str, players: int) -> list[int]:
    try:
        seats = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise BadOption(f"--seat wants seat numbers like 0 or 0,2, got {text!r}") from None
    for seat in seats:
        if not 0 <= seat < players:
            raise BadOption(f"--seat {seat}: seats are 0 to {players - 1}")
    return sorted(set(seats))


def assign_bots(game: Game, state: State, humans: list[int], names: str) -> dict[int, Bot]:
    bot_seats = [s for s in range(state.players) if s not in humans]
    chosen = [n.strip() for n in names.split(",") if n.strip()] or ["heuristic"]
    if len(chosen) == 1:
        chosen *= len(bot_seats)
    if len(chosen) != len(bot_seats):
        raise BadOption(f"--bots names {len(chosen)} bots for {len(bot_seats)} bot seats")
    seeds = Rng(state.seed ^ 0xB075)
    return {s: make_bot(n, game, seeds.next64()) for s, n in zip(bot_seats, chosen, strict=True)}


class Quit(Exception):
    """The player asked to stop (quit, end of input, Ctrl-C)."""


class Terminal:
    """The people at one terminal, at a table where bots hold the other seats."""

    def __init__(self, table: Table, humans: list[int], color: bool,
                 save_path: str, ask: Callable[[str], str] = input) -> None:
        self.table, self.state, self.humans = table, table.state, humans
        self.color, self.save_path, self.ask = color, save_path, ask
        self.cursors: dict[int, Cursor] = {seat: table.cursor(seat) for seat in humans}
        # Nobody at the terminal: watch as a spectator.
        self.viewer: Viewer = humans[0] if humans else PUBLIC
        self.last_events: list[str] = []
        self.dirty = True  # the table must be drawn before the next prompt
        self.autosave_failed = False
        _enable_completion(self)

    def run(self) -> int:
        game = self.state.game
        # No seed here: it decides every hidden card (it is shown at the end).
        print(f"{game.name}: {self.state.players} players. "
              f"You: {', '.join(f'seat {s}' for s in self.humans) or 'watching'}. "
              "Type 'help' for help.")
        _catch_hang_ups()
        try:
            self.loop()
        except Quit as stop:
            return 0 if self.save(f"{stop}. ") else 1
        except KeyboardInterrupt:
            with contextlib.suppress(OSError):
                print()
            self.save("Interrupted. ")
            return 130
        return 0 if self.finish() else 1

    def loop(self) -> None:
        table = self.table
        while not table.state.is_over():
            if table.run_bots():
                self.autosave()
            waiting = table.awaited_outside()
            if waiting:
                self.human_turn(waiting[0])
                self.autosave()

    def autosave(self) -> None:
        """Save after every move, so that nothing is lost if the terminal
        closes; a failure is told once and play goes on."""
        problem = write_record(self.state, self.save_path)
        if problem and not self.autosave_failed:
            print(f"  Warning: {problem}; the game is not being saved.", file=sys.stderr)
        self.autosave_failed = problem is not None

    def human_turn(self, seat: int) -> None:
        if seat != self.viewer and len(self.humans) > 1:
            print(f"\n=== Seat {seat}: your turn (others, look away) ===")
            self.dirty = True
        self.viewer = seat
        if self.show_events(seat) or self.dirty:
            print()
            print(self.state.game.render(self.state.view(seat), self.color))
        self.dirty = False
        while True:
            action = self.prompt(seat)
            if action is None:
                continue
            try:
                self.table.act(seat, action)
            except CardroomError as err:
                print(f"  Not possible: {err.message}")
                continue
            self.dirty = self.show_events(seat)
            return

    def prompt(self, seat: int) -> str | None:
        legal = self.state.legal_texts(seat)
        print(menu(legal))
        try:
            line = self.ask(f"seat {seat}> ").strip()
        except EOFError:
            raise Quit("End of input") from None
        return self.interpret(line, legal, seat)

    def interpret(self, line: str, legal: list[str], seat: int) -> str | None:
        word = line.lower()
        if not word:
            return None
        if word in ("help", "?", "h"):
            print(HELP)
        elif word in ("table", "t"):
            print(self.state.game.render(self.state.view(seat), self.color))
        elif word == "log":
            print("\n".join(self.last_events) or "(nothing yet)")
        elif word == "save":
            self.save("")
        elif word in ("quit", "q", "exit"):
            raise Quit("You left the game")
        else:
            match = match_action(line, legal)
            if match is None:
                print(f"  {line!r} is not one of the actions above; type a number, "
                      "an action, or 'help'.")
            return match
        return None

    def show_events(self, seat: int) -> bool:
        game = self.state.game
        lines = []
        for event in self.cursors[seat].fetch():
            text = game.describe_event(event, seat)
            if text:
                lines.append("  " + text)
        if lines:
            self.last_events = lines
            print("\n".join(lines))
        return bool(lines)

    def finish(self) -> bool:
        viewer = self.viewer
        if isinstance(viewer, int):
            self.show_events(viewer)
        print()
        print(self.state.game.render(self.state.view(viewer), self.color))
        print(final_standings(self.state.result(), viewer))
        print(f"The game's seed was {self.state.seed}.")
        return self.save("")

    def save(self, prefix: str) -> bool:
        """Save (falling back to the home folder) and say where; False when
        nothing could be saved."""
        problem = write_record(self.state, self.save_path)
        if problem:
            fallback = fallback_record_path(self.save_path)
            if fallback != self.save_path and write_record(self.state, fallback) is None:
                _say(f"{prefix}Warning: {problem}; saved to {fallback} instead.", error=True)
                self.save_path = fallback
                problem = None
            else:
                _say(f"{prefix}Error: {problem}; the game could not be saved.", error=True)
                return False
        if self.state.is_over():
            _say(f"{prefix}Record saved to {self.save_path} "
                 f"(replay: cardroom replay {self.save_path}).")
        else:
            _say(f"{prefix}Game saved to {self.save_path}; "
                 f"continue with: cardroom play --resume {self.save_path}")
        return True


def _say(text: str, error: bool = False) -> None:
    """Print, unless the terminal is gone (after a hang-up)."""
    with contextlib.suppress(OSError):
        print(text, file=sys.stderr if error else sys.stdout)


def _catch_hang_ups() -> None:
    """Closing the terminal (SIGHUP) or a kill (SIGTERM) stops the game the
    way 'quit' does: it is saved first."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Quit("The terminal closed" if signum != signal.SIGTERM else "Stopped")

    for name in ("SIGHUP", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


def menu(legal: list[str]) -> str:
    items = [f"{i + 1:>2}) {a}" for i, a in enumerate(legal)]
    width = max(len(s) for s in items) + 2
    per_row = max(1, 78 // width)
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(s.ljust(width) for s in row).rstrip() for row in rows)


def match_action(line: str, legal: list[str]) -> str | None:
    if line.isdigit():
        index = int(line) - 1
        return legal[index] if 0 <= index < len(legal) else None
    text = " ".join(line.split()).lower()
    exact = [a for a in legal if a.lower() == text]
    if exact:
        return exact[0]
    tail = [a for a in legal if a.lower().endswith(" " + text)]
    return tail[0] if len(tail) == 1 else None


def _enable_completion(table: Terminal) -> None:
    """Tab completion of legal actions where readline exists."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:
        return

    def complete(text: str, index: int) -> str | None:
        seat = table.viewer
        legal = table.state.legal_texts(seat) if isinstance(seat, int) else []
        buffer = readline.get_line_buffer().lstrip().lower()
        options = [a for a in legal if a.lower().startswith(buffer)]
        start = len(buffer) - len(text)
        options = [a[start:] for a in options]
        return options[index] if index < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")
    readline.parse_and_bind("tab: complete")
