"""`cardroom replay FILE`: show a recorded game event by event."""

from __future__ import annotations

import argparse

from cardroom.cli.terminal import final_standings, read_record, use_color
from cardroom.core.errors import BadOption, CardroomError
from cardroom.core.events import Viewer
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.games import get_game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay a saved game record")
    p.add_argument("file", help="a record file saved by 'cardroom play'")
    p.add_argument("--seat", type=int, help="see the game as this seat (default: everything)")
    p.add_argument("--color", dest="color", action="store_true", default=None)
    p.add_argument("--no-color", dest="color", action="store_false")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    record = read_record(args.file)
    game = get_game(record.game)
    state = game.new(record.players, record.seed, record.options)
    viewer: int | None = args.seat
    if viewer is not None and not 0 <= viewer < state.players:
        raise BadOption(f"--seat {viewer}: seats are 0 to {state.players - 1}")
    color = use_color(args.color)
    print(intro(game.name, record, over_at_end(record), viewer))
    shown = _narrate(state, viewer, 0)
    for i, (seat, action) in enumerate(record.actions):
        try:
            state.act(seat, action)
        except CardroomError as err:
            print(f"The record stops making sense at action {i + 1} "
                  f"(seat {seat}: {action!r}): {err.message}")
            return 1
        shown = _narrate(state, viewer, shown)
    print()
    print(game.render(state.view(viewer), color))
    if state.is_over():
        print(final_standings(state.result(), viewer))
    else:
        print("(The record ends before the game does.)")
    return 0


def _narrate(state: State, viewer: Viewer, since: int) -> int:
    for event in state.events_for(viewer, since):
        text = state.game.describe_event(event, viewer)
        if text:
            print("  " + text)
    return state.log.size(viewer)


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
