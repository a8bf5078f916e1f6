"""The people at one terminal, at a table where bots hold the other seats.

Each person sees only their own seat: with several people at one terminal
the screen is cleared, and the next person's hand waits for Enter, whenever
the turn passes from one person to another. The game is saved after every
move (atomically), on quit, Ctrl-C, a closed terminal (SIGHUP) or SIGTERM.
"""

from __future__ import annotations

import contextlib
import secrets
import shlex
import signal
import sys
from collections.abc import Callable
from types import FrameType

from cardroom.cli.menu import example, label, menu, read_action
from cardroom.cli.rules import brief
from cardroom.cli.seating import Seating
from cardroom.cli.terminal import command, fallback_record_path, final_standings, write_record
from cardroom.cli.undo import CannotUndo, take_back
from cardroom.core.bot import make_bot
from cardroom.core.errors import CardroomError
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.game import State
from cardroom.core.table import Cursor, TableDriver
from cardroom.search.explain import describe

HINT_BOT = "hard"
"""The bot a hint asks: the strongest that answers within a second, and one
that can say which other moves it weighed."""

CLEAR = "\x1b[2J\x1b[H"
COMMANDS = """Commands:
  table    the table again           details  every card and zone in full
  log      the last events again     rules    the game's rules in brief
  hint     what the heuristic bot would choose
  undo     take back your last choice while nobody has seen or answered it
  save     save the game so far      quit     save and stop"""


def help_text(legal: list[str]) -> str:
    return (f"Choose an action by its menu letter or type it, e.g. {example(legal)}:\n"
            "the end of an action is enough when only one action ends that way.\n"
            "Menu entries are letters, never numbers: a number alone is always the\n"
            "number in an action (a card, a seat, a column).\n" + COMMANDS)


class Quit(Exception):
    """The player asked to stop (quit, end of input, a closed terminal)."""


class Console:
    def __init__(self, table: TableDriver, seating: Seating, color: bool, save_path: str,
                 ask: Callable[[str], str] = input) -> None:
        self.table, self.seating = table, seating
        self.people = list(seating.people)
        self.color, self.save_path, self.ask = color, save_path, ask
        self.cursors: dict[int, Cursor] = {seat: table.cursor(seat) for seat in self.people}
        # Nobody at the terminal: watch as a spectator.
        self.viewer: Viewer = self.people[0] if self.people else PUBLIC
        self.last_events: list[str] = []
        self.changes = 0  # moves made and taken back: the table is redrawn after any
        self.drawn: tuple[Viewer, int] | None = None
        self.autosave_failed = False
        self.screen_is_tty = sys.stdout.isatty()
        _enable_completion(self)

    @property
    def state(self) -> State:
        return self.table.state

    def run(self) -> int:
        game = self.state.game
        # No seed here: it decides every hidden card (it is shown at the end).
        print(f"{game.name}: {self.state.players} players. {self.seating.describe()} "
              "Type 'help' for help, 'rules' for the rules.")
        _catch_hang_ups()
        try:
            self.loop()
        except Quit as stop:
            return 0 if self.save(f"{stop}. ") else 1
        except KeyboardInterrupt:
            # A second Ctrl-C must not cut the save short with a traceback.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            with contextlib.suppress(OSError):
                print()
            self.save("Interrupted. ")
            return 130
        except BrokenPipeError:
            self.save("The output closed. ")  # the message has nowhere to go; the save does
            raise
        return 0 if self.finish() else 1

    def loop(self) -> None:
        while not self.state.is_over():
            if self.table.run_bots():
                self.changed()
            waiting = self.table.awaited_outside()
            if waiting:
                self.turn(waiting[0])

    def changed(self) -> None:
        """After every move or take-back: save (so that a closed terminal
        loses nothing); a failure is told once and play goes on."""
        self.changes += 1
        problem = write_record(self.state, self.save_path, self.extra())
        if problem and not self.autosave_failed:
            _say(f"  Warning: {problem}; the game is not being saved.", error=True)
        self.autosave_failed = problem is not None

    def extra(self) -> dict[str, object]:
        return {"seats": self.seating.to_json(self.state.players)}

    # ----- a person's turn ---------------------------------------------------------
    def turn(self, seat: int) -> None:
        if seat != self.viewer and len(self.people) > 1 and self.hand_over(seat):
            return
        self.viewer = seat
        self.show_events(seat)
        if self.state.legal_texts(seat) == ["pass"]:
            # Nothing to choose (e.g. no reaction that answers the card): no question.
            print("  You can only pass here: passed for you.")
            self.act(seat, "pass")
            return
        self.draw(seat)
        while not self.choose(seat):
            pass

    def hand_over(self, seat: int) -> bool:
        """Hide the screen from the next person until they press Enter; the
        person before may still take back their choice here. True if they did."""
        before = self.viewer
        if self.screen_is_tty:
            print(CLEAR, end="")
        print(f"\n=== Seat {seat}: your turn (others, look away) ===")
        offer = ""
        if isinstance(before, int) and self.undoable(before):
            offer = f" (seat {before}: 'undo' takes back your last choice)"
        line = self.read(f"Pass the terminal to seat {seat} and press Enter{offer}: ")
        word = line.strip().lower()
        if word in ("quit", "exit"):
            raise Quit("You left the game")
        if word == "undo" and isinstance(before, int):
            return self.undo(before)
        if self.screen_is_tty:
            print(CLEAR, end="")
        return False

    def draw(self, seat: Viewer, again: bool = False) -> None:
        """The table as ``seat`` sees it, unless it was just drawn so."""
        if again or self.drawn != (seat, self.changes):
            print()
            print(self.state.game.render(self.state.seen(seat), self.color, compact=True))
            self.drawn = (seat, self.changes)

    def choose(self, seat: int) -> bool:
        """One line from the person: True once their move is made or taken back."""
        legal = self.state.legal_texts(seat)
        print(menu(legal))
        line = self.read(f"seat {seat}> ").strip()
        if not line:
            return False
        word = line.lower()
        if word in ("help", "?"):
            print(help_text(legal))
        elif word == "rules":
            print(brief(self.state.game.id, self.state.game.name))
        elif word == "table":
            self.draw(seat, again=True)
        elif word == "details":
            print(self.state.game.render(self.state.view(seat), self.color))
        elif word == "log":
            print("\n".join(self.last_events) or "(nothing yet)")
        elif word == "hint":
            print(self.hint(seat, legal))
        elif word == "undo":
            return self.undo(seat)
        elif word == "save":
            self.save("")
        elif word in ("quit", "exit"):
            raise Quit("You left the game")
        else:
            return self.try_action(seat, line, legal)
        return False

    def try_action(self, seat: int, line: str, legal: list[str]) -> bool:
        reading = read_action(line, legal)
        if reading.action is None:
            print(f"  {reading.problem}.")
            return False
        try:
            self.act(seat, reading.action)
        except CardroomError as err:
            print(f"  Not possible: {err.message}")
            return False
        return True

    def read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Quit("End of input") from None

    def act(self, seat: int, action: str) -> None:
        self.table.act(seat, action)
        self.changed()

    def hint(self, seat: int, legal: list[str]) -> str:
        # Like the engine's suggest: a fresh seed, never the game's (it decides the cards).
        bot = make_bot(HINT_BOT, self.state.game, secrets.randbits(63))
        action = bot.choose_for(self.state, seat)

        def named(move: str) -> str:
            return f"{label(legal.index(move))}) {move}" if move in legal else move

        line = f"  Hint: the {HINT_BOT} bot would choose {named(action)}"
        top = bot.explain()
        if len(top) > 1:
            line += f"\n  It weighed (share of its search): {describe(top, named)}"
        return line

    def undoable(self, seat: int) -> bool:
        try:
            take_back(self.state, seat)
        except CannotUndo:
            return False
        return True

    def undo(self, seat: int) -> bool:
        try:
            before, action = take_back(self.state, seat)
        except CannotUndo as err:
            print(f"  Cannot undo: {err.message}.")
            return False
        self.table = TableDriver(before, self.table.bots)
        self.cursors = {s: self.table.cursor(s, min(c.position, before.log.size(s)))
                        for s, c in self.cursors.items()}
        print(f"  Taken back: {action}.")
        self.changed()
        return True

    # ----- events, the end, saving -------------------------------------------------
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
        problem = write_record(self.state, self.save_path, self.extra())
        if problem:
            fallback = fallback_record_path(self.save_path)
            if fallback != self.save_path and write_record(self.state, fallback,
                                                           self.extra()) is None:
                _say(f"{prefix}Warning: {problem}; saved to {fallback} instead.", error=True)
                self.save_path = fallback
            else:
                _say(f"{prefix}Error: {problem}; the game could not be saved.", error=True)
                return False
        path = shlex.quote(self.save_path)
        if self.state.is_over():
            _say(f"{prefix}Record saved to {self.save_path} "
                 f"(replay: {command('replay ' + path)}).")
        else:
            _say(f"{prefix}Game saved to {self.save_path}; "
                 f"continue with: {command('play --resume ' + path)}")
        return True


def _say(text: str, error: bool = False) -> None:
    """Print, unless the terminal is gone (after a hang-up)."""
    with contextlib.suppress(OSError):
        print(text, file=sys.stderr if error else sys.stdout, flush=True)


def _catch_hang_ups() -> None:
    """Closing the terminal (SIGHUP) or a kill (SIGTERM) stops the game the
    way 'quit' does: it is saved first."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Quit("The terminal closed" if signum != signal.SIGTERM else "Stopped")

    for name in ("SIGHUP", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


def _enable_completion(console: Console) -> None:
    """Tab completion of legal actions and commands where readline exists."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:
        return

    def complete(text: str, index: int) -> str | None:
        seat = console.viewer
        legal = console.state.legal_texts(seat) if isinstance(seat, int) else []
        words = ["help", "rules", "table", "details", "log", "hint", "undo", "save", "quit"]
        buffer = readline.get_line_buffer().lstrip().lower()
        options = [a for a in [*legal, *words] if a.lower().startswith(buffer)]
        start = len(buffer) - len(text)
        options = [a[start:] for a in options]
        return options[index] if index < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")
    readline.parse_and_bind("tab: complete")
