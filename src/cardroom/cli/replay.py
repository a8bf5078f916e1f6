"""`cardroom replay FILE`: show a recorded game event by event, all at once or
with ``--step`` one event, trick or round per Enter."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from cardroom.cli.terminal import final_standings, read_record, use_color
from cardroom.core.errors import BadOption, CardroomError
from cardroom.core.events import Event, Viewer
from cardroom.core.game import Game, State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.games import get_game

UNITS = ("event", "trick", "round")


@dataclass(frozen=True)
class Unit:
    """What one step covers in a game: its name, and the event types it ends
    after (``after``) or before (``before``, e.g. the next turn's dice)."""

    name: str
    after: frozenset[str] = frozenset()
    before: frozenset[str] = frozenset()


# The games' own units, by game id (Pile up has turns but no rounds); a game
# missing here steps by its rounds or deals and has no trick-sized step.
STEPS: dict[str, dict[str, Unit]] = {
    "papayoo": {"trick": Unit("trick", frozenset({"trick"})),
                "round": Unit("round", frozenset({"round_end"}))},
    "pizzamania": {"trick": Unit("pizza", frozenset({"pizza", "dead_base"})),
                   "round": Unit("round", frozenset({"round_end"}))},
    "pile-up": {"trick": Unit("turn", before=frozenset({"roll"}))},
    "muzicando": {"trick": Unit("turn", frozenset({"play", "pass", "call", "skipped"})),
                  "round": Unit("deal", frozenset({"deal_end"}))},
    "love-formula": {"trick": Unit("card played", before=frozenset({"turn", "round_end"})),
                     "round": Unit("round", frozenset({"round_end", "phase_end"}))},
}
FALLBACK = {"round": Unit("round", frozenset({"round_end", "deal_end"}))}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay a saved game record",
                       description="Show a saved game event by event: all at once, or "
                       "with --step one step per Enter.")
    p.add_argument("file", help="a record file saved by 'cardroom play'")
    p.add_argument("--seat", type=int, help="see the game as this seat (default: everything)")
    p.add_argument("--step", nargs="?", const="event", choices=UNITS,
                   help="pause after each event (the default), trick or round: Enter goes "
                   "on; at the pause e, t or r change the step, table shows the table, "
                   "q stops")
    p.add_argument("--color", dest="color", action="store_true", default=None,
                   help="colour the cards (default: when the output is a terminal)")
    p.add_argument("--no-color", dest="color", action="store_false",
                   help="no colour codes (also when NO_COLOR is set)")
    p.set_defaults(run=run)


@dataclass(frozen=True)
class Line:
    text: str
    event: Event
    actions: int  # actions of the record applied when the event happened


def run(args: argparse.Namespace, extra: list[str]) -> int:
    record = read_record(args.file)
    game = get_game(record.game)
    state = game.new(record.players, record.seed, record.options)
    viewer: int | None = args.seat
    if viewer is not None and not 0 <= viewer < state.players:
        raise BadOption(f"--seat {viewer}: seats are 0 to {state.players - 1}")
    color = use_color(args.color)
    print(intro(game.name, record, over_at_end(record), viewer))
    lines, problem = narrate(state, record, viewer)
    if args.step:
        shown = Stepper(game, record, viewer, color, args.step).run(lines)
        if shown < len(lines):
            print(f"(Stopped after {shown} of {len(lines)} events.)")
            return 0
    else:
        print("\n".join(line.text for line in lines))
    if problem:
        print(problem)
        return 1
    print()
    print(game.render(state.view(viewer), color))
    if state.is_over():
        print(final_standings(state.result(), viewer))
    else:
        print("(The record ends before the game does.)")
    return 0


def narrate(state: State, record: Record, viewer: Viewer) -> tuple[list[Line], str]:
    """Every event the viewer sees as a sentence, playing the record on
    ``state``; and where the record stops making sense, if it does."""
    lines: list[Line] = []
    shown = _add(lines, state, viewer, 0, 0)
    for i, (seat, action) in enumerate(record.actions):
        try:
            state.act(seat, action)
        except CardroomError as err:
            return lines, (f"The record stops making sense at action {i + 1} "
                           f"(seat {seat}: {action!r}): {err.message}")
        shown = _add(lines, state, viewer, shown, i + 1)
    return lines, ""


def _add(lines: list[Line], state: State, viewer: Viewer, since: int, actions: int) -> int:
    for event in state.events_for(viewer, since):
        text = state.game.describe_event(event, viewer)
        if text:
            lines.append(Line("  " + text, event, actions))
    return state.log.size(viewer)


class Stepper:
    """Shows the lines a step at a time, asking before each next step."""

    def __init__(self, game: Game, record: Record, viewer: Viewer, color: bool, unit: str,
                 ask: Callable[[str], str] = input) -> None:
        self.game, self.record, self.viewer, self.color = game, record, viewer, color
        self.units = {"event": Unit("event"), **STEPS.get(game.id, FALLBACK)}
        self.unit, self.ask = self._known(unit), ask
        self.to_end = False  # after end of input: no more pauses

    def run(self, lines: list[Line]) -> int:
        """How many lines were shown (all, unless the reader stopped)."""
        done = 0
        while done < len(lines):
            end = self.step_end(lines, done)
            print("\n".join(line.text for line in lines[done:end]))
            done = end
            if done < len(lines) and not self.pause(lines, done):
                return done
        return done

    def step_end(self, lines: list[Line], start: int) -> int:
        unit = self.units[self.unit]
        if self.to_end:
            return len(lines)
        for i in range(start, len(lines)):
            later = lines[i + 1].event["type"] if i + 1 < len(lines) else None
            if unit.name == "event" or lines[i].event["type"] in unit.after \
                    or later in unit.before:
                return i + 1
        return len(lines)

    def pause(self, lines: list[Line], done: int) -> bool:
        """Wait for the reader; False when they stop."""
        keys = ", ".join(f"{u[0]} {self.units[u].name}" for u in UNITS if u in self.units)
        while True:
            try:
                reply = self.ask(f"[{done}/{len(lines)}] Enter: next {self.units[self.unit].name}"
                                 f" ({keys}; table; q stops)> ").strip().lower()
            except EOFError:
                self.to_end = True
                return True
            if reply in ("q", "quit"):
                return False
            if reply == "table":
                print(self.table_at(lines[done - 1].actions))
                continue
            if not reply:
                return True
            chosen = next((u for u in UNITS if u.startswith(reply) and u in self.units), None)
            if chosen is None:
                print(f"  Type Enter, {keys}, table or q.")
                continue
            self.unit = chosen
            return True

    def table_at(self, actions: int) -> str:
        state = replay(Record(self.record.game, self.record.players, self.record.seed,
                              self.record.options, self.record.actions[:actions]))
        return self.game.render(state.view(self.viewer), self.color)

    def _known(self, unit: str) -> str:
        if unit in self.units:
            return unit
        print(f"({self.game.name} has no {unit}-sized step: stepping by event.)")
        return "event"


def over_at_end(record: Record) -> bool:
    """Whether the recorded game reaches its end (refused records: False)."""
    try:
        return replay(record).is_over()
    except CardroomError:
        return False


def intro(name: str, record: Record, over: bool, viewer: int | None) -> str:
    """The first line. The seed decides every hidden card: it is named only
    for a finished game; an unfinished one replayed as the referee says that
    every hand will show."""
    head = f"Replaying {name}, {record.players} players, {len(record.actions)} actions"
    if over:
        return f"{head}, seed {record.seed}."
    if viewer is None:
        return (f"{head}. The game is not over: as the referee you will see every hand "
                "(use --seat N to see it as one player).")
    return f"{head}. The game is not over: you see it as seat {viewer} saw it."
