"""Taking back a choice at the terminal, by Board Game Arena's undo policy.

A seat may take back its last action while that action is still only its
own: nobody has acted since, nothing random happened because of it (a die,
a draw, a shuffle), and nobody else has been shown anything of it (no event
that another seat or a spectator sees, no change in what they see). So a
card chosen to pass may be taken back until the pass is complete, and a
draft pick until the others have picked; a card played to a trick may not.

The state before the action is rebuilt from the record, so taking back
changes nothing that a replay of the saved record would not also give.
Neither the core's ``Table`` nor the card room offers undo (only suggest),
so this is its one home.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.rng import Rng
from cardroom.textui import seat_name

# Parts of a view that change whenever anyone acts and say nothing hidden.
_BOOKKEEPING = ("log", "log_size", "to_act")


class CannotUndo(CardroomError):
    code = "cannot_undo"


def take_back(state: State, seat: int) -> tuple[State, str]:
    """The state before ``seat``'s last action, and that action; CannotUndo
    (with the reason in words) when it is no longer the seat's to take back."""
    record = state.record()
    mine = [action for s, action in record.actions if s == seat]
    if not mine:
        raise CannotUndo("you have made no choice to take back")
    last_seat, action = record.actions[-1]
    if last_seat != seat:
        raise CannotUndo(f"{seat_name(last_seat, seat)} has acted since your '{mine[-1]}'")
    before = replay(Record(record.game, record.players, record.seed, record.options,
                           record.actions[:-1]))
    if _chance(before) != _chance(state):
        raise CannotUndo(f"'{action}' led to a random event (a die, a draw or a shuffle)")
    if _shown_to_others(before, state, seat):
        raise CannotUndo(f"'{action}' has been shown to the other players")
    return before, action


def _chance(state: State) -> tuple[Any, ...]:
    """Where every random source of the game stands: it changes with any draw.

    Read through the generator's public calls on a copy, so nothing moves."""
    rng: Rng = state.rng.clone()
    sources = state.game.random_sources
    return (rng.next64(), *((s, rng.stacked_left(s), rng.with_source(s, Rng.next64))
                            for s in sources))


def _shown_to_others(before: State, after: State, seat: int) -> bool:
    others: list[Viewer] = [s for s in range(after.players) if s != seat]
    others.append(PUBLIC)
    new_events = after.log[len(before.log):]
    if any(event.get("to") != [seat] for event in new_events):
        return True
    return any(_visible(before, v) != _visible(after, v) for v in others)


def _visible(state: State, viewer: Viewer) -> dict[str, Any]:
    view = state.view(viewer, log=False)
    return {k: v for k, v in view.items() if k not in _BOOKKEEPING}
